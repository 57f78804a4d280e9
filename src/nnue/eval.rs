//! A net evaluating the positions of a search, its accumulators following the game's
//! frames on demand.
//!
//! Nothing has to be told of a make or an undo: when asked for an evaluation, the
//! evaluator finds the newest of its accumulators whose position is still the game's at
//! the same frame (an accumulator depends on the position only, not on how it was reached),
//! drops those above it, and updates from there up to the current frame. In a search that
//! is about one update per node on the way to an evaluation. A search anchors the
//! evaluator at its root ([`NetEval::anchor`]) so that no line ever starts from scratch.

use std::sync::Arc;

use super::accumulator::Accumulator;
use super::features::Layout;
use super::net::Net;
use super::{NetError, SCALE};
use crate::board::Bits;
use crate::rules::{Frame, Position, Rules};

/// The largest score a net may give, well inside the range scores of won games begin at.
pub const MAX_SCORE: i32 = 50 * SCALE;

/// Updating across more plies than this costs more than a refresh.
const MOST_UPDATES: usize = 12;

/// A net bound to a ruleset, with the accumulators of the line being searched.
#[derive(Clone, Debug)]
pub struct NetEval<B> {
    net: Arc<Net>,
    layout: Layout,
    /// The accumulators of the line, frame indices rising: the first `live` are current;
    /// those above are kept to be overwritten, so that an update copies no accumulator.
    stack: Vec<Slot<B>>,
    live: usize,
    /// Accumulators computed from scratch so far.
    refreshes: u64,
}

/// An accumulator and the position (at a frame of the game) it is of.
#[derive(Clone, Debug)]
struct Slot<B> {
    frame: usize,
    pos: Position<B>,
    acc: Accumulator,
}

impl<B: Bits> NetEval<B> {
    /// The evaluator of `net` for `rules`, if the net was trained for them.
    pub fn new(net: Arc<Net>, rules: &Rules<B>) -> Result<Self, NetError> {
        let layout = net.check_for(rules)?;
        Ok(NetEval {
            net,
            layout,
            stack: Vec::new(),
            live: 0,
            refreshes: 0,
        })
    }

    /// Computes the accumulator of the last frame, which stays on the stack as long as the
    /// frame does: called at a search's root, it makes every evaluation of the search an
    /// update from an ancestor.
    pub fn anchor(&mut self, frames: &[Frame<B>]) {
        self.evaluate(frames);
    }

    /// Whether the net's score is added to the formula's (see [`Net::adds_to_formula`]).
    pub fn adds_to_formula(&self) -> bool {
        self.net.adds_to_formula
    }

    /// Accumulators computed from scratch so far (the rest were updates).
    pub fn refreshes(&self) -> u64 {
        self.refreshes
    }

    /// The score of the last frame's position for its side to move, in centipawns.
    pub fn evaluate(&mut self, frames: &[Frame<B>]) -> i32 {
        let Some(last) = frames.len().checked_sub(1) else {
            return 0;
        };
        while self.live > 0 {
            let top = &self.stack[self.live - 1];
            if top.frame <= last && frames[top.frame].pos == top.pos {
                break;
            }
            self.live -= 1;
        }
        match self.live.checked_sub(1).map(|i| self.stack[i].frame) {
            Some(i) if last - i <= MOST_UPDATES => {
                for (j, frame) in frames.iter().enumerate().skip(i + 1) {
                    let slot = self.next_slot();
                    let (done, rest) = self.stack.split_at_mut(slot);
                    let (prev, next) = (&done[slot - 1], &mut rest[0]);
                    prev.acc.update_into(
                        &mut next.acc,
                        &self.net,
                        &self.layout,
                        &prev.pos,
                        &frame.pos,
                    );
                    next.frame = j;
                    next.pos = frame.pos;
                }
            }
            _ => {
                // The entries below stay: the search comes back to them.
                let pos = frames[last].pos;
                let acc = Accumulator::refresh(&self.net, &self.layout, &pos);
                let slot = Slot {
                    frame: last,
                    pos,
                    acc,
                };
                if self.live == self.stack.len() {
                    self.stack.push(slot);
                } else {
                    self.stack[self.live] = slot;
                }
                self.live += 1;
                self.refreshes += 1;
            }
        }
        let top = &self.stack[self.live - 1];
        self.net
            .evaluate(&top.acc, top.pos.side)
            .clamp(-MAX_SCORE, MAX_SCORE)
    }

    /// Makes the slot above the live ones (of which there is at least one) live and
    /// returns its index; its contents are the caller's to overwrite (a new slot starts as
    /// a copy of the one below).
    fn next_slot(&mut self) -> usize {
        if self.live == self.stack.len() {
            self.stack.push(self.stack[self.live - 1].clone());
        }
        self.live += 1;
        self.live - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::train::Model;
    use crate::nnue::{Header, ruleset_digest};
    use crate::rules::{Game, preset};

    /// Through makes, undos and jumps to other lines, the evaluator gives what a fresh
    /// accumulator of the current position gives.
    #[test]
    fn the_evaluator_follows_the_game_whatever_it_does() {
        let rules = Arc::new(Rules::<u128>::new(preset("bell-8x8").unwrap()).unwrap());
        let layout = Layout::new(&rules);
        let header = Header {
            ruleset: "bell-8x8".into(),
            digest: ruleset_digest(&rules.ruleset),
            rows: 8,
            cols: 8,
            provenance: String::new(),
        };
        let net = Arc::new(Model::new(layout.features(), 7).quantise(header));
        let mut eval = NetEval::new(net.clone(), &rules).unwrap();
        let mut game = Game::new(rules.clone());
        eval.anchor(game.frames());
        let mut state = 11u64;
        let mut distinct = std::collections::HashSet::new();
        for step in 0..3000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            let r = (state >> 33) as usize;
            let moves = game.legal_moves();
            if moves.is_empty() || (r.is_multiple_of(3) && game.frames().len() > 1) {
                for _ in 0..1 + r % 4 {
                    game.undo();
                }
            } else {
                game.make(moves[r % moves.len()]);
            }
            let pos = game.position();
            let fresh = Accumulator::refresh(&net, &layout, pos);
            let want = net.evaluate(&fresh, pos.side).clamp(-MAX_SCORE, MAX_SCORE);
            let got = eval.evaluate(game.frames());
            assert_eq!(got, want, "step {step}");
            distinct.insert(got);
        }
        assert!(distinct.len() > 50, "the scores vary: {}", distinct.len());
        // Anchored at the start, every evaluation was an update.
        assert_eq!(eval.refreshes(), 1);
        // A jump of more plies than updates pay for is a refresh.
        let mut far = Game::new(rules.clone());
        for _ in 0..MOST_UPDATES + 1 {
            let moves = far.legal_moves();
            far.make(moves[0]);
        }
        let pos = far.position();
        let want = net.evaluate(&Accumulator::refresh(&net, &layout, pos), pos.side);
        assert_eq!(
            eval.evaluate(far.frames()),
            want.clamp(-MAX_SCORE, MAX_SCORE)
        );
        assert_eq!(eval.refreshes(), 2);
        let other = Rules::<u128>::new(preset("bell-8x7").unwrap()).unwrap();
        assert!(matches!(
            NetEval::<u128>::new(net, &other),
            Err(NetError::WrongBoard { .. })
        ));
    }
}
