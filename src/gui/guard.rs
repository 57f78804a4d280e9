//! Who may talk to the GUI's server: only the page it served, in the user's browser.
//!
//! A server on loopback is still reachable from every web site the user visits: a page
//! elsewhere can open `ws://127.0.0.1:PORT/...` from the user's browser, and a domain that
//! resolves to 127.0.0.1 (DNS rebinding) can even read the answers. So every request passes
//! three checks before any work is done, as Jupyter Server and the local servers of other
//! editors do:
//!
//! - **Host**: the `Host` header must name the address listened on (`127.0.0.1:PORT`,
//!   `localhost:PORT` or `[::1]:PORT`); a rebound domain names itself and is refused.
//! - **Token**: a random token made at start, printed in the address; the first request that
//!   carries it (`?token=...`) gets it back as a cookie, which the browser then sends with
//!   every request of this origin, WebSockets included. `--no-token` turns this check off.
//! - **Origin** (WebSocket upgrades): browsers always say which page opens a socket, and
//!   only the server's own origin may start an engine.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use rand::RngExt;

/// What the server checks each request against.
#[derive(Debug, Clone)]
pub struct Guard {
    port: u16,
    token: Option<String>,
}

/// Why a request was refused (answered 403 with this text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The `Host` header is missing or names another address.
    ForeignHost(String),
    /// A WebSocket upgrade from another origin, or with no `Origin` at all.
    ForeignOrigin(String),
    /// No token, or a wrong one.
    NoToken,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::ForeignHost(h) => write!(
                f,
                "refused: this server answers only requests to its own address, not to host {h:?}"
            ),
            Refusal::ForeignOrigin(o) => write!(
                f,
                "refused: only the GUI's own page may start an engine, not origin {o:?}"
            ),
            Refusal::NoToken => write!(
                f,
                "refused: open the address with the token that `latrunculi gui` printed"
            ),
        }
    }
}

impl Refusal {
    /// The HTTP status of the answer.
    pub fn status(&self) -> StatusCode {
        StatusCode::FORBIDDEN
    }
}

/// The names the server's own address goes by.
const LOOPBACK_NAMES: [&str; 3] = ["127.0.0.1", "localhost", "[::1]"];

impl Guard {
    /// A guard for a server on `port`, with a fresh random token unless `token` is false.
    pub fn new(port: u16, token: bool) -> Guard {
        Guard {
            port,
            token: token.then(new_token),
        }
    }

    /// The token pages must present, if any.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The address to open: with the token in it when there is one.
    pub fn url(&self) -> String {
        match &self.token {
            Some(t) => format!("http://127.0.0.1:{}/?token={t}", self.port),
            None => format!("http://127.0.0.1:{}/", self.port),
        }
    }

    /// The cookie that carries the token (named after the port: cookies are kept per host,
    /// not per port, so two servers on one machine must not overwrite each other's).
    pub fn cookie_name(&self) -> String {
        format!("latrunculi-token-{}", self.port)
    }

    /// The `Set-Cookie` value that hands the token to the page.
    pub fn set_cookie(&self) -> Option<HeaderValue> {
        let token = self.token.as_ref()?;
        HeaderValue::from_str(&format!(
            "{}={token}; Path=/; HttpOnly; SameSite=Strict",
            self.cookie_name()
        ))
        .ok()
    }

    /// Checks the `Host` header.
    pub fn check_host(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let own = LOOPBACK_NAMES
            .iter()
            .any(|name| host.eq_ignore_ascii_case(&format!("{name}:{}", self.port)));
        if own {
            Ok(())
        } else {
            Err(Refusal::ForeignHost(clip(host)))
        }
    }

    /// Checks the token, from the query (`token=...`) or the cookie. Returns whether it came
    /// in the query, so that the answer can set the cookie.
    pub fn check_token(&self, query: Option<&str>, headers: &HeaderMap) -> Result<bool, Refusal> {
        let Some(token) = &self.token else {
            return Ok(false);
        };
        let in_query = query
            .unwrap_or("")
            .split('&')
            .filter_map(|pair| pair.strip_prefix("token="))
            .any(|t| same(t, token));
        if in_query {
            return Ok(true);
        }
        let name = self.cookie_name();
        let in_cookie = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .any(|(k, v)| k == name && same(v, token));
        if in_cookie {
            Ok(false)
        } else {
            Err(Refusal::NoToken)
        }
    }

    /// Checks the `Origin` of a WebSocket upgrade: it must be this server's own page, at the
    /// host the request was sent to.
    pub fn check_origin(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        let origin = headers
            .get(header::ORIGIN)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !host.is_empty() && origin.eq_ignore_ascii_case(&format!("http://{host}")) {
            Ok(())
        } else if origin.is_empty() {
            Err(Refusal::ForeignOrigin("(none)".into()))
        } else {
            Err(Refusal::ForeignOrigin(clip(origin)))
        }
    }
}

/// 128 random bits from the operating system's generator, as hex.
fn new_token() -> String {
    let bits: u128 = rand::rng().random();
    format!("{bits:032x}")
}

/// Compares in time that depends on the length only, so the token cannot be guessed a
/// character at a time by timing.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A header value short enough to echo in an answer.
fn clip(text: &str) -> String {
    text.chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn only_the_servers_own_address_is_a_host() {
        let g = Guard::new(8123, true);
        for ok in [
            "127.0.0.1:8123",
            "localhost:8123",
            "LOCALHOST:8123",
            "[::1]:8123",
        ] {
            assert_eq!(g.check_host(&headers(&[("host", ok)])), Ok(()), "{ok}");
        }
        for bad in ["evil.example:8123", "127.0.0.1:8124", "127.0.0.1", ""] {
            assert!(
                matches!(
                    g.check_host(&headers(&[("host", bad)])),
                    Err(Refusal::ForeignHost(_))
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_token_comes_in_the_query_or_the_cookie() {
        let g = Guard::new(8123, true);
        let t = g.token().unwrap().to_string();
        assert_eq!(t.len(), 32);
        assert_ne!(Guard::new(8123, true).token(), Some(t.as_str()), "per run");
        let none = HeaderMap::new();
        assert_eq!(
            g.check_token(Some(&format!("variant=x&token={t}")), &none),
            Ok(true)
        );
        let cookie = format!("other=1; latrunculi-token-8123={t}");
        assert_eq!(
            g.check_token(None, &headers(&[("cookie", &cookie)])),
            Ok(false)
        );
        let wrong_port = format!("latrunculi-token-8124={t}");
        assert_eq!(
            g.check_token(None, &headers(&[("cookie", &wrong_port)])),
            Err(Refusal::NoToken)
        );
        assert_eq!(
            g.check_token(Some("token=0000"), &none),
            Err(Refusal::NoToken)
        );
        assert_eq!(g.check_token(None, &none), Err(Refusal::NoToken));
        let open = Guard::new(8123, false);
        assert_eq!(open.check_token(None, &none), Ok(false));
        assert!(open.url().ends_with(":8123/"));
        assert!(g.url().ends_with(&format!("/?token={t}")));
    }

    #[test]
    fn a_socket_must_come_from_the_servers_own_page() {
        let g = Guard::new(8123, true);
        let own = headers(&[
            ("host", "localhost:8123"),
            ("origin", "http://localhost:8123"),
        ]);
        assert_eq!(g.check_origin(&own), Ok(()));
        for (host, origin) in [
            ("localhost:8123", "http://evil.example"),
            ("localhost:8123", "http://127.0.0.1:8123"),
            ("localhost:8123", "https://localhost:8123"),
            ("localhost:8123", "null"),
        ] {
            let h = headers(&[("host", host), ("origin", origin)]);
            assert!(
                matches!(g.check_origin(&h), Err(Refusal::ForeignOrigin(_))),
                "{origin}"
            );
        }
        let missing = headers(&[("host", "localhost:8123")]);
        assert_eq!(
            g.check_origin(&missing),
            Err(Refusal::ForeignOrigin("(none)".into()))
        );
    }
}
