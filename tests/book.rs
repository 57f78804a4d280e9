//! Opening books: building by self-play, probing, the file format and its damage, and the
//! engine answering from a book over the protocol. Books here are tiny (a handful of games
//! with node budgets of a few hundred), so every test takes a second or two.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use latrunculi::book::{Book, BookError, Damage, Entry};
use latrunculi::rules::{Game, Rules, preset};
use support::engine::{Engine, field};

const BIN: &str = env!("CARGO_BIN_EXE_latrunculi");

/// The budgets of a tiny build: 4 plies of book, searches of a few hundred nodes.
const TINY: [&str; 8] = [
    "--plies",
    "4",
    "--nodes",
    "200",
    "--finish-nodes",
    "50",
    "--max-plies",
    "30",
];

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .env("LATRUNCULI_BOOKS", support::engine::NO_BOOKS)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("book-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rules(variant: &str) -> Arc<Rules<u128>> {
    Arc::new(Rules::new(preset(variant).unwrap()).unwrap())
}

/// Builds a tiny book; extra arguments go after the standard ones.
fn build(variant: &str, out: &Path, games: u32, extra: &[&str]) {
    let games = games.to_string();
    let out_s = out.to_string_lossy().to_string();
    let mut args = vec![
        "book",
        "build",
        "--variant",
        variant,
        "--out",
        &out_s,
        "--games",
        &games,
    ];
    args.extend(TINY);
    args.extend(extra);
    let (ok, stdout, stderr) = run(&args);
    assert!(ok, "book build failed: {stderr}");
    assert!(stdout.contains(&format!("games {games}")), "{stdout}");
}

fn legal_tokens(game: &Game<u128>) -> Vec<String> {
    game.legal_moves()
        .iter()
        .map(|m| m.token(&game.rules().geo))
        .collect()
}

fn root_games(book: &Book, variant: &str) -> u64 {
    latrunculi::book::build::games_in(book, &rules(variant))
}

#[test]
fn a_built_book_probes_reloads_and_dumps() {
    let dir = scratch("build");
    let file = dir.join("murray.book");
    build("murray", &file, 8, &[]);
    let book = Book::load(&file, Some(("murray", 16))).unwrap();
    assert_eq!(book.variant, "murray");
    assert_eq!(
        root_games(&book, "murray"),
        8,
        "every game starts in the book"
    );
    // Four plies of book in every game: positions at plies 0..3 are in it.
    assert!(book.len() >= 4, "{} positions", book.len());
    let r = rules("murray");
    let start = Game::new(r.clone());
    let moves = book.probe(&start);
    assert!(!moves.is_empty());
    let legal = legal_tokens(&start);
    for m in &moves {
        assert!(legal.contains(&m.token), "{} is not legal", m.token);
        let e = &m.entry;
        assert_eq!(e.visits, e.wins + e.draws + e.losses);
        assert!(e.weight <= 10_000);
    }
    // Best first.
    assert!(
        moves
            .windows(2)
            .all(|w| w[0].entry.weight >= w[1].entry.weight)
    );

    // Save and reload: identical entries and identical bytes.
    let copy = dir.join("copy.book");
    book.save(&copy).unwrap();
    let again = Book::load(&copy, None).unwrap();
    assert_eq!(again, book);
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&file).unwrap());

    // The text form: the header, then one line per entry.
    let (ok, out, err) = run(&["book", "dump", &file.to_string_lossy()]);
    assert!(ok, "{err}");
    assert!(out.contains("variant murray"), "{out}");
    assert!(out.contains(&format!("positions {}", book.len())), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(4)
        .collect();
    assert_eq!(rows.len(), book.entry_count(), "{out}");
    for (key, entries) in book.positions() {
        for e in entries {
            let row = format!("{key:016X} {}", e.token);
            assert!(rows.iter().any(|l| l.starts_with(&row)), "{row} missing");
        }
    }

    // Probe: the start position's moves, with chances adding up to 100%.
    let (ok, out, err) = run(&[
        "book",
        "probe",
        "--variant",
        "murray",
        "--book",
        &file.to_string_lossy(),
    ]);
    assert!(ok, "{err}");
    let listed: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("move"))
        .skip(1)
        .collect();
    assert_eq!(listed.len(), moves.len(), "{out}");
    let total: f64 = listed
        .iter()
        .map(|l| {
            l.split_whitespace()
                .last()
                .unwrap()
                .trim_end_matches('%')
                .parse::<f64>()
                .unwrap()
        })
        .sum();
    assert!((total - 100.0).abs() < 0.5, "{out}");
    assert!(listed[0].starts_with(&moves[0].token), "{out}");
    // A position the book does not have.
    let (ok, out, _) = run(&[
        "book",
        "probe",
        "--variant",
        "murray",
        "--book",
        &file.to_string_lossy(),
        "--fen",
        "7M/8/8/1m6/1M6/2m5/8/8 b - 0 0",
    ]);
    assert!(ok && out.contains("not in the book"), "{out}");
}

#[test]
fn the_same_seed_gives_the_same_file_and_resuming_continues_it() {
    let dir = scratch("seed");
    let (a, b, c) = (dir.join("a.book"), dir.join("b.book"), dir.join("c.book"));
    build("murray", &a, 6, &["--seed", "7"]);
    build("murray", &b, 6, &["--seed", "7"]);
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(bytes, std::fs::read(&b).unwrap(), "same seed, same book");

    // Resuming adds games: 3 then 3 more are the 6 games of one build.
    build("murray", &c, 3, &["--seed", "7"]);
    let half = Book::load(&c, None).unwrap();
    assert_eq!(root_games(&half, "murray"), 3);
    build("murray", &c, 3, &["--seed", "7"]);
    let whole = Book::load(&c, None).unwrap();
    assert_eq!(root_games(&whole, "murray"), 6);
    assert!(whole.entry_count() >= half.entry_count());
    assert_eq!(std::fs::read(&c).unwrap(), bytes);

    // Parallel games are merged in a fixed order: the same seed and thread count agree.
    let (p, q) = (dir.join("p.book"), dir.join("q.book"));
    build("murray", &p, 4, &["--seed", "7", "--threads", "2"]);
    build("murray", &q, 4, &["--seed", "7", "--threads", "2"]);
    assert_eq!(std::fs::read(&p).unwrap(), std::fs::read(&q).unwrap());
    assert_eq!(root_games(&Book::load(&p, None).unwrap(), "murray"), 4);
}

#[test]
fn a_placement_book_folds_mirror_images() {
    let dir = scratch("placement");
    let file = dir.join("luductus.book");
    build("luductus", &file, 3, &[]);
    let book = Book::load(&file, Some(("luductus", 16))).unwrap();
    let r = rules("luductus");
    let start = Game::new(r.clone());
    let moves = book.probe(&start);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.token.contains('@')), "placements");

    // An entry filed from one side is found, mirrored, from the other.
    let mut b = Book::for_rules(&r);
    let mut left = Game::new(r.clone());
    left.play_token("K@b1").unwrap();
    let (key, stored) = Book::locate(&r, left.position(), "@c7").unwrap();
    b.insert(key.key, Entry::new(stored, 12));
    let mut right = Game::new(r.clone());
    right.play_token("K@l1").unwrap();
    let tokens =
        |g: &Game<u128>| -> Vec<String> { b.probe(g).into_iter().map(|m| m.token).collect() };
    assert_eq!(tokens(&left), vec!["@c7"]);
    assert_eq!(tokens(&right), vec!["@k7"]);
}

#[test]
fn damaged_or_foreign_books_are_refused_with_the_reason() {
    let dir = scratch("damage");
    let file = dir.join("murray.book");
    build("murray", &file, 2, &[]);
    let good = std::fs::read(&file).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("truncated", good[..good.len() - 11].to_vec(), "truncated"),
        ("short", good[..5].to_vec(), "magic"),
        ("empty", Vec::new(), "magic"),
        ("magic", [b"NOTABOOK", &good[8..]].concat(), "magic"),
        (
            "version",
            [&good[..8], &[2, 0][..], &good[10..]].concat(),
            "version 2",
        ),
        (
            "flipped",
            {
                let mut b = good.clone();
                let n = b.len();
                b[n - 20] ^= 0x10;
                b
            },
            "corrupt",
        ),
        ("text", b"LATRBOOK but then just text\n".to_vec(), "version"),
        ("header", good[..20].to_vec(), "truncated"),
    ];
    for (name, bytes, words) in cases {
        let path = dir.join(format!("{name}.book"));
        std::fs::write(&path, bytes).unwrap();
        let e = Book::load(&path, Some(("murray", 16))).unwrap_err();
        let BookError::Damaged { source, damage } = &e else {
            panic!("{name}: {e:?}");
        };
        assert_eq!(source.as_deref(), Some(&*path.to_string_lossy()), "{name}");
        let kind = match damage {
            Damage::Truncated { .. } => "truncated".to_string(),
            Damage::NotABook { .. } => "magic".to_string(),
            Damage::Version { found, .. } => format!("version {found}"),
            Damage::Corrupt(_) => "corrupt".to_string(),
        };
        assert!(kind.starts_with(words), "{name}: {e}");
        let (ok, _, err) = run(&["book", "dump", &path.to_string_lossy()]);
        assert!(!ok && err.contains(words), "{name}: {err}");
    }
    let e = Book::load(&file, Some(("luductus", 16))).unwrap_err();
    assert!(
        matches!(&e, BookError::WrongRuleset { book, want, .. } if book == "murray" && want == "luductus"),
        "{e}"
    );
    // A build never extends another ruleset's book.
    let (ok, _, err) = run(&[
        "book",
        "build",
        "--variant",
        "little-soldiers",
        "--out",
        &file.to_string_lossy(),
        "--games",
        "1",
    ]);
    assert!(!ok && err.contains("not little-soldiers"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), good, "the book is untouched");
    let missing = dir.join("missing.book");
    assert!(matches!(
        Book::load(&missing, None),
        Err(BookError::Io { error, .. }) if error.kind() == std::io::ErrorKind::NotFound
    ));
}

fn bestmove(lines: &[String]) -> String {
    field(lines.last().unwrap(), "bestmove")
        .unwrap()
        .to_string()
}

#[test]
fn the_engine_answers_book_positions_from_the_book() {
    let dir = scratch("protocol");
    let file = dir.join("murray.book");
    build("murray", &file, 6, &[]);
    let book = Book::load(&file, None).unwrap();
    let top = book.probe(&Game::new(rules("murray")))[0].token.clone();

    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value murray");
    e.send(&format!("setoption name BookFile value {}", file.display()));
    e.send("setoption name BookVariety value 0");
    e.send("position startpos");
    let legal = e.legal();
    let lines = e.ask("go depth 3", |l| l.starts_with("bestmove"));
    assert!(
        lines[0].starts_with(&format!("info string book {} with ", file.display())),
        "{lines:?}"
    );
    assert_eq!(
        lines[1],
        format!("info string book move {top}"),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), &format!("bestmove {top}"));
    assert!(legal.contains(&top));
    assert!(!lines.iter().any(|l| l.starts_with("info depth")));

    // Out of the book: an ordinary search (and the book is not announced again).
    e.send("position fen 7M/8/8/1m6/1M6/2m5/8/8 b - 0 0");
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    assert!(lines[0].starts_with("info depth 1"), "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );

    // searchmoves that exclude every book move: a search among them.
    let other = legal
        .iter()
        .find(|t| {
            book.probe(&Game::new(rules("murray")))
                .iter()
                .all(|m| &m.token != *t)
        })
        .unwrap()
        .clone();
    e.send("position startpos");
    let lines = e.ask(&format!("go depth 2 searchmoves {other}"), |l| {
        l.starts_with("bestmove")
    });
    assert_eq!(bestmove(&lines), other, "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");

    // go infinite analyses even in the book.
    let mut lines = e.ask_sync("go infinite");
    lines.extend(e.ask("stop", |l| l.starts_with("bestmove")));
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");

    // OwnBook false: searched.
    e.send("setoption name OwnBook value false");
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    assert!(lines[0].starts_with("info depth 1"), "{lines:?}");
    assert!(legal.contains(&bestmove(&lines)));
    e.send("setoption name OwnBook value true");
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    assert_eq!(
        lines,
        vec![
            format!("info string book move {top}"),
            format!("bestmove {top}")
        ]
    );
}

#[test]
fn stale_entries_are_never_played() {
    let dir = scratch("stale");
    let r = rules("murray");
    let start = Game::new(r.clone());
    let mut b = Book::for_rules(&r);
    // Black moves first in murray: a8a5 moves a white man, so it is not legal here.
    for (token, score) in [("a8a5", 30_000), ("e1e4", -200)] {
        let (key, stored) = Book::locate(&r, start.position(), token).unwrap();
        b.insert(key.key, Entry::new(stored, score));
    }
    let file = dir.join("stale.book");
    b.save(&file).unwrap();
    let only_illegal = dir.join("illegal.book");
    let mut c = Book::for_rules(&r);
    let (key, stored) = Book::locate(&r, start.position(), "a8a5").unwrap();
    c.insert(key.key, Entry::new(stored, 0));
    c.save(&only_illegal).unwrap();

    let mut e = Engine::start();
    e.ask_sync("setoption name UCI_Variant value murray");
    e.send("setoption name BookVariety value 0");
    e.send(&format!("setoption name BookFile value {}", file.display()));
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    assert_eq!(bestmove(&lines), "e1e4", "{lines:?}");
    e.send(&format!(
        "setoption name BookFile value {}",
        only_illegal.display()
    ));
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:?}"
    );
    assert_ne!(bestmove(&lines), "a8a5");
}

#[test]
fn a_corrupt_book_file_is_reported_once_and_the_engine_plays_on() {
    let dir = scratch("corrupt");
    let file = dir.join("broken.book");
    std::fs::write(&file, b"LATRBOOK\x01\x00\x06murray\x00garbage").unwrap();
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value murray");
    e.send(&format!("setoption name BookFile value {}", file.display()));
    let legal = e.legal();
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    assert!(
        lines[0].starts_with("info string error book: book ") && lines[0].contains("truncated"),
        "{lines:?}"
    );
    assert!(legal.contains(&bestmove(&lines)), "{lines:?}");
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    // A book of another ruleset is refused the same way.
    let other = dir.join("other.book");
    Book::new("luductus", 16).save(&other).unwrap();
    e.send(&format!(
        "setoption name BookFile value {}",
        other.display()
    ));
    let lines = e.ask("go depth 1", |l| l.starts_with("bestmove"));
    assert!(
        lines[0].contains("the book is for luductus, not murray"),
        "{lines:?}"
    );
    assert!(legal.contains(&bestmove(&lines)));
}

#[test]
fn the_default_book_is_found_by_ruleset_name() {
    let dir = scratch("default");
    build("murray", &dir.join("murray.book"), 2, &[]);
    let shelf = dir.to_string_lossy().to_string();
    let mut e = Engine::start_env(&[], &[("LATRUNCULI_BOOKS", &shelf)]);
    e.ask_sync("setoption name UCI_Variant value murray");
    let lines = e.ask("go depth 2", |l| l.starts_with("bestmove"));
    assert!(
        lines[0].starts_with(&format!(
            "info string book {} with ",
            dir.join("murray.book").display()
        )),
        "the whole path says where the book came from: {lines:?}"
    );
    assert!(lines[1].starts_with("info string book move "), "{lines:?}");
    // No book for luductus: said once, then plain searches.
    e.ask_sync("setoption name UCI_Variant value luductus");
    let lines = e.ask("go nodes 100", |l| l.starts_with("bestmove"));
    assert_eq!(
        lines[0],
        "info string no book for luductus (looked for luductus.book in $LATRUNCULI_BOOKS only)",
        "{lines:?}"
    );
    let lines = e.ask("go nodes 100", |l| l.starts_with("bestmove"));
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    // schadler-2001 books carry the piece count in their name.
    e.ask_sync("setoption name UCI_Variant value schadler-2001");
    e.ask_sync("setoption name Pieces value 18");
    let lines = e.ask("go nodes 100", |l| l.starts_with("bestmove"));
    assert_eq!(
        lines[0],
        "info string no book for schadler-2001-18 (looked for schadler-2001-18.book in $LATRUNCULI_BOOKS only)",
        "{lines:?}"
    );
}

#[test]
fn book_openings_make_a_suite_the_match_runner_plays() {
    let dir = scratch("openings");
    let file = dir.join("murray.book");
    build("murray", &file, 6, &[]);
    let suite = dir.join("openings").join("murray.txt");
    let (ok, out, err) = run(&[
        "book",
        "openings",
        "--variant",
        "murray",
        "--book",
        &file.to_string_lossy(),
        "--plies",
        "3",
        "--out",
        &suite.to_string_lossy(),
        "--margin",
        "2000",
        "--depth",
        "2",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("openings"), "{out}");
    let text = std::fs::read_to_string(&suite).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(!lines.is_empty(), "{text}");
    let mut seen = std::collections::HashSet::new();
    for l in &lines {
        let tokens: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(tokens.len(), 3, "{l}");
        let mut g = Game::new(rules("murray"));
        g.play_tokens(&tokens).unwrap();
        assert!(g.outcome().is_none());
        assert!(
            seen.insert(g.position().full_key()),
            "{l} repeats a position"
        );
    }
    // The same suite as position strings (the form UGI match runners read): each is the
    // position its line of moves reaches.
    let fens = dir.join("openings").join("murray-fen.txt");
    let (ok, _, err) = run(&[
        "book",
        "openings",
        "--variant",
        "murray",
        "--book",
        &file.to_string_lossy(),
        "--plies",
        "3",
        "--out",
        &fens.to_string_lossy(),
        "--margin",
        "2000",
        "--depth",
        "2",
        "--format",
        "fen",
    ]);
    assert!(ok, "{err}");
    let fen_text = std::fs::read_to_string(&fens).unwrap();
    let fen_lines: Vec<&str> = fen_text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(fen_lines.len(), lines.len());
    for (moves, f) in lines.iter().zip(&fen_lines) {
        let mut g = Game::new(rules("murray"));
        g.play_tokens(&moves.split_whitespace().collect::<Vec<_>>())
            .unwrap();
        assert_eq!(
            latrunculi::rules::fen::format(g.rules(), g.position()),
            *f,
            "{moves}"
        );
    }
    // Lines longer than the book are none: an error, not an empty suite.
    let (ok, _, err) = run(&[
        "book",
        "openings",
        "--variant",
        "murray",
        "--book",
        &file.to_string_lossy(),
        "--plies",
        "30",
        "--out",
        &dir.join("none.txt").to_string_lossy(),
    ]);
    assert!(!ok && err.contains("no book line"), "{err}");
    // The match runner reads the suite: two quick games from its first opening.
    let engine = format!("cmd={BIN}");
    let (ok, out, err) = run(&[
        "match",
        "--variant",
        "murray",
        "--engine",
        &engine,
        "name=a",
        "depth=1",
        "--engine",
        &engine,
        "name=b",
        "depth=1",
        "--games",
        "2",
        "--draw-plies",
        "20",
        "--openings",
        &format!("file={}", suite.display()),
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("Score of a vs b"), "{out}");
}

/// Every book in `books/` loads (checksum, format), is filed under its own name, and has
/// legal moves for its start position; every opening of `books/openings/` is legal.
#[test]
fn the_shipped_books_and_openings_are_sound() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("books");
    let mut books = 0;
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "book") {
            continue;
        }
        books += 1;
        let book = Book::load(&path, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(book.name(), stem, "{}", path.display());
        let r = Arc::new(
            Rules::<u128>::new(
                preset(&book.variant)
                    .unwrap()
                    .with_pieces(book.pieces.max(16))
                    .unwrap(),
            )
            .unwrap(),
        );
        book.check_rules(&r).unwrap();
        let start = Game::new(r.clone());
        let moves = book.probe(&start);
        let legal: Vec<String> = start
            .legal_moves()
            .iter()
            .map(|m| m.token(&r.geo))
            .collect();
        assert!(!moves.is_empty(), "{stem}: nothing for the start position");
        assert!(moves.iter().all(|m| legal.contains(&m.token)), "{stem}");
    }
    assert!(books >= 5, "the shipped books: {books}");

    let mut files = 0;
    for entry in std::fs::read_dir(root.join("openings")).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let (variant, pieces) = match stem.strip_prefix("schadler-2001-") {
            Some(n) => ("schadler-2001".to_string(), n.parse().unwrap()),
            None => (stem.clone(), 16),
        };
        let r = Arc::new(
            Rules::<u128>::new(preset(&variant).unwrap().with_pieces(pieces).unwrap()).unwrap(),
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect();
        assert!(lines.len() >= 20, "{stem}: {} openings", lines.len());
        for line in lines {
            let tokens: Vec<String> = line.split_whitespace().map(String::from).collect();
            let mut game = Game::new(r.clone());
            game.play_tokens(&tokens)
                .unwrap_or_else(|e| panic!("{stem}: {line}: {e}"));
            assert!(game.outcome().is_none(), "{stem}: {line}");
        }
        files += 1;
    }
    assert!(files >= 5, "the opening suites: {files}");
}

/// An installed copy, far from any `books/` directory, still plays from its shipped books
/// (built in), and a ruleset without one says where it looked. A book file that happens to
/// lie in the working directory (as `book build --out murray.book` leaves one) is not used.
#[test]
fn an_installed_copy_uses_the_built_in_books() {
    let dir = std::env::temp_dir().join(format!("latrunculi-installed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("books/murray.book"),
        dir.join("murray.book"),
    )
    .unwrap();
    let exe = dir.join("latrunculi");
    std::fs::copy(env!("CARGO_BIN_EXE_latrunculi"), &exe).unwrap();
    let input = "setoption name UCI_Variant value murray\ngo depth 2\n\
                 setoption name UCI_Variant value bell-8x8\ngo depth 1\nisready\n";
    // Another test thread that forks while the copy's write handle is open hands that handle
    // to its child until the child execs, and Linux refuses to run a file open for writing
    // ("Text file busy"); the handle is gone once that child has exec'd, so try again.
    let mut tries = 0;
    let mut child = loop {
        match Command::new(&exe)
            .current_dir(&dir)
            .env_remove("LATRUNCULI_BOOKS")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
        {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 200 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(25));
            }
            spawned => break spawned.unwrap(),
        }
    };
    use std::io::{BufRead, Write};
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    let mut lines = Vec::new();
    for line in std::io::BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let done = line == "readyok";
        lines.push(line);
        if done {
            break;
        }
    }
    drop(stdin);
    let _ = child.wait();
    let murray = lines
        .iter()
        .find(|l| l.starts_with("info string book murray.book"))
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert!(murray.starts_with("info string book murray.book (built in) with "));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string book move "))
    );
    let bell = lines
        .iter()
        .find(|l| l.starts_with("info string no book for bell-8x8"))
        .unwrap_or_else(|| panic!("{lines:?}"));
    assert!(
        bell.contains("bell-8x8.book and among the built-in books"),
        "{bell}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--variant-path` works for `book build` and `book openings` as for every other
/// subcommand, and a book of one ruleset is refused for another.
#[test]
fn books_of_a_ruleset_file() {
    let dir = scratch("variant-path");
    let book = dir.join("sandwich.book");
    let suite = dir.join("sandwich.txt");
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulesets/examples/sandwich-9x9.toml"
    );
    let ruleset = ["--variant-path", file, "--variant", "sandwich-9x9"];
    let book_s = book.to_string_lossy().to_string();
    let mut args = vec!["book", "build", "--out", &book_s, "--games", "2"];
    args.extend(ruleset);
    args.extend(TINY);
    let (ok, out, err) = run(&args);
    assert!(ok && out.contains("games 2"), "{out}{err}");
    let suite_s = suite.to_string_lossy().to_string();
    let openings = |ruleset: &[&str]| {
        let mut args = vec!["book", "openings", "--book", &book_s, "--plies", "1"];
        args.extend(["--out", &suite_s]);
        args.extend(ruleset);
        run(&args)
    };
    let (ok, out, err) = openings(&ruleset);
    assert!(ok && out.contains("1 opening\n"), "{out}{err}");
    let (ok, _, err) = openings(&["--variant", "murray"]);
    assert!(
        !ok && err.contains("the book is for sandwich-9x9, not murray"),
        "{err}"
    );
}
