//! The named rulesets. Each is a ruleset file in `rulesets/` (the format of
//! `rulesets.md`), embedded in the binary and read by the same code that reads a user's
//! file, so the presets double as examples of the format.

use std::sync::OnceLock;

use super::error::UnknownRuleset;
use super::file;
use super::ruleset::Ruleset;

/// The preset names, in the order the protocol lists them: the five seed rulesets, then
/// the wider family of the rules reference (section 6).
pub const PRESETS: [&str; 38] = [
    "kowalski-8x12",
    "schadler-2001",
    "murray",
    "little-soldiers",
    "luductus",
    "schadler-1994",
    "locus-ludi-seneca",
    "locus-ludi-piso",
    "museum-quintana",
    "falkener",
    "kowalski-10x11",
    "bell-8x7",
    "bell-8x8",
    "seega-rules-6x6",
    "seega-rules-6x7",
    "seega-rules-6x8",
    "seega-rules-7x8",
    "seega-rules-8x8",
    "seega-rules-8x9",
    "seega-rules-9x10",
    "seega-rules-10x10",
    "seega-rules-11x12",
    "seega-rules-11x16",
    "kharebga-rules-6x6",
    "kharebga-rules-6x7",
    "kharebga-rules-6x8",
    "kharebga-rules-7x8",
    "kharebga-rules-8x8",
    "kharebga-rules-8x9",
    "kharebga-rules-9x10",
    "kharebga-rules-10x10",
    "kharebga-rules-11x12",
    "kharebga-rules-11x16",
    "seega-5x5",
    "seega-7x7",
    "seega-9x9",
    "kharebga-5x5",
    "kharebga-7x7",
];

/// The preset files, by name.
const FILES: [(&str, &str); 38] = [
    (
        "kowalski-8x12",
        include_str!("../../rulesets/kowalski-8x12.toml"),
    ),
    (
        "schadler-2001",
        include_str!("../../rulesets/schadler-2001.toml"),
    ),
    ("murray", include_str!("../../rulesets/murray.toml")),
    (
        "little-soldiers",
        include_str!("../../rulesets/little-soldiers.toml"),
    ),
    ("luductus", include_str!("../../rulesets/luductus.toml")),
    (
        "schadler-1994",
        include_str!("../../rulesets/schadler-1994.toml"),
    ),
    (
        "locus-ludi-seneca",
        include_str!("../../rulesets/locus-ludi-seneca.toml"),
    ),
    (
        "locus-ludi-piso",
        include_str!("../../rulesets/locus-ludi-piso.toml"),
    ),
    (
        "museum-quintana",
        include_str!("../../rulesets/museum-quintana.toml"),
    ),
    ("falkener", include_str!("../../rulesets/falkener.toml")),
    (
        "kowalski-10x11",
        include_str!("../../rulesets/kowalski-10x11.toml"),
    ),
    ("bell-8x7", include_str!("../../rulesets/bell-8x7.toml")),
    ("bell-8x8", include_str!("../../rulesets/bell-8x8.toml")),
    (
        "seega-rules-6x6",
        include_str!("../../rulesets/seega-rules-6x6.toml"),
    ),
    (
        "seega-rules-6x7",
        include_str!("../../rulesets/seega-rules-6x7.toml"),
    ),
    (
        "seega-rules-6x8",
        include_str!("../../rulesets/seega-rules-6x8.toml"),
    ),
    (
        "seega-rules-7x8",
        include_str!("../../rulesets/seega-rules-7x8.toml"),
    ),
    (
        "seega-rules-8x8",
        include_str!("../../rulesets/seega-rules-8x8.toml"),
    ),
    (
        "seega-rules-8x9",
        include_str!("../../rulesets/seega-rules-8x9.toml"),
    ),
    (
        "seega-rules-9x10",
        include_str!("../../rulesets/seega-rules-9x10.toml"),
    ),
    (
        "seega-rules-10x10",
        include_str!("../../rulesets/seega-rules-10x10.toml"),
    ),
    (
        "seega-rules-11x12",
        include_str!("../../rulesets/seega-rules-11x12.toml"),
    ),
    (
        "seega-rules-11x16",
        include_str!("../../rulesets/seega-rules-11x16.toml"),
    ),
    (
        "kharebga-rules-6x6",
        include_str!("../../rulesets/kharebga-rules-6x6.toml"),
    ),
    (
        "kharebga-rules-6x7",
        include_str!("../../rulesets/kharebga-rules-6x7.toml"),
    ),
    (
        "kharebga-rules-6x8",
        include_str!("../../rulesets/kharebga-rules-6x8.toml"),
    ),
    (
        "kharebga-rules-7x8",
        include_str!("../../rulesets/kharebga-rules-7x8.toml"),
    ),
    (
        "kharebga-rules-8x8",
        include_str!("../../rulesets/kharebga-rules-8x8.toml"),
    ),
    (
        "kharebga-rules-8x9",
        include_str!("../../rulesets/kharebga-rules-8x9.toml"),
    ),
    (
        "kharebga-rules-9x10",
        include_str!("../../rulesets/kharebga-rules-9x10.toml"),
    ),
    (
        "kharebga-rules-10x10",
        include_str!("../../rulesets/kharebga-rules-10x10.toml"),
    ),
    (
        "kharebga-rules-11x12",
        include_str!("../../rulesets/kharebga-rules-11x12.toml"),
    ),
    (
        "kharebga-rules-11x16",
        include_str!("../../rulesets/kharebga-rules-11x16.toml"),
    ),
    ("seega-5x5", include_str!("../../rulesets/seega-5x5.toml")),
    ("seega-7x7", include_str!("../../rulesets/seega-7x7.toml")),
    ("seega-9x9", include_str!("../../rulesets/seega-9x9.toml")),
    (
        "kharebga-5x5",
        include_str!("../../rulesets/kharebga-5x5.toml"),
    ),
    (
        "kharebga-7x7",
        include_str!("../../rulesets/kharebga-7x7.toml"),
    ),
];

/// The default ruleset of the engine.
pub const DEFAULT_PRESET: &str = "kowalski-8x12";

/// Each preset, read the first time it is asked for (a command needs one or two of them).
static READ: [OnceLock<Ruleset>; FILES.len()] = [const { OnceLock::new() }; FILES.len()];

fn read(i: usize) -> &'static Ruleset {
    READ[i].get_or_init(|| {
        let (name, text) = FILES[i];
        let mut rs = file::parse_trusted(text, &format!("rulesets/{name}.toml"))
            .unwrap_or_else(|e| panic!("the shipped preset file is broken: {e}"));
        assert!(rs.len() == 1 && rs[0].name == name, "rulesets/{name}.toml");
        rs.remove(0)
    })
}

/// The preset called `name`, as its file gives it (where the players may choose the men in
/// hand, `schadler-2001`, [`Ruleset::with_pieces`] sets another number).
pub fn preset(name: &str) -> Result<Ruleset, UnknownRuleset> {
    match FILES.iter().position(|(n, _)| *n == name) {
        Some(i) => Ok(read(i).clone()),
        None => Err(UnknownRuleset {
            name: name.to_string(),
            known: PRESETS.iter().map(|p| p.to_string()).collect(),
            loaded: Vec::new(),
        }),
    }
}

/// Whether `ruleset` is the preset of its name, knob for knob (a file ruleset that took a
/// preset's name is not): shipped data made for a preset (weights, books, nets) is only
/// for the preset itself.
pub fn is_preset(ruleset: &Ruleset) -> bool {
    let pieces = ruleset.chosen_pieces();
    preset(&ruleset.name)
        .ok()
        .and_then(|p| {
            let men = pieces.unwrap_or(p.hand_men);
            p.with_pieces(men).ok()
        })
        .is_some_and(|p| &p == ruleset)
}

#[cfg(test)]
mod echo_tests {
    #[test]
    fn a_long_unknown_name_is_cut_in_the_message() {
        let long = "x".repeat(100_000);
        let err = super::preset(&long).unwrap_err();
        assert_eq!(err.name, long);
        let err = err.to_string();
        assert!(err.starts_with(&format!(
            "unknown variant '{}... (100000 characters)'",
            "x".repeat(40)
        )));
        assert!(err.len() < 2_000, "{} bytes", err.len());
        let err = super::preset("chess").unwrap_err().to_string();
        assert!(err.starts_with("unknown variant 'chess' (known: "), "{err}");
    }
}

/// The file text of the preset called `name`.
pub fn preset_file(name: &str) -> Option<&'static str> {
    FILES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_file_reads_and_names_itself() {
        for (name, _) in FILES {
            assert_eq!(preset(name).unwrap().name, name);
        }
        assert_eq!(FILES.map(|(n, _)| n), PRESETS);
        let s = preset("schadler-2001").unwrap();
        assert_eq!(s.pieces_choice, Some((16, 24)));
    }
}
