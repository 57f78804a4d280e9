//! A ruleset as data: the knobs every rule of the game family is made of.
//!
//! Move generation, capture resolution and the end-of-game judgement read only these values;
//! no code asks which ruleset it is playing.

use std::fmt;

use super::error::PiecesOutOfRange;

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
    /// One of the mover's own pieces (free or trapped), or a trapped enemy piece.
    FriendlyOrTrappedEnemy,
}

/// Jumps over an adjacent piece to the empty square beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hops {
    pub by: Hoppers,
    pub over: HopOver,
    /// The directions a jump may take.
    pub lines: Lines,
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
    /// An enemy man in a corner is flanked when the mover lands on one of the corner's two
    /// orthogonal neighbours and holds the other (taken, or trapped where captures trap; a
    /// trapped corner piece stays trapped while both neighbours hold free enemies).
    pub corners: bool,
    /// Corner squares act as flankers against both sides, whatever stands on them, and a
    /// piece in a corner is never flanked.
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
    /// Whether the board's centre point (see [`crate::board::Geometry::centre_point`]) is
    /// closed to placements.
    pub forbid_centre: bool,
    pub leader_order: LeaderOrder,
    /// Placement plies a side makes in one turn (fewer when its hand runs out); the turn,
    /// not each placement, hands the move to the other side.
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

/// What a material end condition counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Men only (the leader does not count).
    Men,
    /// Every piece, leaders included.
    Pieces,
}

/// A side with at most `at_most` men or pieces (board plus hand) loses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialEnd {
    pub counted: Counted,
    pub at_most: u8,
    /// The reason in words, after the loser's colour ("has one piece left").
    pub words: String,
}

impl MaterialEnd {
    /// The condition with words made from its numbers.
    pub fn new(counted: Counted, at_most: u8) -> MaterialEnd {
        let noun = match counted {
            Counted::Men => "men",
            Counted::Pieces => "pieces",
        };
        let words = match at_most {
            0 => format!("has no {noun} left"),
            1 => format!("has one {} or none left", &noun[..noun.len() - 1]),
            k => format!("has {k} {noun} or fewer"),
        };
        MaterialEnd {
            counted,
            at_most,
            words,
        }
    }

    /// The same condition with its own words.
    pub fn worded(mut self, words: &str) -> MaterialEnd {
        self.words = words.into();
        self
    }
}

/// When a removal of a trapped enemy piece is allowed, and what it does to the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// A removal is the whole turn.
    InsteadOfMove,
    /// Any number of removals, one ply each, then one compulsory movement ply (a forced
    /// pass when none is legal) ends the turn.
    BeforeMove,
}

/// Which search plays the placement phase best in a ruleset (measured by matches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementPlanner {
    Mcts,
    AlphaBeta,
}

/// The end conditions other than the fixed list every ruleset shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// A side with too few men or pieces loses.
    pub material: Option<MaterialEnd>,
    /// A side whose leader is captured loses (where leaders can be captured).
    pub leader_loss: bool,
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
    /// The ruleset's name, as in `UCI_Variant`.
    pub name: String,
    /// One line on where the ruleset comes from.
    pub source: String,
    pub rows: usize,
    pub cols: usize,
    /// The name of the non-white colour ("black" or "red").
    pub black_name: String,
    /// What the leader is called ("dux", "king", "praetorian"), for messages.
    pub leader_name: String,
    /// Whether White's home rows are the bottom ones (rank 1 up).
    pub white_at_bottom: bool,
    /// Who acts first (placement or move).
    pub first_player: Colour,
    /// The start board, rows top to bottom, in the position-string notation.
    pub layout: String,
    /// Men and leaders each side holds in hand at the start.
    pub hand_men: u8,
    pub hand_leaders: u8,
    /// When the players may agree on the men in hand: the smallest and largest number.
    pub pieces_choice: Option<(u8, u8)>,
    /// Whether each side has a leader in the game (on the board or in hand at the start).
    pub has_leader: bool,
    pub placement: Placement,
    pub man_moves: Movement,
    pub leader_moves: Movement,
    pub hops: Option<Hops>,
    pub capture: Capture,
    /// How removals of trapped pieces fit into a turn (where captures trap).
    pub removal: Removal,
    /// A step or jump may not land between two enemy pieces on a rank or on a file unless the
    /// landing flanks (traps or captures) at least one enemy piece.
    pub entry_restriction: bool,
    /// After a ply that captures, the same side plays again with the capturing piece only
    /// (the turn ends if that piece has no legal move).
    pub bonus_move: bool,
    pub end: End,
    /// Which search places best here.
    pub placement_planner: PlacementPlanner,
}

impl Ruleset {
    /// The colour's name in this ruleset.
    pub fn colour_name(&self, c: Colour) -> &str {
        match c {
            Colour::White => "white",
            Colour::Black => &self.black_name,
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

    /// The pieces each side starts with in hand.
    pub fn hand_total(&self) -> u32 {
        self.hand_men as u32 + self.hand_leaders as u32
    }

    /// Whether the game starts with a placement phase.
    pub fn has_placement(&self) -> bool {
        self.hand_men > 0 || self.hand_leaders > 0
    }

    /// The same ruleset played with `men` men in hand per side, where the ruleset lets the
    /// players choose.
    pub fn with_pieces(mut self, men: u8) -> Result<Ruleset, PiecesOutOfRange> {
        match self.pieces_choice {
            Some((lo, hi)) if (lo..=hi).contains(&men) => {
                self.hand_men = men;
                Ok(self)
            }
            Some((least, most)) => Err(PiecesOutOfRange {
                ruleset: self.name,
                least,
                most,
                asked: men,
            }),
            None => Ok(self),
        }
    }

    /// The men in hand when the players may choose their number (what books and records
    /// name); `None` where the number is fixed.
    pub fn chosen_pieces(&self) -> Option<u8> {
        self.pieces_choice.map(|_| self.hand_men)
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
