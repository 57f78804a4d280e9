//! `latrunculi gui`: a local web app for playing, analysing and watching every ruleset.
//!
//! The server knows no rules either: it serves the page (embedded in the binary, see
//! [`assets`]) and links each of the page's connections to an engine process of its own
//! over the engine protocol ([`link`]). Everything the page shows comes from what the engine
//! answers, which is also the proof that a GUI needs no rules of its own.

pub mod assets;
pub mod guard;
pub mod limits;
pub mod link;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::extract::ws::{WebSocketUpgrade, rejection::WebSocketUpgradeRejection};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::serve::ListenerExt;
use clap::Args;
use tokio::sync::Semaphore;

use guard::Guard;
use limits::EngineLimits;

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
    /// The most engine processes that run at once, over all pages and tabs.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub max_engines: u32,
    /// A file the page may give an engine in an option that names a file (`VariantPath`,
    /// `EvalFile`, `BookFile`, ...); give it once per file. No other file can be named.
    #[arg(long = "file", value_name = "PATH")]
    pub files: Vec<String>,
    /// Serve without the token. WARNING: then any program or other user of this machine can
    /// start engines through the server without knowing the printed address; pages of other
    /// web sites stay refused by the Host and Origin checks.
    #[arg(long)]
    pub no_token: bool,
}

/// What every request handler can see.
struct Shared {
    engines: Vec<link::EngineCommand>,
    guard: Guard,
    limits: EngineLimits,
    /// One permit per engine process that may run.
    slots: Arc<Semaphore>,
    max_engines: u32,
}

/// Why the GUI's server could not start, or stopped.
#[derive(Debug)]
pub enum GuiError {
    /// `--engine` with no command.
    NoEngineCommand,
    /// This program cannot be found to run it as the engine.
    NoProgram(std::io::Error),
    /// The server's runtime cannot be started.
    Runtime(std::io::Error),
    /// The port cannot be listened on.
    Listen {
        addr: SocketAddr,
        error: std::io::Error,
    },
    /// The address listened on cannot be read.
    Address(std::io::Error),
    /// The address cannot be printed.
    Output(std::io::Error),
    /// The server stopped with an error.
    Stopped(std::io::Error),
}

impl std::fmt::Display for GuiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GuiError::NoEngineCommand => {
                f.write_str("--engine needs a command, e.g. --engine \"latrunculi uci\"")
            }
            GuiError::NoProgram(e) => {
                write!(f, "cannot find this program to run it as the engine: {e}")
            }
            GuiError::Runtime(e) => write!(f, "cannot start the server's runtime: {e}"),
            GuiError::Listen { addr, error } => write!(f, "cannot listen on {addr}: {error}"),
            GuiError::Address(e) => write!(f, "cannot read the address listened on: {e}"),
            GuiError::Output(e) => e.fmt(f),
            GuiError::Stopped(e) => write!(f, "the server stopped: {e}"),
        }
    }
}

impl std::error::Error for GuiError {}

/// Serves the app until the process is stopped.
pub fn run(args: &GuiArgs, out: &mut dyn std::io::Write) -> Result<(), GuiError> {
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
        .map_err(GuiError::Runtime)?;
    runtime.block_on(async {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, args.port));
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|error| GuiError::Listen { addr, error })?;
        let bound = listener.local_addr().map_err(GuiError::Address)?;
        let guard = Guard::new(bound.port(), !args.no_token);
        let url = guard.url();
        writeln!(out, "Latrunculi GUI at {url} (Ctrl-C stops it)").map_err(GuiError::Output)?;
        out.flush().map_err(GuiError::Output)?;
        if args.open {
            open_browser(&url, out);
        }
        let shared = Arc::new(Shared {
            engines,
            guard,
            limits: EngineLimits::new(args.files.clone()),
            slots: Arc::new(Semaphore::new(args.max_engines as usize)),
            max_engines: args.max_engines,
        });
        // Engine lines are small messages that the page waits for: send each at once
        // (with Nagle's algorithm, every answer waited for the previous one's ACK).
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        axum::serve(listener, app(shared))
            .await
            .map_err(GuiError::Stopped)
    })
}

/// The routes: the page's files, the engine list and one WebSocket per engine connection,
/// every one behind the [`guard`].
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
        .layer(middleware::from_fn_with_state(shared.clone(), guarded))
        .with_state(shared)
}

/// Refuses, before any work, a request to another host or without the token; hands the
/// token to the page as a cookie when it came in the address.
async fn guarded(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    if let Err(refusal) = shared.guard.check_host(request.headers()) {
        return bad_request(refusal.status(), &refusal.to_string());
    }
    let from_query = match shared
        .guard
        .check_token(request.uri().query(), request.headers())
    {
        Ok(from_query) => from_query,
        Err(refusal) => return bad_request(refusal.status(), &refusal.to_string()),
    };
    let mut response = next.run(request).await;
    if from_query && let Some(cookie) = shared.guard.set_cookie() {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
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
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if let Err(refusal) = shared.guard.check_origin(&headers) {
        return bad_request(refusal.status(), &refusal.to_string());
    }
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
        Ok(upgrade) => {
            // The slot is taken before the upgrade, so that sockets opened at once cannot
            // all slip under the limit; it is given back when the process has ended.
            let slot = shared.slots.clone().try_acquire_owned().ok();
            let limits = shared.limits.clone();
            let max = shared.max_engines;
            upgrade.on_upgrade(move |socket| async move {
                match slot {
                    Some(slot) => link::relay(socket, command, limits, slot).await,
                    None => link::refuse(socket, &too_many_engines(max)).await,
                }
            })
        }
        Err(rejection) => bad_request(
            StatusCode::BAD_REQUEST,
            &format!("an engine is reached by a WebSocket: {rejection}"),
        ),
    }
}

/// What the page is told when every engine slot is taken.
fn too_many_engines(max: u32) -> String {
    let running = if max == 1 {
        "1 engine already runs".to_string()
    } else {
        format!("{max} engines already run")
    };
    format!(
        "refused: {running} (the most `latrunculi gui --max-engines` allows); \
         close a game in another tab, or restart the GUI with a higher --max-engines"
    )
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
