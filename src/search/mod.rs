//! Alpha-beta search for the movement phase: iterative deepening with aspiration windows,
//! MultiPV and `searchmoves`, Lazy SMP over a shared transposition table (every thread
//! iterates over the same depths; a thread defers the moves another thread is searching, see
//! [`busy`], so that the threads split the tree instead of repeating it, and they order moves
//! by one shared [`history`], so that they agree on what to search first). The search never
//! prints: it reports [`Event`]s to a callback and returns its [`SearchResult`].

pub mod alphabeta;
pub mod bench;
mod busy;
mod deepening;
pub mod eval;
mod history;
pub mod params;
pub mod score;
mod shared;
pub mod skill;
pub mod time;
pub mod tt;
pub mod weights;

use std::sync::atomic::Ordering;

pub use alphabeta::{MAX_PLY, Worker};
use deepening::{Line, Outcome, info, iterate};
pub use params::{Params, Weights};
pub use score::Value;
pub use shared::Shared;
pub use time::{Clock, Limits};

use crate::board::Bits;
use crate::rules::{Game, Move};

/// How to search, beyond the limits.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    pub limits: Limits,
    pub threads: usize,
    pub multipv: usize,
    /// Only these root moves (all when empty).
    pub searchmoves: Vec<Move>,
    pub params: Params,
    pub weights: Weights,
    /// A net that replaces the weighted formula, if it was trained for the game's rules.
    pub net: Option<std::sync::Arc<crate::nnue::Net>>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            limits: Limits::default(),
            threads: 1,
            multipv: 1,
            searchmoves: Vec::new(),
            params: Params::default(),
            weights: Weights::default(),
            net: None,
        }
    }
}

/// One completed principal variation.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    pub depth: i32,
    pub seldepth: usize,
    /// 1 for the best line, 2 for the second, ...
    pub multipv: usize,
    pub value: Value,
    /// Whether `value` is exact or only proven a bound.
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<Move>,
}

/// What an info's value is: exact (its iteration finished), or a lower bound, for a root move
/// that beat the best so far in an iteration stopped before it finished. UCI says the same
/// with `score cp X lowerbound`; the depth of such a line is the unfinished iteration's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
}

/// What a search reports while it runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Info(Info),
    /// The root move being searched (reported after the first second).
    CurrMove {
        depth: i32,
        mv: Move,
        number: usize,
    },
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// `None` only when the game is over.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub value: Value,
    pub depth: i32,
    pub nodes: u64,
    /// Every line of the last completed iteration, best first.
    pub lines: Vec<(Move, Value, Vec<Move>)>,
}

/// Searches the game's position. `shared.stop` may be raised from another thread to end it.
pub fn run<B: Bits>(
    game: &Game<B>,
    shared: &Shared,
    clock: &Clock,
    cfg: &SearchConfig,
    report: &mut (dyn FnMut(Event) + Send),
) -> SearchResult {
    shared.nodes.store(0, Ordering::Relaxed);
    shared.tt.new_search();
    shared.busy.clear();
    shared.history.clear();
    let mut root = game.legal_moves();
    if !cfg.searchmoves.is_empty() {
        root.retain(|m| cfg.searchmoves.contains(m));
    }
    if root.is_empty() {
        return SearchResult {
            best: None,
            ponder: None,
            value: 0,
            depth: 0,
            nodes: 0,
            lines: Vec::new(),
        };
    }
    let threads = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..cfg.threads.max(1))
            .map(|id| {
                let game = game.clone();
                let root = root.clone();
                scope.spawn(move || {
                    let mut w = Worker::new(
                        game,
                        shared,
                        clock,
                        &cfg.params,
                        &cfg.weights,
                        cfg.limits.nodes,
                    );
                    w.defer = true;
                    w.use_net(cfg.net.as_ref());
                    iterate(&mut w, &root, cfg, clock, id, None)
                })
            })
            .collect();
        let mut w = Worker::new(
            game.clone(),
            shared,
            clock,
            &cfg.params,
            &cfg.weights,
            cfg.limits.nodes,
        );
        w.defer = cfg.threads > 1;
        w.use_net(cfg.net.as_ref());
        let main = iterate(&mut w, &root, cfg, clock, 0, Some(&mut *report));
        shared.stop.store(true, Ordering::Relaxed);
        let mut threads = vec![main];
        threads.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
        threads
    });
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let (mut result, line) = answer(threads, cfg.multipv);
    play_something(&mut result, &root);
    if let Some(Reported { depth, line, bound }) = line {
        let (_, value, pv) = line;
        let hashfull = shared.tt.hashfull();
        let mut event = info(clock, nodes, hashfull, depth, depth as usize, 1, value, pv);
        if let Event::Info(i) = &mut event {
            i.bound = bound;
        }
        report(event);
    }
    SearchResult { nodes, ..result }
}

/// A search stopped before its first iteration ended (a short clock on a big board, where
/// one iteration is more than a thousand nodes) has no line; the game goes on, so the answer
/// is still a legal move: the first root move in move order.
fn play_something(result: &mut SearchResult, root: &[Move]) {
    if result.best.is_none() {
        result.best = root.first().copied();
    }
}

/// A line still to report once the threads are done: a helper's deeper iteration (exact), or
/// the best move of the unfinished iteration (a lower bound, at that iteration's depth).
struct Reported {
    depth: i32,
    line: Line,
    bound: Bound,
}

/// The search's answer from its threads' outcomes (the main thread's first), and the line to
/// report when the main thread has not reported it already.
///
/// The deepest completed iteration decides (the main thread's on a tie), unless the
/// iteration after it, unfinished in some thread, proved another root move better: the
/// highest value proved there wins. With deferral the threads split the root moves between
/// them, so a helper often holds the move that beat the old best when the clock runs out.
/// With several lines (MultiPV) only the main thread searches them all: its answer stands.
fn answer(mut threads: Vec<Outcome>, multipv: usize) -> (SearchResult, Option<Reported>) {
    if multipv > 1 {
        threads.truncate(1);
    }
    let deepest = (0..threads.len())
        .filter(|&i| threads[i].result.best.is_some())
        .max_by_key(|&i| (threads[i].result.depth, std::cmp::Reverse(i)))
        .unwrap_or(0);
    let depth = threads[deepest].result.depth;
    // (`rev`: on equal values the earliest thread's line, the main thread's first.)
    let unfinished = threads
        .iter()
        .rev()
        .filter(|o| o.result.depth == depth)
        .filter_map(|o| o.unfinished.clone())
        .max_by_key(|l| l.1);
    let mut result = threads.swap_remove(deepest).result;
    let mut line = result
        .lines
        .first()
        .filter(|_| deepest != 0)
        .map(|l| Reported {
            depth,
            line: l.clone(),
            bound: Bound::Exact,
        });
    if let Some(l) = unfinished
        && result.best != Some(l.0)
    {
        result.best = Some(l.0);
        result.ponder = l.2.get(1).copied();
        result.value = l.1;
        match result.lines.first_mut() {
            Some(first) => *first = l.clone(),
            None => result.lines.push(l.clone()),
        }
        line = Some(Reported {
            depth: depth + 1,
            line: l,
            bound: Bound::Lower,
        });
    }
    (result, line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, preset};
    use std::sync::Arc;

    /// A search learns its move ordering afresh: what an earlier search taught the shared
    /// history must not change the next one, or a one-thread search of a position would
    /// depend on what was searched before it.
    #[test]
    fn a_search_inherits_nothing_from_the_history_of_the_last() {
        let rules = Arc::new(Rules::<u128>::new(preset("murray").unwrap()).unwrap());
        let before =
            Game::from_fen(rules.clone(), "MM1M3M/5K2/1k6/1m6/3M3M/8/4m3/7m b - 4 60").unwrap();
        let game = Game::new(rules);
        let cfg = SearchConfig {
            limits: Limits::depth(5),
            ..SearchConfig::default()
        };
        let nodes = |shared: &Shared, game: &Game<u128>| {
            let clock = Clock::new(&cfg.limits, game.position().side, 0);
            run(game, shared, &clock, &cfg, &mut |_| {}).nodes
        };
        let used = Shared::new(1);
        nodes(&used, &before);
        used.tt.clear();
        used.stop.store(false, Ordering::Relaxed);
        assert_eq!(nodes(&used, &game), nodes(&Shared::new(1), &game));
    }

    /// A search stopped before its first iteration ends still answers with a legal move.
    #[test]
    fn a_search_with_no_completed_iteration_plays_the_first_root_move() {
        let root = [Move::go(3, 4), Move::go(1, 2)];
        let mut empty = SearchResult {
            best: None,
            ponder: None,
            value: 0,
            depth: 0,
            nodes: 700,
            lines: Vec::new(),
        };
        play_something(&mut empty, &root);
        assert_eq!(empty.best, Some(Move::go(3, 4)));
        let mut found = SearchResult {
            best: Some(Move::go(1, 2)),
            ..empty
        };
        play_something(&mut found, &root);
        assert_eq!(found.best, Some(Move::go(1, 2)), "a found move stays");
    }

    fn line(from: usize, to: usize, value: Value) -> Line {
        (
            Move::go(from, to),
            value,
            vec![Move::go(from, to), Move::go(to, from)],
        )
    }

    /// A thread that completed `depth` with `best`, and maybe got partway into the next.
    fn outcome(depth: i32, best: Line, unfinished: Option<Line>) -> Outcome {
        Outcome {
            result: SearchResult {
                best: Some(best.0),
                ponder: best.2.get(1).copied(),
                value: best.1,
                depth,
                nodes: 0,
                lines: vec![best],
            },
            unfinished,
        }
    }

    #[test]
    fn the_main_thread_answers_when_no_thread_knows_more() {
        let threads = vec![
            outcome(6, line(1, 2, 30), Some(line(1, 2, 25))),
            outcome(6, line(3, 4, 28), None),
        ];
        let (r, report) = answer(threads, 1);
        assert_eq!(r.best, Some(Move::go(1, 2)));
        assert_eq!(r.value, 30);
        assert!(report.is_none(), "the main thread reported its own line");
    }

    #[test]
    fn a_deeper_helper_answers_and_its_line_is_reported() {
        let threads = vec![
            outcome(6, line(1, 2, 30), None),
            outcome(7, line(3, 4, 12), None),
        ];
        let (r, report) = answer(threads, 1);
        assert_eq!(r.best, Some(Move::go(3, 4)));
        let report = report.map(|r| (r.depth, r.line.0, r.bound));
        assert_eq!(report, Some((7, Move::go(3, 4), Bound::Exact)));
    }

    #[test]
    fn the_best_move_proved_by_any_thread_in_the_unfinished_iteration_wins() {
        // Both completed depth 6 with 1-2; at depth 7 the main thread confirmed 1-2 at 20
        // and the helper proved 5-6 better (35).
        let threads = vec![
            outcome(6, line(1, 2, 30), Some(line(1, 2, 20))),
            outcome(6, line(1, 2, 30), Some(line(5, 6, 35))),
        ];
        let (r, report) = answer(threads, 1);
        assert_eq!(r.best, Some(Move::go(5, 6)));
        assert_eq!((r.value, r.ponder), (35, Some(Move::go(6, 5))));
        assert_eq!(r.lines[0].0, Move::go(5, 6));
        assert_eq!(r.depth, 6, "the completed depth stays the result's depth");
        let report = report.map(|r| (r.depth, r.line.0, r.bound));
        assert_eq!(
            report,
            Some((7, Move::go(5, 6), Bound::Lower)),
            "the unfinished iteration's line is reported at its depth, as a lower bound"
        );
    }

    #[test]
    fn an_unfinished_iteration_counts_only_after_the_deepest_completed_one() {
        // The helper's unfinished depth 7 is the main thread's completed depth 7: the main
        // thread's answer stands.
        let threads = vec![
            outcome(7, line(1, 2, 30), None),
            outcome(6, line(1, 2, 30), Some(line(5, 6, 90))),
        ];
        let (r, _) = answer(threads, 1);
        assert_eq!(r.best, Some(Move::go(1, 2)));
    }

    #[test]
    fn with_several_lines_only_the_main_thread_answers() {
        let threads = vec![
            outcome(5, line(1, 2, 30), None),
            outcome(8, line(3, 4, 60), Some(line(5, 6, 90))),
        ];
        let (r, report) = answer(threads, 3);
        assert_eq!(r.best, Some(Move::go(1, 2)));
        assert!(report.is_none());
    }
}
