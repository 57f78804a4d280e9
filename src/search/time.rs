//! Search limits and time management: when to stop, from the `go` parameters.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::rules::Colour;

/// What a `go` asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub time: [Option<u64>; 2],
    pub inc: [u64; 2],
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop once a win in at most this many moves is found.
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
}

impl Limits {
    /// A search to a fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    /// A search for a fixed time per move, in milliseconds.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(ms),
            ..Limits::default()
        }
    }
    /// Whether nothing but `stop` ends the search.
    pub fn unbounded(&self) -> bool {
        self.infinite
            || (self.time == [None, None]
                && self.movetime.is_none()
                && self.depth.is_none()
                && self.nodes.is_none()
                && self.mate.is_none())
    }
}

/// The clock of one search: a soft budget (don't start another iteration past it) and a hard
/// one (abort at once), both measured from the start.
#[derive(Debug)]
pub struct Clock {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// Set while pondering: no deadline applies until `ponderhit`.
    pondering: AtomicBool,
    ponder_start: std::sync::Mutex<Instant>,
}

/// The most of a fixed move time kept back for answering (seeing the stop, joining the
/// threads, writing `bestmove`), ms; a twentieth of the move time when that is less.
const MOVETIME_RESERVE_MS: u64 = 10;

/// Plies' worth of moves assumed left when the GUI does not say.
const DEFAULT_MOVES_TO_GO: u64 = 30;

/// The most of the usable clock one move may take, as a fraction `1 / HARD_SHARE`. It binds
/// when the clock is low and the engine lives on its increment: the clock then settles where
/// a third of it pays for the move, so about two increments stay on it as a cushion (with
/// three quarters, the cushion left after a move was half an increment, 50 ms at 10 s + 0.1 s).
const HARD_SHARE: u64 = 3;

impl Clock {
    pub fn new(limits: &Limits, side: Colour, overhead_ms: u64) -> Clock {
        let (soft, hard) = if let Some(mt) = limits.movetime {
            // A fixed time per move is the time to search, to its end: no soft budget to stop
            // early at (only a forced result ends the search sooner), and only what answering
            // takes is kept back (as Stockfish does; Move Overhead is for clocks, where a
            // late answer loses the game).
            let reserve = (mt / 20).min(MOVETIME_RESERVE_MS);
            let t = mt.saturating_sub(reserve).max(1);
            (None, Some(t))
        } else if let Some(left) = limits.time[side.index()] {
            let inc = limits.inc[side.index()];
            let usable = left.saturating_sub(overhead_ms).max(1);
            let mtg = limits
                .movestogo
                .map(|m| m.max(1) as u64)
                .unwrap_or(DEFAULT_MOVES_TO_GO);
            // The soft budget stays under the hard cap, which `max(soft)` would otherwise lift.
            let soft = (usable / mtg + inc * 3 / 4).min(usable / 4).max(1);
            let hard = (soft * 4).min(usable / HARD_SHARE).max(soft);
            (Some(soft), Some(hard))
        } else {
            (None, None)
        };
        let now = Instant::now();
        Clock {
            start: now,
            soft: soft.map(Duration::from_millis),
            hard: hard.map(Duration::from_millis),
            pondering: AtomicBool::new(limits.ponder),
            ponder_start: std::sync::Mutex::new(now),
        }
    }

    fn since_start(&self) -> Duration {
        let start = *self.ponder_start.lock().unwrap_or_else(|e| e.into_inner());
        start.elapsed()
    }

    /// Milliseconds since the search began.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// The GUI's predicted move was played: the clock starts now.
    pub fn ponderhit(&self) {
        *self.ponder_start.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        self.pondering.store(false, Ordering::Release);
    }

    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }

    /// Past the hard budget: abort now.
    pub fn out_of_time(&self) -> bool {
        !self.pondering() && self.hard.is_some_and(|h| self.since_start() >= h)
    }

    /// Past the soft budget scaled by `factor` (more when the best move keeps changing).
    pub fn should_not_continue(&self, factor: f64) -> bool {
        !self.pondering()
            && self
                .soft
                .is_some_and(|s| self.since_start().as_secs_f64() >= s.as_secs_f64() * factor)
    }

    pub fn has_deadline(&self) -> bool {
        self.hard.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_fit_inside_the_clock() {
        let l = Limits {
            time: [Some(10_000), Some(10_000)],
            inc: [100, 100],
            ..Limits::default()
        };
        let c = Clock::new(&l, Colour::White, 50);
        let (soft, hard) = (c.soft.unwrap().as_millis(), c.hard.unwrap().as_millis());
        assert!(
            soft > 0 && soft <= hard && hard < 10_000 - 50,
            "{soft} {hard}"
        );
        let short = Limits {
            time: [Some(30), Some(30)],
            ..Limits::default()
        };
        let c = Clock::new(&short, Colour::White, 50);
        assert!(c.hard.unwrap().as_millis() <= 1);
    }

    /// Plays a game of 10 s + 0.1 s in which every move takes its whole hard budget and 10 ms
    /// more on the way back to the GUI: the worst the engine can do. Once the base is spent,
    /// the clock must keep more than an increment in hand after every move.
    #[test]
    fn living_on_the_increment_keeps_a_cushion() {
        let (inc, overhead, latency) = (100, 30, 10);
        let mut left: i64 = 10_000;
        let mut lowest = i64::MAX;
        for mv in 0..400 {
            let l = Limits {
                time: [Some(left as u64), Some(left as u64)],
                inc: [inc, inc],
                ..Limits::default()
            };
            let hard = Clock::new(&l, Colour::White, overhead).hard.unwrap();
            left -= hard.as_millis() as i64 + latency;
            assert!(left > 0, "move {mv}: flagged");
            if mv >= 100 {
                lowest = lowest.min(left);
            }
            left += inc as i64;
        }
        assert!(lowest > inc as i64, "cushion {lowest} ms");
    }

    #[test]
    fn movetime_is_the_budget() {
        // The whole move time but for a small reserve to answer in; Move Overhead (here 30)
        // is not taken off.
        for (mt, hard) in [(500, 490), (100, 95), (50, 48), (20, 19), (1, 1)] {
            let c = Clock::new(&Limits::movetime(mt), Colour::Black, 30);
            assert_eq!(c.hard.unwrap().as_millis(), hard, "movetime {mt}");
        }
        let c = Clock::new(&Limits::movetime(500), Colour::Black, 20);
        // However settled the best move, the search goes on to the end of the time.
        assert!(!c.should_not_continue(0.0));
    }
}
