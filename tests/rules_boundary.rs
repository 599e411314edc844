//! Module boundary: the rules module is pure code. This test scans
//! `src/rules/**/*.rs` and fails on any file-system, I/O, network, process,
//! template or Markdown dependency, and on any path into the rest of the crate.

use std::path::{Path, PathBuf};

/// Substrings that must never appear in rules source.
const FORBIDDEN: &[&str] = &[
    "std::fs",
    "std::io",
    "std::net",
    "std::process",
    "std::env",
    "std::thread",
    "tera",
    "pulldown_cmark",
    "walkdir",
    "notify",
    "tiny_http",
    "serde_json",
    "toml",
    "include_str!",
    "include_bytes!",
    "env!(",
    "super::super",
    "println!",
    "eprintln!",
];

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `word` occurs in `source` as a whole identifier path (so `tera`
/// matches `tera::Context` but not `Iterator`).
fn contains_word(source: &str, word: &str) -> bool {
    source.match_indices(word).any(|(at, _)| {
        let before = source[..at].chars().next_back();
        let after = source[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/rules exists") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Offending `crate::` paths: any that do not continue with `rules`.
fn foreign_crate_paths(source: &str) -> Vec<String> {
    source
        .match_indices("crate::")
        .map(|(at, _)| &source[at + "crate::".len()..])
        .filter(|rest| !rest.starts_with("rules"))
        .map(|rest| format!("crate::{}", rest.chars().take(20).collect::<String>()))
        .collect()
}

#[test]
fn rules_module_is_pure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(
        files.len() >= 2,
        "expected the rules module sources in {root:?}"
    );
    let mut problems = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).expect("readable source");
        for word in FORBIDDEN {
            if contains_word(&source, word) {
                problems.push(format!("{}: uses `{word}`", file.display()));
            }
        }
        for path in foreign_crate_paths(&source) {
            problems.push(format!(
                "{}: reaches outside rules via `{path}`",
                file.display()
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "rules module boundary broken:\n{}",
        problems.join("\n")
    );
}

#[test]
fn detector_matches_whole_words() {
    assert!(contains_word("use tera::Context;", "tera"));
    assert!(!contains_word("impl Iterator", "tera"));
    assert!(contains_word("std::fs::read", "std::fs"));
    assert!(!contains_word("std::fsx", "std::fs"));
}

#[test]
fn detector_catches_foreign_paths() {
    assert_eq!(foreign_crate_paths("use crate::rules::tile;").len(), 0);
    assert_eq!(foreign_crate_paths("use crate::config::Config;").len(), 1);
}
