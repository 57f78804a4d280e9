//! Board shape: square numbering, names, masks and direction shifts.
//!
//! Squares are numbered row by row from `a1` with one padding column after each row, so a
//! square's index is `row * (cols + 1) + col`. Shifting a set east or west then never wraps
//! onto the next row: the cell it would wrap onto is a padding cell, which the board mask
//! clears.

use super::Bits;

/// A square's cell index (see the module documentation for the layout).
pub type Square = usize;

/// One of the eight directions. The first four are orthogonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
    NE = 4,
    SE = 5,
    SW = 6,
    NW = 7,
}

/// The four rook directions, in the order hop chains encode them.
pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
/// All eight directions.
pub const ALL_DIRS: [Dir; 8] = [
    Dir::N,
    Dir::E,
    Dir::S,
    Dir::W,
    Dir::NE,
    Dir::SE,
    Dir::SW,
    Dir::NW,
];

impl Dir {
    /// The direction pointing the other way.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
            Dir::NE => Dir::SW,
            Dir::SE => Dir::NW,
            Dir::SW => Dir::NE,
            Dir::NW => Dir::SE,
        }
    }
    /// The direction with this index (0..8, as numbered in the enum).
    pub fn from_index(i: usize) -> Dir {
        ALL_DIRS[i & 7]
    }
}

/// The shape of an R x C board on the bit-set type `B`.
#[derive(Clone, Debug)]
pub struct Geometry<B> {
    pub rows: usize,
    pub cols: usize,
    /// Cells per row, padding column included.
    pub width: usize,
    /// Every real square.
    pub board: B,
    /// The corner squares.
    pub corners: B,
    /// Squares on the outer ring.
    pub edges: B,
    /// Squares next to a corner (orthogonally or diagonally), corners excluded.
    pub near_corners: B,
    /// Squares on the second ring, one in from the edge.
    pub inner_ring: B,
    offsets: [i32; 8],
}

/// Largest board side the notation supports (files `a`..`z`).
pub const MAX_SIDE: usize = 26;

/// Why a board size cannot be a [`Geometry`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeError {
    /// A side shorter than 2 or longer than [`MAX_SIDE`].
    Side { rows: usize, cols: usize },
    /// More cells (padding column included) than the bit set holds.
    Cells {
        rows: usize,
        cols: usize,
        cells: usize,
        capacity: usize,
    },
}

impl std::fmt::Display for SizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SizeError::Side { rows, cols } => write!(
                f,
                "board {rows}x{cols}: each side must be between 2 and {MAX_SIDE}"
            ),
            SizeError::Cells {
                rows,
                cols,
                cells,
                capacity,
            } => write!(
                f,
                "board {rows}x{cols} needs {cells} cells, the bit set holds {capacity}"
            ),
        }
    }
}

impl std::error::Error for SizeError {}

/// Why a text is not the name of a square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// The text is empty.
    Empty,
    /// The first character is not a lowercase file letter (`last` is the board's last file).
    NotAFile { found: char, last: char },
    /// A file letter beyond the board's last file.
    FileOffBoard { file: char, last: char },
    /// No rank number (of one or two digits) after the file.
    NoRank { file: char },
    /// A square name outside the board.
    OffBoard {
        name: String,
        rows: usize,
        cols: usize,
    },
    /// A square name followed by more text.
    Trailing { text: String },
}

impl std::fmt::Display for SquareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SquareError::Empty => write!(f, "expected a square, found nothing"),
            SquareError::NotAFile { found, last } => {
                write!(f, "expected a file letter a-{last}, found '{found}'")
            }
            SquareError::FileOffBoard { file, last } => {
                write!(f, "file '{file}' is not on a board with files a-{last}")
            }
            SquareError::NoRank { file } => write!(f, "expected a rank number after '{file}'"),
            SquareError::OffBoard { name, rows, cols } => {
                write!(f, "square {name} is not on the {rows}x{cols} board")
            }
            SquareError::Trailing { text } => write!(f, "'{text}' is not a square name"),
        }
    }
}

impl std::error::Error for SquareError {}

impl<B: Bits> Geometry<B> {
    /// The geometry of a `rows` x `cols` board, or why `B` cannot hold it.
    pub fn new(rows: usize, cols: usize) -> Result<Self, SizeError> {
        if rows < 2 || cols < 2 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(SizeError::Side { rows, cols });
        }
        let width = cols + 1;
        if rows * width > B::CAPACITY {
            return Err(SizeError::Cells {
                rows,
                cols,
                cells: rows * width,
                capacity: B::CAPACITY,
            });
        }
        let mut board = B::EMPTY;
        let mut edges = B::EMPTY;
        let mut near_corners = B::EMPTY;
        let mut inner_ring = B::EMPTY;
        for r in 0..rows {
            for c in 0..cols {
                let sq = r * width + c;
                board |= B::bit(sq);
                let (from_row_edge, from_col_edge) = (r.min(rows - 1 - r), c.min(cols - 1 - c));
                match from_row_edge.min(from_col_edge) {
                    0 => edges |= B::bit(sq),
                    1 => inner_ring |= B::bit(sq),
                    _ => {}
                }
                if from_row_edge.max(from_col_edge) == 1 {
                    near_corners |= B::bit(sq);
                }
            }
        }
        let w = width as i32;
        let corners = B::bit(0)
            | B::bit(cols - 1)
            | B::bit((rows - 1) * width)
            | B::bit((rows - 1) * width + cols - 1);
        Ok(Geometry {
            rows,
            cols,
            width,
            board,
            corners,
            edges,
            near_corners,
            inner_ring,
            offsets: [w, 1, -w, -1, w + 1, 1 - w, -w - 1, w - 1],
        })
    }

    /// The square at `row` (0 = rank 1) and `col` (0 = file a).
    #[inline(always)]
    pub fn square(&self, row: usize, col: usize) -> Square {
        row * self.width + col
    }
    #[inline(always)]
    pub fn row(&self, sq: Square) -> usize {
        sq / self.width
    }
    #[inline(always)]
    pub fn col(&self, sq: Square) -> usize {
        sq % self.width
    }
    /// Whether `sq` is a real square of this board.
    pub fn contains(&self, sq: Square) -> bool {
        sq < B::CAPACITY && self.board.has(sq)
    }

    /// Every square of `set` moved one step in direction `d`; squares leaving the board vanish.
    #[inline(always)]
    pub fn shift(&self, set: B, d: Dir) -> B {
        let o = self.offsets[d as usize];
        let moved = if o > 0 {
            set.shl(o as u32)
        } else {
            set.shr((-o) as u32)
        };
        moved & self.board
    }

    /// Whether moving in direction `d` increases the cell index.
    #[inline(always)]
    pub fn ascending(&self, d: Dir) -> bool {
        self.offsets[d as usize] > 0
    }

    /// The squares from `sq` (excluded) to the edge in direction `d`.
    pub fn ray(&self, sq: Square, d: Dir) -> B {
        let mut ray = B::EMPTY;
        let mut b = self.shift(B::bit(sq), d);
        while b.any() {
            ray |= b;
            b = self.shift(b, d);
        }
        ray
    }

    /// The square one step from `sq` in direction `d`, if it is on the board.
    #[inline(always)]
    pub fn step(&self, sq: Square, d: Dir) -> Option<Square> {
        let next = self.shift(B::bit(sq), d);
        if next.any() {
            Some(next.lowest())
        } else {
            None
        }
    }

    /// The orthogonal neighbours of the squares in `set`.
    #[inline(always)]
    pub fn orthogonal_neighbours(&self, set: B) -> B {
        self.shift(set, Dir::N)
            | self.shift(set, Dir::E)
            | self.shift(set, Dir::S)
            | self.shift(set, Dir::W)
    }

    /// The squares one king step (any of the eight directions) from a square of `set`.
    pub fn king_neighbours(&self, set: B) -> B {
        ALL_DIRS
            .iter()
            .fold(B::EMPTY, |acc, &d| acc | self.shift(set, d))
    }

    /// The square's name, e.g. `a1` or `m7`.
    pub fn name(&self, sq: Square) -> String {
        let file = (b'a' + self.col(sq) as u8) as char;
        format!("{file}{}", self.row(sq) + 1)
    }

    /// Reads a square name at the start of `text`; returns the square and the bytes used.
    pub fn read_square(&self, text: &str) -> Result<(Square, usize), SquareError> {
        let bytes = text.as_bytes();
        let Some(&f) = bytes.first() else {
            return Err(SquareError::Empty);
        };
        let last = (b'a' + self.cols as u8 - 1) as char;
        if !f.is_ascii_lowercase() {
            return Err(SquareError::NotAFile {
                found: text.chars().next().unwrap_or(' '),
                last,
            });
        }
        let file = (f - b'a') as usize;
        if file >= self.cols {
            return Err(SquareError::FileOffBoard {
                file: f as char,
                last,
            });
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return Err(SquareError::NoRank { file: f as char });
        }
        let rank: usize = text[1..1 + digits].parse().unwrap_or(0);
        if bytes[1] == b'0' || rank == 0 || rank > self.rows || file >= self.cols {
            return Err(SquareError::OffBoard {
                name: text[..1 + digits].to_string(),
                rows: self.rows,
                cols: self.cols,
            });
        }
        Ok((self.square(rank - 1, file), 1 + digits))
    }

    /// Parses a whole string as one square name.
    pub fn parse_square(&self, text: &str) -> Result<Square, SquareError> {
        let (sq, used) = self.read_square(text)?;
        if used != text.len() {
            return Err(SquareError::Trailing {
                text: text.to_string(),
            });
        }
        Ok(sq)
    }

    /// The squares of rows `from..to` (0-based, `to` exclusive).
    pub fn rows_mask(&self, from: usize, to: usize) -> B {
        let mut m = B::EMPTY;
        for r in from..to.min(self.rows) {
            for c in 0..self.cols {
                m |= B::bit(self.square(r, c));
            }
        }
        m
    }

    /// The board's centre point: the middle row and column, the lower (left) of the two
    /// middle ones on an even side (`c3` on 5x5 and 6x6, `d4` on 8x8, `h6` on 11x16).
    pub fn centre_point(&self) -> Square {
        self.square((self.rows - 1) / 2, (self.cols - 1) / 2)
    }

    /// Draws a set as a grid, rank 1 at the bottom, for tests and debugging.
    pub fn picture(&self, set: B) -> String {
        let mut s = String::new();
        for r in (0..self.rows).rev() {
            for c in 0..self.cols {
                s.push(if set.has(self.square(r, c)) { 'x' } else { '.' });
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_never_wrap_across_rows() {
        let g = Geometry::<u128>::new(8, 12).unwrap();
        let h1 = g.square(0, 11);
        assert!(g.shift(u128::bit(h1), Dir::E).is_empty());
        assert!(g.shift(u128::bit(g.square(3, 0)), Dir::W).is_empty());
        assert!(g.shift(u128::bit(g.square(3, 0)), Dir::NW).is_empty());
        assert!(g.shift(u128::bit(g.square(3, 0)), Dir::SW).is_empty());
        assert!(g.shift(u128::bit(g.square(3, 11)), Dir::SE).is_empty());
        assert!(g.shift(u128::bit(g.square(7, 4)), Dir::N).is_empty());
        assert_eq!(g.step(g.square(3, 3), Dir::NE), Some(g.square(4, 4)));
    }

    #[test]
    fn names_round_trip_on_every_board() {
        for (r, c) in [(8, 8), (8, 12), (7, 13), (10, 11)] {
            let g = Geometry::<u128>::new(r, c).unwrap();
            for sq in g.board.iter() {
                assert_eq!(g.parse_square(&g.name(sq)), Ok(sq));
            }
            assert_eq!(g.board.count() as usize, r * c);
        }
    }

    #[test]
    fn bad_square_names_are_rejected() {
        let g = Geometry::<u128>::new(8, 8).unwrap();
        for bad in ["", "i1", "a0", "a9", "a01", "A1", "1a", "a1x", "a"] {
            assert!(g.parse_square(bad).is_err(), "{bad}");
        }
        let e = |text| g.parse_square(text).unwrap_err();
        assert_eq!(e(""), SquareError::Empty);
        assert!(matches!(
            e("A1"),
            SquareError::NotAFile {
                found: 'A',
                last: 'h'
            }
        ));
        assert!(matches!(
            e("i1"),
            SquareError::FileOffBoard { file: 'i', .. }
        ));
        assert!(matches!(e("a"), SquareError::NoRank { file: 'a' }));
        assert!(matches!(e("a9"), SquareError::OffBoard { .. }));
        assert!(matches!(e("a1x"), SquareError::Trailing { .. }));
        assert_eq!(e("a0").to_string(), "square a0 is not on the 8x8 board");
    }

    /// The square classes the evaluation weighs, drawn on a 6x7 board: the outer ring, the
    /// second ring, and the squares next to a corner (on both rings).
    #[test]
    fn square_classes_are_rings_and_the_squares_round_the_corners() {
        let g = Geometry::<u128>::new(6, 7).unwrap();
        assert_eq!(
            g.picture(g.edges),
            "xxxxxxx\nx.....x\nx.....x\nx.....x\nx.....x\nxxxxxxx\n"
        );
        assert_eq!(
            g.picture(g.inner_ring),
            ".......\n.xxxxx.\n.x...x.\n.x...x.\n.xxxxx.\n.......\n"
        );
        assert_eq!(
            g.picture(g.near_corners),
            ".x...x.\nxx...xx\n.......\n.......\nxx...xx\n.x...x.\n"
        );
        assert_eq!(g.edges & g.inner_ring, 0);
    }

    #[test]
    fn too_big_a_board_is_refused() {
        assert!(matches!(
            Geometry::<u128>::new(12, 12),
            Err(SizeError::Cells { cells: 156, .. })
        ));
        assert!(matches!(
            Geometry::<u128>::new(1, 5),
            Err(SizeError::Side { rows: 1, cols: 5 })
        ));
    }
}
