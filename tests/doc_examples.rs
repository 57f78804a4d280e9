//! Every command example in the docs whose output they show is run here, and its output must
//! be what the doc prints: a changed output fails the tests instead of misleading the reader.
//!
//! An example is a line `$ COMMAND` inside a ```text block (a line ending in `\` goes on on
//! the next line), followed by the output it prints, up to the next `$` line or the end of
//! the block. In the output a line `...` stands for any number of lines; blank lines are
//! not compared. Times and speeds
//! differ from machine to machine and are masked on both sides; runs of spaces count as
//! one. A line with `to move> X` is a move typed into `play`: X is sent on its input. The
//! examples of one doc run in order in one scratch directory (a later one may read what an
//! earlier one wrote), where `latrunculi` is the binary under test and `rulesets`, `scripts`
//! and `target/release/latrunculi` are the repository's.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use regex::Regex;

/// One example: where it is, the command, the input typed into it, the output shown.
#[derive(Debug)]
struct Example {
    line: usize,
    command: String,
    input: Vec<String>,
    expected: Vec<String>,
}

/// The examples of a doc, in order.
fn examples(doc: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_text = false;
    let mut continued = false;
    // The example the lines belong to: none until a block's first `$` line.
    let mut current: Option<usize> = None;
    for (n, line) in doc.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_text = !in_text && line.trim() == "```text";
            (continued, current) = (false, None);
            continue;
        }
        if !in_text {
            continue;
        }
        let e = current.map(|i| &mut out[i]);
        if continued && let Some(e) = e {
            let part = line.trim();
            continued = part.ends_with('\\');
            e.command.push(' ');
            e.command.push_str(part.trim_end_matches('\\').trim());
        } else if let Some(command) = line.strip_prefix("$ ") {
            continued = command.ends_with('\\');
            current = Some(out.len());
            out.push(Example {
                line: n + 1,
                command: command.trim_end_matches('\\').trim().to_string(),
                input: Vec::new(),
                expected: Vec::new(),
            });
        } else if let Some(e) = e {
            if let Some((_, typed)) = line.split_once("to move> ") {
                e.input.push(typed.to_string());
            }
            e.expected.push(line.to_string());
        }
    }
    out
}

/// A line with its machine-dependent figures masked and its spaces collapsed.
fn normalise(line: &str) -> String {
    static RULES: std::sync::OnceLock<Vec<(Regex, &str)>> = std::sync::OnceLock::new();
    let rules = RULES.get_or_init(|| {
        [
            // "1240 kn/s", "0.02 s", "7 ms", "3 s" and "0.2 s)"
            (r"\d+(\.\d+)?( ?)(kn/s|s|ms)\b", "#$2$3"),
            (r#""(nps|time_ms)":\d+"#, r#""$1":#"#),
            (r"(Total time \(ms\)|Nodes/second) *: *\d+", "$1 : #"),
        ]
        .into_iter()
        .map(|(r, to)| (Regex::new(r).unwrap(), to))
        .collect()
    });
    let mut s = line.to_string();
    for (re, to) in rules {
        s = re.replace_all(&s, *to).into_owned();
    }
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `actual` is `expected`, where a line `...` of `expected` stands for any lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| a == first && matches(rest, more)),
    }
}

/// The output of `play` as a reader sees it in a terminal: each typed line after its prompt.
fn with_typed_input(output: &str, input: &[String]) -> String {
    let mut shown = String::new();
    let mut rest = output;
    for typed in input {
        let Some(at) = rest.find("to move> ") else {
            break;
        };
        let end = at + "to move> ".len();
        shown.push_str(&rest[..end]);
        shown.push_str(typed);
        shown.push('\n');
        rest = &rest[end..];
    }
    shown.push_str(rest);
    shown
}

/// A scratch directory for one doc, with the repository's files the examples name.
fn scratch(doc: &str) -> PathBuf {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("doc-examples-{doc}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target/release")).unwrap();
    for name in ["rulesets", "scripts"] {
        std::os::unix::fs::symlink(repo.join(name), dir.join(name)).unwrap();
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_latrunculi"));
    std::os::unix::fs::symlink(bin, dir.join("target/release/latrunculi")).unwrap();
    dir
}

/// Runs one example in `dir` with the binary under test first on the PATH.
fn run(e: &Example, dir: &Path) -> String {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_latrunculi"))
        .parent()
        .unwrap();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap());
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&e.command)
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("LATRUNCULI_BOOKS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let typed: String = e.input.iter().map(|l| format!("{l}\n")).collect();
    std::io::Write::write_all(&mut stdin, typed.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    with_typed_input(&String::from_utf8_lossy(&out.stdout), &e.input)
}

/// Runs every example of `doc` and lists those whose output differs from the doc's.
fn check(name: &str, doc: &str) {
    let dir = scratch(&name.replace('/', "-"));
    let all = examples(doc);
    assert!(!all.is_empty(), "{name} has no examples");
    let mut wrong = Vec::new();
    for e in &all {
        let output = run(e, &dir);
        // Blank lines only space the text out: they are not compared.
        let lines = |text: &mut dyn Iterator<Item = &str>| -> Vec<String> {
            text.map(normalise).filter(|l| !l.is_empty()).collect()
        };
        let actual = lines(&mut output.lines());
        let expected = lines(&mut e.expected.iter().map(|l| l.as_str()));
        if !matches(&expected, &actual) {
            wrong.push(format!(
                "{name}:{}: $ {}\n--- the doc shows:\n{}\n--- it prints:\n{output}",
                e.line,
                e.command,
                e.expected.join("\n")
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    check("README.md", include_str!("../README.md"));
}

#[test]
fn the_rulesets_md_examples_print_what_it_shows() {
    check("rulesets.md", include_str!("../rulesets.md"));
}

#[test]
fn examples_are_read_as_a_reader_reads_them() {
    let doc = "text\n```text\n$ a \\\n    b\none\n...\nwhite to move> e1e2\n$ c\n```\n$ not run\n```text\nnot an output\n```\n";
    let all = examples(doc);
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].command, "a b");
    assert_eq!(all[0].input, ["e1e2"]);
    assert_eq!(all[0].expected.len(), 3);
    assert_eq!((all[1].command.as_str(), all[1].line), ("c", 8));
    assert!(
        all[1].expected.is_empty(),
        "a block without a command is no output"
    );
    let lines = |s: &str| s.lines().map(normalise).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n...\nd"), &lines("a\nd")));
    assert!(!matches(&lines("a\n...\nd"), &lines("a\nb\nc")));
    assert!(
        !matches(&lines("a\nb"), &lines("a\nb\nc")),
        "nothing left over"
    );
    assert_eq!(
        normalise("depth  4   nodes  9414   941 kn/s    0.01 s  a1a3"),
        "depth 4 nodes 9414 # kn/s # s a1a3"
    );
    assert_eq!(
        with_typed_input("white to move> board\nwhite to move> ", &["a1a3".into()]),
        "white to move> a1a3\nboard\nwhite to move> "
    );
}
