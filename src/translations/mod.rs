//! Translations: which pages and glossary terms each language has, lacks,
//! or has out of date (staleness by source hash), marking a translation up
//! to date (`translated_from` in a page's front matter or in a term's table
//! of `glossary/<lang>.toml`), and scaffolding a new language
//! (`tilebook new-language`); the build's warnings about stale pages and
//! terms.
//!
//! `status` finds each page's and term's state; `text` writes the report;
//! `mark` edits the files through `toml_edit` (and `diff` shows what
//! changed in a source since, from the copy `mark` keeps); `sync` copies the exercise
//! blocks a translation lacks; `po` exchanges a page's texts ([`units`])
//! with PO editors; `scaffold` makes a new language; `stale`
//! warns at build time. This file only names them.

mod diff;
mod mark;
mod po;
mod scaffold;
mod stale;
mod status;
mod sync;
mod text;
mod units;

pub use diff::{
    Change, ChangeKind, SNAPSHOT_DIR, SourceDiff, changes, diff_html, format_diff, paragraphs,
    snapshot_path, source_diff,
};
pub use mark::{MarkedGlossary, mark_fuzzy_text, mark_glossary_text, mark_text, same_body};
pub use po::{Imported, catalog_source, export_catalog, import_catalog, po_text, reference_path};
pub use scaffold::{Scaffold, SiteData, scaffold_language};
pub(crate) use stale::{report_stale, report_stale_terms};
pub use status::{
    ExerciseGap, LanguageStatus, PageState, PageStatus, add_exercise_gaps, add_terminology,
    page_state, status, term_hash, term_state, term_states,
};
pub use sync::{SYNC_MARK, Synced, sync_targets, sync_text};
pub use text::format_text;
pub use units::{Paired, Unit, UnitKind, pair, units};
