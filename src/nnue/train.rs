//! The trainer: f32 weights, a sparse first layer, Adam, rayon over each batch; the net is
//! quantised when it is exported.
//!
//! Why our own: the net is small (about a thousand inputs, of which some 20 to 60 are on,
//! into 128 units) and its first layer is sparse. The Rust trainer the NNUE engines use,
//! bullet, is built around CUDA (its own words: the CPU backend is "not intended for serious
//! training use") and around chess and ataxx inputs; candle and burn offer dense tensors,
//! and an embedding-bag with sparse gradients on the CPU is not among their building blocks
//! (libtorch has one, through the `tch` crate, at the price of a large native download).
//! A sparse trainer of our own is a few hundred lines, has no dependency beyond rayon,
//! touches only the active features' rows in the forward and backward passes, and trains a
//! net of this size from a million positions in minutes on two cores.
//!
//! The target blends the game's result and the search's score, as Stockfish's and bullet's
//! trainers do: `lambda * result + (1 - lambda) * sigmoid(score / SCALE)`, both from the side
//! to move's view; the loss is the squared error of `sigmoid(output)` against it. A net
//! trained on top of the formula has each sample's formula evaluation added to its output
//! (in training as in play), so it learns only the formula's error.

use rayon::prelude::*;

use super::features::Layout;
use super::infer::MAX_OUT_WEIGHT;
use super::net::{Header, Net};
use super::{HIDDEN, QA, QB, SCALE};
use crate::board::Bits;
use crate::rules::Position;

/// The largest first-layer weight or bias (a few dozen active features cannot then push a
/// sum out of the i16 range once quantised at `QA`).
const FT_CLIP: f32 = 1.98;
/// The largest output weight, what the integer inference allows.
const OUT_CLIP: f32 = MAX_OUT_WEIGHT as f32 / QB as f32;
/// Samples per piece of a batch that one thread works on: fixed, so that the sums are
/// added in the same order whatever the number of threads (training is reproducible).
const PIECE: usize = 512;

/// A training position: its features from the side to move's view and the other side's,
/// the search's score and the game's result, both for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub us: Vec<u16>,
    pub them: Vec<u16>,
    /// Centipawns, if the position was searched.
    pub score: Option<f32>,
    /// 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
    /// Centipawns the net's output is added to: the formula's evaluation, for a net that
    /// learns on top of the formula (none: the net evaluates alone).
    pub base: Option<f32>,
}

impl Sample {
    /// The sample of `pos` (score and result for the side to move).
    pub fn of<B: Bits>(
        layout: &Layout,
        pos: &Position<B>,
        score: Option<f32>,
        result: f32,
    ) -> Self {
        let view = |c| {
            layout
                .active(pos, c)
                .into_iter()
                .map(|f| f as u16)
                .collect()
        };
        Sample {
            us: view(pos.side),
            them: view(pos.side.other()),
            score,
            result,
            base: None,
        }
    }

    /// The sample with the formula's evaluation `base` (centipawns, side to move) to learn
    /// on top of.
    pub fn with_base(self, base: f32) -> Sample {
        Sample {
            base: Some(base),
            ..self
        }
    }

    /// What the net's output (a logit) is added to.
    fn offset(&self) -> f32 {
        self.base.map_or(0.0, |b| b / SCALE as f32)
    }

    /// The sample of the position reflected left to right (see
    /// [`Layout::mirror_feature`]).
    pub fn mirrored(&self, layout: &Layout) -> Sample {
        let mirror = |v: &[u16]| -> Vec<u16> {
            let mut m: Vec<u16> = v
                .iter()
                .map(|&f| layout.mirror_feature(f as usize) as u16)
                .collect();
            m.sort_unstable();
            m
        };
        Sample {
            us: mirror(&self.us),
            them: mirror(&self.them),
            ..self.clone()
        }
    }

    /// The value the net is trained towards.
    pub fn target(&self, lambda: f32) -> f32 {
        match self.score {
            Some(s) => lambda * self.result + (1.0 - lambda) * sigmoid(s / SCALE as f32),
            None => self.result,
        }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A net in f32, as the trainer holds it. The output is a logit: centipawns / `SCALE`.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub features: usize,
    pub ft_w: Vec<f32>,
    pub ft_b: Vec<f32>,
    pub out_w: Vec<f32>,
    pub out_b: f32,
}

/// A small deterministic generator (xorshift*), for initial weights and shuffling.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in [-1, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
    /// Uniform in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    /// True with probability `p` (from 0 to 1).
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
    }
}

impl Model {
    /// Random initial weights for `features` inputs.
    pub fn new(features: usize, seed: u64) -> Model {
        let mut rng = Rng::new(seed);
        Model {
            features,
            ft_w: (0..features * HIDDEN).map(|_| 0.1 * rng.unit()).collect(),
            ft_b: (0..HIDDEN).map(|_| 0.1 + 0.1 * rng.unit()).collect(),
            out_w: (0..2 * HIDDEN).map(|_| 0.1 * rng.unit()).collect(),
            out_b: 0.0,
        }
    }

    fn sums(&self, active: &[u16]) -> [f32; HIDDEN] {
        let mut acc = [0.0; HIDDEN];
        acc.copy_from_slice(&self.ft_b);
        for &f in active {
            let row = &self.ft_w[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        acc
    }

    /// The output (a logit) for a sample: the net's alone, without the sample's base.
    pub fn forward(&self, s: &Sample) -> f32 {
        let (us, them) = (self.sums(&s.us), self.sums(&s.them));
        let act = |a: f32| a.clamp(0.0, 1.0).powi(2);
        let (w_us, w_them) = self.out_w.split_at(HIDDEN);
        let dot = |acc: &[f32; HIDDEN], w: &[f32]| -> f32 {
            acc.iter().zip(w).map(|(&a, &w)| act(a) * w).sum()
        };
        dot(&us, w_us) + dot(&them, w_them) + self.out_b
    }

    /// The integer net, for `header`'s ruleset (evaluating alone: a caller that trained it
    /// on top of the formula says so in the net).
    pub fn quantise(&self, header: Header) -> Net {
        let q = |w: f32, scale: f32, clip: f32| (w.clamp(-clip, clip) * scale).round() as i16;
        Net {
            header,
            features: self.features,
            ft_weights: self
                .ft_w
                .iter()
                .map(|&w| q(w, QA as f32, FT_CLIP))
                .collect(),
            ft_bias: self
                .ft_b
                .iter()
                .map(|&w| q(w, QA as f32, FT_CLIP))
                .collect(),
            out_weights: self
                .out_w
                .iter()
                .map(|&w| q(w, QB as f32, OUT_CLIP))
                .collect(),
            out_bias: (self.out_b as f64 * (QA * QB) as f64)
                .round()
                .clamp(i32::MIN as f64, i32::MAX as f64) as i32,
            adds_to_formula: false,
            judges_placements: false,
        }
    }
}

/// The gradient of the loss over some samples (the first layer's rows only where a
/// feature was on).
struct Grad {
    ft_w: Vec<f32>,
    touched: Vec<bool>,
    ft_b: Vec<f32>,
    out_w: Vec<f32>,
    out_b: f32,
    loss: f64,
}

impl Grad {
    fn zero(features: usize) -> Grad {
        Grad {
            ft_w: vec![0.0; features * HIDDEN],
            touched: vec![false; features],
            ft_b: vec![0.0; HIDDEN],
            out_w: vec![0.0; 2 * HIDDEN],
            out_b: 0.0,
            loss: 0.0,
        }
    }

    fn add(&mut self, o: &Grad) {
        for (f, &t) in o.touched.iter().enumerate() {
            if t {
                self.touched[f] = true;
                let rows = f * HIDDEN..(f + 1) * HIDDEN;
                for (a, b) in self.ft_w[rows.clone()].iter_mut().zip(&o.ft_w[rows]) {
                    *a += b;
                }
            }
        }
        for (a, b) in self.ft_b.iter_mut().zip(&o.ft_b) {
            *a += b;
        }
        for (a, b) in self.out_w.iter_mut().zip(&o.out_w) {
            *a += b;
        }
        self.out_b += o.out_b;
        self.loss += o.loss;
    }

    /// Adds one sample's gradient.
    fn sample(&mut self, m: &Model, s: &Sample, lambda: f32) {
        let views = [
            (&s.us, m.sums(&s.us), 0),
            (&s.them, m.sums(&s.them), HIDDEN),
        ];
        let mut out = m.out_b + s.offset();
        for (_, acc, base) in &views {
            for (i, &a) in acc.iter().enumerate() {
                out += a.clamp(0.0, 1.0).powi(2) * m.out_w[base + i];
            }
        }
        let p = sigmoid(out);
        let t = s.target(lambda);
        self.loss += ((p - t) * (p - t)) as f64;
        let d = 2.0 * (p - t) * p * (1.0 - p);
        self.out_b += d;
        for (active, acc, base) in &views {
            let mut da = [0.0f32; HIDDEN];
            for (i, &a) in acc.iter().enumerate() {
                let c = a.clamp(0.0, 1.0);
                self.out_w[base + i] += d * c * c;
                if a > 0.0 && a < 1.0 {
                    da[i] = d * m.out_w[base + i] * 2.0 * a;
                }
            }
            for (b, g) in self.ft_b.iter_mut().zip(&da) {
                *b += g;
            }
            for &f in active.iter() {
                let f = f as usize;
                self.touched[f] = true;
                let row = &mut self.ft_w[f * HIDDEN..(f + 1) * HIDDEN];
                for (w, g) in row.iter_mut().zip(&da) {
                    *w += g;
                }
            }
        }
    }
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Passes over the data.
    pub epochs: usize,
    /// Samples per gradient step.
    pub batch: usize,
    /// Adam's step size at the start; it falls linearly to a tenth of it by the end.
    pub rate: f32,
    /// The share of the game's result in the target (the rest is the search's score).
    pub lambda: f32,
    /// Seeds the shuffling.
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 20,
            batch: 4096,
            rate: 0.002,
            lambda: 0.5,
            seed: 1,
        }
    }
}

/// Adam's running moments, one pair per weight.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step on `w[range]` with gradient `g` (the mean over the batch), clipping.
    fn step(&mut self, at: usize, w: &mut [f32], g: &[f32], rate: f32, clip: f32) {
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(self.t);
        let c2 = 1.0 - b2.powi(self.t);
        for (i, (w, &g)) in w.iter_mut().zip(g).enumerate() {
            let (m, v) = (&mut self.m[at + i], &mut self.v[at + i]);
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *w = w.clamp(-clip, clip);
        }
    }
}

/// The mean loss of `model` over `data`.
pub fn loss(model: &Model, data: &[Sample], lambda: f32) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let total: f64 = data
        .par_iter()
        .map(|s| {
            let e = sigmoid(model.forward(s) + s.offset()) - s.target(lambda);
            (e * e) as f64
        })
        .sum();
    total / data.len() as f64
}

/// Trains `model` on `data`; `after_epoch(epoch, mean training loss)` is called after each
/// pass. Runs on the current rayon pool; the result does not depend on its size.
pub fn train(
    model: &mut Model,
    data: &[Sample],
    cfg: &TrainConfig,
    after_epoch: &mut dyn FnMut(usize, f64),
) {
    let f = model.features;
    let mut adam = [
        Adam::new(f * HIDDEN),
        Adam::new(HIDDEN),
        Adam::new(2 * HIDDEN + 1),
    ];
    let mut order: Vec<usize> = (0..data.len()).collect();
    let mut rng = Rng::new(cfg.seed);
    let batch = cfg.batch.max(1);
    let steps = cfg.epochs * data.len().div_ceil(batch);
    let mut step = 0;
    for epoch in 0..cfg.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut total = 0.0;
        for chunk in order.chunks(batch) {
            let pieces: Vec<Grad> = chunk
                .par_chunks(PIECE)
                .map(|piece| {
                    let mut g = Grad::zero(f);
                    for &i in piece {
                        g.sample(model, &data[i], cfg.lambda);
                    }
                    g
                })
                .collect();
            let mut g = Grad::zero(f);
            for p in &pieces {
                g.add(p);
            }
            total += g.loss;
            let rate = cfg.rate * (1.0 - 0.9 * step as f32 / steps.max(1) as f32);
            apply(model, &mut adam, &g, chunk.len() as f32, rate);
            step += 1;
        }
        after_epoch(epoch, total / data.len().max(1) as f64);
    }
}

/// One Adam step from a batch's summed gradient `g` over `n` samples.
fn apply(model: &mut Model, adam: &mut [Adam; 3], g: &Grad, n: f32, rate: f32) {
    for a in adam.iter_mut() {
        a.t += 1;
    }
    let mean = |v: &[f32]| -> Vec<f32> { v.iter().map(|x| x / n).collect() };
    for (feature, &t) in g.touched.iter().enumerate() {
        if t {
            let rows = feature * HIDDEN..(feature + 1) * HIDDEN;
            let grad = mean(&g.ft_w[rows.clone()]);
            adam[0].step(rows.start, &mut model.ft_w[rows], &grad, rate, FT_CLIP);
        }
    }
    adam[1].step(0, &mut model.ft_b, &mean(&g.ft_b), rate, FT_CLIP);
    adam[2].step(0, &mut model.out_w, &mean(&g.out_w), rate, OUT_CLIP);
    let mut b = [model.out_b];
    adam[2].step(2 * HIDDEN, &mut b, &[g.out_b / n], rate, 1e6);
    model.out_b = b[0];
}
