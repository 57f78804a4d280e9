//! The command line for people: subcommands parsed by clap. With no subcommand the binary
//! speaks the engine protocol on stdin/stdout, like every UCI engine.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

use crate::protocol::display;
use crate::rules::{self, DEFAULT_PRESET, Game, PRESETS, Rules, perft, preset};

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
    /// Count the leaves of the legal-move tree to DEPTH, split by root move.
    Perft(PerftArgs),
    /// Print a position: diagram, position string, side to move, phase and result.
    Show(PositionArgs),
    /// Describe a ruleset in words.
    Rules {
        /// The ruleset (default: kowalski-8x12).
        variant: Option<String>,
        /// Pieces per side for schadler-2001 (16 to 24).
        #[arg(long, default_value_t = 16)]
        pieces: u8,
    },
    /// List the rulesets the engine plays.
    Variants,
    /// Search a fixed set of positions from every ruleset to a fixed depth on one thread and
    /// print the total node count (a signature of the search), the time and the speed.
    Bench {
        /// Added to every position's depth (negative for a quicker run).
        #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
        depth_offset: i32,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Speak the engine protocol on stdin/stdout (the same as giving no subcommand).
    Uci,
}

/// Which position a command works on.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The ruleset.
    #[arg(long, default_value = DEFAULT_PRESET)]
    pub variant: String,
    /// Pieces per side for schadler-2001 (16 to 24).
    #[arg(long, default_value_t = 16)]
    pub pieces: u8,
    /// Start from this position string instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, as tokens separated by spaces (e.g. "a1a4 b8b5").
    #[arg(long)]
    pub moves: Option<String>,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// How many plies deep to count.
    pub depth: usize,
}

impl PositionArgs {
    /// The game these arguments describe, its history starting at the start or the FEN.
    pub fn game(&self) -> Result<Game<u128>, String> {
        let rules = Arc::new(Rules::new(preset(&self.variant, self.pieces)?)?);
        let mut game = match &self.fen {
            None => Game::new(rules),
            Some(text) => {
                Game::from_fen(rules, text).map_err(|e| format!("bad position string: {e}"))?
            }
        };
        if let Some(moves) = &self.moves {
            let tokens: Vec<&str> = moves.split_whitespace().collect();
            game.play_tokens(&tokens)?;
        }
        Ok(game)
    }
}

fn perft_command(args: &PerftArgs, out: &mut dyn Write) -> Result<(), String> {
    let mut game = args.position.game()?;
    let geo = game.rules().geo.clone();
    let start = Instant::now();
    let mut total = 0;
    let io = |e: io::Error| e.to_string();
    if args.depth == 0 {
        total = 1;
    }
    for (mv, n) in perft::divide(&mut game, args.depth) {
        writeln!(out, "{}: {n}", mv.token(&geo)).map_err(io)?;
        total += n;
    }
    writeln!(out).map_err(io)?;
    writeln!(out, "Nodes searched: {total}").map_err(io)?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "time {:.3} s, {:.1} M leaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

fn bench_command(hash: usize, depth_offset: i32, out: &mut dyn Write) -> Result<(), String> {
    let report = crate::search::bench::bench(hash, depth_offset)?;
    crate::protocol::display::bench(&report, out).map_err(|e| e.to_string())
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
        Some(Command::Show(args)) => args
            .game()
            .and_then(|g| display::board(&g, &mut out).map_err(|e| e.to_string())),
        Some(Command::Rules { variant, pieces }) => {
            let name = variant.unwrap_or_else(|| DEFAULT_PRESET.to_string());
            preset(&name, pieces)
                .and_then(Rules::<u128>::new)
                .and_then(|r| {
                    rules::describe(&r)
                        .iter()
                        .try_for_each(|l| writeln!(out, "{l}"))
                        .map_err(|e| e.to_string())
                })
        }
        Some(Command::Bench { depth_offset, hash }) => bench_command(hash, depth_offset, &mut out),
        Some(Command::Variants) => PRESETS
            .iter()
            .try_for_each(|p| {
                let r = preset(p, 16).expect("presets are valid");
                writeln!(out, "{p:<16} {}", r.source)
            })
            .map_err(|e| e.to_string()),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}
