//! The example sessions in protocol.md are real: each transcript is replayed against the
//! binary and must match line by line (apart from the machine-dependent `time` and `nps`).

mod support;

use support::engine::Engine;

/// The transcripts: (heading, lines), each line either `> input` or an expected answer.
fn transcripts() -> Vec<(String, Vec<String>)> {
    let doc = include_str!("../protocol.md");
    let mut out = Vec::new();
    let mut heading = String::new();
    let mut current: Option<Vec<String>> = None;
    for line in doc.lines() {
        if let Some(h) = line.strip_prefix("### ") {
            heading = h.to_string();
        }
        match &mut current {
            None if line.trim() == "```transcript" => current = Some(Vec::new()),
            None => {}
            Some(lines) if line.trim() == "```" => {
                out.push((heading.clone(), std::mem::take(lines)));
                current = None;
            }
            Some(lines) => lines.push(line.to_string()),
        }
    }
    out
}

/// Blanks the figures that depend on the machine.
fn normalise(line: &str) -> String {
    let mut words: Vec<String> = line.split(' ').map(String::from).collect();
    if line.starts_with("info depth") {
        for i in 1..words.len() {
            if words[i - 1] == "time" || words[i - 1] == "nps" {
                words[i] = "_".into();
            }
        }
    }
    words.join(" ")
}

/// Plays the inputs of a transcript; returns the transcript as it happened.
fn replay(lines: &[String]) -> Vec<String> {
    let mut e = Engine::start();
    let mut seen = Vec::new();
    for input in lines.iter().filter_map(|l| l.strip_prefix("> ")) {
        seen.push(format!("> {input}"));
        let first = input.split_whitespace().next().unwrap_or("");
        let answers = if first == "go" && input.contains("perft") {
            e.ask(input, |l| {
                l.starts_with("Nodes searched") || l.starts_with("info string error")
            })
        } else if first == "go" {
            e.ask(input, |l| l.starts_with("bestmove"))
        } else if first == "isready" {
            e.ask(input, |l| l == "readyok")
        } else {
            e.ask_sync(input)
        };
        seen.extend(answers);
    }
    seen
}

#[test]
fn there_is_an_example_session_for_every_ruleset() {
    let t = transcripts();
    for v in latrunculi::rules::PRESETS {
        let chosen = format!("> setoption name UCI_Variant value {v}");
        assert!(
            t.iter()
                .any(|(h, lines)| h.starts_with(v) || lines.iter().any(|l| l.trim() == chosen)),
            "protocol.md has no example session for {v}"
        );
    }
}

#[test]
fn every_example_session_is_what_the_engine_answers() {
    for (heading, lines) in transcripts() {
        let got = replay(&lines);
        let want: Vec<String> = lines.iter().map(|l| normalise(l)).collect();
        let got_n: Vec<String> = got.iter().map(|l| normalise(l)).collect();
        assert!(
            want == got_n,
            "protocol.md example '{heading}' differs from the engine.\nThe engine answered:\n{}\n",
            got.join("\n")
        );
    }
}

/// protocol.md's table of options is the engine's: the same options, kinds, limits and
/// defaults as the `uci` answer lists (which the one table in `protocol/options.rs` writes).
#[test]
fn the_options_table_of_protocol_md_is_the_uci_answer() {
    let doc = include_str!("../protocol.md");
    let start = doc
        .find("## Options")
        .expect("protocol.md has an options section");
    let rows: Vec<Vec<String>> = doc[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| `"))
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.split('|')
                .skip(1)
                .take(3)
                .map(|c| c.trim().replace('`', ""))
                .collect()
        })
        .collect();
    let mut e = Engine::start();
    let answer = e.ask("uci", |l| l == "uciok");
    let options: Vec<&String> = answer
        .iter()
        .filter(|l| l.starts_with("option name "))
        .collect();
    assert_eq!(rows.len(), options.len(), "{rows:?}");
    for line in options {
        let rest = &line["option name ".len()..];
        let (name, decl) = rest.split_once(" type ").unwrap();
        let row = rows
            .iter()
            .find(|r| r[0] == name)
            .unwrap_or_else(|| panic!("protocol.md does not list option {name}"));
        let words: Vec<&str> = decl.split_whitespace().collect();
        let value_of = |key: &str| {
            let at = words.iter().position(|w| *w == key)?;
            words.get(at + 1).copied()
        };
        let default = value_of("default").unwrap_or("");
        let kind = match words[0] {
            "spin" => format!(
                "spin {}..{}",
                value_of("min").unwrap(),
                value_of("max").unwrap()
            ),
            "combo" if name != "UCI_Variant" => {
                let vars: Vec<&str> = words
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1])
                    .collect();
                format!("combo {}", vars.join(", "))
            }
            other => other.to_string(),
        };
        assert_eq!(row[1], kind, "the kind of {name}");
        assert_eq!(row[2], default, "the default of {name}");
    }
}

/// protocol.md's table of error codes is the engine's: the same codes, in order, each with
/// an example line of its own code; and every error line protocol.md shows carries one of
/// them.
#[test]
fn the_error_codes_of_protocol_md_are_the_engines() {
    use latrunculi::protocol::error::Code;
    let doc = include_str!("../protocol.md");
    let start = doc
        .find("## Errors")
        .expect("protocol.md has an errors section");
    let rows: Vec<Vec<String>> = doc[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| `"))
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.split('|').skip(1).map(|c| c.trim().to_string()).collect())
        .collect();
    let codes: Vec<String> = rows.iter().map(|r| r[0].replace('`', "")).collect();
    let engine: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(codes, engine);
    for r in &rows {
        let code = r[0].replace('`', "");
        assert!(
            r[2].starts_with(&format!("`info string error {code}: ")),
            "the example of {code}: {}",
            r[2]
        );
    }
    for (at, _) in doc.match_indices("info string error") {
        let rest = &doc[at + "info string error".len()..];
        let code = rest
            .strip_prefix(' ')
            .and_then(|r| r.split_once(':'))
            .map(|(c, _)| c.trim());
        assert!(
            code.is_some_and(|c| c == "<code>" || engine.contains(&c)),
            "an error line without a known code: {}",
            &rest[..rest.len().min(60)]
        );
    }
}
