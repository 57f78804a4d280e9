//! A learned evaluation, NNUE-style: a small net whose first layer is kept up to date ply
//! by ply, evaluated in integers.
//!
//! - [`features`]: what the net sees (pieces by square, colour and kind; the hands; the
//!   phase and the state of the turn) and how a ply's changes are found from the positions
//!   before and after it, whatever the ply and the ruleset.
//! - [`accumulator`]: the first layer's sums, updated incrementally, one per position of a
//!   line.
//! - [`infer`]: the output layer in integers, plain and AVX2, bit for bit the same.
//! - [`net`] and [`format`]: a net as data, the ruleset it was trained for, its file.
//! - [`shipped`]: the nets built into the program, found by the rules they name.
//! - [`eval`]: a net evaluating a search's positions, following the game's frames.
//! - [`samples`]: training positions kept in a file.
//! - [`train`]: the trainer (f32, sparse first layer, Adam), quantising on export.
//!
//! The shape is `(features -> HIDDEN) x 2 perspectives -> 1`, with a squared clipped ReLU.
//! `HIDDEN` is 128: the inputs are few (at most 6 x 176 squares plus a few dozen extras, of
//! which some 20 to 60 are on), so a wider layer would mostly add cost; 128 i16 sums are
//! 8 AVX2 registers a perspective, so an update or an evaluation is a few dozen
//! instructions, and training stays fast on two cores.
//!
//! The module sits above `rules` and below `search`.

pub mod accumulator;
pub mod eval;
pub mod features;
pub mod format;
pub mod infer;
pub mod net;
pub mod samples;
pub mod shipped;
pub mod train;

pub use accumulator::{Accumulator, Tracker};
pub use eval::NetEval;
pub use features::Layout;
pub use format::NetError;
pub use net::{Header, Net, ruleset_digest};

/// First-layer outputs per perspective.
pub const HIDDEN: usize = 128;
/// The first layer's quantisation: an activation of 1.0 is `QA`.
pub const QA: i32 = 181;
/// The output layer's quantisation: a weight of 1.0 is `QB`.
pub const QB: i32 = 256;
/// Centipawns per unit of the net's output (the output is a logit: the chance of winning
/// is `sigmoid(cp / SCALE)`).
pub const SCALE: i32 = 400;
