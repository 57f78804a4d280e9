//! Tuning the engine from its own games: evaluation weights fitted to game results
//! ([`texel`]).

pub mod texel;
