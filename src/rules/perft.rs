//! Perft: counting the leaves of the legal-move tree, the standard test of move generation.

use std::sync::atomic::{AtomicBool, Ordering};

use super::game::Game;
use super::moves::Move;
use crate::board::Bits;

/// The deepest perft counted: each ply holds a move buffer, and a count this deep would
/// never finish anyway.
pub const MAX_DEPTH: usize = 64;

/// The number of move sequences of length `depth` from the current position (1 at depth 0;
/// a finished game has no moves). The last ply is counted in bulk, without playing it.
/// `depth` is at most [`MAX_DEPTH`].
pub fn perft<B: Bits>(game: &mut Game<B>, depth: usize) -> u64 {
    let mut buffers = vec![Vec::with_capacity(256); depth.clamp(1, MAX_DEPTH)];
    count(
        game,
        depth.min(MAX_DEPTH),
        &mut buffers,
        &AtomicBool::new(false),
    )
}

/// Counts the leaves below the current position; gives up (with a partial count) once
/// `stop` is raised.
fn count<B: Bits>(
    game: &mut Game<B>,
    depth: usize,
    buffers: &mut [Vec<Move>],
    stop: &AtomicBool,
) -> u64 {
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
        if stop.load(Ordering::Relaxed) {
            break;
        }
        game.make(mv);
        total += count(game, depth - 1, deeper, stop);
        game.undo();
    }
    total
}

/// A perft split by root move, in move-generation order, possibly cut short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divided {
    pub depth: usize,
    /// The counts of the root moves finished.
    pub counts: Vec<(Move, u64)>,
    /// How many root moves there are.
    pub roots: usize,
}

impl Divided {
    /// Whether every root move was counted.
    pub fn finished(&self) -> bool {
        self.counts.len() == self.roots
    }

    /// The leaves counted (1 at depth 0).
    pub fn total(&self) -> u64 {
        if self.depth == 0 {
            1
        } else {
            self.counts.iter().map(|(_, n)| n).sum()
        }
    }
}

/// Perft split by root move, in move-generation order. `depth` is at most [`MAX_DEPTH`].
pub fn divide<B: Bits>(game: &mut Game<B>, depth: usize) -> Vec<(Move, u64)> {
    divide_until(game, depth, &AtomicBool::new(false)).counts
}

/// [`divide`] that stops at the first root move unfinished when `stop` is raised.
pub fn divide_until<B: Bits>(game: &mut Game<B>, depth: usize, stop: &AtomicBool) -> Divided {
    let depth = depth.min(MAX_DEPTH);
    let mut roots = Vec::new();
    if depth > 0 {
        game.status(&mut roots);
    }
    let mut buffers = vec![Vec::with_capacity(256); depth.max(1)];
    let mut counts = Vec::with_capacity(roots.len());
    for &mv in &roots {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        game.make(mv);
        let n = count(game, depth - 1, &mut buffers, stop);
        game.undo();
        if stop.load(Ordering::Relaxed) {
            break;
        }
        counts.push((mv, n));
    }
    Divided {
        depth,
        counts,
        roots: roots.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, preset};
    use std::sync::Arc;

    fn start() -> Game<u128> {
        Game::new(Arc::new(Rules::new(preset("murray").unwrap()).unwrap()))
    }

    #[test]
    fn a_raised_stop_counts_no_root_move() {
        let d = divide_until(&mut start(), 3, &AtomicBool::new(true));
        assert_eq!(d.roots as u64, perft(&mut start(), 1));
        assert!(d.counts.is_empty() && !d.finished());
    }

    #[test]
    fn an_unstopped_divide_adds_up_to_perft() {
        let d = divide_until(&mut start(), 3, &AtomicBool::new(false));
        assert!(d.finished());
        assert_eq!(d.total(), perft(&mut start(), 3));
        let none = divide_until(&mut start(), 0, &AtomicBool::new(false));
        assert_eq!((none.total(), none.finished()), (1, true));
    }
}
