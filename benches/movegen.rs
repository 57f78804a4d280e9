//! Move generation and perft speed, per ruleset, and the cost of the 256-bit set.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use latrunculi::board::{Bits, Bits256};
use latrunculi::rules::{AnyRules, Game, PRESETS, Rules, perft, preset};
use latrunculi::with_width;

/// A game of `variant` on the bit-set type `B` after the given opening tokens.
fn game_on<B: Bits>(variant: &str, moves: &[&str]) -> Game<B> {
    let rules = Arc::new(Rules::<B>::new(preset(variant).unwrap()).unwrap());
    let mut g = Game::new(rules);
    g.play_tokens(moves).unwrap();
    g
}

fn bench_legal<B: Bits>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    g: Game<B>,
) {
    let mut buf = Vec::with_capacity(256);
    group.bench_function(name, |b| {
        b.iter(|| {
            black_box(g.status(&mut buf));
            black_box(buf.len())
        })
    });
}

/// Legal moves from the start of every preset, on the bit-set type its board needs.
fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for v in PRESETS {
        let rules = AnyRules::new(preset(v).unwrap()).unwrap();
        with_width!(rules, r => bench_legal(&mut group, v, Game::new(r)));
    }
    group.finish();
}

fn perft_from_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (v, depth) in [
        ("kowalski-8x12", 4),
        ("schadler-2001", 4),
        ("murray", 4),
        ("little-soldiers", 4),
        ("luductus", 4),
    ] {
        let mut g = game_on::<u128>(v, &[]);
        group.bench_function(format!("{v}/depth{depth}"), |b| {
            b.iter(|| black_box(perft::perft(&mut g, depth)))
        });
    }
    group.finish();
}

/// The 256-bit set: the two big boards, and an 8x8 ruleset on both types (what the width
/// costs by itself).
fn wide(c: &mut Criterion) {
    let mut group = c.benchmark_group("wide");
    group.sample_size(10);
    for (v, depth) in [
        ("falkener", 3),
        ("seega-rules-11x16", 3),
        ("kharebga-rules-11x16", 3),
    ] {
        let mut g = game_on::<Bits256>(v, &[]);
        group.bench_function(format!("{v}/depth{depth}"), |b| {
            b.iter(|| black_box(perft::perft(&mut g, depth)))
        });
    }
    let mut narrow = game_on::<u128>("murray", &[]);
    group.bench_function("murray/depth4/u128", |b| {
        b.iter(|| black_box(perft::perft(&mut narrow, 4)))
    });
    let mut wide = game_on::<Bits256>("murray", &[]);
    group.bench_function("murray/depth4/256-bit", |b| {
        b.iter(|| black_box(perft::perft(&mut wide, 4)))
    });
    group.finish();
}

criterion_group!(benches, legal_moves, perft_from_start, wide);
criterion_main!(benches);
