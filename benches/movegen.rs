//! Move generation and perft speed, per ruleset.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use latrunculi::rules::{Game, PRESETS, Rules, perft, preset};

/// A game of `variant` after the given opening tokens.
fn game(variant: &str, moves: &[&str]) -> Game<u128> {
    let rules = Arc::new(Rules::new(preset(variant, 16).unwrap()).unwrap());
    let mut g = Game::new(rules);
    g.play_tokens(moves).unwrap();
    g
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for v in PRESETS {
        let g = game(v, &[]);
        let mut buf = Vec::with_capacity(256);
        group.bench_function(v, |b| {
            b.iter(|| {
                black_box(g.status(&mut buf));
                black_box(buf.len())
            })
        });
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
        let mut g = game(v, &[]);
        group.bench_function(format!("{v}/depth{depth}"), |b| {
            b.iter(|| black_box(perft::perft(&mut g, depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, legal_moves, perft_from_start);
criterion_main!(benches);
