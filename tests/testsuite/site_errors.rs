//! One small invalid site per error, written inline (`//- path` sections
//! over the defaults of `support::inline`); each test asserts the exact
//! diagnostics printed (`path:line:col: error: message`) as a snapshot
//! (`UPDATE_EXPECT=1` rewrites them).

use crate::support::common::{self, build_ok, href_of, options, select_one, text};
use crate::support::inline::{Inline, check};
use expect_test::expect;

/// A page whose `weight` is a string.
const WEIGHT_X: &str = r#"
    //- content/en/tiles.md
    +++
    title = "Tiles"
    weight = "x"
    +++
    Body.
"#;

#[test]
fn front_matter_type_error_points_at_the_value_in_the_file() {
    // content/en/tiles.md line 3 is `weight = "x"`: the value starts at column 10.
    check(
        WEIGHT_X,
        expect![[r#"
            content/en/tiles.md:3:10: error: front matter: invalid type: string "x", expected i64
        "#]],
    );
}

/// Links to a page whose front matter is broken are not reported as links
/// to a missing page: the file exists, and its own error says what is wrong.
#[test]
fn a_page_that_fails_to_load_is_not_also_a_broken_link() {
    check(
        &[
            WEIGHT_X,
            r#"
        //- content/en/_index.md
        +++
        title = "Home"
        +++
        See [the tiles](tiles.md#jokers).
        "#,
        ]
        .concat(),
        expect![[r#"
            content/en/tiles.md:3:10: error: front matter: invalid type: string "x", expected i64
        "#]],
    );
}

#[test]
fn missing_title() {
    // The front matter TOML starts on line 2.
    check(
        r#"
        //- content/en/tiles.md
        +++
        weight = 1
        +++
        Body.
        "#,
        expect![[r#"
            content/en/tiles.md:2:1: error: front matter: missing field `title`
        "#]],
    );
}

#[test]
fn unknown_language_folder() {
    check(
        r#"
        //- content/fr/_index.md
        +++
        title = "Accueil"
        +++
        "#,
        expect![[r#"
            content/fr: error: content folder "fr" is not a configured language; add [languages.fr] to config.toml or rename the folder (configured: en)
        "#]],
    );
}

#[test]
fn configured_language_without_folder() {
    check(
        r#"
        //- config.toml
        title = "Errors"
        base_url = "https://example.org/"
        default_language = "en"
        theme = "mini"

        [languages.en]
        name = "English"

        [languages.de]
        name = "Deutsch"
        "#,
        expect![[r#"
            config.toml:9:1: error: language "de" is configured but content/de/ does not exist
        "#]],
    );
}

#[test]
fn broken_internal_link() {
    // Line 4: `See [the tiles](tiles.md).`: the link starts at column 5.
    check(
        r#"
        //- content/en/_index.md
        +++
        title = "Home"
        +++
        See [the tiles](tiles.md).
        "#,
        expect![[r#"
            content/en/_index.md:4:5: error: link to missing page "tiles.md" (no content/en/tiles.md)
        "#]],
    );
}

#[test]
fn broken_anchor() {
    // Line 6: `Then [jokers](tiles.md#joker).`: the heading is `## Jokers` (#jokers).
    check(
        r#"
        //- content/en/_index.md
        +++
        title = "Home"
        +++
        Read this first.

        Then [jokers](tiles.md#joker).
        //- content/en/tiles.md
        +++
        title = "Tiles"
        +++
        ## Jokers
        Eight.
        "#,
        expect![[r#"
            content/en/_index.md:6:6: error: broken anchor: content/en/tiles.md has no heading with id #joker
        "#]],
    );
}

/// A page rendered with `page.html`.
const TILES: &str = r#"
    //- content/en/tiles.md
    +++
    title = "Tiles"
    +++
    Body.
"#;

#[test]
fn template_syntax_error() {
    // page.html line 3: `<body>{% if %}`: the `%}` where a condition belongs is column 13.
    check(
        &[
            TILES,
            r#"
        //- themes/mini/templates/page.html
        <!doctype html>
        <html lang="{{ lang }}">
        <body>{% if %}{{ page.content | safe }}</body></html>
        "#,
        ]
        .concat(),
        expect![[r#"
            themes/mini/templates/page.html:3:13: error: Found `%}` but expected one of: integer, float, string, bool, ident, `-`, `not`, `<`, `{`, `[` or `(`
        "#]],
    );
}

#[test]
fn template_render_error_names_page_template_and_location() {
    // page.html line 3: `<body><h1>{{ page.heading }}`: `heading` is column 19.
    check(
        &[
            TILES,
            r#"
        //- themes/mini/templates/page.html
        <!doctype html>
        <html lang="{{ lang }}">
        <body><h1>{{ page.heading }}</h1>{{ page.content | safe }}</body></html>
        "#,
        ]
        .concat(),
        expect![[r#"
            themes/mini/templates/page.html:3:19: error: Field `heading` is not defined. Available fields: content, description, exercise_count, has_exercises, is_section, permalink, practice, rel, source_path, stale, title, toc, untranslated, url (rendering content/en/tiles.md with template page.html)
        "#]],
    );
}

#[test]
fn unknown_filter_in_template() {
    // page.html line 3: `<head><title>{{ page.title | shout }}`: `shout` is column 30.
    check(
        r#"
        //- themes/mini/templates/page.html
        <!doctype html>
        <html lang="{{ lang }}">
        <head><title>{{ page.title | shout }}</title></head>
        <body>{{ page.content | safe }}</body></html>
        "#,
        expect![[r#"
            themes/mini/templates/page.html:3:30: error: Unknown filter `shout`
        "#]],
    );
}

#[test]
fn duplicate_output_url() {
    // pung.md has `slug = "meld"`, the URL of meld.md.
    check(
        r#"
        //- content/en/meld.md
        +++
        title = "Meld"
        +++
        A set.
        //- content/en/pung.md
        +++
        title = "Pung"
        slug = "meld"
        +++
        Three alike.
        "#,
        expect![[r#"
            content/en/pung.md:3:1: error: duplicate output URL /en/meld/: content/en/meld.md already writes it
              note: content/en/meld.md:1:1: first page with this URL
        "#]],
    );
}

/// A glossary of one term, `joker`, and the page that lists it.
const JOKER_GLOSSARY: &str = r#"
    //- content/en/glossary.md
    +++
    title = "Glossary"
    +++
    ```glossary
    ```
    //- glossary/en.toml
    [joker]
    name = "Joker"
    definition = "A wild tile."
    //- glossary/terms.toml
    [[term]]
    id = "joker"
"#;

#[test]
fn unknown_glossary_term() {
    // Line 4: `A [joker](term:joker) is wild; a [nope](term:nope) is not.`:
    // the known term resolves, `[nope]` starts at column 34.
    let site = Inline::new(
        r#"
        //- content/en/_index.md
        +++
        title = "Home"
        +++
        A [joker](term:joker) is wild; a [nope](term:nope) is not.
        "#,
    )
    .with(JOKER_GLOSSARY);
    expect![[r#"
        content/en/_index.md:4:34: error: unknown glossary term "nope" (terms are defined in glossary/terms.toml)
    "#]]
    .assert_eq(&site.diagnostics());
}

#[test]
fn known_glossary_term_links_to_the_glossary_page() {
    // The same site without the bad link builds, and `term:joker` points
    // at the term's entry on the glossary page.
    let site = Inline::new(
        r#"
        //- content/en/_index.md
        +++
        title = "Home"
        +++
        A [joker](term:joker) is wild.
        "#,
    )
    .with(JOKER_GLOSSARY);
    let built = build_ok(&options(site.root()));
    let doc = built.html("en/index.html");
    assert_eq!(href_of(&doc, "a", "joker"), "/en/glossary/#term-joker");
    let glossary = built.html("en/glossary/index.html");
    assert_eq!(text(select_one(&glossary, "dt#term-joker")), "Joker");
}

#[test]
fn all_errors_of_a_run_are_reported_and_the_build_fails() {
    // `_index.md` line 4: the link; `tiles.md` line 3: `weight = "ten"`;
    // `page.html` line 3: `| shout`.
    let site = Inline::new(
        r#"
        //- content/en/_index.md
        +++
        title = "Home"
        +++
        Start here, then read [the rest](missing.md).
        //- content/en/tiles.md
        +++
        title = "Tiles"
        weight = "ten"
        +++
        Body.
        //- themes/mini/templates/page.html
        <!doctype html>
        <html lang="{{ lang }}">
        <body>{{ page.content | safe }}{{ page.title | shout }}</body></html>
        "#,
    );
    let build = site.run(&["build"]);
    expect![[r#"
        exit Some(1)
        --- stdout
        --- stderr
        content/en/_index.md:4:23: error: link to missing page "missing.md" (no content/en/missing.md)
        content/en/tiles.md:3:10: error: front matter: invalid type: string "ten", expected i64
        themes/mini/templates/page.html:3:48: error: Unknown filter `shout`
        error: build failed with 3 error(s); $ROOT/public left untouched
    "#]]
    .assert_eq(&build);
    assert!(!site.root().join("public").exists());
    // `check` reports the same, and only counts at the end.
    assert_eq!(
        site.run(&["check"]),
        build.replace(
            "error: build failed with 3 error(s); $ROOT/public left untouched",
            "error: 3 error(s)"
        )
    );
}

#[test]
fn rule_lessons_must_name_rules_and_existing_sections() {
    let tmp = common::copy_fixture("basic");
    let config = std::fs::read_to_string(tmp.path().join("config.toml")).unwrap();
    let extra = "\n[exercises.rule_lessons]\nnot-a-rule = \"tiles.md#jokers\"\njoker-never-passed = \"tiles.md#nope\"\npass-direction = \"gone.md\"\n";
    std::fs::write(tmp.path().join("config.toml"), format!("{config}{extra}")).unwrap();
    let lines = config.lines().count();
    let r = common::run(tmp.path(), &["check"]);
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
