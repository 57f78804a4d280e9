//! The book in memory: positions by key, each with its moves, and the questions asked of it
//! (which legal moves does it know here, which entry does a played move belong to).
//!
//! Positions live in a `BTreeMap`, so iterating is in key order: the file is written in that
//! order and the same book always gives the same bytes.

use std::collections::BTreeMap;

use super::entry::{Entry, Points};
use super::error::BookError;
use super::key::{BookKey, key_of, orient};
use crate::board::Bits;
use crate::rules::{Game, IllegalMove, Move, Position, Rules};

/// An opening book of one ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// The ruleset's name, as in `UCI_Variant`.
    pub variant: String,
    /// Pieces per side for `schadler-2001`, 0 for the other rulesets.
    pub pieces: u8,
    positions: BTreeMap<u64, Vec<Entry>>,
}

/// A book move that is legal in the game's current position.
#[derive(Clone, Debug, PartialEq)]
pub struct BookMove {
    pub mv: Move,
    /// The move's token in the game's orientation.
    pub token: String,
    pub entry: Entry,
}

impl Book {
    /// An empty book; `pieces` is the `schadler-2001` piece count (ignored for the others).
    pub fn new(variant: &str, pieces: u8) -> Book {
        Book {
            variant: variant.to_string(),
            pieces: super::book_pieces(variant, pieces),
            positions: BTreeMap::new(),
        }
    }

    /// An empty book for the rules' ruleset.
    pub fn for_rules<B: Bits>(rules: &Rules<B>) -> Book {
        Book::new(&rules.ruleset.name, super::ruleset_pieces(&rules.ruleset))
    }

    /// The book's name (`murray`, `schadler-2001-16`).
    pub fn name(&self) -> String {
        super::book_name(&self.variant, self.pieces)
    }

    /// Whether the book was made for these rules; if not, why.
    pub fn check_rules<B: Bits>(&self, rules: &Rules<B>) -> Result<(), BookError> {
        let want = Book::for_rules(rules);
        if self.variant != want.variant || self.pieces != want.pieces {
            return Err(BookError::WrongRuleset {
                source: None,
                book: self.variant.clone(),
                book_pieces: self.pieces,
                want: want.variant,
                want_pieces: want.pieces,
            });
        }
        Ok(())
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }
    /// Number of entries over all positions.
    pub fn entry_count(&self) -> usize {
        self.positions.values().map(Vec::len).sum()
    }
    /// Every position's key and entries, in key order.
    pub fn positions(&self) -> impl Iterator<Item = (u64, &[Entry])> {
        self.positions.iter().map(|(k, v)| (*k, v.as_slice()))
    }
    /// The entries filed under `key` (in token order).
    pub fn entries(&self, key: u64) -> &[Entry] {
        self.positions.get(&key).map_or(&[], Vec::as_slice)
    }

    /// Adds a position's entry (entries are kept in token order). Returns false, changing
    /// nothing, if the position already has this move or the token cannot be stored (empty,
    /// longer than 255 bytes, not printable ASCII).
    pub fn insert(&mut self, key: u64, entry: Entry) -> bool {
        let t = entry.token.as_bytes();
        if t.is_empty() || t.len() > 255 || !t.iter().all(u8::is_ascii_graphic) {
            return false;
        }
        let list = self.positions.entry(key).or_default();
        match list.binary_search_by(|e| e.token.cmp(&entry.token)) {
            Ok(_) => false,
            Err(at) => {
                list.insert(at, entry);
                true
            }
        }
    }

    /// The entry of `token` under `key`.
    pub fn entry_mut(&mut self, key: u64, token: &str) -> Option<&mut Entry> {
        let list = self.positions.get_mut(&key)?;
        let at = list
            .binary_search_by(|e| e.token.as_str().cmp(token))
            .ok()?;
        list.get_mut(at)
    }

    /// Where `pos` is filed, and `token` (a move in `pos`) turned into the book's orientation.
    pub fn locate<B: Bits>(
        rules: &Rules<B>,
        pos: &Position<B>,
        token: &str,
    ) -> Result<(BookKey, String), IllegalMove> {
        let key = key_of(rules, pos);
        let stored = orient(&rules.geo, key, token)?;
        Ok((key, stored))
    }

    /// Counts a game through the move `token` of `pos` (which must be in the book).
    pub fn record<B: Bits>(
        &mut self,
        rules: &Rules<B>,
        pos: &Position<B>,
        token: &str,
        points: Points,
    ) -> Result<(), BookError> {
        let (key, stored) = Book::locate(rules, pos, token)?;
        let e = self
            .entry_mut(key.key, &stored)
            .ok_or_else(|| BookError::NotABookMove {
                token: token.to_string(),
            })?;
        e.record(points);
        Ok(())
    }

    /// The book's moves for the game's current position that are legal there, in the
    /// game's orientation, best first (weight, then games, then token). Entries that are
    /// not legal moves (a stale or damaged book, a repetition rule) are left out.
    pub fn probe<B: Bits>(&self, game: &Game<B>) -> Vec<BookMove> {
        let rules = game.rules();
        let key = key_of(rules, game.position());
        let Some(list) = self.positions.get(&key.key) else {
            return Vec::new();
        };
        let legal: Vec<(String, Move)> = game
            .legal_moves()
            .into_iter()
            .map(|m| (m.token(&rules.geo), m))
            .collect();
        let mut out: Vec<BookMove> = list
            .iter()
            .filter_map(|e| {
                let token = orient(&rules.geo, key, &e.token).ok()?;
                let mv = legal.iter().find(|(t, _)| *t == token)?.1;
                Some(BookMove {
                    mv,
                    token,
                    entry: e.clone(),
                })
            })
            .collect();
        out.sort_by(|a, b| {
            (b.entry.weight, b.entry.visits)
                .cmp(&(a.entry.weight, a.entry.visits))
                .then_with(|| a.token.cmp(&b.token))
        });
        out
    }
}

/// Builds positions from raw parts (the decoder): keys must arrive in increasing order.
impl Book {
    pub(super) fn from_parts(variant: String, pieces: u8) -> Book {
        Book {
            variant,
            pieces,
            positions: BTreeMap::new(),
        }
    }
    pub(super) fn push_position(&mut self, key: u64, entries: Vec<Entry>) {
        self.positions.insert(key, entries);
    }
}
