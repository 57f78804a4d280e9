//! schadler-2001 movement rules as pictures: trapping after a step and after each jump of a
//! hop chain, release, trapped pieces (cannot move, can be jumped, never flank), removal,
//! the entry restriction, hop chains and superko on chains.
//!
//! `T`/`t` is a trapped piece; `x` in an "after" picture marks a removed piece.

mod common;
use common::*;
use latrunculi::rules::Illegal;

const S: &str = "schadler-2001";

// ---------------------------------------------------------------- trapping

#[test]
fn a_step_traps_a_free_enemy_between_the_mover_and_a_free_friend() {
    // e3-d3: the black piece on d4 is now between d3 and the free white piece on d5.
    let g = check(
        S,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . M . . . .
        4 . . . m . . . .
        3 . . . . M . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
        "e3d3",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . M . . . .
        4 . . . t . . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // Trapping is not a capture: nothing leaves the board and the quiet counter runs on.
    assert_eq!(fields(&g), "b - 1 41");
}

#[test]
fn trapped_pieces_never_flank() {
    // e4-d4: d5 lies between d4 and the white piece on d6, but that one is trapped (held by
    // c6 and e6), so d5 is not trapped. (d5 also stands, free, between c5 and e5: had it been
    // trapped, that rank would keep it trapped.)
    check(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . m T m . . .
        5 . . M m M . . .
        4 . . . . M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
        "e4d4",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . m T m . . .
        5 . . M m M . . .
        4 . . . M . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // The same with a jump: b4 jumps c4 to d4.
    check(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . m T m . . .
        5 . . M m M . . .
        4 . M M . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
        "b4d4",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . m T m . . .
        5 . . M m M . . .
        4 . . M M . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn the_board_edge_never_traps() {
    // b3-b4 lands next to a4: beyond a4 is only the edge, so a4 stays free.
    check(
        S,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 m . . . . . . .
        3 . M . . . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
        "w - 0 40",
        "b3b4",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 m M . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
    );
}

#[test]
fn jumping_over_an_enemy_does_not_trap_it_with_the_square_left_behind() {
    // d2 jumps d3 to d4. d3 is between d4 and d2 only if the mover still counted on d2: it
    // does not (the mover is lifted), so d3 stays free.
    check(
        S,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . m . . . .
        2 . . . M . . . .
        1 . . . . . . . M
          a b c d e f g h",
        "w - 0 40",
        "d2d4",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . M . . . .
        3 . . . m . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
    );
}

#[test]
fn a_single_jump_traps_like_a_step() {
    // b4 jumps the white piece on c4 to d4 and traps d5 against d6.
    check(
        S,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . M . . . .
        5 . . . m . . . .
        4 . M M . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
        "b4d4",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . M . . . .
        5 . . . t . . . .
        4 . . M M . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

// The traps of each jump of a chain: tests/rules_family.rs, for every ruleset with chains.

// ---------------------------------------------------------------- release

#[test]
fn a_trapped_piece_is_freed_when_a_jailer_moves_away() {
    check(
        S,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M t M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
        "e4e3",
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
    );
}

#[test]
fn a_trapped_piece_is_freed_when_a_jailer_is_itself_trapped() {
    // White's d5 is held by c5 and e5. f6-e6 traps e5 (against e4): d5 is free again.
    check(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . M . .
        5 . . m T m . . .
        4 . . . . M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
        "f6e6",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . M . . .
        5 . . m M t . . .
        4 . . . . M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn release_frees_pieces_of_both_colours_in_the_same_move() {
    // d4-e4 leaves d5 (black, held by d6 and d4) and traps e3 (against e2), which held the
    // white f3 together with g3. Both d5 and f3 are freed by this one step.
    check(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . M . . . .
        5 . . . t . . . .
        4 . . . M . . . .
        3 . . . . m T m .
        2 . . . . M . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
        "d4e4",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . M . . . .
        5 . . . m . . . .
        4 . . . . M . . .
        3 . . . . t M m .
        2 . . . . M . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

// ---------------------------------------------------------------- trapped pieces

#[test]
fn trapped_pieces_cannot_move() {
    let mut g = game(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . m T m . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . M .
          a b c d e f g h",
        "w - 0 40",
    );
    assert!(legal_from(&g, "d4").is_empty());
    assert!(matches!(rejects(&mut g, "d4d5"), Illegal::Trapped { .. }));
    assert!(matches!(rejects(&mut g, "d4d6"), Illegal::Trapped { .. }));
}

#[test]
fn trapped_pieces_can_be_jumped_by_either_side() {
    // White d3 jumps the trapped black d4 to d5; d4 stays trapped (still held by c4, e4).
    check(
        S,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M t M . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
        "d3d5",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . M . . . .
        4 . . M t M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // Black e5 jumps the trapped white e4 (held by d4, f4) to e3...
    check(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . m . . .
        4 . . . m T m . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
        "b - 0 40",
        "e5e3",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . m T m . .
        3 . . . . m . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
    );
    // ...and a trapped piece can be jumped by its own side too.
    check(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . M . . .
        4 . . . m T m . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . m
          a b c d e f g h",
        "w - 0 40",
        "e5e3",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . m T m . .
        3 . . . . M . . .
        2 . . . . . . . .
        1 . . . . . . . m
          a b c d e f g h",
    );
}

// ---------------------------------------------------------------- removal

#[test]
fn removal_takes_a_trapped_enemy_piece_off_the_board() {
    let mut g = game(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M t M . . .
        3 . . . . . . . .
        2 . . m T m . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 7 40",
    );
    // Only the trapped enemy piece can be removed: not White's own trapped piece, not a free
    // enemy piece.
    let removals: Vec<String> = legal(&g)
        .into_iter()
        .filter(|t| t.starts_with('x'))
        .collect();
    assert_eq!(removals, sorted("xd4"));
    rejects(&mut g, "xd2");
    rejects(&mut g, "xc2");
    rejects(&mut g, "xe5");
    play(&mut g, "xd4");
    assert_board(
        &g,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M x M . . .
        3 . . . . . . . .
        2 . . m T m . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // A removal is a whole turn and resets the quiet counter.
    assert_eq!(fields(&g), "b - 0 41");
    let removals: Vec<String> = legal(&g)
        .into_iter()
        .filter(|t| t.starts_with('x'))
        .collect();
    assert_eq!(removals, sorted("xd2"));
}

// ---------------------------------------------------------------- entry restriction

#[test]
fn entry_restriction_forbids_stepping_between_two_enemies_on_a_rank() {
    let mut g = game(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . m . m . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
        "w - 0 40",
    );
    assert_eq!(legal_from(&g, "d3"), sorted("d3c3 d3e3 d3d2"));
    rejects(&mut g, "d3d4");
}

#[test]
fn entry_restriction_forbids_stepping_between_two_enemies_on_a_file() {
    let mut g = game(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . m . . . .
        4 . . M . . . . .
        3 . . . m . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
        "w - 0 40",
    );
    assert_eq!(legal_from(&g, "c4"), sorted("c4b4 c4c5 c4c3"));
    rejects(&mut g, "c4d4");
}

#[test]
fn entry_restriction_counts_trapped_enemies_too() {
    // c4 is a trapped black piece (held by c5 and c3); with e4 it still closes d4 to White.
    let mut g = game(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . M . . . . .
        4 . . t . m . . .
        3 . . M M . . . .
        2 . . . . . . . .
        1 . . . . . . . m
          a b c d e f g h",
        "w - 0 40",
    );
    rejects(&mut g, "d3d4");
}

#[test]
fn entry_restriction_lifts_when_the_landing_traps() {
    // d4 lies between c4 and e4, but landing there traps c4 against b4: allowed.
    check(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . M m . m . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
        "d3d4",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . M t M m . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
    // With b4 trapped (held by a4 and c4) it cannot act as the flanker: still forbidden.
    let mut g = game(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 m T m . m . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
    );
    rejects(&mut g, "d3d4");
}

#[test]
fn entry_restriction_applies_to_jumps_even_over_an_enemy() {
    // d2 jumps the free black d3 to d4, between c4 and e4: forbidden (Ludii would allow a
    // jump over an enemy here; the binding rules do not).
    let mut g = game(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . m . m . . .
        3 . . . m . . . .
        2 . . . M . . . .
        1 . . . . . . . M
          a b c d e f g h",
        "w - 0 40",
    );
    assert_eq!(legal_from(&g, "d2"), sorted("d2c2 d2e2 d2d1"));
    rejects(&mut g, "d2d4");
}

#[test]
fn entry_restriction_needs_both_neighbours_on_the_same_line() {
    // c4 (rank) and d5 (file) are enemies of d4, but not on one line: d3-d4 is allowed.
    check(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . m . . . .
        4 . . m . . . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
        "w - 0 40",
        "d3d4",
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . m . . . .
        4 . . m M . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . M
          a b c d e f g h",
    );
}

// ---------------------------------------------------------------- hop chains

#[test]
fn hop_chains_every_prefix_no_square_twice_over_either_colour() {
    // c3 can jump c4 (a trapped black piece) or d3 (white); the chains go round the square
    // c5 e5 e3 in both directions but may never land on c3 (the origin) or on a square they
    // already visited.
    let mut g = game(
        S,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . M . . . .
        4 . M t M m . . .
        3 . . M M . . . .
        2 . . . . . . . .
        1 . . . . . . . m
          a b c d e f g h",
        "w - 0 40",
    );
    assert_eq!(
        legal_from(&g, "c3"),
        sorted("c3b3 c3c2 c3c5 c3c5e5 c3c5e5e3 c3e3 c3e3e5 c3e3e5c5")
    );
    rejects(&mut g, "c3c5e5e3c3");
    play(&mut g, "c3e3e5c5");
    assert_board(
        &g,
        "
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . M M . . . .
        4 . M t M m . . .
        3 . . . M . . . .
        2 . . . . . . . .
        1 . . . . . . . m
          a b c d e f g h",
    );
}

// ---------------------------------------------------------------- superko

#[test]
fn superko_judges_each_prefix_of_a_chain_by_its_own_end_position() {
    // White walks c3 round to c1 while Black shuffles h8-h7 and back. Then c1-c3 (one jump
    // over c2) would recreate the start position and is illegal, but c1-c3-c5 passes through
    // that position without stopping there and is legal.
    let mut g = game(
        S,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M . . . . .
        3 . . M . . . . .
        2 . . m . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
    );
    play(&mut g, "c3d3 h8h7 d3d2 h7h8 d2d1 h8h7 d1c1 h7h8");
    let moves = legal_from(&g, "c1");
    assert!(!moves.contains(&"c1c3".to_string()), "{moves:?}");
    assert!(moves.contains(&"c1c3c5".to_string()), "{moves:?}");
    assert!(matches!(rejects(&mut g, "c1c3"), Illegal::Superko));
    play(&mut g, "c1c3c5");
}

#[test]
fn superko_counts_the_trapped_state_as_part_of_the_position() {
    // Start: d4 free between c4 and e4. e4-e5, h8-h7, e5-e4 (now trapping d4), then h7-h8
    // puts every piece back on its start square, but d4 is trapped now: a new position.
    let mut g = game(
        S,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M m M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "w - 0 40",
    );
    play(&mut g, "e4e5 h8h7 e5e4");
    assert!(is_legal(&g, "h7h8"));
    play(&mut g, "h7h8");
    assert_board(
        &g,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . M t M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}
