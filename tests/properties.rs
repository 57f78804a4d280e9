//! Property tests over many seeded random games of every preset.
//!
//! At every ply of every game:
//! 1. the incremental Zobrist key equals the key recomputed from scratch;
//! 2. making any legal move then undoing it gives back the identical position and history;
//! 3. the position string round-trips (`format`, `parse`, `validate`, `format` again);
//! 4. the engine's legal moves are exactly those of a slow, square-by-square second
//!    implementation of `RULES.md` (`slow_rules`), the position after every legal move matches
//!    the slow model's, and so do game-over status, winner and reason.
//!
//! Games are played to their end or to [`MAX_PLIES`] with a deterministic generator; some
//! games prefer captures, some shuffle pieces back and forth (to meet repetition rules), so
//! that traps, removals, line and corner captures, enclosures and the end conditions occur.
//! Each test asserts that the interesting events did occur. A last test starts games from
//! hand-made positions next to the rarer end conditions (passes, superko leaving no move, the
//! ply limit, several conditions at once).
//!
//! Run with `cargo test --release --test properties -- --nocapture` to see what the games
//! reached; an unoptimised build plays fewer games.

mod slow_rules;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::rules::{Colour, Game, Kind, Position, Rules, fen, preset};
use slow_rules::{Action, Board, Model, Piece, State, Variant};

/// Plies after which a game is abandoned.
const MAX_PLIES: usize = 300;

/// Games per test in a release build; an unoptimised build plays an eighth of them.
fn games(release: u64) -> u64 {
    if cfg!(debug_assertions) {
        (release / 8).max(2)
    } else {
        release
    }
}

/// SplitMix64: a tiny deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn percent(&mut self, p: usize) -> bool {
        self.below(100) < p
    }
}

/// The engine's position in the slow model's terms.
fn engine_state(rules: &Rules<u128>, pos: &Position<u128>) -> State {
    let geo = &rules.geo;
    let mut cells = Vec::new();
    for row in 0..geo.rows {
        for col in 0..geo.cols {
            let sq = geo.square(row, col);
            cells.push(pos.piece_at(sq).map(|(c, kind)| Piece {
                colour: c.index(),
                leader: kind == Kind::Leader,
                trapped: pos.trapped.has(sq),
            }));
        }
    }
    State {
        board: Board {
            cells,
            hand: pos.hand,
        },
        side: pos.side.index(),
        quiet: pos.quiet as u32,
        ply: pos.ply,
        passes: pos.passes as u32,
    }
}

/// Properties 1 and 3 for one position.
fn check_key_and_string(rules: &Rules<u128>, pos: &Position<u128>, ctx: &dyn Fn() -> String) {
    assert_eq!(pos.key, pos.recompute_key(), "incremental key, {}", ctx());
    let text = fen::format(rules, pos);
    let back = fen::parse(&text)
        .and_then(|s| fen::validate(rules, &s))
        .unwrap_or_else(|e| panic!("'{text}' does not read back: {e}, {}", ctx()));
    assert_eq!(back, *pos, "'{text}' reads back differently, {}", ctx());
    assert_eq!(
        fen::format(rules, &back),
        text,
        "string not stable, {}",
        ctx()
    );
}

/// What happened in the games of one ruleset (over every legal move checked, not only the
/// moves played).
#[derive(Debug, Default)]
struct Stats {
    games: usize,
    plies: usize,
    moves_checked: usize,
    taken: usize,
    multi_taken: usize,
    corner_taken: usize,
    traps: usize,
    releases: usize,
    removals: usize,
    enclosures: usize,
    long_chains: usize,
    superko_dropped: usize,
    /// Positions where superko took away every move.
    superko_stuck: usize,
    passes: usize,
    ends: BTreeMap<&'static str, usize>,
}

impl Stats {
    fn note(&mut self, model: &Model, before: &State, action: &Action, after: &State) {
        self.moves_checked += 1;
        let us = before.side;
        let mut taken = 0;
        for (sq, (b, a)) in before
            .board
            .cells
            .iter()
            .zip(&after.board.cells)
            .enumerate()
        {
            match (b, a) {
                (Some(p), None) if p.colour != us => {
                    taken += 1;
                    let (r, c) = (sq / model.cols, sq % model.cols);
                    if (r == 0 || r == model.rows - 1) && (c == 0 || c == model.cols - 1) {
                        self.corner_taken += 1;
                    }
                    if p.leader {
                        self.enclosures += 1;
                    }
                }
                (Some(p), Some(q)) if p.colour == q.colour => {
                    self.traps += (!p.trapped && q.trapped) as usize;
                    self.releases += (p.trapped && !q.trapped) as usize;
                }
                _ => {}
            }
        }
        match action {
            Action::Remove(_) => self.removals += 1,
            Action::Pass => self.passes += 1,
            Action::Go(path) if path.len() > 2 => self.long_chains += 1,
            _ => {}
        }
        if !matches!(action, Action::Remove(_)) {
            self.taken += taken;
            self.multi_taken += (taken >= 2) as usize;
        }
    }
}

/// Pieces of the side that just moved next to the enemy leader (drives games toward
/// enclosures).
fn around_enemy_leader(model: &Model, s: &State, us: usize) -> usize {
    let b = &s.board.cells;
    let mut n = 0;
    for (sq, p) in b.iter().enumerate() {
        if p.is_some_and(|p| p.leader && p.colour != us) {
            let (r, c) = ((sq / model.cols) as i32, (sq % model.cols) as i32);
            for (dr, dc) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                let (r2, c2) = (r + dr, c + dc);
                let off = r2 < 0 || c2 < 0 || r2 >= model.rows as i32 || c2 >= model.cols as i32;
                if off || b[r2 as usize * model.cols + c2 as usize].is_some_and(|q| q.colour == us)
                {
                    n += 1;
                }
            }
        }
    }
    n
}

/// How good a move looks to a greedy player: enemy pieces taken, trapped or removed, and
/// pressure on the enemy leader.
fn greed(model: &Model, before: &State, after: &State) -> usize {
    let us = before.side;
    let enemy = |s: &State| {
        s.board
            .cells
            .iter()
            .flatten()
            .filter(|p| p.colour != us)
            .map(|p| if p.trapped { 1 } else { 3 })
            .sum::<usize>()
    };
    let gain = enemy(before).saturating_sub(enemy(after));
    4 * gain + around_enemy_leader(model, after, us)
}

/// Plays `games` seeded random games of a preset from its start position, checking every
/// property at every ply.
fn play_games(name: &str, pieces: u8, variant: Variant, games: u64) -> Stats {
    play_from(name, pieces, variant, None, &[], games)
}

/// Plays `games` seeded random games from `fen` (or the start position), each opening with
/// the moves of `script`, checking every property at every ply.
fn play_from(
    name: &str,
    pieces: u8,
    variant: Variant,
    fen: Option<&str>,
    script: &[&str],
    games: u64,
) -> Stats {
    let rules =
        Arc::new(Rules::<u128>::new(preset(name).unwrap().with_pieces(pieces).unwrap()).unwrap());
    let model = Model::new(variant);
    assert_eq!((rules.geo.rows, rules.geo.cols), (model.rows, model.cols));
    let (first, start) = match fen {
        None => (rules.start(), model.start()),
        Some(text) => {
            let pos = fen::parse(text)
                .and_then(|s| fen::validate(&rules, &s))
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            (pos, engine_state(&rules, &pos))
        }
    };
    let salt = fen.map_or(0, |t| t.len() as u64) << 24;
    let mut stats = Stats::default();
    for g in 0..games {
        let seed = 0x1A7_2C0C ^ (g << 16) ^ ((pieces as u64) << 40) ^ name.len() as u64 ^ salt;
        let mut rng = Rng(seed);
        // Game styles: how often to take the greediest move, and how often to move the
        // last piece moved straight back (which meets superko and threefold repetition).
        let greedy = [0, 40, 75, 95][(g % 4) as usize];
        let shuffle = if g % 3 == 2 { 85 } else { 5 };
        let mut game = Game::from_position(rules.clone(), first);
        let mut played: Vec<Action> = Vec::new();
        let mut tokens: Vec<String> = Vec::new();
        stats.games += 1;
        loop {
            let ctx = || format!("{name}/{pieces} game {g} after [{}]", tokens.join(" "));
            let history = model.replay(&start, &played);
            let state = history.last().unwrap();
            let pos = *game.position();
            assert_eq!(engine_state(&rules, &pos), *state, "position, {}", ctx());
            check_key_and_string(&rules, &pos, &ctx);

            let (legal, dropped) = model.legal(&history);
            stats.superko_dropped += dropped;
            let real_moves = legal.iter().filter(|a| **a != Action::Pass).count();
            stats.superko_stuck += (dropped > 0 && real_moves == 0) as usize;
            let expected_end = model.judge(&history, &legal);
            let end = game
                .outcome()
                .map(|o| (o.winner.map(Colour::index), o.code()));
            assert_eq!(end, expected_end, "outcome, {}", ctx());
            let moves = game.legal_moves();
            if let Some((_, code)) = expected_end {
                assert!(moves.is_empty(), "moves after the end, {}", ctx());
                *stats.ends.entry(code).or_default() += 1;
                break;
            }

            let mut want: Vec<String> = legal.iter().map(|a| model.token(a)).collect();
            want.sort();
            let mut got: Vec<String> = moves.iter().map(|m| m.token(&rules.geo)).collect();
            got.sort();
            assert_eq!(got, want, "legal moves, {}", ctx());
            let by_token: HashMap<String, &Action> =
                legal.iter().map(|a| (model.token(a), a)).collect();

            // Every legal move: key, resulting position, undo.
            let frames = game.frames().len();
            let mut scores = Vec::with_capacity(moves.len());
            for m in &moves {
                let token = m.token(&rules.geo);
                let action = by_token[&token];
                let expected = model.apply(state, action);
                game.make(*m);
                let after = *game.position();
                assert_eq!(
                    after.key,
                    after.recompute_key(),
                    "key after {token}, {}",
                    ctx()
                );
                assert_eq!(
                    engine_state(&rules, &after),
                    expected,
                    "position after {token}, {}",
                    ctx()
                );
                assert_eq!(game.undo(), Some(*m), "undo {token}, {}", ctx());
                assert_eq!(*game.position(), pos, "undo {token}, {}", ctx());
                assert_eq!(game.frames().len(), frames, "undo {token}, {}", ctx());
                stats.note(&model, state, action, &expected);
                scores.push(greed(&model, state, &expected));
            }

            if played.len() >= MAX_PLIES {
                *stats.ends.entry("cap").or_default() += 1;
                break;
            }
            let mut pick = rng.below(moves.len());
            let own_last = played.len().checked_sub(2).map(|i| &played[i]);
            let back = match own_last {
                Some(Action::Go(path)) if rng.percent(shuffle) => {
                    let rev: Vec<usize> = path.iter().rev().copied().collect();
                    legal.iter().position(|a| *a == Action::Go(rev.clone()))
                }
                _ => None,
            };
            if let Some(token) = script.get(played.len()) {
                pick = moves
                    .iter()
                    .position(|m| m.token(&rules.geo) == *token)
                    .unwrap_or_else(|| panic!("scripted {token} is illegal, {}", ctx()));
            } else if let Some(i) = back {
                pick = moves
                    .iter()
                    .position(|m| m.token(&rules.geo) == model.token(&legal[i]))
                    .unwrap();
            } else if rng.percent(greedy) {
                let best = *scores.iter().max().unwrap();
                let top: Vec<usize> = (0..moves.len()).filter(|&i| scores[i] == best).collect();
                pick = top[rng.below(top.len())];
            }
            let token = moves[pick].token(&rules.geo);
            game.make(moves[pick]);
            played.push(by_token[&token].clone());
            tokens.push(token);
            stats.plies += 1;
        }
    }
    eprintln!("{name}/{pieces} {}: {stats:?}", fen.unwrap_or("start"));
    stats
}

#[test]
fn kowalski_8x12() {
    let s = play_games("kowalski-8x12", 16, Variant::Kowalski, games(48));
    assert!(s.taken > 0 && s.multi_taken > 0 && s.corner_taken > 0);
    assert!(s.superko_dropped > 0);
}

#[test]
fn schadler_2001_16() {
    let s = play_games("schadler-2001", 16, Variant::Schadler(16), games(48));
    assert!(s.traps > 0 && s.releases > 0 && s.removals > 0 && s.long_chains > 0);
    assert!(s.superko_dropped > 0);
}

#[test]
fn schadler_2001_20() {
    let s = play_games("schadler-2001", 20, Variant::Schadler(20), games(24));
    assert!(s.traps > 0 && s.releases > 0 && s.removals > 0 && s.long_chains > 0);
}

#[test]
fn schadler_2001_24() {
    let s = play_games("schadler-2001", 24, Variant::Schadler(24), games(24));
    assert!(s.traps > 0 && s.releases > 0 && s.removals > 0 && s.long_chains > 0);
}

#[test]
fn murray() {
    let s = play_games("murray", 16, Variant::Murray, games(96));
    assert!(s.taken > 0 && s.multi_taken > 0);
    assert!(s.ends.contains_key("threefold-repetition"));
}

#[test]
fn little_soldiers() {
    let s = play_games("little-soldiers", 16, Variant::Soldiers, games(96));
    assert!(s.multi_taken > 0);
    assert!(s.ends.contains_key("too-few-men") && s.ends.contains_key("quiet-ply-limit"));
}

#[test]
fn luductus() {
    let s = play_games("luductus", 16, Variant::Luductus, games(128));
    assert!(s.multi_taken > 0 && s.enclosures > 0);
    assert!(s.ends.contains_key("quiet-ply-limit"));
}

/// Games from positions next to the rarer end conditions: passes, superko leaving no move,
/// the ply limit, the quiet limit, and several conditions holding at once (precedence).
#[test]
fn scenarios() {
    use Variant::*;
    let run = |name, pieces, variant, fen: &str, script: &[&str], games| {
        play_from(name, pieces, variant, Some(fen), script, games)
    };
    // schadler-2001 with 24 each: every empty square lies between two enemies on a line and
    // no landing traps, so neither side can act: two passes draw.
    let blocked =
        "mMmMmMmM/MM1M1M1M/m1m1m1mm/MM1M1M1M/m1m1m1mm/MM1M1M1M/m1m1m1mm/mMmMmMmM w - 0 100";
    let s = run("schadler-2001", 24, Schadler(24), blocked, &[], 2);
    assert_eq!(s.ends.get("two-passes"), Some(&2));
    // White's two pieces are boxed into corners (where nothing can trap them): White must
    // pass until Black lets them out.
    let corners = "5mmM/7m/7m/8/8/m7/m7/Mmm5 w - 0 100";
    let s = run("schadler-2001", 16, Schadler(16), corners, &[], games(8));
    assert!(s.passes > 0);
    // Kowalski: Black has only a dux shut in a8, a7 and b8. After this script every move of
    // Black would repeat a position (superko), so Black has no legal move.
    let boxed = "k1M9/1M10/M11/12/12/12/6K5/MMMM8 b - 0 60";
    let script = ["a8a7", "g2g3", "a7a8", "g3g4", "a8b8", "g4g3"];
    let s = run("kowalski-8x12", 16, Kowalski, boxed, &script, 1);
    assert_eq!(s.superko_stuck, 1);
    assert_eq!(s.ends.get("no-legal-move"), Some(&1));
    let s = run("kowalski-8x12", 16, Kowalski, boxed, &[], games(12));
    assert!(s.superko_dropped > 0);
    // The 2,500-ply limit.
    let kowalski = "mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM w - 0 2490";
    let s = run("kowalski-8x12", 16, Kowalski, kowalski, &[], 8);
    assert!(s.ends.contains_key("ply-limit"));
    let murray = "MMMMMMMM/4K3/8/8/8/8/3k4/mmmmmmmm b - 0 2490";
    let s = run("murray", 16, Murray, murray, &[], 8);
    assert!(s.ends.contains_key("ply-limit"));
    // Murray: Black is stalemated (a loss).
    let s = run(
        "murray",
        16,
        Murray,
        "8/8/8/4K3/8/8/M6M/kM4Mm b - 0 50",
        &[],
        1,
    );
    assert_eq!(s.ends.get("no-legal-move"), Some(&1));
    // Little soldiers: five plies to the quiet limit.
    let soldiers = "mmmmmmmm/2mmmm2/8/8/8/8/2MMMM2/MMMMMMMM w - 55 55";
    let s = run("little-soldiers", 16, Soldiers, soldiers, &[], 8);
    assert!(s.ends.contains_key("quiet-ply-limit"));
    // No legal move comes before the quiet limit, material before both.
    let stuck = "8/8/8/8/8/8/mmm5/MMMm4 w - 60 100";
    let s = run("little-soldiers", 16, Soldiers, stuck, &[], 1);
    assert_eq!(s.ends.get("no-legal-move"), Some(&1));
    let few = "8/8/8/8/8/8/mmm5/MM1m4 w - 60 100";
    let s = run("little-soldiers", 16, Soldiers, few, &[], 1);
    assert_eq!(s.ends.get("too-few-men"), Some(&1));
    // Luductus: movement phase five plies before the quiet limit.
    let luductus = "MMMMMMMMMMMK1/13/13/13/13/13/1kmmmmmmmmmmm w - 25 60";
    let s = run("luductus", 16, Luductus, luductus, &[], 8);
    assert!(s.ends.contains_key("quiet-ply-limit"));
}
