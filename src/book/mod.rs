//! Opening books: what the engine learnt by playing itself, kept per position so that it
//! answers at once in well-known openings and spends its clock where the book ends.
//!
//! A book maps a position key ([`key::key_of`]: the Zobrist `full_key`, folded over the
//! left-right mirror) to moves with their results ([`Entry`]). It is stored in a compact
//! binary file ([`format`], described in `books/README.md`), grown by self-play ([`build`]),
//! probed by the protocol ([`player`]) and turned into opening suites for matches
//! ([`openings`]).

pub mod build;
pub mod choose;
pub mod entry;
mod error;
pub mod format;
pub mod key;
pub mod locate;
pub mod openings;
pub mod player;
pub mod shipped;
pub mod table;
pub mod text;

pub use entry::{Entry, Points};
pub use error::{BookError, Damage, NotFound};
pub use table::{Book, BookMove};

/// The piece count a book of `variant` records: the `Pieces` setting where the preset lets
/// the players choose their number of men (`schadler-2001`), 0 where it is fixed.
pub fn book_pieces(variant: &str, pieces: u8) -> u8 {
    let chosen = crate::rules::preset(variant)
        .ok()
        .and_then(|r| r.with_pieces(pieces).ok())
        .and_then(|r| r.chosen_pieces());
    chosen.unwrap_or(0)
}

/// The piece count of a ruleset as a book records it.
pub fn ruleset_pieces(ruleset: &crate::rules::Ruleset) -> u8 {
    ruleset.chosen_pieces().unwrap_or(0)
}

/// The name a book of this ruleset goes by: `murray`, or `schadler-2001-16` (with its
/// pieces). The shipped file is `books/<name>.book`.
pub fn book_name(variant: &str, pieces: u8) -> String {
    match book_pieces(variant, pieces) {
        0 => variant.to_string(),
        n => format!("{variant}-{n}"),
    }
}
