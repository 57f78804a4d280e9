//! `latrunculi evaluate`: a ruleset study from self-play, from records, or from shards.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::Failure;
use crate::evaluate::report::Run;
use crate::evaluate::{self, Study};
use crate::matches::Shard;

#[derive(Args, Debug)]
pub struct EvaluateArgs {
    /// A ruleset to study (repeatable).
    #[arg(long = "variant", value_name = "VARIANT")]
    pub variants: Vec<String>,
    /// Study every ruleset the engine knows (with --variant-path, those of the file too).
    #[arg(long)]
    pub all: bool,
    /// Also know the rulesets of this ruleset file; with no --variant and no --all, study
    /// the file's rulesets.
    #[arg(long, value_name = "FILE")]
    pub variant_path: Option<PathBuf>,
    /// Self-play games per ruleset, each from its own random opening.
    #[arg(long, default_value_t = 50)]
    pub games: u32,
    /// The engine settings of both sides, as `match --each` takes them: nodes=N, depth=N,
    /// st=SECONDS, tc=..., option.NAME=VALUE. Default: nodes=5000.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub each: Vec<String>,
    /// Who plays: `search` (the engine at the --each settings) or `random` (a legal move
    /// drawn uniformly, Ludii's Random agent).
    #[arg(long, default_value = "search", value_parser = ["search", "random"])]
    pub agent: String,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies that open each game.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: usize,
    /// Stop a game still going after this many plies (counted as a timeout).
    #[arg(long, default_value_t = 1000)]
    pub max_plies: u32,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Play only shard I of N of the games (every ruleset's), for a run spread over
    /// machines; `--merge` puts the shards together (see scripts/slurm/).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// The metrics to report, comma-separated (default: all).
    #[arg(long, value_name = "NAME,...")]
    pub metrics: Vec<String>,
    /// Compute the report from these record files (a match's, say) instead of playing.
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with_all = ["merge", "all", "variants", "shard"])]
    pub from_records: Vec<PathBuf>,
    /// Put together the output folders of the shards of one run.
    #[arg(long, num_args = 1.., value_name = "DIR", conflicts_with_all = ["all", "variants", "shard"])]
    pub merge: Vec<PathBuf>,
    /// The output folder: study.json, records/, report.json, report.md, plots/.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// The rulesets asked for, each checked to exist.
fn rulesets(args: &EvaluateArgs) -> Result<Vec<String>, Failure> {
    let (catalogue, warnings) = crate::rules::Catalogue::with_file(args.variant_path.as_deref())?;
    for w in warnings {
        eprintln!("{w}");
    }
    let names = if args.all {
        catalogue.names()
    } else if !args.variants.is_empty() {
        args.variants.clone()
    } else if let Some(path) = &args.variant_path {
        let mut own = crate::rules::Catalogue::default();
        own.load(path)?.0.names
    } else {
        return Err(Failure::Usage(
            "evaluate: say which rulesets: --variant NAME (repeatable), --all, or \
             --variant-path FILE"
                .into(),
        ));
    };
    for name in &names {
        catalogue.ruleset(name, None)?;
    }
    Ok(names)
}

pub fn run(args: &EvaluateArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let chosen = evaluate::chosen_metrics(&args.metrics)?;
    // The command as typed, program name first, for the report to say how it was made.
    let command: Vec<String> = std::iter::once("latrunculi".to_string())
        .chain(std::env::args().skip(1))
        .collect();
    let command = command.join(" ");
    let report = if !args.merge.is_empty() {
        evaluate::merge(&args.merge, &args.out, &chosen, &command)?
    } else if !args.from_records.is_empty() {
        evaluate::from_records(&args.from_records, &args.out, &chosen, &command)?
    } else {
        let each = if args.each.is_empty() && args.agent == "search" {
            vec!["nodes=5000".to_string()]
        } else {
            args.each.clone()
        };
        let study = Study {
            rulesets: rulesets(args)?,
            variant_path: args.variant_path.clone(),
            run: Run {
                agent: args.agent.clone(),
                each,
                games: args.games,
                seed: args.seed,
                opening_plies: args.opening_plies,
                max_plies: args.max_plies,
            },
            program: std::env::current_exe()?,
            shard: args.shard,
            concurrency: args.concurrency,
            metrics: chosen,
            out: args.out.clone(),
            command,
        };
        evaluate::play(&study, out)?
    };
    write!(out, "{}", evaluate::summary(&report))?;
    writeln!(
        out,
        "Wrote {}: report.json, report.md, plots/",
        args.out.display()
    )?;
    Ok(())
}
