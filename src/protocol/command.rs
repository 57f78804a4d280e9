//! Protocol input: each line parsed into a typed command, or an error saying what is wrong.

use crate::rules::perft;

/// Limits and flags of a `go` command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    pub searchmoves: Vec<String>,
    /// UGI's clocks by player order (`p1` acts first in the ruleset), mapped to colours by
    /// the session.
    pub p1time: Option<u64>,
    pub p2time: Option<u64>,
    pub p1inc: Option<u64>,
    pub p2inc: Option<u64>,
    /// Parameters that could not be read: reported, and the search runs without them (as
    /// Stockfish does), so that every `go` still gets its `bestmove`.
    pub errors: Vec<String>,
}

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Base {
    StartPos,
    Fen(String),
}

/// What a UGI `query` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    P1Turn,
    GameOver,
    Result,
}

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    /// `ugi`: the Universal Game Interface handshake (UCI for any game).
    Ugi,
    /// `query p1turn | gameover | result` (UGI).
    Query(Query),
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    NewGame,
    Position {
        base: Base,
        moves: Vec<String>,
    },
    Go(GoParams),
    Perft(usize),
    Stop,
    PonderHit,
    Quit,
    Display,
    Legal(Option<String>),
    Result,
    Eval,
    Bench,
    Variants,
    Rules,
    /// A blank line: ignored.
    Nothing,
}

fn number<T: std::str::FromStr>(word: &str, value: Option<&&str>) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("go {word}: missing value"))?;
    v.parse()
        .map_err(|_| format!("go {word}: '{v}' is not a valid number"))
}

/// The parameters `go` knows.
const GO_WORDS: [&str; 16] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

fn parse_go(words: &[&str]) -> Result<Command, String> {
    if words.first() == Some(&"perft") {
        let d = number::<usize>("perft", words.get(1))?;
        if d > perft::MAX_DEPTH {
            return Err(format!(
                "go perft: depth {d} is deeper than perft counts (at most {})",
                perft::MAX_DEPTH
            ));
        }
        if words.len() > 2 {
            return Err(format!("go perft: unexpected '{}'", words[2]));
        }
        return Ok(Command::Perft(d));
    }
    let mut p = GoParams::default();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let v = words.get(i + 1);
        let mut used = 2;
        // A negative clock (a GUI's overdrawn clock) is read as 0, and said.
        let mut negative = None;
        let mut time = |v| {
            number::<i64>(w, v).map(|t| {
                if t < 0 {
                    negative = Some(format!("go {w}: {t} is negative; read as 0"));
                }
                t.max(0) as u64
            })
        };
        let read: Result<(), String> = match w {
            "wtime" => time(v).map(|t| p.wtime = Some(t)),
            "btime" => time(v).map(|t| p.btime = Some(t)),
            "winc" => time(v).map(|t| p.winc = Some(t)),
            "binc" => time(v).map(|t| p.binc = Some(t)),
            "p1time" => time(v).map(|t| p.p1time = Some(t)),
            "p2time" => time(v).map(|t| p.p2time = Some(t)),
            "p1inc" => time(v).map(|t| p.p1inc = Some(t)),
            "p2inc" => time(v).map(|t| p.p2inc = Some(t)),
            "movestogo" => number(w, v).map(|n| p.movestogo = Some(n)),
            "movetime" => number(w, v).map(|n| p.movetime = Some(n)),
            "depth" => number(w, v).map(|n| p.depth = Some(n)),
            "nodes" => number(w, v).map(|n| p.nodes = Some(n)),
            "mate" => number(w, v).and_then(|n: u32| match n {
                0 => Err("go mate: 0 is no number of moves (at least 1; ignored)".to_string()),
                n => {
                    p.mate = Some(n);
                    Ok(())
                }
            }),
            "infinite" => {
                p.infinite = true;
                used = 1;
                Ok(())
            }
            "ponder" => {
                p.ponder = true;
                used = 1;
                Ok(())
            }
            "searchmoves" => {
                p.searchmoves = words[i + 1..].iter().map(|s| s.to_string()).collect();
                used = words.len() - i;
                if p.searchmoves.is_empty() {
                    Err("go searchmoves: no moves given".into())
                } else {
                    Ok(())
                }
            }
            other => {
                used = 1;
                Err(format!("go: unknown parameter '{other}' (ignored)"))
            }
        };
        p.errors.extend(negative);
        if let Err(e) = read {
            // A bad value is skipped with its parameter, unless it is the next parameter.
            if used == 2 && v.is_none_or(|v| GO_WORDS.contains(v)) {
                used = 1;
            }
            p.errors.push(e);
        }
        i += used;
    }
    Ok(Command::Go(p))
}

fn parse_setoption(words: &[&str]) -> Result<Command, String> {
    if words.first() != Some(&"name") {
        return Err("setoption: expected 'setoption name <id> [value <x>]'".into());
    }
    let rest = &words[1..];
    let split = rest.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(k) => (&rest[..k], Some(rest[k + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err("setoption: the option name is missing".into());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(words: &[&str]) -> Result<Command, String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(k) => (
            &words[..k],
            words[k + 1..].iter().map(|s| s.to_string()).collect(),
        ),
        None => (words, Vec::new()),
    };
    let base = match head.first() {
        Some(&"startpos") if head.len() == 1 => Base::StartPos,
        Some(&"startpos") => {
            return Err(format!("position: unexpected '{}' after startpos", head[1]));
        }
        Some(&"fen") if head.len() > 1 => Base::Fen(head[1..].join(" ")),
        Some(&"fen") => return Err("position fen: the position string is missing".into()),
        _ => return Err("position: expected 'startpos' or 'fen <string>'".into()),
    };
    Ok(Command::Position { base, moves })
}

/// Parses one input line.
pub fn parse(line: &str) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = words.split_first() else {
        return Ok(Command::Nothing);
    };
    let none = |c: Command| {
        if rest.is_empty() {
            Ok(c)
        } else {
            Err(format!("{head}: unexpected '{}'", rest.join(" ")))
        }
    };
    match head {
        "uci" => none(Command::Uci),
        "ugi" => none(Command::Ugi),
        "uginewgame" => none(Command::NewGame),
        "query" => match rest {
            ["p1turn"] => Ok(Command::Query(Query::P1Turn)),
            ["gameover"] => Ok(Command::Query(Query::GameOver)),
            ["result"] => Ok(Command::Query(Query::Result)),
            _ => Err("query: expected p1turn, gameover or result".into()),
        },
        "isready" => none(Command::IsReady),
        "ucinewgame" => none(Command::NewGame),
        "stop" => none(Command::Stop),
        "ponderhit" => none(Command::PonderHit),
        "quit" => none(Command::Quit),
        "d" => none(Command::Display),
        "result" => none(Command::Result),
        "eval" => none(Command::Eval),
        "bench" => none(Command::Bench),
        "variants" => none(Command::Variants),
        "rules" => none(Command::Rules),
        "debug" => match rest {
            ["on"] => Ok(Command::Debug(true)),
            ["off"] => Ok(Command::Debug(false)),
            _ => Err("debug: expected 'on' or 'off'".into()),
        },
        "legal" => match rest {
            [] => Ok(Command::Legal(None)),
            [sq] => Ok(Command::Legal(Some(sq.to_string()))),
            _ => Err("legal: expected at most one square".into()),
        },
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest),
        _ => {
            let shown: String = head.chars().take(40).collect();
            Err(format!("unknown command '{}'", shown.escape_debug()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_core_commands() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("   "), Ok(Command::Nothing));
        assert_eq!(parse("go perft 3"), Ok(Command::Perft(3)));
        assert_eq!(
            parse("setoption name Move Overhead value 30"),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            })
        );
        assert_eq!(
            parse("position startpos moves a1a2 b8b7"),
            Ok(Command::Position {
                base: Base::StartPos,
                moves: vec!["a1a2".into(), "b8b7".into()]
            })
        );
        let Ok(Command::Go(p)) = parse("go wtime 1000 btime 900 winc 10 binc 10 depth 5") else {
            panic!("go did not parse");
        };
        assert_eq!(
            (p.wtime, p.btime, p.depth),
            (Some(1000), Some(900), Some(5))
        );
    }

    #[test]
    fn a_bad_go_parameter_is_reported_and_skipped() {
        let Ok(Command::Go(p)) = parse("go depth x movetime 50 sideways p1time 900") else {
            panic!("go parses");
        };
        assert_eq!((p.depth, p.movetime, p.p1time), (None, Some(50), Some(900)));
        assert_eq!(p.errors.len(), 2, "{:?}", p.errors);
        let Ok(Command::Go(p)) = parse("go depth movetime 50") else {
            panic!("go parses");
        };
        assert_eq!((p.depth, p.movetime, p.errors.len()), (None, Some(50), 1));
    }

    #[test]
    fn reports_bad_lines() {
        for bad in [
            "go perft",
            "go perft x",
            "position",
            "position fen",
            "setoption value 3",
            "frobnicate",
            "uci now",
            "debug maybe",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
