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

/// Why a weight file cannot be read: the file as messages name it, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightFileError {
    pub origin: String,
    pub kind: WeightFileErrorKind,
}

/// What is wrong with a weight file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightFileErrorKind {
    /// The TOML does not read (the reader's words).
    Syntax(String),
    /// A weight name that is not one of [`Weights::NAMES`].
    UnknownWeight(String),
    /// A weight's value that is not a whole number of centipawns (at most 100000 either way).
    NotCentipawns(String),
    /// `variant` that is not a string.
    VariantNotText,
    /// `weights` that is not a table.
    WeightsNotTable,
    /// Another key than `variant` and `weights`.
    UnknownKey(String),
}

impl std::fmt::Display for WeightFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.origin)?;
        match &self.kind {
            WeightFileErrorKind::Syntax(message) => f.write_str(message),
            WeightFileErrorKind::UnknownWeight(name) => write!(
                f,
                "no weight is called '{name}' (the weights: {})",
                Weights::NAMES.join(", ")
            ),
            WeightFileErrorKind::NotCentipawns(name) => {
                write!(f, "weight {name} must be a whole number of centipawns")
            }
            WeightFileErrorKind::VariantNotText => f.write_str("variant must be a string"),
            WeightFileErrorKind::WeightsNotTable => f.write_str("weights must be a table"),
            WeightFileErrorKind::UnknownKey(key) => write!(
                f,
                "unknown key '{key}' (a weight file has variant and [weights])"
            ),
        }
    }
}

impl std::error::Error for WeightFileError {}

/// Reads a weight file; `origin` names it in errors.
pub fn parse(text: &str, origin: &str) -> Result<WeightFile, WeightFileError> {
    let wrong = |kind| WeightFileError {
        origin: origin.to_string(),
        kind,
    };
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        wrong(WeightFileErrorKind::Syntax(e.message().to_string()))
    })?;
    let mut file = WeightFile {
        variant: None,
        weights: Weights::default(),
    };
    for (key, value) in &table {
        match (key.as_str(), value) {
            ("variant", toml::Value::String(v)) => file.variant = Some(v.clone()),
            ("weights", toml::Value::Table(t)) => {
                for (name, value) in t {
                    let i = Weights::index(name)
                        .ok_or_else(|| wrong(WeightFileErrorKind::UnknownWeight(name.clone())))?;
                    let v = value
                        .as_integer()
                        .and_then(|v| i32::try_from(v).ok())
                        .filter(|v| v.abs() <= 100_000)
                        .ok_or_else(|| wrong(WeightFileErrorKind::NotCentipawns(name.clone())))?;
                    file.weights.set(i, v);
                }
            }
            ("variant", _) => return Err(wrong(WeightFileErrorKind::VariantNotText)),
            ("weights", _) => return Err(wrong(WeightFileErrorKind::WeightsNotTable)),
            (other, _) => return Err(wrong(WeightFileErrorKind::UnknownKey(other.to_string()))),
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
        use WeightFileErrorKind as Kind;
        let kind = |text| parse(text, "w.toml").unwrap_err().kind;
        assert_eq!(
            kind("[weights]\nedges = 3\n"),
            Kind::UnknownWeight("edges".into())
        );
        assert_eq!(
            kind("[weights]\nedge = 1.5\n"),
            Kind::NotCentipawns("edge".into())
        );
        assert_eq!(kind("colour = 1\n"), Kind::UnknownKey("colour".into()));
        assert!(matches!(kind("[weights\n"), Kind::Syntax(_)));
        let err = parse("[weights]\nedge = 1.5\n", "w.toml").unwrap_err();
        assert_eq!(
            err.to_string(),
            "w.toml: weight edge must be a whole number of centipawns"
        );
    }

    #[test]
    fn a_ruleset_plays_with_its_shipped_weights_or_the_defaults() {
        let preset = |name| crate::rules::preset(name).unwrap();
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
            assert!(crate::rules::preset(name).is_ok(), "{name}");
        }
    }
}
