//! tilebook: a static lesson-site generator whose exercises are checked at build time.
//!
//! See `ARCHITECTURE.md` for the bird's-eye view and the code map.

pub mod commands;
pub mod config;
pub mod content;
pub mod diagnostics;
pub mod exercises;
pub mod export;
#[doc(hidden)]
pub mod fuzzing;
pub mod glossary;
pub mod hash;
pub mod html;
pub mod i18n;
pub mod markdown;
pub mod offline;
pub mod output;
pub mod po_commands;
pub mod render;
pub mod rules;
pub mod search;
pub mod serve;
pub mod site;
pub mod stdx;
pub mod teaching;
pub mod terminology;
pub mod translations;
pub mod walk;
