//! Engine and time-control specifications, written the cutechess-cli way:
//! `cmd=... name=... option.Threads=2 tc=40/60+0.6 st=0.2 nodes=... depth=...`.

/// How much thinking an engine gets.
#[derive(Clone, Debug, PartialEq)]
pub enum Limit {
    /// A game clock: `moves` per period (or the whole game), base and increment in ms.
    Clock {
        moves: Option<u32>,
        base_ms: u64,
        inc_ms: u64,
    },
    /// A fixed time per move.
    MoveTime(u64),
    Nodes(u64),
    Depth(u32),
}

impl Limit {
    /// The text form, as written in records.
    pub fn describe(&self) -> String {
        let secs = |ms: u64| {
            let s = format!("{:.3}", ms as f64 / 1000.0);
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        match self {
            Limit::Clock {
                moves,
                base_ms,
                inc_ms,
            } => {
                let m = moves.map(|m| format!("{m}/")).unwrap_or_default();
                if *inc_ms > 0 {
                    format!("tc={m}{}+{}", secs(*base_ms), secs(*inc_ms))
                } else {
                    format!("tc={m}{}", secs(*base_ms))
                }
            }
            Limit::MoveTime(ms) => format!("st={}", secs(*ms)),
            Limit::Nodes(n) => format!("nodes={n}"),
            Limit::Depth(d) => format!("depth={d}"),
        }
    }
}

/// Why an engine's settings or a time control cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// `what` (`tc`, `st`) is not a number of seconds.
    NotSeconds { what: &'static str, text: String },
    /// A number of seconds below 0 or above 10 million.
    SecondsOutOfRange { what: &'static str, text: String },
    /// `tc=M/...` with M not a positive number of moves.
    NotMoves { text: String },
    /// `tc=0` (no base, no increment).
    NoTime,
    /// A word without `=`.
    NotKeyValue { word: String },
    /// `restart=` neither on nor off.
    Restart { value: String },
    /// `what` (`nodes`, `depth`) is not a number.
    NotNumber { what: &'static str, text: String },
    /// A key that is no engine setting.
    UnknownSetting { key: String },
    /// No `cmd=` for engine `number` (from 1).
    NoCommand { number: usize },
    /// No time control for the engine called `name`.
    NoTimeControl { name: String },
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecError::NotSeconds { what, text } => {
                write!(f, "{what}: '{text}' is not a number of seconds")
            }
            SpecError::SecondsOutOfRange { what, text } => {
                write!(f, "{what}: '{text}' is out of range")
            }
            SpecError::NotMoves { text } => write!(f, "tc: '{text}' is not a number of moves"),
            SpecError::NoTime => f.write_str("tc: the clock needs some time"),
            SpecError::NotKeyValue { word } => {
                write!(f, "engine setting '{word}' is not key=value")
            }
            SpecError::Restart { value } => {
                write!(f, "restart: expected on or off, not '{value}'")
            }
            SpecError::NotNumber { what, text } => write!(f, "{what}: '{text}' is not a number"),
            SpecError::UnknownSetting { key } => write!(f, "unknown engine setting '{key}'"),
            SpecError::NoCommand { number } => write!(f, "engine {number} has no cmd="),
            SpecError::NoTimeControl { name } => write!(
                f,
                "engine '{name}' has no time control (tc=, st=, nodes= or depth=)"
            ),
        }
    }
}

impl std::error::Error for SpecError {}

/// One engine of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    /// `arg=`: arguments after those of `cmd`, one per `arg=` (so an argument may hold
    /// spaces).
    pub args: Vec<String>,
    /// `dir=`: the directory the engine runs in.
    pub dir: Option<std::path::PathBuf>,
    /// `restart=on`: a fresh process for every game (off: one process plays game after
    /// game, restarted only after a crash).
    pub restart: bool,
    pub options: Vec<(String, String)>,
    pub limit: Option<Limit>,
}

fn seconds(text: &str, what: &'static str) -> Result<u64, SpecError> {
    let v: f64 = text.parse().map_err(|_| SpecError::NotSeconds {
        what,
        text: text.to_string(),
    })?;
    if !(0.0..=1e7).contains(&v) {
        return Err(SpecError::SecondsOutOfRange {
            what,
            text: text.to_string(),
        });
    }
    Ok((v * 1000.0).round() as u64)
}

/// Reads `tc=[moves/]base[+inc]` (seconds).
pub fn parse_tc(text: &str) -> Result<Limit, SpecError> {
    let (moves, rest) =
        match text.split_once('/') {
            Some((m, r)) => (
                Some(m.parse::<u32>().ok().filter(|m| *m > 0).ok_or_else(|| {
                    SpecError::NotMoves {
                        text: m.to_string(),
                    }
                })?),
                r,
            ),
            None => (None, text),
        };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (seconds(b, "tc")?, seconds(i, "tc")?),
        None => (seconds(rest, "tc")?, 0),
    };
    if base == 0 && inc == 0 {
        return Err(SpecError::NoTime);
    }
    Ok(Limit::Clock {
        moves,
        base_ms: base,
        inc_ms: inc,
    })
}

impl EngineSpec {
    /// Builds a spec from `key=value` words; `shared` (from `--each`) comes first, so the
    /// engine's own words override it.
    pub fn parse(words: &[String], shared: &[String], index: usize) -> Result<Self, SpecError> {
        let mut spec = EngineSpec {
            name: String::new(),
            cmd: String::new(),
            args: Vec::new(),
            dir: None,
            restart: false,
            options: Vec::new(),
            limit: None,
        };
        for w in shared.iter().chain(words) {
            let (key, value) = w
                .split_once('=')
                .ok_or_else(|| SpecError::NotKeyValue { word: w.clone() })?;
            match key {
                "cmd" => spec.cmd = value.to_string(),
                "name" => spec.name = value.to_string(),
                "arg" => spec.args.push(value.to_string()),
                "dir" => spec.dir = Some(value.into()),
                "restart" => {
                    spec.restart = match value {
                        "on" => true,
                        "off" => false,
                        _ => {
                            return Err(SpecError::Restart {
                                value: value.to_string(),
                            });
                        }
                    }
                }
                "tc" => spec.limit = Some(parse_tc(value)?),
                "st" => spec.limit = Some(Limit::MoveTime(seconds(value, "st")?.max(1))),
                "nodes" => {
                    spec.limit = Some(Limit::Nodes(value.parse().map_err(|_| {
                        SpecError::NotNumber {
                            what: "nodes",
                            text: value.to_string(),
                        }
                    })?))
                }
                "depth" => {
                    spec.limit = Some(Limit::Depth(value.parse().map_err(|_| {
                        SpecError::NotNumber {
                            what: "depth",
                            text: value.to_string(),
                        }
                    })?))
                }
                k if k.starts_with("option.") => {
                    let name = k["option.".len()..].to_string();
                    spec.options.retain(|(n, _)| *n != name);
                    spec.options.push((name, value.to_string()));
                }
                other => {
                    return Err(SpecError::UnknownSetting {
                        key: other.to_string(),
                    });
                }
            }
        }
        if spec.cmd.is_empty() {
            return Err(SpecError::NoCommand { number: index + 1 });
        }
        if spec.name.is_empty() {
            spec.name = format!("engine{}", index + 1);
        }
        if spec.limit.is_none() {
            return Err(SpecError::NoTimeControl {
                name: spec.name.clone(),
            });
        }
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn time_controls() {
        assert_eq!(
            parse_tc("40/60+0.6"),
            Ok(Limit::Clock {
                moves: Some(40),
                base_ms: 60_000,
                inc_ms: 600
            })
        );
        assert_eq!(parse_tc("10+0.1").unwrap().describe(), "tc=10+0.1");
        assert!(matches!(parse_tc("x"), Err(SpecError::NotSeconds { .. })));
        assert!(matches!(parse_tc("0/5"), Err(SpecError::NotMoves { .. })));
        assert_eq!(parse_tc("0"), Err(SpecError::NoTime));
        assert_eq!(
            parse_tc("-1").unwrap_err().to_string(),
            "tc: '-1' is out of range"
        );
    }

    #[test]
    fn engine_words_override_shared_ones() {
        let s = EngineSpec::parse(
            &words("cmd=eng name=A option.Threads=2 depth=3"),
            &words("st=0.1 option.Threads=1 option.Hash=8"),
            0,
        )
        .unwrap();
        assert_eq!(s.limit, Some(Limit::Depth(3)));
        assert_eq!(
            s.options,
            vec![("Hash".into(), "8".into()), ("Threads".into(), "2".into())]
        );
        assert_eq!(
            EngineSpec::parse(&words("name=A st=1"), &[], 0),
            Err(SpecError::NoCommand { number: 1 })
        );
        assert!(matches!(
            EngineSpec::parse(&words("cmd=x"), &[], 0),
            Err(SpecError::NoTimeControl { .. })
        ));
        assert!(matches!(
            EngineSpec::parse(&words("cmd=x st=1 colour=red"), &[], 0),
            Err(SpecError::UnknownSetting { key }) if key == "colour"
        ));
    }
}
