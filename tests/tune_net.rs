//! `latrunculi tune net`: a few quick games of self-play make a net file for the ruleset,
//! whose header says how it was made; bad arguments are explained.

mod support;

use latrunculi::nnue::format;
use latrunculi::rules::{Rules, preset};
use support::engine::{Engine, field};
use support::run;

/// The last depth's score and node count of `go depth 4` from the start position.
/// (A new game first, so that no search starts from another's table.)
fn search(e: &mut Engine) -> (String, String) {
    e.ask_sync("ucinewgame");
    e.send("position startpos");
    let lines = e.ask("go depth 4", |l| l.starts_with("bestmove"));
    let info = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score "))
        .expect("an info line with a score");
    let score = field(info, "score").unwrap().to_string() + " " + field(info, "cp").unwrap_or("");
    (score, field(info, "nodes").unwrap().to_string())
}

/// `tune net` on murray with four quick games of self-play, and `extra` arguments.
fn quick_murray_net(extra: &[&str]) -> (bool, String, String) {
    let mut args = vec![
        "tune",
        "net",
        "--variant",
        "murray",
        "--games",
        "4",
        "--nodes",
        "300",
        "--max-plies",
        "80",
        "--batch",
        "64",
    ];
    args.extend_from_slice(extra);
    run(&args)
}

#[test]
fn a_short_run_writes_a_net_for_the_ruleset() {
    let dir = std::env::temp_dir().join(format!("latrunculi-tune-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("murray.nnue");
    let saved = dir.join("murray.data");
    let (ok, out, err) = quick_murray_net(&[
        "--epochs",
        "3",
        "--note",
        "SPRT: not played",
        "--save-data",
        saved.to_str().unwrap(),
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.starts_with("murray: 4 games"), "{out}");
    // The saved positions train a net again, without playing.
    let positions = out
        .lines()
        .next()
        .unwrap()
        .split(", ")
        .nth(3)
        .unwrap()
        .to_string();
    assert!(positions.ends_with(" positions"), "{positions}");
    let again = dir.join("again.nnue");
    let (ok, out2, err) = run(&[
        "tune",
        "net",
        "--variant",
        "murray",
        "--games",
        "0",
        "--data",
        saved.to_str().unwrap(),
        "--epochs",
        "1",
        "--out",
        again.to_str().unwrap(),
    ]);
    assert!(ok, "{out2}{err}");
    assert!(
        out2.starts_with(&format!(
            "murray: 0 games (white 0, drawn 0, black 0), {positions}"
        )),
        "{out2}"
    );
    let count = positions.trim_end_matches(" positions");
    let again_header = format::read(&again).unwrap().header.provenance;
    assert!(
        again_header.contains(&format!(
            "{count} positions of 0 games, {count} of them from --data ("
        )),
        "{again_header}"
    );
    let (ok, _, err) = run(&[
        "tune",
        "net",
        "--variant",
        "little-soldiers",
        "--games",
        "0",
        "--data",
        saved.to_str().unwrap(),
    ]);
    assert!(
        !ok && err.contains("the positions are of another ruleset"),
        "{err}"
    );
    assert!(out.contains("epoch   3: training loss"), "{out}");
    let net = format::read(&path).unwrap();
    let rules = Rules::<u128>::new(preset("murray").unwrap()).unwrap();
    assert!(net.check_for(&rules).is_ok());
    let header = &net.header.provenance;
    assert!(
        header.contains("latrunculi tune net --variant murray --games 4 --nodes 300"),
        "{header}"
    );
    assert!(header.contains("positions of 4 games"), "{header}");
    assert!(header.ends_with("SPRT: not played"), "{header}");
    let other = Rules::<u128>::new(preset("little-soldiers").unwrap()).unwrap();
    assert!(net.check_for(&other).is_err());

    // `net show` prints the header; `net note` adds a line to it and leaves the weights.
    let file = path.to_str().unwrap();
    let (ok, shown, err) = run(&["net", "show", file]);
    assert!(ok, "{err}");
    assert!(
        shown.starts_with("ruleset murray (8x8 board, rules digest "),
        "{shown}"
    );
    assert!(
        shown.contains("\n  latrunculi tune net --variant murray --games 4 --nodes 300"),
        "{shown}"
    );
    let (ok, said, err) = run(&["net", "note", file, "SPRT: H1 accepted in 100 games"]);
    assert!(ok && said == format!("{file}: noted\n"), "{said}{err}");
    let noted = format::read(&path).unwrap();
    assert_eq!(
        noted.header.provenance,
        format!("{header}\nSPRT: H1 accepted in 100 games")
    );
    assert_eq!(
        (&noted.ft_weights, &noted.out_weights, noted.out_bias),
        (&net.ft_weights, &net.out_weights, net.out_bias)
    );
    let (ok, _, err) = run(&["net", "note", file, " "]);
    assert!(!ok && err.contains("a note is one line of text"), "{err}");
    let missing = dir.join("missing.nnue");
    let (ok, _, err) = run(&["net", "note", missing.to_str().unwrap(), "x"]);
    assert!(!ok && err.contains("missing.nnue"), "{err}");
    assert!(!missing.exists());
    assert_eq!(format::read(&path).unwrap(), noted);

    // EvalFile: the net evaluates murray instead of the formula; little-soldiers, which it
    // was not trained for, keeps the formula.
    let mut e = Engine::start();
    e.ask_sync("setoption name OwnBook value false");
    let formula = |e: &mut Engine, variant: &str| {
        e.ask_sync(&format!("setoption name UCI_Variant value {variant}"));
        e.ask_sync("setoption name EvalFile value <empty>");
        e.ask_sync("setoption name Use NNUE value false");
        let found = search(e);
        e.ask_sync("setoption name Use NNUE value true");
        found
    };
    let murray = formula(&mut e, "murray");
    let soldiers = formula(&mut e, "little-soldiers");
    let said = e.ask_sync(&format!("setoption name EvalFile value {}", path.display()));
    assert_eq!(
        said,
        vec![format!(
            "info string evaluation net from {} (trained for murray; other rulesets keep the formula)",
            path.display()
        )]
    );
    assert_eq!(search(&mut e), soldiers);
    e.ask_sync("setoption name UCI_Variant value murray");
    let with_net = search(&mut e);
    assert_ne!(
        with_net, murray,
        "the net's search differs from the formula's"
    );
    assert_eq!(search(&mut e), with_net, "and is deterministic");

    // A damaged net is refused with the reason, and the engine plays on.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.truncate(bytes.len() / 2);
    let broken = dir.join("broken.nnue");
    std::fs::write(&broken, bytes).unwrap();
    let said = e.ask_sync(&format!(
        "setoption name EvalFile value {}",
        broken.display()
    ));
    assert!(
        said[0].starts_with("info string error bad-eval-file: ")
            && said[0].contains("ends inside the first layer"),
        "{said:?}"
    );
    assert!(!search(&mut e).1.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--on-formula`: the net's header and `net show` say it adds to the formula, and the
/// engine evaluates with the formula's total plus the net's own score (checked with a net
/// whose only weight left is its output bias, worth 100 centipawns, alone and on top).
#[test]
fn a_net_on_top_of_the_formula_adds_to_its_evaluation() {
    let dir = std::env::temp_dir().join(format!("latrunculi-on-formula-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("murray.nnue");
    let (ok, out, err) = quick_murray_net(&[
        "--epochs",
        "2",
        "--on-formula",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    let net = format::read(&path).unwrap();
    assert!(net.adds_to_formula);
    assert!(
        net.header.provenance.contains(" --on-formula"),
        "{}",
        net.header.provenance
    );
    let (ok, shown, err) = run(&["net", "show", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(
        shown.contains("x 2 -> 1, added to the formula's evaluation\n"),
        "{shown}"
    );

    // 100 centipawns from the output bias alone: QA * QB / 4 is a quarter of SCALE (400).
    let mut constant = net.clone();
    constant.ft_weights.fill(0);
    constant.ft_bias.fill(0);
    constant.out_weights.fill(0);
    constant.out_bias = 181 * 256 / 4;
    let on_top = dir.join("on-top.nnue");
    std::fs::write(&on_top, format::to_bytes(&constant)).unwrap();
    constant.adds_to_formula = false;
    let alone = dir.join("alone.nnue");
    std::fs::write(&alone, format::to_bytes(&constant)).unwrap();
    let mut e = Engine::start();
    e.ask_sync("setoption name UCI_Variant value murray");
    e.ask_sync("position startpos moves c2c3 f7f6");
    let eval = |e: &mut Engine, file: &std::path::Path| {
        e.ask_sync(&format!("setoption name EvalFile value {}", file.display()));
        let lines = e.ask("eval", |l| l.starts_with("Total evaluation"));
        let number = |prefix: &str| -> i32 {
            let line = lines.iter().find(|l| l.starts_with(prefix)).unwrap();
            line[prefix.len()..]
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        let net_line = lines
            .iter()
            .find(|l| l.starts_with("Net evaluation: "))
            .unwrap()
            .clone();
        (
            number("Net evaluation: "),
            number("Total evaluation: "),
            net_line,
        )
    };
    let (net_alone, formula, line) = eval(&mut e, &alone);
    assert_eq!(net_alone, 100, "{line}");
    assert!(line.contains("not the formula below"), "{line}");
    let (net_on_top, formula_again, line) = eval(&mut e, &on_top);
    assert_eq!(formula_again, formula);
    assert_ne!(formula, 0, "a position the formula does not call level");
    assert_eq!(net_on_top, formula + 100, "{line}");
    assert!(line.contains("plus the net's correction"), "{line}");
    // The sum stays within the net's range (50 times SCALE), never reading as a won game.
    constant.out_bias = 181 * 256 * 60;
    constant.adds_to_formula = true;
    std::fs::write(&on_top, format::to_bytes(&constant)).unwrap();
    let (huge, formula_again, _) = eval(&mut e, &on_top);
    assert_eq!(formula_again, formula);
    assert_eq!(huge, 20_000, "clamped");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_explained() {
    let (ok, _, err) = run(&["tune", "net", "--variant", "murray", "--lambda", "2"]);
    assert!(!ok);
    assert!(err.contains("--lambda must be from 0 to 1"), "{err}");
    let (ok, _, err) = run(&["tune", "net", "--variant", "chess"]);
    assert!(!ok);
    assert!(err.contains("unknown variant 'chess'"), "{err}");
    let (ok, _, err) = run(&["tune", "net", "--variant", "murray", "--games", "0"]);
    assert!(!ok);
    assert!(err.contains("too few positions"), "{err}");
}

/// Where MCTS places the men (seega), the positions of the placement phase are left out:
/// the net never evaluates them. The saved positions keep them, so that the count can be
/// checked.
#[test]
fn placements_made_by_mcts_are_not_learnt() {
    let dir = std::env::temp_dir().join(format!("latrunculi-tune-mcts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("seega.data");
    let net = dir.join("seega.nnue");
    let (ok, out, err) = run(&[
        "tune",
        "net",
        "--variant",
        "seega-rules-8x8",
        "--games",
        "3",
        "--nodes",
        "200",
        "--max-plies",
        "90",
        "--epochs",
        "1",
        "--save-data",
        saved.to_str().unwrap(),
        "--out",
        net.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    let rules = Rules::<u128>::new(preset("seega-rules-8x8").unwrap()).unwrap();
    let layout = latrunculi::nnue::Layout::new(&rules);
    let placing = layout.placing_feature() as u16;
    let all = latrunculi::nnue::samples::from_bytes(
        &std::fs::read(&saved).unwrap(),
        latrunculi::nnue::ruleset_digest(&rules.ruleset),
        layout.features(),
        "saved",
    )
    .unwrap();
    let placements = all.iter().filter(|s| s.us.contains(&placing)).count();
    assert!(
        placements > 0 && placements < all.len(),
        "{placements} of {}",
        all.len()
    );
    assert!(
        out.contains(&format!(
            "left out {placements} positions of the placement phase"
        )),
        "{out}"
    );
    let header = format::read(&net).unwrap().header.provenance;
    assert!(
        header.contains(&format!(
            "{} positions of 3 games, {placements} of the placement phase left out",
            all.len() - placements
        )),
        "{header}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The match runner's records are learnt from too: their notes give the scores.
#[test]
fn records_of_the_match_runner_are_learnt_from() {
    let dir = std::env::temp_dir().join(format!("latrunculi-net-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("murray.pgn");
    let bin = format!("cmd={}", env!("CARGO_BIN_EXE_latrunculi"));
    let (ok, out, err) = run(&[
        "match",
        "--variant",
        "murray",
        "--engine",
        &bin,
        "name=a",
        "depth=2",
        "--engine",
        &bin,
        "name=b",
        "depth=2",
        "--each",
        "option.OwnBook=false",
        "--games",
        "2",
        "--draw-plies",
        "60",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    let path = dir.join("net.nnue");
    let (ok, out, err) = run(&[
        "tune",
        "net",
        "--variant",
        "murray",
        "--games",
        "0",
        "--random-plies",
        "0",
        "--records",
        records.to_str().unwrap(),
        "--epochs",
        "1",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.starts_with("murray: 2 games"), "{out}");
    let net = format::read(&path).unwrap();
    assert!(
        net.header.provenance.contains(" --records "),
        "{}",
        net.header.provenance
    );
    // Records of another ruleset are refused.
    let (ok, _, err) = run(&[
        "tune",
        "net",
        "--variant",
        "little-soldiers",
        "--games",
        "0",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(
        !ok && err.contains("game 1 is of murray, not little-soldiers"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `scripts/train-net-rounds`: each round learns from the previous net's games and every
/// earlier position (with `TACTICAL=1`, those whose best move captures too; with
/// `ON_FORMULA=1`, on top of the formula; with `RANDOM_MOVES`, from games with random
/// moves; with `MAX_PLIES`, from games that long), and a second run keeps the rounds
/// already done.
#[test]
fn the_rounds_script_chains_nets_and_resumes() {
    let dir = std::env::temp_dir().join(format!("latrunculi-rounds-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/train-net-rounds");
    let rounds = |plans: &[&str], learning: &str| {
        let out = std::process::Command::new("bash")
            .arg(script)
            .args(["murray", dir.to_str().unwrap()])
            .args(plans)
            .env("BIN", env!("CARGO_BIN_EXE_latrunculi"))
            .env("THREADS", "1")
            .env("TACTICAL", learning)
            .env("ON_FORMULA", learning)
            .env("RANDOM_MOVES", if learning == "1" { "0.2" } else { "" })
            .env("MAX_PLIES", if learning == "1" { "150" } else { "" })
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (ok, out, err) = rounds(&["3:200", "3:300"], "1");
    assert!(ok, "{out}{err}");
    assert!(out.contains("round 2: 3 games at 300 nodes"), "{out}");
    let first = dir.join("murray-1.nnue");
    let second = format::read(&dir.join("murray-2.nnue")).unwrap().header;
    assert!(
        second.provenance.contains(
            "--seed 32 --random-moves 0.2 --net murray-1.nnue --data murray-1.data \
             --tactical --on-formula"
        ),
        "{}",
        second.provenance
    );
    assert!(
        second.provenance.contains(" --max-plies 150 "),
        "{}",
        second.provenance
    );
    assert!(format::read(&first).unwrap().adds_to_formula);
    let before = std::fs::read(&first).unwrap();
    let (ok, out, err) = rounds(&["3:200", "3:300"], "0");
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("round 1: ") && out.contains("is there, kept"),
        "{out}"
    );
    assert_eq!(std::fs::read(&first).unwrap(), before);
    let (ok, _, err) = rounds(&["3x200"], "0");
    assert!(!ok && err.contains("'3x200' is not GAMES:NODES"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
