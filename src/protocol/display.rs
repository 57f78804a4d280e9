//! Text for people and GUIs: the board diagram of `d` and the move lists of `legal`.

use std::io::{self, Write};

use crate::board::Bits;
use crate::rules::{Game, MoveKind, fen};

/// The `d` command: diagram, position string, key, side, phase, last move, result.
pub fn board<B: Bits>(game: &Game<B>, out: &mut dyn Write) -> io::Result<()> {
    let rules = game.rules();
    let r = &rules.ruleset;
    let geo = &rules.geo;
    let pos = game.position();
    let frame = game.last_frame();
    for rank in (0..r.rows).rev() {
        let mut line = format!("{:>3} ", rank + 1);
        for col in 0..r.cols {
            let sq = geo.square(rank, col);
            let c = match pos.piece_at(sq) {
                None if frame.removed.has(sq) => '*',
                None => '.',
                Some((colour, kind)) => {
                    let l = match kind {
                        crate::rules::Kind::Leader => 'k',
                        crate::rules::Kind::Man if pos.trapped.has(sq) => 't',
                        crate::rules::Kind::Man => 'm',
                    };
                    if colour == crate::rules::Colour::White {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    }
                }
            };
            line.push(' ');
            line.push(c);
        }
        writeln!(out, "{line}")?;
    }
    let files: String = (0..r.cols)
        .map(|c| format!(" {}", (b'a' + c as u8) as char))
        .collect();
    writeln!(out, "    {files}")?;
    writeln!(out)?;
    writeln!(out, "Variant: {}", r.name)?;
    writeln!(out, "Fen: {}", fen::format(rules, pos))?;
    writeln!(out, "Key: {:016X}", pos.full_key())?;
    writeln!(out, "Side to move: {}", r.colour_name(pos.side))?;
    let phase = if pos.placing() {
        format!(
            "placement (in hand: white {}, {} {})",
            pos.in_hand(crate::rules::Colour::White),
            r.black_name,
            pos.in_hand(crate::rules::Colour::Black)
        )
    } else {
        "movement".to_string()
    };
    writeln!(out, "Phase: {phase}")?;
    writeln!(out, "Ply: {} Quiet plies: {}", pos.ply, pos.quiet)?;
    match frame.last_move {
        None => writeln!(out, "Last move: none")?,
        Some(m) => {
            let removed: Vec<String> = frame.removed.iter().map(|s| geo.name(s)).collect();
            writeln!(
                out,
                "Last move: {} removed: {}",
                m.token(geo),
                if removed.is_empty() {
                    "-".to_string()
                } else {
                    removed.join(" ")
                }
            )?;
        }
    }
    match game.outcome() {
        None => writeln!(out, "Result: ongoing")?,
        Some(o) => writeln!(out, "Result: {} {}", o.result_word(r), o.describe(r))?,
    }
    Ok(())
}

/// The `legal` command: every legal move, or those from/onto one square.
pub fn legal<B: Bits>(
    game: &Game<B>,
    square: Option<&str>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let geo = &game.rules().geo;
    let filter = match square {
        None => None,
        Some(s) => Some(geo.parse_square(s).map_err(|e| format!("legal: {e}"))?),
    };
    let tokens: Vec<String> = game
        .legal_moves()
        .iter()
        .filter(|m| match filter {
            None => true,
            Some(sq) => match m.kind {
                MoveKind::Go => m.from as usize == sq,
                MoveKind::Pass => false,
                _ => m.to as usize == sq,
            },
        })
        .map(|m| m.token(geo))
        .collect();
    let mut line = "legal".to_string();
    for t in tokens {
        line.push(' ');
        line.push_str(&t);
    }
    writeln!(out, "{line}").map_err(|e| e.to_string())
}
