//! Which moves other threads are searching right now: the shared table behind the deferral
//! of Simplified ABDADA.
//!
//! Lazy SMP alone leaves the threads searching the same moves in the same order, so most of
//! a second thread's work repeats the first's. Before searching a move (other than a node's
//! first) at a high enough depth, a thread asks whether another thread is already inside that
//! move; if so it defers the move to the end of the node, by when the other thread's result
//! is usually in the transposition table. The table is small and lossy: a collision only
//! reorders moves, it never changes a result.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries in the table (a power of two).
const SIZE: usize = 1 << 15;

/// The moves being searched, each as a hash of the position key and the move.
pub struct Busy {
    entries: Vec<AtomicU64>,
}

impl Default for Busy {
    fn default() -> Self {
        Busy {
            entries: (0..SIZE).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Busy {
    fn slot(&self, hash: u64) -> &AtomicU64 {
        &self.entries[(hash >> 40) as usize & (SIZE - 1)]
    }

    /// Whether another thread marked `hash` as being searched.
    pub fn taken(&self, hash: u64) -> bool {
        self.slot(hash).load(Ordering::Relaxed) == hash
    }

    /// Marks `hash` as being searched by this thread.
    pub fn enter(&self, hash: u64) {
        self.slot(hash).store(hash, Ordering::Relaxed);
    }

    /// Unmarks `hash` (unless another move took the slot meanwhile).
    pub fn leave(&self, hash: u64) {
        let _ = self
            .slot(hash)
            .compare_exchange(hash, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Forgets every mark (a stopped search leaves some behind).
    pub fn clear(&self) {
        for e in &self.entries {
            e.store(0, Ordering::Relaxed);
        }
    }
}

/// The hash that marks move `packed` from the position with table key `key`.
pub fn move_hash(key: u64, packed: u32) -> u64 {
    (key ^ (packed as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_is_seen_until_left_and_a_collision_never_unmarks_the_other_move() {
        let b = Busy::default();
        let h = move_hash(0x1234_5678_9ABC_DEF0, 77);
        assert!(!b.taken(h));
        b.enter(h);
        assert!(b.taken(h));
        // Same slot, other move: leaving it must not clear the first mark.
        let other = h ^ 1;
        assert!(!b.taken(other));
        b.leave(other);
        assert!(b.taken(h));
        b.leave(h);
        assert!(!b.taken(h));
        b.enter(h);
        b.clear();
        assert!(!b.taken(h));
    }
}
