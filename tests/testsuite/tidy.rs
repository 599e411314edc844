//! Tidy: conventions the compiler does not check. Every module of `src/`
//! opens with a `//!` line saying what it owns.

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
