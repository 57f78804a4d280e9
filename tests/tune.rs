//! `latrunculi tune texel` on a few real games: it reads the match runner's records, fits,
//! writes a weight file the engine then plays with, and explains bad input.

mod support;

use support::engine::Engine;
use support::run;

const BIN: &str = env!("CARGO_BIN_EXE_latrunculi");

/// Plays `games` quick games of `variant` (depth 1 against depth 2) into `records`.
fn games(variant: &str, games: &str, records: &std::path::Path) {
    let cmd = format!("cmd={BIN}");
    let (ok, out, err) = run(&[
        "match",
        "--variant",
        variant,
        "--engine",
        &cmd,
        "name=a",
        "depth=1",
        "--engine",
        &cmd,
        "name=b",
        "depth=2",
        "--each",
        "option.OwnBook=false",
        "--games",
        games,
        "--draw-plies",
        "200",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
}

#[test]
fn a_fit_of_real_games_writes_weights_the_engine_plays_with() {
    let dir = std::env::temp_dir().join(format!("latrunculi-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("ls.pgn");
    games("little-soldiers", "12", &records);
    let out_file = dir.join("ls.toml");
    let (ok, out, err) = run(&[
        "tune",
        "texel",
        "--records",
        records.to_str().unwrap(),
        "--out",
        out_file.to_str().unwrap(),
        "--rounds",
        "1",
        "--steps",
        "50",
    ]);
    assert!(ok, "{out}{err}");
    assert!(
        out.starts_with("little-soldiers: 12 games (10 fitted, 2 held out), "),
        "{out}"
    );
    assert!(out.contains("mean squared error: fitted games "), "{out}");
    assert!(
        out.contains("man                      100     100 (fixed: the unit)"),
        "{out}"
    );
    let text = std::fs::read_to_string(&out_file).unwrap();
    let file = latrunculi::search::weights::parse(&text, "out").unwrap();
    assert_eq!(file.variant.as_deref(), Some("little-soldiers"));
    assert!(text.contains("latrunculi tune texel --records "), "{text}");

    let mut e = Engine::start();
    e.ask_sync("setoption name UCI_Variant value little-soldiers");
    let said = e.ask_sync(&format!(
        "setoption name EvalFile value {}",
        out_file.display()
    ));
    assert_eq!(
        said,
        vec![format!(
            "info string evaluation weights from {} (fitted for little-soldiers)",
            out_file.display()
        )]
    );
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "[weights]\nedges = 1\n").unwrap();
    let said = e.ask_sync(&format!(
        "setoption name EvalFile value {}",
        broken.display()
    ));
    assert!(
        said[0].starts_with("info string error bad-eval-file: ")
            && said[0].contains("no weight is called 'edges'"),
        "{said:?}"
    );
    // The engine still plays (with the weights it had).
    e.send("position startpos");
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().starts_with("bestmove "));

    // Records of two rulesets, a missing file, a file without games.
    let other = dir.join("murray.pgn");
    games("murray", "2", &other);
    let mixed = dir.join("mixed.pgn");
    let both =
        std::fs::read_to_string(&records).unwrap() + &std::fs::read_to_string(&other).unwrap();
    std::fs::write(&mixed, both).unwrap();
    let (ok, _, err) = run(&["tune", "texel", "--records", mixed.to_str().unwrap()]);
    assert!(!ok && err.contains("tune one ruleset at a time"), "{err}");
    let (ok, _, err) = run(&["tune", "texel", "--records", "/no/such/games.pgn"]);
    assert!(
        !ok && err.contains("cannot read /no/such/games.pgn"),
        "{err}"
    );
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "").unwrap();
    let (ok, _, err) = run(&["tune", "texel", "--records", empty.to_str().unwrap()]);
    assert!(!ok && err.contains("no game"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `tune spsa` plays its iterations through the match runner, logs one line each, resumes
/// from its log, and refuses an option the engine does not have before any game.
#[test]
fn spsa_logs_each_iteration_and_resumes_from_its_log() {
    let dir = std::env::temp_dir().join(format!("latrunculi-spsa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("run.spsa");
    let cmd = format!("cmd={BIN}");
    let spsa = |iterations: &str, param: &str| {
        run(&[
            "tune",
            "spsa",
            "--variant",
            "little-soldiers",
            "--engine",
            &cmd,
            "nodes=300",
            "--each",
            "option.OwnBook=false",
            "--games",
            "2",
            "--param",
            param,
            "--iterations",
            iterations,
            "--log",
            log.to_str().unwrap(),
        ])
    };
    let (ok, out, err) = spsa("2", "Aspiration=40,10,200,8");
    assert!(ok, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("iteration 1 result "), "{out}");
    assert!(lines[1].starts_with("iteration 2 result "), "{out}");
    assert!(
        lines[2].starts_with("after 2 iterations: Aspiration="),
        "{out}"
    );
    let (ok, out, err) = spsa("3", "Aspiration=40,10,200,8");
    assert!(ok, "{out}{err}");
    assert!(out.starts_with("resuming "), "{out}");
    assert!(out.contains("\niteration 3 result "), "{out}");
    let logged = std::fs::read_to_string(&log).unwrap();
    assert_eq!(logged.lines().count(), 3, "{logged}");
    for line in logged.lines() {
        let value: f64 = line.rsplit_once("Aspiration=").unwrap().1.parse().unwrap();
        assert!((10.0..=200.0).contains(&value), "{line}");
    }
    let (ok, _, err) = spsa("4", "Contempt=0,0,100,5");
    assert!(
        !ok && err.contains("tunes Aspiration where --param gives Contempt"),
        "{err}"
    );
    std::fs::remove_file(&log).unwrap();
    let (ok, _, err) = spsa("1", "Aspiratio=40,10,200,8");
    assert!(!ok && err.contains("has no option 'Aspiratio'"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
