//! `latrunculi tune net`: a few quick games of self-play make a net file for the ruleset,
//! whose header says how it was made; bad arguments are explained.

mod support;

use latrunculi::nnue::format;
use latrunculi::rules::{Rules, preset};
use support::run;

#[test]
fn a_short_run_writes_a_net_for_the_ruleset() {
    let dir = std::env::temp_dir().join(format!("latrunculi-tune-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("murray.nnue");
    let (ok, out, err) = run(&[
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
        "--epochs",
        "3",
        "--batch",
        "64",
        "--note",
        "SPRT: not played",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.starts_with("murray: 4 games"), "{out}");
    assert!(out.contains("epoch   3: training loss"), "{out}");
    let net = format::read(&path).unwrap();
    let rules = Rules::<u128>::new(preset("murray", 16).unwrap()).unwrap();
    assert!(net.check_for(&rules).is_ok());
    let header = &net.header.provenance;
    assert!(
        header.contains("latrunculi tune net --variant murray --games 4 --nodes 300"),
        "{header}"
    );
    assert!(header.contains("positions of 4 games"), "{header}");
    assert!(header.ends_with("SPRT: not played"), "{header}");
    let other = Rules::<u128>::new(preset("little-soldiers", 16).unwrap()).unwrap();
    assert!(net.check_for(&other).is_err());
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
