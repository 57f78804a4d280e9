//! Pseudo-legal move generation: everything the piece rules allow. Repetition rules (which
//! need the game's history) are applied on top by `Game`.

use super::compiled::Rules;
use super::moves::Move;
use super::position::{Position, Turn};
use super::ruleset::*;
use crate::board::{ALL_DIRS, Bits, Dir, Square};

/// What limits the moves generated in one position: the empty squares, the entry
/// restriction's squares (where it applies) and the destinations wanted.
#[derive(Clone, Copy)]
struct Scope<B> {
    empty: B,
    entry: Option<EntrySquares<B>>,
    targets: B,
}

/// The squares the entry restriction bars or must check, for one position.
#[derive(Clone, Copy)]
struct EntrySquares<B> {
    barred: B,
    to_check: B,
}

impl<B: Bits> Rules<B> {
    /// Every move the piece rules allow for the side to act, into `out` (cleared first).
    pub fn pseudo_moves(&self, pos: &Position<B>, out: &mut Vec<Move>) {
        out.clear();
        if pos.placing() {
            self.placements(pos, out);
            return;
        }
        self.moves_to(pos, self.geo.board, out);
    }

    /// The movement-phase moves with a destination in `targets`, and the removals.
    #[inline(always)]
    fn moves_to(&self, pos: &Position<B>, targets: B, out: &mut Vec<Move>) {
        let us = pos.side;
        let them = us.other();
        let scope = Scope {
            empty: self.geo.board & !pos.occupied(),
            entry: self.entry_restriction_squares(pos),
            targets,
        };
        if let Turn::Bonus(sq) = pos.turn {
            self.bonus_moves(pos, sq as Square, scope, out);
            return;
        }
        if self.ruleset.capture.effect == CaptureEffect::Immobilise {
            for sq in (pos.men[them.index()] & pos.trapped).iter() {
                out.push(Move::remove(sq));
            }
        }
        for from in (pos.men[us.index()] & !pos.trapped).iter() {
            self.piece_moves(pos, from, Kind::Man, scope, out);
        }
        for from in pos.leaders[us.index()].iter() {
            self.piece_moves(pos, from, Kind::Leader, scope, out);
        }
    }

    /// The moves for the side to act that remove a trapped man or whose destination is in
    /// `targets` (the tactical moves of a quiescence search), into `out` (cleared first).
    /// None during placement.
    pub fn tactical_moves(&self, pos: &Position<B>, targets: B, out: &mut Vec<Move>) {
        out.clear();
        if pos.placing() {
            return;
        }
        let r = &self.ruleset;
        if pos.turn != Turn::Fresh {
            self.moves_to(pos, targets, out);
            return;
        }
        // Few squares are targets: look from each for the pieces that can slide or step
        // there, rather than generate every piece's moves; hops are followed forwards. The
        // moves come out in the order of the full generation.
        let us = pos.side;
        if r.capture.effect == CaptureEffect::Immobilise {
            for sq in (pos.men[us.other().index()] & pos.trapped).iter() {
                out.push(Move::remove(sq));
            }
        }
        let start = out.len();
        let occupied = pos.occupied();
        let men = pos.men[us.index()] & !pos.trapped;
        let leaders = pos.leaders[us.index()];
        let entry = self.entry_restriction_squares(pos);
        for to in (targets & self.geo.board & !occupied).iter() {
            let (man, leader) = (r.man_moves.reach, r.leader_moves.reach);
            self.movers_to(pos, to, men, man, self.man_dirs, entry, out);
            self.movers_to(pos, to, leaders, leader, self.leader_dirs, entry, out);
        }
        if let Some(hops) = r.hops {
            let hoppers = match hops.by {
                Hoppers::AnyPiece => men | leaders,
                Hoppers::MenOnly => men,
                Hoppers::LeaderOnly => leaders,
            };
            for from in hoppers.iter() {
                let start = Move::go(from, from);
                let at = B::bit(from);
                if self.diagonal_hops {
                    self.extend_chain::<8>(pos, start, at, hops, targets, out);
                } else {
                    self.extend_chain::<4>(pos, start, at, hops, targets, out);
                }
            }
        }
        // Stable: each piece's slides in the order of their destinations, then its hops.
        out[start..].sort_by_key(|m| (leaders.has(m.from as Square), m.from, m.is_hop()));
        debug_assert!(
            {
                let mut forward = Vec::new();
                self.moves_to(pos, targets, &mut forward);
                forward == *out
            },
            "the tactical moves of {pos:?} differ from the forward generation's"
        );
    }

    /// The moves of `pieces` onto the empty square `to`, as the entry restriction allows
    /// (the directions are symmetric, so a piece reaches `to` in direction `d` if it is the
    /// first piece seen from `to` in the opposite direction).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn movers_to(
        &self,
        pos: &Position<B>,
        to: Square,
        pieces: B,
        reach: Reach,
        dirs: &[Dir],
        entry: Option<EntrySquares<B>>,
        out: &mut Vec<Move>,
    ) {
        if pieces.is_empty() {
            return;
        }
        if let Some(e) = entry
            && e.barred.has(to)
        {
            return;
        }
        let occupied = pos.occupied();
        for &d in dirs {
            let from = match reach {
                Reach::Slide => self.first_blocker(to, d, occupied),
                Reach::Step => self.step(to, d).filter(|&sq| occupied.has(sq)),
            };
            let Some(from) = from.filter(|&sq| pieces.has(sq)) else {
                continue;
            };
            if let Some(e) = entry
                && e.to_check.has(to)
                && self.flanked(pos, pos.side, to, from).is_empty()
            {
                continue;
            }
            out.push(Move::go(from, to));
        }
    }

    /// [`Rules::entry_squares`] where the ruleset has the entry restriction.
    fn entry_restriction_squares(&self, pos: &Position<B>) -> Option<EntrySquares<B>> {
        self.ruleset
            .entry_restriction
            .then(|| self.entry_squares(pos))
    }

    /// The entry restriction's squares for the side to move, once per position: those
    /// between two enemies on a rank or a file that flank nothing from any origin (never
    /// entered), and those that flank an enemy from some origin (entered only from an
    /// origin that leaves the flank standing).
    fn entry_squares(&self, pos: &Position<B>) -> EntrySquares<B> {
        let enemy = pos.occupied_by(pos.side.other());
        let g = &self.geo;
        let sandwiched = (g.shift(enemy, Dir::E) & g.shift(enemy, Dir::W))
            | (g.shift(enemy, Dir::N) & g.shift(enemy, Dir::S));
        let landings = self.capture_landings(pos, pos.side);
        EntrySquares {
            barred: sandwiched & !landings,
            to_check: sandwiched & landings,
        }
    }

    /// The moves of the side to act's piece on `from` that land on `to`, into `out` (cleared
    /// first): those [`Rules::pseudo_moves`] gives for that origin and landing, in its order,
    /// found without generating the rest. Empty during placement and in a turn that is not
    /// a fresh one (a bonus move, a removal), where the full generation is cheap anyway.
    pub fn moves_between(&self, pos: &Position<B>, from: Square, to: Square, out: &mut Vec<Move>) {
        out.clear();
        if pos.placing() || pos.turn != Turn::Fresh || !self.geo.board.has(to) {
            return;
        }
        let us = pos.side.index();
        let kind = if pos.leaders[us].has(from) {
            Kind::Leader
        } else if (pos.men[us] & !pos.trapped).has(from) {
            Kind::Man
        } else {
            return;
        };
        let scope = Scope {
            empty: self.geo.board & !pos.occupied(),
            entry: self.entry_restriction_squares(pos),
            targets: B::bit(to),
        };
        self.piece_moves(pos, from, kind, scope, out);
    }

    /// The moves of the piece on `sq`, which plays a bonus move. Out of line: most rulesets
    /// never get here, and the common path stays as small as it was without bonus moves.
    #[cold]
    #[inline(never)]
    fn bonus_moves(&self, pos: &Position<B>, sq: Square, scope: Scope<B>, out: &mut Vec<Move>) {
        let us = pos.side;
        if pos.leaders[us.index()].has(sq) {
            self.piece_moves(pos, sq, Kind::Leader, scope, out);
        } else if (pos.men[us.index()] & !pos.trapped).has(sq) {
            self.piece_moves(pos, sq, Kind::Man, scope, out);
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
        scope: Scope<B>,
        out: &mut Vec<Move>,
    ) {
        let Scope {
            empty,
            entry,
            targets,
        } = scope;
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
        dests &= targets;
        if let Some(entry) = entry {
            dests = self.admissible(pos, from, dests, entry);
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
                    self.extend_chain::<8>(pos, start, B::bit(from), hops, targets, out);
                } else {
                    self.extend_chain::<4>(pos, start, B::bit(from), hops, targets, out);
                }
            }
        }
    }

    /// The destinations of a piece leaving `from` that the entry restriction allows: no
    /// landing between two enemies on a rank or a file unless the landing flanks an enemy.
    fn admissible(&self, pos: &Position<B>, from: Square, dests: B, entry: EntrySquares<B>) -> B {
        let mut ok = dests & !entry.barred;
        for to in (dests & entry.to_check).iter() {
            if self.flanked(pos, pos.side, to, from).is_empty() {
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

    /// Adds every hop (and, with chains, every longer chain) landing in `targets` from where
    /// the moving piece stands in `pos` after the jumps of `chain` (its `to`); `visited`
    /// holds the squares the chain has occupied, its origin included. `DIRS` is 4 (orthogonal jumps) or 8: a
    /// constant, so that the loop over the directions and the path encoding compile to what
    /// they were for orthogonal chains alone.
    fn extend_chain<const DIRS: usize>(
        &self,
        pos: &Position<B>,
        chain: Move,
        visited: B,
        hops: Hops,
        targets: B,
        out: &mut Vec<Move>,
    ) {
        let us = pos.side;
        let at = chain.to as Square;
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
            if targets.has(land) {
                out.push(mv);
            }
            // `Rules::new` refused any board whose longest chain the path cannot hold.
            if hops.chains {
                let mut next = *pos;
                next.relocate(us, at, land);
                self.land(&mut next, us, land, at);
                let visited = visited | B::bit(land);
                self.extend_chain::<DIRS>(&next, mv, visited, hops, targets, out);
            }
        }
    }
}
