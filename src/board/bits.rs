//! The bit-set abstraction the rules are written against.
//!
//! Boards up to 128 cells (with one padding column per row: 8x8, 8x12, 7x13, 10x11) use a
//! `u128`. A wider board implements [`Bits`] for a wider type; the rules code is generic over
//! it and monomorphised, so small boards pay nothing for big ones.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A fixed-width set of cell indices.
pub trait Bits:
    Copy
    + Eq
    + Default
    + Debug
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many cells the type can hold.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;

    /// The set holding only `cell`.
    fn bit(cell: usize) -> Self;
    /// Every cell index moved up by `n` (cells past the top are lost).
    fn shl(self, n: u32) -> Self;
    /// Every cell index moved down by `n` (cells below zero are lost).
    fn shr(self, n: u32) -> Self;
    /// The number of cells in the set.
    fn count(self) -> u32;
    /// The lowest cell of a non-empty set.
    fn lowest(self) -> usize;
    /// The highest cell of a non-empty set.
    fn highest(self) -> usize;
    /// The set without its lowest cell.
    fn without_lowest(self) -> Self;

    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    fn any(self) -> bool {
        self != Self::EMPTY
    }
    fn has(self, cell: usize) -> bool {
        (self & Self::bit(cell)).any()
    }
    fn iter(self) -> SquareIter<Self> {
        SquareIter(self)
    }
}

impl Bits for u128 {
    const CAPACITY: usize = 128;
    const EMPTY: Self = 0;

    #[inline(always)]
    fn bit(cell: usize) -> Self {
        1u128 << cell
    }
    #[inline(always)]
    fn shl(self, n: u32) -> Self {
        self << n
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        self >> n
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn highest(self) -> usize {
        127 - self.leading_zeros() as usize
    }
    #[inline(always)]
    fn without_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }
}

/// Iterates the cells of a set from the lowest up.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            None
        } else {
            let cell = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(cell)
        }
    }
}
