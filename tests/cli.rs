//! The command line for people: analyse, play, show, rules, variants.

mod support;

use std::process::Command;
use std::sync::Arc;

use latrunculi::matches::record::{Record, check};
use latrunculi::rules::{Game, Rules, preset};
use support::engine::Engine;
use support::run;

const BIN: &str = env!("CARGO_BIN_EXE_latrunculi");

fn legal_tokens(variant: &str, moves: &[&str]) -> Vec<String> {
    let mut g = Game::new(Arc::new(
        Rules::<u128>::new(preset(variant).unwrap()).unwrap(),
    ));
    g.play_tokens(moves).unwrap();
    g.legal_moves()
        .iter()
        .map(|m| m.token(&g.rules().geo))
        .collect()
}

#[test]
fn analyse_json_is_one_object_per_line_ending_with_a_legal_best_move() {
    for (variant, moves) in [("murray", vec![]), ("luductus", vec!["K@f1", "@g7"])] {
        let joined = moves.join(" ");
        let mut args = vec!["analyse", "--variant", variant, "--depth", "4", "--json"];
        if !moves.is_empty() {
            args.extend(["--moves", joined.as_str()]);
        }
        let (ok, out, err) = run(&args);
        assert!(ok, "{err}");
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        let infos: Vec<&serde_json::Value> = lines.iter().filter(|v| v["type"] == "info").collect();
        if moves.is_empty() {
            // Alpha-beta: one line per depth.
            assert_eq!(infos.len(), 4, "{out}");
            for (i, v) in infos.iter().enumerate() {
                assert_eq!(v["depth"], i as u64 + 1);
            }
        } else {
            // Placement: MCTS reports its most visited line (depth = its length).
            assert!(!infos.is_empty(), "{out}");
            for v in &infos {
                assert_eq!(
                    v["depth"].as_u64(),
                    v["pv"].as_array().map(|p| p.len() as u64)
                );
            }
        }
        for v in &infos {
            assert!(v["score"]["cp"].is_i64() || v["score"]["mate"].is_i64());
            assert!(v["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
        }
        let last = lines.last().unwrap();
        assert_eq!(last["type"], "bestmove");
        let best = last["move"].as_str().unwrap().to_string();
        assert!(legal_tokens(variant, &moves).contains(&best), "{best}");
    }
}

#[test]
fn analyse_text_shows_the_board_depths_and_the_best_move() {
    let (ok, out, err) = run(&["analyse", "--variant", "little-soldiers", "--depth", "3"]);
    assert!(ok, "{err}");
    assert!(out.contains("Fen: mmmmmmmm/2mmmm2/8/8/8/8/2MMMM2/MMMMMMMM w - 0 0"));
    assert!(out.contains(
        "\nLetters: M man; upper case white, lower case black. Scores: for the side to move, \
         in men (+1.00 is a man ahead), or win/loss in N moves.\n"
    ));
    assert_eq!(out.lines().filter(|l| l.starts_with("depth ")).count(), 3);
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("Best move for white: "))
        .unwrap();
    let token = best.split_whitespace().next().unwrap();
    assert!(legal_tokens("little-soldiers", &[]).contains(&token.to_string()));
    assert!(out.contains("Expected continuation: "));
    // A finished game is reported, not searched.
    let (ok, out, _) = run(&[
        "analyse",
        "--variant",
        "murray",
        "--fen",
        "8/8/8/8/8/8/3k4/M7 w - 0 40",
    ]);
    assert!(ok);
    assert!(
        out.contains("The game is over: white wins: black has only the king left."),
        "{out}"
    );
}

#[test]
fn analyse_refuses_bad_input() {
    for args in [
        vec!["analyse", "--variant", "chess"],
        vec!["analyse", "--fen", "8/8 w - 0 0"],
        vec!["analyse", "--moves", "a1a9"],
        vec!["analyse", "--depth", "3", "--movetime", "100"],
        vec!["analyse", "--threads", "0"],
        vec!["analyse", "--hash", "0"],
        vec!["analyse", "--multipv", "0"],
        vec!["analyse", "--multipv", "257"],
    ] {
        let (ok, _, err) = run(&args);
        assert!(!ok, "{args:?}");
        assert!(!err.is_empty());
    }
}

#[test]
fn play_a_whole_game_through_a_pipe() {
    let dir = std::env::temp_dir().join(format!("latrunculi-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.rec");
    let mut p = Engine::start_with(&[
        "play",
        "--variant",
        "little-soldiers",
        "--depth",
        "1",
        "--as",
        "white",
        "--record",
        record.to_str().unwrap(),
    ]);
    let prompt = |l: &str| l.starts_with("white to move>") || l.starts_with("Game over");
    let greeting = p.until(prompt);
    assert!(
        greeting[0].starts_with("little-soldiers: you play white. Type a move (e.g. a1a2, a1a3), "),
        "{greeting:?}"
    );
    assert_eq!(
        greeting[1],
        "Letters: M man; upper case white, lower case black; o the square just left, x a piece just captured."
    );
    // A slide through a piece is told which piece is in the way.
    p.send("c1c5");
    let answer = p.until(prompt);
    assert_eq!(answer[0], "illegal move c1c5: a piece on c2 is in the way");
    // An illegal move is explained, and the prompt comes back.
    p.send("a8a6");
    let answer = p.until(prompt);
    assert!(
        answer[0].contains("illegal move a8a6: the piece on a8 is not white's"),
        "{answer:?}"
    );
    p.send("c2c4c6");
    let answer = p.until(prompt);
    assert!(answer[0].starts_with("illegal move c2c4c6"), "{answer:?}");
    // `?` lists the legal moves; a move, then `undo`, takes back both plies.
    p.send("?");
    let answer = p.until(prompt);
    assert!(answer[0].starts_with("Legal moves: a1a2 "), "{answer:?}");
    p.send("a1a2");
    let after = p.until(prompt);
    assert!(
        after.iter().any(|l| l.starts_with("Latrunculi plays ")),
        "{after:?}"
    );
    p.send("undo");
    let answer = p.until(prompt);
    assert!(
        answer.iter().any(|l| l == "Took back 2 ply(s)."),
        "{answer:?}"
    );
    assert!(
        answer.iter().any(|l| l == "  1  M M M M M M M M"),
        "{answer:?}"
    );
    // Now play on with the first legal move each time until the game ends.
    let mut plies = 0;
    loop {
        p.send("?");
        let answer = p.until(prompt);
        let list = answer
            .iter()
            .find_map(|l| l.strip_prefix("Legal moves: "))
            .unwrap();
        let first = list.split_whitespace().next().unwrap().to_string();
        p.send(&first);
        plies += 1;
        let answer = p.until(prompt);
        if let Some(end) = answer.iter().find(|l| l.starts_with("Game over")) {
            assert!(end.contains(" wins: ") || end.contains("draw: "), "{end}");
            break;
        }
        assert!(plies < 2000, "the game does not end");
    }
    let saved = p.until(|l| l.starts_with("Game saved to "));
    assert!(saved.last().unwrap().ends_with("game.rec"));
    p.wait_exit();
    let games = Record::parse_all(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("White"), Some("human"));
    assert_ne!(games[0].result, "*");
    check(&games[0]).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Playing the side whose home is at the top turns the board round; the hands are shown
/// while pieces are placed.
#[test]
fn play_turns_the_board_for_the_top_side_and_shows_the_hands() {
    let mut p = Engine::start_with(&[
        "play",
        "--variant",
        "luductus",
        "--as",
        "white",
        "--depth",
        "1",
    ]);
    let lines = p.until(|l| l.starts_with("white to move>"));
    let board: Vec<&String> = lines.iter().filter(|l| l.starts_with("  ")).collect();
    assert!(board[0].starts_with("  1  "), "rank 1 on top: {board:?}");
    assert!(
        board
            .iter()
            .any(|l| l.trim() == "m l k j i h g f e d c b a"),
        "{board:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("In hand: white 11 men, 1 praetorian; red ")),
        "{lines:?}"
    );
    p.send("quit");
    p.wait_exit();
}

/// A resignation ends the game outside the rules: the record says so and replays.
#[test]
fn a_resigned_game_is_saved_and_replays() {
    let dir = std::env::temp_dir().join(format!("latrunculi-resign-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("resigned.rec");
    let mut p = Engine::start_with(&[
        "play",
        "--variant",
        "murray",
        "--depth",
        "1",
        "--as",
        "black",
        "--record",
        record.to_str().unwrap(),
    ]);
    let prompt = |l: &str| l.starts_with("black to move>");
    p.until(prompt);
    p.send("save");
    let answer = p.until(prompt);
    assert_eq!(answer[0], "save needs a file name: save FILE");
    p.send("a1a2");
    p.until(prompt);
    p.send("resign");
    p.until(|l| l.starts_with("Game saved to "));
    p.wait_exit();
    let games = Record::parse_all(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(games[0].result, "1-0");
    assert_eq!(games[0].tag("Termination"), Some("black resigns"));
    // PGN's seven tag roster first, as in match records.
    assert!(games[0].opens_with_roster(), "{:?}", games[0].tags);
    assert_eq!(games[0].tag("Result"), Some("1-0"));
    assert_eq!(
        check(&games[0]).unwrap(),
        "1-0 black resigns (decided outside the rules)"
    );
    let (ok, out, _) = run(&["replay", record.to_str().unwrap()]);
    assert!(ok);
    assert!(
        out.contains("ok 1-0 black resigns (decided outside the rules)"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_explains_a_bad_colour() {
    let (ok, _, err) = run(&["play", "--variant", "luductus", "--as", "black"]);
    assert!(!ok);
    assert!(err.contains("expected white or red"), "{err}");
}

#[test]
fn show_rules_and_variants() {
    let (ok, out, _) = run(&["show", "--variant", "kowalski-8x12", "--moves", "a1a4"]);
    assert!(ok);
    assert!(out.contains("Fen: mmmmmmmmmmmm/5k6/12/12/M11/12/6K5/1MMMMMMMMMMM b - 1 1"));
    assert!(out.contains("Last move: a1a4 removed: -"));
    let (ok, out, _) = run(&["rules", "schadler-2001", "--pieces", "20"]);
    assert!(ok);
    assert!(out.contains("8/8/8/8/8/8/8/8 w M20m20 0 0"));
    assert!(out.contains("two passes in a row draw"));
    let (ok, out, _) = run(&["variants"]);
    assert!(ok);
    assert_eq!(out.lines().count(), latrunculi::rules::PRESETS.len());
    assert!(out.lines().all(|l| l.split_whitespace().count() > 1));
    let (ok, _, err) = run(&["rules", "chess"]);
    assert!(!ok && err.contains("unknown variant"));
    // `--variant` as every other subcommand takes it.
    let (ok, named, _) = run(&["rules", "--variant", "schadler-2001", "--pieces", "20"]);
    assert!(ok && named == out_of(&["rules", "schadler-2001", "--pieces", "20"]));
    let (ok, _, err) = run(&["rules", "murray", "--variant", "bell-8x8"]);
    assert!(!ok && err.contains("cannot be used with"), "{err}");
}

fn out_of(args: &[&str]) -> String {
    run(args).1
}

#[test]
fn ctrl_c_stops_an_infinite_analysis_with_its_best_line() {
    let mut child = std::process::Command::new(BIN)
        .args(["analyse", "--variant", "murray", "--infinite"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(stdout));
    // Wait for the first completed depth, then interrupt.
    loop {
        let l = lines.next().expect("output").unwrap();
        if l.starts_with("depth ") {
            break;
        }
    }
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    assert!(
        rest.iter().any(|l| l.starts_with("Best move for black: ")),
        "{rest:?}"
    );
    assert!(child.wait().unwrap().success());
}

/// Help says what each flag does, and only the flags a subcommand takes.
#[test]
fn help_texts_describe_every_flag_of_their_own_command() {
    let (_, help, _) = run(&["match", "--help"]);
    assert!(
        help.contains("--rounds <ROUNDS>\n          Play the whole schedule"),
        "{help}"
    );
    for word in ["arg=ARG", "dir=DIR", "restart=on"] {
        assert!(help.contains(word), "match --engine help omits {word}");
    }
    let (_, help, _) = run(&["tune", "spsa", "--help"]);
    for flag in ["--rounds", "--sprt", "--gauntlet", "--rating-interval"] {
        assert!(
            !help.contains(flag),
            "tune spsa lists the match-only {flag}"
        );
    }
    let (_, help, _) = run(&["--help"]);
    assert!(help.contains("`tune spsa`"), "{help}");
    assert!(!help.contains("fixed depth on one thread and"), "{help}");
}
