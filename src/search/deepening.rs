//! Iterative deepening: one thread's iterations, each an aspiration search of every line
//! (MultiPV) at the next depth, until the limits or the clock say stop.

use crate::board::Bits;
use crate::rules::Move;

use super::score::{self, INFINITE, MATE_BOUND};
use super::{Bound, Clock, Event, Info, MAX_PLY, SearchConfig, SearchResult, Value, Worker};

/// A line: its first move, its value and the whole variation.
pub(super) type Line = (Move, Value, Vec<Move>);

/// What one thread's iterative deepening ended with.
pub(super) struct Outcome {
    /// The last completed iteration.
    pub(super) result: SearchResult,
    /// The best root move the iteration after it proved before the stop: the first root move
    /// searched (the previous best) or one that beat it.
    pub(super) unfinished: Option<Line>,
}

/// Iterative deepening on one worker; the main worker (`id` 0) reports and decides when to
/// stop, helpers fill the shared table (and end the search if they finish a depth limit
/// first).
pub(super) fn iterate<B: Bits>(
    w: &mut Worker<'_, B>,
    root: &[Move],
    cfg: &SearchConfig,
    clock: &Clock,
    id: usize,
    mut report: Option<&mut (dyn FnMut(Event) + Send)>,
) -> Outcome {
    let max_depth = cfg
        .limits
        .depth
        .map(|d| d.max(1) as i32)
        .unwrap_or(MAX_PLY as i32 - 16);
    let multipv = if id == 0 {
        cfg.multipv.clamp(1, root.len())
    } else {
        1
    };
    let mut lines: Vec<Line> = Vec::new();
    let mut unfinished = None;
    let mut completed = 0;
    let mut stable = 0;
    let mut depth = 1;
    while depth <= max_depth {
        let mut found = search_lines(w, root, cfg, depth, multipv, &lines);
        if w.stopped && multipv == 1 {
            unfinished = unfinished_line(w).or(unfinished);
        }
        if w.stopped && found.is_empty() {
            break;
        }
        // Lines best first (a later line can come out a little above an earlier one), and
        // reported only once the depth is complete: `multipv 1` is always the move played.
        found.sort_by_key(|l| std::cmp::Reverse(l.1));
        if !w.stopped
            && let Some(rep) = report.as_deref_mut()
        {
            for (k, (_, value, pv)) in found.iter().enumerate() {
                rep(line_info(w, clock, depth, k + 1, *value, pv));
            }
        }
        if !w.stopped || lines.is_empty() {
            let changed = lines.first().map(|l| l.0) != found.first().map(|l| l.0);
            stable = if changed { 0 } else { stable + 1 };
            lines = found;
            completed = depth;
        }
        w.node_limit_armed = true;
        if w.stopped {
            break;
        }
        // The limits are checked every so many nodes inside an iteration; an iteration too
        // small to reach a check (every line ends within a few plies) must see them here.
        if clock.out_of_time() || cfg.limits.nodes.is_some_and(|n| w.shared_nodes() >= n) {
            w.shared_stop();
            break;
        }
        if id != 0 {
            depth += 1;
            continue;
        }
        // The main thread decides whether another iteration is worth starting.
        if enough(cfg, clock, root.len(), lines[0].1, depth, stable) {
            break;
        }
        depth += 1;
    }
    // A helper that completed the depth asked for has the answer: the others stop.
    if id != 0 && cfg.limits.depth.is_some() && completed >= max_depth {
        w.shared_stop();
    }
    w.flush_nodes();
    let best = lines.first();
    let result = SearchResult {
        best: best.map(|l| l.0),
        ponder: best.and_then(|l| l.2.get(1).copied()),
        value: best.map(|l| l.1).unwrap_or(0),
        depth: completed,
        nodes: w.nodes,
        lines,
    };
    Outcome { result, unfinished }
}

/// The report of one line found by worker `w` at `depth`.
fn line_info<B: Bits>(
    w: &mut Worker<'_, B>,
    clock: &Clock,
    depth: i32,
    multipv: usize,
    value: Value,
    pv: &[Move],
) -> Event {
    w.flush_nodes();
    let (nodes, hashfull) = (w.shared_nodes(), w.hashfull());
    info(
        clock,
        nodes,
        hashfull,
        depth,
        w.seldepth,
        multipv,
        value,
        pv.to_vec(),
    )
}

/// An `info` report of line `multipv` at the search's current node count and time.
#[allow(clippy::too_many_arguments)]
pub(super) fn info(
    clock: &Clock,
    nodes: u64,
    hashfull: u32,
    depth: i32,
    seldepth: usize,
    multipv: usize,
    value: Value,
    pv: Vec<Move>,
) -> Event {
    let time_ms = clock.elapsed_ms();
    Event::Info(Info {
        depth,
        seldepth,
        multipv,
        value,
        bound: Bound::Exact,
        nodes,
        nps: nodes * 1000 / time_ms.max(1),
        hashfull,
        time_ms,
        pv,
    })
}

/// One iteration at `depth` with an aspiration window around the previous value.
fn aspirate<B: Bits>(w: &mut Worker<'_, B>, depth: i32, prev: Option<Value>, width: i32) -> Value {
    let (mut alpha, mut beta) = match prev {
        Some(p) if depth >= 4 && p.abs() < MATE_BOUND && width > 0 => (p - width, p + width),
        _ => (-INFINITE, INFINITE),
    };
    let mut delta = width.max(1);
    loop {
        let v = w.search(depth, alpha, beta, 0, true);
        if w.stopped {
            return v;
        }
        if v <= alpha && alpha > -INFINITE {
            alpha = (alpha - delta).max(-INFINITE);
        } else if v >= beta && beta < INFINITE {
            beta = (beta + delta).min(INFINITE);
        } else {
            return v;
        }
        delta *= 2;
    }
}

/// The lines of one iteration at `depth`: the best, then (MultiPV) the best of the moves
/// left, each searched around its value in the last iteration's `lines`. Stops early when
/// the search is stopped.
fn search_lines<B: Bits>(
    w: &mut Worker<'_, B>,
    root: &[Move],
    cfg: &SearchConfig,
    depth: i32,
    multipv: usize,
    lines: &[Line],
) -> Vec<Line> {
    let mut found: Vec<Line> = Vec::new();
    for k in 0..multipv {
        w.root_moves = if multipv > 1 || !cfg.searchmoves.is_empty() {
            root.iter()
                .filter(|m| !found.iter().any(|f| f.0 == **m))
                .copied()
                .collect()
        } else {
            Vec::new()
        };
        let prev = lines.get(k).map(|l| l.1);
        w.root_first = lines.get(k).map(|l| l.0);
        let value = aspirate(w, depth, prev, cfg.params.aspiration);
        if w.stopped {
            break;
        }
        let pv = w.pv[0].clone();
        let Some(&mv) = pv.first() else { break };
        found.push((mv, value, pv));
    }
    found
}

/// After a stop inside an iteration: a root move that beat the window before the stop is
/// proven better at this depth than the moves searched before it, the last best among them.
fn unfinished_line<B: Bits>(w: &Worker<'_, B>) -> Option<Line> {
    let v = w.root_value?;
    let &mv = w.pv[0].first()?;
    Some((mv, v, w.pv[0].clone()))
}

/// Whether the main thread stops after completing `depth` with the best value `best`: a
/// mate found within the `go mate` asked for, a forced result or a single root move under
/// a deadline, or too little time left for another iteration (more when the best move has
/// just changed, `stable` iterations ago).
fn enough(
    cfg: &SearchConfig,
    clock: &Clock,
    root_moves: usize,
    best: Value,
    depth: i32,
    stable: u32,
) -> bool {
    if let Some(n) = cfg.limits.mate
        && let score::Reported::Mate(m) = score::report(best)
        && m > 0
        && m <= n as i32
    {
        return true;
    }
    let forced = best.abs() >= MATE_BOUND && (score::MATE - best.abs()) < depth;
    if clock.has_deadline() && (root_moves == 1 || forced) {
        return true;
    }
    let factor = match stable {
        0 => 1.6,
        1 => 1.0,
        _ => 0.6,
    };
    clock.should_not_continue(factor)
}
