//! Inputs the fuzz targets in `fuzz/` reported (minimised), run through the
//! same entry points (`tilebook::fuzzing`) in the normal test suite: each
//! must neither panic nor take more than a second. See `fuzz/README.md`.

use std::path::Path;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use tilebook::fuzzing::{self, Harness};

static HARNESS: LazyLock<Harness> =
    LazyLock::new(|| Harness::load(Path::new(env!("CARGO_MANIFEST_DIR"))));

/// Runs `f` and fails if it takes longer than the fuzzers' 1 s timeout.
fn within_a_second(what: &str, f: impl FnOnce()) {
    let start = Instant::now();
    f();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(1), "{what} took {took:?}");
}

/// quiz, 2026-12-01: reported as a timeout (a NUL where the value of `kind`
/// should be, then a complete Charleston block). It runs in well under a
/// millisecond: the fuzzer was starved of CPU on a loaded machine. Kept so
/// that a real slowdown on this shape of input would show.
#[test]
fn quiz_nul_before_kind_value() {
    let input = "kind =\0`pass\"\npass = \"first-across\"\n\
                 rack = \"F F F 6B 6B 6D 6D E E J 4D N 9B\"\nanswer = \"4D N 9B\"\n";
    LazyLock::force(&HARNESS);
    within_a_second("quiz", || HARNESS.quiz(input));
}

/// The seed shapes of every target, so that the entry points themselves
/// stay exercised by `cargo test`.
#[test]
fn every_target_takes_its_seed_shapes() {
    LazyLock::force(&HARNESS);
    within_a_second("front matter", || {
        fuzzing::front_matter("+++\ntitle = \"A\"\nslug = \"a\"\n+++\nBody\n");
        fuzzing::front_matter("\u{feff}+++\n+++");
    });
    within_a_second("config", || {
        fuzzing::config(&std::fs::read_to_string("config.toml").unwrap());
        fuzzing::config("languages = 3");
    });
    within_a_second("tiles", || {
        HARNESS.tiles("1B 2B 3B\nJ J\n");
        HARNESS.tiles("9Z");
    });
    within_a_second("quiz", || {
        HARNESS.quiz("kind = \"rack-count\"\nrack = \"1B 2B\"\n");
    });
    within_a_second("page", || {
        HARNESS.page_file("+++\ntitle = \"T\"\n+++\n# H {#h}\n[x](tiles.md#counts)\n");
        HARNESS.page_file("no front matter, [term](term:joker)");
    });
    let scratch = tempfile::tempdir().unwrap();
    within_a_second("glossary", || {
        fuzzing::glossary(scratch.path(), "[joker]\nname = \"Joker\"\n");
        fuzzing::glossary(scratch.path(), "[[term]]\nid = \"x\"\n---\n[x]\nname = 1\n");
    });
}
