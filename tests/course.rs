//! The course itself: builds this repository's own site (nothing is written)
//! and checks what the course promises: a clean build, every lesson page in
//! every language, enough exercises, every rule exercised and taught, the
//! disclaimer on every page and a home page that links every variant.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

use common::{Built, attr, build_ok, options, select};
use scraper::Html;
use tilebook::rules::RuleId;

/// Lesson pages every language must have (source paths).
const PAGES: &[&str] = &[
    "_index.md",
    "tiles.md",
    "charleston.md",
    "never-pass-a-joker.md",
    "using-jokers.md",
    "glossary.md",
    "variants/_index.md",
    "variants/riichi.md",
    "variants/hong-kong.md",
    "variants/sichuan.md",
    "variants/taiwan.md",
    "variants/mcr.md",
];

/// The four lessons that must carry at least [`MIN_EXERCISES`] exercises.
const LESSONS: &[&str] = &[
    "tiles.md",
    "charleston.md",
    "never-pass-a-joker.md",
    "using-jokers.md",
];
const MIN_EXERCISES: usize = 8;

/// The variant pages the home page must link.
const VARIANTS: &[&str] = &["riichi", "hong-kong", "sichuan", "taiwan", "mcr"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One build of the repository's site, shared by all tests.
fn site() -> &'static Built {
    static SITE: OnceLock<Built> = OnceLock::new();
    SITE.get_or_init(|| build_ok(&options(root())))
}

fn config() -> toml::Table {
    let text = std::fs::read_to_string(root().join("config.toml")).expect("config.toml");
    text.parse().expect("config.toml is TOML")
}

fn languages() -> Vec<String> {
    let config = config();
    let langs = config["languages"].as_table().expect("[languages]");
    assert!(!langs.is_empty(), "no languages configured");
    langs.keys().cloned().collect()
}

/// `tiles.md` → `en/tiles/index.html`; `_index.md` → `en/index.html`;
/// `variants/_index.md` → `en/variants/index.html`.
fn output_path(lang: &str, page: &str) -> String {
    let stem = page.strip_suffix(".md").expect("a .md page");
    let dir = match stem.strip_suffix("_index") {
        Some(parent) => parent.to_string(),
        None => format!("{stem}/"),
    };
    format!("{lang}/{dir}index.html")
}

fn exercise_count(doc: &Html) -> usize {
    select(doc, "section.exercise").len()
}

/// Rule ids of every exercise on every page: the keys of the `rules` object
/// of each page's `script#quiz-texts` (the rules its exercises cite and
/// explain).
fn exercised_rules() -> BTreeSet<String> {
    let site = site();
    let mut rules = BTreeSet::new();
    for path in site.html_paths() {
        let doc = site.html(&path);
        let specs = select(&doc, "script.exercise__spec");
        for script in &specs {
            let json: String = script.text().collect();
            serde_json::from_str::<serde_json::Value>(&json)
                .unwrap_or_else(|e| panic!("{path}: bad exercise spec JSON: {e}\n{json}"));
        }
        let tables = select(&doc, "script#quiz-texts");
        assert_eq!(
            tables.len(),
            usize::from(!specs.is_empty()),
            "{path}: one #quiz-texts table on a page with exercises"
        );
        for table in tables {
            let json: String = table.text().collect();
            let texts: serde_json::Value = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("{path}: bad #quiz-texts JSON: {e}\n{json}"));
            let table = texts["rules"]
                .as_object()
                .unwrap_or_else(|| panic!("{path}: #quiz-texts without a `rules` object"));
            rules.extend(table.keys().cloned());
        }
    }
    rules
}

#[test]
fn builds_without_errors_or_warnings() {
    // `build_ok` fails with the rendered diagnostics on any error or warning.
    let site = site();
    assert!(!site.html_paths().is_empty());
}

#[test]
fn every_lesson_page_exists_in_every_language() {
    let site = site();
    for lang in languages() {
        for page in PAGES {
            let source = root().join("content").join(&lang).join(page);
            assert!(source.is_file(), "missing {}", source.display());
            let text = std::fs::read_to_string(&source).unwrap();
            assert!(
                !text.contains("untranslated = true"),
                "{} is still marked untranslated",
                source.display()
            );
            let out = output_path(&lang, page);
            assert!(site.has(&out), "{page} in {lang}: no output {out}");
        }
    }
}

#[test]
fn each_lesson_has_enough_exercises_in_every_language() {
    let site = site();
    for lang in languages() {
        for page in LESSONS {
            let n = exercise_count(&site.html(&output_path(&lang, page)));
            assert!(
                n >= MIN_EXERCISES,
                "{lang}/{page}: {n} exercises, need at least {MIN_EXERCISES}"
            );
        }
    }
}

#[test]
fn translations_carry_the_same_number_of_exercises() {
    let site = site();
    let langs = languages();
    for page in PAGES {
        let counts: BTreeMap<&str, usize> = langs
            .iter()
            .map(|l| {
                (
                    l.as_str(),
                    exercise_count(&site.html(&output_path(l, page))),
                )
            })
            .collect();
        let first = counts.values().next().copied().unwrap();
        assert!(
            counts.values().all(|&n| n == first),
            "{page}: exercise counts differ between languages: {counts:?}"
        );
    }
}

/// The course's goal: every rule id of `RuleId::ALL` is put into the answer
/// spec of at least one exercise, and no exercise cites an unknown rule.
#[test]
fn every_rule_is_exercised() {
    let exercised = exercised_rules();
    let all: BTreeSet<String> = RuleId::ALL.iter().map(|r| r.as_str().to_string()).collect();
    let missing: Vec<&String> = all.difference(&exercised).collect();
    assert!(missing.is_empty(), "rules no exercise uses: {missing:?}");
    let unknown: Vec<&String> = exercised.difference(&all).collect();
    assert!(
        unknown.is_empty(),
        "exercises cite unknown rules: {unknown:?}"
    );
}

#[test]
fn every_rule_is_taught_in_an_english_section() {
    let site = site();
    let config = config();
    let lessons = config["exercises"]["rule_lessons"]
        .as_table()
        .expect("[exercises.rule_lessons]");
    for rule in RuleId::ALL {
        let id = rule.as_str();
        let target = lessons
            .get(id)
            .and_then(|v| v.as_str())
            .unwrap_or_else(|| panic!("rule {id} has no entry in [exercises.rule_lessons]"));
        let (page, anchor) = target
            .split_once('#')
            .unwrap_or_else(|| panic!("rule {id}: {target:?} has no #anchor"));
        let out = output_path("en", page);
        assert!(site.has(&out), "rule {id}: no English page {out}");
        let doc = site.html(&out);
        let found = select(&doc, "[id]")
            .into_iter()
            .any(|el| attr(el, "id") == anchor);
        assert!(found, "rule {id}: no element id {anchor:?} in {out}");
    }
}

#[test]
fn every_page_says_it_is_not_the_league() {
    let site = site();
    for path in site.html_paths() {
        assert!(
            site.text(&path).contains("National Mah Jongg League"),
            "{path} does not say that the site is not the National Mah Jongg League"
        );
    }
}

#[test]
fn home_page_links_every_variant_page() {
    let site = site();
    for lang in languages() {
        let doc = site.html(&output_path(&lang, "_index.md"));
        let hrefs: BTreeSet<String> = select(&doc, "main a[href]")
            .into_iter()
            .map(|a| attr(a, "href").to_string())
            .collect();
        for variant in VARIANTS {
            let url = format!("/{lang}/variants/{variant}/");
            assert!(
                hrefs.iter().any(|h| h.ends_with(&url)),
                "{lang} home page does not link {url} in its content: {hrefs:?}"
            );
        }
    }
}
