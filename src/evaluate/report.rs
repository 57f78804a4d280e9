//! A study's report: `report.json` for programs, `report.md` for people.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::metrics::{Figures, METRICS};

/// What was played: the same for every shard of a run, so that a merged report equals the
/// unsharded one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Run {
    /// `search` or `random`.
    pub agent: String,
    /// The engine settings of `--each` (both sides play with them).
    pub each: Vec<String>,
    /// Games per ruleset.
    pub games: u32,
    pub seed: u64,
    /// Random plies that open each game.
    pub opening_plies: usize,
    /// The length cap: a game still going after this many plies is stopped (a timeout).
    pub max_plies: u32,
}

/// One ruleset's part of a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulesetReport {
    pub ruleset: String,
    pub games: usize,
    /// The colours of P1 (who acts first) and P2, as the ruleset names them.
    pub players: [String; 2],
    pub results: Results,
    pub metrics: BTreeMap<String, Option<f64>>,
    pub ci95: BTreeMap<String, [f64; 2]>,
    /// How many games ended each way (the rules' reason codes, `max-plies`, ...).
    pub ends: BTreeMap<String, usize>,
}

/// The results by player: P1 acts first (its colour is `players[0]` of the report).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Results {
    pub p1_wins: usize,
    pub p2_wins: usize,
    pub draws: usize,
    pub timeouts: usize,
}

/// The whole report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// `None` for a report made from records alone.
    pub run: Option<Run>,
    pub rulesets: Vec<RulesetReport>,
}

/// Six decimals: enough for any figure of a few thousand games, and a stable text.
fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

impl RulesetReport {
    /// The report of `ruleset` from its figures, keeping the metrics `chosen`.
    pub fn new(
        ruleset: &str,
        players: [String; 2],
        f: &Figures,
        chosen: &[String],
    ) -> RulesetReport {
        let keep = |name: &&str| chosen.iter().any(|c| c == name);
        RulesetReport {
            ruleset: ruleset.to_string(),
            games: f.games,
            players,
            results: Results {
                p1_wins: f.p1_wins,
                p2_wins: f.p2_wins,
                draws: f.draws,
                timeouts: f.timeouts,
            },
            metrics: f
                .values
                .iter()
                .filter(|(n, _)| keep(n))
                .map(|(n, v)| (n.to_string(), v.map(round)))
                .collect(),
            ci95: f
                .ci95
                .iter()
                .filter(|(n, _)| keep(n))
                .map(|(n, [lo, hi])| (n.to_string(), [round(*lo), round(*hi)]))
                .collect(),
            ends: f.ends.clone(),
        }
    }
}

/// The report as JSON text.
pub fn json(report: &Report) -> String {
    let mut text = serde_json::to_string_pretty(report).expect("a report serialises");
    text.push('\n');
    text
}

fn figure(v: Option<f64>) -> String {
    match v {
        None => "n/a".to_string(),
        Some(x) if x.abs() >= 100.0 => format!("{x:.0}"),
        Some(x) if x.abs() >= 10.0 => format!("{x:.1}"),
        Some(x) => format!("{x:.3}"),
    }
}

/// The report as Markdown: the results, the metrics side by side, then each ruleset's
/// metrics with their intervals.
pub fn markdown(report: &Report, command: &str) -> String {
    let mut s = String::from("# Ruleset evaluation\n\n");
    if !command.is_empty() {
        let _ = writeln!(s, "Made with:\n\n    {command}\n");
    }
    if let Some(run) = &report.run {
        let _ = writeln!(
            s,
            "Agent `{}` ({}), {} games per ruleset, {} random opening plies, stopped at {} plies, seed {}.\n",
            run.agent,
            if run.each.is_empty() {
                "no limit given".to_string()
            } else {
                run.each.join(" ")
            },
            run.games,
            run.opening_plies,
            run.max_plies,
            run.seed
        );
    }
    s.push_str("## Results\n\n| ruleset | games | P1 | P1 wins | P2 wins | draws | timeouts | how games ended |\n|---|---:|---|---:|---:|---:|---:|---|\n");
    for r in &report.rulesets {
        let ends: Vec<String> = r.ends.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            r.ruleset,
            r.games,
            r.players[0],
            r.results.p1_wins,
            r.results.p2_wins,
            r.results.draws,
            r.results.timeouts,
            ends.join(", ")
        );
    }
    let names: Vec<&str> = METRICS
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| report.rulesets.iter().any(|r| r.metrics.contains_key(*n)))
        .collect();
    s.push_str("\n## Metrics\n\n| ruleset |");
    for n in &names {
        let _ = write!(s, " {n} |");
    }
    s.push_str("\n|---|");
    s.push_str(&"---:|".repeat(names.len()));
    s.push('\n');
    for r in &report.rulesets {
        let _ = write!(s, "| {} |", r.ruleset);
        for n in &names {
            let _ = write!(s, " {} |", figure(r.metrics.get(*n).copied().flatten()));
        }
        s.push('\n');
    }
    s.push_str("\n## Each ruleset, with 95% intervals\n");
    for r in &report.rulesets {
        let _ = writeln!(
            s,
            "\n### {}\n\n| metric | value | 95% interval |\n|---|---:|---|",
            r.ruleset
        );
        for n in &names {
            let v = r.metrics.get(*n).copied().flatten();
            let ci = r
                .ci95
                .get(*n)
                .filter(|_| v.is_some())
                .map(|[lo, hi]| format!("{} to {}", figure(Some(*lo)), figure(Some(*hi))))
                .unwrap_or_default();
            let _ = writeln!(s, "| {n} | {} | {ci} |", figure(v));
        }
    }
    s.push_str("\n## What the metrics measure\n\n");
    for (n, what) in METRICS.iter().filter(|(n, _)| names.contains(n)) {
        let _ = writeln!(s, "- `{n}`: {what}.");
    }
    s
}
