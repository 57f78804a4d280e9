//! The one place where a board's size picks the bit-set type: boards that fit 128 cells
//! (with their padding column) play on a `u128`, larger ones on a 256-bit set. Everything
//! above the rules is generic over the type and is entered through [`with_rules!`].

use std::sync::Arc;

use super::compiled::{Rules, RulesetError, fits};
use super::ruleset::Ruleset;
use crate::board::Bits256;

/// A ruleset bound to the bit-set type its board needs.
#[derive(Clone, Debug)]
pub enum AnyRules {
    Narrow(Arc<Rules<u128>>),
    Wide(Arc<Rules<Bits256>>),
}

impl AnyRules {
    /// Binds `ruleset` to the narrowest bit-set type that holds its board.
    pub fn new(ruleset: Ruleset) -> Result<AnyRules, RulesetError> {
        Ok(if fits::<u128>(ruleset.rows, ruleset.cols) {
            AnyRules::Narrow(Arc::new(Rules::new(ruleset)?))
        } else {
            AnyRules::Wide(Arc::new(Rules::new(ruleset)?))
        })
    }

    pub fn ruleset(&self) -> &Ruleset {
        match self {
            AnyRules::Narrow(r) => &r.ruleset,
            AnyRules::Wide(r) => &r.ruleset,
        }
    }

    /// The bit-set type's name, for reports (`u128` or `256-bit`).
    pub fn width(&self) -> &'static str {
        match self {
            AnyRules::Narrow(_) => "u128",
            AnyRules::Wide(_) => "256-bit",
        }
    }
}

/// Runs `$body` with `$r` bound to the `Arc<Rules<B>>` inside an [`AnyRules`], for whichever
/// `B` it holds: the body is compiled once per bit-set type.
#[macro_export]
macro_rules! with_rules {
    ($any:expr, $r:ident => $body:expr) => {
        match $any {
            $crate::rules::AnyRules::Narrow($r) => $body,
            $crate::rules::AnyRules::Wide($r) => $body,
        }
    };
}
