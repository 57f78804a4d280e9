//! A ruleset as data: the knobs every rule of the game family is made of.
//!
//! Move generation, capture resolution and the end-of-game judgement read only these values;
//! no code asks which ruleset it is playing.

use std::fmt;

/// The two sides. `Black` is the ruleset's non-white colour (black, or red in luductus).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White = 0,
    Black = 1,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The two kinds of piece: ordinary men and the leader (dux, king, praetorian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Man = 0,
    Leader = 1,
}

/// How far a piece may travel in one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// One square.
    Step,
    /// Any distance over empty squares.
    Slide,
}

/// Which directions a rule looks along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// The 4 rook directions.
    Orthogonal,
    /// The 4 rook and the 4 bishop directions.
    All,
}

/// How one kind of piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    pub reach: Reach,
    pub lines: Lines,
}

/// Which pieces may hop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hoppers {
    AnyPiece,
    MenOnly,
    LeaderOnly,
}

/// What a hop may jump over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HopOver {
    /// Any piece of either colour, in any state.
    AnyPiece,
    /// One of the mover's own men.
    FriendlyMan,
    /// Any of the mover's own pieces.
    Friendly,
    /// Any enemy piece (jumped pieces are never captured by the jump itself).
    Enemy,
}

/// Orthogonal jumps over an adjacent piece to the empty square beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hops {
    pub by: Hoppers,
    pub over: HopOver,
    /// Whether a hop may be followed by further hops in the same move (each prefix of a chain
    /// is a move of its own; a chain never lands twice on a square, its origin included).
    pub chains: bool,
}

/// What happens to a piece that is flanked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureEffect {
    /// It leaves the board at once.
    Remove,
    /// It becomes trapped: it cannot move or flank, is freed when no longer flanked by two
    /// free enemies, and may be taken off by the enemy as a whole turn (a removal).
    Immobilise,
}

/// How a leader can be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderCapture {
    /// Never.
    Immune,
    /// Like a man, by the same custodial rule.
    AsMan,
    /// When each of its orthogonal neighbours is off the board or holds a piece of the side
    /// that just moved (checked after every movement-phase ply).
    Enclosure,
}

/// The capture rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    /// Directions a landing piece looks along for enemies to flank.
    pub lines: Lines,
    /// Whether a whole run of consecutive enemy men, closed by a piece of the mover, is taken
    /// (line capture). Without it exactly one enemy piece sits between the two flankers.
    pub runs: bool,
    pub effect: CaptureEffect,
    /// An enemy man in a corner is taken when the mover lands on one of the corner's two
    /// orthogonal neighbours and holds the other.
    pub corners: bool,
    /// Empty corner squares act as flankers against either side.
    pub hostile_corners: bool,
    pub leader: LeaderCapture,
    /// Whether a leader may close a flank (it always may in the seed rulesets).
    pub leader_flanks: bool,
}

/// Where pieces may be placed during the placement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    Anywhere,
    /// The placing side's own first `n` rows (see [`Ruleset::white_at_bottom`]).
    OwnRows(u8),
    /// Anywhere but the central square(s).
    NotCentre,
}

/// When a leader may be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderOrder {
    /// At any placement.
    Any,
    /// As the side's very first or very last placed piece.
    FirstOrLast,
    /// Only after all the side's men are placed.
    AfterMen,
}

/// The placement phase (used when the start position has pieces in hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub region: Region,
    pub leader_order: LeaderOrder,
    /// Pieces a side places before the turn passes.
    pub per_turn: u8,
    /// Who makes the first move of the movement phase; `None` means the turn simply passes on
    /// from the side that placed last.
    pub movement_first: Option<Colour>,
}

/// What happens to a side with no legal move on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMove {
    /// It loses.
    Loses,
    /// It must pass (`0000`); two passes in a row draw.
    Pass,
    /// The game ends: more pieces on the board wins, equal numbers draw.
    CountPieces,
}

/// Which repeated positions the rules forbid or score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// No rule.
    Ignored,
    /// Positional superko: a move may not recreate an earlier position of the game (pieces,
    /// their states and hands; not the side to move). Passes are exempt.
    Superko,
    /// The third occurrence of a position with the same side to move draws.
    ThreefoldDraw,
}

/// The end conditions other than the fixed list every ruleset shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    /// A side with at most this many men (board plus hand) loses, with this reason.
    pub men_lost: Option<(u8, &'static str)>,
    pub no_move: NoMove,
    /// Quiet plies (movement plies without capture or removal) after which the side with more
    /// pieces wins and equal numbers draw.
    pub quiet_limit: Option<u16>,
    pub repetition: Repetition,
    /// Total plies after which the game is drawn.
    pub ply_limit: u32,
}

/// A complete ruleset.
#[derive(Clone, Debug, PartialEq)]
pub struct Ruleset {
    /// The preset's name, as in `UCI_Variant`.
    pub name: String,
    /// One line on where the ruleset comes from.
    pub source: &'static str,
    pub rows: usize,
    pub cols: usize,
    /// The name of the non-white colour ("black" or "red").
    pub black_name: &'static str,
    /// What the leader is called ("dux", "king", "praetorian"), for messages.
    pub leader_name: &'static str,
    /// Whether White's home rows are the bottom ones (rank 1 up).
    pub white_at_bottom: bool,
    /// Who acts first (placement or move).
    pub first_player: Colour,
    /// The start board, rows top to bottom, in the position-string notation.
    pub layout: String,
    /// Men and leaders each side holds in hand at the start.
    pub hand_men: u8,
    pub hand_leaders: u8,
    /// Whether each side has a leader in the game (on the board or in hand at the start).
    pub has_leader: bool,
    pub placement: Placement,
    pub man_moves: Movement,
    pub leader_moves: Movement,
    pub hops: Option<Hops>,
    pub capture: Capture,
    /// A step or jump may not land between two enemy pieces on a rank or on a file unless the
    /// landing flanks (traps or captures) at least one enemy piece.
    pub entry_restriction: bool,
    /// After a capture, the same side moves again.
    pub bonus_move: bool,
    pub end: End,
}

impl Ruleset {
    /// The colour's name in this ruleset.
    pub fn colour_name(&self, c: Colour) -> &'static str {
        match c {
            Colour::White => "white",
            Colour::Black => self.black_name,
        }
    }

    /// The colour whose name is `name` (`white`, `black`/`red`, or their initial).
    pub fn colour_named(&self, name: &str) -> Option<Colour> {
        let black_initial = &self.black_name[..1];
        match name {
            "white" | "w" => Some(Colour::White),
            n if n == self.black_name || n == black_initial => Some(Colour::Black),
            _ => None,
        }
    }

    /// Whether the game starts with a placement phase.
    pub fn has_placement(&self) -> bool {
        self.hand_men > 0 || self.hand_leaders > 0
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "white",
            Colour::Black => "black",
        })
    }
}
