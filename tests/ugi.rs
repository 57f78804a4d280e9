//! UGI, the Universal Game Interface that game-agnostic match runners speak: the handshake,
//! the queries about the game, clocks by player order, a bare `bestmove`, and an illegal move
//! in a `position` command ending the game.

mod support;

use support::engine::Engine;

fn ugi() -> Engine {
    let mut e = Engine::start();
    let lines = e.ask("ugi", |l| l == "ugiok");
    assert!(lines[0].starts_with("id name Latrunculi"), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l == "uciok"));
    e
}

fn query(e: &mut Engine, what: &str) -> String {
    let lines = e.ask(&format!("query {what}"), |l| l.starts_with("response "));
    lines.last().unwrap()["response ".len()..].to_string()
}

#[test]
fn the_handshake_answers_ugiok_and_options_match_without_regard_to_case() {
    let mut e = ugi();
    let chosen = e.ask("setoption name uci_variant value murray", |l| {
        l.starts_with("info string")
    });
    assert!(
        chosen[0].starts_with("info string variant murray"),
        "{chosen:?}"
    );
    let answer = e.ask_sync("setoption name threads value 2");
    assert!(!answer.iter().any(|l| l.contains("error")), "{answer:?}");
    e.ask_sync("uginewgame");
    // Black moves first in murray: Black is p1.
    e.send("position startpos");
    assert_eq!(query(&mut e, "p1turn"), "true");
    assert_eq!(query(&mut e, "gameover"), "false");
    assert_eq!(query(&mut e, "result"), "none");
    e.send("position startpos moves e1e4");
    assert_eq!(query(&mut e, "p1turn"), "false");
}

#[test]
fn clocks_by_player_order_and_a_bare_bestmove() {
    let mut e = ugi();
    e.ask("setoption name UCI_Variant value luductus", |l| {
        l.starts_with("info string")
    });
    e.ask_sync("setoption name OwnBook value false");
    // Red places first in luductus: Red is p1, and p1time is Red's clock.
    e.send("position startpos");
    let lines = e.ask("go p1time 2000 p2time 1 p1inc 0 p2inc 0", |l| {
        l.starts_with("bestmove")
    });
    let last = lines.last().unwrap();
    assert_eq!(
        last.split_whitespace().count(),
        2,
        "no ponder suffix: {last}"
    );
    let legal = e.legal();
    assert!(
        legal.contains(&last[9..].to_string()),
        "{last} in {legal:?}"
    );
}

#[test]
fn a_turn_that_goes_on_keeps_p1_to_move() {
    let mut e = ugi();
    e.ask("setoption name UCI_Variant value bell-8x8", |l| {
        l.starts_with("info string")
    });
    // White (p1) places twice per turn.
    e.send("position startpos moves @a1");
    assert_eq!(query(&mut e, "p1turn"), "true");
    e.send("position startpos moves @a1 @b1");
    assert_eq!(query(&mut e, "p1turn"), "false");
    // A capture earns a bonus move: still White's turn.
    e.send("position fen m6k/8/3M4/3m4/4M3/8/8/8 w - 0 40 moves e4d4");
    assert_eq!(query(&mut e, "p1turn"), "true");
    e.send("position fen m6k/8/3M4/3m4/4M3/8/8/8 w - 0 40 moves e4d4 d4c4");
    assert_eq!(query(&mut e, "p1turn"), "false");
}

#[test]
fn an_illegal_move_loses_the_game_for_its_side_in_ugi_mode() {
    let mut e = ugi();
    e.ask("setoption name UCI_Variant value murray", |l| {
        l.starts_with("info string")
    });
    // Black (p1) plays e1e4; White's "a1a2" is not White's move.
    let answer = e.ask_sync("position startpos moves e1e4 a1a2");
    assert!(
        answer
            .iter()
            .any(|l| l.starts_with("info string error: position unchanged")),
        "{answer:?}"
    );
    assert_eq!(query(&mut e, "gameover"), "true");
    assert_eq!(query(&mut e, "result"), "p1win");
    let lines = e.ask("go depth 1", |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    // A malformed position string: the game is over with no result.
    e.ask_sync("position fen nonsense");
    assert_eq!(query(&mut e, "gameover"), "true");
    assert_eq!(query(&mut e, "result"), "none");
    // A good position command starts a game again.
    e.send("position startpos");
    assert_eq!(query(&mut e, "gameover"), "false");
}

#[test]
fn every_go_gets_one_bestmove_even_with_bad_parameters() {
    for opening in ["uci", "ugi"] {
        let mut e = Engine::start();
        e.ask(opening, |l| l.ends_with("ok"));
        e.ask_sync("setoption name OwnBook value false");
        e.send("position startpos");
        let lines = e.ask("go sideways depth x depth 1", |l| l.starts_with("bestmove"));
        assert!(
            lines
                .iter()
                .any(|l| l == "info string error: go: unknown parameter 'sideways' (ignored)"),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: go depth")),
            "{lines:?}"
        );
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove")).count(),
            1
        );
    }
}
