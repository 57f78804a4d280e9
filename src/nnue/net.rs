//! A quantised net and what it was trained for.

use super::features::{EXTRAS, KINDS, Layout};
use super::{HIDDEN, NetError};
use crate::board::Bits;
use crate::rules::{Rules, Ruleset};

/// What a net was trained for and how it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The ruleset's name, for people (the digest is what is checked).
    pub ruleset: String,
    /// [`ruleset_digest`] of the ruleset.
    pub digest: u64,
    pub rows: u16,
    pub cols: u16,
    /// Free text: the commands that made the net, the positions, the training time, the
    /// match that accepted it.
    pub provenance: String,
}

/// A net ready to evaluate: integer weights as [`super::infer`] expects them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    pub header: Header,
    /// Inputs per perspective ([`Layout::features`]).
    pub features: usize,
    /// `features` rows of `HIDDEN` weights (scale `QA`).
    pub ft_weights: Vec<i16>,
    /// `HIDDEN` biases (scale `QA`).
    pub ft_bias: Vec<i16>,
    /// `2 * HIDDEN` output weights, side to move's first (scale `QB`, at most
    /// [`infer::MAX_OUT_WEIGHT`] in size).
    pub out_weights: Vec<i16>,
    /// The output bias (scale `QA * QB`).
    pub out_bias: i32,
    /// The net's output is a correction added to the formula's evaluation (trained with
    /// `tune net --on-formula`), not an evaluation of its own: where the formula already
    /// knows much and self-play positions are few, the net need only learn what it misses.
    pub adds_to_formula: bool,
    /// The placement planner (MCTS) values its playouts with the net too: the first
    /// movement position after a random end of the placement, which the formula judges
    /// otherwise (trained with `tune net --judge-placements`). Where the placement decides
    /// the game, what the net knows of the positions it leads to can choose it.
    pub judges_placements: bool,
}

/// A digest of what a ruleset *is*: its knobs written out as a ruleset file, with the words
/// that change no rule (its name, source line, colour and leader names, the placement
/// planner) set to fixed values. FNV-1a, so that it is the same in every build.
pub fn ruleset_digest(ruleset: &Ruleset) -> u64 {
    let mut r = ruleset.clone();
    r.name = "ruleset".into();
    r.source = String::new();
    r.black_name = "black".into();
    r.leader_name = "leader".into();
    r.placement_planner = crate::rules::PlacementPlanner::Mcts;
    fnv1a(crate::rules::file::to_text(&[r]).as_bytes())
}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Net {
    /// The row of first-layer weights of feature `f`.
    #[inline(always)]
    pub fn ft_row(&self, f: usize) -> &[i16] {
        &self.ft_weights[f * HIDDEN..(f + 1) * HIDDEN]
    }

    /// Whether the net was trained for `rules`: the same ruleset (by digest) on the same
    /// board, with the feature space its layout has.
    pub fn check_for<B: Bits>(&self, rules: &Rules<B>) -> Result<Layout, NetError> {
        self.fits(&rules.ruleset)?;
        Ok(Layout::new(rules))
    }

    /// [`Net::check_for`] from the ruleset alone (the layout's size depends only on the
    /// board).
    pub fn fits(&self, ruleset: &Ruleset) -> Result<(), NetError> {
        let h = &self.header;
        if (h.rows as usize, h.cols as usize) != (ruleset.rows, ruleset.cols) {
            return Err(NetError::WrongBoard {
                net: (h.rows, h.cols),
                ruleset: (ruleset.rows as u16, ruleset.cols as u16),
            });
        }
        if h.digest != ruleset_digest(ruleset) {
            return Err(NetError::WrongRuleset {
                net: h.ruleset.clone(),
                ruleset: ruleset.name.clone(),
            });
        }
        let expected = 2 * KINDS * ruleset.rows * ruleset.cols + EXTRAS;
        if self.features != expected {
            return Err(NetError::WrongSize {
                what: "features",
                net: self.features,
                expected,
            });
        }
        Ok(())
    }
}
