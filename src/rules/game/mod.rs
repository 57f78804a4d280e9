//! A game: the rules, the current position and the history behind it. This is the referee
//! every other part of the engine asks what is legal and who won.

use std::sync::Arc;

mod end;

use super::compiled::Rules;
use super::error::{Illegal, IllegalMove, MoveListError, PositionError};
use super::moves::{Move, MoveKind, TokenShape, read_token};
use super::outcome::Outcome;
use super::position::{Position, Turn};
use super::resolve::Played;
use super::ruleset::*;
use crate::board::{Bits, Square};

/// One position of the game's history.
#[derive(Clone, Copy, Debug)]
pub struct Frame<B> {
    pub pos: Position<B>,
    /// Index of the earliest frame with the same material as this one. Earlier positions can
    /// never recur (material only decreases), so repetition rules look no further back.
    pub window: u32,
    /// The move that led here.
    pub last_move: Option<Move>,
    /// Squares whose pieces that move took off the board.
    pub removed: B,
}

/// What repetition rules compare of a frame.
#[derive(Clone, Copy, Debug)]
struct Trace<B> {
    occupancy: [B; 2],
    /// The board's key (superko compares boards).
    key: u64,
}

impl<B: Bits> Trace<B> {
    fn of(pos: &Position<B>) -> Self {
        Trace {
            occupancy: [
                pos.occupied_by(Colour::White),
                pos.occupied_by(Colour::Black),
            ],
            key: pos.key,
        }
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game<B> {
    rules: Arc<Rules<B>>,
    frames: Vec<Frame<B>>,
    /// Each frame's occupancy by colour and key, kept apart so that repetition scans over
    /// long histories read little memory.
    traces: Vec<Trace<B>>,
    /// Each frame's key with the side to move and the passes, which threefold repetition
    /// compares: a dense array, so that the scan over a long quiet stretch is a fast loop.
    full_keys: Vec<u64>,
    /// A move list kept for the few places that generate moves only to see whether there
    /// are any (a bonus piece that may be stuck), so that a ply allocates nothing.
    spare: Vec<Move>,
}

impl<B: Bits> Game<B> {
    /// A game from the ruleset's start position.
    pub fn new(rules: Arc<Rules<B>>) -> Self {
        let start = rules.start();
        Self::from_position(rules, start)
    }

    /// A game whose history starts at `pos`.
    pub fn from_position(rules: Arc<Rules<B>>, pos: Position<B>) -> Self {
        let mut game = Game {
            rules,
            traces: vec![Trace::of(&pos)],
            full_keys: vec![pos.full_key()],
            frames: vec![Frame {
                pos,
                window: 0,
                last_move: None,
                removed: B::EMPTY,
            }],
            spare: Vec::new(),
        };
        game.settle();
        game
    }

    /// A game from a position string, or the precise reason the string is wrong.
    pub fn from_fen(rules: Arc<Rules<B>>, text: &str) -> Result<Self, PositionError> {
        let pos = super::fen::parse(text).and_then(|s| super::fen::validate(&rules, &s))?;
        Ok(Self::from_position(rules, pos))
    }

    /// Plays a list of tokens; stops at the first illegal one and says which it was (the
    /// moves before it stay played).
    pub fn play_tokens<S: AsRef<str>>(&mut self, tokens: &[S]) -> Result<(), MoveListError> {
        for (i, t) in tokens.iter().enumerate() {
            self.play_token(t.as_ref()).map_err(|error| MoveListError {
                number: i + 1,
                error,
            })?;
        }
        Ok(())
    }

    pub fn rules(&self) -> &Rules<B> {
        &self.rules
    }
    pub fn shared_rules(&self) -> Arc<Rules<B>> {
        self.rules.clone()
    }
    pub fn ruleset(&self) -> &Ruleset {
        &self.rules.ruleset
    }
    /// The current position.
    #[inline(always)]
    pub fn position(&self) -> &Position<B> {
        &self.frames[self.frames.len() - 1].pos
    }
    /// The newest frame (position, last move and what it removed).
    pub fn last_frame(&self) -> &Frame<B> {
        &self.frames[self.frames.len() - 1]
    }
    /// Every position since the start of the game's history.
    pub fn frames(&self) -> &[Frame<B>] {
        &self.frames
    }
    /// The moves played since the history began.
    pub fn moves(&self) -> Vec<Move> {
        self.frames.iter().filter_map(|f| f.last_move).collect()
    }

    /// Plays `mv`, which must be legal (see [`Game::legal_moves`]).
    pub fn make(&mut self, mv: Move) -> &Frame<B> {
        let Played { pos, removed } = self.rules.play(self.position(), mv);
        // The material changes exactly when a piece leaves a hand or the board: cheaper to
        // tell from the move than to count the pieces (`debug_assert` checks the two agree).
        let last = self.last_frame();
        let placed = matches!(mv.kind, MoveKind::Place | MoveKind::PlaceLeader);
        let same_material = !placed && removed.is_empty();
        debug_assert_eq!(same_material, pos.material() == last.pos.material());
        let window = if same_material {
            last.window
        } else {
            self.frames.len() as u32
        };
        self.traces.push(Trace::of(&pos));
        self.full_keys.push(pos.full_key());
        self.frames.push(Frame {
            pos,
            window,
            last_move: Some(mv),
            removed,
        });
        self.settle();
        self.last_frame()
    }

    /// Ends a bonus turn whose piece has no legal move: the other side is to act, with no
    /// ply played.
    #[inline(always)]
    fn settle(&mut self) {
        if matches!(self.position().turn, Turn::Bonus(_)) {
            self.settle_bonus();
        }
    }

    #[cold]
    #[inline(never)]
    fn settle_bonus(&mut self) {
        let mut moves = std::mem::take(&mut self.spare);
        self.generate_moves(&mut moves);
        let stuck = moves.is_empty();
        self.spare = moves;
        if stuck {
            let n = self.frames.len() - 1;
            let pos = &mut self.frames[n].pos;
            pos.side = pos.side.other();
            pos.turn = Turn::Fresh;
            self.full_keys[n] = pos.full_key();
        }
    }

    /// Hands the turn to the other side without moving: the search's null move, which no
    /// ruleset allows. Repetition and superko look no further back than the new frame (a
    /// line through a null move is a probe, not a game). Take it back with [`Game::undo`].
    pub fn make_null(&mut self) {
        let mut pos = *self.position();
        pos.side = pos.side.other();
        pos.turn = Turn::Fresh;
        pos.ply += 1;
        pos.quiet = pos.quiet.saturating_add(1);
        self.traces.push(Trace::of(&pos));
        self.full_keys.push(pos.full_key());
        self.frames.push(Frame {
            pos,
            window: self.frames.len() as u32,
            last_move: None,
            removed: B::EMPTY,
        });
    }

    /// Takes back the last move; `None` at the start of the history.
    pub fn undo(&mut self) -> Option<Move> {
        if self.frames.len() > 1 {
            self.traces.pop();
            self.full_keys.pop();
            self.frames.pop().and_then(|f| f.last_move)
        } else {
            None
        }
    }

    /// Where the frames a repetition rule compares the current position with begin: the
    /// last change of material (they run to the current frame).
    fn window_start(&self) -> usize {
        self.last_frame().window as usize
    }

    /// The traces a repetition rule compares the current position with (current included).
    fn window(&self) -> &[Trace<B>] {
        &self.traces[self.window_start()..]
    }

    /// The moves the rules allow, ignoring whether the game has already ended: pseudo-legal
    /// moves minus those superko forbids, or a lone pass where passing is the rule. Returns
    /// whether superko removed any move.
    pub fn generate(&self, out: &mut Vec<Move>) -> bool {
        let superko = self.generate_moves(out);
        if out.is_empty()
            && (self.ruleset().end.no_move == NoMove::Pass
                || self.position().turn == Turn::Removing)
        {
            out.push(Move::PASS);
        }
        superko
    }

    /// [`Game::generate`] without the forced pass.
    #[inline(always)]
    fn generate_moves(&self, out: &mut Vec<Move>) -> bool {
        let pos = self.position();
        self.rules.pseudo_moves(pos, out);
        if self.ruleset().end.repetition == Repetition::Superko && !pos.placing() {
            self.drop_superko(out)
        } else {
            false
        }
    }

    /// Removes the moves that would recreate a position of the window. Only a move that keeps
    /// the material can, and only one that turns the current occupancy into an earlier one:
    /// the occupancies tell which origin and destination to try.
    fn drop_superko(&self, out: &mut Vec<Move>) -> bool {
        let window = self.window();
        if window.len() < 2 {
            return false;
        }
        let pos = self.position();
        let us = pos.side.index();
        let them = pos.side.other().index();
        let now = window[window.len() - 1].occupancy;
        let (mut froms, mut tos) = (B::EMPTY, B::EMPTY);
        for t in &window[..window.len() - 1] {
            let occ = &t.occupancy;
            if occ[them] != now[them] {
                continue;
            }
            let diff = occ[us] ^ now[us];
            if diff.count() == 2 && (diff & now[us]).count() == 1 {
                froms |= diff & now[us];
                tos |= diff & !now[us];
            }
        }
        if froms.is_empty() {
            return false;
        }
        let before = out.len();
        out.retain(|m| {
            if m.kind != MoveKind::Go || !froms.has(m.from as Square) || !tos.has(m.to as Square) {
                return true;
            }
            let key = self.rules.play(pos, *m).pos.key;
            !window.iter().any(|t| t.key == key)
        });
        out.len() != before
    }

    /// The legal moves from `from` to `to` in a fresh movement-phase turn (none otherwise),
    /// in the order of [`Game::generate`]: a search tries its table's move with them before
    /// it generates every move.
    pub fn moves_between(&self, from: Square, to: Square, out: &mut Vec<Move>) {
        self.rules.moves_between(self.position(), from, to, out);
        if self.ruleset().end.repetition == Repetition::Superko {
            self.drop_superko(out);
        }
    }

    /// The tactical moves only, for a quiescence search: removals of trapped men and the
    /// moves whose destination is in `targets` (superko applied as in [`Game::generate`]).
    /// Never the forced pass.
    pub fn tactical_moves(&self, targets: B, out: &mut Vec<Move>) {
        let pos = self.position();
        self.rules.tactical_moves(pos, targets, out);
        if self.ruleset().end.repetition == Repetition::Superko && !pos.placing() {
            self.drop_superko(out);
        }
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.status(&mut out);
        out
    }

    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.status(&mut Vec::new())
    }

    /// The legal move written as `token`, or why there is none.
    pub fn find_move(&self, token: &str) -> Result<Move, IllegalMove> {
        let geo = &self.rules.geo;
        let shape = read_token(geo, token)?;
        let illegal = |reason| IllegalMove {
            token: token.to_string(),
            reason,
        };
        let mut legal = Vec::new();
        if let Some(o) = self.status(&mut legal) {
            return Err(illegal(Illegal::GameOver {
                headline: o.headline(self.ruleset()),
            }));
        }
        let matches = |m: &Move| match &shape {
            TokenShape::Pass => m.kind == MoveKind::Pass,
            TokenShape::Remove(sq) => m.kind == MoveKind::Remove && m.to as Square == *sq,
            TokenShape::Place { leader, to } => {
                let kind = if *leader {
                    MoveKind::PlaceLeader
                } else {
                    MoveKind::Place
                };
                m.kind == kind && m.to as Square == *to
            }
            TokenShape::Path(path) => {
                m.kind == MoveKind::Go
                    && m.from as Square == path[0]
                    && m.to as Square == path[path.len() - 1]
                    && m.token(geo) == token
            }
        };
        if let Some(m) = legal.iter().find(|m| matches(m)) {
            return Ok(*m);
        }
        Err(illegal(self.why_illegal(&shape, &legal)))
    }

    /// Plays the move written as `token` if it is legal.
    pub fn play_token(&mut self, token: &str) -> Result<Move, IllegalMove> {
        let m = self.find_move(token)?;
        self.make(m);
        Ok(m)
    }

    /// The first occupied square on the straight line from `from` to `to` (`to` included),
    /// if `to` lies on one of the board's lines from `from`.
    fn first_in_the_way(&self, from: Square, to: Square) -> Option<Square> {
        let geo = &self.rules.geo;
        let occupied = self.position().occupied();
        crate::board::ALL_DIRS.iter().find_map(|&d| {
            let mut at = from;
            let mut first = None;
            while let Some(next) = geo.step(at, d) {
                if first.is_none() && occupied.has(next) {
                    first = Some(next);
                }
                if next == to {
                    return first;
                }
                at = next;
            }
            None
        })
    }

    /// Why a well-formed token is not among the legal moves.
    fn why_illegal(&self, shape: &TokenShape, legal: &[Move]) -> Illegal {
        let pos = self.position();
        let r = self.ruleset();
        let geo = &self.rules.geo;
        let side = r.colour_name(pos.side).to_string();
        let leader = r.leader_name.to_string();
        let mut pseudo = Vec::new();
        self.rules.pseudo_moves(pos, &mut pseudo);
        let token_of = |s: &TokenShape| match s {
            TokenShape::Path(p) => p.iter().map(|&q| geo.name(q)).collect::<String>(),
            _ => String::new(),
        };
        match shape {
            TokenShape::Pass => Illegal::PassNotAllowed,
            TokenShape::Place { .. } if !pos.placing() => Illegal::PlacementOver,
            TokenShape::Place {
                leader: is_leader,
                to,
            } => {
                let square = geo.name(*to);
                if pos.occupied().has(*to) {
                    Illegal::Occupied { square }
                } else if !self.rules.placement_region(pos.side).has(*to) {
                    Illegal::MayNotPlace { side, square }
                } else if *is_leader && pos.hand[pos.side.index()][1] == 0 {
                    Illegal::NoLeaderInHand { side, leader }
                } else if *is_leader {
                    Illegal::LeaderFirstOrLast { leader }
                } else if pos.hand[pos.side.index()][0] == 0 {
                    Illegal::NoManInHand { side }
                } else {
                    Illegal::MustPlaceLeader { side, leader }
                }
            }
            _ if pos.placing() => Illegal::MustPlace { side },
            TokenShape::Remove(sq) => {
                if pos.men[pos.side.other().index()].has(*sq) && pos.trapped.has(*sq) {
                    Illegal::RemovalNotAllowed
                } else {
                    Illegal::NoTrappedEnemy {
                        square: geo.name(*sq),
                    }
                }
            }
            TokenShape::Path(path) => {
                let from = path[0];
                let square = geo.name(from);
                match pos.piece_at(from) {
                    None => Illegal::NoPiece { square },
                    Some((c, _)) if c != pos.side => Illegal::NotYours { square, side },
                    Some(_) if pos.trapped.has(from) => Illegal::Trapped { square },
                    Some(_) => {
                        let t = token_of(shape);
                        if pseudo.iter().any(|m| m.token(geo) == t)
                            && !legal.iter().any(|m| m.token(geo) == t)
                        {
                            Illegal::Superko
                        } else if let [_, to] = path[..]
                            && let Some(block) = self.first_in_the_way(from, to)
                        {
                            if block == to {
                                Illegal::Occupied {
                                    square: geo.name(to),
                                }
                            } else {
                                Illegal::InTheWay {
                                    square: geo.name(block),
                                }
                            }
                        } else {
                            Illegal::CannotMoveThatWay { square }
                        }
                    }
                }
            }
        }
    }
}
