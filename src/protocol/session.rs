//! The engine's protocol state and the handling of each command: the chosen ruleset, the game,
//! the options, and the engine that searches in the background while input is still read.

use std::io::Write;
use std::sync::{Arc, Mutex};

use super::command::{Base, Command, GoParams};
use super::display;
use super::options;
use crate::book::player::BookPlayer;
use crate::engine::{Engine, EngineEvent};
use crate::rules::{self, DEFAULT_PRESET, Game, PRESETS, Rules, fen, perft, preset};
use crate::search::{Limits, eval};

/// The board type every seed ruleset fits in.
pub type B = u128;

/// Where answers go; shared with the search thread.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// The engine as a protocol peer sees it.
pub struct Session {
    pub(super) variant: String,
    pub(super) pieces: u8,
    pub(super) rules: Arc<Rules<B>>,
    pub(super) game: Game<B>,
    pub(super) engine: Engine,
    /// How the current game was set up, so that a `position` command that only appends moves
    /// (as GUIs send after every move) replays just the new ones.
    setup: Option<(Base, Vec<String>)>,
    pub(super) show_wdl: bool,
    pub(super) ponder: bool,
    /// `OwnBook`, `BookFile`, `BookVariety` and the books read so far.
    pub(super) book: BookPlayer,
    debug: bool,
    out: Output,
}

/// What the loop should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

pub const ENGINE_NAME: &str = concat!("Latrunculi ", env!("CARGO_PKG_VERSION"));

pub(super) fn load(variant: &str, pieces: u8) -> Result<Arc<Rules<B>>, String> {
    Ok(Arc::new(Rules::new(preset(variant, pieces)?)?))
}

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
        let rules = load(DEFAULT_PRESET, 16).expect("the default preset is valid");
        Session {
            variant: DEFAULT_PRESET.into(),
            pieces: 16,
            game: Game::new(rules.clone()),
            rules,
            engine: Engine::new(),
            setup: None,
            show_wdl: false,
            ponder: false,
            book: BookPlayer::default(),
            debug: false,
            out,
        }
    }

    pub fn game(&self) -> &Game<B> {
        &self.game
    }

    pub(super) fn say(&self, text: &str) {
        say(&self.out, text);
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let result = super::command::parse(line).and_then(|cmd| self.handle(cmd));
        match result {
            Ok(flow) => flow,
            Err(e) => {
                self.say(&format!("info string error: {e}"));
                Flow::Continue
            }
        }
    }

    /// Ends the session: stops a running search (it still answers `bestmove`).
    pub fn shutdown(&mut self) {
        self.engine.stop_and_wait();
    }

    fn text<F: FnOnce(&mut Vec<u8>) -> std::io::Result<()>>(&self, f: F) -> Result<(), String> {
        let mut buf = Vec::new();
        f(&mut buf).map_err(|e| e.to_string())?;
        self.say(&String::from_utf8_lossy(&buf));
        Ok(())
    }

    fn handle(&mut self, cmd: Command) -> Result<Flow, String> {
        match cmd {
            Command::Nothing => {}
            Command::Quit => {
                self.shutdown();
                return Ok(Flow::Quit);
            }
            Command::Stop => self.engine.stop_and_wait(),
            Command::PonderHit => self.engine.ponderhit(),
            Command::Uci => {
                let mut lines = vec![
                    format!("id name {ENGINE_NAME}"),
                    "id author the Latrunculi developers".to_string(),
                ];
                lines.extend(options::declarations());
                lines.push("uciok".into());
                self.say(&lines.join("\n"));
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.say("readyok"),
            Command::SetOption { name, value } => {
                options::set(self, &name, value.as_deref().unwrap_or(""))?
            }
            Command::NewGame => {
                self.engine.stop_and_wait();
                self.engine.clear_hash();
                self.game = Game::new(self.rules.clone());
                self.setup = None;
            }
            Command::Position { base, moves } => self.set_position(base, &moves)?,
            Command::Perft(depth) => self.perft(depth)?,
            Command::Go(params) => self.go(params)?,
            Command::Display => self.text(|b| display::board(&self.game, b))?,
            Command::Legal(square) => {
                let mut buf = Vec::new();
                display::legal(&self.game, square.as_deref(), &mut buf)?;
                self.say(&String::from_utf8_lossy(&buf));
            }
            Command::Result => self.say(&match self.game.outcome() {
                None => "result ongoing".to_string(),
                Some(o) => format!(
                    "result {} {}",
                    o.result_word(self.game.ruleset()),
                    o.describe(self.game.ruleset())
                ),
            }),
            Command::Eval => {
                let terms = eval::terms(
                    &self.rules,
                    self.game.position(),
                    &self.engine.options.weights,
                );
                self.text(|b| display::eval(&self.game, &terms, b))?
            }
            Command::Bench => {
                self.engine.stop_and_wait();
                let report = crate::search::bench::bench(16, 0)?;
                self.text(|b| display::bench(&report, b))?
            }
            Command::Variants => self.say(&format!("variants {}", PRESETS.join(" "))),
            Command::Rules => {
                let lines: Vec<String> = rules::describe(&self.rules)
                    .into_iter()
                    .map(|l| format!("info string {l}"))
                    .collect();
                self.say(&lines.join("\n"));
            }
        }
        Ok(Flow::Continue)
    }

    /// Switches to a ruleset and resets the game to its start.
    pub(super) fn install(&mut self, rules: Arc<Rules<B>>) {
        self.engine.stop_and_wait();
        self.game = Game::new(rules.clone());
        self.setup = None;
        self.say(&format!(
            "info string variant {} files {} ranks {} startpos {}",
            rules.ruleset.name,
            rules.ruleset.cols,
            rules.ruleset.rows,
            fen::format(&rules, &rules.start())
        ));
        self.rules = rules;
    }

    /// `position`: all or nothing; on any error the game stays as it was.
    fn set_position(&mut self, base: Base, moves: &[String]) -> Result<(), String> {
        let known = match &self.setup {
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
            Some(n) => (self.game.clone(), n),
            None => (
                match &base {
                    Base::StartPos => Game::new(self.rules.clone()),
                    Base::Fen(text) => Game::from_fen(self.rules.clone(), text)
                        .map_err(|e| format!("position unchanged: bad position string: {e}"))?,
                },
                0,
            ),
        };
        for (i, token) in moves.iter().enumerate().skip(skip) {
            game.play_token(token)
                .map_err(|e| format!("position unchanged: move {} of the list: {e}", i + 1))?;
        }
        self.game = game;
        self.setup = Some((base, moves.to_vec()));
        Ok(())
    }

    /// Counts in the background: `stop` (or any command that starts other work) ends it
    /// early with the root moves counted so far.
    fn perft(&mut self, depth: usize) -> Result<(), String> {
        let start = std::time::Instant::now();
        let geo = self.rules.geo.clone();
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
        self.engine.perft(&self.game, depth, Box::new(done));
        Ok(())
    }

    fn go(&mut self, p: GoParams) -> Result<(), String> {
        self.engine.stop_and_wait();
        if let Some(o) = self.game.outcome() {
            let r = self.game.ruleset();
            self.say(&format!(
                "info string result {} {}\nbestmove (none)",
                o.result_word(r),
                o.describe(r)
            ));
            return Ok(());
        }
        let mut searchmoves = Vec::new();
        for t in &p.searchmoves {
            match self.game.find_move(t) {
                Ok(m) => searchmoves.push(m),
                Err(e) => self.say(&format!("info string error: go searchmoves: {e} (ignored)")),
            }
        }
        // A book move answers at once, except where the GUI wants a search: analysis
        // (`infinite`), pondering and mate searches.
        if !p.infinite && !p.ponder && p.mate.is_none() {
            let answer = self.book.answer(&self.game, &searchmoves);
            if !answer.lines.is_empty() {
                self.say(&answer.lines.join("\n"));
            }
            if let Some(token) = answer.token {
                self.say(&format!("bestmove {token}"));
                return Ok(());
            }
        }
        let limits = Limits {
            time: [p.wtime, p.btime],
            inc: [p.winc.unwrap_or(0), p.binc.unwrap_or(0)],
            movestogo: p.movestogo,
            movetime: p.movetime,
            depth: p.depth,
            nodes: p.nodes,
            mate: p.mate,
            infinite: p.infinite,
            ponder: p.ponder,
        };
        // With no limit at all, search until `stop`, as Stockfish does.
        let limits = Limits {
            infinite: limits.infinite || limits.unbounded(),
            ..limits
        };
        let out = self.out.clone();
        let geo = self.rules.geo.clone();
        let show_wdl = self.show_wdl;
        self.engine.go(
            &self.game,
            limits,
            searchmoves,
            Box::new(move |event| match event {
                EngineEvent::Search(e) => say(&out, &display::search_event(&e, &geo, show_wdl)),
                EngineEvent::Done(r) => say(&out, &display::bestmove(&r, &geo)),
            }),
        );
        Ok(())
    }
}
