//! `latrunculi play`: a game against the engine at the terminal.

use super::Failure;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;

use super::PositionArgs;
use crate::board::Bits;
use crate::engine::Engine;
use crate::matches::record::{Record, result_token};
use crate::rules::{Colour, Game, Kind, MoveKind};
use crate::search::Limits;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Your colour: white, or the other colour's name (black, red).
    #[arg(long = "as", default_value = "white")]
    pub side: String,
    /// The engine thinks this many milliseconds per move (default 1000).
    #[arg(long, conflicts_with = "depth")]
    pub movetime: Option<u64>,
    /// The engine searches to this depth.
    #[arg(long)]
    pub depth: Option<u32>,
    /// The engine's playing level, 0 (weakest) to 20 (full strength), as the protocol's
    /// `Skill Level`.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u8).range(0..=20))]
    pub level: u8,
    /// Where the finished game is saved (default: <variant>-<time>.rec here).
    #[arg(long)]
    pub record: Option<PathBuf>,
}

/// Draws the board, turned round when `flipped` (the human plays the side at the top); on a
/// terminal with colours, the last move and its captures highlighted. While pieces are
/// placed, the hands follow.
pub fn draw<B: Bits>(game: &Game<B>, colour: bool, flipped: bool) -> String {
    let rules = game.rules();
    let geo = &rules.geo;
    let pos = game.position();
    let frame = game.last_frame();
    let (from, to) = match frame.last_move {
        Some(m) if m.kind == MoveKind::Go => (Some(m.from as usize), Some(m.to as usize)),
        Some(m) if m.kind != MoveKind::Pass => (None, Some(m.to as usize)),
        _ => (None, None),
    };
    let mut s = String::new();
    let ranks: Vec<usize> = if flipped {
        (0..geo.rows).collect()
    } else {
        (0..geo.rows).rev().collect()
    };
    let cols: Vec<usize> = if flipped {
        (0..geo.cols).rev().collect()
    } else {
        (0..geo.cols).collect()
    };
    for &rank in &ranks {
        s.push_str(&format!("{:>3} ", rank + 1));
        for &col in &cols {
            let sq = geo.square(rank, col);
            let (text, paint) = match pos.piece_at(sq) {
                None if frame.removed.has(sq) => ("x".to_string(), "\x1b[1;31m"),
                None if Some(sq) == from => ("o".to_string(), "\x1b[33m"),
                None => (".".to_string(), ""),
                Some((c, kind)) => {
                    let l = match kind {
                        Kind::Leader => 'k',
                        Kind::Man if pos.trapped.has(sq) => 't',
                        Kind::Man => 'm',
                    };
                    let l = if c == Colour::White {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    };
                    let paint = if Some(sq) == to {
                        "\x1b[1;33m"
                    } else if c == Colour::White {
                        "\x1b[1;37m"
                    } else {
                        "\x1b[1;34m"
                    };
                    (l.to_string(), paint)
                }
            };
            s.push(' ');
            if colour && !paint.is_empty() {
                s.push_str(&format!("{paint}{text}\x1b[0m"));
            } else {
                s.push_str(&text);
            }
        }
        s.push('\n');
    }
    s.push_str("    ");
    for &c in &cols {
        s.push_str(&format!(" {}", (b'a' + c as u8) as char));
    }
    s.push('\n');
    if pos.placing() {
        let r = game.ruleset();
        let hand = |c: Colour| {
            let [men, leaders] = pos.hand[c.index()];
            let mut parts = vec![format!("{men} men")];
            if leaders > 0 {
                parts.push(format!("{leaders} {}", r.leader_name));
            }
            format!("{} {}", r.colour_name(c), parts.join(", "))
        };
        s.push_str(&format!(
            "In hand: {}; {}\n",
            hand(Colour::White),
            hand(Colour::Black)
        ));
    }
    if let Some(m) = frame.last_move {
        let removed: Vec<String> = frame.removed.iter().map(|q| geo.name(q)).collect();
        s.push_str(&format!("Last move: {}", m.token(geo)));
        if !removed.is_empty() {
            s.push_str(&format!(", captured {}", removed.join(" ")));
        }
        s.push('\n');
    }
    s
}

fn record_of<B: Bits>(
    game: &Game<B>,
    args: &PlayArgs,
    human: Colour,
    ending: Option<(Option<Colour>, String)>,
) -> Record {
    let r = game.ruleset();
    let (w, b) = if human == Colour::White {
        ("human", "latrunculi")
    } else {
        ("latrunculi", "human")
    };
    let event = format!("latrunculi play, {}", r.name);
    let mut rec = Record::with_roster(&event, "1", w, b);
    rec.set("Variant", r.name.clone());
    if let Some(n) = r.chosen_pieces() {
        rec.set("Pieces", n.to_string());
    }
    if let Some(path) = &args.position.ruleset.variant_path {
        rec.set("VariantPath", path.display().to_string());
    }
    if let Some(f) = &args.position.fen {
        rec.set("FEN", f.clone());
    }
    rec.moves = game
        .moves()
        .iter()
        .map(|m| m.token(&game.rules().geo))
        .collect();
    match ending {
        Some((winner, why)) => {
            rec.result = result_token(winner).to_string();
            rec.set("Result", rec.result.clone());
            rec.set("Termination", why);
        }
        None => rec.result = "*".into(),
    }
    rec.set("PlyCount", rec.moves.len().to_string());
    rec
}

fn save(rec: &Record, path: &PathBuf) -> Result<(), Failure> {
    std::fs::write(path, rec.to_text()).map_err(|error| Failure::Save {
        path: path.clone(),
        error,
    })
}

pub fn run(args: &PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Failure> {
    crate::with_width!(args.position.rules()?, r => {
        let game = args.position.game_on(r)?;
        run_on(args, game, input, out)
    })
}

fn run_on<B: Bits>(
    args: &PlayArgs,
    mut game: Game<B>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let r = game.ruleset().clone();
    let human = r.colour_named(&args.side).ok_or_else(|| {
        Failure::Usage(format!(
            "--as {}: expected white or {}",
            args.side, r.black_name
        ))
    })?;
    let colour = std::io::stdout().is_terminal();
    let limits = match args.depth {
        Some(d) => Limits::depth(d),
        None => Limits::movetime(args.movetime.unwrap_or(1000)),
    };
    let mut engine = Engine::new();
    engine.options.move_overhead_ms = 0;
    engine.options.skill_level = args.level;
    let path = args
        .record
        .clone()
        .unwrap_or_else(|| default_record_path(&r));
    // The human's side is drawn at the bottom.
    let flipped = (human == Colour::White) != r.white_at_bottom;
    greet(&game, human, out)?;
    let mut book = crate::book::player::BookPlayer::default();
    let mut line = String::new();
    loop {
        write!(out, "\n{}", draw(&game, colour, flipped))?;
        if let Some(o) = game.outcome() {
            let why = o.describe(&r);
            writeln!(out, "Game over: {}.", o.headline(&r))?;
            return save_ended(&game, args, human, (o.winner, why), &path, out);
        }
        let side = game.position().side;
        if side != human {
            // The opening book first, as the protocol plays it.
            if let Some(token) = book.answer(&game, &[]).token
                && game.play_token(&token).is_ok()
            {
                writeln!(out, "Latrunculi plays {token} (book)")?;
                continue;
            }
            let result = engine.search_now(&game, limits.clone());
            let Some(m) = result.best else {
                return Err(Failure::Unmet(
                    "the engine found no move in an unfinished game".into(),
                ));
            };
            writeln!(out, "Latrunculi plays {}", m.token(&game.rules().geo))?;
            game.make(m);
            continue;
        }
        loop {
            write!(out, "{} to move> ", r.colour_name(side))?;
            if !colour {
                writeln!(out)?;
            }
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "End of input: the game is left unfinished.")?;
                return Ok(());
            }
            let cmd = line.trim();
            match cmd.split_whitespace().collect::<Vec<_>>().as_slice() {
                [] => continue,
                ["?"] => writeln!(out, "Legal moves: {}", tokens(&game, usize::MAX))?,
                ["undo"] => {
                    let undone = take_back(&mut game, human);
                    if undone == 0 {
                        writeln!(out, "Nothing to undo.")?;
                    } else {
                        writeln!(out, "Took back {undone} ply(s).")?;
                        if game.position().side != human {
                            break;
                        }
                        write!(out, "\n{}", draw(&game, colour, flipped))?;
                    }
                }
                ["hint"] => {
                    let best = engine.search_now(&game, Limits::movetime(500)).best;
                    let hint = best.map_or("none".into(), |m| m.token(&game.rules().geo));
                    writeln!(out, "Hint: {hint}")?;
                }
                ["resign"] => {
                    let why = format!("{} resigns", r.colour_name(human));
                    writeln!(out, "You resign.")?;
                    return save_ended(&game, args, human, (Some(human.other()), why), &path, out);
                }
                ["save", file] => {
                    let rec = record_of(&game, args, human, None);
                    match save(&rec, &PathBuf::from(file)) {
                        Ok(()) => writeln!(out, "Saved to {file}")?,
                        Err(e) => writeln!(out, "{e}")?,
                    }
                }
                ["save"] => {
                    writeln!(out, "save needs a file name: save FILE")?;
                }
                ["quit"] => {
                    writeln!(out, "Game left unfinished.")?;
                    return Ok(());
                }
                [token] => match game.play_token(token) {
                    Ok(_) => break,
                    Err(e) => writeln!(out, "{e}")?,
                },
                _ => writeln!(
                    out,
                    "Type one move, or ?, undo, hint, resign, save FILE, quit."
                )?,
            }
        }
    }
}

/// Where a game is saved when `--record` does not say: `<ruleset>-<unix seconds>.rec`.
fn default_record_path(r: &crate::rules::Ruleset) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    PathBuf::from(format!("{}-{secs}.rec", r.name))
}

/// The first `most` legal moves as tokens, separated by spaces.
fn tokens<B: Bits>(game: &Game<B>, most: usize) -> String {
    let geo = &game.rules().geo;
    let moves: Vec<String> = game
        .legal_moves()
        .iter()
        .take(most)
        .map(|m| m.token(geo))
        .collect();
    moves.join(" ")
}

/// The first lines: who plays what, how to type a move, what the letters mean.
fn greet<B: Bits>(game: &Game<B>, human: Colour, out: &mut dyn Write) -> std::io::Result<()> {
    let r = game.ruleset();
    let examples = match tokens(game, 2) {
        t if t.is_empty() => String::new(),
        t => format!(" (e.g. {})", t.replace(' ', ", ")),
    };
    writeln!(
        out,
        "{}: you play {}. Type a move{examples}, ? for the legal moves, undo, hint, resign, save FILE or quit.",
        r.name,
        r.colour_name(human)
    )?;
    writeln!(
        out,
        "Letters: {}; o the square just left, x a piece just captured.",
        crate::rules::diagram::letters(r)
    )
}

/// Saves a game that ended (by the rules or a resignation) and says where.
fn save_ended<B: Bits>(
    game: &Game<B>,
    args: &PlayArgs,
    human: Colour,
    ending: (Option<Colour>, String),
    path: &PathBuf,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    save(&record_of(game, args, human, Some(ending)), path)?;
    writeln!(out, "Game saved to {}", path.display())?;
    Ok(())
}

/// Takes back plies until the human is to move again; how many were taken back.
fn take_back<B: Bits>(game: &mut Game<B>, human: Colour) -> usize {
    let mut undone = 0;
    while game.undo().is_some() {
        undone += 1;
        if game.position().side == human {
            break;
        }
    }
    undone
}
