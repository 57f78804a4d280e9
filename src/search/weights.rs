//! Evaluation weights as data: the tuned weights shipped for some rulesets (files in
//! `weights/`, built into the program), and weight files a user writes or `latrunculi tune
//! texel` writes. A ruleset without shipped weights plays with [`Weights::default`].
//!
//! The format is TOML: an optional `variant` (the ruleset the weights were fitted for, for
//! people and for `tune`), and a `[weights]` table of whole centipawn values by name
//! ([`Weights::NAMES`]); a weight left out keeps its default.

use super::params::Weights;

/// The shipped weight files, by ruleset name (each says how it was fitted and measured): the
/// file for ruleset `R` is `weights/R.toml`, so a name and its file cannot drift apart.
macro_rules! shipped {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../weights/", $name, ".toml")))),*]
    };
}
const SHIPPED: &[(&str, &str)] = shipped![
    "little-soldiers",
    "luductus",
    "bell-8x8",
    "kharebga-rules-8x8",
    "seega-rules-8x8",
    "schadler-2001",
    "locus-ludi-seneca",
    "kowalski-8x12",
    "falkener"
];

/// The ruleset names with shipped weights.
pub fn shipped_names() -> Vec<&'static str> {
    SHIPPED.iter().map(|(n, _)| *n).collect()
}

/// The weights a ruleset plays with when no weight file is given: the shipped ones of the
/// preset it is, or the defaults. A ruleset of a file that took a preset's name is not
/// that preset (its knobs differ), so it does not get the preset's weights.
pub fn for_ruleset(ruleset: &crate::rules::Ruleset) -> Weights {
    if crate::rules::is_preset(ruleset) {
        for_preset(&ruleset.name)
    } else {
        Weights::default()
    }
}

/// The shipped weights of the preset called `name`, or the defaults (for `tune texel`,
/// which starts from the weights of the ruleset its records name).
pub fn for_preset(name: &str) -> Weights {
    SHIPPED
        .iter()
        .find(|(n, _)| *n == name)
        .and_then(|(_, text)| parse(text, name).ok())
        .map(|f| f.weights)
        .unwrap_or_default()
}

/// A weight file's contents.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightFile {
    pub variant: Option<String>,
    pub weights: Weights,
}

/// Reads a weight file; `origin` names it in errors.
pub fn parse(text: &str, origin: &str) -> Result<WeightFile, String> {
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| format!("{origin}: {}", e.message()))?;
    let mut file = WeightFile {
        variant: None,
        weights: Weights::default(),
    };
    for (key, value) in &table {
        match (key.as_str(), value) {
            ("variant", toml::Value::String(v)) => file.variant = Some(v.clone()),
            ("weights", toml::Value::Table(t)) => {
                for (name, value) in t {
                    let i = Weights::index(name).ok_or_else(|| {
                        format!(
                            "{origin}: no weight is called '{name}' (the weights: {})",
                            Weights::NAMES.join(", ")
                        )
                    })?;
                    let v = value
                        .as_integer()
                        .and_then(|v| i32::try_from(v).ok())
                        .filter(|v| v.abs() <= 100_000)
                        .ok_or_else(|| {
                            format!("{origin}: weight {name} must be a whole number of centipawns")
                        })?;
                    file.weights.set(i, v);
                }
            }
            ("variant", _) => return Err(format!("{origin}: variant must be a string")),
            ("weights", _) => return Err(format!("{origin}: weights must be a table")),
            (other, _) => {
                return Err(format!(
                    "{origin}: unknown key '{other}' (a weight file has variant and [weights])"
                ));
            }
        }
    }
    Ok(file)
}

/// Writes a weight file: `comment` lines first (as `#` comments), every weight spelled out.
pub fn to_text(variant: Option<&str>, weights: &Weights, comment: &[String]) -> String {
    let mut out = String::new();
    for line in comment {
        out.push_str(&format!("# {line}\n").replace("# \n", "#\n"));
    }
    if let Some(v) = variant {
        out.push_str(&format!("variant = \"{v}\"\n"));
    }
    out.push_str("\n[weights]\n");
    for (i, name) in Weights::NAMES.iter().enumerate() {
        out.push_str(&format!("{name} = {}\n", weights.get(i)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_weight_file_round_trips_and_leaves_out_weights_at_their_defaults() {
        let w = Weights {
            edge: -7,
            tempo: 12,
            ..Weights::default()
        };
        let text = to_text(Some("murray"), &w, &["fitted by a test".into()]);
        assert!(
            text.starts_with("# fitted by a test\nvariant = \"murray\"\n"),
            "{text}"
        );
        assert_eq!(
            parse(&text, "t").unwrap(),
            WeightFile {
                variant: Some("murray".into()),
                weights: w
            }
        );
        let partial = parse("[weights]\nedge = 9\n", "t").unwrap();
        assert_eq!(partial.weights.edge, 9);
        assert_eq!(partial.weights.man, Weights::default().man);
    }

    #[test]
    fn a_broken_weight_file_is_explained() {
        let err = |text| parse(text, "w.toml").unwrap_err();
        assert!(err("[weights]\nedges = 3\n").contains("no weight is called 'edges'"));
        assert!(err("[weights]\nedge = 1.5\n").contains("whole number"));
        assert!(err("colour = 1\n").contains("unknown key 'colour'"));
        assert!(err("[weights\n").starts_with("w.toml: "));
    }

    #[test]
    fn a_ruleset_plays_with_its_shipped_weights_or_the_defaults() {
        let preset = |name| crate::rules::preset(name, 16).unwrap();
        assert!(!shipped_names().contains(&"murray"));
        assert_eq!(for_ruleset(&preset("murray")), Weights::default());
        assert!(shipped_names().contains(&"little-soldiers"));
        for name in shipped_names() {
            assert_ne!(for_ruleset(&preset(name)), Weights::default(), "{name}");
        }
        // A file's ruleset that took a preset's name, with other knobs, is not the preset.
        let mut other = preset("little-soldiers");
        other.end.ply_limit += 1;
        assert_eq!(for_ruleset(&other), Weights::default());
        assert_ne!(for_preset("little-soldiers"), Weights::default());
    }

    #[test]
    fn every_shipped_file_reads_and_names_its_ruleset() {
        for (name, text) in SHIPPED {
            let f = parse(text, name).unwrap();
            assert_eq!(f.variant.as_deref(), Some(*name));
            assert!(crate::rules::preset(name, 16).is_ok(), "{name}");
        }
    }
}
