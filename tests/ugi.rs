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
        answer.iter().any(|l| l
            .starts_with("info string error illegal-move: move 2 of the list: ")
            && l.ends_with("; the game is over: white loses by the illegal move (UGI)")),
        "the game is over, not unchanged: {answer:?}"
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
            lines.iter().any(
                |l| l == "info string error bad-go: go: unknown parameter 'sideways' (ignored)"
            ),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error bad-go: go depth")),
            "{lines:?}"
        );
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove")).count(),
            1
        );
    }
}

/// `p1win`, `p2win` or `draw` for a result word of the rules (`white`, `black`, `red`,
/// `draw`) in `variant`.
fn p_word(variant: &str, word: &str) -> &'static str {
    let r = latrunculi::rules::preset(variant).unwrap();
    match r.colour_named(word) {
        None => "draw",
        Some(c) if c == r.first_player => "p1win",
        Some(_) => "p2win",
    }
}

fn choose(e: &mut Engine, variant: &str, pieces: Option<u64>) {
    e.ask(
        &format!("setoption name UCI_Variant value {variant}"),
        |l| l.starts_with("info string"),
    );
    e.ask_sync(&format!(
        "setoption name Pieces value {}",
        pieces.unwrap_or(16)
    ));
}

#[test]
fn queries_answer_every_kind_of_finished_game() {
    let mut e = ugi();
    // One finished reference case per kind of end (the reference's own result).
    let mut seen = std::collections::BTreeSet::new();
    for file in [
        include_str!("data/reference_cases.jsonl"),
        include_str!("data/family_cases.jsonl"),
    ] {
        for line in file.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let status = v["status"].as_str().unwrap();
            let Some((word, reason)) = status.split_once(' ') else {
                continue;
            };
            if !seen.insert(reason.to_string()) {
                continue;
            }
            let variant = v["variant"].as_str().unwrap();
            choose(&mut e, variant, v.get("pieces").and_then(|p| p.as_u64()));
            let moves: Vec<&str> = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            e.send(&format!("position startpos moves {}", moves.join(" ")));
            assert_eq!(query(&mut e, "gameover"), "true", "{variant} {status}");
            assert_eq!(
                query(&mut e, "result"),
                p_word(variant, word),
                "{variant} {status}"
            );
        }
    }
    assert!(seen.len() >= 8, "{seen:?}");
    // Ends the reference cases do not reach: two passes, threefold, a superko-stuck side, a
    // captured praetorian.
    for (variant, pieces, fen, moves, want) in [
        (
            "schadler-2001",
            Some(24),
            "MmMmMmMm/mm1m1m1m/M1M1M1MM/mm1m1m1m/M1M1M1MM/mm1m1m1m/M1M1M1MM/MmMmMmMm w - 0 60",
            "0000 0000",
            "draw",
        ),
        (
            "murray",
            None,
            "4K3/8/7M/8/8/m7/8/3k4 b - 0 10",
            "a3b3 h6h5 b3a3 h5h6 a3b3 h6h5 b3a3 h5h6",
            "draw",
        ),
        (
            "kowalski-8x12",
            None,
            "mM10/1M10/M11/12/12/12/12/11M w - 0 0",
            "l1l2 a8a7 l2l1",
            "p1win",
        ),
        (
            "luductus",
            None,
            "3M7K1/13/13/13/13/12m/2MkM8 w - 5 40",
            "d7d2",
            "p2win",
        ),
    ] {
        choose(&mut e, variant, pieces);
        e.send(&format!("position fen {fen} moves {moves}"));
        assert_eq!(query(&mut e, "gameover"), "true", "{variant} {fen}");
        assert_eq!(query(&mut e, "result"), want, "{variant} {fen}");
        // One ply before the end the game goes on.
        let before = moves.rsplit_once(' ').map_or("", |(b, _)| b);
        e.send(&format!("position fen {fen} moves {before}"));
        assert_eq!(query(&mut e, "gameover"), "false", "{variant} {fen}");
        assert_eq!(query(&mut e, "result"), "none", "{variant} {fen}");
    }
}

#[test]
fn player_clocks_go_to_the_colours_the_players_play() {
    let mut e = ugi();
    e.ask_sync("debug on");
    e.ask_sync("setoption name OwnBook value false");
    // p1 is White in kowalski-8x12, Black in murray and Red in luductus.
    for (variant, want) in [
        (
            "kowalski-8x12",
            "info string clocks: white 500 ms + 5, black 900 ms + 7",
        ),
        (
            "murray",
            "info string clocks: white 900 ms + 7, black 500 ms + 5",
        ),
        (
            "luductus",
            "info string clocks: white 900 ms + 7, red 500 ms + 5",
        ),
    ] {
        choose(&mut e, variant, None);
        e.send("position startpos");
        let lines = e.ask("go p1time 500 p2time 900 p1inc 5 p2inc 7", |l| {
            l.starts_with("bestmove")
        });
        assert!(lines.iter().any(|l| l == want), "{variant}: {lines:?}");
    }
}

/// A referee that knows no rules: it asks the engines whose turn it is and whether the game
/// is over, and plays each `bestmove` on, as a UGI match runner does, from the opening
/// position string `fen`. Returns the moves and the `query result` answer.
fn referee_game(variant: &str, fen: &str) -> (Vec<String>, String) {
    let mut players = [ugi(), ugi()];
    for p in players.iter_mut() {
        choose(p, variant, None);
        p.ask_sync("setoption name OwnBook value false");
        p.ask_sync("uginewgame");
    }
    let mut moves: Vec<String> = Vec::new();
    loop {
        let position = format!("position fen {fen} moves {}", moves.join(" "));
        players[0].send(&position);
        if query(&mut players[0], "gameover") == "true" {
            return (moves, query(&mut players[0], "result"));
        }
        let who = if query(&mut players[0], "p1turn") == "true" {
            0
        } else {
            1
        };
        let p = &mut players[who];
        p.send(&position);
        let best = p.best_move("go depth 1");
        assert_ne!(best, "(none)", "{variant} after {moves:?}");
        moves.push(best);
    }
}

/// The start position string of `variant`, with its ply counter moved on so that the
/// 2,500-ply limit comes at most 100 plies after the placement: a game at depth 1 ends soon
/// (by the rules or by that limit) whatever the ruleset.
fn late_start(variant: &str) -> String {
    let mut e = Engine::start();
    let lines = e.ask(
        &format!("setoption name UCI_Variant value {variant}"),
        |l| l.starts_with("info string variant"),
    );
    let start = lines
        .last()
        .unwrap()
        .split(" startpos ")
        .nth(1)
        .unwrap()
        .to_string();
    let mut fields: Vec<String> = start.split_whitespace().map(String::from).collect();
    let in_hand: u32 = fields[2]
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse::<u32>().ok())
        .sum();
    fields[4] = (2400 - in_hand).to_string();
    fields.join(" ")
}

#[test]
fn a_rules_free_referee_plays_every_ruleset_to_the_end_the_rules_give() {
    let dir = std::env::temp_dir().join(format!("latrunculi-ugi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for variant in latrunculi::rules::PRESETS {
        let fen = late_start(variant);
        let (moves, result) = referee_game(variant, &fen);
        // What the match runner's referee, `latrunculi replay`, says of the same game.
        let r = latrunculi::rules::preset(variant).unwrap();
        let token = match result.as_str() {
            "draw" => "1/2-1/2",
            "p1win" if r.first_player == latrunculi::rules::Colour::White => "1-0",
            "p2win" if r.first_player == latrunculi::rules::Colour::Black => "1-0",
            _ => "0-1",
        };
        let record = format!(
            "[Variant \"{variant}\"]\n[FEN \"{fen}\"]\n[Result \"{token}\"]\n\n{} {token}\n\n",
            moves.join(" ")
        );
        let file = dir.join(format!("{variant}.rec"));
        std::fs::write(&file, record).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_latrunculi"))
            .args(["replay", file.to_str().unwrap()])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.contains("1 game, 0 wrong"),
            "{variant}: {result} after {} plies: {text}",
            moves.len()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_and_combo_values_ignore_case_as_names_do() {
    let mut e = ugi();
    for (option, value) in [
        ("OwnBook", "FALSE"),
        ("UCI_ShowWDL", "True"),
        ("PlacementSearch", "AlphaBeta"),
        ("MCTSPlayout", "Random-To-End"),
        ("UCI_Variant", "MURRAY"),
    ] {
        let answer = e.ask_sync(&format!("setoption name {option} value {value}"));
        assert!(
            !answer.iter().any(|l| l.contains("error")),
            "{option} {value}: {answer:?}"
        );
    }
    let answer = e.ask_sync("setoption name OwnBook value maybe");
    assert!(
        answer
            .iter()
            .any(|l| l.contains("'maybe' is not true or false")),
        "{answer:?}"
    );
}

/// A mistyped `UCI_Variant` must not leave a runner playing, unawares, the ruleset the
/// engine had before: until a known one is set, `position` is refused and every `go` is
/// answered `bestmove (none)`, which a runner counts as a lost game it reports.
#[test]
fn after_a_mistyped_variant_no_game_is_played_until_a_known_one_is_set() {
    for opening in ["uci", "ugi"] {
        let mut e = Engine::start();
        e.ask(opening, |l| l.ends_with("ok"));
        let answer = e.ask_sync("setoption name UCI_Variant value kowalsky-8x12");
        assert!(
            answer.iter().any(|l| l
                .starts_with("info string error unknown-ruleset: unknown variant 'kowalsky-8x12'")
                && l.ends_with("until a known one is set, position and go are refused")),
            "{answer:?}"
        );
        let answer = e.ask_sync("position startpos");
        assert!(
            answer.iter().any(|l| l.starts_with(
                "info string error no-ruleset: no ruleset: UCI_Variant 'kowalsky-8x12'"
            )),
            "{answer:?}"
        );
        let lines = e.ask("go movetime 50", |l| l.starts_with("bestmove"));
        assert_eq!(lines.last().unwrap(), "bestmove (none)", "{lines:?}");
        assert!(
            lines[0].starts_with("info string error no-ruleset: no ruleset"),
            "{lines:?}"
        );
        // A known ruleset ends it.
        e.ask("setoption name UCI_Variant value kowalski-8x12", |l| {
            l.starts_with("info string variant")
        });
        e.send("position startpos");
        let lines = e.ask("go depth 1", |l| l.starts_with("bestmove"));
        assert_ne!(lines.last().unwrap(), "bestmove (none)", "{lines:?}");
    }
}
