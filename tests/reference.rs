//! The reference cases (perft, divide, legal moves and game status) computed by an independent
//! implementation of the rules, checked against the library directly.

use std::collections::BTreeMap;
use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::rules::{AnyRules, Game, Rules, perft, preset};
use latrunculi::with_width;
use serde_json::Value;

struct Case {
    variant: String,
    pieces: u8,
    moves: Vec<String>,
    depth: usize,
    nodes: u64,
    divide: BTreeMap<String, u64>,
    legal: Vec<String>,
    status: String,
}

/// The cases of the five seed rulesets.
fn cases() -> Vec<Case> {
    parse(include_str!("data/reference_cases.jsonl"))
}

/// The cases of the wider family (rules reference section 6).
fn family_cases() -> Vec<Case> {
    parse(include_str!("data/family_cases.jsonl"))
}

fn parse(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("valid JSON line");
            Case {
                variant: v["variant"].as_str().unwrap().to_string(),
                pieces: v.get("pieces").and_then(Value::as_u64).unwrap_or(16) as u8,
                moves: v["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect(),
                depth: v["depth"].as_u64().unwrap() as usize,
                nodes: v["nodes"].as_u64().unwrap(),
                divide: v["divide"]
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(k, n)| (k.clone(), n.as_u64().unwrap()))
                    .collect(),
                legal: v["legal"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect(),
                status: v["status"].as_str().unwrap().to_string(),
            }
        })
        .collect()
}

fn rules(case: &Case) -> AnyRules {
    AnyRules::new(
        preset(&case.variant)
            .unwrap()
            .with_pieces(case.pieces)
            .unwrap(),
    )
    .unwrap()
}

fn replay<B: Bits>(rules: Arc<Rules<B>>, case: &Case) -> Game<B> {
    let mut game = Game::new(rules);
    for m in &case.moves {
        game.play_token(m)
            .unwrap_or_else(|e| panic!("{} after {:?}: {e}", case.variant, case.moves));
    }
    game
}

#[test]
fn every_reference_case_covers_all_five_rulesets() {
    let all = cases();
    assert!(all.len() >= 70);
    for v in &latrunculi::rules::PRESETS[..5] {
        assert!(all.iter().any(|c| c.variant == *v), "no case for {v}");
    }
}

#[test]
fn the_family_cases_cover_every_other_preset() {
    let all = family_cases();
    assert!(all.len() >= 400);
    for v in &latrunculi::rules::PRESETS[5..] {
        assert!(all.iter().any(|c| c.variant == *v), "no case for {v}");
    }
}

fn check_legal_and_status<B: Bits>(rules: Arc<Rules<B>>, case: &Case) {
    let game = replay(rules, case);
    let geo = &game.rules().geo;
    let mut ours: Vec<String> = game.legal_moves().iter().map(|m| m.token(geo)).collect();
    ours.sort();
    let mut want = case.legal.clone();
    want.sort();
    assert_eq!(ours, want, "{} after {:?}", case.variant, case.moves);
    let status = match game.outcome() {
        None => "ongoing".to_string(),
        Some(o) => format!("{} {}", o.result_word(game.ruleset()), o.code()),
    };
    let want_word = case.status.split_whitespace().next().unwrap();
    assert_eq!(
        status.split_whitespace().next().unwrap(),
        want_word,
        "{} after {:?}: {} (ours: {status})",
        case.variant,
        case.moves,
        case.status
    );
}

fn check_divide<B: Bits>(rules: Arc<Rules<B>>, case: &Case) {
    let mut game = replay(rules, case);
    let geo = game.rules().geo.clone();
    let divide: BTreeMap<String, u64> = perft::divide(&mut game, case.depth)
        .into_iter()
        .map(|(m, n)| (m.token(&geo), n))
        .collect();
    assert_eq!(
        divide, case.divide,
        "{} after {:?}",
        case.variant, case.moves
    );
    assert_eq!(divide.values().sum::<u64>(), case.nodes);
}

#[test]
fn legal_moves_and_status_match_the_reference() {
    for case in cases().iter().chain(&family_cases()) {
        with_width!(rules(case), r => check_legal_and_status(r, case));
    }
}

#[test]
fn perft_and_divide_match_the_reference() {
    for case in cases().iter().chain(&family_cases()) {
        with_width!(rules(case), r => check_divide(r, case));
    }
}
