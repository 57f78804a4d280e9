//! The engine's own benchmark: a fixed set of positions from every ruleset searched to a fixed
//! depth on one thread, evaluated as the engine plays (a shipped net where the ruleset has
//! one). The total node count is a signature of the search: it changes only when the
//! search's behaviour (or a shipped net) changes.

use std::sync::Arc;
use std::time::Instant;

use crate::board::Bits;
use crate::rules::{AnyRules, Game, Rules, preset};

use super::tt::AllocError;
use super::{Clock, Limits, SearchConfig, Shared, run};

/// (variant, position string or "startpos", depth).
pub const POSITIONS: [(&str, &str, u32); 15] = [
    ("kowalski-8x12", "startpos", 6),
    (
        "kowalski-8x12",
        "mMm2m3m2/7m4/10mM/M2M5m2/5m1k4/9M2/12/M2M2KM4 w - 2 98",
        6,
    ),
    (
        "schadler-2001",
        "M1MM3m/m1MM2m1/3MMm1M/2mm1mm1/m2m1m1M/m4MtM/1mM1Mm2/M1mMM3 b - 41 73",
        6,
    ),
    ("schadler-2001", "startpos", 3),
    ("murray", "startpos", 7),
    ("murray", "MM1M3M/5K2/1k6/1m6/3M3M/8/4m3/7m b - 4 60", 7),
    ("little-soldiers", "startpos", 7),
    (
        "little-soldiers",
        "2mm4/4m3/m2m3m/8/7M/3M1M1M/M1M1MM2/2M1M3 w - 9 40",
        7,
    ),
    (
        "luductus",
        "1M4KM2M1M/MM8MMM/13/4m2M5/4mM5m1/2k2mmmm3m/2m2m1m5 w - 16 40",
        6,
    ),
    ("luductus", "startpos", 2),
    // The wider family: a bonus move pending, hostile corners, the dux hopping.
    (
        "bell-8x7",
        "5MK/MmMMmk1/1M2Mm1/3MmMm/1M1mMmm/mMM1Mm1/5M1/m2mm2 w - 0 54 +c3",
        11,
    ),
    // Trapped pieces, removals before a move, hop chains over own and trapped pieces.
    (
        "locus-ludi-seneca",
        "1M2m2M/1mmM1mM1/m2MmTm1/m1MM4/1mm1mMtM/mmMM3M/mMMmTmmm/mMMM1M2 w - 16 56",
        9,
    ),
    // 12x12 on the 256-bit set: steps, hops and custody in 8 directions.
    (
        "falkener",
        "1m3m3m1m/m2m2m2mm1/m3m2mm1mm/m1mmmm1mm3/2m1m2m1m2/4m2m2m1/M4MM5/2MM3M2M1/2M2MM1MM1M/M1M3M1M1M1/1M4M1MM1M/MMM1M1M1M2M w - 45 74",
        5,
    ),
    // 11x16 on the 256-bit set, after the two-at-a-time placement.
    (
        "seega-rules-11x16",
        "MMmmMmmmMMMmmmmm/MmMmmmmMMmmmmMmM/MMMMmmmmMMMmMMmM/MMMMMmMmMMmmMMMm/mmmmmM2mm1mmMMM/MMmmM1M3mMMMMm/MmMmMMm1Mm1mmmMM/MmMmMm4mmmmMM/MMMMMmm1MmMMmM1M/mMMMmMMM1mmmMmMM/mmMMMmmMmmMmmmMm w - 2 194",
        8,
    ),
    (
        "kharebga-rules-8x8",
        "MmMmmmmm/MMMMMm1m/MMmmm1mM/mmmMm2m/MM1MMM1M/m1mm1mmm/mMmMmmMM/mMMMMMMm w - 0 70",
        7,
    ),
];

/// Why the bench could not run: a position of its list does not build (which the tests rule
/// out), or the table's memory could not be had.
#[derive(Debug)]
pub enum BenchError {
    Position(crate::rules::Error),
    Hash(AllocError),
}

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BenchError::Position(e) => e.fmt(f),
            BenchError::Hash(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BenchError {}

impl<E: Into<crate::rules::Error>> From<E> for BenchError {
    fn from(e: E) -> Self {
        BenchError::Position(e.into())
    }
}

/// The result of one bench run.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    pub nodes: u64,
    pub millis: u64,
    /// Per position: variant, nodes, milliseconds.
    pub per_position: Vec<(&'static str, u64, u64)>,
}

impl BenchReport {
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.millis.max(1)
    }
}

/// Runs the bench on one thread; `depth_offset` deepens (or, negative, shallows) every
/// search.
pub fn bench(hash_mb: usize, depth_offset: i32) -> Result<BenchReport, BenchError> {
    bench_with(hash_mb, depth_offset, 1, &mut |_, _, _| {})
}

/// Searches one bench position; returns its nodes and milliseconds.
fn search_one<B: Bits>(
    rules: Arc<Rules<B>>,
    fen: &str,
    depth: u32,
    depth_offset: i32,
    hash_mb: usize,
    threads: usize,
) -> Result<(u64, u64), BenchError> {
    let game = if fen == "startpos" {
        Game::new(rules)
    } else {
        Game::from_fen(rules, fen)?
    };
    let shared = Shared::try_with_stop(hash_mb, Default::default()).map_err(BenchError::Hash)?;
    let depth = (depth as i32 + depth_offset).max(1) as u32;
    let cfg = SearchConfig {
        limits: Limits::depth(depth),
        threads: threads.max(1),
        weights: super::weights::for_ruleset(game.ruleset()),
        // As the engine plays: with the ruleset's shipped net where it has one.
        net: crate::nnue::shipped::for_ruleset(game.ruleset()),
        ..SearchConfig::default()
    };
    let clock = Clock::new(&cfg.limits, game.position().side, 0);
    let t = Instant::now();
    let r = run(&game, &shared, &clock, &cfg, &mut |_| {});
    Ok((r.nodes, t.elapsed().as_millis() as u64))
}

/// [`bench`] on `threads` threads (the node count is a signature only on one: with more,
/// the threads race and the count varies; the time to reach the depths measures how well
/// they share the work), telling `progress` (index, count, variant) before each position.
pub fn bench_with(
    hash_mb: usize,
    depth_offset: i32,
    threads: usize,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<BenchReport, BenchError> {
    let mut total = 0;
    let start = Instant::now();
    let mut per_position = Vec::new();
    for (i, (variant, fen, depth)) in POSITIONS.into_iter().enumerate() {
        progress(i, POSITIONS.len(), variant);
        let rules = AnyRules::new(preset(variant)?)?;
        let nodes = crate::with_width!(rules, r => search_one(r, fen, depth, depth_offset, hash_mb, threads)?);
        total += nodes.0;
        per_position.push((variant, nodes.0, nodes.1));
    }
    Ok(BenchReport {
        nodes: total,
        millis: start.elapsed().as_millis() as u64,
        per_position,
    })
}

impl BenchReport {
    /// The report as `bench` prints it: one line per position, then the totals.
    pub fn write(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        for (i, (variant, nodes, ms)) in self.per_position.iter().enumerate() {
            writeln!(
                out,
                "position {:>2} {variant:<20} nodes {nodes:>10} time {ms:>6} ms",
                i + 1
            )?;
        }
        writeln!(out, "===========================")?;
        writeln!(out, "Total time (ms) : {}", self.millis)?;
        writeln!(out, "Nodes searched  : {}", self.nodes)?;
        writeln!(out, "Nodes/second    : {}", self.nps())
    }
}
