//! `latrunculi tune`: fitting the engine to its own games.

use super::Failure;
use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::board::Bits;
use crate::matches::record::{self, Record};
use crate::rules::{Game, Rules};
use crate::search::Weights;
use crate::search::weights;
use crate::tune::texel::{self, FitConfig, Sample};
use crate::with_width;

#[derive(Subcommand, Debug)]
pub enum TuneCommand {
    /// Fit the evaluation weights of one ruleset to the results of its games (Texel's
    /// method): the quiet positions of the records, each labelled with its game's result;
    /// every tenth game held out to measure the fit. Writes a weight file (see
    /// `setoption name EvalFile`). Example, with games from the match runner:
    /// `latrunculi tune texel --records games.pgn --out little-soldiers.toml`
    Texel(TexelArgs),
    /// Tune engine options (spin options, such as Aspiration or LMRFullMoves) by SPSA:
    /// every iteration plays the engine with each parameter nudged up or down against the
    /// engine nudged the other way, and moves the parameters towards the side that scored.
    /// The engine and the games are given as for `match` (one --engine: the engine to tune,
    /// with its limit, e.g. nodes=5000; --games per iteration). Each iteration is a line of
    /// the log, and a run given an existing log goes on from its last line. Example:
    /// `latrunculi tune spsa --variant murray --engine cmd=latrunculi nodes=5000 --games 8
    /// --concurrency 2 --param Aspiration=40,10,200,8 --iterations 200 --log murray.spsa`
    Spsa(Box<SpsaArgs>),
    /// Train a learned evaluation (a net) for one ruleset from self-play: node-limited
    /// games after a few random plies, each quiet position labelled with the search's score
    /// and the game's result; a tenth held out to measure the fit. Writes a net file
    /// whose header records how it was made. Example:
    /// `latrunculi tune net --variant murray --games 400 --threads 2 --out murray.nnue`
    Net(Box<crate::cli::tune_net::NetArgs>),
}

#[derive(Args, Debug)]
pub struct SpsaArgs {
    #[command(flatten)]
    pub play: crate::cli::GamesArgs,
    /// A parameter: NAME=START,MIN,MAX,STEP (STEP: the perturbation at the end of the
    /// run). Repeat for several.
    #[arg(
        long = "param",
        required = true,
        value_name = "NAME=START,MIN,MAX,STEP"
    )]
    pub params: Vec<String>,
    /// Iterations of the whole run (a resumed run counts those already in the log).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    pub iterations: u64,
    /// The learning rate at the end of the run (fishtest's r_end).
    #[arg(long, default_value_t = 0.002)]
    pub rate: f64,
    /// The log: one line per iteration (read first to resume).
    #[arg(long, value_name = "FILE")]
    pub log: PathBuf,
}

#[derive(Args, Debug)]
pub struct TexelArgs {
    /// Game records (the match runner's `--records`), all of one ruleset.
    #[arg(long, required = true, num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// The weights to start from (default: those the ruleset plays with now).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
    /// Where to write the fitted weights (default: RULESET.toml).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Plies of each game not learnt from (the opening, often random).
    #[arg(long, default_value_t = 8)]
    pub skip: usize,
    /// Most quiet positions learnt from per game, evenly spaced through it (0: all): a game
    /// that runs to the ply limit would otherwise outweigh a hundred short ones.
    #[arg(long, default_value_t = 0)]
    pub per_game: usize,
    /// Every how many games one is held out of the fit.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..))]
    pub held_out: u64,
    /// Rounds of the fit (each refits the scale K, then the weights).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..))]
    pub rounds: u64,
    /// Gradient steps per round.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..))]
    pub steps: u64,
    /// How much of each label is the game's result (1: all); the rest is the chance that the
    /// engine's search score in the record gives (records from the match runner carry one
    /// per move).
    #[arg(long, default_value_t = 1.0)]
    pub lambda: f64,
    /// Weights the fit leaves at their starting values (beside `man`, the unit), e.g. to
    /// measure what a term adds to the held-out fit by fitting without it.
    #[arg(long, num_args = 1.., value_name = "NAME")]
    pub fix: Vec<String>,
}

pub fn run(cmd: &TuneCommand, out: &mut dyn Write) -> Result<(), Failure> {
    match cmd {
        TuneCommand::Texel(a) => texel_command(a, out),
        TuneCommand::Spsa(a) => spsa_command(a, out),
        TuneCommand::Net(a) => crate::cli::tune_net::run(a, out),
    }
}

/// The fitted and the held-out samples of some records, and the ruleset they share.
struct DataSet {
    variant: String,
    games: [usize; 2],
    fit: Vec<Sample>,
    held: Vec<Sample>,
}

fn read_records(a: &TexelArgs) -> Result<DataSet, Failure> {
    let mut records: Vec<Record> = Vec::new();
    for path in &a.records {
        let text = std::fs::read_to_string(path).map_err(|error| Failure::Read {
            path: path.clone(),
            error,
        })?;
        let recs = Record::parse_all(&text).map_err(|e| Failure::from(e).within(path.display()))?;
        records.extend(recs);
    }
    let first = records
        .first()
        .ok_or_else(|| Failure::Unmet("the records hold no game".into()))?;
    let variant = first
        .tag("Variant")
        .ok_or_else(|| Failure::Unmet("a record has no Variant tag".into()))?;
    let rules = record::rules_of(first)?;
    let mut data = DataSet {
        variant: variant.to_string(),
        games: [0; 2],
        fit: Vec::new(),
        held: Vec::new(),
    };
    for (i, rec) in records.iter().enumerate() {
        if rec.tag("Variant") != Some(variant) || rec.tag("Pieces") != first.tag("Pieces") {
            return Err(Failure::Unmet(format!(
                "game {} is of {}, the first of {variant}: tune one ruleset at a time",
                i + 1,
                rec.tag("Variant").unwrap_or("no ruleset")
            )));
        }
        let result = match rec.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            _ => continue,
        };
        let samples = with_width!(rules.clone(), r => game_samples(rec, r, a.skip, result))
            .map_err(|e| e.within(format!("game {}", i + 1)))?;
        let samples = texel::evenly_spaced(samples, a.per_game);
        let held = (i as u64).is_multiple_of(a.held_out);
        data.games[held as usize] += 1;
        if held {
            data.held.extend(samples);
        } else {
            data.fit.extend(samples);
        }
    }
    Ok(data)
}

fn game_samples<B: Bits>(
    rec: &Record,
    rules: std::sync::Arc<Rules<B>>,
    skip: usize,
    result: f64,
) -> Result<Vec<Sample>, Failure> {
    let mut game: Game<B> = record::start(rec, rules)?;
    let scores: Vec<Option<i32>> = (0..rec.moves.len()).map(|i| rec.score_cp(i)).collect();
    Ok(texel::samples_of(
        &mut game, &rec.moves, &scores, skip, result,
    )?)
}

fn texel_command(a: &TexelArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err(Failure::Usage("--lambda must be from 0 to 1".into()));
    }
    let mut data = read_records(a)?;
    if data.fit.is_empty() {
        return Err(Failure::Unmet(
            "the records hold no quiet position to learn from".into(),
        ));
    }
    let start = match &a.weights {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|error| Failure::Read {
                path: p.clone(),
                error,
            })?;
            weights::parse(&text, &p.display().to_string())?.weights
        }
        None => weights::for_preset(&data.variant),
    };
    let w0 = texel::as_vector(&start);
    if a.lambda < 1.0 {
        // The scores' scale: that of the evaluation fitted to the results.
        let k = texel::fit_k(&data.fit, &w0);
        texel::blend_labels(&mut data.fit, a.lambda, k);
        texel::blend_labels(&mut data.held, a.lambda, k);
    }
    let k0 = texel::fit_k(&data.fit, &w0);
    let mut cfg = FitConfig {
        rounds: a.rounds as usize,
        steps: a.steps as usize,
        ..FitConfig::default()
    };
    for name in &a.fix {
        let i = Weights::index(name).ok_or_else(|| {
            Failure::Usage(format!(
                "--fix {name}: no such weight (the weights: {})",
                Weights::NAMES.join(", ")
            ))
        })?;
        cfg.fixed.push(i);
    }
    let fit = texel::fit(&data.fit, &start, &cfg);
    let w1 = texel::as_vector(&fit.weights);
    let losses = [
        texel::loss(&data.fit, &w0, k0),
        texel::loss(&data.fit, &w1, fit.k),
        texel::loss(&data.held, &w0, k0),
        texel::loss(&data.held, &w1, fit.k),
    ];
    writeln!(
        out,
        "{}: {} games ({} fitted, {} held out), {} quiet positions ({} / {})",
        data.variant,
        data.games[0] + data.games[1],
        data.games[0],
        data.games[1],
        data.fit.len() + data.held.len(),
        data.fit.len(),
        data.held.len()
    )?;
    writeln!(
        out,
        "K (the scale of sigmoid(K * eval)): {k0:.5} -> {:.5}",
        fit.k
    )?;
    writeln!(
        out,
        "mean squared error: fitted games {:.5} -> {:.5}, held-out games {:.5} -> {:.5}",
        losses[0], losses[1], losses[2], losses[3]
    )?;
    weight_table(&data, &cfg.fixed, &start, &fit.weights, out)?;
    let path = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.toml", data.variant)));
    let sources: Vec<String> = a.records.iter().map(|p| p.display().to_string()).collect();
    let fix: String = a.fix.iter().map(|n| format!(" --fix {n}")).collect();
    let per_game = match a.per_game {
        0 => String::new(),
        n => format!(" --per-game {n}"),
    };
    let comment = vec![
        format!("Evaluation weights for {}, fitted by", data.variant),
        format!(
            "latrunculi tune texel --records {} --skip {}{per_game} --held-out {} --rounds {} --steps {} --lambda {}{fix}",
            sources.join(" "),
            a.skip,
            a.held_out,
            a.rounds,
            a.steps,
            a.lambda
        ),
        format!(
            "{} quiet positions of {} games; mean squared error on held-out games {:.5} -> {:.5}",
            data.fit.len() + data.held.len(),
            data.games[0] + data.games[1],
            losses[2],
            losses[3]
        ),
    ];
    let text = weights::to_text(Some(&data.variant), &fit.weights, &comment);
    std::fs::write(&path, text).map_err(|error| Failure::Write {
        path: path.clone(),
        error,
    })?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}

/// The weights before and after the fit, each with why it could not move if it could not.
fn weight_table(
    data: &DataSet,
    fixed: &[usize],
    start: &Weights,
    after: &Weights,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    writeln!(out, "{:<20} {:>7} {:>7}", "weight", "before", "after")?;
    let used: Vec<bool> = (0..Weights::NAMES.len())
        .map(|i| data.fit.iter().any(|s| s.features[i] != 0.0))
        .collect();
    for (i, name) in Weights::NAMES.iter().enumerate() {
        let note = if *name == "man" {
            " (fixed: the unit)"
        } else if fixed.contains(&i) {
            " (fixed: --fix)"
        } else if !used[i] {
            " (zero in every position here)"
        } else {
            ""
        };
        writeln!(
            out,
            "{name:<20} {:>7} {:>7}{note}",
            start.get(i),
            after.get(i)
        )?;
    }
    Ok(())
}

fn spsa_command(a: &SpsaArgs, out: &mut dyn Write) -> Result<(), Failure> {
    use crate::tune::spsa::{self, Param, Schedule};
    let mut params: Vec<Param> = a
        .params
        .iter()
        .map(|p| Param::parse(p))
        .collect::<Result<_, _>>()?;
    if !(a.rate > 0.0 && a.rate.is_finite()) {
        return Err(Failure::Usage("--rate must be above 0".into()));
    }
    let schedule = Schedule {
        iterations: a.iterations,
        rate: a.rate,
    };
    let base = a.play.config()?;
    let [template] = &base.engines[..] else {
        return Err(Failure::Usage(
            "give the engine to tune once, with --engine (its two sides are made from it)".into(),
        ));
    };
    let log = match std::fs::read_to_string(&a.log) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => {
            return Err(Failure::Read {
                path: a.log.clone(),
                error,
            });
        }
    };
    let (mut k, mut total) = spsa::resume(&log, &mut params)
        .map_err(|e| Failure::from(e).within(a.log.display()))?
        .unwrap_or((0, 0.0));
    if k > 0 {
        writeln!(out, "resuming {} after iteration {k}", a.log.display())?;
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.log)
        .map_err(|error| Failure::Write {
            path: a.log.clone(),
            error,
        })?;
    while k < a.iterations {
        let flips = spsa::flips(params.len(), base.seed, k);
        let sides = spsa::perturbed(&params, &schedule, k, &flips);
        let mut cfg = base.clone();
        cfg.seed = base.seed.wrapping_add(k);
        cfg.engines = ["plus", "minus"]
            .iter()
            .zip(&sides)
            .map(|(name, values)| {
                let mut e = template.clone();
                e.name = name.to_string();
                for (p, v) in params.iter().zip(values) {
                    e.options.push((p.name.clone(), v.to_string()));
                }
                e
            })
            .collect();
        let tallies = crate::matches::run_match(&cfg, &mut std::io::sink())?;
        let t = &tallies
            .first()
            .ok_or_else(|| Failure::Unmet("the iteration played no game".into()))?
            .2;
        let result = t.wins as f64 - t.losses as f64;
        total += result;
        spsa::update(&mut params, &schedule, k, &flips, result);
        let line = spsa::log_line(k, result, total, &params);
        writeln!(file, "{line}").map_err(|error| Failure::Write {
            path: a.log.clone(),
            error,
        })?;
        writeln!(out, "{line}")?;
        k += 1;
    }
    let values: Vec<String> = params
        .iter()
        .map(|p| format!("{}={}", p.name, spsa::engine_value(p, p.value)))
        .collect();
    let iterations = if k == 1 { "iteration" } else { "iterations" };
    writeln!(out, "after {k} {iterations}: {}", values.join(" "))?;
    Ok(())
}
