//! The page's files, embedded in the binary (the machine that runs the GUI may have no
//! network, so nothing comes from elsewhere).

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Every file of the page: name, content type, contents.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("web/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("web/app.js"),
    ),
    (
        "engine.js",
        "text/javascript; charset=utf-8",
        include_str!("web/engine.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("web/board.js"),
    ),
    (
        "notation.js",
        "text/javascript; charset=utf-8",
        include_str!("web/notation.js"),
    ),
    (
        "clicks.js",
        "text/javascript; charset=utf-8",
        include_str!("web/clicks.js"),
    ),
    (
        "view.js",
        "text/javascript; charset=utf-8",
        include_str!("web/view.js"),
    ),
    (
        "searches.js",
        "text/javascript; charset=utf-8",
        include_str!("web/searches.js"),
    ),
    (
        "clock.js",
        "text/javascript; charset=utf-8",
        include_str!("web/clock.js"),
    ),
    (
        "record.js",
        "text/javascript; charset=utf-8",
        include_str!("web/record.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("web/favicon.svg"),
    ),
];

/// The file `name`, or a 404 that says what exists.
pub fn serve(name: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, format!("no such file: {name:?}\n")).into_response(),
    }
}

/// The names of the embedded files.
pub fn names() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(n, _, _)| *n)
}
