//! The UCI-style text protocol on stdin/stdout (see `protocol.md`).
//!
//! The calling thread reads input and handles each command at once; searches run on the
//! engine's own threads and print their `info` and `bestmove` lines themselves, so `stop`,
//! `isready` and `quit` are answered while a search runs.

pub mod command;
pub mod display;
pub mod error;
pub mod options;
pub mod session;

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

pub use session::{Flow, Output, Session};

/// Runs the engine loop until `quit` or the end of input (which means `quit`).
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    let out: Output = Arc::new(Mutex::new(Box::new(output)));
    let mut session = Session::new(out);
    let mut input = input;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        if session.handle_line(&line) == Flow::Quit {
            return;
        }
    }
    session.shutdown();
}
