//! Ruleset files: every preset is a file that reads back to the same rules, the worked
//! example of rulesets.md loads and plays, and each kind of bad file is refused with the
//! file, the line and the knob.

mod support;

use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::rules::{
    AnyRules, FileProblem, FileProblemKind, Game, PRESETS, Rules, RulesetFileError, WhichRuleset,
    file, perft, preset, preset_file,
};
use latrunculi::with_width;
use support::engine::Engine;

const EXAMPLE: &str = include_str!("../rulesets/examples/sandwich-9x9.toml");
const EXAMPLE_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rulesets/examples/sandwich-9x9.toml"
);

fn perft_from_start<B: Bits>(rules: Arc<Rules<B>>, depth: usize) -> u64 {
    perft::perft(&mut Game::new(rules), depth)
}

#[test]
fn every_preset_written_out_and_read_back_is_the_same_ruleset_with_the_same_perft() {
    for name in PRESETS {
        let r = preset(name).unwrap();
        let text = file::to_text(std::slice::from_ref(&r));
        let read = file::parse(&text, name).unwrap();
        assert_eq!(
            read.warnings,
            Vec::<String>::new(),
            "{name}: written, then warned about"
        );
        let back = read.rulesets;
        assert_eq!(back, vec![r.clone()], "{name}");
        let depth = if r.rows * r.cols > 100 { 2 } else { 3 };
        let a = with_width!(AnyRules::new(r).unwrap(), x => perft_from_start(x, depth));
        let b = with_width!(AnyRules::new(back.into_iter().next().unwrap()).unwrap(),
            x => perft_from_start(x, depth));
        assert_eq!(a, b, "{name}");
        // The shipped file is what the writer writes, with a comment on top.
        let shipped = preset_file(name).unwrap();
        assert!(shipped.ends_with(&text), "rulesets/{name}.toml is stale");
    }
}

#[test]
fn the_worked_example_reads_and_plays_over_the_protocol() {
    let rules = file::parse(EXAMPLE, "sandwich-9x9.toml").unwrap().rulesets;
    assert_eq!(rules.len(), 1);
    assert_eq!(rules[0].name, "sandwich-9x9");
    assert!(rules[0].bonus_move);
    let mut e = Engine::start();
    e.send(&format!("setoption name VariantPath value {EXAMPLE_PATH}"));
    let loaded = e.until(|l| l.starts_with("option name UCI_Variant"));
    assert!(
        loaded[0].starts_with("info string loaded 1 ruleset from")
            && loaded[0].ends_with("sandwich-9x9"),
        "{loaded:?}"
    );
    assert!(loaded[1].ends_with("var sandwich-9x9"), "{loaded:?}");
    let chosen = e.ask("setoption name UCI_Variant value sandwich-9x9", |l| {
        l.starts_with("info string variant")
    });
    assert!(chosen[0].contains("files 9 ranks 9"), "{chosen:?}");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..6 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        let legal = e.legal();
        let best = e.best_move("go depth 2");
        assert!(legal.contains(&best), "{best} not in {legal:?}");
        moves.push(best);
    }
}

/// Each kind of bad file: (file text, the line the message must name, words it must hold).
const BAD: &[(&str, usize, &[&str])] = &[
    // Syntax.
    ("[[ruleset]]\nname = \"x\"\nboard = \"5x5\n", 3, &["string"]),
    // An unknown knob, with the knobs allowed.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"8x8\"\ncolour = \"red\"\n",
        4,
        &["unknown knob `colour`", "second-colour"],
    ),
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"8x8\"\n[ruleset.capture]\ncorner = true\n",
        5,
        &["unknown knob `corner`", "corners"],
    ),
    // A word that is not one of the knob's values.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"8x8\"\n[ruleset.end]\nno-move = \"lose\"\n",
        5,
        &["end.no-move", "\"loss\", \"pass\", \"count\""],
    ),
    // A number out of range.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"8x8\"\nhand = { men = 4 }\n[ruleset.placement]\nper-turn = 0\n",
        6,
        &["placement.per-turn", "at least 1"],
    ),
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"8x8\"\nhand = { men = 400 }\n",
        4,
        &["u8"],
    ),
    // A board too large.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"20x20\"\n",
        3,
        &["board", "too large"],
    ),
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"40x40\"\n",
        3,
        &["ruleset x: board", "too large: 40 rows"],
    ),
    // A knob missing: the message names the ruleset.
    (
        "[[ruleset]]\nname = \"x\"\nlayout = \"8/8\"\n",
        1,
        &["ruleset x: missing knob `board`"],
    ),
    // A layout row: counted from the top, with its rank.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"3x3\"\nlayout = \"3/3/2x\"\n",
        4,
        &["layout", "row 3 from the top (rank 1)"],
    ),
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"8 by 8\"\n",
        3,
        &["board", "rows x columns"],
    ),
    // A start layout outside the board.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"5x5\"\nlayout = \"5/5/5/5/5/5\"\n",
        4,
        &["layout", "6 rows"],
    ),
    // A start layout on a forbidden square.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"5x5\"\nlayout = \"5/5/2M2/5/m4\"\n[ruleset.placement]\nforbid-centre = true\n",
        4,
        &["layout", "centre point c3"],
    ),
    // More pieces than squares.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"5x5\"\nhand = { men = 13 }\n",
        4,
        &["hand", "26 pieces", "25 squares"],
    ),
    // A placement region smaller than the hand.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"5x5\"\nhand = { men = 12 }\n[ruleset.placement]\nforbid-centre = true\nown-rows = 2\n",
        7,
        &["placement.own-rows", "10 free squares for 12 pieces"],
    ),
    // A hop chain longer than a move holds.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"12x12\"\nlayout = \"12/12/12/12/12/12/12/12/12/12/12/M11\"\n[ruleset.hops]\nchains = true\n",
        6,
        &["hops.chains", "35 jumps"],
    ),
    // A material end the start already meets.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"5x5\"\nlayout = \"m4/5/5/5/M4\"\n[ruleset.end]\npieces-left = 1\n",
        6,
        &["end.pieces-left", "at once"],
    ),
    // Contradicting knobs.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"8x8\"\nlayout = \"m7/8/8/8/8/8/8/M7\"\n[ruleset.capture]\nremoval = \"before-move\"\n",
        6,
        &["capture.removal", "trap"],
    ),
    // Two rulesets of one name, and a file with none.
    (
        "[[ruleset]]\nname = \"x\"\nboard = \"8x8\"\nlayout = \"m7/8/8/8/8/8/8/M7\"\n\n[[ruleset]]\nname = \"x\"\nboard = \"8x8\"\nlayout = \"m7/8/8/8/8/8/8/M7\"\n",
        7,
        &["name", "two rulesets called x"],
    ),
    ("# nothing here\n", 0, &["no [[ruleset]] table"]),
];

/// The problems of a file that does not read.
fn problems(text: &str) -> Vec<FileProblem> {
    match file::parse(text, "bad.toml") {
        Err(RulesetFileError::Invalid(problems)) => problems,
        other => panic!("{text}\n-> {other:?}"),
    }
}

/// The line a problem names (0 for none).
fn line_of(p: &FileProblem) -> usize {
    match &p.kind {
        FileProblemKind::Syntax { line, .. } => line.unwrap_or(0),
        FileProblemKind::DuplicateName { line, .. } | FileProblemKind::Knob { line, .. } => *line,
        FileProblemKind::NoRuleset => 0,
    }
}

#[test]
fn every_kind_of_bad_file_is_refused_with_its_file_line_and_knob() {
    for (text, line, words) in BAD {
        let first = &problems(text)[0];
        assert_eq!(first.origin, "bad.toml");
        assert_eq!(line_of(first), *line, "{text}\n-> {first}");
        let err = first.to_string();
        let at = if *line == 0 {
            "bad.toml:".to_string()
        } else {
            format!("bad.toml:{line}:")
        };
        assert!(
            err.starts_with(&at),
            "{text}\n-> {err} (wanted line {line})"
        );
        for w in *words {
            assert!(err.contains(w), "{text}\n-> {err} (wanted '{w}')");
        }
    }
}

/// Like a compiler, the checker reports every error of a file, each with its line, and warns
/// of knobs that can never apply; a warning does not refuse the file.
#[test]
fn every_error_of_a_file_is_reported_and_knobs_that_never_apply_are_warned_about() {
    let text = "\
[[ruleset]]
name = \"one\"
board = \"8x8\"
[ruleset.capture]
lines = \"diagonal\"
effect = \"explode\"

[[ruleset]]
name = \"two\"
bord = \"8x8\"

[[ruleset]]
board = \"8x8\"
";
    let found = problems(text);
    assert_eq!(found.len(), 4, "{found:?}");
    let knob = |p: &FileProblem| match &p.kind {
        FileProblemKind::Knob { ruleset, error, .. } => Some((ruleset.clone(), error.knob)),
        _ => None,
    };
    assert_eq!(knob(&found[0]), Some(("one".into(), "capture.lines")));
    assert_eq!(knob(&found[1]), Some(("one".into(), "capture.effect")));
    assert!(matches!(
        &found[2].kind,
        FileProblemKind::Syntax { line: Some(10), ruleset: Some(WhichRuleset::Named(n)), .. }
            if n == "two"
    ));
    assert!(matches!(
        &found[3].kind,
        FileProblemKind::Syntax {
            line: Some(12),
            ruleset: Some(WhichRuleset::Numbered(3)),
            ..
        }
    ));
    let err = RulesetFileError::Invalid(found).to_string();
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].starts_with("bad.toml:5: ruleset one: capture.lines:"),
        "{err}"
    );
    assert!(
        lines[1].starts_with("bad.toml:6: ruleset one: capture.effect:"),
        "{err}"
    );
    assert!(
        lines[2].starts_with("bad.toml:10: ruleset two: unknown knob `bord`"),
        "{err}"
    );
    assert!(
        lines[3].starts_with("bad.toml:12: ruleset #3: missing knob `name`"),
        "{err}"
    );

    let text = "\
[[ruleset]]
name = \"plain\"
board = \"5x5\"
layout = \"m4/5/5/5/M4\"
[ruleset.placement]
per-turn = 2
[ruleset.capture]
leader = \"as-man\"
";
    let read = file::parse(text, "w.toml").unwrap();
    assert_eq!(read.rulesets.len(), 1);
    assert_eq!(
        read.warnings,
        [
            "w.toml:5: warning: ruleset plain: placement has no effect: nothing is in hand \
             (hand.men and hand.leaders are 0), so no piece is ever placed",
            "w.toml:8: warning: ruleset plain: capture.leader has no effect: the ruleset has \
             no leaders",
        ]
    );
    // Over the protocol: each warning and each error is a line of its own.
    let dir = std::env::temp_dir().join(format!("latrunculi-warn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("w.toml");
    std::fs::write(&path, text).unwrap();
    let mut e = Engine::start();
    let answer = e.ask_sync(&format!(
        "setoption name VariantPath value {}",
        path.display()
    ));
    let warned = answer
        .iter()
        .filter(|l| l.contains(": warning: ruleset plain: "));
    assert_eq!(warned.count(), 2, "{answer:?}");
    std::fs::write(
        &path,
        "[[ruleset]]\nname = \"a\"\n\n[[ruleset]]\nname = \"b\"\n",
    )
    .unwrap();
    let answer = e.ask_sync(&format!(
        "setoption name VariantPath value {}",
        path.display()
    ));
    let errors = answer
        .iter()
        .filter(|l| l.starts_with("info string error bad-ruleset-file: "));
    assert_eq!(errors.count(), 2, "{answer:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_or_missing_file_leaves_the_engine_running_with_its_rulesets() {
    let dir = std::env::temp_dir().join(format!("latrunculi-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, BAD[1].0).unwrap();
    let mut e = Engine::start();
    e.send(&format!("setoption name VariantPath value {EXAMPLE_PATH}"));
    e.until(|l| l.starts_with("option name UCI_Variant"));
    let answer = e.ask_sync(&format!(
        "setoption name VariantPath value {}",
        bad.display()
    ));
    assert!(
        answer
            .iter()
            .any(|l| l.starts_with("info string error bad-ruleset-file: ")
                && l.contains("bad.toml:4: ruleset x: unknown knob")),
        "{answer:?}"
    );
    let answer = e.ask_sync("setoption name VariantPath value /no/such/file.toml");
    assert!(
        answer
            .iter()
            .any(|l| l.contains("cannot read ruleset file /no/such/file.toml")),
        "{answer:?}"
    );
    // The rulesets loaded before are still there.
    let chosen = e.ask("setoption name UCI_Variant value sandwich-9x9", |l| {
        l.starts_with("info string")
    });
    assert!(
        chosen[0].starts_with("info string variant sandwich-9x9"),
        "{chosen:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_prints_each_ruleset_in_words_or_the_error() {
    let bin = env!("CARGO_BIN_EXE_latrunculi");
    let out = std::process::Command::new(bin)
        .args(["check", EXAMPLE_PATH])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("sandwich-9x9: "), "{text}");
    assert!(
        text.contains("After a capture the capturing piece moves again"),
        "{text}"
    );
    let dir = std::env::temp_dir().join(format!("latrunculi-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, BAD[3].0).unwrap();
    let out = std::process::Command::new(bin)
        .args(["check", bad.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.toml:5: ruleset x: end.no-move"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// rulesets.md's quick start, run exactly as written (in a scratch directory): the preset
/// written out under a name of its own, checked, analysed; and a file that keeps a preset's
/// name replaces it only with a warning, on the command line and over the protocol.
#[test]
fn the_quick_start_runs_as_written_and_a_preset_name_is_never_taken_silently() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("quick-start");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_latrunculi"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        (out.status.success(), text(&out.stdout), text(&out.stderr))
    };
    let (ok, toml, _) = run(&["rules", "bell-8x7", "--toml", "--name", "my-bell"]);
    assert!(ok);
    assert!(toml.contains("name = \"my-bell\""), "{toml}");
    std::fs::write(dir.join("my-bell.toml"), &toml).unwrap();
    let (ok, words, _) = run(&["check", "my-bell.toml"]);
    assert!(ok && words.starts_with("my-bell: "), "{words}");
    let (ok, analysis, err) = run(&[
        "analyse",
        "--variant-path",
        "my-bell.toml",
        "--variant",
        "my-bell",
        "--depth",
        "2",
    ]);
    assert!(ok, "{err}");
    assert!(analysis.contains("Best move for white: @"), "{analysis}");
    assert!(!err.contains("warning"), "{err}");

    // The preset's own name kept: it plays, and says that it replaces the preset.
    let (_, same, _) = run(&["rules", "bell-8x7", "--toml"]);
    std::fs::write(dir.join("b.toml"), same).unwrap();
    let (ok, _, err) = run(&[
        "analyse",
        "--variant-path",
        "b.toml",
        "--variant",
        "bell-8x7",
        "--depth",
        "1",
    ]);
    assert!(ok);
    assert!(
        err.contains("warning: ruleset bell-8x7 of b.toml replaces the preset bell-8x7"),
        "{err}"
    );
    let mut e = Engine::start();
    let path = dir.join("b.toml");
    let lines = e.ask_sync(&format!(
        "setoption name VariantPath value {}",
        path.display()
    ));
    assert!(
        lines[0].starts_with(&format!(
            "info string warning: ruleset bell-8x7 of {} replaces the preset bell-8x7",
            path.display()
        )),
        "{lines:?}"
    );
}

/// Shipped data made for a preset (its book, its weights) is for that preset only: a file's
/// ruleset that took the preset's name, with other knobs, plays without them.
#[test]
fn a_ruleset_that_took_a_preset_name_does_not_get_the_preset_book() {
    let dir = std::env::temp_dir().join(format!("latrunculi-took-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("murray.toml");
    let mut ruleset = preset("murray").unwrap();
    ruleset.end.ply_limit = 300;
    std::fs::write(&path, file::to_text(&[ruleset])).unwrap();
    let mut e = Engine::start();
    e.ask_sync(&format!(
        "setoption name VariantPath value {}",
        path.display()
    ));
    e.ask("setoption name UCI_Variant value murray", |l| {
        l.starts_with("info string variant")
    });
    e.send("position startpos");
    let lines = e.ask("go depth 1", |l| l.starts_with("bestmove"));
    assert!(
        lines
            .iter()
            .any(|l| l == "info string no book for murray (murray is not the preset of that name)"),
        "{lines:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
