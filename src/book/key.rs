//! The key a book files a position under.
//!
//! It is the Zobrist `full_key` (pieces, their trapped states, the hands, the side to move
//! and the pass count), folded over the left-right mirror: a position and its mirror image
//! share one key, the smaller of their two `full_key`s, and their moves are stored in the
//! orientation of the position with that smaller key. Almost every knob treats the files
//! a..z and z..a alike (orthogonal and diagonal lines, placement regions that are whole
//! rows, all four corners), so a position and its mirror are worth the same with mirrored
//! moves, whatever the start position looks like: an asymmetric start (kowalski-8x12,
//! murray) simply folds less often. The one exception is a forbidden centre point on an
//! even number of files (it is the left of the two middle files): such rulesets are not
//! folded at all (see [`Rules::mirror_symmetric`]). The mirror is checked
//! against the rules for every ruleset by the tests (the mirror of every legal move is the
//! legal move of the mirrored position). The vertical flip is not folded: it exchanges the
//! colours, and who moves first and who moves after the placement are not symmetric.

use crate::board::{Bits, Geometry, Square};
use crate::rules::{IllegalMove, Position, Rules, TokenShape, Turn, read_token};

/// Where a position sits in the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookKey {
    pub key: u64,
    /// Whether the book stores the mirror image of the position (its moves must be mirrored
    /// on the way in and out).
    pub mirrored: bool,
}

/// The square in the mirrored file (a <-> last file) of the same rank.
pub fn mirror_square<B: Bits>(geo: &Geometry<B>, sq: Square) -> Square {
    geo.square(geo.row(sq), geo.cols - 1 - geo.col(sq))
}

fn mirror_set<B: Bits>(geo: &Geometry<B>, set: B) -> B {
    let mut out = B::EMPTY;
    for sq in set.iter() {
        out |= B::bit(mirror_square(geo, sq));
    }
    out
}

/// The position reflected left to right (hands, side to move and counters unchanged).
pub fn mirror_position<B: Bits>(geo: &Geometry<B>, pos: &Position<B>) -> Position<B> {
    let mut m = *pos;
    m.men = [mirror_set(geo, pos.men[0]), mirror_set(geo, pos.men[1])];
    m.leaders = [
        mirror_set(geo, pos.leaders[0]),
        mirror_set(geo, pos.leaders[1]),
    ];
    m.trapped = mirror_set(geo, pos.trapped);
    if let Turn::Bonus(sq) = pos.turn {
        m.turn = Turn::Bonus(mirror_square(geo, sq as Square) as u8);
    }
    m.key = m.recompute_key();
    m
}

/// The book key of a position.
pub fn key_of<B: Bits>(rules: &Rules<B>, pos: &Position<B>) -> BookKey {
    let direct = pos.full_key();
    if !rules.mirror_symmetric() {
        return BookKey {
            key: direct,
            mirrored: false,
        };
    }
    let mirror = mirror_position(&rules.geo, pos).full_key();
    if mirror < direct {
        BookKey {
            key: mirror,
            mirrored: true,
        }
    } else {
        BookKey {
            key: direct,
            mirrored: false,
        }
    }
}

/// The token of the mirrored move (`@b2` <-> `@g2` on 8 files), or why it is not a token.
pub fn mirror_token<B: Bits>(geo: &Geometry<B>, token: &str) -> Result<String, IllegalMove> {
    let name = |sq: Square| geo.name(mirror_square(geo, sq));
    Ok(match read_token(geo, token)? {
        TokenShape::Pass => token.to_string(),
        TokenShape::Place { leader: true, to } => format!("K@{}", name(to)),
        TokenShape::Place { leader: false, to } => format!("@{}", name(to)),
        TokenShape::Remove(sq) => format!("x{}", name(sq)),
        TokenShape::Path(squares) => squares.into_iter().map(name).collect(),
    })
}

/// A token turned between the game's orientation and the book's (the same map both ways).
pub fn orient<B: Bits>(
    geo: &Geometry<B>,
    key: BookKey,
    token: &str,
) -> Result<String, IllegalMove> {
    if key.mirrored {
        mirror_token(geo, token)
    } else {
        Ok(token.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AnyRules, Game, PRESETS, preset};
    use std::collections::BTreeSet;
    use std::sync::Arc;

    fn tokens<B: Bits>(game: &Game<B>) -> BTreeSet<String> {
        game.legal_moves()
            .iter()
            .map(|m| m.token(&game.rules().geo))
            .collect()
    }

    /// The folding is sound for every ruleset: along pseudo-random games, the mirrored
    /// position has exactly the mirrored legal moves, and both keys fold together.
    /// The folding is sound for every ruleset: along pseudo-random games, the mirrored
    /// position has exactly the mirrored legal moves, and both keys fold together.
    fn mirroring_commutes<B: Bits>(rules: Arc<Rules<B>>, seed: &mut u64) {
        let name = rules.ruleset.name.clone();
        let geo = &rules.geo;
        let mut game = Game::new(rules.clone());
        for _ in 0..60 {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let pos = *game.position();
            let mirror = mirror_position(geo, &pos);
            assert_eq!(mirror_position(geo, &mirror), pos, "{name}");
            if rules.mirror_symmetric() {
                let k = key_of(&rules, &pos);
                assert_eq!(k.key, key_of(&rules, &mirror).key, "{name}");
                // Both from the bare position: repetition history is not part of a key.
                let here = Game::from_position(rules.clone(), pos);
                let want: BTreeSet<String> = tokens(&here)
                    .iter()
                    .map(|t| mirror_token(geo, t).unwrap())
                    .collect();
                let mirrored = Game::from_position(rules.clone(), mirror);
                assert_eq!(tokens(&mirrored), want, "{name} at ply {}", pos.ply);
            } else {
                assert!(!key_of(&rules, &pos).mirrored, "{name}");
            }
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            game.make(legal[(*seed % legal.len() as u64) as usize]);
        }
    }

    #[test]
    fn mirroring_commutes_with_the_rules_of_every_ruleset() {
        let mut seed = 0x1234_5678_u64;
        for name in PRESETS {
            let rules = AnyRules::new(preset(name).unwrap()).unwrap();
            crate::with_width!(rules, r => mirroring_commutes(r, &mut seed));
        }
    }

    #[test]
    fn tokens_mirror_file_by_file() {
        let rules = Rules::<u128>::new(preset("luductus").unwrap()).unwrap();
        let geo = &rules.geo;
        assert_eq!(mirror_token(geo, "K@a1").unwrap(), "K@m1");
        assert_eq!(mirror_token(geo, "@f7").unwrap(), "@h7");
        assert_eq!(mirror_token(geo, "xg4").unwrap(), "xg4");
        assert_eq!(mirror_token(geo, "a1a3c3").unwrap(), "m1m3k3");
        assert_eq!(mirror_token(geo, "0000").unwrap(), "0000");
        assert!(mirror_token(geo, "zz").is_err());
    }
}
