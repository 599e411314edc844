//! `translations sync`: copies into a translation each exercise block of its
//! source that it lacks, where it belongs (after the translation's block
//! that precedes it in the source, else before the one that follows it),
//! under a comment that marks it for translation. Nothing else of the file
//! changes; a second run finds nothing to copy.

use std::path::Path;

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::exercises::{self, QuizBlock};

/// The comment `sync` puts above each block it copies.
pub const SYNC_MARK: &str = "<!-- tilebook: copied from the default language by `translations sync`; translate its prompt, if it has one -->";

/// What `sync` does to one translation.
#[derive(Debug, PartialEq, Eq)]
pub struct Synced {
    /// The new text of the translation's file.
    pub text: String,
    /// The numbers (in the source) of the exercises copied.
    pub copied: Vec<usize>,
}

/// The translation `page` with the exercise blocks of `source` it lacks;
/// errors (nothing changed) when its blocks cannot be matched with the
/// source's: an exercise twice, or one that differs or is not in the source.
pub fn sync_text(source: &Page, page: &Page) -> Result<Synced, Vec<Diagnostic>> {
    let blocks = exercises::quiz_blocks(source.body(), &source.prose().fences);
    let own = exercises::quiz_blocks(page.body(), &page.prose().fences);
    conflicts(source, page, &blocks, &own)?;
    let missing = exercises::untranslated_blocks(&blocks, &own);
    let mut inserts: Vec<(usize, String)> = Vec::new();
    for m in &missing {
        let copy = fenced_text(&source.text, source.body_offset, &blocks[m.source]);
        let (at, text) = match (m.after, m.before) {
            (Some(k), _) => {
                let end = own[k].fence_end(&page.text, page.body_offset);
                (end, format!("\n{SYNC_MARK}\n{copy}"))
            }
            (None, Some(k)) => {
                let start = own[k].fence_start(&page.text, page.body_offset);
                (start, format!("{SYNC_MARK}\n{copy}\n"))
            }
            (None, None) => {
                let nl = if page.text.ends_with('\n') { "" } else { "\n" };
                (page.text.len(), format!("{nl}\n{SYNC_MARK}\n{copy}"))
            }
        };
        match inserts.last_mut() {
            Some((last, t)) if *last == at => t.push_str(&text),
            _ => inserts.push((at, text)),
        }
    }
    let mut text = page.text.clone();
    for (at, insert) in inserts.iter().rev() {
        text.insert_str(*at, insert);
    }
    let copied = missing.iter().map(|m| blocks[m.source].number).collect();
    Ok(Synced { text, copied })
}

/// Why the translation's blocks cannot be matched with the source's, if
/// they cannot: an exercise that is there twice, or one the source lacks
/// (changed, or added).
fn conflicts(
    source: &Page,
    page: &Page,
    blocks: &[QuizBlock],
    own: &[QuizBlock],
) -> Result<(), Vec<Diagnostic>> {
    let at = |b: &QuizBlock| Some(b.fence_start(&page.text, page.body_offset));
    let mut errors = Vec::new();
    for (i, b) in own.iter().enumerate() {
        if let Some(first) = own[..i].iter().find(|a| a.same_as(b)) {
            errors.push(
                Diagnostic::error(
                    &page.source_path,
                    at(b),
                    "this exercise block is here twice: remove one copy, then run `tilebook translations sync` again",
                )
                .with_related(&page.source_path, at(first), "the other copy"),
            );
        } else if !blocks.iter().any(|a| a.same_as(b)) {
            errors.push(Diagnostic::error(
                &page.source_path,
                at(b),
                format!(
                    "this exercise block is not in {}: make it the same as the source's (a translation changes words, never exercises), then run `tilebook translations sync` again",
                    source.source_path.display()
                ),
            ));
        }
    }
    match errors.is_empty() {
        true => Ok(()),
        false => Err(errors),
    }
}

/// The source's block as written: its opening fence line to its closing
/// fence line, both included.
fn fenced_text(text: &str, body_offset: usize, block: &QuizBlock) -> String {
    let (start, end) = (
        block.fence_start(text, body_offset),
        block.fence_end(text, body_offset),
    );
    let mut copy = text[start..end].to_string();
    if !copy.ends_with('\n') {
        copy.push('\n');
    }
    copy
}

/// The pages `sync` works on: `paths` (translations), or every translation
/// of `lang`; the first path that is not a translated page, as the error.
pub fn sync_targets<'a>(
    pages: &'a [Page],
    default: &str,
    root: &Path,
    paths: &[std::path::PathBuf],
    lang: Option<&str>,
) -> Result<Vec<&'a Page>, std::path::PathBuf> {
    if let Some(lang) = lang {
        return Ok(pages.iter().filter(|p| p.lang == lang).collect());
    }
    (paths.iter())
        .map(|path| {
            let rel = path.strip_prefix(root).unwrap_or(path);
            (pages.iter())
                .find(|p| p.source_path == rel && p.lang != default)
                .ok_or_else(|| path.clone())
        })
        .collect()
}
