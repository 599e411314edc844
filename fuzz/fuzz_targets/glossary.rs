//! Fuzz target `glossary`: see `tilebook::fuzzing::glossary` (the files are
//! written to a scratch folder per process, as the build reads them from disk).
#![no_main]

use std::path::PathBuf;
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;

static SCRATCH: LazyLock<PathBuf> = LazyLock::new(|| {
    let base = if std::path::Path::new("/dev/shm").is_dir() {
        PathBuf::from("/dev/shm")
    } else {
        std::env::temp_dir()
    };
    base.join(format!("tilebook-fuzz-glossary-{}", std::process::id()))
});

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        tilebook::fuzzing::glossary(&SCRATCH, text);
    }
});
