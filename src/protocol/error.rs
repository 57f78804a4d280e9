//! The protocol's refusals: every error the engine reports is one line (or several)
//! `info string error <code>: <message>`, the code one of [`Code`] (the table in
//! protocol.md), taken from the type of the error, the message the error's own words.

use std::fmt;

use super::command::{CommandError, GoError};
use crate::book::BookError;
use crate::engine::{HashError, UnknownPlacementSearch};
use crate::rules::{IllegalMove, LookupError, PositionError, RulesetFileError};
use crate::search::bench::BenchError;
use crate::search::weights::WeightFileError;

/// A `setoption` that is refused before it changes anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option of that name.
    Unknown { name: String },
    /// A spin's value that is not a whole number within its limits.
    NotInRange {
        option: &'static str,
        value: String,
        min: i64,
        max: i64,
    },
    /// A check's value that is neither true nor false.
    NotABool { option: &'static str, value: String },
    /// A combo's value that is none of its words.
    NotAWord {
        option: &'static str,
        value: String,
        words: Vec<String>,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "unknown option '{name}'"),
            OptionError::NotInRange {
                option,
                value,
                min,
                max,
            } => write!(
                f,
                "option {option}: '{value}' is not a whole number from {min} to {max}"
            ),
            OptionError::NotABool { option, value } => {
                write!(f, "option {option}: '{value}' is not true or false")
            }
            OptionError::NotAWord {
                option,
                value,
                words,
            } => write!(
                f,
                "option {option}: '{value}' is not one of {}",
                words.join(", ")
            ),
        }
    }
}

impl std::error::Error for OptionError {}

/// The stable codes of the protocol's error lines, for programs that read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// A move of `position ... moves` that is not legal (or not a move).
    IllegalMove,
    /// A position string that does not read or cannot be a position of the ruleset.
    BadPosition,
    /// `UCI_Variant` names no ruleset.
    UnknownRuleset,
    /// A `VariantPath` file that cannot be read or holds errors.
    BadRulesetFile,
    /// `setoption`: an unknown option, or a value out of its range.
    BadOption,
    /// An `EvalFile` that cannot be read, or is neither a net nor a weight file.
    BadEvalFile,
    /// A line that is no command, or a command written wrong.
    BadCommand,
    /// A parameter of `go` that is refused (the search runs without it).
    BadGo,
    /// `position` or `go` while no ruleset is chosen (after an unknown `UCI_Variant`).
    NoRuleset,
    /// A book that cannot be had or read (play goes on without it).
    Book,
    /// Memory for the transposition table that cannot be had.
    Hash,
}

impl Code {
    /// Every code, as protocol.md lists them.
    pub const ALL: [Code; 11] = [
        Code::IllegalMove,
        Code::BadPosition,
        Code::UnknownRuleset,
        Code::NoRuleset,
        Code::BadRulesetFile,
        Code::BadOption,
        Code::BadEvalFile,
        Code::Hash,
        Code::BadCommand,
        Code::BadGo,
        Code::Book,
    ];

    /// The code as the error line writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::IllegalMove => "illegal-move",
            Code::BadPosition => "bad-position",
            Code::UnknownRuleset => "unknown-ruleset",
            Code::BadRulesetFile => "bad-ruleset-file",
            Code::BadOption => "bad-option",
            Code::BadEvalFile => "bad-eval-file",
            Code::BadCommand => "bad-command",
            Code::BadGo => "bad-go",
            Code::NoRuleset => "no-ruleset",
            Code::Book => "book",
            Code::Hash => "hash",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error as the protocol reports it: its code and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: Code,
    pub message: String,
}

impl Refusal {
    pub(super) fn new(code: Code, message: impl fmt::Display) -> Self {
        Refusal {
            code,
            message: message.to_string(),
        }
    }

    /// The same refusal, its message said after `context` (`context: message`).
    pub(super) fn after(self, context: impl fmt::Display) -> Self {
        Refusal {
            code: self.code,
            message: format!("{context}: {}", self.message),
        }
    }

    /// The error lines, `info string error <code>: <message>`: one per line of the message
    /// (a ruleset file's errors are several).
    pub fn lines(&self) -> Vec<String> {
        self.message
            .lines()
            .map(|l| format!("info string error {}: {l}", self.code))
            .collect()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Refusal {}

macro_rules! code_of {
    ($($from:ty => $code:expr),* $(,)?) => {
        $(impl From<$from> for Refusal {
            fn from(e: $from) -> Self {
                Refusal::new($code, e)
            }
        })*
    };
}

code_of! {
    IllegalMove => Code::IllegalMove,
    PositionError => Code::BadPosition,
    RulesetFileError => Code::BadRulesetFile,
    BookError => Code::Book,
    HashError => Code::Hash,
    UnknownPlacementSearch => Code::BadOption,
    WeightFileError => Code::BadEvalFile,
    GoError => Code::BadGo,
    OptionError => Code::BadOption,
}

impl From<CommandError> for Refusal {
    fn from(e: CommandError) -> Self {
        match e {
            CommandError::Go(e) => e.into(),
            e => Refusal::new(Code::BadCommand, e),
        }
    }
}

impl From<LookupError> for Refusal {
    fn from(e: LookupError) -> Self {
        let code = match &e {
            LookupError::Unknown(_) => Code::UnknownRuleset,
            LookupError::Pieces(_) => Code::BadOption,
            LookupError::Unplayable(_) => Code::BadRulesetFile,
        };
        Refusal::new(code, e)
    }
}

impl From<BenchError> for Refusal {
    fn from(e: BenchError) -> Self {
        let code = match &e {
            BenchError::Hash(_) => Code::Hash,
            BenchError::Position(_) => Code::BadPosition,
        };
        Refusal::new(code, e)
    }
}
