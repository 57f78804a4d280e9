//! A position: where every piece is, its state, the hands, whose turn it is and the counters.
//!
//! Positions are small `Copy` values; the game keeps a stack of them (copy-make), so undoing a
//! move is popping the stack.

use super::ruleset::{Colour, Kind};
use super::zobrist::ZOBRIST;
use crate::board::{Bits, Square};

/// Where the side to act stands within its turn. A ply that does not end the turn leaves the
/// same side to act, in one of the states after `Fresh`; the second placement of a turn needs
/// no state of its own (the hands tell how many of the turn's placements are made).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// An ordinary turn.
    Fresh,
    /// After a capture: the piece on this square plays again (a bonus move).
    Bonus(u8),
    /// After one or more removals: a movement ply, or a forced pass, must follow.
    Removing,
}

/// A position of a game (the history needed for repetition rules lives in `Game`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<B> {
    /// Men of each colour, free or trapped.
    pub men: [B; 2],
    /// Leaders of each colour.
    pub leaders: [B; 2],
    /// The trapped men of both colours (a subset of `men[0] | men[1]`).
    pub trapped: B,
    /// Pieces in hand: `hand[colour][kind]`.
    pub hand: [[u8; 2]; 2],
    /// The side to act.
    pub side: Colour,
    /// Movement-phase plies since the last capture or removal.
    pub quiet: u16,
    /// Plies played since the start of the game.
    pub ply: u32,
    /// Passes played in a row just before this position (0, 1 or 2).
    pub passes: u8,
    /// Where the side to act stands within its turn.
    pub turn: Turn,
    /// Zobrist key of the pieces, their states and the hands (not the side to move): the
    /// position as positional superko sees it.
    pub key: u64,
}

impl<B: Bits> Position<B> {
    /// An empty board with empty hands, White to act.
    pub fn empty() -> Self {
        Position {
            men: [B::EMPTY; 2],
            leaders: [B::EMPTY; 2],
            trapped: B::EMPTY,
            hand: [[0; 2]; 2],
            side: Colour::White,
            quiet: 0,
            ply: 0,
            passes: 0,
            turn: Turn::Fresh,
            key: 0,
        }
    }

    /// Every piece of `c` on the board.
    #[inline(always)]
    pub fn occupied_by(&self, c: Colour) -> B {
        self.men[c.index()] | self.leaders[c.index()]
    }
    /// Every piece on the board.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.men[0] | self.men[1] | self.leaders[0] | self.leaders[1]
    }
    /// The colour and kind of the piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Colour, Kind)> {
        for c in [Colour::White, Colour::Black] {
            if self.men[c.index()].has(sq) {
                return Some((c, Kind::Man));
            }
            if self.leaders[c.index()].has(sq) {
                return Some((c, Kind::Leader));
            }
        }
        None
    }
    /// Pieces of `c` on the board, leaders included.
    pub fn on_board(&self, c: Colour) -> u32 {
        self.occupied_by(c).count()
    }
    /// Men of `c` on the board and in hand.
    pub fn men_total(&self, c: Colour) -> u32 {
        self.men[c.index()].count() + self.hand[c.index()][Kind::Man as usize] as u32
    }
    /// Leaders of `c` on the board and in hand.
    pub fn leaders_total(&self, c: Colour) -> u32 {
        self.leaders[c.index()].count() + self.hand[c.index()][Kind::Leader as usize] as u32
    }
    /// Pieces `c` still has to place.
    pub fn in_hand(&self, c: Colour) -> u32 {
        let h = self.hand[c.index()];
        h[0] as u32 + h[1] as u32
    }
    /// Whether the side to move is inside a turn of placements: it has placed some, not
    /// all, of the `per_turn` men a turn places (`hand_total`: what each side starts with
    /// in hand, `Ruleset::hand_total`). Placing a turn's last man hands the turn over.
    pub fn mid_turn(&self, hand_total: u32, per_turn: u32) -> bool {
        let placed = hand_total.saturating_sub(self.in_hand(self.side));
        per_turn > 1 && !placed.is_multiple_of(per_turn)
    }
    /// Whether the game is still in its placement phase (some piece is still in hand).
    pub fn placing(&self) -> bool {
        self.hand != [[0; 2]; 2]
    }

    /// The key of everything, the side to move, the pass count and the state of the turn
    /// included: the key for transposition tables and for threefold repetition.
    #[inline(always)]
    pub fn full_key(&self) -> u64 {
        let side = if self.side == Colour::Black {
            ZOBRIST.black_to_move
        } else {
            0
        };
        let turn = match self.turn {
            Turn::Fresh => 0,
            Turn::Bonus(sq) => ZOBRIST.bonus[sq as usize],
            Turn::Removing => ZOBRIST.removing,
        };
        self.key ^ side ^ ZOBRIST.passes[self.passes.min(2) as usize] ^ turn
    }

    /// A summary of how many pieces each side has on the board and in hand. It only ever
    /// changes one way (pieces leave hands and leave the board, never come back), so no
    /// position with a different summary can recur.
    pub fn material(&self) -> u64 {
        let mut m = 0u64;
        for c in 0..2 {
            m = m << 8 | self.men[c].count() as u64;
            m = m << 8 | self.leaders[c].count() as u64;
            m = m << 8 | self.hand[c][0] as u64;
            m = m << 8 | self.hand[c][1] as u64;
        }
        m
    }

    /// The Zobrist code of a piece.
    #[inline(always)]
    fn code(c: Colour, kind: Kind, trapped: bool) -> usize {
        c.index() * 3
            + match (kind, trapped) {
                (Kind::Man, false) => 0,
                (Kind::Man, true) => 1,
                (Kind::Leader, _) => 2,
            }
    }

    /// Puts a piece on an empty square.
    #[inline(always)]
    pub fn put(&mut self, c: Colour, kind: Kind, sq: Square) {
        let b = B::bit(sq);
        match kind {
            Kind::Man => self.men[c.index()] |= b,
            Kind::Leader => self.leaders[c.index()] |= b,
        }
        self.key ^= ZOBRIST.piece[Self::code(c, kind, false)][sq];
    }

    /// Takes the piece of `c` off `sq` (free, trapped or leader); returns its kind.
    #[inline(always)]
    pub fn take(&mut self, c: Colour, sq: Square) -> Kind {
        let b = B::bit(sq);
        if self.leaders[c.index()].has(sq) {
            self.leaders[c.index()] ^= b;
            self.key ^= ZOBRIST.piece[Self::code(c, Kind::Leader, false)][sq];
            Kind::Leader
        } else {
            let trapped = self.trapped.has(sq);
            self.men[c.index()] ^= b;
            if trapped {
                self.trapped ^= b;
            }
            self.key ^= ZOBRIST.piece[Self::code(c, Kind::Man, trapped)][sq];
            Kind::Man
        }
    }

    /// Moves the piece of `c` on `from` to the empty square `to`.
    #[inline(always)]
    pub fn relocate(&mut self, c: Colour, from: Square, to: Square) {
        let kind = self.take(c, from);
        self.put(c, kind, to);
    }

    /// Marks the man of `c` on `sq` trapped or free.
    pub fn set_trapped(&mut self, c: Colour, sq: Square, trapped: bool) {
        if self.trapped.has(sq) == trapped {
            return;
        }
        self.trapped ^= B::bit(sq);
        self.key ^= ZOBRIST.piece[Self::code(c, Kind::Man, false)][sq]
            ^ ZOBRIST.piece[Self::code(c, Kind::Man, true)][sq];
    }

    /// Changes the number of `kind` pieces `c` holds in hand.
    pub fn set_hand(&mut self, c: Colour, kind: Kind, count: u8) {
        let slot = c.index() * 2 + kind as usize;
        let old = &mut self.hand[c.index()][kind as usize];
        self.key ^= ZOBRIST.hand_key(slot, *old as usize) ^ ZOBRIST.hand_key(slot, count as usize);
        *old = count;
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub fn recompute_key(&self) -> u64 {
        let mut p = Position::<B>::empty();
        for c in [Colour::White, Colour::Black] {
            for sq in self.men[c.index()].iter() {
                p.put(c, Kind::Man, sq);
                if self.trapped.has(sq) {
                    p.set_trapped(c, sq, true);
                }
            }
            for sq in self.leaders[c.index()].iter() {
                p.put(c, Kind::Leader, sq);
            }
            for kind in [Kind::Man, Kind::Leader] {
                p.set_hand(c, kind, self.hand[c.index()][kind as usize]);
            }
        }
        p.key
    }
}
