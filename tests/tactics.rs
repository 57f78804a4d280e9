//! Tactical test positions for the search, per ruleset: a capture that wins material, a
//! two-move combination, a forced win the search must prove (a game-theoretic score), and the
//! ruleset's own themes (kowalski corner capture, schadler-2001 trap then remove, luductus line
//! capture of a run and enclosure of the praetorian).
//!
//! Positions are drawn in the source, top rank first, each line starting with its rank number;
//! an optional last line names the files:
//!
//! ```text
//!     3 . m .
//!     2 M . K
//!     1 . . t
//!       a b c
//! ```
//!
//! `M`/`m` man (legionary), `K`/`k` leader (dux, king, praetorian), `T`/`t` trapped man, `.`
//! empty; uppercase is White, lowercase the other colour (Black, or Red in luductus).
//!
//! Every position is searched to a small fixed depth on one thread, so the results are
//! deterministic. Besides the expected first move, each test checks that the move is clearly
//! the only good one:
//! - material: the best value among all *other* first moves (a second search restricted to
//!   them) is lower by a clear margin;
//! - forced wins: the score is a win in exactly the stated number of moves, the principal
//!   variation played on the board ends the game with the side to move winning, the defender
//!   sees its loss just as fast, and an exhaustive search of the rules (no evaluation
//!   involved) confirms that the expected first moves force the win that fast, that there is
//!   no faster win and (for wins in two moves) that no other first move wins as fast.

use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::rules::{Colour, Game, Move, Rules, fen, preset};
use latrunculi::search::{
    Clock, Limits, Params, SearchConfig, SearchResult, Shared, Value, run, score, score::Reported,
};

type G = Game<u128>;

// ---------------------------------------------------------------- pictures

/// The board field of a position string for a drawn board.
fn board_field(picture: &str) -> String {
    let mut rows: Vec<String> = Vec::new();
    let mut ranks: Vec<usize> = Vec::new();
    let mut width = None;
    for line in picture.lines() {
        let mut cells: Vec<&str> = line.split_whitespace().collect();
        if cells.is_empty() || cells[0] == "a" {
            continue; // blank line or the file letters
        }
        if let Ok(rank) = cells[0].parse::<usize>() {
            ranks.push(rank);
            cells.remove(0);
        }
        let mut row = String::new();
        let mut empty = 0;
        for cell in &cells {
            match *cell {
                "." => empty += 1,
                "M" | "m" | "K" | "k" | "T" | "t" => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(cell);
                }
                other => panic!("picture cell '{other}' in line '{line}'"),
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        match width {
            None => width = Some(cells.len()),
            Some(w) => assert_eq!(w, cells.len(), "picture line '{line}' has another width"),
        }
        rows.push(row);
    }
    let expected: Vec<usize> = (1..=rows.len()).rev().collect();
    if !ranks.is_empty() {
        assert_eq!(ranks, expected, "rank labels must count down to 1");
    }
    rows.join("/")
}

#[test]
fn pictures_become_position_strings() {
    let board = board_field(
        "
        3 . m . . . . . . . . . . .
        2 M . K . . . . . . . . . t
        1 . . . . . . . . . . . . .
          a b c d e f g h i j k l m",
    );
    assert_eq!(board, "1m11/M1K9t/13");
}

/// The rules of a preset (`schadler-2001` with 16 pieces a side).
fn rules(variant: &str) -> Arc<Rules<u128>> {
    let ruleset = preset(variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
    Arc::new(Rules::<u128>::new(ruleset).unwrap_or_else(|e| panic!("{variant}: {e}")))
}

/// The game at a drawn position; `rest` is the rest of the position string (`w - 0 40`).
fn game_at(variant: &str, picture: &str, rest: &str) -> G {
    let text = format!("{} {rest}", board_field(picture));
    let rules = rules(variant);
    let game = G::from_fen(rules.clone(), &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(fen::format(&rules, game.position()), text, "round trip");
    assert!(game.outcome().is_none(), "{text}: the game is already over");
    game
}

// ---------------------------------------------------------------- moves and searches

fn token(game: &G, m: Move) -> String {
    m.token(&game.rules().geo)
}

fn tokens(game: &G, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| token(game, m)).collect()
}

/// The legal move written `text`.
fn legal(game: &G, text: &str) -> Move {
    let m = game
        .find_move(text)
        .unwrap_or_else(|e| panic!("{}: {e}", fen::format(game.rules(), game.position())));
    assert!(game.legal_moves().contains(&m));
    m
}

/// A fixed-depth search on one thread with a fresh table, optionally restricted to `only`.
fn search(game: &G, depth: u32, only: &[Move]) -> SearchResult {
    search_with(game, depth, only, Params::default())
}

/// [`search`] with other search parameters.
fn search_with(game: &G, depth: u32, only: &[Move], params: Params) -> SearchResult {
    let cfg = SearchConfig {
        limits: Limits::depth(depth),
        searchmoves: only.to_vec(),
        params,
        ..SearchConfig::default()
    };
    let shared = Shared::new(16);
    let clock = Clock::new(&cfg.limits, game.position().side, 0);
    let r = run(game, &shared, &clock, &cfg, &mut |_| {});
    assert_eq!(r.depth, depth as i32, "the search must complete its depth");
    r
}

/// The search's lines in words, for failure messages.
fn describe(game: &G, r: &SearchResult) -> String {
    let lines: Vec<String> = r
        .lines
        .iter()
        .map(|(_, v, pv)| format!("{:?} {}", score::report(*v), tokens(game, pv).join(" ")))
        .collect();
    format!(
        "{}: best {:?} value {} ({:?}); lines: {}",
        fen::format(game.rules(), game.position()),
        r.best.map(|m| token(game, m)),
        r.value,
        score::report(r.value),
        lines.join(" | ")
    )
}

/// Names of the squares the last move took pieces from.
fn removed(game: &G) -> Vec<String> {
    let geo = &game.rules().geo;
    game.last_frame()
        .removed
        .iter()
        .map(|sq| geo.name(sq))
        .collect()
}

/// Pieces of `c` on the board.
fn pieces(game: &G, c: Colour) -> u32 {
    game.position().on_board(c)
}

/// Searches and checks that the best move is one of `expected`; returns the result.
fn expect_best(game: &G, depth: u32, expected: &[&str]) -> SearchResult {
    for e in expected {
        legal(game, e);
    }
    let r = search(game, depth, &[]);
    let best = r.best.expect("a best move");
    assert!(
        game.legal_moves().contains(&best),
        "illegal best move: {}",
        describe(game, &r)
    );
    assert!(
        expected.contains(&token(game, best).as_str()),
        "expected one of {expected:?}: {}",
        describe(game, &r)
    );
    // Null-move pruning (the `NullMove` option) must not hide the tactic either.
    let params = Params {
        null_move: true,
        ..Params::default()
    };
    let n = search_with(game, depth, &[], params);
    assert!(
        n.best
            .is_some_and(|b| expected.contains(&token(game, b).as_str())),
        "with null-move pruning, expected one of {expected:?}: {}",
        describe(game, &n)
    );
    r
}

/// The best value the search finds among the first moves other than `expected`.
fn best_other(game: &G, depth: u32, expected: &[&str]) -> (Value, String) {
    let others: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|&m| !expected.contains(&token(game, m).as_str()))
        .collect();
    assert!(!others.is_empty());
    let r = search(game, depth, &others);
    (r.value, describe(game, &r))
}

/// A position where `expected` wins material: the search plays it, and every other first
/// move is worse by at least `margin` centipawns at the same depth.
fn expect_material(game: &G, depth: u32, expected: &[&str], margin: Value) -> SearchResult {
    let r = expect_best(game, depth, expected);
    assert!(
        !score::is_mate(r.value),
        "not a forced win: {}",
        describe(game, &r)
    );
    let (other, why) = best_other(game, depth, expected);
    assert!(
        r.value - other >= margin,
        "the best other move is only {} below ({} vs {other}):\n  {}\n  {why}",
        r.value - other,
        r.value,
        describe(game, &r)
    );
    r
}

/// Plays `line` from the game's position and returns the squares each move emptied.
fn play_line(game: &G, line: &[Move]) -> (G, Vec<Vec<String>>) {
    let mut g = game.clone();
    let mut gone = Vec::new();
    for &m in line {
        assert!(g.legal_moves().contains(&m), "illegal move in line");
        g.make(m);
        gone.push(removed(&g));
    }
    (g, gone)
}

// ---------------------------------------------------------------- forced wins

/// Whether the side to move can force a win within `plies` plies (its own and the
/// opponent's), by the rules alone.
fn forces_win(game: &mut G, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let me = game.position().side;
    game.legal_moves().into_iter().any(|m| {
        game.make(m);
        let won = after_attack(game, me, plies - 1);
        game.undo();
        won
    })
}

/// After a move of `attacker`: whether the game is won for it, or every reply leaves it a
/// forced win within the remaining plies.
fn after_attack(game: &mut G, attacker: Colour, plies: u32) -> bool {
    if let Some(o) = game.outcome() {
        return o.winner == Some(attacker);
    }
    if plies < 2 {
        return false;
    }
    game.legal_moves().into_iter().all(|r| {
        game.make(r);
        let won = match game.outcome() {
            Some(o) => o.winner == Some(attacker),
            None => forces_win(game, plies - 1),
        };
        game.undo();
        won
    })
}

/// A forced win in `moves` moves of the side to move (`2 * moves - 1` plies): the search
/// reports exactly that, plays one of `expected`, and its line ends the game in the side to
/// move's favour; after that move the defender's own search sees its loss coming just as
/// fast. By the rules alone, every expected first move forces the win that fast and no
/// faster win exists; no other first move wins as fast (exhaustively for wins in up to two
/// moves, by a search restricted to the other moves beyond that).
fn expect_forced_win(game: &G, depth: u32, moves: i32, expected: &[&str]) -> SearchResult {
    let r = expect_best(game, depth, expected);
    assert_eq!(
        score::report(r.value),
        Reported::Mate(moves),
        "{}",
        describe(game, &r)
    );
    // The principal variation wins on the board.
    let me = game.position().side;
    let pv = &r.lines[0].2;
    assert_eq!(pv.len() as i32, 2 * moves - 1, "{}", describe(game, &r));
    let (end, _) = play_line(game, pv);
    let outcome = end.outcome().expect("the line ends the game");
    assert_eq!(outcome.winner, Some(me), "{}", describe(game, &r));
    // The defender, to move after the first move, sees the same result.
    if moves > 1 {
        let (after, _) = play_line(game, &pv[..1]);
        let d = search(&after, depth - 1, &[]);
        assert_eq!(
            score::report(d.value),
            Reported::Mate(-(moves - 1)),
            "{}",
            describe(&after, &d)
        );
    }
    // The rules agree.
    let plies = (2 * moves - 1) as u32;
    let mut g = game.clone();
    if moves > 1 {
        assert!(!forces_win(&mut g, plies - 2), "there is a faster win");
    }
    let wins_with = |g: &mut G, m: Move| {
        g.make(m);
        let won = after_attack(g, me, plies - 1);
        g.undo();
        won
    };
    for e in expected {
        let m = legal(game, e);
        assert!(wins_with(&mut g, m), "{e} does not force the win");
    }
    if moves <= 2 {
        let mut winning: Vec<String> = g
            .legal_moves()
            .into_iter()
            .filter(|&m| wins_with(&mut g.clone(), m))
            .map(|m| token(game, m))
            .collect();
        winning.sort();
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(winning, want, "the winning first moves");
    } else {
        let (other, why) = best_other(game, depth, expected);
        assert!(other < r.value, "another move wins as fast: {why}");
    }
    r
}

// ================================================================ kowalski-8x12

const KOWALSKI: &str = "kowalski-8x12";

/// White's man on f5 is attacked: Black's g8 man can slide to g5 and take it against e5.
/// Sliding d3-d5 takes the e5 man first (d5 and f5 flank it); nothing else wins material.
#[test]
fn kowalski_capture_wins_a_man() {
    let game = game_at(
        KOWALSKI,
        "
        8 m . . . . . m . . . . m
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . m M . . . . . .
        4 . . . . . . . . . . . .
        3 . . . M . . . . . . . .
        2 . . . . . . K . . . . .
        1 M . . . . . . . . . . M
          a b c d e f g h i j k l",
        "w - 0 30",
    );
    let r = expect_material(&game, 5, &["d3d5"], 60);
    let (after, gone) = play_line(&game, &r.lines[0].2[..1]);
    assert_eq!(gone[0], ["e5"]);
    assert_eq!(pieces(&after, Colour::Black), 4);
}

/// Corner capture: the black man on a8 is captured when White lands on a7 while b8 holds a
/// white piece. It is urgent, since Black threatens c3-c8, taking b8 against the corner man.
#[test]
fn kowalski_corner_capture() {
    let game = game_at(
        KOWALSKI,
        "
        8 m M . . . . . . . . . m
        7 . . . . . . . . . . . .
        6 . . . . . k . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . M . .
        3 . . m . . . . . . . . .
        2 . . . . . . K . . . . .
        1 M . . . . . . . . . . m
          a b c d e f g h i j k l",
        "w - 0 30",
    );
    let r = expect_material(&game, 5, &["a1a7"], 60);
    let (_, gone) = play_line(&game, &r.lines[0].2[..1]);
    assert_eq!(gone[0], ["a8"]);
}

/// A fork from the edge. Black threatens c4-c1, taking the white man on d1 against e1. The
/// answer d1-d8 saves it and attacks two men at once: d8-b8 would take b7 (against b6) and
/// d8-i8 would take i7 (against i6). Black can save only one of them.
#[test]
fn kowalski_combination_fork_on_the_back_rank() {
    let game = game_at(
        KOWALSKI,
        "
        8 . . . . . . . . . . . .
        7 . m . . . . . . m . . .
        6 . M . . . . . . M . . k
        5 . M . . . . . . M . . .
        4 . . m . . . . . K . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . M m . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 30",
    );
    let r = expect_material(&game, 5, &["d1d8"], 50);
    let (_, gone) = play_line(&game, &r.lines[0].2[..3]);
    assert!(gone[0].is_empty(), "the first move is quiet");
    assert!(
        gone[2] == ["b7"] || gone[2] == ["i7"],
        "the fork collects a man: {}",
        describe(&game, &r)
    );
}

/// Blockade. Black's dux on l8 and men on k8 and l7 are boxed in except for k7, and the man
/// on a1 can only step to a2. k1-k7 closes the box; Black must play a1-a2, and b1-a1 takes
/// that man against a3, leaving Black without a legal move: a loss.
#[test]
fn kowalski_blockade_wins() {
    let game = game_at(
        KOWALSKI,
        "
        8 . . . . . . . . . M m k
        7 . . . . . . . . . . . m
        6 . . . . . . . . . . . M
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 M . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 m M . . . . . K . . M .
          a b c d e f g h i j k l",
        "w - 0 30",
    );
    let r = expect_forced_win(&game, 4, 2, &["k1k7"]);
    let (end, _) = play_line(&game, &r.lines[0].2);
    assert!(end.legal_moves().is_empty());
}

/// Walling in a lone dux. White's diagonal wall from i8 to j1 has one gap on rank 5, and the
/// man on a5 can close it (on f5, g5 or h5). Nothing is captured and no blockade is in
/// reach, so only the evaluation's sense of room can tell the closing move from chasing
/// the dux (a5-k5 runs through the gap and leaves it open).
#[test]
fn kowalski_wall_shuts_in_a_lone_dux() {
    let game = game_at(
        KOWALSKI,
        "
        8 . . . . . . . . M . . .
        7 . . . . . . . M . . . .
        6 . . . . . . M . . . . .
        5 M . . . . . . . . . . k
        4 . . . . . . M . . . . .
        3 . . . . . . . M . . . .
        2 . . . . . . . . M . . .
        1 K . . . . . . . . M . .
          a b c d e f g h i j k l",
        "w - 0 40",
    );
    let r = expect_best(&game, 3, &["a5f5", "a5g5", "a5h5"]);
    // The dux is shut in: none of its moves crosses the wall (the wall's file on each rank,
    // rank 5 taking the closing man's file).
    let (after, _) = play_line(&game, &r.lines[0].2[..1]);
    let closing = token(&game, r.lines[0].2[0]);
    let wall = |rank: u8| b"jihgXghi"[rank as usize - 1];
    for reply in after.legal_moves() {
        let t = token(&after, reply);
        let (file, rank) = (t.as_bytes()[2], t.as_bytes()[3] - b'0');
        let limit = if rank == 5 {
            closing.as_bytes()[2]
        } else {
            wall(rank)
        };
        assert!(file > limit, "{t} crosses the wall after {closing}");
    }
}

// ================================================================ schadler-2001

const SCHADLER: &str = "schadler-2001";

/// Black threatens b6-b5, trapping c5 against d5. Stepping e6-e5 traps d5 first (c5 and e5
/// hold it), and a trapped piece flanks nothing; Black cannot free it.
#[test]
fn schadler_trap_wins_a_piece() {
    let game = game_at(
        SCHADLER,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . m . . M . . .
        5 . . M m . . . .
        4 . . . . . . . .
        3 . . . . . . m .
        2 . M . . . . . .
        1 M . . . . . . m
          a b c d e f g h",
        "w - 0 40",
    );
    let r = expect_material(&game, 5, &["e6e5"], 60);
    let (after, _) = play_line(&game, &r.lines[0].2[..1]);
    let d5 = after.rules().geo.parse_square("d5").unwrap();
    assert!(after.position().trapped.has(d5), "d5 is trapped");
}

/// A double threat: d3-d4 (trapping nothing yet) flanks both d5 and e4, so c6-d6 would trap
/// d5 and f3-f4 would trap e4. Black saves one; White traps the other and removes it.
#[test]
fn schadler_combination_double_trap_threat() {
    let game = game_at(
        SCHADLER,
        "
        8 m . . . . . . m
        7 . . . . . . . .
        6 . . M . . . . .
        5 . . . m . . . .
        4 . . . . m . . .
        3 . . . M . M . .
        2 . . . . . . . .
        1 M . . . . . m M
          a b c d e f g h",
        "w - 0 40",
    );
    let r = expect_material(&game, 5, &["d3d4"], 50);
    let (after, _) = play_line(&game, &r.lines[0].2[..3]);
    assert_eq!(
        after.position().trapped.count(),
        1,
        "{}",
        describe(&game, &r)
    );
}

/// Trap then remove, with a hop chain: b3 jumps over b4 to b5 and over c5 to d5, trapping e5
/// against f5. No black piece can free it in one move (both jailers would need two free
/// black pieces around them), so whatever Black plays, `xe5` follows.
#[test]
fn schadler_trap_then_remove() {
    let game = game_at(
        SCHADLER,
        "
        8 m . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . m . m M . .
        4 . M . . . . . .
        3 . M . . . . . .
        2 . . . . . . . .
        1 M . . . . . m M
          a b c d e f g h",
        "w - 0 40",
    );
    let r = expect_material(&game, 5, &["b3b5d5"], 60);
    let trap = r.best.unwrap();
    let mut after = game.clone();
    after.make(trap);
    // Every reply leaves the removal available.
    for reply in after.legal_moves() {
        after.make(reply);
        assert!(
            after.find_move("xe5").is_ok(),
            "after {} e5 is no longer trapped",
            token(&game, reply)
        );
        after.undo();
    }
    // After the engine's reply, the engine removes the trapped piece.
    let reply = r.lines[0].2[1];
    after.make(reply);
    let next = expect_best(&after, 3, &["xe5"]);
    after.make(next.best.unwrap());
    assert_eq!(removed(&after), ["e5"]);
    assert_eq!(pieces(&after, Colour::Black), 4);
}

/// Reducing Black to one piece wins. Black has two: d6-d5 traps e5 against f5, and Black's
/// other piece, alone, can neither trap a jailer nor free e5; `xe5` then leaves one piece.
#[test]
fn schadler_forced_win_by_reducing_to_one_piece() {
    let game = game_at(
        SCHADLER,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . M . . . .
        5 . . . . m M . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . M . . . . . .
        1 M . . . . . . .
          a b c d e f g h",
        "w - 0 40",
    );
    let r = expect_forced_win(&game, 4, 2, &["d6d5"]);
    let (end, _) = play_line(&game, &r.lines[0].2);
    assert_eq!(pieces(&end, Colour::Black), 1);
}

// ================================================================ murray

const MURRAY: &str = "murray";

/// h6-c6 takes the black man on c5 against c4. Nothing else wins material.
#[test]
fn murray_capture_wins_a_man() {
    let game = game_at(
        MURRAY,
        "
        8 . . . . M . . .
        7 . m . . K . . .
        6 . . . . . . . M
        5 . . m . . m . .
        4 . . M . . . . .
        3 . . . . . M . .
        2 . . . k . . . .
        1 . m . . . . . m
          a b c d e f g h",
        "w - 0 30",
    );
    let r = expect_material(&game, 5, &["h6c6"], 60);
    let (_, gone) = play_line(&game, &r.lines[0].2[..1]);
    assert_eq!(gone[0], ["c5"]);
}

/// A fork: d1-d4 flanks both d5 and e4, so a6-d6 would take d5 and f1-f4 would take e4.
/// Black can save only one; nothing Black has reaches c4 or d3 to take the forking man.
#[test]
fn murray_combination_fork() {
    let game = game_at(
        MURRAY,
        "
        8 . m . . . . . m
        7 . . . . . . . .
        6 M . . . . . . .
        5 . . . m . . . .
        4 . . . . m . . .
        3 . . . . . . . K
        2 . . . . . . . .
        1 k . . M . M . .
          a b c d e f g h",
        "w - 0 30",
    );
    let r = expect_material(&game, 5, &["d1d4"], 50);
    let (_, gone) = play_line(&game, &r.lines[0].2[..3]);
    assert!(gone[0].is_empty(), "the first move is quiet");
    assert!(
        gone[2] == ["d5"] || gone[2] == ["e4"],
        "the fork collects a man: {}",
        describe(&game, &r)
    );
}

/// Blockade. Black's king on h1 and man on h2 only have h2-h3 and beyond; the man on a8 only
/// a8-a7. e3-h3 shuts the h-file; Black must play a8-a7, and b8-a8 takes it against a6,
/// leaving Black (king and h2 man) without a legal move: a loss.
#[test]
fn murray_blockade_wins() {
    let game = game_at(
        MURRAY,
        "
        8 m M . . . . . .
        7 . . . . . . . .
        6 M . . . . . . .
        5 . . . . . . . .
        4 . . . K . . . .
        3 . . . . M . . .
        2 . . . . . . M m
        1 . . . . . . M k
          a b c d e f g h",
        "w - 0 30",
    );
    let r = expect_forced_win(&game, 4, 2, &["e3h3"]);
    let (end, _) = play_line(&game, &r.lines[0].2);
    assert!(end.legal_moves().is_empty());
    assert_eq!(
        end.position().men_total(Colour::Black),
        1,
        "not by material"
    );
}

/// Taking every man. The same corner without the e3 man: Kd4-h4 leaves the h2 man only
/// h2-h3, where g2-h2 takes it against the king, and a8-a7 is met by b8-a8. Whatever Black
/// does, both men fall within three moves and Black, with only the king left, loses.
#[test]
fn murray_forced_win_in_three_by_taking_every_man() {
    let game = game_at(
        MURRAY,
        "
        8 m M . . . . . .
        7 . . . . . . . .
        6 M . . . . . . .
        5 . . . . . . . .
        4 . . . K . . . .
        3 . . . . . . . .
        2 . . . . . . M m
        1 . . . . . . M k
          a b c d e f g h",
        "w - 0 30",
    );
    let r = expect_forced_win(&game, 5, 3, &["d4h4"]);
    let (end, _) = play_line(&game, &r.lines[0].2);
    assert_eq!(end.position().men_total(Colour::Black), 0);
}

// ================================================================ little-soldiers

const SOLDIERS: &str = "little-soldiers";

/// Black threatens e8-e5, taking d5 against c5. b3-b5 takes c5 first (b5 and d5 flank it).
#[test]
fn little_soldiers_capture_wins_a_man() {
    let game = game_at(
        SOLDIERS,
        "
        8 m . . . m . . m
        7 . . . . . . m .
        6 . . . . . . . .
        5 . . m M . . . .
        4 . . . . . . . .
        3 . M . . . . . .
        2 . . . . . M M .
        1 M . . . . . . M
          a b c d e f g h",
        "w - 0 30",
    );
    let r = expect_material(&game, 5, &["b3b5"], 60);
    let (_, gone) = play_line(&game, &r.lines[0].2[..1]);
    assert_eq!(gone[0], ["c5"]);
}

/// A fork from the edge: d1-d8 attacks b7 (d8-b8, against b6) and g7 (d8-g8, against g6).
/// The flankers are backed by b5 and g5, so Black cannot take them in return.
#[test]
fn little_soldiers_combination_fork_on_the_back_rank() {
    let game = game_at(
        SOLDIERS,
        "
        8 . . . . . . . .
        7 . m . . . . m .
        6 . M . . . . M .
        5 . M . . . . M .
        4 . . . . . . . .
        3 . . . . . . . .
        2 m . . . . . . m
        1 . . . M . . . .
          a b c d e f g h",
        "w - 0 30",
    );
    let r = expect_material(&game, 6, &["d1d8"], 40);
    let (_, gone) = play_line(&game, &r.lines[0].2[..3]);
    assert!(gone[0].is_empty(), "the first move is quiet");
    assert!(
        gone[2] == ["b7"] || gone[2] == ["g7"],
        "the fork collects a man: {}",
        describe(&game, &r)
    );
}

/// The same fork with Black down to three men: losing one more leaves two, which loses.
#[test]
fn little_soldiers_forced_win_by_reducing_to_two_men() {
    let game = game_at(
        SOLDIERS,
        "
        8 . . . . . . . .
        7 . m . . . . m .
        6 . M . . . . M .
        5 . M . . . . M .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . m
        1 . . . M . . . .
          a b c d e f g h",
        "w - 0 30",
    );
    let r = expect_forced_win(&game, 4, 2, &["d1d8"]);
    let (end, _) = play_line(&game, &r.lines[0].2);
    assert_eq!(end.position().men_total(Colour::Black), 2);
}

/// Blockade. Black's a8, b8 and a7 can only use b7; h1 can only step to h2. b1-b7 closes
/// the corner, Black must play h1-h2, and g1-h1 takes it against h3: Black, with three men
/// left, has no legal move and loses.
#[test]
fn little_soldiers_blockade_wins() {
    let game = game_at(
        SOLDIERS,
        "
        8 m m M . . . . .
        7 m . . . . . . .
        6 M . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . M
        2 . . . . . . . .
        1 . M . . . . M m
          a b c d e f g h",
        "w - 0 30",
    );
    let r = expect_forced_win(&game, 4, 2, &["b1b7"]);
    let (end, _) = play_line(&game, &r.lines[0].2);
    assert!(end.legal_moves().is_empty());
    assert_eq!(
        end.position().men_total(Colour::Black),
        3,
        "not by material"
    );
}

// ================================================================ luductus

const LUDUCTUS: &str = "luductus";

/// White's e7 legionary can land on e5, with the red legionary on f4 between e5 and g3.
const LUDUCTUS_DIAGONAL: &str = "
    7 . . . . M . . . . . . . .
    6 . M . . . . . . . . K . .
    5 . . . . . . . . . . . . .
    4 . . . . . m . . . . . . .
    3 . . . . . . M . . . . . .
    2 . . . . . . . . . . . m .
    1 . . k . . . . m . . . . m
      a b c d e f g h i j k l m";

/// A diagonal capture: e7-e5 takes f4 (e5 and g3 flank it). Red threatens h1-h2, taking g3
/// against f4 along the same diagonal.
#[test]
fn luductus_capture_wins_a_legionary() {
    let game = game_at(LUDUCTUS, LUDUCTUS_DIAGONAL, "w - 0 40");
    let r = expect_material(&game, 5, &["e7e5"], 60);
    let (_, gone) = play_line(&game, &r.lines[0].2[..1]);
    assert_eq!(gone[0], ["f4"]);
}

/// The same position after 29 plies without a capture: every move but the capture reaches
/// the 30-ply limit with White (4 pieces) behind Red (5), a loss by White's own move. The
/// search must find the capture and report each other move as a loss in one move (`mate
/// -1`, not `mate 0`).
#[test]
fn luductus_only_the_capture_escapes_the_quiet_ply_limit() {
    let game = game_at(LUDUCTUS, LUDUCTUS_DIAGONAL, "w - 29 60");
    for m in game.legal_moves() {
        let mut g = game.clone();
        g.make(m);
        if token(&game, m) != "e7e5" {
            let o = g.outcome().expect("the quiet-ply limit ends the game");
            assert_eq!(o.winner, Some(Colour::Black));
        }
    }
    let r = expect_best(&game, 3, &["e7e5"]);
    assert!(!score::is_mate(r.value), "{}", describe(&game, &r));
    let (other, why) = best_other(&game, 3, &["e7e5"]);
    assert_eq!(score::report(other), Reported::Mate(-1), "{why}");
}

/// Line capture of a run: c7-c2 lands below the diagonal run d3, e4 that ends at the white
/// legionary on f5, taking both. Red threatens g7-g6, taking f5 against e4.
#[test]
fn luductus_line_capture_of_a_diagonal_run() {
    let game = game_at(
        LUDUCTUS,
        "
        7 . . M . . . m . . . . . k
        6 . . . . . . . . . . . . .
        5 M . . . . M . . . . . . .
        4 . . . . m . . . . . . . .
        3 . . . m . . . . . . K . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . m . . m
          a b c d e f g h i j k l m",
        "w - 0 40",
    );
    let r = expect_material(&game, 5, &["c7c2"], 100);
    let (_, gone) = play_line(&game, &r.lines[0].2[..1]);
    let mut gone = gone[0].clone();
    gone.sort();
    assert_eq!(gone, ["d3", "e4"]);
}

/// A double threat of run captures: d7-d4 threatens d4-b4 (taking the run b3, b2 against
/// b1) and d4-f4 (taking f3, f2 against f1). Red can break only one of the runs; the red
/// legionary on i4 keeps White's other pieces off the fourth rank.
#[test]
fn luductus_combination_double_run_threat() {
    let game = game_at(
        LUDUCTUS,
        "
        7 . . . M . . . . . . . . .
        6 . . . . . . . . . . . k .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . m . . . .
        3 . m . . . m . . . . K . .
        2 . m . . . m . . . . . . .
        1 . M . . . M . . . . . M .
          a b c d e f g h i j k l m",
        "w - 0 40",
    );
    let r = expect_material(&game, 5, &["d7d4"], 60);
    let (_, gone) = play_line(&game, &r.lines[0].2[..3]);
    assert!(gone[0].is_empty(), "the first move is quiet");
    assert_eq!(gone[2].len(), 2, "a run of two: {}", describe(&game, &r));
}

/// Enclosure of the praetorian. Red's praetorian on a1 is held by b1 and its own legionary on
/// a2; it could escape by jumping over a2 to a3. e3-a3 takes that square away, Red's only
/// moves are then the a2 legionary's along the second rank, and a3-a2 encloses the
/// praetorian (a2 and b1 white, the other sides off the board).
#[test]
fn luductus_enclosure_of_the_praetorian() {
    let game = game_at(
        LUDUCTUS,
        "
        7 . . . . . . . . . . . . .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . K . .
        4 . . . . . . . . . . . . .
        3 . . . . M . . . . . . . .
        2 m . . . . . . . . . . . .
        1 k M . . . . . . . . . . .
          a b c d e f g h i j k l m",
        "w - 0 40",
    );
    let r = expect_forced_win(&game, 4, 2, &["e3a3"]);
    let (end, _) = play_line(&game, &r.lines[0].2);
    assert_eq!(end.position().leaders_total(Colour::Black), 0);
}

// ---------------------------------------------------------------- null-move pruning

/// With the `NullMove` option, the search passes at null-window nodes where the side to move
/// stands above beta and cuts the node when the pass still holds: in a murray opening the
/// same depth then costs fewer nodes (deterministic on one thread).
#[test]
fn null_move_pruning_searches_fewer_nodes_to_the_same_depth() {
    let mut game = G::new(rules(MURRAY));
    game.play_tokens(&["d2c2", "e7g7", "c2b2", "h8h3", "c1c5", "c8c6"])
        .expect("a legal opening");
    let plain = search(&game, 7, &[]);
    let params = Params {
        null_move: true,
        ..Params::default()
    };
    let pruned = search_with(&game, 7, &[], params);
    assert!(pruned.best.is_some_and(|b| game.legal_moves().contains(&b)));
    assert!(
        pruned.nodes < plain.nodes,
        "{} nodes with null-move pruning, {} without",
        pruned.nodes,
        plain.nodes
    );
}
