//! Search speed: one fixed-depth search per ruleset, on one thread.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use latrunculi::rules::{Game, Rules, preset};
use latrunculi::search::{Clock, Limits, SearchConfig, Shared, bench::POSITIONS, run};

fn search_speed(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (variant, fen, depth) in POSITIONS {
        if fen == "startpos" {
            continue;
        }
        let rules = Arc::new(Rules::<u128>::new(preset(variant).unwrap()).unwrap());
        let game = Game::from_fen(rules, fen).unwrap();
        let cfg = SearchConfig {
            limits: Limits::depth(depth - 1),
            ..SearchConfig::default()
        };
        group.bench_function(format!("{variant}/depth{}", depth - 1), |b| {
            b.iter(|| {
                let shared = Shared::new(16);
                let clock = Clock::new(&cfg.limits, game.position().side, 0);
                black_box(run(&game, &shared, &clock, &cfg, &mut |_| {}).nodes)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search_speed);
criterion_main!(benches);
