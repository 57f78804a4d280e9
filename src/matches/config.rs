//! What a match is: its engines, games, openings, adjudication, SPRT and records.

use std::path::PathBuf;
use std::sync::Arc;

use super::spec::EngineSpec;
use super::stats::Sprt;

/// Where openings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Openings {
    /// Random legal plies from the start position; with a band, only those whose short
    /// search score lies in it (unbalanced openings, where equal engines draw every game).
    Random {
        plies: usize,
        band: Option<ScoreBand>,
    },
    /// One opening per line: a position string, or move tokens from the start.
    File(PathBuf),
    /// The shipped opening suite of the ruleset (`books/openings/<name>.txt`, built in).
    Suite,
}

/// Which random openings to keep: those whose score (either side ahead) after a search of
/// `depth` lies between `least` and `most` centipawns, as Stockfish's testing plays
/// unbalanced openings where balanced ones are all draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreBand {
    pub least: i32,
    pub most: i32,
    pub depth: u32,
}

/// The draw adjudication by score (cutechess-cli's `-draw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawScore {
    pub cp: i32,
    pub moves: u32,
    pub after: u32,
}

/// One part of a match or study spread over several machines: shard `index` (from 1) of
/// `count`. It plays the pairs of games (an opening with both colours) whose number, from
/// 0, is `index - 1` modulo `count`, with the openings, seeds and round numbers of the whole
/// run: the games of all shards together are those of the run played unsharded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

/// A `--shard` that does not read as `I/N` with 1 <= I <= N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardError(pub String);

impl std::fmt::Display for ShardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "shard '{}': expected I/N, the shard I of N, with 1 <= I <= N (e.g. 1/4)",
            self.0
        )
    }
}

impl std::error::Error for ShardError {}

impl std::str::FromStr for Shard {
    type Err = ShardError;
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let wrong = || ShardError(text.to_string());
        let (i, n) = text.split_once('/').ok_or_else(wrong)?;
        let index: u32 = i.trim().parse().map_err(|_| wrong())?;
        let count: u32 = n.trim().parse().map_err(|_| wrong())?;
        if index == 0 || index > count {
            return Err(wrong());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether this shard plays pair `pair` (from 0).
    pub fn takes(&self, pair: usize) -> bool {
        pair % self.count as usize == (self.index - 1) as usize
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: String,
    /// Men per side where the ruleset lets the players choose.
    pub pieces: Option<u8>,
    /// A ruleset file the variant may come from; the engines are given it too.
    pub variant_path: Option<PathBuf>,
    pub engines: Vec<EngineSpec>,
    /// Games per encounter (pair of engines) per round; with `swap_colours`, rounded up to
    /// an even number so each opening is played with both colours.
    pub games: u32,
    /// Play each opening twice, colours swapped (a match between engines); off, each
    /// opening once, the first engine White (self-play, where a swap would replay the game).
    pub swap_colours: bool,
    pub rounds: u32,
    pub concurrency: usize,
    pub seed: u64,
    pub openings: Openings,
    /// Adjudicate a draw after this many plies.
    pub draw_plies: Option<u32>,
    /// Adjudicate a win when both engines agree for `moves` moves each that one side is
    /// ahead by at least `cp` (or has a mate).
    pub resign: Option<(i32, u32)>,
    /// Adjudicate a draw when both engines agree, for `moves` moves each, that the score is
    /// within `cp` of zero, once the game is `after` plies long.
    pub draw_score: Option<DrawScore>,
    pub sprt: Option<Sprt>,
    /// Play only this part of the games (the whole match when `None`).
    pub shard: Option<Shard>,
    pub records: Option<PathBuf>,
    /// Clock slack before a time forfeit, ms.
    pub margin_ms: u64,
    /// How long a depth- or node-limited move may take before the engine counts as hung.
    pub hang_ms: u64,
    /// The first engine against each of the others, instead of every pair.
    pub gauntlet: bool,
    /// Print the standings every this many games (0: only at the end).
    pub rating_interval: usize,
    /// A log of every line to and from each engine, time-stamped.
    pub debug_log: Option<Arc<super::process::DebugLog>>,
}
