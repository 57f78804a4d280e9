//! The referee: ruleset data, positions, move generation, captures, outcomes, notation and
//! perft. The only place that knows what is legal and who won.

mod any;
mod build;
mod catalogue;
mod compiled;
mod describe;
pub mod diagram;
mod error;
pub mod fen;
pub mod file;
mod game;
mod movegen;
mod moves;
mod outcome;
pub mod perft;
mod position;
mod presets;
mod resolve;
mod ruleset;
pub mod zobrist;

pub use any::{AnyRules, ByWidth};
pub use catalogue::{Added, Catalogue, replaces_preset};
pub use compiled::{Rules, RulesetError, fits};
pub use describe::{describe, plies};
pub use error::{
    Error, FileProblem, FileProblemKind, Illegal, IllegalMove, LookupError, MoveListError,
    PiecesOutOfRange, PositionError, PositionErrorKind, RulesetFileError, TokenError,
    UnknownRuleset, WhichRuleset, echoed,
};
pub use game::{Frame, Game};
pub use moves::{MAX_HOPS, Move, MoveKind, TokenShape, read_token};
pub use outcome::{Outcome, Reason};
pub use position::{Position, Turn};
pub use presets::{DEFAULT_PRESET, PRESETS, is_preset, preset, preset_file};
pub use resolve::Played;
pub use ruleset::*;
