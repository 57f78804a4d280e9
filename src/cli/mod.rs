//! The command line for people: subcommands parsed by clap. With no subcommand the binary
//! speaks the engine protocol on stdin/stdout, like every UCI engine.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

pub mod analyse;
pub mod book;
mod error;
pub mod evaluate;
pub mod games;
pub mod net;
pub mod play;
pub mod tune;
pub mod tune_net;

use crate::board::Bits;
use crate::matches::stats::Sprt;
use crate::rules::{self, AnyRules, Catalogue, DEFAULT_PRESET, Game, Rules, perft};
use crate::with_width;
pub use error::Failure;
use games::parse_sprt;
pub use games::{GamesArgs, MatchArgs};

#[derive(Parser, Debug)]
#[command(
    name = "latrunculi",
    version,
    about = "An engine for Ludus Latrunculorum and its family of rulesets.",
    long_about = "An engine for Ludus Latrunculorum (the Roman game of little soldiers) and its \
                  family of rulesets. Run without a subcommand to speak the UCI-style engine \
                  protocol on stdin/stdout (see protocol.md)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Analyse a position: the board, then one line per search depth (score in pieces or
    /// "win in N", nodes, speed, principal variation), then the best move. Ctrl-C stops
    /// with the best line so far. With no options: the default ruleset's start position for
    /// three seconds.
    Analyse(analyse::AnalyseArgs),
    /// Play a game against the engine at the terminal.
    Play(play::PlayArgs),
    /// Count the leaves of the legal-move tree to DEPTH, split by root move.
    Perft(PerftArgs),
    /// Print a position: diagram, position string, side to move, phase and result.
    Show(PositionArgs),
    /// Describe a ruleset in words.
    Rules {
        /// The ruleset (default: kowalski-8x12).
        variant: Option<String>,
        /// The ruleset, named as every other subcommand names it.
        #[arg(long = "variant", value_name = "VARIANT", conflicts_with = "variant")]
        variant_option: Option<String>,
        /// Men per side where the ruleset lets the players choose (schadler-2001: 16 to 24).
        #[arg(long)]
        pieces: Option<u8>,
        /// Also know the rulesets of this ruleset file (see rulesets.md).
        #[arg(long, value_name = "FILE")]
        variant_path: Option<std::path::PathBuf>,
        /// Write the ruleset as a ruleset file (TOML, every knob spelled out) instead of in
        /// words: a start for a ruleset of your own.
        #[arg(long)]
        toml: bool,
        /// With --toml: the name the written ruleset gets (a ruleset of your own needs a
        /// name of its own: a file ruleset named like a preset replaces it, with a warning).
        #[arg(long, requires = "toml")]
        name: Option<String>,
    },
    /// List the rulesets the engine plays.
    Variants {
        /// Also list the rulesets of this ruleset file (see rulesets.md).
        #[arg(long, value_name = "FILE")]
        variant_path: Option<std::path::PathBuf>,
    },
    /// Check a ruleset file: print each ruleset in words, or each error with its line.
    Check {
        /// The ruleset file (TOML, see rulesets.md).
        file: std::path::PathBuf,
    },
    /// Search a fixed set of positions from every ruleset to a fixed depth (on one thread
    /// unless --threads says more) and print the total node count (a signature of the
    /// search), the time and the speed.
    Bench {
        /// Added to every position's depth (negative for a quicker run).
        #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
        depth_offset: i32,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
        /// Search threads. With more than one the node count varies from run to run; the
        /// time to the same depths shows what the extra threads bring.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Play engines against each other, every move refereed by the rules core.
    ///
    /// Example: latrunculi match --variant murray --engine cmd=latrunculi name=d2
    /// depth=2 --engine cmd=latrunculi name=full --each st=0.1 --games 200 --concurrency 2
    Match(MatchArgs),
    /// Study how rulesets play: self-play games (or records, or a run's shards) turned into
    /// Ludii's evaluation metrics with 95% intervals, in report.json, report.md and SVG
    /// plots (see docs/evaluation/).
    ///
    /// Example: latrunculi evaluate --variant kharebga-5x5 --games 8 --each nodes=2000
    /// --seed 5 --out study
    Evaluate(evaluate::EvaluateArgs),
    /// Check every game of a record file with the rules and print its result.
    Replay {
        /// The record files (as written by `match --records`). Games pair up (same opening,
        /// colours swapped) within a file; the results of all files are added up.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Where the opening ends, for the thinking times: the first N plies of each game.
        #[arg(long, default_value_t = 20)]
        opening_plies: usize,
        /// Average the engines' scores (from the records' notes) over these plies, e.g.
        /// `33-64`: what the first engine of each pair was thought to stand, game by game and
        /// pair by pair. Between two engines that differ only before those plies, the
        /// paired mean tells which one played that part better with far fewer games.
        #[arg(long, value_parser = parse_ply_range)]
        score_plies: Option<(usize, usize)>,
        /// Where an SPRT stands on all the games together: elo0=E0 elo1=E1 alpha=A beta=B,
        /// as `match --sprt` (a test played in parts, e.g. one stopped for time and resumed
        /// with a new seed).
        #[arg(long, num_args = 1..)]
        sprt: Vec<String>,
        /// Show each pair of engines from this engine's side (the engine under test); by
        /// default from the side of the one that had White in their first game.
        #[arg(long, value_name = "NAME")]
        first: Option<String>,
    },
    /// Opening books: build one by self-play, probe it, dump it, make match openings from it
    /// (see books/README.md).
    Book {
        #[command(subcommand)]
        command: book::BookCommand,
    },
    /// Tune the engine from its own games: `tune texel` fits a ruleset's evaluation weights
    /// to game results, `tune spsa` tunes engine options by SPSA matches.
    Tune {
        #[command(subcommand)]
        command: tune::TuneCommand,
    },
    /// Net files (learned evaluations): show what one was trained for and how, or add a
    /// line to its header.
    Net {
        #[command(subcommand)]
        command: net::NetCommand,
    },
    /// Serve the GUI: a web page on http://127.0.0.1:PORT/ to play, analyse and watch every
    /// ruleset, driving engines over the protocol (by default this program itself).
    Gui(crate::gui::GuiArgs),
    /// Speak the engine protocol on stdin/stdout (the same as giving no subcommand).
    Uci,
}

/// Which ruleset a command plays.
#[derive(Args, Debug, Clone)]
pub struct RulesetArgs {
    /// The ruleset.
    #[arg(long, default_value = DEFAULT_PRESET)]
    pub variant: String,
    /// Men per side where the ruleset lets the players choose (schadler-2001: 16 to 24).
    #[arg(long)]
    pub pieces: Option<u8>,
    /// Also know the rulesets of this ruleset file (see rulesets.md); --variant may then
    /// name one of them.
    #[arg(long, value_name = "FILE")]
    pub variant_path: Option<std::path::PathBuf>,
}

/// The presets, and the rulesets of `path` if one is given; the warnings of reading it
/// go to standard error.
pub fn catalogue(path: Option<&std::path::Path>) -> Result<Catalogue, Failure> {
    let (catalogue, warnings) = Catalogue::with_file(path)?;
    for warning in warnings {
        eprintln!("{warning}");
    }
    Ok(catalogue)
}

impl RulesetArgs {
    /// The ruleset, bound to the bit-set type its board needs.
    pub fn rules(&self) -> Result<AnyRules, Failure> {
        Ok(catalogue(self.variant_path.as_deref())?.rules(&self.variant, self.pieces)?)
    }
}

/// Which position a command works on.
#[derive(Args, Debug)]
pub struct PositionArgs {
    #[command(flatten)]
    pub ruleset: RulesetArgs,
    /// Start from this position string instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, as tokens separated by spaces (e.g. "a1a4 b8b5").
    #[arg(long)]
    pub moves: Option<String>,
}

/// `A-B`: plies A to B, counted from 1, both included.
fn parse_ply_range(text: &str) -> Result<(usize, usize), Failure> {
    let bad = || Failure::Usage(format!("'{text}' is not a range of plies like 33-64"));
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b): (usize, usize) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a == 0 || b < a {
        return Err(bad());
    }
    Ok((a, b))
}

fn replay_command(
    files: &[std::path::PathBuf],
    windows: &crate::matches::results::Windows,
    sprt: Option<Sprt>,
    first: Option<&str>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let opening_plies = windows.opening_plies;
    use crate::matches::record::{Record, check};
    let mut all = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|error| Failure::File {
            path: file.clone(),
            error,
        })?;
        all.push(Record::parse_all(&text).map_err(|e| Failure::from(e).within(file.display()))?);
    }
    let w = |out: &mut dyn Write, line: String| writeln!(out, "{line}");
    let (mut n, mut bad) = (0, 0);
    for games in &all {
        for g in games {
            n += 1;
            let who = format!(
                "{} vs {}",
                g.tag("White").unwrap_or("?"),
                g.tag("Black").unwrap_or("?")
            );
            match check(g) {
                Ok(s) => w(
                    out,
                    format!(
                        "game {n}: {who}: {}: ok {s}",
                        crate::rules::plies(g.moves.len())
                    ),
                )?,
                Err(e) => {
                    bad += 1;
                    w(out, format!("game {n}: {who}: WRONG: {e}"))?;
                }
            }
        }
    }
    let games = if n == 1 {
        "1 game".to_string()
    } else {
        format!("{n} games")
    };
    w(out, format!("{games}, {bad} wrong"))?;
    let mut encounters = crate::matches::results::tally(&all, windows);
    if let Some(name) = first {
        if !encounters.iter().any(|e| e.a == name || e.b == name) {
            return Err(Failure::Unmet(format!(
                "no game of an engine called '{name}' in these records"
            )));
        }
        encounters = encounters
            .into_iter()
            .map(|e| if e.b == name { e.swapped() } else { e })
            .collect();
    }
    for e in encounters {
        w(out, String::new())?;
        let s = crate::matches::summary(&e.a, &e.b, &e.tally, sprt, None);
        out.write_all(s.as_bytes())?;
        let endings: Vec<String> = e.endings.iter().map(|(k, c)| format!("{c} {k}")).collect();
        w(out, format!("Endings: {}", endings.join(", ")))?;
        for (name, t) in [&e.a, &e.b].into_iter().zip(&e.times) {
            if t.opening.1 + t.later.1 == 0 {
                continue;
            }
            let (early, late) = t.per_move();
            w(
                out,
                format!(
                    "Time of {name}: {early:.0} ms per move in plies 1-{opening_plies} \
                     ({} moves, {:.1} s), {late:.0} ms after ({} moves, {:.1} s)",
                    t.opening.1,
                    t.opening.0 as f64 / 1000.0,
                    t.later.1,
                    t.later.0 as f64 / 1000.0
                ),
            )?;
        }
        if let Some((from, to)) = windows.score_plies {
            let games = &e.scores.games;
            let mean = games.iter().sum::<f64>() / games.len().max(1) as f64;
            let mut line = format!(
                "Score of {} in plies {from}-{to}: {mean:+.1} cp per game ({} games)",
                e.a,
                games.len()
            );
            if let Some((m, se)) = e.scores.paired_mean() {
                let behind = games.iter().filter(|&&x| x < 0.0).count();
                let ahead = games.iter().filter(|&&x| x > 0.0).count();
                line += &format!(
                    "; over {} pairs {m:+.1} +/- {:.1} (95%); ahead in {ahead} games, behind in {behind}",
                    e.scores.pairs.len(),
                    1.96 * se
                );
            }
            w(out, line)?;
        }
    }
    if bad > 0 {
        Err(Failure::Unmet(format!("{bad} game(s) do not replay")))
    } else {
        Ok(())
    }
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// How many plies deep to count (at most 64).
    #[arg(value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=perft::MAX_DEPTH as u64))]
    pub depth: usize,
}

impl PositionArgs {
    /// The ruleset, bound to the bit-set type its board needs.
    pub fn rules(&self) -> Result<AnyRules, Failure> {
        self.ruleset.rules()
    }

    /// The game these arguments describe on `rules` (from [`PositionArgs::rules`]), its
    /// history starting at the start or the FEN.
    pub fn game_on<B: Bits>(&self, rules: Arc<Rules<B>>) -> Result<Game<B>, Failure> {
        let mut game = match &self.fen {
            None => Game::new(rules),
            Some(text) => Game::from_fen(rules, text).map_err(Failure::BadPosition)?,
        };
        if let Some(moves) = &self.moves {
            let tokens: Vec<&str> = moves.split_whitespace().collect();
            game.play_tokens(&tokens)?;
        }
        Ok(game)
    }
}

fn perft_command(args: &PerftArgs, out: &mut dyn Write) -> Result<(), Failure> {
    with_width!(args.position.rules()?, r => perft_on(args.position.game_on(r)?, args.depth, out))
}

fn perft_on<B: Bits>(mut game: Game<B>, depth: usize, out: &mut dyn Write) -> Result<(), Failure> {
    let geo = game.rules().geo.clone();
    let start = Instant::now();
    let mut total = 0;
    if depth == 0 {
        total = 1;
    }
    let progress = io::stderr().is_terminal();
    let roots = if depth == 0 {
        Vec::new()
    } else {
        game.legal_moves()
    };
    for (i, mv) in roots.iter().enumerate() {
        if progress {
            eprint!(
                "\r{} [{}/{}] {}\x1b[K",
                bar(i, roots.len()),
                i + 1,
                roots.len(),
                mv.token(&geo)
            );
        }
        game.make(*mv);
        let n = perft::perft(&mut game, depth - 1);
        game.undo();
        writeln!(out, "{}: {n}", mv.token(&geo))?;
        total += n;
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "time {:.3} s, {:.1} M leaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

/// Writes a ruleset in words, one rule per line.
fn describe(rules: &AnyRules, out: &mut dyn Write) -> Result<(), Failure> {
    with_width!(rules, r => rules::describe(r))
        .iter()
        .try_for_each(|l| writeln!(out, "{l}"))?;
    Ok(())
}

/// `check FILE`: each ruleset in words, or every error of the file.
fn check_command(path: &std::path::Path, out: &mut dyn Write) -> Result<(), Failure> {
    let file = rules::file::load_path(path)?;
    for warning in &file.warnings {
        eprintln!("{warning}");
    }
    for (i, r) in file.rulesets.into_iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        describe(&AnyRules::new(r)?, out)?;
    }
    Ok(())
}

/// A 30-column progress bar for `done` of `total`.
fn bar(done: usize, total: usize) -> String {
    let filled = done * 30 / total.max(1);
    format!("[{}{}]", "#".repeat(filled), ".".repeat(30 - filled))
}

fn bench_command(
    hash: usize,
    depth_offset: i32,
    threads: usize,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let progress = io::stderr().is_terminal();
    let report =
        crate::search::bench::bench_with(hash, depth_offset, threads, &mut |i, n, variant| {
            if progress {
                eprint!("\r{} [{}/{n}] {variant}\x1b[K", bar(i, n), i + 1);
            }
        })?;
    if progress {
        eprint!("\r\x1b[K");
    }
    Ok(report.write(out)?)
}

/// Parses the command line, keeping each `--engine`'s words together.
pub fn parse_args() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let matches = Cli::command().get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let groups = |sub: &clap::ArgMatches| -> Vec<Vec<String>> {
        sub.get_occurrences::<String>("engines")
            .map(|groups| groups.map(|g| g.cloned().collect()).collect())
            .unwrap_or_default()
    };
    match &mut cli.command {
        Some(Command::Match(args)) => {
            if let Some(sub) = matches.subcommand_matches("match") {
                args.games.engine_groups = groups(sub);
            }
        }
        Some(Command::Tune {
            command: tune::TuneCommand::Spsa(args),
        }) => {
            if let Some(sub) = matches
                .subcommand_matches("tune")
                .and_then(|t| t.subcommand_matches("spsa"))
            {
                args.play.engine_groups = groups(sub);
            }
        }
        _ => {}
    }
    cli
}

/// Runs a parsed command line; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let result = match cli.command {
        None | Some(Command::Uci) => {
            drop(out);
            crate::protocol::run(io::stdin().lock(), io::stdout());
            Ok(())
        }
        Some(Command::Perft(args)) => perft_command(&args, &mut out),
        Some(Command::Analyse(args)) => analyse::run(&args, &mut out),
        Some(Command::Play(args)) => play::run(&args, &mut io::stdin().lock(), &mut out),
        Some(Command::Show(args)) => args.rules().and_then(|rules| {
            with_width!(rules, r => args
                .game_on(r)
                .and_then(|g| Ok(rules::diagram::board(&g, &mut out)?)))
        }),
        Some(Command::Rules {
            variant,
            variant_option,
            pieces,
            variant_path,
            toml,
            name: new_name,
        }) => {
            let name = variant
                .or(variant_option)
                .unwrap_or_else(|| DEFAULT_PRESET.to_string());
            catalogue(variant_path.as_deref())
                .and_then(|c| Ok(c.rules(&name, pieces)?))
                .and_then(|rules| {
                    if toml {
                        let mut ruleset = rules.ruleset().clone();
                        if let Some(n) = new_name {
                            ruleset.name = n;
                        }
                        let text = rules::file::to_text(std::slice::from_ref(&ruleset));
                        Ok(write!(out, "{text}")?)
                    } else {
                        describe(&rules, &mut out)
                    }
                })
        }
        Some(Command::Check { file }) => check_command(&file, &mut out),
        Some(Command::Bench {
            depth_offset,
            hash,
            threads,
        }) => bench_command(hash, depth_offset, threads, &mut out),
        Some(Command::Match(args)) => args.config().and_then(|cfg| {
            crate::matches::run_match(&cfg, &mut out)?;
            Ok(())
        }),
        Some(Command::Replay {
            files,
            opening_plies,
            score_plies,
            sprt,
            first,
        }) => parse_sprt(&sprt).and_then(|sprt| {
            replay_command(
                &files,
                &crate::matches::results::Windows {
                    opening_plies,
                    score_plies,
                },
                sprt,
                first.as_deref(),
                &mut out,
            )
        }),
        Some(Command::Book { command }) => book::run(&command, &mut out),
        Some(Command::Evaluate(args)) => evaluate::run(&args, &mut out),
        Some(Command::Tune { command }) => tune::run(&command, &mut out),
        Some(Command::Net { command }) => net::run(&command, &mut out),
        Some(Command::Gui(args)) => crate::gui::run(&args, &mut out).map_err(Failure::from),
        Some(Command::Variants { variant_path }) => {
            catalogue(variant_path.as_deref()).and_then(|c| {
                c.names().iter().try_for_each(|name| {
                    let r = c.ruleset(name, None)?;
                    writeln!(out, "{name:<20} {}", r.source)?;
                    Ok(())
                })
            })
        }
    };
    match result {
        Ok(()) => 0,
        // The reader went away (`| head`): nothing more to say, as for any Unix filter.
        Err(e) if e.reader_gone() => 0,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}
