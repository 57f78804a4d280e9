//! The wider family of RULES.md section 6 as pictures: placements per turn, the forbidden
//! centre point, bell's dux placement, bonus moves after a capture, removals before a move,
//! hostile corners, corner capture and the corner trap, 8 directions (falkener), hop chains
//! over own or trapped pieces, the end conditions of the presets, and every line of "Choices
//! where the Ludii encoding differs from the text".
//!
//! Uppercase is White (P1, bottom), lowercase Black; `t`/`T` a trapped man, `k`/`K` the dux;
//! `x` in an "after" picture marks a square whose piece the move took off the board. A
//! position's last field `+e5` says the piece on e5 plays a bonus move, `x` that removals
//! were made this turn and a movement ply must follow.

mod common;
use common::wide;
use common::*;
use latrunculi::board::Bits;
use latrunculi::rules::{AnyRules, Colour, Game, Illegal, Reason, Turn, fen, preset};

const S94: &str = "schadler-1994";
const S01: &str = "schadler-2001";
const SENECA: &str = "locus-ludi-seneca";
const PISO: &str = "locus-ludi-piso";
const QUINTANA: &str = "museum-quintana";
const FALKENER: &str = "falkener";
const K10: &str = "kowalski-10x11";
const BELL7: &str = "bell-8x7";
const BELL8: &str = "bell-8x8";
const SEEGA6: &str = "seega-rules-6x6";
const SEEGA6X8: &str = "seega-rules-6x8";
const SEEGA5: &str = "seega-5x5";
const KHAREBGA5: &str = "kharebga-5x5";

/// The reason "no legal move" where the pieces are then counted (piso, seneca).
fn no_move_counted() -> Reason {
    Reason::NoLegalMove {
        superko: false,
        counted: true,
    }
}

const EMPTY_6X6: &str = "
    6 . . . . . .
    5 . . . . . .
    4 . . . . . .
    3 . . . . . .
    2 . . . . . .
    1 . . . . . .
      a b c d e f";

// ---------------------------------------------------------------- placements per turn

#[test]
fn seega_a_placement_turn_is_two_placements_by_the_same_player() {
    // RULES 6, "Placements per turn": a turn of the placement phase is k placement plies by
    // the same player; each is its own ply and token; the side changes only when the turn is
    // over. seega-rules-6x6: 17 men each, 2 per turn.
    let mut g = game(SEEGA6, EMPTY_6X6, "w M17m17 0 0");
    play(&mut g, "@a1");
    // One placement made: still White, one ply played, one man fewer in hand.
    assert_eq!(fields(&g), "w M16m17 0 1");
    assert_eq!(g.position().side, Colour::White);
    assert!(legal(&g).iter().all(|t| t.starts_with('@')));
    play(&mut g, "@b2");
    // The second placement ends the turn.
    assert_eq!(fields(&g), "b M15m17 0 2");
    play(&mut g, "@f6");
    assert_eq!(fields(&g), "b M15m16 0 3");
    play(&mut g, "@e5");
    assert_eq!(fields(&g), "w M15m15 0 4");
    assert_board(
        &g,
        "
        6 . . . . . m
        5 . . . . m .
        4 . . . . . .
        3 . . . . . .
        2 . M . . . .
        1 M . . . . .
          a b c d e f",
    );
}

#[test]
fn seega_the_last_placement_turn_is_shorter_when_the_hand_runs_out() {
    // RULES 6: "fewer when the hand has fewer pieces left"; P1 empties its hand first, P2
    // finishes placing, then P1 makes the first movement ply. 17 men each on 6x6: after
    // eight turns of two, each side has one man left, and its last turn is that one man.
    let mut g = game(
        SEEGA6,
        "
        6 m m m m m m
        5 m m M M M M
        4 M M M M M M
        3 m m . m m .
        2 M M M M M M
        1 m m m m . .
          a b c d e f",
        "w M1m1 0 32",
    );
    // The centre point c3 is empty but not a placement square.
    assert_eq!(legal(&g), sorted("@e1 @f1 @f3"));
    play(&mut g, "@f3");
    // White's hand is empty: its turn ends after one placement.
    assert_eq!(fields(&g), "b m1 0 33");
    assert_eq!(legal(&g), sorted("@e1 @f1"));
    play(&mut g, "@e1");
    // Both hands empty: the movement phase, White first.
    assert_eq!(fields(&g), "w - 0 34");
    assert_eq!(g.position().side, Colour::White);
    // White steps into the two empty squares (the centre point included).
    assert_eq!(legal(&g), sorted("c2c3 c4c3 f2f1"));
}

#[test]
fn nothing_is_captured_or_trapped_during_placement() {
    // RULES 6, "Further points": nothing is captured or trapped during placement in any
    // preset. Seega: @c1 would flank b1 against a1.
    check(
        SEEGA6,
        "
        6 . . . . m .
        5 . . . . . .
        4 . . . . . .
        3 . . . . . .
        2 . . . . . .
        1 M m . . . M
          a b c d e f",
        "w M15m15 0 4",
        "@c1",
        "
        6 . . . . m .
        5 . . . . . .
        4 . . . . . .
        3 . . . . . .
        2 . . . . . .
        1 M m M . . M
          a b c d e f",
    );
    // Bell: @a3 would flank a2 against the hostile corner a1.
    check(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . m
        4 . . . M M . . .
        3 . . . . . . . .
        2 m . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w K1M14k1m14 0 4",
        "@a3",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . m
        4 . . . M M . . .
        3 M . . . . . . .
        2 m . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // Seneca: @e4 would trap d4 against c4.
    check(
        SENECA,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w M19m19 0 2",
        "@e4",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

// ---------------------------------------------------------------- the forbidden centre point

#[test]
fn seega_the_centre_point_of_an_even_board_is_the_lower_left_middle_square() {
    // RULES 6, "Forbidden placement squares": on an even side the centre row (column) is the
    // lower (left) of the two middle ones: c3 on 6x6, d3 on 6x8.
    let mut g = game(SEEGA6, EMPTY_6X6, "w M17m17 0 0");
    let moves = legal(&g);
    assert_eq!(moves.len(), 35);
    assert!(!moves.contains(&"@c3".to_string()), "{moves:?}");
    for neighbour in ["@c4", "@d3", "@d4", "@b3", "@c2"] {
        assert!(moves.contains(&neighbour.to_string()), "{neighbour}");
    }
    rejects(&mut g, "@c3");
    // Black may not place there either.
    play(&mut g, "@a1 @b1");
    assert!(!is_legal(&g, "@c3"));
    rejects(&mut g, "@c3");

    let mut g = game(
        SEEGA6X8,
        "
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w M23m23 0 0",
    );
    let moves = legal(&g);
    assert_eq!(moves.len(), 47);
    assert!(!moves.contains(&"@d3".to_string()), "{moves:?}");
    for neighbour in ["@e3", "@d4", "@e4", "@c3", "@d2"] {
        assert!(moves.contains(&neighbour.to_string()), "{neighbour}");
    }
    rejects(&mut g, "@d3");
}

#[test]
fn seega_the_centre_point_of_an_odd_board_is_the_middle_square() {
    // RULES 6: c3 on 5x5, d4 on 7x7; seega-5x5 keeps the centre free in placement only: in
    // the movement phase a man may step onto it.
    let mut g = game(
        SEEGA5,
        "
        5 . . . . .
        4 . . . . .
        3 . . . . .
        2 . . . . .
        1 . . . . .
          a b c d e",
        "w M12m12 0 0",
    );
    assert_eq!(legal(&g).len(), 24);
    rejects(&mut g, "@c3");
    let g = game(
        SEEGA5,
        "
        5 . . . . m
        4 . . . . m
        3 . . . . .
        2 . . M . .
        1 M . . . .
          a b c d e",
        "w - 0 30",
    );
    assert!(is_legal(&g, "c2c3"));
}

/// Checks a start position of a seega or kharebga board: its hands and its one forbidden
/// placement square, for White and, after White's two placements, for Black.
fn assert_centre_forbidden<B: Bits>(mut g: Game<B>, men: u8, centre: &str) {
    let name = g.ruleset().name.clone();
    let squares = g.ruleset().rows * g.ruleset().cols;
    let token = format!("@{centre}");
    assert_eq!(
        wide::fields(&g),
        format!("w M{men}m{men} 0 0"),
        "{name}: hands"
    );
    let moves = wide::legal(&g);
    assert_eq!(moves.len(), squares - 1, "{name}");
    assert!(!moves.contains(&token), "{name}: {token} is legal");
    wide::rejects(&mut g, &token);
    wide::play(&mut g, "@a1 @b1");
    let moves = wide::legal(&g);
    assert_eq!(moves.len(), squares - 3, "{name}: black");
    assert!(
        !moves.contains(&token),
        "{name}: black may place on {centre}"
    );
}

#[test]
fn every_seega_and_kharebga_board_forbids_its_centre_point() {
    // RULES 6: the centre points (c3 on 5x5 and 6x6, d3 on 6x7 and 6x8, d4 on 7x7, 7x8 and
    // 8x8, e4 on 8x9, e5 on 9x9, 9x10 and 10x10, f6 on 11x12, h6 on 11x16) and the men in
    // hand (the table: 17, 20, 23, 27, 31, 35, 44, 49, 65, 87; 12, 24, 40). The 11x12 and
    // 11x16 boards play on the 256-bit set.
    let boards = [
        ("6x6", 17, "c3"),
        ("6x7", 20, "d3"),
        ("6x8", 23, "d3"),
        ("7x8", 27, "d4"),
        ("8x8", 31, "d4"),
        ("8x9", 35, "e4"),
        ("9x10", 44, "e5"),
        ("10x10", 49, "e5"),
        ("11x12", 65, "f6"),
        ("11x16", 87, "h6"),
    ];
    let mut cases: Vec<(String, u8, &str)> = Vec::new();
    for (board, men, centre) in boards {
        cases.push((format!("seega-rules-{board}"), men, centre));
        cases.push((format!("kharebga-rules-{board}"), men, centre));
    }
    for (name, men, centre) in [
        ("seega-5x5", 12, "c3"),
        ("seega-7x7", 24, "d4"),
        ("seega-9x9", 40, "e5"),
        ("kharebga-5x5", 12, "c3"),
        ("kharebga-7x7", 24, "d4"),
    ] {
        cases.push((name.to_string(), men, centre));
    }
    for (name, men, centre) in cases {
        let any = AnyRules::new(preset(&name).unwrap()).unwrap();
        latrunculi::with_width!(any, r => assert_centre_forbidden(Game::new(r), men, centre));
    }
}

#[test]
fn seega_11x16_forbids_h6_in_a_picture() {
    // RULES 6: h6 on 11x16 (rows x columns), on the 256-bit set.
    let mut g = wide::game(
        "seega-rules-11x16",
        "
        11 m m m m m m m m m m m m m m m m
        10 m m m m m m m m m m m m m m m m
         9 m m m m m m m m m m m m m m m m
         8 m m m m m m m m m m m m m m m m
         7 m m m m m m m m m m m m m m m m
         6 m m m m m m . . M M M M M M M M
         5 M M M M M M M M M M M M M M M M
         4 M M M M M M M M M M M M M M M M
         3 M M M M M M M M M M M M M M M M
         2 M M M M M M M M M M M M M M M M
         1 M M M M M M M M M M M M M M . .
           a b c d e f g h i j k l m n o p",
        "w M1m1 0 172",
    );
    // 86 men of each side on the board, one in each hand; four empty squares, one of them
    // the centre point h6.
    assert_eq!(wide::legal(&g), sorted("@g6 @o1 @p1"));
    wide::rejects(&mut g, "@h6");
}

// ---------------------------------------------------------------- bell: the dux placement

#[test]
fn bell_the_dux_is_placed_as_a_turn_of_its_own_after_the_men() {
    // RULES 6, bell-8x7: 2 men per turn; when a player's men are all placed, their next turn
    // places the dux (one ply). White has placed its 16 men, Black 14 of its 16.
    let mut g = game(
        BELL7,
        "
        8 m m m m m m m
        7 m m m m m m m
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 M M . . . . .
        2 M M M M M M M
        1 M M M M M M M
          a b c d e f g",
        "b K1k1m2 0 30",
    );
    // Men still in hand: the dux may not be placed yet.
    assert!(legal(&g).iter().all(|t| t.starts_with('@')));
    rejects(&mut g, "K@d5");
    play(&mut g, "@d6");
    assert_eq!(fields(&g), "b K1k1m1 0 31");
    play(&mut g, "@e6");
    assert_eq!(fields(&g), "w K1k1 0 32");
    // White's men are all placed: this turn places the dux, on any of the 24 empty squares.
    let moves = legal(&g);
    assert_eq!(moves.len(), 24);
    assert!(moves.iter().all(|t| t.starts_with("K@")), "{moves:?}");
    rejects(&mut g, "@d4");
    play(&mut g, "K@d4");
    // One ply and the turn is over.
    assert_eq!(fields(&g), "b k1 0 33");
    play(&mut g, "K@d5");
    // All placed: White makes the first movement ply; placements never count as quiet plies.
    assert_eq!(fields(&g), "w - 0 34");
    assert_board(
        &g,
        "
        8 m m m m m m m
        7 m m m m m m m
        6 . . . m m . .
        5 . . . k . . .
        4 . . . K . . .
        3 M M . . . . .
        2 M M M M M M M
        1 M M M M M M M
          a b c d e f g",
    );
}

// ---------------------------------------------------------------- bell: bonus moves

/// The index of a named square, as `Turn::Bonus` holds it.
fn square(g: &G, name: &str) -> u8 {
    g.rules().geo.parse_square(name).unwrap() as u8
}

#[test]
fn bell_a_capture_gives_the_capturing_piece_a_bonus_move() {
    // RULES 6, "Bonus move after a capture": after a ply that captures, the same player
    // plays again, with the capturing piece only. e3-e4 takes d4 against c4.
    let mut g = check(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . . . k .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m . . . .
        3 . . . . M . . .
        2 . K . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 5 60",
        "e3e4",
        "
        8 . . . . . . . .
        7 . . . . . . k .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M x M . . .
        3 . . . . . . . .
        2 . K . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // Still White, the piece on e4 to play; the capture reset the quiet counter.
    assert_eq!(fields(&g), "w - 0 61 +e4");
    assert_eq!(g.position().turn, Turn::Bonus(square(&g, "e4")));
    assert_eq!(legal(&g), sorted("e4d4 e4e3 e4e5 e4f4"));
    rejects(&mut g, "c4c5");
    rejects(&mut g, "b2b3");
    rejects(&mut g, "0000");
    // The bonus ply captures nothing: the turn passes to Black.
    play(&mut g, "e4e5");
    assert_eq!(fields(&g), "b - 1 62");
    assert_not_over(&g);
}

#[test]
fn bell_a_capture_in_the_bonus_ply_gives_another_bonus_ply() {
    // RULES 6: "captures during the bonus ply give another bonus ply". e3-e4 takes d4
    // (against c4); the bonus e4-e5 takes f5 (against g5); the next bonus ply is quiet.
    let mut g = game(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . . . k .
        6 . . . . . . . .
        5 . . . . . m M .
        4 . . M m . . . .
        3 . . . . M . . .
        2 . K . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 5 60",
    );
    play(&mut g, "e3e4");
    assert_eq!(fields(&g), "w - 0 61 +e4");
    play(&mut g, "e4e5");
    assert_board(
        &g,
        "
        8 . . . . . . . .
        7 . . . . . . k .
        6 . . . . . . . .
        5 . . . . M x M .
        4 . . M . . . . .
        3 . . . . . . . .
        2 . K . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    assert_eq!(fields(&g), "w - 0 62 +e5");
    assert_eq!(legal(&g), sorted("e5d5 e5e4 e5e6 e5f5"));
    rejects(&mut g, "g5g6");
    play(&mut g, "e5e6");
    assert_eq!(fields(&g), "b - 1 63");
}

#[test]
fn bell_when_the_capturing_piece_cannot_move_the_turn_ends_without_a_pass() {
    // RULES 6: "If the capturing piece has no legal move, the turn simply ends (no pass
    // ply)", and in the Ludii list: "Ludii gives a forced pass when the capturing piece
    // cannot make its bonus move; here the turn ends". With orthogonal custody and steps the
    // square of the captured piece is always free next to the capturer, so the position is
    // set up: the man on b1 is to play its bonus move but is walled in by a1, c1 and b2
    // (men do not hop).
    let g = game(
        BELL8,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . k . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . M . . . . . .
        1 M M M . . . . .
          a b c d e f g h",
        "w - 0 61 +b1",
    );
    // Black is to move at once: no ply was played, no pass recorded.
    assert_eq!(g.position().side, Colour::Black);
    assert_eq!(g.position().turn, Turn::Fresh);
    assert_eq!(fields(&g), "b - 0 61");
    assert!(tokens(&g).is_empty());
    assert!(!is_legal(&g, "0000"));
    assert!(is_legal(&g, "f5f4"));
    assert_not_over(&g);
}

#[test]
fn bell_the_game_ends_with_the_capture_of_the_last_piece() {
    // RULES 6, Ludii list: "Ludii notices that the opponent has no pieces left only after the
    // capturing player's bonus ply; here the game ends with the capture." Black's last piece
    // is d4.
    let mut g = game(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m . . . .
        3 . . . . M . . .
        2 . K . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 5 60",
    );
    assert_not_over(&g);
    play(&mut g, "e3e4");
    // No bonus ply is left to play: the game is over.
    assert_over(&g, "white", Reason::MenLost, "black has no pieces left");
}

#[test]
fn bell_the_dux_is_captured_like_a_man_and_must_be_taken_too() {
    // RULES 6: "0 pieces loses" counts the dux ("in bell-* the dux must be taken for '0
    // pieces loses'"); the dux is captured like a man. e3-e4 takes d4 (against c4): Black
    // keeps its dux, so the game goes on with the bonus ply e4-e5, which takes the dux on f5
    // against g5.
    let mut g = game(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . k M .
        4 . . M m . . . .
        3 . . . . M . . .
        2 . K . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 5 60",
    );
    play(&mut g, "e3e4");
    assert_not_over(&g);
    assert_eq!(fields(&g), "w - 0 61 +e4");
    play(&mut g, "e4e5");
    assert_board(
        &g,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . M x M .
        4 . . M . . . . .
        3 . . . . . . . .
        2 . K . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    assert_over(&g, "white", Reason::MenLost, "black has no pieces left");
}

/// Bell: e3-e4 will take d4 (against c4); c7 and g6 have room to shuffle.
const BELL_SUPERKO: &str = "
    8 . . . . . . . .
    7 . . M . . . . .
    6 . . . . . . m .
    5 . . . . . . . .
    4 . . M m . . . .
    3 . . . . M . . .
    2 . . . . . . . .
    1 . . . . . . . .
      a b c d e f g h";

#[test]
fn bell_superko_counts_the_position_after_a_bonus_ply() {
    // RULES 6, Ludii list: "Ludii's repetition record misses the positions after the second
    // and later plies of a turn (after a bonus ply), so it allows a move that repeats one of
    // them; here every position of the game counts."
    let mut g = game(BELL8, BELL_SUPERKO, "w - 5 60");
    // The capture e3-e4, then the bonus ply e4-e5: the position after it is P.
    play(&mut g, "e3e4 e4e5");
    assert_eq!(fields(&g), "b - 1 62");
    // g6-g7, c7-c8, g7-g6: now c8-c7 would bring back P.
    play(&mut g, "g6g7 c7c8 g7g6");
    assert!(!is_legal(&g, "c8c7"));
    assert!(matches!(rejects(&mut g, "c8c7"), Illegal::Superko));
    assert!(is_legal(&g, "c8b8"));
}

#[test]
fn bell_superko_counts_the_position_after_the_capture_before_the_bonus_ply() {
    // RULES 6: every position of the game counts for superko, the one between a capture and
    // its bonus ply included (the side to move is not part of a position).
    let mut g = game(BELL8, BELL_SUPERKO, "w - 5 60");
    // The capture e3-e4 leaves Q (White to play its bonus move); e4-e5 is the bonus ply.
    play(&mut g, "e3e4 e4e5");
    // g6-g7, e5-e4: now g7-g6 would bring back Q.
    play(&mut g, "g6g7 e5e4");
    assert!(!is_legal(&g, "g7g6"));
    assert!(matches!(rejects(&mut g, "g7g6"), Illegal::Superko));
    assert!(is_legal(&g, "g7g8"));
}

// ---------------------------------------------------------------- bell: hostile corners

#[test]
fn bell_an_empty_corner_flanks() {
    // RULES 6, "Hostile corners": a corner square acts as a flanker for both players,
    // whoever or whatever stands on it. b3-a3 takes a2 against the empty corner a1.
    let g = check(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . k . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . M . . . . . .
        2 m . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 3 60",
        "b3a3",
        "
        8 . . . . . . . .
        7 . . . . k . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 M . . . . . . .
        2 x . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    assert_eq!(fields(&g), "w - 0 61 +a3");
}

#[test]
fn bell_a_corner_flanks_for_both_sides_whoever_stands_on_it() {
    // RULES 6: the corner flanks "whoever or whatever stands on it". A black man on a8:
    // c7-c8 takes b8 against it; the corner piece itself stays.
    check(
        BELL8,
        "
        8 m m . . . . . .
        7 . . M . . . . .
        6 . . . . . . . .
        5 . . . . k . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . K . . .
          a b c d e f g h",
        "w - 3 60",
        "c7c8",
        "
        8 m x M . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . k . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . K . . .
          a b c d e f g h",
    );
    // bell-8x7: a White man on the corner g1 flanks for Black: e2-e1 takes f1 against it.
    let g = check(
        BELL7,
        "
        8 . . . . . . .
        7 . . . k . . .
        6 . . . . . . .
        5 . . K . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 . . . . m . .
        1 . . . . . M M
          a b c d e f g",
        "b - 3 60",
        "e2e1",
        "
        8 . . . . . . .
        7 . . . k . . .
        6 . . . . . . .
        5 . . K . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . m x M
          a b c d e f g",
    );
    assert_eq!(fields(&g), "b - 0 61 +e1");
}

#[test]
fn bell_a_piece_in_a_corner_is_never_captured() {
    // RULES 6: "A piece standing in a corner can itself never be captured by custody" (and
    // bell has no corner capture): a3-a2 next to the black man on a1, with b1 White, takes
    // nothing.
    let g = check(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . k . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 M . . . . . . .
        2 . . . . . . . .
        1 m M . . . . . .
          a b c d e f g h",
        "w - 3 60",
        "a3a2",
        "
        8 . . . . . . . .
        7 . . . . k . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 M . . . . . . .
        1 m M . . . . . .
          a b c d e f g h",
    );
    assert_eq!(fields(&g), "b - 4 61");
}

#[test]
fn bell_moving_between_an_enemy_and_a_hostile_corner_is_safe() {
    // RULES 6, "All of them": only the piece that moved captures; moving between two enemies
    // is safe. b2-a2 lands between the white a3 and the hostile corner a1: nothing happens.
    let g = check(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . K . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 M . . . . . . .
        2 . m . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "b - 3 60",
        "b2a2",
        "
        8 . . . . . . . .
        7 . . . . K . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 M . . . . . . .
        2 m . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    assert_eq!(fields(&g), "w - 4 61");
}

// ---------------------------------------------------------------- bell: moves

#[test]
fn bell_men_step_and_the_dux_steps_or_hops_over_one_enemy() {
    // RULES 6, bell: "men: step; dux: step, or hop over one adjacent enemy (no chain) to the
    // empty square beyond, the jumped piece staying". The dux on c3 may hop c4 (to c5) and
    // b3 (to a3), not its own d3; from c5 it may not go on over c6. The man d3 does not hop
    // over e3.
    let g = game(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . m . . . . .
        5 . . . . . . . .
        4 . . m . . . . .
        3 . m K M m . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 60",
    );
    assert_eq!(legal_from(&g, "c3"), sorted("c3a3 c3c2 c3c5"));
    assert_eq!(legal_from(&g, "d3"), sorted("d3d2 d3d4"));
    let g = check(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . m . . . . .
        5 . . . . . . . .
        4 . . m . . . . .
        3 . m K M m . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 60",
        "c3c5",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . m . . . . .
        5 . . K . . . . .
        4 . . m . . . . .
        3 . m . M m . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // The hop captured nothing (c5 lies between c4 and c6: safe): Black's turn.
    assert_eq!(fields(&g), "b - 1 61");
}

// ---------------------------------------------------------------- bell: the quiet-ply limit

/// Bell: White has two men, Black only its dux.
const BELL_QUIET: &str = "
    8 . . . . . . . .
    7 . . . . . . k .
    6 . . . . . . . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . . . . . . .
    2 . M . . . M . .
    1 . . . . . . . .
      a b c d e f g h";

#[test]
fn bell_thirty_quiet_plies_end_the_game_by_count() {
    // RULES 6, bell: "30 quiet plies: count"; Ludii list: "Ludii's quiet counter ... fires
    // when it reads 29; here ... the limit fires on the 30th quiet movement ply".
    let mut g = game(BELL8, BELL_QUIET, "w - 28 100");
    play(&mut g, "b2b3");
    assert_eq!(fields(&g), "b - 29 101");
    assert_not_over(&g);
    play(&mut g, "g7g6");
    assert_eq!(fields(&g), "w - 30 102");
    assert_over(
        &g,
        "white",
        Reason::QuietLimit(30),
        "30 plies without capture: white has more pieces",
    );
}

#[test]
fn bell_thirty_quiet_plies_with_equal_pieces_draw() {
    // RULES 6, Ludii list: "bell-* (count at the 30-ply limit): in Ludii equal numbers go to
    // P2; here they draw."
    let mut g = game(
        BELL8,
        &BELL_QUIET.replace("2 . M . . . M . .", "2 . M . . . . . ."),
        "w - 29 100",
    );
    assert_not_over(&g);
    play(&mut g, "b2b3");
    assert_over(
        &g,
        "draw",
        Reason::QuietLimit(30),
        "30 plies without capture: equal pieces",
    );
}

#[test]
fn bell_a_forced_pass_counts_towards_the_quiet_limit() {
    // RULES 6, "Further points": a forced pass is a movement-phase ply and counts towards a
    // quiet-ply limit. White's only man a1 is walled in (a piece in a corner cannot be taken).
    let mut g = game(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 m . . . . . . .
        1 M m . . . . . .
          a b c d e f g h",
        "w - 29 100",
    );
    assert_eq!(legal(&g), sorted("0000"));
    play(&mut g, "0000");
    assert_eq!(fields(&g), "b - 30 101 p1");
    assert_over(
        &g,
        "black",
        Reason::QuietLimit(30),
        "30 plies without capture: black has more pieces",
    );
}

// ---------------------------------------------------------------- seneca: removals before a move

#[test]
fn seneca_removals_keep_the_turn_until_one_movement_ply_ends_it() {
    // RULES 6, "Removals before a move": a removal does not end the turn; the player may
    // remove any number of trapped enemy pieces, one ply each, then must make one movement
    // ply, which ends the turn. (Black keeps a8 and g7, so the removals do not end the game.)
    let mut g = game(
        SENECA,
        "
        8 m . . . . . . .
        7 . . . . . . m .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M t M . . .
        3 . . . M . . . .
        2 . M t M . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 7 60",
    );
    play(&mut g, "xd4");
    assert_board(
        &g,
        "
        8 m . . . . . . .
        7 . . . . . . m .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M x M . . .
        3 . . . M . . . .
        2 . M t M . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // Still White, in the removals of its turn; the removal reset the quiet counter.
    assert_eq!(fields(&g), "w - 0 61 x");
    assert_eq!(g.position().turn, Turn::Removing);
    assert!(is_legal(&g, "xc2"));
    assert!(is_legal(&g, "d3d4"));
    assert!(!is_legal(&g, "0000"));
    play(&mut g, "xc2");
    assert_eq!(fields(&g), "w - 0 62 x");
    // No trapped enemy left: a movement ply is all White can do, and it must make one.
    assert!(legal(&g).iter().all(|t| !t.starts_with('x')));
    assert!(!is_legal(&g, "0000"));
    play(&mut g, "d3d4");
    assert_eq!(fields(&g), "b - 1 63");
    assert_eq!(g.position().turn, Turn::Fresh);
    assert_board(
        &g,
        "
        8 m . . . . . . .
        7 . . . . . . m .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M M M . . .
        3 . . . . . . . .
        2 . M . M . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn seneca_a_hop_may_land_on_the_square_of_a_piece_removed_this_turn() {
    // RULES 6, Ludii list: "in Ludii a removed piece's square cannot be landed on by a hop
    // later in the same turn; here it can." After xd4, d2 hops over its own d3 to d4.
    // (Black keeps a8 and h8, so the removal does not end the game.)
    let mut g = game(
        SENECA,
        "
        8 m . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M t M . . .
        3 . . . M . . . .
        2 . . . M . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 60",
    );
    play(&mut g, "xd4");
    assert!(is_legal(&g, "d2d4"), "{:?}", legal_from(&g, "d2"));
    play(&mut g, "d2d4");
    assert_board(
        &g,
        "
        8 m . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M M M . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    assert_eq!(fields(&g), "b - 1 62");
}

/// Seneca: White's a1 and h1 are walled in by free black men (free enemies cannot be
/// jumped), and no black piece is trapped.
const SENECA_WALLED_IN: &str = "
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . . . . . . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . . . . . . .
    2 m . . . . . . m
    1 M m . . . . m M
      a b c d e f g h";

#[test]
fn seneca_a_forced_pass_ends_a_turn_when_no_movement_follows_the_removals() {
    // RULES 6: "If no movement ply is legal after the removals, the turn ends with a forced
    // pass (0000)." After a removal the jailers can always step into the emptied square, so
    // the position is set up in the middle of a turn (`x`: removals were made).
    let mut g = game(SENECA, SENECA_WALLED_IN, "w - 0 61 x");
    assert_not_over(&g);
    assert_eq!(legal(&g), sorted("0000"));
    play(&mut g, "0000");
    // A pass is a movement-phase ply: the quiet counter counts it.
    assert_eq!(fields(&g), "b - 1 62 p1");
    assert_not_over(&g);
    assert!(is_legal(&g, "a2a3"));
}

#[test]
fn seneca_the_position_after_a_forced_pass_reads_back() {
    // The position string after a forced pass (`p1`) must read back as the same position:
    // seneca has forced passes (RULES 6, "Removals before a move"), so `p1` is a position of
    // the game there.
    let mut g = game(SENECA, SENECA_WALLED_IN, "w - 0 61 x");
    play(&mut g, "0000");
    let text = fen_of(&g);
    let back = fen::parse(&text).and_then(|s| fen::validate(g.rules(), &s));
    assert!(back.is_ok(), "{text}: {}", back.unwrap_err());
    assert_eq!(fen::format(g.rules(), &back.unwrap()), text);
}

#[test]
fn seneca_a_turn_without_any_action_ends_the_game_by_count() {
    // RULES 6, "Further points": in locus-ludi-seneca a turn in which the player has no
    // action at all (no removal, no movement) ends the game by count. The same walled-in
    // White at the start of a turn: Black has 4 pieces to White's 2.
    let g = game(SENECA, SENECA_WALLED_IN, "w - 0 61");
    assert_over(
        &g,
        "black",
        no_move_counted(),
        "white has no legal move: black has more pieces",
    );
}

#[test]
fn seneca_no_action_with_equal_pieces_draws() {
    // RULES 6, Ludii list: "locus-ludi-seneca, locus-ludi-piso (count when a player cannot
    // move): in Ludii equal numbers go to P2; here they draw." Every white man is trapped
    // (b1, d1 on the rank, c2, e2 on their files, d3 on its rank) and no black one is: White
    // has nothing to do, 5 pieces against 5.
    let g = game(
        SENECA,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . m T m . . .
        2 . . T . T . . .
        1 m T m T m . . .
          a b c d e f g h",
        "w - 0 61",
    );
    assert_over(
        &g,
        "draw",
        no_move_counted(),
        "white has no legal move: equal pieces",
    );
}

#[test]
fn seneca_end_conditions_are_checked_after_a_removal_in_the_middle_of_a_turn() {
    // RULES 6, Ludii list: "here the end conditions are checked after every ply". The
    // removal of d4 leaves Black one piece (<= 1 loses): the game ends before White's
    // movement ply.
    let mut g = game(
        SENECA,
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
        "w - 0 60",
    );
    assert_not_over(&g);
    play(&mut g, "xd4");
    assert_over(
        &g,
        "white",
        Reason::MenLost,
        "black has one piece or none left",
    );
}

// ---------------------------------------------------------------- seneca: the corner trap

#[test]
fn seneca_the_corner_trap_traps_the_corner_piece() {
    // RULES 6, "Corner capture ... and corner trap": the corner pattern of kowalski-8x12, but
    // the corner piece becomes trapped instead of being removed. a3-a2 with b1 White.
    check(
        SENECA,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 M . . . . . . .
        2 . . . . . . . .
        1 m M . . . . . .
          a b c d e f g h",
        "w - 0 60",
        "a3a2",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 M . . . . . . .
        1 t M . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn seneca_the_corner_trap_needs_both_flankers_free() {
    // RULES 6: "both flankers must be free". b1 is a trapped White man (held by a1 and c1),
    // so a3-a2 leaves a1 free; b1 stays trapped.
    check(
        SENECA,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 M . . . . . . .
        2 . . . . . . . .
        1 m T m . . . . .
          a b c d e f g h",
        "w - 0 60",
        "a3a2",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 M . . . . . . .
        1 m T m . . . . .
          a b c d e f g h",
    );
}

#[test]
fn seneca_a_trapped_corner_piece_is_released_when_a_jailer_leaves() {
    // RULES 6: "release works on corners too". a2-a3 leaves the trapped a1 with one jailer.
    check(
        SENECA,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 M . . . . . . .
        1 t M . . . . . .
          a b c d e f g h",
        "w - 0 60",
        "a2a3",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 M . . . . . . .
        2 . . . . . . . .
        1 m M . . . . . .
          a b c d e f g h",
    );
}

// ---------------------------------------------------------------- seneca: hop chains

#[test]
fn seneca_hop_chains_go_over_own_pieces_and_trapped_enemies_only() {
    // RULES 6, locus-ludi-seneca: "hop chains over the mover's own pieces (free or trapped)
    // or over trapped enemies only". b2 hops its own c2 to d2, then the trapped d3 to d4; it
    // may not hop the free e2 (to f2) nor the free d5 (to d6).
    let g = game(
        SENECA,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . m . . . .
        4 . . . . . . . .
        3 . . M t M . . .
        2 . M M . m . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 60",
    );
    assert_eq!(legal_from(&g, "b2"), sorted("b2a2 b2b1 b2b3 b2d2 b2d2d4"));
    // A free enemy next to a white piece cannot be jumped: e3 may not hop e2 to e1.
    assert_eq!(legal_from(&g, "e3"), sorted("e3e4 e3f3"));
    // Played, the chain leaves the jumped pieces where they were.
    let mut g = g;
    play(&mut g, "b2d2d4");
    assert_board(
        &g,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . m . . . .
        4 . . . M . . . .
        3 . . M t M . . .
        2 . . M . m . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn seneca_a_piece_may_hop_its_own_trapped_man() {
    // RULES 6: over "the mover's own pieces (free or trapped)". The trapped White d4 (held by
    // c4 and e4) is jumped by its own d3, to d5.
    check(
        SENECA,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . m T m . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 60",
        "d3d5",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . M . . . .
        4 . . m T m . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

// ---------------------------------------------------------------- schadler-1994 and seneca: Ludii

#[test]
fn schadler_1994_has_sixteen_pieces_and_no_entry_restriction() {
    // RULES 6, schadler-1994: "16 in hand (no choice of N)", moves "as schadler-2001 ... but
    // without the entry restriction". d3-d4 lands between c4 and e4 and traps nothing:
    // illegal in schadler-2001, legal here.
    assert_eq!(rules_n(S94, 20).ruleset.hand_men, 16);
    assert_eq!(fields(&Game::new(rules_n(S94, 20))), "w M16m16 0 0");
    let before = "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . m . m . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h";
    assert!(!is_legal(&game(S01, before, "w - 0 40"), "d3d4"));
    check(
        S94,
        before,
        "w - 0 40",
        "d3d4",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . m M m . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
    );
}

#[test]
fn each_jump_of_a_chain_traps_even_when_the_chain_goes_on() {
    // RULES 6, Ludii list: "schadler-1994 and locus-ludi-seneca: in Ludii the first jump of
    // a chain that can continue (even if the player then stops) resolves its traps and
    // releases with the roles of the two players swapped ...; here every landing traps and
    // releases as section 2 says." a5 jumps b5 to c5 and traps d5 against e5 (c5 lies
    // between b5 and d5, but the landing traps, so it is allowed), and may go on over c6 to
    // c7; d5 stays trapped, held on its file by d4 and d6 (it stood there free before: a
    // piece is trapped only by a landing). Every prefix of the chain is a move of its own.
    // (ruleset, the man on b5 (`j` in the pictures): an enemy, or in seneca, whose chains go
    // over White's own men, a friend; the position's counters)
    for (ruleset, jumped, counters) in [
        (S01, "m", "w - 0 40"),
        (S94, "m", "w - 0 40"),
        (SENECA, "M", "w - 0 60"),
    ] {
        let picture = |text: &str| text.replace('j', jumped);
        let mut g = game(
            ruleset,
            &picture(
                "
                8 . . . . . . . .
                7 . . . . . . . .
                6 . . M M . . . .
                5 M j . m M . . .
                4 . . . M . . . .
                3 . . . . . . . .
                2 . . . . . . . .
                1 . . . . . . . m
                  a b c d e f g h",
            ),
            counters,
        );
        assert_eq!(
            legal_from(&g, "a5"),
            sorted("a5a4 a5a6 a5c5 a5c5c7"),
            "{ruleset}"
        );
        let mut stop = g.clone();
        play(&mut stop, "a5c5");
        assert_board(
            &stop,
            &picture(
                "
                8 . . . . . . . .
                7 . . . . . . . .
                6 . . M M . . . .
                5 . j M t M . . .
                4 . . . M . . . .
                3 . . . . . . . .
                2 . . . . . . . .
                1 . . . . . . . m
                  a b c d e f g h",
            ),
        );
        play(&mut g, "a5c5c7");
        assert_board(
            &g,
            &picture(
                "
                8 . . . . . . . .
                7 . . M . . . . .
                6 . . M M . . . .
                5 . j . t M . . .
                4 . . . M . . . .
                3 . . . . . . . .
                2 . . . . . . . .
                1 . . . . . . . m
                  a b c d e f g h",
            ),
        );
    }
}

#[test]
fn a_trapped_piece_stays_trapped_while_another_line_holds_it() {
    // RULES 6, Ludii list: "schadler-1994, locus-ludi-seneca: Ludii frees a trapped piece as
    // soon as one of its jailers leaves or is jumped over, even when another pair still holds
    // it on the other line; here a piece stays trapped while any line still holds it". d4 is
    // held on its rank (c4, e4) and on its file (d3, d5).
    for variant in [S94, SENECA] {
        // A jailer leaves: e4-f4. The file still holds d4.
        check(
            variant,
            "
            8 . . . . . . . m
            7 . . . . . . . .
            6 . . . . . . . .
            5 . . . M . . . .
            4 . . M t M . . .
            3 . . . M . . . .
            2 . . . . . . . .
            1 . . . . . . . .
              a b c d e f g h",
            "w - 0 60",
            "e4f4",
            "
            8 . . . . . . . m
            7 . . . . . . . .
            6 . . . . . . . .
            5 . . . M . . . .
            4 . . M t . M . .
            3 . . . M . . . .
            2 . . . . . . . .
            1 . . . . . . . .
              a b c d e f g h",
        );
        // A jailer is jumped over: c3 hops its own c4 to c5. Both lines still hold d4.
        check(
            variant,
            "
            8 . . . . . . . m
            7 . . . . . . . .
            6 . . . . . . . .
            5 . . . M . . . .
            4 . . M t M . . .
            3 . . M M . . . .
            2 . . . . . . . .
            1 . . . . . . . .
              a b c d e f g h",
            "w - 0 60",
            "c3c5",
            "
            8 . . . . . . . m
            7 . . . . . . . .
            6 . . . . . . . .
            5 . . M M . . . .
            4 . . M t M . . .
            3 . . . M . . . .
            2 . . . . . . . .
            1 . . . . . . . .
              a b c d e f g h",
        );
    }
}

// ---------------------------------------------------------------- locus-ludi-piso

#[test]
fn piso_corner_capture_takes_the_corner_man() {
    // RULES 6, locus-ludi-piso: "custody, orthogonal; corner capture" (as in kowalski-8x12:
    // the corner man is taken when the mover lands on one of its two neighbours and the other
    // holds a piece of the mover). a3-a2 with b1 White takes a1.
    let g = check(
        PISO,
        "
        8 . . . . . . m m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 M . . . . . . .
        2 . . . . . . . .
        1 m M . . . . . .
          a b c d e f g h",
        "w - 4 60",
        "a3a2",
        "
        8 . . . . . . m m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 M . . . . . . .
        1 x M . . . . . .
          a b c d e f g h",
    );
    assert_eq!(fields(&g), "b - 0 61");
    // Without the second white piece on b1 nothing is taken.
    check(
        PISO,
        "
        8 . . . . . . m m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 M . . . . . . .
        2 . . . . . . . .
        1 m . M . . . . .
          a b c d e f g h",
        "w - 4 60",
        "a3a2",
        "
        8 . . . . . . m m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 M . . . . . . .
        1 m . M . . . . .
          a b c d e f g h",
    );
}

#[test]
fn piso_no_legal_move_ends_the_game_by_count() {
    // RULES 6, locus-ludi-piso: no legal move: count; Ludii list: equal numbers draw here.
    // White's a1, a2 and b1 are walled in by a3, b2 and c1 (men only step).
    let walled = "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 m . . . . . . .
        2 M m . . . . . .
        1 M M m . . . . .
          a b c d e f g h";
    let g = game(PISO, walled, "w - 0 60");
    assert_over(
        &g,
        "draw",
        no_move_counted(),
        "white has no legal move: equal pieces",
    );
    // One black man more: Black wins the count.
    let g = game(
        PISO,
        &walled.replace("8 . . . . . . . .", "8 . . . . . . . m"),
        "w - 0 60",
    );
    assert_over(
        &g,
        "black",
        no_move_counted(),
        "white has no legal move: black has more pieces",
    );
}

#[test]
fn piso_a_player_with_one_piece_left_loses() {
    // RULES 6, locus-ludi-piso: "<= 1 piece loses". e3-e4 takes d4; Black keeps h8 alone.
    let mut g = game(
        PISO,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m . . . .
        3 . . . . M . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 60",
    );
    assert_not_over(&g);
    play(&mut g, "e3e4");
    assert_over(
        &g,
        "white",
        Reason::MenLost,
        "black has one piece or none left",
    );
}

// ---------------------------------------------------------------- museum-quintana

#[test]
fn quintana_starts_with_two_home_rows_each() {
    // RULES 6, museum-quintana: "16: white rows 1-2, black rows 7-8"; no placement.
    let g = Game::new(rules(QUINTANA));
    assert_eq!(fields(&g), "w - 0 0");
    assert_board(
        &g,
        "
        8 m m m m m m m m
        7 m m m m m m m m
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 M M M M M M M M
        1 M M M M M M M M
          a b c d e f g h",
    );
    // Men slide: a2 reaches a3 to a6.
    assert_eq!(legal_from(&g, "a2"), sorted("a2a3 a2a4 a2a5 a2a6"));
}

#[test]
fn quintana_a_player_without_a_move_passes() {
    // RULES 6, museum-quintana: no legal move: pass (two passes draw).
    let mut g = game(
        QUINTANA,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 m . . . . . . .
        1 M m . . . . . .
          a b c d e f g h",
        "w - 0 40",
    );
    assert_eq!(legal(&g), sorted("0000"));
    play(&mut g, "0000");
    assert_eq!(fields(&g), "b - 1 41 p1");
    assert_not_over(&g);
}

#[test]
fn quintana_a_player_with_no_pieces_left_loses() {
    // RULES 6, museum-quintana: "0 pieces loses". e1-e4 takes d4, Black's last man.
    let mut g = game(
        QUINTANA,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . M . . .
          a b c d e f g h",
        "w - 0 40",
    );
    assert_not_over(&g);
    play(&mut g, "e1e4");
    assert_over(&g, "white", Reason::MenLost, "black has no pieces left");
}

// ---------------------------------------------------------------- falkener (12x12, 256-bit)

#[test]
fn falkener_starts_with_thirty_men_each_on_one_colour() {
    // RULES 6, falkener: white on rows 1-5, black on rows 8-12, each on the squares where
    // (row + column) is even counting from a1 = (0, 0).
    let g = wide::start(FALKENER);
    assert_eq!(wide::fields(&g), "w - 0 0");
    wide::assert_board(
        &g,
        "
        12 . m . m . m . m . m . m
        11 m . m . m . m . m . m .
        10 . m . m . m . m . m . m
         9 m . m . m . m . m . m .
         8 . m . m . m . m . m . m
         7 . . . . . . . . . . . .
         6 . . . . . . . . . . . .
         5 M . M . M . M . M . M .
         4 . M . M . M . M . M . M
         3 M . M . M . M . M . M .
         2 . M . M . M . M . M . M
         1 M . M . M . M . M . M .
           a b c d e f g h i j k l",
    );
}

/// Falkener: White f6 between its own e5 and the black g7, with i9 beyond.
const FALKENER_HOPS: &str = "
    12 . . . . . . . . . . . m
    11 . . . . . . . . . . . .
    10 . . . . . . . . . . . .
     9 . . . . . . . . m . . .
     8 . . . . . . . . . . . .
     7 . . . . . . m . . . . .
     6 . . . . . M . . . . . .
     5 . . . . M . . . . . . .
     4 . . . . . . . . . . . .
     3 . . . . . . . . . . . .
     2 . . . . . . . . . . . .
     1 M . . . . . . . . . . .
       a b c d e f g h i j k l";

#[test]
fn falkener_steps_and_hops_go_in_eight_directions() {
    // RULES 6, falkener: "one step in 8 directions, or one hop (no chain) in 8 directions
    // over an adjacent enemy to the empty square beyond". f6 steps to its six empty
    // neighbours and hops g7 to h8; not its own e5 (to d4), and not on over i9 to j10.
    let g = wide::game(FALKENER, FALKENER_HOPS, "w - 0 0");
    assert_eq!(
        wide::legal_from(&g, "f6"),
        sorted("f6e6 f6e7 f6f5 f6f7 f6g5 f6g6 f6h8")
    );
    assert!(!wide::is_legal(&g, "f6h8j10"));
}

#[test]
fn falkener_the_jumped_piece_stays() {
    // RULES 6, falkener: "the jumped piece stays". f6 hops g7 to h8: g7 remains (it is not
    // flanked either: f6 is empty once the hopper has left it).
    let g = wide::check(
        FALKENER,
        FALKENER_HOPS,
        "w - 0 0",
        "f6h8",
        "
        12 . . . . . . . . . . . m
        11 . . . . . . . . . . . .
        10 . . . . . . . . . . . .
         9 . . . . . . . . m . . .
         8 . . . . . . . M . . . .
         7 . . . . . . m . . . . .
         6 . . . . . . . . . . . .
         5 . . . . M . . . . . . .
         4 . . . . . . . . . . . .
         3 . . . . . . . . . . . .
         2 . . . . . . . . . . . .
         1 M . . . . . . . . . . .
           a b c d e f g h i j k l",
    );
    assert_eq!(wide::fields(&g), "b - 1 1");
}

#[test]
fn falkener_custody_works_on_diagonals() {
    // RULES 6, falkener: "custody in 8 directions". f4-f5 takes e6 against d7.
    let g = wide::check(
        FALKENER,
        "
        12 . . . . . . . . . . . m
        11 . . . . . . . . . . . .
        10 . . . . . . . . . . . .
         9 . . . . . . . . . . . .
         8 . . . . . . . . . . . .
         7 . . . M . . . . . . . .
         6 . . . . m . . . . . . .
         5 . . . . . . . . . . . .
         4 . . . . . M . . . . . .
         3 . . . . . . . . . . . .
         2 . . . . . . . . . . . .
         1 . . . . . . . . . . . .
           a b c d e f g h i j k l",
        "w - 0 0",
        "f4f5",
        "
        12 . . . . . . . . . . . m
        11 . . . . . . . . . . . .
        10 . . . . . . . . . . . .
         9 . . . . . . . . . . . .
         8 . . . . . . . . . . . .
         7 . . . M . . . . . . . .
         6 . . . . x . . . . . . .
         5 . . . . . M . . . . . .
         4 . . . . . . . . . . . .
         3 . . . . . . . . . . . .
         2 . . . . . . . . . . . .
         1 . . . . . . . . . . . .
           a b c d e f g h i j k l",
    );
    assert_eq!(wide::fields(&g), "b - 0 1");
}

#[test]
fn falkener_a_player_with_no_legal_move_loses() {
    // RULES 6, falkener: no legal move: block (a loss). Black's a12 can only hop b11 to c10;
    // c9-c10 takes that square away.
    let mut g = wide::game(
        FALKENER,
        "
        12 m M M . . . . . . . . .
        11 M M . . . . . . . . . .
        10 M . . . . . . . . . . .
         9 . . M . . . . . . . . .
         8 . . . . . . . . . . . .
         7 . . . . . . . . . . . .
         6 . . . . . . . . . . . .
         5 . . . . . . . . . . . .
         4 . . . . . . . . . . . .
         3 . . . . . . . . . . . .
         2 . . . . . . . . . . . .
         1 . . . . . . . . . . . .
           a b c d e f g h i j k l",
        "w - 0 0",
    );
    wide::assert_not_over(&g);
    wide::play(&mut g, "c9c10");
    wide::assert_over(&g, "white", no_legal_move(false), "black has no legal move");
}

// ---------------------------------------------------------------- kowalski-10x11

#[test]
fn kowalski_10x11_starts_with_ten_men_and_a_dux_each() {
    // RULES 6, kowalski-10x11: "white men on row 1 except f1, white dux f1; black men on row
    // 10 except f10, black dux f10".
    let g = Game::new(rules(K10));
    assert_eq!(fields(&g), "w - 0 0");
    assert_board(
        &g,
        "
        10 m m m m m k m m m m m
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . . . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 M M M M M K M M M M M
           a b c d e f g h i j k",
    );
}

/// kowalski-10x11: d4 lies between the White dux c4 and e4; the Black dux d5 between c5 and
/// e5.
const K10_DUX: &str = "
    10 . . . . . . . . . . .
     9 . . . . . . . . . . .
     8 . . . . . . . . . . .
     7 . . . . . . . . . . .
     6 . . . . . . . . . . .
     5 . . M k . . . . . . .
     4 . . K m . . . . . . .
     3 . . . . . . . . . . .
     2 . . . . . . . . . . .
     1 . . . . M . . . . . .
       a b c d e f g h i j k";

#[test]
fn kowalski_10x11_the_dux_flanks_but_cannot_be_captured() {
    // RULES 6, kowalski-10x11: "as kowalski-8x12 (men only, dux immune and flanks)".
    // e1-e4 takes d4 against the White dux.
    check(
        K10,
        K10_DUX,
        "w - 0 10",
        "e1e4",
        "
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . . . . . . .
         5 . . M k . . . . . . .
         4 . . K x M . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 . . . . . . . . . . .
           a b c d e f g h i j k",
    );
    // e1-e5 flanks the Black dux between e5 and c5: it stays.
    check(
        K10,
        K10_DUX,
        "w - 0 10",
        "e1e5",
        "
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . . . . . . .
         5 . . M k M . . . . . .
         4 . . K m . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 . . . . . . . . . . .
           a b c d e f g h i j k",
    );
}

/// kowalski-10x11: a Black man in the corner a1 beside the White dux b1; the Black dux in
/// the corner k10 beside the White man j10.
const K10_CORNERS: &str = "
    10 . . . . . . . . . M k
     9 . . . . . . . . . . .
     8 . . . . . . . . . . .
     7 . . . . . . . . . . .
     6 . . . . . . . . . . .
     5 M . . . . . . . . . M
     4 . . . . . . . . . . .
     3 . . . . . . . . . . .
     2 . . . . . . . . . . .
     1 m K . . . . . . . . .
       a b c d e f g h i j k";

#[test]
fn kowalski_10x11_corner_capture_takes_men_not_the_dux() {
    // RULES 6, kowalski-10x11: corner capture as in kowalski-8x12, the other neighbour of
    // the corner holding a man or the dux of the mover; the dux is never captured.
    check(
        K10,
        K10_CORNERS,
        "w - 0 10",
        "a5a2",
        "
        10 . . . . . . . . . M k
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . . . . . . .
         5 . . . . . . . . . . M
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 M . . . . . . . . . .
         1 x K . . . . . . . . .
           a b c d e f g h i j k",
    );
    check(
        K10,
        K10_CORNERS,
        "w - 0 10",
        "k5k9",
        "
        10 . . . . . . . . . M k
         9 . . . . . . . . . . M
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . . . . . . .
         5 M . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 m K . . . . . . . . .
           a b c d e f g h i j k",
    );
}

#[test]
fn kowalski_10x11_a_player_with_no_legal_move_loses() {
    // RULES 6, kowalski-10x11: no legal move: block. h9-a9 walls the Black dux into a10.
    let mut g = game(
        K10,
        "
        10 k M . . . . . . . . .
         9 . . . . . . . M . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . . . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 . . . . . K . . . . .
           a b c d e f g h i j k",
        "w - 0 10",
    );
    assert_not_over(&g);
    play(&mut g, "h9a9");
    assert_over(&g, "white", no_legal_move(false), "black has no legal move");
}

// ---------------------------------------------------------------- seega and kharebga

#[test]
fn seega_rules_a_player_with_one_piece_left_loses() {
    // RULES 6, seega-rules-*: "<= 1 piece loses"; Ludii list: "Ludii's text says 'capture
    // all', its encoding ends the game when a player has one piece or none; this file follows
    // the encoding". e3-e4 takes d4; Black keeps f1 alone.
    let mut g = game(
        SEEGA6,
        "
        6 . . . . . .
        5 . . . . . .
        4 . . M m . .
        3 . . . . M .
        2 . . . . . .
        1 . . . . . m
          a b c d e f",
        "w - 0 40",
    );
    assert_not_over(&g);
    play(&mut g, "e3e4");
    assert_over(
        &g,
        "white",
        Reason::MenLost,
        "black has one piece or none left",
    );
}

#[test]
fn kharebga_rules_a_player_with_one_piece_left_loses() {
    // RULES 6, kharebga-rules-*: "<= 1 piece loses"; men slide. e1-e4 takes d4.
    let mut g = game(
        "kharebga-rules-6x6",
        "
        6 . . . . . .
        5 . . . . . .
        4 . . M m . .
        3 . . . . . .
        2 . . . . . .
        1 . . . . M m
          a b c d e f",
        "w - 0 40",
    );
    assert_not_over(&g);
    play(&mut g, "e1e4");
    assert_over(
        &g,
        "white",
        Reason::MenLost,
        "black has one piece or none left",
    );
}

#[test]
fn seega_5x5_the_last_piece_must_be_captured() {
    // RULES 6, seega-5x5: "0 pieces loses". d2-d3 takes c3: Black still has e3 and plays
    // on; its only move e3-e2 walks into e4-e3, which takes its last man.
    let mut g = game(
        SEEGA5,
        "
        5 . . . . .
        4 . . . . M
        3 . M m . m
        2 . . . M .
        1 . . . . M
          a b c d e",
        "w - 0 30",
    );
    play(&mut g, "d2d3");
    assert_board(
        &g,
        "
        5 . . . . .
        4 . . . . M
        3 . M x M m
        2 . . . . .
        1 . . . . M
          a b c d e",
    );
    assert_not_over(&g);
    assert_eq!(legal(&g), sorted("e3e2"));
    play(&mut g, "e3e2 e4e3");
    assert_board(
        &g,
        "
        5 . . . . .
        4 . . . . .
        3 . M . M M
        2 . . . . x
        1 . . . . M
          a b c d e",
    );
    assert_over(&g, "white", Reason::MenLost, "black has no pieces left");
}

#[test]
fn seega_a_player_without_a_move_passes() {
    // RULES 6, seega-rules-*: no legal move: pass. White's a1 and f1 are walled in.
    let mut g = game(
        SEEGA6,
        "
        6 . . . . . .
        5 . . m . . .
        4 . . . . . .
        3 . . . . . .
        2 m . . . . m
        1 M m . . m M
          a b c d e f",
        "w - 0 40",
    );
    assert_eq!(legal(&g), sorted("0000"));
    play(&mut g, "0000");
    assert_eq!(fields(&g), "b - 1 41 p1");
    play(&mut g, "c5c4");
    assert_eq!(fields(&g), "w - 2 42");
    assert_eq!(legal(&g), sorted("0000"));
}

#[test]
fn kharebga_men_slide_and_seega_men_step() {
    // RULES 6: kharebga "slide", seega "step". The same board in both.
    let board = "
        5 . . . . m
        4 . . . . m
        3 . . . . .
        2 . . M . .
        1 M . . . .
          a b c d e";
    let g = game(KHAREBGA5, board, "w - 0 30");
    assert_eq!(
        legal_from(&g, "a1"),
        sorted("a1a2 a1a3 a1a4 a1a5 a1b1 a1c1 a1d1 a1e1")
    );
    let g = game(SEEGA5, board, "w - 0 30");
    assert_eq!(legal_from(&g, "a1"), sorted("a1a2 a1b1"));
}

#[test]
fn seega_rules_have_superko_and_seega_5x5_has_no_repetition_rule() {
    // RULES 6, the table: seega-rules-* "superko"; seega-5x5 "none".
    let mut g = game(
        SEEGA6,
        "
        6 . . . m . m
        5 . . . . . .
        4 . . . . . .
        3 . . . . . .
        2 . . . . . .
        1 M . M . . .
          a b c d e f",
        "w - 0 40",
    );
    play(&mut g, "a1a2 f6f5 a2a1");
    assert!(!is_legal(&g, "f5f6"));
    assert!(matches!(rejects(&mut g, "f5f6"), Illegal::Superko));
    let mut g = game(
        SEEGA5,
        "
        5 . . m . m
        4 . . . . .
        3 . . . . .
        2 . . . . .
        1 M . M . .
          a b c d e",
        "w - 0 30",
    );
    play(&mut g, "a1a2 e5e4 a2a1 e4e5 a1a2");
    assert_not_over(&g);
}

// ---------------------------------------------------------------- every placement preset

/// Places every piece of both hands (the first legal placement each time) and checks that
/// White's hand never holds more than Black's, that each turn is `per_turn` placements (fewer
/// only when the hand runs short, and the bell dux alone), and that White then moves first.
fn place_everything<B: Bits>(mut g: Game<B>) {
    let name = g.ruleset().name.clone();
    let per_turn = g.ruleset().placement.per_turn as u32;
    let total = 2 * (g.ruleset().hand_men as u32 + g.ruleset().hand_leaders as u32);
    let mut run = 0;
    let mut side = g.position().side;
    while g.position().placing() {
        let p = *g.position();
        assert!(
            p.in_hand(Colour::White) <= p.in_hand(Colour::Black),
            "{name}: White must empty its hand first ({})",
            wide::fields(&g)
        );
        let moves = g.legal_moves();
        let leader = wide::legal(&g).iter().all(|t| t.starts_with("K@"));
        g.make(moves[0]);
        run += 1;
        let q = g.position();
        if q.side != side || !q.placing() {
            // A turn is over: per_turn placements, or the rest of the hand, or the dux alone.
            let short = p.in_hand(side) < per_turn || leader;
            assert!(
                run == per_turn || short,
                "{name}: a turn of {run} placements ({})",
                wide::fields(&g)
            );
            run = 0;
            side = q.side;
        }
    }
    assert_eq!(
        wide::fields(&g),
        format!("w - 0 {total}"),
        "{name}: after placement"
    );
    assert_eq!(g.position().turn, Turn::Fresh);
    wide::assert_not_over(&g);
}

#[test]
fn in_every_placement_preset_white_empties_its_hand_first_and_moves_first() {
    // RULES 6, "All of them": P1 (white) makes the first movement ply in every preset (in the
    // placement presets it empties its hand first; P2 then finishes placing); the placements
    // per turn of the table (1, or 2 for bell and seega / kharebga, the bell dux alone).
    let mut seen = 0;
    for name in latrunculi::rules::PRESETS.iter().skip(5) {
        let ruleset = preset(name).unwrap();
        if !ruleset.has_placement() {
            continue;
        }
        seen += 1;
        let any = AnyRules::new(ruleset).unwrap();
        latrunculi::with_width!(any, r => place_everything(Game::new(r)));
    }
    // schadler-1994, seneca, piso, two bells, 20 seega / kharebga rules boards, 5 more.
    assert_eq!(seen, 30);
}

// ---------------------------------------------------------------- the ply limit

#[test]
fn the_game_is_drawn_after_2500_plies_not_2500_turns() {
    // RULES 6, Ludii list: "Ludii ends a game after 1,250 turns per player; here after 2,500
    // plies"; "The 2,500-ply draw applies everywhere (also where there is no repetition
    // rule)". seega-5x5 has no repetition rule: the 2,500th ply draws.
    let mut g = game(
        SEEGA5,
        "
        5 . . m . m
        4 . . . . .
        3 . . . . .
        2 . . . . .
        1 M . M . .
          a b c d e",
        "w - 0 2499",
    );
    assert_not_over(&g);
    play(&mut g, "a1a2");
    assert_over(&g, "draw", Reason::PlyLimit(2500), "2500 plies played");
    // In bell a capture and its bonus ply are two plies of one turn: a capture as the
    // 2,500th ply ends the game before the bonus ply.
    let mut g = game(
        BELL8,
        "
        8 . . . . . . . .
        7 . . . . . . k .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m . . . .
        3 . . . . M . . .
        2 . K . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 5 2499",
    );
    play(&mut g, "e3e4");
    assert_over(&g, "draw", Reason::PlyLimit(2500), "2500 plies played");
}
