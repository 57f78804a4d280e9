//! The engine's protocol state and the handling of each command: the chosen ruleset, the game,
//! the options, and the engine that searches in the background while input is still read.
//!
//! The state is split in two: the [`Peer`] (options, engine, book, output) knows no board,
//! and the [`Table`] (rules, game) is generic over the bit-set type the ruleset's board
//! needs; [`AnyTable`] holds one of either width (a [`ByWidth`], as the rules are held) and
//! every command that touches the game is handled by generic code behind one dispatch.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// How long a `go` searches when every limit it gave was refused (documented in protocol.md).
pub const REFUSED_GO_MOVETIME_MS: u64 = 1000;

use super::command::{Base, Command, CommandError, GoError, GoParams, Query};
use super::display;
use super::error::{Code, Refusal};
use crate::board::{Bits, Bits256};
use crate::book::player::BookPlayer;
use crate::engine::{Engine, EngineEvent};
use crate::rules::{self, AnyRules, ByWidth, Catalogue, DEFAULT_PRESET, Game, Rules, fen, perft};
use crate::search::{Limits, eval};

/// Where answers go; shared with the search thread.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// The board-independent part of the session.
pub struct Peer {
    pub(super) variant: String,
    /// Men in hand per side once `Pieces` is set, where a ruleset lets the players choose.
    pub(super) pieces: Option<u8>,
    /// The rulesets `UCI_Variant` may name: the presets and those loaded by `VariantPath`.
    pub(super) catalogue: Catalogue,
    pub(super) engine: Engine,
    pub(super) show_wdl: bool,
    pub(super) ponder: bool,
    /// `OwnBook`, `BookFile`, `BookVariety` and the books read so far.
    pub(super) book: BookPlayer,
    debug: bool,
    /// Whether the peer opened with `ugi` (UGI mode: see protocol.md).
    ugi: bool,
    /// A `UCI_Variant` value that named no ruleset: until a known one is set, `position`,
    /// `go` and `go perft` are refused, so that a runner cannot play on, unawares, in the
    /// ruleset the engine had before.
    pub(super) refused_variant: Option<String>,
    out: Output,
}

/// The game and its rules on the bit-set type `B`.
pub struct Table<B> {
    pub(super) rules: Arc<Rules<B>>,
    pub(super) game: Game<B>,
    /// How the current game was set up, so that a `position` command that only appends moves
    /// (as GUIs send after every move) replays just the new ones.
    setup: Option<(Base, Vec<String>)>,
    /// In UGI mode, a `position` command that could not be played ends the game: the winner
    /// (the other side of the one that made an illegal move), or `None` for a malformed
    /// position string.
    forfeit: Option<Option<rules::Colour>>,
}

/// The table for whichever width the current ruleset needs.
pub type AnyTable = ByWidth<Table<u128>, Table<Bits256>>;

impl<B: Bits> Table<B> {
    fn new(rules: Arc<Rules<B>>) -> Self {
        Table {
            game: Game::new(rules.clone()),
            rules,
            setup: None,
            forfeit: None,
        }
    }
}

impl AnyTable {
    /// The table of a game of `rules`.
    fn new(rules: AnyRules) -> Self {
        match rules {
            ByWidth::Narrow(r) => ByWidth::Narrow(Table::new(r)),
            ByWidth::Wide(r) => ByWidth::Wide(Table::new(r)),
        }
    }

    /// The current ruleset's knobs.
    pub fn ruleset(&self) -> &rules::Ruleset {
        crate::with_width!(self, t => &t.rules.ruleset)
    }
}

/// The engine as a protocol peer sees it.
pub struct Session {
    pub(super) peer: Peer,
    pub(super) table: AnyTable,
}

/// What the loop should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

pub const ENGINE_NAME: &str = concat!("Latrunculi ", env!("CARGO_PKG_VERSION"));

/// Writes whole lines to the shared output and flushes.
pub fn say(out: &Output, text: &str) {
    let mut o = out.lock().unwrap_or_else(|p| p.into_inner());
    let _ = o.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = o.write_all(b"\n");
    }
    let _ = o.flush();
}

impl Session {
    pub fn new(out: Output) -> Self {
        let catalogue = Catalogue::default();
        let rules = catalogue
            .rules(DEFAULT_PRESET, None)
            .expect("the default preset is valid");
        Session {
            peer: Peer {
                variant: DEFAULT_PRESET.into(),
                pieces: None,
                catalogue,
                engine: Engine::new(),
                show_wdl: false,
                ponder: false,
                book: BookPlayer::default(),
                debug: false,
                ugi: false,
                refused_variant: None,
                out,
            },
            table: AnyTable::new(rules),
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let result = super::command::parse(line)
            .map_err(Refusal::from)
            .and_then(|cmd| self.handle(cmd));
        match result {
            Ok(flow) => flow,
            Err(e) => {
                // An error of several lines (a ruleset file's) is several info lines.
                self.peer.refuse(e);
                Flow::Continue
            }
        }
    }

    /// Ends the session: stops a running search (it still answers `bestmove`).
    pub fn shutdown(&mut self) {
        self.peer.engine.stop_and_wait();
    }

    fn handle(&mut self, cmd: Command) -> Result<Flow, Refusal> {
        let peer = &mut self.peer;
        match cmd {
            Command::Nothing => {}
            Command::Quit => {
                self.shutdown();
                return Ok(Flow::Quit);
            }
            Command::Stop => peer.engine.stop_and_wait(),
            Command::PonderHit => peer.engine.ponderhit(),
            Command::Uci | Command::Ugi => {
                self.peer.ugi = cmd == Command::Ugi;
                let mut lines = vec![
                    format!("id name {ENGINE_NAME}"),
                    "id author the Latrunculi developers".to_string(),
                ];
                lines.extend(self.option_lines());
                lines.push(if self.peer.ugi { "ugiok" } else { "uciok" }.into());
                self.peer.say(&lines.join("\n"));
            }
            Command::Debug(on) => peer.debug = on,
            Command::IsReady => peer.say("readyok"),
            Command::SetOption { name, value } => {
                self.set_option(&name, value.as_deref().unwrap_or(""))?
            }
            Command::Bench => {
                peer.engine.stop_and_wait();
                let report = crate::search::bench::bench(16, 0)?;
                peer.text(|b| report.write(b))
            }
            Command::Variants => {
                peer.say(&format!("variants {}", peer.catalogue.names().join(" ")))
            }
            cmd @ (Command::Position { .. } | Command::Go(_) | Command::Perft(_))
                if peer.refused_variant.is_some() =>
            {
                let wanted = peer.refused_variant.as_deref().unwrap_or_default();
                let why = Refusal::new(
                    Code::NoRuleset,
                    format!(
                        "no ruleset: UCI_Variant '{}' names none (the list is in the uci answer); \
                         set a known one",
                        rules::echoed(wanted)
                    ),
                );
                if let Command::Go(_) = cmd {
                    peer.say(&format!("{}\nbestmove (none)", why.lines().join("\n")));
                } else {
                    return Err(why);
                }
            }
            cmd => crate::with_width!(&mut self.table, t => peer.on_table(t, cmd)?),
        }
        Ok(Flow::Continue)
    }

    /// Switches to a ruleset and resets the game to its start.
    pub(super) fn install(&mut self, rules: AnyRules) {
        self.peer.engine.stop_and_wait();
        let line = with_rules_line(&rules);
        self.table = AnyTable::new(rules);
        self.peer.say(&line);
    }
}

/// Why a `position` command could not be played.
struct PositionError {
    refusal: Refusal,
    /// The side whose move was illegal (`None` for a malformed position string).
    loser: Option<rules::Colour>,
}

/// The line that announces a newly chosen ruleset.
fn with_rules_line(rules: &AnyRules) -> String {
    crate::with_width!(rules, r => {
        let pieces = match r.ruleset.pieces_choice {
            Some((lo, hi)) => format!(" pieces {lo}-{hi}"),
            None => String::new(),
        };
        format!(
            "info string variant {} files {} ranks {}{pieces} startpos {}",
            r.ruleset.name,
            r.ruleset.cols,
            r.ruleset.rows,
            fen::format(r, &r.start())
        )
    })
}

impl Peer {
    pub(super) fn say(&self, text: &str) {
        say(&self.out, text);
    }

    /// Says an error, a line each.
    fn refuse(&self, refusal: Refusal) {
        self.say(&refusal.lines().join("\n"));
    }

    fn text<F: FnOnce(&mut Vec<u8>) -> std::io::Result<()>>(&self, f: F) {
        let mut buf = Vec::new();
        f(&mut buf).expect("writing to memory cannot fail");
        self.say(&String::from_utf8_lossy(&buf));
    }

    /// The commands that need the game.
    fn on_table<B: Bits>(&mut self, t: &mut Table<B>, cmd: Command) -> Result<(), Refusal> {
        match cmd {
            Command::NewGame => {
                self.engine.stop_and_wait();
                self.engine.clear_hash();
                t.game = Game::new(t.rules.clone());
                t.setup = None;
                t.forfeit = None;
            }
            Command::Position { base, moves } => {
                let played = self.set_position(t, base, &moves);
                if let Err(e) = &played
                    && self.ugi
                {
                    t.forfeit = Some(e.loser.map(|c| c.other()));
                }
                played.map_err(|e| e.refusal)?
            }
            Command::Query(q) => self.say(&format!("response {}", self.query(t, q))),
            Command::Perft(depth) => self.perft(t, depth),
            Command::Go(params) => self.go(t, params),
            Command::Display => self.text(|b| rules::diagram::board(&t.game, b)),
            Command::Legal(square) => {
                let line =
                    display::legal(&t.game, square.as_deref()).map_err(CommandError::Square)?;
                self.say(&line);
            }
            Command::Result => self.say(&match t.game.outcome() {
                None => "result ongoing".to_string(),
                Some(o) => format!(
                    "result {} {}",
                    o.result_word(t.game.ruleset()),
                    o.describe(t.game.ruleset())
                ),
            }),
            Command::Eval => {
                let weights = self.engine.options.weights_for(t.game.ruleset());
                let terms = eval::terms(&t.rules, t.game.position(), &weights);
                // What the search evaluates with where a net fits this ruleset.
                let net = self
                    .engine
                    .options
                    .net_for(t.game.ruleset())
                    .and_then(|net| crate::nnue::NetEval::new(net, &t.rules).ok())
                    .map(|mut e| {
                        let frames = t.game.frames();
                        let side = t.game.position().side;
                        let cp = eval::evaluate_with_net(&mut e, frames, &t.rules, &weights, side);
                        (cp, e.adds_to_formula())
                    });
                self.text(|b| display::eval(&t.game, &terms, net, b))
            }
            Command::Rules => {
                let lines: Vec<String> = rules::describe(&t.rules)
                    .into_iter()
                    .map(|l| format!("info string {l}"))
                    .collect();
                self.say(&lines.join("\n"));
            }
            _ => unreachable!("handled by the session"),
        }
        Ok(())
    }

    /// The answer to a UGI `query`. "p1" is the ruleset's first player.
    fn query<B: Bits>(&self, t: &Table<B>, q: Query) -> &'static str {
        let r = t.game.ruleset();
        let p1 = r.first_player;
        let winner = match t.forfeit {
            Some(w) => Some(w),
            None => t.game.outcome().map(|o| o.winner),
        };
        match q {
            Query::P1Turn => {
                if t.game.position().side == p1 {
                    "true"
                } else {
                    "false"
                }
            }
            Query::GameOver => {
                if winner.is_some() {
                    "true"
                } else {
                    "false"
                }
            }
            Query::Result => match (t.forfeit, winner) {
                (Some(None), _) | (_, None) => "none",
                (_, Some(None)) => "draw",
                (_, Some(Some(c))) if c == p1 => "p1win",
                _ => "p2win",
            },
        }
    }

    /// `position`: all or nothing; on any error the game stays as it was (in UGI mode the
    /// session then counts the game as lost by the side whose move was illegal).
    fn set_position<B: Bits>(
        &mut self,
        t: &mut Table<B>,
        base: Base,
        moves: &[String],
    ) -> Result<(), PositionError> {
        let known = match &t.setup {
            Some((b, played))
                if *b == base
                    && played.len() <= moves.len()
                    && moves[..played.len()] == played[..] =>
            {
                Some(played.len())
            }
            _ => None,
        };
        let (mut game, skip) = match known {
            Some(n) => (t.game.clone(), n),
            None => (
                match &base {
                    Base::StartPos => Game::new(t.rules.clone()),
                    Base::Fen(text) => {
                        Game::from_fen(t.rules.clone(), text).map_err(|e| PositionError {
                            refusal: Refusal::from(e)
                                .after("position unchanged: bad position string"),
                            loser: None,
                        })?
                    }
                },
                0,
            ),
        };
        for (i, token) in moves.iter().enumerate().skip(skip) {
            let mover = game.position().side;
            game.play_token(token).map_err(|e| {
                let mut refusal = Refusal::from(e).after(format!("move {} of the list", i + 1));
                if self.ugi {
                    // UGI: the illegal move ends the game (see `on_table`).
                    let side = game.ruleset().colour_name(mover);
                    refusal.message.push_str(&format!(
                        "; the game is over: {side} loses by the illegal move (UGI)"
                    ));
                } else {
                    refusal = refusal.after("position unchanged");
                }
                PositionError {
                    refusal,
                    loser: Some(mover),
                }
            })?;
        }
        t.game = game;
        t.setup = Some((base, moves.to_vec()));
        t.forfeit = None;
        Ok(())
    }

    /// Counts in the background: `stop` (or any command that starts other work) ends it
    /// early with the root moves counted so far.
    fn perft<B: Bits>(&mut self, t: &Table<B>, depth: usize) {
        let start = std::time::Instant::now();
        let geo = t.rules.geo.clone();
        let out = self.out.clone();
        let debug = self.debug;
        let done = move |d: perft::Divided| {
            let mut lines: Vec<String> = d
                .counts
                .iter()
                .map(|(mv, n)| format!("{}: {n}", mv.token(&geo)))
                .collect();
            if d.finished() {
                lines.push(String::new());
                lines.push(format!("Nodes searched: {}", d.total()));
            } else {
                lines.push(format!(
                    "info string perft stopped: {} of {} root moves counted",
                    d.counts.len(),
                    d.roots
                ));
            }
            if debug {
                lines.push(format!(
                    "info string perft time {} ms",
                    start.elapsed().as_millis()
                ));
            }
            say(&out, &lines.join("\n"));
        };
        self.engine.perft(&t.game, depth, Box::new(done));
    }

    fn go<B: Bits>(&mut self, t: &Table<B>, p: GoParams) {
        self.engine.stop_and_wait();
        for e in &p.errors {
            self.refuse(Refusal::from(e.clone()));
        }
        let game = &t.game;
        if let Some(winner) = t.forfeit {
            let r = game.ruleset();
            let word = winner.map_or("none", |c| r.colour_name(c));
            self.say(&format!(
                "info string result {word} the game was ended by a position that could not be played\nbestmove (none)"
            ));
            return;
        }
        if let Some(o) = game.outcome() {
            let r = game.ruleset();
            self.say(&format!(
                "info string result {} {}\nbestmove (none)",
                o.result_word(r),
                o.describe(r)
            ));
            return;
        }
        let mut searchmoves = Vec::new();
        let mut refused = !p.errors.is_empty();
        for tok in &p.searchmoves {
            match game.find_move(tok) {
                Ok(m) => searchmoves.push(m),
                Err(e) => {
                    refused = true;
                    self.refuse(GoError::SearchMove(e).into())
                }
            }
        }
        // A book move answers at once, except where the GUI wants a search: analysis
        // (`infinite`), pondering and mate searches.
        if !p.infinite && !p.ponder && p.mate.is_none() {
            let answer = self.book.answer(game, &searchmoves);
            if !answer.lines.is_empty() {
                self.say(&answer.lines.join("\n"));
            }
            if let Some(token) = answer.token {
                self.say(&format!("bestmove {token}"));
                return;
            }
        }
        let limits = limits_of(&p, game.ruleset().first_player);
        if self.debug {
            let r = game.ruleset();
            let clock = |c: rules::Colour| match limits.time[c.index()] {
                Some(t) => format!("{t} ms + {}", limits.inc[c.index()]),
                None => "none".into(),
            };
            self.say(&format!(
                "info string clocks: white {}, {} {}",
                clock(rules::Colour::White),
                r.black_name,
                clock(rules::Colour::Black)
            ));
        }
        // With no limit at all, search until `stop`, as Stockfish does; but a `go` whose
        // limits were refused meant to stop somewhere: it gets a finite search, so that no
        // GUI or runner waits for ever on a typo.
        let limits = if refused && limits.unbounded() && !limits.infinite && !limits.ponder {
            self.refuse(
                GoError::NoLimitLeft {
                    movetime: REFUSED_GO_MOVETIME_MS,
                }
                .into(),
            );
            Limits {
                movetime: Some(REFUSED_GO_MOVETIME_MS),
                ..limits
            }
        } else {
            Limits {
                infinite: limits.infinite || limits.unbounded(),
                ..limits
            }
        };
        let out = self.out.clone();
        let geo = t.rules.geo.clone();
        let show_wdl = self.show_wdl;
        let ugi = self.ugi;
        self.engine.go(
            game,
            limits,
            searchmoves,
            Box::new(move |event| match event {
                EngineEvent::Search(e) => say(&out, &display::search_event(&e, &geo, show_wdl)),
                EngineEvent::Done(r) => {
                    let mut line = display::bestmove(&r, &geo);
                    // UGI runners read exactly `bestmove <move>`.
                    if ugi && let Some(i) = line.find(" ponder ") {
                        line.truncate(i);
                    }
                    say(&out, &line)
                }
            }),
        );
    }
}

/// The search limits of a `go`: UGI gives the clocks by player order (p1 is the ruleset's
/// first player), UCI by colour.
fn limits_of(p: &GoParams, first_player: rules::Colour) -> Limits {
    let p1 = first_player.index();
    let mut time = [p.wtime, p.btime];
    let mut inc = [p.winc, p.binc];
    for (slot, t1, t2) in [
        (&mut time, p.p1time, p.p2time),
        (&mut inc, p.p1inc, p.p2inc),
    ] {
        if t1.is_some() {
            slot[p1] = t1;
        }
        if t2.is_some() {
            slot[1 - p1] = t2;
        }
    }
    Limits {
        time,
        inc: [inc[0].unwrap_or(0), inc[1].unwrap_or(0)],
        movestogo: p.movestogo,
        movetime: p.movetime,
        depth: p.depth,
        nodes: p.nodes,
        mate: p.mate,
        infinite: p.infinite,
        ponder: p.ponder,
    }
}
