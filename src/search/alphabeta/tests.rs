//! Alpha-beta against plain minimax: with the tricks that may change a value turned off
//! (reductions, null move, futility, quiescence beyond standing pat), the principal-variation
//! search with its table must give the root the value a full minimax of the same depth
//! gives. Played over random positions of rulesets whose turns are not simply alternate:
//! bell (two placements a turn, a bonus move after a capture) and seega (two placements a
//! turn, then a second move after a capture).

use std::sync::Arc;

use super::*;
use crate::rules::{Rules, preset};
use crate::search::time::{Clock, Limits};

/// Negamax over every legal move, leaves valued as the search's quiescence values them
/// with no tactical move allowed: the outcome if the game is over, else the evaluation.
fn minimax<B: Bits>(w: &mut Worker<'_, B>, depth: i32, ply: usize, seen: &mut Seen) -> Value {
    let side = w.game.position().side;
    let draw = w.draw[side.index()];
    if let Some(o) = w.early_outcome() {
        return score::terminal(&o, side, ply, draw);
    }
    let mut moves = Vec::new();
    let superko = w.game.generate(&mut moves);
    if moves.is_empty() {
        return score::terminal(&w.game.no_move_outcome(superko), side, ply, draw);
    }
    if depth <= 0 {
        return w.static_eval();
    }
    let mut best = -INFINITE;
    for m in moves {
        w.game.make(m);
        seen.note(w.game.position(), side);
        let v = if w.game.position().side == side {
            minimax(w, depth - 1, ply + 1, seen)
        } else {
            -minimax(w, depth - 1, ply + 1, seen)
        };
        w.game.undo();
        best = best.max(v);
    }
    best
}

/// The plies the minimax went through, by what comes after them: a first placement (the
/// other side places next), a second one (the same side places again), a capture with a
/// bonus move to follow, the rest.
#[derive(Default)]
struct Seen {
    placements: usize,
    second_placements: usize,
    bonus: usize,
    moves: usize,
}

impl Seen {
    /// Notes the position after a ply of `mover`.
    fn note<B: Bits>(&mut self, pos: &crate::rules::Position<B>, mover: Colour) {
        match pos.turn {
            crate::rules::Turn::Bonus(_) => self.bonus += 1,
            _ if pos.placing() && pos.side == mover => self.second_placements += 1,
            _ if pos.placing() => self.placements += 1,
            _ => self.moves += 1,
        }
    }
}

/// Random positions of `variant`: `count` games cut after a random number of plies.
fn positions(variant: &str, count: usize, seed: u64) -> Vec<Game<u128>> {
    let rules = Arc::new(Rules::<u128>::new(preset(variant).unwrap()).unwrap());
    let mut state = seed;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    (0..count)
        .map(|_| {
            let mut game = Game::new(rules.clone());
            let plies = next(90);
            for _ in 0..plies {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                game.make(legal[next(legal.len())]);
            }
            game
        })
        .collect()
}

#[test]
fn alpha_beta_gives_the_minimax_value_where_turns_are_not_alternate() {
    let params = Params {
        lmr_min_depth: i32::MAX,
        null_move: false,
        futility_margin: 0,
        qsearch_limit: 0,
        ..Params::default()
    };
    let weights = Weights::default();
    let mut checked = 0;
    let mut seen = Seen::default();
    for (variant, seed) in [
        ("bell-8x7", 1),
        ("seega-rules-6x6", 2),
        ("seega-rules-8x8", 3),
    ] {
        for game in positions(variant, 12, seed) {
            let side = game.position().side;
            let clock = Clock::new(&Limits::default(), side, 0);
            // As deep as a minimax of some 300,000 leaves allows (up to 5 plies), so that the
            // table's entries are met again through transpositions.
            let branching = game.legal_moves().len().max(2) as f64;
            let deepest = (300_000f64.ln() / branching.ln()).floor().clamp(2.0, 5.0) as i32;
            for depth in 1..=deepest {
                let shared = Shared::new(1);
                let mut w = Worker::new(game.clone(), &shared, &clock, &params, &weights, None);
                let expected = minimax(&mut w, depth, 0, &mut seen);
                let got = w.search(depth, -INFINITE, INFINITE, 0, true);
                assert_eq!(
                    got,
                    expected,
                    "{variant} depth {depth}: {}",
                    crate::rules::fen::format(w.game.rules(), w.game.position())
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 3 * 12 * 3, "{checked} searches");
    // Every kind of turn was in the trees compared.
    for (kind, n) in [
        ("first placements", seen.placements),
        ("second placements", seen.second_placements),
        ("bonus moves", seen.bonus),
        ("moves", seen.moves),
    ] {
        assert!(n > 100, "only {n} nodes of {kind}");
    }
}
