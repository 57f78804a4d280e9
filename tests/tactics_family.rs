//! Tactical positions of the wider family (rules reference section 6), drawn as pictures and
//! solved by the search at a small fixed depth on one thread: a capture chain through bonus
//! moves (bell), a removal then a move in one turn (locus-ludi-seneca), a capture against a
//! hostile corner (bell), a diagonal capture (falkener, 12x12 on the 256-bit set) and a
//! capture that ends the game on 11x16 (kharebga-rules-11x16).
//!
//! Pictures: top rank first, each line starting with its rank number; `M`/`m` man, `K`/`k`
//! leader, `T`/`t` trapped man, `.` empty; uppercase White, lowercase Black. Besides the
//! expected line, each test checks that the best of all *other* first moves is worse by a
//! clear margin (a second search restricted to them), so the move is the only good one.

use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::rules::{AnyRules, Game, Move, Rules, fen, preset};
use latrunculi::search::{Clock, Limits, SearchConfig, SearchResult, Shared, Value, run, score};
use latrunculi::with_width;

/// The board field of a position string for a drawn board.
fn board_field(picture: &str) -> String {
    let mut rows = Vec::new();
    for line in picture.lines() {
        let cells: Vec<&str> = line.split_whitespace().skip(1).collect();
        if cells.is_empty() {
            continue;
        }
        let mut row = String::new();
        let mut empty = 0;
        for cell in cells {
            if cell == "." {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            row.push_str(cell);
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

fn search<B: Bits>(game: &Game<B>, depth: u32, only: &[Move]) -> SearchResult {
    let cfg = SearchConfig {
        limits: Limits::depth(depth),
        searchmoves: only.to_vec(),
        ..SearchConfig::default()
    };
    let shared = Shared::new(16);
    let clock = Clock::new(&cfg.limits, game.position().side, 0);
    let r = run(game, &shared, &clock, &cfg, &mut |_| {});
    assert_eq!(r.depth, depth as i32, "the search must complete its depth");
    r
}

/// What a solved position must show.
struct Expect {
    /// The principal variation's first plies, as tokens.
    line: &'static [&'static str],
    /// How much better the best move must be than every other first move.
    margin: Value,
}

fn solve<B: Bits>(rules: Arc<Rules<B>>, fen_text: &str, depth: u32, want: &Expect) -> Value {
    let game =
        Game::from_fen(rules.clone(), fen_text).unwrap_or_else(|e| panic!("{fen_text}: {e}"));
    assert_eq!(fen::format(&rules, game.position()), fen_text, "round trip");
    let geo = &rules.geo;
    let r = search(&game, depth, &[]);
    let pv: Vec<String> = r.lines[0].2.iter().map(|m| m.token(geo)).collect();
    assert!(
        pv.len() >= want.line.len() && pv[..want.line.len()] == *want.line,
        "{fen_text}: expected {:?}, the search plays {pv:?} ({:?})",
        want.line,
        score::report(r.value)
    );
    let first = r.best.unwrap();
    let others: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|&m| m != first)
        .collect();
    if !others.is_empty() {
        let rest = search(&game, depth, &others);
        assert!(
            r.value >= rest.value + want.margin,
            "{fen_text}: {} scores {}, the best other move {} scores {}",
            first.token(geo),
            r.value,
            rest.best.unwrap().token(geo),
            rest.value
        );
    }
    r.value
}

fn check(variant: &str, picture: &str, rest: &str, depth: u32, want: Expect) -> Value {
    let text = format!("{} {rest}", board_field(picture));
    let rules = AnyRules::new(preset(variant).unwrap()).unwrap();
    with_width!(rules, r => solve(r, &text, depth, &want))
}

#[test]
fn bell_a_capture_and_its_bonus_move_take_two_men() {
    // d1-d2 takes d3 (against d4); the same piece plays again, d2-e2, and takes e3 (against
    // e4). No other first move takes more than one man.
    check(
        "bell-8x8",
        "
        8 . . . k . . . .
        7 . . . . . . m .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . M M . . .
        3 . . . m m . . .
        2 . . . . . . . .
        1 . . . M . . . .",
        "w - 0 60",
        3,
        Expect {
            line: &["d1d2", "d2e2"],
            margin: 60,
        },
    );
}

#[test]
fn bell_a_hostile_corner_flanks_the_man_beside_it() {
    // c2-c1 takes b1: the corner a1 flanks it for White, although nothing stands there.
    check(
        "bell-8x8",
        "
        8 . . . k . . . .
        7 . . . . . . m .
        6 . . . . . . m .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . M . . . . .
        1 . m . . . . . .",
        "w - 0 60",
        2,
        Expect {
            line: &["c2c1"],
            margin: 60,
        },
    );
}

#[test]
fn seneca_removes_a_trapped_man_then_moves_in_the_same_turn() {
    // The black man on d4 is trapped between c4 and e4: White takes it off (the turn goes
    // on) and then must move. Left on the board, it would be freed at once: f3-e3 traps the
    // jailer e4 against e5, and a piece no longer held between two free enemies goes free.
    check(
        "locus-ludi-seneca",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . m . . .
        4 . . M t M . . .
        3 . . . . . m . .
        2 . . . . . . . .
        1 M . . . . . . .",
        "w - 0 60",
        3,
        Expect {
            line: &["xd4"],
            margin: 60,
        },
    );
}

#[test]
fn falkener_captures_along_a_diagonal_on_12x12() {
    // e5-d4 (a diagonal step) takes c3, between d4 and b2 on the diagonal.
    check(
        "falkener",
        "
        12 . . . . . . . . . . . m
        11 . . . . . . . . . m . .
        10 . . . . . . . . . . . .
         9 . . . . . . . . . . . .
         8 . . . . . . . . . . . .
         7 . . . . . . . . . . . .
         6 . . . . . . . . . . . .
         5 . . . . M . . . . . . .
         4 . . . . . . . . . . . .
         3 . . m . . . . . . . . .
         2 . M . . . . . . . . . .
         1 . . . . . . . . . . . .",
        "w - 0 80",
        3,
        Expect {
            line: &["e5d4"],
            margin: 60,
        },
    );
}

#[test]
fn kharebga_11x16_takes_the_second_to_last_man_and_wins() {
    // i1-i9 slides up the file and takes h9 against g9: Black is left with one piece, which
    // loses in the "Kharebga Rules" presets. Rank 9 lies in the upper word of the set.
    let v = check(
        "kharebga-rules-11x16",
        "
        11 m . . . . . . . . . . . . . . .
        10 . . . . . . . . . . . . . . . .
         9 . . . . . . M m . . . . . . . .
         8 . . . . . . . . . . . . . . . .
         7 . . . . . . . . . . . . . . . .
         6 . . . . . . . . . . . . . . . .
         5 . . . . . . . . . . . . . . . .
         4 . . . . . . . . . . . . . . . .
         3 . . . . . . . . . . . . . . . .
         2 . . . . . . . . . . . . . . . .
         1 . . . . . . . . M . . . . . . .",
        "w - 0 200",
        2,
        Expect {
            line: &["i1i9"],
            margin: 1000,
        },
    );
    assert!(v >= score::MATE_BOUND, "a win, not just material: {v}");
}
