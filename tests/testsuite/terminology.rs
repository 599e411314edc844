//! The terminology check on `tests/fixtures/terminology`: its Catalan
//! glossary says to avoid "prestatge" for the term `rack` ("Faristol"). The
//! build, `check` and `translations` (text and JSON) report each use at its
//! `path:line:col` — in a page's title, prose and quiz prompt, a glossary
//! entry, the theme's and the site's UI strings — and never inside code, a
//! tiles block, TOML keys, the `avoid` list itself, or a longer word.

use crate::support::common;

use common::*;

/// The warnings, in the order the build prints them. Lines and columns
/// were counted by hand in the fixture.
const WARNINGS: [&str; 6] = [
    "content/ca/rack.md:2:13: warning: \"prestatge\" is a variant to avoid in ca: write \"Faristol\" (glossary term `rack`)",
    "content/ca/rack.md:7:20: warning: \"Prestatge\" is a variant to avoid in ca: write \"Faristol\" (glossary term `rack`)",
    "content/ca/rack.md:15:38: warning: \"prestatge\" is a variant to avoid in ca: write \"Faristol\" (glossary term `rack`)",
    "glossary/ca.toml:3:58: warning: \"prestatge\" is a variant to avoid in ca: write \"Faristol\" (glossary term `rack`)",
    "i18n/ca.ftl:2:31: warning: \"Prestatge\" is a variant to avoid in ca: write \"Faristol\" (glossary term `rack`)",
    "themes/mini/i18n/ca.ftl:33:67: warning: \"prestatge\" is a variant to avoid in ca: write \"Faristol\" (glossary term `rack`)",
];

#[test]
fn build_and_check_warn_at_each_avoided_variant() {
    let mut result = build(&options(&fixture_path("terminology")));
    let text = diagnostics_text(&mut result);
    assert!(result.output.is_some(), "warnings do not stop the build");
    assert_eq!(text.lines().collect::<Vec<_>>(), WARNINGS, "{text}");

    let r = run(&fixture_path("terminology"), &["check"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let warnings: Vec<&str> = r
        .stderr_lines()
        .into_iter()
        .filter(|l| l.contains(": warning: "))
        .collect();
    assert_eq!(warnings, WARNINGS, "{r:?}");
}

#[test]
fn translations_lists_the_avoided_variants() {
    let root = fixture_path("terminology");
    let r = run(&root, &["translations"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    // Grouped by file (paths sorted), each use at its line and column.
    let lines: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| {
            l.contains("avoid \"")
                || (l.starts_with("  ") && !l.starts_with("   ") && l.contains('/'))
        })
        .filter(|l| !l.contains("_index.md") && !l.contains("Next:"))
        .collect();
    assert_eq!(
        lines,
        [
            "  content/ca/rack.md",
            "      2:13: avoid \"prestatge\", write \"Faristol\" (glossary term `rack`)",
            "      7:20: avoid \"Prestatge\", write \"Faristol\" (glossary term `rack`)",
            "      15:38: avoid \"prestatge\", write \"Faristol\" (glossary term `rack`)",
            "  glossary/ca.toml",
            "      3:58: avoid \"prestatge\", write \"Faristol\" (glossary term `rack`)",
            "  i18n/ca.ftl",
            "      2:31: avoid \"Prestatge\", write \"Faristol\" (glossary term `rack`)",
            "  themes/mini/i18n/ca.ftl",
            "      33:67: avoid \"prestatge\", write \"Faristol\" (glossary term `rack`)",
        ],
        "{}",
        r.stdout
    );

    let r = run(&root, &["translations", "--format", "json"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let status: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let by_code = |code: &str| {
        status
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["code"] == code)
            .unwrap()
            .clone()
    };
    assert_eq!(by_code("en")["terminology"], serde_json::json!([]));
    let ca = by_code("ca");
    let found = ca["terminology"].as_array().unwrap();
    assert_eq!(found.len(), 6);
    assert_eq!(
        found[0],
        serde_json::json!({
            "lang": "ca", "path": "content/ca/rack.md", "line": 2, "col": 13,
            "found": "prestatge", "term": "rack", "preferred": "Faristol",
        })
    );
}

#[test]
fn the_course_avoids_none_of_its_listed_variants() {
    // The course's avoid lists are the translators' to fill; whatever they
    // list, the course must not use it (0 warnings is also checked by
    // tests/course.rs).
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let r = run(root, &["translations", "--format", "json"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let status: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    for lang in status.as_array().unwrap() {
        assert_eq!(
            lang["terminology"],
            serde_json::json!([]),
            "{}",
            lang["code"]
        );
    }
}
