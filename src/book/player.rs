//! The engine's use of its book in the protocol: which file to read for the current ruleset,
//! reading it once, saying once when there is none or it is damaged, and answering a `go`
//! with a book move when the position is in the book.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use super::choose::{self, DEFAULT_VARIETY};
use super::error::BookError;
use super::locate::{self, DEFAULT_FILE};
use super::table::{Book, BookMove};
use crate::board::Bits;
use crate::rules::{Game, Move};

/// The book settings of a session and the books read so far.
#[derive(Debug)]
pub struct BookPlayer {
    /// `OwnBook`: whether `go` may answer from the book.
    pub own_book: bool,
    /// `BookFile`: a path, or `<default>` for the shipped book of the current ruleset.
    file: String,
    /// `BookVariety`, 0..=100.
    pub variety: u32,
    /// Every (book name, file setting) looked up so far: the book, or none (already said).
    cache: HashMap<(String, String), Option<Arc<Book>>>,
    /// Book moves chosen so far: with the position key, the seed of the next choice.
    chosen: u64,
}

impl Default for BookPlayer {
    fn default() -> Self {
        BookPlayer {
            own_book: true,
            file: DEFAULT_FILE.to_string(),
            variety: DEFAULT_VARIETY,
            cache: HashMap::new(),
            chosen: 0,
        }
    }
}

/// What the book says about a `go`: lines to print first, then the move if there is one.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct BookAnswer {
    pub lines: Vec<String>,
    pub token: Option<String>,
}

impl BookPlayer {
    /// Sets `BookFile` (empty means `<default>`); the next `go` reads the book again.
    pub fn set_file(&mut self, value: &str) {
        let v = value.trim();
        self.file = if v.is_empty() { DEFAULT_FILE } else { v }.to_string();
        self.cache.clear();
    }

    /// The book for the game's ruleset, reading it the first time; the lines say what
    /// happened when it was read (nothing on later calls).
    fn book_for<B: Bits>(&mut self, game: &Game<B>, lines: &mut Vec<String>) -> Option<Arc<Book>> {
        let r = game.ruleset();
        let pieces = super::ruleset_pieces(r);
        let name = super::book_name(&r.name, pieces);
        let slot = (name.clone(), self.file.clone());
        if let Some(b) = self.cache.get(&slot) {
            return b.clone();
        }
        let source = if self.file == DEFAULT_FILE && !crate::rules::is_preset(r) {
            // A shipped book is for the preset of its name only, not for a file's ruleset
            // that took the name.
            Err(BookError::NotThePreset {
                ruleset: r.name.clone(),
            })
        } else if self.file == DEFAULT_FILE {
            locate::find(&r.name, pieces).map_err(BookError::from)
        } else {
            Ok(locate::Source::File(PathBuf::from(&self.file)))
        };
        let book = match source {
            Err(looked) => {
                lines.push(format!("info string no book for {name} ({looked})"));
                None
            }
            Ok(source) => match source.load(Some((&r.name, pieces))) {
                Ok(b) => {
                    // A file is named by its whole path: where the book came from is
                    // never a guess.
                    let shown = source.to_string();
                    lines.push(format!(
                        "info string book {shown} with {} positions",
                        b.len()
                    ));
                    Some(Arc::new(b))
                }
                Err(e) => {
                    // A book error's code in the protocol (the table of codes is in
                    // protocol.md) is `book`.
                    lines.push(format!(
                        "info string error book: book {e}; playing on without a book"
                    ));
                    None
                }
            },
        };
        self.cache.insert(slot, book.clone());
        book
    }

    /// The legal book moves of the game's position (limited to `allowed` when it is not
    /// empty), best first, with the chance of each under the current variety.
    pub fn candidates<B: Bits>(
        &mut self,
        game: &Game<B>,
        allowed: &[Move],
        lines: &mut Vec<String>,
    ) -> Vec<(BookMove, f64)> {
        let Some(book) = self.book_for(game, lines) else {
            return Vec::new();
        };
        let mut moves = book.probe(game);
        if !allowed.is_empty() {
            moves.retain(|m| allowed.contains(&m.mv));
        }
        let weights: Vec<u16> = moves.iter().map(|m| m.entry.weight).collect();
        let chances = choose::probabilities(&weights, self.variety);
        moves.into_iter().zip(chances).collect()
    }

    /// Answers a `go` from the book if it can: the notes of reading the book, then
    /// `info string book move <token>` and the move. `allowed` is the `searchmoves` list.
    pub fn answer<B: Bits>(&mut self, game: &Game<B>, allowed: &[Move]) -> BookAnswer {
        let mut out = BookAnswer::default();
        if !self.own_book || game.outcome().is_some() {
            return out;
        }
        let list = self.candidates(game, allowed, &mut out.lines);
        let chances: Vec<f64> = list.iter().map(|(_, p)| *p).collect();
        let seed = game.position().full_key() ^ self.chosen.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        if let Some(i) = choose::pick(&chances, choose::unit(seed)) {
            self.chosen += 1;
            let token = list[i].0.token.clone();
            out.lines.push(format!("info string book move {token}"));
            out.token = Some(token);
        }
        out
    }
}
