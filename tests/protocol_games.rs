//! A scripted GUI plays whole games of every ruleset through the protocol alone: it sends
//! the move list with `position`, asks `legal` to check the engine's choice like a GUI would,
//! and `result` to know when the game is over. The engine plays both sides.

mod support;

use std::sync::Arc;

use latrunculi::rules::{Game, Rules, preset};
use support::engine::Engine;

fn play_whole_game(variant: &str, go: &str) -> (Vec<String>, String) {
    let mut e = Engine::start();
    e.ask("uci", |l| l == "uciok");
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    loop {
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        e.send(&position);
        let result = e.ask("result", |l| l.starts_with("result"));
        let result = result.last().unwrap().clone();
        let legal = e.ask("legal", |l| l.starts_with("legal"));
        let legal: Vec<String> = legal
            .last()
            .unwrap()
            .split_whitespace()
            .skip(1)
            .map(String::from)
            .collect();
        if result != "result ongoing" {
            assert!(legal.is_empty(), "{variant}: moves listed after the end");
            let answer = e.ask(go, |l| l.starts_with("bestmove"));
            assert_eq!(answer.last().unwrap(), "bestmove (none)");
            assert!(answer.iter().any(|l| l.starts_with("info string result ")));
            e.send("quit");
            e.wait_exit();
            return (moves, result);
        }
        let best = e.best_move(go);
        assert!(
            legal.contains(&best),
            "{variant}: bestmove {best} is not legal"
        );
        moves.push(best);
    }
}

/// The result line the library gives for the same moves.
fn referee(variant: &str, moves: &[String]) -> String {
    let mut game = Game::new(Arc::new(
        Rules::<u128>::new(preset(variant).unwrap()).unwrap(),
    ));
    game.play_tokens(moves).unwrap();
    let o = game.outcome().expect("the game is over");
    format!(
        "result {} {}",
        o.result_word(game.ruleset()),
        o.describe(game.ruleset())
    )
}

fn check(variant: &str, go: &str) {
    let (moves, result) = play_whole_game(variant, go);
    assert_eq!(result, referee(variant, &moves), "{variant}");
    assert!(!moves.is_empty());
}

#[test]
fn a_whole_game_of_kowalski() {
    check("kowalski-8x12", "go depth 2");
}

#[test]
fn a_whole_game_of_schadler_with_placement_and_movement() {
    check("schadler-2001", "go depth 2");
}

#[test]
fn a_whole_game_of_murray() {
    check("murray", "go depth 2");
}

#[test]
fn a_whole_game_of_little_soldiers() {
    check("little-soldiers", "go depth 2");
}

#[test]
fn a_whole_game_of_luductus() {
    check("luductus", "go depth 2");
}
