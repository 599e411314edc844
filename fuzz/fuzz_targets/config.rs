//! Fuzz target `config`: see `tilebook::fuzzing::config`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        tilebook::fuzzing::config(text);
    }
});
