//! Nothing is lost: `build -o` over the sources, an ancestor, a foreign
//! folder or a file, and `new-language` with a bad code or name, refuse
//! before writing anything, and leave every byte as it was.
//!
//! Over 600 lines: one small case per refusal the issue lists (each output
//! folder, each bad code or name, each symlink), kept in one place so the
//! list of refusals can be read as a whole.

use crate::support::common;

use std::path::Path;

use crate::support::inline::{Inline, check_over};
use common::*;
use expect_test::expect;

/// Every entry under `dir` (files with their bytes, folders, symlinks with
/// their targets, never followed), for before/after comparisons.
fn everything(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.unwrap();
        let rel = entry
            .path()
            .strip_prefix(dir)
            .unwrap()
            .display()
            .to_string();
        let t = entry.file_type();
        let bytes = if t.is_symlink() {
            let target = std::fs::read_link(entry.path()).unwrap();
            format!("-> {}", target.display()).into_bytes()
        } else if t.is_dir() {
            b"<dir>".to_vec()
        } else {
            std::fs::read(entry.path()).unwrap()
        };
        out.insert(rel, bytes);
    }
    out
}

/// Runs `build -o <out>` (plus `extra`) in a copy of the basic fixture and
/// asserts it failed with exactly `expected` on stderr and changed nothing
/// under `watch` (a folder that holds the site and the output).
#[track_caller]
fn refused(site: &Path, out: &Path, extra: &[&str], expected: &str) {
    let watch = site.parent().unwrap();
    let before = everything(watch);
    let mut args = vec!["build", "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let run = run(site, &args);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(
        run.stderr,
        format!("{}: error: {expected}\n", out.display()),
        "{run:?}"
    );
    assert_eq!(run.stdout, "");
    assert!(
        everything(watch) == before,
        "files changed under {}",
        watch.display()
    );
}

/// A copy of the basic fixture at `<tmp>/site`, so that the tmp folder is an
/// ancestor of the site that tests can watch as a whole.
fn site() -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture_path("basic"), &site);
    (tmp, site)
}

const HOLDS: &str = "the output folder holds the site's sources (config.toml, content/, …); building there would delete them. Choose a folder outside the sources, e.g. the default `public/`";

fn inside(dir: &str) -> String {
    format!(
        "the output folder lies inside {dir}/, which the build reads; building there would replace sources. Choose a folder outside the sources, e.g. the default `public/`"
    )
}

#[test]
fn build_refuses_the_site_root_and_its_ancestors() {
    let (tmp, site) = site();
    refused(&site, &site, &[], HOLDS);
    refused(&site, &site.join("."), &["--force"], HOLDS);
    refused(&site, tmp.path(), &["--force"], HOLDS);
    refused(&site, &site.join("content/.."), &[], HOLDS);
}

#[test]
fn build_refuses_folders_the_build_reads() {
    let (_tmp, site) = site();
    refused(
        &site,
        &site.join("content"),
        &["--force"],
        &inside("content"),
    );
    refused(&site, &site.join("content/en"), &[], &inside("content"));
    refused(&site, &site.join("static/new"), &[], &inside("static"));
    refused(
        &site,
        &site.join("themes/mini/templates"),
        &["--force"],
        &inside("themes"),
    );
    refused(
        &site,
        &site.join("public/../glossary"),
        &[],
        &inside("glossary"),
    );
}

#[cfg(unix)]
#[test]
fn build_resolves_symlinks_before_comparing() {
    let (tmp, site) = site();
    let link = tmp.path().join("out");
    std::os::unix::fs::symlink(site.join("content"), &link).unwrap();
    refused(&site, &link, &["--force"], &inside("content"));
}

#[test]
fn build_refuses_a_foreign_folder_unless_forced() {
    let (tmp, site) = site();
    let out = tmp.path().join("mine");
    write(&out, "thesis.tex", "precious");
    write(&out, "figures/a.png", "png");
    refused(
        &site,
        &out,
        &[],
        "the output folder is not empty and was not written by tilebook (it has no .tilebook-output); it holds figures/, thesis.tex. A build replaces the whole folder: choose an empty or new folder, or pass --force to replace it",
    );
    let run = run(&site, &["build", "-o", out.to_str().unwrap(), "--force"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(!out.join("thesis.tex").exists());
    assert!(out.join(".tilebook-output").is_file());
    // Now it is tilebook's own: the next build needs no --force.
    let again = run_build(&site, &out);
    assert_eq!(again.code, Some(0), "{again:?}");
}

fn run_build(site: &Path, out: &Path) -> Run {
    run(site, &["build", "-o", out.to_str().unwrap()])
}

#[test]
fn build_refuses_a_file_and_writes_nothing() {
    let (tmp, site) = site();
    let out = tmp.path().join("site.zip");
    std::fs::write(&out, "zip").unwrap();
    refused(
        &site,
        &out,
        &["--force"],
        "the output path exists and is not a folder; nothing was written. Remove it or choose another output folder",
    );
}

#[test]
fn the_default_output_folder_builds_and_rebuilds() {
    let (_tmp, site) = site();
    for _ in 0..2 {
        let run = run(&site, &["build"]);
        assert_eq!(run.code, Some(0), "{run:?}");
    }
    assert!(site.join("public/.tilebook-output").is_file());
}

// ---- new-language -------------------------------------------------------------

#[track_caller]
fn language_refused(args: &[&str], expected: &str) {
    let (tmp, site) = site();
    let before = everything(tmp.path());
    let mut all = vec!["new-language"];
    all.extend_from_slice(args);
    let run = run(&site, &all);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.stderr, format!("error: {expected}\n"), "{run:?}");
    assert!(
        everything(tmp.path()) == before,
        "new-language {args:?} changed files"
    );
}

#[test]
fn new_language_refuses_bad_codes_and_names_and_writes_nothing() {
    language_refused(
        &["../../x", "--name", "X"],
        "\"../../x\" is not a language tag: a language code has no path separators or dots (e.g. es, pt-BR, zh-Hant, sr-Latn-RS)",
    );
    language_refused(
        &["a\\b", "--name", "X"],
        "\"a\\\\b\" is not a language tag: a language code has no path separators or dots (e.g. es, pt-BR, zh-Hant, sr-Latn-RS)",
    );
    language_refused(
        &["x", "--name", "X"],
        "\"x\" is not a well-formed BCP 47 language tag (invalid language subtag); use e.g. es, pt-BR, zh-Hant, sr-Latn-RS",
    );
    language_refused(
        &["EN", "--name", "X"],
        "language \"EN\" differs only in case from the configured language \"en\"",
    );
    language_refused(
        &["en", "--name", "X"],
        "language \"en\" is already configured",
    );
    language_refused(
        &["es", "--name", ""],
        "the language name is empty; give it as written in that language, e.g. --name Español",
    );
    language_refused(
        &["es", "--name", "  "],
        "the language name is empty; give it as written in that language, e.g. --name Español",
    );
    language_refused(
        &["es", "--name", "Espa\nñol"],
        "the language name must be on one line",
    );
}

#[test]
fn new_language_accepts_real_tags_and_the_site_still_builds() {
    for code in ["pt-BR", "zh-Hant", "sr-Latn-RS", "es"] {
        let (_tmp, site) = site();
        let run = run(&site, &["new-language", code, "--name", "Name \"quoted\""]);
        assert_eq!(run.code, Some(0), "{code}: {run:?}");
        assert!(site.join("content").join(code).is_dir());
        let check = common::run(&site, &["check"]);
        assert_eq!(check.code, Some(0), "{code}: {check:?}");
    }
}

#[test]
fn new_language_asks_for_the_canonical_form() {
    language_refused(
        &["pt_br", "--name", "X"],
        "\"pt_br\" is not a language tag in canonical form: write it \"pt-BR\" (e.g. es, pt-BR, zh-Hant, sr-Latn-RS)",
    );
}

// ---- broken input: every problem at its place -----------------------------------

/// The basic fixture with `files` written over it (bytes, so that files
/// that are not UTF-8 can be written too).
fn inline_site(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let tmp = copy_fixture("basic");
    for (rel, bytes) in files {
        let path = tmp.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    tmp
}

/// The diagnostics of building `root`, as `tilebook build` prints them,
/// one line each (notes included).
fn diagnostics_of(root: &Path) -> Vec<String> {
    let mut result = build(&options(root));
    diagnostics_text(&mut result)
        .lines()
        .map(str::to_string)
        .collect()
}

#[track_caller]
fn check_bytes(files: &[(&str, &[u8])], expect: &[&str]) {
    let site = inline_site(files);
    let mut result = build(&options(site.path()));
    let text = diagnostics_text(&mut result);
    assert_eq!(text.lines().collect::<Vec<_>>(), expect);
    if expect.iter().any(|l| l.contains(": error: ")) {
        assert!(
            result.output.is_none(),
            "a build with errors must not produce output"
        );
    }
}

const PAGE: &str = "+++\ntitle = \"Dice\"\n+++\n";

/// Not UTF-8, so not an inline site: the bytes are written as they are.
#[test]
fn text_that_is_not_utf8_is_located() {
    check_bytes(
        &[(
            "content/en/dice.md",
            b"+++\ntitle = \"Dice\"\n+++\nab\xffc\n",
        )],
        &[
            "content/en/dice.md:4:3: error: not UTF-8: byte 0xFF does not start a valid character; save the file as UTF-8",
        ],
    );
    check_bytes(
        &[("themes/mini/i18n/de.ftl", b"nav-next = N\xe4chste\n")],
        &[
            "themes/mini/i18n/de.ftl:1:13: error: not UTF-8: byte 0xE4 does not start a valid character; save the file as UTF-8",
        ],
    );
}

#[test]
fn control_characters_in_a_page_are_errors() {
    check_over(
        "basic",
        "//- content/en/dice.md\n+++\ntitle = \"Dice\"\n+++\nOne\u{0}two\n",
        expect![[r#"
            content/en/dice.md:4:4: error: control character U+0000 in the page; remove it (only tabs and line breaks are allowed)
        "#]],
    );
}

#[test]
fn a_heading_id_used_twice_names_both_places() {
    check_over(
        "basic",
        r#"
        //- content/en/dice.md
        +++
        title = "Dice"
        +++
        ## One {#x}

        ## Two {#x}
        "#,
        expect![[r#"
            content/en/dice.md:6:1: error: heading id "x" is used twice on this page; give each heading its own id
              note: content/en/dice.md:4:1: first used here
        "#]],
    );
}

/// `glossary/en.toml` and `glossary/de.toml` for one term, `soap`.
const SOAP: &str = r#"
    //- glossary/en.toml
    [soap]
    name = "Soap"
    definition = "The white dragon."
    //- glossary/de.toml
    [soap]
    name = "Soap"
    definition = "The white dragon."
"#;

#[test]
fn a_term_defined_twice_names_the_first() {
    let site = Inline::over("basic", SOAP);
    site.write(
        "glossary/terms.toml",
        "[[term]]\nid = \"soap\"\n\n[[term]]\nid = \"soap\"\n",
    );
    expect![[r#"
        glossary/terms.toml:5:6: error: term id "soap" is defined twice
          note: glossary/terms.toml:2:6: first defined here
    "#]]
    .assert_eq(&site.diagnostics());
}

#[test]
fn a_glossary_lesson_that_does_not_exist_is_an_error() {
    let site = Inline::over("basic", SOAP);
    site.write(
        "glossary/terms.toml",
        "[[term]]\nid = \"soap\"\nlesson = \"tiles.md#soap\"\n",
    );
    expect![[r#"
        glossary/terms.toml:3:10: error: term "soap": lesson "tiles.md#soap": content/en/tiles.md has no heading with id #soap
    "#]]
    .assert_eq(&site.diagnostics());
}

#[test]
fn a_translation_that_drops_or_invents_a_variable_is_an_error() {
    // A dropped `{ $count }` would take the number out of every page; a
    // misspelt `{ $titel }` would be published as "{$titel}".
    check_over(
        "basic",
        r#"
        //- themes/mini/i18n/en.ftl
        nav-next = Next
        lesson-count = { $count ->
            [one] 1 exercise
           *[other] { $count } exercises
        }
        heading = Exercise { $number }: { $title }
        //- i18n/de.ftl
        lesson-count = Übungen
        heading = Übung { $number }: { $titel }
        "#,
        expect![[r#"
            i18n/de.ftl:1:1: error: message `lesson-count` drops the variable `$count`: the default language's message shows it, so write `{ $count }` where it belongs
            i18n/de.ftl:2:32: error: unknown variable `$titel` in message `heading`: did you mean `$title`? (the default language's message takes `$number`, `$title`)
        "#]],
    );
}

#[test]
fn a_fluent_syntax_error_is_located() {
    check_over(
        "basic",
        r#"
        //- i18n/de.ftl
        nav-next = Weiter
        nav-prev = { $count
        "#,
        expect![[r#"
            i18n/de.ftl:3:1: error: Fluent syntax error: Expected a token starting with "}"
        "#]],
    );
}

#[test]
fn a_top_link_without_a_page_is_an_error() {
    let site = Inline::over("basic", "");
    let config = std::fs::read_to_string(site.root().join("config.toml")).unwrap();
    site.write(
        "config.toml",
        &config.replace(
            "top_links = [\"variants/riichi.md\"]",
            "top_links = [\"variants/riichi.md\", \"variants/mcr.md\"]",
        ),
    );
    expect![[r#"
        config.toml:5:36: error: top_links: no page content/en/variants/mcr.md
    "#]]
    .assert_eq(&site.diagnostics());
}

#[test]
fn a_static_file_with_a_generated_files_url_is_an_error() {
    check_over(
        "basic",
        r#"
        //- static/en/tiles/index.html
        <p>mine</p>
        "#,
        expect![[r#"
            static/en/tiles/index.html: error: static file en/tiles/index.html maps to the same URL as a generated file (/course/en/tiles/index.html); rename or move it
        "#]],
    );
}

#[cfg(unix)]
#[test]
fn symlinks_outside_the_site_or_in_loops_are_errors_dangling_ones_warnings() {
    use std::os::unix::fs::symlink;
    let site = inline_site(&[]);
    let root = site.path();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("passwd"), "secret").unwrap();
    symlink(outside.path().join("passwd"), root.join("static/passwd")).unwrap();
    symlink(root.join("static"), root.join("static/again")).unwrap();
    symlink(root.join("nothing.css"), root.join("static/gone.css")).unwrap();
    std::fs::write(root.join("shared.css"), "body{}").unwrap();
    symlink(root.join("shared.css"), root.join("static/shared.css")).unwrap();
    let target = outside.path().join("passwd").canonicalize().unwrap();
    assert_eq!(
        diagnostics_of(root),
        [
            "static/again: error: symbolic link loop: it leads back to static; remove the link".to_string(),
            format!("static/gone.css: warning: symbolic link points to nothing ({}) does not exist); skipped", root.join("nothing.css").display()).replace(") does", " does"),
            format!("static/passwd: error: symbolic link points outside the site (to {}); only links to files inside the site folder are followed", target.display()),
        ]
    );
    // A link inside the site is followed; after removing the bad ones the site builds.
    std::fs::remove_file(root.join("static/passwd")).unwrap();
    std::fs::remove_file(root.join("static/again")).unwrap();
    std::fs::remove_file(root.join("static/gone.css")).unwrap();
    let built = build_ok(&options(root));
    assert_eq!(built.bytes("shared.css"), b"body{}");
}

#[test]
fn scripts_in_pages_are_refused_unless_the_site_opts_in() {
    let page = r#"
        //- content/en/dice.md
        +++
        title = "Dice"
        +++
        Hi <b onclick="steal()">there</b>

        <script>steal()</script>
        "#;
    check_over(
        "basic",
        page,
        expect![[r#"
            content/en/dice.md:4:7: error: an event attribute `onclick=` in the page; pages may not run code unless the site opts in with `[markdown] allow_scripts = true` in config.toml
            content/en/dice.md:6:1: error: a <script> element in the page; pages may not run code unless the site opts in with `[markdown] allow_scripts = true` in config.toml
        "#]],
    );
    let site = Inline::over("basic", page);
    let config = std::fs::read_to_string(site.root().join("config.toml")).unwrap();
    site.write(
        "config.toml",
        &(config + "\n[markdown]\nallow_scripts = true\n"),
    );
    expect![[""]].assert_eq(&site.diagnostics());
}

#[test]
fn urls_are_percent_encoded_in_links_and_the_sitemap() {
    let site = inline_site(&[
        (
            "content/en/größe und form.md",
            format!("{PAGE}Sizes.\n").as_bytes(),
        ),
        (
            "content/en/_index.md",
            b"+++\ntitle = \"Home\"\n+++\nSee [sizes](gr\xc3\xb6\xc3\x9fe%20und%20form.md).\n",
        ),
    ]);
    let built = build_ok(&options(site.path()));
    let sitemap = built.text("sitemap.xml");
    assert!(
        sitemap.contains("<loc>https://example.org/course/en/gr%C3%B6%C3%9Fe%20und%20form/</loc>"),
        "{sitemap}"
    );
    assert!(built.has("en/größe und form/index.html"));
}

// ---- one cause, one error ---------------------------------------------------------

/// A private copy of the course (the repository's own site).
fn course_copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    // TILEBOOK_COURSE_ROOT points the course tests at another copy of the course.
    let repo = std::env::var_os("TILEBOOK_COURSE_ROOT")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf());
    let repo = repo.as_path();
    for dir in [
        "content",
        "glossary",
        "i18n",
        "themes",
        "templates",
        "static",
    ] {
        if repo.join(dir).is_dir() {
            copy_dir(&repo.join(dir), &tmp.path().join(dir));
        }
    }
    std::fs::copy(repo.join("config.toml"), tmp.path().join("config.toml")).unwrap();
    tmp
}

/// Edits `rel` in `root` by replacing the first `from` with `to`.
fn edit(root: &Path, rel: &str, from: &str, to: &str) {
    let path = root.join(rel);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{rel} has no {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// Each single breakage of the course yields at most two error lines, the
/// root cause first (its consequences are folded or suppressed).
#[test]
fn one_cause_one_error() {
    type Break = fn(&Path);
    let cases: [(&str, Break, &str); 8] = [
        (
            "glossary/terms.toml syntax",
            |r| edit(r, "glossary/terms.toml", "id = \"", "id = "),
            "glossary/terms.toml:",
        ),
        (
            "misspelled front-matter key",
            |r| edit(r, "content/en/tiles.md", "title =", "titel ="),
            "content/en/tiles.md:2:1: error: front matter: unknown field `titel`",
        ),
        (
            "quiz block syntax",
            |r| edit(r, "content/en/tiles.md", "kind = \"", "kind = "),
            "content/en/tiles.md:",
        ),
        (
            "template variable",
            |r| {
                edit(
                    r,
                    "themes/felt/templates/base.html",
                    "</body>",
                    "{{ nope.x }}</body>",
                )
            },
            "themes/felt/templates/base.html:",
        ),
        (
            "strings syntax",
            |r| edit(r, "themes/felt/i18n/de.ftl", "= ", "= {"),
            "themes/felt/i18n/de.ftl:",
        ),
        (
            "deleted page",
            |r| std::fs::remove_file(r.join("content/en/tiles.md")).unwrap(),
            "",
        ),
        (
            "renamed heading id",
            |r| edit(r, "content/en/tiles.md", "{#counts}", "{#count}"),
            "",
        ),
        (
            "config syntax",
            |r| edit(r, "config.toml", "title = \"", "title = "),
            "config.toml:",
        ),
    ];
    let clean = course_copy();
    let baseline = diagnostics_of(clean.path());
    assert!(
        baseline.iter().all(|l| !l.contains(": error: ")),
        "the course has errors: {baseline:#?}"
    );
    for (what, apply, first) in cases {
        let site = course_copy();
        apply(site.path());
        let lines = diagnostics_of(site.path());
        let errors: Vec<&String> = lines.iter().filter(|l| l.contains(": error: ")).collect();
        assert!(
            (1..=2).contains(&errors.len()),
            "{what}: {} error lines:\n{}",
            errors.len(),
            lines.join("\n")
        );
        assert!(
            errors[0].starts_with(first),
            "{what}: root cause first, got:\n{}",
            lines.join("\n")
        );
    }
}
