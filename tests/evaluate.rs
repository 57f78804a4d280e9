//! `latrunculi evaluate` end to end: a tiny study, its report and plots, the same study in
//! two shards merged back, records of a match as input, the random agent, and bad input
//! that is refused before anything is written.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ENGINE: &str = env!("CARGO_BIN_EXE_latrunculi");

/// A fresh directory for one test's files, removed when the test ends.
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("latrunculi-eval-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

fn evaluate(args: &[&str]) -> Output {
    Command::new(ENGINE)
        .arg("evaluate")
        .args(args)
        .output()
        .unwrap()
}

/// Runs `evaluate`, which must succeed.
fn evaluate_ok(args: &[&str]) -> String {
    let out = evaluate(args);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "evaluate {args:?} failed: {text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Runs `evaluate`, which must fail; returns its error output.
fn evaluate_fails(args: &[&str]) -> String {
    let out = evaluate(args);
    assert!(!out.status.success(), "evaluate {args:?} should fail");
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn report(dir: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join("report.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

const NAMES: [&str; 15] = [
    "balance",
    "advantage_p1",
    "completion",
    "drawishness",
    "timeouts",
    "duration_turns",
    "duration_turns_stddev",
    "duration_plies",
    "decisiveness_threshold",
    "decisiveness_moves",
    "lead_change",
    "stability",
    "board_coverage",
    "branching_factor",
    "positional_repetition",
];

const STUDY: [&str; 8] = [
    "--variant",
    "kharebga-5x5",
    "--games",
    "8",
    "--each",
    "nodes=2000",
    "--seed",
    "5",
];

#[test]
fn a_study_reports_every_metric_and_its_shards_merge_to_the_same_report() {
    let tmp = temp_dir("study");
    let whole = tmp.join("whole");
    let mut args = STUDY.to_vec();
    args.extend(["--out", whole.to_str().unwrap()]);
    let out = evaluate_ok(&args);
    assert!(out.contains("kharebga-5x5: 8 games"), "{out}");
    let r = report(&whole);
    let ruleset = &r["rulesets"][0];
    assert_eq!(ruleset["ruleset"], "kharebga-5x5");
    assert_eq!(ruleset["games"], 8);
    let results = &ruleset["results"];
    let counted: u64 = ["p1_wins", "p2_wins", "draws", "timeouts"]
        .iter()
        .map(|k| results[k].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 8);
    for name in NAMES {
        let v = ruleset["metrics"][name]
            .as_f64()
            .unwrap_or_else(|| panic!("{name} missing: {ruleset}"));
        assert!(v.is_finite() && v >= 0.0, "{name} = {v}");
    }
    for rate in [
        "balance",
        "advantage_p1",
        "completion",
        "drawishness",
        "timeouts",
        "board_coverage",
        "positional_repetition",
        "lead_change",
        "decisiveness_moves",
    ] {
        let v = ruleset["metrics"][rate].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&v), "{rate} = {v}");
        let ci = &ruleset["ci95"][rate];
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(lo <= v && v <= hi, "{rate}: {v} outside [{lo}, {hi}]");
    }
    let md = std::fs::read_to_string(whole.join("report.md")).unwrap();
    assert!(md.contains("| kharebga-5x5 | 8 |"), "{md}");
    for svg in [
        "outcomes.svg",
        "kharebga-5x5-lengths.svg",
        "kharebga-5x5-scores.svg",
    ] {
        let text = std::fs::read_to_string(whole.join("plots").join(svg)).unwrap();
        assert!(text.starts_with("<svg"), "{svg}");
    }
    // The same study in two shards, merged: the same report, byte for byte.
    let mut shards = Vec::new();
    for i in 1..=2 {
        let dir = tmp.join(format!("shard-{i}"));
        let shard = format!("{i}/2");
        let mut args = STUDY.to_vec();
        args.extend(["--shard", &shard, "--out", dir.to_str().unwrap()]);
        let out = evaluate_ok(&args);
        assert!(out.contains("kharebga-5x5: 4 games"), "{out}");
        shards.push(dir);
    }
    let merged = tmp.join("merged");
    evaluate_ok(&[
        "--merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read_to_string(merged.join("report.json")).unwrap(),
        std::fs::read_to_string(whole.join("report.json")).unwrap()
    );
    // A record file of the run gives the same figures (without the run's settings).
    let from = tmp.join("from");
    let recs = whole.join("records").join("kharebga-5x5.rec");
    evaluate_ok(&[
        "--from-records",
        recs.to_str().unwrap(),
        "--out",
        from.to_str().unwrap(),
    ]);
    assert_eq!(report(&from)["rulesets"], r["rulesets"]);
    assert!(report(&from)["run"].is_null());

    // Shards that do not make one run: refused, and nothing written.
    let other = tmp.join("other");
    let mut args = STUDY.to_vec();
    args[7] = "6";
    args.extend(["--shard", "2/2", "--out", other.to_str().unwrap()]);
    evaluate_ok(&args);
    let bad = tmp.join("bad-merge");
    let err = evaluate_fails(&[
        "--merge",
        shards[0].to_str().unwrap(),
        other.to_str().unwrap(),
        "--out",
        bad.to_str().unwrap(),
    ]);
    assert!(
        err.contains("different runs: seed '5' against '6'"),
        "{err}"
    );
    let err = evaluate_fails(&[
        "--merge",
        shards[0].to_str().unwrap(),
        "--out",
        bad.to_str().unwrap(),
    ]);
    assert!(err.contains("shard 2/2 is missing"), "{err}");
    let err = evaluate_fails(&[
        "--merge",
        shards[0].to_str().unwrap(),
        shards[0].to_str().unwrap(),
        "--out",
        bad.to_str().unwrap(),
    ]);
    assert!(err.contains("shard 1/2 is given twice"), "{err}");
    let err = evaluate_fails(&[
        "--merge",
        whole.to_str().unwrap(),
        "--out",
        bad.to_str().unwrap(),
    ]);
    assert!(err.contains("holds a whole run, not a shard"), "{err}");
    assert!(!bad.exists(), "a refused merge wrote {}", bad.display());
}

#[test]
fn bad_input_is_refused_before_anything_is_written() {
    let tmp = temp_dir("bad");
    let out = tmp.join("out");
    let o = out.to_str().unwrap();
    let err = evaluate_fails(&["--variant", "kharebga-5x5", "--metrics", "fun", "--out", o]);
    assert!(err.contains("unknown metric 'fun'"), "{err}");
    let err = evaluate_fails(&["--variant", "no-such-game", "--out", o]);
    assert!(err.contains("no-such-game"), "{err}");
    let err = evaluate_fails(&["--variant", "kharebga-5x5", "--shard", "3/2", "--out", o]);
    assert!(err.contains("shard '3/2'"), "{err}");
    let err = evaluate_fails(&["--out", o]);
    assert!(err.contains("say which rulesets"), "{err}");
    let err = evaluate_fails(&["--merge", tmp.to_str().unwrap(), "--out", o]);
    assert!(
        err.contains("is not the output of `latrunculi evaluate`"),
        "{err}"
    );
    assert!(!out.exists(), "a refused study wrote {}", out.display());
}

#[test]
fn random_play_has_no_scores_and_chosen_metrics_only() {
    let tmp = temp_dir("random");
    let dir = tmp.join("r");
    evaluate_ok(&[
        "--variant",
        "seega-5x5",
        "--agent",
        "random",
        "--games",
        "4",
        "--metrics",
        "completion,lead_change,branching_factor",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let r = report(&dir);
    let metrics = r["rulesets"][0]["metrics"].as_object().unwrap();
    let names: Vec<&str> = metrics.keys().map(String::as_str).collect();
    assert_eq!(names, ["branching_factor", "completion", "lead_change"]);
    assert!(
        metrics["lead_change"].is_null(),
        "random play has no scores"
    );
    assert!(metrics["branching_factor"].as_f64().unwrap() > 1.0);
    assert_eq!(r["run"]["agent"], "random");
}
