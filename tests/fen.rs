//! Position strings: garbled and impossible strings get an error, never a panic; valid ones
//! round-trip exactly.

use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::rules::{AnyRules, Game, PRESETS, PositionErrorKind as Kind, Rules, fen, preset};
use latrunculi::with_width;

fn rules(v: &str) -> AnyRules {
    AnyRules::new(preset(v).unwrap()).unwrap()
}

/// Mangles the start position string of `r` 3,000 times; returns how many were refused.
fn mangle<B: Bits>(r: Arc<Rules<B>>, next: &mut dyn FnMut(usize) -> usize) -> usize {
    let alphabet: Vec<char> = "mMkKtTx0123456789/ -wbrp@+".chars().collect();
    let mut errors = 0;
    let start = fen::format(&r, &r.start());
    for _ in 0..3000 {
        let mut chars: Vec<char> = start.chars().collect();
        for _ in 0..1 + next(4) {
            let i = next(chars.len());
            match next(3) {
                0 => chars[i] = alphabet[next(alphabet.len())],
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, alphabet[next(alphabet.len())]),
            }
            if chars.is_empty() {
                break;
            }
        }
        let text: String = chars.into_iter().collect();
        match fen::parse(&text).and_then(|s| fen::validate(&r, &s)) {
            Err(e) => {
                assert!(!e.to_string().is_empty());
                errors += 1;
            }
            Ok(pos) => {
                // Whatever is accepted is a real position that formats back to itself.
                let again = fen::format(&r, &pos);
                let back = fen::validate(&r, &fen::parse(&again).unwrap()).unwrap();
                assert_eq!(back, pos, "{text}");
                let _ = Game::from_position(r.clone(), pos).outcome();
            }
        }
    }
    errors
}

#[test]
fn mangled_position_strings_never_panic() {
    let mut state: u64 = 0xF00D;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut errors = 0;
    for v in PRESETS {
        errors += with_width!(rules(v), r => mangle(r, &mut next));
    }
    assert!(
        errors > 30000,
        "most mangled strings are refused ({errors})"
    );
}

#[test]
fn impossible_positions_are_refused_with_the_reason() {
    let narrow = |v: &str| Arc::new(Rules::<u128>::new(preset(v).unwrap()).unwrap());
    let k = narrow("kowalski-8x12");
    let s = narrow("schadler-2001");
    let bell = narrow("bell-8x8");
    for (r, text, words, kind) in [
        (
            &k,
            "mmmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM w - 0 0",
            "13 squares",
            Kind::BoardSize,
        ),
        (
            &k,
            "mmmmmmmmmmmm/5kk5/12/12/12/12/6K5/MMMMMMMMMMMM w - 0 0",
            "leaders",
            Kind::Pieces,
        ),
        (
            &k,
            "mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM w M1 0 0",
            "in hand",
            Kind::Pieces,
        ),
        (
            &k,
            "mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM w - 5 3",
            "quiet-ply counter",
            Kind::Phase,
        ),
        (
            &k,
            "mmmmmmmmmmmm/5k6/12/12/12/12/6T5/MMMMMMMMMMMM w - 0 0",
            "trapped",
            Kind::Pieces,
        ),
        (
            &s,
            "8/8/8/8/8/8/8/T7 w M15m16 0 1",
            "trapped piece on a1",
            Kind::Trapped,
        ),
        (
            &s,
            "8/8/8/8/8/8/8/M7 w M15m16 0 0",
            "ply number",
            Kind::Phase,
        ),
        (
            &s,
            "8/8/8/8/8/8/8/8 w m16 0 16",
            "nothing left to place",
            Kind::Phase,
        ),
        (&s, "8/8/8/8/8/8/8/8 w M16m16 0 0 p1", "passes", Kind::Phase),
        (&s, "8/8/8/8/8/8/8/8 w m16M16 0 0", "order", Kind::Hands),
        (&s, "8/8/8/8/8/8/8/8 w M0m16 0 0", "omit", Kind::Hands),
        (
            &s,
            "8/8/8/8/8/8/8/08 w M16m16 0 0",
            "leading zero",
            Kind::Row,
        ),
        (
            &s,
            "8/8/8/8/8/8/8/44 w M16m16 0 0",
            "44 squares",
            Kind::BoardSize,
        ),
        (
            &k,
            "mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM w - 0 0 +a1",
            "no bonus moves",
            Kind::Bonus,
        ),
        (
            &k,
            "mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM w - 0 0 x",
            "no removals",
            Kind::Removal,
        ),
        (
            &bell,
            "8/8/8/8/8/8/8/M6k w - 0 40 +h1",
            "no free white piece",
            Kind::Bonus,
        ),
        (
            &bell,
            "8/8/8/8/8/8/8/M6k w - 0 40 +a1 p1",
            "sixth field only",
            Kind::Fields,
        ),
        (
            &bell,
            "8/8/8/8/8/8/8/M6k w - 0 40 +i9",
            "bonus move '+i9'",
            Kind::Bonus,
        ),
    ] {
        let err = fen::parse(text)
            .and_then(|st| fen::validate(r, &st))
            .expect_err(text);
        assert_eq!(err.kind, kind, "{text}: {err}");
        assert!(err.to_string().contains(words), "{text}: {err}");
    }
}
