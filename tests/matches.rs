//! The match runner end to end: real short matches between two configurations of the
//! engine, records that replay, and misbehaving engines that lose while the match goes on.

use std::path::{Path, PathBuf};
use std::process::Command;

use latrunculi::matches::record::{Record, check};

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
    let dir = std::env::temp_dir().join(format!("latrunculi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// Runs `latrunculi match` with `args`; returns its output.
fn run_match(args: &[&str]) -> String {
    let out = Command::new(ENGINE)
        .arg("match")
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "match failed: {text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// The "Score of A vs B: W - L - D" numbers.
fn score(output: &str) -> (u32, u32, u32) {
    let line = output
        .lines()
        .find(|l| l.starts_with("Score of "))
        .expect("a score line");
    let nums: Vec<u32> = line
        .split(':')
        .nth(1)
        .unwrap()
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (nums[0], nums[1], nums[2])
}

fn records(path: &Path) -> Vec<Record> {
    Record::parse_all(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn stronger_wins(variant: &str) {
    let dir = temp_dir(variant);
    let rec = dir.join("games.rec");
    let weak = format!("cmd={ENGINE}");
    let out = run_match(&[
        "--variant",
        variant,
        "--engine",
        &weak,
        "name=weak",
        "depth=1",
        "option.QSearchLimit=0",
        "--engine",
        &weak,
        "name=strong",
        "depth=3",
        "--games",
        "8",
        "--concurrency",
        "2",
        "--draw-plies",
        "400",
        "--records",
        rec.to_str().unwrap(),
    ]);
    let (w, l, d) = score(&out);
    assert_eq!(w + l + d, 8, "{out}");
    assert!(l > w, "the deeper search should win most games: {out}");
    let games = records(&rec);
    assert_eq!(games.len(), 8);
    for g in &games {
        check(g).unwrap_or_else(|e| panic!("record does not replay: {e}\n{}", g.to_text()));
    }
    // `latrunculi replay` agrees.
    let replay = Command::new(ENGINE)
        .arg("replay")
        .arg(&rec)
        .output()
        .unwrap();
    assert!(replay.status.success());
    let replayed = String::from_utf8_lossy(&replay.stdout);
    assert!(replayed.contains("8 games, 0 wrong"), "{replayed}");
    // ... and adds the games up to the match's own score.
    assert!(
        replayed.contains(&format!("Score of weak vs strong: {w} - {l} - {d}"))
            || replayed.contains(&format!("Score of strong vs weak: {l} - {w} - {d}")),
        "{replayed}\n{out}"
    );
    // From the side asked for, with where an SPRT on these games stands.
    let replay = Command::new(ENGINE)
        .arg("replay")
        .arg(&rec)
        .args(["--first", "strong", "--sprt", "elo0=0", "elo1=10"])
        .output()
        .unwrap();
    assert!(replay.status.success());
    let replayed = String::from_utf8_lossy(&replay.stdout);
    assert!(
        replayed.contains(&format!("Score of strong vs weak: {l} - {w} - {d}")),
        "{replayed}"
    );
    assert!(
        replayed.contains("SPRT: elo0 0 elo1 10 alpha 0.05 beta 0.05: llr "),
        "{replayed}"
    );
}

#[test]
fn the_deeper_search_wins_at_murray() {
    stronger_wins("murray");
}

#[test]
fn the_deeper_search_wins_at_little_soldiers() {
    stronger_wins("little-soldiers");
}

/// A fake engine in a shell script: answers the handshake, then misbehaves on `go`.
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "#!/usr/bin/env bash\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name {name}'; echo uciok ;;\n    isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    format!("cmd=bash {}", path.display())
}

fn misbehaving(name: &str, on_go: &str, reason: &str) {
    let dir = temp_dir(name);
    let rec = dir.join("games.rec");
    let bad = fake_engine(&dir, name, on_go);
    let good = format!("cmd={ENGINE}");
    let out = run_match(&[
        "--variant",
        "murray",
        "--engine",
        &bad,
        &format!("name={name}"),
        "--engine",
        &good,
        "name=good",
        "--each",
        "depth=1",
        "--games",
        "4",
        "--hang-timeout",
        "1500",
        "--records",
        rec.to_str().unwrap(),
    ]);
    let (w, l, d) = score(&out);
    assert_eq!((w, l, d), (0, 4, 0), "{out}");
    let games = records(&rec);
    assert_eq!(games.len(), 4, "the match went on after each failure");
    for g in &games {
        let t = g.tag("Termination").unwrap();
        assert!(t.contains(reason), "{t}");
        check(g).unwrap();
    }
    // Where the fake engine had to move first, the reason names the position.
    assert!(
        games
            .iter()
            .any(|g| g.tag("Termination").unwrap().contains("/"))
    );
}

#[test]
fn an_engine_that_cannot_start_is_an_error_before_any_game() {
    let dir = temp_dir("nostart");
    let rec = dir.join("games.rec");
    let out = Command::new(ENGINE)
        .args([
            "match",
            "--engine",
            "cmd=./no-such-engine",
            "name=ghost",
            "--engine",
        ])
        .arg(format!("cmd={ENGINE}"))
        .args(["--each", "depth=1", "--games", "2", "--records"])
        .arg(&rec)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("engine 'ghost': cannot start engine './no-such-engine'"),
        "{err}"
    );
    assert!(!rec.exists(), "no game was played");
}

/// A misspelt option, or a value the engine refuses, stops the match before its first game
/// with the engine's own words.
#[test]
fn an_unknown_or_refused_engine_option_is_an_error_before_any_game() {
    let dir = temp_dir("badoption");
    let rec = dir.join("games.rec");
    for (option, expected) in [
        (
            "option.Thread=2",
            "engine 'a': has no option 'Thread' (it offers: UCI_Variant, ",
        ),
        (
            "option.Hash=0",
            "engine 'a': refused its settings: error: option Hash: '0' is not a whole number",
        ),
    ] {
        let out = Command::new(ENGINE)
            .arg("match")
            .arg("--engine")
            .arg(format!("cmd={ENGINE}"))
            .args(["name=a", option, "--engine"])
            .arg(format!("cmd={ENGINE}"))
            .args(["name=b", "--each", "depth=1", "--games", "2", "--records"])
            .arg(&rec)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{option}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{option}: {err}");
        assert!(!rec.exists(), "no game was played");
    }
}

/// What cutechess-cli users reach for: a gauntlet, standings every N games, a debug log of
/// every engine line, `dir=`, `arg=`, `restart=on`, and records that open with PGN's seven
/// tag roster.
#[test]
fn gauntlet_rating_interval_debug_log_and_engine_settings() {
    let dir = temp_dir("gauntlet");
    let rec = dir.join("games.rec");
    let log = dir.join("debug.log");
    let engine_dir = dir.to_string_lossy().to_string();
    let out = run_match(&[
        "--variant",
        "murray",
        "--engine",
        &format!("cmd={ENGINE}"),
        "name=a",
        "--engine",
        &format!("cmd={ENGINE}"),
        "name=b",
        "restart=on",
        "--engine",
        &format!("cmd={ENGINE}"),
        "arg=uci",
        &format!("dir={engine_dir}"),
        "name=c",
        "--each",
        "depth=1",
        "--games",
        "2",
        "--gauntlet",
        "--rating-interval",
        "2",
        "--debug",
        log.to_str().unwrap(),
        "--records",
        rec.to_str().unwrap(),
    ]);
    assert!(out.contains("Score of a vs b"), "{out}");
    assert!(out.contains("Score of a vs c"), "{out}");
    assert!(!out.contains("Score of b vs c"), "a gauntlet: {out}");
    assert!(out.contains("Standings after 2 games:"), "{out}");
    let log = std::fs::read_to_string(&log).unwrap();
    for name in ["a", "b", "c"] {
        assert!(log.contains(&format!(" {name} > uci\n")), "{name} sent uci");
        assert!(
            log.contains(&format!(" {name} < uciok\n")),
            "{name} answered"
        );
    }
    // b restarts for every game: it says uciok once per game, a only once.
    let uciok = |n: &str| log.matches(&format!(" {n} < uciok\n")).count();
    assert_eq!(
        uciok("a"),
        2,
        "the check before the match, then one process"
    );
    assert_eq!(
        uciok("b"),
        3,
        "the check, then a fresh process for each of 2 games"
    );
    let games = records(&rec);
    assert_eq!(games.len(), 4);
    assert!(games[0].opens_with_roster(), "{:?}", games[0].tags);
    let mut rounds: Vec<&str> = games.iter().map(|g| g.tag("Round").unwrap()).collect();
    rounds.sort();
    assert_eq!(rounds, ["1", "2", "3", "4"]);
}

/// `--openings suite` plays the shipped suite of the ruleset, built into the program.
#[test]
fn the_shipped_opening_suite_is_built_in() {
    let out = run_match(&[
        "--variant",
        "murray",
        "--engine",
        &format!("cmd={ENGINE}"),
        "name=a",
        "--engine",
        &format!("cmd={ENGINE}"),
        "name=b",
        "--each",
        "depth=1",
        "--games",
        "2",
        "--openings",
        "suite",
    ]);
    assert!(out.contains("Score of a vs b"), "{out}");
    let err = Command::new(ENGINE)
        .args(["match", "--variant", "bell-8x8", "--engine"])
        .arg(format!("cmd={ENGINE}"))
        .arg("--engine")
        .arg(format!("cmd={ENGINE}"))
        .args(["--each", "depth=1", "--openings", "suite"])
        .output()
        .unwrap();
    assert!(!err.status.success());
    assert!(
        String::from_utf8_lossy(&err.stderr).contains("no shipped opening suite for bell-8x8"),
        "{err:?}"
    );
}

#[test]
fn an_illegal_move_loses() {
    misbehaving("illegal", "echo 'bestmove a1a1'", "illegal move");
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    misbehaving("crasher", "exit 3", "crash");
}

#[test]
fn a_hang_loses_on_time() {
    misbehaving("hanger", "sleep 30", "time forfeit");
}

#[test]
fn sprt_stops_a_decided_match() {
    let dir = temp_dir("sprt");
    let bad = fake_engine(&dir, "loser", "echo 'bestmove 0000'");
    let good = format!("cmd={ENGINE}");
    let out = run_match(&[
        "--variant",
        "little-soldiers",
        "--engine",
        &good,
        "name=good",
        "--engine",
        &bad,
        "name=loser",
        "--each",
        "depth=1",
        "--games",
        "200",
        "--sprt",
        "elo0=0",
        "elo1=50",
        "alpha=0.05",
        "beta=0.05",
    ]);
    assert!(out.contains("H1 was accepted"), "{out}");
    let (w, l, d) = score(&out);
    assert!(w + l + d < 200, "{out}");
}

#[test]
fn bad_settings_are_refused() {
    for args in [
        vec!["--engine", "name=x", "st=1", "--engine", "cmd=y", "st=1"],
        vec!["--engine", "cmd=y", "st=1"],
        vec!["--engine", "cmd=y", "tc=abc", "--engine", "cmd=y", "st=1"],
        vec![
            "--engine",
            "cmd=y",
            "st=1",
            "--engine",
            "cmd=y",
            "st=1",
            "--openings",
            "sideways",
        ],
    ] {
        let out = Command::new(ENGINE)
            .arg("match")
            .args(&args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("error: "),
            "{args:?}"
        );
    }
}

#[test]
fn a_round_robin_with_clocks_openings_from_a_file_and_adjudication() {
    let dir = temp_dir("robin");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# two openings: a move list, and a position string with moves\n\
         a1a3 h8h6\n\
         MMMMMMMM/4K3/8/8/8/8/3k4/mmmmmmmm b - 0 0 moves b1b4\n",
    )
    .unwrap();
    let rec = dir.join("games.rec");
    let eng = format!("cmd={ENGINE}");
    let out = run_match(&[
        "--variant",
        "murray",
        "--engine",
        &eng,
        "name=a",
        "depth=1",
        "--engine",
        &eng,
        "name=b",
        "tc=2+0.05",
        "--engine",
        &eng,
        "name=c",
        "nodes=300",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--openings",
        &format!("file={}", openings.display()),
        "--draw-plies",
        "40",
        "--resign",
        "cp=600",
        "moves=2",
        "--records",
        rec.to_str().unwrap(),
    ]);
    // Three encounters, each with its own summary.
    assert_eq!(
        out.lines().filter(|l| l.starts_with("Score of ")).count(),
        3,
        "{out}"
    );
    let games = records(&rec);
    assert_eq!(games.len(), 12);
    for g in &games {
        check(g).unwrap();
        assert!(g.moves.len() <= 40);
    }
    let tcs: Vec<&str> = games
        .iter()
        .map(|g| g.tag("TimeControl").unwrap())
        .collect();
    assert!(tcs.iter().any(|t| t.contains("tc=2+0.05")), "{tcs:?}");
    let openings: Vec<&str> = games.iter().map(|g| g.tag("Opening").unwrap()).collect();
    assert!(
        openings.iter().all(|o| o.contains("openings.txt line")),
        "{openings:?}"
    );
    assert!(games.iter().any(|g| g.tag("FEN").is_some()));
    assert!(
        games
            .iter()
            .all(|g| g.moves[0] == "a1a3" || g.moves[0] == "b1b4")
    );
}

#[test]
fn both_colours_are_played_from_each_opening() {
    let dir = temp_dir("colours");
    let rec = dir.join("games.rec");
    let eng = format!("cmd={ENGINE}");
    run_match(&[
        "--variant",
        "luductus",
        "--engine",
        &eng,
        "name=x",
        "--engine",
        &eng,
        "name=y",
        "--each",
        "depth=1",
        "--games",
        "4",
        "--openings",
        "random",
        "plies=6",
        "--seed",
        "9",
        "--records",
        rec.to_str().unwrap(),
    ]);
    let games = records(&rec);
    assert_eq!(games.len(), 4);
    for opening in ["#1", "#2"] {
        let pair: Vec<&Record> = games
            .iter()
            .filter(|g| g.tag("Opening").unwrap().ends_with(opening))
            .collect();
        assert_eq!(pair.len(), 2);
        assert_ne!(pair[0].tag("White"), pair[1].tag("White"));
        assert_eq!(pair[0].moves[..6], pair[1].moves[..6]);
    }
}

/// `least=` keeps only random openings a short search scores at least that far from even
/// (either side ahead); a band no opening falls in is refused with a message.
#[test]
fn random_openings_can_be_unbalanced() {
    let dir = temp_dir("unbalanced");
    let rec = dir.join("games.rec");
    let eng = format!("cmd={ENGINE}");
    let words = [
        "--variant",
        "little-soldiers",
        "--engine",
        &eng,
        "name=x",
        "--engine",
        &eng,
        "name=y",
        "--each",
        "depth=1",
        "--games",
        "4",
        "--seed",
        "5",
        "--records",
        rec.to_str().unwrap(),
        "--openings",
        "random",
        "plies=8",
        "depth=2",
    ];
    run_match(&[&words[..], &["least=100"]].concat());
    let games = records(&rec);
    assert_eq!(games.len(), 4);
    for g in &games {
        // "random 8 plies +231 cp #1"
        let label = g.tag("Opening").unwrap();
        let cp: i32 = label
            .split_whitespace()
            .find(|w| w.starts_with('+') || w.starts_with('-'))
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("no score in {label}"));
        assert!(cp.abs() >= 100, "{label}");
    }
    for band in [
        &["least=29000", "most=29001"][..],
        &["least=300", "most=200"],
    ] {
        let out = Command::new(ENGINE)
            .arg("match")
            .args([&words[..], band].concat())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{band:?}");
        assert!(
            err.contains("widen the band") || err.contains("is above most"),
            "{err}"
        );
    }
}

#[test]
fn a_game_both_engines_call_level_is_adjudicated_a_draw() {
    let dir = temp_dir("drawscore");
    let rec = dir.join("games.rec");
    let eng = format!("cmd={ENGINE}");
    // Any score short of a forced result is "level" within 100000 cp: every game stops as
    // soon as each engine has made two moves and the game is 12 plies long.
    let out = run_match(&[
        "--variant",
        "murray",
        "--engine",
        &eng,
        "name=a",
        "--engine",
        &eng,
        "name=b",
        "--each",
        "depth=1",
        "--games",
        "2",
        "--draw-score",
        "cp=100000",
        "moves=2",
        "after=12",
        "--records",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(score(&out), (0, 0, 2), "{out}");
    for g in records(&rec) {
        check(&g).unwrap();
        assert_eq!(
            g.tag("Termination"),
            Some("adjudication: both engines agree the game is drawn")
        );
        assert_eq!(g.moves.len(), 12, "{}", g.to_text());
    }
}

/// A match measures engines, not books: an engine that has a book plays without it unless
/// its settings ask for it.
#[test]
fn engines_play_without_their_books_unless_told_otherwise() {
    let dir = temp_dir("books-off");
    let log = dir.join("debug.log");
    let out = run_match(&[
        "--variant",
        "murray",
        "--engine",
        &format!("cmd={ENGINE}"),
        "name=plain",
        "--engine",
        &format!("cmd={ENGINE}"),
        "name=booked",
        "option.OwnBook=true",
        "--each",
        "depth=1",
        "--games",
        "2",
        "--debug",
        log.to_str().unwrap(),
    ]);
    assert!(out.contains("Score of plain vs booked"), "{out}");
    let log = std::fs::read_to_string(&log).unwrap();
    let sent = |name: &str, line: &str| log.contains(&format!(" {name} > {line}\n"));
    assert!(sent("plain", "setoption name OwnBook value false"), "{log}");
    assert!(!sent("plain", "setoption name OwnBook value true"));
    assert!(sent("booked", "setoption name OwnBook value true"), "{log}");
    assert!(!sent("booked", "setoption name OwnBook value false"));
    // The booked engine reads its book, the plain one never does.
    assert!(log.contains(" booked < info string book "), "{log}");
    assert!(!log.contains(" plain < info string book "), "{log}");
}

/// A match played in two shards plays the games of the whole match: each game, by its
/// number, with the same opening, colours and moves (at fixed nodes the engines are
/// deterministic), every pair of colour-swapped games in one shard.
#[test]
fn the_shards_of_a_match_play_its_games() {
    let dir = temp_dir("shards");
    let args = |records: &Path, shard: Option<&str>| -> Vec<String> {
        let mut a: Vec<String> = [
            "--variant",
            "kharebga-5x5",
            "--engine",
            &format!("cmd={ENGINE}"),
            "name=a",
            "depth=1",
            "--engine",
            &format!("cmd={ENGINE}"),
            "name=b",
            "nodes=400",
            "--games",
            "8",
            "--seed",
            "3",
            "--records",
            records.to_str().unwrap(),
        ]
        .map(String::from)
        .to_vec();
        if let Some(s) = shard {
            a.extend(["--shard".to_string(), s.to_string()]);
        }
        a
    };
    let games = |recs: Vec<Record>| -> Vec<(String, Vec<String>)> {
        let mut g: Vec<(String, Vec<String>)> = recs
            .into_iter()
            .map(|r| (r.tag("Round").unwrap().to_string(), r.moves))
            .collect();
        g.sort_by_key(|(round, _)| round.parse::<u32>().unwrap());
        g
    };
    let whole = dir.join("whole.rec");
    let a = args(&whole, None);
    run_match(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let mut sharded = Vec::new();
    for (i, shard) in ["1/2", "2/2"].iter().enumerate() {
        let path = dir.join(format!("shard-{i}.rec"));
        let a = args(&path, Some(shard));
        let out = run_match(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(out.contains("Games 4/4"), "{out}");
        let rounds: Vec<u32> = records(&path)
            .iter()
            .map(|r| r.tag("Round").unwrap().parse().unwrap())
            .collect();
        // Pairs 0 and 2 (games 1, 2, 5, 6) in the first shard, pairs 1 and 3 in the second.
        let mut sorted = rounds.clone();
        sorted.sort();
        let expected = if i == 0 { [1, 2, 5, 6] } else { [3, 4, 7, 8] };
        assert_eq!(sorted, expected);
        sharded.extend(records(&path));
    }
    assert_eq!(games(sharded), games(records(&whole)));
}
