//! The settings of games between engines, as `match` and `tune spsa` take them
//! (cutechess-cli style `--engine` and `--each` words), and those of `match` alone.

use super::Failure;
use clap::Args;

use super::RulesetArgs;
use crate::matches::stats::Sprt;

#[derive(Args, Debug)]
pub struct GamesArgs {
    #[command(flatten)]
    pub ruleset: RulesetArgs,
    /// An engine: cmd=COMMAND [name=NAME] [option.NAME=VALUE ...] [arg=ARG ...] [dir=DIR]
    /// [restart=on] [tc=[MOVES/]SECS[+INC] | st=SECS | nodes=N | depth=N]. `arg=` is an
    /// argument after the command (repeatable, may hold spaces), `dir=` the directory it
    /// runs in, `restart=on` a fresh process every game. Give it once per engine.
    #[arg(long = "engine", num_args = 1.., action = clap::ArgAction::Append, value_name = "KEY=VALUE")]
    pub engines: Vec<String>,
    /// The `--engine` values grouped by occurrence (filled in by [`parse_args`]).
    #[arg(skip)]
    pub engine_groups: Vec<Vec<String>>,
    /// Settings shared by every engine (the engine's own settings win).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub each: Vec<String>,
    /// Games per pair of engines per round (made even: each opening is played twice, with
    /// colours swapped).
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Openings: `random plies=N` (random legal plies from the start; add `least=CP`
    /// and/or `most=CP` to keep only those a depth-4 search (`depth=D`) scores that far
    /// from even, either side ahead), `suite` (the shipped
    /// opening suite of the ruleset, built into the program) or `file=PATH` (one
    /// position string or move list per line).
    #[arg(long, num_args = 1.., default_value = "random plies=4")]
    pub openings: Vec<String>,
    /// Adjudicate a draw after this many plies.
    #[arg(long)]
    pub draw_plies: Option<u32>,
    /// Adjudicate a win when both engines agree: cp=SCORE moves=N.
    #[arg(long, num_args = 1..)]
    pub resign: Vec<String>,
    /// Adjudicate a draw when both engines agree: cp=SCORE moves=N after=PLIES (each engine's
    /// score within SCORE of zero for N moves running, the game at least PLIES long).
    #[arg(long, num_args = 1..)]
    pub draw_score: Vec<String>,
    /// Append every game to this record file.
    #[arg(long, alias = "pgnout")]
    pub records: Option<std::path::PathBuf>,
    /// Milliseconds an engine may overstep its clock before it loses on time.
    #[arg(long, default_value_t = 100)]
    pub margin: u64,
    /// Milliseconds a depth- or node-limited move may take before the engine counts as hung.
    #[arg(long, default_value_t = 60_000)]
    pub hang_timeout: u64,
    /// Write every line to and from each engine, time-stamped, to this file.
    #[arg(long, value_name = "FILE")]
    pub debug: Option<std::path::PathBuf>,
}

impl GamesArgs {
    /// The match these settings describe: one round, every pair, no SPRT.
    pub fn config(&self) -> Result<crate::matches::MatchConfig, Failure> {
        use crate::matches::{MatchConfig, Openings, spec::EngineSpec};
        let engines = self
            .engine_groups
            .iter()
            .enumerate()
            .map(|(i, w)| EngineSpec::parse(w, &self.each, i))
            .collect::<Result<Vec<_>, _>>()?;
        let words: Vec<String> = self
            .openings
            .join(" ")
            .split_whitespace()
            .map(String::from)
            .collect();
        let openings = match words.first().map(String::as_str) {
            Some("random") => {
                let kv = key_values(&words[1..], "openings")?;
                let mut plies = 4;
                let (mut least, mut most, mut depth) = (None, None, 4);
                for (k, v) in kv {
                    match k.as_str() {
                        "plies" => plies = number("openings plies", &v)?,
                        "least" => least = Some(number("openings least", &v)?),
                        "most" => most = Some(number("openings most", &v)?),
                        "depth" => depth = number("openings depth", &v)?,
                        _ => {
                            return Err(Failure::Usage(format!("openings: unknown setting '{k}'")));
                        }
                    }
                }
                let band = match (least, most) {
                    (None, None) => None,
                    (l, m) => {
                        let band = crate::matches::ScoreBand {
                            least: l.unwrap_or(0),
                            most: m.unwrap_or(i32::MAX),
                            depth,
                        };
                        if band.least > band.most {
                            return Err(Failure::Usage(format!(
                                "openings: least={} is above most={}",
                                band.least, band.most
                            )));
                        }
                        Some(band)
                    }
                };
                Openings::Random { plies, band }
            }
            Some(w) if w.starts_with("file=") => Openings::File(w["file=".len()..].into()),
            Some("suite") => Openings::Suite,
            _ => {
                return Err(Failure::Usage(
                    "openings: expected 'random plies=N', 'file=PATH' or 'suite'".into(),
                ));
            }
        };
        let mut resign = None;
        if !self.resign.is_empty() {
            let (mut cp, mut moves) = (1000, 3);
            for (k, v) in key_values(&self.resign, "resign")? {
                match k.as_str() {
                    "cp" => cp = number("resign cp", &v)?,
                    "moves" => moves = number("resign moves", &v)?,
                    _ => return Err(Failure::Usage(format!("resign: unknown setting '{k}'"))),
                }
            }
            resign = Some((cp, moves));
        }
        let mut draw_score = None;
        if !self.draw_score.is_empty() {
            let mut d = crate::matches::DrawScore {
                cp: 10,
                moves: 8,
                after: 0,
            };
            for (k, v) in key_values(&self.draw_score, "draw-score")? {
                match k.as_str() {
                    "cp" => d.cp = number("draw-score cp", &v)?,
                    "moves" => d.moves = number("draw-score moves", &v)?,
                    "after" => d.after = number("draw-score after", &v)?,
                    _ => return Err(Failure::Usage(format!("draw-score: unknown setting '{k}'"))),
                }
            }
            draw_score = Some(d);
        }
        Ok(MatchConfig {
            variant: self.ruleset.variant.clone(),
            pieces: self.ruleset.pieces,
            variant_path: self.ruleset.variant_path.clone(),
            engines,
            games: self.games,
            swap_colours: true,
            rounds: 1,
            concurrency: self.concurrency,
            seed: self.seed,
            openings,
            draw_plies: self.draw_plies,
            resign,
            draw_score,
            sprt: None,
            shard: None,
            records: self.records.clone(),
            margin_ms: self.margin,
            hang_ms: self.hang_timeout,
            gauntlet: false,
            rating_interval: 0,
            debug_log: match &self.debug {
                Some(p) => Some(std::sync::Arc::new(
                    crate::matches::process::DebugLog::create(p)?,
                )),
                None => None,
            },
        })
    }
}

/// `match`: the games' settings, and how the match is scheduled and decided.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub games: GamesArgs,
    /// Play the whole schedule this many times (every pair plays --games per round).
    #[arg(long, default_value_t = 1)]
    pub rounds: u32,
    /// Stop when decided: elo0=E0 elo1=E1 alpha=A beta=B (pentanomial model).
    #[arg(long, num_args = 1..)]
    pub sprt: Vec<String>,
    /// The first engine plays each of the others (instead of every pair playing).
    #[arg(long)]
    pub gauntlet: bool,
    /// Print the standings every N games as well as at the end.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub rating_interval: usize,
    /// Play only shard I of N (e.g. 2/4): every N-th pair of games, starting with pair I,
    /// with the openings and round numbers of the whole match, so that N machines can share
    /// it. `replay` adds up the shards' record files (see scripts/slurm/).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<crate::matches::Shard>,
}

impl MatchArgs {
    pub fn config(&self) -> Result<crate::matches::MatchConfig, Failure> {
        Ok(crate::matches::MatchConfig {
            rounds: self.rounds,
            sprt: parse_sprt(&self.sprt)?,
            gauntlet: self.gauntlet,
            rating_interval: self.rating_interval,
            shard: self.shard,
            ..self.games.config()?
        })
    }
}

/// The settings of `--sprt` (none given: no test). Unset ones default to elo0 = 0,
/// elo1 = 5, alpha = beta = 0.05.
pub(super) fn parse_sprt(words: &[String]) -> Result<Option<Sprt>, Failure> {
    if words.is_empty() {
        return Ok(None);
    }
    let mut s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in key_values(words, "sprt")? {
        let x: f64 = number("sprt", &v)?;
        match k.as_str() {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => return Err(Failure::Usage(format!("sprt: unknown setting '{k}'"))),
        }
    }
    if !(s.alpha > 0.0 && s.alpha < 1.0 && s.beta > 0.0 && s.beta < 1.0 && s.elo1 > s.elo0) {
        return Err(Failure::Usage(
            "sprt: need 0 < alpha, beta < 1 and elo0 < elo1".into(),
        ));
    }
    Ok(Some(s))
}

fn key_values(words: &[String], what: &str) -> Result<Vec<(String, String)>, Failure> {
    words
        .iter()
        .map(|w| {
            w.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| Failure::Usage(format!("{what}: '{w}' is not key=value")))
        })
        .collect()
}

fn number<T: std::str::FromStr>(what: &str, v: &str) -> Result<T, Failure> {
    v.parse()
        .map_err(|_| Failure::Usage(format!("{what}: '{v}' is not a number")))
}
