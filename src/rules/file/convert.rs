//! A ruleset's knobs turned into a [`Ruleset`], collecting every wrong knob (not only the
//! first, as a compiler reports every error), and the knobs that can never apply.

use super::knobs::*;
use crate::rules::compiled::RulesetError;
use crate::rules::ruleset::*;

/// Reads knobs, keeping each error and going on with the knob's default.
#[derive(Default)]
struct Knobs {
    errors: Vec<RulesetError>,
}

impl Knobs {
    /// A word-valued knob: its value, or `default` when it is not written (or wrong).
    fn word<T: Copy + PartialEq>(
        &mut self,
        words: &Words<T>,
        knob: &'static str,
        value: Option<&String>,
        default: T,
    ) -> T {
        match value {
            None => default,
            Some(w) => words.read(knob, w).unwrap_or_else(|e| {
                self.errors.push(e);
                default
            }),
        }
    }

    /// A colour-valued knob.
    fn colour(&mut self, knob: &'static str, value: Option<&str>, second: &str) -> Colour {
        match value.map(|w| colour(knob, w, second)) {
            None => Colour::White,
            Some(Ok(c)) => c,
            Some(Err(e)) => {
                self.errors.push(e);
                Colour::White
            }
        }
    }

    fn fail(&mut self, knob: &'static str, message: &str) {
        self.errors.push(RulesetError::new(knob, message));
    }
}

impl FileRuleset {
    /// The ruleset these knobs describe (not yet checked as a whole: see
    /// [`crate::rules::AnyRules::new`]), or every knob that is wrong.
    pub(super) fn to_ruleset(&self) -> Result<Ruleset, Vec<RulesetError>> {
        let mut k = Knobs::default();
        let (rows, cols) = board_size(&self.board).unwrap_or_else(|e| {
            k.errors.push(e);
            (8, 8)
        });
        let second = self.second_colour.clone().unwrap_or_else(|| "black".into());
        let hand_men = self.hand.as_ref().map_or(0, |h| h.men);
        let hand_leaders = self.hand.as_ref().map_or(0, |h| h.leaders);
        let layout = self
            .layout
            .clone()
            .unwrap_or_else(|| vec![cols.to_string(); rows].join("/"));
        let has_leader = self
            .leader
            .unwrap_or(hand_leaders > 0 || layout.contains(['k', 'K']));
        let m = self.moves.as_ref();
        let (capture, removal) = self.capture(&mut k);
        let ruleset = Ruleset {
            name: self.name.clone(),
            source: self
                .source
                .clone()
                .unwrap_or_else(|| "a ruleset from a file".into()),
            rows,
            cols,
            first_player: k.colour("first-player", self.first_player.as_deref(), &second),
            leader_name: self.leader_name.clone().unwrap_or_else(|| "leader".into()),
            white_at_bottom: self.white_at_bottom.unwrap_or(true),
            layout,
            hand_men,
            hand_leaders,
            pieces_choice: self.pieces_choice.map(|[a, b]| (a, b)),
            has_leader,
            placement: self.placement(&mut k, &second),
            man_moves: Movement {
                reach: k.word(
                    &REACH,
                    "moves.men",
                    m.and_then(|m| m.men.as_ref()),
                    Reach::Slide,
                ),
                lines: k.word(
                    &LINES,
                    "moves.men-lines",
                    m.and_then(|m| m.men_lines.as_ref()),
                    Lines::Orthogonal,
                ),
            },
            leader_moves: Movement {
                reach: k.word(
                    &REACH,
                    "moves.leader",
                    m.and_then(|m| m.leader.as_ref()),
                    Reach::Slide,
                ),
                lines: k.word(
                    &LINES,
                    "moves.leader-lines",
                    m.and_then(|m| m.leader_lines.as_ref()),
                    Lines::Orthogonal,
                ),
            },
            hops: self.hops(&mut k),
            capture,
            removal,
            entry_restriction: self.entry_restriction.unwrap_or(false),
            bonus_move: self.bonus_move.unwrap_or(false),
            end: self.end(&mut k),
            placement_planner: k.word(
                &PLANNER,
                "placement-search",
                self.placement_search.as_ref(),
                PlacementPlanner::Mcts,
            ),
            black_name: second,
        };
        if k.errors.is_empty() {
            Ok(ruleset)
        } else {
            Err(k.errors)
        }
    }

    fn placement(&self, k: &mut Knobs, second: &str) -> Placement {
        let p = self.placement.as_ref();
        Placement {
            region: match p.and_then(|p| p.own_rows) {
                Some(n) => Region::OwnRows(n),
                None => Region::Anywhere,
            },
            forbid_centre: p.and_then(|p| p.forbid_centre).unwrap_or(false),
            leader_order: k.word(
                &LEADER_ORDER,
                "placement.leader-order",
                p.and_then(|p| p.leader_order.as_ref()),
                LeaderOrder::Any,
            ),
            per_turn: p.and_then(|p| p.per_turn).unwrap_or(1),
            movement_first: match p.and_then(|p| p.movement_first.as_deref()) {
                None | Some("next") => None,
                w => Some(k.colour("placement.movement-first", w, second)),
            },
        }
    }

    fn hops(&self, k: &mut Knobs) -> Option<Hops> {
        let h = self.hops.as_ref()?;
        Some(Hops {
            by: k.word(&HOPPERS, "hops.by", h.by.as_ref(), Hoppers::AnyPiece),
            over: k.word(&HOP_OVER, "hops.over", h.over.as_ref(), HopOver::AnyPiece),
            lines: k.word(&LINES, "hops.lines", h.lines.as_ref(), Lines::Orthogonal),
            chains: h.chains.unwrap_or(false),
        })
    }

    fn capture(&self, k: &mut Knobs) -> (Capture, Removal) {
        let c = self.capture.as_ref();
        let capture = Capture {
            lines: k.word(
                &LINES,
                "capture.lines",
                c.and_then(|c| c.lines.as_ref()),
                Lines::Orthogonal,
            ),
            runs: c.and_then(|c| c.runs).unwrap_or(false),
            effect: k.word(
                &EFFECT,
                "capture.effect",
                c.and_then(|c| c.effect.as_ref()),
                CaptureEffect::Remove,
            ),
            corners: c.and_then(|c| c.corners).unwrap_or(false),
            hostile_corners: c.and_then(|c| c.hostile_corners).unwrap_or(false),
            leader: k.word(
                &LEADER_CAPTURE,
                "capture.leader",
                c.and_then(|c| c.leader.as_ref()),
                LeaderCapture::Immune,
            ),
            leader_flanks: c.and_then(|c| c.leader_flanks).unwrap_or(true),
        };
        let removal = k.word(
            &REMOVAL,
            "capture.removal",
            c.and_then(|c| c.removal.as_ref()),
            Removal::InsteadOfMove,
        );
        (capture, removal)
    }

    fn end(&self, k: &mut Knobs) -> End {
        let e = self.end.as_ref();
        let material = match (e.and_then(|e| e.pieces_left), e.and_then(|e| e.men_left)) {
            (Some(_), Some(_)) => {
                k.fail(
                    "end.men-left",
                    "give end.pieces-left or end.men-left, not both",
                );
                None
            }
            (Some(n), None) => Some(MaterialEnd::new(Counted::Pieces, n)),
            (None, Some(n)) => Some(MaterialEnd::new(Counted::Men, n)),
            (None, None) => None,
        };
        let words = e.and_then(|e| e.loss_words.as_deref());
        let material = match (material, words) {
            (Some(m), Some(words)) => Some(m.worded(words)),
            (None, Some(_)) if !k.errors.iter().any(|e| e.knob == "end.men-left") => {
                k.fail(
                    "end.loss-words",
                    "words for a material end, but neither end.pieces-left nor end.men-left is given",
                );
                None
            }
            (m, _) => m,
        };
        End {
            material,
            leader_loss: e.and_then(|e| e.leader_loss).unwrap_or(false),
            no_move: k.word(
                &NO_MOVE,
                "end.no-move",
                e.and_then(|e| e.no_move.as_ref()),
                NoMove::Loses,
            ),
            quiet_limit: e.and_then(|e| e.quiet_limit),
            repetition: k.word(
                &REPETITION,
                "end.repetition",
                e.and_then(|e| e.repetition.as_ref()),
                Repetition::Ignored,
            ),
            ply_limit: e.and_then(|e| e.ply_limit).unwrap_or(2500),
        }
    }

    /// The knobs written that can never apply to `r`, each with the reason: rules for
    /// leaders in a ruleset without leaders, a placement table where nothing is in hand.
    /// (`rules NAME --toml` writes none of them, so its files stay free of warnings.)
    pub(super) fn never_apply(&self, r: &Ruleset) -> Vec<(&'static str, &'static str)> {
        let mut out = Vec::new();
        if r.hand_men == 0 && r.hand_leaders == 0 && self.placement.is_some() {
            out.push((
                "placement",
                "nothing is in hand (hand.men and hand.leaders are 0), so no piece is ever placed",
            ));
        }
        if !r.has_leader {
            let m = self.moves.as_ref();
            let c = self.capture.as_ref();
            let leader_knobs = [
                ("moves.leader", m.is_some_and(|m| m.leader.is_some())),
                (
                    "moves.leader-lines",
                    m.is_some_and(|m| m.leader_lines.is_some()),
                ),
                ("capture.leader", c.is_some_and(|c| c.leader.is_some())),
                (
                    "capture.leader-flanks",
                    c.is_some_and(|c| c.leader_flanks.is_some()),
                ),
                (
                    "end.leader-loss",
                    self.end.as_ref().is_some_and(|e| e.leader_loss.is_some()),
                ),
            ];
            for (knob, written) in leader_knobs {
                if written {
                    out.push((knob, "the ruleset has no leaders"));
                }
            }
        }
        if self
            .hops
            .as_ref()
            .is_some_and(|h| h.by.as_deref() == Some("leader"))
            && !r.has_leader
        {
            out.push((
                "hops.by",
                "only leaders hop, and the ruleset has no leaders",
            ));
        }
        out
    }
}
