//! The referee's errors. Each says in its variants what kind of wrong it is (for the code
//! that acts on it: a test, a protocol code, a forfeit) and in its `Display` what is wrong
//! in words, the words the faces print.

use std::fmt;
use std::path::PathBuf;

use super::compiled::RulesetError;
use crate::board::SquareError;

/// A move token that is not a legal move in the position: the token as given and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub token: String,
    pub reason: Illegal,
}

/// Why a token is not a legal move. Squares, sides and the leader are named as the ruleset
/// names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The token cannot be read as a move on this board.
    Unreadable(TokenError),
    /// The game is over; `headline` says how it ended.
    GameOver { headline: String },
    /// A pass where another move is legal.
    PassNotAllowed,
    /// A placement after the placement phase.
    PlacementOver,
    /// A placement or a step onto an occupied square.
    Occupied { square: String },
    /// A placement outside the side's placement region.
    MayNotPlace { side: String, square: String },
    /// A leader's placement with no leader in hand.
    NoLeaderInHand { side: String, leader: String },
    /// A leader's placement between the men (the ruleset wants it first or last).
    LeaderFirstOrLast { leader: String },
    /// A man's placement with no man in hand.
    NoManInHand { side: String },
    /// A man's placement when the leader is due.
    MustPlaceLeader { side: String, leader: String },
    /// Another move than a placement during the placement phase.
    MustPlace { side: String },
    /// A removal of a trapped enemy piece where the ruleset allows none now.
    RemovalNotAllowed,
    /// A removal from a square without a trapped enemy piece.
    NoTrappedEnemy { square: String },
    /// A move from an empty square.
    NoPiece { square: String },
    /// A move of the other side's piece.
    NotYours { square: String, side: String },
    /// A move of a trapped piece.
    Trapped { square: String },
    /// A move that would repeat an earlier position (superko).
    Superko,
    /// A step past a piece.
    InTheWay { square: String },
    /// A step the piece cannot make.
    CannotMoveThatWay { square: String },
}

/// Why a token cannot be read as a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenError {
    /// A square of it is not a square of the board.
    Square(SquareError),
    /// It has none of the shapes of a move.
    Shape,
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenError::Square(e) => e.fmt(f),
            TokenError::Shape => {
                f.write_str("expected @sq, K@sq, xsq, 0000 or a path of two or more squares")
            }
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::Unreadable(e) => e.fmt(f),
            Illegal::GameOver { headline } => write!(f, "the game is over ({headline})"),
            Illegal::PassNotAllowed => f.write_str("a pass is only legal when nothing else is"),
            Illegal::PlacementOver => f.write_str("the placement phase is over"),
            Illegal::Occupied { square } => write!(f, "{square} is occupied"),
            Illegal::MayNotPlace { side, square } => write!(f, "{side} may not place on {square}"),
            Illegal::NoLeaderInHand { side, leader } => write!(f, "{side} has no {leader} in hand"),
            Illegal::LeaderFirstOrLast { leader } => {
                write!(f, "the {leader} must be placed first or last")
            }
            Illegal::NoManInHand { side } => write!(f, "{side} has no man in hand"),
            Illegal::MustPlaceLeader { side, leader } => {
                write!(f, "{side} must place the {leader} now")
            }
            Illegal::MustPlace { side } => write!(f, "{side} must place a piece (placement phase)"),
            Illegal::RemovalNotAllowed => f.write_str("removal not allowed here"),
            Illegal::NoTrappedEnemy { square } => {
                write!(f, "{square} holds no trapped enemy piece")
            }
            Illegal::NoPiece { square } => write!(f, "no piece on {square}"),
            Illegal::NotYours { square, side } => {
                write!(f, "the piece on {square} is not {side}'s")
            }
            Illegal::Trapped { square } => write!(f, "the piece on {square} is trapped"),
            Illegal::Superko => f.write_str("it would repeat an earlier position (superko)"),
            Illegal::InTheWay { square } => write!(f, "a piece on {square} is in the way"),
            Illegal::CannotMoveThatWay { square } => {
                write!(f, "the piece on {square} cannot move that way")
            }
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            Illegal::Unreadable(e) => write!(f, "bad move token '{}': {e}", self.token),
            reason => write!(f, "illegal move {}: {reason}", self.token),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A list of moves stopped at an illegal one: its number in the list (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveListError {
    pub number: usize,
    pub error: IllegalMove,
}

impl fmt::Display for MoveListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} of the list: {}", self.number, self.error)
    }
}

impl std::error::Error for MoveListError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// A position string that does not read, or describes no position of the ruleset: what kind
/// of wrong, and the words that say precisely where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub kind: PositionErrorKind,
    message: String,
}

/// What is wrong with a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionErrorKind {
    /// Too few or too many fields, or a last field that is none of the marks.
    Fields,
    /// A row of the board that does not read.
    Row,
    /// The side-to-move field: not one letter, or not a side of the ruleset.
    Side,
    /// The hands field does not read.
    Hands,
    /// The quiet-ply counter or the ply number does not read.
    Counter,
    /// Another number of rows or columns than the ruleset's board.
    BoardSize,
    /// Pieces the ruleset does not have (leaders, trapped men), or more than it has.
    Pieces,
    /// Counters, hands and board that no game of the ruleset reaches together (a ply
    /// number below the placements made, a placement phase that cannot go on, ...).
    Phase,
    /// Passes (`p1`, `p2`) in a ruleset without passes.
    Passes,
    /// A removal mark (`x`) in a ruleset without removals before a move.
    Removal,
    /// A bonus-move mark (`+sq`): not a square, not a free piece of the mover, or a
    /// ruleset without bonus moves.
    Bonus,
    /// A trapped man (`t`) that no two free enemy pieces hold.
    Trapped,
}

impl PositionError {
    pub(super) fn new(kind: PositionErrorKind, message: impl Into<String>) -> Self {
        PositionError {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PositionError {}

/// A name as an error message repeats it: a long one is cut (a mistyped paste of 100 KB
/// must not come back as a 100 KB line).
pub fn echoed(name: &str) -> String {
    const MOST: usize = 40;
    match name.char_indices().nth(MOST) {
        None => name.to_string(),
        Some((cut, _)) => format!("{}... ({} characters)", &name[..cut], name.chars().count()),
    }
}

/// A ruleset name that names no known ruleset: the name, the presets, and the rulesets
/// loaded from files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleset {
    pub name: String,
    pub known: Vec<String>,
    pub loaded: Vec<String>,
}

impl fmt::Display for UnknownRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (known: {})",
            echoed(&self.name),
            self.known.join(", ")
        )?;
        if !self.loaded.is_empty() {
            write!(f, "; loaded from files: {}", self.loaded.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownRuleset {}

/// A number of men per side outside the range a ruleset lets the players choose from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiecesOutOfRange {
    pub ruleset: String,
    pub least: u8,
    pub most: u8,
    pub asked: u8,
}

impl fmt::Display for PiecesOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is played with {} to {} pieces per side, not {}",
            self.ruleset, self.least, self.most, self.asked
        )
    }
}

impl std::error::Error for PiecesOutOfRange {}

/// Why a ruleset asked for by name cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LookupError {
    Unknown(UnknownRuleset),
    Pieces(PiecesOutOfRange),
    /// The ruleset does not build (a file's ruleset on a board no bit set holds).
    Unplayable(RulesetError),
}

impl fmt::Display for LookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LookupError::Unknown(e) => e.fmt(f),
            LookupError::Pieces(e) => e.fmt(f),
            LookupError::Unplayable(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LookupError {}

impl From<UnknownRuleset> for LookupError {
    fn from(e: UnknownRuleset) -> Self {
        LookupError::Unknown(e)
    }
}

impl From<PiecesOutOfRange> for LookupError {
    fn from(e: PiecesOutOfRange) -> Self {
        LookupError::Pieces(e)
    }
}

impl From<RulesetError> for LookupError {
    fn from(e: RulesetError) -> Self {
        LookupError::Unplayable(e)
    }
}

/// A ruleset file that cannot be read, or holds errors.
#[derive(Debug)]
pub enum RulesetFileError {
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Every error found in the text (an error in one ruleset does not hide those of the
    /// next), in the order of the file.
    Invalid(Vec<FileProblem>),
}

impl fmt::Display for RulesetFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetFileError::Read { path, error } => {
                write!(f, "cannot read ruleset file {}: {error}", path.display())
            }
            RulesetFileError::Invalid(problems) => {
                for (i, p) in problems.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    p.fmt(f)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for RulesetFileError {}

/// One error of a ruleset file: the file as messages name it (`origin`) and what is wrong
/// where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileProblem {
    pub origin: String,
    pub kind: FileProblemKind,
}

/// A ruleset of a file, as an error names it: by its name if it could be read, else by its
/// number in the file (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WhichRuleset {
    Named(String),
    Numbered(usize),
}

/// What is wrong in a ruleset file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblemKind {
    /// The TOML does not read, or names a knob that does not exist: the reader's words, the
    /// line where known, and the ruleset where it can be told.
    Syntax {
        line: Option<usize>,
        ruleset: Option<WhichRuleset>,
        message: String,
    },
    /// Two rulesets of the file share a name (`line`: the second one's `name`).
    DuplicateName { line: usize, name: String },
    /// A knob of a ruleset makes it unplayable: the knob's line (the ruleset's header when
    /// the knob is not written and so takes its default, which `defaulted` says).
    Knob {
        line: usize,
        ruleset: String,
        error: RulesetError,
        defaulted: bool,
    },
    /// No `[[ruleset]]` table at all.
    NoRuleset,
}

impl fmt::Display for FileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let origin = &self.origin;
        match &self.kind {
            FileProblemKind::Syntax {
                line,
                ruleset,
                message,
            } => {
                write!(f, "{origin}")?;
                if let Some(l) = line {
                    write!(f, ":{l}")?;
                }
                match ruleset {
                    Some(WhichRuleset::Named(n)) => write!(f, ": ruleset {n}: {message}"),
                    Some(WhichRuleset::Numbered(i)) => write!(f, ": ruleset #{i}: {message}"),
                    None => write!(f, ": {message}"),
                }
            }
            FileProblemKind::DuplicateName { line, name } => write!(
                f,
                "{origin}:{line}: name: the file has two rulesets called {name}"
            ),
            FileProblemKind::Knob {
                line,
                ruleset,
                error,
                defaulted,
            } => {
                let note = if *defaulted {
                    " (not written: its default)"
                } else {
                    ""
                };
                write!(
                    f,
                    "{origin}:{line}: ruleset {ruleset}: {}{note}: {}",
                    error.knob, error.message
                )
            }
            FileProblemKind::NoRuleset => write!(
                f,
                "{origin}: no [[ruleset]] table (a ruleset file holds one or more)"
            ),
        }
    }
}

/// Any error of the referee, for callers that pass on several kinds.
#[derive(Debug)]
pub enum Error {
    Illegal(IllegalMove),
    MoveList(MoveListError),
    Position(PositionError),
    Lookup(LookupError),
    Ruleset(RulesetError),
    File(RulesetFileError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Illegal(e) => e.fmt(f),
            Error::MoveList(e) => e.fmt(f),
            Error::Position(e) => e.fmt(f),
            Error::Lookup(e) => e.fmt(f),
            Error::Ruleset(e) => e.fmt(f),
            Error::File(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

macro_rules! into_error {
    ($($from:ty => $variant:ident),* $(,)?) => {
        $(impl From<$from> for Error {
            fn from(e: $from) -> Self {
                Error::$variant(e)
            }
        })*
    };
}

into_error! {
    IllegalMove => Illegal,
    MoveListError => MoveList,
    PositionError => Position,
    LookupError => Lookup,
    RulesetError => Ruleset,
    RulesetFileError => File,
}

impl From<UnknownRuleset> for Error {
    fn from(e: UnknownRuleset) -> Self {
        Error::Lookup(e.into())
    }
}

impl From<PiecesOutOfRange> for Error {
    fn from(e: PiecesOutOfRange) -> Self {
        Error::Lookup(e.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Bits, SquareError};
    use crate::rules::{Catalogue, Game, Rules, preset};
    use std::sync::Arc;

    fn murray() -> Game<u128> {
        Game::new(Arc::new(Rules::new(preset("murray").unwrap()).unwrap()))
    }

    #[test]
    fn an_illegal_move_says_why_by_its_reason_and_in_words() {
        let g = murray();
        let e = g.find_move("z9a1").unwrap_err();
        assert!(matches!(
            e.reason,
            Illegal::Unreadable(TokenError::Square(SquareError::FileOffBoard {
                file: 'z',
                ..
            }))
        ));
        assert_eq!(
            e.to_string(),
            "bad move token 'z9a1': file 'z' is not on a board with files a-h"
        );
        let e = g.find_move("a1").unwrap_err();
        assert_eq!(e.reason, Illegal::Unreadable(TokenError::Shape));
        let pos = g.position();
        let theirs = g
            .rules()
            .geo
            .name(pos.occupied_by(pos.side.other()).lowest());
        let e = g.find_move(&format!("{theirs}d4")).unwrap_err();
        let side = g.ruleset().colour_name(pos.side).to_string();
        assert!(
            matches!(&e.reason, Illegal::NotYours { square, side: s } if *square == theirs && *s == side)
        );
        assert_eq!(
            e.to_string(),
            format!("illegal move {theirs}d4: the piece on {theirs} is not {side}'s")
        );
        let mut g = murray();
        let first = g.legal_moves()[0].token(&g.rules().geo);
        let e = g.play_tokens(&[first.as_str(), "a1"]).unwrap_err();
        assert_eq!(e.number, 2);
        assert_eq!(e.error.token, "a1");
        assert_eq!(
            e.to_string(),
            "move 2 of the list: bad move token 'a1': expected @sq, K@sq, xsq, 0000 or a path of two or more squares"
        );
    }

    #[test]
    fn a_ruleset_name_that_names_none_says_which_there_are() {
        let e = Catalogue::default().rules("chess", None).unwrap_err();
        let LookupError::Unknown(u) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(u.name, "chess");
        assert!(u.known.iter().any(|k| k == "murray") && u.loaded.is_empty());
        assert!(
            e.to_string()
                .starts_with("unknown variant 'chess' (known: ")
        );
        let e = Catalogue::default()
            .rules("schadler-2001", Some(30))
            .unwrap_err();
        assert!(matches!(
            e,
            LookupError::Pieces(PiecesOutOfRange { asked: 30, .. })
        ));
        assert!(matches!(
            crate::rules::file::load_path(std::path::Path::new("/no/such/file.toml")),
            Err(RulesetFileError::Read { .. })
        ));
    }
}
