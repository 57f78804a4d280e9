//! Perft: counting the leaves of the legal-move tree, the standard test of move generation.

use super::game::Game;
use super::moves::Move;
use crate::board::Bits;

/// The number of move sequences of length `depth` from the current position (1 at depth 0;
/// a finished game has no moves). The last ply is counted in bulk, without playing it.
pub fn perft<B: Bits>(game: &mut Game<B>, depth: usize) -> u64 {
    let mut buffers = vec![Vec::with_capacity(256); depth.max(1)];
    count(game, depth, &mut buffers)
}

fn count<B: Bits>(game: &mut Game<B>, depth: usize, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    if game.status(moves).is_some() {
        return 0;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        game.make(mv);
        total += count(game, depth - 1, deeper);
        game.undo();
    }
    total
}

/// Perft split by root move, in move-generation order.
pub fn divide<B: Bits>(game: &mut Game<B>, depth: usize) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut buffers = vec![Vec::with_capacity(256); depth];
    let mut roots = Vec::new();
    game.status(&mut roots);
    roots
        .into_iter()
        .map(|mv| {
            game.make(mv);
            let n = count(game, depth - 1, &mut buffers);
            game.undo();
            (mv, n)
        })
        .collect()
}
