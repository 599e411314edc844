//! Nothing is lost: `build -o` over the sources, an ancestor, a foreign
//! folder or a file, and `new-language` with a bad code or name, refuse
//! before writing anything, and leave every byte as it was.

mod common;

use std::path::Path;

use common::*;

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
