//! The books' errors: a file that cannot be read or written, bytes that are no sound book,
//! a book of another ruleset, no book where one was looked for, and a move the book or its
//! caller cannot place.

use std::fmt;
use std::path::PathBuf;

use crate::rules::{IllegalMove, MoveListError};

/// Why a book could not be had, read, written or used.
#[derive(Debug)]
pub enum BookError {
    /// A file that cannot be read or written.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Bytes that are no sound book; `source` names where they came from, when known.
    Damaged {
        source: Option<String>,
        damage: Damage,
    },
    /// A sound book, of another ruleset or another number of pieces.
    WrongRuleset {
        source: Option<String>,
        book: String,
        book_pieces: u8,
        want: String,
        want_pieces: u8,
    },
    /// No book where the ruleset's book was looked for.
    NotFound(NotFound),
    /// A shipped book asked for by a name the binary does not hold.
    NoShippedBook,
    /// The ruleset took the name of a preset but is not it: the preset's book is not for it.
    NotThePreset { ruleset: String },
    /// A token that is not a move of the position (read or placed in the book).
    Move(IllegalMove),
    /// A token that is not among the book's moves of the position.
    NotABookMove { token: String },
    /// A line of the book that does not replay.
    Line(MoveListError),
    /// The worker threads could not be started.
    Threads {
        threads: usize,
        error: rayon::ThreadPoolBuildError,
    },
}

/// What is wrong with a book's bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// The bytes do not start with the book magic (`magic`).
    NotABook { magic: &'static [u8] },
    /// Another version of the format than the one read (`supported`).
    Version { found: u16, supported: u16 },
    /// The bytes end (at byte `at`) inside a field.
    Truncated { at: usize, inside: String },
    /// A field that reads but cannot be right: what is wrong with it.
    Corrupt(String),
}

/// Where the book of a ruleset was looked for, in vain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotFound {
    /// The book's file name.
    pub file: String,
    /// The files looked at.
    pub looked: Vec<PathBuf>,
    /// The environment variable that named the one place to look, if one did (no built-in
    /// book is looked at then).
    pub env_only: Option<&'static str>,
}

impl BookError {
    /// The error, saying that it comes from `source` (a file or a built-in book).
    pub fn from_source(self, source: impl fmt::Display) -> Self {
        match self {
            BookError::Damaged { damage, .. } => BookError::Damaged {
                source: Some(source.to_string()),
                damage,
            },
            BookError::WrongRuleset {
                book,
                book_pieces,
                want,
                want_pieces,
                ..
            } => BookError::WrongRuleset {
                source: Some(source.to_string()),
                book,
                book_pieces,
                want,
                want_pieces,
            },
            other => other,
        }
    }
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Damage::NotABook { magic } => write!(
                f,
                "not a Latrunculi opening book (the file does not start with the magic bytes {})",
                String::from_utf8_lossy(magic)
            ),
            Damage::Version { found, supported } => write!(
                f,
                "book format version {found} is not supported (this engine reads version {supported})"
            ),
            Damage::Truncated { at, inside } => {
                write!(f, "truncated: the file ends at byte {at} inside {inside}")
            }
            Damage::Corrupt(what) => write!(f, "corrupt: {what}"),
        }
    }
}

impl fmt::Display for NotFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(var) = self.env_only {
            return write!(f, "looked for {} in ${var} only", self.file);
        }
        let looked: Vec<String> = self
            .looked
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        write!(
            f,
            "looked for {} and among the built-in books",
            looked.join(", ")
        )
    }
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let from = |f: &mut fmt::Formatter<'_>, source: &Option<String>| match source {
            Some(s) => write!(f, "{s}: "),
            None => Ok(()),
        };
        match self {
            BookError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            BookError::Damaged { source, damage } => {
                from(f, source)?;
                damage.fmt(f)
            }
            BookError::WrongRuleset {
                source,
                book,
                book_pieces,
                want,
                want_pieces,
            } => {
                from(f, source)?;
                if book != want {
                    write!(f, "the book is for {book}, not {want}")
                } else {
                    write!(
                        f,
                        "the book is for {book} with {book_pieces} pieces per side, not {want_pieces}"
                    )
                }
            }
            BookError::NotFound(n) => n.fmt(f),
            BookError::NoShippedBook => f.write_str("no such shipped book"),
            BookError::NotThePreset { ruleset } => {
                write!(f, "{ruleset} is not the preset of that name")
            }
            BookError::Move(e) => e.fmt(f),
            BookError::NotABookMove { token } => {
                write!(f, "{token} is not a book move of this position")
            }
            BookError::Line(e) => e.fmt(f),
            BookError::Threads { threads, error } => {
                write!(f, "cannot start {threads} threads: {error}")
            }
        }
    }
}

impl std::error::Error for BookError {}

impl From<IllegalMove> for BookError {
    fn from(e: IllegalMove) -> Self {
        BookError::Move(e)
    }
}

impl From<MoveListError> for BookError {
    fn from(e: MoveListError) -> Self {
        BookError::Line(e)
    }
}

impl From<NotFound> for BookError {
    fn from(e: NotFound) -> Self {
        BookError::NotFound(e)
    }
}
