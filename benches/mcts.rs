//! Placement search speed: playouts on one thread, from the start of both placement rulesets.

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use latrunculi::mcts::{MctsConfig, MctsParams, Playout, Tree, run};
use latrunculi::rules::{Game, Rules, preset};
use latrunculi::search::{Clock, Limits, Weights};

const PLAYOUTS: u64 = 2000;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts_playouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PLAYOUTS));
    for variant in ["schadler-2001", "luductus"] {
        for (name, playout) in [
            ("place-then-evaluate", Playout::PlaceThenEvaluate),
            ("random-to-end", Playout::RandomToEnd),
        ] {
            let game = Game::new(Arc::new(
                Rules::<u128>::new(preset(variant).unwrap()).unwrap(),
            ));
            let params = MctsParams {
                playout,
                ..MctsParams::default()
            };
            let weights = Weights::default();
            group.bench_function(format!("{variant}/{name}"), |b| {
                b.iter(|| {
                    let cfg = MctsConfig {
                        params: &params,
                        weights: &weights,
                        net: None,
                        threads: 1,
                        playouts: Some(PLAYOUTS),
                        seed: 3,
                    };
                    let clock = Clock::new(&Limits::default(), game.position().side, 0);
                    black_box(
                        run(
                            &game,
                            Tree::new(),
                            &AtomicBool::new(false),
                            &clock,
                            &cfg,
                            &mut |_| {},
                        )
                        .0
                        .nodes,
                    )
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
