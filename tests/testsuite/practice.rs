//! Practice sheets (issue 19) on the course itself: the same sheet number
//! holds the same exercises in every language and another number others;
//! the answer key is what the Rust evaluation of each regenerated exercise
//! accepts, with the rule the key gives as its reason; `[practice]` errors
//! point at their place; and a German and a Portuguese sheet, printed to
//! PDF by headless Chromium (`Page.printToPDF`, A4 and US Letter), have the
//! pages the layout promises, the running header on each, and no exercise
//! split across two pages (`pdftotext -layout`, from poppler-utils).
//!
//! Without Chromium or poppler-utils the browser test prints a notice and
//! passes, except under `CI=true` (`.ci/run` installs both). With
//! `TILEBOOK_PRACTICE_PDFS=<folder>` it keeps the PDFs it printed there;
//! with `TILEBOOK_PRACTICE_ALL=1` it prints every sheet of the course.

use crate::support::{cdp, common};

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

use base64::Engine as _;
use common::*;
use serde_json::json;
use tilebook::exercises::answer::AnswerType;
use tilebook::exercises::kinds::{self, KindDef};
use tilebook::exercises::model::Choices;
use tilebook::exercises::sheet::{self, SheetExercise};
use tilebook::output::Output;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The course, built once through the library (shared with `site_furniture`).
pub(crate) fn course() -> &'static Output {
    static COURSE: OnceLock<Output> = OnceLock::new();
    COURSE.get_or_init(|| {
        let built = build_ok(&options(root()));
        built.result.output.expect("a clean build")
    })
}

fn page(path: &str) -> scraper::Html {
    let bytes = course()
        .get(path)
        .unwrap_or_else(|| panic!("no output file {path}"));
    scraper::Html::parse_document(std::str::from_utf8(bytes).unwrap())
}

/// `[practice] exercises` of the course's config.toml.
fn exercises_per_sheet() -> usize {
    let (config, _) = tilebook::config::Config::load(root()).unwrap();
    let n = config
        .practice
        .exercises
        .expect("the course sets [practice] exercises");
    *n.get_ref() as usize
}

/// The kinds of the exercises on the English lesson pages `rels` (the
/// series' kinds, in the kinds' order), read from the built pages.
fn kinds_on(pages: &[String]) -> Vec<&'static KindDef> {
    let mut seen = BTreeSet::new();
    for p in pages {
        for ex in select(&page(p), "section.exercise[data-kind]") {
            seen.insert(attr(ex, "data-kind").to_string());
        }
    }
    kinds::all().filter(|k| seen.contains(k.name)).collect()
}

/// Every English lesson page with exercises (not a practice page).
fn english_lessons() -> Vec<String> {
    course()
        .paths()
        .filter(|p| p.starts_with("en/") && p.ends_with(".html") && !p.contains("/practice/"))
        .filter(|p| !select(&page(p), "section.exercise").is_empty())
        .map(str::to_string)
        .collect()
}

/// The exercises of sheet `n` of `series`, generated again in Rust.
fn regenerate(series: &str, n: u32) -> Vec<SheetExercise> {
    let kinds = if series == "mixed" {
        kinds_on(&english_lessons())
    } else {
        kinds_on(&[format!("en/{series}/index.html")])
    };
    // the series tested here speak of both Charlestons, or of no pass at
    // all; a lesson's series has a joker arriving in a blind pass only
    // where the lesson has one (never pass a joker), the mixed one either
    let scope = if series == "mixed" {
        sheet::Scope::ALL
    } else {
        sheet::Scope {
            second_charleston: true,
            joker_arrives: Some(false),
            asks: 0,
        }
    };
    let (sheet, unproven) = sheet::generate(series, n, &kinds, exercises_per_sheet(), scope);
    assert!(unproven.is_empty(), "{unproven:?}");
    sheet
}

fn sheet_ids(path: &str) -> Vec<String> {
    select(&page(path), "section.sheet-exercise")
        .into_iter()
        .map(|e| attr(e, "data-exercise-id").to_string())
        .collect()
}

const LANGS: [&str; 4] = ["en", "de", "ca", "pt"];
const SERIES: [&str; 3] = ["tiles", "charleston/blind-pass", "mixed"];

#[test]
fn a_sheet_number_is_the_same_sheet_in_every_language_and_another_number_is_not() {
    let per_sheet = exercises_per_sheet();
    for series in SERIES {
        let mut sheets = Vec::new();
        for n in 1..=2 {
            let ids = sheet_ids(&format!("en/practice/{series}/{n}/index.html"));
            // up to the configured count: a slot whose kinds could only
            // repeat a question already on the sheet is left out
            assert!(
                (1..=per_sheet).contains(&ids.len()),
                "{series} {n}: {}",
                ids.len()
            );
            for lang in LANGS {
                let path = format!("{lang}/practice/{series}/{n}/index.html");
                assert_eq!(sheet_ids(&path), ids, "{path}");
            }
            let again = regenerate(series, n);
            // no question (its message and placeholders) twice on a sheet
            for (i, s) in again.iter().enumerate() {
                assert!(
                    again[..i]
                        .iter()
                        .all(|o| o.exercise.question != s.exercise.question),
                    "{series} {n}: {:?} twice",
                    s.exercise.question
                );
            }
            let again: Vec<String> = again.into_iter().map(|s| s.id).collect();
            assert_eq!(again, ids, "{series} {n}: regenerated in Rust");
            sheets.push(ids);
        }
        assert_ne!(sheets[0], sheets[1], "{series}: sheets 1 and 2");
    }
}

#[test]
fn no_sheet_asks_a_question_twice_and_blind_passes_fit_their_lesson() {
    for series in [
        "tiles",
        "charleston/blind-pass",
        "never-pass-a-joker",
        "using-jokers",
        "mixed",
    ] {
        for n in 1..=2 {
            let path = format!("en/practice/{series}/{n}/index.html");
            let doc = page(&path);
            let sections = select(&doc, "section.sheet-exercise");
            let questions: Vec<String> = sections
                .iter()
                .map(|e| text(e.select(&sel(".sheet-exercise__question")).next().unwrap()))
                .collect();
            // the using-jokers lesson asks how many copies, never whether
            // a tile is a joker (a Tiles drill)
            if series == "using-jokers" {
                assert!(
                    questions
                        .iter()
                        .all(|q| !q.contains("Is this tile a joker?")),
                    "{path}: {questions:?}"
                );
            }
            // the drills the graders saw three times on one sheet (a
            // question with no setup of its own is asked once)
            for drill in [
                "On which passes may you pass tiles blind?",
                "Is this tile a joker?",
            ] {
                let times = questions.iter().filter(|q| q.contains(drill)).count();
                assert!(times <= 1, "{path}: {drill} ×{times}");
            }
            let keys = select(&doc, "li.sheet-key__item");
            for (e, key) in sections.iter().zip(&keys) {
                if attr(*e, "data-kind") != "blind-pass" {
                    continue;
                }
                let q = text(e.select(&sel(".sheet-exercise__question")).next().unwrap());
                let noticed = q.contains("you notice a joker");
                match series {
                    // the joker noticed among the arriving tiles is taught
                    // in never-pass-a-joker: there every blind pass has one
                    "charleston/blind-pass" => assert!(!noticed, "{path}: {q}"),
                    "never-pass-a-joker" => assert!(noticed, "{path}: {q}"),
                    _ => {}
                }
                // the key's example passes at least one tile unseen
                let answer = attr(*key, "data-answer");
                assert!(
                    answer.split_whitespace().any(|v| v.starts_with('b')),
                    "{path}: {answer}"
                );
            }
        }
    }
}

#[test]
fn the_answer_key_is_what_the_rust_evaluation_accepts() {
    for series in SERIES {
        for n in 1..=2 {
            let exercises = regenerate(series, n);
            for lang in ["de", "pt"] {
                let path = format!("{lang}/practice/{series}/{n}/index.html");
                let doc = page(&path);
                let keys = select(&doc, "li.sheet-key__item");
                assert_eq!(keys.len(), exercises.len(), "{path}");
                for (i, (key, s)) in keys.iter().zip(&exercises).enumerate() {
                    let at = format!("{path}: answer {}", i + 1);
                    assert_eq!(attr(*key, "data-exercise-id"), s.id, "{at}");
                    let answer: Vec<&str> = attr(*key, "data-answer").split_whitespace().collect();
                    let outcome = s.exercise.spec.evaluate(&answer);
                    assert!(outcome.ok, "{at}: the key's {answer:?} is wrong");
                    check_others_are_wrong(s, &answer, &at);
                    let reason = key
                        .select(&sel("p.exercise__rule"))
                        .next()
                        .unwrap_or_else(|| panic!("{at}: no reason"));
                    assert_eq!(attr(reason, "data-rule"), s.reason().as_str(), "{at}");
                    let link = reason
                        .select(&sel("a"))
                        .next()
                        .unwrap_or_else(|| panic!("{at}: no lesson link"));
                    let href = attr(link, "href");
                    assert!(href.starts_with(&format!("/{lang}/")), "{at}: {href}");
                    let target = format!(
                        "{}index.html",
                        &href[1..href.find('#').unwrap_or(href.len())]
                    );
                    assert!(course().contains(&target), "{at}: {href} is no page");
                    assert!(
                        !text(link).trim().is_empty(),
                        "{at}: the section has no name"
                    );
                }
            }
        }
    }
}

/// For a single-answer exercise, every other option is wrong; for a tile
/// choice, dropping a tile of the answer is wrong (the key is not an answer
/// that anything passes).
fn check_others_are_wrong(s: &SheetExercise, answer: &[&str], at: &str) {
    let spec = &s.exercise.spec;
    match (&s.exercise.choices, spec.answer_type) {
        (Choices::Options { options, .. }, AnswerType::Choice) => {
            for o in options.iter().filter(|o| o.id != answer[0]) {
                assert!(
                    !spec.evaluate(&[o.id.as_str()]).ok,
                    "{at}: {} is right too",
                    o.id
                );
            }
        }
        (Choices::Tiles(_), _) if !answer.is_empty() => {
            assert!(
                !spec.evaluate(&answer[1..]).ok,
                "{at}: a tile fewer is right too"
            );
        }
        _ => {}
    }
}

#[test]
fn lessons_link_their_sheets_and_each_language_has_an_index() {
    let lesson = page("de/tiles/index.html");
    assert_eq!(
        href_of(&lesson, "p.practice-link a", "Übungsblatt drucken"),
        "/de/practice/tiles/1/"
    );
    for lang in LANGS {
        let index = page(&format!("{lang}/practice/index.html"));
        let hrefs: BTreeSet<String> = select(&index, ".practice-index__sheets a")
            .into_iter()
            .map(|a| attr(a, "href").to_string())
            .collect();
        for series in SERIES {
            for n in 1..=2 {
                assert!(
                    hrefs.contains(&format!("/{lang}/practice/{series}/{n}/")),
                    "{lang} {series} {n}"
                );
            }
        }
        assert!(!hrefs.contains(&format!("/{lang}/practice/tiles/3/")));
    }
}

#[test]
fn practice_settings_are_checked_where_they_are_written() {
    let tmp = copy_fixture_with_felt("exercises");
    let config = std::fs::read_to_string(tmp.path().join("config.toml")).unwrap();
    write(
        tmp.path(),
        "config.toml",
        &format!(
            "{config}\n[practice]\nsheets = 40\nexercises = 0\nkinds = [\"find-jokers\", \"no-such-kind\"]\n"
        ),
    );
    let quiz = std::fs::read_to_string(tmp.path().join("content/en/quiz.md")).unwrap();
    write(
        tmp.path(),
        "content/en/quiz.md",
        &quiz.replacen(
            "title = \"Quiz\"\n",
            "title = \"Quiz\"\n[practice]\nexercises = 99\n",
            1,
        ),
    );
    let mut result = build(&options(tmp.path()));
    let text = diagnostics_text(&mut result);
    let lines = config.lines().count() + 1;
    let expected = format!(
        "config.toml:{}:10: error: [practice] sheets is 0 to 20 (0: no practice sheets), not 40\n\
         config.toml:{}:13: error: [practice] exercises is 1 to 20 per sheet, not 0\n\
         config.toml:{}:25: error: [practice] kinds: unknown exercise kind \"no-such-kind\" (kinds: {})\n\
         content/en/quiz.md:4:13: error: [practice] exercises is 1 to 20 per sheet, not 99\n",
        lines + 2,
        lines + 3,
        lines + 4,
        tilebook::exercises::kinds::names().join(", "),
    );
    assert_eq!(text.matches("error:").count(), 4, "{text}");
    for line in expected.lines() {
        assert!(text.contains(line), "missing\n{line}\nin\n{text}");
    }
    assert!(result.output.is_none());
}

// ---- printing -----------------------------------------------------------------

/// The course built by the CLI into `<dir>/site`, with a base URL whose
/// path is that folder, so that Chromium opens its pages as `file://` URLs
/// (no server) with every stylesheet found.
fn course_on_disk(dir: &Path) -> std::path::PathBuf {
    let site = dir.join("site");
    let base = format!("http://localhost{}/", site.display());
    let status = Command::new(env!("CARGO_BIN_EXE_tilebook"))
        .args(["build", "--root"])
        .arg(root())
        .args(["--base-url", &base, "-o"])
        .arg(&site)
        .status()
        .expect("run tilebook build");
    assert!(status.success(), "tilebook build failed");
    site
}

/// `pdftotext` and `pdfinfo`, or `None` after a notice (a failure under CI).
fn poppler_or_skip(test: &str) -> Option<()> {
    if Command::new("pdftotext").arg("-v").output().is_ok()
        && Command::new("pdfinfo").arg("-v").output().is_ok()
    {
        return Some(());
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    assert!(
        !ci,
        "{test}: pdftotext/pdfinfo missing and CI=true (apt-get install -y poppler-utils)"
    );
    eprintln!("notice: {test} skipped: needs poppler-utils");
    None
}

/// Paper sizes, in inches.
const PAPERS: [(&str, f64, f64); 2] = [("A4", 8.27, 11.69), ("Letter", 8.5, 11.0)];

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn german_and_portuguese_sheets_print_whole_exercises_on_the_promised_pages() {
    let test = "german_and_portuguese_sheets_print_whole_exercises_on_the_promised_pages";
    let Some(chromium) = cdp::chromium_or_skip(test) else {
        return;
    };
    let Some(()) = poppler_or_skip(test) else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    let site = course_on_disk(out.path());
    let browser = cdp::Browser::launch(&chromium);
    let mut tab = browser.new_page();
    let mut sheets = vec![
        ("de", "Deutsch", "tiles".to_string(), 1),
        ("de", "Deutsch", "charleston/blind-pass".to_string(), 2),
        ("pt", "Português", "mixed".to_string(), 1),
        ("pt", "Português", "charleston".to_string(), 2),
    ];
    if std::env::var_os("TILEBOOK_PRACTICE_ALL").is_some() {
        // Every sheet of the course, in both languages (slow).
        sheets.clear();
        for (lang, language) in [("de", "Deutsch"), ("pt", "Português")] {
            let index = page(&format!("{lang}/practice/index.html"));
            for a in select(&index, ".practice-index__sheets a") {
                let href = attr(a, "href").trim_matches('/').to_string();
                let rest = href.strip_prefix(&format!("{lang}/practice/")).unwrap();
                let (series, n) = rest.rsplit_once('/').unwrap();
                sheets.push((lang, language, series.to_string(), n.parse().unwrap()));
            }
        }
    }
    for (lang, language, series, n) in sheets {
        let path = format!("{lang}/practice/{series}/{n}/index.html");
        let doc = page(&path);
        let promised: usize = attr(
            select_one(&doc, "article.practice-sheet"),
            "data-print-pages",
        )
        .parse()
        .unwrap();
        let count = select(&doc, "section.sheet-exercise").len();
        assert_eq!(promised, tilebook::site::printed_pages(count));
        let title = text(select_one(&doc, "h1"));
        let exercises: Vec<(String, String)> = select(&doc, "section.sheet-exercise")
            .into_iter()
            .map(|e| {
                let heading = text(e.select(&sel("h2")).next().unwrap());
                let code = text(e.select(&sel(".sheet-exercise__code")).next().unwrap());
                (heading, code)
            })
            .collect();
        tab.navigate(&format!("file://{}", site.join(&path).display()));
        for (paper, width, height) in PAPERS {
            let at = format!("{path} on {paper}");
            let pdf = tab.call(
                "Page.printToPDF",
                json!({ "paperWidth": width, "paperHeight": height, "printBackground": false }),
            );
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(pdf["data"].as_str().expect("PDF data"))
                .unwrap();
            let file = out.path().join(format!(
                "{lang}-{}-{n}-{paper}.pdf",
                series.replace('/', "-")
            ));
            std::fs::write(&file, bytes).unwrap();
            if let Some(keep) = std::env::var_os("TILEBOOK_PRACTICE_PDFS") {
                // To look at them: `pdftoppm -gray -r 60 -png <file> <prefix>`.
                std::fs::create_dir_all(&keep).unwrap();
                std::fs::copy(&file, Path::new(&keep).join(file.file_name().unwrap())).unwrap();
            }
            let info = run(Command::new("pdfinfo").arg(&file));
            let pages: usize = info
                .lines()
                .find_map(|l| l.strip_prefix("Pages:"))
                .expect("a page count")
                .trim()
                .parse()
                .unwrap();
            assert_eq!(pages, promised, "{at}: pages");
            let layout = run(Command::new("pdftotext").arg("-layout").arg(&file).arg("-"));
            let texts: Vec<String> = layout
                .split('\u{c}')
                .filter(|p| !p.trim().is_empty())
                .map(flatten)
                .collect();
            assert_eq!(texts.len(), pages, "{at}");
            let header = flatten(&format!("{title} · {language}"));
            for (i, t) in texts.iter().enumerate() {
                assert!(
                    t.contains(&header),
                    "{at}: page {} lacks the running header {header:?}:\n{t}",
                    i + 1
                );
            }
            check_whole_exercises(&exercises, &texts, &at);
        }
    }
}

/// Text with every run of white space made one space (pdftotext lays words
/// out in columns).
fn flatten(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each exercise's heading and its code (its last line) are on one page,
/// exercises in order, [`EXERCISES_PER_PAGE`] to a page, before the key.
fn check_whole_exercises(exercises: &[(String, String)], pages: &[String], at: &str) {
    let mut on_page: BTreeMap<usize, usize> = BTreeMap::new();
    for (i, (heading, code)) in exercises.iter().enumerate() {
        let (heading, code) = (flatten(heading), flatten(code));
        let find = |needle: &str| -> Vec<usize> {
            pages
                .iter()
                .enumerate()
                .filter(|(_, t)| t.contains(needle))
                .map(|(p, _)| p)
                .collect()
        };
        let starts = find(&heading);
        let ends = find(&code);
        assert_eq!(starts.len(), 1, "{at}: {heading:?} on pages {starts:?}");
        assert_eq!(ends.len(), 1, "{at}: {code:?} on pages {ends:?}");
        assert_eq!(
            starts,
            ends,
            "{at}: exercise {} is split across pages",
            i + 1
        );
        assert_eq!(
            starts[0],
            i / tilebook::site::EXERCISES_PER_PAGE,
            "{at}: exercise {} on the wrong page",
            i + 1
        );
        *on_page.entry(starts[0]).or_default() += 1;
    }
    let first_key = exercises.len().div_ceil(tilebook::site::EXERCISES_PER_PAGE);
    assert!(on_page.keys().all(|&p| p < first_key));
    for (i, (_, code)) in exercises.iter().enumerate() {
        let id = code.split_whitespace().last().unwrap();
        let key_page = first_key + i / tilebook::site::ANSWERS_PER_PAGE;
        assert!(
            pages[key_page].contains(&format!("({id})")),
            "{at}: answer {} not on page {}",
            i + 1,
            key_page + 1
        );
    }
}
