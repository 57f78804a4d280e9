//! Squares and bit sets for any R x C board. Knows nothing about the game.

mod bits;
mod geometry;
mod wide;

pub use bits::{Bits, SquareIter};
pub use geometry::{ALL_DIRS, Dir, Geometry, ORTHOGONAL, SizeError, Square, SquareError};
pub use wide::Bits256;
