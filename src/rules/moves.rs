//! Moves and their tokens (`@d4`, `K@g2`, `a1a4`, `c3c5e5`, `xe5`, `0000`).

use super::error::{Illegal, IllegalMove, TokenError};
use crate::board::{ALL_DIRS, Bits, Dir, Geometry, Square};

/// What kind of action a move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A man from hand onto `to`.
    Place,
    /// The leader from hand onto `to`.
    PlaceLeader,
    /// A piece from `from` to `to`: a step, a slide, or (when `hops > 0`) a hop chain.
    Go,
    /// Taking the trapped enemy man on `to` off the board.
    Remove,
    /// A forced pass.
    Pass,
}

/// Most hops one chain can hold when it jumps orthogonally (2 bits a jump) and when it may
/// also jump diagonally (3 bits a jump), in the 63 low bits of the path. A ruleset whose
/// longest possible chain needs more is refused when it is built (see `Rules::new`).
pub const MAX_HOPS: [usize; 2] = [31, 21];

/// The path bit that says a chain spends 3 bits a jump.
const DIAGONAL: u64 = 1 << 63;

/// One action. Hop chains keep their jump directions, lowest first, so a move is
/// self-contained and cheap to copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub kind: MoveKind,
    pub from: u8,
    pub to: u8,
    /// Jumps in the chain (0 for a step or a slide).
    pub hops: u8,
    /// Direction of each jump as an index into [`ALL_DIRS`], 2 or 3 bits each from the
    /// lowest; the top bit is set where the ruleset's jumps may be diagonal (3 bits a jump).
    pub path: u64,
}

impl Move {
    pub const PASS: Move = Move {
        kind: MoveKind::Pass,
        from: 0,
        to: 0,
        hops: 0,
        path: 0,
    };

    pub fn place(to: Square, leader: bool) -> Move {
        Move {
            kind: if leader {
                MoveKind::PlaceLeader
            } else {
                MoveKind::Place
            },
            from: 0,
            to: to as u8,
            hops: 0,
            path: 0,
        }
    }
    pub fn go(from: Square, to: Square) -> Move {
        Move {
            kind: MoveKind::Go,
            from: from as u8,
            to: to as u8,
            hops: 0,
            path: 0,
        }
    }
    pub fn remove(sq: Square) -> Move {
        Move {
            kind: MoveKind::Remove,
            from: 0,
            to: sq as u8,
            hops: 0,
            path: 0,
        }
    }
    /// This chain extended by one more jump in direction `d` landing on `to`; `diagonal`
    /// says whether the ruleset's jumps may be diagonal (the same for every move of a game).
    #[inline(always)]
    pub fn then_hop(self, d: Dir, to: Square, diagonal: bool) -> Move {
        let bits = 2 + diagonal as u64;
        debug_assert!((self.hops as usize) < MAX_HOPS[diagonal as usize]);
        debug_assert!(diagonal || (d as usize) < 4);
        Move {
            kind: MoveKind::Go,
            from: self.from,
            to: to as u8,
            hops: self.hops + 1,
            path: self.path | (d as u64) << (bits * self.hops as u64) | (diagonal as u64) << 63,
        }
    }
    /// The direction of jump `i` of a chain.
    pub fn hop_dir(&self, i: usize) -> Dir {
        let bits = 2 + (self.path & DIAGONAL != 0) as usize;
        ALL_DIRS[((self.path >> (bits * i)) as usize) & ((1 << bits) - 1)]
    }
    pub fn is_hop(&self) -> bool {
        self.hops > 0
    }

    /// The squares a hop chain lands on, in order (the last is `to`).
    pub fn landings<B: Bits>(&self, geo: &Geometry<B>) -> Vec<Square> {
        let mut at = self.from as Square;
        let mut out = Vec::with_capacity(self.hops as usize);
        for i in 0..self.hops as usize {
            let d = self.hop_dir(i);
            let over = geo.step(at, d).unwrap_or(at);
            at = geo.step(over, d).unwrap_or(over);
            out.push(at);
        }
        out
    }

    /// The move's token.
    pub fn token<B: Bits>(&self, geo: &Geometry<B>) -> String {
        match self.kind {
            MoveKind::Place => format!("@{}", geo.name(self.to as Square)),
            MoveKind::PlaceLeader => format!("K@{}", geo.name(self.to as Square)),
            MoveKind::Remove => format!("x{}", geo.name(self.to as Square)),
            MoveKind::Pass => "0000".into(),
            MoveKind::Go if self.hops == 0 => format!(
                "{}{}",
                geo.name(self.from as Square),
                geo.name(self.to as Square)
            ),
            MoveKind::Go => {
                let mut s = geo.name(self.from as Square);
                for sq in self.landings(geo) {
                    s.push_str(&geo.name(sq));
                }
                s
            }
        }
    }
}

/// A token read without a position: the shape of the action and its squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenShape {
    Place {
        leader: bool,
        to: Square,
    },
    /// A piece's path: its origin then every square it stops on.
    Path(Vec<Square>),
    Remove(Square),
    Pass,
}

/// Reads a token's shape; the position decides whether it is legal and what it means.
pub fn read_token<B: Bits>(geo: &Geometry<B>, token: &str) -> Result<TokenShape, IllegalMove> {
    let bad = |why: TokenError| IllegalMove {
        token: token.to_string(),
        reason: Illegal::Unreadable(why),
    };
    let square = |text: &str| {
        geo.parse_square(text)
            .map_err(|e| bad(TokenError::Square(e)))
    };
    if token == "0000" {
        return Ok(TokenShape::Pass);
    }
    if let Some(rest) = token.strip_prefix("K@") {
        return square(rest).map(|to| TokenShape::Place { leader: true, to });
    }
    if let Some(rest) = token.strip_prefix('@') {
        return square(rest).map(|to| TokenShape::Place { leader: false, to });
    }
    if let Some(rest) = token.strip_prefix('x') {
        return square(rest).map(TokenShape::Remove);
    }
    let mut squares = Vec::new();
    let mut rest = token;
    while !rest.is_empty() {
        let (sq, used) = geo
            .read_square(rest)
            .map_err(|e| bad(TokenError::Square(e)))?;
        squares.push(sq);
        rest = &rest[used..];
    }
    if squares.len() < 2 {
        return Err(bad(TokenError::Shape));
    }
    Ok(TokenShape::Path(squares))
}
