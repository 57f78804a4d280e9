//! `latrunculi gui`: a local web app for playing, analysing and watching every ruleset.
//!
//! The server knows no rules either: it serves the page (embedded in the binary, see
//! [`assets`]) and links each of the page's connections to an engine process of its own
//! over the engine protocol ([`link`]). Everything the page shows comes from what the engine
//! answers, which is also the proof that a GUI needs no rules of its own.

pub mod assets;
pub mod link;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::extract::ws::{WebSocketUpgrade, rejection::WebSocketUpgradeRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::serve::ListenerExt;
use clap::Args;

/// Options of `latrunculi gui`.
#[derive(Args, Debug, Clone)]
pub struct GuiArgs {
    /// The port to listen on (loopback only); 0 picks a free one.
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// An engine the page may use: a command and its arguments, separated by spaces. Give it
    /// once per engine; without one, this program itself is the engine.
    #[arg(long = "engine", value_name = "CMD")]
    pub engines: Vec<String>,
    /// Open the page in the system's browser once the server is listening.
    #[arg(long)]
    pub open: bool,
}

/// What every request handler can see.
struct Shared {
    engines: Vec<link::EngineCommand>,
}

/// Serves the app until the process is stopped.
pub fn run(args: &GuiArgs, out: &mut dyn std::io::Write) -> Result<(), String> {
    let engines = if args.engines.is_empty() {
        vec![link::EngineCommand::this_program()?]
    } else {
        args.engines
            .iter()
            .map(|c| link::EngineCommand::parse(c))
            .collect::<Result<_, _>>()?
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, args.port));
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("cannot read the address listened on: {e}"))?;
        let url = format!("http://{bound}/");
        writeln!(out, "Latrunculi GUI at {url} (Ctrl-C stops it)").map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
        if args.open {
            open_browser(&url, out);
        }
        let shared = Arc::new(Shared { engines });
        // Engine lines are small messages that the page waits for: send each at once
        // (with Nagle's algorithm, every answer waited for the previous one's ACK).
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        axum::serve(listener, app(shared))
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}

/// The routes: the page's files, the engine list and one WebSocket per engine connection.
fn app(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/api/engines", get(engine_list))
        .route("/api/engine/{index}", get(engine_socket))
        .route("/", get(|| async { assets::serve("index.html") }))
        .route(
            "/{file}",
            get(|Path(file): Path<String>| async move { assets::serve(&file) }),
        )
        .fallback(|| async { bad_request(StatusCode::NOT_FOUND, "no such page") })
        .with_state(shared)
}

/// `GET /api/engines`: the engines the page may start, by index.
async fn engine_list(State(shared): State<Arc<Shared>>) -> Json<Vec<serde_json::Value>> {
    Json(
        shared
            .engines
            .iter()
            .enumerate()
            .map(|(i, e)| serde_json::json!({ "index": i, "command": e.to_string() }))
            .collect(),
    )
}

/// `GET /api/engine/N` (a WebSocket): a fresh engine process for this connection alone.
async fn engine_socket(
    State(shared): State<Arc<Shared>>,
    Path(index): Path<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let Some(command) = index
        .parse::<usize>()
        .ok()
        .and_then(|i| shared.engines.get(i))
        .cloned()
    else {
        let known = shared.engines.len();
        return bad_request(
            StatusCode::BAD_REQUEST,
            &format!(
                "no engine {index:?}: the engines are numbered 0 to {}",
                known - 1
            ),
        );
    };
    match upgrade {
        Ok(upgrade) => upgrade.on_upgrade(move |socket| link::relay(socket, command)),
        Err(rejection) => bad_request(
            StatusCode::BAD_REQUEST,
            &format!("an engine is reached by a WebSocket: {rejection}"),
        ),
    }
}

/// A plain-text error answer.
fn bad_request(status: StatusCode, reason: &str) -> Response {
    (status, format!("{reason}\n")).into_response()
}

/// Starts the system's browser on `url`, if one can be found; says so if not.
fn open_browser(url: &str, out: &mut dyn std::io::Write) {
    let tries: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(target_os = "windows") {
        &["explorer"]
    } else {
        &["xdg-open", "sensible-browser", "chromium", "firefox"]
    };
    for program in tries {
        let started = std::process::Command::new(program)
            .arg(url)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if started.is_ok() {
            return;
        }
    }
    let _ = writeln!(out, "No browser found to open; open {url} yourself.");
}
