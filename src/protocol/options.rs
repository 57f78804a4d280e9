//! The engine's options: their `option` declarations and how `setoption` changes them.

use super::session::Session;
use crate::book::choose::{DEFAULT_VARIETY, MAX_VARIETY};
use crate::book::locate::DEFAULT_FILE;
use crate::engine::PlacementSearch;
use crate::mcts::{MctsParams, Playout};
use crate::rules::{Catalogue, DEFAULT_PRESET};
use crate::search::Params;
use crate::search::skill::{ELO_RANGE, MAX_LEVEL};

/// The `option` lines `uci` prints.
pub fn declarations(catalogue: &Catalogue) -> Vec<String> {
    let p = Params::default();
    let m = MctsParams::default();
    let (lo, hi) = catalogue.pieces_range();
    let variants: Vec<String> = catalogue
        .names()
        .iter()
        .map(|v| format!("var {v}"))
        .collect();
    vec![
        format!(
            "option name UCI_Variant type combo default {DEFAULT_PRESET} {}",
            variants.join(" ")
        ),
        "option name VariantPath type string default <empty>".into(),
        format!("option name Pieces type spin default 16 min {lo} max {hi}"),
        "option name Hash type spin default 16 min 1 max 65536".into(),
        "option name Clear Hash type button".into(),
        "option name Threads type spin default 1 min 1 max 256".into(),
        "option name MultiPV type spin default 1 min 1 max 256".into(),
        format!(
            "option name Skill Level type spin default {MAX_LEVEL} min 0 max {MAX_LEVEL}"
        ),
        "option name UCI_LimitStrength type check default false".into(),
        format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            ELO_RANGE.1, ELO_RANGE.0, ELO_RANGE.1
        ),
        "option name EvalFile type string default <empty>".into(),
        "option name Ponder type check default false".into(),
        "option name Move Overhead type spin default 30 min 0 max 5000".into(),
        "option name UCI_ShowWDL type check default false".into(),
        "option name UCI_AnalyseMode type check default false".into(),
        format!(
            "option name Contempt type spin default {} min 0 max 1000",
            p.contempt
        ),
        format!(
            "option name Aspiration type spin default {} min 0 max 1000",
            p.aspiration
        ),
        format!(
            "option name LMRFullMoves type spin default {} min 1 max 64",
            p.lmr_full_moves
        ),
        format!(
            "option name LMRMinDepth type spin default {} min 1 max 64",
            p.lmr_min_depth
        ),
        format!("option name NullMove type check default {}", p.null_move),
        format!(
            "option name FutilityMargin type spin default {} min 0 max 1000",
            p.futility_margin
        ),
        format!(
            "option name QSearchLimit type spin default {} min 0 max 64",
            p.qsearch_limit
        ),
        "option name PlacementSearch type combo default auto var auto var mcts var alphabeta".into(),
        format!(
            "option name MCTSExploration type spin default {} min 1 max 1000",
            (m.exploration * 100.0).round()
        ),
        format!("option name MCTSEvalScale type spin default {} min 10 max 2000", m.eval_scale),
        format!(
            "option name MCTSPriorTemperature type spin default {} min 1 max 2000",
            m.prior_temperature
        ),
        "option name MCTSPlayout type combo default place-then-evaluate var place-then-evaluate var random-to-end".into(),
        "option name OwnBook type check default true".into(),
        format!("option name BookFile type string default {DEFAULT_FILE}"),
        format!("option name BookVariety type spin default {DEFAULT_VARIETY} min 0 max {MAX_VARIETY}"),
    ]
}

fn spin(name: &str, value: &str, min: i64, max: i64) -> Result<i64, String> {
    value
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| {
            format!("option {name}: '{value}' is not a whole number from {min} to {max}")
        })
}

/// A check value; like option names, values ignore case (`True`, `FALSE`).
fn check(name: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!(
            "option {name}: '{}' is not true or false",
            value.trim()
        )),
    }
}

/// Applies `setoption name <name> value <value>`; on error nothing changes.
pub fn set(s: &mut Session, name: &str, value: &str) -> Result<(), String> {
    let peer = &mut s.peer;
    let opts = &mut peer.engine.options;
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => {
            let wanted = value.trim();
            let known = peer.catalogue.names();
            let name = known
                .iter()
                .find(|n| n.eq_ignore_ascii_case(wanted))
                .cloned()
                .unwrap_or_else(|| wanted.to_string());
            let rules = match peer.catalogue.rules(&name, peer.pieces) {
                Ok(rules) => rules,
                Err(e) => {
                    peer.refused_variant = Some(wanted.to_string());
                    return Err(format!(
                        "{e}; until a known one is set, position and go are refused"
                    ));
                }
            };
            peer.refused_variant = None;
            peer.variant = name;
            s.install(rules);
        }
        "evalfile" => {
            let path = value.trim();
            if path.is_empty() || path == "<empty>" {
                opts.eval_file = None;
                opts.eval_net = None;
                return Ok(());
            }
            let bytes = std::fs::read(path)
                .map_err(|e| format!("option EvalFile: cannot read {path}: {e}"))?;
            if bytes.starts_with(crate::nnue::format::MAGIC) {
                let net = crate::nnue::format::from_bytes(&bytes)
                    .map_err(|e| format!("option EvalFile: {path}: {e}"))?;
                let trained_for = net.header.ruleset.clone();
                opts.eval_file = None;
                opts.eval_net = Some(std::sync::Arc::new(net));
                peer.say(&format!(
                    "info string evaluation net from {path} (trained for {trained_for}; other rulesets keep the formula)"
                ));
                return Ok(());
            }
            let text = String::from_utf8(bytes).map_err(|_| {
                format!("option EvalFile: {path} is neither a net nor a weight file")
            })?;
            opts.eval_net = None;
            let file = crate::search::weights::parse(&text, path)?;
            opts.eval_file = Some(file.weights);
            peer.say(&format!(
                "info string evaluation weights from {path}{}",
                file.variant
                    .map(|v| format!(" (fitted for {v})"))
                    .unwrap_or_default()
            ));
        }
        "variantpath" => {
            let path = value.trim();
            if path.is_empty() || path == "<empty>" {
                peer.say("info string VariantPath: no file given; the rulesets stay as they were");
                return Ok(());
            }
            let file = crate::rules::file::load_path(std::path::Path::new(path))?;
            for warning in &file.warnings {
                peer.say(&format!("info string {warning}"));
            }
            let added = peer.catalogue.add(file.rulesets);
            for name in &added.replacing_presets {
                let warning = crate::rules::replaces_preset(name, path.as_ref());
                peer.say(&format!("info string {warning}"));
            }
            let names = added.names;
            peer.say(&format!(
                "info string loaded {} from {path}: {}",
                if names.len() == 1 {
                    "1 ruleset".to_string()
                } else {
                    format!("{} rulesets", names.len())
                },
                names.join(" ")
            ));
            let decl = declarations(&peer.catalogue);
            peer.say(&decl[0]);
        }
        "pieces" => {
            let (lo, hi) = peer.catalogue.pieces_range();
            let n = spin(name, value, lo as i64, hi as i64)? as u8;
            let rules = peer.catalogue.rules(&peer.variant, Some(n))?;
            peer.pieces = Some(n);
            if s.table.ruleset() != rules.ruleset() {
                s.install(rules);
            }
        }
        "hash" => {
            let mb = spin(name, value, 1, 65536)? as usize;
            peer.engine
                .set_hash(mb)
                .map_err(|e| format!("setoption Hash: {e}"))?;
        }
        "clear hash" => peer.engine.clear_hash(),
        "threads" => opts.threads = spin(name, value, 1, 256)? as usize,
        "multipv" => opts.multipv = spin(name, value, 1, 256)? as usize,
        "skill level" => opts.skill_level = spin(name, value, 0, MAX_LEVEL as i64)? as u8,
        "uci_limitstrength" => opts.limit_strength = check(name, value)?,
        "uci_elo" => {
            let (lo, hi) = ELO_RANGE;
            opts.elo = spin(name, value, lo as i64, hi as i64)? as u32;
        }
        "ponder" => peer.ponder = check(name, value)?,
        "move overhead" => opts.move_overhead_ms = spin(name, value, 0, 5000)? as u64,
        "uci_showwdl" => peer.show_wdl = check(name, value)?,
        "uci_analysemode" => opts.analyse_mode = check(name, value)?,
        "contempt" => opts.params.contempt = spin(name, value, 0, 1000)? as i32,
        "aspiration" => opts.params.aspiration = spin(name, value, 0, 1000)? as i32,
        "lmrfullmoves" => opts.params.lmr_full_moves = spin(name, value, 1, 64)? as usize,
        "lmrmindepth" => opts.params.lmr_min_depth = spin(name, value, 1, 64)? as i32,
        "nullmove" => opts.params.null_move = check(name, value)?,
        "futilitymargin" => opts.params.futility_margin = spin(name, value, 0, 1000)? as i32,
        "qsearchlimit" => opts.params.qsearch_limit = spin(name, value, 0, 64)? as i32,
        "placementsearch" => {
            opts.placement_search = value
                .parse::<PlacementSearch>()
                .map_err(|e| format!("option {name}: {e}"))?
        }
        "mctsexploration" => opts.mcts.exploration = spin(name, value, 1, 1000)? as f64 / 100.0,
        "mctsevalscale" => opts.mcts.eval_scale = spin(name, value, 10, 2000)? as f64,
        "mctspriortemperature" => opts.mcts.prior_temperature = spin(name, value, 1, 2000)? as f64,
        "mctsplayout" => {
            opts.mcts.playout = match value.trim().to_ascii_lowercase().as_str() {
                "place-then-evaluate" => Playout::PlaceThenEvaluate,
                "random-to-end" => Playout::RandomToEnd,
                _ => {
                    return Err(format!(
                        "option {name}: '{}' is not place-then-evaluate or random-to-end",
                        value.trim()
                    ));
                }
            }
        }
        "ownbook" => peer.book.own_book = check(name, value)?,
        "bookfile" => peer.book.set_file(value),
        "bookvariety" => peer.book.variety = spin(name, value, 0, MAX_VARIETY as i64)? as u32,
        _ => return Err(format!("unknown option '{name}'")),
    }
    Ok(())
}
