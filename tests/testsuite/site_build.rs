//! Builds valid fixture sites and checks the files they produce.
//!
//! Over 600 lines: many small checks of the same fixture sites' output
//! (pages, sitemap, alternates, assets); an area with its own fixture gets
//! its own module (`navigation`, `practice`, `search_offline`).

use crate::support::common;

use std::collections::{BTreeMap, BTreeSet};

use common::*;
use tilebook::site::MissingTranslations;

const BASE: &str = "https://example.org/course/";

/// The files of `tests/fixtures/basic`, in their pretty-URL layout (each
/// language also gets its `exercises.json`, the progress overview's lessons).
const BASIC_FILES: [&str; 14] = [
    "404.html",
    "de/exercises.json",
    "de/index.html",
    "de/tiles/index.html",
    "en/charleston/index.html",
    "en/exercises.json",
    "en/index.html",
    "en/tiles/index.html",
    "en/variants/index.html",
    "en/variants/riichi/index.html",
    "index.html",
    "robots.txt",
    "site.css",
    "sitemap.xml",
];

fn basic() -> Built {
    build_fixture("basic")
}

// ---- layout and languages ---------------------------------------------------

#[test]
fn pretty_urls_and_output_layout() {
    let site = basic();
    assert_eq!(site.paths(), BASIC_FILES);
    let stats = &site.result.stats;
    assert_eq!((stats.pages, stats.languages, stats.files), (7, 2, 14));
}

#[test]
fn every_page_has_html_lang_matching_its_language_prefix() {
    let site = basic();
    for path in site.html_paths() {
        let doc = site.html(&path);
        let lang = attr(select_one(&doc, "html"), "lang");
        let expected = match path.split_once('/') {
            Some((prefix, _)) => prefix,
            // The chooser and 404 are in the default language.
            None => "en",
        };
        assert_eq!(lang, expected, "<html lang> of {path}");
    }
}

#[test]
fn every_language_lives_under_its_prefix() {
    let site = basic();
    let doc = site.html("de/tiles/index.html");
    assert_eq!(text(select_one(&doc, "title")), "Steine");
    let doc = site.html("en/tiles/index.html");
    assert_eq!(text(select_one(&doc, "title")), "Tiles");
    // Nothing of one language leaks into another's folder: every link in a
    // page's main content that points into a language prefix is either its
    // own language or the default language (fallback).
    for path in site.html_paths() {
        let Some((lang, _)) = path.split_once('/') else {
            continue;
        };
        let doc = site.html(&path);
        for (_, href) in links(&doc, "main a, nav a") {
            assert!(
                href.starts_with(&format!("/course/{lang}/")) || href.starts_with("/course/en/"),
                "{path} links to {href}"
            );
        }
    }
}

#[test]
fn root_index_links_to_every_language_home() {
    let site = basic();
    let doc = site.html("index.html");
    assert_eq!(
        links(&doc, "a"),
        [
            ("English".to_string(), "/course/en/".to_string()),
            ("Deutsch".to_string(), "/course/de/".to_string()),
        ]
    );
    for (_, href) in links(&doc, "a") {
        let file = format!("{}index.html", href.strip_prefix("/course/").unwrap());
        assert!(site.has(&file), "{href} has no {file}");
    }
}

fn alternates(site: &Built, path: &str) -> Vec<(String, String)> {
    let doc = site.html(path);
    select(&doc, r#"link[rel="alternate"]"#)
        .into_iter()
        .map(|l| (attr(l, "hreflang").to_string(), attr(l, "href").to_string()))
        .collect()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn hreflang_alternates_for_every_translation_plus_x_default() {
    let site = basic();
    let tiles = pairs(&[
        ("en", "https://example.org/course/en/tiles/"),
        ("de", "https://example.org/course/de/tiles/"),
        ("x-default", "https://example.org/course/en/tiles/"),
    ]);
    assert_eq!(alternates(&site, "en/tiles/index.html"), tiles);
    assert_eq!(alternates(&site, "de/tiles/index.html"), tiles);
    assert_eq!(
        alternates(&site, "de/index.html"),
        pairs(&[
            ("en", "https://example.org/course/en/"),
            ("de", "https://example.org/course/de/"),
            ("x-default", "https://example.org/course/en/"),
        ])
    );
    // Untranslated: only itself, and no link to a German page that does not exist.
    assert_eq!(
        alternates(&site, "en/charleston/index.html"),
        pairs(&[
            ("en", "https://example.org/course/en/charleston/"),
            ("x-default", "https://example.org/course/en/charleston/"),
        ])
    );
}

// ---- navigation ---------------------------------------------------------------

#[test]
fn nav_falls_back_to_default_language_and_marks_untranslated() {
    let site = basic();
    let doc = site.html("de/index.html");
    let nav: Vec<(String, String, bool)> = select(&doc, "nav a")
        .into_iter()
        .map(|a| {
            (
                text(a),
                attr(a, "href").to_string(),
                a.value().classes().any(|c| c == "untranslated"),
            )
        })
        .collect();
    assert_eq!(
        nav,
        [
            ("Steine".into(), "/course/de/tiles/".into(), false),
            ("Charleston".into(), "/course/en/charleston/".into(), true),
            ("Variants".into(), "/course/en/variants/".into(), true),
        ]
    );
    // The English nav has no untranslated entries.
    let doc = site.html("en/index.html");
    assert!(select(&doc, "nav a.untranslated").is_empty());
}

#[test]
fn nav_expands_the_current_section() {
    let site = basic();
    let doc = site.html("en/variants/riichi/index.html");
    let nav: Vec<String> = links(&doc, "nav a").into_iter().map(|(t, _)| t).collect();
    assert_eq!(nav, ["Tiles", "Charleston", "Variants", "Riichi"]);
    let doc = site.html("en/tiles/index.html");
    let nav: Vec<String> = links(&doc, "nav a").into_iter().map(|(t, _)| t).collect();
    assert_eq!(nav, ["Tiles", "Charleston", "Variants"]);
}

#[test]
fn next_link_follows_reading_order_with_fallback() {
    let site = basic();
    let next = |path: &str| {
        let doc = site.html(path);
        select(&doc, r#"a[rel="next"]"#)
            .first()
            .map(|a| attr(*a, "href").to_string())
    };
    assert_eq!(next("en/index.html").as_deref(), Some("/course/en/tiles/"));
    assert_eq!(
        next("en/charleston/index.html").as_deref(),
        Some("/course/en/variants/")
    );
    assert_eq!(next("en/variants/riichi/index.html"), None);
    assert_eq!(next("de/index.html").as_deref(), Some("/course/de/tiles/"));
    assert_eq!(
        next("de/tiles/index.html").as_deref(),
        Some("/course/en/charleston/")
    );
    // The UI string comes from the page's language.
    let doc = site.html("de/index.html");
    assert_eq!(text(select_one(&doc, r#"a[rel="next"]"#)), "Weiter");
}

// ---- links and Markdown -------------------------------------------------------

#[test]
fn internal_links_are_rewritten_to_urls() {
    let site = basic();
    let de = site.html("de/index.html");
    assert_eq!(href_of(&de, "main a", "die Steine"), "/course/de/tiles/");
    // Untranslated target: the English page, anchor kept.
    assert_eq!(
        href_of(&de, "main a", "der Charleston"),
        "/course/en/charleston/#blind-pass"
    );
    let en = site.html("en/index.html");
    assert_eq!(href_of(&en, "main a", "the tiles"), "/course/en/tiles/");
    assert_eq!(
        href_of(&en, "main a", "the Charleston"),
        "/course/en/charleston/#blind-pass"
    );
    // `../charleston.md` from inside variants/.
    let riichi = site.html("en/variants/riichi/index.html");
    assert_eq!(
        href_of(&riichi, "main a", "the Charleston"),
        "/course/en/charleston/"
    );
    // Paths without `./` are relative to the language folder.
    let variants = site.html("en/variants/index.html");
    assert_eq!(
        href_of(&variants, "main a", "Riichi"),
        "/course/en/variants/riichi/"
    );
    // Same-page anchor.
    let tiles = site.html("en/tiles/index.html");
    assert_eq!(
        href_of(&tiles, "main a", "the top"),
        "/course/en/tiles/#jokers"
    );
    assert_eq!(
        href_of(&tiles, "main a", "blind passes"),
        "/course/en/charleston/#blind-pass"
    );
}

/// Every site-internal link of every page points at a file of the output,
/// and every fragment at an element id of that page.
#[test]
fn every_internal_link_resolves_in_the_output() {
    let site = basic();
    let mut checked = 0;
    for path in site.html_paths() {
        let doc = site.html(&path);
        for (label, href) in links(&doc, "a") {
            let Some(rest) = href.strip_prefix("/course/") else {
                panic!("{path}: link {label:?} to {href} is outside the base path");
            };
            let (page, fragment) = rest.split_once('#').unwrap_or((rest, ""));
            let file = format!("{page}index.html");
            assert!(site.has(&file), "{path}: {href} -> no {file}");
            if !fragment.is_empty() {
                let target = site.html(&file);
                assert_eq!(
                    select(&target, &format!("[id=\"{fragment}\"]")).len(),
                    1,
                    "{path}: {href} -> no #{fragment} in {file}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} links checked");
}

#[test]
fn headings_get_ids_generated_or_explicit() {
    let site = basic();
    let doc = site.html("en/charleston/index.html");
    let ids: Vec<(String, String)> = select(&doc, "main h2")
        .into_iter()
        .map(|h| (attr(h, "id").to_string(), text(h)))
        .collect();
    assert_eq!(
        ids,
        pairs(&[
            ("first-charleston", "First Charleston"),
            ("blind-pass", "Blind pass"),
        ])
    );
    // `## Joker {#jokers}`: the explicit id wins and is not in the text.
    let doc = site.html("de/tiles/index.html");
    let h = select_one(&doc, "main h2");
    assert_eq!((attr(h, "id"), text(h).as_str()), ("jokers", "Joker"));
}

#[test]
fn tables_are_wrapped() {
    let site = basic();
    let doc = site.html("en/charleston/index.html");
    let table = select_one(&doc, "main div.table-wrap > table");
    let cells: Vec<String> = table
        .select(&sel("td, th"))
        .map(|c| text(c).trim().to_string())
        .collect();
    assert_eq!(cells, ["Pass", "Direction", "1", "right"]);
    assert!(select(&doc, "main > table").is_empty());
}

// ---- extra files ------------------------------------------------------------

/// `loc` → alternates `(hreflang, href)` of every `<url>` of a sitemap.
fn parse_sitemap(xml: &str) -> BTreeMap<String, Vec<(String, String)>> {
    let between = |s: &str, a: &str, b: &str| -> String {
        let start = s.find(a).unwrap() + a.len();
        let end = start + s[start..].find(b).unwrap();
        s[start..end].to_string()
    };
    let mut out = BTreeMap::new();
    for block in xml.split("<url>").skip(1) {
        let block = block.split("</url>").next().unwrap();
        let loc = between(block, "<loc>", "</loc>");
        let alternates = block
            .split("<xhtml:link ")
            .skip(1)
            .map(|l| {
                assert!(l.contains(r#"rel="alternate""#), "{l}");
                (
                    between(l, r#"hreflang=""#, "\""),
                    between(l, r#"href=""#, "\""),
                )
            })
            .collect();
        assert!(out.insert(loc.clone(), alternates).is_none(), "{loc} twice");
    }
    out
}

#[test]
fn sitemap_lists_every_page_with_hreflang_alternates() {
    let site = basic();
    let xml = site.text("sitemap.xml");
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
    assert!(xml.contains(r#"xmlns:xhtml="http://www.w3.org/1999/xhtml""#));
    let map = parse_sitemap(&xml);
    let locs: BTreeSet<&str> = map.keys().map(String::as_str).collect();
    let expected: BTreeSet<String> = BASIC_FILES
        .iter()
        .filter_map(|f| f.strip_suffix("index.html"))
        .map(|p| format!("{BASE}{p}"))
        .collect();
    assert_eq!(locs, expected.iter().map(String::as_str).collect());
    let tiles = pairs(&[
        ("en", "https://example.org/course/en/tiles/"),
        ("de", "https://example.org/course/de/tiles/"),
        ("x-default", "https://example.org/course/en/tiles/"),
    ]);
    assert_eq!(map["https://example.org/course/en/tiles/"], tiles);
    assert_eq!(map["https://example.org/course/de/tiles/"], tiles);
    assert!(map["https://example.org/course/en/charleston/"].is_empty());
    // The language chooser: every language's home, itself the x-default.
    let chooser = pairs(&[
        ("en", "https://example.org/course/en/"),
        ("de", "https://example.org/course/de/"),
        ("x-default", BASE),
    ]);
    assert_eq!(map[BASE], chooser);
}

#[test]
fn robots_txt_points_at_the_sitemap() {
    let site = basic();
    assert_eq!(
        site.text("robots.txt"),
        "User-agent: *\nAllow: /\nSitemap: https://example.org/course/sitemap.xml\n"
    );
}

#[test]
fn not_found_page_and_static_files() {
    let site = basic();
    let doc = site.html("404.html");
    assert_eq!(text(select_one(&doc, "body")).trim(), "404");
    let css = std::fs::read(fixture_path("basic/static/site.css")).unwrap();
    assert_eq!(site.bytes("site.css"), css);
}

#[test]
fn files_beside_pages_are_copied_under_their_language() {
    let tmp = copy_fixture("basic");
    write(tmp.path(), "content/en/img/east.svg", "<svg/>");
    write(tmp.path(), "content/en/.hidden.md", "not a page");
    write(tmp.path(), "content/en/.drafts/x.md", "not a page either");
    write(
        tmp.path(),
        "content/en/variants/riichi.md",
        "+++\ntitle = \"Riichi\"\n+++\n![East](../img/east.svg) and [the file](../img/east.svg#top)\n",
    );
    let site = build_ok(&options(tmp.path()));
    assert_eq!(site.bytes("en/img/east.svg"), b"<svg/>");
    assert!(
        !site
            .paths()
            .iter()
            .any(|p| p.contains("hidden") || p.contains("drafts"))
    );
    let html = site.text("en/variants/riichi/index.html");
    assert!(html.contains(r#"src="/course/en/img/east.svg""#), "{html}");
    assert!(
        html.contains(r#"href="/course/en/img/east.svg#top""#),
        "{html}"
    );
}

#[test]
fn links_to_missing_files_and_drafts_are_errors() {
    let tmp = copy_fixture("basic");
    write(tmp.path(), "content/en/dice.md", DRAFT);
    write(
        tmp.path(),
        "content/en/variants/riichi.md",
        "+++\ntitle = \"Riichi\"\n+++\n![East](east.svg)\n[dice](dice.md)\n",
    );
    let mut result = tilebook::site::build(&options(tmp.path()));
    assert!(result.output.is_none());
    let text = result.render_diagnostics();
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            r#"content/en/variants/riichi.md:4:1: error: link to missing file "variants/east.svg" (no content/en/variants/east.svg); pages are linked as `page.md`"#,
            r#"content/en/variants/riichi.md:5:1: error: link to draft page "dice.md", which this build leaves out (build with --drafts, or publish it)"#,
        ]
    );
}

// ---- options ------------------------------------------------------------------

const DRAFT: &str = "+++\ntitle = \"Dice\"\nweight = 30\ndraft = true\n+++\nRoll them.\n";

#[test]
fn drafts_are_excluded_unless_asked_for() {
    let tmp = copy_fixture("basic");
    write(tmp.path(), "content/en/dice.md", DRAFT);

    let site = build_ok(&options(tmp.path()));
    assert_eq!(site.paths(), BASIC_FILES);
    assert!(!site.text("sitemap.xml").contains("dice"));
    assert!(!site.text("en/index.html").contains("Dice"));

    let mut opts = options(tmp.path());
    opts.drafts = true;
    let site = build_ok(&opts);
    assert!(site.has("en/dice/index.html"));
    assert!(
        site.text("sitemap.xml")
            .contains("<loc>https://example.org/course/en/dice/</loc>")
    );
    let doc = site.html("en/index.html");
    assert_eq!(href_of(&doc, "nav a", "Dice"), "/course/en/dice/");
    // An untranslated draft is not reported as missing when drafts are off.
    let off = build_ok(&options(tmp.path()));
    assert!(
        !off.result.missing_translations[0]
            .pages
            .contains(&"dice.md".to_string())
    );
}

#[test]
fn base_url_override_changes_urls_and_permalinks() {
    let mut opts = options(&fixture_path("basic"));
    opts.base_url = Some("http://localhost:8080".into());
    let site = build_ok(&opts);
    assert_eq!(site.paths(), BASIC_FILES);
    assert_eq!(
        alternates(&site, "de/tiles/index.html"),
        pairs(&[
            ("en", "http://localhost:8080/en/tiles/"),
            ("de", "http://localhost:8080/de/tiles/"),
            ("x-default", "http://localhost:8080/en/tiles/"),
        ])
    );
    let doc = site.html("de/index.html");
    assert_eq!(href_of(&doc, "main a", "die Steine"), "/de/tiles/");
    assert_eq!(href_of(&doc, "nav a", "Charleston"), "/en/charleston/");
    let doc = site.html("index.html");
    assert_eq!(href_of(&doc, "a", "Deutsch"), "/de/");
    assert!(
        site.text("robots.txt")
            .contains("Sitemap: http://localhost:8080/sitemap.xml\n")
    );
    let xml = site.text("sitemap.xml");
    assert!(xml.contains("<loc>http://localhost:8080/en/charleston/</loc>"));
    assert!(!xml.contains("example.org"));
}

#[test]
fn missing_translations_are_listed_per_language() {
    let site = basic();
    assert_eq!(
        site.result.missing_translations,
        [MissingTranslations {
            lang: "de".into(),
            pages: vec![
                "charleston.md".into(),
                "variants/_index.md".into(),
                "variants/riichi.md".into(),
            ],
        }]
    );
}

// ---- the binary -----------------------------------------------------------------

#[test]
fn build_prints_missing_translations_and_a_summary() {
    let tmp = copy_fixture("basic");
    let out = tmp.path().join("out");
    let run = run(tmp.path(), &["build", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(
        run.stderr,
        "translations: de lacks 3 page(s): charleston.md, variants/_index.md, variants/riichi.md\n"
    );
    let line = run.stdout.strip_suffix('\n').expect("one line");
    let prefix = format!(
        "built 7 pages in 2 languages (0 exercises, 14 files) into {} in ",
        out.display()
    );
    let ms = line
        .strip_prefix(&prefix)
        .and_then(|l| l.strip_suffix(" ms, 0 warning(s)"))
        .unwrap_or_else(|| panic!("unexpected summary: {line}"));
    assert!(ms.parse::<u64>().is_ok(), "{line}");
    let files: Vec<String> = built_files(&out).into_keys().collect();
    assert_eq!(files, BASIC_FILES);
    // The written files are the library's output, byte for byte.
    let lib = build_ok(&options(tmp.path()));
    for (path, bytes) in built_files(&out) {
        assert_eq!(lib.bytes(&path), bytes, "{path}");
    }
}

#[test]
fn cli_flags_drafts_and_base_url_reach_the_build() {
    let tmp = copy_fixture("basic");
    write(tmp.path(), "content/en/dice.md", DRAFT);
    let out = tmp.path().join("out");
    let run = run(
        tmp.path(),
        &[
            "build",
            "--drafts",
            "--base-url",
            "http://localhost:8080/",
            "-o",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.stdout.starts_with("built 8 pages in 2 languages"),
        "{run:?}"
    );
    assert!(out.join("en/dice/index.html").is_file());
    assert_eq!(
        std::fs::read_to_string(out.join("robots.txt")).unwrap(),
        "User-agent: *\nAllow: /\nSitemap: http://localhost:8080/sitemap.xml\n"
    );
}

#[test]
fn warnings_are_printed_but_do_not_fail_the_build() {
    let tmp = copy_fixture("basic");
    // A UI string only English has.
    let en = tmp.path().join("themes/mini/i18n/en.ftl");
    let text = std::fs::read_to_string(&en).unwrap();
    std::fs::write(&en, format!("{text}nav-prev = Previous\n")).unwrap();
    let out = tmp.path().join("out");
    let run = run(tmp.path(), &["build", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(
        run.stderr_lines(),
        [
            r#"themes/mini/i18n/de.ftl: warning: 1 UI string(s) missing in language "de" (using "en"): nav-prev"#,
            "translations: de lacks 3 page(s): charleston.md, variants/_index.md, variants/riichi.md",
        ]
    );
    assert!(run.stdout.ends_with(" ms, 1 warning(s)\n"), "{run:?}");
    assert!(out.join("en/index.html").is_file());
}

#[test]
fn build_writes_to_root_public_by_default() {
    let tmp = copy_fixture("basic");
    let run = run(tmp.path(), &["build"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let files: Vec<String> = built_files(&tmp.path().join("public"))
        .into_keys()
        .collect();
    assert_eq!(files, BASIC_FILES);
}

#[test]
fn check_writes_nothing() {
    let tmp = copy_fixture("basic");
    let before = snapshot(tmp.path());
    let run = run(tmp.path(), &["check"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(
        run.stdout,
        "checked 7 pages in 2 languages (0 exercises): no errors, 0 warning(s)\n"
    );
    assert_eq!(snapshot(tmp.path()), before);
    let entries: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert!(!entries.iter().any(|e| e.contains("public")), "{entries:?}");
}

/// A failed build leaves the previous site untouched; a good one replaces it
/// completely, so pages removed since are gone.
#[test]
fn output_is_replaced_atomically() {
    let tmp = copy_fixture("basic");
    let root = tmp.path();
    let public = root.join("public");
    let ok = run(root, &["build"]);
    assert_eq!(ok.code, Some(0), "{ok:?}");
    let first = snapshot(&public);
    assert_eq!(built_files(&public).keys().collect::<Vec<_>>(), BASIC_FILES);

    // Break a page: nothing changes on disk.
    let tiles = root.join("content/en/tiles.md");
    let good_tiles = std::fs::read_to_string(&tiles).unwrap();
    std::fs::write(&tiles, format!("{good_tiles}\nSee [dice](dice.md).\n")).unwrap();
    let failed = run(root, &["build"]);
    assert_eq!(failed.code, Some(1), "{failed:?}");
    assert!(
        failed.stderr.contains(&format!(
            "error: build failed with 1 error(s); {} left untouched\n",
            public.display()
        )),
        "{failed:?}"
    );
    assert_eq!(snapshot(&public), first);
    // The failed build's staging folder is kept as the spare the next
    // build recycles (git-ignored); nothing else is left beside the output.
    let leftovers: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert_eq!(leftovers, [".public.spare"], "staging folders left");
    let git_ignore = std::fs::read_to_string(root.join(".public.spare/.gitignore")).unwrap();
    assert_eq!(git_ignore.lines().last(), Some("*"));

    // Fix it, add a page, remove another: stale files are gone.
    std::fs::write(&tiles, good_tiles).unwrap();
    write(
        root,
        "content/en/dice.md",
        &DRAFT.replace("draft = true\n", ""),
    );
    std::fs::remove_file(root.join("content/en/variants/riichi.md")).unwrap();
    let config = std::fs::read_to_string(root.join("config.toml")).unwrap();
    write(
        root,
        "config.toml",
        &config.replace("top_links = [\"variants/riichi.md\"]", "top_links = []"),
    );
    write(
        root,
        "content/en/variants/_index.md",
        "+++\ntitle = \"Variants\"\nweight = 60\n+++\nOther games.\n",
    );
    let ok = run(root, &["build"]);
    assert_eq!(ok.code, Some(0), "{ok:?}");
    let second = built_files(&public);
    let mut expected: Vec<&str> = BASIC_FILES
        .iter()
        .copied()
        .filter(|f| *f != "en/variants/riichi/index.html")
        .collect();
    expected.push("en/dice/index.html");
    expected.sort();
    assert_eq!(second.keys().collect::<Vec<_>>(), expected);
    assert_ne!(second["en/index.html"], first["en/index.html"]);
}

#[test]
fn a_folder_link_points_at_its_section_page() {
    let tmp = copy_fixture("basic");
    write(
        tmp.path(),
        "content/en/tiles.md",
        "+++\ntitle = \"Tiles\"\nweight = 10\n+++\n## Jokers {#jokers}\nSee [the variants](variants/) and [Riichi](variants/riichi.md).\n",
    );
    let site = build_ok(&options(tmp.path()));
    let html = site.text("en/tiles/index.html");
    assert!(html.contains(r#"href="/course/en/variants/""#), "{html}");
    assert!(
        html.contains(r#"href="/course/en/variants/riichi/""#),
        "{html}"
    );
}
