//! The nets built into the program: the files of `nets/`, each found by the rules it names
//! (their digest and board size), so that no code outside this module knows which
//! rulesets have a net. A net ships once a match at equal time shows it stronger than
//! the ruleset's formula (its header says which match).

use std::sync::{Arc, OnceLock};

use super::format;
use super::net::Net;
use crate::rules::Ruleset;

/// The shipped net files: (file name in `nets/`, its bytes).
const SHIPPED: &[(&str, &[u8])] = &[
    (
        "kharebga-rules-8x8.nnue",
        include_bytes!("../../nets/kharebga-rules-8x8.nnue"),
    ),
    (
        "kowalski-8x12.nnue",
        include_bytes!("../../nets/kowalski-8x12.nnue"),
    ),
    ("luductus.nnue", include_bytes!("../../nets/luductus.nnue")),
    ("murray.nnue", include_bytes!("../../nets/murray.nnue")),
    (
        "schadler-2001.nnue",
        include_bytes!("../../nets/schadler-2001.nnue"),
    ),
];

/// The shipped nets, read the first time one is asked for. A file that does not read is
/// left out (a test checks that every one reads).
fn nets() -> &'static [Arc<Net>] {
    static NETS: OnceLock<Vec<Arc<Net>>> = OnceLock::new();
    NETS.get_or_init(|| {
        SHIPPED
            .iter()
            .filter_map(|(_, bytes)| format::from_bytes(bytes).ok().map(Arc::new))
            .collect()
    })
}

/// The net among `nets` trained for `ruleset`.
fn find(nets: &[Arc<Net>], ruleset: &Ruleset) -> Option<Arc<Net>> {
    nets.iter().find(|n| n.fits(ruleset).is_ok()).cloned()
}

/// The shipped net for `ruleset`, if there is one.
pub fn for_ruleset(ruleset: &Ruleset) -> Option<Arc<Net>> {
    find(nets(), ruleset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::train::Model;
    use crate::nnue::{Header, Layout, ruleset_digest};
    use crate::rules::{Rules, preset};

    fn net_for(name: &str) -> Arc<Net> {
        let rules = Rules::<u128>::new(preset(name).unwrap()).unwrap();
        let layout = Layout::new(&rules);
        let header = Header {
            ruleset: name.into(),
            digest: ruleset_digest(&rules.ruleset),
            rows: layout.rows as u16,
            cols: layout.cols as u16,
            provenance: String::new(),
        };
        Arc::new(Model::new(layout.features(), 1).quantise(header))
    }

    /// Each ruleset finds the net trained for it, a copy of it under another name too, and
    /// a ruleset without a net finds none.
    #[test]
    fn a_ruleset_finds_the_net_trained_for_it() {
        let nets = [net_for("murray"), net_for("seega-rules-8x8")];
        let ruleset = |n| preset(n).unwrap();
        assert_eq!(find(&nets, &ruleset("murray")), Some(nets[0].clone()));
        assert_eq!(
            find(&nets, &ruleset("seega-rules-8x8")),
            Some(nets[1].clone())
        );
        let mut copy = ruleset("seega-rules-8x8");
        copy.name = "my-seega".into();
        assert_eq!(find(&nets, &copy), Some(nets[1].clone()));
        assert_eq!(find(&nets, &ruleset("kharebga-rules-8x8")), None);
    }

    /// Every shipped file reads, names a preset and is found for it.
    #[test]
    fn every_shipped_net_reads_and_is_found_for_its_ruleset() {
        assert_eq!(nets().len(), SHIPPED.len());
        for net in nets() {
            let ruleset = preset(&net.header.ruleset).unwrap();
            assert_eq!(for_ruleset(&ruleset).as_ref(), Some(net));
        }
    }
}
