//! Where the shipped book of a ruleset is found when `BookFile` is `<default>`, so that an
//! engine started from anywhere (a GUI, `target/release/latrunculi`, an installed copy)
//! finds its books without being told: a file on disk if there is one (a book rebuilt in
//! the repository's `books/` is used at once), else the copy embedded in the binary
//! ([`super::shipped`]). The working directory is never searched: a book file that happens
//! to lie where the engine was started must not change its play unannounced.

use std::path::{Path, PathBuf};

use super::error::{BookError, NotFound};

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
/// that is a repository root (has `Cargo.toml` or `.git`).
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
    out
}

/// Where a book comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    /// The copy embedded in the binary, by file name.
    Shipped(String),
}

impl Source {
    /// Reads the book; errors name where it came from.
    pub fn load(&self, expect: Option<(&str, u8)>) -> Result<super::Book, BookError> {
        match self {
            Source::File(p) => super::Book::load(p, expect),
            Source::Shipped(name) => {
                let bytes = super::shipped::book(name).ok_or(BookError::NoShippedBook)?;
                super::Book::from_bytes(bytes, expect).map_err(|e| e.from_source(self))
            }
        }
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::File(p) => write!(f, "{}", p.display()),
            Source::Shipped(name) => write!(f, "{name} (built in)"),
        }
    }
}

/// The book of a ruleset, and where it was looked for: the files of [`candidates`], then
/// (unless `$LATRUNCULI_BOOKS` is set, which names the one place to look) the built-in copy.
pub fn find(variant: &str, pieces: u8) -> Result<Source, NotFound> {
    let env = std::env::var_os(BOOKS_ENV).map(PathBuf::from);
    let exe = std::env::current_exe().ok();
    let file = file_name(variant, pieces);
    let places = candidates(&file, env.as_deref(), exe.as_deref());
    if let Some(p) = places.iter().find(|p| p.is_file()) {
        return Ok(Source::File(p.clone()));
    }
    if env.is_none() && super::shipped::book(&file).is_some() {
        return Ok(Source::Shipped(file));
    }
    Err(NotFound {
        file,
        looked: places,
        env_only: env.is_some().then_some(BOOKS_ENV),
    })
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
        assert_eq!(c.len(), 3, "the search stops at the repository root: {c:?}");
        assert!(
            c.iter().all(|p| p.is_absolute()),
            "the working directory is not searched: {c:?}"
        );
    }
}
