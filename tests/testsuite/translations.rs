//! The translation workflow as a translator uses it: `new-language`,
//! `translations` (text and JSON), `translations mark`, stale reports and the
//! notices in the built pages. Runs the real binary on temp copies of the
//! `basic` fixture with the real `felt` theme.

use crate::support::common;

use std::path::Path;

use common::*;
use serde_json::Value;

/// The basic fixture switched to the repo's `felt` theme.
pub(crate) fn felt_site() -> tempfile::TempDir {
    let tmp = copy_fixture("basic");
    let root = tmp.path();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_tree(&repo.join("themes/felt"), &root.join("themes/felt"));
    let config = std::fs::read_to_string(root.join("config.toml")).unwrap();
    std::fs::write(
        root.join("config.toml"),
        config.replace("theme = \"mini\"", "theme = \"felt\""),
    )
    .unwrap();
    tmp
}

/// The `translations` report with each wrapped item on one line again.
pub(crate) fn unwrapped(report: &str) -> String {
    let mut out = String::new();
    for line in report.lines() {
        // An item's lines after its first are indented by two more.
        if line.starts_with("        ") || (line.starts_with("    ") && !line.starts_with("     "))
        {
            out.pop();
            out.push(' ');
            out.push_str(line.trim_start());
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

pub(crate) fn status_json(root: &Path) -> Value {
    let r = run(root, &["translations", "--format", "json"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", r.stdout))
}

pub(crate) fn lang<'a>(status: &'a Value, code: &str) -> &'a Value {
    status
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["code"] == code)
        .unwrap_or_else(|| panic!("no language {code} in {status}"))
}

fn append(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    let mut s = std::fs::read_to_string(&path).unwrap();
    s.push_str(text);
    std::fs::write(path, s).unwrap();
}

#[test]
fn a_changed_source_makes_its_marked_translation_stale_until_marked_again() {
    let tmp = felt_site();
    let root = tmp.path();

    // Unmarked translations are counted but not reported as stale.
    let s = status_json(root);
    assert_eq!(lang(&s, "de")["unmarked"], 2);
    assert_eq!(lang(&s, "de")["stale"], 0);

    let r = run(root, &["translations", "mark", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout
            .contains("marked content/de/tiles.md as translated from content/en/tiles.md"),
        "{r:?}"
    );
    let marked = std::fs::read_to_string(root.join("content/de/tiles.md")).unwrap();
    assert!(marked.contains("translated_from = \""), "{marked}");

    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(!r.stderr.contains("stale"), "{r:?}");
    let page = std::fs::read_to_string(root.join("public/de/tiles/index.html")).unwrap();
    assert!(!page.contains("notice--stale"));

    // The English source changes: the German page is stale.
    append(
        root,
        "content/en/tiles.md",
        "\nA new paragraph about flowers.\n",
    );
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let line = r
        .stderr_lines()
        .into_iter()
        .find(|l| l.contains("stale"))
        .unwrap_or_else(|| panic!("no stale warning: {r:?}"));
    assert_eq!(
        line,
        "content/de/tiles.md:4:1: warning: translation is stale: content/en/tiles.md changed since it was translated; update it, then run `tilebook translations mark content/de/tiles.md`"
    );
    let doc = scraper::Html::parse_document(
        &std::fs::read_to_string(root.join("public/de/tiles/index.html")).unwrap(),
    );
    let notice = select_one(&doc, ".notice--stale");
    let text: String = notice.text().collect();
    assert!(
        text.contains("Diese Übersetzung ist möglicherweise veraltet"),
        "{text}"
    );
    let link = select_one(&doc, ".notice--stale a");
    assert_eq!(attr(link, "href"), "/course/en/tiles/");
    assert_eq!(lang(&status_json(root), "de")["stale"], 1);

    // Updating and marking clears it.
    let r = run(root, &["translations", "mark", "content/de/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let r = run(root, &["build"]);
    assert!(!r.stderr.contains("stale"), "{r:?}");
    let page = std::fs::read_to_string(root.join("public/de/tiles/index.html")).unwrap();
    assert!(!page.contains("notice--stale"));
    assert_eq!(lang(&status_json(root), "de")["stale"], 0);
}

#[test]
fn marking_refuses_default_language_pages_and_unknown_paths() {
    let tmp = felt_site();
    let r = run(tmp.path(), &["translations", "mark", "content/en/tiles.md"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.stderr
            .contains("content/en/tiles.md: error: this is a default-language page"),
        "{r:?}"
    );
    let r = run(tmp.path(), &["translations", "mark", "content/de/nope.md"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.stderr
            .contains("content/de/nope.md: error: not a page of this site"),
        "{r:?}"
    );
}

#[test]
fn a_new_translator_adds_spanish_and_translates_one_page() {
    let tmp = felt_site();
    let root = tmp.path();
    let r = run(root, &["new-language", "es", "--name", "Español"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    for f in [
        "content/es/_index.md",
        "content/es/tiles.md",
        "content/es/variants/riichi.md",
        "i18n/es.ftl",
    ] {
        assert!(root.join(f).exists(), "{f} missing: {r:?}");
    }
    let config = std::fs::read_to_string(root.join("config.toml")).unwrap();
    assert!(
        config.contains("[languages.es]\nname = \"Español\""),
        "{config}"
    );

    // The site builds at once, showing the copies as untranslated.
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let doc = scraper::Html::parse_document(
        &std::fs::read_to_string(root.join("public/es/tiles/index.html")).unwrap(),
    );
    assert_eq!(attr(select_one(&doc, "html"), "lang"), "es");
    assert!(select(&doc, ".notice--untranslated").len() == 1);
    assert_eq!(attr(select_one(&doc, ".content"), "lang"), "en");
    assert!(!select(&doc, "nav .untranslated-marker").is_empty());

    let s = status_json(root);
    let es = lang(&s, "es");
    assert_eq!(
        (es["translated"].as_u64(), es["missing"].as_u64()),
        (Some(0), Some(5))
    );
    assert!(es["strings_missing"].as_array().unwrap().len() > 10, "{es}");

    // Translate one page and mark it.
    let text = "+++\ntitle = \"Fichas\"\nweight = 10\nuntranslated = true\n+++\n## Comodines {#jokers}\nHay ocho.\n";
    std::fs::write(root.join("content/es/tiles.md"), text).unwrap();
    let r = run(root, &["translations", "mark", "content/es/tiles.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let s = status_json(root);
    let es = lang(&s, "es");
    assert_eq!(
        (
            es["translated"].as_u64(),
            es["missing"].as_u64(),
            es["stale"].as_u64()
        ),
        (Some(1), Some(4), Some(0)),
        "{es}"
    );

    let r = run(root, &["translations"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let es_row = r.stdout.lines().find(|l| l.starts_with("es ")).unwrap();
    let cols: Vec<&str> = es_row.split_whitespace().collect();
    assert_eq!(&cols[..6], ["es", "5", "1", "0", "0", "4"], "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "  content/es/variants/riichi.md\n      missing: an untranslated copy of content/en/variants/riichi.md\n"
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("\nes (Español): 4 page(s) missing, "),
        "{}",
        r.stdout
    );

    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let page = std::fs::read_to_string(root.join("public/es/tiles/index.html")).unwrap();
    assert!(page.contains("Hay ocho.") && !page.contains("notice--untranslated"));
}

#[test]
fn new_language_refuses_an_existing_language() {
    let tmp = felt_site();
    let r = run(tmp.path(), &["new-language", "de", "--name", "Deutsch"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.stderr.contains("language \"de\" is already configured"),
        "{r:?}"
    );
}

#[test]
fn rtl_languages_get_dir_and_non_latin_headings_get_stable_unique_ids() {
    let tmp = felt_site();
    let root = tmp.path();
    append(
        root,
        "config.toml",
        "\n[languages.ar]\nname = \"العربية\"\nweight = 3\ndir = \"rtl\"\n",
    );
    write(
        root,
        "content/ar/tiles.md",
        "+++\ntitle = \"القطع\"\n+++\n## الجوكر\nنص\n## الجوكر\nنص\n",
    );
    // Arabic UI strings are not written: warnings only, the build succeeds.
    let built = Built {
        result: build(&options(root)),
    };
    assert!(built.result.output.is_some());
    let doc = built.html("ar/tiles/index.html");
    let html = select_one(&doc, "html");
    assert_eq!((attr(html, "lang"), attr(html, "dir")), ("ar", "rtl"));
    let ids: Vec<&str> = select(&doc, ".content h2")
        .into_iter()
        .map(|h| attr(h, "id"))
        .collect();
    assert_eq!(ids, ["الجوكر", "الجوكر-1"]);
}

#[test]
fn templates_can_show_the_translation_status() {
    let tmp = felt_site();
    let root = tmp.path();
    write(
        root,
        "templates/status.html",
        "{% for l in translation_status() %}<p data-lang=\"{{ l.code }}\">{{ l.translated }}/{{ l.missing }}/{{ l.stale }}</p>{% endfor %}",
    );
    write(
        root,
        "content/en/status.md",
        "+++\ntitle = \"Status\"\ntemplate = \"status.html\"\n+++\n",
    );
    let built = Built {
        result: build(&options(root)),
    };
    assert!(built.result.output.is_some());
    let doc = built.html("en/status/index.html");
    let rows: Vec<String> = select(&doc, "p[data-lang]")
        .into_iter()
        .map(|r| format!("{}:{}", attr(r, "data-lang"), r.text().collect::<String>()))
        .collect();
    // en has 6 pages now (status included); de has 2 of them.
    assert_eq!(rows, ["en:6/0/0", "de:2/4/0"]);
}

const TERMS: &str = "[[term]]\nid = \"joker\"\n\n[[term]]\nid = \"flower\"\n";
const EN_GLOSSARY: &str = "[joker]\nname = \"Joker\"\ndefinition = \"A tile that stands for any other.\"\n\n[flower]\nname = \"Flower\"\ndefinition = \"A bonus tile.\"\ncompare = \"Some variants only.\"\n";
/// German texts with comments, a trailing comment on a key line, keys out
/// of order and blank lines: marking must keep all of them byte for byte.
const DE_GLOSSARY: &str = "# Deutsche Glossartexte.\n\n[joker]\nname = \"Joker\"   # wie im Englischen\ndefinition = \"Ein Stein, der jeden anderen ersetzt.\"\n\n# Blumen zählen nicht als Joker.\n[flower]\ndefinition = \"Ein Bonusstein.\"\nname = \"Blume\"\ncompare = \"Nur manche Varianten.\"\n";

/// The felt site with a two-term glossary in English and German (unmarked).
pub(crate) fn glossary_site() -> tempfile::TempDir {
    let tmp = felt_site();
    write(tmp.path(), "glossary/terms.toml", TERMS);
    write(tmp.path(), "glossary/en.toml", EN_GLOSSARY);
    write(tmp.path(), "glossary/de.toml", DE_GLOSSARY);
    tmp
}

fn read(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join(rel)).unwrap()
}

fn glossary_lines(r: &Run) -> Vec<&str> {
    r.stderr_lines()
        .into_iter()
        .filter(|l| l.contains("glossary"))
        .collect()
}

#[test]
fn unmarked_glossary_terms_are_counted_but_not_warned_about() {
    let tmp = glossary_site();
    let root = tmp.path();
    let s = status_json(root);
    let de = lang(&s, "de");
    assert_eq!(
        de["glossary_unmarked"],
        serde_json::json!(["joker", "flower"])
    );
    assert_eq!(de["glossary_stale"], serde_json::json!([]));
    assert_eq!(de["glossary_missing"], serde_json::json!([]));
    assert_eq!(lang(&s, "en")["glossary_unmarked"], serde_json::json!([]));

    let r = run(root, &["translations"]);
    assert!(
        unwrapped(&r.stdout).contains(
            "  glossary/de.toml\n      2 term(s) unmarked: joker, flower; once they match glossary/en.toml, run `tilebook translations mark glossary/de.toml`\n"
        ),
        "{}",
        r.stdout
    );

    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(glossary_lines(&r), Vec::<&str>::new(), "{r:?}");
}

#[test]
fn a_changed_english_definition_makes_its_marked_term_stale_until_marked_again() {
    let tmp = glossary_site();
    let root = tmp.path();

    let r = run(root, &["translations", "mark", "glossary/de.toml"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout,
        "marked 2 glossary term(s) in glossary/de.toml as translated from glossary/en.toml: joker, flower\n"
    );
    // Only the two `translated_from` lines are new; everything else is kept.
    let marked = read(root, "glossary/de.toml");
    let added: Vec<&str> = marked
        .lines()
        .filter(|l| l.starts_with("translated_from = \""))
        .collect();
    assert_eq!(added.len(), 2, "{marked}");
    assert_eq!(
        marked,
        DE_GLOSSARY
            .replace("ersetzt.\"\n", &format!("ersetzt.\"\n{}\n", added[0]))
            .replace("Varianten.\"\n", &format!("Varianten.\"\n{}\n", added[1]))
    );
    let s = status_json(root);
    let de = lang(&s, "de");
    assert_eq!(
        (&de["glossary_stale"], &de["glossary_unmarked"]),
        (&serde_json::json!([]), &serde_json::json!([]))
    );

    // The English definition of one term changes: its German text is stale.
    let en = read(root, "glossary/en.toml").replace("any other.", "any tile in a group.");
    write(root, "glossary/en.toml", &en);
    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        glossary_lines(&r),
        [
            "glossary/de.toml:3:1: warning: glossary term \"joker\" is stale: its text in glossary/en.toml changed since it was translated; update it, then run `tilebook translations mark glossary/de.toml`",
            "  note: glossary/en.toml:1:1: the current text",
        ],
        "{r:?}"
    );
    let s = status_json(root);
    let de = lang(&s, "de");
    assert_eq!(de["glossary_stale"], serde_json::json!(["joker"]));
    assert_eq!(de["glossary_unmarked"], serde_json::json!([]));
    let r = run(root, &["translations"]);
    assert!(
        unwrapped(&r.stdout).contains(
            "  glossary/de.toml\n      1 term(s) stale (changed in glossary/en.toml since marked): joker; update them, then run `tilebook translations mark glossary/de.toml`\n"
        ),
        "{}",
        r.stdout
    );

    // Marking the language again (pages and glossary) clears it; only the
    // stale term's line changes.
    let r = run(root, &["translations", "mark", "--lang", "de"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.ends_with("marked 1 glossary term(s) in glossary/de.toml as translated from glossary/en.toml: joker; 1 already marked\n"),
        "{r:?}"
    );
    let remarked = read(root, "glossary/de.toml");
    let changed: Vec<(&str, &str)> = marked
        .lines()
        .zip(remarked.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 1, "{remarked}");
    assert!(changed[0].1.starts_with("translated_from = \""));
    assert_eq!(marked.lines().count(), remarked.lines().count());
    let r = run(root, &["build"]);
    assert_eq!(glossary_lines(&r), Vec::<&str>::new(), "{r:?}");
    assert_eq!(
        lang(&status_json(root), "de")["glossary_stale"],
        serde_json::json!([])
    );
}

#[test]
fn marking_refuses_the_default_language_glossary() {
    let tmp = glossary_site();
    let root = tmp.path();
    let r = run(root, &["translations", "mark", "glossary/en.toml"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert_eq!(
        r.stderr,
        "glossary/en.toml: error: this is the default-language glossary, not a translation\n"
    );
    let r = run(root, &["translations", "mark", "glossary/terms.toml"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert_eq!(
        r.stderr,
        "glossary/terms.toml: error: not the glossary file of a configured language\n"
    );
    assert_eq!(read(root, "glossary/en.toml"), EN_GLOSSARY);
}
