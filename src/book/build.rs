//! Growing a book by self-play with the engine's own searches.
//!
//! Each game starts from the start position. Inside the book depth a move is taken from the
//! book by Thompson sampling (each move's expected score drawn from a normal approximation
//! of its uncertainty, the highest draw is played), unless the position is due a new move
//! (progressive widening: a position that `N` games went through holds up to
//! `1 + floor(sqrt(N)) / 2` moves); then a search with a fixed node budget finds the best
//! move the book does not have yet, which is added with its search score. Past the book
//! depth the game is finished quickly by small node-limited searches, and adjudicated at a
//! ply cap by a search's score. The result is counted in every book move the game played,
//! from the mover's side.
//!
//! Games are played in batches of `threads` at a time on a rayon pool, all against the book
//! as it was when the batch began, and merged in game order, so the same seed and thread
//! count give the same book. Node budgets (never clocks) limit every search, and each game
//! has an engine of its own with one search thread.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::choose::{Rng, mix};
use super::entry::{Entry, PRIOR_GAMES, Points, SCORE_LIMIT};
use super::error::BookError;
use super::key::key_of;
use super::table::Book;
use crate::board::Bits;
use crate::engine::{Engine, EngineEvent, PlacementSearch};
use crate::rules::{Colour, Game, Move, Rules};
use crate::search::score::{Reported, report};
use crate::search::{Limits, SearchResult, Value};

/// A search score (side to move's view) at least this big at the ply cap wins the game.
pub const ADJUDICATE_CP: i32 = 150;

/// When a build stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Games(u64),
    Time(Duration),
}

/// How to build.
#[derive(Clone, Debug)]
pub struct BuildConfig {
    pub stop: Stop,
    /// The book depth: plies from the start in which moves come from (and go into) the book.
    pub plies: u32,
    /// Node budget (playouts while placing) of a search that adds a book move.
    pub nodes: u64,
    /// Node budget of each move after the book depth.
    pub finish_nodes: u64,
    /// Plies after which an unfinished game is adjudicated.
    pub max_plies: u32,
    /// Games played at the same time.
    pub threads: usize,
    pub seed: u64,
    /// The search that plays placements (the engine's `PlacementSearch`).
    pub placement_search: PlacementSearch,
}

impl Default for BuildConfig {
    fn default() -> Self {
        BuildConfig {
            stop: Stop::Games(100),
            plies: 12,
            nodes: 20_000,
            finish_nodes: 2_000,
            max_plies: 200,
            threads: 1,
            seed: 1,
            placement_search: PlacementSearch::Auto,
        }
    }
}

/// How far a build has come.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Games played by this build.
    pub games: u64,
    /// Games the book has seen in all (this build and the ones before).
    pub total_games: u64,
    pub positions: usize,
    pub entries: usize,
    pub elapsed: Duration,
}

/// A book move played in one game.
struct Step {
    key: u64,
    /// In the book's orientation.
    token: String,
    mover: Colour,
    /// The search score when the game's search found the move (it may be new to the book).
    found: Option<i32>,
}

/// One finished game.
struct Played {
    steps: Vec<Step>,
    /// `None`: a draw.
    winner: Option<Colour>,
}

/// Games the book has seen: the games through its start position.
pub fn games_in<B: Bits>(book: &Book, rules: &Rules<B>) -> u64 {
    let key = key_of(rules, &rules.start()).key;
    book.entries(key).iter().map(|e| e.visits as u64).sum()
}

/// A score as the book stores it: centipawns, a forced win or loss as +-`SCORE_LIMIT`.
pub fn book_score(v: Value) -> i32 {
    match report(v) {
        Reported::Centipawns(cp) => cp.clamp(-SCORE_LIMIT, SCORE_LIMIT),
        Reported::Mate(n) if n > 0 => SCORE_LIMIT,
        Reported::Mate(_) => -SCORE_LIMIT,
    }
}

/// A node-limited search (only `only`'s moves if not empty); `None` if it found nothing.
pub fn search<B: Bits>(
    engine: &mut Engine,
    game: &Game<B>,
    limits: Limits,
    only: Vec<Move>,
) -> Option<SearchResult> {
    let slot = Arc::new(Mutex::new(None));
    let put = slot.clone();
    engine.go(
        game,
        limits,
        only,
        Box::new(move |e| {
            if let EngineEvent::Done(r) = e {
                *put.lock().unwrap_or_else(|p| p.into_inner()) = Some(r);
            }
        }),
    );
    engine.wait();
    let r = slot.lock().unwrap_or_else(|p| p.into_inner()).take();
    r.filter(|r| r.best.is_some())
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n.max(1)),
        ..Limits::default()
    }
}

/// The engine a build game uses: one thread, no clock overhead.
fn build_engine(cfg: &BuildConfig) -> Engine {
    let mut e = Engine::new();
    e.options.threads = 1;
    e.options.move_overhead_ms = 0;
    // A book records what the moves are worth, not what a player who avoids draws prefers.
    e.options.analyse_mode = true;
    e.options.placement_search = cfg.placement_search;
    e
}

/// The move inside the book depth, and what the book should learn of it.
fn book_move<B: Bits>(
    book: &Book,
    engine: &mut Engine,
    game: &Game<B>,
    cfg: &BuildConfig,
    rng: &mut Rng,
) -> (Move, Step) {
    let rules = game.rules();
    let pos = game.position();
    let legal = game.legal_moves();
    let known = book.probe(game);
    let games: u64 = known.iter().map(|m| m.entry.visits as u64).sum();
    let room = 1 + (games.isqrt() / 2) as usize;
    let (mv, found) = if known.is_empty() || (known.len() < room && known.len() < legal.len()) {
        // A new move: the best the book does not have. MCTS cannot be restricted to some
        // moves, so a placement that must avoid the book's moves is searched by alpha-beta.
        let only: Vec<Move> = if known.is_empty() {
            Vec::new()
        } else {
            legal
                .iter()
                .filter(|m| !known.iter().any(|k| k.mv == **m))
                .copied()
                .collect()
        };
        let chosen = engine.options.placement_search;
        if !only.is_empty() && pos.placing() {
            engine.options.placement_search = PlacementSearch::AlphaBeta;
        }
        let r = search(engine, game, nodes(cfg.nodes), only.clone());
        engine.options.placement_search = chosen;
        let fallback = only
            .first()
            .or(legal.first())
            .copied()
            .unwrap_or(Move::PASS);
        match r {
            Some(r) => (r.best.unwrap_or(fallback), Some(book_score(r.value))),
            None => (fallback, Some(0)),
        }
    } else {
        // Thompson sampling over the known moves.
        let mut best = (f64::MIN, 0);
        for (i, k) in known.iter().enumerate() {
            let mean = k.entry.expected();
            let n = k.entry.visits as f64 + PRIOR_GAMES;
            let spread = (mean * (1.0 - mean) / (n + 1.0)).sqrt();
            let draw = mean + spread * rng.normal();
            if draw > best.0 {
                best = (draw, i);
            }
        }
        (known[best.1].mv, None)
    };
    let token = mv.token(&rules.geo);
    let (key, stored) = Book::locate(rules, pos, &token).unwrap_or((key_of(rules, pos), token));
    let step = Step {
        key: key.key,
        token: stored,
        mover: pos.side,
        found,
    };
    (mv, step)
}

/// The winner of an unfinished game at the ply cap, by a small search's score.
fn adjudicate<B: Bits>(engine: &mut Engine, game: &Game<B>, budget: u64) -> Option<Colour> {
    let side = game.position().side;
    let v = search(engine, game, nodes(budget), Vec::new()).map_or(0, |r| book_score(r.value));
    if v >= ADJUDICATE_CP {
        Some(side)
    } else if v <= -ADJUDICATE_CP {
        Some(side.other())
    } else {
        None
    }
}

/// Plays game number `index` of the book's history against a snapshot of the book.
fn play_game<B: Bits>(book: &Book, rules: &Arc<Rules<B>>, cfg: &BuildConfig, index: u64) -> Played {
    let mut rng = Rng::new(mix(cfg.seed) ^ mix(index.wrapping_add(0x5EED)));
    let mut engine = build_engine(cfg);
    let mut game = Game::new(rules.clone());
    let mut steps = Vec::new();
    let winner = loop {
        if let Some(o) = game.outcome() {
            break o.winner;
        }
        let ply = game.frames().len() - 1;
        if ply >= cfg.max_plies as usize {
            break adjudicate(&mut engine, &game, cfg.finish_nodes);
        }
        let mv = if ply < cfg.plies as usize {
            let (mv, step) = book_move(book, &mut engine, &game, cfg, &mut rng);
            steps.push(step);
            mv
        } else {
            let best = search(&mut engine, &game, nodes(cfg.finish_nodes), Vec::new())
                .and_then(|r| r.best)
                .or_else(|| game.legal_moves().first().copied());
            match best {
                Some(m) => m,
                None => break None,
            }
        };
        game.make(mv);
    };
    Played { steps, winner }
}

/// Adds a game's new moves and counts its result in every book move it played.
fn merge(book: &mut Book, played: &Played) {
    for s in &played.steps {
        if let Some(score) = s.found {
            book.insert(s.key, Entry::new(s.token.clone(), score));
        }
    }
    for s in &played.steps {
        let points = match played.winner {
            None => Points::Draw,
            Some(c) if c == s.mover => Points::Win,
            Some(_) => Points::Loss,
        };
        if let Some(e) = book.entry_mut(s.key, &s.token) {
            e.record(points);
        }
    }
}

/// Plays games into `book` (which may already hold games: it is extended) until `cfg.stop`.
/// `after_batch` sees the book after every batch (to show progress or save it); an error it
/// returns ends the build.
pub fn build<B: Bits>(
    book: &mut Book,
    rules: &Arc<Rules<B>>,
    cfg: &BuildConfig,
    after_batch: &mut dyn FnMut(&Book, &Progress) -> Result<(), BookError>,
) -> Result<Progress, BookError> {
    book.check_rules(rules)?;
    let threads = cfg.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|error| BookError::Threads { threads, error })?;
    let first = games_in(book, rules);
    let start = Instant::now();
    let mut done = 0u64;
    let progress = |book: &Book, done: u64| Progress {
        games: done,
        total_games: first + done,
        positions: book.len(),
        entries: book.entry_count(),
        elapsed: start.elapsed(),
    };
    loop {
        let batch = match cfg.stop {
            Stop::Games(n) => n.saturating_sub(done).min(threads as u64),
            Stop::Time(t) if start.elapsed() < t => threads as u64,
            Stop::Time(_) => 0,
        };
        if batch == 0 {
            break;
        }
        let snapshot: &Book = book;
        let games: Vec<Played> = pool.install(|| {
            (0..batch)
                .into_par_iter()
                .map(|i| play_game(snapshot, rules, cfg, first + done + i))
                .collect()
        });
        for g in &games {
            merge(book, g);
        }
        done += batch;
        after_batch(book, &progress(book, done))?;
    }
    Ok(progress(book, done))
}
