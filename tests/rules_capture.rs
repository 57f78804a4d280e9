//! Capture rules as pictures: custodial capture (several at once, leaders as flankers, safe
//! passage, edges), kowalski corner capture, leader immunity, and the luductus line capture
//! in 8 directions, praetorian enclosure and praetorian jump.
//!
//! Uppercase is White, lowercase Black (Red in luductus); `x` in an "after" picture marks a
//! square whose piece the move took off the board.

mod common;
use common::*;
use latrunculi::rules::Reason;

const KOWALSKI: &str = "kowalski-8x12";
const MURRAY: &str = "murray";
const SOLDIERS: &str = "little-soldiers";
const LUDUCTUS: &str = "luductus";

// ---------------------------------------------------------------- custodial capture

#[test]
fn custodial_capture_takes_a_man_between_the_mover_and_a_friend() {
    // White slides e1-e4: the black man on d4 is now between e4 and c4.
    let g = check(
        KOWALSKI,
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . M m . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 . . . . M . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "e1e4",
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . M x M . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    // A capture resets the quiet counter; the ply counter counts on.
    assert_eq!(fields(&g), "b - 0 1");
}

#[test]
fn custodial_capture_works_for_both_colours_and_on_files() {
    // Murray: Black (lowercase) moves first; b1-b4 flanks the white man on b5 against b6.
    check(
        MURRAY,
        "
        8 . . . . . . . .
        7 . . . . K . . .
        6 . m . . . . . .
        5 . M . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . k . . . .
        1 . m . . . . . .
          a b c d e f g h",
        "b - 0 0",
        "b1b4",
        "
        8 . . . . . . . .
        7 . . . . K . . .
        6 . m . . . . . .
        5 . x . . . . . .
        4 . m . . . . . .
        3 . . . . . . . .
        2 . . . k . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn custodial_capture_is_orthogonal_only_outside_luductus() {
    // e1-e4 leaves d5 between e4 and c6 on a diagonal: no capture in the 4-direction rulesets.
    check(
        KOWALSKI,
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . M . . . . . . . . .
        5 . . . m . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 . . . . M . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "e1e4",
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . M . . . . . . . . .
        5 . . . m . . . . . . . .
        4 . . . . M . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    let before = "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . M . . . . .
        5 . . . m . . m .
        4 . . . . . . . .
        3 . . . . . . . m
        2 . . . . . . M .
        1 . . . . M . . .
          a b c d e f g h";
    let after = "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . M . . . . .
        5 . . . m . . m .
        4 . . . . M . . .
        3 . . . . . . . m
        2 . . . . . . M .
        1 . . . . . . . .
          a b c d e f g h";
    check(SOLDIERS, before, "w - 0 0", "e1e4", after);
    check(MURRAY, before, "w - 0 1", "e1e4", after);
}

#[test]
fn one_move_captures_in_every_direction_at_once() {
    // e1-e5 flanks e6 (against e7), d5 (against c5) and f5 (against the dux on g5).
    check(
        KOWALSKI,
        "
        8 . . . . . . . . . . . .
        7 . . . . M k . . . . . .
        6 . . . . m . . . . . . .
        5 . . M m . m K . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . M . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "e1e5",
        "
        8 . . . . . . . . . . . .
        7 . . . . M k . . . . . .
        6 . . . . x . . . . . . .
        5 . . M x M x K . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    // Little soldiers: several at once as well (d4 and f4 by e1-e4).
    check(
        SOLDIERS,
        "
        8 . . . . . . . .
        7 . . . . . . m .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m . m M .
        3 . . . . . . . .
        2 . . . . . . . m
        1 . . . . M . . .
          a b c d e f g h",
        "w - 0 0",
        "e1e4",
        "
        8 . . . . . . . .
        7 . . . . . . m .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M x M x M .
        3 . . . . . . . .
        2 . . . . . . . m
        1 . . . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn the_leader_is_a_flanker_and_captures_when_it_moves() {
    // Kowalski: the white man lands on d3 and the dux on d5 closes the flank of d4...
    check(
        KOWALSKI,
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . K . . . . . . . .
        4 . . . m . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 M . . . . . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "a1a3 f7f8 a3d3",
        "
        8 . . . . . k . . . . . .
        7 . . . . . . . . . . . .
        6 . . . . . . . . . . . .
        5 . . . K . . . . . . . .
        4 . . . x . . . . . . . .
        3 . . . M . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    // ...and the dux itself captures when it lands.
    check(
        KOWALSKI,
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . m M . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . K . . . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "c1c4",
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . K x M . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    // Murray: the black king closes the flank (d1-d3 takes d4 against the king on d5)...
    check(
        MURRAY,
        "
        8 . . . . . . . .
        7 . . . . K . . .
        6 . . . . . . . .
        5 . . . k . . . .
        4 . . . M . . M .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . m . . . .
          a b c d e f g h",
        "b - 0 0",
        "d1d3",
        "
        8 . . . . . . . .
        7 . . . . K . . .
        6 . . . . . . . .
        5 . . . k . . . .
        4 . . . x . . M .
        3 . . . m . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // ...and captures as a mover (h1-h4 takes g4 against the black man on f4).
    check(
        MURRAY,
        "
        8 . . . . . . . .
        7 . . . . K . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . m M .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . k
          a b c d e f g h",
        "b - 0 0",
        "h1h4",
        "
        8 . . . . . . . .
        7 . . . . K . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . m x k
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn only_the_moving_piece_captures() {
    // d1-d3 captures nothing: d4 already stood between two white men, and nothing flanks
    // it against d3.
    check(
        SOLDIERS,
        "
        8 . . . . . . . .
        7 . . . . . m m m
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . M . . . .
          a b c d e f g h",
        "w - 0 0",
        "d1d3",
        "
        8 . . . . . . . .
        7 . . . . . m m m
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m M . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn safe_passage_moving_between_two_enemies_is_not_captured() {
    // Kowalski: the black man slides d8-d4 between c4 and e4 and survives White's next move;
    // it falls only when a flanker leaves and lands again.
    let mut g = check(
        KOWALSKI,
        "
        8 . . . m . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . M . M . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 . . . . . . . . . . . M
          a b c d e f g h i j k l",
        "b - 0 0",
        "d8d4 l1l2",
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . M m M . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . M
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    play(&mut g, "f7f8 e4e3 f8f7 e3e4");
    assert_eq!(g.last_frame().removed.count_ones(), 1);
    assert_board(
        &g,
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . M x M . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . M
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    // Murray and little soldiers: the same safe entry between two enemies.
    for (variant, fields) in [(MURRAY, "b - 0 0"), (SOLDIERS, "b - 0 1")] {
        check(
            variant,
            "
            8 . . . m . . . .
            7 . . . . . m m m
            6 . . . . . . . .
            5 . . . . . . . .
            4 . . M . M . . .
            3 . . . . . . . .
            2 . . . . . . . .
            1 . . . . . . . M
              a b c d e f g h",
            fields,
            "d8d4",
            "
            8 . . . . . . . .
            7 . . . . . m m m
            6 . . . . . . . .
            5 . . . . . . . .
            4 . . M m M . . .
            3 . . . . . . . .
            2 . . . . . . . .
            1 . . . . . . . M
              a b c d e f g h",
        );
    }
}

#[test]
fn the_board_edge_never_flanks() {
    // White lands on b4 next to the black man on the edge square a4: the edge is not a
    // flanker.
    check(
        KOWALSKI,
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 m . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 . M . . . . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "b1b4",
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 m M . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    for (variant, fields) in [(SOLDIERS, "w - 0 0"), (MURRAY, "w - 0 1")] {
        check(
            variant,
            "
            8 . . . . m m . .
            7 . . . . . . . .
            6 . . . . . . . .
            5 . . . . . . . .
            4 m . . . . . . .
            3 . . . . . . . .
            2 . . . . . . . .
            1 . M . . M M . .
              a b c d e f g h",
            fields,
            "b1b4",
            "
            8 . . . . m m . .
            7 . . . . . . . .
            6 . . . . . . . .
            5 . . . . . . . .
            4 m M . . . . . .
            3 . . . . . . . .
            2 . . . . . . . .
            1 . . . . M M . .
              a b c d e f g h",
        );
    }
}

// ---------------------------------------------------------------- kowalski corner capture

#[test]
fn kowalski_corner_capture_needs_the_movers_piece_on_the_other_neighbour() {
    // With a white man on b8, landing on a7 takes the black man in the a8 corner.
    check(
        KOWALSKI,
        "
        8 m M . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 M . . . . . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "a1a7",
        "
        8 x M . . . . . . . . . .
        7 M . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    // The dux on b8 counts as the mover's piece too.
    check(
        KOWALSKI,
        "
        8 m K . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 M . . . . . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "a1a7",
        "
        8 x K . . . . . . . . . .
        7 M . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    // Without it (b8 empty, or b8 black), nothing happens.
    for b8 in ['.', 'm'] {
        let row8 = format!("8 m {b8} . . . . . . . . . .");
        let before = format!(
            "{row8}
            7 . . . . . k . . . . . .
            6 . . . . . . . . . . . .
            5 . . . . . . . . . . . .
            4 . . . . . . . . . . . .
            3 . . . . . . . . . . . .
            2 . . . . . . K . . . . .
            1 M . . . . . . . . . . .
              a b c d e f g h i j k l"
        );
        let after = format!(
            "{row8}
            7 M . . . . k . . . . . .
            6 . . . . . . . . . . . .
            5 . . . . . . . . . . . .
            4 . . . . . . . . . . . .
            3 . . . . . . . . . . . .
            2 . . . . . . K . . . . .
            1 . . . . . . . . . . . .
              a b c d e f g h i j k l"
        );
        check(KOWALSKI, &before, "w - 0 0", "a1a7", &after);
    }
}

#[test]
fn kowalski_corner_capture_from_either_neighbour_and_by_either_colour() {
    // Black lands on k1 (the l1 corner's other neighbour l2 is black): the white man on l1 falls.
    check(
        KOWALSKI,
        "
        8 . . . . . . . . . . m .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . m
        1 . . . . . . . . . . . M
          a b c d e f g h i j k l",
        "b - 0 0",
        "k8k1",
        "
        8 . . . . . . . . . . . .
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . m
        1 . . . . . . . . . . m x
          a b c d e f g h i j k l",
    );
}

#[test]
fn corner_capture_is_kowalski_only() {
    // The same landing next to a cornered man captures nothing in murray and little soldiers.
    let before = "
        8 m M . . . . . .
        7 . . . . . . m m
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 M . . . . . . M
          a b c d e f g h";
    let after = "
        8 m M . . . . . .
        7 M . . . . . m m
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h";
    check(SOLDIERS, before, "w - 0 0", "a1a7", after);
    check(MURRAY, before, "w - 0 1", "a1a7", after);
}

// ---------------------------------------------------------------- leader immunity

#[test]
fn the_dux_and_the_king_are_never_captured() {
    // Kowalski: the black dux ends up between c4 and the white lander on e4.
    check(
        KOWALSKI,
        "
        8 . . . . . . . . . . . .
        7 . . . . . . . . . . . m
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . M k . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . M . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "e1e4",
        "
        8 . . . . . . . . . . . .
        7 . . . . . . . . . . . m
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . M k M . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    // Kowalski: a dux in a corner is not taken by the corner rule either.
    check(
        KOWALSKI,
        "
        8 k M . . . . . . . . . .
        7 . . . . . . . . . . . m
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 M . . . . . . . . . . .
          a b c d e f g h i j k l",
        "w - 0 0",
        "a1a7",
        "
        8 k M . . . . . . . . . .
        7 M . . . . . . . . . . m
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . . . . . . . . .
          a b c d e f g h i j k l",
    );
    // Murray: the white king between the black mover and a black man stays.
    check(
        MURRAY,
        "
        8 . . . . . . . .
        7 . . . . . . M .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . m K . . . .
        3 . . . . . . . .
        2 . . . k . . . .
        1 . . . . m . . .
          a b c d e f g h",
        "b - 0 0",
        "e1e4",
        "
        8 . . . . . . . .
        7 . . . . . . M .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . m K m . . .
        3 . . . . . . . .
        2 . . . k . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

// ---------------------------------------------------------------- luductus line capture

#[test]
fn luductus_line_capture_takes_the_whole_run() {
    // b7-b4: red legionaries c4, d4, e4 run from the landing square to the white legionary
    // on f4 and are all taken.
    let g = check(
        LUDUCTUS,
        "
        7 . M . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . m m m M . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . k . . m .
          a b c d e f g h i j k l m",
        "w - 0 30",
        "b7b4",
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . M x x x M . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . k . . m .
          a b c d e f g h i j k l m",
    );
    assert_eq!(fields(&g), "r - 0 31");
}

#[test]
fn luductus_run_closed_by_the_enemy_praetorian_is_protected() {
    // The run c4 d4 e4 ends at the red praetorian on f4, not at a white piece.
    check(
        LUDUCTUS,
        "
        7 . M . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . m m m k M . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . . m .
          a b c d e f g h i j k l m",
        "w - 0 30",
        "b7b4",
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . M m m m k M . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . . m .
          a b c d e f g h i j k l m",
    );
}

#[test]
fn luductus_run_ending_at_an_empty_square_or_the_edge_captures_nothing() {
    // From i4: west the run h4 g4 ends at the empty f4; east the run j4..m4 runs off the
    // board; north i5 i6 i7 reaches the edge too.
    check(
        LUDUCTUS,
        "
        7 . . . . . . . . m . . K .
        6 . . . . . . . . m . . . .
        5 . . . . . . . . m . . . .
        4 M . . . . . m m . m m m m
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . M . . k .
          a b c d e f g h i j k l m",
        "w - 0 30",
        "i1i4",
        "
        7 . . . . . . . . m . . K .
        6 . . . . . . . . m . . . .
        5 . . . . . . . . m . . . .
        4 M . . . . . m m M m m m m
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . . k .
          a b c d e f g h i j k l m",
    );
}

#[test]
fn luductus_captures_along_diagonals() {
    // d7-d3 (an orthogonal slide) lands with e4 f5 (red) then g6 (white) on the NE diagonal,
    // and c2 (red) then b1 (white praetorian) on the SW diagonal: all three are taken.
    check(
        LUDUCTUS,
        "
        7 . . . M . . . . . . . . .
        6 . . . . . . M . . . . . .
        5 . . . . . m . . . . . . .
        4 . . . . m . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . m . . . . . . . . . .
        1 . K . . . . . . . . k m .
          a b c d e f g h i j k l m",
        "w - 0 30",
        "d7d3",
        "
        7 . . . . . . . . . . . . .
        6 . . . . . . M . . . . . .
        5 . . . . . x . . . . . . .
        4 . . . . x . . . . . . . .
        3 . . . M . . . . . . . . .
        2 . . x . . . . . . . . . .
        1 . K . . . . . . . . k m .
          a b c d e f g h i j k l m",
    );
}

#[test]
fn luductus_praetorian_flanks_and_captures_as_a_mover() {
    // The white praetorian slides a6-d6: the red run d5 d4 is closed by the white legionary
    // on d3, and the red run e5 f4 on the SE diagonal by the one on g3. Both runs fall.
    check(
        LUDUCTUS,
        "
        7 . . . . . . . . . . . . .
        6 K . . . . . . . . . . . .
        5 . . . m m . . . . . . . .
        4 . . . m . m . . . . . . .
        3 . . . M . . M . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . k m .
          a b c d e f g h i j k l m",
        "w - 0 30",
        "a6d6",
        "
        7 . . . . . . . . . . . . .
        6 . . . K . . . . . . . . .
        5 . . . x x . . . . . . . .
        4 . . . x . x . . . . . . .
        3 . . . M . . M . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . k m .
          a b c d e f g h i j k l m",
    );
}

#[test]
fn luductus_safe_passage_on_lines_and_diagonals() {
    // Red slides c1-c4 into the middle of four white pairs: b4/d4 on the rank, b5/d3 and
    // d5/b3 on the diagonals. Moving in is safe; nothing is taken.
    check(
        LUDUCTUS,
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . M . M . . . . . . . . .
        4 . M . M . . . . . . . . .
        3 . M . M . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . m . . . . . . . k . .
          a b c d e f g h i j k l m",
        "r - 0 30",
        "c1c4",
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . M . M . . . . . . . . .
        4 . M m M . . . . . . . . .
        3 . M . M . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . k . .
          a b c d e f g h i j k l m",
    );
}

#[test]
fn luductus_praetorian_is_not_taken_by_custodial_capture() {
    // The red praetorian on d4 ends up between c4 and the white lander on e4: it stays.
    check(
        LUDUCTUS,
        "
        7 . . . . M . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . M k . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . . m .
          a b c d e f g h i j k l m",
        "w - 0 30",
        "e7e4",
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . M k M . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . . m .
          a b c d e f g h i j k l m",
    );
}

// ---------------------------------------------------------------- praetorian enclosure

#[test]
fn luductus_praetorian_enclosed_by_edge_and_enemies_is_captured_and_loses() {
    // Red praetorian on d1: c1 and e1 white, the edge below; White lands on d2.
    let g = check(
        LUDUCTUS,
        "
        7 . . . M . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . m
        1 . . M k M . . . . . . . .
          a b c d e f g h i j k l m",
        "w - 5 40",
        "d7d2",
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . M . . . . . . . . m
        1 . . M x M . . . . . . . .
          a b c d e f g h i j k l m",
    );
    assert_over(
        &g,
        "white",
        Reason::LeaderCaptured,
        "red's praetorian was captured",
    );
    assert_eq!(
        fields(&g),
        "r - 0 41",
        "the capture resets the quiet counter"
    );
}

#[test]
fn luductus_praetorian_in_a_corner_needs_only_two_enemies() {
    let g = check(
        LUDUCTUS,
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 M . . . . . . . . . . . m
        1 k . . . . . . . . . . M .
          a b c d e f g h i j k l m",
        "w - 0 30",
        "l1b1",
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 M . . . . . . . . . . . m
        1 x M . . . . . . . . . . .
          a b c d e f g h i j k l m",
    );
    assert_over(
        &g,
        "white",
        Reason::LeaderCaptured,
        "red's praetorian was captured",
    );
}

#[test]
fn luductus_praetorian_is_safe_while_a_neighbour_is_its_own_or_empty() {
    // c1 holds a red legionary: landing on d2 does not enclose the praetorian.
    let g = check(
        LUDUCTUS,
        "
        7 . . . M . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . m k M . . . . . . . .
          a b c d e f g h i j k l m",
        "w - 0 30",
        "d7d2",
        "
        7 . . . . . . . . . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . M . . . . . . . . .
        1 . . m k M . . . . . . . .
          a b c d e f g h i j k l m",
    );
    assert_not_over(&g);
    // In the middle of the board it takes four enemies: three leave it alive (and a White
    // move elsewhere changes nothing), the fourth lander takes it.
    let mut g = game(
        LUDUCTUS,
        "
        7 . . . . . . . M . . . K .
        6 . . . . . . . . . . . . .
        5 . . . . . . M . . . . . .
        4 . . . . . M k . . . . . .
        3 . . . . . . M . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . . m .
          a b c d e f g h i j k l m",
        "w - 0 30",
    );
    play(&mut g, "l7l6 l1l2");
    assert_not_over(&g);
    play(&mut g, "h7h4");
    assert_board(
        &g,
        "
        7 . . . . . . . . . . . . .
        6 . . . . . . . . . . . K .
        5 . . . . . . M . . . . . .
        4 . . . . . M x M . . . . .
        3 . . . . . . M . . . . . .
        2 . . . . . . . . . . . m .
        1 . . . . . . . . . . . . .
          a b c d e f g h i j k l m",
    );
    assert_over(
        &g,
        "white",
        Reason::LeaderCaptured,
        "red's praetorian was captured",
    );
}

// ---------------------------------------------------------------- praetorian jump

#[test]
fn luductus_praetorian_jumps_one_friendly_legionary_only() {
    // The white praetorian on b4 may jump c4 (to d4) and b5 (to b6), not the red legionary on
    // b3, and not on from d4 over e4 (no chains). Legionaries never jump.
    let g = game(
        LUDUCTUS,
        "
        7 . . . . . . . . . . . . .
        6 . . . . . . . . . . . . .
        5 . M . . . . . . . . . . .
        4 . K M . M . . . . . . . .
        3 . m . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . k . .
          a b c d e f g h i j k l m",
        "w - 0 30",
    );
    assert_eq!(legal_from(&g, "b4"), sorted("b4a4 b4d4 b4b6"));
    assert!(!legal_from(&g, "c4").contains(&"c4a4".to_string()));
    assert!(!legal_from(&g, "b5").contains(&"b5b3".to_string()));
    let mut g = g;
    play(&mut g, "b4d4");
    assert_board(
        &g,
        "
        7 . . . . . . . . . . . . .
        6 . . . . . . . . . . . . .
        5 . M . . . . . . . . . . .
        4 . . M K M . . . . . . . .
        3 . m . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 . . . . . . . . . . k . .
          a b c d e f g h i j k l m",
    );
}
