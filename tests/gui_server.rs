//! The GUI's server over real HTTP and WebSocket connections: its pages, its error answers,
//! and the link between a connection and an engine process of its own. (The page itself is
//! tested in a browser: tests/gui.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::Value;

/// A running `latrunculi gui --port 0`, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_latrunculi"))
            .args(["gui", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_string();
        Server { child, addr }
    }

    /// A plain HTTP GET: status code and body.
    fn get(&self, path: &str) -> (u16, String, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        )
        .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, head.to_ascii_lowercase(), body.to_string())
    }

    fn socket(&self, index: usize) -> Socket {
        let (ws, _) = tungstenite::connect(format!("ws://{}/api/engine/{index}", self.addr))
            .expect("the WebSocket opens");
        Socket(ws)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Socket(tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>);

impl Socket {
    fn next(&mut self) -> Value {
        loop {
            match self.0.read().expect("a message") {
                tungstenite::Message::Text(t) => return serde_json::from_str(&t).unwrap(),
                _ => continue,
            }
        }
    }
    fn send(&mut self, line: &str) {
        self.0
            .send(tungstenite::Message::Text(line.into()))
            .unwrap();
    }
    /// Messages up to the first of kind `kind` with text `text` (or any text if empty).
    fn until(&mut self, kind: &str, text: &str) -> Vec<Value> {
        let mut seen = Vec::new();
        loop {
            let m = self.next();
            let done = m["kind"] == kind && (text.is_empty() || m["text"] == text);
            seen.push(m);
            if done {
                return seen;
            }
        }
    }
}

#[test]
fn the_page_and_its_files_are_served_and_unknown_paths_refused() {
    let server = Server::start(&[]);
    let (status, head, body) = server.get("/");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html"), "{head}");
    assert!(body.contains("<title>Latrunculi</title>"));
    for file in latrunculi::gui::assets::names() {
        let (status, head, body) = server.get(&format!("/{file}"));
        assert_eq!(status, 200, "{file}");
        assert!(!body.is_empty(), "{file}");
        if file.ends_with(".js") {
            assert!(
                head.contains("content-type: text/javascript"),
                "{file}: {head}"
            );
        }
    }
    let (status, _, body) = server.get("/missing.js");
    assert_eq!(status, 404);
    assert!(body.contains("no such file"), "{body}");
    let (status, _, body) = server.get("/api/engine/7");
    assert_eq!(status, 400);
    assert!(body.contains("no engine \"7\""), "{body}");
    let (status, _, body) = server.get("/api/engine/0");
    assert_eq!(status, 400, "a plain GET is no WebSocket");
    assert!(body.contains("WebSocket"), "{body}");
    let (status, _, body) = server.get("/api/engines");
    assert_eq!(status, 200);
    let list: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(list[0]["index"], 0);
    assert!(
        list[0]["command"]
            .as_str()
            .unwrap()
            .ends_with("latrunculi uci")
    );
}

#[test]
fn each_connection_gets_its_own_engine_and_lines_pass_both_ways() {
    let server = Server::start(&[]);
    let mut a = server.socket(0);
    let mut b = server.socket(0);
    let started_a = a.next();
    let started_b = b.next();
    assert_eq!(started_a["kind"], "started");
    assert_ne!(started_a["pid"], started_b["pid"], "two processes");
    // State set on one engine is not seen by the other.
    a.send("setoption name UCI_Variant value murray");
    a.send("isready");
    let lines = a.until("line", "readyok");
    assert!(lines.iter().any(|m| {
        m["text"]
            .as_str()
            .unwrap()
            .starts_with("info string variant murray")
    }));
    b.send("d");
    b.send("isready");
    let lines = b.until("line", "readyok");
    assert!(
        lines.iter().any(|m| m["text"] == "Variant: kowalski-8x12"),
        "{lines:?}"
    );
    // Only single lines go through; the refusal says why and the link stays up.
    a.send("isready\nquit");
    assert_eq!(a.next()["kind"], "error");
    a.send("isready");
    a.until("line", "readyok");
    // An engine that ends is reported.
    a.send("quit");
    let end = a.until("exit", "");
    assert!(
        end.last().unwrap()["text"]
            .as_str()
            .unwrap()
            .contains("the engine stopped"),
        "{end:?}"
    );
}

#[test]
fn an_engine_that_cannot_start_is_reported_on_the_socket() {
    let server = Server::start(&["--engine", "/nonexistent/engine --flag"]);
    let (_, _, body) = server.get("/api/engines");
    assert!(body.contains("/nonexistent/engine --flag"), "{body}");
    let mut s = server.socket(0);
    let m = s.next();
    assert_eq!(m["kind"], "exit");
    assert!(
        m["text"]
            .as_str()
            .unwrap()
            .contains("cannot start the engine `/nonexistent/engine --flag`"),
        "{m}"
    );
}

#[test]
fn a_bad_engine_option_or_busy_port_is_an_error_not_a_panic() {
    let out = Command::new(env!("CARGO_BIN_EXE_latrunculi"))
        .args(["gui", "--engine", "  "])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--engine needs a command"));
    let server = Server::start(&[]);
    let port = server.addr.rsplit(':').next().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_latrunculi"))
        .args(["gui", "--port", port])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot listen on 127.0.0.1:"), "{err}");
}
