//! Which book move to play: `BookVariety` turns weights into chances, and a small
//! deterministic random source picks one, so that a session replays the same way.
//!
//! Variety 0 always plays the highest weight. Above 0 it is a temperature `T = variety/100`:
//! a move's chance is proportional to `(weight / best weight)^(1/T)`. At 100 the chance is
//! proportional to the weight itself; at 10 a move expected to score 50% is played 0.39 times
//! as often as one expected to score 55% (`(50/55)^10`). A weight of 0 is never chosen.

/// The engine's default `BookVariety`.
pub const DEFAULT_VARIETY: u32 = 10;
/// The highest `BookVariety`.
pub const MAX_VARIETY: u32 = 100;

/// The chance of each weight (in the order given; ties under variety 0 go to the first).
/// All zero when every weight is 0.
pub fn probabilities(weights: &[u16], variety: u32) -> Vec<f64> {
    let mut out = vec![0.0; weights.len()];
    let best = weights.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return out;
    }
    if variety == 0 {
        if let Some(i) = weights.iter().position(|&w| w == best) {
            out[i] = 1.0;
        }
        return out;
    }
    let t = variety.min(MAX_VARIETY) as f64 / MAX_VARIETY as f64;
    for (p, &w) in out.iter_mut().zip(weights) {
        *p = (w as f64 / best as f64).powf(1.0 / t);
    }
    let total: f64 = out.iter().sum();
    for p in &mut out {
        *p /= total;
    }
    out
}

/// The index `r` (uniform in 0..1) falls on, or `None` when every chance is 0.
pub fn pick(chances: &[f64], r: f64) -> Option<usize> {
    let mut acc = 0.0;
    let mut last = None;
    for (i, &p) in chances.iter().enumerate() {
        if p <= 0.0 {
            continue;
        }
        acc += p;
        last = Some(i);
        if r < acc {
            return Some(i);
        }
    }
    last
}

/// One step of SplitMix64: a well-mixed 64-bit value of `x`.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniform number in 0..1 made from `x`.
pub fn unit(x: u64) -> f64 {
    (mix(x) >> 11) as f64 / (1u64 << 53) as f64
}

/// A small seeded random source (SplitMix64), the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }
    /// Uniform in 0..1.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A standard normal number (Box-Muller).
    pub fn normal(&mut self) -> f64 {
        let u1 = 1.0 - self.unit();
        let u2 = self.unit();
        (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variety_zero_is_the_best_weight_and_higher_spreads() {
        assert_eq!(probabilities(&[5000, 7000, 7000], 0), vec![0.0, 1.0, 0.0]);
        assert_eq!(probabilities(&[0, 0], 50), vec![0.0, 0.0]);
        assert_eq!(probabilities(&[], 50), Vec::<f64>::new());
        let p = probabilities(&[6000, 3000, 0], 100);
        assert!((p[0] - 2.0 / 3.0).abs() < 1e-12 && p[2] == 0.0);
        let cool = probabilities(&[6000, 5700], 10);
        let warm = probabilities(&[6000, 5700], 50);
        assert!(cool[1] < warm[1] && warm[1] < 0.5);
        assert_eq!(pick(&p, 0.0), Some(0));
        assert_eq!(pick(&p, 0.7), Some(1));
        assert_eq!(pick(&p, 0.999_999), Some(1));
        assert_eq!(pick(&[0.0, 0.0], 0.3), None);
    }

    #[test]
    fn the_random_source_is_seeded() {
        let mut a = Rng::new(9);
        let mut b = Rng::new(9);
        let xs: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(Rng::new(10).next_u64(), xs[0]);
        assert!((0..1000).map(|_| a.unit()).all(|u| (0.0..1.0).contains(&u)));
        assert!((0..1000).map(|_| a.normal()).all(f64::is_finite));
    }
}
