//! Monte Carlo tree search for the placement phase, where the branching factor is large and
//! a static evaluation of a half-filled board means little. PUCT selection with priors from a
//! one-ply evaluation, leaves valued by finishing the placement at random and evaluating the
//! first movement position (or by random playouts to the end), root parallelism with rayon,
//! and tree reuse from one move to the next. Reports the same events as the alpha-beta
//! search, so GUIs see no difference.

pub mod params;
pub mod tree;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

pub use params::{MctsParams, Playout};
pub use tree::{Node, Tree};

use crate::board::Bits;
use crate::nnue::{Accumulator, Layout, Net};
use crate::rules::{Colour, Game, Move, Position, Rules};
use crate::search::eval::evaluate;
use crate::search::{Bound, Clock, Event, Info, SearchResult, Weights};

/// A tree kept after a search, with the moves that led to its root.
#[derive(Clone, Debug, Default)]
pub struct Reuse {
    /// The game the tree belongs to: its ruleset and the position its history starts from
    /// (moves are square numbers, which mean other squares on another board).
    pub game_start: Option<(String, usize, usize, u64)>,
    pub root_history: Vec<Move>,
    pub tree: Tree,
}

/// What tells one game's moves from another's: the ruleset's name and board, and the key
/// of the position the history starts from.
pub fn game_start<B: Bits>(game: &Game<B>) -> Option<(String, usize, usize, u64)> {
    let r = game.ruleset();
    Some((
        r.name.clone(),
        r.rows,
        r.cols,
        game.frames()[0].pos.full_key(),
    ))
}

impl Reuse {
    /// The part of the kept tree that starts at `game`'s position, if `game` continues the
    /// kept root's game.
    pub fn take_for<B: Bits>(&self, game: &Game<B>) -> Option<Tree> {
        let history = game.moves();
        if self.game_start != game_start(game)
            || history.len() < self.root_history.len()
            || history[..self.root_history.len()] != self.root_history[..]
        {
            return None;
        }
        let mut node = 0;
        for mv in &history[self.root_history.len()..] {
            node = self.tree.child_by_move(node, mv)?;
        }
        Some(self.tree.subtree(node))
    }
}

/// The win probability (0..1) of a centipawn score.
fn probability(cp: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-cp / scale).exp())
}

/// The centipawn score of a win probability.
fn centipawns(p: f64, scale: f64) -> i32 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    (scale * (p / (1.0 - p)).ln()).round() as i32
}

/// What values the end of a playout: the formula, or a net that judges placements (see
/// [`crate::nnue::Net::judges_placements`]) where the placement is over.
#[derive(Clone)]
struct Judge<'a> {
    weights: &'a Weights,
    net: Option<(&'a Net, Layout)>,
}

impl<'a> Judge<'a> {
    /// The formula alone, or with `net` where the net judges placements and was trained for
    /// `rules`.
    fn new<B: Bits>(weights: &'a Weights, net: Option<&'a Net>, rules: &Rules<B>) -> Self {
        let net = net
            .filter(|n| n.judges_placements)
            .and_then(|n| n.check_for(rules).ok().map(|layout| (n, layout)));
        Judge { weights, net }
    }

    /// The score of `pos` for its side to move, in centipawns.
    fn evaluate<B: Bits>(&self, rules: &Rules<B>, pos: &Position<B>) -> i32 {
        match &self.net {
            // The net learnt the movement phase only: MCTS's placements are not its positions.
            Some((net, layout)) if !pos.placing() => {
                let acc = Accumulator::refresh(net, layout, pos);
                let max = crate::nnue::eval::MAX_SCORE;
                let learnt = net.evaluate(&acc, pos.side).clamp(-max, max);
                if net.adds_to_formula {
                    (learnt + evaluate(rules, pos, self.weights)).clamp(-max, max)
                } else {
                    learnt
                }
            }
            _ => evaluate(rules, pos, self.weights),
        }
    }
}

/// The result for White of a finished game, or the evaluation's view.
fn white_result<B: Bits>(game: &Game<B>, judge: &Judge, scale: f64) -> f64 {
    if let Some(o) = game.outcome() {
        return match o.winner {
            Some(Colour::White) => 1.0,
            Some(Colour::Black) => 0.0,
            None => 0.5,
        };
    }
    position_value(game, game.position(), judge, scale)
}

/// White's win probability by the static evaluation.
fn position_value<B: Bits>(game: &Game<B>, pos: &Position<B>, judge: &Judge, scale: f64) -> f64 {
    let v = judge.evaluate(game.rules(), pos) as f64;
    let p = probability(v, scale);
    if pos.side == Colour::White {
        p
    } else {
        1.0 - p
    }
}

struct Worker<'a, B: Bits> {
    game: Game<B>,
    tree: Tree,
    rng: StdRng,
    params: &'a MctsParams,
    judge: Judge<'a>,
    moves: Vec<Move>,
}

impl<B: Bits> Worker<'_, B> {
    /// Adds the children of node `n` (the current position of `self.game`), with priors from
    /// a softmax over one-ply evaluations. Returns false when the game is over here.
    fn expand(&mut self, n: u32) -> bool {
        let mut moves = std::mem::take(&mut self.moves);
        let over = self.game.status(&mut moves).is_some();
        self.tree.nodes[n as usize].expanded = true;
        if over {
            self.moves = moves;
            return false;
        }
        let pos = *self.game.position();
        let mover = pos.side;
        let rules = self.game.rules();
        let scores: Vec<f64> = moves
            .iter()
            .map(|m| {
                let after = rules.play(&pos, *m).pos;
                let v = evaluate(rules, &after, self.judge.weights) as f64;
                if after.side == mover { v } else { -v }
            })
            .collect();
        let best = scores.iter().cloned().fold(f64::MIN, f64::max);
        let t = self.params.prior_temperature.max(1.0);
        let weights: Vec<f64> = scores.iter().map(|s| ((s - best) / t).exp()).collect();
        let total: f64 = weights.iter().sum();
        let first = self.tree.nodes.len() as u32;
        for (m, w) in moves.iter().zip(&weights) {
            self.tree.nodes.push(Node::new(*m, n, (w / total) as f32));
        }
        let node = &mut self.tree.nodes[n as usize];
        node.first_child = first;
        node.children = moves.len() as u32;
        self.moves = moves;
        true
    }

    /// The PUCT choice among the children of `n`, from the view of the side to move there.
    fn select(&self, n: u32) -> u32 {
        let parent = &self.tree.nodes[n as usize];
        let sqrt_n = (parent.visits.max(1) as f64).sqrt();
        let c = self.params.exploration;
        let mut best = (f64::MIN, parent.first_child);
        for k in self.tree.children(n) {
            let child = &self.tree.nodes[k as usize];
            let q = if child.visits == 0 { 0.5 } else { child.mean() };
            let u = q + c * child.prior as f64 * sqrt_n / (1.0 + child.visits as f64);
            if u > best.0 {
                best = (u, k);
            }
        }
        best.1
    }

    /// Values the current position (a new leaf) as White's win probability.
    fn playout(&mut self) -> f64 {
        let scale = self.params.eval_scale;
        if self.game.outcome().is_some() {
            return white_result(&self.game, &self.judge, scale);
        }
        match self.params.playout {
            Playout::PlaceThenEvaluate => {
                // Placements need no history: play them on a copy of the position.
                let rules = self.game.rules();
                let mut pos = *self.game.position();
                let mut moves = std::mem::take(&mut self.moves);
                while pos.placing() {
                    rules.pseudo_moves(&pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[self.rng.random_range(0..moves.len())];
                    pos = rules.play(&pos, m).pos;
                }
                self.moves = moves;
                position_value(&self.game, &pos, &self.judge, scale)
            }
            Playout::RandomToEnd => {
                let mut played = 0;
                let mut moves = std::mem::take(&mut self.moves);
                while played < self.params.playout_cap {
                    if self.game.status(&mut moves).is_some() {
                        break;
                    }
                    let m = moves[self.rng.random_range(0..moves.len())];
                    self.game.make(m);
                    played += 1;
                }
                self.moves = moves;
                let v = white_result(&self.game, &self.judge, scale);
                for _ in 0..played {
                    self.game.undo();
                }
                v
            }
        }
    }

    /// One selection, expansion, playout and backup.
    fn iterate(&mut self) {
        let mut n = 0u32;
        let mut path = vec![0u32];
        let white = loop {
            let node = &self.tree.nodes[n as usize];
            if let Some(t) = node.terminal {
                break t;
            }
            if !node.expanded && !self.expand(n) {
                let v = white_result(&self.game, &self.judge, self.params.eval_scale);
                if n != 0 {
                    self.tree.nodes[n as usize].terminal = Some(v);
                }
                break v;
            }
            if self.tree.nodes[n as usize].children == 0 {
                break white_result(&self.game, &self.judge, self.params.eval_scale);
            }
            let c = self.select(n);
            self.game.make(self.tree.nodes[c as usize].mv);
            n = c;
            path.push(c);
            if self.tree.nodes[c as usize].visits == 0 {
                break self.playout();
            }
        };
        for &k in path.iter().rev() {
            if k != 0 {
                self.game.undo();
            }
            let parent_side = self.mover_of(k);
            let node = &mut self.tree.nodes[k as usize];
            node.visits += 1;
            node.wins += if parent_side == Colour::White {
                white
            } else {
                1.0 - white
            };
        }
    }

    /// The side that played node `k`'s move: the side to move at its parent. (Not simply
    /// alternating: in luductus White places last and then moves again.) Called while
    /// unwinding, when `self.game` stands at `k`'s parent.
    fn mover_of(&self, _k: u32) -> Colour {
        self.game.position().side
    }
}

/// What the placement search needs besides the position.
pub struct MctsConfig<'a> {
    pub params: &'a MctsParams,
    pub weights: &'a Weights,
    /// The ruleset's net, which values the playouts where it judges placements.
    pub net: Option<&'a Net>,
    pub threads: usize,
    /// Playouts (summed over threads) after which to stop.
    pub playouts: Option<u64>,
    pub seed: u64,
}

/// Searches `game` until `stop`, the clock or the playout limit; `tree` is a reused tree for
/// this position (or empty). Returns the result and the merged tree to keep.
pub fn run<B: Bits>(
    game: &Game<B>,
    tree: Tree,
    stop: &AtomicBool,
    clock: &Clock,
    cfg: &MctsConfig,
    report: &mut (dyn FnMut(Event) + Send),
) -> (SearchResult, Tree) {
    let threads = cfg.threads.max(1);
    let playouts = AtomicU64::new(0);
    let reported = AtomicU64::new(0);
    let report = std::sync::Mutex::new(report);
    let run_one = |id: usize| -> Tree {
        let mut w = Worker {
            game: game.clone(),
            tree: if id == 0 { tree.clone() } else { Tree::new() },
            rng: StdRng::seed_from_u64(
                cfg.seed ^ game.position().key ^ (id as u64).wrapping_mul(0x9E37),
            ),
            params: cfg.params,
            judge: Judge::new(cfg.weights, cfg.net, game.rules()),
            moves: Vec::with_capacity(128),
        };
        let mut last_report = 0;
        loop {
            let done = playouts.load(Ordering::Relaxed);
            if stop.load(Ordering::Relaxed)
                || clock.out_of_time()
                || clock.should_not_continue(1.0)
                || cfg.playouts.is_some_and(|n| done >= n)
            {
                break;
            }
            w.iterate();
            let total = playouts.fetch_add(1, Ordering::Relaxed) + 1;
            if id == 0 && clock.elapsed_ms() >= last_report + 500 {
                last_report = clock.elapsed_ms();
                let info = info_of(&w.tree, total, clock, cfg.params.eval_scale);
                reported.store(total, Ordering::Relaxed);
                if let Ok(mut r) = report.lock() {
                    r(Event::Info(info));
                }
            }
        }
        w.tree
    };
    let trees: Vec<Tree> = if threads == 1 {
        vec![run_one(0)]
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| (0..threads).into_par_iter().map(run_one).collect()),
            Err(_) => vec![run_one(0)],
        }
    };
    let mut merged = trees.into_iter();
    let mut main = merged.next().unwrap_or_default();
    for other in merged {
        // Root parallelism: add the other trees' root statistics into the main tree.
        for k in other.children(0) {
            let o = &other.nodes[k as usize];
            if let Some(c) = main.child_by_move(0, &o.mv) {
                let node = &mut main.nodes[c as usize];
                node.visits += o.visits;
                node.wins += o.wins;
            }
        }
        main.nodes[0].visits += other.nodes[0].visits;
    }
    let total = playouts.load(Ordering::Relaxed);
    let info = info_of(&main, total, clock, cfg.params.eval_scale);
    if reported.load(Ordering::Relaxed) != total
        && let Ok(mut r) = report.lock()
    {
        r(Event::Info(info.clone()));
    }
    let best = main.best_child(0).map(|c| main.nodes[c as usize].mv);
    let best = best.or_else(|| game.legal_moves().first().copied());
    let result = SearchResult {
        best,
        ponder: info.pv.get(1).copied(),
        value: info.value,
        depth: info.depth,
        nodes: total,
        lines: best
            .map(|b| vec![(b, info.value, info.pv.clone())])
            .unwrap_or_default(),
    };
    (result, main)
}

fn info_of(tree: &Tree, playouts: u64, clock: &Clock, scale: f64) -> Info {
    let pv = tree.principal_line(32);
    let value = tree
        .best_child(0)
        .map(|c| centipawns(tree.nodes[c as usize].mean(), scale))
        .unwrap_or(0);
    let time_ms = clock.elapsed_ms();
    Info {
        depth: pv.len() as i32,
        seldepth: pv.len(),
        multipv: 1,
        value,
        bound: Bound::Exact,
        nodes: playouts,
        nps: playouts * 1000 / time_ms.max(1),
        hashfull: 0,
        time_ms,
        pv,
    }
}
