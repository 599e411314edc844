//! The release `tilebook` binary the serve benchmarks start
//! (`examples/serve_latency.rs`, `examples/serve_load.rs`).

use std::path::PathBuf;

/// `target/release/tilebook`, beside the running example's folder.
pub fn tilebook() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let bin = exe
        .parent()
        .and_then(|examples| examples.parent())
        .map(|dir| dir.join("tilebook"))
        .expect("target folder");
    assert!(
        bin.exists(),
        "{} missing: cargo build --release --bin tilebook",
        bin.display()
    );
    bin
}

/// A field of `/proc/<pid>/status` in KiB (`VmRSS`, `VmHWM`), 0 if unknown.
pub fn status_kb(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}
