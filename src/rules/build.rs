//! Building a [`Rules`]: the knobs checked one by one, then as a whole on the board (does
//! the start fit, is there room to place every piece, can the longest hop chain be held),
//! and the start position read from the layout. (Apart from `compiled.rs`, which holds what
//! a built ruleset is, so that the position strings, which read a ruleset, and the building,
//! which reads position strings, do not depend on each other in a loop.)

use super::compiled::{OFF_BOARD, Rules, RulesetError, dirs, fits};
use super::fen;
use super::moves::MAX_HOPS;
use super::position::Position;
use super::ruleset::*;
use super::zobrist::MAX_HAND;
use crate::board::{ALL_DIRS, Bits, Geometry, Square};

impl<B: Bits> Rules<B> {
    /// Binds `ruleset` to `B`, or says which knob makes it unplayable.
    pub fn new(ruleset: Ruleset) -> Result<Self, RulesetError> {
        check_knobs(&ruleset)?;
        if !fits::<crate::board::Bits256>(ruleset.rows, ruleset.cols) {
            return Err(RulesetError::new(
                "board",
                format!(
                    "{}x{} is too large: rows x (columns + 1) may be at most 256 (12x12 and 11x16 fit)",
                    ruleset.rows, ruleset.cols
                ),
            ));
        }
        let geo = Geometry::<B>::new(ruleset.rows, ruleset.cols)
            .map_err(|e| RulesetError::new("board", e.to_string()))?;
        let p = &ruleset.placement;
        let mut region = match p.region {
            Region::Anywhere => [geo.board; 2],
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
        if p.forbid_centre {
            let centre = B::bit(geo.centre_point());
            region = region.map(|r| r & !centre);
        }
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
        let hop_lines = ruleset.hops.map(|h| h.lines).unwrap_or(Lines::Orthogonal);
        let mut rules = Rules {
            man_dirs: dirs(ruleset.man_moves.lines),
            leader_dirs: dirs(ruleset.leader_moves.lines),
            capture_dirs: dirs(ruleset.capture.lines),
            diagonal_hops: hop_lines == Lines::All,
            hostile: if ruleset.capture.hostile_corners {
                geo.corners
            } else {
                B::EMPTY
            },
            ruleset,
            geo,
            region,
            corner_pairs,
            totals: [(0, 0); 2],
            rays: Vec::new(),
            steps: Vec::new(),
            start: Position::empty(),
        };
        rules.rays = (0..rules.geo.rows * rules.geo.width)
            .map(|sq| ALL_DIRS.map(|d| rules.geo.ray(sq, d)))
            .collect();
        rules.steps = (0..rules.geo.rows * rules.geo.width)
            .map(|sq| ALL_DIRS.map(|d| rules.geo.step(sq, d).map_or(OFF_BOARD, |n| n as u8)))
            .collect();
        rules.totals = rules.count_totals()?;
        rules.start = rules.build_start()?;
        rules.check_board()?;
        Ok(rules)
    }

    fn count_totals(&self) -> Result<[(u32, u32); 2], RulesetError> {
        let r = &self.ruleset;
        let layout = fen::parse(&format!("{} w - 0 0", r.layout))
            .map_err(|e| RulesetError::new("layout", e.to_string()))?;
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

    /// Men and leaders of both colours in the whole game.
    pub fn game_pieces(&self) -> u32 {
        self.totals
            .iter()
            .map(|&(men, leaders)| men + leaders)
            .sum()
    }

    fn build_start(&self) -> Result<Position<B>, RulesetError> {
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
            .map_err(|e| RulesetError::new("layout", e.to_string()))
    }

    /// The checks that need the board: room for the pieces, the forbidden centre, and
    /// material end conditions that the start would already meet.
    fn check_board(&self) -> Result<(), RulesetError> {
        let r = &self.ruleset;
        let start = &self.start;
        let squares = self.geo.board.count();
        let pieces = self.game_pieces();
        if pieces > squares {
            return Err(RulesetError::new(
                if r.has_placement() { "hand" } else { "layout" },
                format!(
                    "{pieces} pieces (layout and hands) do not fit on the {squares} squares of the board"
                ),
            ));
        }
        if r.placement.forbid_centre && start.occupied().has(self.geo.centre_point()) {
            return Err(RulesetError::new(
                "layout",
                format!(
                    "the start layout has a piece on the centre point {}, which the ruleset forbids",
                    self.geo.name(self.geo.centre_point())
                ),
            ));
        }
        if r.has_placement() {
            let free = |c: Colour| (self.region[c.index()] & !start.occupied()).count();
            let hand = |c: Colour| start.in_hand(c);
            let shared = self.region[0] == self.region[1];
            let (need, room) = if shared {
                (
                    hand(Colour::White) + hand(Colour::Black),
                    free(Colour::White),
                )
            } else {
                (
                    hand(Colour::White).max(hand(Colour::Black)),
                    free(Colour::White).min(free(Colour::Black)),
                )
            };
            if need > room {
                return Err(RulesetError::new(
                    "placement.own-rows",
                    format!(
                        "the placement region has {room} free squares for {need} pieces in hand"
                    ),
                ));
            }
        }
        if let Some(m) = &r.end.material {
            for c in [Colour::White, Colour::Black] {
                let (men, leaders) = self.piece_totals(c);
                let have = match m.counted {
                    Counted::Men => men,
                    Counted::Pieces => men + leaders,
                };
                if have <= m.at_most as u32 {
                    return Err(RulesetError::new(
                        match m.counted {
                            Counted::Men => "end.men-left",
                            Counted::Pieces => "end.pieces-left",
                        },
                        format!(
                            "{} starts with {have} {}, so losing at {} or fewer would end the game at once",
                            r.colour_name(c),
                            if m.counted == Counted::Men {
                                "men"
                            } else {
                                "pieces"
                            },
                            m.at_most
                        ),
                    ));
                }
            }
        }
        if let Some(h) = r.hops
            && h.chains
        {
            // A chain lands only on squares of its origin's row and column parity, never twice.
            let longest = r.rows.div_ceil(2) * r.cols.div_ceil(2) - 1;
            let most = MAX_HOPS[self.diagonal_hops as usize];
            if longest > most {
                return Err(RulesetError::new(
                    "hops.chains",
                    format!(
                        "a chain on a {}x{} board can make {longest} jumps; the engine holds at most {most}",
                        r.rows, r.cols
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The checks that need only the knobs.
fn check_knobs(r: &Ruleset) -> Result<(), RulesetError> {
    let err = |knob, msg: String| Err(RulesetError::new(knob, msg));
    if r.name.is_empty()
        || !r
            .name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
    {
        return err(
            "name",
            format!(
                "'{}' must be one word of letters, digits, '-', '_' or '.'",
                r.name
            ),
        );
    }
    let b = &r.black_name;
    if b.is_empty()
        || !b.bytes().all(|c| c.is_ascii_lowercase())
        || b.starts_with('w')
        || b == "draw"
    {
        return err(
            "second-colour",
            format!(
                "the second colour '{b}' must be a lowercase word not starting with 'w' (and not 'draw')"
            ),
        );
    }
    if r.leader_name.is_empty() {
        return err("leader-name", "must not be empty".into());
    }
    let hand_max = MAX_HAND as u8 - 1;
    if r.hand_men > hand_max || r.hand_leaders > hand_max {
        return err(
            "hand",
            format!("at most {hand_max} pieces of a kind in hand per side"),
        );
    }
    if r.hand_leaders > 0 && !r.has_leader {
        return err(
            "hand",
            "leaders in hand, but the ruleset has no leader".into(),
        );
    }
    if let Some((lo, hi)) = r.pieces_choice
        && (lo > hi || hi > hand_max || !(lo..=hi).contains(&r.hand_men))
    {
        return err(
            "pieces-choice",
            format!(
                "the range {lo}..{hi} must be ordered, at most {hand_max}, and hold the {} men in hand",
                r.hand_men
            ),
        );
    }
    let p = &r.placement;
    if p.per_turn == 0 {
        return err("placement.per-turn", "must be at least 1".into());
    }
    if let Region::OwnRows(n) = p.region
        && (n == 0 || n as usize > r.rows / 2)
    {
        return err(
            "placement.own-rows",
            format!(
                "own rows must be between 1 and {} on a board of {} rows",
                r.rows / 2,
                r.rows
            ),
        );
    }
    if let Some(h) = r.hops
        && h.by == Hoppers::LeaderOnly
        && !r.has_leader
    {
        return err(
            "hops.by",
            "only the leader hops, but the ruleset has no leader".into(),
        );
    }
    let c = &r.capture;
    if c.effect == CaptureEffect::Immobilise && c.leader == LeaderCapture::AsMan {
        return err(
            "capture.leader",
            "a leader captured like a man cannot be trapped; use remove, immune or enclosure"
                .into(),
        );
    }
    if c.effect == CaptureEffect::Remove && r.removal == Removal::BeforeMove {
        return err(
            "capture.removal",
            "removals need captures that trap (capture.effect = \"trap\")".into(),
        );
    }
    let e = &r.end;
    if e.quiet_limit == Some(0) {
        return err("end.quiet-limit", "must be at least 1".into());
    }
    if e.ply_limit == 0 {
        return err("end.ply-limit", "must be at least 1".into());
    }
    Ok(())
}
