//! Rule tests as pictures: boards drawn in the test source, turned into position strings,
//! played through the referee and compared with the board drawn after the move.
//!
//! A picture is one line per rank, top rank first, each line starting with its rank number,
//! then one letter per square separated by spaces; an optional last line lists the files:
//!
//! ```text
//!     3 . m .
//!     2 M . K
//!     1 . . t
//!       a b c
//! ```
//!
//! Letters are those of the position string: `M`/`m` man, `K`/`k` leader (dux, king,
//! praetorian), `T`/`t` trapped man, `.` empty. Uppercase is White, lowercase the other colour
//! (Black, or Red in luductus). In an *expected* picture `x` marks an empty square whose piece
//! the last move took off the board (captured, removed or enclosed).

#![allow(dead_code)]

use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::rules::{
    Colour, Game, Illegal, Kind, Outcome, PositionError, Reason, Rules, fen, preset,
};

/// The games the tests play: every seed ruleset fits a 128-bit board.
pub type G = Game<u128>;

/// The rules of a preset (`schadler-2001` with its default 16 pieces).
pub fn rules(variant: &str) -> Arc<Rules<u128>> {
    rules_n(variant, 16)
}

/// The rules of a preset; `pieces` is the schadler-2001 piece count.
pub fn rules_n(variant: &str, pieces: u8) -> Arc<Rules<u128>> {
    let ruleset = preset(variant)
        .unwrap_or_else(|e| panic!("preset {variant}: {e}"))
        .with_pieces(pieces)
        .unwrap_or_else(|e| panic!("preset {variant}: {e}"));
    Arc::new(Rules::<u128>::new(ruleset).unwrap_or_else(|e| panic!("rules {variant}: {e}")))
}

/// A drawn board read into rows (top rank first) of cell letters.
fn read_picture(picture: &str, allow_removed: bool) -> Vec<Vec<char>> {
    let mut rows: Vec<Vec<char>> = Vec::new();
    let mut ranks: Vec<usize> = Vec::new();
    let mut files: Option<Vec<char>> = None;
    for line in picture.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut tokens = line.split_whitespace();
        let first = tokens.next().unwrap();
        if let Ok(rank) = first.parse::<usize>() {
            assert!(
                files.is_none(),
                "picture: rank line after the file letters: {line}"
            );
            let cells: Vec<char> = tokens
                .map(|t| {
                    let mut cs = t.chars();
                    let c = cs.next().unwrap();
                    assert!(
                        cs.next().is_none(),
                        "picture: '{t}' is not one letter in: {line}"
                    );
                    let ok = "MmKkTt.".contains(c) || (allow_removed && c == 'x');
                    assert!(ok, "picture: '{c}' is not a square letter in: {line}");
                    c
                })
                .collect();
            ranks.push(rank);
            rows.push(cells);
        } else {
            files = Some(line.split_whitespace().flat_map(str::chars).collect());
        }
    }
    assert!(!rows.is_empty(), "picture has no ranks");
    let width = rows[0].len();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(
            row.len(),
            width,
            "picture: rank {} has {} squares, rank {} has {width}",
            ranks[i],
            row.len(),
            ranks[0]
        );
        assert_eq!(
            ranks[i],
            rows.len() - i,
            "picture: ranks must run from {} down to 1",
            rows.len()
        );
    }
    if let Some(files) = files {
        let expected: Vec<char> = (0..width).map(|c| (b'a' + c as u8) as char).collect();
        assert_eq!(
            files, expected,
            "picture: file letters do not match the squares"
        );
    }
    rows
}

/// The board field of a position string for a picture (run-length empty squares).
pub fn board_field(picture: &str) -> String {
    let rows = read_picture(picture, false);
    rows.iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The position string of a picture; `fields` are the fields after the board, e.g.
/// `"w - 0 0"` (side to move, hands, quiet plies, ply number, optional passes `p1`).
pub fn position_string(picture: &str, fields: &str) -> String {
    format!("{} {}", board_field(picture), fields.trim())
}

/// A game of `variant` starting at the drawn position.
pub fn game(variant: &str, picture: &str, fields: &str) -> G {
    game_n(variant, 16, picture, fields)
}

/// As [`game`], with the schadler-2001 piece count.
pub fn game_n(variant: &str, pieces: u8, picture: &str, fields: &str) -> G {
    let rules = rules_n(variant, pieces);
    let text = position_string(picture, fields);
    let setup = fen::parse(&text).unwrap_or_else(|e| panic!("position '{text}': {e}"));
    let pos = fen::validate(&rules, &setup).unwrap_or_else(|e| panic!("position '{text}': {e}"));
    Game::from_position(rules, pos)
}

/// Whether a game accepts the drawn position (the error if not).
pub fn try_game(variant: &str, picture: &str, fields: &str) -> Result<G, PositionError> {
    let rules = rules(variant);
    let text = position_string(picture, fields);
    let pos = fen::validate(&rules, &fen::parse(&text)?)?;
    Ok(Game::from_position(rules, pos))
}

fn letter<B: Bits>(game: &Game<B>, sq: usize) -> char {
    let pos = game.position();
    match pos.piece_at(sq) {
        None if game.last_frame().removed.has(sq) => 'x',
        None => '.',
        Some((colour, kind)) => {
            let c = match kind {
                Kind::Leader => 'k',
                Kind::Man if pos.trapped.has(sq) => 't',
                Kind::Man => 'm',
            };
            if colour == Colour::White {
                c.to_ascii_uppercase()
            } else {
                c
            }
        }
    }
}

fn draw(rows: &[Vec<char>]) -> String {
    let n = rows.len();
    let mut s = String::new();
    for (i, row) in rows.iter().enumerate() {
        s.push_str(&format!("{:>2}", n - i));
        for c in row {
            s.push(' ');
            s.push(*c);
        }
        s.push('\n');
    }
    s.push_str("  ");
    for c in 0..rows[0].len() {
        s.push(' ');
        s.push((b'a' + c as u8) as char);
    }
    s.push('\n');
    s
}

/// The current board drawn as a picture (`x` where the last move took a piece off).
pub fn render<B: Bits>(game: &Game<B>) -> String {
    let geo = &game.rules().geo;
    let rows: Vec<Vec<char>> = (0..geo.rows)
        .rev()
        .map(|r| {
            (0..geo.cols)
                .map(|c| letter(game, geo.square(r, c)))
                .collect()
        })
        .collect();
    draw(&rows)
}

/// Asserts that the board looks like the picture.
#[track_caller]
pub fn assert_board<B: Bits>(game: &Game<B>, expected: &str) {
    let want = draw(&read_picture(expected, true));
    let got = render(game);
    assert!(
        got == want,
        "\nboard after {:?}:\n{got}\nexpected:\n{want}\nposition: {}",
        tokens(game),
        fen_of(game)
    );
}

/// The moves played since the picture, as tokens.
pub fn tokens<B: Bits>(game: &Game<B>) -> Vec<String> {
    let geo = &game.rules().geo;
    game.moves().iter().map(|m| m.token(geo)).collect()
}

/// The current position string.
pub fn fen_of<B: Bits>(game: &Game<B>) -> String {
    fen::format(game.rules(), game.position())
}

/// The fields of the position string after the board: side, hands, quiet, ply, passes.
pub fn fields<B: Bits>(game: &Game<B>) -> String {
    let f = fen_of(game);
    f.split_once(' ').unwrap().1.to_string()
}

/// Plays each whitespace-separated token; panics on the first illegal one.
#[track_caller]
pub fn play<B: Bits>(game: &mut Game<B>, moves: &str) {
    for t in moves.split_whitespace() {
        if let Err(e) = game.play_token(t) {
            panic!("{e}\nafter {:?}:\n{}", tokens(game), render(game));
        }
    }
}

/// Asserts that `token` is illegal; returns the referee's explanation.
#[track_caller]
/// Why `token` is illegal (the test fails if it is legal).
pub fn rejects<B: Bits>(game: &mut Game<B>, token: &str) -> Illegal {
    match game.play_token(token) {
        Ok(_) => panic!(
            "{token} was accepted but should be illegal:\n{}",
            render(game)
        ),
        Err(e) => e.reason,
    }
}

/// The legal moves as sorted tokens.
pub fn legal<B: Bits>(game: &Game<B>) -> Vec<String> {
    let geo = &game.rules().geo;
    let mut v: Vec<String> = game.legal_moves().iter().map(|m| m.token(geo)).collect();
    v.sort();
    v
}

/// The legal moves of the piece on `square` (tokens starting with it), sorted.
pub fn legal_from<B: Bits>(game: &Game<B>, square: &str) -> Vec<String> {
    let geo = &game.rules().geo;
    legal(game)
        .into_iter()
        .filter(|t| {
            geo.read_square(t)
                .is_ok_and(|(_, used)| &t[..used] == square)
        })
        .collect()
}

/// Whether `token` is among the legal moves.
pub fn is_legal<B: Bits>(game: &Game<B>, token: &str) -> bool {
    legal(game).iter().any(|t| t == token)
}

/// Splits a whitespace-separated list of tokens into a sorted vector.
pub fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// The reason "no legal move" of a ruleset where that loses (not decided by counting);
/// `superko` when every move there was would have repeated an earlier position.
pub fn no_legal_move(superko: bool) -> Reason {
    Reason::NoLegalMove {
        superko,
        counted: false,
    }
}

/// Asserts the game is over with this result (`"white"`, `"black"`, `"red"` or `"draw"`),
/// reason and description.
#[track_caller]
pub fn assert_over<B: Bits>(game: &Game<B>, result: &str, reason: Reason, text: &str) {
    let Some(o) = game.outcome() else {
        panic!(
            "the game should be over ({result}, {text}):\n{}{}",
            render(game),
            fen_of(game)
        );
    };
    let r = game.ruleset();
    assert_eq!(
        (o.result_word(r), o.reason, o.describe(r).as_str()),
        (result, reason, text),
        "\n{}{}",
        render(game),
        fen_of(game)
    );
    assert!(
        game.legal_moves().is_empty(),
        "a finished game has no legal moves"
    );
}

/// Asserts the game goes on.
#[track_caller]
pub fn assert_not_over<B: Bits>(game: &Game<B>) {
    let o: Option<Outcome> = game.outcome();
    assert!(
        o.is_none(),
        "the game should go on but ended: {:?}\n{}{}",
        o.map(|o| o.describe(game.ruleset())),
        render(game),
        fen_of(game)
    );
}

/// Builds the drawn position, plays `moves` and asserts the board afterwards.
#[track_caller]
pub fn check(variant: &str, before: &str, fields: &str, moves: &str, after: &str) -> G {
    let mut g = game(variant, before, fields);
    play(&mut g, moves);
    assert_board(&g, after);
    g
}

/// The helpers above for any bit-set type. The boards that need more than 128 cells with
/// their padding column (`falkener` 12x12, the 11x12 and 11x16 boards of `seega-rules-*` and
/// `kharebga-rules-*`) play on [`Bits256`](latrunculi::board::Bits256); the functions here
/// take a game of either type.
pub mod wide {
    use super::*;
    #[allow(unused_imports)]
    pub use super::{
        assert_board, assert_not_over, assert_over, fen_of, fields, is_legal, legal, legal_from,
        play, rejects, render, tokens,
    };
    use latrunculi::board::Bits256;

    /// A game on the 256-bit set.
    pub type W = Game<Bits256>;

    /// The rules of a preset on the 256-bit set.
    pub fn rules(variant: &str) -> Arc<Rules<Bits256>> {
        let ruleset = preset(variant).unwrap_or_else(|e| panic!("preset {variant}: {e}"));
        Arc::new(Rules::<Bits256>::new(ruleset).unwrap_or_else(|e| panic!("rules {variant}: {e}")))
    }

    /// A game of `variant` from its start position, on the 256-bit set.
    pub fn start(variant: &str) -> W {
        Game::new(rules(variant))
    }

    /// A game of `variant` starting at the drawn position, on the 256-bit set.
    pub fn game(variant: &str, picture: &str, fields: &str) -> W {
        let rules = rules(variant);
        let text = position_string(picture, fields);
        let setup = fen::parse(&text).unwrap_or_else(|e| panic!("position '{text}': {e}"));
        let pos =
            fen::validate(&rules, &setup).unwrap_or_else(|e| panic!("position '{text}': {e}"));
        Game::from_position(rules, pos)
    }

    /// Builds the drawn position on the 256-bit set, plays `moves` and asserts the board.
    #[track_caller]
    pub fn check(variant: &str, before: &str, fields: &str, moves: &str, after: &str) -> W {
        let mut g = game(variant, before, fields);
        play(&mut g, moves);
        assert_board(&g, after);
        g
    }
}
