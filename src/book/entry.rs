//! One book move of one position and what is known about it. Results are counted from the
//! mover's point of view, so that the entries of a position compare directly whoever moves.

/// Games' worth of belief the search score is given in an entry's expected score: a move
/// that was searched but rarely played is judged mostly by its search score.
pub const PRIOR_GAMES: f64 = 2.0;
/// Centipawns that make a 73% expected score when a search score becomes a result.
pub const SCORE_SCALE: f64 = 250.0;
/// The weight of an expected score of 100% (weights are expected scores in hundredths of a
/// percent).
pub const MAX_WEIGHT: u16 = 10_000;
/// Search scores are stored clamped to this (a forced win is stored as +`SCORE_LIMIT`).
pub const SCORE_LIMIT: i32 = 30_000;

/// The result of one game for the side that played a book move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Points {
    Win,
    Draw,
    Loss,
}

/// A move of a book position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The move as the protocol writes it, in the book's orientation of the position (see
    /// [`super::key`]).
    pub token: String,
    /// How much the engine likes the move: the expected score in hundredths of a percent
    /// (0..=10000). A weight of 0 is never played.
    pub weight: u16,
    /// Games played through this move.
    pub visits: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// The search score (centipawns, mover's view) when the move was added.
    pub score: i32,
}

/// The win chance a search score stands for.
pub fn score_probability(cp: i32) -> f64 {
    1.0 / (1.0 + (-(cp as f64) / SCORE_SCALE).exp())
}

impl Entry {
    /// A new entry, not yet played, valued by its search score alone.
    pub fn new(token: impl Into<String>, score: i32) -> Entry {
        let mut e = Entry {
            token: token.into(),
            weight: 0,
            visits: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            score: score.clamp(-SCORE_LIMIT, SCORE_LIMIT),
        };
        e.reweigh();
        e
    }

    /// The expected score of the move (0..1): its results, with the search score counting
    /// as [`PRIOR_GAMES`] games.
    pub fn expected(&self) -> f64 {
        let points = self.wins as f64 + 0.5 * self.draws as f64;
        (points + PRIOR_GAMES * score_probability(self.score)) / (self.visits as f64 + PRIOR_GAMES)
    }

    /// The share of points the games through this move scored, if any were played.
    pub fn result_share(&self) -> Option<f64> {
        (self.visits > 0).then(|| (self.wins as f64 + 0.5 * self.draws as f64) / self.visits as f64)
    }

    /// Sets the weight from the statistics.
    pub fn reweigh(&mut self) {
        self.weight = (self.expected() * MAX_WEIGHT as f64)
            .round()
            .clamp(0.0, MAX_WEIGHT as f64) as u16;
    }

    /// Counts one more game through this move.
    pub fn record(&mut self, points: Points) {
        self.visits = self.visits.saturating_add(1);
        match points {
            Points::Win => self.wins = self.wins.saturating_add(1),
            Points::Draw => self.draws = self.draws.saturating_add(1),
            Points::Loss => self.losses = self.losses.saturating_add(1),
        }
        self.reweigh();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_follow_results_from_the_search_prior() {
        let mut e = Entry::new("a1a2", 0);
        assert_eq!(e.weight, 5000);
        e.record(Points::Win);
        e.record(Points::Win);
        assert_eq!(e.weight, 7500);
        e.record(Points::Loss);
        e.record(Points::Draw);
        assert_eq!((e.visits, e.wins, e.draws, e.losses), (4, 2, 1, 1));
        assert_eq!(e.result_share(), Some(0.625));
        assert!(Entry::new("a1a3", 300).weight > Entry::new("a1a4", -300).weight);
        assert_eq!(Entry::new("a1a5", i32::MAX).score, SCORE_LIMIT);
    }
}
