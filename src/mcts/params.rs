//! MCTS tunables in one place (exposed as protocol options).

/// How a leaf is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Finish the placement with random placements, then score the first movement position
    /// with the static evaluation, as a win probability.
    PlaceThenEvaluate,
    /// Play random legal moves to the end of the game (or a ply cap) and take the result.
    RandomToEnd,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MctsParams {
    /// PUCT exploration constant.
    pub exploration: f64,
    /// Centipawns that make a 73% win chance (the logistic scale of evaluations).
    pub eval_scale: f64,
    /// Temperature of the prior: softmax over one-ply evaluations divided by this (cp).
    pub prior_temperature: f64,
    pub playout: Playout,
    /// Plies a random playout may run before it is scored by the evaluation.
    pub playout_cap: usize,
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            exploration: 1.4,
            eval_scale: 250.0,
            prior_temperature: 60.0,
            playout: Playout::PlaceThenEvaluate,
            playout_cap: 200,
        }
    }
}
