//! A ruleset bound to a board: the knobs plus the masks and direction lists that move
//! generation and capture resolution read on every move. Building one checks that the
//! knobs make a game the engine can play.

use std::fmt;

use super::position::Position;
use super::ruleset::*;
use crate::board::{ALL_DIRS, Bits, Dir, Geometry, ORTHOGONAL, Square};

/// A `steps` entry for a step off the board (no board has 255 cells with its padding).
pub(super) const OFF_BOARD: u8 = u8::MAX;

/// Why a ruleset cannot be played: the knob at fault and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetError {
    /// The knob's name as a ruleset file writes it (`board`, `placement.per-turn`, ...).
    pub knob: &'static str,
    pub message: String,
}

impl RulesetError {
    pub fn new(knob: &'static str, message: impl Into<String>) -> Self {
        RulesetError {
            knob,
            message: message.into(),
        }
    }
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.knob, self.message)
    }
}

impl std::error::Error for RulesetError {}

/// A ruleset ready to play on the bit-set type `B`.
#[derive(Clone, Debug)]
pub struct Rules<B> {
    pub ruleset: Ruleset,
    pub geo: Geometry<B>,
    pub(super) man_dirs: &'static [Dir],
    pub(super) leader_dirs: &'static [Dir],
    pub(super) capture_dirs: &'static [Dir],
    /// Whether hop paths spend 3 bits a jump (diagonal jumps).
    pub(super) diagonal_hops: bool,
    /// Where each colour may place.
    pub(super) region: [B; 2],
    /// For corner capture: (corner, one neighbour, the other neighbour), both orders.
    pub(super) corner_pairs: Vec<(Square, Square, Square)>,
    /// The corners that flank for both sides (empty without hostile corners).
    pub(super) hostile: B,
    /// Men and leaders each colour has in the whole game (start board plus hand).
    pub(super) totals: [(u32, u32); 2],
    /// `rays[sq][d]`: the squares from `sq` to the edge in direction `d`.
    pub(super) rays: Vec<[B; 8]>,
    /// `steps[sq][d]`: the square one step from `sq` in direction `d`, or `OFF_BOARD`: a
    /// table load where [`Geometry::step`] shifts a whole bit set.
    pub(super) steps: Vec<[u8; 8]>,
    pub(super) start: Position<B>,
}

pub(super) fn dirs(lines: Lines) -> &'static [Dir] {
    match lines {
        Lines::Orthogonal => &ORTHOGONAL,
        Lines::All => &ALL_DIRS,
    }
}

/// Whether a board of `rows` x `cols` fits the bit-set type `B` (with its padding column).
pub fn fits<B: Bits>(rows: usize, cols: usize) -> bool {
    rows * (cols + 1) <= B::CAPACITY
}

impl<B: Bits> Rules<B> {
    /// The square one step from `sq` in direction `d`, if it is on the board.
    #[inline(always)]
    pub fn step(&self, sq: Square, d: Dir) -> Option<Square> {
        match self.steps[sq][d as usize] {
            OFF_BOARD => None,
            n => Some(n as Square),
        }
    }

    /// The empty squares a slider on `from` reaches in direction `d` past nothing in `occupied`.
    #[inline(always)]
    pub fn slide(&self, from: Square, d: Dir, occupied: B) -> B {
        let ray = self.rays[from][d as usize];
        let blockers = ray & occupied;
        if blockers.is_empty() {
            return ray;
        }
        let first = if self.geo.ascending(d) {
            blockers.lowest()
        } else {
            blockers.highest()
        };
        ray & !self.rays[first][d as usize] & !B::bit(first)
    }

    /// The first square in `occupied` seen from `from` in direction `d`.
    #[inline(always)]
    pub fn first_blocker(&self, from: Square, d: Dir, occupied: B) -> Option<Square> {
        let blockers = self.rays[from][d as usize] & occupied;
        if blockers.is_empty() {
            None
        } else if self.geo.ascending(d) {
            Some(blockers.lowest())
        } else {
            Some(blockers.highest())
        }
    }

    /// The start position.
    pub fn start(&self) -> Position<B> {
        self.start
    }

    /// Whether the rules treat a position and its left-right mirror image alike (all but a
    /// forbidden centre point on an even number of files, which is the left middle file).
    pub fn mirror_symmetric(&self) -> bool {
        !(self.ruleset.placement.forbid_centre && self.ruleset.cols.is_multiple_of(2))
    }

    /// The board squares where `c` may place a piece.
    pub fn placement_region(&self, c: Colour) -> B {
        self.region[c.index()]
    }
}
