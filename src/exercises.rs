//! Exercises: quiz blocks (```` ```quiz ````) and tile pictures (```` ```tiles ````):
//! parsing, generation and validation against the rules module, the HTML
//! with its answer spec for the browser, and cross-language consistency.

use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::i18n::Strings;
use crate::markdown::Fence;

/// What the site needs to know about one exercise on a page, to compare
/// translations: same kinds, setups and verdicts in the same order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExerciseRecord {
    /// Byte offset of the exercise's block in its file.
    pub offset: usize,
    pub kind: String,
    /// Language-independent summary of setup and verdict.
    pub fingerprint: String,
}

/// Page facts an exercise needs while rendering.
pub struct FenceCx<'a> {
    pub lang: &'a str,
    pub strings: &'a Strings,
    pub page_path: &'a Path,
    /// URL of the lesson section that teaches a rule id, in this language.
    pub rule_link: &'a (dyn Fn(&str) -> Option<String> + Sync),
}

/// HTML for a fenced block this module owns (`quiz`, `tiles`), or `None`.
pub fn render_fence(
    _fence: &Fence<'_>,
    _cx: &FenceCx<'_>,
    _records: &mut Vec<ExerciseRecord>,
    _diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    None
}

/// Errors where a translation's exercises differ from the default language's.
pub fn check_consistency(
    source_path: &Path,
    source: &[ExerciseRecord],
    translation_path: &Path,
    translation: &[ExerciseRecord],
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, (a, b)) in source.iter().zip(translation).enumerate() {
        if a != b && (a.kind != b.kind || a.fingerprint != b.fingerprint) {
            out.push(
                Diagnostic::error(
                    translation_path,
                    Some(b.offset),
                    format!(
                        "exercise {} differs from the default language's: {} ({}) here, {} ({}) in {}",
                        i + 1,
                        b.kind,
                        b.fingerprint,
                        a.kind,
                        a.fingerprint,
                        source_path.display()
                    ),
                )
                .with_related(source_path, Some(a.offset), "the exercise in the default language"),
            );
        }
    }
    if source.len() != translation.len() {
        let at = translation.get(source.len()).map(|e| e.offset);
        out.push(Diagnostic::error(
            translation_path,
            at,
            format!(
                "{} exercises here but {} in {}: a translation must carry the same exercises",
                translation.len(),
                source.len(),
                source_path.display()
            ),
        ));
    }
    out
}
