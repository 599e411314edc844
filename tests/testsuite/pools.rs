//! Variant pools (issue 33, `exercises::pool`, `site::pools`): every
//! variant of every pool is valid under the rules module; two builds make
//! the same pools, byte for byte; a generator that cannot reach the
//! variants asked for fails at its block; and the size budget over the
//! built course: a lesson's pool file is at most 30 KB gzipped, and a
//! lesson page grows by at most 2 KB gzipped with its pools (the course
//! built with and without `[exercises] variants`, which has no review page
//! and so no link to one).

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
        .filter(|(p, _)| p.ends_with("/pool.txt"))
        .map(|(p, b)| (p.to_string(), b.to_vec()))
        .collect()
}

/// A pool file: its head (`exercises`, `rules`) and its variants' HTML.
fn parse(bytes: &[u8]) -> (Value, Vec<String>) {
    let text = std::str::from_utf8(bytes).unwrap();
    let mut parts = text.split('\u{1e}');
    let head = parts.next().unwrap();
    assert!(
        head.ends_with('\n') && !head.trim_end().contains('\n'),
        "{head}"
    );
    let head: Value = serde_json::from_str(head).unwrap();
    (head, parts.map(str::to_string).collect())
}

/// Exercise id → its variants' HTML.
fn by_exercise(bytes: &[u8]) -> BTreeMap<String, Vec<String>> {
    let (head, variants) = parse(bytes);
    let exercises = head["exercises"].as_object().unwrap();
    (exercises.iter())
        .map(|(id, at)| {
            let list = (at.as_array().unwrap().iter())
                .map(|i| variants[i.as_u64().unwrap() as usize].clone())
                .collect();
            (id.clone(), list)
        })
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
        files.contains_key("en/quiz/pool.txt") && files.contains_key("de/quiz/pool.txt"),
        "{:?}",
        files.keys()
    );
    assert_eq!(files, pools(&second), "two builds, the same pools");

    for (path, bytes) in &files {
        let (head, variants) = parse(bytes);
        assert!(head["rules"].is_object(), "{path}");
        let exercises = by_exercise(bytes);
        assert!(!exercises.is_empty(), "{path}");
        // Every variant is some exercise's, once in the file.
        let used: HashSet<u64> = (head["exercises"].as_object().unwrap().values())
            .flat_map(|at| at.as_array().unwrap().iter().map(|i| i.as_u64().unwrap()))
            .collect();
        assert_eq!(used.len(), variants.len(), "{path}");
        let distinct: HashSet<&String> = variants.iter().collect();
        assert_eq!(distinct.len(), variants.len(), "{path}: a variant twice");
        for (id, list) in &exercises {
            assert!(!list.is_empty(), "{path}: {id}");
            for html in list {
                assert!(
                    html.starts_with("<section class=\"exercise\"")
                        && html.ends_with("</section>")
                        && html.contains("class=\"exercise__spec\""),
                    "{path}: {html}"
                );
            }
        }
    }

    // The same pools from the library, from the page's own exercises:
    // each variant decided by the rules module, with an answer its spec
    // (the algorithm quiz.js runs) accepts, and the file holds its spec.
    let en = by_exercise(&files["en/quiz/pool.txt"]);
    let text = std::fs::read_to_string(root.join("content/en/quiz.md")).unwrap();
    let mut exercises = Vec::new();
    for part in text.split("```quiz\n").skip(1) {
        let body = part.split("```").next().unwrap();
        exercises.extend(tilebook::exercises::parse_block(body).unwrap().exercises);
    }
    let exclude: HashSet<String> = exercises.iter().map(|e| e.fingerprint()).collect();
    assert_eq!(en.len(), exercises.len(), "one pool per exercise");
    for ex in &exercises {
        let id = tilebook::hash::short_id(&ex.fingerprint());
        let list = &en[&id];
        let def = kinds::find(ex.kind).unwrap();
        let scope = Scope::of_lesson([ex.setup_text.to_string().as_str()]);
        let drawn = variants(def, "quiz", scope, &exclude, 3);
        assert_eq!(list.len(), drawn.len(), "{id}");
        for (v, html) in drawn.iter().zip(list) {
            assert!(decided(&v.exercise), "{id} variant {}", v.k);
            let answer = solution(&v.exercise).expect("an answer");
            assert!(accepts(&v.exercise, &answer), "{id} variant {}", v.k);
            assert!(
                html.contains(&format!("data-kind=\"{}\"", def.name)),
                "{id} variant {}: of its exercise's kind",
                v.k
            );
            let spec = v.exercise.spec.to_json().replace('<', "\\u003c");
            assert!(
                html.contains(spec.trim_end_matches('}')),
                "{id} variant {}: its spec is in the file",
                v.k
            );
        }
    }
    // Every language's file has the same variants (exercises and counts).
    let de = by_exercise(&files["de/quiz/pool.txt"]);
    let shape = |m: &BTreeMap<String, Vec<String>>| -> Vec<(String, usize)> {
        m.iter().map(|(k, l)| (k.clone(), l.len())).collect()
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
        content/en/count.md:6:1: error: the rules module's generator makes only 10 distinct valid `set-count` exercises like this one (besides the lesson's own), not the 20 variants asked for: set `variants = 10` in this block (or `[exercises] variants` in config.toml)
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
    // The progress overview links to the review page only where there is one.
    let review_links = |built: &Built| {
        let home = String::from_utf8_lossy(built.bytes("en/index.html")).into_owned();
        let doc = scraper::Html::parse_document(&home);
        let link = scraper::Selector::parse("a.course-progress__review").unwrap();
        let hrefs: Vec<String> = (doc.select(&link))
            .filter_map(|a| a.value().attr("href").map(str::to_string))
            .collect();
        let page = built.has("en/review/index.html");
        (hrefs, page)
    };
    assert_eq!(review_links(&with), (vec!["/en/review/".to_string()], true));
    assert_eq!(review_links(&without), (vec![], false));
    let mut largest = (0, String::new());
    let mut growth = (0_i64, String::new());
    for (path, bytes) in &files {
        let size = gzipped(bytes);
        assert!(size <= POOL_MAX, "{path}: {size} bytes gzipped");
        largest = largest.max((size, path.clone()));
        let page = path.replace("pool.txt", "index.html");
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
