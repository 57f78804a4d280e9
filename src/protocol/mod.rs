//! The UCI-style text protocol on stdin/stdout (see `protocol.md`).

pub mod command;
pub mod display;
pub mod session;

use std::io::{BufRead, Write};

pub use session::{Flow, Session};

/// Runs the engine loop until `quit` or the end of input.
pub fn run(input: impl BufRead, output: impl Write) {
    let mut input = input;
    let mut out = output;
    let mut session = Session::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        let flow = session.handle_line(&line, &mut out);
        let _ = out.flush();
        if flow == Flow::Quit {
            break;
        }
    }
}
