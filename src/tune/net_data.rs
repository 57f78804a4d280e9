//! Training positions for a net, from the engine's own games: each labelled with the
//! search's score and the game's result, both for the side to move.
//!
//! Two sources. Self-play in this process, as `book build` plays (each game an engine of
//! its own with one thread and node-limited searches, games spread over a rayon pool and
//! gathered in game order, so a seed gives the same data whatever the threads); or game
//! records of the match runner, read as `tune texel` reads them (their scores are the
//! moves' notes).
//!
//! Each position carries the formula's evaluation too (for the side to move, as a search
//! playing that side sees it), for a net that learns on top of the formula.
//!
//! A position is kept when its search found a move that takes nothing off the board and
//! traps nothing, and its score is not a win or loss found by search: the net is asked
//! about positions a search stands still in, and a won game needs no evaluation.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::board::Bits;
use crate::engine::Engine;
use crate::matches::record::{self, Record, RecordError};
use crate::nnue::train::{Rng, Sample};
use crate::nnue::{Layout, Net};
use crate::rules::{Colour, Game, Position, Rules};
use crate::search::eval::evaluate_for;
use crate::search::params::Weights;
use crate::search::score::is_mate;
use crate::search::{Limits, weights};

/// A score (side to move's view) at least this big at the ply cap wins the game.
pub const ADJUDICATE_CP: i32 = 300;

/// How to play the games.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub games: u64,
    /// Node budget of every search (playouts while an MCTS places).
    pub nodes: u64,
    /// Random plies at the start of each game (not learnt from), so the games differ.
    pub random_plies: u32,
    /// Plies after which a game is adjudicated by the last score.
    pub max_plies: u32,
    /// The chance that a move after the opening is a random one instead of the search's
    /// (the position is learnt from all the same): the games then reach positions a
    /// search meets after a mistake, which the net must judge as well.
    pub random_moves: f64,
    pub seed: u64,
    /// Games played at the same time.
    pub threads: usize,
    /// The net the engine evaluates with where it was trained for the ruleset (none: the
    /// engine's own evaluation, a shipped net or the formula): the games of one net make
    /// the data of the next.
    pub net: Option<Arc<Net>>,
    /// Learn from positions whose best move captures or traps as well (by default only
    /// from those where the search's best move is quiet).
    pub tactical: bool,
}

impl Default for SelfPlay {
    fn default() -> Self {
        SelfPlay {
            games: 100,
            nodes: 2_000,
            random_plies: 8,
            max_plies: 300,
            random_moves: 0.0,
            seed: 1,
            threads: 1,
            net: None,
            tactical: false,
        }
    }
}

/// Training positions and where they came from.
#[derive(Clone, Debug, Default)]
pub struct Data {
    pub samples: Vec<Sample>,
    pub games: u64,
    /// Games won by White, drawn, won by Black.
    pub results: [u64; 3],
}

impl Data {
    /// Adds a game's positions and its winner.
    pub fn add(&mut self, samples: Vec<Sample>, winner: Option<Colour>) {
        self.samples.extend(samples);
        self.games += 1;
        self.results[match winner {
            Some(Colour::White) => 0,
            None => 1,
            Some(Colour::Black) => 2,
        }] += 1;
    }
}

/// The formula's evaluation of `pos` for its side to move, as a search playing that side
/// evaluates it.
fn formula<B: Bits>(rules: &Rules<B>, pos: &Position<B>, weights: &Weights) -> f32 {
    evaluate_for(rules, pos, weights, pos.side) as f32
}

/// The result for the side to move of `pos` when `winner` won.
fn result_for<B: Bits>(pos: &Position<B>, winner: Option<Colour>) -> f32 {
    match winner {
        None => 0.5,
        Some(c) if c == pos.side => 1.0,
        Some(_) => 0.0,
    }
}

/// Whether a position searched to `score`, whose best move led to `after`, is one to
/// learn from: never one whose score is a win or loss found by search; unless `tactical`,
/// only one whose best move is quiet.
fn keep<B: Bits>(before: &Position<B>, after: &Position<B>, score: i32, tactical: bool) -> bool {
    let pieces = |p: &Position<B>| {
        [Colour::White, Colour::Black]
            .map(|c| p.men_total(c) + p.leaders_total(c))
            .iter()
            .sum::<u32>()
    };
    !is_mate(score)
        && (tactical || (pieces(after) == pieces(before) && after.trapped == before.trapped))
}

/// Plays game number `index` and returns its positions (with their scores) and winner.
fn play_game<B: Bits>(
    rules: &Arc<Rules<B>>,
    cfg: &SelfPlay,
    index: u64,
) -> (Vec<(Position<B>, i32)>, Option<Colour>) {
    let mut rng = Rng::new(cfg.seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407));
    let mut engine = Engine::new();
    engine.options.threads = 1;
    engine.options.move_overhead_ms = 0;
    engine.options.analyse_mode = true;
    engine.options.eval_net = cfg.net.clone();
    let mut game = Game::new(rules.clone());
    let mut kept = Vec::new();
    // The last search's score and the side it was for.
    let mut last: Option<(Colour, i32)> = None;
    let limits = Limits {
        nodes: Some(cfg.nodes),
        ..Limits::default()
    };
    let winner = loop {
        if let Some(o) = game.outcome() {
            break o.winner;
        }
        let ply = game.frames().len() - 1;
        if ply >= cfg.max_plies as usize {
            break match last {
                Some((c, v)) if v >= ADJUDICATE_CP => Some(c),
                Some((c, v)) if v <= -ADJUDICATE_CP => Some(c.other()),
                _ => None,
            };
        }
        let legal = game.legal_moves();
        let mv = if ply < cfg.random_plies as usize {
            legal[rng.below(legal.len())]
        } else {
            let r = engine.search_now(&game, limits.clone());
            last = Some((game.position().side, r.value));
            let mv = r.best.unwrap_or(legal[0]);
            let before = *game.position();
            let after = rules.play(&before, mv).pos;
            if keep(&before, &after, r.value, cfg.tactical) {
                kept.push((before, r.value));
            }
            if cfg.random_moves > 0.0 && rng.chance(cfg.random_moves) {
                legal[rng.below(legal.len())]
            } else {
                mv
            }
        };
        game.make(mv);
    };
    (kept, winner)
}

/// The worker threads could not be started.
#[derive(Debug)]
pub struct ThreadsError {
    pub threads: usize,
    pub error: rayon::ThreadPoolBuildError,
}

impl std::fmt::Display for ThreadsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot start {} threads: {}", self.threads, self.error)
    }
}

impl std::error::Error for ThreadsError {}

/// Plays `cfg.games` games of self-play and labels their positions.
pub fn self_play<B: Bits>(rules: &Arc<Rules<B>>, cfg: &SelfPlay) -> Result<Data, ThreadsError> {
    self_play_watched(rules, cfg, &|_| {})
}

/// [`self_play`], telling `finished` the number of games played so far after each game
/// (from the threads that play them, in any order), for a progress line.
pub fn self_play_watched<B: Bits>(
    rules: &Arc<Rules<B>>,
    cfg: &SelfPlay,
    finished: &(dyn Fn(u64) + Sync),
) -> Result<Data, ThreadsError> {
    let threads = cfg.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|error| ThreadsError { threads, error })?;
    let layout = Layout::new(rules);
    let weights = weights::for_ruleset(&rules.ruleset);
    let done = AtomicU64::new(0);
    let games: Vec<_> = pool.install(|| {
        (0..cfg.games)
            .into_par_iter()
            .map(|i| {
                let game = play_game(rules, cfg, i);
                finished(done.fetch_add(1, Ordering::Relaxed) + 1);
                game
            })
            .collect()
    });
    let mut data = Data::default();
    for (positions, winner) in games {
        let samples = positions
            .iter()
            .map(|(pos, score)| {
                Sample::of(&layout, pos, Some(*score as f32), result_for(pos, winner))
                    .with_base(formula(rules, pos, &weights))
            })
            .collect();
        data.add(samples, winner);
    }
    Ok(data)
}

/// A game's training positions and its winner.
pub type GameSamples = (Vec<Sample>, Option<Colour>);

/// The positions of a game record (from ply `skip` on) whose notes give a score, labelled
/// with the record's result; `None` for a game without a result.
pub fn record_samples<B: Bits>(
    rec: &Record,
    rules: Arc<Rules<B>>,
    skip: usize,
    tactical: bool,
) -> Result<Option<GameSamples>, RecordError> {
    let winner = match rec.result.as_str() {
        "1-0" => Some(Colour::White),
        "0-1" => Some(Colour::Black),
        "1/2-1/2" => None,
        _ => return Ok(None),
    };
    let layout = Layout::new(&rules);
    let weights = weights::for_ruleset(&rules.ruleset);
    let mut game: Game<B> = record::start(rec, rules.clone())?;
    let mut out = Vec::new();
    for (ply, token) in rec.moves.iter().enumerate() {
        let before = *game.position();
        game.play_token(token)?;
        if let Some(score) = rec.score_cp(ply).filter(|_| ply >= skip)
            && keep(&before, game.position(), score, tactical)
        {
            out.push(
                Sample::of(
                    &layout,
                    &before,
                    Some(score as f32),
                    result_for(&before, winner),
                )
                .with_base(formula(&rules, &before, &weights)),
            );
        }
    }
    Ok(Some((out, winner)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::preset;

    /// A few short games of little-soldiers (a ruleset without a shipped net, so that
    /// self-play without a net is the formula's): every kept position is labelled for its side to move
    /// (a win for the side that won the game is 1), the data are the same on one thread
    /// or two, a score is never a mate score, and `tactical` adds the positions whose best
    /// move captures.
    #[test]
    fn self_play_labels_positions_for_the_side_to_move() {
        let rules = Arc::new(Rules::<u128>::new(preset("little-soldiers").unwrap()).unwrap());
        let cfg = SelfPlay {
            games: 4,
            nodes: 300,
            random_plies: 6,
            max_plies: 60,
            random_moves: 0.0,
            seed: 3,
            threads: 1,
            net: None,
            tactical: false,
        };
        let data = self_play(&rules, &cfg).unwrap();
        assert_eq!(data.games, 4);
        assert_eq!(data.results.iter().sum::<u64>(), 4);
        assert!(data.samples.len() > 50, "{} positions", data.samples.len());
        assert!(data.samples.len() <= 4 * 54);
        for s in &data.samples {
            let score = s.score.unwrap();
            assert!(score.abs() < 20_000.0, "{score}");
            assert!([0.0, 0.5, 1.0].contains(&s.result));
        }
        let two = self_play(
            &rules,
            &SelfPlay {
                threads: 2,
                ..cfg.clone()
            },
        )
        .unwrap();
        assert_eq!(two.samples, data.samples);
        // The same games with the positions whose best move captures: every quiet one is
        // among them, and there are more.
        let all = self_play(
            &rules,
            &SelfPlay {
                tactical: true,
                ..cfg.clone()
            },
        )
        .unwrap();
        assert!(all.samples.len() > data.samples.len());
        assert!(data.samples.iter().all(|s| all.samples.contains(s)));
        // A net for little-soldiers plays other games; one for another ruleset changes
        // nothing.
        let net_for = |name: &str| {
            let r = Rules::<u128>::new(preset(name).unwrap()).unwrap();
            let layout = Layout::new(&r);
            let header = crate::nnue::Header {
                ruleset: name.into(),
                digest: crate::nnue::ruleset_digest(&r.ruleset),
                rows: layout.rows as u16,
                cols: layout.cols as u16,
                provenance: String::new(),
            };
            let model = crate::nnue::train::Model::new(layout.features(), 5);
            Some(Arc::new(model.quantise(header)))
        };
        let with = |net| {
            self_play(&rules, &SelfPlay { net, ..cfg.clone() })
                .unwrap()
                .samples
        };
        assert_ne!(with(net_for("little-soldiers")), data.samples);
        assert_eq!(with(net_for("murray")), data.samples);
        // Random moves among the search's: the games leave the search's line after their
        // opening (so other positions are learnt), the same way for the same seed.
        let scattered = SelfPlay {
            random_moves: 0.3,
            ..cfg.clone()
        };
        let once = self_play(&rules, &scattered).unwrap().samples;
        assert_ne!(once, data.samples);
        assert_eq!(once, self_play(&rules, &scattered).unwrap().samples);
    }

    #[test]
    fn the_result_is_seen_from_the_side_to_move() {
        let rules = Rules::<u128>::new(preset("murray").unwrap()).unwrap();
        let mut pos = rules.start();
        pos.side = Colour::Black;
        assert_eq!(result_for(&pos, Some(Colour::Black)), 1.0);
        assert_eq!(result_for(&pos, Some(Colour::White)), 0.0);
        assert_eq!(result_for(&pos, None), 0.5);
    }

    /// A record of three murray moves with scores on the first two: the positions before
    /// them are kept (from `skip` on), labelled with the record's result for their mover.
    #[test]
    fn a_record_gives_its_scored_positions() {
        let rules = Arc::new(Rules::<u128>::new(preset("murray").unwrap()).unwrap());
        let mut game = Game::new(rules.clone());
        let mut rec = Record::default();
        for (i, score) in ["35 120ms", "-20 80ms", ""].iter().enumerate() {
            let mv = game.legal_moves()[i];
            let token = mv.token(&rules.geo);
            game.make(mv);
            if score.is_empty() {
                rec.moves.push(token);
            } else {
                rec.push_noted(token, score.to_string());
            }
        }
        rec.result = "0-1".into();
        let (samples, winner) = record_samples(&rec, rules.clone(), 0, false)
            .unwrap()
            .unwrap();
        assert_eq!(winner, Some(Colour::Black));
        assert_eq!(samples.len(), 2);
        let first_mover = rules.start().side;
        let won = |c: Colour| if c == Colour::Black { 1.0 } else { 0.0 };
        assert_eq!(samples[0].score, Some(35.0));
        assert_eq!(samples[0].result, won(first_mover));
        assert_eq!(samples[1].score, Some(-20.0));
        assert_eq!(samples[1].result, won(first_mover.other()));
        let (later, _) = record_samples(&rec, rules.clone(), 1, false)
            .unwrap()
            .unwrap();
        assert_eq!(later, samples[1..]);
        rec.result = "*".into();
        assert_eq!(record_samples(&rec, rules, 0, false).unwrap(), None);
    }
}
