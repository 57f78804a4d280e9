//! The learned evaluation's costs: an accumulator from scratch, one ply's update, and the
//! output layer (AVX2 where the processor has it, and plain).

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use latrunculi::nnue::train::Model;
use latrunculi::nnue::{Accumulator, Header, Layout, ruleset_digest};
use latrunculi::rules::{Game, Rules, preset};

fn nnue_speed(c: &mut Criterion) {
    let rules = Arc::new(Rules::<u128>::new(preset("kowalski-8x12").unwrap()).unwrap());
    let layout = Layout::new(&rules);
    let header = Header {
        ruleset: rules.ruleset.name.clone(),
        digest: ruleset_digest(&rules.ruleset),
        rows: layout.rows as u16,
        cols: layout.cols as u16,
        provenance: String::new(),
    };
    let net = Model::new(layout.features(), 1).quantise(header);
    let mut game = Game::new(rules.clone());
    game.play_tokens(&["a1a4", "a8a5"]).unwrap();
    let before = *game.position();
    let mv = game.legal_moves()[0];
    game.make(mv);
    let after = *game.position();
    let acc = Accumulator::refresh(&net, &layout, &before);
    let next = acc.updated(&net, &layout, &before, &after);
    let mut group = c.benchmark_group("nnue");
    group.bench_function("refresh", |b| {
        b.iter(|| Accumulator::refresh(&net, &layout, black_box(&before)))
    });
    group.bench_function("update one ply", |b| {
        b.iter(|| black_box(&acc).updated(&net, &layout, &before, black_box(&after)))
    });
    group.bench_function("output layer", |b| {
        b.iter(|| net.evaluate(black_box(&next), after.side))
    });
    group.bench_function("output layer, plain", |b| {
        b.iter(|| net.evaluate_plain(black_box(&next), after.side))
    });
    group.finish();
}

criterion_group!(benches, nnue_speed);
criterion_main!(benches);
