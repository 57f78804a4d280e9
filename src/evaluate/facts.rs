//! What one game says about its ruleset, read by replaying its record with the rules: who
//! won and how the game ended, its length in plies and turns, the moves there were to choose
//! from, the squares it used, the positions it repeated, and what the players thought of it
//! move by move (the search scores of the record's notes).

use std::collections::HashSet;

use crate::board::Bits;
use crate::matches::record::{self, Record, RecordError};
use crate::rules::{Colour, Game};

/// The scale of a score: a score of `s` centipawns for the mover is a win chance of
/// `1 / (1 + exp(-s / SCORE_SCALE))`, as the engine's learned evaluation reads its output.
pub const SCORE_SCALE: f64 = crate::nnue::SCALE as f64;

/// How a game ended, as counted in a report: the rules' own reason code (`no-legal-move`,
/// `threefold-repetition`, ...), or `max-plies` (the study's length cap), or what else
/// stopped it (`adjudication`, `forfeit`, `crash`, `illegal-move`, `other`).
pub type EndCode = String;

/// The facts of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameFacts {
    /// The game's number in its run (the record's `Round`).
    pub round: usize,
    /// The player who acts first (Ludii's P1), and the names of P1's and P2's colours.
    pub p1: Colour,
    pub names: [String; 2],
    /// `None` for a draw.
    pub winner: Option<Colour>,
    pub end: EndCode,
    /// The game did not end by play: it reached the study's length cap or the ruleset's own
    /// ply limit (Ludii's "timeout").
    pub timeout: bool,
    pub plies: usize,
    /// Plies grouped by mover: a side that acts several times in a row (a bonus ply, a
    /// placement of two men) takes one turn.
    pub turns: usize,
    /// Legal plies in each position where one was chosen, averaged over the game.
    pub branching: f64,
    /// Share of the board's squares that held a piece at some point of the game.
    pub coverage: f64,
    /// 1 - (distinct positions / positions), over every position of the game.
    pub repetition: f64,
    /// P1's win chance after each ply whose note has a score (from the mover's score).
    pub p1_chances: Vec<f64>,
    /// `(ply, P1's score in centipawns)` for each ply whose note has one (mates as
    /// +-[`MATE_CP`]).
    pub p1_scores: Vec<(usize, i32)>,
}

/// The centipawns a mate score stands as: far beyond any score of material and position.
pub const MATE_CP: i32 = 100_000;

/// The mover's score in a move's note: centipawns, or a mate as +-[`MATE_CP`].
fn mover_score(rec: &Record, ply: usize) -> Option<i32> {
    if let Some(cp) = rec.score_cp(ply) {
        return Some(cp);
    }
    let note = rec.notes.get(ply)?.as_deref()?;
    let mate: i32 = note
        .split_whitespace()
        .next()?
        .strip_prefix('#')?
        .parse()
        .ok()?;
    Some(if mate > 0 { MATE_CP } else { -MATE_CP })
}

/// The win chance a score gives the mover.
pub fn chance(cp: i32) -> f64 {
    if cp.abs() >= MATE_CP {
        return if cp > 0 { 1.0 } else { 0.0 };
    }
    1.0 / (1.0 + (-(cp as f64) / SCORE_SCALE).exp())
}

/// How a game that the rules did not end was stopped, from its `Termination`.
fn stopped_by(termination: &str) -> &'static str {
    let t = termination.to_ascii_lowercase();
    if t.contains("draw by length") {
        "max-plies"
    } else if t.contains("adjudicat") || t.contains("resign") {
        "adjudication"
    } else if t.contains("forfeit") {
        "forfeit"
    } else if t.contains("crash") {
        "crash"
    } else if t.contains("illegal") {
        "illegal-move"
    } else {
        "other"
    }
}

/// The facts of a game, from its record, replayed with the rules.
pub fn of_record(rec: &Record) -> Result<GameFacts, RecordError> {
    crate::with_width!(record::rules_of(rec)?, r => {
        let game = record::start(rec, r)?;
        replay(rec, game)
    })
}

fn replay<B: Bits>(rec: &Record, mut game: Game<B>) -> Result<GameFacts, RecordError> {
    let p1 = game.position().side;
    let names = [p1, p1.other()].map(|c| game.ruleset().colour_name(c).to_string());
    let geo = &game.rules().geo;
    let squares = (geo.rows * geo.cols) as f64;
    let mut covered = game.position().occupied();
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(game.position().full_key());
    let (mut positions, mut choices, mut turns) = (1usize, 0usize, 0usize);
    let mut last_mover = None;
    let mut p1_chances = Vec::new();
    let mut p1_scores = Vec::new();
    for (ply, token) in rec.moves.iter().enumerate() {
        let mover = game.position().side;
        choices += game.legal_moves().len();
        if last_mover != Some(mover) {
            turns += 1;
            last_mover = Some(mover);
        }
        game.play_token(token)?;
        covered |= game.position().occupied();
        seen.insert(game.position().full_key());
        positions += 1;
        if let Some(cp) = mover_score(rec, ply) {
            let p1_cp = if mover == p1 { cp } else { -cp };
            p1_scores.push((ply, p1_cp));
            p1_chances.push(chance(p1_cp));
        }
    }
    let plies = rec.moves.len();
    let winner = match rec.result.as_str() {
        "1-0" => Some(Colour::White),
        "0-1" => Some(Colour::Black),
        _ => None,
    };
    let (end, timeout) = match game.outcome() {
        Some(o) => (
            o.code().to_string(),
            matches!(o.reason, crate::rules::Reason::PlyLimit(_)),
        ),
        None => {
            let code = stopped_by(rec.tag("Termination").unwrap_or(""));
            (code.to_string(), code == "max-plies")
        }
    };
    Ok(GameFacts {
        p1,
        names,
        round: rec.tag("Round").and_then(|r| r.parse().ok()).unwrap_or(0),
        winner,
        end,
        timeout,
        plies,
        turns,
        branching: if plies == 0 {
            0.0
        } else {
            choices as f64 / plies as f64
        },
        coverage: covered.count() as f64 / squares,
        repetition: 1.0 - seen.len() as f64 / positions as f64,
        p1_chances,
        p1_scores,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of murray played through: the facts count what the game shows.
    #[test]
    fn the_facts_of_a_short_game_are_counted_from_its_moves() {
        let text = "[Event \"t\"]\n[Site \"?\"]\n[Date \"2026.12.05\"]\n[Round \"3\"]\n\
                    [White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Variant \"murray\"]\n\n\
                    a1a5 {+20 5ms} h8h4 {-30 5ms} *\n";
        let rec = Record::parse_all(text).unwrap().remove(0);
        let f = of_record(&rec).unwrap();
        assert_eq!(f.round, 3);
        assert_eq!(f.plies, 2);
        assert_eq!(f.turns, 2);
        assert_eq!(f.winner, None);
        assert_eq!(f.end, "other");
        assert!(!f.timeout);
        // In murray Black (P1) moves first; its view: +20 after its move, +30 after White's
        // (White thought -30).
        assert_eq!(f.p1, Colour::Black);
        assert_eq!(f.names, ["black".to_string(), "white".to_string()]);
        assert_eq!(f.p1_scores, vec![(0, 20), (1, 30)]);
        assert!(f.p1_chances[1] > f.p1_chances[0] && f.p1_chances[0] > 0.5);
        // Three distinct positions, none repeated.
        assert_eq!(f.repetition, 0.0);
        // The start's pieces, and the two empty squares they moved to, of 64.
        let rules = crate::rules::Rules::<u128>::new(crate::rules::preset("murray").unwrap());
        let start = Game::new(std::sync::Arc::new(rules.unwrap()));
        let at_start = start.position().occupied().count() as f64;
        assert_eq!(f.coverage, (at_start + 2.0) / 64.0);
        assert!(f.branching > 10.0, "{}", f.branching);
    }

    #[test]
    fn a_mate_note_is_a_certain_result() {
        assert_eq!(chance(MATE_CP), 1.0);
        assert_eq!(chance(-MATE_CP), 0.0);
        assert_eq!(chance(0), 0.5);
        // Ten men ahead is not yet a won game.
        assert!(chance(1000) > 0.9 && chance(1000) < 1.0);
    }
}
