//! A slow, square-by-square second implementation of the five rulesets of `RULES.md`.
//!
//! It shares nothing with the engine's rules code: boards are plain arrays of cells, moves
//! are found by looping over squares and walking rays, captures by looking at neighbours,
//! and repetition by replaying the whole game from its start. It is written for being
//! obviously right, not for speed.

use std::collections::HashSet;

pub const WHITE: usize = 0;
/// Black, or red in luductus.
pub const BLACK: usize = 1;
const MAN: usize = 0;
const LEADER: usize = 1;

const ORTH: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const EIGHT: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Kowalski,
    /// With the pieces per side.
    Schadler(u8),
    Murray,
    Soldiers,
    Luductus,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub colour: usize,
    pub leader: bool,
    pub trapped: bool,
}

/// What positional superko compares: the pieces with their states, and the hands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// `cells[row * cols + col]`, row 0 = rank 1.
    pub cells: Vec<Option<Piece>>,
    /// `hand[colour][0 = men, 1 = leaders]`.
    pub hand: [[u8; 2]; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub board: Board,
    pub side: usize,
    pub quiet: u32,
    pub ply: u32,
    pub passes: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Place {
        leader: bool,
        at: usize,
    },
    /// The squares the piece stands on: its origin, then each landing.
    Go(Vec<usize>),
    Remove(usize),
    Pass,
}

/// How a game ended: the winner (`None` = draw) and the engine's code for the reason.
pub type End = (Option<usize>, &'static str);

pub struct Model {
    pub variant: Variant,
    pub rows: usize,
    pub cols: usize,
}

impl Model {
    pub fn new(variant: Variant) -> Model {
        let (rows, cols) = match variant {
            Variant::Kowalski => (8, 12),
            Variant::Luductus => (7, 13),
            _ => (8, 8),
        };
        Model {
            variant,
            rows,
            cols,
        }
    }

    // ----- squares -------------------------------------------------------------------------

    pub fn sq(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }
    pub fn name(&self, sq: usize) -> String {
        let file = (b'a' + (sq % self.cols) as u8) as char;
        format!("{file}{}", sq / self.cols + 1)
    }
    /// The square `k` steps from `sq` in direction `d`, if it is on the board.
    fn step(&self, sq: usize, d: (i32, i32), k: i32) -> Option<usize> {
        let r = (sq / self.cols) as i32 + d.0 * k;
        let c = (sq % self.cols) as i32 + d.1 * k;
        if r < 0 || c < 0 || r >= self.rows as i32 || c >= self.cols as i32 {
            None
        } else {
            Some(self.sq(r as usize, c as usize))
        }
    }
    fn corners(&self) -> [usize; 4] {
        let (r, c) = (self.rows - 1, self.cols - 1);
        [self.sq(0, 0), self.sq(0, c), self.sq(r, 0), self.sq(r, c)]
    }

    pub fn token(&self, a: &Action) -> String {
        match a {
            Action::Place { leader: false, at } => format!("@{}", self.name(*at)),
            Action::Place { leader: true, at } => format!("K@{}", self.name(*at)),
            Action::Go(path) => path.iter().map(|&s| self.name(s)).collect(),
            Action::Remove(at) => format!("x{}", self.name(*at)),
            Action::Pass => "0000".into(),
        }
    }

    // ----- the start -----------------------------------------------------------------------

    pub fn start(&self) -> State {
        let mut b = Board {
            cells: vec![None; self.rows * self.cols],
            hand: [[0; 2]; 2],
        };
        let mut put = |row: usize, col: usize, colour: usize, leader: bool| {
            b.cells[row * self.cols + col] = Some(Piece {
                colour,
                leader,
                trapped: false,
            });
        };
        let side = match self.variant {
            Variant::Kowalski => {
                // White men a1-l1, dux g2; Black men a8-l8, dux f7.
                for col in 0..12 {
                    put(0, col, WHITE, false);
                    put(7, col, BLACK, false);
                }
                put(1, 6, WHITE, true);
                put(6, 5, BLACK, true);
                WHITE
            }
            Variant::Murray => {
                // Black men a1-h1, king d2; White men a8-h8, king e7. Black first.
                for col in 0..8 {
                    put(0, col, BLACK, false);
                    put(7, col, WHITE, false);
                }
                put(1, 3, BLACK, true);
                put(6, 4, WHITE, true);
                BLACK
            }
            Variant::Soldiers => {
                // White a1-h1 and c2-f2; Black a8-h8 and c7-f7.
                for col in 0..8 {
                    put(0, col, WHITE, false);
                    put(7, col, BLACK, false);
                }
                for col in 2..6 {
                    put(1, col, WHITE, false);
                    put(6, col, BLACK, false);
                }
                WHITE
            }
            Variant::Schadler(n) => {
                b.hand = [[n, 0], [n, 0]];
                WHITE
            }
            Variant::Luductus => {
                b.hand = [[11, 1], [11, 1]];
                BLACK
            }
        };
        State {
            board: b,
            side,
            quiet: 0,
            ply: 0,
            passes: 0,
        }
    }

    /// Every state of the game that plays `moves` from `start`, `start` included.
    pub fn replay(&self, start: &State, moves: &[Action]) -> Vec<State> {
        let mut states = vec![start.clone()];
        for m in moves {
            let next = self.apply(states.last().unwrap(), m);
            states.push(next);
        }
        states
    }

    // ----- playing a move ------------------------------------------------------------------

    fn ours(&self, b: &Board, sq: usize, us: usize) -> bool {
        b.cells[sq].is_some_and(|p| p.colour == us)
    }
    fn free_of(&self, b: &Board, sq: usize, c: usize) -> bool {
        b.cells[sq].is_some_and(|p| p.colour == c && !p.trapped)
    }
    fn enemy_man(&self, b: &Board, sq: usize, us: usize) -> bool {
        b.cells[sq].is_some_and(|p| p.colour != us && !p.leader)
    }

    /// Whether a schadler piece of `us` landing on `to` would trap an enemy piece.
    fn would_trap(&self, b: &Board, us: usize, to: usize) -> bool {
        ORTH.iter().any(|&d| {
            matches!((self.step(to, d, 1), self.step(to, d, 2)),
                (Some(a), Some(f)) if self.free_of(b, a, 1 - us) && self.free_of(b, f, us))
        })
    }

    /// Resolves the piece of `us` that has just landed on `to` (already on the board, its
    /// origin already empty). Returns the number of pieces taken off the board.
    fn land(&self, b: &mut Board, us: usize, to: usize) -> usize {
        let mut taken: Vec<usize> = Vec::new();
        match self.variant {
            Variant::Kowalski | Variant::Murray | Variant::Soldiers => {
                for d in ORTH {
                    if let (Some(a), Some(f)) = (self.step(to, d, 1), self.step(to, d, 2))
                        && self.enemy_man(b, a, us)
                        && self.ours(b, f, us)
                    {
                        taken.push(a);
                    }
                }
                if self.variant == Variant::Kowalski {
                    for corner in self.corners() {
                        if !self.enemy_man(b, corner, us) {
                            continue;
                        }
                        let next: Vec<usize> = ORTH
                            .iter()
                            .filter_map(|&d| self.step(corner, d, 1))
                            .collect();
                        let (n1, n2) = (next[0], next[1]);
                        if (to == n1 && self.ours(b, n2, us)) || (to == n2 && self.ours(b, n1, us))
                        {
                            taken.push(corner);
                        }
                    }
                }
            }
            Variant::Luductus => {
                for d in EIGHT {
                    let mut run = Vec::new();
                    let mut k = 1;
                    while let Some(s) = self.step(to, d, k)
                        && self.enemy_man(b, s, us)
                    {
                        run.push(s);
                        k += 1;
                    }
                    if !run.is_empty() && self.step(to, d, k).is_some_and(|s| self.ours(b, s, us)) {
                        taken.extend(run);
                    }
                }
            }
            Variant::Schadler(_) => {
                // Trap, then free everything no longer held, all at once.
                let mut newly = Vec::new();
                for d in ORTH {
                    if let (Some(a), Some(f)) = (self.step(to, d, 1), self.step(to, d, 2))
                        && self.free_of(b, a, 1 - us)
                        && self.free_of(b, f, us)
                    {
                        newly.push(a);
                    }
                }
                for a in newly {
                    b.cells[a].as_mut().unwrap().trapped = true;
                }
                let mut loose = Vec::new();
                for sq in 0..b.cells.len() {
                    let Some(p) = b.cells[sq] else { continue };
                    if !p.trapped {
                        continue;
                    }
                    let held = [(1, 0), (0, 1)].iter().any(|&d| {
                        let back = (-d.0, -d.1);
                        matches!((self.step(sq, d, 1), self.step(sq, back, 1)),
                            (Some(x), Some(y)) if self.free_of(b, x, 1 - p.colour)
                                && self.free_of(b, y, 1 - p.colour))
                    });
                    if !held {
                        loose.push(sq);
                    }
                }
                for sq in loose {
                    b.cells[sq].as_mut().unwrap().trapped = false;
                }
            }
        }
        taken.sort();
        taken.dedup();
        for &sq in &taken {
            b.cells[sq] = None;
        }
        taken.len()
    }

    /// The state after `a` (assumed legal) in `s`.
    pub fn apply(&self, s: &State, a: &Action) -> State {
        let mut n = s.clone();
        let us = s.side;
        let them = 1 - us;
        n.ply += 1;
        n.side = them;
        match a {
            Action::Place { leader, at } => {
                n.board.cells[*at] = Some(Piece {
                    colour: us,
                    leader: *leader,
                    trapped: false,
                });
                n.board.hand[us][if *leader { LEADER } else { MAN }] -= 1;
                n.passes = 0;
                if n.board.hand == [[0; 2]; 2] {
                    // Both rulesets with placement start the movement phase with White.
                    n.side = WHITE;
                }
            }
            Action::Remove(at) => {
                n.board.cells[*at] = None;
                n.quiet = 0;
                n.passes = 0;
            }
            Action::Pass => {
                // A movement-phase ply without capture. (Only schadler passes, and it has no
                // quiet limit, so only the counter shown in position strings depends on this;
                // likewise a trap does not reset it, only a removal does.)
                n.passes += 1;
                n.quiet += 1;
            }
            Action::Go(path) => {
                n.passes = 0;
                let piece = n.board.cells[path[0]];
                let mut taken = 0;
                for w in path.windows(2) {
                    n.board.cells[w[0]] = None;
                    n.board.cells[w[1]] = piece;
                    taken += self.land(&mut n.board, us, w[1]);
                }
                if self.variant == Variant::Luductus {
                    // Enclosure of the opponent's praetorian.
                    for sq in 0..n.board.cells.len() {
                        let Some(p) = n.board.cells[sq] else { continue };
                        if p.colour == them
                            && p.leader
                            && ORTH.iter().all(|&d| {
                                self.step(sq, d, 1)
                                    .is_none_or(|x| self.ours(&n.board, x, us))
                            })
                        {
                            n.board.cells[sq] = None;
                            taken += 1;
                        }
                    }
                }
                n.quiet = if taken > 0 { 0 } else { s.quiet + 1 };
            }
        }
        n
    }

    // ----- finding the moves ---------------------------------------------------------------

    /// Everything the piece rules allow in `s`, repetition aside.
    fn pseudo(&self, s: &State) -> Vec<Action> {
        let b = &s.board;
        let us = s.side;
        let mut out = Vec::new();
        if b.hand != [[0; 2]; 2] {
            let [men, leaders] = b.hand[us];
            let (men_ok, leader_ok, rows) = match self.variant {
                Variant::Luductus => {
                    let first = men == 11 && leaders == 1;
                    let leader_ok = leaders > 0 && (first || men == 0);
                    let men_ok = men > 0;
                    // Red (P1) places on rows 1-2, White on rows 6-7.
                    let rows = if us == BLACK { 0..2 } else { 5..7 };
                    (men_ok, leader_ok, rows)
                }
                _ => (men > 0, leaders > 0, 0..self.rows),
            };
            for row in rows {
                for col in 0..self.cols {
                    let at = self.sq(row, col);
                    if b.cells[at].is_none() {
                        if men_ok {
                            out.push(Action::Place { leader: false, at });
                        }
                        if leader_ok {
                            out.push(Action::Place { leader: true, at });
                        }
                    }
                }
            }
            return out;
        }
        for from in 0..b.cells.len() {
            let Some(p) = b.cells[from] else { continue };
            if p.colour != us {
                if p.trapped {
                    out.push(Action::Remove(from));
                }
                continue;
            }
            if p.trapped {
                continue;
            }
            if let Variant::Schadler(_) = self.variant {
                let mut lifted = b.clone();
                lifted.cells[from] = None;
                for d in ORTH {
                    if let Some(to) = self.step(from, d, 1)
                        && b.cells[to].is_none()
                        && self.may_enter(&lifted, us, to)
                    {
                        out.push(Action::Go(vec![from, to]));
                    }
                }
                self.chains(b, us, &mut vec![from], &mut out);
                continue;
            }
            // Every other ruleset: slides over empty squares.
            for d in ORTH {
                let mut k = 1;
                while let Some(to) = self.step(from, d, k)
                    && b.cells[to].is_none()
                {
                    out.push(Action::Go(vec![from, to]));
                    k += 1;
                }
            }
            // The luductus praetorian's single jump over a friendly legionary.
            if self.variant == Variant::Luductus && p.leader {
                for d in ORTH {
                    if let (Some(over), Some(to)) = (self.step(from, d, 1), self.step(from, d, 2))
                        && b.cells[over].is_some_and(|q| q.colour == us && !q.leader)
                        && b.cells[to].is_none()
                    {
                        out.push(Action::Go(vec![from, to]));
                    }
                }
            }
        }
        out
    }

    /// The schadler entry restriction: may a piece of `us` land on `to` (board `b` has the
    /// mover lifted)?
    fn may_enter(&self, b: &Board, us: usize, to: usize) -> bool {
        let enemy = |d: (i32, i32)| self.step(to, d, 1).is_some_and(|x| self.ours(b, x, 1 - us));
        let between = (enemy((0, 1)) && enemy((0, -1))) || (enemy((1, 0)) && enemy((-1, 0)));
        !between || self.would_trap(b, us, to)
    }

    /// Adds every hop chain continuing `path` (the piece stands on its last square in `b`).
    fn chains(&self, b: &Board, us: usize, path: &mut Vec<usize>, out: &mut Vec<Action>) {
        let at = *path.last().unwrap();
        let mut lifted = b.clone();
        let piece = lifted.cells[at].take();
        for d in ORTH {
            let (Some(over), Some(to)) = (self.step(at, d, 1), self.step(at, d, 2)) else {
                continue;
            };
            if b.cells[over].is_none()
                || b.cells[to].is_some()
                || path.contains(&to)
                || !self.may_enter(&lifted, us, to)
            {
                continue;
            }
            let mut next = lifted.clone();
            next.cells[to] = piece;
            self.land(&mut next, us, to);
            path.push(to);
            out.push(Action::Go(path.clone()));
            self.chains(&next, us, path, out);
            path.pop();
        }
    }

    /// The legal actions in the last state of `history` (whether or not the game is over),
    /// and how many moves superko took away.
    pub fn legal(&self, history: &[State]) -> (Vec<Action>, usize) {
        let s = history.last().unwrap();
        let mut moves = self.pseudo(s);
        let before = moves.len();
        if matches!(self.variant, Variant::Kowalski | Variant::Schadler(_)) {
            let seen: HashSet<&Board> = history.iter().map(|h| &h.board).collect();
            moves.retain(|m| !seen.contains(&self.apply(s, m).board));
        }
        let dropped = before - moves.len();
        if moves.is_empty() && matches!(self.variant, Variant::Schadler(_)) {
            moves.push(Action::Pass);
        }
        (moves, dropped)
    }

    // ----- the end -------------------------------------------------------------------------

    /// Pieces of colour `c`: (men, leaders), board plus hand, and all on the board.
    fn count(&self, b: &Board, c: usize) -> (usize, usize, usize) {
        let on: Vec<&Piece> = b.cells.iter().flatten().filter(|p| p.colour == c).collect();
        let leaders = on.iter().filter(|p| p.leader).count();
        let men = on.len() - leaders;
        (
            men + b.hand[c][MAN] as usize,
            leaders + b.hand[c][LEADER] as usize,
            on.len(),
        )
    }

    /// More pieces on the board wins, equal numbers draw.
    fn more_pieces(&self, b: &Board, code: &'static str) -> Option<End> {
        let (w, k) = (self.count(b, WHITE).2, self.count(b, BLACK).2);
        let winner = match w.cmp(&k) {
            std::cmp::Ordering::Greater => Some(WHITE),
            std::cmp::Ordering::Less => Some(BLACK),
            std::cmp::Ordering::Equal => None,
        };
        Some((winner, code))
    }

    /// Whether the game is over in the last state of `history`, whose legal actions are
    /// `legal`; the end conditions are tried in the order RULES.md gives.
    pub fn judge(&self, history: &[State], legal: &[Action]) -> Option<End> {
        let s = history.last().unwrap();
        let b = &s.board;
        // 1. Material and leader conditions.
        for c in [s.side, 1 - s.side] {
            let (men, leaders, _) = self.count(b, c);
            let lost = match self.variant {
                Variant::Kowalski => None,
                Variant::Schadler(_) if men + leaders == 1 => Some("too-few-men"),
                Variant::Murray if men == 0 => Some("too-few-men"),
                Variant::Soldiers if men <= 2 => Some("too-few-men"),
                Variant::Luductus if men == 0 => Some("too-few-men"),
                Variant::Luductus if leaders == 0 => Some("leader-captured"),
                _ => None,
            };
            if let Some(code) = lost {
                return Some((Some(1 - c), code));
            }
        }
        // 2. No legal move: a loss (schadler passes instead, so `legal` is never empty there).
        if legal.is_empty() {
            return Some((Some(1 - s.side), "no-legal-move"));
        }
        // 3. The quiet-ply limit.
        let limit = match self.variant {
            Variant::Soldiers => Some(60),
            Variant::Luductus => Some(30),
            _ => None,
        };
        if limit.is_some_and(|l| s.quiet >= l) {
            return self.more_pieces(b, "quiet-ply-limit");
        }
        // 4. Two passes in a row.
        if s.passes >= 2 {
            return Some((None, "two-passes"));
        }
        // 5. Threefold repetition (same pieces, same side to move).
        if self.variant == Variant::Murray
            && history
                .iter()
                .filter(|h| h.board == *b && h.side == s.side)
                .count()
                >= 3
        {
            return Some((None, "threefold-repetition"));
        }
        // 6. The total ply limit.
        if s.ply >= 2500 {
            return Some((None, "ply-limit"));
        }
        None
    }
}
