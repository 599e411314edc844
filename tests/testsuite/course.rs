//! The course itself: builds this repository's own site (nothing is written)
//! and checks what the course promises: a clean build, every English page in
//! every language, short lessons (few enough exercises and words), every rule
//! exercised and taught, no sentence repeated across English pages, the
//! disclaimer on every page and a home page that links every variant.
//!
//! The page list is read from `content/en/`, so a new or split lesson needs
//! no edit here: the translations must simply have the same pages.

use crate::support::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{Built, attr, build, options, select};
use scraper::Html;
use tilebook::rules::RuleId;

/// Bounds of one lesson: a beginner works through it in one sitting.
const MIN_EXERCISES: usize = 2;
const MAX_EXERCISES: usize = 15;
/// Words of prose in an English lesson (front matter and fenced blocks,
/// i.e. tiles and exercises, not counted).
const MAX_WORDS: usize = 1_500;
/// German, Catalan and Portuguese need more words for the same text: a
/// translation may run a fifth longer than [`MAX_WORDS`].
const MAX_WORDS_TRANSLATED: usize = MAX_WORDS * 6 / 5;
/// A sentence this long that appears on two English pages is a duplicate.
const DUPLICATE_MIN_WORDS: usize = 8;

/// The variant pages the home page must link.
const VARIANTS: &[&str] = &["riichi", "hong-kong", "sichuan", "taiwan", "mcr"];

/// The course to check: this repository, or the copy named by
/// `TILEBOOK_COURSE_ROOT` (e.g. a copy with only some languages).
fn root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        std::env::var_os("TILEBOOK_COURSE_ROOT")
            .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
    })
}

/// One build of the repository's site, shared by all tests, with its
/// rendered diagnostics (empty for a clean build).
struct Course {
    built: Built,
    diagnostics: String,
}

fn course() -> &'static Course {
    static COURSE: OnceLock<Course> = OnceLock::new();
    COURSE.get_or_init(|| {
        let mut result = build(&options(root()));
        let diagnostics = result.render_diagnostics();
        assert!(
            result.output.is_some(),
            "the course does not build:\n{diagnostics}"
        );
        Course {
            built: Built { result },
            diagnostics,
        }
    })
}

fn site() -> &'static Built {
    &course().built
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

fn default_language() -> String {
    config()["default_language"]
        .as_str()
        .expect("default_language")
        .to_string()
}

/// Every page of the default language, as source paths relative to its
/// folder (`charleston/blind-pass.md`), sorted.
fn pages() -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                walk(&path, base, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                let rel = path.strip_prefix(base).expect("under the language folder");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let base = root().join("content").join(default_language());
    let mut out = Vec::new();
    walk(&base, &base, &mut out);
    out.sort();
    assert!(!out.is_empty(), "no pages in {}", base.display());
    out
}

/// The lessons: every page except the glossary and the variant pages, which
/// describe rather than teach, and the trainer, which is played.
fn lessons() -> Vec<String> {
    pages()
        .into_iter()
        .filter(|p| p != "glossary.md" && !p.starts_with("variants/") && !is_trainer(p))
        .collect()
}

/// The Charleston trainer's page: a table to play at, not a lesson with exercises.
fn is_trainer(page: &str) -> bool {
    let text = std::fs::read_to_string(source(&default_language(), page)).unwrap_or_default();
    text.contains("\n```trainer")
}

fn source(lang: &str, page: &str) -> PathBuf {
    root().join("content").join(lang).join(page)
}

/// The page's prose lines (1-based line numbers): front matter and fenced
/// blocks left out.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut front = false;
    let mut fence: Option<&str> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if i == 0 && trimmed == "+++" {
            front = true;
            continue;
        }
        if front {
            front = trimmed != "+++";
            continue;
        }
        let marker = trimmed
            .find(|c| c != '`' && c != '~')
            .map_or(trimmed, |end| &trimmed[..end]);
        let is_fence =
            marker.len() >= 3 && (marker.starts_with("```") || marker.starts_with("~~~"));
        match fence {
            Some(open) => {
                if is_fence && marker.starts_with(open) {
                    fence = None;
                }
            }
            None if is_fence => fence = Some(marker),
            None => out.push((i + 1, line)),
        }
    }
    out
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’' || c == '-'))
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .map(str::to_lowercase)
        .collect()
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

/// Rule ids of every exercise on every page of `lang`: the keys of the `rules` object
/// of each page's `script#quiz-texts` (the rules its exercises cite and
/// explain).
fn exercised_rules(lang: &str) -> BTreeSet<String> {
    let site = site();
    let mut rules = BTreeSet::new();
    let prefix = format!("{lang}/");
    for path in site.html_paths() {
        if !path.starts_with(&prefix) {
            continue;
        }
        let doc = site.html(&path);
        let specs = select(&doc, "script.exercise__spec");
        for script in &specs {
            let json: String = script.text().collect();
            serde_json::from_str::<serde_json::Value>(&json)
                .unwrap_or_else(|e| panic!("{path}: bad exercise spec JSON: {e}\n{json}"));
        }
        let tables = select(&doc, "script#quiz-texts");
        // The review page has the labels' table for the exercises it loads
        // (their rules come with each pool).
        let review = path.ends_with("/review/index.html");
        assert_eq!(
            tables.len(),
            usize::from(!specs.is_empty() || review),
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
    let course = course();
    assert!(!course.built.html_paths().is_empty());
    assert!(
        course.diagnostics.is_empty(),
        "expected a clean build of the course, got:\n{}",
        course.diagnostics
    );
}

#[test]
fn every_page_exists_in_every_language() {
    let site = site();
    let mut missing = Vec::new();
    for lang in languages() {
        for page in pages() {
            let source = source(&lang, &page);
            if !source.is_file() {
                missing.push(format!("missing {}", source.display()));
                continue;
            }
            let text = std::fs::read_to_string(&source).unwrap();
            if text.contains("untranslated = true") {
                missing.push(format!("{} is still marked untranslated", source.display()));
            }
            let out = output_path(&lang, &page);
            if !site.has(&out) {
                missing.push(format!("{page} in {lang}: no output {out}"));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_lesson_has_between_min_and_max_exercises_in_every_language() {
    let site = site();
    let mut wrong = Vec::new();
    for lang in languages() {
        for page in lessons() {
            let out = output_path(&lang, &page);
            if !site.has(&out) {
                continue; // reported by every_page_exists_in_every_language
            }
            let n = exercise_count(&site.html(&out));
            if !(MIN_EXERCISES..=MAX_EXERCISES).contains(&n) {
                wrong.push(format!(
                    "{lang}/{page}: {n} exercises, want {MIN_EXERCISES} to {MAX_EXERCISES}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_lesson_is_short_enough_to_read_in_one_sitting() {
    let english = default_language();
    let mut long = Vec::new();
    for lang in languages() {
        let max = if lang == english {
            MAX_WORDS
        } else {
            MAX_WORDS_TRANSLATED
        };
        for page in lessons() {
            let Ok(text) = std::fs::read_to_string(source(&lang, &page)) else {
                continue; // reported by every_page_exists_in_every_language
            };
            let n: usize = prose_lines(&text)
                .into_iter()
                .map(|(_, line)| words(line).len())
                .sum();
            if n > max {
                long.push(format!("{lang}/{page}: {n} words of prose, at most {max}"));
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// Said once, linked elsewhere: no English sentence of [`DUPLICATE_MIN_WORDS`]
/// words or more appears on two pages (table rows and headings aside).
#[test]
fn no_sentence_is_repeated_on_another_english_page() {
    let lang = default_language();
    let mut first_seen: BTreeMap<Vec<String>, String> = BTreeMap::new();
    let mut repeated = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(source(&lang, &page)).unwrap();
        for (n, line) in prose_lines(&text) {
            let line = line.trim_start();
            if line.starts_with('|') || line.starts_with('#') {
                continue;
            }
            for sentence in line.split_inclusive(['.', '!', '?', ';', ':']) {
                let w = words(sentence);
                if w.len() < DUPLICATE_MIN_WORDS {
                    continue;
                }
                let here = format!("{page}:{n}");
                match first_seen.get(&w) {
                    Some(there) if !there.starts_with(&format!("{page}:")) => {
                        repeated.push(format!("{here} repeats {there}: {}", sentence.trim()));
                    }
                    Some(_) => {}
                    None => {
                        first_seen.insert(w, here);
                    }
                }
            }
        }
    }
    assert!(repeated.is_empty(), "{}", repeated.join("\n"));
}

#[test]
fn translations_carry_the_same_number_of_exercises() {
    let site = site();
    let langs = languages();
    let mut differ = Vec::new();
    for page in pages() {
        let counts: BTreeMap<&str, usize> = langs
            .iter()
            .filter(|l| site.has(&output_path(l, &page)))
            .map(|l| {
                (
                    l.as_str(),
                    exercise_count(&site.html(&output_path(l, &page))),
                )
            })
            .collect();
        let first = counts.values().next().copied().unwrap_or_default();
        if !counts.values().all(|&n| n == first) {
            differ.push(format!(
                "{page}: exercise counts differ between languages: {counts:?}"
            ));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The course's goal: every rule id of `RuleId::ALL` is put into the answer
/// spec of at least one exercise, and no exercise cites an unknown rule.
#[test]
fn every_rule_is_exercised_in_every_language() {
    let all: BTreeSet<String> = RuleId::ALL.iter().map(|r| r.as_str().to_string()).collect();
    for lang in languages() {
        let exercised = exercised_rules(&lang);
        let missing: Vec<&String> = all.difference(&exercised).collect();
        assert!(
            missing.is_empty(),
            "{lang}: rules no exercise uses: {missing:?}"
        );
        let unknown: Vec<&String> = exercised.difference(&all).collect();
        assert!(
            unknown.is_empty(),
            "{lang}: exercises cite unknown rules: {unknown:?}"
        );
    }
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
