//! What the threads of one search share: the table, the stop flag, the node count, the
//! moves being searched and the move-ordering history.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};

use super::busy::Busy;
use super::history::History;
use super::tt::{AllocError, Table};

/// What every thread of one search shares.
pub struct Shared {
    pub tt: Table,
    /// Raised to end the search; shared with whoever may stop it from outside.
    pub stop: Arc<AtomicBool>,
    pub nodes: AtomicU64,
    /// The moves the threads are inside of, for deferring (several threads only).
    pub busy: Busy,
    /// Move-ordering history, shared so that the threads order moves alike.
    pub history: History,
}

impl Shared {
    /// Shared state with a table of `hash_mb` megabytes and a stop flag of its own.
    pub fn new(hash_mb: usize) -> Shared {
        Self::from_table(Table::new(hash_mb), Arc::default())
    }

    /// Shared state with a table of `hash_mb` megabytes and the stop flag `stop`, or why the
    /// memory could not be had.
    pub fn try_with_stop(hash_mb: usize, stop: Arc<AtomicBool>) -> Result<Shared, AllocError> {
        Ok(Self::from_table(Table::try_new(hash_mb)?, stop))
    }

    fn from_table(tt: Table, stop: Arc<AtomicBool>) -> Shared {
        Shared {
            tt,
            stop,
            nodes: AtomicU64::new(0),
            busy: Busy::default(),
            history: History::default(),
        }
    }
}
