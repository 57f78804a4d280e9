//! The readable form of a book (`latrunculi book dump`): the header, then one line per move,
//! so that books can be read, compared with `diff` and searched with `grep`.

use std::io::{self, Write};

use super::table::Book;

/// Writes the whole book as text.
pub fn dump(book: &Book, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "# Latrunculi opening book, format version {}",
        super::format::VERSION
    )?;
    writeln!(out, "variant {}", book.variant)?;
    writeln!(out, "pieces {}", book.pieces)?;
    writeln!(out, "positions {}", book.len())?;
    writeln!(out, "entries {}", book.entry_count())?;
    writeln!(
        out,
        "{:<16} {:<12} {:>8} {:>7} {:>7} {:>7} {:>7} {:>7}",
        "# key", "move", "weight", "visits", "wins", "draws", "losses", "score"
    )?;
    for (key, entries) in book.positions() {
        for e in entries {
            writeln!(
                out,
                "{key:016X} {:<12} {:>8} {:>7} {:>7} {:>7} {:>7} {:>+7}",
                e.token, e.weight, e.visits, e.wins, e.draws, e.losses, e.score
            )?;
        }
    }
    Ok(())
}
