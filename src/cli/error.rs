//! Why a command failed: the errors of every layer it uses, and the command line's own
//! (arguments that do not read, or asks that cannot be met). Turned into text once, by
//! [`super::run`], which prints `error: <text>`.

use std::fmt;
use std::path::PathBuf;

use crate::book::BookError;
use crate::engine::HashError;
use crate::evaluate::EvaluateError;
use crate::gui::GuiError;
use crate::matches::record::RecordError;
use crate::matches::spec::SpecError;
use crate::matches::{MatchError, ShardError};
use crate::nnue::NetError;
use crate::nnue::samples::SampleFileError;
use crate::rules::PositionError;
use crate::search::bench::BenchError;
use crate::search::weights::WeightFileError;
use crate::tune::net_data::ThreadsError;
use crate::tune::spsa::{LogError, ParamError};

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// Arguments that do not read or do not go together: the words that say so.
    Usage(String),
    /// What the command was asked cannot be done with what it was given (no book line
    /// within the margin, too few positions to learn from, games that do not replay): the
    /// words that say so.
    Unmet(String),
    /// Reading the input or writing the output failed (a reader that went away, `| head`,
    /// is no failure: see [`super::run`]).
    Io(std::io::Error),
    /// A file that cannot be read.
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A file that cannot be written.
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A game that cannot be saved.
    Save {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A file (or folder) the command was given that fails as a whole.
    File {
        path: PathBuf,
        error: std::io::Error,
    },
    /// An error of one part of the input: a file, a game of it, a `--net` (`place`).
    In {
        place: String,
        error: Box<Failure>,
    },
    /// `--fen` that does not read or is no position of the ruleset.
    BadPosition(PositionError),
    Rules(crate::rules::Error),
    Book(BookError),
    Match(MatchError),
    Record(RecordError),
    Spec(SpecError),
    Net(NetError),
    Samples(SampleFileError),
    Weights(WeightFileError),
    Hash(HashError),
    Bench(BenchError),
    Gui(GuiError),
    Param(ParamError),
    Log(LogError),
    Threads(ThreadsError),
    /// Boxed: a study's error holds a match's or a record's, which are large.
    Evaluate(Box<EvaluateError>),
    Shard(ShardError),
}

impl Failure {
    /// The failure, said as one of `place`.
    pub fn within(self, place: impl fmt::Display) -> Failure {
        Failure::In {
            place: place.to_string(),
            error: Box::new(self),
        }
    }

    /// Whether the output's reader went away (`| head`): nothing more to say then, as for
    /// any Unix filter.
    pub fn reader_gone(&self) -> bool {
        matches!(self, Failure::Io(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage(words) | Failure::Unmet(words) => f.write_str(words),
            Failure::Io(e) => e.fmt(f),
            Failure::Read { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            Failure::Write { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            Failure::Save { path, error } => write!(f, "cannot save {}: {error}", path.display()),
            Failure::File { path, error } => write!(f, "{}: {error}", path.display()),
            Failure::In { place, error } => write!(f, "{place}: {error}"),
            Failure::BadPosition(e) => write!(f, "bad position string: {e}"),
            Failure::Rules(e) => e.fmt(f),
            Failure::Book(e) => e.fmt(f),
            Failure::Match(e) => e.fmt(f),
            Failure::Record(e) => e.fmt(f),
            Failure::Spec(e) => e.fmt(f),
            Failure::Net(e) => e.fmt(f),
            Failure::Samples(e) => e.fmt(f),
            Failure::Weights(e) => e.fmt(f),
            Failure::Hash(e) => e.fmt(f),
            Failure::Bench(e) => e.fmt(f),
            Failure::Gui(e) => e.fmt(f),
            Failure::Param(e) => e.fmt(f),
            Failure::Log(e) => e.fmt(f),
            Failure::Threads(e) => e.fmt(f),
            Failure::Evaluate(e) => e.fmt(f),
            Failure::Shard(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Failure {}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Io(e)
    }
}

impl<E: Into<crate::rules::Error>> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure::Rules(e.into())
    }
}

impl From<EvaluateError> for Failure {
    fn from(e: EvaluateError) -> Self {
        Failure::Evaluate(Box::new(e))
    }
}

macro_rules! failure_of {
    ($($from:ty => $variant:ident),* $(,)?) => {
        $(impl From<$from> for Failure {
            fn from(e: $from) -> Self {
                Failure::$variant(e)
            }
        })*
    };
}

failure_of! {
    BookError => Book,
    MatchError => Match,
    RecordError => Record,
    SpecError => Spec,
    NetError => Net,
    SampleFileError => Samples,
    WeightFileError => Weights,
    HashError => Hash,
    BenchError => Bench,
    GuiError => Gui,
    ParamError => Param,
    LogError => Log,
    ThreadsError => Threads,
    ShardError => Shard,
}
