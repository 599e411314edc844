//! Fuzz target `tiles`: see `tilebook::fuzzing::Harness::tiles` (the course
//! is loaded once per process as the site the input is rendered into).
#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use tilebook::fuzzing::Harness;

static HARNESS: LazyLock<Harness> =
    LazyLock::new(|| Harness::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("..")));

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        HARNESS.tiles(text);
    }
});
