//! `latrunculi evaluate`: how a ruleset plays, measured from strong self-play (or from the
//! random play Ludii's studies use), with Ludii's evaluation metrics.
//!
//! A study plays `games` self-play games per ruleset through the match runner (every move
//! refereed, records kept), then reads the records back: [`facts`] replays each game with
//! the rules, [`metrics`] turns a ruleset's games into figures with 95% intervals,
//! [`report`] writes them for programs and people, [`plots`] draws them.
//!
//! A study can be split into shards (`--shard I/N`, the match runner's): each shard plays
//! its share of the games with the seeds of the whole run, and [`merge`] puts the shards'
//! records together again. A report depends on the records only, taken in the order of
//! their game numbers, so the merged report is the unsharded one.
//!
//! The output folder holds `study.json` (what was played, and which shard), `records/`
//! (one record file per ruleset), `report.json`, `report.md` and `plots/`.

pub mod facts;
pub mod metrics;
pub mod plots;
pub mod report;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::matches::record::{Record, RecordError};
use crate::matches::spec::{EngineSpec, SpecError};
use crate::matches::{MatchConfig, MatchError, Openings, Shard};
use report::{Report, RulesetReport, Run};

/// Why a study failed.
#[derive(Debug)]
pub enum EvaluateError {
    /// A `--metrics` name that is no metric.
    UnknownMetric(String),
    /// The engine settings do not read.
    Spec(SpecError),
    /// A ruleset's games could not be played.
    Match {
        ruleset: String,
        error: Box<MatchError>,
    },
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A record that does not read or replay.
    Record {
        place: String,
        error: RecordError,
    },
    /// A folder given to `--merge` that is no study's output.
    NotAStudy {
        dir: PathBuf,
        why: String,
    },
    /// Shards of different runs, or a set of shards with one missing or given twice.
    Shards(String),
    /// Records with no game in them.
    NoGames,
    Plot(plots::PlotError),
}

impl std::fmt::Display for EvaluateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvaluateError::UnknownMetric(name) => {
                let known: Vec<&str> = metrics::METRICS.iter().map(|(n, _)| *n).collect();
                write!(f, "unknown metric '{name}' (known: {})", known.join(", "))
            }
            EvaluateError::Spec(e) => e.fmt(f),
            EvaluateError::Match { ruleset, error } => write!(f, "{ruleset}: {error}"),
            EvaluateError::Read { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            EvaluateError::Write { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            EvaluateError::Record { place, error } => write!(f, "{place}: {error}"),
            EvaluateError::NotAStudy { dir, why } => write!(
                f,
                "{} is not the output of `latrunculi evaluate`: {why}",
                dir.display()
            ),
            EvaluateError::Shards(why) => f.write_str(why),
            EvaluateError::NoGames => f.write_str("no games to evaluate"),
            EvaluateError::Plot(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EvaluateError {}

impl From<SpecError> for EvaluateError {
    fn from(e: SpecError) -> Self {
        EvaluateError::Spec(e)
    }
}

impl From<plots::PlotError> for EvaluateError {
    fn from(e: plots::PlotError) -> Self {
        EvaluateError::Plot(e)
    }
}

/// The metrics a report keeps: all, or those named (each checked).
pub fn chosen_metrics(names: &[String]) -> Result<Vec<String>, EvaluateError> {
    if names.is_empty() {
        return Ok(metrics::METRICS
            .iter()
            .map(|(n, _)| n.to_string())
            .collect());
    }
    let names: Vec<String> = names
        .iter()
        .flat_map(|n| n.split(','))
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect();
    match names.iter().find(|n| !metrics::is_metric(n)) {
        Some(unknown) => Err(EvaluateError::UnknownMetric(unknown.clone())),
        None => Ok(names),
    }
}

/// A study to play.
#[derive(Clone, Debug)]
pub struct Study {
    pub rulesets: Vec<String>,
    /// A ruleset file the rulesets may come from (the engines are given it too).
    pub variant_path: Option<PathBuf>,
    pub run: Run,
    /// The engine both sides are (this program, as a rule).
    pub program: PathBuf,
    pub shard: Option<Shard>,
    pub concurrency: usize,
    pub metrics: Vec<String>,
    pub out: PathBuf,
    /// The command line, for the report to say how it was made.
    pub command: String,
}

/// What a study's folder says of itself (`study.json`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Manifest {
    run: Run,
    rulesets: Vec<String>,
    /// `I/N`, or `None` for a whole run.
    shard: Option<String>,
    variant_path: Option<PathBuf>,
}

const MANIFEST: &str = "study.json";

/// A ruleset's record file in a study folder.
fn records_path(dir: &Path, ruleset: &str) -> PathBuf {
    let safe: String = ruleset
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    dir.join("records").join(format!("{safe}.rec"))
}

/// Writes a file of the study whole or not at all, its folder made first.
fn write_whole(path: &Path, text: &str) -> Result<(), EvaluateError> {
    let wrong = |error| EvaluateError::Write {
        path: path.to_path_buf(),
        error,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(wrong)?;
    }
    crate::files::write_whole(path, text).map_err(wrong)
}

/// The engine of both sides: this program with the study's settings, books off.
fn engine(study: &Study, name: &str) -> Result<EngineSpec, EvaluateError> {
    let mut shared = vec![format!("cmd={}", study.program.display())];
    if study.run.agent == "random" {
        shared.push("option.Agent=random".into());
        shared.push("depth=1".into());
    }
    shared.extend(study.run.each.iter().cloned());
    Ok(EngineSpec::parse(
        &[format!("name={name}"), "option.OwnBook=false".into()],
        &shared,
        0,
    )?)
}

/// The names the ruleset gives White and Black (the colours of the match's first and
/// second engine).
fn colour_names(study: &Study, ruleset: &str) -> [String; 2] {
    use crate::rules::Colour;
    crate::rules::Catalogue::with_file(study.variant_path.as_deref())
        .ok()
        .and_then(|(c, _)| c.ruleset(ruleset, None).ok())
        .map(|r| [Colour::White, Colour::Black].map(|c| r.colour_name(c).to_string()))
        .unwrap_or_else(|| ["white".into(), "black".into()])
}

/// The match that plays one ruleset's games.
fn match_config(study: &Study, ruleset: &str) -> Result<MatchConfig, EvaluateError> {
    Ok(MatchConfig {
        variant: ruleset.to_string(),
        pieces: None,
        variant_path: study.variant_path.clone(),
        engines: vec![engine(study, "white")?, engine(study, "black")?],
        games: study.run.games,
        swap_colours: false,
        rounds: 1,
        concurrency: study.concurrency.max(1),
        seed: study.run.seed,
        openings: Openings::Random {
            plies: study.run.opening_plies,
            band: None,
        },
        draw_plies: Some(study.run.max_plies),
        resign: None,
        draw_score: None,
        sprt: None,
        shard: study.shard,
        records: Some(records_path(&study.out, ruleset)),
        margin_ms: 100,
        hang_ms: 60_000,
        gauntlet: false,
        rating_interval: 0,
        debug_log: None,
    })
}

/// A study's line for a finished game: `murray: game 3/8: white wins 0, black wins 2,
/// draws 1` (each colour as the ruleset names it; draws count the stopped games too).
fn game_line(
    ruleset: &str,
    names: &[String; 2],
    wins: [usize; 3],
    done: usize,
    total: usize,
) -> String {
    let [a, b] = names;
    format!(
        "{ruleset}: game {done}/{total}: {a} wins {}, {b} wins {}, draws {}",
        wins[0], wins[1], wins[2]
    )
}

/// Plays the study and writes its folder; `out` receives the progress.
pub fn play(study: &Study, out: &mut dyn Write) -> Result<Report, EvaluateError> {
    let configs = study
        .rulesets
        .iter()
        .map(|r| match_config(study, r))
        .collect::<Result<Vec<_>, _>>()?;
    // A folder of an earlier run keeps nothing that could be mistaken for this one's.
    for path in [study.out.join(MANIFEST), study.out.join("report.json")] {
        if path.exists() {
            std::fs::remove_file(&path).map_err(|error| EvaluateError::Write { path, error })?;
        }
    }
    for (k, (ruleset, cfg)) in study.rulesets.iter().zip(&configs).enumerate() {
        let path = cfg.records.clone().expect("a study keeps records");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|error| EvaluateError::Write {
                path: dir.to_path_buf(),
                error,
            })?;
        }
        if path.exists() {
            std::fs::remove_file(&path).map_err(|error| EvaluateError::Write {
                path: path.clone(),
                error,
            })?;
        }
        let _ = writeln!(out, "Ruleset {}/{}: {ruleset}", k + 1, study.rulesets.len());
        let started = std::time::Instant::now();
        let names = colour_names(study, ruleset);
        // White's wins, Black's wins, the rest.
        let mut wins = [0usize; 3];
        let mut watch = |g: crate::matches::GameDone| {
            let slot = match g.record.result.as_str() {
                "1-0" => 0,
                "0-1" => 1,
                _ => 2,
            };
            wins[slot] += 1;
            let _ = writeln!(out, "{}", game_line(ruleset, &names, wins, g.done, g.total));
        };
        crate::matches::run_match_watched(cfg, &mut std::io::sink(), &mut watch).map_err(
            |error| EvaluateError::Match {
                ruleset: ruleset.clone(),
                error: Box::new(error),
            },
        )?;
        let _ = writeln!(
            out,
            "{ruleset}: played in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
    let manifest = Manifest {
        run: study.run.clone(),
        rulesets: study.rulesets.clone(),
        shard: study.shard.map(|s| s.to_string()),
        variant_path: study.variant_path.clone(),
    };
    let records = read_study_records(&study.out, &study.rulesets)?;
    let report = write_report(
        &study.out,
        Some(study.run.clone()),
        &records,
        &study.metrics,
        &study.command,
    )?;
    let text = serde_json::to_string_pretty(&manifest).expect("a manifest serialises");
    write_whole(&study.out.join(MANIFEST), &(text + "\n"))?;
    Ok(report)
}

/// Reads one record file.
fn read_records(path: &Path) -> Result<Vec<Record>, EvaluateError> {
    let text = std::fs::read_to_string(path).map_err(|error| EvaluateError::Read {
        path: path.to_path_buf(),
        error,
    })?;
    Record::parse_all(&text).map_err(|error| EvaluateError::Record {
        place: path.display().to_string(),
        error,
    })
}

/// The records of each ruleset of a study folder, in the order of the rulesets.
fn read_study_records(
    dir: &Path,
    rulesets: &[String],
) -> Result<Vec<(String, Vec<Record>)>, EvaluateError> {
    rulesets
        .iter()
        .map(|r| Ok((r.clone(), read_records(&records_path(dir, r))?)))
        .collect()
}

/// The game number of a record (its `Round`).
fn round_of(rec: &Record) -> usize {
    rec.tag("Round").and_then(|r| r.parse().ok()).unwrap_or(0)
}

/// Writes `report.json`, `report.md` and the plots of the rulesets' records into `dir`.
fn write_report(
    dir: &Path,
    run: Option<Run>,
    records: &[(String, Vec<Record>)],
    chosen: &[String],
    command: &str,
) -> Result<Report, EvaluateError> {
    let mut rulesets = Vec::new();
    let mut all_facts = Vec::new();
    for (name, recs) in records {
        let mut recs: Vec<&Record> = recs.iter().collect();
        recs.sort_by_key(|r| round_of(r));
        let facts = recs
            .iter()
            .map(|rec| {
                facts::of_record(rec).map_err(|error| EvaluateError::Record {
                    place: format!("{name}, game {}", round_of(rec)),
                    error,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let players = facts
            .first()
            .map(|f| f.names.clone())
            .unwrap_or_else(|| ["P1".into(), "P2".into()]);
        rulesets.push(RulesetReport::new(
            name,
            players,
            &metrics::figures(&facts),
            chosen,
        ));
        all_facts.push((name.clone(), facts));
    }
    let report = Report { run, rulesets };
    let mut svgs = vec![(
        "outcomes.svg".to_string(),
        plots::outcomes(&report.rulesets)?,
    )];
    for (name, facts) in &all_facts {
        let file = records_path(Path::new(""), name);
        let stem = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("ruleset");
        svgs.push((format!("{stem}-lengths.svg"), plots::lengths(name, facts)?));
        svgs.push((format!("{stem}-scores.svg"), plots::scores(name, facts)?));
    }
    for (file, svg) in svgs {
        write_whole(&dir.join("plots").join(file), &svg)?;
    }
    write_whole(&dir.join("report.md"), &report::markdown(&report, command))?;
    write_whole(&dir.join("report.json"), &report::json(&report))?;
    Ok(report)
}

/// A study folder's manifest.
fn manifest_of(dir: &Path) -> Result<Manifest, EvaluateError> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|e| EvaluateError::NotAStudy {
        dir: dir.to_path_buf(),
        why: format!("no {MANIFEST} ({e}); was the run finished?"),
    })?;
    serde_json::from_str(&text).map_err(|e| EvaluateError::NotAStudy {
        dir: dir.to_path_buf(),
        why: format!("{MANIFEST} does not read ({e})"),
    })
}

/// What two runs differ in, in words (`None`: the same run).
fn difference(a: &Manifest, b: &Manifest) -> Option<String> {
    let (x, y) = (&a.run, &b.run);
    let pairs = [
        ("agent", x.agent.clone(), y.agent.clone()),
        ("engine settings", x.each.join(" "), y.each.join(" ")),
        ("games", x.games.to_string(), y.games.to_string()),
        ("seed", x.seed.to_string(), y.seed.to_string()),
        (
            "opening plies",
            x.opening_plies.to_string(),
            y.opening_plies.to_string(),
        ),
        (
            "max plies",
            x.max_plies.to_string(),
            y.max_plies.to_string(),
        ),
        ("rulesets", a.rulesets.join(","), b.rulesets.join(",")),
        (
            "ruleset file",
            format!("{:?}", a.variant_path),
            format!("{:?}", b.variant_path),
        ),
    ];
    pairs
        .into_iter()
        .find(|(_, p, q)| p != q)
        .map(|(what, p, q)| format!("{what} '{p}' against '{q}'"))
}

/// Puts the shards of one run together in `out`: their records, and the report the whole
/// run would have written.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    chosen: &[String],
    command: &str,
) -> Result<Report, EvaluateError> {
    let manifests = dirs
        .iter()
        .map(|d| manifest_of(d))
        .collect::<Result<Vec<_>, _>>()?;
    let mut taken: BTreeMap<u32, &Path> = BTreeMap::new();
    let mut count = None;
    for (dir, m) in dirs.iter().zip(&manifests) {
        if let Some(why) = difference(&manifests[0], m) {
            return Err(EvaluateError::Shards(format!(
                "{} and {} are shards of different runs: {why}",
                dirs[0].display(),
                dir.display()
            )));
        }
        let shard: Shard = match &m.shard {
            Some(s) => s.parse().map_err(|e| EvaluateError::NotAStudy {
                dir: dir.clone(),
                why: format!("{e}"),
            })?,
            None => {
                return Err(EvaluateError::Shards(format!(
                    "{} holds a whole run, not a shard",
                    dir.display()
                )));
            }
        };
        if *count.get_or_insert(shard.count) != shard.count {
            return Err(EvaluateError::Shards(format!(
                "{} is a shard of {} parts, {} one of {}",
                dir.display(),
                shard.count,
                dirs[0].display(),
                count.unwrap_or(0)
            )));
        }
        if let Some(other) = taken.insert(shard.index, dir) {
            return Err(EvaluateError::Shards(format!(
                "shard {shard} is given twice: {} and {}",
                other.display(),
                dir.display()
            )));
        }
    }
    let count = count.ok_or(EvaluateError::NoGames)?;
    if let Some(missing) = (1..=count).find(|i| !taken.contains_key(i)) {
        return Err(EvaluateError::Shards(format!(
            "shard {missing}/{count} is missing"
        )));
    }
    let first = &manifests[0];
    let mut merged: Vec<(String, Vec<Record>)> = Vec::new();
    for ruleset in &first.rulesets {
        let mut recs = Vec::new();
        for dir in dirs {
            recs.extend(read_records(&records_path(dir, ruleset))?);
        }
        recs.sort_by_key(round_of);
        merged.push((ruleset.clone(), recs));
    }
    for (ruleset, recs) in &merged {
        let text: String = recs.iter().map(Record::to_text).collect();
        write_whole(&records_path(out, ruleset), &text)?;
    }
    let report = write_report(out, Some(first.run.clone()), &merged, chosen, command)?;
    let manifest = Manifest {
        shard: None,
        ..first.clone()
    };
    let text = serde_json::to_string_pretty(&manifest).expect("a manifest serialises");
    write_whole(&out.join(MANIFEST), &(text + "\n"))?;
    Ok(report)
}

/// A report from record files that already exist (a match's, say): the games grouped by
/// ruleset, in the order the rulesets first appear.
pub fn from_records(
    files: &[PathBuf],
    out: &Path,
    chosen: &[String],
    command: &str,
) -> Result<Report, EvaluateError> {
    let mut grouped: Vec<(String, Vec<Record>)> = Vec::new();
    for path in files {
        for rec in read_records(path)? {
            let name = rec.tag("Variant").unwrap_or("?").to_string();
            match grouped.iter_mut().find(|(n, _)| *n == name) {
                Some((_, recs)) => recs.push(rec),
                None => grouped.push((name, vec![rec])),
            }
        }
    }
    if grouped.is_empty() {
        return Err(EvaluateError::NoGames);
    }
    write_report(out, None, &grouped, chosen, command)
}

/// One line per ruleset: its results, for the end of a run.
pub fn summary(report: &Report) -> String {
    let mut s = String::new();
    for r in &report.rulesets {
        let res = &r.results;
        s.push_str(&format!(
            "{}: {} games, P1 ({}) wins {}, P2 wins {}, draws {}, timeouts {}\n",
            r.ruleset, r.games, r.players[0], res.p1_wins, res.p2_wins, res.draws, res.timeouts
        ));
    }
    s
}
