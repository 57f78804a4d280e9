//! The alpha-beta worker: principal-variation search with a transposition table, killer and
//! history move ordering, late-move reductions and a quiescence search over tactical moves.
//! One worker runs per thread; they share the table, the history, the stop flag and the node
//! count.

use std::sync::atomic::Ordering;

use crate::board::Bits;
use crate::rules::{Colour, Game, Move};

mod ordering;
mod quiescence;

use ordering::KILLER;
pub use ordering::tactical_squares;

use super::busy::move_hash;
use super::eval::{evaluate_for, evaluate_with_net, evaluate_with_net_against};
use super::params::{Params, Weights};
use super::score::{self, INFINITE, MATE, Value};
use super::shared::Shared;
use super::time::Clock;
use super::tt::{Bound, Hit, PackedMove, pack_move};

/// Deepest ply a search reaches (quiescence included).
pub const MAX_PLY: usize = 128;

/// The fewest men the side to move must have on the board for a null move: with fewer, too
/// many positions are lost for want of a move.
const NULL_MOVE_MEN: u32 = 4;

/// The least depth at which a thread defers a move another thread is searching: below it the
/// subtrees are too small for the bookkeeping to pay.
const DEFER_DEPTH: i32 = 3;

/// One node's move loop: where it is, and its running result.
struct NodeBest {
    depth: i32,
    ply: usize,
    pv_node: bool,
    value: Value,
    mv: Option<Move>,
    alpha: Value,
    beta: Value,
}

/// The value a table entry gives a node without searching it: a deep enough entry whose
/// bound settles the window (never at a PV node, whose line must be searched).
fn table_cut(
    h: &Hit,
    depth: i32,
    ply: usize,
    alpha: Value,
    beta: Value,
    pv: bool,
) -> Option<Value> {
    if pv || h.depth < depth {
        return None;
    }
    let v = score::from_table(h.value, ply);
    let cut = match h.bound {
        Bound::Exact => true,
        Bound::Lower => v >= beta,
        Bound::Upper => v <= alpha,
    };
    cut.then_some(v)
}

/// One search thread's state.
pub struct Worker<'a, B: Bits> {
    pub game: Game<B>,
    shared: &'a Shared,
    clock: &'a Clock,
    params: &'a Params,
    weights: &'a Weights,
    node_limit: Option<u64>,
    /// Nodes between two looks at the limits: fewer under a small node limit, so that a
    /// budget of a few dozen nodes is kept to.
    check_every: u64,
    /// Whether the node limit may stop the search: only once the first iteration is
    /// complete, so that every line of depth 1 has a value (a playing level chooses among
    /// them).
    pub node_limit_armed: bool,
    /// Nodes searched by this worker.
    pub nodes: u64,
    unflushed: u64,
    pub seldepth: usize,
    pub stopped: bool,
    killers: Vec<[Option<Move>; 2]>,
    buffers: Vec<Vec<Move>>,
    order: Vec<Vec<i32>>,
    pub pv: Vec<Vec<Move>>,
    /// At the root, only these moves are searched (when not empty).
    pub root_moves: Vec<Move>,
    /// The value of the root's best move so far in the current iteration, once a move has
    /// beaten the window (its line is `pv[0]`).
    pub root_value: Option<Value>,
    /// The root move searched first: the last iteration's best (another thread may have
    /// stored a different move for the root in the table).
    pub root_first: Option<Move>,
    quiet_keyed: bool,
    /// Defer moves other threads are searching (set when the search has several threads).
    pub defer: bool,
    /// Per ply, the moves put off because another thread was searching them: (move, its
    /// place in the ordering, quiet).
    deferred: Vec<Vec<(Move, usize, bool)>>,
    /// A draw's value for the side to move, by colour: `-contempt` for the side to move at
    /// the root, `+contempt` for its opponent.
    draw: [Value; 2],
    /// The side the search plays (the side to move at the root).
    engine: Colour,
    /// The net that evaluates instead of the formula (in a cell: evaluating moves its
    /// accumulators along).
    net: Option<std::cell::RefCell<crate::nnue::NetEval<B>>>,
}

impl<'a, B: Bits> Worker<'a, B> {
    /// The evaluation of the current position for the side to move, as this search sees it
    /// (the side it plays presses a lead home, see [`evaluate_for`]).
    fn static_eval(&self) -> Value {
        if let Some(net) = &self.net {
            return evaluate_with_net(
                &mut net.borrow_mut(),
                self.game.frames(),
                self.game.rules(),
                self.weights,
                self.engine,
            );
        }
        evaluate_for(
            self.game.rules(),
            self.game.position(),
            self.weights,
            self.engine,
        )
    }

    /// [`Worker::static_eval`] where only its place against `(alpha, beta)` matters (see
    /// [`evaluate_with_net_against`]): quiescence stands pat on it.
    fn static_eval_against(&self, alpha: Value, beta: Value) -> Value {
        if let Some(net) = &self.net {
            return evaluate_with_net_against(
                &mut net.borrow_mut(),
                self.game.frames(),
                self.game.rules(),
                self.weights,
                self.engine,
                (alpha, beta),
            );
        }
        self.static_eval()
    }

    pub fn new(
        game: Game<B>,
        shared: &'a Shared,
        clock: &'a Clock,
        params: &'a Params,
        weights: &'a Weights,
        node_limit: Option<u64>,
    ) -> Self {
        let quiet_keyed = game.ruleset().end.quiet_limit.is_some();
        let mut draw = [params.contempt; 2];
        draw[game.position().side.index()] = -params.contempt;
        let engine = game.position().side;
        Worker {
            game,
            shared,
            clock,
            params,
            weights,
            node_limit,
            check_every: node_limit.map_or(1024, |n| (n / 16).clamp(1, 1024)),
            node_limit_armed: false,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            stopped: false,
            killers: vec![[None; 2]; MAX_PLY + 1],
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            root_moves: Vec::new(),
            root_value: None,
            root_first: None,
            quiet_keyed,
            defer: false,
            deferred: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            draw,
            engine,
            net: None,
        }
    }

    /// Evaluates with `net` where it was trained for the game's rules (else the formula).
    pub fn use_net(&mut self, net: Option<&std::sync::Arc<crate::nnue::Net>>) {
        self.net = net
            .and_then(|n| crate::nnue::NetEval::new(n.clone(), self.game.rules()).ok())
            .map(|mut e| {
                e.anchor(self.game.frames());
                std::cell::RefCell::new(e)
            });
    }

    /// The table key: the position with the side to move, plus the quiet-ply counter where a
    /// quiet-ply limit makes it matter.
    fn key(&self) -> u64 {
        let pos = self.game.position();
        let mut k = pos.full_key();
        if self.quiet_keyed {
            k ^= (pos.quiet as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        k
    }

    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.unflushed >= self.check_every {
            let total = self
                .shared
                .nodes
                .fetch_add(self.unflushed, Ordering::Relaxed)
                + self.unflushed;
            self.unflushed = 0;
            let over = self.node_limit_armed && self.node_limit.is_some_and(|n| total >= n);
            if over || self.clock.out_of_time() {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
            if self.shared.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Ends the search on every thread.
    pub fn shared_stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Nodes searched by all threads so far.
    pub fn shared_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed)
    }

    /// How full the shared table is, in permille.
    pub fn hashfull(&self) -> u32 {
        self.shared.tt.hashfull()
    }

    /// Counts the node and flushes the rest of the count (end of an iteration).
    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    fn visit(&mut self, ply: usize) {
        self.nodes += 1;
        self.unflushed += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// Negamax alpha-beta; returns the value of the position for the side to move.
    pub fn search(
        &mut self,
        depth: i32,
        mut alpha: Value,
        mut beta: Value,
        ply: usize,
        pv_node: bool,
    ) -> Value {
        if depth <= 0 || ply >= MAX_PLY - 8 {
            return self.qsearch(alpha, beta, ply, 0);
        }
        if ply == 0 {
            self.root_value = None;
        }
        // The end conditions that need no move generation first, then the table: a cutoff
        // here saves generating the moves at all.
        if let Some(v) = self.enter(ply) {
            return v;
        }
        let side = self.game.position().side;
        // Mate-distance pruning: no line here can beat a shorter win already found (once it
        // is known that the side to move is not lost for want of a move).
        alpha = alpha.max(-MATE + ply as Value);
        beta = beta.min(MATE - ply as Value - 1);
        let key = self.key();
        let hit = if alpha < beta {
            self.shared.tt.probe(key)
        } else {
            None
        };
        if let Some(v) = hit.and_then(|h| table_cut(&h, depth, ply, alpha, beta, pv_node)) {
            return v;
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        // The table's move, when legal, is searched before the others are generated: alone
        // it often refutes the node. (Not at the root, whose moves may be restricted.)
        let tt = hit.and_then(|h| h.mv);
        let table_move = hit
            .filter(|h| {
                ply > 0 && h.bound != Bound::Upper && score::from_table(h.value, ply) >= beta
            })
            .and_then(|h| h.mv)
            .and_then(|p| self.legal_table_move(p, &mut moves));
        if table_move.is_none() {
            let superko = self.game.generate(&mut moves);
            if moves.is_empty() {
                self.buffers[ply] = moves;
                let o = self.game.no_move_outcome(superko);
                return score::terminal(&o, side, ply, self.draw[side.index()]);
            }
            if ply == 0 && !self.root_moves.is_empty() {
                let allowed = &self.root_moves;
                moves.retain(|m| allowed.contains(m));
            }
        }
        if alpha >= beta {
            self.buffers[ply] = moves;
            return alpha;
        }
        if let Some(v) = self.prune(depth, beta, ply, pv_node) {
            self.buffers[ply] = moves;
            return v;
        }
        let mut node = NodeBest {
            depth,
            ply,
            pv_node,
            value: -INFINITE,
            mv: None,
            alpha,
            beta,
        };
        self.search_moves(&mut node, moves, key, tt, table_move);
        if self.stopped {
            return 0;
        }
        let restricted = ply == 0 && !self.root_moves.is_empty();
        if !restricted {
            let bound = if node.value >= beta {
                Bound::Lower
            } else if node.value > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let value = score::to_table(node.value, ply);
            self.shared
                .tt
                .store(key, node.mv.as_ref(), value, depth, bound);
        }
        node.value
    }

    /// Reverse futility and null-move pruning: the value to return when the node can be
    /// cut without searching its moves. The static evaluation is computed once for both.
    fn prune(&mut self, depth: i32, beta: Value, ply: usize, pv_node: bool) -> Option<Value> {
        let mut eval = None;
        if !pv_node && self.params.futility_margin > 0 && depth <= 3 {
            let e = *eval.get_or_insert_with(|| self.static_eval());
            if e - self.params.futility_margin * depth >= beta && beta.abs() < score::MATE_BOUND {
                return Some(e);
            }
        }
        if self.null_move_allowed(depth, beta, ply, pv_node)
            && *eval.get_or_insert_with(|| self.static_eval()) >= beta
        {
            let r = 2 + depth / 4;
            self.game.make_null();
            let v = -self.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.game.undo();
            if self.stopped {
                return Some(0);
            }
            if v >= beta {
                return Some(if v >= score::MATE_BOUND { beta } else { v });
            }
        }
        None
    }

    /// The node's move loop: the table's move first (`table_move`: searched before the
    /// others were generated; `moves` then holds its piece's moves only), then the others,
    /// best-ordered first, and last the moves other threads were in.
    fn search_moves(
        &mut self,
        node: &mut NodeBest,
        mut moves: Vec<Move>,
        key: u64,
        tt: Option<PackedMove>,
        table_move: Option<Move>,
    ) {
        let ply = node.ply;
        let defer = self.defer && node.depth >= DEFER_DEPTH;
        let mut deferred = std::mem::take(&mut self.deferred[ply]);
        deferred.clear();
        let mut scores = std::mem::take(&mut self.order[ply]);
        let mut cut = false;
        let mut first = 0;
        if let Some(m) = table_move {
            cut = self.try_move(node, m, 0, false, key, defer, &mut deferred);
            if cut || self.stopped {
                moves.clear();
            } else {
                self.game.generate(&mut moves);
                let at = moves.iter().position(|x| *x == m);
                debug_assert!(at.is_some(), "the table's move {m:?} is not generated");
                moves.swap(0, at.unwrap_or(0));
                first = 1;
            }
        }
        self.score_moves(ply, &moves, tt, &mut scores);
        for i in first..moves.len() {
            if cut || self.stopped {
                break;
            }
            Self::pick(&mut moves, &mut scores, i);
            let quiet = scores[i] < KILLER;
            cut = self.try_move(node, moves[i], i, quiet, key, defer, &mut deferred);
        }
        // The deferred moves last: by now the other threads have mostly stored their values.
        if !cut && !self.stopped {
            for &(m, i, quiet) in &deferred {
                let v = self.search_move(m, i, quiet, node);
                if self.stopped || self.record(node, m, v, quiet) {
                    break;
                }
            }
        }
        self.deferred[ply] = deferred;
        self.buffers[ply] = moves;
        self.order[ply] = scores;
    }

    /// Searches move `m`, the `i`-th of the node, and takes its value; true on a cutoff.
    /// Where threads defer (`defer`), a move other than the first that another thread is in
    /// is put off into `deferred` instead.
    #[allow(clippy::too_many_arguments)]
    fn try_move(
        &mut self,
        node: &mut NodeBest,
        m: Move,
        i: usize,
        quiet: bool,
        key: u64,
        defer: bool,
        deferred: &mut Vec<(Move, usize, bool)>,
    ) -> bool {
        let mark = defer.then(|| move_hash(key, pack_move(&m).bits()));
        if let Some(h) = mark {
            if i > 0 && self.shared.busy.taken(h) {
                deferred.push((m, i, quiet));
                return false;
            }
            self.shared.busy.enter(h);
        }
        let v = self.search_move(m, i, quiet, node);
        if let Some(h) = mark {
            self.shared.busy.leave(h);
        }
        !self.stopped && self.record(node, m, v, quiet)
    }

    /// Starts a node at `ply` (its line cleared, the node counted): the value to return at
    /// once when the search is stopping or the game is over by a condition that needs no
    /// move generation.
    #[inline(always)]
    fn enter(&mut self, ply: usize) -> Option<Value> {
        self.pv[ply].clear();
        if self.should_stop() {
            return Some(0);
        }
        self.visit(ply);
        let side = self.game.position().side;
        let o = self.early_outcome()?;
        Some(score::terminal(&o, side, ply, self.draw[side.index()]))
    }

    /// The outcome if the game is over by a condition that needs no move generation
    /// (material, leader, and the later conditions, which count only when the side to move
    /// has a move: then the moves are generated to tell).
    fn early_outcome(&mut self) -> Option<crate::rules::Outcome> {
        if let Some(o) = self.game.material_outcome() {
            return Some(o);
        }
        self.game.late_outcome()?;
        let mut moves = std::mem::take(&mut self.buffers[MAX_PLY]);
        let o = self.game.status(&mut moves);
        self.buffers[MAX_PLY] = moves;
        o
    }

    /// Whether to try passing here (null-move pruning, when the `NullMove` option is on): at
    /// null-window nodes deep enough to pay, not right after another null move, and only in
    /// a plain movement-phase position whose side has men to spare, since passing is never
    /// legal and where having no move loses, a side short of moves is in zugzwang.
    fn null_move_allowed(&self, depth: i32, beta: Value, ply: usize, pv_node: bool) -> bool {
        if !self.params.null_move || pv_node || depth < 3 || ply == 0 {
            return false;
        }
        let frame = self.game.last_frame();
        let pos = &frame.pos;
        frame.last_move.is_some()
            && beta.abs() < score::MATE_BOUND
            && pos.trapped.is_empty()
            && pos.passes == 0
            && pos.hand == [[0; 2]; 2]
            && pos.men[pos.side.index()].count() >= NULL_MOVE_MEN
    }

    /// The value, for the side that just moved (`mover`), of the position after its move,
    /// searched within `alpha..beta` of that side's values. Negamax negates between the two
    /// sides; a ply that keeps the turn (a second placement, a bonus move, a removal before
    /// a move) is searched without negation.
    fn child(
        &mut self,
        mover: Colour,
        depth: i32,
        alpha: Value,
        beta: Value,
        ply: usize,
        pv_node: bool,
    ) -> Value {
        if self.game.position().side == mover {
            self.search(depth, alpha, beta, ply, pv_node)
        } else {
            -self.search(depth, -beta, -alpha, ply, pv_node)
        }
    }

    /// Searches move `m`, the `i`-th of the node: the first with the full window, the others
    /// with a null window (reduced when late and quiet), re-searched when they beat alpha.
    fn search_move(&mut self, m: Move, i: usize, quiet: bool, node: &NodeBest) -> Value {
        let (alpha, beta, depth, ply) = (node.alpha, node.beta, node.depth, node.ply);
        let mover = self.game.position().side;
        self.game.make(m);
        let v = if i == 0 {
            self.child(mover, depth - 1, alpha, beta, ply + 1, node.pv_node)
        } else {
            let late =
                quiet && depth >= self.params.lmr_min_depth && i >= self.params.lmr_full_moves;
            let r = if late {
                1 + (i >= 8 && depth >= 5) as i32
            } else {
                0
            };
            let mut v = self.child(mover, depth - 1 - r, alpha, alpha + 1, ply + 1, false);
            if v > alpha && r > 0 {
                v = self.child(mover, depth - 1, alpha, alpha + 1, ply + 1, false);
            }
            if v > alpha && v < beta && node.pv_node {
                v = self.child(mover, depth - 1, alpha, beta, ply + 1, true);
            }
            v
        };
        self.game.undo();
        v
    }

    /// Takes move `m`'s value `v` into the node's result; true on a beta cutoff (after
    /// crediting a quiet move to the killers and the history).
    fn record(&mut self, node: &mut NodeBest, m: Move, v: Value, quiet: bool) -> bool {
        let (depth, ply) = (node.depth, node.ply);
        if v <= node.value {
            return false;
        }
        node.value = v;
        node.mv = Some(m);
        if v <= node.alpha {
            return false;
        }
        node.alpha = v;
        self.update_pv(ply, m);
        if ply == 0 {
            self.root_value = Some(v);
        }
        if v < node.beta {
            return false;
        }
        if quiet {
            let k = &mut self.killers[ply];
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
            let idx = self.history_index(&m);
            self.shared.history.reward(idx, depth * depth, KILLER / 2);
        }
        true
    }
}

#[cfg(test)]
mod tests;
