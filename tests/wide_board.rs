//! The rules code is generic over the bit-set type: the same code plays on a 256-bit set, so
//! boards of 12x12 and 11x16 need no change to the rules.

use std::sync::Arc;

use latrunculi::board::Bits256;
use latrunculi::rules::{Game, Rules, perft, preset};

#[test]
fn a_wider_bit_set_gives_the_same_perft() {
    for (variant, depth) in [
        ("kowalski-8x12", 3),
        ("schadler-2001", 2),
        ("murray", 3),
        ("little-soldiers", 3),
        ("luductus", 3),
    ] {
        let narrow = Arc::new(Rules::<u128>::new(preset(variant).unwrap()).unwrap());
        let wide = Arc::new(Rules::<Bits256>::new(preset(variant).unwrap()).unwrap());
        assert_eq!(
            perft::perft(&mut Game::new(narrow), depth),
            perft::perft(&mut Game::new(wide), depth),
            "{variant}"
        );
    }
}

#[test]
fn a_12x12_board_needs_the_wider_set() {
    let mut r = preset("kowalski-8x12").unwrap();
    r.name = "kowalski-12x12".into();
    r.rows = 12;
    r.cols = 12;
    r.layout = "mmmmmmmmmmmm/5k6/12/12/12/12/12/12/12/12/6K5/MMMMMMMMMMMM".into();
    let err = Rules::<u128>::new(r.clone()).unwrap_err();
    assert!(
        err.message.contains("needs 156 cells") && err.knob == "board",
        "{err}"
    );
    let mut game = Game::new(Arc::new(Rules::<Bits256>::new(r).unwrap()));
    // Ten men have 10 squares up their file; f1 stops under the black dux on f11 (9), g1 is
    // blocked by its own dux; the dux on g2 has 11 squares sideways and 9 up.
    assert_eq!(perft::perft(&mut game, 1), 10 * 10 + 9 + 11 + 9);
    game.play_tokens(&["a1a11", "b12b2"]).unwrap();
    assert_eq!(game.position().ply, 2);
}

#[test]
fn an_11x16_placement_board_plays() {
    let mut r = preset("schadler-2001").unwrap();
    r.name = "schadler-11x16".into();
    r.rows = 11;
    r.cols = 16;
    r.layout = ["16"; 11].join("/");
    // A hop chain on 11x16 could make 47 jumps, more than a move holds: refused.
    let err = Rules::<Bits256>::new(r.clone()).unwrap_err();
    assert_eq!(err.knob, "hops.chains", "{err}");
    assert!(err.message.contains("47 jumps"), "{err}");
    r.hops = None;
    let mut game = Game::new(Arc::new(Rules::<Bits256>::new(r).unwrap()));
    assert_eq!(perft::perft(&mut game, 2), 176 * 175);
    game.play_tokens(&["@p11", "@a1"]).unwrap();
    let geo = &game.rules().geo;
    assert_eq!(geo.name(geo.square(10, 15)), "p11");
}
