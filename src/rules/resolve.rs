//! Playing a move: placing, moving, and resolving captures, traps, releases and enclosures.

use super::compiled::Rules;
use super::moves::{Move, MoveKind};
use super::position::{Position, Turn};
use super::ruleset::*;
use crate::board::{Bits, Dir, Square};

/// A move's result: the new position and the squares whose pieces left the board.
#[derive(Clone, Copy, Debug)]
pub struct Played<B> {
    pub pos: Position<B>,
    pub removed: B,
}

impl<B: Bits> Rules<B> {
    /// The enemy pieces flanked by a piece of `us` landing on `to`, with the mover's origin
    /// `lifted` no longer counting as one of its pieces.
    #[inline(always)]
    pub fn flanked(&self, pos: &Position<B>, us: Colour, to: Square, lifted: Square) -> B {
        if self.ruleset.capture.hostile_corners {
            self.flanked_with::<true>(pos, us, to, lifted)
        } else {
            self.flanked_with::<false>(pos, us, to, lifted)
        }
    }

    /// [`Rules::flanked`] with or without hostile corners, decided at compile time: where
    /// there are none, the code is what it was before they existed.
    #[inline(never)]
    fn flanked_with<const HOSTILE: bool>(
        &self,
        pos: &Position<B>,
        us: Colour,
        to: Square,
        lifted: Square,
    ) -> B {
        let cap = &self.ruleset.capture;
        let them = us.other();
        let mut flankers = pos.men[us.index()];
        if cap.leader_flanks {
            flankers |= pos.leaders[us.index()];
        }
        flankers &= !(pos.trapped | B::bit(lifted));
        if HOSTILE {
            flankers |= self.hostile;
        }
        let mut targets = pos.men[them.index()] & !pos.trapped;
        if cap.leader == LeaderCapture::AsMan && cap.effect == CaptureEffect::Remove {
            targets |= pos.leaders[them.index()];
        }
        if HOSTILE {
            targets &= !self.hostile;
        }
        let mut taken = B::EMPTY;
        for &d in self.capture_dirs {
            let Some(mut sq) = self.step(to, d) else {
                continue;
            };
            let mut run = B::EMPTY;
            while targets.has(sq) {
                run |= B::bit(sq);
                match self.step(sq, d) {
                    Some(next) => sq = next,
                    None => {
                        run = B::EMPTY;
                        break;
                    }
                }
                if !cap.runs {
                    break;
                }
            }
            if run.any() && flankers.has(sq) {
                taken |= run;
            }
        }
        for &(corner, near, far) in &self.corner_pairs {
            if near == to && targets.has(corner) && flankers.has(far) {
                taken |= B::bit(corner);
            }
        }
        taken
    }

    /// Every square where a piece of `us` landing would flank at least one enemy piece, for
    /// all landings at once. A superset of the exact answer only in that a hopping piece's
    /// own origin still counts as a flanker here: where it matters, ask [`Rules::flanked`].
    pub fn capture_landings(&self, pos: &Position<B>, us: Colour) -> B {
        if self.ruleset.capture.hostile_corners {
            self.capture_landings_with::<true>(pos, us)
        } else {
            self.capture_landings_with::<false>(pos, us)
        }
    }

    #[inline(always)]
    fn capture_landings_with<const HOSTILE: bool>(&self, pos: &Position<B>, us: Colour) -> B {
        let cap = &self.ruleset.capture;
        let them = us.other();
        let empty = self.geo.board & !pos.occupied();
        let mut flankers = pos.men[us.index()];
        if cap.leader_flanks {
            flankers |= pos.leaders[us.index()];
        }
        flankers &= !pos.trapped;
        let mut targets = pos.men[them.index()] & !pos.trapped;
        if cap.leader == LeaderCapture::AsMan && cap.effect == CaptureEffect::Remove {
            targets |= pos.leaders[them.index()];
        }
        if HOSTILE {
            flankers |= self.hostile;
            targets &= !self.hostile;
        }
        let mut landings = B::EMPTY;
        for &d in self.capture_dirs {
            let back = d.opposite();
            // Targets whose line in direction d closes on a flanker.
            let mut closed = targets & self.geo.shift(flankers, back);
            if cap.runs {
                loop {
                    let grown = closed | (targets & self.geo.shift(closed, back));
                    if grown == closed {
                        break;
                    }
                    closed = grown;
                }
            }
            landings |= self.geo.shift(closed, back);
        }
        for &(corner, near, far) in &self.corner_pairs {
            if targets.has(corner) && flankers.has(far) {
                landings |= B::bit(near);
            }
        }
        landings & empty
    }

    /// Whether `sq` lies between two enemy pieces of `us` on its rank or on its file.
    pub fn between_enemies(&self, pos: &Position<B>, us: Colour, sq: Square) -> bool {
        let enemy = pos.occupied_by(us.other());
        let holds = |d: Dir| self.step(sq, d).is_some_and(|n| enemy.has(n));
        (holds(Dir::E) && holds(Dir::W)) || (holds(Dir::N) && holds(Dir::S))
    }

    /// Resolves a piece of `us` having just landed on `to` (coming from `lifted`): takes or
    /// traps what it flanks, then frees trapped pieces no longer held. Returns the squares
    /// whose pieces left the board.
    pub(super) fn land(&self, pos: &mut Position<B>, us: Colour, to: Square, lifted: Square) -> B {
        let hit = self.flanked(pos, us, to, lifted);
        let them = us.other();
        match self.ruleset.capture.effect {
            CaptureEffect::Remove => {
                for sq in hit.iter() {
                    pos.take(them, sq);
                }
                hit
            }
            CaptureEffect::Immobilise => {
                for sq in hit.iter() {
                    pos.set_trapped(them, sq, true);
                }
                self.release(pos);
                B::EMPTY
            }
        }
    }

    /// The squares held between two pieces of `holders` along one of the capture lines, and
    /// the corners held from both their neighbours where corners can be flanked.
    fn held_by(&self, holders: B) -> B {
        let mut held = B::EMPTY;
        for &d in self.capture_dirs {
            // Each line is visited twice (d and its opposite); the result is the same.
            held |= self.geo.shift(holders, d) & self.geo.shift(holders, d.opposite());
        }
        if self.ruleset.capture.corners {
            for &(corner, near, far) in &self.corner_pairs {
                if holders.has(near) && holders.has(far) {
                    held |= B::bit(corner);
                }
            }
        }
        held
    }

    /// Frees, all at once, every trapped man no longer held between two free enemy pieces.
    pub(super) fn release(&self, pos: &mut Position<B>) {
        let mut freed = [B::EMPTY; 2];
        for c in [Colour::White, Colour::Black] {
            let jailers = pos.occupied_by(c.other()) & !pos.trapped;
            freed[c.index()] = pos.men[c.index()] & pos.trapped & !self.held_by(jailers);
        }
        for c in [Colour::White, Colour::Black] {
            for sq in freed[c.index()].iter() {
                pos.set_trapped(c, sq, false);
            }
        }
    }

    /// Plays `mv` (assumed legal) on `pos`.
    pub fn play(&self, pos: &Position<B>, mv: Move) -> Played<B> {
        let r = &self.ruleset;
        let mut p = *pos;
        let us = pos.side;
        let them = us.other();
        let mut removed = B::EMPTY;
        p.ply += 1;
        match mv.kind {
            MoveKind::Place | MoveKind::PlaceLeader => {
                let kind = if mv.kind == MoveKind::Place {
                    Kind::Man
                } else {
                    Kind::Leader
                };
                p.turn = Turn::Fresh;
                p.put(us, kind, mv.to as Square);
                let left = p.hand[us.index()][kind as usize].saturating_sub(1);
                p.set_hand(us, kind, left);
                p.passes = 0;
                p.side = if !p.placing() {
                    r.placement.movement_first.unwrap_or(them)
                } else if p.in_hand(us) == 0 {
                    them
                } else if p.in_hand(them) == 0
                    || p.mid_turn(r.hand_total(), r.placement.per_turn as u32)
                {
                    us
                } else {
                    them
                };
            }
            MoveKind::Remove => {
                p.take(them, mv.to as Square);
                removed = B::bit(mv.to as Square);
                p.quiet = 0;
                p.passes = 0;
                (p.side, p.turn) = match r.removal {
                    Removal::InsteadOfMove => (them, Turn::Fresh),
                    Removal::BeforeMove => (us, Turn::Removing),
                };
            }
            MoveKind::Pass => {
                p.passes = (p.passes + 1).min(2);
                p.quiet = p.quiet.saturating_add(1);
                p.side = them;
                p.turn = Turn::Fresh;
            }
            MoveKind::Go => {
                p.passes = 0;
                let from = mv.from as Square;
                if mv.hops == 0 {
                    p.relocate(us, from, mv.to as Square);
                    removed = self.land(&mut p, us, mv.to as Square, from);
                } else {
                    let mut at = from;
                    for i in 0..mv.hops as usize {
                        let d = mv.hop_dir(i);
                        let Some(land) = self.geo.step(at, d).and_then(|o| self.geo.step(o, d))
                        else {
                            break;
                        };
                        p.relocate(us, at, land);
                        removed |= self.land(&mut p, us, land, at);
                        at = land;
                    }
                }
                if r.capture.leader == LeaderCapture::Enclosure {
                    let ours = p.occupied_by(us);
                    for sq in p.leaders[them.index()].iter() {
                        let around = self.geo.orthogonal_neighbours(B::bit(sq));
                        if (around & !ours).is_empty() {
                            p.take(them, sq);
                            removed |= B::bit(sq);
                        }
                    }
                }
                p.quiet = if removed.any() {
                    0
                } else {
                    p.quiet.saturating_add(1)
                };
                (p.side, p.turn) = if r.bonus_move && removed.any() {
                    (us, Turn::Bonus(mv.to))
                } else {
                    (them, Turn::Fresh)
                };
            }
        }
        Played { pos: p, removed }
    }
}
