//! Squares and bit sets for any R x C board. Knows nothing about the game.

mod bits;
mod geometry;

pub use bits::{Bits, SquareIter};
pub use geometry::{ALL_DIRS, Dir, Geometry, ORTHOGONAL, Square};
