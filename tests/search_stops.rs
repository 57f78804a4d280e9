//! A search cut short in the middle of an iteration (by its node limit here, by the clock in
//! play) must still answer with a legal move that its last report explains, whether the move
//! comes from the last completed iteration, from a root move the unfinished iteration proved
//! better, or from a helper thread that got deeper.
//!
//! On one thread a node limit stops the search at the same node every run, so the sweep below
//! is deterministic.

use std::sync::Arc;

use latrunculi::rules::{Game, Rules, preset};
use latrunculi::search::{Clock, Event, Info, Limits, SearchConfig, SearchResult, Shared, run};

type G = Game<u128>;

/// Movement-phase positions from three rulesets (position strings, or the start).
const POSITIONS: [(&str, &str); 6] = [
    ("kowalski-8x12", "startpos"),
    (
        "kowalski-8x12",
        "mMm2m3m2/7m4/10mM/M2M5m2/5m1k4/9M2/12/M2M2KM4 w - 2 98",
    ),
    ("murray", "startpos"),
    ("murray", "MM1M3M/5K2/1k6/1m6/3M3M/8/4m3/7m b - 4 60"),
    ("little-soldiers", "startpos"),
    (
        "little-soldiers",
        "2mm4/4m3/m2m3m/8/7M/3M1M1M/M1M1MM2/2M1M3 w - 9 40",
    ),
];

fn game(variant: &str, text: &str) -> G {
    let rules = Arc::new(Rules::<u128>::new(preset(variant).unwrap()).unwrap());
    if text == "startpos" {
        Game::new(rules)
    } else {
        Game::from_fen(rules, text).unwrap()
    }
}

/// Searches `game` with at most `nodes` nodes on `threads` threads; returns the result and
/// the reports.
fn limited(game: &G, nodes: u64, threads: usize) -> (SearchResult, Vec<Info>) {
    let cfg = SearchConfig {
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        threads,
        ..SearchConfig::default()
    };
    let shared = Shared::new(4);
    let clock = Clock::new(&cfg.limits, game.position().side, 0);
    let mut infos = Vec::new();
    let r = run(game, &shared, &clock, &cfg, &mut |e| {
        if let Event::Info(i) = e {
            infos.push(i);
        }
    });
    (r, infos)
}

/// The answer is legal and is the first move of the last line reported, its value the last
/// value reported.
fn check(game: &G, what: &str, r: &SearchResult, infos: &[Info]) {
    let best = r.best.unwrap_or_else(|| panic!("{what}: no move"));
    assert!(game.legal_moves().contains(&best), "{what}: illegal move");
    let last = infos.last().unwrap_or_else(|| panic!("{what}: no report"));
    assert_eq!(
        last.pv.first(),
        Some(&best),
        "{what}: move and report differ"
    );
    assert_eq!(last.value, r.value, "{what}: value and report differ");
}

#[test]
fn a_search_cut_short_plays_the_move_its_last_report_shows() {
    let mut changed_mid_iteration = 0;
    for (variant, text) in POSITIONS {
        let g = game(variant, text);
        for nodes in (1..=24).map(|k| k * 2_500) {
            let what = format!("{variant} {text} nodes {nodes}");
            let (r, infos) = limited(&g, nodes, 1);
            check(&g, &what, &r, &infos);
            // The unfinished iteration's move is reported at the depth it was found at, one
            // deeper than the search completed.
            let last = infos.last().unwrap();
            if last.depth > r.depth {
                assert_eq!(last.depth, r.depth + 1, "{what}");
                let previous = infos.iter().rev().find(|i| i.depth == r.depth).unwrap();
                assert_ne!(
                    previous.pv.first(),
                    last.pv.first(),
                    "{what}: nothing changed"
                );
                changed_mid_iteration += 1;
            }
        }
    }
    // The sweep covers searches that changed their mind before finishing an iteration (if a
    // change to the search ever makes this fail, widen the sweep rather than drop the check).
    assert!(changed_mid_iteration > 0);
}

#[test]
fn two_threads_cut_short_answer_as_consistently_as_one() {
    for (variant, text) in POSITIONS {
        let g = game(variant, text);
        for nodes in [5_000, 20_000, 60_000] {
            let (r, infos) = limited(&g, nodes, 2);
            check(&g, &format!("{variant} {text} nodes {nodes}"), &r, &infos);
        }
    }
}

/// Three plies before murray's ply limit every line ends within three plies, so whole
/// iterations take fewer nodes than the search counts between checks of its limits: the
/// limit must still be seen between iterations (it once ran on to the deepest depth).
#[test]
fn iterations_too_small_to_check_the_limits_still_stop_at_them() {
    let g = game("murray", "1m6/7m/4k3/8/1M6/3K4/8/8 w - 2254 2497");
    let (r, infos) = limited(&g, 2_000, 1);
    let last = infos.last().expect("a report");
    assert!(r.best.is_some());
    assert!(
        r.nodes < 2_000 + 1_500,
        "{} nodes against a limit of 2,000",
        r.nodes
    );
    assert!(last.depth < 20, "searched on to depth {}", last.depth);
}
