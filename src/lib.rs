//! Latrunculi: an engine for Ludus Latrunculorum and its family of rulesets.
//!
//! Layers, each using only those below it (`tests/layers.rs` checks it, and that no two files
//! of a module use each other):
//!
//! 1. `board`: bit sets and geometry of any board, and `files`: writing a file whole or not
//!    at all;
//! 2. `rules`: the referee (rulesets as data, positions, moves, captures, outcomes, ruleset
//!    files, the catalogue of known rulesets, notation and the board diagram);
//! 3. `nnue`: the learned evaluation (features, accumulator, net files, training);
//! 4. `search` (alpha-beta, the hand-made evaluation, time) and then `mcts` (placement);
//! 5. `engine`: one facade over both searches (options, `go`, events);
//! 6. `book`: opening books built by the engine;
//! 7. `matches` (the match runner), then `tune` (texel, SPSA, nets) and `evaluate` (ruleset
//!    studies with Ludii's metrics);
//! 8. the faces: `protocol` (stdin/stdout) and `gui` (the web page's server), then `cli`
//!    (the command line, which also starts those two).
//!
//! Errors are typed per layer: each returns its own error types (variants for what kind of
//! wrong, `Display` for the words), defined in the lowest layer that produces them and
//! wrapped by the layers above with `From`. Only the faces turn them into text: `cli::Failure`
//! once in `cli::run`, and the protocol's `info string error <code>: <message>` lines, the
//! code taken from the error's type (see `protocol::error` and protocol.md).

pub mod board;
pub mod book;
pub mod cli;
pub mod engine;
pub mod evaluate;
pub mod files;
pub mod gui;
pub mod matches;
pub mod mcts;
pub mod nnue;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod tune;
