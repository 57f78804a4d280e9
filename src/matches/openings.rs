//! The openings of a match: random plies (kept or refused by a short search's score), the
//! shipped suite of the ruleset, or a file; each played twice, colours swapped.

use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::config::Openings;
use super::{MatchConfig, MatchError};
use crate::board::Bits;
use crate::rules::{Game, Rules};

/// How many random openings may be tried per one kept before the band is called too narrow.
const TRIES_PER_OPENING: usize = 200;

/// An opening: a starting position string (or none for the start) and moves from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
    pub label: String,
}

/// The openings of the whole match, one per game pair.
pub(super) fn openings<B: Bits>(
    cfg: &MatchConfig,
    rules: &Arc<Rules<B>>,
    count: usize,
) -> Result<Vec<Opening>, MatchError> {
    match &cfg.openings {
        Openings::Random { plies, band } => {
            let mut rng = StdRng::seed_from_u64(cfg.seed);
            let mut judge = band.map(|b| (b, crate::engine::Engine::new()));
            if let Some((_, e)) = &mut judge {
                e.options.move_overhead_ms = 0;
                e.options.analyse_mode = true;
            }
            let mut out = Vec::new();
            let mut tries = 0;
            while out.len() < count {
                tries += 1;
                if tries > count * TRIES_PER_OPENING {
                    return Err(MatchError::FewOpenings {
                        found: out.len(),
                        count,
                        plies: *plies,
                        band: *band,
                        tries: tries - 1,
                    });
                }
                let mut game = Game::new(rules.clone());
                let mut moves = Vec::new();
                for _ in 0..*plies {
                    let legal = game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let m = legal[rng.random_range(0..legal.len())];
                    moves.push(m.token(&rules.geo));
                    game.make(m);
                }
                if game.outcome().is_some() {
                    continue;
                }
                let mut label = format!("random {}", crate::rules::plies(*plies));
                if let Some((b, engine)) = &mut judge {
                    let limits = crate::search::Limits::depth(b.depth);
                    let Some(r) = crate::book::build::search(engine, &game, limits, vec![]) else {
                        continue;
                    };
                    let score = crate::book::build::book_score(r.value);
                    if !(b.least..=b.most).contains(&score.abs()) {
                        continue;
                    }
                    label.push_str(&format!(" {score:+} cp"));
                }
                label.push_str(&format!(" #{}", out.len() + 1));
                out.push(Opening {
                    fen: None,
                    label,
                    moves,
                });
            }
            Ok(out)
        }
        Openings::File(path) => {
            let text = std::fs::read_to_string(path).map_err(|error| MatchError::OpeningsFile {
                path: path.clone(),
                error,
            })?;
            suite_openings(rules, &text, &path.display().to_string(), count)
        }
        Openings::Suite => {
            let name = crate::book::book_name(
                &rules.ruleset.name,
                crate::book::ruleset_pieces(&rules.ruleset),
            );
            let text = crate::book::shipped::suite(&name).ok_or_else(|| MatchError::NoSuite {
                name: name.clone(),
                known: crate::book::shipped::suite_names()
                    .map(String::from)
                    .collect(),
            })?;
            suite_openings(rules, text, &format!("suite {name}"), count)
        }
    }
}

/// The openings of a suite's text (comment lines, then one position string or move list per
/// line), repeated to `count`; `source` names the suite in messages and labels.
fn suite_openings<B: Bits>(
    rules: &Arc<Rules<B>>,
    text: &str,
    source: &str,
    count: usize,
) -> Result<Vec<Opening>, MatchError> {
    let mut list = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen_text, moves) = if line.contains('/') {
            let (f, m) = match line.split_once(" moves ") {
                Some((f, m)) => (f, m),
                None => (line, ""),
            };
            (Some(f.to_string()), m)
        } else {
            (None, line)
        };
        let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
        let at_line = |error: crate::rules::Error| MatchError::OpeningLine {
            source: source.to_string(),
            line: i + 1,
            error,
        };
        let mut game = match &fen_text {
            Some(f) => Game::from_fen(rules.clone(), f).map_err(|e| at_line(e.into()))?,
            None => Game::new(rules.clone()),
        };
        game.play_tokens(&moves).map_err(|e| at_line(e.into()))?;
        list.push(Opening {
            fen: fen_text,
            moves,
            label: format!("{source} line {}", i + 1),
        });
    }
    if list.is_empty() {
        return Err(MatchError::NoOpenings {
            source: source.to_string(),
        });
    }
    Ok((0..count).map(|i| list[i % list.len()].clone()).collect())
}
