//! A ruleset bound to a board: the knobs plus the masks and direction lists that move
//! generation and capture resolution read on every move.

use super::fen;
use super::position::Position;
use super::ruleset::*;
use crate::board::{ALL_DIRS, Bits, Dir, Geometry, ORTHOGONAL, Square};

/// A ruleset ready to play on the bit-set type `B`.
#[derive(Clone, Debug)]
pub struct Rules<B> {
    pub ruleset: Ruleset,
    pub geo: Geometry<B>,
    pub(super) man_dirs: &'static [Dir],
    pub(super) leader_dirs: &'static [Dir],
    pub(super) capture_dirs: &'static [Dir],
    /// Where each colour may place.
    pub(super) region: [B; 2],
    /// For corner capture: (corner, one neighbour, the other neighbour), both orders.
    pub(super) corner_pairs: Vec<(Square, Square, Square)>,
    /// Men and leaders each colour has in the whole game (start board plus hand).
    totals: [(u32, u32); 2],
    /// `rays[sq][d]`: the squares from `sq` to the edge in direction `d`.
    pub(super) rays: Vec<[B; 8]>,
    start: Position<B>,
}

fn dirs(lines: Lines) -> &'static [Dir] {
    match lines {
        Lines::Orthogonal => &ORTHOGONAL,
        Lines::All => &ALL_DIRS,
    }
}

impl<B: Bits> Rules<B> {
    /// Binds `ruleset` to `B`; fails if the board does not fit or the start layout is wrong.
    pub fn new(ruleset: Ruleset) -> Result<Self, String> {
        let geo = Geometry::<B>::new(ruleset.rows, ruleset.cols)?;
        let region = match ruleset.placement.region {
            Region::Anywhere => [geo.board; 2],
            Region::NotCentre => [geo.board & !geo.centre(); 2],
            Region::OwnRows(n) => {
                let n = n as usize;
                let bottom = geo.rows_mask(0, n);
                let top = geo.rows_mask(geo.rows.saturating_sub(n), geo.rows);
                if ruleset.white_at_bottom {
                    [bottom, top]
                } else {
                    [top, bottom]
                }
            }
        };
        let mut corner_pairs = Vec::new();
        if ruleset.capture.corners {
            for corner in geo.corners.iter() {
                let n: Vec<Square> = geo.orthogonal_neighbours(B::bit(corner)).iter().collect();
                if n.len() == 2 {
                    corner_pairs.push((corner, n[0], n[1]));
                    corner_pairs.push((corner, n[1], n[0]));
                }
            }
        }
        let mut rules = Rules {
            man_dirs: dirs(ruleset.man_moves.lines),
            leader_dirs: dirs(ruleset.leader_moves.lines),
            capture_dirs: dirs(ruleset.capture.lines),
            ruleset,
            geo,
            region,
            corner_pairs,
            totals: [(0, 0); 2],
            rays: Vec::new(),
            start: Position::empty(),
        };
        rules.rays = (0..rules.geo.rows * rules.geo.width)
            .map(|sq| ALL_DIRS.map(|d| rules.geo.ray(sq, d)))
            .collect();
        rules.totals = rules.count_totals()?;
        rules.start = rules.build_start()?;
        Ok(rules)
    }

    fn count_totals(&self) -> Result<[(u32, u32); 2], String> {
        let r = &self.ruleset;
        let layout = fen::parse(&format!("{} w - 0 0", r.layout))
            .map_err(|e| format!("start layout of {}: {e}", r.name))?;
        let mut totals = [(r.hand_men as u32, r.hand_leaders as u32); 2];
        for p in layout.rows.iter().flatten().flatten() {
            let t = &mut totals[p.colour.index()];
            match p.kind {
                Kind::Man => t.0 += 1,
                Kind::Leader => t.1 += 1,
            }
        }
        Ok(totals)
    }

    /// Men and leaders `c` has in the whole game (start board plus hand).
    pub fn piece_totals(&self, c: Colour) -> (u32, u32) {
        self.totals[c.index()]
    }

    fn build_start(&self) -> Result<Position<B>, String> {
        let r = &self.ruleset;
        let hands = |upper: char, lower: char| {
            let mut s = String::new();
            for (c, n) in [(upper, r.hand_leaders), ('M', r.hand_men)] {
                if n > 0 {
                    s.push_str(&format!("{c}{n}"));
                }
            }
            for (c, n) in [(lower, r.hand_leaders), ('m', r.hand_men)] {
                if n > 0 {
                    s.push_str(&format!("{c}{n}"));
                }
            }
            if s.is_empty() { "-".to_string() } else { s }
        };
        let side = match r.first_player {
            Colour::White => "w".to_string(),
            Colour::Black => r.black_name[..1].to_string(),
        };
        let text = format!("{} {} {} 0 0", r.layout, side, hands('K', 'k'));
        fen::parse(&text)
            .and_then(|s| fen::validate(self, &s))
            .map_err(|e| format!("start position of {}: {e}", r.name))
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

    /// The start position.
    pub fn start(&self) -> Position<B> {
        self.start
    }

    /// The board squares where `c` may place a piece.
    pub fn placement_region(&self, c: Colour) -> B {
        self.region[c.index()]
    }
}
