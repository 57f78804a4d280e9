//! `latrunculi book`: build a book by self-play, probe it, dump it as text, and turn it
//! into an opening suite for matches (see `books/README.md`).

use super::Failure;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, Subcommand};

use super::{PositionArgs, RulesetArgs};
use crate::board::Bits;
use crate::book::build::{self, BuildConfig, Progress, Stop};
use crate::book::choose::{self, DEFAULT_VARIETY, MAX_VARIETY};
use crate::book::openings::{self, OpeningsConfig};
use crate::book::{Book, key, locate, text};
use crate::engine::PlacementSearch;
use crate::rules::{Game, Rules};

#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Grow a book by self-play (extends FILE if it exists). Deterministic for a given seed
    /// and thread count when stopped by --games.
    Build(BuildArgs),
    /// List the book moves of a position with their statistics and the chance the engine
    /// plays each.
    Probe(ProbeArgs),
    /// Print a book file as text: the header, then one line per move.
    Dump {
        /// The book file.
        file: PathBuf,
    },
    /// Write an opening suite for `match --openings file=PATH`: book lines of a given length
    /// whose evaluation is balanced.
    Openings(OpeningsArgs),
}

#[derive(Args, Debug)]
pub struct BuildArgs {
    #[command(flatten)]
    pub ruleset: RulesetArgs,
    /// The book file to write (read first and extended if it exists).
    #[arg(long)]
    pub out: PathBuf,
    /// Games to play (the default when --time is not given: 100).
    #[arg(long, conflicts_with = "time")]
    pub games: Option<u64>,
    /// Play for this many seconds instead (finishing the games under way).
    #[arg(long)]
    pub time: Option<f64>,
    /// Book depth: plies from the start whose moves come from and go into the book.
    #[arg(long, default_value_t = 12)]
    pub plies: u32,
    /// Nodes (playouts while placing) of the search that finds a new book move.
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// Nodes of each search after the book depth.
    #[arg(long, default_value_t = 2_000)]
    pub finish_nodes: u64,
    /// Plies after which an unfinished game is adjudicated by a search's score (+-150 cp
    /// or a forced result wins, anything closer is a draw).
    #[arg(long, default_value_t = 200)]
    pub max_plies: u32,
    /// Games played in parallel.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The search that plays placements: auto (the engine's choice for the ruleset), mcts or
    /// alphabeta.
    #[arg(long, default_value = "auto")]
    pub placement_search: PlacementSearch,
}

#[derive(Args, Debug)]
pub struct ProbeArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// The book file (default: the shipped book of the ruleset, found as the engine finds it).
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// The BookVariety the chances are computed for (0 = always the highest weight).
    #[arg(long, default_value_t = DEFAULT_VARIETY)]
    pub variety: u32,
}

#[derive(Args, Debug)]
pub struct OpeningsArgs {
    #[command(flatten)]
    pub ruleset: RulesetArgs,
    /// The book to take the lines from.
    #[arg(long)]
    pub book: PathBuf,
    /// Plies of book moves in each opening.
    #[arg(long)]
    pub plies: u32,
    /// The openings file to write (e.g. books/openings/murray.txt).
    #[arg(long)]
    pub out: PathBuf,
    /// Keep positions whose evaluation is within this many centipawns for either side.
    #[arg(long, default_value_t = 60)]
    pub margin: i32,
    /// Most openings to write.
    #[arg(long, default_value_t = 100)]
    pub count: usize,
    /// Depth of the evaluating search.
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
    /// `moves`: each opening as move tokens from the start (the match runner's form);
    /// `fen`: as the position string it reaches (the form UGI match runners read).
    #[arg(long, default_value = "moves", value_parser = ["moves", "fen"])]
    pub format: String,
}

/// Runs a `book` subcommand.
pub fn run(cmd: &BookCommand, out: &mut dyn Write) -> Result<(), Failure> {
    match cmd {
        BookCommand::Build(a) => build_command(a, out),
        BookCommand::Probe(a) => probe_command(a, out),
        BookCommand::Dump { file } => {
            let book = Book::load(file, None)?;
            Ok(text::dump(&book, out)?)
        }
        BookCommand::Openings(a) => openings_command(a, out),
    }
}

fn progress_line(p: &Progress) -> String {
    format!(
        "games {} (book {}), positions {}, entries {}, {:.0} s",
        p.games,
        p.total_games,
        p.positions,
        p.entries,
        p.elapsed.as_secs_f64()
    )
}

fn build_command(a: &BuildArgs, out: &mut dyn Write) -> Result<(), Failure> {
    crate::with_width!(a.ruleset.rules()?, r => build_on(a, r, out))
}

fn build_on<B: Bits>(
    a: &BuildArgs,
    rules: Arc<Rules<B>>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let stop = match (a.games, a.time) {
        (_, Some(t)) if t.is_finite() && t > 0.0 => Stop::Time(Duration::from_secs_f64(t)),
        (_, Some(t)) => {
            return Err(Failure::Usage(format!(
                "--time {t}: expected a positive number of seconds"
            )));
        }
        (Some(n), None) => Stop::Games(n),
        (None, None) => Stop::Games(100),
    };
    if a.threads == 0 || a.nodes == 0 || a.finish_nodes == 0 {
        return Err(Failure::Usage(
            "--threads, --nodes and --finish-nodes must be at least 1".into(),
        ));
    }
    let mut book = if a.out.exists() {
        let b = Book::load(&a.out, None)?;
        b.check_rules(&rules)
            .map_err(|e| e.from_source(a.out.display()))?;
        eprintln!(
            "extending {}: {} positions, {} entries",
            a.out.display(),
            b.len(),
            b.entry_count()
        );
        b
    } else {
        Book::for_rules(&rules)
    };
    let cfg = BuildConfig {
        stop,
        plies: a.plies,
        nodes: a.nodes,
        finish_nodes: a.finish_nodes,
        max_plies: a.max_plies,
        threads: a.threads,
        seed: a.seed,
        placement_search: a.placement_search,
    };
    let terminal = std::io::stderr().is_terminal();
    let mut last_save = std::time::Instant::now();
    let mut shown = 0;
    let path = a.out.clone();
    let done = build::build(&mut book, &rules, &cfg, &mut |book, p| {
        if terminal {
            eprint!("\r{}\x1b[K", progress_line(p));
        } else if p.games / 10 != shown / 10 {
            eprintln!("{}", progress_line(p));
        }
        shown = p.games;
        // Long builds are saved as they go, so an interruption loses little.
        if last_save.elapsed() >= Duration::from_secs(60) {
            last_save = std::time::Instant::now();
            book.save(&path)?;
        }
        Ok(())
    })?;
    if terminal {
        eprintln!();
    }
    book.save(&a.out)?;
    writeln!(out, "{}: {}", a.out.display(), progress_line(&done))?;
    Ok(())
}

fn probe_command(a: &ProbeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    crate::with_width!(a.position.rules()?, r => probe_on(a, a.position.game_on(r)?, out))
}

fn probe_on<B: Bits>(a: &ProbeArgs, game: Game<B>, out: &mut dyn Write) -> Result<(), Failure> {
    let rules = game.rules();
    let pieces = crate::book::ruleset_pieces(&rules.ruleset);
    let path = match &a.book {
        Some(p) => locate::Source::File(p.clone()),
        None => locate::find(&rules.ruleset.name, pieces).map_err(|looked| {
            Failure::Unmet(format!(
                "no book for {} ({looked}; give --book FILE)",
                crate::book::book_name(&rules.ruleset.name, pieces),
            ))
        })?,
    };
    let book = path.load(Some((&rules.ruleset.name, pieces)))?;
    let key = key::key_of(rules, game.position());
    writeln!(
        out,
        "book {}: {}, {} positions, {} entries",
        path,
        book.name(),
        book.len(),
        book.entry_count()
    )?;
    writeln!(
        out,
        "position key {:016X}{}",
        key.key,
        if key.mirrored { " (mirrored)" } else { "" }
    )?;
    let moves = book.probe(&game);
    let weights: Vec<u16> = moves.iter().map(|m| m.entry.weight).collect();
    let chances = choose::probabilities(&weights, a.variety.min(MAX_VARIETY));
    let list: Vec<_> = moves.into_iter().zip(chances).collect();
    let stale = book.entries(key.key).len() - list.len();
    if list.is_empty() {
        writeln!(out, "not in the book")?;
    } else {
        writeln!(
            out,
            "{:<12} {:>6} {:>7} {:>6} {:>6} {:>6} {:>7} {:>7} {:>7}",
            "move", "weight", "visits", "wins", "draws", "losses", "score%", "search", "chance"
        )?;
        for (m, p) in &list {
            let e = &m.entry;
            let share = e
                .result_share()
                .map_or("-".to_string(), |s| format!("{:.1}%", s * 100.0));
            writeln!(
                out,
                "{:<12} {:>6} {:>7} {:>6} {:>6} {:>6} {:>7} {:>+7} {:>6.1}%",
                m.token,
                e.weight,
                e.visits,
                e.wins,
                e.draws,
                e.losses,
                share,
                e.score,
                p * 100.0
            )?;
        }
    }
    if stale > 0 {
        writeln!(
            out,
            "({stale} book moves are not legal here and are ignored)"
        )?;
    }
    Ok(())
}

fn openings_command(a: &OpeningsArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if a.plies == 0 {
        return Err(Failure::Usage("--plies must be at least 1".into()));
    }
    crate::with_width!(a.ruleset.rules()?, r => openings_on(a, r, out))
}

fn openings_on<B: Bits>(
    a: &OpeningsArgs,
    rules: Arc<Rules<B>>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let book = Book::load(&a.book, None)?;
    book.check_rules(&rules)
        .map_err(|e| e.from_source(a.book.display()))?;
    let cfg = OpeningsConfig {
        plies: a.plies,
        margin: a.margin.max(0),
        count: a.count,
        depth: a.depth.max(1),
    };
    let terminal = std::io::stderr().is_terminal();
    let lines = openings::openings(&book, &rules, &cfg, &mut |i, n| {
        if terminal {
            eprint!("\r{} [{}/{n}]\x1b[K", super::bar(i, n), i + 1);
        }
    })?;
    if terminal {
        eprint!("\r\x1b[K");
    }
    if lines.is_empty() {
        return Err(Failure::Unmet(format!(
            "no book line of {} plies is within {} cp (try more --plies of book, a wider --margin, or a bigger book)",
            a.plies, a.margin
        )));
    }
    if let Some(dir) = a.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|error| Failure::File {
            path: dir.to_path_buf(),
            error,
        })?;
    }
    let mut text = openings::file_text(&book, &cfg, &lines);
    if a.format == "fen" {
        // The same openings, each as the position string it reaches.
        let mut fens: Vec<String> = text.lines().take(1).map(String::from).collect();
        fens.push(
            "# Made by `latrunculi book openings --format fen`; one position string per opening."
                .into(),
        );
        for l in &lines {
            let mut game = Game::new(rules.clone());
            game.play_tokens(&l.moves)?;
            fens.push(crate::rules::fen::format(&rules, game.position()));
        }
        text = fens.join("\n") + "\n";
    }
    write_file(&a.out, &text)?;
    let s = if lines.len() == 1 { "" } else { "s" };
    writeln!(out, "{}: {} opening{s}", a.out.display(), lines.len())?;
    Ok(())
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|error| Failure::File {
        path: path.to_path_buf(),
        error,
    })
}
