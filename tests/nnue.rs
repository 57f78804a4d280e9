//! The learned evaluation's first layer over random games of every ruleset: after every ply
//! (and every take-back) the incrementally updated accumulator equals one computed from
//! scratch, and the SIMD and plain evaluations agree.

use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::book::key::mirror_position;
use latrunculi::nnue::train::Sample;
use latrunculi::nnue::{Accumulator, HIDDEN, Header, Layout, Net, Tracker, ruleset_digest};
use latrunculi::rules::{AnyRules, Game, MoveKind, PRESETS, Position, Rules, Turn, preset};
use latrunculi::with_width;

/// The kinds of ply the games went through, summed over the rulesets.
#[derive(Default, Debug)]
struct Seen {
    plies: usize,
    undos: usize,
    placements: usize,
    leader_placements: usize,
    hop_chains: usize,
    removals: usize,
    bonus_plies: usize,
    /// Plies that took two or more pieces off the board.
    multi_captures: usize,
    /// Plies that trapped or freed a man.
    traps: usize,
    passes: usize,
}

fn lcg(state: &mut u64) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*state >> 33) as usize
}

/// A net with random weights, larger than a trained one's so that the sums wrap now and
/// then (the comparison must hold through wrapping too).
fn random_net<B: Bits>(rules: &Rules<B>, seed: u64) -> (Net, Layout) {
    let layout = Layout::new(rules);
    let mut state = seed;
    let mut weights = |n: usize, range: usize| -> Vec<i16> {
        (0..n)
            .map(|_| (lcg(&mut state) % (2 * range + 1)) as i16 - range as i16)
            .collect()
    };
    let net = Net {
        header: Header {
            ruleset: rules.ruleset.name.clone(),
            digest: ruleset_digest(&rules.ruleset),
            rows: layout.rows as u16,
            cols: layout.cols as u16,
            provenance: String::new(),
        },
        features: layout.features(),
        ft_weights: weights(layout.features() * HIDDEN, 500),
        ft_bias: weights(HIDDEN, 500),
        out_weights: weights(2 * HIDDEN, 512),
        out_bias: 1234,
        adds_to_formula: false,
        judges_placements: false,
    };
    (net, layout)
}

/// The features of the position reflected left to right are those of the position, each
/// mirrored (and mirroring twice gives them back).
fn check_mirror<B: Bits>(rules: &Rules<B>, layout: &Layout, pos: &Position<B>) {
    let mirrored = mirror_position(&rules.geo, pos);
    let sample = Sample::of(layout, pos, None, 0.5);
    assert_eq!(
        sample.mirrored(layout),
        Sample::of(layout, &mirrored, None, 0.5)
    );
    assert_eq!(sample.mirrored(layout).mirrored(layout), sample);
}

fn check_ruleset<B: Bits>(rules: Arc<Rules<B>>, seen: &mut Seen, seed: u64) {
    let name = rules.ruleset.name.clone();
    let (net, layout) = random_net(&rules, seed);
    let mut state = seed;
    for game_no in 0..3 {
        let mut game = Game::new(rules.clone());
        let mut tracker = Tracker::new(&net, layout.clone(), game.position());
        for ply in 0..250 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply > 4 && lcg(&mut state).is_multiple_of(6) {
                game.undo();
                tracker.pop();
                seen.undos += 1;
            } else {
                let mv = moves[lcg(&mut state) % moves.len()];
                let before = *game.position();
                let removed = game.make(mv).removed.count();
                let after = *game.position();
                // Into an accumulator of other sums: the update must not read what it
                // overwrites.
                let mut plain = tracker.current().clone();
                plain.v.iter_mut().flatten().for_each(|x| *x ^= 0x2b5d);
                tracker
                    .current()
                    .update_into_plain(&mut plain, &net, &layout, &before, &after);
                tracker.push(&net, &before, &after);
                assert_eq!(
                    tracker.current(),
                    &plain,
                    "{name}: SIMD and plain updates differ"
                );
                seen.plies += 1;
                match mv.kind {
                    MoveKind::Place => seen.placements += 1,
                    MoveKind::PlaceLeader => seen.leader_placements += 1,
                    MoveKind::Remove => seen.removals += 1,
                    MoveKind::Pass => seen.passes += 1,
                    MoveKind::Go if mv.hops > 1 => seen.hop_chains += 1,
                    MoveKind::Go => {}
                }
                seen.multi_captures += (removed >= 2) as usize;
                seen.bonus_plies += matches!(before.turn, Turn::Bonus(_)) as usize;
                seen.traps += (before.trapped != after.trapped) as usize;
            }
            let pos = game.position();
            if ply % 7 == 0 {
                check_mirror(&rules, &layout, pos);
            }
            let fresh = Accumulator::refresh(&net, &layout, pos);
            assert_eq!(
                tracker.current(),
                &fresh,
                "{name}, game {game_no}, ply {ply}: incremental and recomputed accumulators differ"
            );
            assert_eq!(tracker.depth(), game.frames().len());
            assert_eq!(
                net.evaluate(&fresh, pos.side),
                net.evaluate_plain(&fresh, pos.side),
                "{name}: SIMD and plain evaluations differ"
            );
        }
    }
}

#[test]
fn the_incremental_accumulator_equals_a_recompute_in_every_ruleset() {
    let mut seen = Seen::default();
    for (i, name) in PRESETS.iter().enumerate() {
        let any = AnyRules::new(preset(name).unwrap()).unwrap();
        with_width!(any, r => check_ruleset(r, &mut seen, 1000 + i as u64));
    }
    // Every kind of ply was followed, many times.
    assert!(seen.plies > 20_000, "{seen:?}");
    assert!(seen.undos > 2_000, "{seen:?}");
    assert!(seen.placements > 1_000, "{seen:?}");
    assert!(seen.leader_placements > 10, "{seen:?}");
    assert!(seen.hop_chains > 10, "{seen:?}");
    assert!(seen.removals > 10, "{seen:?}");
    assert!(seen.bonus_plies > 10, "{seen:?}");
    assert!(seen.multi_captures > 10, "{seen:?}");
    assert!(seen.traps > 10, "{seen:?}");
}

/// A ruleset's digest names what it is: two presets that differ only in the board's size
/// differ, and renaming a ruleset or its colours does not change it.
#[test]
fn the_digest_follows_the_rules_not_the_name() {
    let a = preset("seega-rules-8x8").unwrap();
    let b = preset("seega-rules-8x9").unwrap();
    assert_ne!(ruleset_digest(&a), ruleset_digest(&b));
    let mut renamed = a.clone();
    renamed.name = "my-seega".into();
    renamed.black_name = "red".into();
    assert_eq!(ruleset_digest(&a), ruleset_digest(&renamed));
    let mut changed = a.clone();
    changed.end.ply_limit += 1;
    assert_ne!(ruleset_digest(&a), ruleset_digest(&changed));
    let digests: std::collections::HashSet<u64> = PRESETS
        .iter()
        .map(|n| ruleset_digest(&preset(n).unwrap()))
        .collect();
    assert_eq!(
        digests.len(),
        PRESETS.len(),
        "every preset is its own ruleset"
    );
}
