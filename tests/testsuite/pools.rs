//! Variant pools (issue 33, `exercises::pool`, `site::pools`): every
//! variant of every pool is valid under the rules module; two builds make
//! the same pools, byte for byte; a generator that cannot reach the
//! variants asked for fails at its block; and the size budget over the
//! built course: a lesson's pool file is at most 30 KB gzipped, and a
//! lesson page grows by at most 2 KB gzipped with its pools (the course
//! built with and without `[exercises] variants`).

use std::collections::{BTreeMap, HashSet};
use std::io::Write as _;
use std::path::Path;

use crate::support::common::{Built, build, build_ok, copy_dir, options, write};
use crate::support::inline::{Inline, check, trim_indent};
use expect_test::expect;
use serde_json::Value;
use tilebook::exercises::kinds;
use tilebook::exercises::pool::{decided, variants};
use tilebook::exercises::sheet::{Scope, accepts, solution};

/// The pool files of a build: path → bytes.
fn pools(built: &Built) -> BTreeMap<String, Vec<u8>> {
    built
        .output()
        .iter()
        .filter(|(p, _)| p.ends_with("/pool.json"))
        .map(|(p, b)| (p.to_string(), b.to_vec()))
        .collect()
}

fn gzipped(bytes: &[u8]) -> usize {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap().len()
}

#[test]
fn every_variant_is_valid_and_two_builds_make_the_same_pools() {
    let site = Inline::over("exercises", "").with_felt("");
    let root = site.root();
    let first = build_ok(&options(root));
    let second = build_ok(&options(root));
    let files = pools(&first);
    assert!(
        files.contains_key("en/quiz/pool.json") && files.contains_key("de/quiz/pool.json"),
        "{:?}",
        files.keys()
    );
    assert_eq!(files, pools(&second), "two builds, the same pools");

    for (path, bytes) in &files {
        let pool: Value = serde_json::from_slice(bytes).unwrap();
        let kinds_in_file = pool["kinds"].as_object().unwrap();
        assert!(!kinds_in_file.is_empty(), "{path}");
        for (kind, list) in kinds_in_file {
            let list = list.as_array().unwrap();
            assert!(!list.is_empty(), "{path}: {kind}");
            for html in list {
                let html = html.as_str().unwrap();
                assert!(
                    html.starts_with("<section class=\"exercise\"")
                        && html.contains(&format!("data-kind=\"{kind}\""))
                        && html.contains("class=\"exercise__spec\""),
                    "{path}: {html}"
                );
            }
        }
    }

    // The same pools from the library, from the page's own exercises:
    // each variant decided by the rules module, with an answer its spec
    // (the algorithm quiz.js runs) accepts, and the file holds its spec.
    let en: Value = serde_json::from_slice(&files["en/quiz/pool.json"]).unwrap();
    let text = std::fs::read_to_string(root.join("content/en/quiz.md")).unwrap();
    let mut exercises = Vec::new();
    for part in text.split("```quiz\n").skip(1) {
        let body = part.split("```").next().unwrap();
        exercises.extend(tilebook::exercises::parse_block(body).unwrap().exercises);
    }
    let exclude: HashSet<String> = exercises.iter().map(|e| e.fingerprint()).collect();
    for (kind, list) in en["kinds"].as_object().unwrap() {
        let def = kinds::find(kind).unwrap();
        let setups: Vec<String> = exercises
            .iter()
            .filter(|e| e.kind == def.name)
            .map(|e| e.setup_text.to_string())
            .collect();
        let scope = Scope::of_lesson(setups.iter().map(String::as_str));
        let drawn = variants(def, "quiz", scope, &exclude, 3);
        let list = list.as_array().unwrap();
        assert_eq!(list.len(), drawn.len(), "{kind}");
        for (v, html) in drawn.iter().zip(list) {
            assert!(decided(&v.exercise), "{kind} variant {}", v.k);
            let answer = solution(&v.exercise).expect("an answer");
            assert!(accepts(&v.exercise, &answer), "{kind} variant {}", v.k);
            let spec = v.exercise.spec.to_json().replace('<', "\\u003c");
            assert!(
                html.as_str().unwrap().contains(spec.trim_end_matches('}')),
                "{kind} variant {}: its spec is in the file",
                v.k
            );
        }
    }
    // Every language's file has the same variants (kinds and counts).
    let de: Value = serde_json::from_slice(&files["de/quiz/pool.json"]).unwrap();
    let shape = |v: &Value| -> Vec<(String, usize)> {
        v["kinds"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, l)| (k.clone(), l.as_array().unwrap().len()))
            .collect()
    };
    assert_eq!(shape(&en), shape(&de));
}

#[test]
fn a_generator_that_cannot_reach_the_variants_asked_for_fails_at_its_block() {
    // `set-count` has eleven setups, one of them on the page; the block
    // starts on line 6.
    let site = Inline::over(
        "exercises",
        &trim_indent(
            r#"
            //- content/en/count.md
            +++
            title = "Count"
            +++
            Count.

            ```quiz
            kind = "set-count"
            group = "suits"
            variants = 20
            ```
            "#,
        ),
    )
    .with_felt("");
    expect![[r#"
        content/en/count.md:6:1: error: the rules module's generator makes only 10 distinct valid `set-count` exercises for this lesson (besides its own), not the 20 variants asked for: set `variants = 10` in this block (or `[exercises] variants` in config.toml)
    "#]].assert_eq(&site.diagnostics());
}

#[test]
fn variants_out_of_range_are_refused_at_the_value() {
    check(
        &trim_indent(
            r#"
            //- content/en/quiz.md
            +++
            title = "Quiz"
            +++
            Jokers.

            ```quiz
            kind = "find-jokers"
            generate = 1
            seed = 1
            variants = 41
            ```
            "#,
        ),
        expect![[r#"
            content/en/quiz.md:10:12: error: `variants` is 0 to 40 (0: no "Try another"), not 41
        "#]],
    );
}

/// The course copied with `[exercises] variants = 0` (no pools).
fn course_without_pools(to: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in [
        "content",
        "themes",
        "templates",
        "i18n",
        "glossary",
        "static",
    ] {
        if root.join(dir).is_dir() {
            copy_dir(&root.join(dir), &to.join(dir));
        }
    }
    let config = std::fs::read_to_string(root.join("config.toml")).unwrap();
    let config = config.replacen(
        "[exercises.rule_lessons]",
        "[exercises]\nvariants = 0\n\n[exercises.rule_lessons]",
        1,
    );
    write(to, "config.toml", &config);
    // Blocks that ask for their own number of variants ask for none.
    for entry in walk(&to.join("content")) {
        let text = std::fs::read_to_string(&entry).unwrap();
        let mut out = String::new();
        for line in text.split_inclusive('\n') {
            if line.starts_with("variants = ") {
                out.push_str("variants = 0\n");
            } else {
                out.push_str(line);
            }
        }
        std::fs::write(&entry, out).unwrap();
    }
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "md") {
            out.push(p);
        }
    }
    out
}

#[test]
fn the_course_s_pools_and_pages_stay_within_their_size_budget() {
    const POOL_MAX: usize = 30 * 1024;
    const PAGE_GROWTH_MAX: usize = 2 * 1024;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let with = build_ok(&options(root));
    let tmp = tempfile::tempdir().unwrap();
    course_without_pools(tmp.path());
    // (Its translations are stale now: warnings, no errors.)
    let mut result = build(&options(tmp.path()));
    let text = result.render_diagnostics();
    assert!(!result.diagnostics.has_errors(), "{text}");
    let without = Built { result };
    let files = pools(&with);
    assert!(files.len() >= 10, "{} pool files", files.len());
    assert!(pools(&without).is_empty(), "variants = 0: no pools");
    let mut largest = (0, String::new());
    let mut growth = (0_i64, String::new());
    for (path, bytes) in &files {
        let size = gzipped(bytes);
        assert!(size <= POOL_MAX, "{path}: {size} bytes gzipped");
        largest = largest.max((size, path.clone()));
        let page = path.replace("pool.json", "index.html");
        let grew = gzipped(with.bytes(&page)) as i64 - gzipped(without.bytes(&page)) as i64;
        assert!(
            grew <= PAGE_GROWTH_MAX as i64,
            "{page} grew by {grew} bytes gzipped"
        );
        growth = growth.max((grew, page));
    }
    eprintln!(
        "largest pool: {} ({} bytes gzipped); largest page growth: {} ({} bytes gzipped)",
        largest.1, largest.0, growth.1, growth.0
    );
}
