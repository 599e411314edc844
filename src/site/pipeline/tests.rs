//! The run modes over one fixture site with search and offline on.

use super::*;
use crate::site::BuildOptions;

/// `tests/fixtures/basic` in a temporary folder, with its search index and
/// service workers switched on.
fn fixture() -> tempfile::TempDir {
    let tmp = copy("basic");
    let config = tmp.path().join("config.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    assert_eq!(text.matches("enabled = false").count(), 2, "{text}");
    std::fs::write(&config, text.replace("enabled = false", "enabled = true")).unwrap();
    tmp
}

/// `tests/fixtures/<name>` in a temporary folder.
fn copy(name: &str) -> tempfile::TempDir {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    let tmp = tempfile::tempdir().unwrap();
    for entry in walkdir::WalkDir::new(&from) {
        let entry = entry.unwrap();
        let to = tmp.path().join(entry.path().strip_prefix(&from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).unwrap();
        } else {
            std::fs::copy(entry.path(), &to).unwrap();
        }
    }
    tmp
}

fn files_under(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .collect();
    files.sort();
    files
}

fn loaded(root: &Path) -> (Site, Diagnostics) {
    let opts = BuildOptions {
        root: root.to_path_buf(),
        ..BuildOptions::default()
    };
    let (site, diags, _) = super::super::load(&opts);
    (site.expect("the fixture loads"), diags)
}

use std::path::PathBuf;

#[test]
fn check_makes_no_search_index_keeps_no_file_and_writes_nothing() {
    let tmp = fixture();
    let before = files_under(tmp.path());
    let (site, diags) = loaded(tmp.path());
    let mut check = Pipeline::check(site, diags);
    assert!(check.search.is_none(), "check made a search index");
    check.run_all(&mut Timings::default());
    assert!(check.search.is_none());
    assert!(check.output.is_empty() && check.hashes.is_empty());
    assert!(check.late.output.is_empty(), "check ran the late phase");
    assert!(check.take_sink().is_none());
    assert_eq!(files_under(tmp.path()), before, "check wrote something");

    // The same site built in memory has its index, and says the same.
    let (site, diags) = loaded(tmp.path());
    let mut build = Pipeline::build_in_memory(site, diags);
    assert!(build.search.is_some(), "search is on in this fixture");
    build.run_all(&mut Timings::default());
    assert_eq!(
        build.diagnostics().into_vec(),
        check.diagnostics().into_vec()
    );
    let output = build.take_sink().expect("a memory sink").into_output();
    assert!(output.contains("en/pagefind/pagefind-entry.json"));
    assert!(
        output.paths().any(|p| p.ends_with("sw.js")),
        "the service workers are made"
    );
    assert_eq!(
        files_under(tmp.path()),
        before,
        "an in-memory build wrote something"
    );
}

/// Markdown parses per page of one run, load included: every page of the
/// fixture (`terminology`: words to avoid, glossary terms taught, a rule
/// lesson) made unique (so that no other test's parses are counted),
/// built, and the parsers made over each page's body counted
/// (`crate::markdown::parses_of`).
fn parses_per_page(run: impl Fn(Site, Diagnostics) -> Pipeline) -> Vec<(String, usize)> {
    let tmp = copy("terminology");
    let nonce = format!("{:?}", std::time::SystemTime::now());
    for path in files_under(&tmp.path().join("content")) {
        if path.extension().is_some_and(|e| e == "md") {
            let text = std::fs::read_to_string(&path).unwrap();
            std::fs::write(&path, format!("{text}\n\nRun {nonce}.\n")).unwrap();
        }
    }
    let (site, diags) = loaded(tmp.path());
    let bodies: Vec<(String, String)> = (site.content.pages.iter())
        .map(|p| (p.output_path.clone(), p.body().to_string()))
        .collect();
    let mut pipeline = run(site, diags);
    pipeline.run_all(&mut Timings::default());
    (bodies.into_iter())
        .map(|(path, body)| (path, crate::markdown::parses_of(&body)))
        .collect()
}

#[test]
fn each_page_is_parsed_once_per_run() {
    for (what, run) in [
        (
            "check",
            Pipeline::check as fn(Site, Diagnostics) -> Pipeline,
        ),
        ("build", Pipeline::build_in_memory),
    ] {
        let counts = parses_per_page(run);
        assert_eq!(counts.len(), 4, "{counts:?}");
        // The rule lesson (`/rack/`) included: its headings, read at load
        // for the exercise feedback of every page, come from the parse its
        // rendering then takes.
        for (path, n) in counts {
            assert_eq!(n, 1, "{what}: {path} parsed {n} times");
        }
    }
}
