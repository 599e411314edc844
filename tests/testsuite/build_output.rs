//! `site::build_to`, the streaming build of `tilebook build`: pages go into
//! a staging folder as they render, the folder is swapped in only when the
//! build is clean, every written file is recorded with its content hash, and
//! the written site is byte for byte the in-memory build of `site::build`.

use crate::support::common;

use std::collections::BTreeMap;

use tilebook::output::{self, guard};
use tilebook::site;

#[test]
fn streamed_build_equals_the_in_memory_build_and_records_every_file() {
    let tmp = common::copy_fixture("basic");
    let opts = common::options(tmp.path());
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("public");
    let (result, written) = site::build_to(&opts, &dir);
    written.unwrap();
    assert!(result.output.is_none(), "build_to keeps no site in memory");
    let memory = common::build_ok(&opts);
    let expected: BTreeMap<String, Vec<u8>> = memory
        .output()
        .iter()
        .map(|(p, b)| (p.to_string(), b.to_vec()))
        .collect();
    let mut on_disk = common::snapshot(&dir);
    assert!(
        on_disk.remove(guard::MARKER).is_some(),
        "the marker is written"
    );
    assert!(
        on_disk.remove(tilebook::output::manifest::FILE).is_some(),
        "the reuse manifest is written"
    );
    assert_eq!(
        on_disk.keys().collect::<Vec<_>>(),
        expected.keys().collect::<Vec<_>>()
    );
    assert!(
        on_disk == expected,
        "the written bytes differ from the in-memory build"
    );
    let records: Vec<(String, u64, String)> = result
        .files
        .iter()
        .map(|f| (f.path.clone(), f.len, f.hash.clone()))
        .collect();
    let want: Vec<(String, u64, String)> = expected
        .iter()
        .map(|(p, b)| (p.clone(), b.len() as u64, output::content_hash(b)))
        .collect();
    assert_eq!(records, want);
    assert_eq!(result.stats.files, expected.len());
    // Nothing is left beside the output folder.
    let beside: Vec<_> = std::fs::read_dir(out.path()).unwrap().collect();
    assert_eq!(beside.len(), 1);
}

#[test]
fn a_failed_streamed_build_leaves_the_previous_output_untouched() {
    let tmp = common::copy_fixture("basic");
    let opts = common::options(tmp.path());
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("public");
    site::build_to(&opts, &dir).1.unwrap();
    let before = common::snapshot(&dir);
    // A link to a page that does not exist: an error found after every page
    // has been rendered (and streamed into the staging folder).
    common::write(
        tmp.path(),
        "content/en/tiles.md",
        "+++\ntitle = \"Tiles\"\n+++\nSee [nothing](missing.md).\n",
    );
    let (result, written) = site::build_to(&opts, &dir);
    written.unwrap();
    assert!(result.diagnostics.has_errors());
    assert!(result.files.is_empty());
    assert!(
        common::snapshot(&dir) == before,
        "the previous site changed"
    );
    let mut beside: Vec<_> = std::fs::read_dir(out.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    beside.sort();
    // The staging folder is kept as the spare the next build recycles.
    assert_eq!(beside, [".public.spare", "public"]);
    let (result, written) = site::build_into(&opts, &dir, site::WriteOptions { reuse: false });
    written.unwrap();
    assert!(result.diagnostics.has_errors());
    assert!(
        common::snapshot(&dir) == before,
        "the previous site changed"
    );
}

#[test]
fn content_hash_depends_on_every_byte() {
    assert_eq!(output::content_hash(b"abc"), output::content_hash(b"abc"));
    assert_ne!(output::content_hash(b"abc"), output::content_hash(b"abd"));
    assert_ne!(output::content_hash(b""), output::content_hash(b"\0"));
    assert_eq!(output::content_hash(b"abc").len(), 16);
}
