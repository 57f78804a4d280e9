//! Results read back from record files: a tally per pair of engines and how the games ended.
//!
//! A long match can be played in parts (different seeds, different sessions, different
//! files); `latrunculi replay` combines the parts into one score, Elo and pentanomial count,
//! so the parts need not be added up by hand.

use std::collections::HashMap;

use super::record::{Record, movers};
use super::stats::Tally;
use crate::rules::Colour;

/// The combined results of one pair of engines, `a` being the first one met.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Encounter {
    pub a: String,
    pub b: String,
    /// From `a`'s side.
    pub tally: Tally,
    /// How the games ended, counted by termination (adjudications and forfeits included).
    pub endings: Vec<(String, u32)>,
    /// The thinking time of `a` and of `b`.
    pub times: [Times; 2],
    /// `a`'s evaluation over the window of plies asked for.
    pub scores: Scores,
}

impl Encounter {
    /// The same encounter seen from `b`'s side: `b` becomes the first engine, and the
    /// results, pair counts, times and scores turn round with it (an SPRT is one-sided, so
    /// it must be read from the side of the engine under test).
    pub fn swapped(self) -> Encounter {
        let t = self.tally;
        let mut pairs = t.pairs;
        pairs.reverse();
        let [ta, tb] = self.times;
        Encounter {
            a: self.b,
            b: self.a,
            tally: Tally {
                wins: t.losses,
                losses: t.wins,
                draws: t.draws,
                pairs,
            },
            endings: self.endings,
            times: [tb, ta],
            scores: Scores {
                games: self.scores.games.iter().map(|x| -x).collect(),
                pairs: self.scores.pairs.iter().map(|x| -x).collect(),
            },
        }
    }
}

/// What both engines thought of `a`'s position over a window of plies: per game the mean of
/// the scores noted there (each turned to `a`'s side), and per pair of games (same opening,
/// colours swapped) the mean of the two. Between engines that differ only before the window
/// (say in how they place their pieces), this measures what that difference is worth with far
/// less noise than the results.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scores {
    pub games: Vec<f64>,
    pub pairs: Vec<f64>,
}

impl Scores {
    /// Mean over the pairs and its standard error, if there are two pairs or more.
    pub fn paired_mean(&self) -> Option<(f64, f64)> {
        let n = self.pairs.len();
        if n < 2 {
            return None;
        }
        let mean = self.pairs.iter().sum::<f64>() / n as f64;
        let var = self.pairs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        Some((mean, (var / n as f64).sqrt()))
    }
}

/// What `tally` adds up besides the results.
#[derive(Clone, Debug, Default)]
pub struct Windows {
    /// Thinking times count as the opening's up to this ply of the game.
    pub opening_plies: usize,
    /// The plies (1-based, inclusive) whose scores `Encounter::scores` averages.
    pub score_plies: Option<(usize, usize)>,
}

/// Thinking time spent by one engine, from the times noted in the records, split at the
/// opening's end (a number of plies from the start of the game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Times {
    /// Milliseconds and moves in the opening.
    pub opening: (u64, u32),
    /// Milliseconds and moves after it.
    pub later: (u64, u32),
}

impl Times {
    /// Milliseconds per move in the opening and after it.
    pub fn per_move(&self) -> (f64, f64) {
        let avg = |(ms, n): (u64, u32)| ms as f64 / n.max(1) as f64;
        (avg(self.opening), avg(self.later))
    }
}

/// `a`'s points in a game, or `None` if the game has no result.
fn points_of(rec: &Record, a: &str) -> Option<f64> {
    let white_points = match rec.result.as_str() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return None,
    };
    Some(if rec.tag("White") == Some(a) {
        white_points
    } else {
        1.0 - white_points
    })
}

/// What a termination says, without the position or the numbers that differ game by game.
fn ending_kind(rec: &Record) -> String {
    let t = rec.tag("Termination").unwrap_or("unknown");
    let cut = t.find([':', '(']).map_or(t, |i| &t[..i]);
    match cut.trim() {
        // "time forfeit: NAME ..." and "crash: NAME ..." keep the name.
        kind @ ("time forfeit" | "crash") => {
            let name = t[cut.len()..]
                .trim_start_matches(':')
                .split_whitespace()
                .next()
                .unwrap_or("?");
            format!("{kind}: {name}")
        }
        "adjudication" => t.to_string(),
        other => other.to_string(),
    }
}

/// Tallies games by pair of engines. `files` holds the records of each file apart: games
/// pair up (same opening, colours swapped) only within a file, in the order they appear.
/// `windows` says where the opening ends (for the times) and which plies' scores to average.
pub fn tally(files: &[Vec<Record>], windows: &Windows) -> Vec<Encounter> {
    let mut encounters: Vec<Encounter> = Vec::new();
    for records in files {
        let mut waiting: HashMap<(usize, String), (f64, Option<f64>)> = HashMap::new();
        for rec in records {
            let (Some(white), Some(black)) = (rec.tag("White"), rec.tag("Black")) else {
                continue;
            };
            let index = match encounters
                .iter()
                .position(|e| (e.a == white && e.b == black) || (e.a == black && e.b == white))
            {
                Some(i) => i,
                None => {
                    encounters.push(Encounter {
                        a: white.to_string(),
                        b: black.to_string(),
                        ..Encounter::default()
                    });
                    encounters.len() - 1
                }
            };
            let e = &mut encounters[index];
            let Some(points) = points_of(rec, &e.a) else {
                continue;
            };
            e.tally.add_game(points);
            let mut window = (0.0, 0);
            if let Ok(sides) = movers(rec) {
                for (ply, side) in sides.into_iter().enumerate() {
                    let name = if side == Colour::White { white } else { black };
                    if let (Some((from, to)), Some(cp)) = (windows.score_plies, rec.score_cp(ply))
                        && (from..=to).contains(&(ply + 1))
                    {
                        window.0 += if name == e.a { cp } else { -cp } as f64;
                        window.1 += 1;
                    }
                    let Some(ms) = rec.time_ms(ply) else { continue };
                    let t = &mut e.times[usize::from(name != e.a)];
                    let part = if ply < windows.opening_plies {
                        &mut t.opening
                    } else {
                        &mut t.later
                    };
                    part.0 += ms;
                    part.1 += 1;
                }
            }
            let kind = ending_kind(rec);
            match e.endings.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, n)) => *n += 1,
                None => e.endings.push((kind, 1)),
            }
            let opening = format!(
                "{}|{}",
                rec.tag("Opening").unwrap_or(""),
                rec.tag("FEN").unwrap_or("")
            );
            let score = (window.1 > 0).then(|| window.0 / window.1 as f64);
            e.scores.games.extend(score);
            match waiting.remove(&(index, opening.clone())) {
                Some((other, other_score)) => {
                    e.tally.add_pair(other + points);
                    if let (Some(x), Some(y)) = (other_score, score) {
                        e.scores.pairs.push((x + y) / 2.0);
                    }
                }
                None => {
                    waiting.insert((index, opening), (points, score));
                }
            }
        }
    }
    for e in &mut encounters {
        e.endings.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
    }
    encounters
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(white: &str, black: &str, opening: &str, result: &str, why: &str) -> Record {
        let mut r = Record::default();
        r.set("White", white);
        r.set("Black", black);
        r.set("Opening", opening);
        r.set("Termination", why);
        r.result = result.to_string();
        r
    }

    #[test]
    fn games_pair_by_opening_within_a_file_and_add_up_across_files() {
        let first = vec![
            game("x", "y", "o1", "1-0", "black has no legal move"),
            game("x", "y", "o2", "1/2-1/2", "threefold repetition"),
            game(
                "y",
                "x",
                "o1",
                "1-0",
                "time forfeit: y overstepped its clock by 5 ms",
            ),
            game("y", "x", "o2", "0-1", "adjudication: draw by length"),
        ];
        // The same opening label in another file is another opening.
        let second = vec![
            game("x", "y", "o1", "0-1", "white has no legal move"),
            game("y", "x", "o1", "0-1", "white has no legal move"),
        ];
        let e = tally(
            &[first, second],
            &Windows {
                opening_plies: 20,
                score_plies: None,
            },
        );
        assert_eq!(e.len(), 1);
        let e = &e[0];
        assert_eq!((e.a.as_str(), e.b.as_str()), ("x", "y"));
        assert_eq!((e.tally.wins, e.tally.draws, e.tally.losses), (3, 1, 2));
        // o1: 1 + 0 = 1 point; o2: 0.5 + 1 = 1.5; second file o1: 0 + 1 = 1.
        assert_eq!(e.tally.pairs, [0, 0, 2, 1, 0]);
        assert!(e.endings.contains(&("time forfeit: y".to_string(), 1)));
        assert!(
            e.endings
                .contains(&("white has no legal move".to_string(), 2))
        );
    }

    /// Seen from the other side, a win is a loss and a pair's points are two minus them.
    #[test]
    fn an_encounter_turns_round_for_the_other_engine() {
        let games = vec![
            game("x", "y", "o1", "1-0", "black has no legal move"),
            game("y", "x", "o1", "1/2-1/2", "threefold repetition"),
            game("x", "y", "o2", "0-1", "white has no legal move"),
            game("y", "x", "o2", "0-1", "white has no legal move"),
        ];
        let windows = Windows {
            opening_plies: 20,
            score_plies: None,
        };
        let e = tally(&[games], &windows).remove(0);
        assert_eq!((e.tally.wins, e.tally.draws, e.tally.losses), (2, 1, 1));
        // x scored 1.5 in o1 and 1 in o2.
        assert_eq!(e.tally.pairs, [0, 0, 1, 1, 0]);
        let s = e.clone().swapped();
        assert_eq!((s.a.as_str(), s.b.as_str()), ("y", "x"));
        assert_eq!((s.tally.wins, s.tally.draws, s.tally.losses), (1, 1, 2));
        assert_eq!(s.tally.pairs, [0, 1, 1, 0, 0]);
        assert_eq!(s.times, [e.times[1].clone(), e.times[0].clone()]);
        assert_eq!(s.swapped(), e);
    }

    /// Times split at the opening's end, each move to the engine that made it.
    #[test]
    fn thinking_time_goes_to_the_mover_and_splits_at_the_opening() {
        let mut r = game("x", "y", "o1", "1/2-1/2", "adjudication: draw by length");
        r.set("Variant", "murray");
        // Murray: Black moves first.
        r.moves = vec!["a1a3".into()];
        r.push_noted("a8a6".into(), "+5 100ms".into());
        r.push_noted("b1b3".into(), "-7 40ms".into());
        r.push_noted("b8b6".into(), "#3 300ms".into());
        let e = &tally(
            &[vec![r]],
            &Windows {
                opening_plies: 2,
                score_plies: None,
            },
        )[0];
        // x is White (second to move), y is Black.
        assert_eq!(e.times[0].opening, (100, 1));
        assert_eq!(e.times[0].later, (300, 1));
        assert_eq!(e.times[1].opening, (0, 0));
        assert_eq!(e.times[1].later, (40, 1));
    }

    /// Scores turn to the first engine's side by who moved, mate scores are left out, and
    /// a pair's value is the mean of its two games.
    #[test]
    fn scores_over_a_window_of_plies_turn_to_the_first_engine_and_pair_up() {
        // Murray: Black moves first, so in a game with x as White, y makes plies 1 and 3.
        let mut first = game("x", "y", "o1", "1/2-1/2", "adjudication: draw by length");
        first.set("Variant", "murray");
        first.push_noted("a1a3".into(), "+40 10ms".into()); // y: x is 40 behind
        first.push_noted("a8a6".into(), "+10 10ms".into()); // x: 10 ahead
        first.push_noted("b1b3".into(), "#2 10ms".into()); // a mate score: left out
        first.push_noted("b8b6".into(), "-90 10ms".into()); // ply 4: outside the window
        let mut second = game("y", "x", "o1", "1/2-1/2", "adjudication: draw by length");
        second.set("Variant", "murray");
        second.push_noted("a1a3".into(), "+20 10ms".into()); // x: 20 ahead
        second.push_noted("a8a6".into(), "-30 10ms".into()); // y: x is 30 ahead
        let windows = Windows {
            opening_plies: 0,
            score_plies: Some((1, 3)),
        };
        let e = &tally(&[vec![first, second]], &windows)[0];
        assert_eq!(e.scores.games, vec![-15.0, 25.0]);
        assert_eq!(e.scores.pairs, vec![5.0]);
        assert_eq!(e.scores.paired_mean(), None);
    }

    #[test]
    fn the_paired_mean_has_its_standard_error() {
        let s = Scores {
            games: vec![],
            pairs: vec![1.0, 3.0, 5.0, 7.0],
        };
        let (mean, se) = s.paired_mean().unwrap();
        assert_eq!(mean, 4.0);
        // Sample variance 20/3, over 4 pairs.
        assert!((se - (20.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
    }
}
