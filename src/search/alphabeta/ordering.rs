//! Move ordering: the table move first (tried before the other moves are generated), then
//! removals and captures, then killers, then history.

use crate::board::{Bits, Square};
use crate::rules::{LeaderCapture, Move, MoveKind, Position, Rules};

use super::super::tt::PackedMove;
use super::Worker;

/// Ordering classes: the table move, then removals and captures, then killers, then history.
pub(super) const TT_MOVE: i32 = 1 << 30;
pub(super) const TACTICAL: i32 = 1 << 24;
pub(super) const KILLER: i32 = 1 << 22;

/// The squares where a move is tactical for the side to move: landings that capture or
/// trap, and in rulesets where leaders are enclosed, the enemy leader's neighbours.
pub fn tactical_squares<B: Bits>(rules: &Rules<B>, pos: &Position<B>) -> (B, B) {
    let captures = rules.capture_landings(pos, pos.side);
    let mut near_leader = B::EMPTY;
    if rules.ruleset.capture.leader == LeaderCapture::Enclosure {
        near_leader = rules
            .geo
            .orthogonal_neighbours(pos.leaders[pos.side.other().index()]);
    }
    (captures, near_leader)
}

impl<B: Bits> Worker<'_, B> {
    pub(super) fn history_index(&self, m: &Move) -> usize {
        let side = self.game.position().side.index();
        let from = if m.kind == MoveKind::Go {
            m.from as usize
        } else {
            m.kind as usize
        };
        (side * B::CAPACITY + from) * B::CAPACITY + m.to as usize
    }

    pub(super) fn tactical_squares(&self) -> (B, B) {
        tactical_squares(self.game.rules(), self.game.position())
    }

    /// How tactical a move is (0 for a quiet move): removals, captures, moves next to an
    /// enclosable leader.
    pub(super) fn tactical_weight(m: &Move, (captures, near_leader): (B, B)) -> i32 {
        match m.kind {
            MoveKind::Remove => 3,
            MoveKind::Go if captures.has(m.to as Square) => 2,
            MoveKind::Go if near_leader.has(m.to as Square) => 1,
            _ => 0,
        }
    }

    pub(super) fn score_moves(
        &self,
        ply: usize,
        moves: &[Move],
        tt: Option<PackedMove>,
        out: &mut Vec<i32>,
    ) {
        out.clear();
        let killers = self.killers[ply];
        let squares = self.tactical_squares();
        let first = if ply == 0 { self.root_first } else { None };
        for m in moves {
            let s = if first == Some(*m) {
                TT_MOVE + 1
            } else if tt.is_some_and(|t| t.matches(m)) {
                TT_MOVE
            } else {
                let t = Self::tactical_weight(m, squares);
                if t > 0 {
                    TACTICAL + t * 1000
                } else if killers[0] == Some(*m) {
                    KILLER + 1
                } else if killers[1] == Some(*m) {
                    KILLER
                } else {
                    self.shared
                        .history
                        .get(self.history_index(m))
                        .min(KILLER - 1)
                }
            };
            out.push(s);
        }
    }

    /// Moves the best-scored move of `i..` to `i`.
    pub(super) fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
    }

    /// The table's move `p` if it is legal here, found among the moves of its piece to its
    /// landing (written into `moves`, the node's buffer) without generating the others.
    /// Only a piece's move in a fresh turn is tried this way; `None` leaves the node to the
    /// full generation.
    pub(super) fn legal_table_move(&self, p: PackedMove, moves: &mut Vec<Move>) -> Option<Move> {
        let (from, to) = p.squares()?;
        self.game.moves_between(from, to, moves);
        moves.iter().find(|m| p.matches(m)).copied()
    }
}
