//! Ruleset files (TOML).

use std::path::Path;

use super::ruleset::Ruleset;

/// Reads every ruleset of a file.
pub fn load_path(path: &Path) -> Result<Vec<Ruleset>, String> {
    Err(format!(
        "{}: ruleset files are not read yet",
        path.display()
    ))
}
