//! The transposition table, shared lock-free by every search thread.
//!
//! Each entry is two 64-bit atomics: the packed data, and the key xor the data. A reader
//! accepts an entry only if the xor gives back its key, so a torn write from another thread
//! reads as a miss instead of as wrong data.
//!
//! Data layout (low to high): move 32 bits (see [`pack_move`]), score 16, depth 8, bound 2,
//! age 6.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::rules::{Move, MoveKind};

use super::score::Value;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: Option<PackedMove>,
    pub value: Value,
    pub depth: i32,
    pub bound: Bound,
}

/// A move as the table stores it: kind, from, to, and a hash of a hop chain's path (checked
/// against the legal moves before use).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedMove(u32);

/// Packs a move into 32 bits.
pub fn pack_move(m: &Move) -> PackedMove {
    let kind = match m.kind {
        MoveKind::Place => 1,
        MoveKind::PlaceLeader => 2,
        MoveKind::Go => 3,
        MoveKind::Remove => 4,
        MoveKind::Pass => 5,
    };
    let path = (m.path ^ (m.path >> 21) ^ (m.path >> 42)) as u32 ^ (m.hops as u32) << 3;
    PackedMove(kind | (m.from as u32) << 3 | (m.to as u32) << 11 | (path & 0x1FFF) << 19)
}

impl PackedMove {
    /// Whether `m` is the move this was packed from (up to a hash collision of chain paths).
    pub fn matches(&self, m: &Move) -> bool {
        pack_move(m) == *self
    }

    /// The origin and landing of a piece's move (`None` for a placement, a removal or a pass).
    pub fn squares(self) -> Option<(usize, usize)> {
        (self.0 & 7 == 3).then_some((
            (self.0 >> 3 & 0xFF) as usize,
            (self.0 >> 11 & 0xFF) as usize,
        ))
    }

    /// The 32 packed bits.
    pub fn bits(self) -> u32 {
        self.0
    }
}

struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table; entries are grouped in buckets of two (one kept by depth, one always
/// replaced).
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: AtomicU64,
}

const BUCKET: usize = 2;

/// The memory for a table of `mb` megabytes could not be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocError {
    pub mb: usize,
}

impl std::fmt::Display for AllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot allocate {} MB for the transposition table",
            self.mb
        )
    }
}

impl std::error::Error for AllocError {}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Self {
        Self::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mb` megabytes (at least one bucket), or why the memory could not be
    /// had (the caller keeps what it had instead of the process aborting).
    pub fn try_new(mb: usize) -> Result<Self, AllocError> {
        let bytes = mb.max(1).saturating_mul(1024 * 1024);
        let buckets = ((bytes / (16 * BUCKET)).next_power_of_two() / 2).max(1);
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(buckets * BUCKET)
            .map_err(|_| AllocError { mb })?;
        entries.extend((0..buckets * BUCKET).map(|_| Entry {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }));
        Ok(Table {
            entries,
            mask: buckets - 1,
            age: AtomicU64::new(0),
        })
    }

    /// Empties the table.
    pub fn clear(&self) {
        for e in &self.entries {
            e.check.store(0, Ordering::Relaxed);
            e.data.store(0, Ordering::Relaxed);
        }
    }

    /// Marks the start of a new search: older entries become cheaper to replace.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> usize {
        ((key >> 32) as usize & self.mask) * BUCKET
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        for e in &self.entries[b..b + BUCKET] {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                let mv = data as u32;
                let bound = match (data >> 56) & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(Hit {
                    mv: if mv == 0 { None } else { Some(PackedMove(mv)) },
                    value: (data >> 32) as u16 as i16 as Value,
                    depth: ((data >> 48) & 0xFF) as i32,
                    bound,
                });
            }
        }
        None
    }

    pub fn store(&self, key: u64, mv: Option<&Move>, value: Value, depth: i32, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed) & 0x3F;
        let b = self.bucket(key);
        let bucket = &self.entries[b..b + BUCKET];
        // Same key: keep its move if this store has none.
        let mut slot = None;
        let mut old_move = 0u64;
        for (i, e) in bucket.iter().enumerate() {
            let data = e.data.load(Ordering::Relaxed);
            if e.check.load(Ordering::Relaxed) ^ data == key {
                slot = Some(i);
                old_move = data & 0xFFFF_FFFF;
            }
        }
        let slot = slot.unwrap_or_else(|| {
            // Slot 0 keeps the deeper (or current) entry; slot 1 takes everything else.
            let d0 = bucket[0].data.load(Ordering::Relaxed);
            let depth0 = ((d0 >> 48) & 0xFF) as i32;
            let age0 = d0 >> 58;
            if d0 == 0 || age0 != age || depth >= depth0 {
                0
            } else {
                1
            }
        });
        let mv = mv.map(|m| pack_move(m).0 as u64).unwrap_or(old_move);
        let data = mv
            | ((value as i16 as u16) as u64) << 32
            | (depth.clamp(0, 255) as u64) << 48
            | (bound as u64) << 56
            | age << 58;
        let e = &bucket[slot];
        e.data.store(data, Ordering::Relaxed);
        e.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of sampled entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 0x3F;
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| {
                let d = e.data.load(Ordering::Relaxed);
                d != 0 && d >> 58 == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes_with_mate_and_negative_scores() {
        let t = Table::new(1);
        let m = Move::go(3, 17);
        t.store(0xDEAD_BEEF_1234_5678, Some(&m), -30_500, 7, Bound::Lower);
        let h = t.probe(0xDEAD_BEEF_1234_5678).expect("stored");
        assert_eq!((h.value, h.depth, h.bound), (-30_500, 7, Bound::Lower));
        assert!(h.mv.unwrap().matches(&m));
        assert!(t.probe(0x1111_2222_3333_4444).is_none());
    }

    #[test]
    fn a_store_without_a_move_keeps_the_old_move() {
        let t = Table::new(1);
        let m = Move::go(5, 9);
        t.store(42 << 32 | 7, Some(&m), 10, 3, Bound::Exact);
        t.store(42 << 32 | 7, None, 20, 4, Bound::Upper);
        let h = t.probe(42 << 32 | 7).unwrap();
        assert!(h.mv.unwrap().matches(&m));
        assert_eq!(h.value, 20);
    }
}
