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
