//! Protocol input: each line parsed into a typed command, or an error saying what is wrong.

use crate::board::SquareError;
use crate::rules::{IllegalMove, perft};

/// A line that is no command, or a command written wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// No command of that name (`shown`: the name as the error repeats it).
    Unknown { shown: String },
    /// Words after a command that takes none.
    Unexpected { command: String, extra: String },
    /// Words after `position startpos` other than `moves ...`.
    AfterStartpos { word: String },
    /// A command without the words it needs: what it expects (`debug: expected 'on' or
    /// 'off'`).
    Usage(&'static str),
    /// `legal <square>` with no square of the board.
    Square(SquareError),
    /// `go perft` written wrong.
    Go(GoError),
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandError::Unknown { shown } => write!(f, "unknown command '{shown}'"),
            CommandError::Unexpected { command, extra } => {
                write!(f, "{command}: unexpected '{extra}'")
            }
            CommandError::AfterStartpos { word } => {
                write!(f, "position: unexpected '{word}' after startpos")
            }
            CommandError::Usage(words) => f.write_str(words),
            CommandError::Square(e) => write!(f, "legal: {e}"),
            CommandError::Go(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CommandError {}

/// A `go` parameter that is refused (or, for `go perft`, the whole command).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoError {
    /// A parameter without its value.
    Missing { word: String },
    /// A value that is not a number of the parameter's range.
    NotANumber { word: String, value: String },
    /// A negative clock, read as 0.
    Negative { word: String, value: i64 },
    /// `go mate 0`.
    MateZero,
    /// `go searchmoves` with no move after it.
    NoSearchMoves,
    /// A word that is no parameter of `go`.
    UnknownParameter { word: String },
    /// A move of `searchmoves` that is not legal.
    SearchMove(IllegalMove),
    /// Every limit of a `go` that meant to stop somewhere was refused: it searches
    /// `movetime` ms instead.
    NoLimitLeft { movetime: u64 },
    /// `go perft` deeper than perft counts.
    PerftTooDeep { depth: usize },
    /// Words after `go perft <depth>`.
    PerftExtra { word: String },
}

impl std::fmt::Display for GoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GoError::Missing { word } => write!(f, "go {word}: missing value"),
            GoError::NotANumber { word, value } => {
                write!(f, "go {word}: '{value}' is not a valid number")
            }
            GoError::Negative { word, value } => {
                write!(f, "go {word}: {value} is negative; read as 0")
            }
            GoError::MateZero => {
                f.write_str("go mate: 0 is no number of moves (at least 1; ignored)")
            }
            GoError::NoSearchMoves => f.write_str("go searchmoves: no moves given"),
            GoError::UnknownParameter { word } => {
                write!(f, "go: unknown parameter '{word}' (ignored)")
            }
            GoError::SearchMove(e) => write!(f, "go searchmoves: {e} (ignored)"),
            GoError::NoLimitLeft { movetime } => write!(
                f,
                "go: no limit left that could be read; searching {movetime} ms instead (as `go movetime {movetime}`)"
            ),
            GoError::PerftTooDeep { depth } => write!(
                f,
                "go perft: depth {depth} is deeper than perft counts (at most {})",
                perft::MAX_DEPTH
            ),
            GoError::PerftExtra { word } => write!(f, "go perft: unexpected '{word}'"),
        }
    }
}

impl std::error::Error for GoError {}

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
    pub errors: Vec<GoError>,
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

fn number<T: std::str::FromStr>(word: &str, value: Option<&&str>) -> Result<T, GoError> {
    let v = value.ok_or_else(|| GoError::Missing {
        word: word.to_string(),
    })?;
    v.parse().map_err(|_| GoError::NotANumber {
        word: word.to_string(),
        value: v.to_string(),
    })
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

fn parse_go(words: &[&str]) -> Result<Command, GoError> {
    if words.first() == Some(&"perft") {
        let d = number::<usize>("perft", words.get(1))?;
        if d > perft::MAX_DEPTH {
            return Err(GoError::PerftTooDeep { depth: d });
        }
        if words.len() > 2 {
            return Err(GoError::PerftExtra {
                word: words[2].to_string(),
            });
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
                    negative = Some(GoError::Negative {
                        word: w.to_string(),
                        value: t,
                    });
                }
                t.max(0) as u64
            })
        };
        let read: Result<(), GoError> = match w {
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
                0 => Err(GoError::MateZero),
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
                    Err(GoError::NoSearchMoves)
                } else {
                    Ok(())
                }
            }
            other => {
                used = 1;
                Err(GoError::UnknownParameter {
                    word: other.to_string(),
                })
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

fn parse_setoption(words: &[&str]) -> Result<Command, CommandError> {
    if words.first() != Some(&"name") {
        return Err(CommandError::Usage(
            "setoption: expected 'setoption name <id> [value <x>]'",
        ));
    }
    let rest = &words[1..];
    let split = rest.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(k) => (&rest[..k], Some(rest[k + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(CommandError::Usage("setoption: the option name is missing"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(words: &[&str]) -> Result<Command, CommandError> {
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
            return Err(CommandError::AfterStartpos {
                word: head[1].to_string(),
            });
        }
        Some(&"fen") if head.len() > 1 => Base::Fen(head[1..].join(" ")),
        Some(&"fen") => {
            return Err(CommandError::Usage(
                "position fen: the position string is missing",
            ));
        }
        _ => {
            return Err(CommandError::Usage(
                "position: expected 'startpos' or 'fen <string>'",
            ));
        }
    };
    Ok(Command::Position { base, moves })
}

/// Parses one input line.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = words.split_first() else {
        return Ok(Command::Nothing);
    };
    let none = |c: Command| {
        if rest.is_empty() {
            Ok(c)
        } else {
            Err(CommandError::Unexpected {
                command: head.to_string(),
                extra: rest.join(" "),
            })
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
            _ => Err(CommandError::Usage(
                "query: expected p1turn, gameover or result",
            )),
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
            _ => Err(CommandError::Usage("debug: expected 'on' or 'off'")),
        },
        "legal" => match rest {
            [] => Ok(Command::Legal(None)),
            [sq] => Ok(Command::Legal(Some(sq.to_string()))),
            _ => Err(CommandError::Usage("legal: expected at most one square")),
        },
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest).map_err(CommandError::Go),
        _ => {
            let shown: String = head.chars().take(40).collect();
            Err(CommandError::Unknown {
                shown: shown.escape_debug().to_string(),
            })
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
        assert_eq!(
            p.errors,
            [
                GoError::NotANumber {
                    word: "depth".into(),
                    value: "x".into()
                },
                GoError::UnknownParameter {
                    word: "sideways".into()
                }
            ]
        );
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
        assert!(matches!(
            parse("go perft 99"),
            Err(CommandError::Go(GoError::PerftTooDeep { depth: 99 }))
        ));
        assert!(matches!(
            parse("uci now"),
            Err(CommandError::Unexpected { command, extra }) if command == "uci" && extra == "now"
        ));
        assert_eq!(
            parse("frobnicate").unwrap_err().to_string(),
            "unknown command 'frobnicate'"
        );
    }
}
