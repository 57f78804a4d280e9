//! Zobrist keys, generated at compile time from a fixed seed so that every build and every
//! run hashes a position the same way (books and bench signatures depend on it).

/// Cells a key table covers: enough for every board the notation allows on a 256-bit set.
pub const MAX_CELLS: usize = 256;
/// Largest hand count a key exists for.
pub const MAX_HAND: usize = 64;

/// Piece codes: colour * 3 + (0 free man, 1 trapped man, 2 leader).
pub const PIECE_CODES: usize = 6;

pub struct Zobrist {
    pub piece: [[u64; MAX_CELLS]; PIECE_CODES],
    /// `[colour * 2 + kind][count]`.
    pub hand: [[u64; MAX_HAND]; 4],
    /// Xored in when the non-white side is to move.
    pub black_to_move: u64,
    /// `[consecutive passes]` (0 has key 0).
    pub passes: [u64; 3],
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
        hand: [[0; MAX_HAND]; 4],
        black_to_move: 0,
        passes: [0; 3],
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
        while n < MAX_HAND {
            z.hand[h][n] = splitmix(&mut s);
            n += 1;
        }
        h += 1;
    }
    z.black_to_move = splitmix(&mut s);
    z.passes[1] = splitmix(&mut s);
    z.passes[2] = splitmix(&mut s);
    z
}

/// The one key table of the engine.
pub static ZOBRIST: Zobrist = build();
