//! `translations export --format po` and `translations import`: a page's
//! translation as a PO catalog (through `polib`), and a catalog's texts
//! written back into the translation's file, changing only those texts.
//!
//! Each unit of the source ([`super::units`]) is a message: its text is
//! the `msgid`, the translation's counterpart the `msgstr` (empty when it
//! still reads as the source, or when the structures differ there), and
//! `#: content/<default>/page.md:LINE` its reference. A text that occurs
//! more than once on a page has a `msgctxt` (`#2`, …) so that each
//! occurrence is its own message. A catalog names its page by its
//! references and its language by its `Language` header.

use std::collections::HashMap;
use std::ops::Range;

use polib::catalog::Catalog;
use polib::message::Message;
use polib::metadata::CatalogMetadata;

use crate::content::Page;
use crate::diagnostics::Diagnostic;

use super::units::{Paired, Unit, line_of, pair, quiz_blocks};

/// The catalog of `page`, the translation of `source`, and the warnings
/// about the parts whose structures differ.
pub fn export_catalog(source: &Page, page: &Page) -> (Catalog, Vec<Diagnostic>) {
    let paired = pair(source, page);
    let mut metadata = CatalogMetadata::new();
    metadata.project_id_version = format!("tilebook {}", source.source_path.display());
    // PO editors set these when they save.
    metadata.pot_creation_date = "1970-01-01 00:00+0000".into();
    metadata.po_revision_date = "1970-01-01 00:00+0000".into();
    metadata.last_translator = "none yet".into();
    metadata.language_team = page.lang.clone();
    metadata.mime_version = "1.0".into();
    metadata.content_type = "text/plain; charset=UTF-8".into();
    metadata.content_transfer_encoding = "8bit".into();
    metadata.language = page.lang.clone();
    let mut catalog = Catalog::new(metadata);
    let reference = reference_path(source);
    for ((unit, ctxt), own) in contexts(&paired.source).into_iter().zip(&paired.own) {
        let msgstr = match own {
            Some(o) if o.text != unit.text => o.text.clone(),
            _ => String::new(),
        };
        let mut builder = Message::build_singular();
        builder
            .with_source(format!(
                "{reference}:{}",
                line_of(&source.text, unit.range.start)
            ))
            .with_msgid(unit.text.clone())
            .with_msgstr(msgstr);
        if let Some(ctxt) = ctxt {
            builder.with_msgctxt(ctxt);
        }
        catalog.append_or_update(builder.done());
    }
    (catalog, paired.warnings)
}

/// Each unit with a non-empty text, and its `msgctxt`: `#n` for the n-th
/// occurrence of a text found more than once.
fn contexts(units: &[Unit]) -> Vec<(&Unit, Option<String>)> {
    let mut count: HashMap<&str, usize> = HashMap::new();
    for u in units {
        *count.entry(u.text.as_str()).or_default() += 1;
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    (units.iter())
        .map(|u| {
            let n = seen.entry(u.text.as_str()).or_default();
            *n += 1;
            let ctxt = (count[u.text.as_str()] > 1).then(|| format!("#{n}"));
            (u, ctxt)
        })
        .collect()
}

/// The source's path as references write it: `content/en/page.md`.
pub fn reference_path(source: &Page) -> String {
    source.source_path.display().to_string().replace('\\', "/")
}

/// The source file a catalog's references name (`content/en/page.md`), if
/// they name one.
pub fn catalog_source(catalog: &Catalog) -> Option<String> {
    let first = catalog.messages().next()?;
    let source = first.source().split_whitespace().next()?;
    let (path, _line) = source.rsplit_once(':')?;
    Some(path.to_string())
}

/// What importing a catalog into a translation does.
#[derive(Debug)]
pub struct Imported {
    /// The translation's new text.
    pub text: String,
    /// How many texts changed.
    pub changed: usize,
    /// Whether the catalog has fuzzy entries (the page is to be marked for
    /// review).
    pub fuzzy: bool,
    /// Messages that could not be written back: the source no longer has
    /// their text, or the translation's structure differs there.
    pub warnings: Vec<Diagnostic>,
}

/// `page` (the translation of `source`) with the `msgstr` texts of
/// `catalog` in place of its own; `po_path` and `po_text` (the catalog's
/// file) locate warnings. The error (nothing to write) when the new texts
/// would change the page's structure: a `msgstr` that breaks its block
/// (a blank line, a list mark) or the front matter.
pub fn import_catalog(
    source: &Page,
    page: &Page,
    catalog: &Catalog,
    (po_path, po_text): (&std::path::Path, &str),
) -> Result<Imported, Diagnostic> {
    let paired = pair(source, page);
    let index: HashMap<(String, Option<String>), usize> = contexts(&paired.source)
        .into_iter()
        .enumerate()
        .map(|(i, (u, ctxt))| ((u.text.clone(), ctxt), i))
        .collect();
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut warnings = Vec::new();
    let mut fuzzy = false;
    for m in catalog.messages() {
        fuzzy |= m.is_fuzzy();
        let Ok(msgstr) = m.msgstr() else { continue };
        if msgstr.is_empty() {
            continue;
        }
        let key = (m.msgid().to_string(), m.msgctxt().map(str::to_string));
        let problem = match index.get(&key) {
            None => Some(format!(
                "this message is not in {} any more (its text changed since the export): export again and carry the translation over",
                source.source_path.display()
            )),
            Some(&i) => match &paired.own[i] {
                None => Some(format!(
                    "no place for this message in {}: nothing there pairs with its text (the layout differs from the source's there, as `tilebook translations export` warns, or the exercise has no prompt); edit that part of the page by hand",
                    page.source_path.display()
                )),
                Some(own) if own.text != msgstr => {
                    edits.push((own.range.clone(), replacement(own, msgstr)));
                    None
                }
                Some(_) => None,
            },
        };
        if let Some(message) = problem {
            let at = po_text.find(&format!("#: {}", m.source()));
            let message = format!("{:?}: {message}", short(m.msgid()));
            warnings.push(Diagnostic::warning(po_path, at, message));
        }
    }
    edits.sort_by_key(|(r, _)| r.start);
    let mut text = page.text.clone();
    for (range, new) in edits.iter().rev() {
        text.replace_range(range.clone(), new);
    }
    if !edits.is_empty() {
        same_structure(source, page, &paired, &text)
            .map_err(|unit| broken(source, page, &unit, (po_path, po_text)))?;
    }
    Ok(Imported {
        text,
        changed: edits.len(),
        fuzzy,
        warnings,
    })
}

/// Whether the translation as `text` still pairs each source unit that
/// `paired` paired, and has the same exercise blocks; the first source
/// unit it no longer pairs, if not.
fn same_structure(source: &Page, page: &Page, paired: &Paired, text: &str) -> Result<(), Unit> {
    let first = || paired.source[0].clone();
    let Ok((front, body_offset)) = crate::content::parse_front_matter(text) else {
        return Err(first());
    };
    let mut new = page.clone();
    new.text = text.to_string();
    new.front = front;
    new.body_offset = body_offset;
    let (before, now) = (quiz_blocks(page), quiz_blocks(&new));
    if before.len() != now.len() || before.iter().zip(&now).any(|(a, b)| !a.same_as(b)) {
        return Err(first());
    }
    let after = pair(source, &new);
    match (paired.own.iter().zip(&after.own)).position(|(b, a)| b.is_some() && a.is_none()) {
        Some(i) => Err(paired.source[i].clone()),
        None => Ok(()),
    }
}

/// The error for a catalog whose texts would change the structure of
/// `page` around the source's `unit`.
fn broken(
    source: &Page,
    page: &Page,
    unit: &Unit,
    (po_path, po_text): (&std::path::Path, &str),
) -> Diagnostic {
    let reference = format!(
        "#: {}:{}",
        reference_path(source),
        line_of(&source.text, unit.range.start)
    );
    Diagnostic::error(
        po_path,
        po_text.find(&reference),
        format!(
            "the translations here would change the layout of {} (a blank line, a list or heading mark, or a broken front matter in a msgstr?): nothing was written; keep each msgstr one paragraph, heading, list item or cell, like its msgid",
            page.source_path.display()
        ),
    )
}

/// What replaces `own` to make its text `msgstr`: the Markdown as is; a
/// TOML string as a basic string.
fn replacement(own: &Unit, msgstr: &str) -> String {
    match own.toml {
        true => toml_edit::Value::from(msgstr)
            .to_string()
            .trim()
            .to_string(),
        false => msgstr.to_string(),
    }
}

/// The start of a message's text, for warnings.
fn short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// A catalog as PO text.
pub fn po_text(catalog: &Catalog) -> std::io::Result<String> {
    let mut writer = std::io::BufWriter::new(Vec::new());
    polib::po_file::write(catalog, &mut writer)?;
    let bytes = writer.into_inner().map_err(|e| e.into_error())?;
    String::from_utf8(bytes).map_err(std::io::Error::other)
}
