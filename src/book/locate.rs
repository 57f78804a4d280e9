//! Where the shipped book of a ruleset is found when `BookFile` is `<default>`, so that an
//! engine started from anywhere (a GUI, `target/release/latrunculi`, an installed copy)
//! finds the books of its repository without being told.

use std::path::{Path, PathBuf};

/// The environment variable naming the directory of books (it replaces the search).
pub const BOOKS_ENV: &str = "LATRUNCULI_BOOKS";
/// The `BookFile` value that means "the shipped book of the current ruleset".
pub const DEFAULT_FILE: &str = "<default>";

/// The shipped book's file name: `murray.book`, `schadler-2001-16.book`.
pub fn file_name(variant: &str, pieces: u8) -> String {
    format!("{}.book", super::book_name(variant, pieces))
}

/// Whether `dir` is a repository root (where the search up from the executable stops).
fn is_root(dir: &Path) -> bool {
    dir.join("Cargo.toml").is_file() || dir.join(".git").exists()
}

/// The places looked at, in order: `$LATRUNCULI_BOOKS/<file>` alone when the variable is set;
/// otherwise `books/<file>` in the executable's directory and each parent up to the first
/// that is a repository root (has `Cargo.toml` or `.git`), then `books/<file>` and `<file>` in
/// the current directory.
pub fn candidates(file: &str, env_dir: Option<&Path>, exe: Option<&Path>) -> Vec<PathBuf> {
    if let Some(dir) = env_dir {
        return vec![dir.join(file)];
    }
    let mut out = Vec::new();
    if let Some(dir) = exe.and_then(Path::parent) {
        for d in dir.ancestors() {
            out.push(d.join("books").join(file));
            if is_root(d) {
                break;
            }
        }
    }
    out.push(Path::new("books").join(file));
    out.push(PathBuf::from(file));
    out
}

/// The shipped book of a ruleset, if one exists.
pub fn find(variant: &str, pieces: u8) -> Option<PathBuf> {
    let env = std::env::var_os(BOOKS_ENV).map(PathBuf::from);
    let exe = std::env::current_exe().ok();
    candidates(&file_name(variant, pieces), env.as_deref(), exe.as_deref())
        .into_iter()
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_search_order() {
        assert_eq!(file_name("murray", 16), "murray.book");
        assert_eq!(file_name("schadler-2001", 20), "schadler-2001-20.book");
        let env = candidates(
            "m.book",
            Some(Path::new("shelf")),
            Some(Path::new("/x/y/bin")),
        );
        assert_eq!(env, vec![PathBuf::from("shelf/m.book")]);
        let here = env!("CARGO_MANIFEST_DIR");
        let exe = Path::new(here)
            .join("target")
            .join("release")
            .join("latrunculi");
        let c = candidates("m.book", None, Some(&exe));
        let root_books = Path::new(here).join("books").join("m.book");
        assert_eq!(c.iter().position(|p| *p == root_books), Some(2), "{c:?}");
        assert_eq!(c.len(), 5, "the search stops at the repository root: {c:?}");
        assert_eq!(c[4], PathBuf::from("m.book"));
    }
}
