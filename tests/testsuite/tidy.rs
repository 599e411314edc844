//! Tidy: conventions the compiler does not check. Every module of `src/`
//! opens with a `//!` line saying what it owns; every integration test is a
//! module of `tests/testsuite/`.

use std::path::Path;

use crate::support::source_files;
use source_files::rust_files;

#[test]
fn every_module_opens_with_a_doc_line() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&src);
    assert!(files.len() > 40, "found only {} files", files.len());
    let missing: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("readable");
            !text
                .lines()
                .next()
                .is_some_and(|l| l.starts_with("//! ") && l.len() > 8)
        })
        .map(|f| f.strip_prefix(&src).unwrap_or(f).display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "these files do not open with a `//!` line saying what the module owns: {missing:?}"
    );
}

/// Every integration test is a module of this one binary (`autotests =
/// false` in Cargo.toml): a `tests/*.rs` file or a `tests/*/main.rs` other
/// than ours would never run, nor would a file here that `main.rs` does not
/// declare. Each opens with a `//!` line, as the modules of `src/` do.
#[test]
fn integration_tests_are_modules_of_the_testsuite() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut stray = Vec::new();
    for entry in std::fs::read_dir(&tests).expect("tests/") {
        let path = entry.expect("readable entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.extension().is_some_and(|e| e == "rs")
            || (name != "testsuite" && path.join("main.rs").is_file())
        {
            stray.push(format!("tests/{name}"));
        }
    }
    assert!(
        stray.is_empty(),
        "{stray:?} would not run: move each into tests/testsuite/<area>.rs, add \
         `mod <area>;` to tests/testsuite/main.rs and use `crate::support::...` \
         for the helpers (see tests/README.md)"
    );

    let suite = tests.join("testsuite");
    let main = std::fs::read_to_string(suite.join("main.rs")).expect("main.rs");
    let mut undeclared = Vec::new();
    let mut undocumented = Vec::new();
    for file in rust_files(&suite) {
        let text = std::fs::read_to_string(&file).expect("readable");
        let rel = file.strip_prefix(&suite).unwrap().display().to_string();
        if !text.lines().next().is_some_and(|l| l.starts_with("//! ")) {
            undocumented.push(rel.clone());
        }
        let module = file.file_stem().unwrap().to_string_lossy();
        if file.parent() == Some(suite.as_path())
            && module != "main"
            && !main.lines().any(|l| l == format!("mod {module};"))
        {
            undeclared.push(rel);
        }
    }
    assert!(
        undeclared.is_empty(),
        "not declared in tests/testsuite/main.rs, so never compiled: {undeclared:?}"
    );
    assert!(
        undocumented.is_empty(),
        "these test files do not open with a `//!` line saying what they test: {undocumented:?}"
    );
}
