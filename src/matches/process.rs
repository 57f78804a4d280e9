//! An engine in another process, spoken to over the protocol.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::spec::EngineSpec;

/// Why an engine gave no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer before the deadline.
    Timeout,
    /// The process ended or closed its output.
    Crashed,
}

/// Why an engine could not be started and set up, or spoken to.
#[derive(Debug)]
pub enum EngineError {
    /// `cmd=` names no program.
    EmptyCommand,
    /// The program could not be started.
    Spawn { cmd: String, error: std::io::Error },
    /// The process has no standard input or output to speak over.
    NoPipe(&'static str),
    /// No answer to `uci` or `isready` (`to`) during the handshake.
    NoAnswer {
        name: String,
        to: &'static str,
        failure: Failure,
    },
    /// The settings name an option the engine does not offer.
    NoSuchOption {
        option: String,
        offered: Vec<String>,
    },
    /// The engine refused a setting, with an error line of the protocol.
    Refused(Refusal),
    /// Writing to the engine failed.
    InputClosed(std::io::Error),
    /// No answer to the `ucinewgame` that starts a game.
    NewGame(Failure),
}

/// An error line of the protocol (`info string error <code>: <message>`; engines that give
/// no code write `info string error: <message>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: Option<String>,
    pub message: String,
}

impl Refusal {
    /// The error of an `info string error ...` line, if it is one.
    pub fn read(line: &str) -> Option<Refusal> {
        let rest = line
            .strip_prefix("info string error")
            .or_else(|| line.strip_prefix("info string Error"))?;
        if let Some(message) = rest.strip_prefix(':') {
            return Some(Refusal {
                code: None,
                message: message.trim_start().to_string(),
            });
        }
        let (code, message) = rest.strip_prefix(' ')?.split_once(':')?;
        (!code.is_empty() && !code.contains(' ')).then(|| Refusal {
            code: Some(code.to_string()),
            message: message.trim_start().to_string(),
        })
    }
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::EmptyCommand => f.write_str("empty engine command"),
            EngineError::Spawn { cmd, error } => write!(f, "cannot start engine '{cmd}': {error}"),
            EngineError::NoPipe(which) => write!(f, "no engine {which}"),
            EngineError::NoAnswer { name, to, failure } => {
                write!(f, "engine '{name}' did not answer {to}: {failure:?}")
            }
            EngineError::NoSuchOption { option, offered } => write!(
                f,
                "has no option '{option}' (it offers: {})",
                offered.join(", ")
            ),
            EngineError::Refused(r) => write!(f, "refused its settings: error: {}", r.message),
            EngineError::InputClosed(e) => write!(f, "engine input closed: {e}"),
            EngineError::NewGame(failure) => write!(f, "{failure:?} at the start of the game"),
        }
    }
}

impl std::error::Error for EngineError {}

/// The engine's last reported score for its own side: centipawns or moves to mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The debug log and this engine's name in it.
    log: Option<(Arc<DebugLog>, String)>,
}

/// How long the handshake (`uci`, `isready`) may take.
const HANDSHAKE: Duration = Duration::from_secs(20);

/// `match --debug FILE`: every line to and from every engine, with the seconds since the
/// match began and the engine's name, as `12.345 name > go movetime 100` (sent) and
/// `12.351 name < bestmove e2e4` (received).
#[derive(Debug)]
pub struct DebugLog {
    file: std::sync::Mutex<std::fs::File>,
    start: Instant,
}

impl DebugLog {
    pub fn create(path: &std::path::Path) -> Result<Self, super::MatchError> {
        let file = std::fs::File::create(path).map_err(|error| super::MatchError::DebugLog {
            path: path.to_path_buf(),
            error,
        })?;
        Ok(DebugLog {
            file: std::sync::Mutex::new(file),
            start: Instant::now(),
        })
    }

    fn line(&self, engine: &str, arrow: &str, text: &str) {
        let t = self.start.elapsed().as_secs_f64();
        if let Ok(mut f) = self.file.lock() {
            let _ = writeln!(f, "{t:.3} {engine} {arrow} {text}");
        }
    }
}

/// The option names of a `uci` answer (`option name <name> type ...`; a name may hold spaces).
fn offered_options(answer: &[String]) -> Vec<String> {
    answer
        .iter()
        .filter_map(|l| l.strip_prefix("option name "))
        .map(|rest| match rest.find(" type ") {
            Some(i) => rest[..i].to_string(),
            None => rest.to_string(),
        })
        .collect()
}

impl EngineProcess {
    /// Starts the engine, shakes hands, sets its options and the variant.
    pub fn start(spec: &EngineSpec, cfg: &super::MatchConfig) -> Result<Self, EngineError> {
        let mut words = spec.cmd.split_whitespace();
        let program = words.next().ok_or(EngineError::EmptyCommand)?;
        let mut command = Command::new(program);
        command.args(words).args(&spec.args);
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| EngineError::Spawn {
                cmd: spec.cmd.clone(),
                error,
            })?;
        let stdout = child.stdout.take().ok_or(EngineError::NoPipe("output"))?;
        let stdin = child.stdin.take().ok_or(EngineError::NoPipe("input"))?;
        let (tx, rx) = mpsc::channel();
        let log = cfg.debug_log.clone().map(|l| (l, spec.name.clone()));
        let reader_log = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some((l, name)) = &reader_log {
                    l.line(name, "<", &line);
                }
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = EngineProcess {
            child,
            stdin,
            lines: rx,
            log,
        };
        e.send("uci")?;
        let answer = e
            .wait_for(|l| l == "uciok", Instant::now() + HANDSHAKE)
            .map_err(|failure| EngineError::NoAnswer {
                name: spec.name.clone(),
                to: "uci",
                failure,
            })?;
        let offered = offered_options(&answer);
        for (name, _) in &spec.options {
            if !offered.iter().any(|o| o.eq_ignore_ascii_case(name)) {
                return Err(EngineError::NoSuchOption {
                    option: name.clone(),
                    offered,
                });
            }
        }
        // A match measures the engines, not their books: an engine with a book plays
        // without it unless its settings ask for it (`option.OwnBook=true`).
        let named = |o: &str| spec.options.iter().any(|(n, _)| n.eq_ignore_ascii_case(o));
        if offered.iter().any(|o| o.eq_ignore_ascii_case("OwnBook")) && !named("OwnBook") {
            e.send("setoption name OwnBook value false")?;
        }
        for (name, value) in &spec.options {
            e.send(&format!("setoption name {name} value {value}"))?;
        }
        if let Some(path) = &cfg.variant_path {
            e.send(&format!(
                "setoption name VariantPath value {}",
                path.display()
            ))?;
        }
        e.send(&format!("setoption name UCI_Variant value {}", cfg.variant))?;
        if let Some(n) = cfg.pieces {
            e.send(&format!("setoption name Pieces value {n}"))?;
        }
        // An option the engine refused (a value out of range, a file it cannot read) is a
        // mistake in the set-up: the engine's own words say which.
        e.send("isready")?;
        let answer = e
            .wait_for(|l| l == "readyok", Instant::now() + HANDSHAKE)
            .map_err(|failure| EngineError::NoAnswer {
                name: spec.name.clone(),
                to: "isready",
                failure,
            })?;
        if let Some(refusal) = answer.iter().find_map(|l| Refusal::read(l)) {
            return Err(EngineError::Refused(refusal));
        }
        Ok(e)
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if let Some((l, name)) = &self.log {
            l.line(name, ">", line);
        }
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(EngineError::InputClosed)
    }

    fn wait_for(
        &mut self,
        done: impl Fn(&str) -> bool,
        deadline: Instant,
    ) -> Result<Vec<String>, Failure> {
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let stop = done(&l);
                    seen.push(l);
                    if stop {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crashed),
            }
        }
    }

    /// `isready` / `readyok`.
    pub fn sync(&mut self) -> Result<(), Failure> {
        self.send("isready").map_err(|_| Failure::Crashed)?;
        self.wait_for(|l| l == "readyok", Instant::now() + HANDSHAKE)
            .map(|_| ())
    }

    /// Starts a new game.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.send("ucinewgame").map_err(|_| Failure::Crashed)?;
        self.sync()
    }

    /// Sends the position and the `go` command; returns the best move token and the last
    /// score the engine reported.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        deadline: Instant,
    ) -> Result<(String, Option<Score>), Failure> {
        self.send(position).map_err(|_| Failure::Crashed)?;
        self.send(go).map_err(|_| Failure::Crashed)?;
        let lines = self.wait_for(|l| l.starts_with("bestmove"), deadline)?;
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or("")
            .to_string();
        let score = lines.iter().rev().find_map(|l| parse_score(l));
        Ok((best, score))
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Ends the process (politely, then by force).
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if !self.alive() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if self.alive() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The score of an `info` line, if it has one.
pub fn parse_score(line: &str) -> Option<Score> {
    if !line.starts_with("info") {
        return None;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == "score")?;
    let n: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(Score::Cp(n)),
        "mate" => Some(Score::Mate(n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn option_names_are_read_from_the_uci_answer() {
        let answer: Vec<String> = [
            "id name X",
            "option name Hash type spin default 16 min 1 max 64",
            "option name Clear Hash type button",
            "uciok",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(super::offered_options(&answer), vec!["Hash", "Clear Hash"]);
    }

    #[test]
    fn error_lines_are_read_with_or_without_a_code() {
        use super::Refusal;
        let read = |l| Refusal::read(l).map(|r| (r.code, r.message));
        assert_eq!(
            read("info string error bad-option: option Hash: '0' is not a number"),
            Some((
                Some("bad-option".into()),
                "option Hash: '0' is not a number".into()
            ))
        );
        assert_eq!(
            read("info string error: no such file"),
            Some((None, "no such file".into()))
        );
        assert_eq!(read("info string Error: x"), Some((None, "x".into())));
        assert_eq!(read("info string errors are fine"), None);
        assert_eq!(read("info depth 3"), None);
    }
}
