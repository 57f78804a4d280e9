//! The one place where a board's size picks the bit-set type: boards that fit 128 cells
//! (with their padding column) play on a `u128`, larger ones on a 256-bit set. Everything
//! above the rules is generic over the type: it holds its width-generic state in a
//! [`ByWidth`] (the rules, a session's game) and enters generic code through
//! [`with_width!`], which compiles the code once per type.

use std::sync::Arc;

use super::compiled::{Rules, RulesetError, fits};
use super::ruleset::Ruleset;
use crate::board::Bits256;

/// Something made for one bit-set type: `N` for a board on a `u128`, `W` for one on a
/// 256-bit set.
#[derive(Clone, Debug)]
pub enum ByWidth<N, W> {
    Narrow(N),
    Wide(W),
}

/// A ruleset bound to the bit-set type its board needs.
pub type AnyRules = ByWidth<Arc<Rules<u128>>, Arc<Rules<Bits256>>>;

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

/// Runs `$body` with `$r` bound to what a [`ByWidth`] holds (the `Arc<Rules<B>>` of an
/// [`AnyRules`], a session's game...), for whichever `B` it is: the body is compiled once
/// per bit-set type.
#[macro_export]
macro_rules! with_width {
    ($any:expr, $r:ident => $body:expr) => {
        match $any {
            $crate::rules::ByWidth::Narrow($r) => $body,
            $crate::rules::ByWidth::Wide($r) => $body,
        }
    };
}
