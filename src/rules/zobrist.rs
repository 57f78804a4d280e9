//! Zobrist keys, generated at compile time from a fixed seed so that every build and every
//! run hashes a position the same way (books and bench signatures depend on it).

/// Cells a key table covers: enough for every board the notation allows on a 256-bit set.
pub const MAX_CELLS: usize = 256;
/// Hand counts up to this (exclusive) have keys: the first 64 in `hand`, the rest in
/// `hand_high` (drawn later, so that the older keys did not change).
pub const MAX_HAND: usize = 128;

/// Piece codes: colour * 3 + (0 free man, 1 trapped man, 2 leader).
pub const PIECE_CODES: usize = 6;

pub struct Zobrist {
    pub piece: [[u64; MAX_CELLS]; PIECE_CODES],
    /// `[colour * 2 + kind][count]` for counts below 64 (see [`Zobrist::hand_key`]).
    pub hand: [[u64; 64]; 4],
    /// `[colour * 2 + kind][count - 64]`.
    pub hand_high: [[u64; MAX_HAND - 64]; 4],
    /// Xored in when the non-white side is to move.
    pub black_to_move: u64,
    /// `[consecutive passes]` (0 has key 0).
    pub passes: [u64; 3],
    /// `[square]`: the piece there plays a bonus move.
    pub bonus: [u64; MAX_CELLS],
    /// Xored in after a removal that does not end the turn.
    pub removing: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn build() -> Zobrist {
    let mut s: u64 = 0x4C41_5452_554E_4355; // "LATRUNCU"
    let mut z = Zobrist {
        piece: [[0; MAX_CELLS]; PIECE_CODES],
        hand: [[0; 64]; 4],
        hand_high: [[0; MAX_HAND - 64]; 4],
        black_to_move: 0,
        passes: [0; 3],
        bonus: [0; MAX_CELLS],
        removing: 0,
    };
    let mut p = 0;
    while p < PIECE_CODES {
        let mut c = 0;
        while c < MAX_CELLS {
            z.piece[p][c] = splitmix(&mut s);
            c += 1;
        }
        p += 1;
    }
    let mut h = 0;
    while h < 4 {
        let mut n = 1;
        while n < 64 {
            z.hand[h][n] = splitmix(&mut s);
            n += 1;
        }
        h += 1;
    }
    z.black_to_move = splitmix(&mut s);
    z.passes[1] = splitmix(&mut s);
    z.passes[2] = splitmix(&mut s);
    // Drawn after the older keys, which therefore stay as they were (books depend on them).
    let mut c = 0;
    while c < MAX_CELLS {
        z.bonus[c] = splitmix(&mut s);
        c += 1;
    }
    z.removing = splitmix(&mut s);
    let mut h = 0;
    while h < 4 {
        let mut n = 0;
        while n < MAX_HAND - 64 {
            z.hand_high[h][n] = splitmix(&mut s);
            n += 1;
        }
        h += 1;
    }
    z
}

impl Zobrist {
    /// The key of holding `count` pieces in hand slot `slot` (`colour * 2 + kind`).
    #[inline(always)]
    pub fn hand_key(&self, slot: usize, count: usize) -> u64 {
        if count < 64 {
            self.hand[slot][count]
        } else {
            self.hand_high[slot][(count - 64).min(MAX_HAND - 65)]
        }
    }
}

/// The one key table of the engine.
pub static ZOBRIST: Zobrist = build();
