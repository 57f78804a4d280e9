//! Quiescence: stand pat on the evaluation, or try the tactical moves.

use crate::board::Bits;

use super::super::score::{self, Value};
use super::{MAX_PLY, Worker};

impl<B: Bits> Worker<'_, B> {
    /// Quiescence: stand pat on the evaluation, or try the tactical moves.
    pub(super) fn qsearch(
        &mut self,
        mut alpha: Value,
        beta: Value,
        ply: usize,
        qdepth: i32,
    ) -> Value {
        if let Some(v) = self.enter(ply) {
            return v;
        }
        let side = self.game.position().side;
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let stand = self.static_eval_against(alpha, beta);
        let settled = stand >= beta || qdepth >= self.params.qsearch_limit || ply >= MAX_PLY - 1;
        // The tactical squares only where tactical moves are tried.
        let mut squares = (B::EMPTY, B::EMPTY);
        if settled {
            moves.clear();
        } else {
            squares = self.tactical_squares();
            self.game.tactical_moves(squares.0 | squares.1, &mut moves);
        }
        // Standing pat needs a legal move: a side without one has lost (or counts, or passes).
        if moves.is_empty() && !self.game.surely_has_move() {
            let superko = self.game.generate(&mut moves);
            if moves.is_empty() {
                self.buffers[ply] = moves;
                let o = self.game.no_move_outcome(superko);
                return score::terminal(&o, side, ply, self.draw[side.index()]);
            }
            moves.clear();
        }
        if settled {
            self.buffers[ply] = moves;
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut scores = std::mem::take(&mut self.order[ply]);
        scores.clear();
        for m in &moves {
            scores.push(Self::tactical_weight(m, squares));
        }
        for i in 0..moves.len() {
            Self::pick(&mut moves, &mut scores, i);
            if scores[i] == 0 {
                break;
            }
            let m = moves[i];
            self.game.make(m);
            let v = if self.game.position().side == side {
                self.qsearch(alpha, beta, ply + 1, qdepth + 1)
            } else {
                -self.qsearch(-beta, -alpha, ply + 1, qdepth + 1)
            };
            self.game.undo();
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, m);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        self.order[ply] = scores;
        if self.stopped { 0 } else { best }
    }
}
