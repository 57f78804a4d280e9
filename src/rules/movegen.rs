//! Pseudo-legal move generation: everything the piece rules allow. Repetition rules (which
//! need the game's history) are applied on top by `Game`.

use super::compiled::Rules;
use super::moves::Move;
use super::position::{Position, Turn};
use super::ruleset::*;
use crate::board::{ALL_DIRS, Bits, Dir, Square};

impl<B: Bits> Rules<B> {
    /// Every move the piece rules allow for the side to act, into `out` (cleared first).
    pub fn pseudo_moves(&self, pos: &Position<B>, out: &mut Vec<Move>) {
        out.clear();
        if pos.placing() {
            self.placements(pos, out);
            return;
        }
        let us = pos.side;
        let them = us.other();
        let empty = self.geo.board & !pos.occupied();
        if let Turn::Bonus(sq) = pos.turn {
            self.bonus_moves(pos, sq as Square, empty, out);
            return;
        }
        if self.ruleset.capture.effect == CaptureEffect::Immobilise {
            for sq in (pos.men[them.index()] & pos.trapped).iter() {
                out.push(Move::remove(sq));
            }
        }
        for from in (pos.men[us.index()] & !pos.trapped).iter() {
            self.piece_moves(pos, from, Kind::Man, empty, out);
        }
        for from in pos.leaders[us.index()].iter() {
            self.piece_moves(pos, from, Kind::Leader, empty, out);
        }
    }

    /// The moves of the piece on `sq`, which plays a bonus move. Out of line: most rulesets
    /// never get here, and the common path stays as small as it was without bonus moves.
    #[cold]
    #[inline(never)]
    fn bonus_moves(&self, pos: &Position<B>, sq: Square, empty: B, out: &mut Vec<Move>) {
        let us = pos.side;
        if pos.leaders[us.index()].has(sq) {
            self.piece_moves(pos, sq, Kind::Leader, empty, out);
        } else if (pos.men[us.index()] & !pos.trapped).has(sq) {
            self.piece_moves(pos, sq, Kind::Man, empty, out);
        }
    }

    fn placements(&self, pos: &Position<B>, out: &mut Vec<Move>) {
        let r = &self.ruleset;
        let us = pos.side;
        let [men, leaders] = pos.hand[us.index()];
        let (men_ok, leader_ok) = match r.placement.leader_order {
            LeaderOrder::Any => (men > 0, leaders > 0),
            LeaderOrder::AfterMen => (men > 0, leaders > 0 && men == 0),
            LeaderOrder::FirstOrLast => {
                let first = men == r.hand_men && leaders == r.hand_leaders;
                if leaders > 0 && !first {
                    (men > 0, men == 0)
                } else {
                    (men > 0, leaders > 0)
                }
            }
        };
        let squares = self.region[us.index()] & !pos.occupied();
        if men_ok {
            out.extend(squares.iter().map(|sq| Move::place(sq, false)));
        }
        if leader_ok {
            out.extend(squares.iter().map(|sq| Move::place(sq, true)));
        }
    }

    fn piece_moves(
        &self,
        pos: &Position<B>,
        from: Square,
        kind: Kind,
        empty: B,
        out: &mut Vec<Move>,
    ) {
        let r = &self.ruleset;
        let (movement, dirs) = match kind {
            Kind::Man => (r.man_moves, self.man_dirs),
            Kind::Leader => (r.leader_moves, self.leader_dirs),
        };
        let mut dests = B::EMPTY;
        match movement.reach {
            Reach::Slide => {
                let occupied = !empty;
                for &d in dirs {
                    dests |= self.slide(from, d, occupied);
                }
            }
            Reach::Step => {
                let at = B::bit(from);
                for &d in dirs {
                    dests |= self.geo.shift(at, d);
                }
                dests &= empty;
            }
        }
        if r.entry_restriction {
            dests = self.admissible(pos, from, dests);
        }
        out.extend(dests.iter().map(|to| Move::go(from, to)));
        if let Some(hops) = r.hops {
            let allowed = match hops.by {
                Hoppers::AnyPiece => true,
                Hoppers::MenOnly => kind == Kind::Man,
                Hoppers::LeaderOnly => kind == Kind::Leader,
            };
            if allowed {
                let start = Move::go(from, from);
                if self.diagonal_hops {
                    self.extend_chain::<8>(pos, start, from, B::bit(from), hops, out);
                } else {
                    self.extend_chain::<4>(pos, start, from, B::bit(from), hops, out);
                }
            }
        }
    }

    /// The destinations of a piece leaving `from` that the entry restriction allows: no
    /// landing between two enemies on a rank or a file unless the landing flanks an enemy.
    fn admissible(&self, pos: &Position<B>, from: Square, dests: B) -> B {
        let us = pos.side;
        let enemy = pos.occupied_by(us.other());
        let g = &self.geo;
        let sandwiched = (g.shift(enemy, Dir::E) & g.shift(enemy, Dir::W))
            | (g.shift(enemy, Dir::N) & g.shift(enemy, Dir::S));
        let mut ok = dests;
        let landings = self.capture_landings(pos, us);
        ok &= !(sandwiched & !landings);
        for to in (dests & sandwiched & landings).iter() {
            if self.flanked(pos, us, to, from).is_empty() {
                ok ^= B::bit(to);
            }
        }
        ok
    }

    fn can_hop_over(&self, pos: &Position<B>, sq: Square, over: HopOver) -> bool {
        let us = pos.side;
        match over {
            HopOver::AnyPiece => pos.occupied().has(sq),
            HopOver::FriendlyMan => pos.men[us.index()].has(sq),
            HopOver::Friendly => pos.occupied_by(us).has(sq),
            HopOver::Enemy => pos.occupied_by(us.other()).has(sq),
            HopOver::FriendlyOrTrappedEnemy => {
                (pos.occupied_by(us) | (pos.men[us.other().index()] & pos.trapped)).has(sq)
            }
        }
    }

    /// Adds every hop (and, with chains, every longer chain) from `at`, where the moving
    /// piece stands in `pos` after the jumps of `chain`; `visited` holds the squares the
    /// chain has occupied, its origin included. `DIRS` is 4 (orthogonal jumps) or 8: a
    /// constant, so that the loop over the directions and the path encoding compile to what
    /// they were for orthogonal chains alone.
    fn extend_chain<const DIRS: usize>(
        &self,
        pos: &Position<B>,
        chain: Move,
        at: Square,
        visited: B,
        hops: Hops,
        out: &mut Vec<Move>,
    ) {
        let us = pos.side;
        for d in ALL_DIRS.into_iter().take(DIRS) {
            let Some(over) = self.step(at, d) else {
                continue;
            };
            let Some(land) = self.step(over, d) else {
                continue;
            };
            if pos.occupied().has(land)
                || visited.has(land)
                || !self.can_hop_over(pos, over, hops.over)
            {
                continue;
            }
            if self.ruleset.entry_restriction
                && self.between_enemies(pos, us, land)
                && self.flanked(pos, us, land, at).is_empty()
            {
                continue;
            }
            let mv = chain.then_hop(d, land, DIRS == 8);
            out.push(mv);
            // `Rules::new` refused any board whose longest chain the path cannot hold.
            if hops.chains {
                let mut next = *pos;
                next.relocate(us, at, land);
                self.land(&mut next, us, land, at);
                self.extend_chain::<DIRS>(&next, mv, land, visited | B::bit(land), hops, out);
            }
        }
    }
}
