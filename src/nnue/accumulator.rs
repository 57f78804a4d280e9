//! The first layer's output, kept up to date ply by ply: one row of weights is added for
//! each feature a ply switches on and subtracted for each it switches off. A [`Tracker`]
//! keeps one accumulator per position of a line, so taking a ply back is a pop.
//!
//! The sums wrap (i16 arithmetic modulo 2^16): additions and subtractions in any order then
//! give exactly the value a full recompute gives, which is what the tests check.

use super::HIDDEN;
use super::features::Layout;
use super::infer;
use super::net::Net;
use crate::board::Bits;
use crate::rules::{Colour, Position};

/// The first layer's sums for both perspectives (`v[colour.index()]`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    pub v: [[i16; HIDDEN]; 2],
}

#[inline(always)]
fn add_row(acc: &mut [i16; HIDDEN], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline(always)]
fn sub_row(acc: &mut [i16; HIDDEN], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

impl Accumulator {
    /// The accumulator of `pos` computed from scratch.
    pub fn refresh<B: Bits>(net: &Net, layout: &Layout, pos: &Position<B>) -> Accumulator {
        let mut acc = Accumulator {
            v: [[0; HIDDEN]; 2],
        };
        for persp in [Colour::White, Colour::Black] {
            let v = &mut acc.v[persp.index()];
            v.copy_from_slice(&net.ft_bias);
            for f in layout.active(pos, persp) {
                add_row(v, net.ft_row(f));
            }
        }
        acc
    }

    /// The accumulator after the ply from `before` to `after`, from `self`, that of
    /// `before`: only the features that differ are touched, whatever the ply was.
    #[inline]
    pub fn updated<B: Bits>(
        &self,
        net: &Net,
        layout: &Layout,
        before: &Position<B>,
        after: &Position<B>,
    ) -> Accumulator {
        #[cfg(target_arch = "x86_64")]
        if infer::simd_available() {
            // SAFETY: the processor has AVX2 (checked just above).
            return unsafe { self.updated_avx2(net, layout, before, after) };
        }
        self.updated_plain(net, layout, before, after)
    }

    /// [`Accumulator::updated`] compiled for AVX2: sixteen lanes a step where the plain
    /// build takes eight. The sums are the same, since wrapping additions do not depend on
    /// how they are grouped.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn updated_avx2<B: Bits>(
        &self,
        net: &Net,
        layout: &Layout,
        before: &Position<B>,
        after: &Position<B>,
    ) -> Accumulator {
        self.updated_plain(net, layout, before, after)
    }

    /// [`Accumulator::updated`] for any processor (the tests compare it with the AVX2 one).
    #[inline(always)]
    pub fn updated_plain<B: Bits>(
        &self,
        net: &Net,
        layout: &Layout,
        before: &Position<B>,
        after: &Position<B>,
    ) -> Accumulator {
        let mut acc = self.clone();
        let [white, black] = &mut acc.v;
        layout.changes(before, after, |w, b, on| {
            if on {
                add_row(white, net.ft_row(w));
                add_row(black, net.ft_row(b));
            } else {
                sub_row(white, net.ft_row(w));
                sub_row(black, net.ft_row(b));
            }
        });
        acc
    }
}

/// The accumulators of a line of play, one per position, alongside a game's make and undo.
#[derive(Clone, Debug)]
pub struct Tracker {
    layout: Layout,
    stack: Vec<Accumulator>,
}

impl Tracker {
    /// A tracker whose line starts at `pos`.
    pub fn new<B: Bits>(net: &Net, layout: Layout, pos: &Position<B>) -> Tracker {
        let first = Accumulator::refresh(net, &layout, pos);
        Tracker {
            layout,
            stack: vec![first],
        }
    }

    /// Follows a ply from `before` (the position of the current accumulator) to `after`.
    #[inline]
    pub fn push<B: Bits>(&mut self, net: &Net, before: &Position<B>, after: &Position<B>) {
        let next = self.current().updated(net, &self.layout, before, after);
        self.stack.push(next);
    }

    /// Takes the last ply back (the first accumulator always stays).
    #[inline]
    pub fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    /// The accumulator of the current position.
    #[inline(always)]
    pub fn current(&self) -> &Accumulator {
        &self.stack[self.stack.len() - 1]
    }

    /// Accumulators on the stack (plies followed plus one).
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }
}

/// The net's output from an accumulator (here, so that the net need not know the
/// accumulator: it depends on the net, not back).
impl Net {
    /// The score in centipawns for `side` to move, from the accumulator of the position.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, side: Colour) -> i32 {
        let (us, them) = (&acc.v[side.index()], &acc.v[side.other().index()]);
        let (w_us, w_them) = self.out_weights.split_at(HIDDEN);
        infer::combine(
            infer::perspective(us, w_us),
            infer::perspective(them, w_them),
            self.out_bias,
        )
    }

    /// [`Net::evaluate`] with the plain version only (for tests and comparisons).
    pub fn evaluate_plain(&self, acc: &Accumulator, side: Colour) -> i32 {
        let (us, them) = (&acc.v[side.index()], &acc.v[side.other().index()]);
        let (w_us, w_them) = self.out_weights.split_at(HIDDEN);
        infer::combine(
            infer::perspective_plain(us, w_us),
            infer::perspective_plain(them, w_them),
            self.out_bias,
        )
    }
}
