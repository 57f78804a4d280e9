//! A 256-bit set for boards beyond 128 cells (12x12 needs 156 with padding, 11x16 needs 187).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Bits;

/// 256 cells as two 128-bit words, low word first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits256(pub [u128; 2]);

macro_rules! wordwise {
    ($trait:ident, $f:ident, $assign:ident, $af:ident, $op:tt) => {
        impl $trait for Bits256 {
            type Output = Bits256;
            #[inline(always)]
            fn $f(self, o: Bits256) -> Bits256 {
                Bits256([self.0[0] $op o.0[0], self.0[1] $op o.0[1]])
            }
        }
        impl $assign for Bits256 {
            #[inline(always)]
            fn $af(&mut self, o: Bits256) {
                *self = *self $op o;
            }
        }
    };
}

wordwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wordwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bits256 {
    type Output = Bits256;
    #[inline(always)]
    fn not(self) -> Bits256 {
        Bits256([!self.0[0], !self.0[1]])
    }
}

impl Bits for Bits256 {
    const CAPACITY: usize = 256;
    const EMPTY: Self = Bits256([0, 0]);

    #[inline(always)]
    fn bit(cell: usize) -> Self {
        if cell < 128 {
            Bits256([1 << cell, 0])
        } else {
            Bits256([0, 1 << (cell - 128)])
        }
    }
    #[inline(always)]
    fn shl(self, n: u32) -> Self {
        let [lo, hi] = self.0;
        match n {
            0 => self,
            1..=127 => Bits256([lo << n, hi << n | lo >> (128 - n)]),
            128..=255 => Bits256([0, lo << (n - 128)]),
            _ => Self::EMPTY,
        }
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        let [lo, hi] = self.0;
        match n {
            0 => self,
            1..=127 => Bits256([lo >> n | hi << (128 - n), hi >> n]),
            128..=255 => Bits256([hi >> (n - 128), 0]),
            _ => Self::EMPTY,
        }
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else {
            128 + self.0[1].trailing_zeros() as usize
        }
    }
    #[inline(always)]
    fn highest(self) -> usize {
        if self.0[1] != 0 {
            255 - self.0[1].leading_zeros() as usize
        } else {
            127 - self.0[0].leading_zeros() as usize
        }
    }
    #[inline(always)]
    fn without_lowest(self) -> Self {
        if self.0[0] != 0 {
            Bits256([self.0[0] & (self.0[0] - 1), self.0[1]])
        } else {
            Bits256([0, self.0[1] & self.0[1].wrapping_sub(1)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_the_word_boundary() {
        let b = Bits256::bit(127);
        assert_eq!(b.shl(1), Bits256::bit(128));
        assert_eq!(Bits256::bit(128).shr(1), b);
        assert_eq!(Bits256::bit(3).shl(200), Bits256::bit(203));
        assert_eq!(Bits256::bit(203).shr(200), Bits256::bit(3));
        assert_eq!(Bits256::bit(255).shl(1), Bits256::EMPTY);
    }

    #[test]
    fn cells_iterate_in_order() {
        let s = Bits256::bit(5) | Bits256::bit(130) | Bits256::bit(250);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![5, 130, 250]);
        assert_eq!((s.lowest(), s.highest(), s.count()), (5, 250, 3));
    }
}
