//! Texel tuning: the evaluation weights fitted to game results. Every weight enters the
//! evaluation linearly, so a position is reduced once to its *features* (the evaluation's
//! derivative by each weight); the fit is then a logistic regression: the chance that White
//! wins is `sigmoid(K * eval)`, and the weights (with `K`) minimise the squared error
//! between that chance and the games' results (1, 1/2, 0).

use crate::board::Bits;
use crate::rules::{Colour, Game, IllegalMove, Position, Rules};
use crate::search::Weights;
use crate::search::alphabeta::tactical_squares;
use crate::search::eval::terms;

/// The weight given to each weight's probe, so that the rounding inside the evaluation
/// (square roots, divisions) is lost in the fraction.
const PROBE: i32 = 1000;

/// One position of a game: its features and the game's result for White (the label the
/// fit aims at), and the engine's search score of the position for White where the record
/// has one (centipawns).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub features: Vec<f64>,
    pub result: f64,
    pub score: Option<f64>,
}

/// The features of `pos`: feature `i` is how many centipawns the evaluation, from White's
/// point of view, gains per centipawn of weight `i` (so the evaluation is the dot product
/// of the weights with these, up to rounding).
pub fn features<B: Bits>(rules: &Rules<B>, pos: &Position<B>) -> Vec<f64> {
    let zero = {
        let mut w = Weights::default();
        for i in 0..Weights::NAMES.len() {
            w.set(i, 0);
        }
        w
    };
    (0..Weights::NAMES.len())
        .map(|i| {
            let mut w = zero.clone();
            w.set(i, PROBE);
            white_eval(rules, pos, &w) as f64 / PROBE as f64
        })
        .collect()
}

/// The evaluation from White's point of view.
pub fn white_eval<B: Bits>(rules: &Rules<B>, pos: &Position<B>, w: &Weights) -> i32 {
    let v = terms(rules, pos, w).total(pos.side);
    if pos.side == Colour::White { v } else { -v }
}

/// Whether a position is quiet enough to learn from: the movement phase, a fresh turn, no
/// man trapped, and no capture, trap or removal for the side to move (the evaluation does
/// not see those through).
pub fn quiet<B: Bits>(game: &Game<B>) -> bool {
    let pos = game.position();
    if pos.placing() || pos.turn != crate::rules::Turn::Fresh || pos.trapped.any() {
        return false;
    }
    let (captures, near_leader) = tactical_squares(game.rules(), pos);
    let mut moves = Vec::new();
    game.tactical_moves(captures | near_leader, &mut moves);
    moves.is_empty()
}

/// At most `most` of `samples` (0: all), evenly spaced from the first on.
pub fn evenly_spaced(samples: Vec<Sample>, most: usize) -> Vec<Sample> {
    let n = samples.len();
    if most == 0 || n <= most {
        return samples;
    }
    let mut keep = (0..most).map(|k| k * n / most).peekable();
    samples
        .into_iter()
        .enumerate()
        .filter_map(|(i, s)| {
            (keep.peek() == Some(&i)).then(|| {
                keep.next();
                s
            })
        })
        .collect()
}

/// The quiet positions of a game (from ply `skip` on, the game not yet over), each with
/// the game's `result` for White and `scores[ply]`, the mover's search score of the move
/// played there (the mover's view, centipawns), turned to White's view.
pub fn samples_of<B: Bits>(
    game: &mut Game<B>,
    tokens: &[String],
    scores: &[Option<i32>],
    skip: usize,
    result: f64,
) -> Result<Vec<Sample>, IllegalMove> {
    let mut out = Vec::new();
    for (ply, token) in tokens.iter().enumerate() {
        if ply >= skip && game.outcome().is_none() && quiet(game) {
            let sign = if game.position().side == Colour::White {
                1.0
            } else {
                -1.0
            };
            out.push(Sample {
                features: features(game.rules(), game.position()),
                result,
                score: scores.get(ply).copied().flatten().map(|s| sign * s as f64),
            });
        }
        game.play_token(token)?;
    }
    Ok(out)
}

/// Blends each sample's label: `lambda` of the game's result and the rest the chance that
/// its search score gives at scale `k` (samples without a score keep the result).
pub fn blend_labels(samples: &mut [Sample], lambda: f64, k: f64) {
    for s in samples {
        if let Some(score) = s.score {
            s.result = lambda * s.result + (1.0 - lambda) * sigmoid(k * score);
        }
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(w: &[f64], f: &[f64]) -> f64 {
    w.iter().zip(f).map(|(a, b)| a * b).sum()
}

/// The mean squared error of the predictions `sigmoid(k * eval)` against the results.
pub fn loss(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| (sigmoid(k * dot(w, &s.features)) - s.result).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The `k` that fits the results best for weights `w` (golden-section search on a log
/// scale: the loss is unimodal in `k`).
pub fn fit_k(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = ((1e-5f64).ln(), (1.0f64).ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let f = |x: f64| loss(samples, w, x.exp());
    let (mut a, mut b) = (hi - g * (hi - lo), lo + g * (hi - lo));
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..60 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = f(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// How a fit runs.
#[derive(Clone, Debug)]
pub struct FitConfig {
    /// Weights the fit leaves alone (the man's value is the unit of the scale).
    pub fixed: Vec<usize>,
    /// Rounds of (fit `k`, then the weights).
    pub rounds: usize,
    /// Adam steps per round, over the whole training set each.
    pub steps: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            fixed: vec![Weights::index("man").expect("the man's weight")],
            rounds: 4,
            steps: 500,
            rate: 1.0,
        }
    }
}

/// A fit's result.
#[derive(Clone, Debug)]
pub struct Fit {
    pub k: f64,
    /// The fitted weights, before rounding.
    pub exact: Vec<f64>,
    pub weights: Weights,
}

/// Fits the weights (starting from `start`) and `k` to `train`: alternately the best `k`
/// for the weights, then Adam steps on the weights for that `k`.
pub fn fit(train: &[Sample], start: &Weights, cfg: &FitConfig) -> Fit {
    let n = Weights::NAMES.len();
    let mut w: Vec<f64> = (0..n).map(|i| start.get(i) as f64).collect();
    let free: Vec<usize> = (0..n).filter(|i| !cfg.fixed.contains(i)).collect();
    let mut k = fit_k(train, &w);
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    for _ in 0..cfg.rounds {
        let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
        for t in 1..=cfg.steps {
            let mut grad = vec![0.0; n];
            for s in train {
                let p = sigmoid(k * dot(&w, &s.features));
                let g = 2.0 * (p - s.result) * p * (1.0 - p) * k;
                for &i in &free {
                    grad[i] += g * s.features[i];
                }
            }
            for &i in &free {
                let g = grad[i] / train.len().max(1) as f64;
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                let mh = m[i] / (1.0 - b1.powi(t as i32));
                let vh = v[i] / (1.0 - b2.powi(t as i32));
                w[i] -= cfg.rate * mh / (vh.sqrt() + eps);
            }
        }
        k = fit_k(train, &w);
    }
    let mut weights = start.clone();
    for &i in &free {
        weights.set(i, w[i].round() as i32);
    }
    Fit {
        k,
        exact: w,
        weights,
    }
}

/// The weights as numbers, for [`loss`].
pub fn as_vector(w: &Weights) -> Vec<f64> {
    (0..Weights::NAMES.len()).map(|i| w.get(i) as f64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::preset;
    use std::sync::Arc;

    /// The features reproduce the evaluation: the dot product with the default weights is
    /// the evaluation, within the rounding of the terms.
    #[test]
    fn the_evaluation_is_the_features_times_the_weights() {
        for (variant, fen) in [
            ("kowalski-8x12", "12/3k8/12/mmm9/12/MMMMMM6/3K8/12 w - 0 40"),
            (
                "little-soldiers",
                "2mm4/4m3/m2m3m/8/7M/3M1M1M/M1M1MM2/2M1M3 w - 9 40",
            ),
            ("murray", "MM1M3M/5K2/1k6/1m6/3M3M/8/4m3/7m b - 4 60"),
        ] {
            let rules = Arc::new(Rules::<u128>::new(preset(variant).unwrap()).unwrap());
            let game = Game::from_fen(rules.clone(), fen).unwrap();
            let w = Weights::default();
            let f = features(&rules, game.position());
            let e = white_eval(&rules, game.position(), &w) as f64;
            let d = dot(&as_vector(&w), &f);
            assert!((d - e).abs() <= 3.0, "{variant}: {d} against {e}");
            assert!(f.iter().any(|x| *x != 0.0));
        }
    }

    #[test]
    fn labels_blend_the_result_with_the_search_score() {
        let sample = |score| Sample {
            features: vec![],
            result: 1.0,
            score,
        };
        let mut s = vec![sample(Some(0.0)), sample(Some(200.0)), sample(None)];
        blend_labels(&mut s, 1.0, 0.01);
        assert_eq!(
            s.iter().map(|x| x.result).collect::<Vec<_>>(),
            [1.0, 1.0, 1.0]
        );
        blend_labels(&mut s, 0.5, 0.01);
        assert_eq!(s[0].result, 0.75);
        assert!((s[1].result - (0.5 + 0.5 * sigmoid(2.0))).abs() < 1e-12);
        assert_eq!(s[2].result, 1.0);
    }

    /// Ten positions thinned to four keep the first and three more spread evenly through
    /// the game; asking for all of them (or more, or 0) keeps all.
    #[test]
    fn a_long_game_is_thinned_evenly() {
        let game: Vec<Sample> = (0..10)
            .map(|i| Sample {
                features: vec![i as f64],
                result: 0.5,
                score: None,
            })
            .collect();
        let kept = |most| -> Vec<f64> {
            evenly_spaced(game.clone(), most)
                .iter()
                .map(|s| s.features[0])
                .collect()
        };
        assert_eq!(kept(4), [0.0, 2.0, 5.0, 7.0]);
        assert_eq!(kept(10).len(), 10);
        assert_eq!(kept(0).len(), 10);
        assert_eq!(kept(25).len(), 10);
    }

    /// A data set made from known weights: results drawn as the logistic model says (each
    /// feature vector appears with both results in the model's proportion). Starting from
    /// other weights, the fit finds the known ones.
    #[test]
    fn the_fit_finds_the_weights_that_made_the_data() {
        let n = Weights::NAMES.len();
        let truth: Vec<f64> = (0..n)
            .map(|i| match Weights::NAMES[i] {
                "man" => 100.0,
                "mobility" => 7.0,
                "edge" => -12.0,
                "tempo" => 20.0,
                _ => 0.0,
            })
            .collect();
        let k_true = 0.01;
        let mut state = 12345u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as f64 / (1u64 << 31) as f64
        };
        let mut samples = Vec::new();
        for _ in 0..4000 {
            let mut f = vec![0.0; n];
            f[Weights::index("man").unwrap()] = (next() * 7.0).floor() - 3.0;
            f[Weights::index("mobility").unwrap()] = (next() * 40.0).floor() - 20.0;
            f[Weights::index("edge").unwrap()] = (next() * 9.0).floor() - 4.0;
            f[Weights::index("tempo").unwrap()] = if next() < 0.5 { 1.0 } else { -1.0 };
            let p = sigmoid(k_true * dot(&truth, &f));
            samples.push(Sample {
                features: f,
                result: p,
                score: None,
            });
        }
        let mut start = Weights::default();
        for i in 0..n {
            start.set(i, 0);
        }
        start.man = 100;
        start.mobility = 1;
        let before = loss(
            &samples,
            &as_vector(&start),
            fit_k(&samples, &as_vector(&start)),
        );
        let fit = fit(
            &samples,
            &start,
            &FitConfig {
                rounds: 6,
                steps: 400,
                ..FitConfig::default()
            },
        );
        let after = loss(&samples, &fit.exact, fit.k);
        assert!(after < before / 100.0, "{before} -> {after}");
        assert!((fit.k - k_true).abs() < 0.0005, "k {}", fit.k);
        assert_eq!(fit.weights.man, 100);
        assert_eq!(fit.weights.mobility, 7, "{:?}", fit.exact);
        assert_eq!(fit.weights.edge, -12, "{:?}", fit.exact);
        assert_eq!(fit.weights.tempo, 20, "{:?}", fit.exact);
        assert_eq!(fit.weights.room, 0);
    }
}
