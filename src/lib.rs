//! Latrunculi: an engine for Ludus Latrunculorum and its family of rulesets.
//!
//! Layers, each using only those below it: `board` (bit sets and geometry), `rules` (the
//! referee), and the faces (`protocol`, `cli`).

pub mod board;
pub mod book;
pub mod cli;
pub mod engine;
pub mod gui;
pub mod matches;
pub mod mcts;
pub mod nnue;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod tune;

/// The bit-set type of every board that fits 128 cells (all five seed rulesets).
pub type Bits128 = u128;
