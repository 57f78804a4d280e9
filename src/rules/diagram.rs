//! The board as people read it: a diagram (ranks left, files below), then the position
//! string and the state of the game, as the protocol's `d` and the command line show it.

use std::io::{self, Write};

use crate::board::Bits;
use crate::rules::{Game, fen};

/// What the diagram's letters mean in this ruleset: `M man, K king, T trapped man; upper
/// case white, lower case black` (only the pieces the ruleset has).
pub fn letters(r: &crate::rules::Ruleset) -> String {
    let mut letters = vec!["M man".to_string()];
    if r.has_leader {
        letters.push(format!("K {}", r.leader_name));
    }
    if r.capture.effect == crate::rules::CaptureEffect::Immobilise {
        letters.push("T trapped man".into());
    }
    format!(
        "{}; upper case white, lower case {}",
        letters.join(", "),
        r.black_name
    )
}

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
    writeln!(
        out,
        "Colours: {} {}",
        r.colour_name(crate::rules::Colour::White),
        r.colour_name(crate::rules::Colour::Black)
    )?;
    // Which side's home rows are rank 1 up: where a board's labels belong, even before a
    // placement game has a piece on the board.
    let bottom = if r.white_at_bottom {
        crate::rules::Colour::White
    } else {
        crate::rules::Colour::Black
    };
    writeln!(out, "Bottom side: {}", r.colour_name(bottom))?;
    match pos.turn {
        crate::rules::Turn::Fresh => {}
        crate::rules::Turn::Bonus(sq) => writeln!(
            out,
            "Turn goes on: the piece on {} plays a bonus move",
            geo.name(sq as usize)
        )?,
        crate::rules::Turn::Removing => writeln!(
            out,
            "Turn goes on: after a removal, remove again or move (a pass if no move is legal)"
        )?,
    }
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
    if let Some(limit) = r.end.quiet_limit {
        writeln!(out, "Quiet-ply limit: {limit}")?;
    }
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
        Some(o) => writeln!(out, "Result: {}", o.headline(r))?,
    }
    Ok(())
}
