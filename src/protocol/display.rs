//! The protocol's text: the move lists of `legal`, the terms of `eval`, `info` and
//! `bestmove` lines. (The board diagram of `d` is the rules' own: `rules::diagram`.)

use std::io::{self, Write};

use crate::board::{Bits, SquareError};
use crate::rules::{Game, MoveKind};

/// The `legal` command's answer: every legal move, or those from/onto one square.
pub fn legal<B: Bits>(game: &Game<B>, square: Option<&str>) -> Result<String, SquareError> {
    let geo = &game.rules().geo;
    let filter = match square {
        None => None,
        Some(s) => Some(geo.parse_square(s)?),
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
    Ok(line)
}

/// The `eval` command: every term for each side, then the net's score where a net
/// evaluates this ruleset (and whether that score is the formula's plus the net's), then the formula's total for the side to move (the last line).
pub fn eval<B: Bits>(
    game: &Game<B>,
    terms: &crate::search::eval::Terms,
    net: Option<(i32, bool)>,
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
    match net {
        Some((cp, false)) => writeln!(
            out,
            "Net evaluation: {cp} (for {}, the side to move; the search evaluates with the net, not the formula below)",
            r.colour_name(side)
        )?,
        Some((cp, true)) => writeln!(
            out,
            "Net evaluation: {cp} (for {}, the side to move; the search evaluates with it: the formula's below plus the net's correction)",
            r.colour_name(side)
        )?,
        None => {}
    }
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
        let ruleset = crate::rules::preset("murray").unwrap();
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
