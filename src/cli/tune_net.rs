//! `latrunculi tune net`: self-play, training and a net file, in one command.

use super::Failure;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;

use crate::board::Bits;
use crate::cli::RulesetArgs;
use crate::engine::PlacementSearch;
use crate::matches::record::Record;
use crate::nnue::train::{Model, Sample, TrainConfig, loss, train};
use crate::nnue::{Header, Layout, format, ruleset_digest, samples};
use crate::rules::Rules;
use crate::tune::net_data::{self, Data, SelfPlay, ThreadsError};

#[derive(Args, Debug)]
pub struct NetArgs {
    #[command(flatten)]
    pub ruleset: RulesetArgs,
    /// Games of self-play to learn from.
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// Node budget of each self-play search.
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Random plies at the start of each game (not learnt from).
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// Plies after which a game is adjudicated by its last score.
    #[arg(long, default_value_t = 300)]
    pub max_plies: u32,
    /// The chance (0 to 1) that a move after the opening plies is a random one instead of
    /// the search's; the position is learnt from all the same. The games then also reach
    /// positions a search meets after a mistake, which the net must judge too.
    #[arg(long, default_value_t = 0.0)]
    pub random_moves: f64,
    /// A net file the engine evaluates with in self-play (where it was trained for the
    /// ruleset): the games of one net make the data of the next. Without it the engine
    /// evaluates as it plays: with the ruleset's shipped net, else its formula.
    #[arg(long, value_name = "FILE")]
    pub net: Option<PathBuf>,
    /// Game records (the match runner's `--records`) to learn from as well, all of this
    /// ruleset; their scores are the moves' notes.
    #[arg(long, num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// Training positions saved by an earlier run (`--save-data`) to learn from as well.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    pub data: Vec<PathBuf>,
    /// Save the positions (before the held-out tenth is set apart) for later runs.
    #[arg(long, value_name = "FILE")]
    pub save_data: Option<PathBuf>,
    /// Passes over the positions.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    pub epochs: u64,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..))]
    pub batch: u64,
    /// Adam's step size at the start (it falls to a tenth by the end).
    #[arg(long, default_value_t = 0.002)]
    pub rate: f32,
    /// The share of the game's result in the target; the rest is the search's score. 0 by
    /// default: on kowalski-8x12, a net trained with 0.5 lost by some 300 Elo at fixed
    /// nodes where one trained with 0 on the same positions lost by some 100 (see README).
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f32,
    /// Do not learn from each position's mirror image too (by default it is learnt from
    /// where the rules treat a position and its mirror image alike).
    #[arg(long)]
    pub no_mirror: bool,
    /// Learn also from positions whose best move captures or traps (by default only from
    /// those where the search's best move is quiet).
    #[arg(long)]
    pub tactical: bool,
    /// Learn on top of the formula: the net learns what the formula's evaluation misses,
    /// and the search evaluates with the formula's score plus the net's. For rulesets whose
    /// tuned formula a net of its own does not match from the positions at hand.
    #[arg(long)]
    pub on_formula: bool,
    /// Let the net value the placement search's playouts too (where MCTS places the men):
    /// the first movement position after a random end of the placement, which the formula
    /// values otherwise. For rulesets whose games the placement decides.
    #[arg(long)]
    pub judge_placements: bool,
    /// Threads for self-play and training.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A line for the net's header, e.g. the match that accepted it (repeat for several).
    #[arg(long, value_name = "TEXT")]
    pub note: Vec<String>,
    /// Where to write the net (default: RULESET.nnue).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(a: &NetArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err(Failure::Usage("--lambda must be from 0 to 1".into()));
    }
    if !(0.0..=1.0).contains(&a.random_moves) {
        return Err(Failure::Usage("--random-moves must be from 0 to 1".into()));
    }
    if !(a.rate > 0.0 && a.rate.is_finite()) {
        return Err(Failure::Usage("--rate must be above 0".into()));
    }
    crate::with_width!(a.ruleset.rules()?, r => run_on(a, r, out))
}

/// The command that reproduces this run, for the net's header. Files are named without
/// their directories: a net's header says how it was made, not where on whose machine.
fn command_line(a: &NetArgs) -> String {
    let name = |p: &std::path::Path| {
        p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    let mut s = format!("latrunculi tune net --variant {}", a.ruleset.variant);
    if let Some(p) = a.ruleset.pieces {
        s += &format!(" --pieces {p}");
    }
    s += &format!(
        " --games {} --nodes {} --random-plies {} --max-plies {} --epochs {} --batch {} \
         --rate {} --lambda {} --threads {} --seed {}",
        a.games,
        a.nodes,
        a.random_plies,
        a.max_plies,
        a.epochs,
        a.batch,
        a.rate,
        a.lambda,
        a.threads,
        a.seed
    );
    if a.random_moves > 0.0 {
        s += &format!(" --random-moves {}", a.random_moves);
    }
    for r in &a.records {
        s += &format!(" --records {}", name(r));
    }
    if let Some(n) = &a.net {
        s += &format!(" --net {}", name(n));
    }
    for d in &a.data {
        s += &format!(" --data {}", name(d));
    }
    if a.no_mirror {
        s += " --no-mirror";
    }
    if a.tactical {
        s += " --tactical";
    }
    if a.on_formula {
        s += " --on-formula";
    }
    if a.judge_placements {
        s += " --judge-placements";
    }
    s
}

/// The positions of the records.
fn from_records<B: Bits>(
    a: &NetArgs,
    rules: &Arc<Rules<B>>,
    data: &mut Data,
) -> Result<(), Failure> {
    for path in &a.records {
        let text = std::fs::read_to_string(path).map_err(|error| Failure::Read {
            path: path.clone(),
            error,
        })?;
        let recs = Record::parse_all(&text).map_err(|e| Failure::from(e).within(path.display()))?;
        for (i, rec) in recs.iter().enumerate() {
            let name = rec.tag("Variant").unwrap_or("no ruleset");
            if name != rules.ruleset.name {
                return Err(Failure::Unmet(format!(
                    "{}: game {} is of {name}, not {}",
                    path.display(),
                    i + 1,
                    rules.ruleset.name
                )));
            }
            let game =
                net_data::record_samples(rec, rules.clone(), a.random_plies as usize, a.tactical)
                    .map_err(|e| {
                    Failure::from(e).within(format!("{}: game {}", path.display(), i + 1))
                })?;
            if let Some((samples, winner)) = game {
                data.add(samples, winner);
            }
        }
    }
    Ok(())
}

/// The positions to learn from: self-play, records and saved positions (saved again with
/// `--save-data`), and how many of them came from `--data`.
fn gather<B: Bits>(a: &NetArgs, rules: &Arc<Rules<B>>) -> Result<(Data, usize), Failure> {
    let net = match &a.net {
        Some(path) => {
            let net = format::read(path).map_err(|e| Failure::from(e).within("--net"))?;
            net.check_for(rules)
                .map_err(|e| Failure::from(e).within(format!("--net {}", path.display())))?;
            Some(Arc::new(net))
        }
        None => None,
    };
    let cfg = SelfPlay {
        net,
        games: a.games,
        nodes: a.nodes,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
        random_moves: a.random_moves,
        seed: a.seed,
        tactical: a.tactical,
        threads: a.threads,
    };
    let started = Instant::now();
    let games = a.games;
    // A line on standard error at every twentieth of the games: a long run is not silent.
    let progress = |done: u64| {
        if done * 20 / games != (done - 1) * 20 / games {
            eprintln!(
                "self-play: {done}/{games} games, {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    };
    let mut data = net_data::self_play_watched(rules, &cfg, &progress)?;
    from_records(a, rules, &mut data)?;
    let digest = ruleset_digest(&rules.ruleset);
    let features = Layout::new(rules).features();
    let of_games = data.samples.len();
    for path in &a.data {
        let bytes = std::fs::read(path).map_err(|error| Failure::Read {
            path: path.clone(),
            error,
        })?;
        let saved = samples::from_bytes(&bytes, digest, features, &path.display().to_string())?;
        data.samples.extend(saved);
    }
    if let Some(path) = &a.save_data {
        crate::files::write_whole(path, samples::to_bytes(&data.samples, digest, features))
            .map_err(|error| Failure::Write {
                path: path.clone(),
                error,
            })?;
    }
    let saved = data.samples.len() - of_games;
    Ok((data, saved))
}

/// Where the engine places by MCTS (the ruleset's placement planner), no position of the
/// placement phase is ever evaluated by the net (MCTS scores its playouts by the formula),
/// and their labels are MCTS's values, not alpha-beta scores: learning them would only
/// spend the net on noise. Drops them and returns how many.
fn leave_out_mcts_placements<B: Bits>(
    rules: &Rules<B>,
    layout: &Layout,
    samples: &mut Vec<Sample>,
) -> usize {
    if PlacementSearch::Auto.for_ruleset(&rules.ruleset) != PlacementSearch::Mcts {
        return 0;
    }
    let placing = layout.placing_feature() as u16;
    let before = samples.len();
    samples.retain(|s| !s.us.contains(&placing));
    before - samples.len()
}

fn run_on<B: Bits>(a: &NetArgs, rules: Arc<Rules<B>>, out: &mut dyn Write) -> Result<(), Failure> {
    let name = rules.ruleset.name.clone();
    let started = Instant::now();
    let (mut data, saved) = gather(a, &rules)?;
    let digest = ruleset_digest(&rules.ruleset);
    let played = started.elapsed().as_secs_f64();
    let [white, draws, black] = data.results;
    writeln!(
        out,
        "{name}: {} games (white {white}, drawn {draws}, black {black}), {} positions, {played:.0} s",
        data.games,
        data.samples.len()
    )?;
    if a.on_formula {
        let without = data.samples.iter().filter(|s| s.base.is_none()).count();
        if without > 0 {
            return Err(Failure::Unmet(format!(
                "--on-formula: {without} positions lack the formula's evaluation (from a \
                 file of positions made before it was kept); make them again"
            )));
        }
    } else {
        for s in &mut data.samples {
            s.base = None;
        }
    }
    let layout = Layout::new(&rules);
    let left_out = leave_out_mcts_placements(&rules, &layout, &mut data.samples);
    if left_out > 0 {
        writeln!(
            out,
            "left out {left_out} positions of the placement phase (MCTS places them, so the net never evaluates them)"
        )?;
    }
    let positions = data.samples.len();
    if positions < 10 {
        return Err(Failure::Unmet(
            "too few positions to learn from (play more games)".into(),
        ));
    }
    // The last tenth, whole games of the end of the run, is held out.
    let held: Vec<Sample> = data.samples.split_off(data.samples.len() * 9 / 10);
    let mirror = !a.no_mirror && rules.mirror_symmetric();
    if mirror {
        let mirrored: Vec<Sample> = data.samples.iter().map(|s| s.mirrored(&layout)).collect();
        data.samples.extend(mirrored);
        writeln!(
            out,
            "learning from {} positions and their mirror images",
            data.samples.len() / 2
        )?;
    }
    let mut model = Model::new(layout.features(), a.seed);
    let tcfg = TrainConfig {
        epochs: a.epochs as usize,
        batch: a.batch as usize,
        rate: a.rate,
        lambda: a.lambda,
        seed: a.seed,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.max(1))
        .build()
        .map_err(|error| ThreadsError {
            threads: a.threads,
            error,
        })?;
    let before = pool.install(|| loss(&model, &held, a.lambda));
    let trained = Instant::now();
    let mut lines = Vec::new();
    pool.install(|| {
        train(&mut model, &data.samples, &tcfg, &mut |epoch, l| {
            lines.push(format!("epoch {:>3}: training loss {l:.5}", epoch + 1));
        })
    });
    let seconds = trained.elapsed().as_secs_f64();
    let after = pool.install(|| loss(&model, &held, a.lambda));
    for l in &lines {
        writeln!(out, "{l}")?;
    }
    writeln!(
        out,
        "held-out loss {before:.5} -> {after:.5} ({} positions); trained in {seconds:.0} s",
        held.len()
    )?;
    let mut provenance = vec![
        format!("Net for {name}, made by"),
        command_line(a),
        format!(
            "{} positions of {} games{}{} ({} held out); self-play {played:.0} s, training {seconds:.0} s on {}",
            positions,
            data.games,
            if saved > 0 {
                format!(", {saved} of them from --data")
            } else {
                String::new()
            },
            if left_out > 0 {
                format!(", {left_out} of the placement phase left out (MCTS places them)")
            } else {
                String::new()
            },
            held.len(),
            match a.threads.max(1) {
                1 => "1 thread".to_string(),
                n => format!("{n} threads"),
            }
        ),
        format!(
            "held-out loss {before:.5} -> {after:.5}{}",
            if data.samples.len() > positions {
                "; mirror images learnt from too"
            } else {
                ""
            }
        ),
    ];
    provenance.extend(a.note.iter().cloned());
    let header = Header {
        ruleset: name.clone(),
        digest,
        rows: layout.rows as u16,
        cols: layout.cols as u16,
        provenance: provenance.join("\n"),
    };
    let mut net = model.quantise(header);
    net.adds_to_formula = a.on_formula;
    net.judges_placements = a.judge_placements;
    let bytes = format::to_bytes(&net);
    // What is written must read back as a net for this ruleset.
    format::from_bytes(&bytes)?.check_for(&rules)?;
    let path = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{name}.nnue")));
    crate::files::write_whole(&path, bytes).map_err(|error| Failure::Write {
        path: path.clone(),
        error,
    })?;
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}
