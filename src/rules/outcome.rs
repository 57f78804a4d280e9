//! How a game ended, and the reason in words.

use super::ruleset::{Colour, Ruleset};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The loser is down to the ruleset's minimum of men or pieces (the ruleset's words say
    /// how: "has one piece left").
    MenLost,
    /// The loser's leader was captured.
    LeaderCaptured,
    /// The side to move had no legal move; `superko` when every move it had would have
    /// repeated an earlier position; `counted` when pieces were then counted.
    NoLegalMove { superko: bool, counted: bool },
    /// The quiet-ply limit was reached; pieces were counted.
    QuietLimit(u16),
    /// Two passes in a row.
    TwoPasses,
    /// The same position occurred for the third time with the same side to move.
    Threefold,
    /// The total ply limit was reached.
    PlyLimit(u32),
}

/// The end of a game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Colour>,
    pub reason: Reason,
    /// For a decision by counting pieces (quiet limit, no move with counting): the side that
    /// had to move, which the reason names.
    pub stuck: Colour,
}

impl Outcome {
    /// `white`, `black`, `red` or `draw`.
    pub fn result_word<'a>(&self, r: &'a Ruleset) -> &'a str {
        match self.winner {
            Some(c) => r.colour_name(c),
            None => "draw",
        }
    }

    /// The result for people: `black wins: white has two men or fewer`, `draw: ...`.
    pub fn headline(&self, r: &Ruleset) -> String {
        match self.winner {
            Some(c) => format!("{} wins: {}", r.colour_name(c), self.describe(r)),
            None => format!("draw: {}", self.describe(r)),
        }
    }

    /// A short machine-friendly code for the reason, e.g. `no-legal-move`.
    pub fn code(&self) -> &'static str {
        match self.reason {
            Reason::MenLost => "too-few-men",
            Reason::LeaderCaptured => "leader-captured",
            Reason::NoLegalMove { .. } => "no-legal-move",
            Reason::QuietLimit(_) => "quiet-ply-limit",
            Reason::TwoPasses => "two-passes",
            Reason::Threefold => "threefold-repetition",
            Reason::PlyLimit(_) => "ply-limit",
        }
    }

    /// The reason in words, e.g. "black has no legal move" or "30 plies without capture:
    /// white has more pieces".
    pub fn describe(&self, r: &Ruleset) -> String {
        let loser = self.winner.map(|w| r.colour_name(w.other())).unwrap_or("");
        let count = || match self.winner {
            Some(w) => format!("{} has more pieces", r.colour_name(w)),
            None => "equal pieces".to_string(),
        };
        match self.reason {
            Reason::MenLost => {
                let words = r
                    .end
                    .material
                    .as_ref()
                    .map_or("has too few pieces", |m| &m.words);
                format!("{loser} {words}")
            }
            Reason::LeaderCaptured => format!("{loser}'s {} was captured", r.leader_name),
            Reason::NoLegalMove { superko, counted } => {
                let stuck = r.colour_name(self.stuck);
                let why = if superko {
                    " (every move would repeat an earlier position: superko)"
                } else {
                    ""
                };
                if !counted {
                    format!("{stuck} has no legal move{why}")
                } else {
                    format!("{stuck} has no legal move{why}: {}", count())
                }
            }
            Reason::QuietLimit(n) => format!("{n} plies without capture: {}", count()),
            Reason::TwoPasses => "two passes in a row".to_string(),
            Reason::Threefold => "threefold repetition".to_string(),
            Reason::PlyLimit(n) => format!("{n} plies played"),
        }
    }
}
