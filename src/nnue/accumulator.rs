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
        let mut next = self.clone();
        self.update_into(&mut next, net, layout, before, after);
        next
    }

    /// Writes into `out` the accumulator after the ply from `before` to `after` (`self`
    /// being that of `before`), whatever `out` held: a search's evaluator keeps its
    /// accumulators in place and overwrites them, so that no accumulator is copied.
    #[inline]
    pub fn update_into<B: Bits>(
        &self,
        out: &mut Accumulator,
        net: &Net,
        layout: &Layout,
        before: &Position<B>,
        after: &Position<B>,
    ) {
        #[cfg(target_arch = "x86_64")]
        if infer::simd_available() {
            // SAFETY: the processor has AVX2 (checked just above).
            return unsafe { self.update_into_avx2(out, net, layout, before, after) };
        }
        self.update_into_plain(out, net, layout, before, after)
    }

    /// [`Accumulator::update_into`] compiled for AVX2: sixteen lanes a step where the
    /// plain build takes eight. The sums are the same, since wrapping additions do not
    /// depend on how they are grouped.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn update_into_avx2<B: Bits>(
        &self,
        out: &mut Accumulator,
        net: &Net,
        layout: &Layout,
        before: &Position<B>,
        after: &Position<B>,
    ) {
        self.update_into_plain(out, net, layout, before, after)
    }

    /// [`Accumulator::update_into`] for any processor (the tests compare it with the AVX2
    /// one). The rows that change are gathered first; then each block of lanes is read
    /// once, summed with them in registers and written once. A ply that changes more
    /// features than the lists hold (a long capture) is done a row at a time.
    #[inline(always)]
    pub fn update_into_plain<B: Bits>(
        &self,
        out: &mut Accumulator,
        net: &Net,
        layout: &Layout,
        before: &Position<B>,
        after: &Position<B>,
    ) {
        let mut on = Rows::default();
        let mut off = Rows::default();
        let mut fits = true;
        layout.changes(before, after, |w, b, is_on| {
            fits &= if is_on { on.push(w, b) } else { off.push(w, b) };
        });
        if fits {
            for p in 0..2 {
                sum_rows(&mut out.v[p], &self.v[p], net, on.views(p), off.views(p));
            }
            return;
        }
        out.clone_from(self);
        let [white, black] = &mut out.v;
        layout.changes(before, after, |w, b, is_on| {
            if is_on {
                add_row(white, net.ft_row(w));
                add_row(black, net.ft_row(b));
            } else {
                sub_row(white, net.ft_row(w));
                sub_row(black, net.ft_row(b));
            }
        });
    }
}

/// Most features a ply switches on (or off) that [`Accumulator::update_into`] sums in one
/// pass: a step or a slide changes two, a capture one more per piece taken.
const MOST_ROWS: usize = 8;

/// The features one ply switches on (or off), from both perspectives.
#[derive(Default)]
struct Rows {
    views: [[usize; MOST_ROWS]; 2],
    len: usize,
}

impl Rows {
    /// Adds a feature (its index from White's view and from Black's); false when full.
    #[inline(always)]
    fn push(&mut self, white: usize, black: usize) -> bool {
        if self.len == MOST_ROWS {
            return false;
        }
        self.views[0][self.len] = white;
        self.views[1][self.len] = black;
        self.len += 1;
        true
    }

    #[inline(always)]
    fn views(&self, perspective: usize) -> &[usize] {
        &self.views[perspective][..self.len]
    }
}

/// Lanes summed in registers at a time (four AVX2 registers, eight SSE2 ones).
const BLOCK: usize = 64;
const _: () = assert!(HIDDEN.is_multiple_of(BLOCK));

/// `out = from + the rows of on - the rows of off`, a block of lanes at a time.
#[inline(always)]
fn sum_rows(out: &mut [i16; HIDDEN], from: &[i16; HIDDEN], net: &Net, on: &[usize], off: &[usize]) {
    for start in (0..HIDDEN).step_by(BLOCK) {
        let mut block = [0i16; BLOCK];
        block.copy_from_slice(&from[start..start + BLOCK]);
        for &f in on {
            let row = &net.ft_row(f)[start..start + BLOCK];
            for (a, w) in block.iter_mut().zip(row) {
                *a = a.wrapping_add(*w);
            }
        }
        for &f in off {
            let row = &net.ft_row(f)[start..start + BLOCK];
            for (a, w) in block.iter_mut().zip(row) {
                *a = a.wrapping_sub(*w);
            }
        }
        out[start..start + BLOCK].copy_from_slice(&block);
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
