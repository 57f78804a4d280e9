//! The engine's protocol state: the chosen ruleset, the game, the options; and the handling of
//! each command. Formatting of boards and lists lives in `display`.

use std::io::Write;
use std::sync::Arc;

use super::command::{Base, Command, GoParams};
use super::display;
use crate::rules::{
    self, DEFAULT_PRESET, Game, PRESETS, Rules, SCHADLER_PIECES, fen, perft, preset,
};

/// The board type every seed ruleset fits in.
pub type B = u128;

/// The engine as a protocol peer sees it.
pub struct Session {
    variant: String,
    pieces: u8,
    rules: Arc<Rules<B>>,
    game: Game<B>,
    debug: bool,
}

/// What the loop should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

pub const ENGINE_NAME: &str = concat!("Latrunculi ", env!("CARGO_PKG_VERSION"));

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

fn load(variant: &str, pieces: u8) -> Result<Arc<Rules<B>>, String> {
    Ok(Arc::new(Rules::new(preset(variant, pieces)?)?))
}

impl Session {
    pub fn new() -> Self {
        let rules = load(DEFAULT_PRESET, 16).expect("the default preset is valid");
        Session {
            variant: DEFAULT_PRESET.into(),
            pieces: 16,
            game: Game::new(rules.clone()),
            rules,
            debug: false,
        }
    }

    pub fn game(&self) -> &Game<B> {
        &self.game
    }

    /// Handles one input line, writing every answer to `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut dyn Write) -> Flow {
        match super::command::parse(line) {
            Ok(cmd) => match self.handle(cmd, out) {
                Ok(flow) => flow,
                Err(e) => {
                    let _ = writeln!(out, "info string error: {e}");
                    Flow::Continue
                }
            },
            Err(e) => {
                let _ = writeln!(out, "info string error: {e}");
                Flow::Continue
            }
        }
    }

    fn handle(&mut self, cmd: Command, out: &mut dyn Write) -> Result<Flow, String> {
        let io = |e: std::io::Error| e.to_string();
        match cmd {
            Command::Nothing | Command::Stop | Command::PonderHit => {}
            Command::Quit => return Ok(Flow::Quit),
            Command::Uci => {
                writeln!(out, "id name {ENGINE_NAME}").map_err(io)?;
                writeln!(out, "id author the Latrunculi developers").map_err(io)?;
                writeln!(
                    out,
                    "option name UCI_Variant type combo default {DEFAULT_PRESET} {}",
                    PRESETS.map(|p| format!("var {p}")).join(" ")
                )
                .map_err(io)?;
                writeln!(
                    out,
                    "option name Pieces type spin default 16 min {} max {}",
                    SCHADLER_PIECES.start(),
                    SCHADLER_PIECES.end()
                )
                .map_err(io)?;
                writeln!(out, "uciok").map_err(io)?;
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => writeln!(out, "readyok").map_err(io)?,
            Command::SetOption { name, value } => self.set_option(&name, value, out)?,
            Command::NewGame => self.game = Game::new(self.rules.clone()),
            Command::Position { base, moves } => self.set_position(base, &moves)?,
            Command::Perft(depth) => self.perft(depth, out).map_err(io)?,
            Command::Go(params) => self.go(params, out)?,
            Command::Display => display::board(&self.game, out).map_err(io)?,
            Command::Legal(square) => display::legal(&self.game, square.as_deref(), out)?,
            Command::Result => {
                let line = match self.game.outcome() {
                    None => "result ongoing".to_string(),
                    Some(o) => format!(
                        "result {} {}",
                        o.result_word(self.game.ruleset()),
                        o.describe(self.game.ruleset())
                    ),
                };
                writeln!(out, "{line}").map_err(io)?;
            }
            Command::Variants => writeln!(out, "variants {}", PRESETS.join(" ")).map_err(io)?,
            Command::Rules => {
                for line in rules::describe(&self.rules) {
                    writeln!(out, "info string {line}").map_err(io)?;
                }
            }
            Command::Eval | Command::Bench => {
                return Err("this command needs the search, which is not built yet".into());
            }
        }
        Ok(Flow::Continue)
    }

    fn set_option(
        &mut self,
        name: &str,
        value: Option<String>,
        out: &mut dyn Write,
    ) -> Result<(), String> {
        let value = value.unwrap_or_default();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let rules = load(&value, self.pieces)?;
                self.variant = value;
                self.install(rules, out)
            }
            "pieces" => {
                let n: u8 = value
                    .parse()
                    .ok()
                    .filter(|n| SCHADLER_PIECES.contains(n))
                    .ok_or_else(|| {
                        format!(
                            "option Pieces: '{value}' is not a number from {} to {}",
                            SCHADLER_PIECES.start(),
                            SCHADLER_PIECES.end()
                        )
                    })?;
                let rules = load(&self.variant, n)?;
                self.pieces = n;
                if self.rules.ruleset != rules.ruleset {
                    self.install(rules, out)?;
                }
                Ok(())
            }
            _ => Err(format!("unknown option '{name}'")),
        }
    }

    /// Switches to a ruleset and resets the game to its start.
    fn install(&mut self, rules: Arc<Rules<B>>, out: &mut dyn Write) -> Result<(), String> {
        self.game = Game::new(rules.clone());
        writeln!(
            out,
            "info string variant {} files {} ranks {} startpos {}",
            rules.ruleset.name,
            rules.ruleset.cols,
            rules.ruleset.rows,
            fen::format(&rules, &rules.start())
        )
        .map_err(|e| e.to_string())?;
        self.rules = rules;
        Ok(())
    }

    /// `position`: all or nothing; on any error the game stays as it was.
    fn set_position(&mut self, base: Base, moves: &[String]) -> Result<(), String> {
        let mut game = match base {
            Base::StartPos => Game::new(self.rules.clone()),
            Base::Fen(text) => Game::from_fen(self.rules.clone(), &text)
                .map_err(|e| format!("position unchanged: bad position string: {e}"))?,
        };
        game.play_tokens(moves)
            .map_err(|e| format!("position unchanged: {e}"))?;
        self.game = game;
        Ok(())
    }

    fn perft(&mut self, depth: usize, out: &mut dyn Write) -> std::io::Result<()> {
        let start = std::time::Instant::now();
        let mut total = 0;
        let geo = self.rules.geo.clone();
        for (mv, n) in perft::divide(&mut self.game, depth) {
            writeln!(out, "{}: {n}", mv.token(&geo))?;
            total += n;
        }
        if depth == 0 {
            total = 1;
        }
        writeln!(out)?;
        writeln!(out, "Nodes searched: {total}")?;
        if self.debug {
            writeln!(
                out,
                "info string perft time {} ms",
                start.elapsed().as_millis()
            )?;
        }
        Ok(())
    }

    fn go(&mut self, _params: GoParams, out: &mut dyn Write) -> Result<(), String> {
        if let Some(o) = self.game.outcome() {
            let r = self.game.ruleset();
            writeln!(
                out,
                "info string result {} {}",
                o.result_word(r),
                o.describe(r)
            )
            .and_then(|_| writeln!(out, "bestmove (none)"))
            .map_err(|e| e.to_string())?;
            return Ok(());
        }
        Err("go: the search is not built yet (use go perft <depth>)".into())
    }
}
