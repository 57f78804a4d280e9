//! The knobs of a ruleset file as TOML writes them: one struct per table, every knob
//! optional (`None` is "the default"), the words each word-valued knob takes, and a
//! [`Ruleset`] written back out with every knob spelled out.

use serde::{Deserialize, Serialize};

use crate::rules::compiled::RulesetError;
use crate::rules::ruleset::*;

/// A whole file.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileDoc {
    #[serde(default)]
    pub(super) ruleset: Vec<FileRuleset>,
}

/// One ruleset as the file writes it; `None` is "the default".
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct FileRuleset {
    pub(super) name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) source: Option<String>,
    /// `"RxC"`: rows x columns.
    pub(super) board: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) second_colour: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) leader_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) white_at_bottom: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) first_player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) layout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) hand: Option<FileHand>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) pieces_choice: Option<[u8; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) leader: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) entry_restriction: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) bonus_move: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) placement_search: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) placement: Option<FilePlacement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) moves: Option<FileMoves>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) hops: Option<FileHops>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) capture: Option<FileCapture>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) end: Option<FileEnd>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct FileHand {
    #[serde(default)]
    pub(super) men: u8,
    #[serde(default)]
    pub(super) leaders: u8,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct FilePlacement {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) per_turn: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) own_rows: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) forbid_centre: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) leader_order: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) movement_first: Option<String>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct FileMoves {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) men: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) men_lines: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) leader: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) leader_lines: Option<String>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct FileHops {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) over: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) lines: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) chains: Option<bool>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct FileCapture {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) lines: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) runs: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) effect: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) removal: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) corners: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) hostile_corners: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) leader: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) leader_flanks: Option<bool>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct FileEnd {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) pieces_left: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) men_left: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) loss_words: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) leader_loss: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) no_move: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) quiet_limit: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) repetition: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) ply_limit: Option<u32>,
}

/// A word-valued knob: its words and the values they stand for.
pub(super) struct Words<T: Copy + PartialEq + 'static>(&'static [(&'static str, T)]);

impl<T: Copy + PartialEq> Words<T> {
    pub(super) fn read(&self, knob: &'static str, word: &str) -> Result<T, RulesetError> {
        self.0
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, v)| *v)
            .ok_or_else(|| {
                let allowed: Vec<String> = self.0.iter().map(|(w, _)| format!("\"{w}\"")).collect();
                RulesetError::new(
                    knob,
                    format!("\"{word}\" is not one of {}", allowed.join(", ")),
                )
            })
    }
    pub(super) fn word(&self, value: T) -> String {
        self.0
            .iter()
            .find(|(_, v)| *v == value)
            .map(|(w, _)| w.to_string())
            .expect("every value has a word")
    }
}

pub(super) const REACH: Words<Reach> = Words(&[("step", Reach::Step), ("slide", Reach::Slide)]);
pub(super) const LINES: Words<Lines> =
    Words(&[("orthogonal", Lines::Orthogonal), ("all", Lines::All)]);
pub(super) const HOPPERS: Words<Hoppers> = Words(&[
    ("any", Hoppers::AnyPiece),
    ("men", Hoppers::MenOnly),
    ("leader", Hoppers::LeaderOnly),
]);
pub(super) const HOP_OVER: Words<HopOver> = Words(&[
    ("any", HopOver::AnyPiece),
    ("friendly-man", HopOver::FriendlyMan),
    ("friendly", HopOver::Friendly),
    ("enemy", HopOver::Enemy),
    ("friendly-or-trapped-enemy", HopOver::FriendlyOrTrappedEnemy),
]);
pub(super) const EFFECT: Words<CaptureEffect> = Words(&[
    ("remove", CaptureEffect::Remove),
    ("trap", CaptureEffect::Immobilise),
]);
pub(super) const REMOVAL: Words<Removal> = Words(&[
    ("instead-of-move", Removal::InsteadOfMove),
    ("before-move", Removal::BeforeMove),
]);
pub(super) const LEADER_CAPTURE: Words<LeaderCapture> = Words(&[
    ("immune", LeaderCapture::Immune),
    ("as-man", LeaderCapture::AsMan),
    ("enclosure", LeaderCapture::Enclosure),
]);
pub(super) const LEADER_ORDER: Words<LeaderOrder> = Words(&[
    ("any", LeaderOrder::Any),
    ("first-or-last", LeaderOrder::FirstOrLast),
    ("after-men", LeaderOrder::AfterMen),
]);
pub(super) const NO_MOVE: Words<NoMove> = Words(&[
    ("loss", NoMove::Loses),
    ("pass", NoMove::Pass),
    ("count", NoMove::CountPieces),
]);
pub(super) const REPETITION: Words<Repetition> = Words(&[
    ("none", Repetition::Ignored),
    ("superko", Repetition::Superko),
    ("threefold", Repetition::ThreefoldDraw),
]);
pub(super) const PLANNER: Words<PlacementPlanner> = Words(&[
    ("mcts", PlacementPlanner::Mcts),
    ("alphabeta", PlacementPlanner::AlphaBeta),
]);

/// The colour a knob names: `white`, or the second colour's name.
pub(super) fn colour(knob: &'static str, word: &str, second: &str) -> Result<Colour, RulesetError> {
    match word {
        "white" => Ok(Colour::White),
        w if w == second => Ok(Colour::Black),
        w => Err(RulesetError::new(
            knob,
            format!("\"{w}\" is not \"white\" or \"{second}\""),
        )),
    }
}

/// `"RxC"` as (rows, columns).
pub(super) fn board_size(text: &str) -> Result<(usize, usize), RulesetError> {
    let bad = || {
        RulesetError::new(
            "board",
            format!("\"{text}\" is not rows x columns such as \"8x12\" (each side 2 to 26)"),
        )
    };
    let (r, c) = text.split_once('x').ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    let size = |n: usize, what: &str| match n {
        2..=26 => Ok(()),
        0..2 => Err(RulesetError::new(
            "board",
            format!("\"{text}\" is too small: {n} {what} (each side is 2 to 26)"),
        )),
        _ => Err(RulesetError::new(
            "board",
            format!("\"{text}\" is too large: {n} {what} (each side is 2 to 26)"),
        )),
    };
    size(r, "rows")?;
    size(c, "columns")?;
    Ok((r, c))
}

impl FileRuleset {
    /// Every knob of `r` written out (the file form of a preset).
    pub(super) fn from_ruleset(r: &Ruleset) -> FileRuleset {
        let side = |c: Colour| r.colour_name(c).to_string();
        let e = &r.end;
        let (pieces_left, men_left, loss_words) = match &e.material {
            None => (None, None, None),
            Some(m) => {
                let default = MaterialEnd::new(m.counted, m.at_most);
                let words = (m.words != default.words).then(|| m.words.clone());
                match m.counted {
                    Counted::Pieces => (Some(m.at_most), None, words),
                    Counted::Men => (None, Some(m.at_most), words),
                }
            }
        };
        FileRuleset {
            name: r.name.clone(),
            source: Some(r.source.clone()),
            board: format!("{}x{}", r.rows, r.cols),
            second_colour: Some(r.black_name.clone()),
            leader_name: Some(r.leader_name.clone()),
            white_at_bottom: Some(r.white_at_bottom),
            first_player: Some(side(r.first_player)),
            layout: Some(r.layout.clone()),
            hand: r.has_placement().then_some(FileHand {
                men: r.hand_men,
                leaders: r.hand_leaders,
            }),
            pieces_choice: r.pieces_choice.map(|(a, b)| [a, b]),
            leader: Some(r.has_leader),
            entry_restriction: Some(r.entry_restriction),
            bonus_move: Some(r.bonus_move),
            placement_search: Some(PLANNER.word(r.placement_planner)),
            placement: r.has_placement().then(|| FilePlacement {
                per_turn: Some(r.placement.per_turn),
                own_rows: match r.placement.region {
                    Region::OwnRows(n) => Some(n),
                    Region::Anywhere => None,
                },
                forbid_centre: Some(r.placement.forbid_centre),
                leader_order: Some(LEADER_ORDER.word(r.placement.leader_order)),
                movement_first: Some(match r.placement.movement_first {
                    None => "next".into(),
                    Some(c) => side(c),
                }),
            }),
            moves: Some(FileMoves {
                men: Some(REACH.word(r.man_moves.reach)),
                men_lines: Some(LINES.word(r.man_moves.lines)),
                leader: r.has_leader.then(|| REACH.word(r.leader_moves.reach)),
                leader_lines: r.has_leader.then(|| LINES.word(r.leader_moves.lines)),
            }),
            hops: r.hops.map(|h| FileHops {
                by: Some(HOPPERS.word(h.by)),
                over: Some(HOP_OVER.word(h.over)),
                lines: Some(LINES.word(h.lines)),
                chains: Some(h.chains),
            }),
            capture: Some(FileCapture {
                lines: Some(LINES.word(r.capture.lines)),
                runs: Some(r.capture.runs),
                effect: Some(EFFECT.word(r.capture.effect)),
                removal: (r.capture.effect == CaptureEffect::Immobilise)
                    .then(|| REMOVAL.word(r.removal)),
                corners: Some(r.capture.corners),
                hostile_corners: Some(r.capture.hostile_corners),
                leader: r.has_leader.then(|| LEADER_CAPTURE.word(r.capture.leader)),
                leader_flanks: r.has_leader.then_some(r.capture.leader_flanks),
            }),
            end: Some(FileEnd {
                pieces_left,
                men_left,
                loss_words,
                leader_loss: r.has_leader.then_some(e.leader_loss),
                no_move: Some(NO_MOVE.word(e.no_move)),
                quiet_limit: e.quiet_limit,
                repetition: Some(REPETITION.word(e.repetition)),
                ply_limit: Some(e.ply_limit),
            }),
        }
    }
}
