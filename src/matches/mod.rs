//! The match runner: engine-versus-engine games refereed by our own rules core, with clocks
//! measured here, paired openings, adjudication, statistics and SPRT, and game records.

mod config;
mod game;
mod openings;
pub mod process;
pub mod record;
pub mod results;
pub mod spec;
pub mod stats;

use std::collections::{HashMap, VecDeque};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::board::Bits;
use crate::rules::{AnyRules, Rules};
use process::EngineProcess;
use record::Record;
use stats::{Sprt, Tally, Verdict};

pub use config::{DrawScore, MatchConfig, Openings, ScoreBand, Shard, ShardError};
pub use game::Report;
use game::{Finished, play_game};
pub use openings::Opening;

/// Why a match could not be played (set up, or its openings, engines or records file had).
#[derive(Debug)]
pub enum MatchError {
    /// Fewer than two engines.
    TooFewEngines,
    /// The ruleset (its name, pieces or file).
    Rules(crate::rules::Error),
    /// An engine that cannot start, shake hands or take its settings.
    Engine {
        name: String,
        error: process::EngineError,
    },
    /// The records file cannot be opened.
    Records {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
    /// The debug log cannot be created.
    DebugLog {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
    /// The openings file cannot be read.
    OpeningsFile {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
    /// No shipped opening suite for the ruleset (`known`: those there are).
    NoSuite { name: String, known: Vec<String> },
    /// A line of an opening suite that does not set up or play (`source` names the suite).
    OpeningLine {
        source: String,
        line: usize,
        error: crate::rules::Error,
    },
    /// A suite without a single opening.
    NoOpenings { source: String },
    /// Too few random openings of `plies` plies kept after `tries` tries: `found` of `count`,
    /// with the score band they had to meet, if any.
    FewOpenings {
        found: usize,
        count: usize,
        plies: usize,
        band: Option<config::ScoreBand>,
        tries: usize,
    },
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchError::TooFewEngines => f.write_str("a match needs at least two engines"),
            MatchError::Rules(e) => e.fmt(f),
            MatchError::Engine { name, error } => write!(f, "engine '{name}': {error}"),
            MatchError::Records { path, error } => {
                write!(f, "records file {}: {error}", path.display())
            }
            MatchError::DebugLog { path, error } => {
                write!(f, "debug log {}: {error}", path.display())
            }
            MatchError::OpeningsFile { path, error } => {
                write!(f, "openings file {}: {error}", path.display())
            }
            MatchError::NoSuite { name, known } => write!(
                f,
                "no shipped opening suite for {name} (there are: {})",
                known.join(", ")
            ),
            MatchError::OpeningLine {
                source,
                line,
                error,
            } => write!(f, "openings {source} line {line}: {error}"),
            MatchError::NoOpenings { source } => write!(f, "openings {source} has no openings"),
            MatchError::FewOpenings {
                found,
                count,
                plies,
                band,
                tries,
            } => {
                let wanted = match band {
                    Some(b) => format!(
                        "have a score between {} and {} cp at depth {}",
                        b.least, b.most, b.depth
                    ),
                    None => "leave the game unfinished".into(),
                };
                write!(
                    f,
                    "openings: {found} of {count} random openings of {} {wanted} after {tries} tries: widen the band or play fewer plies",
                    crate::rules::plies(*plies)
                )
            }
        }
    }
}

impl std::error::Error for MatchError {}

impl<E: Into<crate::rules::Error>> From<E> for MatchError {
    fn from(e: E) -> Self {
        MatchError::Rules(e.into())
    }
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

fn load_rules(cfg: &MatchConfig) -> Result<AnyRules, MatchError> {
    Ok(
        crate::rules::Catalogue::with_file(cfg.variant_path.as_deref())?
            .0
            .rules(&cfg.variant, cfg.pieces)?,
    )
}

/// Plays the match; prints progress to `out`; returns each encounter's tally.
pub fn run_match(
    cfg: &MatchConfig,
    out: &mut dyn Write,
) -> Result<Vec<(String, String, Tally)>, MatchError> {
    run_match_watched(cfg, out, &mut |_| {})
}

/// A game the match has finished, for a caller that follows the games itself.
pub struct GameDone<'a> {
    pub record: &'a Record,
    /// Games finished so far, and the games of the match (of the shard, where it is one).
    pub done: usize,
    pub total: usize,
}

/// [`run_match`], telling `watch` of each game as it ends.
pub fn run_match_watched(
    cfg: &MatchConfig,
    out: &mut dyn Write,
    watch: &mut dyn FnMut(GameDone),
) -> Result<Vec<(String, String, Tally)>, MatchError> {
    if cfg.engines.len() < 2 {
        return Err(MatchError::TooFewEngines);
    }
    crate::with_width!(load_rules(cfg)?, rules => run_on(cfg, rules, out, watch))
}

/// Each encounter's summary at the end (with the SPRT's verdict where one ran), and the
/// tallies to return.
fn final_standings(
    cfg: &MatchConfig,
    encounters: &[(usize, usize)],
    tallies: &[Tally],
    sprt: Option<Sprt>,
    verdict: Option<(Verdict, usize)>,
    out: &mut dyn Write,
) -> Vec<(String, String, Tally)> {
    let mut results = Vec::new();
    for (e, &(a, b)) in encounters.iter().enumerate() {
        let t = &tallies[e];
        let (na, nb) = (&cfg.engines[a].name, &cfg.engines[b].name);
        let _ = write!(out, "{}", summary(na, nb, t, sprt, verdict));
        results.push((na.clone(), nb.clone(), t.clone()));
    }
    results
}

/// The pairs of engines that meet: every pair, or the first engine against each other.
fn encounters(cfg: &MatchConfig) -> Vec<(usize, usize)> {
    let n = cfg.engines.len();
    if cfg.gauntlet {
        (1..n).map(|j| (0, j)).collect()
    } else {
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    }
}

/// Every game to play (of the shard, where the match is one): each opening, for each
/// encounter, with both colour assignments unless the match plays each opening once.
fn schedule<B: Bits>(
    cfg: &MatchConfig,
    rules: &Arc<Rules<B>>,
    encounters: &[(usize, usize)],
) -> Result<VecDeque<Job>, MatchError> {
    let per_opening = if cfg.swap_colours { 2 } else { 1 };
    let pairs_per = (cfg.games.max(1) as usize).div_ceil(per_opening) * cfg.rounds.max(1) as usize;
    let colours: &[bool] = if cfg.swap_colours {
        &[true, false]
    } else {
        &[true]
    };
    let opening_list = openings::openings(cfg, rules, pairs_per)?;
    let mut jobs = VecDeque::new();
    let mut round = 0;
    for (pair, opening) in opening_list.iter().enumerate() {
        let taken = cfg.shard.is_none_or(|s| s.takes(pair));
        for e in 0..encounters.len() {
            for &first_white in colours {
                round += 1;
                if taken {
                    jobs.push_back(Job {
                        encounter: e,
                        pair,
                        opening: opening.clone(),
                        first_white,
                        round,
                    });
                }
            }
        }
    }
    Ok(jobs)
}

/// The game in progress, for the live progress line: `game 4: 41 plies, clocks 8.2 s / 7.9 s`.
fn game_line(round: usize, plies: usize, clocks: Option<[i64; 2]>) -> String {
    let clocks = clocks
        .map(|[w, b]| {
            format!(
                ", clocks {:.1} s / {:.1} s",
                w as f64 / 1000.0,
                b as f64 / 1000.0
            )
        })
        .unwrap_or_default();
    format!("game {round}: {}{clocks}", crate::rules::plies(plies))
}

/// The record file, opened to append the games of this match.
fn open_records(path: &std::path::Path) -> Result<std::fs::File, MatchError> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|error| MatchError::Records {
            path: path.to_path_buf(),
            error,
        })
}

fn run_on<B: Bits>(
    cfg: &MatchConfig,
    rules: Arc<Rules<B>>,
    out: &mut dyn Write,
    watch: &mut dyn FnMut(GameDone),
) -> Result<Vec<(String, String, Tally)>, MatchError> {
    // An engine that cannot start or shake hands is a mistake in the set-up, not a lost
    // game: say so before any game is played.
    for spec in &cfg.engines {
        EngineProcess::start(spec, cfg)
            .map_err(|error| MatchError::Engine {
                name: spec.name.clone(),
                error,
            })?
            .quit();
    }
    let encounters = encounters(cfg);
    let jobs = schedule(cfg, &rules, &encounters)?;
    let total = jobs.len();
    let jobs = Arc::new(Mutex::new(jobs));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Report>();
    let started = Instant::now();
    let mut tallies: Vec<Tally> = vec![Tally::default(); encounters.len()];
    let mut half_pairs: HashMap<(usize, usize), f64> = HashMap::new();
    let mut record_file = cfg.records.as_deref().map(open_records).transpose()?;
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
                        let _ =
                            write!(out, "\r{last_line} | {}\x1b[K", game_line(round, n, clocks));
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
            watch(GameDone {
                record: &f.record,
                done,
                total,
            });
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
    let sprt = cfg.sprt.filter(|_| encounters.len() == 1);
    let results = final_standings(cfg, &encounters, &tallies, sprt, verdict, out);
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
