//! Search scores: centipawns, or a game-theoretic win/loss counted in plies from the root.

use crate::rules::{Colour, Outcome};

/// A score. Wins are `MATE - plies`, losses `-(MATE - plies)`.
pub type Value = i32;

pub const INFINITE: Value = 32_000;
pub const MATE: Value = 31_000;
/// Scores beyond this are game-theoretic.
pub const MATE_BOUND: Value = MATE - 1_000;

/// Whether a score is a proven win or loss.
pub fn is_mate(v: Value) -> bool {
    v.abs() >= MATE_BOUND
}

/// The score of a finished game for the side to move, `ply` plies from the root; a draw is
/// worth `draw` to the side to move (see contempt in `Params`).
pub fn terminal(outcome: &Outcome, side: Colour, ply: usize, draw: Value) -> Value {
    match outcome.winner {
        None => draw,
        Some(w) if w == side => MATE - ply as Value,
        Some(_) => -(MATE - ply as Value),
    }
}

/// A score as the transposition table keeps it: mate distances from the node, not the root.
pub fn to_table(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v + ply as Value
    } else if v <= -MATE_BOUND {
        v - ply as Value
    } else {
        v
    }
}

/// The inverse of [`to_table`].
pub fn from_table(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v - ply as Value
    } else if v <= -MATE_BOUND {
        v + ply as Value
    } else {
        v
    }
}

/// How a score is reported: centipawns, or moves to the end of the game (positive when the
/// side to move wins), as UCI's `score mate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reported {
    Centipawns(i32),
    Mate(i32),
}

pub fn report(v: Value) -> Reported {
    if v >= MATE_BOUND {
        Reported::Mate((MATE - v + 1) / 2)
    } else if v <= -MATE_BOUND {
        // A loss on an odd ply comes with the loser's own move (a quiet-ply limit, say): it
        // still has that move to play, so it counts like a loss one ply later, never as 0.
        Reported::Mate(-((MATE + v + 1) / 2))
    } else {
        Reported::Centipawns(v)
    }
}

/// Win, draw and loss chances in permille for a score (side to move's view): a logistic
/// model in which scores near zero keep a share of draws.
pub fn wdl(v: Value) -> (u32, u32, u32) {
    if v >= MATE_BOUND {
        return (1000, 0, 0);
    }
    if v <= -MATE_BOUND {
        return (0, 0, 1000);
    }
    let logistic = |x: f64| 1.0 / (1.0 + (-x).exp());
    let win = logistic((v as f64 - 60.0) / 90.0);
    let loss = logistic((-v as f64 - 60.0) / 90.0);
    let w = (win * 1000.0).round() as u32;
    let l = (loss * 1000.0).round() as u32;
    (w, 1000u32.saturating_sub(w + l), l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(report(MATE - 1), Reported::Mate(1));
        assert_eq!(report(MATE - 3), Reported::Mate(2));
        assert_eq!(report(-(MATE - 2)), Reported::Mate(-1));
        assert_eq!(report(-(MATE - 4)), Reported::Mate(-2));
        // Losing by one's own move (e.g. the move that reaches a quiet-ply limit).
        assert_eq!(report(-(MATE - 1)), Reported::Mate(-1));
        assert_eq!(report(-(MATE - 3)), Reported::Mate(-2));
        assert_eq!(report(55), Reported::Centipawns(55));
    }

    #[test]
    fn table_scores_are_relative_to_the_node() {
        let at_root = MATE - 7;
        let stored = to_table(at_root, 4);
        assert_eq!(stored, MATE - 3);
        assert_eq!(from_table(stored, 2), MATE - 5);
        assert_eq!(from_table(to_table(-123, 9), 1), -123);
    }
}
