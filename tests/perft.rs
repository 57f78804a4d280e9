//! Perft regression numbers for every ruleset: depths 1 to 4 from the start and from two
//! mid-game positions each. Depths 1 to 3 of the mid-game positions (and kowalski-8x12 from
//! the start) agree with an independent implementation of the rules; the small start counts
//! are reasoned out in the comments.

use std::sync::Arc;

use latrunculi::rules::{Game, Rules, perft, preset};
use serde_json::Value;

fn start(variant: &str) -> Game<u128> {
    Game::new(Arc::new(Rules::new(preset(variant).unwrap()).unwrap()))
}

/// The game after the opening of the reference case of `variant` at ply `ply` whose note
/// contains `note`: the history runs from the start, as repetition rules need.
fn reference_game(variant: &str, ply: usize, note: &str) -> Game<u128> {
    let text = include_str!("data/reference_cases.jsonl");
    let case: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|c| {
            c["variant"] == variant
                && c["moves"].as_array().unwrap().len() == ply
                && c["note"].as_str().unwrap().contains(note)
        })
        .unwrap_or_else(|| panic!("no reference case {variant} ply {ply} {note}"));
    let mut game = start(variant);
    let moves: Vec<&str> = case["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    game.play_tokens(&moves).unwrap();
    game
}

fn check(game: &mut Game<u128>, want: &[u64]) {
    for (depth, &n) in want.iter().enumerate() {
        assert_eq!(perft::perft(game, depth + 1), n, "depth {}", depth + 1);
    }
}

#[test]
fn perft_zero_is_one() {
    assert_eq!(perft::perft(&mut start("murray"), 0), 1);
}

#[test]
fn kowalski_from_the_start() {
    // The acceptance numbers of the rules reference (superko applied along the path).
    check(
        &mut start("kowalski-8x12"),
        &[81, 6_285, 537_761, 44_439_675],
    );
}

#[test]
fn schadler_from_the_empty_board() {
    // Placement anywhere, no captures: 64 * 63 * 62 * 61.
    check(
        &mut start("schadler-2001"),
        &[64, 4_032, 249_984, 15_249_024],
    );
}

#[test]
fn schadler_with_more_pieces_places_the_same_way() {
    let rules =
        Arc::new(Rules::new(preset("schadler-2001").unwrap().with_pieces(24).unwrap()).unwrap());
    check(&mut Game::new(rules), &[64, 4_032, 249_984]);
}

#[test]
fn murray_from_the_start() {
    // Black men on a-c and f-h files 6 squares each (36), e1 stops under the white king on e7
    // (5), d1 is blocked by its own king; the king on d2 has 5 up, 3 left, 4 right: 53.
    check(&mut start("murray"), &[53, 2_637, 145_394, 7_646_349]);
}

#[test]
fn little_soldiers_from_the_start() {
    // a1, b1, g1, h1: 6 each (24); c2 and f2: 4 up and 2 sideways (12); d2, e2: 4 up (8): 44.
    check(
        &mut start("little-soldiers"),
        &[44, 1_806, 87_180, 4_013_520],
    );
}

#[test]
fn luductus_from_the_start() {
    // Red places a legionary or the praetorian on one of its 26 squares (52); White the same;
    // then each side's second placement is a legionary on 25 squares, whichever came first.
    check(&mut start("luductus"), &[52, 2_704, 67_600, 1_690_000]);
}

#[test]
fn kowalski_mid_game() {
    check(
        &mut reference_game("kowalski-8x12", 12, "superko"),
        &[115, 7_577, 855_884, 60_937_031],
    );
    check(
        &mut reference_game("kowalski-8x12", 98, "corner"),
        &[75, 6_574, 516_845, 44_972_780],
    );
}

#[test]
fn schadler_mid_game() {
    check(
        &mut reference_game("schadler-2001", 45, "trapped pieces awaiting"),
        &[42, 1_765, 74_388, 3_112_630],
    );
    check(
        &mut reference_game("schadler-2001", 73, "hop chains"),
        &[45, 1_934, 89_194, 3_909_453],
    );
}

#[test]
fn murray_mid_game() {
    check(
        &mut reference_game("murray", 28, "repeating"),
        &[59, 2_974, 173_874, 8_973_928],
    );
    check(
        &mut reference_game("murray", 60, "capture-biased"),
        &[42, 2_297, 95_668, 5_226_182],
    );
}

#[test]
fn little_soldiers_mid_game() {
    check(
        &mut reference_game("little-soldiers", 40, "capture-biased"),
        &[53, 2_347, 131_857, 5_840_422],
    );
    check(
        &mut reference_game("little-soldiers", 74, "hunting"),
        &[69, 1_436, 101_737, 2_361_267],
    );
}

#[test]
fn luductus_mid_game() {
    check(
        &mut reference_game("luductus", 28, "captures two"),
        &[78, 4_559, 367_512, 23_230_026],
    );
    check(
        &mut reference_game("luductus", 131, "enclosing"),
        &[69, 3_651, 257_657, 13_326_338],
    );
}
