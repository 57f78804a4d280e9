//! What a page may ask of an engine it starts.
//!
//! The page is trusted only as far as the token and origin checks go, and a page can have
//! bugs: so the server bounds what reaches the engine. Memory (`Hash`) and threads have a
//! ceiling, and options that name files (any option whose name ends in `File`, `Path` or
//! `Dir`, whatever the engine) may only name a file given on the command line with
//! `--file`, or be reset to empty: no page can make an engine read, or report on, a file
//! the user did not choose.

/// The most memory a page may give one engine's hash table, in MB.
pub const GUI_MAX_HASH_MB: u64 = 256;

/// The bounds the server applies to `setoption` lines from the page.
#[derive(Debug, Clone)]
pub struct EngineLimits {
    /// The most MB for `Hash`.
    pub max_hash_mb: u64,
    /// The most search threads for `Threads`.
    pub max_threads: u64,
    /// Files the user chose (`--file`): the only values a file option may take.
    pub files: Vec<String>,
}

impl EngineLimits {
    /// The GUI's defaults: [`GUI_MAX_HASH_MB`], threads up to this machine's cores.
    pub fn new(files: Vec<String>) -> EngineLimits {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
        EngineLimits {
            max_hash_mb: GUI_MAX_HASH_MB,
            max_threads: cores,
            files,
        }
    }

    /// Whether the page may send `line` to its engine; the error says why not.
    pub fn check(&self, line: &str) -> Result<(), Refused> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(first) = words.first() else {
            return Ok(());
        };
        if !first.eq_ignore_ascii_case("setoption") {
            return Ok(());
        }
        let is = |w: &&str, key: &str| w.eq_ignore_ascii_case(key);
        let Some(name_at) = words.iter().position(|w| is(w, "name")) else {
            return Ok(());
        };
        let value_at = words.iter().position(|w| is(w, "value"));
        let name_end = value_at.unwrap_or(words.len());
        let name = words[(name_at + 1).min(name_end)..name_end]
            .join(" ")
            .to_ascii_lowercase();
        let value = value_at.map_or(String::new(), |k| words[k + 1..].join(" "));
        match name.as_str() {
            "hash" => self.at_most("Hash", &value, self.max_hash_mb, "MB"),
            "threads" => self.at_most("Threads", &value, self.max_threads, "threads"),
            _ if is_file_option(&name) => self.chosen_file(&name, &value),
            _ => Ok(()),
        }
    }

    fn at_most(
        &self,
        option: &'static str,
        value: &str,
        max: u64,
        unit: &'static str,
    ) -> Result<(), Refused> {
        match value.trim().parse::<u64>() {
            Ok(v) if v > max => Err(Refused::TooMuch {
                option,
                max,
                unit,
                value: v,
            }),
            // Not a number: the engine's own answer explains it.
            _ => Ok(()),
        }
    }

    fn chosen_file(&self, name: &str, value: &str) -> Result<(), Refused> {
        let value = value.trim();
        if value.is_empty() || value == "<empty>" || self.files.iter().any(|f| f == value) {
            Ok(())
        } else {
            Err(Refused::NotAGivenFile {
                option: name.to_string(),
                value: value.chars().take(80).collect(),
            })
        }
    }
}

/// Why the page may not send a `setoption` line to its engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// More memory or threads than the GUI lets a page have.
    TooMuch {
        option: &'static str,
        max: u64,
        unit: &'static str,
        value: u64,
    },
    /// A file option naming a file not given to `latrunculi gui --file` (`value`: its first
    /// 80 characters).
    NotAGivenFile { option: String, value: String },
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::TooMuch {
                option,
                max,
                unit,
                value,
            } => write!(
                f,
                "refused: the GUI lets a page set {option} to at most {max} {unit}, not {value}"
            ),
            Refused::NotAGivenFile { option, value } => write!(
                f,
                "refused: option {option} may only name a file given to `latrunculi gui --file`, \
                 not {value:?}"
            ),
        }
    }
}

impl std::error::Error for Refused {}

/// Options that name a file or folder, recognised by name so that any engine is covered.
fn is_file_option(lowercase_name: &str) -> bool {
    ["file", "path", "dir"]
        .iter()
        .any(|end| lowercase_name.ends_with(end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> EngineLimits {
        EngineLimits {
            max_hash_mb: 256,
            max_threads: 2,
            files: vec!["/home/me/my.toml".into()],
        }
    }

    #[test]
    fn memory_and_threads_are_bounded() {
        let l = limits();
        assert!(l.check("setoption name Hash value 256").is_ok());
        let e = l.check("setoption name Hash value 1024").unwrap_err();
        assert!(matches!(
            e,
            Refused::TooMuch {
                option: "Hash",
                max: 256,
                value: 1024,
                ..
            }
        ));
        assert_eq!(
            e.to_string(),
            "refused: the GUI lets a page set Hash to at most 256 MB, not 1024"
        );
        assert!(l.check("SETOPTION NAME hash VALUE 100000").is_err());
        assert!(l.check("setoption name Threads value 2").is_ok());
        assert!(l.check("setoption name Threads value 200").is_err());
        assert!(
            l.check("setoption name Hash value lots").is_ok(),
            "the engine explains"
        );
    }

    #[test]
    fn file_options_name_only_the_users_files() {
        let l = limits();
        for bad in [
            "setoption name VariantPath value /etc/passwd",
            "setoption name EvalFile value ../secret",
            "setoption name BookFile value x.book",
            "setoption name SyzygyPath value /",
            "setoption name evalfile value /etc/passwd",
        ] {
            let e = l.check(bad).unwrap_err();
            assert!(matches!(e, Refused::NotAGivenFile { .. }), "{bad}: {e}");
        }
        assert!(
            l.check("setoption name VariantPath value /home/me/my.toml")
                .is_ok()
        );
        assert!(l.check("setoption name EvalFile value <empty>").is_ok());
        assert!(l.check("setoption name EvalFile value").is_ok());
        assert!(l.check("setoption name MultiPV value 3").is_ok());
        assert!(l.check("setoption name UCI_Variant value murray").is_ok());
        assert!(l.check("go depth 3").is_ok());
        assert!(l.check("").is_ok());
    }
}
