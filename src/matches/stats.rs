//! Match statistics: score, Elo with a 95% error bar, likelihood of superiority, pentanomial
//! pair counts, and a sequential probability ratio test on the pentanomial model.

/// Results of one engine (the first) against the other, by game and by game pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Pairs (same opening, colours swapped) by the first engine's points: 0, 0.5, 1, 1.5, 2.
    pub pairs: [u32; 5],
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, 0 to 1.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Adds one game, given the first engine's points in it (1, 0.5 or 0).
    pub fn add_game(&mut self, points: f64) {
        match points {
            p if p > 0.75 => self.wins += 1,
            p if p < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// Adds one finished pair, given the first engine's points in it (0.0 to 2.0).
    pub fn add_pair(&mut self, points: f64) {
        let i = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.pairs[i] += 1;
    }

    /// Elo difference and the half-width of its 95% interval, from the game results.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games() as f64;
        let s = self.score();
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let sigma = (var / n).sqrt();
        let (lo, hi) = (s - 1.959964 * sigma, s + 1.959964 * sigma);
        if lo <= 0.0 || hi >= 1.0 {
            // The interval reaches a score no finite Elo gives: too few games to bound it.
            return (elo_of(s), f64::INFINITY);
        }
        (elo_of(s), (elo_of(hi) - elo_of(lo)) / 2.0)
    }

    /// The Elo difference for people: `+147.2 +/- 30.1`; `+inf` or `-inf` when every game
    /// was won or lost (no finite difference fits such a score); never `-0.0`.
    pub fn elo_text(&self) -> String {
        let s = self.score();
        if self.games() > 0 && self.draws == 0 && (self.wins == 0 || self.losses == 0) {
            return if s > 0.5 {
                "+inf".into()
            } else {
                "-inf".into()
            };
        }
        let (elo, err) = self.elo();
        // Adding 0.0 turns -0.0 into 0.0.
        format!("{:+.1} +/- {:.1}", elo + 0.0, err + 0.0)
    }

    /// Likelihood of superiority: the chance the first engine is the stronger, from wins and
    /// losses (draws carry no information about it).
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

/// The Elo difference that gives an expected score `s`.
pub fn elo_of(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score at an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26, absolute error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

/// A sequential probability ratio test between Elo `elo0` (H0) and `elo1` (H1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl Sprt {
    /// The log-likelihood-ratio bounds (lower, upper).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pair results, with the usual normal approximation of
    /// the pentanomial model: pair scores (0, 1/4, 1/2, 3/4, 1 per game) with their observed
    /// mean and variance, H0 and H1 expressed as logistic expected scores.
    pub fn llr(&self, pairs: &[u32; 5]) -> f64 {
        let total: u32 = pairs.iter().sum();
        if total < 2 {
            return 0.0;
        }
        // A prior of one pair spread evenly over the five outcomes: a one-sided result (say
        // every pair won) still has a variance and decides the test, and a handful of
        // identical pairs cannot. With a tiny pseudo-count instead (fishtest's 1e-3), four
        // drawn pairs have almost no variance and gave LLR -2.66 after 8 games.
        let counts: Vec<f64> = pairs.iter().map(|&c| c as f64 + 0.2).collect();
        let n: f64 = counts.iter().sum();
        let values = [0.0, 0.25, 0.5, 0.75, 1.0];
        let mean = counts.iter().zip(values).map(|(c, v)| c * v).sum::<f64>() / n;
        let var = counts
            .iter()
            .zip(values)
            .map(|(c, v)| c * (v - mean).powi(2))
            .sum::<f64>()
            / n; // above 0: the prior pair spreads over every outcome
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    pub fn verdict(&self, pairs: &[u32; 5]) -> Verdict {
        let llr = self.llr(pairs);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::AcceptH1
        } else if llr <= lo {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_from_scores() {
        assert!(close(elo_of(0.5), 0.0, 1e-9));
        assert!(close(elo_of(0.75), 190.848, 0.01));
        assert!(close(elo_of(0.25), -190.848, 0.01));
        assert!(close(score_of(elo_of(0.64)), 0.64, 1e-9));
    }

    #[test]
    fn elo_for_people_has_no_fake_numbers() {
        let t = |wins, draws, losses| Tally {
            wins,
            draws,
            losses,
            pairs: [0; 5],
        };
        assert_eq!(t(3, 0, 0).elo_text(), "+inf");
        assert_eq!(t(0, 0, 2).elo_text(), "-inf");
        assert_eq!(t(0, 4, 0).elo_text(), "+0.0 +/- 0.0");
        assert_eq!(t(1, 0, 1).elo_text(), "+0.0 +/- inf");
        assert_eq!(t(3, 1, 0).elo_text(), "+338.0 +/- inf");
        assert!(t(60, 20, 20).elo_text().starts_with("+147.2 +/- "));
    }

    #[test]
    fn error_bar_and_los_for_a_known_result() {
        // 60 wins, 20 draws, 20 losses: score 0.7, Elo +147.2.
        let t = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
            pairs: [0; 5],
        };
        let (elo, err) = t.elo();
        assert!(close(t.score(), 0.7, 1e-12));
        assert!(close(elo, 147.19, 0.05), "{elo}");
        // sigma of the score: sqrt(((60*.09)+(20*.04)+(20*.49))/100/100) = 0.04
        let want = (elo_of(0.7 + 1.959964 * 0.04) - elo_of(0.7 - 1.959964 * 0.04)) / 2.0;
        assert!(close(err, want, 1e-9) && close(err, 66.0, 0.05), "{err}");
        // LOS = Phi((60-20)/sqrt(80)) = Phi(4.47) ~ 0.999996
        assert!(t.los() > 0.99999 && t.los() < 1.0);
        let even = Tally {
            wins: 10,
            draws: 5,
            losses: 10,
            pairs: [0; 5],
        };
        assert!(close(even.los(), 0.5, 1e-6));
    }

    #[test]
    fn erf_matches_tables() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(0.5), 0.520_499_9, 1e-6));
        assert!(close(erf(1.0), 0.842_700_8, 1e-6));
        assert!(close(erf(-2.0), -0.995_322_3, 1e-6));
    }

    #[test]
    fn sprt_bounds_and_llr() {
        let s = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = s.bounds();
        assert!(close(lo, -2.944_439, 1e-5) && close(hi, 2.944_439, 1e-5));
        // 1000 pairs: [50, 200, 450, 230, 70] -> mean 0.5175, var computed by hand.
        let pairs = [50, 200, 450, 230, 70];
        let mean: f64 = 0.5175;
        let var = (50.0 * (0.0 - mean).powi(2)
            + 200.0 * (0.25 - mean).powi(2)
            + 450.0 * (0.5 - mean).powi(2)
            + 230.0 * (0.75 - mean).powi(2)
            + 70.0 * (1.0 - mean).powi(2))
            / 1000.0;
        let (s0, s1) = (0.5, score_of(5.0));
        let want = 1000.0 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        // The prior pair moves a thousand pairs' LLR by well under 1%.
        assert!(
            close(s.llr(&pairs), want, 0.01 * want),
            "{} {want}",
            s.llr(&pairs)
        );
        assert!(close(want, 1.767, 0.01), "{want}");
        assert_eq!(s.verdict(&pairs), Verdict::Continue);
        // A clearly stronger engine is accepted, a clearly weaker one rejected.
        assert_eq!(s.verdict(&[10, 100, 400, 350, 140]), Verdict::AcceptH1);
        assert_eq!(s.verdict(&[140, 350, 400, 100, 10]), Verdict::AcceptH0);
        // Every pair won: decided after a few dozen pairs, not stuck at zero variance.
        assert_eq!(s.verdict(&[0, 0, 0, 0, 12]), Verdict::Continue);
        assert_eq!(s.verdict(&[0, 0, 0, 0, 25]), Verdict::AcceptH1);
        assert_eq!(s.verdict(&[25, 0, 0, 0, 0]), Verdict::AcceptH0);
        assert_eq!(s.llr(&[0, 0, 0, 0, 1]), 0.0);
        // A few drawn pairs (no variance of their own) decide nothing.
        let drawn = s.llr(&[0, 0, 4, 0, 0]);
        assert!(drawn.abs() < 0.1, "{drawn}");
        assert_eq!(s.verdict(&[0, 0, 10, 0, 0]), Verdict::Continue);
    }
}
