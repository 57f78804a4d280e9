//! The placement search: a consistent tree, legal choices, limits honoured, tree reuse.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use latrunculi::mcts::{MctsConfig, MctsParams, Playout, Reuse, Tree, run};
use latrunculi::nnue::{HIDDEN, Header, Layout, Net, QA, QB, SCALE, ruleset_digest};
use latrunculi::rules::{Game, Rules, preset};
use latrunculi::search::{Clock, Limits, Weights};

fn start(variant: &str) -> Game<u128> {
    Game::new(Arc::new(Rules::new(preset(variant).unwrap()).unwrap()))
}

fn search(
    game: &Game<u128>,
    tree: Tree,
    playouts: u64,
    params: &MctsParams,
) -> (latrunculi::search::SearchResult, Tree) {
    search_with(game, tree, playouts, params, None)
}

fn search_with(
    game: &Game<u128>,
    tree: Tree,
    playouts: u64,
    params: &MctsParams,
    net: Option<&Net>,
) -> (latrunculi::search::SearchResult, Tree) {
    let weights = Weights::default();
    let cfg = MctsConfig {
        params,
        weights: &weights,
        net,
        threads: 1,
        playouts: Some(playouts),
        seed: 7,
    };
    let clock = Clock::new(&Limits::default(), game.position().side, 0);
    run(
        game,
        tree,
        &AtomicBool::new(false),
        &clock,
        &cfg,
        &mut |_| {},
    )
}

/// Every node's visits are its own first playout plus its children's visits; a fresh root's
/// are all its children's (a reused root keeps the playout it had as a leaf).
fn check_counts(tree: &Tree, fresh_root: bool) {
    for (i, node) in tree.nodes.iter().enumerate() {
        let kids: u32 = tree
            .children(i as u32)
            .map(|c| tree.nodes[c as usize].visits)
            .sum();
        if i == 0 {
            assert_eq!(node.visits, kids + u32::from(!fresh_root), "root");
        } else if node.children > 0 {
            assert_eq!(node.visits, kids + 1, "node {i}");
        }
        assert!(node.wins >= 0.0 && node.wins <= node.visits as f64 + 1e-9);
    }
}

#[test]
fn visit_counts_add_up_and_the_move_is_legal() {
    for variant in ["schadler-2001", "luductus"] {
        let mut game = start(variant);
        game.play_tokens(
            &game.legal_moves()[..1]
                .iter()
                .map(|m| m.token(&game.rules().geo))
                .collect::<Vec<_>>(),
        )
        .unwrap();
        for playout in [Playout::PlaceThenEvaluate, Playout::RandomToEnd] {
            let params = MctsParams {
                playout,
                ..MctsParams::default()
            };
            let (r, tree) = search(&game, Tree::new(), 600, &params);
            assert_eq!(r.nodes, 600, "go nodes counts playouts");
            assert_eq!(tree.nodes[0].visits, 600);
            check_counts(&tree, true);
            let best = r.best.expect("a move");
            assert!(
                game.legal_moves().contains(&best),
                "{variant}: illegal {best:?}"
            );
            assert!(r.depth >= 1 && !r.lines[0].2.is_empty());
        }
    }
}

#[test]
fn the_time_limit_and_stop_are_honoured() {
    let game = start("schadler-2001");
    let params = MctsParams::default();
    let weights = Weights::default();
    let cfg = MctsConfig {
        params: &params,
        weights: &weights,
        net: None,
        threads: 2,
        playouts: None,
        seed: 1,
    };
    let clock = Clock::new(&Limits::movetime(150), game.position().side, 0);
    let (r, _) = run(
        &game,
        Tree::new(),
        &AtomicBool::new(false),
        &clock,
        &cfg,
        &mut |_| {},
    );
    assert!(r.best.is_some() && r.nodes > 0);
    // A raised stop flag ends an unlimited search at once.
    let clock = Clock::new(&Limits::default(), game.position().side, 0);
    let (r, _) = run(
        &game,
        Tree::new(),
        &AtomicBool::new(true),
        &clock,
        &cfg,
        &mut |_| {},
    );
    assert_eq!(r.nodes, 0);
    assert!(r.best.is_some(), "a legal move even without playouts");
}

#[test]
fn tree_reuse_keeps_the_subtree_of_the_moves_played() {
    let game = start("luductus");
    let params = MctsParams::default();
    let (r, tree) = search(&game, Tree::new(), 2000, &params);
    let best = r.best.unwrap();
    let child = tree.child_by_move(0, &best).unwrap();
    let kept = Reuse {
        game_start: latrunculi::mcts::game_start(&game),
        root_history: game.moves(),
        tree: tree.clone(),
    };
    let mut next = game.clone();
    next.make(best);
    let reused = kept
        .take_for(&next)
        .expect("the game continues from the kept root");
    let old = &tree.nodes[child as usize];
    assert_eq!(reused.nodes[0].visits, old.visits);
    assert_eq!(reused.nodes[0].children, old.children);
    for (a, b) in reused.children(0).zip(tree.children(child)) {
        assert_eq!(reused.nodes[a as usize].mv, tree.nodes[b as usize].mv);
        assert_eq!(
            reused.nodes[a as usize].visits,
            tree.nodes[b as usize].visits
        );
    }
    check_counts(&reused, false);
    // Searching on adds to the kept statistics.
    let (_, grown) = search(&next, reused, 500, &params);
    assert_eq!(grown.nodes[0].visits, old.visits + 500);
    check_counts(&grown, false);
    // A game that does not continue from the kept root gets no tree.
    let mut other = game.clone();
    let other_move = *game.legal_moves().iter().find(|m| **m != best).unwrap();
    other.make(other_move);
    assert!(tree.child_by_move(0, &other_move).is_some());
    let unrelated = start("luductus");
    assert!(
        Reuse {
            game_start: latrunculi::mcts::game_start(&game),
            root_history: vec![other_move],
            tree: tree.clone(),
        }
        .take_for(&unrelated)
        .is_none()
    );
    // Nor does a game of another ruleset whose moves have the same square numbers.
    let elsewhere = Game::new(Arc::new(
        Rules::<u128>::new(preset("seega-rules-6x6").unwrap()).unwrap(),
    ));
    assert!(kept.take_for(&elsewhere).is_none());
}

/// A net whose every output is `cp` centipawns for the side to move, for `game`'s ruleset.
fn constant_net(game: &Game<u128>, cp: i32, judges_placements: bool) -> Net {
    let rules = game.rules();
    let layout = Layout::new(rules);
    Net {
        header: Header {
            ruleset: rules.ruleset.name.clone(),
            digest: ruleset_digest(&rules.ruleset),
            rows: layout.rows as u16,
            cols: layout.cols as u16,
            provenance: String::new(),
        },
        features: layout.features(),
        ft_weights: vec![0; layout.features() * HIDDEN],
        ft_bias: vec![0; HIDDEN],
        out_weights: vec![0; 2 * HIDDEN],
        // The output is out_bias / (QA * QB) in units of SCALE centipawns.
        out_bias: cp * QA * QB / SCALE,
        adds_to_formula: false,
        judges_placements,
    }
}

/// A net that judges placements values every playout's end: a net that says +100 for the
/// side to move in every position (White makes the first movement ply, so every playout
/// ends +100 for White) makes the search's value +100 for White, whatever the formula
/// says; a net without that bit, or one for another ruleset, leaves the formula in charge.
#[test]
fn a_net_that_judges_placements_values_the_playouts() {
    let mut game = start("kharebga-rules-8x8");
    let params = MctsParams {
        playout: Playout::PlaceThenEvaluate,
        ..MctsParams::default()
    };
    let value = |game: &Game<u128>, net: Option<&Net>| {
        search_with(game, Tree::new(), 300, &params, net).0.value
    };
    let judging = constant_net(&game, 100, true);
    assert_eq!(value(&game, Some(&judging)), 100, "White to place");
    let formula = value(&game, None);
    assert_ne!(formula, 100);
    let silent = constant_net(&game, 100, false);
    assert_eq!(value(&game, Some(&silent)), formula);
    let elsewhere = constant_net(&start("seega-rules-8x8"), 100, true);
    assert_eq!(value(&game, Some(&elsewhere)), formula);
    // Black to place: +100 for White is -100 for Black.
    while game.position().side == latrunculi::rules::Colour::White {
        let m = game.legal_moves()[0];
        game.make(m);
    }
    assert_eq!(value(&game, Some(&judging)), -100, "Black to place");
}
