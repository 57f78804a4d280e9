//! Start positions and how pieces move, as pictures: the fixed layouts and first players of
//! kowalski-8x12, murray and little-soldiers, slides (kowalski, murray, little soldiers,
//! luductus) against schadler's single steps.

mod common;
use common::*;
use latrunculi::rules::Game;

#[test]
fn kowalski_start_white_moves_first() {
    let g = Game::new(rules("kowalski-8x12"));
    assert_board(
        &g,
        "
        8 m m m m m m m m m m m m
        7 . . . . . k . . . . . .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . . . . . . . . . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . K . . . . .
        1 M M M M M M M M M M M M
          a b c d e f g h i j k l",
    );
    assert_eq!(fields(&g), "w - 0 0");
    // perft 1 of RULES.md.
    assert_eq!(legal(&g).len(), 81);
}

#[test]
fn murray_start_black_moves_first_from_the_bottom() {
    let g = Game::new(rules("murray"));
    assert_board(
        &g,
        "
        8 M M M M M M M M
        7 . . . . K . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . k . . . .
        1 m m m m m m m m
          a b c d e f g h",
    );
    assert_eq!(fields(&g), "b - 0 0");
    // The king slides like a man: up the d file to d7, along rank 2 both ways.
    assert_eq!(
        legal_from(&g, "d2"),
        sorted("d2d3 d2d4 d2d5 d2d6 d2d7 d2a2 d2b2 d2c2 d2e2 d2f2 d2g2 d2h2")
    );
}

#[test]
fn little_soldiers_start_white_moves_first() {
    let g = Game::new(rules("little-soldiers"));
    assert_board(
        &g,
        "
        8 m m m m m m m m
        7 . . m m m m . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . M M M M . .
        1 M M M M M M M M
          a b c d e f g h",
    );
    assert_eq!(fields(&g), "w - 0 0");
}

#[test]
fn pieces_slide_orthogonally_over_empty_squares() {
    // Kowalski: the man on e4 stops before e7, e1, b4 and h4 (no jumping, no diagonals); the
    // dux on l1 slides the same way.
    let g = game(
        "kowalski-8x12",
        "
        8 . . . . . . . . . . . .
        7 . . . . m . . . . . k .
        6 . . . . . . . . . . . .
        5 . . . . . . . . . . . .
        4 . M . . M . . m . . . .
        3 . . . . . . . . . . . .
        2 . . . . . . . . . . . .
        1 . . . . M . . . . . . K
          a b c d e f g h i j k l",
        "w - 0 0",
    );
    assert_eq!(
        legal_from(&g, "e4"),
        sorted("e4e5 e4e6 e4e3 e4e2 e4d4 e4c4 e4f4 e4g4")
    );
    assert_eq!(
        legal_from(&g, "l1"),
        sorted("l1l2 l1l3 l1l4 l1l5 l1l6 l1l7 l1l8 l1k1 l1j1 l1i1 l1h1 l1g1 l1f1")
    );
    // Luductus: legionaries slide orthogonally too, although they capture in 8 directions.
    let g = game(
        "luductus",
        "
        7 . . . . . . . . . . . . .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . M . . K . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . m . . . . . .
        1 . . . . . . . . . . . k .
          a b c d e f g h i j k l m",
        "w - 0 30",
    );
    assert_eq!(
        legal_from(&g, "g4"),
        sorted("g4g5 g4g6 g4g7 g4g3 g4f4 g4e4 g4d4 g4c4 g4b4 g4a4 g4h4 g4i4")
    );
}

#[test]
fn schadler_pieces_step_one_square() {
    let g = game(
        "schadler-2001",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . M . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 M . . . . . . m
          a b c d e f g h",
        "w - 0 40",
    );
    assert_eq!(legal_from(&g, "d4"), sorted("d4d5 d4d3 d4c4 d4e4"));
}

#[test]
fn pictures_and_position_strings_agree() {
    // The picture helper writes the engine's own notation.
    assert_eq!(
        position_string(
            "
            3 . m .
            2 M . K
            1 . . t
              a b c",
            "w - 0 0"
        ),
        "1m1/M1K/2t w - 0 0"
    );
    let g = Game::new(rules("kowalski-8x12"));
    assert_eq!(
        fen_of(&g),
        "mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM w - 0 0"
    );
}
