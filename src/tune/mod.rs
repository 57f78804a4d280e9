//! Tuning the engine from its own games: evaluation weights fitted to game results
//! ([`texel`]), and engine options tuned by matches ([`spsa`]).

pub mod net_data;
pub mod spsa;
pub mod texel;
