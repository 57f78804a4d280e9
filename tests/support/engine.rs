//! Drives the real `latrunculi` binary over its protocol: send lines, read answers.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Generous: tests wait for answers, they never assert on speed.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A directory that holds no opening book (it does not exist).
pub const NO_BOOKS: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-books");

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<String>>,
}

impl Engine {
    pub fn start() -> Engine {
        Self::start_with(&[])
    }

    /// Starts the binary with command-line arguments (e.g. a subcommand).
    pub fn start_with(args: &[&str]) -> Engine {
        Self::start_env(args, &[])
    }

    /// Starts the binary with arguments and environment variables. Unless `envs` says
    /// otherwise, `LATRUNCULI_BOOKS` names a directory without books, so that the opening
    /// books shipped in `books/` never change what the tests see.
    pub fn start_env(args: &[&str], envs: &[(&str, &str)]) -> Engine {
        let mut command = Command::new(env!("CARGO_BIN_EXE_latrunculi"));
        command.env("LATRUNCULI_BOOKS", NO_BOOKS);
        for (k, v) in envs {
            command.env(k, v);
        }
        let mut child = command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine binary starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(Some(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = tx.send(None);
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().unwrap();
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` at end of output. Panics after [`PATIENCE`].
    pub fn next_line(&mut self) -> Option<String> {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Every line up to and including the first that satisfies `done`.
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self
                .next_line()
                .unwrap_or_else(|| panic!("engine exited; lines so far: {out:?}"));
            let stop = done(&l);
            out.push(l);
            if stop {
                return out;
            }
        }
    }

    /// Sends `line` and returns the answer lines up to the one `done` accepts.
    pub fn ask(&mut self, line: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        self.send(line);
        self.until(done)
    }

    /// Sends `line`, then `isready`, and returns what came before `readyok`.
    /// The legal moves of the engine's position, from its `legal` command.
    /// Sends a `go` command and returns the move of its `bestmove` line.
    pub fn best_move(&mut self, go: &str) -> String {
        let answer = self.ask(go, |l| l.starts_with("bestmove"));
        answer
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string()
    }

    pub fn legal(&mut self) -> Vec<String> {
        let l = self.ask("legal", |l| l.starts_with("legal"));
        l.last()
            .unwrap()
            .split_whitespace()
            .skip(1)
            .map(String::from)
            .collect()
    }

    pub fn ask_sync(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut out = self.until(|l| l == "readyok");
        out.pop();
        out
    }

    /// Waits for the process to end; returns the remaining output lines.
    pub fn wait_exit(&mut self) -> Vec<String> {
        let mut rest = Vec::new();
        let deadline = Instant::now() + PATIENCE;
        while let Some(l) = self.next_line() {
            rest.push(l);
            assert!(Instant::now() < deadline, "engine did not exit");
        }
        let status = self.child.wait().expect("engine exits");
        assert!(status.success(), "engine exit status {status}");
        rest
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The word after `key` in an `info` line (`field(line, "nodes")`).
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .iter()
        .position(|w| *w == key)
        .and_then(|i| words.get(i + 1).copied())
}
