//! The net's inputs: which features a position switches on, and which a ply switches on
//! and off.
//!
//! Every feature is seen from a *perspective* (a colour): the two accumulators, one per
//! perspective, name the pieces as "own" and "enemy", so the output layer can read them as
//! "side to move" and "side waiting" whichever colour moves. The board is not mirrored for
//! Black: several rulesets are not symmetric between the colours (who acts first, where each
//! side may place), and an absolute board keeps the net honest about them.
//!
//! - Board: one plane per (own / enemy) x (free man, trapped man, leader), one feature per
//!   square of the board (cells numbered densely, without the bit sets' padding column).
//! - Extras: pieces in hand per colour and kind, as thresholds passed ("at least 1, 2, 3,
//!   4, 6, ...": one feature changes when a piece leaves the hand); the placement phase; a
//!   bonus ply or removals pending; the quiet-ply counter near its limit; and the
//!   perspective's own colour, a constant that lets the net tell White's view from Black's.
//!
//! The extras other than the colour are kept as one 64-bit mask per position, in absolute
//! colours, so a ply's changes are the XOR of two masks, like the board's.

use crate::board::{Bits, Square};
use crate::rules::{Colour, Position, Rules, Turn};

/// Piece kinds as the net sees them: a trapped man is a different piece from a free one.
pub const KINDS: usize = 3;
/// The hand sizes whose passing is a feature.
pub const HAND_STEPS: [u8; 12] = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];
/// The quiet-ply counter's features: at least these eighths of the ruleset's limit.
const QUIET_EIGHTHS: [u32; 3] = [4, 6, 7];

const HAND_BITS: usize = 2 * 2 * HAND_STEPS.len();

/// The hand steps a count has passed, one bit each: a table, since the extras are found
/// for two positions at every evaluated node.
const HAND_MASKS: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut n = 0;
    while n < 256 {
        let mut i = 0;
        while i < HAND_STEPS.len() {
            if n >= HAND_STEPS[i] as usize {
                t[n] |= 1 << i;
            }
            i += 1;
        }
        n += 1;
    }
    t
};
const PLACING_BIT: usize = HAND_BITS;
const BONUS_BIT: usize = HAND_BITS + 1;
const REMOVING_BIT: usize = HAND_BITS + 2;
const QUIET_BIT: usize = HAND_BITS + 3;
/// On at the second (third, ...) placement of a turn where the ruleset places several men a
/// turn: without it a position between two placements of one turn would look like one
/// where the turn changes hands, and its evaluation would swing from ply to ply.
pub(super) const MID_TURN_BIT: usize = QUIET_BIT + QUIET_EIGHTHS.len();
/// Extras that a ply can change (bits of [`Layout::extras`]).
const CHANGING_EXTRAS: usize = MID_TURN_BIT + 1;
/// Extras per perspective: the changing ones and the two colour features.
pub const EXTRAS: usize = CHANGING_EXTRAS + 2;

/// The feature space of one board size and ruleset: what a net file records and checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    /// Cells per row in the bit sets (padding column included).
    width: usize,
    /// The ruleset's quiet-ply limit, if it has one (its features stay off otherwise).
    quiet_limit: Option<u16>,
    /// Placements a turn (the mid-turn feature stays off below 2).
    per_turn: u32,
    /// Pieces each side has in hand at the start.
    hand_total: u32,
}

impl Layout {
    /// The layout of a ruleset.
    pub fn new<B: Bits>(rules: &Rules<B>) -> Layout {
        Layout {
            rows: rules.geo.rows,
            cols: rules.geo.cols,
            width: rules.geo.width,
            quiet_limit: rules.ruleset.end.quiet_limit,
            per_turn: rules.ruleset.placement.per_turn as u32,
            hand_total: rules.ruleset.hand_total(),
        }
    }

    /// Squares on the board.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Features per perspective: the width of the first layer's input.
    pub fn features(&self) -> usize {
        2 * KINDS * self.cells() + EXTRAS
    }

    /// The dense cell of a bit-set square: `sq = row * width + col`, and `width = cols + 1`,
    /// so `row * cols + col = sq - row`.
    #[inline(always)]
    fn cell(&self, sq: Square) -> usize {
        sq - sq / self.width
    }

    /// The feature "piece of `colour` and `kind` on `sq`" seen from `persp`.
    #[inline(always)]
    pub fn board_feature(&self, persp: Colour, colour: Colour, kind: usize, sq: Square) -> usize {
        let rel = (colour != persp) as usize;
        (rel * KINDS + kind) * self.cells() + self.cell(sq)
    }

    /// The feature of extra `bit` (of [`Layout::extras`]) seen from `persp`: the hand bits
    /// are by colour, so they turn relative; the others are the same in both views.
    #[inline(always)]
    pub fn extra_feature(&self, persp: Colour, bit: usize) -> usize {
        let per_colour = HAND_BITS / 2;
        let rel = if bit < HAND_BITS {
            ((bit / per_colour) ^ persp.index()) * per_colour + bit % per_colour
        } else {
            bit
        };
        2 * KINDS * self.cells() + rel
    }

    /// The same feature on the board reflected left to right (a file `f` becomes file
    /// `cols - 1 - f`; the extras stay): where the rules treat a position and its mirror
    /// image alike, each training position is worth two.
    pub fn mirror_feature(&self, f: usize) -> usize {
        let cells = self.cells();
        if f >= 2 * KINDS * cells {
            return f;
        }
        let (plane, cell) = (f / cells, f % cells);
        let (row, col) = (cell / self.cols, cell % self.cols);
        plane * cells + row * self.cols + (self.cols - 1 - col)
    }

    /// The feature "the game is in its placement phase" (the same in both views).
    pub fn placing_feature(&self) -> usize {
        self.extra_feature(Colour::White, PLACING_BIT)
    }

    /// The constant feature naming the perspective's colour.
    pub fn colour_feature(&self, persp: Colour) -> usize {
        2 * KINDS * self.cells() + CHANGING_EXTRAS + persp.index()
    }

    /// The extras of `pos` that are on, one bit each, in absolute colours.
    pub fn extras<B: Bits>(&self, pos: &Position<B>) -> u64 {
        let mut mask = 0u64;
        for c in 0..2 {
            for kind in 0..2 {
                let base = (c * 2 + kind) * HAND_STEPS.len();
                mask |= HAND_MASKS[pos.hand[c][kind] as usize] << base;
            }
        }
        if pos.placing() {
            mask |= 1 << PLACING_BIT;
            if pos.mid_turn(self.hand_total, self.per_turn) {
                mask |= 1 << MID_TURN_BIT;
            }
        }
        match pos.turn {
            Turn::Fresh => {}
            Turn::Bonus(_) => mask |= 1 << BONUS_BIT,
            Turn::Removing => mask |= 1 << REMOVING_BIT,
        }
        if let Some(limit) = self.quiet_limit {
            let q = pos.quiet.min(limit) as u32 * 8;
            for (i, &eighths) in QUIET_EIGHTHS.iter().enumerate() {
                if q >= eighths * limit as u32 {
                    mask |= 1 << (QUIET_BIT + i);
                }
            }
        }
        mask
    }

    /// Every feature of `pos` seen from `persp`, in increasing order.
    pub fn active<B: Bits>(&self, pos: &Position<B>, persp: Colour) -> Vec<usize> {
        let mut out = Vec::new();
        for (colour, kind, set) in planes(pos) {
            out.extend(
                set.iter()
                    .map(|sq| self.board_feature(persp, colour, kind, sq)),
            );
        }
        let extras = self.extras(pos);
        out.extend(
            (0..CHANGING_EXTRAS)
                .filter(|b| extras >> b & 1 == 1)
                .map(|b| self.extra_feature(persp, b)),
        );
        out.push(self.colour_feature(persp));
        out.sort_unstable();
        out
    }

    /// Calls `f(white_view, black_view, on)` for every feature that differs between
    /// `before` and `after`: `on` when `after` has it. It reads only the two positions (the
    /// XOR of each plane's bit sets and of the extras), so it holds for any kind of ply
    /// of any ruleset.
    #[inline(always)]
    pub fn changes<B: Bits>(
        &self,
        before: &Position<B>,
        after: &Position<B>,
        mut f: impl FnMut(usize, usize, bool),
    ) {
        let (old, new) = (planes(before), planes(after));
        for ((colour, kind, a), (_, _, b)) in old.into_iter().zip(new) {
            let diff = a ^ b;
            for sq in diff.iter() {
                f(
                    self.board_feature(Colour::White, colour, kind, sq),
                    self.board_feature(Colour::Black, colour, kind, sq),
                    b.has(sq),
                );
            }
        }
        let (a, b) = (self.extras(before), self.extras(after));
        let mut diff = a ^ b;
        while diff != 0 {
            let bit = diff.trailing_zeros() as usize;
            diff &= diff - 1;
            f(
                self.extra_feature(Colour::White, bit),
                self.extra_feature(Colour::Black, bit),
                b >> bit & 1 == 1,
            );
        }
    }
}

/// The board's six planes: (colour, kind, squares).
#[inline(always)]
fn planes<B: Bits>(pos: &Position<B>) -> [(Colour, usize, B); 2 * KINDS] {
    let plane = |c: Colour| {
        let men = pos.men[c.index()];
        [
            (c, 0, men & !pos.trapped),
            (c, 1, men & pos.trapped),
            (c, 2, pos.leaders[c.index()]),
        ]
    };
    let [w0, w1, w2] = plane(Colour::White);
    let [b0, b1, b2] = plane(Colour::Black);
    [w0, w1, w2, b0, b1, b2]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, preset};
    use std::sync::Arc;

    fn game(variant: &str, fen: &str) -> Game<u128> {
        let rules = Arc::new(Rules::<u128>::new(preset(variant).unwrap()).unwrap());
        Game::from_fen(rules, fen).unwrap()
    }

    /// Murray: a White king on d2 is White's own leader and Black's enemy leader, on the
    /// same dense cell (row 1, column 3: 8 + 3) in both views.
    #[test]
    fn a_piece_is_own_in_its_colour_view_and_enemy_in_the_other() {
        let g = game("murray", "8/8/8/8/8/8/3K4/8 w - 0 40");
        let l = Layout::new(g.rules());
        assert_eq!(l.features(), 6 * 64 + EXTRAS);
        let cells = 64;
        let white = l.active(g.position(), Colour::White);
        let black = l.active(g.position(), Colour::Black);
        assert_eq!(white, [2 * cells + 11, l.colour_feature(Colour::White)]);
        assert_eq!(black, [5 * cells + 11, l.colour_feature(Colour::Black)]);
    }

    /// Schadler 2001 at the start: sixteen men in each hand pass the steps 1 to 16 (8 of
    /// the 12), and the placement phase is on.
    #[test]
    fn pieces_in_hand_are_thresholds_passed() {
        let rules = Arc::new(Rules::<u128>::new(preset("schadler-2001").unwrap()).unwrap());
        let g = Game::new(rules);
        let l = Layout::new(g.rules());
        let extras = l.extras(g.position());
        assert_eq!(extras.count_ones(), 2 * 8 + 1);
        assert!(extras >> PLACING_BIT & 1 == 1);
        let active = l.active(g.position(), Colour::White);
        assert_eq!(active.len(), 2 * 8 + 1 + 1);
    }

    /// Little soldiers' 60 quiet plies: 30 passes half the limit, 45 three quarters.
    #[test]
    fn the_quiet_counter_is_seen_near_its_limit() {
        let g = |q| {
            game(
                "little-soldiers",
                &format!("8/8/8/3m4/8/3M4/8/8 w - {q} 100"),
            )
        };
        let quiet = |q| {
            let g = g(q);
            Layout::new(g.rules()).extras(g.position()) >> QUIET_BIT
        };
        assert_eq!(quiet(29), 0);
        assert_eq!(quiet(30), 1);
        assert_eq!(quiet(45), 3);
        assert_eq!(quiet(60), 7);
    }

    /// Seega places two men a turn: between a turn's two placements the mover places again,
    /// and the net is told so; after the second the turn has changed hands.
    #[test]
    fn the_second_placement_of_a_turn_is_seen() {
        let rules = Arc::new(Rules::<u128>::new(preset("seega-rules-8x8").unwrap()).unwrap());
        let mut g = Game::new(rules);
        let l = Layout::new(g.rules());
        let mid = |g: &Game<u128>| l.extras(g.position()) >> MID_TURN_BIT & 1 == 1;
        let mut seen = Vec::new();
        for _ in 0..5 {
            seen.push((g.position().side, mid(&g)));
            let mv = g.legal_moves()[0];
            g.make(mv);
        }
        use Colour::*;
        assert_eq!(
            seen,
            [
                (White, false),
                (White, true),
                (Black, false),
                (Black, true),
                (White, false)
            ]
        );
        let schadler = Arc::new(Rules::<u128>::new(preset("schadler-2001").unwrap()).unwrap());
        let g = Game::new(schadler);
        let one_a_turn = Layout::new(g.rules());
        assert_eq!(one_a_turn.extras(g.position()) >> MID_TURN_BIT & 1, 0);
    }
}
