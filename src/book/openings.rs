//! Opening suites for the match runner, taken from a book: the lines the book plays to a
//! given depth that a short search still finds balanced, so that matches start from varied
//! but fair positions (the runner plays each one twice, colours swapped).

use std::collections::HashSet;
use std::sync::Arc;

use super::error::BookError;
use super::key::key_of;
use super::table::Book;
use crate::board::Bits;
use crate::engine::Engine;
use crate::rules::{Game, Rules};
use crate::search::Limits;

/// What to collect.
#[derive(Clone, Debug)]
pub struct OpeningsConfig {
    /// Plies of book moves from the start.
    pub plies: u32,
    /// Largest evaluation (centipawns, either side) an opening may have.
    pub margin: i32,
    /// Most openings to keep.
    pub count: usize,
    /// Depth of the search that evaluates each candidate (MCTS while placing: 256 playouts
    /// per unit).
    pub depth: u32,
}

/// A balanced book line.
#[derive(Clone, Debug, PartialEq)]
pub struct BookLine {
    pub moves: Vec<String>,
    /// Games through the line's last book move.
    pub visits: u32,
    /// The evaluation of the reached position (side to move's view).
    pub score: i32,
}

/// Every line of book moves `plies` long, one per reached position (a position and its
/// mirror count once), with the games through its last move.
fn lines<B: Bits>(book: &Book, rules: &Arc<Rules<B>>, plies: u32) -> Vec<(Vec<String>, u32)> {
    let mut out = Vec::new();
    let mut expanded = HashSet::new();
    let mut reached = HashSet::new();
    let mut game = Game::new(rules.clone());
    let mut line = Vec::new();
    walk(
        book,
        &mut game,
        plies,
        &mut line,
        0,
        &mut expanded,
        &mut reached,
        &mut out,
    );
    out
}

#[allow(clippy::too_many_arguments)]
fn walk<B: Bits>(
    book: &Book,
    game: &mut Game<B>,
    left: u32,
    line: &mut Vec<String>,
    visits: u32,
    expanded: &mut HashSet<(u64, u32)>,
    reached: &mut HashSet<u64>,
    out: &mut Vec<(Vec<String>, u32)>,
) {
    let key = key_of(game.rules(), game.position()).key;
    if left == 0 {
        if game.outcome().is_none() && reached.insert(key) {
            out.push((line.clone(), visits));
        }
        return;
    }
    // A position reached again with as many plies to go has nothing new below it.
    if !expanded.insert((key, left)) {
        return;
    }
    for m in book.probe(game) {
        if m.entry.weight == 0 {
            continue;
        }
        game.make(m.mv);
        line.push(m.token);
        walk(
            book,
            game,
            left - 1,
            line,
            m.entry.visits,
            expanded,
            reached,
            out,
        );
        line.pop();
        game.undo();
    }
}

/// The balanced lines, most played first (ties in move order), at most `cfg.count`.
/// `progress` is told how many candidates were evaluated out of how many.
pub fn openings<B: Bits>(
    book: &Book,
    rules: &Arc<Rules<B>>,
    cfg: &OpeningsConfig,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<BookLine>, BookError> {
    book.check_rules(rules)?;
    let mut candidates = lines(book, rules, cfg.plies);
    candidates.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let mut engine = Engine::new();
    engine.options.move_overhead_ms = 0;
    engine.options.analyse_mode = true;
    let mut out = Vec::new();
    let total = candidates.len();
    for (i, (moves, visits)) in candidates.into_iter().enumerate() {
        if out.len() >= cfg.count {
            break;
        }
        progress(i, total);
        let mut game = Game::new(rules.clone());
        game.play_tokens(&moves)?;
        let Some(r) = super::build::search(&mut engine, &game, Limits::depth(cfg.depth), vec![])
        else {
            continue;
        };
        let score = super::build::book_score(r.value);
        if score.abs() <= cfg.margin {
            out.push(BookLine {
                moves,
                visits,
                score,
            });
        }
    }
    Ok(out)
}

/// The openings file the match runner reads (`--openings file=PATH`): comment lines, then
/// one line of move tokens from the start position per opening.
pub fn file_text(book: &Book, cfg: &OpeningsConfig, lines: &[BookLine]) -> String {
    let mut s = format!(
        "# {} openings from the {} book: {} of book moves, evaluation within {} cp at depth {}\n",
        lines.len(),
        book.name(),
        crate::rules::plies(cfg.plies as usize),
        cfg.margin,
        cfg.depth
    );
    s.push_str(
        "# Made by `latrunculi book openings`; one line of moves from the start per opening.\n",
    );
    for l in lines {
        s.push_str(&l.moves.join(" "));
        s.push('\n');
    }
    s
}
