//! Playing levels for people: `Skill Level` 0 to 20, as chess GUIs expect (20 is full
//! strength), and `UCI_Elo` for `UCI_LimitStrength`. Below full strength a search is held to
//! a node budget, looks at several lines, and plays one of them chosen with a controlled
//! error: lines are picked with a chance that falls off exponentially with how much worse
//! they score. All three (budget, lines, fall-off) follow one continuous *strength* from 0
//! (the weakest) to 19; each level is a strength, chosen from matches so that the levels'
//! steps are even (see `scripts/calibrate-levels` and protocol.md). The choice is random but
//! repeatable (seeded by the position), so a game can be replayed.

use super::{Limits, SearchResult};
use crate::rules::Move;

/// Full strength: no limits, no chosen errors.
pub const MAX_LEVEL: u8 = 20;

/// The strongest limited strength; each unit below has [`NODE_RATIO`] of its nodes.
const TOP_STRENGTH: f64 = 19.0;
/// The node budget at [`TOP_STRENGTH`].
const NODES_AT_TOP: f64 = 20_000.0;
const NODE_RATIO: f64 = 0.70;
/// The fall-off at [`TOP_STRENGTH`] in centipawns, and its growth per unit below.
const TEMPERATURE_AT_TOP: f64 = 8.0;
const TEMPERATURE_GROWTH: f64 = 1.22;

/// The strength of each level below full strength, placed so that the levels' steps are
/// even in Elo (see protocol.md, "Playing levels": measured with
/// `scripts/calibrate-levels`, placed with `scripts/fit-levels`).
const LEVEL_STRENGTH: [f64; MAX_LEVEL as usize] = [
    0.0, 0.92, 1.9, 2.76, 3.55, 4.24, 4.83, 5.41, 5.98, 6.47, 6.96, 7.7, 9.15, 10.6, 11.57, 12.47,
    13.44, 14.54, 15.92, 18.08,
];

/// The Elo of each level below full strength, on a scale that puts level 0 at 1000: level 0
/// plus the sum of the measured steps up to the level (see protocol.md, "Playing levels").
const LEVEL_ELO: [u32; MAX_LEVEL as usize] = [
    1000, 1067, 1143, 1228, 1318, 1346, 1465, 1536, 1683, 1711, 1818, 1947, 2012, 2077, 2119, 2204,
    2286, 2376, 2461, 2532,
];

/// The range of `UCI_Elo`: level 0's Elo to level 19's (full strength is above it).
pub const ELO_RANGE: (u32, u32) = (LEVEL_ELO[0], LEVEL_ELO[MAX_LEVEL as usize - 1]);

/// Lines looked at below full strength (at least the GUI's MultiPV), more at the bottom.
pub const LINES: usize = 4;
const LINES_AT_ZERO: usize = 12;

/// A playing level: a strength from 0 to [`TOP_STRENGTH`], or full strength.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Skill {
    /// `None` at full strength.
    strength: Option<f64>,
}

impl Skill {
    /// `Skill Level` `level` (0 to 20; above 20 is full strength).
    pub fn level(level: u8) -> Skill {
        Skill {
            strength: LEVEL_STRENGTH.get(level as usize).copied(),
        }
    }

    /// The strength with `UCI_Elo` `elo` (clamped to [`ELO_RANGE`]): interpolated between
    /// the two levels whose Elo it lies between.
    pub fn elo(elo: u32) -> Skill {
        let e = elo.clamp(ELO_RANGE.0, ELO_RANGE.1) as f64;
        let i = LEVEL_ELO
            .windows(2)
            .position(|w| e <= w[1] as f64)
            .unwrap_or(LEVEL_ELO.len() - 2);
        let (e0, e1) = (LEVEL_ELO[i] as f64, LEVEL_ELO[i + 1] as f64);
        let t = if e1 > e0 { (e - e0) / (e1 - e0) } else { 0.0 };
        let (x0, x1) = (LEVEL_STRENGTH[i], LEVEL_STRENGTH[i + 1]);
        Skill::strength(x0 + t * (x1 - x0))
    }

    /// A strength from 0 to [`TOP_STRENGTH`] (clamped).
    pub fn strength(x: f64) -> Skill {
        Skill {
            strength: Some(x.clamp(0.0, TOP_STRENGTH)),
        }
    }

    pub fn full(self) -> bool {
        self.strength.is_none()
    }

    /// The node budget of this level (`None` at full strength).
    pub fn nodes(self) -> Option<u64> {
        self.strength.map(|x| {
            (NODES_AT_TOP * NODE_RATIO.powf(TOP_STRENGTH - x))
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
        let x = self.strength.unwrap_or(TOP_STRENGTH);
        TEMPERATURE_AT_TOP * TEMPERATURE_GROWTH.powf(TOP_STRENGTH - x)
    }

    /// The search limits at this level: the node budget, within the limits given.
    pub fn limit(self, limits: &mut Limits) {
        if let Some(n) = self.nodes() {
            limits.nodes = Some(limits.nodes.map_or(n, |m| m.min(n)));
        }
    }

    /// The lines to search: at least [`LINES`] below full strength, up to
    /// [`LINES_AT_ZERO`] at strength 0.
    pub fn multipv(self, asked: usize) -> usize {
        match self.strength {
            None => asked,
            Some(x) => {
                let extra = (LINES_AT_ZERO - LINES) as f64 * (1.0 - x / 8.0).max(0.0);
                asked.max(LINES + extra.round() as usize)
            }
        }
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
        assert_eq!(Skill::level(20).nodes(), None);
        assert_eq!(Skill::strength(19.0).nodes(), Some(20_000));
        let budgets: Vec<u64> = (0..20).map(|l| Skill::level(l).nodes().unwrap()).collect();
        assert!(budgets.windows(2).all(|w| w[0] < w[1]), "{budgets:?}");
        assert!(budgets[0] >= 16);
        let mut l = Limits::depth(30);
        Skill::level(10).limit(&mut l);
        assert_eq!(l.nodes, Skill::level(10).nodes());
        assert!(Skill::level(0).multipv(1) > Skill::level(19).multipv(1));
        assert_eq!(Skill::level(19).multipv(1), LINES);
        assert_eq!(Skill::level(20).multipv(1), 1);
    }

    #[test]
    fn an_elo_plays_as_the_level_it_names_and_between_levels_in_between() {
        for l in 0..MAX_LEVEL {
            assert_eq!(
                Skill::elo(LEVEL_ELO[l as usize]),
                Skill::level(l),
                "level {l}"
            );
        }
        assert!(LEVEL_ELO.windows(2).all(|w| w[0] < w[1]));
        let (lo, hi) = ELO_RANGE;
        assert_eq!(Skill::elo(0), Skill::level(0));
        assert_eq!(Skill::elo(u32::MAX), Skill::level(MAX_LEVEL - 1));
        let budgets: Vec<u64> = (lo..=hi)
            .step_by(25)
            .map(|e| Skill::elo(e).nodes().unwrap())
            .collect();
        assert!(budgets.windows(2).all(|w| w[0] <= w[1]), "{budgets:?}");
        let mid = (LEVEL_ELO[10] + LEVEL_ELO[11]) / 2;
        let n = Skill::elo(mid).nodes().unwrap();
        assert!(Skill::level(10).nodes().unwrap() < n && n < Skill::level(11).nodes().unwrap());
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
                Skill::level(level).pick(&mut r, seed);
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
        Skill::level(5).pick(&mut a, 42);
        Skill::level(5).pick(&mut b, 42);
        assert_eq!(a.best, b.best);
    }
}
