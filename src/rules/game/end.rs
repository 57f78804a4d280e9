//! How a game ends: the end conditions in the order RULES.md judges them, and whether the
//! side to move has a legal move.

use super::Game;
use crate::board::Bits;
use crate::rules::moves::Move;
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::position::Turn;
use crate::rules::ruleset::*;

impl<B: Bits> Game<B> {
    /// Fills `out` with the legal moves and returns the outcome if the game is over (then
    /// `out` is empty). End conditions are judged in the order RULES.md gives.
    pub fn status(&self, out: &mut Vec<Move>) -> Option<Outcome> {
        out.clear();
        // 1. Material and leader.
        if let Some(o) = self.material_outcome() {
            return Some(o);
        }
        // 2. No legal move.
        let superko = self.generate(out);
        if out.is_empty() {
            return Some(self.no_move_outcome(superko));
        }
        // 3. The rest.
        let over = self.late_outcome();
        if over.is_some() {
            out.clear();
        }
        over
    }

    /// The first end condition, which needs no move generation: a side down to its last
    /// men, or without its leader where losing it loses. A search asks this first, then
    /// [`Game::late_outcome`], before it looks up or generates anything.
    pub fn material_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        let r = self.ruleset();
        let side = pos.side;
        for c in [side, side.other()] {
            let decided = |reason| Outcome {
                winner: Some(c.other()),
                reason,
                stuck: side,
            };
            if let Some(m) = &r.end.material {
                let left = match m.counted {
                    Counted::Men => pos.men_total(c),
                    Counted::Pieces => pos.men_total(c) + pos.leaders_total(c),
                };
                if left <= m.at_most as u32 {
                    return Some(decided(Reason::MenLost));
                }
            }
            if r.end.leader_loss
                && r.has_leader
                && r.capture.leader != LeaderCapture::Immune
                && pos.leaders_total(c) == 0
            {
                return Some(decided(Reason::LeaderCaptured));
            }
        }
        None
    }

    /// The outcome when the side to move has no legal move (`superko`: whether superko
    /// took its last moves away).
    pub fn no_move_outcome(&self, superko: bool) -> Outcome {
        let r = self.ruleset();
        let counted = r.end.no_move == NoMove::CountPieces;
        let reason = Reason::NoLegalMove { superko, counted };
        match r.end.no_move {
            NoMove::CountPieces => self.count_pieces(reason),
            _ => Outcome {
                winner: Some(self.position().side.other()),
                reason,
                stuck: self.position().side,
            },
        }
    }

    /// Whether the side to move certainly has a legal move (the forced pass included),
    /// found without generating any: a piece free to step onto an empty neighbour where no
    /// entry restriction could forbid it (under superko, more such steps than the earlier
    /// positions it could recreate, each recreated by one move at most), a man in hand with
    /// room to place it, or a turn that passes when it has no move. `false` means "not
    /// known" (generate to find out).
    pub fn surely_has_move(&self) -> bool {
        let sure = self.surely_has_move_unchecked();
        debug_assert!(
            !sure || {
                let mut moves = Vec::new();
                self.generate(&mut moves);
                !moves.is_empty()
            },
            "a legal move was promised in {:?}",
            self.position()
        );
        sure
    }

    fn surely_has_move_unchecked(&self) -> bool {
        let pos = self.position();
        let r = self.ruleset();
        if r.end.no_move == NoMove::Pass || pos.turn == Turn::Removing {
            return true;
        }
        if pos.placing() {
            let men = pos.hand[pos.side.index()][0];
            return men > 0 && (self.rules.region[pos.side.index()] & !pos.occupied()).any();
        }
        if pos.turn != Turn::Fresh || r.entry_restriction {
            return false;
        }
        let rules = &self.rules;
        let empty = rules.geo.board & !pos.occupied();
        let us = pos.side.index();
        let steps = |pieces: B, dirs: &[crate::board::Dir]| -> usize {
            dirs.iter()
                .map(|&d| (rules.geo.shift(pieces, d) & empty).count() as usize)
                .sum()
        };
        let free_men = pos.men[us] & !pos.trapped;
        let moves = steps(free_men, rules.man_dirs) + steps(pos.leaders[us], rules.leader_dirs);
        if r.end.repetition == Repetition::Superko {
            // Each earlier position of the window can be recreated by one move at most.
            moves >= self.window().len()
        } else {
            moves > 0
        }
    }

    /// The conditions judged after "no legal move": quiet plies, passes, repetition, length
    /// (they end the game only if the side to move has a legal move).
    pub fn late_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        let r = self.ruleset();
        if let Some(limit) = r.end.quiet_limit
            && pos.quiet >= limit
        {
            return Some(self.count_pieces(Reason::QuietLimit(limit)));
        }
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
                stuck: pos.side,
            })
        };
        if pos.passes >= 2 {
            return draw(Reason::TwoPasses);
        }
        if r.end.repetition == Repetition::ThreefoldDraw {
            let key = pos.full_key();
            // The current position and two earlier ones: the scan stops at the third.
            if self.full_keys[self.window_start()..]
                .iter()
                .filter(|&&k| k == key)
                .nth(2)
                .is_some()
            {
                return draw(Reason::Threefold);
            }
        }
        if pos.ply >= r.end.ply_limit {
            return draw(Reason::PlyLimit(r.end.ply_limit));
        }
        None
    }

    /// More pieces on the board wins; equal numbers draw.
    fn count_pieces(&self, reason: Reason) -> Outcome {
        let pos = self.position();
        let (w, b) = (pos.on_board(Colour::White), pos.on_board(Colour::Black));
        Outcome {
            winner: match w.cmp(&b) {
                std::cmp::Ordering::Greater => Some(Colour::White),
                std::cmp::Ordering::Less => Some(Colour::Black),
                std::cmp::Ordering::Equal => None,
            },
            reason,
            stuck: pos.side,
        }
    }
}
