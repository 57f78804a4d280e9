//! The figures of a ruleset, from the facts of its games, with the definitions of Ludii's
//! evaluation metrics (`Evaluation/src/metrics/` of the Ludii system) where Ludii has one,
//! each with a 95% confidence interval where one applies. Where ours differ from Ludii's,
//! docs/evaluation/README.md says how and why.

use std::collections::BTreeMap;

use super::facts::GameFacts;

/// Every metric, in the order reports give them, with what it measures.
pub const METRICS: [(&str, &str); 15] = [
    (
        "balance",
        "1 - |P1's win rate - P2's win rate| (1: both players win as often)",
    ),
    (
        "advantage_p1",
        "share of games won by P1, the player who acts first",
    ),
    ("completion", "share of games with a winner"),
    (
        "drawishness",
        "share of games drawn by the rules (not by a length limit)",
    ),
    (
        "timeouts",
        "share of games stopped by the length cap or the ruleset's own ply limit",
    ),
    ("duration_turns", "mean game length in turns"),
    (
        "duration_turns_stddev",
        "standard deviation of the game length in turns",
    ),
    ("duration_plies", "mean game length in plies"),
    (
        "decisiveness_threshold",
        "in won games, the loser's best win chance over the game (mean)",
    ),
    (
        "decisiveness_moves",
        "in won games, the share of the game played before the winner's chance first rose above that threshold (mean)",
    ),
    (
        "lead_change",
        "changes of the side ahead per scored ply (mean over games)",
    ),
    (
        "stability",
        "variance of the players' win chances over a game, summed over both players (mean)",
    ),
    (
        "board_coverage",
        "share of the squares that held a piece at some point (mean)",
    ),
    (
        "branching_factor",
        "legal plies per position where one was chosen (mean)",
    ),
    (
        "positional_repetition",
        "1 - distinct positions / positions, per game (mean)",
    ),
];

/// Whether `name` is a metric.
pub fn is_metric(name: &str) -> bool {
    METRICS.iter().any(|(n, _)| *n == name)
}

/// The figures of one ruleset's games.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    pub games: usize,
    /// Wins of P1 (the player who acts first) and of P2.
    pub p1_wins: usize,
    pub p2_wins: usize,
    /// Draws by the rules.
    pub draws: usize,
    pub timeouts: usize,
    /// Each metric's value; `None` where the games do not define it (no won game for
    /// decisiveness, no scores in the notes for the score-based ones).
    pub values: BTreeMap<&'static str, Option<f64>>,
    /// The 95% confidence interval of each metric that has one.
    pub ci95: BTreeMap<&'static str, [f64; 2]>,
    /// How many games ended each way.
    pub ends: BTreeMap<String, usize>,
}

/// z for a two-sided 95% interval.
const Z: f64 = 1.959_963_984_540_054;

/// Wilson's interval of a share `k / n` (good near 0 and 1 and with few games, where the
/// normal approximation leaves [0, 1]).
fn wilson(k: usize, n: usize) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let denom = 1.0 + Z * Z / n;
    let centre = (p + Z * Z / (2.0 * n)) / denom;
    let half = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The mean of `xs` and its normal 95% interval (`None` for no values).
fn mean_ci(xs: &[f64]) -> Option<(f64, [f64; 2])> {
    if xs.is_empty() {
        return None;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let half = if xs.len() > 1 {
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        Z * (var / n).sqrt()
    } else {
        0.0
    };
    Some((mean, [mean - half, mean + half]))
}

/// The population variance of `xs` (0 for fewer than two).
fn variance(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n
}

/// The player ahead after a scored ply, from P1's chance: P1, P2, or neither at exactly
/// even.
fn leader(p1_chance: f64) -> Option<bool> {
    if p1_chance > 0.5 {
        Some(true)
    } else if p1_chance < 0.5 {
        Some(false)
    } else {
        None
    }
}

/// Changes of the side ahead per change that could have happened (`None` below two scores).
fn lead_change(chances: &[f64]) -> Option<f64> {
    if chances.len() < 2 {
        return None;
    }
    let changes = chances
        .windows(2)
        .filter(|w| leader(w[0]) != leader(w[1]))
        .count();
    Some(changes as f64 / (chances.len() - 1) as f64)
}

/// A won game's decisiveness: the loser's best chance, and the share of the scored plies
/// before the winner's chance first rose above it (1 when it never did).
fn decisiveness(chances: &[f64], p1_won: bool) -> Option<(f64, f64)> {
    if chances.is_empty() {
        return None;
    }
    let of_winner = |c: f64| if p1_won { c } else { 1.0 - c };
    let threshold = chances
        .iter()
        .map(|&c| 1.0 - of_winner(c))
        .fold(f64::MIN, f64::max);
    let first = chances
        .iter()
        .position(|&c| of_winner(c) > threshold)
        .unwrap_or(chances.len());
    Some((threshold, first as f64 / chances.len() as f64))
}

/// The figures of a ruleset from its games' facts.
pub fn figures(games: &[GameFacts]) -> Figures {
    let n = games.len();
    let count = |f: &dyn Fn(&GameFacts) -> bool| games.iter().filter(|g| f(g)).count();
    let p1_wins = count(&|g| g.winner == Some(g.p1));
    let p2_wins = count(&|g| g.winner == Some(g.p1.other()));
    let timeouts = count(&|g| g.winner.is_none() && g.timeout);
    let draws = count(&|g| g.winner.is_none() && !g.timeout);
    let mut values: BTreeMap<&'static str, Option<f64>> = BTreeMap::new();
    let mut ci95 = BTreeMap::new();
    let mut share = |name: &'static str, k: usize| {
        values.insert(name, (n > 0).then(|| k as f64 / n as f64));
        ci95.insert(name, wilson(k, n));
    };
    share("advantage_p1", p1_wins);
    share("completion", p1_wins + p2_wins);
    share("drawishness", draws);
    share("timeouts", timeouts);
    // Balance: 1 - |d|, d = P1's win rate - P2's. Its interval: d between P1's lowest
    // rate less P2's highest and P1's highest less P2's lowest (Wilson's intervals, which
    // stay open when every game went one way), folded at 0.
    if n > 0 {
        let d = (p1_wins as f64 - p2_wins as f64) / n as f64;
        let ([p1_lo, p1_hi], [p2_lo, p2_hi]) = (wilson(p1_wins, n), wilson(p2_wins, n));
        let (lo, hi) = (p1_lo - p2_hi, p1_hi - p2_lo);
        let far = lo.abs().max(hi.abs()).min(1.0);
        let near = if lo <= 0.0 && hi >= 0.0 {
            0.0
        } else {
            lo.abs().min(hi.abs())
        };
        values.insert("balance", Some(1.0 - d.abs()));
        ci95.insert("balance", [1.0 - far, 1.0 - near]);
    } else {
        values.insert("balance", None);
    }
    let mut mean = |name: &'static str, xs: Vec<f64>| match mean_ci(&xs) {
        Some((m, ci)) => {
            values.insert(name, Some(m));
            ci95.insert(name, ci);
        }
        None => {
            values.insert(name, None);
        }
    };
    let turns: Vec<f64> = games.iter().map(|g| g.turns as f64).collect();
    mean("duration_turns", turns.clone());
    mean(
        "duration_plies",
        games.iter().map(|g| g.plies as f64).collect(),
    );
    let decisive: Vec<(f64, f64)> = games
        .iter()
        .filter_map(|g| decisiveness(&g.p1_chances, g.winner? == g.p1))
        .collect();
    mean(
        "decisiveness_threshold",
        decisive.iter().map(|d| d.0).collect(),
    );
    mean("decisiveness_moves", decisive.iter().map(|d| d.1).collect());
    mean(
        "lead_change",
        games
            .iter()
            .filter_map(|g| lead_change(&g.p1_chances))
            .collect(),
    );
    mean(
        "stability",
        games
            .iter()
            .filter(|g| !g.p1_chances.is_empty())
            .map(|g| 2.0 * variance(&g.p1_chances))
            .collect(),
    );
    mean("board_coverage", games.iter().map(|g| g.coverage).collect());
    mean(
        "branching_factor",
        games
            .iter()
            .filter(|g| g.plies > 0)
            .map(|g| g.branching)
            .collect(),
    );
    mean(
        "positional_repetition",
        games.iter().map(|g| g.repetition).collect(),
    );
    values.insert(
        "duration_turns_stddev",
        (n > 0).then(|| {
            let sample = n.max(2) as f64 - 1.0;
            let m = turns.iter().sum::<f64>() / n as f64;
            (turns.iter().map(|t| (t - m).powi(2)).sum::<f64>() / sample).sqrt()
        }),
    );
    let mut ends = BTreeMap::new();
    for g in games {
        *ends.entry(g.end.clone()).or_insert(0) += 1;
    }
    Figures {
        games: n,
        p1_wins,
        p2_wins,
        draws,
        timeouts,
        values,
        ci95,
        ends,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Colour;

    fn game(winner: Option<Colour>, timeout: bool, turns: usize, chances: &[f64]) -> GameFacts {
        GameFacts {
            round: 1,
            p1: Colour::White,
            names: ["white".into(), "black".into()],
            winner,
            end: if timeout {
                "max-plies"
            } else {
                "no-legal-move"
            }
            .into(),
            timeout,
            plies: turns,
            turns,
            branching: 10.0,
            coverage: 0.5,
            repetition: 0.0,
            p1_chances: chances.to_vec(),
            p1_scores: Vec::new(),
        }
    }

    #[test]
    fn shares_and_their_intervals_follow_the_results() {
        let w = Some(Colour::White);
        let b = Some(Colour::Black);
        let games = [
            game(w, false, 10, &[0.6, 0.7, 0.9]),
            game(w, false, 20, &[0.4, 0.6, 0.8]),
            game(b, false, 30, &[0.5, 0.3, 0.1]),
            game(None, true, 40, &[0.5, 0.5]),
        ];
        let f = figures(&games);
        let v = |n: &str| f.values[n].unwrap();
        assert_eq!(f.games, 4);
        assert_eq!(v("advantage_p1"), 0.5);
        assert_eq!(v("completion"), 0.75);
        assert_eq!(v("drawishness"), 0.0);
        assert_eq!(v("timeouts"), 0.25);
        assert_eq!(v("balance"), 0.75);
        assert_eq!(v("duration_turns"), 25.0);
        assert_eq!(f.ends["max-plies"], 1);
        assert_eq!(f.ends["no-legal-move"], 3);
        for (name, _) in METRICS {
            if let Some(ci) = f.ci95.get(name) {
                assert!(ci[0] <= v(name) && v(name) <= ci[1], "{name}: {ci:?}");
            }
        }
        // Game 2: the lead went from Black to White once in two steps; game 3: from none to
        // Black once in two; game 4: never; game 1: never.
        assert_eq!(v("lead_change"), (0.0 + 0.5 + 0.5 + 0.0) / 4.0);
        // Game 1: the loser (Black) was best at 0.4, White above it from the first ply.
        // Game 2: Black's best was 0.6 at the first ply; White first above 0.6 at the third.
        // Game 3: White's best was 0.5; Black above 0.5 from the second ply.
        assert!((v("decisiveness_threshold") - (0.4 + 0.6 + 0.5) / 3.0).abs() < 1e-12);
        assert!((v("decisiveness_moves") - (0.0 + 2.0 / 3.0 + 1.0 / 3.0) / 3.0).abs() < 1e-12);
    }

    #[test]
    fn wilson_stays_inside_the_unit_interval() {
        let [lo, hi] = wilson(0, 8);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.2 && hi < 0.5, "{hi}");
        let [lo, hi] = wilson(8, 8);
        assert!(lo > 0.5 && hi == 1.0);
    }

    #[test]
    fn no_games_define_no_values() {
        let f = figures(&[]);
        assert!(f.values.values().all(|v| v.is_none()));
        assert_eq!(f.values.len(), METRICS.len());
    }
}
