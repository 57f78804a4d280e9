//! Text for people and GUIs: the board diagram of `d` and the move lists of `legal`.

use std::io::{self, Write};

use crate::board::Bits;
use crate::rules::{Game, MoveKind, fen};

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

/// The bench report: one line per position, then the totals.
pub fn bench(report: &crate::search::bench::BenchReport, out: &mut dyn Write) -> io::Result<()> {
    for (i, (variant, nodes, ms)) in report.per_position.iter().enumerate() {
        writeln!(
            out,
            "position {:>2} {variant:<20} nodes {nodes:>10} time {ms:>6} ms",
            i + 1
        )?;
    }
    writeln!(out, "===========================")?;
    writeln!(out, "Total time (ms) : {}", report.millis)?;
    writeln!(out, "Nodes searched  : {}", report.nodes)?;
    writeln!(out, "Nodes/second    : {}", report.nps())
}

/// The `eval` command: every term for each side, then the total for the side to move.
pub fn eval<B: Bits>(
    game: &Game<B>,
    terms: &crate::search::eval::Terms,
    out: &mut dyn Write,
) -> io::Result<()> {
    let r = game.ruleset();
    let side = game.position().side;
    writeln!(
        out,
        "{:<12} {:>7} {:>7} {:>7}",
        "term", "white", r.black_name, "diff"
    )?;
    for (name, [w, b]) in &terms.rows {
        writeln!(out, "{name:<12} {w:>7} {b:>7} {:>7}", w - b)?;
    }
    writeln!(out, "{:<12} {:>23}", "tempo", terms.tempo)?;
    writeln!(
        out,
        "Total evaluation: {} (for {}, the side to move)",
        terms.total(side),
        r.colour_name(side)
    )
}

/// A search event as an `info` line.
pub fn search_event<B: Bits>(
    e: &crate::search::Event,
    geo: &crate::board::Geometry<B>,
    show_wdl: bool,
) -> String {
    use crate::search::score::{Reported, report, wdl};
    match e {
        crate::search::Event::CurrMove { depth, mv, number } => {
            format!(
                "info depth {depth} currmove {} currmovenumber {number}",
                mv.token(geo)
            )
        }
        crate::search::Event::Info(i) => {
            let score = match report(i.value) {
                Reported::Centipawns(cp) => format!("cp {cp}"),
                Reported::Mate(n) => format!("mate {n}"),
            };
            let score = match i.bound {
                crate::search::Bound::Exact => score,
                crate::search::Bound::Lower => format!("{score} lowerbound"),
            };
            let wdl = if show_wdl {
                let (w, d, l) = wdl(i.value);
                format!(" wdl {w} {d} {l}")
            } else {
                String::new()
            };
            let pv: Vec<String> = i.pv.iter().map(|m| m.token(geo)).collect();
            format!(
                "info depth {} seldepth {} multipv {} score {score}{wdl} nodes {} nps {} hashfull {} time {} pv {}",
                i.depth,
                i.seldepth,
                i.multipv,
                i.nodes,
                i.nps,
                i.hashfull,
                i.time_ms,
                pv.join(" ")
            )
        }
    }
}

/// The `bestmove` line of a finished search.
pub fn bestmove<B: Bits>(
    r: &crate::search::SearchResult,
    geo: &crate::board::Geometry<B>,
) -> String {
    match (r.best, r.ponder) {
        (None, _) => "bestmove (none)".to_string(),
        (Some(b), None) => format!("bestmove {}", b.token(geo)),
        (Some(b), Some(p)) => format!("bestmove {} ponder {}", b.token(geo), p.token(geo)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Bound, Event, Info};

    #[test]
    fn a_line_of_an_unfinished_iteration_says_its_score_is_a_lower_bound() {
        let ruleset = crate::rules::preset("murray", 16).unwrap();
        let r = std::sync::Arc::new(crate::rules::Rules::<u128>::new(ruleset).unwrap());
        let mv = crate::rules::Game::new(r.clone()).legal_moves()[0];
        let info = |bound| {
            Event::Info(Info {
                depth: 8,
                seldepth: 8,
                multipv: 1,
                value: 12,
                bound,
                nodes: 1000,
                nps: 1000,
                hashfull: 0,
                time_ms: 1,
                pv: vec![mv],
            })
        };
        let exact = search_event(&info(Bound::Exact), &r.geo, true);
        let lower = search_event(&info(Bound::Lower), &r.geo, true);
        assert!(exact.contains(" score cp 12 wdl "), "{exact}");
        assert!(lower.contains(" score cp 12 lowerbound wdl "), "{lower}");
    }
}
