//! The layers of `src/lib.rs` are kept: no module names a module of a higher layer, and no
//! two files of one module name each other (a loop). Read from the source text: every
//! `crate::MODULE` path (also inside `use crate::{...}`) outside test code, and, between the
//! files of one directory, every `super::FILE` and `crate::MODULE::FILE` path.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first; a module may use those of lower layers only.
const LAYERS: &[&[&str]] = &[
    &["board", "files"],
    &["rules"],
    &["nnue"],
    &["search"],
    &["mcts"],
    &["engine"],
    &["book"],
    &["matches"],
    &["tune", "evaluate"],
    &["protocol", "gui"],
    &["cli"],
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// Every `.rs` file under `dir`, with its text before any `#[cfg(test)]`.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
            let name = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .to_string();
            out.push((name, code));
        }
    }
}

/// The first path segments after `prefix` (`crate::` or `super::`), braces included.
fn named_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices(prefix) {
        let rest = &code[at + prefix.len()..];
        let ident = |s: &str| -> String {
            s.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        };
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            out.extend(inner.split(',').map(|p| ident(p.trim())));
        } else {
            out.insert(ident(rest));
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

fn all_sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files
}

#[test]
fn no_module_uses_a_higher_layer() {
    let mut wrong = Vec::new();
    for (file, code) in all_sources() {
        let module = file.split(['/', '.']).next().unwrap().to_string();
        let Some(mine) = layer(&module) else { continue };
        for used in named_after(&code, "crate::") {
            if let Some(theirs) = layer(&used)
                && theirs > mine
            {
                wrong.push(format!("{file} ({module}) uses {used}"));
            }
        }
    }
    assert!(wrong.is_empty(), "upward imports:\n{}", wrong.join("\n"));
}

#[test]
fn no_two_files_of_a_module_use_each_other() {
    let files = all_sources();
    // (directory, file) -> the sibling files it names.
    let mut uses: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for (file, code) in &files {
        let parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
        let [dir, me] = parts[..] else { continue };
        let siblings: BTreeSet<String> = files
            .iter()
            .filter_map(|(f, _)| f.strip_prefix(&format!("{dir}/")))
            .filter(|f| !f.contains('/'))
            .map(|f| f.trim_end_matches(".rs").to_string())
            .collect();
        let mut named = named_after(code, &format!("crate::{dir}::"));
        if me != "mod" {
            named.extend(named_after(code, "super::"));
        }
        named.retain(|n| siblings.contains(n) && n != me && n != "mod");
        uses.insert((dir.to_string(), me.to_string()), named);
    }
    let mut loops = Vec::new();
    for ((dir, a), named) in &uses {
        for b in named {
            let back = uses.get(&(dir.clone(), b.clone()));
            if a < b && back.is_some_and(|n| n.contains(a)) {
                loops.push(format!("{dir}/{a}.rs <-> {dir}/{b}.rs"));
            }
        }
    }
    assert!(
        loops.is_empty(),
        "files that use each other:\n{}",
        loops.join("\n")
    );
}

#[test]
fn the_reader_of_paths_reads_braces_and_plain_paths() {
    let code = "use crate::{board::Bits, rules::Game};\nlet x = crate::search::eval(1);";
    let named = named_after(code, "crate::");
    assert_eq!(
        named.into_iter().collect::<Vec<_>>(),
        ["board", "rules", "search"]
    );
}
