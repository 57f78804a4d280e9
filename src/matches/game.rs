//! One game of a match: engines asked for moves over the protocol, each move refereed by
//! the rules core, clocks measured here, adjudication, and the game's record.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::MatchConfig;
use super::openings::Opening;
use super::process::{EngineError, EngineProcess, Failure, Score};
use super::record::{Record, result_token};
use super::spec::Limit;
use crate::board::Bits;
use crate::rules::{Colour, Game, Rules, fen};

/// How one game ended, from the encounter's first engine's point of view.
/// What a worker tells the main thread: a move played in a game, or a game's end.
pub enum Report {
    Move {
        round: usize,
        plies: usize,
        /// Both clocks, ms, where the engines play on a clock.
        clocks: Option<[i64; 2]>,
    },
    Finished(Finished),
}

pub struct Finished {
    pub(super) encounter: usize,
    pub(super) pair: usize,
    /// Points of the encounter's first engine.
    pub(super) points: f64,
    pub(super) record: Record,
}

/// The engine process for spec `i`, started (or restarted after a crash) as needed.
pub(super) fn engine<'a>(
    cfg: &MatchConfig,
    i: usize,
    engines: &'a mut HashMap<usize, EngineProcess>,
) -> Result<&'a mut EngineProcess, EngineError> {
    let alive = engines.get_mut(&i).is_some_and(|e| e.alive());
    if !alive {
        engines.remove(&i);
        let e = EngineProcess::start(&cfg.engines[i], cfg)?;
        engines.insert(i, e);
    }
    Ok(engines.get_mut(&i).expect("just inserted"))
}

/// Plays one game between engine specs `players` = [white, black].
pub(super) fn play_game<B: Bits>(
    cfg: &MatchConfig,
    rules: &Arc<Rules<B>>,
    opening: &Opening,
    players: [usize; 2],
    round: usize,
    engines: &mut HashMap<usize, EngineProcess>,
    progress: &mpsc::Sender<Report>,
) -> Record {
    let mut rec = new_record(cfg, rules, opening, players, round);
    let mut game = match &opening.fen {
        Some(f) => Game::from_fen(rules.clone(), f).expect("openings are validated"),
        None => Game::new(rules.clone()),
    };
    game.play_tokens(&opening.moves)
        .expect("openings are validated");
    rec.moves = opening.moves.clone();
    let finish = |rec: &mut Record, winner: Option<Colour>, why: String| {
        rec.result = result_token(winner).to_string();
        rec.set("Result", rec.result.clone());
        rec.set("Termination", why);
        rec.set("PlyCount", rec.moves.len().to_string());
    };
    if let Err((loser, p, e)) = start_engines(cfg, players, engines) {
        let why = format!("crash: {} ({e})", cfg.engines[p].name);
        finish(&mut rec, Some(loser.other()), why);
        return rec;
    }
    let limits: Vec<Limit> = players
        .iter()
        .map(|&p| cfg.engines[p].limit.clone().unwrap_or(Limit::Depth(1)))
        .collect();
    let mut clock = [0i64; 2];
    for c in 0..2 {
        if let Limit::Clock { base_ms, .. } = limits[c] {
            clock[c] = base_ms as i64;
        }
    }
    let mut moves_made = [0u32; 2];
    let mut adjudicator = Adjudicator::default();
    let base = match &opening.fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    let on_clock = limits.iter().any(|l| matches!(l, Limit::Clock { .. }));
    loop {
        let _ = progress.send(Report::Move {
            round,
            plies: game.moves().len(),
            clocks: on_clock.then_some(clock),
        });
        if let Some(o) = game.outcome() {
            finish(&mut rec, o.winner, o.describe(game.ruleset()));
            return rec;
        }
        if cfg
            .draw_plies
            .is_some_and(|n| game.moves().len() as u32 >= n)
        {
            finish(&mut rec, None, "adjudication: draw by length".into());
            return rec;
        }
        let side = game.position().side;
        let c = side.index();
        let p = players[c];
        let name = cfg.engines[p].name.clone();
        let position = if rec.moves.is_empty() {
            base.clone()
        } else {
            format!("{base} moves {}", rec.moves.join(" "))
        };
        let margin = cfg.margin_ms as i64;
        let (go, budget) = go_command(cfg, &limits, c, &clock, &moves_made);
        let started = Instant::now();
        let deadline = started + Duration::from_millis(budget.max(1) as u64);
        let answer = match engine(cfg, p, engines) {
            Ok(e) => e.think(&position, &go, deadline),
            Err(_) => Err(Failure::Crashed),
        };
        let used = started.elapsed().as_millis() as i64;
        let fen_now = fen::format(rules, game.position());
        let (token, score) = match answer {
            Ok(a) => a,
            Err(f) => {
                engines.remove(&p);
                let why = match f {
                    Failure::Timeout => {
                        format!("time forfeit: {name} gave no move in {used} ms at {fen_now}")
                    }
                    Failure::Crashed => format!("crash: {name} died at {fen_now}"),
                };
                finish(&mut rec, Some(side.other()), why);
                return rec;
            }
        };
        if let Err(why) = charge(&limits[c], &mut clock[c], &mut moves_made[c], used, margin) {
            finish(
                &mut rec,
                Some(side.other()),
                format!("time forfeit: {name} {why}"),
            );
            return rec;
        }
        if let Err(e) = game.play_token(&token) {
            finish(
                &mut rec,
                Some(side.other()),
                format!("illegal move by {name}: {e} (position {fen_now})"),
            );
            return rec;
        }
        rec.push_noted(token, note(score, used));
        if let Some((winner, why)) = adjudicator.after(cfg, side, score, rec.moves.len()) {
            finish(&mut rec, winner, why);
            return rec;
        }
    }
}

/// A game's record before its first move: PGN's roster, then the ruleset, the time
/// controls and the opening.
fn new_record<B: Bits>(
    cfg: &MatchConfig,
    rules: &Rules<B>,
    opening: &Opening,
    players: [usize; 2],
    round: usize,
) -> Record {
    let mut rec = Record::with_roster(
        &format!("latrunculi match, {}", cfg.variant),
        &round.to_string(),
        &cfg.engines[players[0]].name,
        &cfg.engines[players[1]].name,
    );
    rec.set("Variant", cfg.variant.clone());
    if let Some(n) = rules.ruleset.chosen_pieces() {
        rec.set("Pieces", n.to_string());
    }
    if let Some(path) = &cfg.variant_path {
        rec.set("VariantPath", path.display().to_string());
    }
    let tcs: Vec<String> = players
        .iter()
        .map(|&p| {
            cfg.engines[p]
                .limit
                .as_ref()
                .map(Limit::describe)
                .unwrap_or_default()
        })
        .collect();
    rec.set(
        "TimeControl",
        if tcs[0] == tcs[1] {
            tcs[0].clone()
        } else {
            format!("{} / {}", tcs[0], tcs[1])
        },
    );
    rec.set("Opening", opening.label.clone());
    if let Some(f) = &opening.fen {
        rec.set("FEN", f.clone());
    }
    rec
}

/// The `go` line for the engine of colour index `c`, and how long it may take to answer
/// (its clock or move time plus the margin; the hang timeout for depth and node limits).
fn go_command(
    cfg: &MatchConfig,
    limits: &[Limit],
    c: usize,
    clock: &[i64; 2],
    moves_made: &[u32; 2],
) -> (String, i64) {
    let margin = cfg.margin_ms as i64;
    match limits[c] {
        Limit::Clock { moves, .. } => {
            let inc = |l: &Limit| match l {
                Limit::Clock { inc_ms, .. } => *inc_ms,
                _ => 0,
            };
            let mut g = format!(
                "go wtime {} btime {} winc {} binc {}",
                clock[0].max(0),
                clock[1].max(0),
                inc(&limits[0]),
                inc(&limits[1])
            );
            if let Some(m) = moves {
                g.push_str(&format!(" movestogo {}", m - moves_made[c] % m));
            }
            (g, clock[c].max(0) + margin)
        }
        Limit::MoveTime(ms) => (format!("go movetime {ms}"), ms as i64 + margin),
        Limit::Nodes(n) => (format!("go nodes {n}"), cfg.hang_ms as i64),
        Limit::Depth(d) => (format!("go depth {d}"), cfg.hang_ms as i64),
    }
}

/// Charges `used` ms to a clock (adding its increment, and its base at each time control);
/// why the engine lost on time, if it did.
/// How an engine lost on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TimeLoss {
    /// Its clock fell below zero (by more than the margin).
    Overstepped { by_ms: i64 },
    /// It thought longer than its time per move.
    MoveTime { used: i64, allowed: u64 },
}

impl std::fmt::Display for TimeLoss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeLoss::Overstepped { by_ms } => write!(f, "overstepped its clock by {by_ms} ms"),
            TimeLoss::MoveTime { used, allowed } => write!(f, "used {used} ms of {allowed}"),
        }
    }
}

fn charge(
    limit: &Limit,
    clock: &mut i64,
    moves_made: &mut u32,
    used: i64,
    margin: i64,
) -> Result<(), TimeLoss> {
    match limit {
        Limit::Clock {
            moves,
            base_ms,
            inc_ms,
        } => {
            *clock -= used;
            if *clock < -margin {
                return Err(TimeLoss::Overstepped { by_ms: -*clock });
            }
            *clock += *inc_ms as i64;
            *moves_made += 1;
            if let Some(m) = moves
                && moves_made.is_multiple_of(*m)
            {
                *clock += *base_ms as i64;
            }
        }
        Limit::MoveTime(ms) if used > *ms as i64 + margin => {
            return Err(TimeLoss::MoveTime { used, allowed: *ms });
        }
        _ => {}
    }
    Ok(())
}

/// The adjudications that need both engines to agree, move after move.
#[derive(Default)]
struct Adjudicator {
    /// Plies running in which the mover saw a score within the draw margin.
    level: u32,
    /// Plies running in which the movers agreed that White (0) or Black (1) wins.
    agree: [u32; 2],
}

impl Adjudicator {
    /// After `side` moved with `score` (its own view) at `plies`: a result, if the engines
    /// have agreed on one long enough.
    fn after(
        &mut self,
        cfg: &MatchConfig,
        side: Colour,
        score: Option<Score>,
        plies: usize,
    ) -> Option<(Option<Colour>, String)> {
        if let Some(d) = cfg.draw_score {
            self.level = match score {
                Some(Score::Cp(v)) if v.abs() <= d.cp => self.level + 1,
                _ => 0,
            };
            if self.level >= 2 * d.moves && plies as u32 >= d.after {
                let why = "adjudication: both engines agree the game is drawn";
                return Some((None, why.into()));
            }
        }
        let (cp, n) = cfg.resign?;
        // Scores are the mover's own view; both must agree on the same winner.
        let ahead = match score {
            Some(Score::Mate(m)) => m.signum(),
            Some(Score::Cp(v)) if v >= cp => 1,
            Some(Score::Cp(v)) if v <= -cp => -1,
            _ => 0,
        };
        if ahead == 0 {
            self.agree = [0, 0];
            return None;
        }
        let w = if ahead > 0 { side } else { side.other() }.index();
        self.agree[w] += 1;
        self.agree[1 - w] = 0;
        (self.agree[w] >= 2 * n).then(|| {
            let winner = if w == 0 { Colour::White } else { Colour::Black };
            let why = "adjudication: both engines agree the game is decided";
            (Some(winner), why.into())
        })
    }
}

/// Tells both engines a game starts (starting one that is not running); the side whose
/// engine failed, and why, if one did.
fn start_engines(
    cfg: &MatchConfig,
    players: [usize; 2],
    engines: &mut HashMap<usize, EngineProcess>,
) -> Result<(), (Colour, usize, EngineError)> {
    for (side, &p) in players.iter().enumerate() {
        let started =
            engine(cfg, p, engines).and_then(|e| e.new_game().map_err(EngineError::NewGame));
        if let Err(e) = started {
            engines.remove(&p);
            let loser = if side == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            return Err((loser, p, e));
        }
    }
    Ok(())
}

/// A move's note in the record: the mover's score and the time it took (`+35 198ms`).
fn note(score: Option<Score>, used: i64) -> String {
    match score {
        Some(Score::Cp(v)) => format!("{v:+} {used}ms"),
        Some(Score::Mate(m)) => format!("#{m} {used}ms"),
        None => format!("{used}ms"),
    }
}
