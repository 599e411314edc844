//! What crawlers and phones see of every page (issue 15): on every HTML page
//! of the built course a `lang`, a description and (unless it is
//! `noindex`) a canonical link; a sitemap that lists exactly the indexable
//! pages, practice sheets included, each with the same `hreflang`
//! alternates and `x-default` as the page itself; the printed sheets' words
//! for one answer (round marks) and for several (square boxes); and the
//! warnings for a translation's `[practice]` and a web app name too long
//! for a phone, at the key that causes them.

use crate::support::common;

use std::collections::{BTreeMap, BTreeSet};

use common::*;
use scraper::Html;
use tilebook::output::Output;

fn course() -> &'static Output {
    crate::practice::course()
}

fn html(path: &str) -> Html {
    let bytes = course()
        .get(path)
        .unwrap_or_else(|| panic!("no output file {path}"));
    Html::parse_document(std::str::from_utf8(bytes).unwrap())
}

fn html_paths() -> Vec<String> {
    course()
        .paths()
        .filter(|p| p.ends_with(".html"))
        .map(str::to_string)
        .collect()
}

fn is_noindex(doc: &Html) -> bool {
    select(doc, r#"meta[name="robots"]"#)
        .iter()
        .any(|m| attr(*m, "content").contains("noindex"))
}

/// A page's `hreflang` alternates: language → URL.
fn alternates(doc: &Html) -> BTreeMap<String, String> {
    select(doc, r#"link[rel="alternate"][hreflang]"#)
        .into_iter()
        .map(|l| (attr(l, "hreflang").to_string(), attr(l, "href").to_string()))
        .collect()
}

/// The course's base URL (`base_url` in config.toml).
fn base_url() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (config, _) = tilebook::config::Config::load(root).unwrap();
    config.base_url.clone()
}

/// The output path of a permalink: `…/de/tiles/` → `de/tiles/index.html`.
fn output_path(permalink: &str, base: &str) -> String {
    let rel = permalink
        .strip_prefix(base)
        .unwrap_or_else(|| panic!("{permalink} is not under {base}"));
    format!("{rel}index.html")
}

#[test]
fn every_page_has_a_language_a_description_and_a_canonical_link() {
    let paths = html_paths();
    assert!(
        paths.iter().filter(|p| p.contains("/practice/")).count() >= 100,
        "the course has its practice sheets"
    );
    let mut problems = Vec::new();
    for path in &paths {
        let doc = html(path);
        let lang = select(&doc, "html[lang]")
            .first()
            .map(|h| attr(*h, "lang").trim().to_string());
        if lang.is_none_or(|l| l.is_empty()) {
            problems.push(format!("{path}: no lang on <html>"));
        }
        let descriptions = select(&doc, r#"meta[name="description"]"#);
        match descriptions.as_slice() {
            [d] if !attr(*d, "content").trim().is_empty() => {}
            [_] => problems.push(format!("{path}: an empty description")),
            [] => problems.push(format!("{path}: no description")),
            _ => problems.push(format!("{path}: {} descriptions", descriptions.len())),
        }
        let canonical = select(&doc, r#"link[rel="canonical"]"#);
        if !is_noindex(&doc) && (canonical.len() != 1 || attr(canonical[0], "href").is_empty()) {
            problems.push(format!("{path}: {} canonical links", canonical.len()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn practice_descriptions_name_the_sheet_in_the_page_language() {
    let cases = [
        ("en/practice/tiles/2/index.html", "Practice sheet 2 of"),
        ("de/practice/tiles/2/index.html", "Übungsblatt 2 von"),
        ("ca/practice/tiles/2/index.html", "Full de pràctica 2 de"),
        ("pt/practice/tiles/2/index.html", "Folha de exercícios 2 de"),
    ];
    let mut seen = BTreeSet::new();
    for (path, start) in cases {
        let doc = html(path);
        let title = text(select_one(&doc, "h1"));
        let series = title.split(':').next().unwrap().trim().to_string();
        let d = attr(select_one(&doc, r#"meta[name="description"]"#), "content");
        assert!(d.starts_with(start), "{path}: {d}");
        assert!(d.contains(&series), "{path}: {d} does not name {series:?}");
        assert!(
            seen.insert(d.to_string()),
            "{path}: the same as another language"
        );
    }
    let one = attr(
        select_one(
            &html("en/practice/tiles/1/index.html"),
            r#"meta[name="description"]"#,
        ),
        "content",
    )
    .to_string();
    let two = attr(
        select_one(
            &html("en/practice/tiles/2/index.html"),
            r#"meta[name="description"]"#,
        ),
        "content",
    )
    .to_string();
    assert_ne!(one, two, "two sheets, one description");
}

/// The sitemap's entries: location → its alternates (language → URL).
fn sitemap() -> BTreeMap<String, BTreeMap<String, String>> {
    // Read as tilebook writes it: one element per line.
    let xml = std::str::from_utf8(course().get("sitemap.xml").expect("sitemap.xml")).unwrap();
    let mut out = BTreeMap::new();
    for entry in xml.split("<url>").skip(1) {
        let body = entry.split("</url>").next().unwrap();
        let loc = body
            .split("<loc>")
            .nth(1)
            .and_then(|s| s.split("</loc>").next())
            .expect("a <loc>")
            .to_string();
        let links: BTreeMap<String, String> = body
            .lines()
            .filter(|l| l.contains("<xhtml:link"))
            .map(|l| {
                let value = |name: &str| {
                    let at = l.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                    l[at..].split('"').next().unwrap().to_string()
                };
                (value("hreflang"), value("href"))
            })
            .collect();
        assert!(
            out.insert(loc.clone(), links).is_none(),
            "{loc} twice in the sitemap"
        );
    }
    out
}

#[test]
fn the_sitemap_lists_every_indexable_page_with_its_alternates() {
    let base = base_url();
    let entries = sitemap();
    let mut pages = BTreeSet::new();
    for path in html_paths() {
        let doc = html(&path);
        if is_noindex(&doc) {
            continue;
        }
        let canonical = attr(select_one(&doc, r#"link[rel="canonical"]"#), "href").to_string();
        let Some(links) = entries.get(&canonical) else {
            panic!("{path} ({canonical}) is not in the sitemap");
        };
        assert_eq!(
            links,
            &alternates(&doc),
            "{path}: the sitemap's alternates differ from the page's"
        );
        pages.insert(canonical);
    }
    let extra: Vec<&String> = entries.keys().filter(|l| !pages.contains(*l)).collect();
    assert!(extra.is_empty(), "in the sitemap, not built: {extra:?}");
    // Practice pages in all four languages, x-default the English one.
    let sheet = format!("{base}pt/practice/charleston/blind-pass/1/");
    let links = &entries[&sheet];
    assert_eq!(
        links.keys().map(String::as_str).collect::<Vec<_>>(),
        ["ca", "de", "en", "pt", "x-default"]
    );
    assert_eq!(
        links["x-default"],
        format!("{base}en/practice/charleston/blind-pass/1/")
    );
    for url in links.values() {
        assert!(
            course().get(&output_path(url, &base)).is_some(),
            "{url}: no such page"
        );
    }
}

#[test]
fn printed_sheets_say_boxes_only_where_they_draw_boxes() {
    // The words each language uses for a square box to tick.
    let boxes = [
        ("en", "box"),
        ("de", "Kästchen"),
        ("ca", "casell"),
        ("pt", "quadradinho"),
    ];
    let (mut round, mut square) = (0, 0);
    for path in html_paths().iter().filter(|p| p.contains("/practice/")) {
        let lang = &path[..2];
        let word = boxes.iter().find(|(l, _)| *l == lang).unwrap().1;
        let doc = html(path);
        for ex in select(&doc, "section.sheet-exercise") {
            let how = ex
                .select(&sel(".sheet-exercise__how > span:last-child"))
                .next()
                .map(text)
                .unwrap_or_default();
            let has = |css: &str| ex.select(&sel(css)).next().is_some();
            if has(".sheet-options .sheet-box--round") {
                round += 1;
                assert!(
                    !how.to_lowercase().contains(&word.to_lowercase()),
                    "{path}: one answer to mark (round marks), but {how:?}"
                );
            } else if has(".sheet-options .sheet-box") {
                square += 1;
                assert!(
                    how.to_lowercase().contains(&word.to_lowercase()),
                    "{path}: boxes to tick, but {how:?}"
                );
            }
        }
    }
    assert!(round > 0 && square > 0, "round {round}, square {square}");
}

#[test]
fn a_translations_practice_settings_are_reported_where_they_are_written() {
    let tmp = copy_fixture_with_felt("exercises");
    let quiz = std::fs::read_to_string(tmp.path().join("content/de/quiz.md")).unwrap();
    write(
        tmp.path(),
        "content/de/quiz.md",
        &quiz.replacen(
            "title = \"Quiz\"\n",
            "title = \"Quiz\"\n\n[practice]\nsheets = 5\n",
            1,
        ),
    );
    let mut result = build(&options(tmp.path()));
    assert_eq!(
        diagnostics_text(&mut result),
        "content/de/quiz.md:4:2: warning: [practice] is ignored in a translation: practice sheets are the same in every language, so set them in the front matter of content/en/quiz.md\n"
    );
    let output = result.output.expect("a warning only");
    assert!(output.get("de/practice/quiz/3/index.html").is_some());
    assert!(
        output.get("de/practice/quiz/4/index.html").is_none(),
        "the translation's sheets = 5 is not used"
    );
    // A copy of the default language's settings (a page copied whole) is fine.
    let en = std::fs::read_to_string(tmp.path().join("content/en/quiz.md")).unwrap();
    write(
        tmp.path(),
        "content/en/quiz.md",
        &en.replacen(
            "title = \"Quiz\"\n",
            "title = \"Quiz\"\n\n[practice]\nsheets = 5\n",
            1,
        ),
    );
    let mut result = build(&options(tmp.path()));
    assert_eq!(diagnostics_text(&mut result), "");
    assert!(
        result
            .output
            .unwrap()
            .get("de/practice/quiz/5/index.html")
            .is_some()
    );
}

#[test]
fn a_web_app_name_longer_than_a_phone_shows_is_a_warning_at_its_key() {
    let tmp = copy_fixture_with_felt("exercises");
    write(
        tmp.path(),
        "i18n/de.ftl",
        "# Die Texte dieser Website.\n## offline\noffline-short_name = Mahjong, Stein für Stein\n",
    );
    let mut result = build(&options(tmp.path()));
    assert_eq!(
        diagnostics_text(&mut result),
        "i18n/de.ftl:3:1: warning: UI string `offline.short_name` has 24 characters: a phone cuts the web app's name under its icon after 12, so keep it to 12 at most\n"
    );
    // Twelve are fine, and so is any length without a web app.
    write(
        tmp.path(),
        "i18n/de.ftl",
        "offline-short_name = Mahjong-Kurs\n",
    );
    assert_eq!(diagnostics_text(&mut build(&options(tmp.path()))), "");
    let config = std::fs::read_to_string(tmp.path().join("config.toml")).unwrap();
    write(
        tmp.path(),
        "config.toml",
        &format!("{config}\n[offline]\nenabled = false\n"),
    );
    write(
        tmp.path(),
        "i18n/de.ftl",
        "offline-short_name = Mahjong, Stein für Stein\n",
    );
    assert_eq!(diagnostics_text(&mut build(&options(tmp.path()))), "");
}

#[test]
fn counts_of_one_read_in_the_singular() {
    let tmp = copy_fixture_with_felt("exercises");
    let config = std::fs::read_to_string(tmp.path().join("config.toml")).unwrap();
    write(
        tmp.path(),
        "config.toml",
        &format!("{config}\n[practice]\nexercises = 1\n"),
    );
    let built = build_ok(&options(tmp.path()));
    let meta = |path: &str| text(select_one(&built.html(path), ".practice-sheet__meta"));
    assert_eq!(
        meta("en/practice/quiz/1/index.html"),
        "1 exercise · English · answer key on the last page"
    );
    assert_eq!(
        meta("de/practice/quiz/1/index.html"),
        "1 Übung · Deutsch · Lösungen auf der letzten Seite"
    );
    let intro = text(select_one(
        &built.html("en/practice/index.html"),
        ".practice-index > p",
    ));
    assert!(intro.contains(" Each sheet holds 1 exercise. "), "{intro}");
    // The strings that count solved exercises or passed tiles put the
    // number after a label, so that 1 reads as well as 6.
    let strings = common::felt_strings_in(tmp.path(), &["en", "de", "ca", "pt"]);
    for lang in ["en", "de", "ca", "pt"] {
        let path = format!("themes/felt/i18n/{lang}.ftl");
        // The pass-check count is a sentence now: it chooses its form by the
        // count (1 tile is, 2 tiles are), in every language.
        let id = "quiz-pass_check-reveal_count";
        assert!(
            strings
                .info(lang, id)
                .is_some_and(|m| m.selectors.iter().any(|s| s == "count")),
            "{path}: {id} does not choose its form by the count"
        );
        // Or a count after a label ("Tiles in this group: 7"), or a
        // sentence that chooses its form by the count.
        for key in ["quiz.progress", "quiz.joker_group.reveal_size"] {
            let value = strings.get(lang, key).unwrap();
            let before = value.split('{').next().unwrap();
            let id = format!("quiz-{}", key.trim_start_matches("quiz.").replace('.', "-"));
            let by_count = strings
                .info(lang, &id)
                .is_some_and(|m| m.selectors.iter().any(|s| s == "count"));
            assert!(
                before.ends_with(": ") || by_count,
                "{path}: {value:?} starts with its count"
            );
        }
    }
}
