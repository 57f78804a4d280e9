//! Ruleset files: the knobs of [`Ruleset`] written by hand in TOML (documented in
//! `rulesets.md`). The presets are such files too, embedded in the binary, so one reader
//! serves both. A file holds one or more `[[ruleset]]` tables; a knob left out takes its
//! default. Reading checks every ruleset as the engine would build it; every error is
//! reported (as a compiler does), each naming the file, the line, the ruleset, the knob and
//! what is allowed; knobs that can never apply are warned about.

mod convert;
mod knobs;

use std::path::Path;

use super::any::AnyRules;
use super::error::{FileProblem, FileProblemKind, RulesetFileError, WhichRuleset};
use super::ruleset::*;
use knobs::{FileDoc, FileRuleset};

/// What a ruleset file holds: its rulesets, and a warning for each knob that can never
/// apply (`file:line: warning: ruleset NAME: KNOB has no effect: why`).
#[derive(Debug)]
pub struct FileRulesets {
    pub rulesets: Vec<Ruleset>,
    pub warnings: Vec<String>,
}

/// Rulesets written as one file, every knob spelled out.
pub fn to_text(rulesets: &[Ruleset]) -> String {
    let doc = FileDoc {
        ruleset: rulesets.iter().map(FileRuleset::from_ruleset).collect(),
    };
    toml::to_string(&doc).expect("a ruleset always writes as TOML")
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Where each knob of each ruleset is written: (ruleset index, knob path, line). The
/// knob path is the table path below `[[ruleset]]` plus the key (`placement.per-turn`);
/// the ruleset's own header line has the path `""`.
fn knob_lines(text: &str) -> Vec<(usize, String, usize)> {
    let mut out = Vec::new();
    let mut index: Option<usize> = None;
    let mut table = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with("[[") {
            let name = line.trim_matches(|c| c == '[' || c == ']').trim();
            if name == "ruleset" {
                index = Some(index.map_or(0, |n| n + 1));
                table.clear();
                out.push((index.unwrap_or(0), String::new(), i + 1));
            }
        } else if line.starts_with('[') {
            let name = line.trim_matches(|c| c == '[' || c == ']').trim();
            table = name.strip_prefix("ruleset.").unwrap_or(name).to_string();
            if let Some(n) = index {
                out.push((n, table.clone(), i + 1));
            }
        } else if let Some((key, _)) = line.split_once('=')
            && !line.starts_with('#')
            && let Some(n) = index
        {
            let key = key.trim().trim_matches('"');
            let path = if table.is_empty() {
                key.to_string()
            } else {
                format!("{table}.{key}")
            };
            out.push((n, path, i + 1));
        }
    }
    out
}

/// Reads every ruleset of `text` (named `origin` in messages) and checks each as the engine
/// would build it. Any error refuses the whole file; the error lists every one found, a
/// line each.
pub fn parse(text: &str, origin: &str) -> Result<FileRulesets, RulesetFileError> {
    read(text, origin, true)
}

/// [`parse`] without building each ruleset to check it: for the shipped presets, which the
/// tests build, so that starting the engine does not build its ruleset twice.
pub(super) fn parse_trusted(text: &str, origin: &str) -> Result<Vec<Ruleset>, RulesetFileError> {
    read(text, origin, false).map(|f| f.rulesets)
}

/// The file cut before each `[[ruleset]]` line: (the first line's number, the text). Each
/// part is read on its own, so that an error in one ruleset does not hide those of the next.
fn parts(text: &str) -> Vec<(usize, &str)> {
    let mut starts = vec![0];
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == "[[ruleset]]" && offset > 0 {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts.push(text.len());
    starts
        .windows(2)
        .map(|w| (line_of(text, w[0]), &text[w[0]..w[1]]))
        .collect()
}

/// A part's name as written, for messages about a part that does not read.
fn name_in(part: &str) -> Option<String> {
    let table: toml::Table = part.parse().ok()?;
    let first = table.get("ruleset")?.as_array()?.first()?;
    Some(first.get("name")?.as_str()?.to_string())
}

fn read(text: &str, origin: &str, check: bool) -> Result<FileRulesets, RulesetFileError> {
    let lines = knob_lines(text);
    let mut errors = Vec::new();
    let problem = |kind| FileProblem {
        origin: origin.to_string(),
        kind,
    };
    let mut warnings = Vec::new();
    let mut out: Vec<Ruleset> = Vec::new();
    let mut index = 0;
    for (first_line, part) in parts(text) {
        let doc: FileDoc = match toml::from_str(part) {
            Ok(doc) => doc,
            Err(e) => {
                let line = e.span().map(|s| first_line + line_of(part, s.start) - 1);
                let ruleset = match name_in(part) {
                    Some(n) => Some(WhichRuleset::Named(n)),
                    None if part.contains("[[ruleset]]") => Some(WhichRuleset::Numbered(index + 1)),
                    None => None,
                };
                let message = e
                    .message()
                    .trim_end()
                    .replace("unknown field", "unknown knob")
                    .replace("missing field", "missing knob");
                errors.push(problem(FileProblemKind::Syntax {
                    line,
                    ruleset,
                    message,
                }));
                index += usize::from(part.contains("[[ruleset]]"));
                continue;
            }
        };
        for f in &doc.ruleset {
            let line = |knob: &str| {
                let written = lines.iter().find(|(n, k, _)| *n == index && k == knob);
                let header = lines.iter().find(|(n, k, _)| *n == index && k.is_empty());
                match (written, header) {
                    (Some(l), _) => (l.2, false),
                    (None, Some(h)) => (h.2, true),
                    (None, None) => (0, false),
                }
            };
            let checked = f.to_ruleset().and_then(|r| {
                if check {
                    AnyRules::new(r.clone()).map_err(|e| vec![e])?;
                }
                Ok(r)
            });
            match checked {
                Ok(r) if out.iter().any(|o| o.name == r.name) => {
                    errors.push(problem(FileProblemKind::DuplicateName {
                        line: line("name").0,
                        name: r.name,
                    }))
                }
                Ok(r) => {
                    for (knob, why) in f.never_apply(&r) {
                        warnings.push(format!(
                            "{origin}:{}: warning: ruleset {}: {knob} has no effect: {why}",
                            line(knob).0,
                            r.name
                        ));
                    }
                    out.push(r)
                }
                Err(wrong) => errors.extend(wrong.into_iter().map(|error| {
                    let (line, defaulted) = line(error.knob);
                    problem(FileProblemKind::Knob {
                        line,
                        ruleset: f.name.clone(),
                        error,
                        defaulted,
                    })
                })),
            }
            index += 1;
        }
    }
    if out.is_empty() && errors.is_empty() {
        errors.push(problem(FileProblemKind::NoRuleset));
    }
    if !errors.is_empty() {
        return Err(RulesetFileError::Invalid(errors));
    }
    Ok(FileRulesets {
        rulesets: out,
        warnings,
    })
}

/// Reads a ruleset file from disk.
pub fn load_path(path: &Path) -> Result<FileRulesets, RulesetFileError> {
    let text = std::fs::read_to_string(path).map_err(|error| RulesetFileError::Read {
        path: path.to_path_buf(),
        error,
    })?;
    parse(&text, &path.display().to_string())
}
