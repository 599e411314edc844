//! Helpers shared by the test modules: fixture copies and builds (`common`),
//! sites written inline with snapshot assertions (`inline`), a DevTools
//! client for headless Chromium (`cdp`, `cdp_ext`), a running `tilebook
//! serve` (`server`) and the crate's own sources (`source_files`).

pub mod cdp;
pub mod cdp_ext;
pub mod common;
pub mod inline;
pub mod server;
pub mod source_files;
