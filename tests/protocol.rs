//! Protocol transcripts: the real binary, driven line by line.

mod support;

use support::engine::{Engine, field};

fn fen(e: &mut Engine) -> String {
    let lines = e.ask("d", |l| l.starts_with("Result:"));
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .expect("d prints the position string")
        .to_string()
}

#[test]
fn uci_handshake_lists_options_and_variants() {
    let mut e = Engine::start();
    let lines = e.ask("uci", |l| l == "uciok");
    assert!(lines[0].starts_with("id name Latrunculi "));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    let variant = lines
        .iter()
        .find(|l| l.contains("name UCI_Variant"))
        .unwrap();
    for v in [
        "kowalski-8x12",
        "schadler-2001",
        "murray",
        "little-soldiers",
        "luductus",
    ] {
        assert!(variant.contains(&format!("var {v}")), "{variant}");
    }
    for opt in [
        "Hash",
        "Clear Hash",
        "Threads",
        "MultiPV",
        "Skill Level",
        "UCI_LimitStrength",
        "UCI_Elo",
        "EvalFile",
        "Use NNUE",
        "Ponder",
        "Move Overhead",
        "UCI_ShowWDL",
        "Pieces",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} type"))),
            "missing option {opt}"
        );
    }
    assert_eq!(e.ask("isready", |l| l == "readyok"), vec!["readyok"]);
    assert_eq!(
        e.ask("variants", |l| l.starts_with("variants")),
        vec![format!("variants {}", latrunculi::rules::PRESETS.join(" "))]
    );
}

#[test]
fn choosing_a_variant_announces_its_board_and_start() {
    let mut e = Engine::start();
    for (v, files, ranks, start) in [
        ("murray", 8, 8, "MMMMMMMM/4K3/8/8/8/8/3k4/mmmmmmmm b - 0 0"),
        ("luductus", 13, 7, "13/13/13/13/13/13/13 r K1M11k1m11 0 0"),
        (
            "seega-rules-11x16",
            16,
            11,
            "16/16/16/16/16/16/16/16/16/16/16 w M87m87 0 0",
        ),
        (
            "little-soldiers",
            8,
            8,
            "mmmmmmmm/2mmmm2/8/8/8/8/2MMMM2/MMMMMMMM w - 0 0",
        ),
        (
            "schadler-2001",
            8,
            8,
            "pieces 16-24 startpos 8/8/8/8/8/8/8/8 w M16m16 0 0",
        ),
        (
            "kowalski-8x12",
            12,
            8,
            "mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM w - 0 0",
        ),
    ] {
        let lines = e.ask_sync(&format!("setoption name UCI_Variant value {v}"));
        assert_eq!(
            lines,
            vec![format!(
                "info string variant {v} files {files} ranks {ranks} {}",
                if start.starts_with("pieces") {
                    start.to_string()
                } else {
                    format!("startpos {start}")
                }
            )]
        );
        assert_eq!(fen(&mut e), start.rsplit("startpos ").next().unwrap());
    }
    e.ask_sync("setoption name UCI_Variant value schadler-2001");
    let lines = e.ask_sync("setoption name Pieces value 20");
    assert!(
        lines[0].ends_with("startpos 8/8/8/8/8/8/8/8 w M20m20 0 0"),
        "{lines:?}"
    );
}

#[test]
fn d_names_the_side_whose_home_rows_are_at_the_bottom() {
    let mut e = Engine::start();
    // Murray's White men start on rank 8 and Luductus' Red places on rows 1-2: a GUI
    // cannot tell either from the board alone (Luductus starts empty).
    for (v, bottom) in [
        ("kowalski-8x12", "white"),
        ("murray", "black"),
        ("luductus", "red"),
    ] {
        e.ask_sync(&format!("setoption name UCI_Variant value {v}"));
        let lines = e.ask("d", |l| l.starts_with("Result:"));
        assert!(
            lines.contains(&format!("Bottom side: {bottom}")),
            "{v}: {lines:?}"
        );
    }
}

#[test]
fn position_moves_are_played_with_full_rules() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value little-soldiers");
    e.ask_sync("position startpos moves a1a5 b8b6 b1b5 a8a6");
    assert_eq!(
        fen(&mut e),
        "2mmmmmm/2mmmm2/mm6/MM6/8/8/2MMMM2/2MMMMMM w - 4 4"
    );
    let lines = e.ask("d", |l| l.starts_with("Result:"));
    assert!(
        lines.contains(&"Last move: a8a6 removed: -".to_string()),
        "{lines:?}"
    );
    assert_eq!(
        e.ask("result", |l| l.starts_with("result")),
        vec!["result ongoing"]
    );
}

#[test]
fn captures_are_shown_after_the_move() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value murray");
    // The black man on c3 closes b4 between b3 and b5.
    e.ask_sync("position fen 7M/8/8/1m6/1M6/2m5/8/8 b - 0 0 moves c3b3");
    let lines = e.ask("d", |l| l.starts_with("Result:"));
    assert!(
        lines.contains(&"Last move: c3b3 removed: b4".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"  4  . * . . . . . .".to_string()),
        "{lines:?}"
    );
    assert_eq!(fen(&mut e), "7M/8/8/1m6/8/1m6/8/8 w - 0 1");
}

#[test]
fn legal_lists_moves_and_filters_by_square() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value murray");
    let all = e.legal();
    assert_eq!(all.len(), 53);
    let from_d2 = e.ask("legal d2", |l| l.starts_with("legal"));
    let d2: Vec<&str> = from_d2[0].split_whitespace().skip(1).collect();
    assert_eq!(d2.len(), 12);
    assert!(d2.iter().all(|m| m.starts_with("d2")));
    e.ask_sync("setoption name UCI_Variant value schadler-2001");
    let on_e4 = e.ask("legal e4", |l| l.starts_with("legal"));
    assert_eq!(on_e4, vec!["legal @e4"]);
}

#[test]
fn perft_through_the_protocol() {
    let mut e = Engine::start();
    let lines = e.ask("go perft 2", |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 6285");
    let divide: u64 = lines
        .iter()
        .filter_map(|l| l.split_once(": ").and_then(|(_, n)| n.parse::<u64>().ok()))
        .sum();
    assert_eq!(divide, 2 * 6285);
    let lines = e.ask("go perft 0", |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 1");
}

#[test]
fn a_deep_perft_runs_in_the_background_until_stopped_and_a_too_deep_one_is_refused() {
    let mut e = Engine::start();
    let refused = e.ask("go perft 65", |l| l.starts_with("info string"));
    assert_eq!(
        refused.last().unwrap(),
        "info string error bad-go: go perft: depth 65 is deeper than perft counts (at most 64)"
    );
    e.send("go perft 64");
    // The count goes on in the background: the engine still answers at once.
    assert_eq!(e.ask("isready", |l| l == "readyok"), vec!["readyok"]);
    let stopped = e.ask("stop", |l| l.starts_with("info string perft"));
    assert_eq!(
        stopped,
        vec!["info string perft stopped: 0 of 81 root moves counted"]
    );
    let lines = e.ask("go perft 1", |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 81");
    e.send("go perft 64");
    e.send("quit");
    let rest = e.wait_exit();
    assert!(
        rest.iter().all(|l| !l.starts_with("Nodes searched")),
        "{rest:?}"
    );
}

#[test]
fn go_depth_reports_info_and_one_legal_bestmove() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value murray");
    let moves = e.legal();
    let lines = e.ask("go depth 4", |l| l.starts_with("bestmove"));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "{lines:?}");
    for (i, info) in infos.iter().enumerate() {
        assert_eq!(field(info, "depth"), Some((i + 1).to_string().as_str()));
        for key in [
            "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
        ] {
            assert!(field(info, key).is_some(), "{key} missing in {info}");
        }
    }
    let best = field(lines.last().unwrap(), "bestmove")
        .unwrap()
        .to_string();
    assert!(moves.contains(&best), "{best} not legal");
    assert_eq!(field(infos[3], "pv"), Some(best.as_str()));
    // Nothing more follows: exactly one bestmove.
    assert_eq!(e.ask("isready", |l| l == "readyok"), vec!["readyok"]);
}

#[test]
fn multipv_and_searchmoves() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value little-soldiers");
    e.send("setoption name MultiPV value 3");
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    let last_depth: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 2 "))
        .collect();
    let pvs: Vec<&str> = last_depth
        .iter()
        .map(|l| field(l, "multipv").unwrap())
        .collect();
    assert_eq!(pvs, vec!["1", "2", "3"]);
    e.send("setoption name MultiPV value 1");
    let lines = e.ask("go depth 3 searchmoves a1a3 h1h3", |l| {
        l.starts_with("bestmove")
    });
    let best = field(lines.last().unwrap(), "bestmove").unwrap();
    assert!(["a1a3", "h1h3"].contains(&best), "{best}");
}

/// The lines of each depth, in the order reported: (multipv, cp score, first move).
fn multipv_lines(lines: &[String], depth: u32) -> Vec<(String, i32, String)> {
    lines
        .iter()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")))
        .map(|l| {
            let cp = field(l, "cp").map_or(0, |v| v.parse().unwrap());
            (
                field(l, "multipv").unwrap().to_string(),
                cp,
                field(l, "pv").unwrap().to_string(),
            )
        })
        .collect()
}

/// Every depth's lines come best first, and the move played is line 1's, at the end of a
/// depth-limited search and when a search is stopped.
#[test]
fn multipv_lines_are_reported_best_first_and_bestmove_is_line_one() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value little-soldiers");
    e.send("setoption name OwnBook value false");
    e.send("setoption name MultiPV value 3");
    let lines = e.ask("go depth 4", |l| l.starts_with("bestmove"));
    for depth in 1..=4 {
        let at = multipv_lines(&lines, depth);
        let order: Vec<&str> = at.iter().map(|l| l.0.as_str()).collect();
        assert_eq!(order, vec!["1", "2", "3"], "depth {depth}: {lines:?}");
        assert!(
            at.windows(2).all(|w| w[0].1 >= w[1].1),
            "depth {depth} not best first: {at:?}"
        );
    }
    let best = field(lines.last().unwrap(), "bestmove").unwrap();
    assert_eq!(best, multipv_lines(&lines, 4)[0].2);
    // Stopped in the middle: the answer is line 1 of the last depth reported.
    e.send("position startpos moves c2c3 c7c6");
    e.send("go infinite");
    let first = e.until(|l| l.starts_with("info depth 5 ") && field(l, "multipv") == Some("3"));
    e.send("stop");
    let rest = e.until(|l| l.starts_with("bestmove"));
    let all: Vec<String> = first.into_iter().chain(rest).collect();
    let deepest = (1..64)
        .rev()
        .find(|&d| multipv_lines(&all, d).len() == 3)
        .unwrap();
    let best = field(all.last().unwrap(), "bestmove").unwrap();
    assert_eq!(best, multipv_lines(&all, deepest)[0].2, "{all:?}");
}

/// Below full strength a search is held to the level's node budget (once depth 1 is
/// complete), looks at several lines and plays one of them, the same one each time for the
/// same position.
#[test]
fn skill_level_limits_the_search_and_chooses_among_lines_repeatably() {
    use latrunculi::search::skill::Skill;
    let mut e = Engine::start();
    e.ask_sync("setoption name UCI_Variant value little-soldiers");
    e.send("setoption name OwnBook value false");
    let refused = e.ask_sync("setoption name Skill Level value 21");
    assert_eq!(
        refused,
        vec![
            "info string error bad-option: option Skill Level: '21' is not a whole number from 0 to 20"
        ]
    );
    e.send("setoption name Skill Level value 8");
    let budget = Skill::level(8).nodes().unwrap();
    let lines_looked_at = Skill::level(8).multipv(1);
    assert!(lines_looked_at >= 4);
    let mut answers = Vec::new();
    for _ in 0..2 {
        e.send("ucinewgame");
        e.send("position startpos moves c2c3 c7c6");
        let lines = e.ask("go depth 30", |l| l.starts_with("bestmove"));
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        assert!(
            infos
                .iter()
                .any(|l| field(l, "multipv") == Some(&lines_looked_at.to_string())),
            "{lines:?}"
        );
        // Past depth 1 the budget is checked every sixteenth of it.
        for l in infos.iter().filter(|l| field(l, "depth") != Some("1")) {
            let nodes: u64 = field(l, "nodes").unwrap().parse().unwrap();
            assert!(
                nodes <= budget + budget / 16 + 1,
                "{nodes} nodes over a budget of {budget}"
            );
        }
        let deepest: u32 = field(infos.last().unwrap(), "depth")
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            deepest < 10,
            "depth 30 was asked, the budget stopped it at {deepest}"
        );
        answers.push(
            field(lines.last().unwrap(), "bestmove")
                .unwrap()
                .to_string(),
        );
    }
    assert_eq!(answers[0], answers[1], "repeatable");
    // Full strength again: one line, no budget.
    e.send("setoption name Skill Level value 20");
    let lines = e.ask("go depth 3", |l| l.starts_with("bestmove"));
    assert!(
        !lines.iter().any(|l| field(l, "multipv") == Some("2")),
        "{lines:?}"
    );
}

/// `UCI_LimitStrength` with `UCI_Elo` plays at the level of that Elo, overriding `Skill
/// Level`; without it, `Skill Level` counts again.
#[test]
fn uci_elo_limits_the_strength_when_asked_to() {
    use latrunculi::search::skill::{ELO_RANGE, Skill};
    let mut e = Engine::start();
    let uci = e.ask("uci", |l| l == "uciok");
    let declared = format!(
        "option name UCI_Elo type spin default {} min {} max {}",
        ELO_RANGE.1, ELO_RANGE.0, ELO_RANGE.1
    );
    assert!(uci.contains(&declared), "{uci:?}");
    e.ask_sync("setoption name UCI_Variant value little-soldiers");
    e.send("setoption name OwnBook value false");
    let refused = e.ask_sync(&format!("setoption name UCI_Elo value {}", ELO_RANGE.0 - 1));
    assert!(
        refused[0].starts_with("info string error bad-option: option UCI_Elo"),
        "{refused:?}"
    );
    let lines_at = |e: &mut Engine| -> usize {
        e.send("ucinewgame");
        e.send("position startpos moves c2c3 c7c6");
        let lines = e.ask("go depth 5", |l| l.starts_with("bestmove"));
        lines
            .iter()
            .filter_map(|l| field(l, "multipv"))
            .map(|m| m.parse::<usize>().unwrap())
            .max()
            .unwrap_or(1)
    };
    e.send("setoption name UCI_Elo value 1000");
    assert_eq!(
        lines_at(&mut e),
        1,
        "UCI_LimitStrength is off: full strength"
    );
    e.send("setoption name UCI_LimitStrength value true");
    assert_eq!(lines_at(&mut e), Skill::elo(1000).multipv(1));
    assert_eq!(Skill::elo(1000), Skill::level(0));
    e.send("setoption name Skill Level value 20");
    assert_eq!(
        lines_at(&mut e),
        Skill::level(0).multipv(1),
        "UCI_Elo still rules"
    );
    e.send("setoption name UCI_LimitStrength value false");
    assert_eq!(lines_at(&mut e), 1);
}

/// MultiPV is the alpha-beta search's: with it, the lines show which search placed a piece.
#[test]
fn placement_search_auto_places_with_alpha_beta_in_schadler_and_bell_and_mcts_in_luductus() {
    let placing_lines = |variant: &str, choice: &str| -> usize {
        let mut e = Engine::start();
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("setoption name OwnBook value false");
        e.send(&format!("setoption name PlacementSearch value {choice}"));
        e.send("setoption name MultiPV value 2");
        let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
        lines
            .iter()
            .filter(|l| l.starts_with("info depth") && field(l, "multipv") == Some("2"))
            .count()
    };
    assert!(placing_lines("schadler-2001", "auto") > 0, "alpha-beta");
    assert_eq!(placing_lines("schadler-2001", "mcts"), 0, "MCTS");
    assert!(placing_lines("bell-8x8", "auto") > 0, "alpha-beta");
    assert!(placing_lines("bell-8x7", "auto") > 0, "alpha-beta");
    assert_eq!(placing_lines("bell-8x8", "mcts"), 0, "MCTS");
    assert_eq!(placing_lines("luductus", "auto"), 0, "MCTS");
    assert!(placing_lines("luductus", "alphabeta") > 0, "alpha-beta");
}

#[test]
fn stop_ends_go_infinite_with_one_bestmove_and_isready_answers_during_search() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 2");
    e.send("go infinite");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    std::thread::sleep(std::time::Duration::from_millis(200));
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
    // Exactly one bestmove: the next answer is the readyok.
    let after = e.ask("isready", |l| l == "readyok");
    assert_eq!(after, vec!["readyok"]);
}

#[test]
fn go_without_limits_searches_until_stop() {
    let mut e = Engine::start();
    e.send("go");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let before = e.ask("isready", |l| l == "readyok");
    assert!(!before.iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
}

#[test]
fn a_finished_game_answers_result_and_bestmove_none() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value murray");
    // Black has only its king: White wins.
    e.ask_sync("position fen 8/8/8/8/8/8/3k4/M7 w - 0 40");
    let lines = e.ask("go depth 3", |l| l.starts_with("bestmove"));
    assert_eq!(
        lines,
        vec![
            "info string result white black has only the king left".to_string(),
            "bestmove (none)".to_string()
        ]
    );
    assert_eq!(
        e.ask("result", |l| l.starts_with("result")),
        vec!["result white black has only the king left"]
    );
    assert_eq!(e.legal(), Vec::<String>::new());
}

#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value murray");
    e.ask_sync("position startpos moves a1a3");
    let before = fen(&mut e);
    for (line, code, words) in [
        (
            "position startpos moves a8a6",
            "illegal-move",
            "illegal move a8a6",
        ),
        (
            "position startpos moves a1a3 h8h6 zz9",
            "illegal-move",
            "bad move token",
        ),
        ("position fen 8/8/8 b - 0 0", "bad-position", "rows"),
        (
            "position fen 9/8/8/8/8/8/8/8 b - 0 0",
            "bad-position",
            "squares",
        ),
        (
            "position fen MMMMMMMMM/8/8/8/8/8/8/8 b - 0 0",
            "bad-position",
            "squares",
        ),
        (
            "position fen 8/8/8/8/8/8/8/8 x - 0 0",
            "bad-position",
            "side to move",
        ),
        ("position fen", "bad-command", "missing"),
        ("position sideways", "bad-command", "expected"),
        (
            "setoption name Warp Drive value 9",
            "bad-option",
            "unknown option",
        ),
        ("setoption name Hash value lots", "bad-option", "Hash"),
        (
            "setoption name UCI_Variant value chess",
            "unknown-ruleset",
            "unknown variant",
        ),
        ("go perft -1", "bad-go", "not a valid number"),
        ("frobnicate now", "bad-command", "unknown command"),
        ("legal z99", "bad-command", "legal"),
    ] {
        let answer = e.ask_sync(line);
        assert_eq!(answer.len(), 1, "{line}: {answer:?}");
        assert!(
            answer[0].starts_with(&format!("info string error {code}: ")),
            "{line}: {answer:?}"
        );
        assert!(answer[0].contains(words), "{line}: {answer:?}");
        assert_eq!(fen(&mut e), before, "{line} changed the position");
    }
    // Garbage bytes, a very long line and blank lines are survived.
    e.send_bytes(b"\xff\xfe\x00garbage\x01\n");
    e.send(&"x".repeat(100_000));
    e.send("");
    e.send("   ");
    let answer = e.ask_sync("variants");
    assert!(
        answer
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .count()
            >= 2
    );
    assert!(answer.last().unwrap().starts_with("variants "));
    assert_eq!(fen(&mut e), before);
}

#[test]
fn end_of_input_means_quit_even_during_a_search() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.send("isready");
    e.until(|l| l == "readyok");
    e.close_input();
    let rest = e.wait_exit();
    assert_eq!(
        rest.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{rest:?}"
    );
}

#[test]
fn quit_ends_the_engine() {
    let mut e = Engine::start();
    e.send("quit");
    assert!(e.wait_exit().is_empty());
}

#[test]
fn eval_rules_and_debug() {
    let mut e = Engine::start();
    let lines = e.ask("eval", |l| l.starts_with("Total evaluation"));
    assert!(lines.iter().any(|l| l.starts_with("material")));
    assert!(lines.iter().any(|l| l.starts_with("mobility")));
    // The default ruleset's shipped net evaluates for the search, and says so; with
    // `Use NNUE` off the formula alone is shown.
    let net = |lines: &[String]| lines.iter().any(|l| l.starts_with("Net evaluation: "));
    assert!(net(&lines), "{lines:?}");
    e.send("setoption name Use NNUE value false");
    assert!(!net(&e.ask("eval", |l| l.starts_with("Total evaluation"))));
    e.send("setoption name Use NNUE value true");
    e.send("setoption name UCI_Variant value seega-rules-8x8");
    // A ruleset without a net.
    assert!(!net(&e.ask("eval", |l| l.starts_with("Total evaluation"))));
    e.send("setoption name UCI_Variant value luductus");
    let lines = e.ask_sync("rules");
    assert!(
        lines.iter().all(|l| l.starts_with("info string ")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("praetorian")));
    e.send("debug on");
    let lines = e.ask("go perft 1", |l| l.starts_with("info string perft time"));
    assert!(lines.iter().any(|l| l == "Nodes searched: 52"));
}

#[test]
fn show_wdl_adds_win_draw_loss() {
    let mut e = Engine::start();
    e.send("setoption name UCI_ShowWDL value true");
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 2"))
        .unwrap();
    let words: Vec<&str> = info.split_whitespace().collect();
    let i = words.iter().position(|w| *w == "wdl").expect("wdl present");
    let sum: u32 = words[i + 1..i + 4]
        .iter()
        .map(|w| w.parse::<u32>().unwrap())
        .sum();
    assert_eq!(sum, 1000);
}

#[test]
fn ponder_then_ponderhit_plays_on_the_clock() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("go ponder movetime 200");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    e.send("ponderhit");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().starts_with("bestmove "));
}

#[test]
fn bench_prints_a_node_signature() {
    let mut e = Engine::start();
    let lines = e.ask("bench", |l| l.starts_with("Nodes/second"));
    let nodes = lines
        .iter()
        .find_map(|l| l.strip_prefix("Nodes searched  : "))
        .expect("a node count");
    assert!(nodes.parse::<u64>().unwrap() > 10_000);
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("position ")).count(),
        latrunculi::search::bench::POSITIONS.len()
    );
}

#[test]
fn random_command_soup_never_kills_the_engine() {
    // Words and fragments of real commands in random order, from a fixed seed.
    let words = [
        "go",
        "position",
        "startpos",
        "fen",
        "moves",
        "setoption",
        "name",
        "value",
        "depth",
        "perft",
        "legal",
        "d",
        "a1a4",
        "@e4",
        "K@a1",
        "x",
        "0000",
        "UCI_Variant",
        "murray",
        "luductus",
        "Threads",
        "-5",
        "99999999999999999999",
        "8/8/8",
        "w",
        "M16m16",
        "stop",
        "movetime",
        "nodes",
        "searchmoves",
        "ucinewgame",
        "result",
        "eval",
        "\u{00e9}",
        "",
    ];
    let mut state: u64 = 0x5EED;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut e = Engine::start();
    for _ in 0..300 {
        let n = (next() % 7) as usize;
        let line: Vec<&str> = (0..n)
            .map(|_| words[(next() % words.len() as u64) as usize])
            .collect();
        let line = line.join(" ");
        // Keep searches short: the soup may start one.
        let line = if line.starts_with("go") && !line.contains("perft") {
            "go depth 1".to_string()
        } else if line.contains("perft") {
            "go perft 1".to_string()
        } else {
            line
        };
        e.send(&line);
        if line.starts_with("go depth") {
            e.until(|l| l.starts_with("bestmove"));
        }
    }
    e.send("stop");
    let answer = e.ask("isready", |l| l == "readyok");
    assert_eq!(answer.last().unwrap(), "readyok");
    e.send("quit");
    e.wait_exit();
}

#[test]
fn go_with_clocks_nodes_and_mate_limits() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value murray");
    let moves = e.legal();
    for go in [
        "go wtime 2000 btime 2000 winc 20 binc 20",
        "go wtime 3000 btime 3000 movestogo 10",
        "go movetime 50",
        "go nodes 3000",
    ] {
        let lines = e.ask(go, |l| l.starts_with("bestmove"));
        let best = field(lines.last().unwrap(), "bestmove")
            .unwrap()
            .to_string();
        assert!(moves.contains(&best), "{go}: {best}");
    }
    // `go nodes` stops near its node budget (checked every 1024 nodes).
    let lines = e.ask("go nodes 3000", |l| l.starts_with("bestmove"));
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let nodes: u64 = field(last_info, "nodes").unwrap().parse().unwrap();
    assert!(nodes <= 3000 + 2048, "{nodes}");
    // A forced win is found and reported as mate; `go mate` stops on it.
    // White takes Black's last man (b4 between b3 and b5): only the king is left.
    e.ask_sync("position fen 7k/8/8/2M5/1m6/1M6/8/8 w - 0 10");
    let lines = e.ask("go mate 1", |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    assert_eq!(
        lines.last().unwrap().split_whitespace().nth(1),
        Some("c5b5")
    );
}

/// One ply before murray's 2,500-ply limit every move draws. A draw is worth `-Contempt`
/// centipawns to the engine's side in play (0 by default), and 0 in analysis
/// (`UCI_AnalyseMode`).
#[test]
fn contempt_prices_a_forced_draw_except_in_analysis() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value murray");
    let score = |e: &mut Engine, ply: u32| {
        e.send(&format!(
            "position fen mmm5/8/8/3k4/8/4K3/8/5MMM w - 0 {ply}"
        ));
        let lines = e.ask("go depth 3", |l| l.starts_with("bestmove"));
        let info = lines
            .iter()
            .rfind(|l| l.starts_with("info depth"))
            .expect("an info line");
        let words: Vec<&str> = info.split_whitespace().collect();
        let i = words.iter().position(|w| *w == "score").unwrap();
        format!("{} {}", words[i + 1], words[i + 2])
    };
    assert_eq!(score(&mut e, 2499), "cp 0");
    e.send("setoption name Contempt value 25");
    // The draw comes on the engine's move, and on the opponent's.
    assert_eq!(score(&mut e, 2499), "cp -25");
    assert_eq!(score(&mut e, 2498), "cp -25");
    e.send("setoption name Contempt value 40");
    assert_eq!(score(&mut e, 2499), "cp -40");
    e.send("setoption name UCI_AnalyseMode value true");
    assert_eq!(score(&mut e, 2499), "cp 0");
    assert_eq!(score(&mut e, 2498), "cp 0");
}

#[test]
fn a_go_whose_limits_were_all_refused_searches_one_second_not_for_ever() {
    let mut e = Engine::start();
    e.ask_sync("setoption name OwnBook value false");
    let fallback = "info string error bad-go: go: no limit left that could be read; \
                    searching 1000 ms instead (as `go movetime 1000`)";
    for (go, error) in [
        (
            "go depth -3",
            "info string error bad-go: go depth: '-3' is not a valid number",
        ),
        (
            "go movetime 99999999999999999999999",
            "info string error bad-go: go movetime: '99999999999999999999999' is not a valid number",
        ),
        (
            "go mate 0",
            "info string error bad-go: go mate: 0 is no number of moves (at least 1; ignored)",
        ),
        (
            "go searchmoves zz",
            "info string error bad-go: go searchmoves: bad move token 'zz': file 'z' is not on a board with files a-l (ignored)",
        ),
    ] {
        // No `stop` is sent: the search must end by itself.
        let lines = e.ask(go, |l| l.starts_with("bestmove"));
        assert!(lines.iter().any(|l| l == error), "{go}: {lines:?}");
        assert!(lines.iter().any(|l| l == fallback), "{go}: {lines:?}");
    }
    // A negative clock is read as 0, and said; the search still has its other clock.
    let lines = e.ask("go wtime -5 btime 100", |l| l.starts_with("bestmove"));
    assert!(
        lines
            .iter()
            .any(|l| l == "info string error bad-go: go wtime: -5 is negative; read as 0"),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l == fallback));
}

#[test]
fn an_empty_variant_path_is_answered() {
    let mut e = Engine::start();
    for value in [
        "setoption name VariantPath value",
        "setoption name VariantPath value <empty>",
    ] {
        assert_eq!(
            e.ask_sync(value),
            vec!["info string VariantPath: no file given; the rulesets stay as they were"],
            "{value}"
        );
    }
}
