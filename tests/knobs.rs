//! The knobs the wider family of rulesets needs, each shown working on a small custom
//! ruleset (the five presets do not use them all).

use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::rules::*;

fn game(r: Ruleset, fen_text: &str) -> Game<u128> {
    let rules = Arc::new(Rules::<u128>::new(r).unwrap());
    Game::from_fen(rules, fen_text).unwrap()
}

fn tokens(g: &Game<u128>) -> Vec<String> {
    let mut t: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|m| m.token(&g.rules().geo))
        .collect();
    t.sort();
    t
}

fn seega_like() -> Ruleset {
    let mut r = preset("schadler-2001").unwrap();
    r.name = "seega-5x5".into();
    r.rows = 5;
    r.cols = 5;
    r.layout = "5/5/5/5/5".into();
    r.hand_men = 4;
    r.pieces_choice = None;
    r.placement.per_turn = 2;
    r.placement.forbid_centre = true;
    r.placement.movement_first = None;
    r.man_moves = Movement {
        reach: Reach::Step,
        lines: Lines::Orthogonal,
    };
    r.hops = None;
    r.capture.effect = CaptureEffect::Remove;
    r.entry_restriction = false;
    r.end.repetition = Repetition::Ignored;
    r.end.material = None;
    r
}

#[test]
fn two_placements_per_turn_and_never_the_centre() {
    let mut g = game(seega_like(), "5/5/5/5/5 w M4m4 0 0");
    assert!(
        !tokens(&g).contains(&"@c3".to_string()),
        "the centre is not placeable"
    );
    assert_eq!(tokens(&g).len(), 24);
    g.play_token("@a1").unwrap();
    assert_eq!(g.position().side, Colour::White, "White places twice");
    g.play_token("@b1").unwrap();
    assert_eq!(g.position().side, Colour::Black);
    g.play_tokens(&["@a5", "@b5", "@c1", "@d1", "@c5", "@d5"])
        .unwrap();
    // Black placed last; with no rule for who moves first, the turn passes on to White.
    assert!(!g.position().placing());
    assert_eq!(g.position().side, Colour::White);
}

#[test]
fn a_capture_earns_a_bonus_move() {
    let mut r = seega_like();
    r.bonus_move = true;
    // 2  M m . . m
    // 1  . . M . .     White steps c1-c2 and takes b2 between a2 and c2.
    //    a b c d e
    let mut g = game(r, "5/5/5/Mm2m/2M2 w - 0 10");
    g.play_token("c1c2").unwrap();
    assert_eq!(
        g.last_frame().removed.count(),
        1,
        "b2 is taken between a2 and c2"
    );
    assert_eq!(g.position().side, Colour::White, "the capturer moves again");
    g.play_token("c2c3").unwrap();
    assert_eq!(g.position().side, Colour::Black, "no capture, no bonus");
}

#[test]
fn no_move_can_be_decided_by_counting_pieces() {
    let mut r = seega_like();
    r.end.no_move = NoMove::CountPieces;
    // Black's man on a5 is boxed in by White; White has more pieces.
    let g = game(r, "mM3/M4/5/5/4M b - 0 10");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(Colour::White));
    assert_eq!(
        o.describe(g.ruleset()),
        "black has no legal move: white has more pieces"
    );
}

#[test]
fn empty_corners_can_be_hostile() {
    let mut r = preset("little-soldiers").unwrap();
    r.capture.hostile_corners = true;
    r.end.material = None;
    // A black man on b1 between the empty corner a1 and a white man arriving on c1.
    let mut g = game(r.clone(), "8/8/8/8/8/8/2M5/1m6 w - 0 0");
    g.play_token("c2c1").unwrap();
    assert_eq!(g.last_frame().removed.count(), 1);
    r.capture.hostile_corners = false;
    let mut g = game(r, "8/8/8/8/8/8/2M5/1m6 w - 0 0");
    g.play_token("c2c1").unwrap();
    assert_eq!(g.last_frame().removed.count(), 0);
}

#[test]
fn a_leader_can_be_captured_like_a_man_and_that_ends_the_game() {
    let mut r = preset("murray").unwrap();
    r.capture.leader = LeaderCapture::AsMan;
    r.end.leader_loss = true;
    // The white king on d4 between a black man on c4 and a black man arriving on e4.
    let mut g = game(r, "M7/8/8/8/2mK3m/8/8/m3k3 b - 0 0");
    g.play_token("h4e4").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(Colour::Black));
    assert_eq!(o.describe(g.ruleset()), "white's king was captured");
}

#[test]
fn the_leader_can_be_placed_only_after_the_men() {
    let mut r = preset("luductus").unwrap();
    r.placement.leader_order = LeaderOrder::AfterMen;
    let g = game(r.clone(), "13/13/13/13/13/13/13 r K1M11k1m11 0 0");
    assert!(tokens(&g).iter().all(|t| t.starts_with('@')));
    let g = game(r, "13/13/13/13/13/13/13 r K1m1 0 22");
    assert!(tokens(&g).iter().all(|t| t.starts_with("@")), "men first");
}

#[test]
fn hops_over_enemies_only_and_by_men() {
    let mut r = preset("little-soldiers").unwrap();
    r.hops = Some(Hops {
        by: Hoppers::MenOnly,
        over: HopOver::Enemy,
        lines: Lines::Orthogonal,
        chains: true,
    });
    r.man_moves = Movement {
        reach: Reach::Step,
        lines: Lines::Orthogonal,
    };
    r.end.material = None;
    // White a1 can jump the black man on a2 (to a3), then the black man on b3 (to c3); not
    // its own man on b1.
    let g = game(r, "8/8/8/8/8/1m6/m7/MM6 w - 0 0");
    let t = tokens(&g);
    assert!(
        t.contains(&"a1a3".to_string()) && t.contains(&"a1a3c3".to_string()),
        "{t:?}"
    );
    assert!(!t.contains(&"a1c1".to_string()), "{t:?}");
}

#[test]
fn diagonal_steps_and_no_repetition_rule() {
    let mut r = preset("little-soldiers").unwrap();
    r.man_moves = Movement {
        reach: Reach::Step,
        lines: Lines::All,
    };
    r.end.material = None;
    r.end.quiet_limit = None;
    let mut g = game(r, "7m/8/8/8/8/8/8/M7 w - 0 0");
    assert_eq!(tokens(&g), vec!["a1a2", "a1b1", "a1b2"]);
    // Shuffling forever is allowed: no superko, no threefold.
    for _ in 0..4 {
        g.play_tokens(&["a1b2", "h8g7", "b2a1", "g7h8"]).unwrap();
    }
    assert!(g.outcome().is_none());
}
