//! The book file: compact, little-endian, positions in key order, a checksum at the end.
//! Written with the standard library only; `books/README.md` documents every byte.
//!
//! Reading never trusts the file: every length is checked against what is left, keys and
//! tokens must be in order, counts must agree, and the checksum must match, so a damaged
//! file gives an error that says what is wrong instead of a panic or a wrong move.

use std::path::Path;

use super::entry::{Entry, MAX_WEIGHT};
use super::error::{BookError, Damage};
use super::table::Book;

/// The first eight bytes of every book file.
pub const MAGIC: [u8; 8] = *b"LATRBOOK";
/// The format version this engine writes and reads.
pub const VERSION: u16 = 1;
/// Bytes of one entry besides its token: token length, weight, visits, wins, draws,
/// losses, score.
const ENTRY_FIXED: usize = 1 + 2 + 4 * 4 + 4;

/// 64-bit FNV-1a: the checksum of the file's bytes.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

/// The file bytes of a book.
pub fn encode(book: &Book) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + book.len() * 40);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    let name = book.variant.as_bytes();
    out.push(name.len().min(255) as u8);
    out.extend_from_slice(&name[..name.len().min(255)]);
    out.push(book.pieces);
    out.extend_from_slice(&(book.len() as u32).to_le_bytes());
    out.extend_from_slice(&(book.entry_count() as u32).to_le_bytes());
    for (key, entries) in book.positions() {
        out.extend_from_slice(&key.to_le_bytes());
        out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
        for e in entries {
            let t = e.token.as_bytes();
            out.push(t.len() as u8);
            out.extend_from_slice(t);
            out.extend_from_slice(&e.weight.to_le_bytes());
            for n in [e.visits, e.wins, e.draws, e.losses] {
                out.extend_from_slice(&n.to_le_bytes());
            }
            out.extend_from_slice(&e.score.to_le_bytes());
        }
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads fields off the front of the bytes, with errors that say where the file ended.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// A damaged book's error.
fn damaged(damage: Damage) -> BookError {
    BookError::Damaged {
        source: None,
        damage,
    }
}

/// A field that reads but cannot be right.
fn corrupt(what: String) -> BookError {
    damaged(Damage::Corrupt(what))
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &dyn Fn() -> String) -> Result<&'a [u8], BookError> {
        if self.bytes.len() - self.at < n {
            return Err(damaged(Damage::Truncated {
                at: self.bytes.len(),
                inside: what(),
            }));
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self, what: &dyn Fn() -> String) -> Result<u8, BookError> {
        Ok(self.take(1, what)?[0])
    }
    fn u16(&mut self, what: &dyn Fn() -> String) -> Result<u16, BookError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self, what: &dyn Fn() -> String) -> Result<u32, BookError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self, what: &dyn Fn() -> String) -> Result<u64, BookError> {
        let b = self.take(8, what)?;
        let mut a = [0; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }
}

/// The book in `bytes`. With `expect = Some((variant, pieces))` a book of another ruleset
/// (or another `schadler-2001` piece count) is refused.
pub fn decode(bytes: &[u8], expect: Option<(&str, u8)>) -> Result<Book, BookError> {
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        return Err(damaged(Damage::NotABook { magic: &MAGIC }));
    }
    let mut r = Reader {
        bytes,
        at: MAGIC.len(),
    };
    let header = || "the header".to_string();
    let version = r.u16(&header)?;
    if version != VERSION {
        return Err(damaged(Damage::Version {
            found: version,
            supported: VERSION,
        }));
    }
    let name_len = r.u8(&header)? as usize;
    let name = r.take(name_len, &header)?;
    let variant = std::str::from_utf8(name)
        .ok()
        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_graphic()))
        .ok_or_else(|| corrupt("the ruleset name is not a name".into()))?
        .to_string();
    let pieces = r.u8(&header)?;
    if let Some((want, want_pieces)) = expect {
        let want_pieces = super::book_pieces(want, want_pieces);
        if variant != want || pieces != want_pieces {
            return Err(BookError::WrongRuleset {
                source: None,
                book: variant,
                book_pieces: pieces,
                want: want.to_string(),
                want_pieces,
            });
        }
    }
    let positions = r.u32(&header)? as usize;
    let entries = r.u32(&header)? as usize;
    // Counts come from the file: never reserve more than its bytes could hold.
    let mut book = Book::from_parts(variant, pieces);
    let mut seen_entries = 0usize;
    let mut last_key = None;
    for p in 0..positions {
        let here = || format!("position {} of {positions}", p + 1);
        let key = r.u64(&here)?;
        if last_key.is_some_and(|k| key <= k) {
            return Err(corrupt(format!("position {} is out of key order", p + 1)));
        }
        last_key = Some(key);
        let n = r.u16(&here)? as usize;
        if n == 0 {
            return Err(corrupt(format!("position {} has no moves", p + 1)));
        }
        let mut list: Vec<Entry> = Vec::with_capacity(n.min(r.left() / ENTRY_FIXED + 1));
        for i in 0..n {
            let at = || format!("move {} of position {} of {positions}", i + 1, p + 1);
            let len = r.u8(&at)? as usize;
            let token = std::str::from_utf8(r.take(len, &at)?)
                .ok()
                .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_graphic()))
                .ok_or_else(|| corrupt(format!("{} is not a move token", at())))?
                .to_string();
            let weight = r.u16(&at)?;
            let [visits, wins, draws, losses] =
                [r.u32(&at)?, r.u32(&at)?, r.u32(&at)?, r.u32(&at)?];
            let score = r.u32(&at)? as i32;
            if weight > MAX_WEIGHT {
                return Err(corrupt(format!("{} has weight {weight}", at())));
            }
            if wins as u64 + draws as u64 + losses as u64 != visits as u64 {
                return Err(corrupt(format!(
                    "{} has {visits} games but {wins}+{draws}+{losses} results",
                    at()
                )));
            }
            if list.last().is_some_and(|e| e.token >= token) {
                return Err(corrupt(format!("{} is out of order", at())));
            }
            list.push(Entry {
                token,
                weight,
                visits,
                wins,
                draws,
                losses,
                score,
            });
        }
        seen_entries += n;
        book.push_position(key, list);
    }
    if seen_entries != entries {
        return Err(corrupt(format!(
            "the header counts {entries} moves, the file holds {seen_entries}"
        )));
    }
    let body_end = r.at;
    let sum = r.u64(&|| "the checksum".to_string())?;
    if r.left() > 0 {
        return Err(corrupt(format!(
            "{} unexpected bytes after the checksum",
            r.left()
        )));
    }
    if checksum(&bytes[..body_end]) != sum {
        return Err(corrupt("the checksum does not match the contents".into()));
    }
    Ok(book)
}

/// A book's bytes and files (the format above).
impl Book {
    /// The book as file bytes (this file's format).
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }

    /// Reads a book from file bytes; with `expect`, only a book of that ruleset and piece
    /// count is accepted.
    pub fn from_bytes(bytes: &[u8], expect: Option<(&str, u8)>) -> Result<Book, BookError> {
        decode(bytes, expect)
    }

    /// Reads a book file. Errors name the file and the problem.
    pub fn load(path: &Path, expect: Option<(&str, u8)>) -> Result<Book, BookError> {
        let bytes = std::fs::read(path).map_err(|error| BookError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        Book::from_bytes(&bytes, expect).map_err(|e| e.from_source(path.display()))
    }

    /// Writes the book to `path` (through a temporary file renamed over it, so that an
    /// interrupted write never leaves half a book).
    pub fn save(&self, path: &Path) -> Result<(), BookError> {
        crate::files::write_whole(path, self.to_bytes()).map_err(|error| BookError::Io {
            path: path.to_path_buf(),
            error,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Points;

    fn sample() -> Book {
        let mut b = Book::new("schadler-2001", 20);
        let mut e = Entry::new("@d4", 35);
        e.record(Points::Win);
        e.record(Points::Draw);
        b.insert(7, e);
        b.insert(7, Entry::new("@a1", -120));
        b.insert(u64::MAX, Entry::new("c3c5e5c7", 30_000));
        b.insert(1, Entry::new("xe5", -30_000));
        b
    }

    #[test]
    fn round_trip_is_exact_and_deterministic() {
        let b = sample();
        let bytes = encode(&b);
        assert_eq!(&bytes[..8], b"LATRBOOK");
        assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), VERSION);
        let back = decode(&bytes, Some(("schadler-2001", 20))).unwrap();
        assert_eq!(back, b);
        assert_eq!(encode(&back), bytes);
        let keys: Vec<u64> = back.positions().map(|(k, _)| k).collect();
        assert_eq!(keys, vec![1, 7, u64::MAX]);
        let tokens: Vec<&str> = back.entries(7).iter().map(|e| e.token.as_str()).collect();
        assert_eq!(tokens, vec!["@a1", "@d4"]);
        assert_eq!(
            decode(&encode(&Book::new("murray", 16)), None)
                .unwrap()
                .pieces,
            0
        );
    }

    #[test]
    fn every_damage_is_an_error_never_a_panic() {
        let bytes = encode(&sample());
        for n in 0..bytes.len() {
            let e = decode(&bytes[..n], None).unwrap_err();
            assert!(
                matches!(
                    e,
                    BookError::Damaged {
                        damage: Damage::Truncated { .. } | Damage::NotABook { .. },
                        ..
                    }
                ),
                "{n}: {e}"
            );
        }
        for i in 0..bytes.len() {
            for flip in [0x01u8, 0x80, 0xFF] {
                let mut bad = bytes.clone();
                bad[i] ^= flip;
                assert!(
                    decode(&bad, None).is_err(),
                    "byte {i} ^ {flip:#x} went unnoticed"
                );
            }
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            decode(&longer, None).unwrap_err().to_string(),
            "corrupt: 1 unexpected bytes after the checksum"
        );
    }

    #[test]
    fn header_problems_are_named() {
        let bytes = encode(&sample());
        let mut magic = bytes.clone();
        magic[0] = b'X';
        let damage = |b: &[u8]| match decode(b, None) {
            Err(BookError::Damaged { damage, .. }) => damage,
            other => panic!("{other:?}"),
        };
        assert!(matches!(damage(&magic), Damage::NotABook { .. }));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(
            damage(&version),
            Damage::Version {
                found: 9,
                supported: VERSION
            }
        );
        let e = decode(&bytes, Some(("murray", 16))).unwrap_err();
        assert!(
            matches!(&e, BookError::WrongRuleset { book, want, .. } if book == "schadler-2001" && want == "murray"),
            "{e}"
        );
        assert_eq!(e.to_string(), "the book is for schadler-2001, not murray");
        let e = decode(&bytes, Some(("schadler-2001", 16))).unwrap_err();
        assert!(
            matches!(
                e,
                BookError::WrongRuleset {
                    book_pieces: 20,
                    want_pieces: 16,
                    ..
                }
            ),
            "{e}"
        );
    }
}
