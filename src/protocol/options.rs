//! The engine's options as one table (as Stockfish's `OptionsMap`): each option's name,
//! kind, default and limits are written once, here, and feed both the `option` lines of the
//! `uci` answer and the checks of `setoption`; a test holds protocol.md's table to it.

use super::error::{Code, OptionError, Refusal};
use super::session::Session;
use crate::book::choose::{DEFAULT_VARIETY, MAX_VARIETY};
use crate::book::locate::DEFAULT_FILE;
use crate::engine::{Agent, DEFAULT_HASH_MB, Options, PlacementSearch};
use crate::mcts::{MctsParams, Playout};
use crate::rules::{Catalogue, DEFAULT_PRESET};
use crate::search::Params;
use crate::search::skill::{ELO_RANGE, MAX_LEVEL};

/// What an option holds, with its default and limits.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check(bool),
    /// The default and the words allowed (matched without regard to case).
    Combo(String, Vec<String>),
    /// A path or other text; `<empty>` stands for none.
    Text(String),
    Button,
}

/// A `setoption` value read by its option's kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    /// A combo's word as the table writes it.
    Word(String),
    Text(String),
    Press,
}

/// How a value changes the session: always, or unless the change itself fails (a file that
/// cannot be read, memory that cannot be had).
#[derive(Clone, Copy)]
enum Apply {
    Set(fn(&mut Session, Value)),
    Try(fn(&mut Session, Value) -> Result<(), Refusal>),
}
use Apply::{Set, Try};

/// One option: its name as `uci` lists it, its kind, and what setting it does.
pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
    apply: Apply,
}

fn spin(name: &'static str, default: i64, min: i64, max: i64, apply: Apply) -> Spec {
    let kind = Kind::Spin { default, min, max };
    Spec { name, kind, apply }
}

fn check(name: &'static str, default: bool, apply: Apply) -> Spec {
    let kind = Kind::Check(default);
    Spec { name, kind, apply }
}

fn text(name: &'static str, default: &str, apply: Apply) -> Spec {
    let kind = Kind::Text(default.to_string());
    Spec { name, kind, apply }
}

fn combo(name: &'static str, words: &[&str], apply: Apply) -> Spec {
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let kind = Kind::Combo(words[0].clone(), words);
    Spec { name, kind, apply }
}

// The value readers: the table has already checked the kind and the limits.
fn int(v: &Value) -> i64 {
    if let Value::Int(n) = v { *n } else { 0 }
}
fn on(v: &Value) -> bool {
    matches!(v, Value::Bool(true))
}
fn words(v: Value) -> String {
    match v {
        Value::Word(w) | Value::Text(w) => w,
        _ => String::new(),
    }
}

/// Every option, in the order `uci` lists them. Limits that depend on what the engine knows
/// (the rulesets, the men per side they allow) come from `catalogue`.
pub fn table(catalogue: &Catalogue) -> Vec<Spec> {
    let mut all = session_options(catalogue);
    all.extend(search_options());
    all.extend(placement_and_book_options());
    all
}

/// The ruleset, the table, threads, level and what the GUI shows.
fn session_options(catalogue: &Catalogue) -> Vec<Spec> {
    let o = Options::default();
    let (lo, hi) = catalogue.pieces_range();
    let (min_elo, max_elo) = (ELO_RANGE.0 as i64, ELO_RANGE.1 as i64);
    let level = MAX_LEVEL as i64;
    vec![
        Spec {
            name: "UCI_Variant",
            kind: Kind::Combo(DEFAULT_PRESET.to_string(), catalogue.names()),
            apply: Try(|s, v| set_variant(s, &words(v))),
        },
        text(
            "VariantPath",
            "<empty>",
            Try(|s, v| load_rulesets(s, &words(v))),
        ),
        spin(
            "Pieces",
            16.clamp(lo, hi) as i64,
            lo as i64,
            hi as i64,
            Try(set_pieces),
        ),
        spin(
            "Hash",
            DEFAULT_HASH_MB as i64,
            1,
            65536,
            Try(|s, v| {
                let mb = int(&v) as usize;
                s.peer
                    .engine
                    .set_hash(mb)
                    .map_err(|e| Refusal::from(e).after("setoption Hash"))
            }),
        ),
        Spec {
            name: "Clear Hash",
            kind: Kind::Button,
            apply: Set(|s, _| s.peer.engine.clear_hash()),
        },
        spin(
            "Threads",
            o.threads as i64,
            1,
            256,
            Set(|s, v| s.peer.engine.options.threads = int(&v) as usize),
        ),
        spin(
            "MultiPV",
            o.multipv as i64,
            1,
            256,
            Set(|s, v| s.peer.engine.options.multipv = int(&v) as usize),
        ),
        spin(
            "Skill Level",
            o.skill_level as i64,
            0,
            level,
            Set(|s, v| s.peer.engine.options.skill_level = int(&v) as u8),
        ),
        check(
            "UCI_LimitStrength",
            o.limit_strength,
            Set(|s, v| s.peer.engine.options.limit_strength = on(&v)),
        ),
        spin(
            "UCI_Elo",
            o.elo as i64,
            min_elo,
            max_elo,
            Set(|s, v| s.peer.engine.options.elo = int(&v) as u32),
        ),
        text(
            "EvalFile",
            "<empty>",
            Try(|s, v| set_eval_file(s, &words(v))),
        ),
        check(
            "Use NNUE",
            o.use_net,
            Set(|s, v| s.peer.engine.options.use_net = on(&v)),
        ),
        check("Ponder", false, Set(|s, v| s.peer.ponder = on(&v))),
        spin(
            "Move Overhead",
            o.move_overhead_ms as i64,
            0,
            5000,
            Set(|s, v| s.peer.engine.options.move_overhead_ms = int(&v) as u64),
        ),
        check("UCI_ShowWDL", false, Set(|s, v| s.peer.show_wdl = on(&v))),
        check(
            "UCI_AnalyseMode",
            o.analyse_mode,
            Set(|s, v| s.peer.engine.options.analyse_mode = on(&v)),
        ),
    ]
}

/// The alpha-beta search's tunable parameters.
fn search_options() -> Vec<Spec> {
    let p = Params::default();
    vec![
        spin(
            "Contempt",
            p.contempt as i64,
            0,
            1000,
            Set(|s, v| s.peer.engine.options.params.contempt = int(&v) as i32),
        ),
        spin(
            "Aspiration",
            p.aspiration as i64,
            0,
            1000,
            Set(|s, v| s.peer.engine.options.params.aspiration = int(&v) as i32),
        ),
        spin(
            "LMRFullMoves",
            p.lmr_full_moves as i64,
            1,
            64,
            Set(|s, v| s.peer.engine.options.params.lmr_full_moves = int(&v) as usize),
        ),
        spin(
            "LMRMinDepth",
            p.lmr_min_depth as i64,
            1,
            64,
            Set(|s, v| s.peer.engine.options.params.lmr_min_depth = int(&v) as i32),
        ),
        check(
            "NullMove",
            p.null_move,
            Set(|s, v| s.peer.engine.options.params.null_move = on(&v)),
        ),
        spin(
            "FutilityMargin",
            p.futility_margin as i64,
            0,
            1000,
            Set(|s, v| s.peer.engine.options.params.futility_margin = int(&v) as i32),
        ),
        spin(
            "QSearchLimit",
            p.qsearch_limit as i64,
            0,
            64,
            Set(|s, v| s.peer.engine.options.params.qsearch_limit = int(&v) as i32),
        ),
    ]
}

/// How placements are searched (MCTS and its constants) and the opening book.
fn placement_and_book_options() -> Vec<Spec> {
    let m = MctsParams::default();
    vec![
        combo(
            "PlacementSearch",
            &["auto", "mcts", "alphabeta"],
            Try(|s, v| {
                s.peer.engine.options.placement_search = words(v).parse::<PlacementSearch>()?;
                Ok(())
            }),
        ),
        spin(
            "MCTSExploration",
            (m.exploration * 100.0).round() as i64,
            1,
            1000,
            Set(|s, v| s.peer.engine.options.mcts.exploration = int(&v) as f64 / 100.0),
        ),
        spin(
            "MCTSEvalScale",
            m.eval_scale as i64,
            10,
            2000,
            Set(|s, v| s.peer.engine.options.mcts.eval_scale = int(&v) as f64),
        ),
        spin(
            "MCTSPriorTemperature",
            m.prior_temperature as i64,
            1,
            2000,
            Set(|s, v| s.peer.engine.options.mcts.prior_temperature = int(&v) as f64),
        ),
        combo(
            "MCTSPlayout",
            &["place-then-evaluate", "random-to-end"],
            Set(|s, v| {
                s.peer.engine.options.mcts.playout = match words(v).as_str() {
                    "random-to-end" => Playout::RandomToEnd,
                    _ => Playout::PlaceThenEvaluate,
                }
            }),
        ),
        combo(
            "Agent",
            &["search", "random"],
            Set(|s, v| {
                s.peer.engine.options.agent = match words(v).as_str() {
                    "random" => Agent::Random,
                    _ => Agent::Search,
                }
            }),
        ),
        check("OwnBook", true, Set(|s, v| s.peer.book.own_book = on(&v))),
        text(
            "BookFile",
            DEFAULT_FILE,
            Set(|s, v| s.peer.book.set_file(&words(v))),
        ),
        spin(
            "BookVariety",
            DEFAULT_VARIETY as i64,
            0,
            MAX_VARIETY as i64,
            Set(|s, v| s.peer.book.variety = int(&v) as u32),
        ),
    ]
}

impl Spec {
    /// The option's line in the `uci` answer.
    pub fn declaration(&self) -> String {
        let kind = match &self.kind {
            Kind::Spin { default, min, max } => {
                format!("spin default {default} min {min} max {max}")
            }
            Kind::Check(default) => format!("check default {default}"),
            Kind::Combo(default, words) => {
                let vars: Vec<String> = words.iter().map(|w| format!("var {w}")).collect();
                format!("combo default {default} {}", vars.join(" "))
            }
            Kind::Text(default) => format!("string default {default}"),
            Kind::Button => "button".into(),
        };
        format!("option name {} type {kind}", self.name)
    }

    /// `value` read as this option's kind, or why it cannot be (words ignore case).
    pub fn read(&self, value: &str) -> Result<Value, OptionError> {
        let (name, value) = (self.name, value.trim());
        match &self.kind {
            Kind::Spin { min, max, .. } => value
                .parse::<i64>()
                .ok()
                .filter(|v| (min..=max).contains(&v))
                .map(Value::Int)
                .ok_or_else(|| OptionError::NotInRange {
                    option: name,
                    value: value.to_string(),
                    min: *min,
                    max: *max,
                }),
            Kind::Check(_) => match value.to_ascii_lowercase().as_str() {
                "true" => Ok(Value::Bool(true)),
                "false" => Ok(Value::Bool(false)),
                _ => Err(OptionError::NotABool {
                    option: name,
                    value: value.to_string(),
                }),
            },
            Kind::Combo(_, words) => match words.iter().find(|w| w.eq_ignore_ascii_case(value)) {
                Some(w) => Ok(Value::Word(w.clone())),
                // The ruleset's own answer (an unknown variant) says more than a list would.
                None if name == "UCI_Variant" => Ok(Value::Word(value.to_string())),
                None => Err(OptionError::NotAWord {
                    option: name,
                    value: value.to_string(),
                    words: words.clone(),
                }),
            },
            Kind::Text(_) => Ok(Value::Text(value.to_string())),
            Kind::Button => Ok(Value::Press),
        }
    }
}

impl Session {
    /// The `option` lines `uci` prints. (Defined here, beside the table, so that the
    /// session's own file need not know the options: this file depends on it, not back.)
    pub(super) fn option_lines(&self) -> Vec<String> {
        table(&self.peer.catalogue)
            .iter()
            .map(Spec::declaration)
            .collect()
    }

    /// Applies `setoption name <name> value <value>`; on error nothing changes.
    pub(super) fn set_option(&mut self, name: &str, value: &str) -> Result<(), Refusal> {
        let spec = table(&self.peer.catalogue)
            .into_iter()
            .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| OptionError::Unknown {
                name: name.to_string(),
            })?;
        let value = spec.read(value)?;
        match spec.apply {
            Set(apply) => apply(self, value),
            Try(apply) => apply(self, value)?,
        }
        Ok(())
    }
}

/// `UCI_Variant`: the ruleset of that name (any case), or, if there is none, no game at
/// all until a known one is set (see `Peer::refused_variant`).
fn set_variant(s: &mut Session, wanted: &str) -> Result<(), Refusal> {
    let peer = &mut s.peer;
    let name = peer
        .catalogue
        .names()
        .into_iter()
        .find(|n| n.eq_ignore_ascii_case(wanted))
        .unwrap_or_else(|| wanted.to_string());
    let rules = match peer.catalogue.rules(&name, peer.pieces) {
        Ok(rules) => rules,
        Err(e) => {
            peer.refused_variant = Some(wanted.to_string());
            let mut refusal = Refusal::from(e);
            refusal
                .message
                .push_str("; until a known one is set, position and go are refused");
            return Err(refusal);
        }
    };
    peer.refused_variant = None;
    peer.variant = name;
    s.install(rules);
    Ok(())
}

/// `Pieces`: the men per side where the ruleset lets the players choose.
fn set_pieces(s: &mut Session, v: Value) -> Result<(), Refusal> {
    let n = int(&v) as u8;
    let rules = s.peer.catalogue.rules(&s.peer.variant, Some(n))?;
    s.peer.pieces = Some(n);
    if s.table.ruleset() != rules.ruleset() {
        s.install(rules);
    }
    Ok(())
}

/// `EvalFile`: a net (recognised by its magic bytes) for the ruleset it was trained for, or
/// a weight file for every ruleset; empty: each ruleset's own evaluation again.
fn set_eval_file(s: &mut Session, path: &str) -> Result<(), Refusal> {
    let refused = |message: String| Refusal::new(Code::BadEvalFile, message);
    let peer = &mut s.peer;
    let opts = &mut peer.engine.options;
    if path.is_empty() || path == "<empty>" {
        opts.eval_file = None;
        opts.eval_net = None;
        return Ok(());
    }
    let bytes = std::fs::read(path)
        .map_err(|e| refused(format!("option EvalFile: cannot read {path}: {e}")))?;
    if bytes.starts_with(crate::nnue::format::MAGIC) {
        let net = crate::nnue::format::from_bytes(&bytes)
            .map_err(|e| refused(format!("option EvalFile: {path}: {e}")))?;
        let trained_for = net.header.ruleset.clone();
        opts.eval_file = None;
        opts.eval_net = Some(std::sync::Arc::new(net));
        peer.say(&format!(
            "info string evaluation net from {path} (trained for {trained_for}; other rulesets keep the formula)"
        ));
        return Ok(());
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        refused(format!(
            "option EvalFile: {path} is neither a net nor a weight file"
        ))
    })?;
    let file = crate::search::weights::parse(&text, path)?;
    opts.eval_net = None;
    opts.eval_file = Some(file.weights);
    peer.say(&format!(
        "info string evaluation weights from {path}{}",
        file.variant
            .map(|v| format!(" (fitted for {v})"))
            .unwrap_or_default()
    ));
    Ok(())
}

/// `VariantPath`: the rulesets of a file join the catalogue (and `UCI_Variant`'s list).
fn load_rulesets(s: &mut Session, path: &str) -> Result<(), Refusal> {
    let peer = &mut s.peer;
    if path.is_empty() || path == "<empty>" {
        peer.say("info string VariantPath: no file given; the rulesets stay as they were");
        return Ok(());
    }
    let (added, warnings) = peer.catalogue.load(std::path::Path::new(path))?;
    for warning in warnings {
        peer.say(&format!("info string {warning}"));
    }
    let names = added.names;
    let count = match names.len() {
        1 => "1 ruleset".to_string(),
        n => format!("{n} rulesets"),
    };
    peer.say(&format!(
        "info string loaded {count} from {path}: {}",
        names.join(" ")
    ));
    peer.say(&table(&peer.catalogue)[0].declaration());
    Ok(())
}
