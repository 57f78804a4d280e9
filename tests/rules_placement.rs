//! Placement phases as pictures: schadler-2001 (anywhere, White first, no trapping, White
//! moves first), luductus (own two rows, Red first, praetorian first or last, White places
//! last and moves first), and the schadler piece count.

mod common;
use common::*;
use latrunculi::rules::{Game, Illegal, preset};

const S: &str = "schadler-2001";
const LUDUCTUS: &str = "luductus";

/// The names of the squares on `ranks` of a board with `cols` files.
fn squares(cols: usize, ranks: std::ops::RangeInclusive<usize>) -> Vec<String> {
    let mut v = Vec::new();
    for r in ranks {
        for c in 0..cols {
            v.push(format!("{}{r}", (b'a' + c as u8) as char));
        }
    }
    v
}

fn placements(prefix: &str, cols: usize, ranks: std::ops::RangeInclusive<usize>) -> Vec<String> {
    let mut v: Vec<String> = squares(cols, ranks)
        .into_iter()
        .map(|s| format!("{prefix}{s}"))
        .collect();
    v.sort();
    v
}

// ---------------------------------------------------------------- schadler-2001

#[test]
fn schadler_white_places_first_anywhere() {
    let mut g = Game::new(rules(S));
    assert_eq!(fen_of(&g), "8/8/8/8/8/8/8/8 w M16m16 0 0");
    // 64 placements of a man, no leader, no movement.
    assert_eq!(legal(&g), placements("@", 8, 1..=8));
    play(&mut g, "@d4");
    assert_eq!(fields(&g), "b M15m16 0 1");
    let black = legal(&g);
    assert_eq!(black.len(), 63);
    assert!(!black.contains(&"@d4".to_string()));
    assert!(matches!(rejects(&mut g, "@d4"), Illegal::Occupied { .. }));
    assert!(matches!(
        rejects(&mut g, "K@e4"),
        Illegal::NoLeaderInHand { leader, .. } if leader == "leader"
    ));
}

#[test]
fn schadler_placement_neither_traps_nor_restricts_entry() {
    // Black places d5 between c5 and e5 (no entry restriction while placing); White places
    // e4, which would trap d4 against c4 in the movement phase, but traps nothing now.
    check(
        S,
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . M . M . . .
        4 . . M m . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
        "b M13m14 0 5",
        "@d5 @e4",
        "
        8 . . . . . . . m
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . M m M . . .
        4 . . M m M . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h",
    );
}

#[test]
fn schadler_black_places_last_and_white_moves_first() {
    let mut g = Game::new(rules(S));
    let white = squares(8, 1..=2);
    let black = squares(8, 7..=8);
    for i in 0..16 {
        play(&mut g, &format!("@{}", white[i]));
        play(&mut g, &format!("@{}", black[i]));
    }
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
    // The 32 placements were plies, but not quiet movement plies.
    assert_eq!(fields(&g), "w - 0 32");
    assert!(legal(&g).iter().all(|t| !t.starts_with('@')));
    assert!(is_legal(&g, "a2a3"));
    play(&mut g, "a2a3");
    assert_eq!(fields(&g), "b - 1 33");
}

#[test]
fn schadler_players_choose_16_to_24_pieces_each() {
    assert_eq!(preset(S).unwrap().pieces_choice, Some((16, 24)));
    for n in 16..=24 {
        let g = Game::new(rules_n(S, n));
        assert_eq!(fen_of(&g), format!("8/8/8/8/8/8/8/8 w M{n}m{n} 0 0"));
    }
    assert!(preset(S).unwrap().with_pieces(15).is_err());
    assert!(preset(S).unwrap().with_pieces(25).is_err());
}

// ---------------------------------------------------------------- luductus

#[test]
fn luductus_red_places_first_on_its_own_two_rows() {
    let mut g = Game::new(rules(LUDUCTUS));
    assert_eq!(fen_of(&g), "13/13/13/13/13/13/13 r K1M11k1m11 0 0");
    // Red may place a legionary or (first placement) the praetorian, on rows 1 and 2 only.
    let mut expected = placements("@", 13, 1..=2);
    expected.extend(placements("K@", 13, 1..=2));
    expected.sort();
    assert_eq!(legal(&g), expected);
    assert!(
        matches!(rejects(&mut g, "@a3"), Illegal::MayNotPlace { square, .. } if square == "a3")
    );
    assert!(
        matches!(rejects(&mut g, "K@m7"), Illegal::MayNotPlace { square, .. } if square == "m7")
    );
    // White's rows are 6 and 7.
    play(&mut g, "@a1");
    let mut expected = placements("@", 13, 6..=7);
    expected.extend(placements("K@", 13, 6..=7));
    expected.sort();
    assert_eq!(legal(&g), expected);
    assert!(
        matches!(rejects(&mut g, "@a5"), Illegal::MayNotPlace { square, .. } if square == "a5")
    );
    assert!(matches!(rejects(&mut g, "@a1"), Illegal::Occupied { .. }));
}

#[test]
fn luductus_praetorian_is_placed_first_or_last_and_white_moves_first() {
    let mut g = Game::new(rules(LUDUCTUS));
    // Red starts with a legionary, White with its praetorian.
    play(&mut g, "@a1 K@a7");
    // From now on Red may place only legionaries until its twelfth placement...
    assert!(legal(&g).iter().all(|t| t.starts_with('@')));
    assert!(matches!(
        rejects(&mut g, "K@b1"),
        Illegal::LeaderFirstOrLast { .. }
    ));
    play(&mut g, "@b1");
    // ...and White, its praetorian placed, only legionaries.
    assert!(legal(&g).iter().all(|t| t.starts_with('@')));
    play(
        &mut g,
        "@b7 @c1 @c7 @d1 @d7 @e1 @e7 @f1 @f7 @g1 @g7 @h1 @h7 @i1 @i7 @j1 @j7 @k1 @k7",
    );
    assert!(tokens(&g).len() == 22);
    assert_eq!(fields(&g), "r M1k1 0 22");
    // Red has placed 11 legionaries: its twelfth placement must be the praetorian, on any of
    // the 15 free squares of rows 1-2.
    let moves = legal(&g);
    assert_eq!(moves.len(), 15);
    assert!(moves.iter().all(|t| t.starts_with("K@")), "{moves:?}");
    assert!(matches!(
        rejects(&mut g, "@l1"),
        Illegal::NoManInHand { .. }
    ));
    play(&mut g, "K@g2");
    // White places its twelfth piece, a legionary, and then moves again: White moves first.
    assert_eq!(fields(&g), "w M1 0 23");
    play(&mut g, "@l7");
    assert_board(
        &g,
        "
        7 K M M M M M M M M M M M .
        6 . . . . . . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . k . . . . . .
        1 m m m m m m m m m m m . .
          a b c d e f g h i j k l m",
    );
    assert_eq!(
        fields(&g),
        "w - 0 24",
        "White moves first; placements are not quiet plies"
    );
    assert!(legal(&g).iter().all(|t| !t.contains('@')));
    play(&mut g, "l7l6");
    assert_eq!(fields(&g), "r - 1 25");
}

#[test]
fn luductus_white_placing_its_praetorian_last() {
    // Mid-placement: Red placed its praetorian first; White has placed 11 legionaries and
    // holds only the praetorian, which must go now. Red's remaining placements are legionaries.
    let mut g = game(
        LUDUCTUS,
        "
        7 M M M M M M . . . . . . .
        6 M M M M M . . . . . . . .
        5 . . . . . . . . . . . . .
        4 . . . . . . . . . . . . .
        3 . . . . . . . . . . . . .
        2 . . . . . . . . . . . . .
        1 k m m m m m m m m m m . .
          a b c d e f g h i j k l m",
        "r K1m1 0 22",
    );
    assert!(legal(&g).iter().all(|t| t.starts_with('@')));
    assert!(matches!(
        rejects(&mut g, "K@l1"),
        Illegal::NoLeaderInHand { leader, .. } if leader == "praetorian"
    ));
    play(&mut g, "@l1");
    assert_eq!(legal(&g), {
        let mut v: Vec<String> = squares(13, 6..=7)
            .into_iter()
            .filter(|s| {
                ![
                    "a7", "b7", "c7", "d7", "e7", "f7", "a6", "b6", "c6", "d6", "e6",
                ]
                .contains(&s.as_str())
            })
            .map(|s| format!("K@{s}"))
            .collect();
        v.sort();
        v
    });
    play(&mut g, "K@g7");
    assert_eq!(fields(&g), "w - 0 24");
}
