//! One page connection linked to one engine process.
//!
//! The page sends protocol lines as WebSocket text messages; every line the engine writes
//! comes back as a JSON message. The server interprets none of them: it only checks that
//! what it forwards is one line within the [`EngineLimits`], and tells the page when the
//! engine starts and when it stops. The
//! process belongs to the connection: closing the page (or asking for a restart, which is a
//! new connection) ends it, so two tabs never share an engine's state.

use std::process::Stdio;

use axum::extract::ws::{Message, WebSocket};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::OwnedSemaphorePermit;

use super::GuiError;
use super::limits::EngineLimits;

/// The longest line the page may send (a `position` command with a long game fits easily).
const MAX_LINE: usize = 1 << 20;

/// How to start an engine: a program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl EngineCommand {
    /// A command line split at spaces (no quoting: a program with spaces in its path can be
    /// reached through a small script).
    pub fn parse(line: &str) -> Result<Self, GuiError> {
        let mut words = line.split_whitespace().map(str::to_string);
        let program = words.next().ok_or(GuiError::NoEngineCommand)?;
        Ok(EngineCommand {
            program,
            args: words.collect(),
        })
    }

    /// The running executable, speaking the protocol.
    pub fn this_program() -> Result<Self, GuiError> {
        let exe = std::env::current_exe().map_err(GuiError::NoProgram)?;
        Ok(EngineCommand {
            program: exe.to_string_lossy().into_owned(),
            args: vec!["uci".into()],
        })
    }

    fn start(&self) -> std::io::Result<Child> {
        Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
    }
}

impl std::fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.program)?;
        for a in &self.args {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

/// A message to the page.
fn event(kind: &str, text: &str) -> Message {
    Message::Text(json!({ "kind": kind, "text": text }).to_string().into())
}

/// Tells the page that no engine was started, and why, then closes the socket.
pub async fn refuse(mut socket: WebSocket, reason: &str) {
    let _ = socket.send(event("refused", reason)).await;
    let _ = socket.send(Message::Close(None)).await;
}

/// Links `socket` to a new process of `command` until either side ends. `_slot` is this
/// process's place among the engines that may run: held until the process has ended.
pub async fn relay(
    mut socket: WebSocket,
    command: EngineCommand,
    limits: EngineLimits,
    _slot: OwnedSemaphorePermit,
) {
    let mut child = match command.start() {
        Ok(child) => child,
        Err(e) => {
            let _ = socket
                .send(event(
                    "exit",
                    &format!("cannot start the engine `{command}`: {e}"),
                ))
                .await;
            return;
        }
    };
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = socket
            .send(event(
                "exit",
                "the engine's input or output is not connected",
            ))
            .await;
        return;
    };
    let started = json!({
        "kind": "started",
        "text": command.to_string(),
        "pid": child.id(),
    });
    if socket
        .send(Message::Text(started.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    let mut lines = BufReader::new(stdout).lines();
    loop {
        tokio::select! {
            line = lines.next_line() => match line {
                Ok(Some(line)) => {
                    if socket.send(event("line", &line)).await.is_err() {
                        break;
                    }
                }
                Ok(None) | Err(_) => {
                    let status = match child.wait().await {
                        Ok(s) => format!("the engine stopped ({s})"),
                        Err(e) => format!("the engine stopped ({e})"),
                    };
                    let _ = socket.send(event("exit", &status)).await;
                    return;
                }
            },
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) => {
                    let checked = check_line(&text)
                        .map_err(|e| e.to_string())
                        .and_then(|()| limits.check(&text).map_err(|e| e.to_string()));
                    if let Err(reason) = checked {
                        if socket.send(event("error", &reason)).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    let mut bytes = text.as_bytes().to_vec();
                    bytes.push(b'\n');
                    // A write that fails means the engine is gone: its output's end says so.
                    let _ = stdin.write_all(&bytes).await;
                    let _ = stdin.flush().await;
                }
                Some(Ok(Message::Binary(_))) => {
                    if socket.send(event("error", "send protocol lines as text")).await.is_err() {
                        break;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => break,
            },
        }
    }
    // The page has gone: ask the engine to quit, and kill it if it does not at once.
    let _ = stdin.write_all(b"quit\n").await;
    drop(stdin);
    if tokio::time::timeout(std::time::Duration::from_millis(500), child.wait())
        .await
        .is_err()
    {
        let _ = child.kill().await;
    }
}

/// Why a message of the page is not forwarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BadLine {
    /// Longer than [`MAX_LINE`] bytes.
    TooLong(usize),
    /// More than one line.
    SeveralLines,
}

impl std::fmt::Display for BadLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadLine::TooLong(n) => {
                write!(f, "a line of {n} bytes is too long (at most {MAX_LINE})")
            }
            BadLine::SeveralLines => f.write_str("send one protocol line per message"),
        }
    }
}

/// Whether `text` may be forwarded: one line, not too long.
fn check_line(text: &str) -> Result<(), BadLine> {
    if text.len() > MAX_LINE {
        return Err(BadLine::TooLong(text.len()));
    }
    if text.contains(['\n', '\r']) {
        return Err(BadLine::SeveralLines);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_commands_split_at_spaces() {
        let c = EngineCommand::parse("  ./latrunculi   uci ").unwrap();
        assert_eq!(c.program, "./latrunculi");
        assert_eq!(c.args, vec!["uci"]);
        assert_eq!(c.to_string(), "./latrunculi uci");
        assert!(EngineCommand::parse("   ").is_err());
    }

    #[test]
    fn only_single_lines_are_forwarded() {
        assert!(check_line("position startpos moves a1a2").is_ok());
        assert_eq!(check_line("isready\nquit"), Err(BadLine::SeveralLines));
        assert_eq!(check_line("go\r"), Err(BadLine::SeveralLines));
        assert_eq!(
            check_line(&"x".repeat(MAX_LINE + 1)),
            Err(BadLine::TooLong(MAX_LINE + 1))
        );
    }
}
