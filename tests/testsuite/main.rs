//! The integration tests, in one binary (as mdBook and cargo do): one module
//! per area, helpers in `support/`. Run one area with
//! `cargo test --test testsuite site_errors::`; see ARCHITECTURE.md (Tests).

mod support;

mod another_browser;
mod audit;
mod build_output;
mod course;
mod docs_examples;
mod exercise_errors;
mod exercises_browser;
mod exercises_build;
mod export_questions;
mod export_scorm;
mod fuzz_regressions;
mod messages;
mod module_cycles;
mod navigation;
mod pools;
mod practice;
mod progress_browser;
mod reuse;
mod review_browser;
mod rules_boundary;
mod rules_props;
mod rules_spec;
mod safety;
mod search_offline;
mod search_stream;
mod serve;
mod serve_browser;
mod serve_incremental;
mod site_build;
mod site_errors;
mod site_furniture;
mod teaching_order;
mod terminology;
mod tidy;
mod trainer;
mod translation_po;
mod translation_workflow;
mod translations;
