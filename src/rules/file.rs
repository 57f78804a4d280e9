//! Ruleset files: the knobs of [`Ruleset`] written by hand in TOML (documented in
//! `rulesets.md`). The presets are such files too, embedded in the binary, so one reader
//! serves both. A file holds one or more `[[ruleset]]` tables; a knob left out takes its
//! default. Reading checks every ruleset as the engine would build it, and an error names
//! the file, the line, the knob and what is allowed.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::any::AnyRules;
use super::compiled::RulesetError;
use super::ruleset::*;

/// A whole file.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct FileDoc {
    #[serde(default)]
    ruleset: Vec<FileRuleset>,
}

/// One ruleset as the file writes it; `None` is "the default".
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FileRuleset {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    /// `"RxC"`: rows x columns.
    board: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    second_colour: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leader_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    white_at_bottom: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    layout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<FileHand>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pieces_choice: Option<[u8; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leader: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    entry_restriction: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bonus_move: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    placement_search: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    placement: Option<FilePlacement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<FileMoves>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hops: Option<FileHops>,
    #[serde(skip_serializing_if = "Option::is_none")]
    capture: Option<FileCapture>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<FileEnd>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FileHand {
    #[serde(default)]
    men: u8,
    #[serde(default)]
    leaders: u8,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FilePlacement {
    #[serde(skip_serializing_if = "Option::is_none")]
    per_turn: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    own_rows: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    forbid_centre: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leader_order: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    movement_first: Option<String>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FileMoves {
    #[serde(skip_serializing_if = "Option::is_none")]
    men: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    men_lines: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leader: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leader_lines: Option<String>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FileHops {
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    over: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lines: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chains: Option<bool>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FileCapture {
    #[serde(skip_serializing_if = "Option::is_none")]
    lines: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    runs: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    effect: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    removal: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    corners: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hostile_corners: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leader: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leader_flanks: Option<bool>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FileEnd {
    #[serde(skip_serializing_if = "Option::is_none")]
    pieces_left: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    men_left: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    loss_words: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    leader_loss: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    no_move: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    quiet_limit: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    repetition: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply_limit: Option<u32>,
}

/// A word-valued knob: its words and the values they stand for.
struct Words<T: Copy + PartialEq + 'static>(&'static [(&'static str, T)]);

impl<T: Copy + PartialEq> Words<T> {
    fn read(&self, knob: &'static str, word: &str) -> Result<T, RulesetError> {
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
    fn word(&self, value: T) -> String {
        self.0
            .iter()
            .find(|(_, v)| *v == value)
            .map(|(w, _)| w.to_string())
            .expect("every value has a word")
    }
}

const REACH: Words<Reach> = Words(&[("step", Reach::Step), ("slide", Reach::Slide)]);
const LINES: Words<Lines> = Words(&[("orthogonal", Lines::Orthogonal), ("all", Lines::All)]);
const HOPPERS: Words<Hoppers> = Words(&[
    ("any", Hoppers::AnyPiece),
    ("men", Hoppers::MenOnly),
    ("leader", Hoppers::LeaderOnly),
]);
const HOP_OVER: Words<HopOver> = Words(&[
    ("any", HopOver::AnyPiece),
    ("friendly-man", HopOver::FriendlyMan),
    ("friendly", HopOver::Friendly),
    ("enemy", HopOver::Enemy),
    ("friendly-or-trapped-enemy", HopOver::FriendlyOrTrappedEnemy),
]);
const EFFECT: Words<CaptureEffect> = Words(&[
    ("remove", CaptureEffect::Remove),
    ("trap", CaptureEffect::Immobilise),
]);
const REMOVAL: Words<Removal> = Words(&[
    ("instead-of-move", Removal::InsteadOfMove),
    ("before-move", Removal::BeforeMove),
]);
const LEADER_CAPTURE: Words<LeaderCapture> = Words(&[
    ("immune", LeaderCapture::Immune),
    ("as-man", LeaderCapture::AsMan),
    ("enclosure", LeaderCapture::Enclosure),
]);
const LEADER_ORDER: Words<LeaderOrder> = Words(&[
    ("any", LeaderOrder::Any),
    ("first-or-last", LeaderOrder::FirstOrLast),
    ("after-men", LeaderOrder::AfterMen),
]);
const NO_MOVE: Words<NoMove> = Words(&[
    ("loss", NoMove::Loses),
    ("pass", NoMove::Pass),
    ("count", NoMove::CountPieces),
]);
const REPETITION: Words<Repetition> = Words(&[
    ("none", Repetition::Ignored),
    ("superko", Repetition::Superko),
    ("threefold", Repetition::ThreefoldDraw),
]);
const PLANNER: Words<PlacementPlanner> = Words(&[
    ("mcts", PlacementPlanner::Mcts),
    ("alphabeta", PlacementPlanner::AlphaBeta),
]);

/// The colour a knob names: `white`, or the second colour's name.
fn colour(knob: &'static str, word: &str, second: &str) -> Result<Colour, RulesetError> {
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
fn board_size(text: &str) -> Result<(usize, usize), RulesetError> {
    let bad = || {
        RulesetError::new(
            "board",
            format!("\"{text}\" is not rows x columns such as \"8x12\" (each side 2 to 26)"),
        )
    };
    let (r, c) = text.split_once('x').ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    if !(2..=26).contains(&r) || !(2..=26).contains(&c) {
        return Err(bad());
    }
    Ok((r, c))
}

fn word(v: Option<&String>) -> Option<&str> {
    v.map(String::as_str)
}

impl FileRuleset {
    /// The ruleset these knobs describe (not yet checked as a whole: see [`AnyRules::new`]).
    fn to_ruleset(&self) -> Result<Ruleset, RulesetError> {
        let (rows, cols) = board_size(&self.board)?;
        let second = self.second_colour.clone().unwrap_or_else(|| "black".into());
        let hand = self.hand.as_ref();
        let hand_men = hand.map_or(0, |h| h.men);
        let hand_leaders = hand.map_or(0, |h| h.leaders);
        let layout = self
            .layout
            .clone()
            .unwrap_or_else(|| vec![cols.to_string(); rows].join("/"));
        let has_leader = self
            .leader
            .unwrap_or(hand_leaders > 0 || layout.contains(['k', 'K']));
        let p = self.placement.as_ref();
        let placement = Placement {
            region: match p.and_then(|p| p.own_rows) {
                Some(n) => Region::OwnRows(n),
                None => Region::Anywhere,
            },
            forbid_centre: p.and_then(|p| p.forbid_centre).unwrap_or(false),
            leader_order: match p.and_then(|p| p.leader_order.as_deref()) {
                Some(w) => LEADER_ORDER.read("placement.leader-order", w)?,
                None => LeaderOrder::Any,
            },
            per_turn: p.and_then(|p| p.per_turn).unwrap_or(1),
            movement_first: match p.and_then(|p| p.movement_first.as_deref()) {
                None | Some("next") => None,
                Some(w) => Some(colour("placement.movement-first", w, &second)?),
            },
        };
        let m = self.moves.as_ref();
        let movement = |reach: Option<&String>, lines: Option<&String>, knob, lines_knob| {
            Ok::<_, RulesetError>(Movement {
                reach: match reach {
                    Some(w) => REACH.read(knob, w)?,
                    None => Reach::Slide,
                },
                lines: match lines {
                    Some(w) => LINES.read(lines_knob, w)?,
                    None => Lines::Orthogonal,
                },
            })
        };
        let man_moves = movement(
            m.and_then(|m| m.men.as_ref()),
            m.and_then(|m| m.men_lines.as_ref()),
            "moves.men",
            "moves.men-lines",
        )?;
        let leader_moves = movement(
            m.and_then(|m| m.leader.as_ref()),
            m.and_then(|m| m.leader_lines.as_ref()),
            "moves.leader",
            "moves.leader-lines",
        )?;
        let hops = match &self.hops {
            None => None,
            Some(h) => Some(Hops {
                by: match &h.by {
                    Some(w) => HOPPERS.read("hops.by", w)?,
                    None => Hoppers::AnyPiece,
                },
                over: match &h.over {
                    Some(w) => HOP_OVER.read("hops.over", w)?,
                    None => HopOver::AnyPiece,
                },
                lines: match &h.lines {
                    Some(w) => LINES.read("hops.lines", w)?,
                    None => Lines::Orthogonal,
                },
                chains: h.chains.unwrap_or(false),
            }),
        };
        let c = self.capture.as_ref();
        let capture = Capture {
            lines: match word(c.and_then(|c| c.lines.as_ref())) {
                Some(w) => LINES.read("capture.lines", w)?,
                None => Lines::Orthogonal,
            },
            runs: c.and_then(|c| c.runs).unwrap_or(false),
            effect: match word(c.and_then(|c| c.effect.as_ref())) {
                Some(w) => EFFECT.read("capture.effect", w)?,
                None => CaptureEffect::Remove,
            },
            corners: c.and_then(|c| c.corners).unwrap_or(false),
            hostile_corners: c.and_then(|c| c.hostile_corners).unwrap_or(false),
            leader: match word(c.and_then(|c| c.leader.as_ref())) {
                Some(w) => LEADER_CAPTURE.read("capture.leader", w)?,
                None => LeaderCapture::Immune,
            },
            leader_flanks: c.and_then(|c| c.leader_flanks).unwrap_or(true),
        };
        let removal = match word(c.and_then(|c| c.removal.as_ref())) {
            Some(w) => REMOVAL.read("capture.removal", w)?,
            None => Removal::InsteadOfMove,
        };
        let e = self.end.as_ref();
        let material = match (e.and_then(|e| e.pieces_left), e.and_then(|e| e.men_left)) {
            (Some(_), Some(_)) => {
                return Err(RulesetError::new(
                    "end.men-left",
                    "give end.pieces-left or end.men-left, not both",
                ));
            }
            (Some(k), None) => Some(MaterialEnd::new(Counted::Pieces, k)),
            (None, Some(k)) => Some(MaterialEnd::new(Counted::Men, k)),
            (None, None) => None,
        };
        let material = match (material, e.and_then(|e| e.loss_words.as_deref())) {
            (Some(m), Some(words)) => Some(m.worded(words)),
            (None, Some(_)) => {
                return Err(RulesetError::new(
                    "end.loss-words",
                    "words for a material end, but neither end.pieces-left nor end.men-left is given",
                ));
            }
            (m, None) => m,
        };
        let end = End {
            material,
            leader_loss: e.and_then(|e| e.leader_loss).unwrap_or(false),
            no_move: match word(e.and_then(|e| e.no_move.as_ref())) {
                Some(w) => NO_MOVE.read("end.no-move", w)?,
                None => NoMove::Loses,
            },
            quiet_limit: e.and_then(|e| e.quiet_limit),
            repetition: match word(e.and_then(|e| e.repetition.as_ref())) {
                Some(w) => REPETITION.read("end.repetition", w)?,
                None => Repetition::Ignored,
            },
            ply_limit: e.and_then(|e| e.ply_limit).unwrap_or(2500),
        };
        Ok(Ruleset {
            name: self.name.clone(),
            source: self
                .source
                .clone()
                .unwrap_or_else(|| "a ruleset from a file".into()),
            rows,
            cols,
            first_player: match self.first_player.as_deref() {
                Some(w) => colour("first-player", w, &second)?,
                None => Colour::White,
            },
            black_name: second,
            leader_name: self.leader_name.clone().unwrap_or_else(|| "leader".into()),
            white_at_bottom: self.white_at_bottom.unwrap_or(true),
            layout,
            hand_men,
            hand_leaders,
            pieces_choice: self.pieces_choice.map(|[a, b]| (a, b)),
            has_leader,
            placement,
            man_moves,
            leader_moves,
            hops,
            capture,
            removal,
            entry_restriction: self.entry_restriction.unwrap_or(false),
            bonus_move: self.bonus_move.unwrap_or(false),
            end,
            placement_planner: match self.placement_search.as_deref() {
                Some(w) => PLANNER.read("placement-search", w)?,
                None => PlacementPlanner::Mcts,
            },
        })
    }

    /// Every knob of `r` written out (the file form of a preset).
    fn from_ruleset(r: &Ruleset) -> FileRuleset {
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

/// Rulesets written as one file, every knob spelled out.
pub fn to_text(rulesets: &[Ruleset]) -> String {
    let doc = FileDoc {
        ruleset: rulesets.iter().map(FileRuleset::from_ruleset).collect(),
    };
    toml::to_string(&doc).expect("a ruleset always writes as TOML")
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Where each knob of each ruleset is written: (ruleset index, knob path, line). The
/// knob path is the table path below `[[ruleset]]` plus the key (`placement.per-turn`);
/// the ruleset's own header line has the path `""`.
fn knob_lines(text: &str) -> Vec<(usize, String, usize)> {
    let mut out = Vec::new();
    let mut index: Option<usize> = None;
    let mut table = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with("[[") {
            let name = line.trim_matches(|c| c == '[' || c == ']').trim();
            if name == "ruleset" {
                index = Some(index.map_or(0, |n| n + 1));
                table.clear();
                out.push((index.unwrap_or(0), String::new(), i + 1));
            }
        } else if line.starts_with('[') {
            let name = line.trim_matches(|c| c == '[' || c == ']').trim();
            table = name.strip_prefix("ruleset.").unwrap_or(name).to_string();
        } else if let Some((key, _)) = line.split_once('=')
            && !line.starts_with('#')
            && let Some(n) = index
        {
            let key = key.trim().trim_matches('"');
            let path = if table.is_empty() {
                key.to_string()
            } else {
                format!("{table}.{key}")
            };
            out.push((n, path, i + 1));
        }
    }
    out
}

/// Reads every ruleset of `text` (named `origin` in messages) and checks each as the engine
/// would build it. Any error refuses the whole file.
pub fn parse(text: &str, origin: &str) -> Result<Vec<Ruleset>, String> {
    read(text, origin, true)
}

/// [`parse`] without building each ruleset to check it: for the shipped presets, which the
/// tests build, so that starting the engine does not build its ruleset twice.
pub(super) fn parse_trusted(text: &str, origin: &str) -> Result<Vec<Ruleset>, String> {
    read(text, origin, false)
}

fn read(text: &str, origin: &str, check: bool) -> Result<Vec<Ruleset>, String> {
    let doc: FileDoc = toml::from_str(text).map_err(|e| {
        let at = e
            .span()
            .map(|s| format!(":{}", line_of(text, s.start)))
            .unwrap_or_default();
        let message = e
            .message()
            .trim_end()
            .replace("unknown field", "unknown knob")
            .replace("missing field", "missing knob");
        format!("{origin}{at}: {message}")
    })?;
    if doc.ruleset.is_empty() {
        return Err(format!(
            "{origin}: no [[ruleset]] table (a ruleset file holds one or more)"
        ));
    }
    let lines = knob_lines(text);
    let mut out: Vec<Ruleset> = Vec::new();
    for (i, f) in doc.ruleset.iter().enumerate() {
        let checked = f.to_ruleset().and_then(|r| {
            if check {
                AnyRules::new(r.clone())?;
            }
            Ok(r)
        });
        match checked {
            Ok(r) => {
                if out.iter().any(|o| o.name == r.name) {
                    let line = lines
                        .iter()
                        .find(|(n, k, _)| *n == i && k == "name")
                        .map_or(0, |l| l.2);
                    return Err(format!(
                        "{origin}:{line}: name: the file has two rulesets called {}",
                        r.name
                    ));
                }
                out.push(r)
            }
            Err(e) => {
                let written = lines.iter().find(|(n, k, _)| *n == i && k == e.knob);
                let header = lines.iter().find(|(n, k, _)| *n == i && k.is_empty());
                let (line, note) = match (written, header) {
                    (Some(l), _) => (l.2, ""),
                    (None, Some(h)) => (h.2, " (not written: its default)"),
                    (None, None) => (0, ""),
                };
                return Err(format!(
                    "{origin}:{line}: ruleset {}: {}{note}: {}",
                    f.name, e.knob, e.message
                ));
            }
        }
    }
    Ok(out)
}

/// Reads a ruleset file from disk.
pub fn load_path(path: &Path) -> Result<Vec<Ruleset>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read ruleset file {}: {e}", path.display()))?;
    parse(&text, &path.display().to_string())
}
