//! The match runner: engine-versus-engine games refereed by our own rules core, with clocks
//! measured here, paired openings, adjudication, statistics and SPRT, and game records.

pub mod process;
pub mod record;
pub mod results;
pub mod spec;
pub mod stats;

use std::collections::{HashMap, VecDeque};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::board::Bits;
use crate::rules::{AnyRules, Colour, Game, Rules, fen};
use process::{EngineProcess, Failure, Score};
use record::{Record, result_token};
use spec::{EngineSpec, Limit};
use stats::{Sprt, Tally, Verdict};

/// Where openings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Openings {
    /// Random legal plies from the start position; with a band, only those whose short
    /// search score lies in it (unbalanced openings, where equal engines draw every game).
    Random {
        plies: usize,
        band: Option<ScoreBand>,
    },
    /// One opening per line: a position string, or move tokens from the start.
    File(PathBuf),
    /// The shipped opening suite of the ruleset (`books/openings/<name>.txt`, built in).
    Suite,
}

/// Which random openings to keep: those whose score (either side ahead) after a search of
/// `depth` lies between `least` and `most` centipawns, as Stockfish's testing plays
/// unbalanced openings where balanced ones are all draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreBand {
    pub least: i32,
    pub most: i32,
    pub depth: u32,
}

/// How many random openings may be tried per one kept before the band is called too narrow.
const TRIES_PER_OPENING: usize = 200;

/// The draw adjudication by score (cutechess-cli's `-draw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawScore {
    pub cp: i32,
    pub moves: u32,
    pub after: u32,
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: String,
    /// Men per side where the ruleset lets the players choose.
    pub pieces: Option<u8>,
    /// A ruleset file the variant may come from; the engines are given it too.
    pub variant_path: Option<PathBuf>,
    pub engines: Vec<EngineSpec>,
    /// Games per encounter (pair of engines) per round; rounded up to an even number so
    /// each opening is played with both colours.
    pub games: u32,
    pub rounds: u32,
    pub concurrency: usize,
    pub seed: u64,
    pub openings: Openings,
    /// Adjudicate a draw after this many plies.
    pub draw_plies: Option<u32>,
    /// Adjudicate a win when both engines agree for `moves` moves each that one side is
    /// ahead by at least `cp` (or has a mate).
    pub resign: Option<(i32, u32)>,
    /// Adjudicate a draw when both engines agree, for `moves` moves each, that the score is
    /// within `cp` of zero, once the game is `after` plies long.
    pub draw_score: Option<DrawScore>,
    pub sprt: Option<Sprt>,
    pub records: Option<PathBuf>,
    /// Clock slack before a time forfeit, ms.
    pub margin_ms: u64,
    /// How long a depth- or node-limited move may take before the engine counts as hung.
    pub hang_ms: u64,
    /// The first engine against each of the others, instead of every pair.
    pub gauntlet: bool,
    /// Print the standings every this many games (0: only at the end).
    pub rating_interval: usize,
    /// A log of every line to and from each engine, time-stamped.
    pub debug_log: Option<Arc<process::DebugLog>>,
}

/// An opening: a starting position string (or none for the start) and moves from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
    pub label: String,
}

struct Job {
    encounter: usize,
    pair: usize,
    opening: Opening,
    /// Whether the encounter's first engine has White.
    first_white: bool,
    /// The game's number in the match, from 1 (the record's `Round`).
    round: usize,
}

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
    encounter: usize,
    pair: usize,
    /// Points of the encounter's first engine.
    points: f64,
    record: Record,
}

fn load_rules(cfg: &MatchConfig) -> Result<AnyRules, String> {
    crate::rules::Catalogue::with_file(cfg.variant_path.as_deref())?
        .0
        .rules(&cfg.variant, cfg.pieces)
}

/// The openings of the whole match, one per game pair.
fn openings<B: Bits>(
    cfg: &MatchConfig,
    rules: &Arc<Rules<B>>,
    count: usize,
) -> Result<Vec<Opening>, String> {
    match &cfg.openings {
        Openings::Random { plies, band } => {
            let mut rng = StdRng::seed_from_u64(cfg.seed);
            let mut judge = band.map(|b| (b, crate::engine::Engine::new()));
            if let Some((_, e)) = &mut judge {
                e.options.move_overhead_ms = 0;
                e.options.analyse_mode = true;
            }
            let mut out = Vec::new();
            let mut tries = 0;
            while out.len() < count {
                tries += 1;
                if tries > count * TRIES_PER_OPENING {
                    let wanted = match band {
                        Some(b) => format!(
                            "have a score between {} and {} cp at depth {}",
                            b.least, b.most, b.depth
                        ),
                        None => "leave the game unfinished".into(),
                    };
                    return Err(format!(
                        "openings: {} of {count} random openings of {} {wanted} after {} tries: widen the band or play fewer plies",
                        out.len(),
                        crate::rules::plies(*plies),
                        tries - 1
                    ));
                }
                let mut game = Game::new(rules.clone());
                let mut moves = Vec::new();
                for _ in 0..*plies {
                    let legal = game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let m = legal[rng.random_range(0..legal.len())];
                    moves.push(m.token(&rules.geo));
                    game.make(m);
                }
                if game.outcome().is_some() {
                    continue;
                }
                let mut label = format!("random {}", crate::rules::plies(*plies));
                if let Some((b, engine)) = &mut judge {
                    let limits = crate::search::Limits::depth(b.depth);
                    let Some(r) = crate::book::build::search(engine, &game, limits, vec![]) else {
                        continue;
                    };
                    let score = crate::book::build::book_score(r.value);
                    if !(b.least..=b.most).contains(&score.abs()) {
                        continue;
                    }
                    label.push_str(&format!(" {score:+} cp"));
                }
                label.push_str(&format!(" #{}", out.len() + 1));
                out.push(Opening {
                    fen: None,
                    label,
                    moves,
                });
            }
            Ok(out)
        }
        Openings::File(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("openings file {}: {e}", path.display()))?;
            suite_openings(rules, &text, &path.display().to_string(), count)
        }
        Openings::Suite => {
            let name = crate::book::book_name(
                &rules.ruleset.name,
                crate::book::ruleset_pieces(&rules.ruleset),
            );
            let text = crate::book::shipped::suite(&name).ok_or_else(|| {
                let known: Vec<&str> = crate::book::shipped::suite_names().collect();
                format!(
                    "no shipped opening suite for {name} (there are: {})",
                    known.join(", ")
                )
            })?;
            suite_openings(rules, text, &format!("suite {name}"), count)
        }
    }
}

/// The openings of a suite's text (comment lines, then one position string or move list per
/// line), repeated to `count`; `source` names the suite in messages and labels.
fn suite_openings<B: Bits>(
    rules: &Arc<Rules<B>>,
    text: &str,
    source: &str,
    count: usize,
) -> Result<Vec<Opening>, String> {
    let mut list = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen_text, moves) = if line.contains('/') {
            let (f, m) = match line.split_once(" moves ") {
                Some((f, m)) => (f, m),
                None => (line, ""),
            };
            (Some(f.to_string()), m)
        } else {
            (None, line)
        };
        let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
        let mut game = match &fen_text {
            Some(f) => Game::from_fen(rules.clone(), f),
            None => Ok(Game::new(rules.clone())),
        }
        .map_err(|e| format!("openings {source} line {}: {e}", i + 1))?;
        game.play_tokens(&moves)
            .map_err(|e| format!("openings {source} line {}: {e}", i + 1))?;
        list.push(Opening {
            fen: fen_text,
            moves,
            label: format!("{source} line {}", i + 1),
        });
    }
    if list.is_empty() {
        return Err(format!("openings {source} has no openings"));
    }
    Ok((0..count).map(|i| list[i % list.len()].clone()).collect())
}

/// Plays the match; prints progress to `out`; returns each encounter's tally.
pub fn run_match(
    cfg: &MatchConfig,
    out: &mut dyn Write,
) -> Result<Vec<(String, String, Tally)>, String> {
    if cfg.engines.len() < 2 {
        return Err("a match needs at least two engines".into());
    }
    crate::with_rules!(load_rules(cfg)?, rules => run_on(cfg, rules, out))
}

fn run_on<B: Bits>(
    cfg: &MatchConfig,
    rules: Arc<Rules<B>>,
    out: &mut dyn Write,
) -> Result<Vec<(String, String, Tally)>, String> {
    // An engine that cannot start or shake hands is a mistake in the set-up, not a lost
    // game: say so before any game is played.
    for spec in &cfg.engines {
        EngineProcess::start(spec, cfg)
            .map_err(|e| format!("engine '{}': {e}", spec.name))?
            .quit();
    }
    let n = cfg.engines.len();
    let encounters: Vec<(usize, usize)> = if cfg.gauntlet {
        (1..n).map(|j| (0, j)).collect()
    } else {
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    };
    let pairs_per = (cfg.games.max(1) as usize).div_ceil(2) * cfg.rounds.max(1) as usize;
    let opening_list = openings(cfg, &rules, pairs_per)?;
    let mut jobs = VecDeque::new();
    for (pair, opening) in opening_list.iter().enumerate() {
        for (e, _) in encounters.iter().enumerate() {
            for first_white in [true, false] {
                jobs.push_back(Job {
                    encounter: e,
                    pair,
                    opening: opening.clone(),
                    first_white,
                    round: jobs.len() + 1,
                });
            }
        }
    }
    let total = jobs.len();
    let jobs = Arc::new(Mutex::new(jobs));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Report>();
    let started = Instant::now();
    let mut tallies: Vec<Tally> = vec![Tally::default(); encounters.len()];
    let mut half_pairs: HashMap<(usize, usize), f64> = HashMap::new();
    let mut record_file = match &cfg.records {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("records file {}: {e}", p.display()))?,
        ),
        None => None,
    };
    let terminal = std::io::stdout().is_terminal();
    let mut verdict = None;
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            let jobs = jobs.clone();
            let stop = stop.clone();
            let tx = tx.clone();
            let rules = rules.clone();
            let encounters = &encounters;
            scope.spawn(move || worker(cfg, &rules, encounters, &jobs, &stop, &tx));
        }
        drop(tx);
        let mut done = 0;
        let mut last_line = format!("Games 0/{total}");
        for report in rx {
            let f = match report {
                Report::Move {
                    round,
                    plies: n,
                    clocks,
                } => {
                    // On a terminal the line also follows the game in progress.
                    if terminal {
                        let clocks = clocks
                            .map(|[w, b]| {
                                format!(
                                    ", clocks {:.1} s / {:.1} s",
                                    w as f64 / 1000.0,
                                    b as f64 / 1000.0
                                )
                            })
                            .unwrap_or_default();
                        let _ = write!(
                            out,
                            "\r{last_line} | game {round}: {}{clocks}\x1b[K",
                            crate::rules::plies(n)
                        );
                        let _ = out.flush();
                    }
                    continue;
                }
                Report::Finished(f) => f,
            };
            done += 1;
            let t = &mut tallies[f.encounter];
            t.add_game(f.points);
            if let Some(other) = half_pairs.remove(&(f.encounter, f.pair)) {
                t.add_pair(other + f.points);
            } else {
                half_pairs.insert((f.encounter, f.pair), f.points);
            }
            if let Some(file) = record_file.as_mut() {
                let _ = file.write_all(f.record.to_text().as_bytes());
            }
            let (a, b) = encounters[f.encounter];
            let line = progress_line(
                done,
                total,
                &cfg.engines[a].name,
                &cfg.engines[b].name,
                t,
                cfg.sprt,
            );
            if terminal {
                let _ = write!(out, "\r{line}\x1b[K");
            } else {
                let _ = writeln!(out, "{line}");
            }
            last_line = line;
            if let (Some(s), 1) = (cfg.sprt, encounters.len()) {
                let v = s.verdict(&t.pairs);
                if v != Verdict::Continue && verdict.is_none() {
                    verdict = Some((v, done));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if cfg.rating_interval > 0 && done % cfg.rating_interval == 0 && done < total {
                if terminal {
                    let _ = writeln!(out);
                }
                let _ = writeln!(out, "Standings after {done} games:");
                for (e, &(a, b)) in encounters.iter().enumerate() {
                    let (na, nb) = (&cfg.engines[a].name, &cfg.engines[b].name);
                    let _ = write!(out, "{}", summary(na, nb, &tallies[e], None, None));
                }
            }
            let _ = out.flush();
        }
    });
    if terminal {
        let _ = writeln!(out);
    }
    let mut results = Vec::new();
    for (e, &(a, b)) in encounters.iter().enumerate() {
        let t = &tallies[e];
        let (na, nb) = (&cfg.engines[a].name, &cfg.engines[b].name);
        let _ = write!(
            out,
            "{}",
            summary(
                na,
                nb,
                t,
                cfg.sprt.filter(|_| encounters.len() == 1),
                verdict
            )
        );
        results.push((na.clone(), nb.clone(), t.clone()));
    }
    let _ = writeln!(out, "Wall time: {:.1} s", started.elapsed().as_secs_f64());
    Ok(results)
}

fn progress_line(
    done: usize,
    total: usize,
    a: &str,
    b: &str,
    t: &Tally,
    sprt: Option<Sprt>,
) -> String {
    let mut line = format!(
        "Games {done}/{total}: {a} vs {b}: {}-{}-{} [{:.3}] Elo {}",
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        t.elo_text()
    );
    if let Some(s) = sprt {
        let (lo, hi) = s.bounds();
        line.push_str(&format!(" LLR {:.2} ({lo:.2}, {hi:.2})", s.llr(&t.pairs)));
    }
    line
}

/// The final report of one encounter, cutechess style. `stopped`: the SPRT's verdict that
/// stopped the match and the games then finished (the games still in play were played out
/// and are counted, so the final LLR may lie back inside the bounds).
pub fn summary(
    a: &str,
    b: &str,
    t: &Tally,
    sprt: Option<Sprt>,
    stopped: Option<(Verdict, usize)>,
) -> String {
    let n = t.games().max(1) as f64;
    let mut s = format!(
        "Score of {a} vs {b}: {} - {} - {}  [{:.3}] {}\n",
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        t.games()
    );
    s.push_str(&format!(
        "Elo difference: {}, LOS: {:.1} %, DrawRatio: {:.1} %\n",
        t.elo_text(),
        t.los() * 100.0,
        t.draws as f64 / n * 100.0
    ));
    s.push_str(&format!(
        "Ptnml(0-2): [{}, {}, {}, {}, {}]\n",
        t.pairs[0], t.pairs[1], t.pairs[2], t.pairs[3], t.pairs[4]
    ));
    if let Some(sp) = sprt {
        let (lo, hi) = sp.bounds();
        let llr = sp.llr(&t.pairs);
        let (v, at) = match stopped {
            Some((v, at)) => (v, Some(at).filter(|&n| n < t.games() as usize)),
            None => (sp.verdict(&t.pairs), None),
        };
        let mut verdict = match v {
            Verdict::AcceptH1 => "H1 was accepted",
            Verdict::AcceptH0 => "H0 was accepted",
            Verdict::Continue => "no decision yet",
        }
        .to_string();
        if let Some(n) = at {
            verdict.push_str(&format!(
                " after {n} games (the games in play then were finished and are counted)"
            ));
        }
        s.push_str(&format!(
            "SPRT: elo0 {} elo1 {} alpha {} beta {}: llr {llr:.2}, lbound {lo:.2}, ubound {hi:.2} - {verdict}\n",
            sp.elo0, sp.elo1, sp.alpha, sp.beta
        ));
    }
    s
}

fn worker<B: Bits>(
    cfg: &MatchConfig,
    rules: &Arc<Rules<B>>,
    encounters: &[(usize, usize)],
    jobs: &Mutex<VecDeque<Job>>,
    stop: &AtomicBool,
    tx: &mpsc::Sender<Report>,
) {
    let mut engines: HashMap<usize, EngineProcess> = HashMap::new();
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let Some(job) = jobs.lock().unwrap_or_else(|p| p.into_inner()).pop_front() else {
            break;
        };
        let (a, b) = encounters[job.encounter];
        let (white, black) = if job.first_white { (a, b) } else { (b, a) };
        let record = play_game(
            cfg,
            rules,
            &job.opening,
            [white, black],
            job.round,
            &mut engines,
            tx,
        );
        // `restart=on`: the next game gets a fresh process.
        for i in [white, black] {
            if cfg.engines[i].restart
                && let Some(e) = engines.remove(&i)
            {
                e.quit();
            }
        }
        let first_colour = if job.first_white { "1-0" } else { "0-1" };
        let points = match record.result.as_str() {
            "1/2-1/2" | "*" => 0.5,
            r if r == first_colour => 1.0,
            _ => 0.0,
        };
        if tx
            .send(Report::Finished(Finished {
                encounter: job.encounter,
                pair: job.pair,
                points,
                record,
            }))
            .is_err()
        {
            break;
        }
    }
    for (_, e) in engines.drain() {
        e.quit();
    }
}

/// The engine process for spec `i`, started (or restarted after a crash) as needed.
fn engine<'a>(
    cfg: &MatchConfig,
    i: usize,
    engines: &'a mut HashMap<usize, EngineProcess>,
) -> Result<&'a mut EngineProcess, String> {
    let alive = engines.get_mut(&i).is_some_and(|e| e.alive());
    if !alive {
        engines.remove(&i);
        let e = EngineProcess::start(&cfg.engines[i], cfg)?;
        engines.insert(i, e);
    }
    Ok(engines.get_mut(&i).expect("just inserted"))
}

/// Plays one game between engine specs `players` = [white, black].
fn play_game<B: Bits>(
    cfg: &MatchConfig,
    rules: &Arc<Rules<B>>,
    opening: &Opening,
    players: [usize; 2],
    round: usize,
    engines: &mut HashMap<usize, EngineProcess>,
    progress: &mpsc::Sender<Report>,
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
    for (side, &p) in players.iter().enumerate() {
        let started = engine(cfg, p, engines).and_then(|e| {
            e.new_game()
                .map_err(|f| format!("{f:?} at the start of the game"))
        });
        if let Err(e) = started {
            let loser = if side == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            engines.remove(&p);
            finish(
                &mut rec,
                Some(loser.other()),
                format!("crash: {} ({e})", cfg.engines[p].name),
            );
            return rec;
        }
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
    let mut agree = [0u32; 2];
    let mut level = 0u32;
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
        let (go, budget) = match limits[c] {
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
        };
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
        match &limits[c] {
            Limit::Clock {
                moves,
                base_ms,
                inc_ms,
            } => {
                clock[c] -= used;
                if clock[c] < -margin {
                    finish(
                        &mut rec,
                        Some(side.other()),
                        format!(
                            "time forfeit: {name} overstepped its clock by {} ms",
                            -clock[c]
                        ),
                    );
                    return rec;
                }
                clock[c] += *inc_ms as i64;
                moves_made[c] += 1;
                if let Some(m) = moves
                    && moves_made[c] % m == 0
                {
                    clock[c] += *base_ms as i64;
                }
            }
            Limit::MoveTime(ms) if used > *ms as i64 + margin => {
                finish(
                    &mut rec,
                    Some(side.other()),
                    format!("time forfeit: {name} used {used} ms of {ms}"),
                );
                return rec;
            }
            _ => {}
        }
        if let Err(e) = game.play_token(&token) {
            finish(
                &mut rec,
                Some(side.other()),
                format!("illegal move by {name}: {e} (position {fen_now})"),
            );
            return rec;
        }
        let note = match score {
            Some(Score::Cp(v)) => format!("{v:+} {used}ms"),
            Some(Score::Mate(m)) => format!("#{m} {used}ms"),
            None => format!("{used}ms"),
        };
        rec.push_noted(token, note);
        if let Some(d) = cfg.draw_score {
            level = match score {
                Some(Score::Cp(v)) if v.abs() <= d.cp => level + 1,
                _ => 0,
            };
            if level >= 2 * d.moves && rec.moves.len() as u32 >= d.after {
                finish(
                    &mut rec,
                    None,
                    "adjudication: both engines agree the game is drawn".into(),
                );
                return rec;
            }
        }
        if let Some((cp, n)) = cfg.resign {
            // Scores are the mover's own view; both must agree on the same winner.
            let ahead = match score {
                Some(Score::Mate(m)) => m.signum(),
                Some(Score::Cp(v)) if v >= cp => 1,
                Some(Score::Cp(v)) if v <= -cp => -1,
                _ => 0,
            };
            let winner_if = |s: i32| {
                if s > 0 {
                    side.index()
                } else {
                    side.other().index()
                }
            };
            if ahead != 0 {
                let w = winner_if(ahead);
                agree[w] += 1;
                agree[1 - w] = 0;
            } else {
                agree = [0, 0];
            }
            for (w, &count) in agree.iter().enumerate() {
                if count >= 2 * n {
                    let winner = if w == 0 { Colour::White } else { Colour::Black };
                    finish(
                        &mut rec,
                        Some(winner),
                        "adjudication: both engines agree the game is decided".into(),
                    );
                    return rec;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The match stopped when two lost pairs crossed the lower bound; a third pair, in play
    /// then, was drawn and brings the LLR back inside: the report still says what stopped it.
    #[test]
    fn the_report_gives_the_verdict_that_stopped_the_match() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let t = Tally {
            wins: 0,
            draws: 2,
            losses: 4,
            pairs: [2, 0, 1, 0, 0],
        };
        assert_eq!(sprt.verdict(&t.pairs), Verdict::Continue);
        let stopped = summary("a", "b", &t, Some(sprt), Some((Verdict::AcceptH0, 4)));
        assert!(
            stopped.contains("H0 was accepted after 4 games (the games in play then"),
            "{stopped}"
        );
        let running = summary("a", "b", &t, Some(sprt), None);
        assert!(running.contains("no decision yet"), "{running}");
    }
}
