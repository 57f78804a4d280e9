//! `latrunculi analyse`: the search's view of a position, for a person or (with `--json`) a
//! script.

use super::Failure;
use std::io::Write;
use std::sync::mpsc;

use clap::Args;
use serde_json::json;

use super::PositionArgs;
use crate::board::Bits;
use crate::engine::{Engine, EngineEvent};
use crate::rules::diagram;
use crate::rules::{Game, Move};
use crate::search::score::{Reported, report};
use crate::search::{Bound, Event, Limits};

#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Search to this depth.
    #[arg(long, conflicts_with_all = ["movetime", "nodes", "infinite"])]
    pub depth: Option<u32>,
    /// Search for this many milliseconds (the default is 3000).
    #[arg(long, conflicts_with_all = ["nodes", "infinite"])]
    pub movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, conflicts_with = "infinite")]
    pub nodes: Option<u64>,
    /// Search until Ctrl-C.
    #[arg(long)]
    pub infinite: bool,
    /// Lines of play to show (1 to 256, as the protocol's MultiPV).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub multipv: u16,
    /// Search threads (1 to 256, as the protocol's Threads).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// Transposition table size in MB (1 to 65536, as the protocol's Hash).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub hash: u32,
    /// One JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A score for people: pieces ("+1.25"), or "win in 3" / "loss in 2" (moves).
pub fn score_text(value: i32) -> String {
    match report(value) {
        Reported::Centipawns(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Reported::Mate(n) if n > 0 => format!("win in {n}"),
        Reported::Mate(n) => format!("loss in {}", -n),
    }
}

fn score_json(value: i32) -> serde_json::Value {
    match report(value) {
        Reported::Centipawns(cp) => json!({ "cp": cp }),
        Reported::Mate(n) => json!({ "mate": n }),
    }
}

fn tokens<B: Bits>(game: &Game<B>, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.token(&game.rules().geo)).collect()
}

pub fn run(args: &AnalyseArgs, out: &mut dyn Write) -> Result<(), Failure> {
    crate::with_width!(args.position.rules()?, r => run_on(args, args.position.game_on(r)?, out))
}

fn run_on<B: Bits>(args: &AnalyseArgs, game: Game<B>, out: &mut dyn Write) -> Result<(), Failure> {
    let r = game.ruleset();
    if !args.json {
        diagram::board(&game, out)?;
        writeln!(out)?;
        writeln!(
            out,
            "Letters: {}. Scores: for the side to move, in men (+1.00 is a man ahead), or \
             win/loss in N moves.",
            diagram::letters(r)
        )?;
    }
    if let Some(o) = game.outcome() {
        if args.json {
            let v = json!({"type": "result", "result": o.result_word(r), "reason": o.describe(r)});
            writeln!(out, "{v}")?;
        } else {
            writeln!(out, "The game is over: {}.", o.headline(r))?;
        }
        return Ok(());
    }
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: if args.depth.is_none() && args.nodes.is_none() && !args.infinite {
            Some(args.movetime.unwrap_or(3000))
        } else {
            args.movetime
        },
        infinite: args.infinite,
        ..Limits::default()
    };
    let mut engine = Engine::new();
    engine.options.threads = args.threads as usize;
    engine.set_hash(args.hash as usize)?;
    engine.options.multipv = args.multipv as usize;
    engine.options.move_overhead_ms = 0;
    engine.options.analyse_mode = true;
    let handle = engine.stop_handle();
    // Ctrl-C stops the search; the best line so far is still printed. (Only one handler can
    // be set per process; a second analysis in the same process keeps the first.)
    let _ = ctrlc::set_handler(move || handle.stop());
    let (tx, rx) = mpsc::channel();
    engine.go(
        &game,
        limits,
        Vec::new(),
        Box::new(move |e| {
            let _ = tx.send(e);
        }),
    );
    // The last line when it came from an iteration stopped before it finished.
    let mut unfinished: Option<(i32, i32)> = None;
    for event in rx {
        match event {
            EngineEvent::Search(Event::Info(i)) => {
                unfinished = (i.bound == Bound::Lower).then_some((i.depth, i.value));
                print_info(args, &game, &i, out)?;
            }
            EngineEvent::Search(Event::CurrMove { .. }) => {}
            EngineEvent::Done(result) => {
                print_answer(args, &game, &result, unfinished, out)?;
                break;
            }
        }
    }
    engine.wait();
    Ok(())
}

/// One search line: text or JSON.
fn print_info<B: Bits>(
    args: &AnalyseArgs,
    game: &Game<B>,
    i: &crate::search::Info,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let pv = tokens(game, &i.pv);
    let lower = i.bound == Bound::Lower;
    if args.json {
        let v = json!({
            "type": "info", "depth": i.depth, "seldepth": i.seldepth,
            "multipv": i.multipv, "score": score_json(i.value),
            "bound": if lower { "lower" } else { "exact" }, "nodes": i.nodes,
            "nps": i.nps, "time_ms": i.time_ms, "pv": pv,
        });
        writeln!(out, "{v}")?;
    } else {
        let line = if args.multipv > 1 {
            format!("#{} ", i.multipv)
        } else {
            String::new()
        };
        writeln!(
            out,
            "depth {:>2}  {line}{:>10}  nodes {:>10}  {:>6.0} kn/s  {:>6.2} s  {}",
            i.depth,
            if lower {
                format!(">={}", score_text(i.value))
            } else {
                score_text(i.value)
            },
            i.nodes,
            i.nps as f64 / 1000.0,
            i.time_ms as f64 / 1000.0,
            pv.join(" ")
        )?;
    }
    out.flush()?;
    Ok(())
}

/// The best move and the line expected, with how far the search got (`unfinished`: the
/// depth and the value of a last line that was only a lower bound).
fn print_answer<B: Bits>(
    args: &AnalyseArgs,
    game: &Game<B>,
    result: &crate::search::SearchResult,
    unfinished: Option<(i32, i32)>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let side = game.ruleset().colour_name(game.position().side);
    let best = result.best.map(|m| m.token(&game.rules().geo));
    let line = result
        .lines
        .first()
        .map(|l| tokens(game, &l.2))
        .unwrap_or_default();
    if args.json {
        let v = json!({
            "type": "bestmove", "move": best, "ponder": result.ponder.map(|m| m.token(&game.rules().geo)),
            "score": score_json(result.value), "depth": result.depth,
            "bound": if unfinished.is_some() { "lower" } else { "exact" },
            "nodes": result.nodes, "pv": line,
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out)?;
        let found = match unfinished {
            Some((depth, value)) => format!(
                "at least {} in the unfinished depth {depth}; depth {} complete",
                score_text(value),
                result.depth
            ),
            None => format!("{}, depth {}", score_text(result.value), result.depth),
        };
        writeln!(
            out,
            "Best move for {side}: {} ({found}, {} nodes)",
            best.unwrap_or_else(|| "none".into()),
            result.nodes
        )?;
        writeln!(out, "Expected continuation: {}", line.join(" "))?;
    }
    Ok(())
}
