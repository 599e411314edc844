//! One small invalid site per error under `tests/fixtures/errors/<case>/`;
//! each test asserts the exact diagnostics printed (`path:line:col: error:
//! message`). Lines and columns were counted by hand in the fixture files.

mod common;

use common::*;

/// Builds `errors/<case>` through the library and returns the diagnostics
/// exactly as `tilebook build` prints them; the build must have failed.
fn errors(case: &str) -> String {
    let root = fixture_path(&format!("errors/{case}"));
    let mut result = build(&options(&root));
    let text = diagnostics_text(&mut result);
    assert!(
        result.output.is_none(),
        "{case}: build succeeded with:\n{text}"
    );
    text
}

#[track_caller]
fn assert_errors(case: &str, expected: &[&str]) {
    let got = errors(case);
    let got: Vec<&str> = got.lines().collect();
    assert_eq!(got, expected, "diagnostics of errors/{case}");
}

#[test]
fn front_matter_type_error_points_at_the_value_in_the_file() {
    // content/en/tiles.md line 3 is `weight = "x"`: the value starts at column 10.
    assert_errors(
        "front_matter_type",
        &[
            r#"content/en/tiles.md:3:10: error: front matter: invalid type: string "x", expected i64"#,
        ],
    );
}

/// Links to a page whose front matter is broken are not reported as links
/// to a missing page: the file exists, and its own error says what is wrong.
#[test]
fn a_page_that_fails_to_load_is_not_also_a_broken_link() {
    let tmp = copy_fixture("errors/front_matter_type");
    write(
        tmp.path(),
        "content/en/_index.md",
        "+++\ntitle = \"Home\"\n+++\nSee [the tiles](tiles.md#jokers).\n",
    );
    let mut result = build(&options(tmp.path()));
    assert_eq!(
        diagnostics_text(&mut result),
        "content/en/tiles.md:3:10: error: front matter: invalid type: string \"x\", expected i64\n"
    );
    assert!(result.output.is_none());
}

#[test]
fn missing_title() {
    // The front matter TOML starts on line 2.
    assert_errors(
        "missing_title",
        &["content/en/tiles.md:2:1: error: front matter: missing field `title`"],
    );
}

#[test]
fn unknown_language_folder() {
    assert_errors(
        "unknown_language",
        &[
            r#"content/fr: error: content folder "fr" is not a configured language; add [languages.fr] to config.toml or rename the folder (configured: en)"#,
        ],
    );
}

#[test]
fn configured_language_without_folder() {
    assert_errors(
        "language_without_folder",
        &[r#"config.toml:9:1: error: language "de" is configured but content/de/ does not exist"#],
    );
}

#[test]
fn broken_internal_link() {
    // Line 4: `See [the tiles](tiles.md).`: the link starts at column 5.
    assert_errors(
        "broken_link",
        &[
            r#"content/en/_index.md:4:5: error: link to missing page "tiles.md" (no content/en/tiles.md)"#,
        ],
    );
}

#[test]
fn broken_anchor() {
    // Line 6: `Then [jokers](tiles.md#joker).`: the heading is `## Jokers` (#jokers).
    assert_errors(
        "broken_anchor",
        &[
            "content/en/_index.md:6:6: error: broken anchor: content/en/tiles.md has no heading with id #joker",
        ],
    );
}

#[test]
fn template_syntax_error() {
    // page.html line 3: `<body>{% if %}`: the `%}` where a condition belongs is column 13.
    assert_errors(
        "template_syntax",
        &[
            "themes/mini/templates/page.html:3:13: error: Found `%}` but expected one of: integer, float, string, bool, ident, `-`, `not`, `<`, `{`, `[` or `(`",
        ],
    );
}

#[test]
fn template_render_error_names_page_template_and_location() {
    // page.html line 3: `<body><h1>{{ page.heading }}`: `heading` is column 19.
    assert_errors(
        "template_render",
        &[
            "themes/mini/templates/page.html:3:19: error: Field `heading` is not defined. Available fields: content, description, exercise_count, has_exercises, is_section, permalink, practice, rel, source_path, stale, title, toc, untranslated, url (rendering content/en/tiles.md with template page.html)",
        ],
    );
}

#[test]
fn unknown_filter_in_template() {
    // page.html line 3: `<head><title>{{ page.title | shout }}`: `shout` is column 30.
    assert_errors(
        "unknown_filter",
        &["themes/mini/templates/page.html:3:30: error: Unknown filter `shout`"],
    );
}

#[test]
fn duplicate_output_url() {
    // pung.md has `slug = "meld"`, the URL of meld.md.
    assert_errors(
        "duplicate_url",
        &[
            "content/en/pung.md:3:1: error: duplicate output URL /en/meld/: content/en/meld.md already writes it",
            "  note: content/en/meld.md:1:1: first page with this URL",
        ],
    );
}

#[test]
fn unknown_glossary_term() {
    // Line 4: `A [joker](term:joker) is wild; a [nope](term:nope) is not.`:
    // the known term resolves, `[nope]` starts at column 34.
    assert_errors(
        "unknown_term",
        &[
            r#"content/en/_index.md:4:34: error: unknown glossary term "nope" (terms are defined in glossary/terms.toml)"#,
        ],
    );
}

#[test]
fn known_glossary_term_links_to_the_glossary_page() {
    // The same fixture without the bad link builds, and `term:joker` points
    // at the term's entry on the glossary page.
    let tmp = copy_fixture("errors/unknown_term");
    write(
        tmp.path(),
        "content/en/_index.md",
        "+++\ntitle = \"Home\"\n+++\nA [joker](term:joker) is wild.\n",
    );
    let site = build_ok(&options(tmp.path()));
    let doc = site.html("en/index.html");
    assert_eq!(href_of(&doc, "a", "joker"), "/en/glossary/#term-joker");
    let glossary = site.html("en/glossary/index.html");
    assert_eq!(text(select_one(&glossary, "dt#term-joker")), "Joker");
}

#[test]
fn all_errors_of_a_run_are_reported_and_the_build_fails() {
    let tmp = copy_fixture("errors/all_errors");
    let run = run(tmp.path(), &["build"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    let public = tmp.path().join("public");
    assert_eq!(
        run.stderr_lines(),
        [
            // Line 4: `Start here, then read [the rest](missing.md).`
            r#"content/en/_index.md:4:23: error: link to missing page "missing.md" (no content/en/missing.md)"#,
            // Line 3: `weight = "ten"`
            r#"content/en/tiles.md:3:10: error: front matter: invalid type: string "ten", expected i64"#,
            // Line 3: `<body>{{ page.content | safe }}{{ page.title | shout }}`
            "themes/mini/templates/page.html:3:48: error: Unknown filter `shout`",
            &format!(
                "error: build failed with 3 error(s); {} left untouched",
                public.display()
            ),
        ]
    );
    assert!(run.stdout.is_empty(), "{run:?}");
    assert!(!public.exists());

    let check = common::run(tmp.path(), &["check"]);
    assert_eq!(check.code, Some(1), "{check:?}");
    assert_eq!(check.stderr_lines().last(), Some(&"error: 3 error(s)"));
}

#[test]
fn rule_lessons_must_name_rules_and_existing_sections() {
    let tmp = copy_fixture("basic");
    let config = std::fs::read_to_string(tmp.path().join("config.toml")).unwrap();
    let extra = "\n[exercises.rule_lessons]\nnot-a-rule = \"tiles.md#jokers\"\njoker-never-passed = \"tiles.md#nope\"\npass-direction = \"gone.md\"\n";
    std::fs::write(tmp.path().join("config.toml"), format!("{config}{extra}")).unwrap();
    let lines = config.lines().count();
    let r = run(tmp.path(), &["check"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    let errors: Vec<&str> = r
        .stderr_lines()
        .into_iter()
        .filter(|l| l.contains("rule_lessons"))
        .collect();
    assert_eq!(
        errors,
        [
            format!(
                "config.toml:{}:1: error: [exercises.rule_lessons]: \"not-a-rule\" is not a rule id of the rules module",
                lines + 3
            ),
            format!(
                "config.toml:{}:1: error: [exercises.rule_lessons]: joker-never-passed points at #nope, which content/en/tiles.md does not have",
                lines + 4
            ),
            format!(
                "config.toml:{}:1: error: [exercises.rule_lessons]: pass-direction points at missing page content/en/gone.md",
                lines + 5
            ),
        ]
    );
}
