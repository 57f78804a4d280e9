//! End conditions as pictures: material, no legal move, forced passes, quiet-ply limits,
//! superko, threefold repetition and the 2,500-ply limit, and the precedence RULES.md gives
//! when several hold after the same ply.

mod common;
use common::*;
use latrunculi::rules::{Illegal, Reason};

const KOWALSKI: &str = "kowalski-8x12";
const S: &str = "schadler-2001";
const MURRAY: &str = "murray";
const SOLDIERS: &str = "little-soldiers";
const LUDUCTUS: &str = "luductus";

// ---------------------------------------------------------------- material

#[test]
fn schadler_a_player_with_one_piece_left_loses() {
    // Black has two pieces, one of them trapped: the removal leaves one.
    let mut g = game(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M t M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . m
          a b c d e f g h",
        "w - 0 40",
    );
    assert_not_over(&g);
    play(&mut g, "xd4");
    assert_over(&g, "white", Reason::MenLost, "black has one piece left");
}

#[test]
fn murray_a_player_with_only_the_king_left_loses() {
    // White h4-e4 takes e5, Black's last man.
    let mut g = game(
        MURRAY,
        "
        8 . . . . K . . .
        7 . . . . . . . .
        6 . . . . M . . .
        5 . . . . m . . .
        4 . . . . . . . M
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . k . . . .
          a b c d e f g h",
        "w - 0 9",
    );
    assert_not_over(&g);
    play(&mut g, "h4e4");
    assert_board(
        &g,
        "
        8 . . . . K . . .
        7 . . . . . . . .
        6 . . . . M . . .
        5 . . . . x . . .
        4 . . . . M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . k . . . .
          a b c d e f g h",
    );
    assert_over(&g, "white", Reason::MenLost, "black has only the king left");
}

#[test]
fn little_soldiers_a_player_with_two_men_or_fewer_loses() {
    // Black has three men: not yet lost. e1-e4 takes d4: two left, Black loses.
    let mut g = game(
        SOLDIERS,
        "
        8 . . . . . . . m
        7 . . . . . . . m
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 M . . . M . . .
          a b c d e f g h",
        "w - 0 9",
    );
    assert_not_over(&g);
    play(&mut g, "e1e4");
    assert_over(&g, "white", Reason::MenLost, "black has two men or fewer");
}

#[test]
fn luductus_a_player_who_loses_all_legionaries_loses() {
    let mut g = game(
        LUDUCTUS,
        "
        7 . . . . . M . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . M m . . . . . . k .
          a b c d e f g h i j k l m",
        "w - 0 30",
    );
    // Red has its praetorian and one legionary: not yet lost. f7-f1 takes e1 against d1.
    assert_not_over(&g);
    play(&mut g, "f7f1");
    assert_board(
        &g,
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . M x M . . . . . k .
          a b c d e f g h i j k l m",
    );
    assert_over(&g, "white", Reason::MenLost, "red has no legionaries left");
}

// ---------------------------------------------------------------- no legal move

#[test]
fn kowalski_a_player_with_no_legal_move_loses() {
    // b1-b8 walls the black dux into the a8 corner (the dux itself cannot be taken).
    let mut g = game(
        KOWALSKI,
        "
        8 k . . . . . . . . . . .
        7 M . . . . . . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . M . . . . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
    );
    assert_not_over(&g);
    play(&mut g, "b1b8");
    assert_over(&g, "white", no_legal_move(false), "black has no legal move");
}

#[test]
fn murray_a_player_with_no_legal_move_loses() {
    // c8-c1 shuts in Black's man on a1 and king on b1.
    let mut g = game(
        MURRAY,
        "
        8 . . M . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 M M . . . . . .
        1 m k . . . . . .
          a b c d e f g h",
        "w - 0 9",
    );
    assert_not_over(&g);
    play(&mut g, "c8c1");
    assert_over(&g, "white", no_legal_move(false), "black has no legal move");
}

#[test]
fn little_soldiers_a_player_with_no_legal_move_loses() {
    // h6-a6 shuts in the three black men in the a8 corner.
    let mut g = game(
        SOLDIERS,
        "
        8 m m M . . . . .
        7 m M . . . . . .
        6 . . . . . . . M
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 9",
    );
    assert_not_over(&g);
    play(&mut g, "h6a6");
    assert_over(&g, "white", no_legal_move(false), "black has no legal move");
}

#[test]
fn luductus_a_player_with_no_legal_move_loses() {
    // a7-a3 shuts in Red: its legionary a2 is boxed, and its praetorian on a1 cannot jump a2
    // because a3 is taken. The run a2 ends at the red praetorian, so a2 is not captured.
    let mut g = game(
        LUDUCTUS,
        "
        7 M . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 m M . . . . . . . . . . .
        1 k M . . . . . . . . . . .
          a b c d e f g h i j k l m",
        "w - 0 30",
    );
    assert_not_over(&g);
    play(&mut g, "a7a3");
    assert_board(
        &g,
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 M . . . . . . . . . . . .
        2 m M . . . . . . . . . . .
        1 k M . . . . . . . . . . .
          a b c d e f g h i j k l m",
    );
    assert_over(&g, "white", no_legal_move(false), "red has no legal move");
}

// ---------------------------------------------------------------- passes (schadler)

/// White's a1 and b1 are walled in by black pieces; Black can still move.
const WHITE_WALLED_IN: &str = "
    8 . . . . . . . m
    7 . . . . . . . .
    6 . . . . . . . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 m m . . . . . .
    2 m m . . . . . .
    1 M M m m . . . .
      a b c d e f g h";

#[test]
fn schadler_a_player_with_no_action_must_pass() {
    let mut g = game(S, WHITE_WALLED_IN, "w - 3 40");
    assert_eq!(legal(&g), vec!["0000".to_string()]);
    play(&mut g, "0000");
    assert_eq!(fields(&g), "b - 4 41 p1");
    assert_not_over(&g);
    // Black moves normally; the pass count starts again.
    play(&mut g, "h8h7");
    assert_eq!(fields(&g), "w - 5 42");
    assert_eq!(legal(&g), vec!["0000".to_string()]);
}

#[test]
fn schadler_a_pass_is_illegal_when_anything_else_is_legal() {
    let mut g = game(S, WHITE_WALLED_IN, "b - 0 40");
    assert!(!is_legal(&g, "0000"));
    assert!(matches!(rejects(&mut g, "0000"), Illegal::PassNotAllowed));
}

/// Both sides blocked: every empty square is inside the board and has two white neighbours
/// on one line and two black neighbours on the other, so neither side may step or jump into
/// it (and no landing there would trap anything).
const ALL_BLOCKED: &str = "
    8 M m M m M m M m
    7 m m . m . m . m
    6 M . M . M . M M
    5 m m . m . m . m
    4 M . M . M . M M
    3 m m . m . m . m
    2 M . M . M . M M
    1 M m M m M m M m
      a b c d e f g h";

#[test]
fn schadler_two_passes_in_a_row_draw() {
    let mut g = game_n(S, 24, ALL_BLOCKED, "w - 0 60");
    assert_eq!(legal(&g), vec!["0000".to_string()]);
    play(&mut g, "0000");
    assert_not_over(&g);
    assert_eq!(legal(&g), vec!["0000".to_string()]);
    play(&mut g, "0000");
    assert_over(&g, "draw", Reason::TwoPasses, "two passes in a row");
}

#[test]
fn schadler_a_player_whose_only_moves_repeat_a_position_must_pass() {
    // White's only mobile piece shuttles h1-h2. After e8-e7, h1-h2, e7-e8, its only move
    // h2-h1 would recreate the start position (superko), so White must pass.
    let mut g = game(
        S,
        "
        8 . . . . m . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . m
        3 m m . . . . . m
        2 m m . . . m m .
        1 M M m m . m m M
          a b c d e f g h",
        "b - 0 50",
    );
    play(&mut g, "e8e7 h1h2 e7e8");
    assert_eq!(legal(&g), vec!["0000".to_string()]);
    assert!(matches!(rejects(&mut g, "h2h1"), Illegal::Superko));
    play(&mut g, "0000");
    assert_not_over(&g);
}

// ---------------------------------------------------------------- quiet-ply limits

#[test]
fn little_soldiers_sixty_quiet_plies_more_men_wins() {
    let before = "
        8 . . . . . . . .
        7 . m . m . m . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . M . M . M . M
        1 . . . . . . . .
          a b c d e f g h";
    // 58 quiet plies, one more: 59, the game goes on.
    let mut g = game(SOLDIERS, before, "w - 58 200");
    play(&mut g, "b2b3");
    assert_not_over(&g);
    // The 60th quiet ply ends it: White has 4 men to 3.
    play(&mut g, "b7b6");
    assert_eq!(fields(&g), "w - 60 202");
    assert_over(
        &g,
        "white",
        Reason::QuietLimit(60),
        "60 plies without capture: white has more pieces",
    );
    // Equal numbers draw.
    let mut g = game(
        SOLDIERS,
        &before.replace("2 . M . M . M . M", "2 . M . M . M . ."),
        "w - 59 200",
    );
    play(&mut g, "b2b3");
    assert_over(
        &g,
        "draw",
        Reason::QuietLimit(60),
        "60 plies without capture: equal pieces",
    );
}

#[test]
fn a_capture_resets_the_quiet_counter() {
    // At 59 quiet plies, a capture: the counter goes back to 0 and the game goes on.
    let mut g = game(
        SOLDIERS,
        "
        8 . . . . . . . .
        7 . m . m . m . m
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . M . . M . . M
          a b c d e f g h",
        "w - 59 200",
    );
    play(&mut g, "e1e4");
    assert_eq!(fields(&g), "b - 0 201");
    assert_not_over(&g);
}

#[test]
fn luductus_thirty_quiet_plies_more_pieces_wins() {
    // Red has a praetorian and 3 legionaries (4 pieces), White a praetorian and 2 (3).
    let before = "
        7 . . . . . . . . . . . K .
        6 M M . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 m m m . . . . . . . . k .
          a b c d e f g h i j k l m";
    let mut g = game(LUDUCTUS, before, "w - 28 100");
    play(&mut g, "a6a5");
    assert_not_over(&g);
    play(&mut g, "a1a2");
    assert_eq!(fields(&g), "w - 30 102");
    assert_over(
        &g,
        "red",
        Reason::QuietLimit(30),
        "30 plies without capture: red has more pieces",
    );
    // Equal pieces draw.
    let mut g = game(
        LUDUCTUS,
        &before.replace("1 m m m", "1 m m ."),
        "w - 29 100",
    );
    play(&mut g, "a6a5");
    assert_over(
        &g,
        "draw",
        Reason::QuietLimit(30),
        "30 plies without capture: equal pieces",
    );
}

// ---------------------------------------------------------------- repetition

/// A small kowalski position: a white man on a1 and a black man on l8, duxes aside.
const KOWALSKI_SHUFFLE: &str = "
    8 . . . . . . . . . . . m
    7 . . . . . k . . . . . .
    6 . . . . . . . . . . . .
    5 . . . . . . . . . . . .
    4 . . . . . . . . . . . .
    3 . . . . . . . . . . . .
    2 . . . . . . K . . . . .
    1 M . . . . . . . . . . .
      a b c d e f g h i j k l";

#[test]
fn kowalski_superko_a_move_recreating_an_earlier_position_is_not_generated() {
    let mut g = game(KOWALSKI, KOWALSKI_SHUFFLE, "w - 0 0");
    play(&mut g, "a1a2 l8l7 a2a1");
    // l7-l8 would bring back the start position.
    let moves = legal_from(&g, "l7");
    assert!(!moves.contains(&"l7l8".to_string()), "{moves:?}");
    assert!(moves.contains(&"l7l6".to_string()));
    assert!(matches!(rejects(&mut g, "l7l8"), Illegal::Superko));
    assert_not_over(&g);
}

#[test]
fn kowalski_superko_ignores_the_side_to_move() {
    // a1-a3, l8-l7, a3-a2, l7-l8: now a2-a1 would recreate the start arrangement, though with
    // Black to move instead of White. Still illegal.
    let mut g = game(KOWALSKI, KOWALSKI_SHUFFLE, "w - 0 0");
    play(&mut g, "a1a3 l8l7 a3a2 l7l8");
    assert!(!is_legal(&g, "a2a1"));
    assert!(matches!(rejects(&mut g, "a2a1"), Illegal::Superko));
}

#[test]
fn kowalski_a_player_whose_only_moves_break_superko_loses() {
    // Black's only piece shuttles a8-a7. After l1-l2, a8-a7, l2-l1 its only move a7-a8 would
    // recreate the start position: Black has no legal move and loses.
    let mut g = game(
        KOWALSKI,
        "
        8 m M . . . . . . . . . .
        7 . M . . . . . . . . . .
        6 M . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . . . . . . . . M
          a b c d e f g h i j k l",
        "w - 0 0",
    );
    play(&mut g, "l1l2 a8a7 l2l1");
    assert_over(
        &g,
        "white",
        no_legal_move(true),
        "black has no legal move (every move would repeat an earlier position: superko)",
    );
}

/// Two kings, a Black man on a3 and a White man on h6 with room to shuffle: the repetition
/// tests' board.
const MURRAY_SHUFFLE: &str = "
        8 . . . . K . . .
        7 . . . . . . . .
        6 . . . . . . . M
        5 . . . . . . . .
        4 . . . . . . . .
        3 m . . . . . . .
        2 . . . . . . . .
        1 . . . k . . . .
          a b c d e f g h";

#[test]
fn murray_third_occurrence_with_the_same_side_to_move_draws() {
    // Black's man goes round a3 c3 b3 (3 moves), White's h6 h5 (2 moves): the start
    // arrangement comes back after 5 plies with White to move, and after 12 with Black to
    // move. Only the third occurrence with the same side to move (ply 24) draws.
    let mut g = game(MURRAY, MURRAY_SHUFFLE, "b - 0 10");
    let cycle = "a3c3 h6h5 c3b3 h5h6 b3a3 h6h5 a3c3 h5h6 c3b3 h6h5 b3a3 h5h6";
    play(&mut g, cycle);
    assert_not_over(&g);
    let twelve: Vec<&str> = cycle.split_whitespace().collect();
    for t in &twelve[..11] {
        play(&mut g, t);
        assert_not_over(&g);
    }
    play(&mut g, twelve[11]);
    assert_over(&g, "draw", Reason::Threefold, "threefold repetition");
}

/// The search's null move is no move of any ruleset: it hands the turn over and nothing
/// else, and a line through it never counts positions from before it towards a repetition
/// (it probes the position, it is not a game).
#[test]
fn murray_null_move_hands_the_turn_over_and_starts_a_new_repetition_window() {
    let mut g = game(MURRAY, MURRAY_SHUFFLE, "w - 0 10");
    // Twice this position with White to move.
    play(&mut g, "h6h5 a3b3 h5h6 b3a3");
    let start = *g.position();
    let board = render(&g);
    let moves = tokens(&g);
    g.make_null();
    assert_eq!(g.position().side, start.side.other());
    assert_eq!(
        g.position().key,
        start.key,
        "the pieces stay where they are"
    );
    assert_ne!(g.position().full_key(), start.full_key());
    assert_eq!(render(&g), board);
    assert_eq!(g.position().ply, start.ply + 1);
    assert_not_over(&g);
    // Both sides pass: the same position with White to move a third time, but the window
    // starts after the real moves, so no repetition.
    g.make_null();
    assert_eq!(g.position().full_key(), start.full_key());
    assert_not_over(&g);
    // Taking both back restores the game exactly: one more cycle is the real third
    // occurrence.
    assert!(g.undo().is_none() && g.undo().is_none());
    assert_eq!(g.position().full_key(), start.full_key());
    assert_eq!(g.position().ply, start.ply);
    assert_eq!(tokens(&g), moves);
    play(&mut g, "h6h5 a3b3 h5h6");
    assert_not_over(&g);
    play(&mut g, "b3a3");
    assert_over(&g, "draw", Reason::Threefold, "threefold repetition");
}

#[test]
fn no_repetition_rule_in_little_soldiers_and_luductus() {
    // The same position comes back again and again; nothing forbids it or ends the game.
    let mut g = game(
        SOLDIERS,
        "
        8 . . . . . . . .
        7 . m m m . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . M M M .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 0",
    );
    for _ in 0..4 {
        play(&mut g, "e2e3 b7b6 e3e2 b6b7");
    }
    assert_not_over(&g);
    let mut g = game(
        LUDUCTUS,
        "
        7 . . . . . . . . . . . K .
        6 M . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 m . . . . . . . . . . k .
          a b c d e f g h i j k l m",
        "w - 0 24",
    );
    for _ in 0..4 {
        play(&mut g, "a6a5 a1a2 a5a6 a2a1");
    }
    assert_not_over(&g);
}

// ---------------------------------------------------------------- the 2,500-ply limit

#[test]
fn every_ruleset_is_drawn_after_2500_plies() {
    let cases: [(&str, &str, &str, &str); 5] = [
        (
            KOWALSKI,
            "
            8 . . . . . . . . . . . m
            7 . . . . . k . . . . . .
            6 . . . . . . . . . . . .
            5 . . . . . . . . . . . .
            4 . . . . . . . . . . . .
            3 . . . . . . . . . . . .
            2 . . . . . . K . . . . .
            1 M . . . . . . . . . . .
              a b c d e f g h i j k l",
            "w - 0 _",
            "a1a2",
        ),
        (
            S,
            "
            8 . . . . . . m m
            7 . . . . . . . .
            6 . . . . . . . .
            5 . . . . . . . .
            4 . . . . . . . .
            3 . . . . . . . .
            2 . . . . . . . .
            1 M M . . . . . .
              a b c d e f g h",
            "w - 0 _",
            "a1a2",
        ),
        (
            MURRAY,
            "
            8 . . . . K . . M
            7 . . . . . . . .
            6 . . . . . . . .
            5 . . . . . . . .
            4 . . . . . . . .
            3 . . . . . . . .
            2 . . . . . . . .
            1 m . . k . . . .
              a b c d e f g h",
            "b - 0 _",
            "a1a2",
        ),
        (
            SOLDIERS,
            "
            8 . . . . . m m m
            7 . . . . . . . .
            6 . . . . . . . .
            5 . . . . . . . .
            4 . . . . . . . .
            3 . . . . . . . .
            2 . . . . . . . .
            1 M M M . . . . .
              a b c d e f g h",
            "w - 0 _",
            "a1a2",
        ),
        (
            LUDUCTUS,
            "
            7 . . . . . . . . . . . K .
            6 M . . . . . . . . . . . .
            5 . . . . . . . . . . . . .
            4 . . . . . . . . . . . . .
            3 . . . . . . . . . . . . .
            2 . . . . . . . . . . . . .
            1 m . . . . . . . . . . k .
              a b c d e f g h i j k l m",
            "w - 0 _",
            "a6a5",
        ),
    ];
    for (variant, picture, fields_, mv) in cases {
        // One ply before the limit: the game goes on.
        let mut g = game(variant, picture, &fields_.replace('_', "2498"));
        play(&mut g, mv);
        assert_not_over(&g);
        // The 2,500th ply ends it in a draw.
        let mut g = game(variant, picture, &fields_.replace('_', "2499"));
        play(&mut g, mv);
        assert_eq!(g.position().ply, 2500, "{variant}");
        assert_over(&g, "draw", Reason::PlyLimit(2500), "2500 plies played");
    }
}

// ---------------------------------------------------------------- precedence

#[test]
fn precedence_material_before_no_legal_move() {
    // h4-e4 takes Black's last man; Black's king is walled in too. "Only the king left"
    // decides, not "no legal move".
    let mut g = game(
        MURRAY,
        "
        8 . . . . K . . .
        7 . . . . . . . .
        6 . . . . M . . .
        5 . . . . m . . .
        4 . . . . . . . M
        3 . . . . . . . .
        2 M . . . . . . .
        1 k M . . . . . .
          a b c d e f g h",
        "w - 0 9",
    );
    play(&mut g, "h4e4");
    assert_over(&g, "white", Reason::MenLost, "black has only the king left");
}

#[test]
fn precedence_material_before_quiet_limit() {
    // A position where Black is down to two men and 60 quiet plies have passed.
    let g = game(
        SOLDIERS,
        "
        8 . . . . . . . .
        7 . . . . . . m m
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 M M M . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 60 300",
    );
    assert_over(&g, "white", Reason::MenLost, "black has two men or fewer");
}

#[test]
fn precedence_no_legal_move_before_quiet_limit() {
    // The 60th quiet ply walls Black in. Counting would draw (3 men each); the player
    // without a legal move loses instead.
    let mut g = game(
        SOLDIERS,
        "
        8 m m M . . . . .
        7 m M . . . . . .
        6 . . . . . . . M
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 59 300",
    );
    play(&mut g, "h6a6");
    assert_eq!(g.position().quiet, 60);
    assert_over(&g, "white", no_legal_move(false), "black has no legal move");
}

#[test]
fn precedence_no_legal_move_before_ply_limit() {
    let mut g = game(
        KOWALSKI,
        "
        8 k . . . . . . . . . . .
        7 M . . . . . . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . M . . . . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 2499",
    );
    play(&mut g, "b1b8");
    assert_over(&g, "white", no_legal_move(false), "black has no legal move");
}

#[test]
fn precedence_quiet_limit_before_ply_limit() {
    // The 60th quiet ply is also the 2,500th ply: White wins on count, no draw.
    let mut g = game(
        SOLDIERS,
        "
        8 . . . . . . . .
        7 . m . m . m . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . M . M . M . M
        1 . . . . . . . .
          a b c d e f g h",
        "w - 59 2499",
    );
    play(&mut g, "b2b3");
    assert_over(
        &g,
        "white",
        Reason::QuietLimit(60),
        "60 plies without capture: white has more pieces",
    );
    // Luductus likewise, with 30.
    let mut g = game(
        LUDUCTUS,
        "
        7 . . . . . . . . . . . K .
        6 M M . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 m . . . . . . . . . . k .
          a b c d e f g h i j k l m",
        "w - 29 2499",
    );
    play(&mut g, "a6a5");
    assert_over(
        &g,
        "white",
        Reason::QuietLimit(30),
        "30 plies without capture: white has more pieces",
    );
}

#[test]
fn precedence_two_passes_before_ply_limit() {
    // White passed on ply 2,499 (p1); Black is blocked too and passes on ply 2,500.
    let mut g = game_n(S, 24, ALL_BLOCKED, "b - 0 2499 p1");
    play(&mut g, "0000");
    assert_eq!(g.position().ply, 2500);
    assert_over(&g, "draw", Reason::TwoPasses, "two passes in a row");
}

#[test]
fn precedence_threefold_before_ply_limit() {
    // The third occurrence falls on ply 2,500.
    let mut g = game(MURRAY, MURRAY_SHUFFLE, "b - 0 2492");
    play(&mut g, "a3b3 h6h5 b3a3 h5h6 a3b3 h6h5 b3a3");
    assert_not_over(&g);
    play(&mut g, "h5h6");
    assert_eq!(g.position().ply, 2500);
    assert_over(&g, "draw", Reason::Threefold, "threefold repetition");
}

#[test]
fn precedence_all_legionaries_lost_before_praetorian_captured() {
    // b7-b1 takes Red's last legionary (c1, against d1) and encloses its praetorian (a1,
    // with a2 and the edges) in the same move. RULES.md lists "all legionaries lost" before
    // "praetorian captured".
    let mut g = game(
        LUDUCTUS,
        "
        7 . M . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 M . . . . . . . . . . . .
        1 k . m M . . . . . . . . .
          a b c d e f g h i j k l m",
        "w - 0 30",
    );
    play(&mut g, "b7b1");
    assert_board(
        &g,
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 M . . . . . . . . . . . .
        1 x M x M . . . . . . . . .
          a b c d e f g h i j k l m",
    );
    assert_over(&g, "white", Reason::MenLost, "red has no legionaries left");
}
