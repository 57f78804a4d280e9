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
    /// `127.0.0.1:PORT`
    addr: String,
    /// The token printed in the address (empty with `--no-token`).
    token: String,
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
        let url = first
            .split("http://")
            .nth(1)
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .split_whitespace()
            .next()
            .unwrap();
        let addr = url.split('/').next().unwrap().to_string();
        let token = url.split("?token=").nth(1).unwrap_or_default().to_string();
        Server { child, addr, token }
    }

    /// The port listened on.
    fn port(&self) -> &str {
        self.addr.rsplit(':').next().unwrap()
    }

    /// The cookie the page gets, as a request header line.
    fn cookie(&self) -> String {
        format!(
            "Cookie: latrunculi-token-{}={}\r\n",
            self.port(),
            self.token
        )
    }

    /// A plain HTTP GET, as the page makes it (with the token's cookie): status code, head
    /// and body.
    fn get(&self, path: &str) -> (u16, String, String) {
        self.raw_get(path, &format!("Host: {}\r\n{}", self.addr, self.cookie()))
    }

    /// A GET as a script of the page makes it: with the page's own `Origin` too.
    fn get_from_page(&self, path: &str) -> (u16, String, String) {
        let origin = format!("Origin: http://{}\r\n", self.addr);
        self.raw_get(
            path,
            &format!("Host: {}\r\n{}{origin}", self.addr, self.cookie()),
        )
    }

    /// A GET with exactly the header lines `headers` (each ending in CRLF).
    fn raw_get(&self, path: &str, headers: &str) -> (u16, String, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\n{headers}Connection: close\r\n\r\n"
        )
        .unwrap();
        // Read to the end, except after a switch to WebSocket, where the connection stays.
        let mut bytes = Vec::new();
        let mut chunk = [0u8; 4096];
        loop {
            let n = s.read(&mut chunk).unwrap();
            bytes.extend_from_slice(&chunk[..n]);
            let switched =
                bytes.starts_with(b"HTTP/1.1 101") && bytes.windows(4).any(|w| w == b"\r\n\r\n");
            if n == 0 || switched {
                break;
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, head.to_ascii_lowercase(), body.to_string())
    }

    /// A WebSocket upgrade on `/api/engine/0` with the given header lines: the status.
    fn raw_upgrade(&self, headers: &str) -> (u16, String) {
        let (status, _, body) = self.raw_get(
            "/api/engine/0",
            &format!(
                "{headers}Upgrade: websocket\r\nConnection: Upgrade\r\n\
                 Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            ),
        );
        (status, body)
    }

    /// A WebSocket to engine `index`, opened as the page opens it (own origin, cookie).
    fn socket(&self, index: usize) -> Socket {
        use tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{}/api/engine/{index}", self.addr)
            .into_client_request()
            .unwrap();
        let headers = request.headers_mut();
        headers.insert("origin", format!("http://{}", self.addr).parse().unwrap());
        headers.insert(
            "cookie",
            format!("latrunculi-token-{}={}", self.port(), self.token)
                .parse()
                .unwrap(),
        );
        let (ws, _) = tungstenite::connect(request).expect("the WebSocket opens");
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
    let (status, _, body) = server.get_from_page("/api/engine/7");
    assert_eq!(status, 400);
    assert!(body.contains("no engine \"7\""), "{body}");
    let (status, _, body) = server.get_from_page("/api/engine/0");
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
    let out = Command::new(env!("CARGO_BIN_EXE_latrunculi"))
        .args(["gui", "--port", server.port()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot listen on 127.0.0.1:"), "{err}");
}

#[test]
fn a_foreign_host_is_refused_before_any_work() {
    let server = Server::start(&[]);
    let port = server.port().to_string();
    // DNS rebinding: a domain of the attacker's that resolves to 127.0.0.1.
    for host in [
        format!("evil.example:{port}"),
        "127.0.0.1:1".to_string(),
        String::new(),
    ] {
        let host_line = if host.is_empty() {
            String::new()
        } else {
            format!("Host: {host}\r\n")
        };
        let (status, _, body) = server.raw_get("/", &format!("{host_line}{}", server.cookie()));
        assert_eq!(status, 403, "{host:?}");
        assert!(
            body.contains("answers only requests to its own address"),
            "{body}"
        );
        let (status, _) = server.raw_upgrade(&format!(
            "{host_line}{}Origin: http://{host}\r\n",
            server.cookie()
        ));
        assert_eq!(status, 403, "{host:?}");
    }
    // The names of the server's own address all work.
    for host in [format!("localhost:{port}"), format!("[::1]:{port}")] {
        let (status, _, _) = server.raw_get("/", &format!("Host: {host}\r\n{}", server.cookie()));
        assert_eq!(status, 200, "{host}");
    }
}

#[test]
fn a_socket_from_a_foreign_or_missing_origin_starts_no_engine() {
    let server = Server::start(&[]);
    let host = format!("Host: {}\r\n{}", server.addr, server.cookie());
    for origin in [
        "Origin: http://evil.example\r\n".to_string(),
        format!("Origin: http://localhost:{}\r\n", server.port()),
        "Origin: null\r\n".to_string(),
        String::new(),
    ] {
        let (status, body) = server.raw_upgrade(&format!("{host}{origin}"));
        assert_eq!(status, 403, "{origin:?}");
        assert!(body.contains("only the GUI's own page"), "{body}");
    }
    let (status, _) = server.raw_upgrade(&format!("{host}Origin: http://{}\r\n", server.addr));
    assert_eq!(
        status, 101,
        "the page's own origin is switched to a WebSocket"
    );
}

#[test]
fn without_the_token_nothing_is_served_and_the_token_becomes_a_cookie() {
    let server = Server::start(&[]);
    assert_eq!(server.token.len(), 32, "a 128-bit token in the address");
    let host = format!("Host: {}\r\n", server.addr);
    for path in ["/", "/app.js", "/api/engines", "/?token=0123"] {
        let (status, _, body) = server.raw_get(path, &host);
        assert_eq!(status, 403, "{path}");
        assert!(body.contains("with the token"), "{body}");
    }
    let origin = format!("{host}Origin: http://{}\r\n", server.addr);
    assert_eq!(server.raw_upgrade(&origin).0, 403);
    // The printed address works and hands over the cookie.
    let (status, head, _) = server.raw_get(&format!("/?token={}", server.token), &host);
    assert_eq!(status, 200);
    let cookie = format!(
        "set-cookie: latrunculi-token-{}={}; path=/; httponly; samesite=strict",
        server.port(),
        server.token
    );
    assert!(head.contains(&cookie), "{head}");
    // The cookie alone then opens everything, the engines' sockets included.
    assert_eq!(server.get("/app.js").0, 200);
    assert_eq!(
        server
            .raw_upgrade(&format!("{origin}{}", server.cookie()))
            .0,
        101
    );
    // --no-token serves without it (Host and Origin still checked).
    let open = Server::start(&["--no-token"]);
    assert!(open.token.is_empty());
    assert_eq!(
        open.raw_get("/", &format!("Host: {}\r\n", open.addr)).0,
        200
    );
    assert_eq!(open.raw_get("/", "Host: evil.example\r\n").0, 403);
}

/// The engine processes `latrunculi gui` (process `pid`) has started and not yet reaped.
#[cfg(target_os = "linux")]
fn children(pid: u32) -> usize {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).unwrap();
    tasks
        .filter_map(|t| std::fs::read_to_string(t.unwrap().path().join("children")).ok())
        .map(|c| c.split_whitespace().count())
        .sum()
}

#[test]
fn at_most_max_engines_run_and_the_socket_past_the_limit_is_told_why() {
    let server = Server::start(&[]);
    let mut sockets: Vec<Socket> = (0..10).map(|_| server.socket(0)).collect();
    let firsts: Vec<Value> = sockets.iter_mut().map(Socket::next).collect();
    let started = firsts.iter().filter(|m| m["kind"] == "started").count();
    let refused: Vec<&Value> = firsts.iter().filter(|m| m["kind"] == "refused").collect();
    assert_eq!(started, 4, "the default --max-engines is 4: {firsts:?}");
    assert_eq!(refused.len(), 6);
    assert!(
        refused[0]["text"]
            .as_str()
            .unwrap()
            .contains("4 engines already run"),
        "{}",
        refused[0]
    );
    #[cfg(target_os = "linux")]
    assert_eq!(children(server.child.id()), 4);
    // Closing one page frees its slot once its engine has ended.
    let first_started = firsts.iter().position(|m| m["kind"] == "started").unwrap();
    drop(sockets.remove(first_started));
    let mut again = None;
    for _ in 0..100 {
        let mut s = server.socket(0);
        if s.next()["kind"] == "started" {
            again = Some(s);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(again.is_some(), "a slot came free");
    let limited = Server::start(&["--max-engines", "1"]);
    let mut one = limited.socket(0);
    assert_eq!(one.next()["kind"], "started");
    let mut two = limited.socket(0);
    assert_eq!(two.next()["kind"], "refused");
}

#[test]
fn a_page_cannot_ask_an_engine_for_too_much_memory_or_a_file_not_chosen() {
    let chosen = std::env::temp_dir().join(format!("gui-chosen-{}.toml", std::process::id()));
    std::fs::write(&chosen, "this is not a ruleset\n").unwrap();
    let chosen = chosen.to_string_lossy().into_owned();
    let server = Server::start(&["--file", &chosen]);
    let mut s = server.socket(0);
    assert_eq!(s.next()["kind"], "started");
    for line in [
        "setoption name Hash value 1024",
        "setoption name Threads value 4096",
        "setoption name VariantPath value /etc/passwd",
        "setoption name EvalFile value /etc/passwd",
        "setoption name BookFile value /etc/hostname",
    ] {
        s.send(line);
        let m = s.next();
        assert_eq!(m["kind"], "error", "{line}: {m}");
        assert!(m["text"].as_str().unwrap().starts_with("refused: "), "{m}");
    }
    // Within the bounds, lines go through: the engine answers them itself.
    s.send("setoption name Hash value 64");
    s.send(&format!("setoption name VariantPath value {chosen}"));
    s.send("isready");
    let lines = s.until("line", "readyok");
    assert!(
        lines
            .iter()
            .any(|m| m["text"].as_str().unwrap().contains(&chosen)),
        "the engine read the chosen file: {lines:?}"
    );
    assert!(
        !lines
            .iter()
            .any(|m| m["text"].as_str().unwrap().contains("/etc/passwd")),
        "{lines:?}"
    );
    let _ = std::fs::remove_file(&chosen);
}
