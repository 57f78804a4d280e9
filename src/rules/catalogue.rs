//! The rulesets a session or a command can name: the presets, and those a user loaded from
//! ruleset files.

use super::any::AnyRules;
use super::error::{LookupError, RulesetFileError};
use super::presets::{PRESETS, preset};
use super::ruleset::Ruleset;

/// What [`Catalogue::add`] added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Added {
    pub names: Vec<String>,
    /// The names among them that are presets' names: the file's ruleset now plays instead.
    pub replacing_presets: Vec<String>,
}

/// The warning for a file ruleset that replaces the preset of its name.
pub fn replaces_preset(name: &str, file: &std::path::Path) -> String {
    format!(
        "warning: ruleset {name} of {} replaces the preset {name} (give it a name of its own, \
         e.g. `latrunculi rules {name} --toml --name my-{name}`)",
        file.display()
    )
}

/// The known rulesets by name.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    /// Rulesets loaded from files, in the order they were loaded; a name loaded again
    /// replaces the earlier one, and a loaded ruleset hides a preset of the same name.
    loaded: Vec<Ruleset>,
}

impl Catalogue {
    /// The presets, and the rulesets of `file` if one is given, with the warnings reading
    /// it gave (for the caller to say: see [`Catalogue::load`]).
    pub fn with_file(
        file: Option<&std::path::Path>,
    ) -> Result<(Catalogue, Vec<String>), RulesetFileError> {
        let mut c = Catalogue::default();
        let warnings = match file {
            Some(path) => c.load(path)?.1,
            None => Vec::new(),
        };
        Ok((c, warnings))
    }

    /// Adds the rulesets of a ruleset file: what was added, and every warning (a knob that
    /// can never apply, a ruleset that replaces a preset), which the caller must say.
    pub fn load(
        &mut self,
        path: &std::path::Path,
    ) -> Result<(Added, Vec<String>), RulesetFileError> {
        let file = super::file::load_path(path)?;
        let mut warnings = file.warnings;
        let added = self.add(file.rulesets);
        for name in &added.replacing_presets {
            warnings.push(replaces_preset(name, path));
        }
        Ok((added, warnings))
    }

    /// Every name, the presets first.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = PRESETS.iter().map(|s| s.to_string()).collect();
        for r in &self.loaded {
            if !names.contains(&r.name) {
                names.push(r.name.clone());
            }
        }
        names
    }

    /// The ruleset called `name`, with `pieces` men in hand per side where the ruleset lets
    /// the players choose (`None`: its default).
    pub fn ruleset(&self, name: &str, pieces: Option<u8>) -> Result<Ruleset, LookupError> {
        let base = match self.loaded.iter().find(|r| r.name == name) {
            Some(r) => r.clone(),
            None => preset(name).map_err(|mut u| {
                u.loaded = self.loaded.iter().map(|r| r.name.clone()).collect();
                LookupError::Unknown(u)
            })?,
        };
        match pieces {
            Some(n) => Ok(base.with_pieces(n)?),
            None => Ok(base),
        }
    }

    /// [`Catalogue::ruleset`] bound to its board.
    pub fn rules(&self, name: &str, pieces: Option<u8>) -> Result<AnyRules, LookupError> {
        Ok(AnyRules::new(self.ruleset(name, pieces)?)?)
    }

    /// Adds rulesets (each already checked by building it): their names, and those of them
    /// that replace a preset (which the caller must say: a user's ruleset that silently
    /// played under a preset's name would skew every result reported under that name).
    pub fn add(&mut self, rulesets: Vec<Ruleset>) -> Added {
        let mut added = Added::default();
        for r in rulesets {
            if PRESETS.contains(&r.name.as_str()) {
                added.replacing_presets.push(r.name.clone());
            }
            added.names.push(r.name.clone());
            self.loaded.retain(|old| old.name != r.name);
            self.loaded.push(r);
        }
        added
    }

    /// The smallest and largest number of men any known ruleset lets the players choose.
    pub fn pieces_range(&self) -> (u8, u8) {
        let mut lo = u8::MAX;
        let mut hi = 0;
        let presets = PRESETS.iter().filter_map(|n| preset(n).ok());
        for r in presets.chain(self.loaded.iter().cloned()) {
            if let Some((a, b)) = r.pieces_choice {
                lo = lo.min(a);
                hi = hi.max(b);
            }
        }
        if lo > hi { (16, 16) } else { (lo, hi) }
    }
}
