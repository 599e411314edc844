//! The translator's workflow around an English edit (issue 32): a new
//! English exercise never blocks a translation, and every problem of one
//! build is reported in one run. Runs the real binary on temp copies of the
//! `basic` fixture with the real `felt` theme, with a third language made by
//! `new-language`.

use crate::support::common;
use crate::translations::{felt_site, lang, status_json};

use std::path::Path;

use common::*;

const COURTESY: &str = "\n```quiz\nkind = \"courtesy\"\noffers = [3, 1]\n```\n";
const REDEEM: &str =
    "\n```quiz\nkind = \"redeem\"\nexposed = \"9C 9C J J\"\ntile = \"9C\"\nanswer = \"yes\"\n```\n";

fn read(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn write(root: &Path, rel: &str, text: &str) {
    std::fs::write(root.join(rel), text).unwrap();
}

/// The fixture with one exercise on `tiles.md` in English and German, and
/// a Catalan copy of every English page (`new-language ca`).
fn site_with_exercise() -> tempfile::TempDir {
    let tmp = felt_site();
    let root = tmp.path();
    let en = read(root, "content/en/tiles.md");
    write(root, "content/en/tiles.md", &format!("{en}{COURTESY}"));
    let de = read(root, "content/de/tiles.md");
    let de_quiz = COURTESY.replace("offers", "prompt = \"Wie viele?\"\noffers");
    write(root, "content/de/tiles.md", &format!("{de}{de_quiz}"));
    let r = run(root, &["new-language", "ca", "--name", "Català"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    tmp
}

/// The lines of `r`'s stderr that are about exercises of translations.
fn exercise_lines(r: &Run) -> Vec<&str> {
    (r.stderr_lines().into_iter())
        .filter(|l| l.contains("exercise") && !l.contains("has no lesson"))
        .collect()
}

#[test]
fn a_new_english_exercise_warns_at_each_translation_and_shows_there_untranslated() {
    let tmp = site_with_exercise();
    let root = tmp.path();
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(exercise_lines(&r).is_empty(), "{r:?}");

    // The author adds a second exercise in English only.
    let en = read(root, "content/en/tiles.md");
    write(root, "content/en/tiles.md", &format!("{en}{REDEEM}"));
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "a new exercise blocks no language: {r:?}");
    assert_eq!(
        exercise_lines(&r),
        [
            "content/ca/tiles.md:12:1: warning: exercise 2 of content/en/tiles.md (redeem (tile=9C;exposed=9C 9C J J;own-turn=true;discard=false)) is not translated here: the page shows it in the default language, marked as not yet translated; copy its block below this block (or run `tilebook translations sync content/ca/tiles.md`) and translate its prompt",
            "  note: content/en/tiles.md:13:1: the exercise in the default language",
            "content/de/tiles.md:12:1: warning: exercise 2 of content/en/tiles.md (redeem (tile=9C;exposed=9C 9C J J;own-turn=true;discard=false)) is not translated here: the page shows it in the default language, marked as not yet translated; copy its block below this block (or run `tilebook translations sync content/de/tiles.md`) and translate its prompt",
            "  note: content/en/tiles.md:13:1: the exercise in the default language",
        ],
        "{r:?}"
    );

    // Each translation shows it, in English, after its own exercise, under
    // a notice in its language; the numbering follows the English page.
    for (code, notice) in [
        ("de", "Diese Übung ist noch nicht übersetzt."),
        ("ca", "Aquest exercici encara no està traduït."),
    ] {
        let html = read(root, &format!("public/{code}/tiles/index.html"));
        let doc = scraper::Html::parse_document(&html);
        let shown = select_one(&doc, ".untranslated-exercise");
        assert_eq!(attr(shown, "lang"), "en");
        let note = select_one(&doc, ".untranslated-exercise > .notice--untranslated");
        assert_eq!(attr(note, "lang"), code);
        let text: String = note.text().collect();
        assert!(text.starts_with(notice), "{code}: {text}");
        let inner = select_one(&doc, ".untranslated-exercise .exercise");
        assert_eq!(attr(inner, "id"), "ex-2");
        assert_eq!(attr(inner, "data-kind"), "redeem");
        let ids: Vec<&str> = (select(&doc, ".exercise").into_iter())
            .map(|e| attr(e, "id"))
            .collect();
        assert_eq!(ids, ["ex-1", "ex-2"], "{code}");
    }
    let en = read(root, "public/en/tiles/index.html");
    assert!(!en.contains("untranslated-exercise"));

    // It counts for the page like its own exercises (the learner's
    // progress, the lesson index: the same ids as in English), and it has
    // its pool, drawn from the English page, in the translation's file.
    let lesson_ids = |code: &str| -> Vec<String> {
        let index: serde_json::Value =
            serde_json::from_str(&read(root, &format!("public/{code}/exercises.json"))).unwrap();
        let lessons = index["lessons"].as_array().unwrap();
        let tiles = (lessons.iter())
            .find(|l| l["url"].as_str().unwrap().ends_with("/tiles/"))
            .unwrap();
        serde_json::from_value(tiles["ids"].clone()).unwrap()
    };
    let ids = lesson_ids("en");
    assert_eq!(ids.len(), 2);
    for code in ["de", "ca"] {
        assert_eq!(lesson_ids(code), ids, "{code}");
        let pool = read(root, &format!("public/{code}/tiles/pool.txt"));
        let head: serde_json::Value =
            serde_json::from_str(pool.split('\u{1e}').next().unwrap()).unwrap();
        for id in &ids {
            assert!(head["exercises"][id].is_array(), "{code}: {id} in {head}");
        }
        let html = read(root, &format!("public/{code}/tiles/index.html"));
        let doc = scraper::Html::parse_document(&html);
        select_one(&doc, ".untranslated-exercise .exercise .exercise__more");
    }

    // `translations` counts it, per page.
    let s = status_json(root);
    for code in ["de", "ca"] {
        let gaps = &lang(&s, code)["exercises_missing"];
        assert_eq!(gaps[0]["path"], format!("content/{code}/tiles.md"), "{s}");
        assert_eq!(gaps[0]["exercises"], serde_json::json!([2]), "{s}");
    }
    assert!(lang(&s, "en").get("exercises_missing").is_none(), "{s}");
    let r = run(root, &["translations"]);
    assert!(
        r.stdout.contains(
            "\n      exercises: 1 of content/en/tiles.md not here yet, shown untranslated: 2\n"
        ),
        "{r:?}"
    );
}

#[test]
fn an_english_error_and_the_missing_translations_are_reported_in_one_run() {
    let tmp = site_with_exercise();
    let root = tmp.path();
    let en = read(root, "content/en/tiles.md");
    let wrong = REDEEM.replace("\"yes\"", "\"no\"");
    write(root, "content/en/tiles.md", &format!("{en}{wrong}"));
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    let lines = exercise_lines(&r);
    assert!(
        (r.stderr_lines().iter())
            .any(|l| l.starts_with("content/en/tiles.md:17:11: error: wrong answer key")),
        "{r:?}"
    );
    for code in ["ca", "de"] {
        let prefix = format!("content/{code}/tiles.md:1");
        assert!(
            lines.iter().any(|l| l.starts_with(&prefix)
                && l.contains("warning: exercise 2 of content/en/tiles.md (a block with errors of its own) is not translated here")),
            "{code}: {r:?}"
        );
    }
    assert!(
        r.stderr.contains("error: build failed with 1 error(s);"),
        "{r:?}"
    );
}

#[test]
fn an_exercise_that_differs_in_a_translation_stays_an_error() {
    let tmp = site_with_exercise();
    let root = tmp.path();
    let de = read(root, "content/de/tiles.md");
    write(root, "content/de/tiles.md", &de.replace("[3, 1]", "[3, 2]"));
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert_eq!(
        exercise_lines(&r)[0],
        "content/de/tiles.md:8:1: error: exercise 1 differs from the default language's in content/en/tiles.md: here courtesy (seat=east;offers=3,2), there courtesy (seat=east;offers=3,1); a translation changes words, never exercises",
        "{r:?}"
    );
    assert!(!r.stderr.contains("untranslated"), "{r:?}");
}

#[test]
fn mark_refuses_an_untouched_copy_unless_told_it_reads_the_same() {
    let tmp = felt_site();
    let root = tmp.path();
    let r = run(root, &["new-language", "it", "--name", "Italiano"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let copy = read(root, "content/it/tiles.md");

    let r = run(root, &["translations", "mark", "content/it/tiles.md"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert_eq!(
        r.stderr_lines()[0],
        "content/it/tiles.md:6:1: error: not marked: its text is still that of content/en/tiles.md; translate it first, or pass --same if it really reads the same in both languages",
        "{r:?}"
    );
    assert_eq!(
        read(root, "content/it/tiles.md"),
        copy,
        "a refused page is left as it was"
    );
    let r = run(root, &["translations", "mark", "--lang", "it"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert_eq!(read(root, "content/it/tiles.md"), copy);
    let r = run(root, &["build"]);
    let page = read(root, "public/it/tiles/index.html");
    assert!(page.contains("notice--untranslated"), "{r:?}");

    // Trailing spaces and line endings do not make a translation.
    write(root, "content/it/tiles.md", &copy.replace('\n', "  \r\n"));
    let r = run(root, &["translations", "mark", "content/it/tiles.md"]);
    assert_eq!(r.code, Some(1), "{r:?}");

    // A page that really reads the same is marked with --same.
    write(root, "content/it/tiles.md", &copy);
    let r = run(
        root,
        &["translations", "mark", "--same", "content/it/tiles.md"],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let marked = read(root, "content/it/tiles.md");
    assert!(marked.contains("translated_from") && !marked.contains("untranslated"));

    // A translated page is marked as before.
    let it = "+++\ntitle = \"Tessere\"\nweight = 10\n+++\n## Jolly {#jokers}\nSono otto.\n";
    write(root, "content/it/tiles.md", it);
    let r = run(root, &["translations", "mark", "content/it/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
}

#[test]
fn an_empty_glossary_name_is_warned_at_its_line_and_counts_as_untranslated() {
    let tmp = crate::translations::glossary_site();
    let root = tmp.path();
    for lang in ["en", "de"] {
        let page = "+++\ntitle = \"Glossary\"\n+++\n```glossary\n```\n";
        write(root, &format!("content/{lang}/glossary.md"), page);
    }
    let de = read(root, "glossary/de.toml");
    let emptied = de.replace("name = \"Blume\"", "name = \"\"").replace(
        "definition = \"Ein Stein, der jeden anderen ersetzt.\"",
        "definition = \"  \"",
    );
    write(root, "glossary/de.toml", &emptied);
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let lines: Vec<&str> = (r.stderr_lines().into_iter())
        .filter(|l| l.contains("glossary/de.toml"))
        .collect();
    assert_eq!(
        lines,
        [
            "glossary/de.toml:5:1: warning: glossary term \"joker\" has an empty `definition`: it counts as untranslated, and the glossary shows the default language's text until it is written",
            "glossary/de.toml:10:1: warning: glossary term \"flower\" has an empty `name`: it counts as untranslated, and the glossary shows the default language's text until it is written",
        ],
        "{r:?}"
    );
    let s = status_json(root);
    let de = lang(&s, "de");
    assert_eq!(
        de["glossary_missing"],
        serde_json::json!(["joker", "flower"]),
        "{de}"
    );
    assert_eq!(de["glossary_unmarked"], serde_json::json!([]), "{de}");
    // The glossary page shows the English text rather than an empty heading.
    let html = read(root, "public/de/glossary/index.html");
    let doc = scraper::Html::parse_document(&html);
    let names: Vec<String> = (select(&doc, "dl.glossary dt").into_iter())
        .map(|dt| dt.text().collect())
        .collect();
    assert_eq!(names, ["Flower", "Joker"], "{html}");
}

#[test]
fn serve_prints_a_warning_once_per_change_and_shows_it_in_the_page() {
    use crate::support::server::{FIXTURE, Serve, open_events, wait_event};
    const T: std::time::Duration = std::time::Duration::from_secs(20);
    let s = Serve::start(FIXTURE);
    let events = open_events(s.addr);
    let empty = |l: &str| {
        l.starts_with("glossary/de.toml:3:1: warning: glossary term \"joker\" has an empty `name`")
    };
    std::fs::create_dir_all(s.root.join("glossary")).unwrap();
    s.write("glossary/terms.toml", "[[term]]\nid = \"joker\"\n");
    s.write(
        "glossary/en.toml",
        "[joker]\nname = \"Joker\"\ndefinition = \"Wild.\"\n",
    );
    let de = "# Deutsch\n[joker]\nname = \"\"\ndefinition = \"Wild.\"\n";

    // The change that causes the warning prints it, and sends it to the page.
    s.write("glossary/de.toml", de);
    s.wait_stderr(T, empty);
    let sent = wait_event(&events, "warnings", T);
    let warnings = sent.data["warnings"].as_array().unwrap();
    assert!(
        warnings.iter().any(|w| w["path"] == "glossary/de.toml"
            && w["line"] == 3
            && w["message"]
                .as_str()
                .unwrap()
                .contains("has an empty `name`")),
        "{warnings:?}"
    );
    std::thread::sleep(std::time::Duration::from_millis(500));
    let _: Vec<String> = s.stdout.try_iter().collect();

    // Another change leaves the warning as it was: not printed again.
    s.write(
        "glossary/de.toml",
        &de.replace("# Deutsch", "# Deutsch, bald"),
    );
    s.wait_stdout(T, |l| {
        l.contains("glossary/de.toml") && l.contains("full rebuild")
    });
    std::thread::sleep(std::time::Duration::from_millis(800));
    let again: Vec<String> = s.stderr.try_iter().collect();
    assert!(!again.iter().any(|l| empty(l)), "{again:?}");
    // Fixed, then emptied again: a new change, printed again.
    s.write(
        "glossary/de.toml",
        &de.replace("name = \"\"", "name = \"Joker\""),
    );
    s.wait_stdout(T, |l| {
        l.contains("glossary/de.toml") && l.contains("full rebuild")
    });
    s.write("glossary/de.toml", de);
    s.wait_stderr(T, empty);
}

#[test]
fn an_open_page_shows_the_warnings_of_a_change_in_its_overlay() {
    use crate::support::{cdp, server::FIXTURE, server::Serve};
    const T: std::time::Duration = std::time::Duration::from_secs(60);
    let Some(chromium) = cdp::chromium_or_skip("an_open_page_shows_the_warnings_of_a_change")
    else {
        return;
    };
    let s = Serve::start(FIXTURE);
    let browser = cdp::Browser::launch(&chromium);
    let mut page = browser.new_page();
    page.navigate(&format!("http://{}/en/tiles/", s.addr));
    page.wait_for(
        "window.__tilebookLive && window.__tilebookLive.connected",
        T,
    );
    std::fs::create_dir_all(s.root.join("glossary")).unwrap();
    s.write("glossary/terms.toml", "[[term]]\nid = \"joker\"\n");
    s.write(
        "glossary/en.toml",
        "[joker]\nname = \"Joker\"\ndefinition = \"Wild.\"\n",
    );
    s.write(
        "glossary/de.toml",
        "[joker]\nname = \"\"\ndefinition = \"Wild.\"\n",
    );
    page.wait_for(
        "(document.getElementById('tilebook-warnings') || {innerText: ''}).innerText.includes('glossary/de.toml:2:1: warning: glossary term \"joker\" has an empty `name`')",
        T,
    );
    assert_eq!(
        page.eval("document.getElementById('tilebook-warnings').getAttribute('role')"),
        "status"
    );
    page.eval("document.querySelector('#tilebook-warnings button').click()");
    page.wait_for("document.getElementById('tilebook-warnings') === null", T);
}

#[test]
fn sync_copies_the_missing_blocks_where_they_belong_and_a_second_run_changes_nothing() {
    let tmp = site_with_exercise();
    let root = tmp.path();
    // English gets one exercise before the shared one and one after it.
    let en = read(root, "content/en/tiles.md");
    let first = "\n```quiz\nkind = \"redeem\"\nexposed = \"8C 8C J J\"\ntile = \"8C\"\nanswer = \"yes\"\n```\n";
    let en = en.replacen("\n```quiz", &format!("{first}\n```quiz"), 1);
    write(root, "content/en/tiles.md", &format!("{en}{REDEEM}"));
    let de = read(root, "content/de/tiles.md");

    let r = run(root, &["translations", "sync", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout,
        "synced content/de/tiles.md: copied exercise(s) 1, 3 of content/en/tiles.md; translate their prompts, then run `tilebook translations mark content/de/tiles.md`\n"
    );
    let mark = "<!-- tilebook: copied from the default language by `translations sync`; translate its prompt, if it has one -->";
    let synced = read(root, "content/de/tiles.md");
    assert_eq!(
        synced,
        format!(
            "+++\ntitle = \"Steine\"\nweight = 10\n+++\n## Joker {{#jokers}}\nEs gibt acht.\n\n{mark}\n```quiz\nkind = \"redeem\"\nexposed = \"8C 8C J J\"\ntile = \"8C\"\nanswer = \"yes\"\n```\n\n```quiz\nkind = \"courtesy\"\nprompt = \"Wie viele?\"\noffers = [3, 1]\n```\n\n{mark}\n```quiz\nkind = \"redeem\"\nexposed = \"9C 9C J J\"\ntile = \"9C\"\nanswer = \"yes\"\n```\n"
        )
    );
    assert!(synced.starts_with(&de[..de.find("```quiz").unwrap()]));
    // The German text and prompt are untouched.
    assert!(synced.contains("Es gibt acht.") && synced.contains("prompt = \"Wie viele?\""));

    // A second run changes nothing.
    let r = run(root, &["translations", "sync", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout,
        "content/de/tiles.md: nothing to sync: it has every exercise of content/en/tiles.md\n"
    );
    assert_eq!(read(root, "content/de/tiles.md"), synced);

    // A whole language; then the build has nothing left to show untranslated.
    let r = run(root, &["translations", "sync", "--lang", "ca"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout
            .contains("synced content/ca/tiles.md: copied exercise(s) 1, 3"),
        "{r:?}"
    );
    let ca = read(root, "content/ca/tiles.md");
    let r = run(root, &["translations", "sync", "--lang", "ca"]);
    assert_eq!(
        r.stdout,
        "5 page(s) of ca already had every exercise of their source\n"
    );
    assert_eq!(read(root, "content/ca/tiles.md"), ca);
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(!r.stderr.contains("not translated here"), "{r:?}");
}

#[test]
fn sync_refuses_a_translation_whose_blocks_do_not_match_and_changes_nothing() {
    let tmp = site_with_exercise();
    let root = tmp.path();
    let en = read(root, "content/en/tiles.md");
    write(root, "content/en/tiles.md", &format!("{en}{REDEEM}"));
    let de = read(root, "content/de/tiles.md");
    let twice = format!("{de}{COURTESY}");
    write(root, "content/de/tiles.md", &twice);
    let r = run(root, &["translations", "sync", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert_eq!(
        r.stderr_lines(),
        [
            "content/de/tiles.md:14:1: error: this exercise block is here twice: remove one copy, then run `tilebook translations sync` again",
            "  note: content/de/tiles.md:8:1: the other copy",
        ],
        "{r:?}"
    );
    assert_eq!(read(root, "content/de/tiles.md"), twice);

    let changed = de.replace("[3, 1]", "[3, 2]");
    write(root, "content/de/tiles.md", &changed);
    let r = run(root, &["translations", "sync", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.stderr.starts_with(
            "content/de/tiles.md:8:1: error: this exercise block is not in content/en/tiles.md"
        ),
        "{r:?}"
    );
    assert_eq!(read(root, "content/de/tiles.md"), changed);
    let r = run(root, &["translations", "sync", "content/en/tiles.md"]);
    assert_eq!(r.code, Some(1), "{r:?}");
}

#[test]
fn diff_shows_the_paragraphs_changed_since_the_mark_in_text_and_json() {
    let tmp = felt_site();
    let root = tmp.path();
    let r = run(root, &["translations", "diff", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.stderr
            .starts_with("content/de/tiles.md:1:1: error: this page was never marked"),
        "{r:?}"
    );
    let r = run(root, &["translations", "mark", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let en = read(root, "content/en/tiles.md");
    assert_eq!(
        read(root, "content/de/.sources/tiles.md"),
        en,
        "mark keeps the source"
    );
    let r = run(root, &["translations", "diff", "content/de/tiles.md"]);
    assert_eq!(
        r.stdout,
        "content/de/tiles.md: content/en/tiles.md has not changed since it was marked\n"
    );

    // A paragraph edited, one added.
    let edited = en.replace("There are eight.", "There are eight jokers.");
    write(
        root,
        "content/en/tiles.md",
        &format!("{edited}\nA new paragraph.\n"),
    );
    let r = run(root, &["translations", "diff", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout,
        "content/de/tiles.md: 2 paragraph(s) of content/en/tiles.md changed since it was marked:\n\
         \n  changed at content/en/tiles.md:5\n\
         \x20   - ## Jokers {#jokers}\n\
         \x20   - There are eight. See [blind passes](charleston.md#blind-pass) and [the top](#jokers).\n\
         \x20   + ## Jokers {#jokers}\n\
         \x20   + There are eight jokers. See [blind passes](charleston.md#blind-pass) and [the top](#jokers).\n\
         \n  added at content/en/tiles.md:8\n\
         \x20   + A new paragraph.\n"
    );
    let r = run(
        root,
        &[
            "translations",
            "diff",
            "content/de/tiles.md",
            "--format",
            "json",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let json: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(json["page"], "content/de/tiles.md");
    assert_eq!(json["snapshot"], "content/de/.sources/tiles.md");
    let changes = json["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 2);
    assert_eq!(
        (
            &changes[0]["kind"],
            &changes[0]["line"],
            &changes[0]["old_line"]
        ),
        (
            &serde_json::json!("changed"),
            &serde_json::json!(5),
            &serde_json::json!(5)
        )
    );
    assert_eq!(changes[1]["new"], "A new paragraph.");
    assert!(changes[1]["old"].is_null());

    // The snapshot is no page: the build neither reads nor publishes it.
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(!root.join("public/de/.sources").exists());

    // Marking again after updating makes the diff empty.
    let r = run(root, &["translations", "mark", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let r = run(root, &["translations", "diff", "content/de/tiles.md"]);
    assert!(r.stdout.contains("has not changed"), "{r:?}");
}

#[test]
fn serve_links_a_stale_translation_to_the_diff_of_its_source() {
    use crate::support::server::{FIXTURE, Serve};
    const T: std::time::Duration = std::time::Duration::from_secs(20);
    let s = Serve::start(FIXTURE);
    let r = run(&s.root, &["translations", "mark", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let en = s.read("content/en/tiles.md");
    s.write(
        "content/en/tiles.md",
        &en.replace("There are eight.", "There are eight jokers."),
    );
    s.wait_for_text("/en/tiles/", "There are eight jokers.", T);
    let deadline = std::time::Instant::now() + T;
    let diff = loop {
        let reply = s.get("/__tilebook/diff?url=%2Fde%2Ftiles%2F");
        if reply.status == 200 || std::time::Instant::now() > deadline {
            break reply;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(diff.status, 200, "{}", diff.body);
    assert!(diff.body.contains("<html lang=\"en\">"), "{}", diff.body);
    assert!(
        diff.body.contains(
            "<ins><span class=\"vh\">Now: </span>## Jokers {#jokers}\nThere are eight jokers."
        ),
        "{}",
        diff.body
    );
    assert_eq!(s.get("/__tilebook/diff?url=%2Fen%2Ftiles%2F").status, 404);
    let live = s.get("/__tilebook/live.js");
    assert!(live.body.contains("/__tilebook/diff?url="));
}

#[test]
fn a_stale_translation_s_notice_links_to_the_diff_in_the_browser() {
    use crate::support::{cdp, server::FIXTURE, server::Serve};
    const T: std::time::Duration = std::time::Duration::from_secs(60);
    let Some(chromium) = cdp::chromium_or_skip("a_stale_translation_s_notice_links_to_the_diff")
    else {
        return;
    };
    let s = Serve::start(FIXTURE);
    let tpl = s.read("themes/mini/templates/page.html");
    let notice =
        "{% if page.stale %}<aside class=\"notice--stale\"><p>Stale.</p></aside>{% endif %}";
    s.write(
        "themes/mini/templates/page.html",
        &tpl.replacen("{{ page.content", &format!("{notice}{{{{ page.content"), 1),
    );
    let r = run(&s.root, &["translations", "mark", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let en = s.read("content/en/tiles.md");
    s.write(
        "content/en/tiles.md",
        &en.replace("There are eight.", "There are eight jokers."),
    );
    s.wait_for_text("/de/tiles/", "Stale.", T);
    let browser = cdp::Browser::launch(&chromium);
    let mut page = browser.new_page();
    page.navigate(&format!("http://{}/de/tiles/", s.addr));
    page.wait_for("document.querySelector('.notice--stale .tilebook-diff a[lang], .notice--stale .tilebook-diff[lang] a') !== null", T);
    // Clicked after the evaluation returns: a navigation that starts
    // before its reply fails the call ("Inspected target navigated").
    page.eval("setTimeout(() => document.querySelector('.tilebook-diff a').click(), 0)");
    page.wait_for(
        "document.title.startsWith('What changed in content/en/tiles.md')",
        T,
    );
    page.wait_for(
        "document.body.innerText.includes('There are eight jokers.')",
        T,
    );
}
