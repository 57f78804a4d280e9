//! Playing levels for people: `Skill Level` 0 to 20, as chess GUIs expect (20 is full
//! strength). Below 20 a search is held to a node budget that shrinks by a constant factor
//! per level, looks at several lines, and plays one of them chosen with a controlled error:
//! lines are picked with a chance that falls off exponentially with how much worse they
//! score, the fall-off gentler at lower levels. The choice is random but repeatable (seeded
//! by the position), so a game can be replayed.
//!
//! Not calibrated yet: `UCI_LimitStrength` / `UCI_Elo` wait for matches that measure each
//! level against its neighbours, so that an Elo can be named for each.

use super::{Limits, SearchResult};
use crate::rules::Move;

/// Full strength: no limits, no chosen errors.
pub const MAX_LEVEL: u8 = 20;

/// The node budget of level 19; each level below has [`NODE_RATIO`] of the next one's.
const NODES_AT_19: f64 = 20_000.0;
const NODE_RATIO: f64 = 0.72;

/// Lines looked at below full strength (at least the GUI's MultiPV).
pub const LINES: usize = 4;

/// A playing level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill(pub u8);

impl Default for Skill {
    fn default() -> Self {
        Skill(MAX_LEVEL)
    }
}

impl Skill {
    pub fn full(self) -> bool {
        self.0 >= MAX_LEVEL
    }

    /// The node budget of this level (`None` at full strength).
    pub fn nodes(self) -> Option<u64> {
        (!self.full()).then(|| {
            (NODES_AT_19 * NODE_RATIO.powi(19 - self.0 as i32))
                .round()
                .max(16.0) as u64
        })
    }

    /// The playouts of the placement search at this level.
    pub fn playouts(self) -> Option<u64> {
        self.nodes().map(|n| (n / 8).max(8))
    }

    /// How many centipawns worse a line must score to be `e` (2.718) times less likely.
    fn temperature(self) -> f64 {
        10.0 + 6.0 * (19 - self.0.min(19)) as f64
    }

    /// The search limits at this level: the node budget, within the limits given.
    pub fn limit(self, limits: &mut Limits) {
        if let Some(n) = self.nodes() {
            limits.nodes = Some(limits.nodes.map_or(n, |m| m.min(n)));
        }
    }

    /// The lines to search: at least [`LINES`] below full strength.
    pub fn multipv(self, asked: usize) -> usize {
        if self.full() { asked } else { asked.max(LINES) }
    }

    /// Chooses the move to play among the result's lines (best first), with the chosen
    /// error of this level; `seed` makes the choice repeatable. The result's best move, its
    /// ponder move and value become those of the chosen line.
    pub fn pick(self, result: &mut SearchResult, seed: u64) {
        if self.full() || result.lines.len() < 2 {
            return;
        }
        let top = result.lines[0].1 as f64;
        let t = self.temperature();
        let weights: Vec<f64> = result
            .lines
            .iter()
            .map(|l| (((l.1 as f64) - top).max(-1000.0) / t).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = unit(seed) * total;
        let mut chosen = 0;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                chosen = i;
                break;
            }
            x -= w;
            chosen = i;
        }
        let (mv, value, pv): (Move, _, Vec<Move>) = result.lines[chosen].clone();
        result.best = Some(mv);
        result.value = value;
        result.ponder = pv.get(1).copied();
    }
}

/// A number in [0, 1) from a seed (splitmix64).
fn unit(seed: u64) -> f64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_shrink_level_by_level_and_full_strength_is_unlimited() {
        assert_eq!(Skill(20).nodes(), None);
        assert_eq!(Skill(19).nodes(), Some(20_000));
        let budgets: Vec<u64> = (0..20).map(|l| Skill(l).nodes().unwrap()).collect();
        assert!(budgets.windows(2).all(|w| w[0] < w[1]), "{budgets:?}");
        assert!(budgets[0] >= 16);
        let mut l = Limits::depth(30);
        Skill(10).limit(&mut l);
        assert_eq!(l.nodes, Skill(10).nodes());
        assert_eq!(Skill(10).multipv(1), LINES);
        assert_eq!(Skill(20).multipv(1), 1);
    }

    #[test]
    fn lower_levels_choose_worse_lines_more_often() {
        let line = |sq: usize, v: i32| (Move::go(sq, sq + 1), v, vec![Move::go(sq, sq + 1)]);
        let result = SearchResult {
            best: None,
            ponder: None,
            value: 0,
            depth: 3,
            nodes: 0,
            lines: vec![line(0, 50), line(2, 20), line(4, -40), line(6, -200)],
        };
        let best_share = |level: u8| {
            let mut n = 0;
            for seed in 0..2000 {
                let mut r = result.clone();
                Skill(level).pick(&mut r, seed);
                if r.best == Some(Move::go(0, 1)) {
                    n += 1;
                }
            }
            n as f64 / 2000.0
        };
        let (low, mid, high) = (best_share(0), best_share(10), best_share(19));
        assert!(low < mid && mid < high, "{low} {mid} {high}");
        assert!(
            high > 0.9,
            "level 19 nearly always plays the best line: {high}"
        );
        assert!(low < 0.5, "level 0 often errs: {low}");
        // The same seed, the same choice.
        let (mut a, mut b) = (result.clone(), result.clone());
        Skill(5).pick(&mut a, 42);
        Skill(5).pick(&mut b, 42);
        assert_eq!(a.best, b.best);
    }
}
