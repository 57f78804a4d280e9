use std::sync::Arc;
use std::time::Instant;

use latrunculi::rules::{Game, Rules, perft, preset};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = args.get(1).cloned().unwrap_or("kowalski-8x12".into());
    let depth: usize = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(3);
    let rules = Arc::new(Rules::<u128>::new(preset(&variant, 16).unwrap()).unwrap());
    let mut game = Game::new(rules.clone());
    for t in args.iter().skip(3) {
        game.play_token(t).unwrap();
    }
    let t = Instant::now();
    let mut total = 0;
    for (m, n) in perft::divide(&mut game, depth) {
        println!("{}: {}", m.token(&rules.geo), n);
        total += n;
    }
    println!("Nodes searched: {total} in {:?}", t.elapsed());
    println!(
        "{}",
        latrunculi::rules::fen::format(&rules, game.position())
    );
}
