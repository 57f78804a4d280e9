//! Game records: a PGN-like text format that `latrunculi replay` checks with the rules.
//!
//! ```text
//! [Variant "kowalski-8x12"]
//! [White "full"]
//! [Black "depth2"]
//! [TimeControl "st=0.1"]
//! [Opening "random 4 plies"]
//! [Result "1-0"]
//! [Termination "black has no legal move"]
//! [PlyCount "57"]
//!
//! a1a4 b8b5 ... 1-0
//! ```
//!
//! `Black` names the non-white side in every ruleset (Red in `luductus`). `FEN` is present
//! when the game started from a position string, `Pieces` for `schadler-2001`. The moves are
//! tokens from the start (or the FEN), the opening included, followed by the result:
//! `1-0` (White won), `0-1` (the other side won), `1/2-1/2` or `*`. A move an engine chose
//! is followed by a comment in braces: its score for the mover (`+35` centipawns, `#3` or
//! `#-2` for a win or loss in so many moves; absent when the engine gave none) and the time
//! it took, as `{+35 198ms}`.

use std::sync::Arc;

use crate::board::Bits;
use crate::rules::{AnyRules, Colour, Game, Rules};

/// Why a record cannot be read, set up or replayed.
#[derive(Debug)]
pub enum RecordError {
    /// The text is not records: what is wrong, on which line (from 1) where there is one.
    Syntax {
        line: Option<usize>,
        what: RecordSyntax,
    },
    /// A record without a `Variant` tag.
    NoVariant,
    /// A `Pieces` tag that is not a number.
    BadPieces,
    /// The ruleset, the position string or a move of the record.
    Rules(crate::rules::Error),
    /// The rules end the game otherwise than the record says.
    ResultDisagrees {
        rules: &'static str,
        why: String,
        recorded: String,
    },
    /// The record gives a result, yet the game is not over by the rules and its
    /// termination is none that ends a game outside them.
    NotOver {
        recorded: String,
        termination: String,
    },
}

/// What is wrong with a record's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordSyntax {
    TagAfterMoves,
    TagNotClosed,
    TagWithoutValue,
    TagValueNotQuoted,
    MovesBeforeTags,
    CommentBeforeMoves,
    CommentNotClosed,
    NoResult,
}

impl std::fmt::Display for RecordSyntax {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RecordSyntax::TagAfterMoves => "a tag after the moves of a game",
            RecordSyntax::TagNotClosed => "a tag must end with ]",
            RecordSyntax::TagWithoutValue => "a tag needs a name and a value",
            RecordSyntax::TagValueNotQuoted => "a tag value must be quoted",
            RecordSyntax::MovesBeforeTags => "moves before any tag",
            RecordSyntax::CommentBeforeMoves => "a comment before any move",
            RecordSyntax::CommentNotClosed => "a comment is not closed with }",
            RecordSyntax::NoResult => "the last game has no result token",
        })
    }
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Syntax {
                line: Some(line),
                what,
            } => write!(f, "line {line}: {what}"),
            RecordError::Syntax { line: None, what } => what.fmt(f),
            RecordError::NoVariant => f.write_str("no Variant tag"),
            RecordError::BadPieces => f.write_str("bad Pieces tag"),
            RecordError::Rules(e) => e.fmt(f),
            RecordError::ResultDisagrees {
                rules,
                why,
                recorded,
            } => write!(
                f,
                "the rules say {rules} ({why}), the record says {recorded}"
            ),
            RecordError::NotOver {
                recorded,
                termination,
            } => write!(
                f,
                "the game is not over by the rules, yet the record says {recorded} ({termination})"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl<E: Into<crate::rules::Error>> From<E> for RecordError {
    fn from(e: E) -> Self {
        RecordError::Rules(e.into())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// The comment after each move, if any (shorter than `moves` when the last ones have
    /// none).
    pub notes: Vec<Option<String>>,
    pub result: String,
}

/// PGN's seven tag roster, the tags every record opens with.
pub const PGN_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl Record {
    /// Whether the record's first tags are PGN's seven tag roster, in order.
    pub fn opens_with_roster(&self) -> bool {
        self.tags.len() >= 7 && self.tags.iter().zip(PGN_ROSTER).all(|((n, _), r)| n == r)
    }

    /// A record that opens with PGN's seven tag roster (Event, Site, Date, Round, White,
    /// Black, Result), so that generic PGN tools read it; the result is `*` until set.
    pub fn with_roster(event: &str, round: &str, white: &str, black: &str) -> Record {
        let mut rec = Record::default();
        let date = pgn_date(std::time::SystemTime::now());
        let values = [event, "?", &date, round, white, black, "*"];
        for (name, value) in PGN_ROSTER.iter().zip(values) {
            rec.set(name, value);
        }
        rec.result = "*".into();
        rec
    }

    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// Adds a move with its comment.
    pub fn push_noted(&mut self, token: String, note: String) {
        self.notes.resize(self.moves.len(), None);
        self.moves.push(token);
        self.notes.push(Some(note));
    }

    /// The thinking time in a move's comment, in milliseconds.
    pub fn time_ms(&self, ply: usize) -> Option<u64> {
        let note = self.notes.get(ply)?.as_deref()?;
        note.split_whitespace()
            .find_map(|w| w.strip_suffix("ms")?.parse().ok())
    }

    /// The score in a move's comment (centipawns, the mover's view); `None` for none or a
    /// mate score.
    pub fn score_cp(&self, ply: usize) -> Option<i32> {
        let note = self.notes.get(ply)?.as_deref()?;
        note.split_whitespace().next()?.parse().ok()
    }

    /// The record as text (ends with a blank line).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (n, v) in &self.tags {
            s.push_str(&format!("[{n} \"{}\"]\n", v.replace('"', "'")));
        }
        s.push('\n');
        let mut line = String::new();
        let words = self.moves.iter().enumerate().flat_map(|(i, m)| {
            let note = self.notes.get(i).cloned().flatten();
            std::iter::once(m.clone()).chain(note.map(|n| format!("{{{n}}}")))
        });
        for t in words.chain(std::iter::once(self.result.clone())) {
            if !line.is_empty() && line.len() + 1 + t.len() > 79 {
                s.push_str(&line);
                s.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        s.push_str(&line);
        s.push_str("\n\n");
        s
    }

    /// Reads every record in a text.
    pub fn parse_all(text: &str) -> Result<Vec<Record>, RecordError> {
        let wrong = |line: usize, what| RecordError::Syntax {
            line: Some(line + 1),
            what,
        };
        let mut out = Vec::new();
        let mut cur: Option<Record> = None;
        let mut in_moves = false;
        // The comment being read, when one spans several words (or lines).
        let mut note: Option<String> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.starts_with('[') {
                if in_moves {
                    return Err(wrong(i, RecordSyntax::TagAfterMoves));
                }
                let inner = line
                    .strip_prefix('[')
                    .and_then(|l| l.strip_suffix(']'))
                    .ok_or_else(|| wrong(i, RecordSyntax::TagNotClosed))?;
                let (name, value) = inner
                    .split_once(' ')
                    .ok_or_else(|| wrong(i, RecordSyntax::TagWithoutValue))?;
                let value = value
                    .trim()
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| wrong(i, RecordSyntax::TagValueNotQuoted))?;
                cur.get_or_insert_with(Record::default).set(name, value);
            } else if line.is_empty() {
                continue;
            } else {
                let rec = cur
                    .as_mut()
                    .ok_or_else(|| wrong(i, RecordSyntax::MovesBeforeTags))?;
                in_moves = true;
                for w in line.split_whitespace() {
                    if note.is_some() || w.starts_with('{') {
                        let text = note.get_or_insert_with(String::new);
                        if !text.is_empty() {
                            text.push(' ');
                        }
                        text.push_str(w.trim_start_matches('{'));
                        if text.ends_with('}') {
                            text.pop();
                            let n = rec.moves.len();
                            if n == 0 {
                                return Err(wrong(i, RecordSyntax::CommentBeforeMoves));
                            }
                            rec.notes.resize(n, None);
                            rec.notes[n - 1] = note.take();
                        }
                        continue;
                    }
                    if ["1-0", "0-1", "1/2-1/2", "*"].contains(&w) {
                        rec.result = w.to_string();
                        out.push(cur.take().unwrap_or_default());
                        in_moves = false;
                        break;
                    }
                    rec.moves.push(w.to_string());
                }
            }
        }
        let at_end = |what| RecordError::Syntax { line: None, what };
        if note.is_some() {
            return Err(at_end(RecordSyntax::CommentNotClosed));
        }
        if cur.is_some() {
            return Err(at_end(RecordSyntax::NoResult));
        }
        Ok(out)
    }
}

/// The result token for a winner (`None` for a draw).
pub fn result_token(winner: Option<Colour>) -> &'static str {
    match winner {
        Some(Colour::White) => "1-0",
        Some(Colour::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// The ruleset a record is played in: its `Variant`, with its `Pieces` and `VariantPath`
/// where given.
pub fn rules_of(rec: &Record) -> Result<AnyRules, RecordError> {
    let variant = rec.tag("Variant").ok_or(RecordError::NoVariant)?;
    let pieces = match rec.tag("Pieces") {
        None => None,
        Some(p) => Some(p.parse::<u8>().map_err(|_| RecordError::BadPieces)?),
    };
    let path = rec.tag("VariantPath").map(std::path::Path::new);
    Ok(crate::rules::Catalogue::with_file(path)?
        .0
        .rules(variant, pieces)?)
}

/// The game a record starts from: at the start or at its `FEN`.
pub fn start<B: Bits>(rec: &Record, rules: Arc<Rules<B>>) -> Result<Game<B>, RecordError> {
    match rec.tag("FEN") {
        Some(f) => Ok(Game::from_fen(rules, f)?),
        None => Ok(Game::new(rules)),
    }
}

/// A date in PGN's form, `2026.12.01` (UTC).
pub fn pgn_date(t: std::time::SystemTime) -> String {
    let days = t
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Who made each move of a record (not simply alternating: a side may act several times
/// in a row).
pub fn movers(rec: &Record) -> Result<Vec<Colour>, RecordError> {
    crate::with_width!(rules_of(rec)?, r => {
        let mut game = start(rec, r)?;
        let mut out = Vec::with_capacity(rec.moves.len());
        for t in &rec.moves {
            out.push(game.position().side);
            game.play_token(t)?;
        }
        Ok(out)
    })
}

/// Whether a record's `Termination` names an end that the rules do not make: a resignation,
/// an adjudication, a time forfeit, an illegal move or a crash of an engine, a stopped or
/// abandoned match, a draw agreed. Such a game may stop before the rules end it.
pub fn decided_outside_the_rules(termination: &str) -> bool {
    const WORDS: [&str; 8] = [
        "resign",
        "adjudicat",
        "forfeit",
        "illegal",
        "crash",
        "stopped",
        "abandon",
        "agreed",
    ];
    let t = termination.to_ascii_lowercase();
    WORDS.iter().any(|w| t.contains(w))
}

/// Replays a record with the rules. Returns a one-line summary, or what is wrong: an illegal
/// move, a result the rules disagree with, or a game that ended by the rules but goes on.
pub fn check(rec: &Record) -> Result<String, RecordError> {
    crate::with_width!(rules_of(rec)?, r => check_on(rec, start(rec, r)?))
}

fn check_on<B: Bits>(rec: &Record, mut game: Game<B>) -> Result<String, RecordError> {
    game.play_tokens(&rec.moves)?;
    let recorded = rec.result.as_str();
    let termination = rec.tag("Termination").unwrap_or("");
    match game.outcome() {
        Some(o) => {
            let want = result_token(o.winner);
            if recorded != want {
                return Err(RecordError::ResultDisagrees {
                    rules: want,
                    why: o.describe(game.ruleset()),
                    recorded: recorded.to_string(),
                });
            }
            Ok(format!("{recorded} {}", o.describe(game.ruleset())))
        }
        None => {
            if recorded == "*" {
                Ok(format!("{recorded} {termination}"))
            } else if decided_outside_the_rules(termination) {
                Ok(format!(
                    "{recorded} {termination} (decided outside the rules)"
                ))
            } else {
                Err(RecordError::NotOver {
                    recorded: recorded.to_string(),
                    termination: termination.to_string(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_record_opens_with_the_roster_and_a_bare_one_does_not() {
        let rec = Record::with_roster("e", "1", "a", "b");
        assert!(rec.opens_with_roster());
        assert_eq!(rec.tag("Result"), Some("*"));
        let mut bare = Record::default();
        bare.set("Variant", "murray");
        assert!(!bare.opens_with_roster());
    }

    #[test]
    fn records_round_trip_and_replay() {
        let mut r = Record::default();
        r.set("Variant", "murray");
        r.set("White", "a");
        r.set("Black", "b");
        r.set("FEN", "7M/8/8/1m6/1M6/2m5/8/8 b - 0 0");
        r.set("Termination", "adjudication: draw");
        r.moves = vec!["c3b3".into()];
        r.push_noted("h8h1".into(), "+35 198ms".into());
        r.result = "1/2-1/2".into();
        let text = r.to_text() + &r.to_text();
        assert!(text.contains("c3b3 h8h1 {+35 198ms} 1/2-1/2"), "{text}");
        let back = Record::parse_all(&text).unwrap();
        assert_eq!(back, vec![r.clone(), r.clone()]);
        assert_eq!((r.time_ms(0), r.time_ms(1)), (None, Some(198)));
        assert!(check(&r).is_ok());
        let mut wrong = r.clone();
        wrong.moves.push("a1a9".into());
        assert!(check(&wrong).is_err());
        let mut unfinished = r.clone();
        unfinished.set("Termination", "black has no legal move");
        assert!(check(&unfinished).is_err());
    }

    #[test]
    fn a_natural_end_must_match_the_rules() {
        let mut r = Record::default();
        r.set("Variant", "murray");
        r.set("FEN", "7M/8/8/1m6/1M6/2m5/8/8 b - 0 0");
        r.moves = vec!["c3b3".into()];
        r.result = "0-1".into();
        // White still has its man on h8: the game is not over.
        assert!(check(&r).is_err());
        r.set("FEN", "8/8/8/1m6/1M6/2m5/8/8 b - 0 0");
        assert!(
            check(&r)
                .unwrap()
                .starts_with("0-1 white has only the king left")
        );
        r.result = "1-0".into();
        assert!(check(&r).is_err());
    }

    /// A resignation, a time forfeit or an adjudication ends a game the rules have not ended:
    /// such a record replays, and says so; a plain reason does not excuse an early result.
    #[test]
    fn ends_outside_the_rules_replay_as_such() {
        let mut r = Record::default();
        r.set("Variant", "murray");
        r.moves = vec!["a1a2".into(), "a8a7".into()];
        for (termination, result) in [
            ("white resigns", "0-1"),
            ("time forfeit: black lost on time", "1-0"),
            (
                "adjudication: both engines agree the game is decided",
                "1-0",
            ),
            ("draw agreed", "1/2-1/2"),
        ] {
            r.set("Termination", termination);
            r.result = result.into();
            assert_eq!(
                check(&r).unwrap(),
                format!("{result} {termination} (decided outside the rules)")
            );
        }
        r.set("Termination", "white has no legal move");
        assert!(matches!(check(&r), Err(RecordError::NotOver { .. })));
        r.result = "*".into();
        assert!(check(&r).is_ok(), "an unfinished game replays");
    }

    #[test]
    fn pgn_dates() {
        use std::time::{Duration, UNIX_EPOCH};
        assert_eq!(pgn_date(UNIX_EPOCH), "1970.01.01");
        assert_eq!(
            pgn_date(UNIX_EPOCH + Duration::from_secs(951_782_400)),
            "2000.02.29"
        );
        assert_eq!(
            pgn_date(UNIX_EPOCH + Duration::from_secs(1_796_083_200)),
            "2026.12.01"
        );
    }

    #[test]
    fn broken_text_is_reported() {
        let what = |text| match Record::parse_all(text) {
            Err(RecordError::Syntax { line, what }) => (line, what),
            other => panic!("{text}: {other:?}"),
        };
        use RecordSyntax::*;
        assert_eq!(what("[Variant \"murray\"]\n\na1a2"), (None, NoResult));
        assert_eq!(what("a1a2 1-0"), (Some(1), MovesBeforeTags));
        assert_eq!(
            what("[Variant murray]\n\n1-0"),
            (Some(1), TagValueNotQuoted)
        );
        assert_eq!(
            what("[Variant \"murray\"]\n\na1a2 {+3 1-0"),
            (None, CommentNotClosed)
        );
        assert_eq!(
            what("[Variant \"murray\"]\n\n{+3} a1a2 1-0"),
            (Some(3), CommentBeforeMoves)
        );
        assert_eq!(
            RecordError::Syntax {
                line: Some(3),
                what: CommentBeforeMoves
            }
            .to_string(),
            "line 3: a comment before any move"
        );
    }
}
