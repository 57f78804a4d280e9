//! The engine facade: one place that owns the search machinery (shared table, options, the
//! running search) and turns a position plus limits into events and exactly one best move.
//! The faces (protocol, command line, match runner) talk to it; it never prints.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::board::Bits;
use crate::mcts::{self, MctsConfig, MctsParams, Reuse};
use crate::rules::{Game, Move, perft};
use crate::search::skill::Skill;
use crate::search::tt::AllocError;
use crate::search::{
    self, Clock, Event, Limits, Params, SearchConfig, SearchResult, Shared, Weights,
};

/// Which search plays the placement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementSearch {
    /// The one that measured stronger in the ruleset being played.
    Auto,
    Mcts,
    AlphaBeta,
}

/// A word that names no [`PlacementSearch`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlacementSearch(pub String);

impl std::fmt::Display for UnknownPlacementSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is not auto, mcts or alphabeta", self.0)
    }
}

impl std::error::Error for UnknownPlacementSearch {}

impl std::str::FromStr for PlacementSearch {
    type Err = UnknownPlacementSearch;
    /// The option's words: `auto`, `mcts`, `alphabeta`.
    fn from_str(word: &str) -> Result<Self, UnknownPlacementSearch> {
        match word.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(PlacementSearch::Auto),
            "mcts" => Ok(PlacementSearch::Mcts),
            "alphabeta" => Ok(PlacementSearch::AlphaBeta),
            _ => Err(UnknownPlacementSearch(word.trim().to_string())),
        }
    }
}

/// The transposition table could not be resized: the memory asked for could not be had,
/// and the table stays at `kept_mb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashError {
    pub alloc: AllocError,
    pub kept_mb: usize,
}

impl std::fmt::Display for HashError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}; it stays at {} MB", self.alloc, self.kept_mb)
    }
}

impl std::error::Error for HashError {}

impl PlacementSearch {
    /// The search that plays placements in `ruleset`: with `Auto`, the one its knobs name
    /// as measured stronger there. On 64 free squares (schadler-2001) the evaluation already
    /// tells good placements from bad ones, and a full-width search six or seven plies deep
    /// uses it better than some thousands of playouts (figures in `protocol.md`); in
    /// luductus' 26 squares, where when to place the praetorian matters, MCTS is stronger.
    pub fn for_ruleset(self, ruleset: &crate::rules::Ruleset) -> PlacementSearch {
        match self {
            PlacementSearch::Auto => match ruleset.placement_planner {
                crate::rules::PlacementPlanner::AlphaBeta => PlacementSearch::AlphaBeta,
                crate::rules::PlacementPlanner::Mcts => PlacementSearch::Mcts,
            },
            chosen => chosen,
        }
    }
}

/// Playouts per unit of `go depth` when MCTS plays a placement.
pub const PLAYOUTS_PER_DEPTH: u64 = 256;

/// The transposition table's size until the `Hash` option changes it, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// Settings that persist between searches.
#[derive(Clone, Debug)]
pub struct Options {
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    /// Analysis rather than play: draws are worth 0 to both sides (no contempt).
    pub analyse_mode: bool,
    pub params: Params,
    /// The weights of `EvalFile`, for every ruleset (`None`: each ruleset's own, see
    /// [`Options::weights_for`]).
    pub eval_file: Option<Weights>,
    /// The net of `EvalFile`: it evaluates instead of the formula in the ruleset it was
    /// trained for; other rulesets keep theirs.
    pub eval_net: Option<Arc<crate::nnue::Net>>,
    /// `Use NNUE`: off, every ruleset is evaluated by its formula, net or no net (to measure
    /// what a net is worth, or to play as the engine did before it).
    pub use_net: bool,
    pub placement_search: PlacementSearch,
    pub mcts: MctsParams,
    /// The playing level (`Skill Level`).
    pub skill_level: u8,
    /// `UCI_LimitStrength`: play at `UCI_Elo` (which then overrides the `Skill Level`).
    pub limit_strength: bool,
    pub elo: u32,
    /// Who chooses the moves (`Agent`).
    pub agent: Agent,
}

/// Who chooses the moves: the search, or a legal move drawn uniformly at random (the
/// Random agent of Ludii's studies, so that a ruleset's figures from random play can be set
/// beside Ludii's). The draw is seeded by the position and the ply, so a game replays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Agent {
    #[default]
    Search,
    Random,
}

/// The random agent's move: one of the legal moves, drawn with a seed made of the position
/// and the ply count (`None` when the game is over).
fn random_move<B: Bits>(game: &Game<B>) -> SearchResult {
    use rand::{RngExt, SeedableRng};
    let moves = game.legal_moves();
    let seed = game.position().full_key()
        ^ (game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    SearchResult {
        best: (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())]),
        ponder: None,
        value: 0,
        depth: 0,
        nodes: 0,
        lines: Vec::new(),
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            multipv: 1,
            move_overhead_ms: 30,
            analyse_mode: false,
            params: Params::default(),
            eval_file: None,
            eval_net: None,
            use_net: true,
            placement_search: PlacementSearch::Auto,
            mcts: MctsParams::default(),
            skill_level: crate::search::skill::MAX_LEVEL,
            limit_strength: false,
            elo: crate::search::skill::ELO_RANGE.1,
            agent: Agent::Search,
        }
    }
}

impl Options {
    /// The playing level: `UCI_Elo`'s when `UCI_LimitStrength` is on, else `Skill Level`'s.
    pub fn skill(&self) -> Skill {
        if self.limit_strength {
            Skill::elo(self.elo)
        } else {
            Skill::level(self.skill_level)
        }
    }

    /// The evaluation weights for a ruleset: `EvalFile`'s, or the ruleset's shipped ones, or
    /// the defaults.
    pub fn weights_for(&self, ruleset: &crate::rules::Ruleset) -> Weights {
        self.eval_file
            .clone()
            .unwrap_or_else(|| crate::search::weights::for_ruleset(ruleset))
    }

    /// The net for a ruleset: `EvalFile`'s (the search uses it only in the ruleset it was
    /// trained for), else none when `EvalFile` gave weights, else the ruleset's shipped one;
    /// none at all with `Use NNUE` off.
    pub fn net_for(&self, ruleset: &crate::rules::Ruleset) -> Option<Arc<crate::nnue::Net>> {
        if !self.use_net {
            return None;
        }
        match (&self.eval_net, &self.eval_file) {
            (Some(net), _) => Some(net.clone()),
            (None, Some(_)) => None,
            (None, None) => crate::nnue::shipped::for_ruleset(ruleset),
        }
    }

    /// The search tunables for the next search: contempt only in play.
    pub fn search_params(&self) -> Params {
        let mut p = self.params.clone();
        if self.analyse_mode {
            p.contempt = 0;
        }
        p
    }
}

/// What a running search tells its owner.
#[derive(Clone, Debug)]
pub enum EngineEvent {
    Search(Event),
    /// The search is over: exactly one per `go`.
    Done(SearchResult),
}

/// Stops the searches of one engine from anywhere (it stays valid when the table is rebuilt).
#[derive(Clone)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The background job: a search (with its clock) or a perft.
struct Running {
    handle: JoinHandle<()>,
    clock: Option<Arc<Clock>>,
}

/// The search side of the engine.
pub struct Engine {
    pub options: Options,
    shared: Arc<Shared>,
    running: Option<Running>,
    /// The hash size the shared table was built with.
    table_mb: usize,
    /// The last placement search's tree, reused when the game continues from it.
    reuse: Arc<Mutex<Reuse>>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    pub fn new() -> Self {
        let options = Options::default();
        Engine {
            shared: Arc::new(Shared::new(DEFAULT_HASH_MB)),
            table_mb: DEFAULT_HASH_MB,
            options,
            running: None,
            reuse: Arc::new(Mutex::new(Reuse::default())),
        }
    }

    /// Whether a search is running (or finished but not yet waited for).
    pub fn searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.handle.is_finished())
    }

    /// The transposition table's size, in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.table_mb
    }

    /// Resizes the transposition table to about `mb` megabytes (empty), stopping a running
    /// search first. When the memory cannot be had, the old table stays and the error says so.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), HashError> {
        self.stop_and_wait();
        if mb != self.table_mb {
            let stop = self.shared.stop.clone();
            let shared = Shared::try_with_stop(mb, stop).map_err(|alloc| HashError {
                alloc,
                kept_mb: self.table_mb,
            })?;
            self.shared = Arc::new(shared);
            self.table_mb = mb;
        }
        Ok(())
    }

    /// Empties the transposition table (waits for a running search first).
    pub fn clear_hash(&mut self) {
        self.stop_and_wait();
        self.shared.tt.clear();
    }

    /// Starts searching `game` in the background; `on_event` receives the search's events and
    /// finally one [`EngineEvent::Done`]. Any running search is stopped first.
    pub fn go<B: Bits>(
        &mut self,
        game: &Game<B>,
        limits: Limits,
        searchmoves: Vec<Move>,
        mut on_event: Box<dyn FnMut(EngineEvent) + Send>,
    ) {
        self.stop_and_wait();
        self.shared.stop.store(false, Ordering::Relaxed);
        let skill = self.options.skill();
        // The placement search's playouts: as asked, and within the level's budget.
        let asked = limits
            .nodes
            .or(limits.depth.map(|d| d as u64 * PLAYOUTS_PER_DEPTH));
        let playouts = match (asked, skill.playouts()) {
            (Some(a), Some(s)) => Some(a.min(s)),
            (a, s) => a.or(s),
        };
        let mut limits = limits;
        if !limits.infinite && !limits.ponder {
            skill.limit(&mut limits);
        }
        let clock = Arc::new(Clock::new(
            &limits,
            game.position().side,
            self.options.move_overhead_ms,
        ));
        let cfg = SearchConfig {
            threads: self.options.threads,
            multipv: skill.multipv(self.options.multipv),
            searchmoves,
            params: self.options.search_params(),
            weights: self.options.weights_for(game.ruleset()),
            net: self.options.net_for(game.ruleset()),
            limits,
        };
        let game = game.clone();
        let shared = self.shared.clone();
        let thread_clock = clock.clone();
        let placement = game.position().placing()
            && self
                .options
                .placement_search
                .for_ruleset(&game.rules().ruleset)
                == PlacementSearch::Mcts;
        let mcts_params = self.options.mcts.clone();
        let reuse = self.reuse.clone();
        let random = self.options.agent == Agent::Random;
        let handle = std::thread::spawn(move || {
            let mut report = |e: Event| on_event(EngineEvent::Search(e));
            let result = if random {
                random_move(&game)
            } else if placement {
                let tree = reuse
                    .lock()
                    .map(|r| r.take_for(&game).unwrap_or_default())
                    .unwrap_or_default();
                let mcts_cfg = MctsConfig {
                    params: &mcts_params,
                    weights: &cfg.weights,
                    net: cfg.net.as_deref(),
                    threads: cfg.threads,
                    playouts,
                    seed: 0,
                };
                let (result, tree) = mcts::run(
                    &game,
                    tree,
                    &shared.stop,
                    &thread_clock,
                    &mcts_cfg,
                    &mut report,
                );
                if let Ok(mut r) = reuse.lock() {
                    *r = Reuse {
                        game_start: crate::mcts::game_start(&game),
                        root_history: game.moves(),
                        tree,
                    };
                }
                result
            } else {
                let mut result = search::run(&game, &shared, &thread_clock, &cfg, &mut report);
                // Below full strength, one of the lines with the level's error.
                skill.pick(
                    &mut result,
                    game.position().full_key() ^ game.moves().len() as u64,
                );
                result
            };
            // `go infinite` and pondering answer only after `stop` (or `ponderhit`).
            while (cfg.limits.infinite || thread_clock.pondering())
                && !shared.stop.load(Ordering::Relaxed)
            {
                std::thread::sleep(Duration::from_millis(1));
            }
            on_event(EngineEvent::Done(result));
        });
        self.running = Some(Running {
            handle,
            clock: Some(clock),
        });
    }

    /// Counts perft to `depth` (at most [`perft::MAX_DEPTH`]) split by root move in the
    /// background, so that a deep count can be stopped like a search; `done` receives the
    /// counts, cut short if it was stopped. Any running search is stopped first.
    pub fn perft<B: Bits>(
        &mut self,
        game: &Game<B>,
        depth: usize,
        done: Box<dyn FnOnce(perft::Divided) + Send>,
    ) {
        self.stop_and_wait();
        self.shared.stop.store(false, Ordering::Relaxed);
        let mut game = game.clone();
        let shared = self.shared.clone();
        let handle =
            std::thread::spawn(move || done(perft::divide_until(&mut game, depth, &shared.stop)));
        self.running = Some(Running {
            handle,
            clock: None,
        });
    }

    /// A handle that stops this engine's searches from another thread (a Ctrl-C handler).
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(self.shared.stop.clone())
    }

    /// Asks the running search to stop (it still reports its best move).
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// The opponent played the predicted move: the pondering search now runs on the clock.
    pub fn ponderhit(&self) {
        if let Some(clock) = self.running.as_ref().and_then(|r| r.clock.as_ref()) {
            clock.ponderhit();
        }
    }

    /// Waits until the running search (if any) has reported its best move.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = r.handle.join();
        }
    }

    pub fn stop_and_wait(&mut self) {
        if self.running.is_some() {
            self.stop();
            self.wait();
        }
    }

    /// Searches synchronously and returns the result (for the command line and matches).
    pub fn search_now<B: Bits>(&mut self, game: &Game<B>, limits: Limits) -> SearchResult {
        let result = Arc::new(Mutex::new(None));
        let slot = result.clone();
        self.go(
            game,
            limits,
            Vec::new(),
            Box::new(move |e| {
                if let EngineEvent::Done(r) = e {
                    *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(r);
                }
            }),
        );
        self.wait();
        let r = result.lock().unwrap_or_else(|p| p.into_inner()).take();
        r.expect("a finished search reports its result")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_size_that_cannot_be_had_keeps_the_old_table() {
        let mut e = Engine::new();
        let err = e.set_hash(usize::MAX).unwrap_err();
        assert_eq!(err.kept_mb, DEFAULT_HASH_MB);
        assert_eq!(err.alloc.mb, usize::MAX);
        assert_eq!(e.hash_mb(), DEFAULT_HASH_MB);
        e.set_hash(2).unwrap();
        assert_eq!(e.hash_mb(), 2);
        let rules =
            Arc::new(crate::rules::Rules::new(crate::rules::preset("murray").unwrap()).unwrap());
        let r = e.search_now(&Game::<u128>::new(rules), Limits::depth(2));
        assert!(r.best.is_some());
    }

    #[test]
    fn auto_places_with_the_search_measured_stronger_in_the_ruleset() {
        use PlacementSearch::*;
        let r = |name| crate::rules::preset(name).unwrap();
        assert_eq!(Auto.for_ruleset(&r("schadler-2001")), AlphaBeta);
        assert_eq!(Auto.for_ruleset(&r("luductus")), Mcts);
        assert_eq!(
            Mcts.for_ruleset(&r("schadler-2001")),
            Mcts,
            "a choice made by hand stays"
        );
        assert_eq!(AlphaBeta.for_ruleset(&r("luductus")), AlphaBeta);
        assert_eq!(Options::default().placement_search, Auto);
    }

    #[test]
    fn use_nnue_off_evaluates_every_ruleset_by_its_formula() {
        let kowalski = crate::rules::preset("kowalski-8x12").unwrap();
        let mut o = Options::default();
        let shipped = o.net_for(&kowalski);
        assert!(shipped.is_some(), "kowalski-8x12 ships a net");
        o.use_net = false;
        assert!(o.net_for(&kowalski).is_none());
        o.eval_net = shipped;
        assert!(
            o.net_for(&kowalski).is_none(),
            "not even EvalFile's net is used"
        );
        o.use_net = true;
        assert!(o.net_for(&kowalski).is_some());
    }
}
