//! `translations mark`: a page's `translated_from` in its front matter, a
//! glossary file's term tables, edited through `toml_edit` so that every
//! other key, comment and layout stays as the author wrote it.

use std::collections::BTreeMap;
use std::path::Path;

use toml_edit::{DocumentMut, Item, Table, Value};

use crate::diagnostics::Diagnostic;
use crate::glossary::{self, TermText};
use crate::hash::source_hash;

use super::status::term_hash;

/// Sets `translated_from` to the current source hash in a translation's
/// front matter and drops `untranslated`. Returns the new file text: the
/// front matter's other keys, comments and spacing, and the body, as they
/// were.
pub fn mark_text(translation_text: &str, source_text: &str) -> Result<String, String> {
    let hash = source_hash(source_text);
    edit_front(translation_text, |doc| {
        remove_keeping_comments(doc, "untranslated");
        remove_keeping_comments(doc, "fuzzy");
        set_string(doc.as_table_mut(), "translated_from", &hash);
    })
}

/// Sets `fuzzy = true` in a translation's front matter (`translations
/// import` of a PO file with fuzzy entries): the page counts as stale until
/// `translations mark` drops the key. Nothing else of the file changes.
pub fn mark_fuzzy_text(translation_text: &str) -> Result<String, String> {
    edit_front(translation_text, |doc| {
        if doc.get("fuzzy").and_then(Item::as_bool) != Some(true) {
            doc.as_table_mut().insert("fuzzy", toml_edit::value(true));
        }
    })
}

/// The file `translation_text` with its front matter edited by `edit`.
fn edit_front(
    translation_text: &str,
    edit: impl FnOnce(&mut DocumentMut),
) -> Result<String, String> {
    let (start, end) = front_matter_lines(translation_text)?;
    // Byte range of the TOML: the lines after `+++` up to the closing one.
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(translation_text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let toml = line_starts[start]..line_starts[end];
    let mut doc: DocumentMut = translation_text[toml.clone()]
        .parse()
        .map_err(|e: toml_edit::TomlError| format!("front matter: {}", e.message()))?;
    edit(&mut doc);
    let mut edited = doc.to_string();
    if translation_text[toml.clone()].contains("\r\n") {
        edited = edited.replace("\r\n", "\n").replace('\n', "\r\n");
    }
    let mut text = translation_text.to_string();
    text.replace_range(toml, &edited);
    Ok(text)
}

/// Sets `key = "value"` in `table`: an existing key keeps its place and
/// the spacing and comment around its value; a new one goes after the
/// table's last key.
fn set_string(table: &mut Table, key: &str, value: &str) {
    match table.get_mut(key) {
        Some(Item::Value(old)) => {
            let decor = old.decor().clone();
            *old = Value::from(value);
            *old.decor_mut() = decor;
        }
        _ => {
            table.insert(key, toml_edit::value(value));
        }
    }
}

/// Removes the top-level `key` from `doc`; the comment lines above it
/// stay, above the key that follows it (or, after the last key, above the
/// first table, or at the end).
fn remove_keeping_comments(doc: &mut DocumentMut, key: &str) {
    let table = doc.as_table_mut();
    let Some(prefix) = table
        .key(key)
        .and_then(|k| k.leaf_decor().prefix())
        .and_then(|p| p.as_str())
        .map(str::to_string)
    else {
        table.remove(key);
        return;
    };
    let at = table.get_key_value(key).map(|(k, _)| k.get().to_string());
    let next = at.and_then(|at| {
        let mut keys = table.iter().map(|(k, _)| k.to_string());
        keys.by_ref().find(|k| *k == at)?;
        keys.next()
    });
    table.remove(key);
    let comments = prefix.trim_start_matches(['\r', '\n']);
    if comments.trim().is_empty() {
        return;
    }
    match next.and_then(|n| table.key_mut(&n)) {
        Some(mut next) => {
            let old = (next.leaf_decor().prefix())
                .and_then(|p| p.as_str())
                .unwrap_or_default()
                .to_string();
            next.leaf_decor_mut().set_prefix(format!("{prefix}{old}"));
        }
        None => {
            let first_table = (table.iter_mut())
                .filter_map(|(_, item)| item.as_table_mut())
                .min_by_key(|t| t.position());
            match first_table {
                Some(t) => {
                    let decor = t.decor_mut();
                    let old = decor.prefix().and_then(|p| p.as_str()).unwrap_or_default();
                    decor.set_prefix(format!("{comments}{old}"));
                }
                None => {
                    let old = doc.trailing().as_str().unwrap_or_default().to_string();
                    doc.set_trailing(format!("{comments}{old}"));
                }
            }
        }
    }
}

/// Whether a translation's body is its source's, as a translator sees it:
/// the hash of translations ([`source_hash`]) is blind to line endings,
/// trailing spaces and comments.
pub fn same_body(translation_body: &str, source_body: &str) -> bool {
    source_hash(translation_body) == source_hash(source_body)
}

/// Line indexes of the first TOML line and of the closing `+++`.
pub(super) fn front_matter_lines(text: &str) -> Result<(usize, usize), String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, l)) if l.trim_start_matches('\u{feff}').trim() == "+++" => {}
        _ => return Err("no `+++` front matter".into()),
    }
    lines
        .find(|(_, l)| l.trim() == "+++")
        .map(|(i, _)| (1, i))
        .ok_or_else(|| "front matter is not closed".into())
}

/// A translation's glossary file after `translations mark`.
#[derive(Debug)]
pub struct MarkedGlossary {
    pub text: String,
    /// Every term now marked as translated from its current source text.
    pub marked: Vec<String>,
    /// Of `marked`, the terms whose `translated_from` was added or changed.
    pub changed: Vec<String>,
    /// Terms left unmarked because the default language has no text for them.
    pub no_source: Vec<Diagnostic>,
}

/// Sets `translated_from` in every term of the glossary file `text` (at
/// `path`) to the `term_hash` of that term's text in `sources`, the
/// default language's texts. A term may be a `[id]` table or an inline
/// table; only its `translated_from` changes: every other key, comment and
/// blank line stays as it was. Fails, changing nothing, when the file does
/// not parse.
pub fn mark_glossary_text(
    path: &Path,
    text: &str,
    sources: &BTreeMap<String, TermText>,
) -> Result<MarkedGlossary, Diagnostic> {
    let terms = glossary::parse_texts(text)
        .map_err(|e| Diagnostic::error(path, e.span().map(|s| s.start), e.message()))?;
    let mut doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        Diagnostic::error(path, e.span().map(|s| s.start), e.message())
    })?;
    let mut order: Vec<(usize, &str)> = terms
        .iter()
        .map(|(id, t)| (t.span().start, id.as_str()))
        .collect();
    order.sort();
    let mut out = MarkedGlossary {
        text: String::new(),
        marked: Vec::new(),
        changed: Vec::new(),
        no_source: Vec::new(),
    };
    for (start, id) in order {
        let Some(source) = sources.get(id) else {
            out.no_source.push(Diagnostic::error(
                path,
                Some(start),
                format!("term {id:?} has no default-language text to mark it as translated from"),
            ));
            continue;
        };
        let hash = term_hash(source);
        match doc.get_mut(id) {
            Some(Item::Table(table)) => set_string(table, "translated_from", &hash),
            Some(Item::Value(Value::InlineTable(table))) => {
                match table.get_mut("translated_from") {
                    Some(old) => {
                        let decor = old.decor().clone();
                        *old = Value::from(hash.as_str());
                        *old.decor_mut() = decor;
                    }
                    None => {
                        // The space before `}` moves to after the new value.
                        if let Some((_, last)) = table.iter_mut().last() {
                            last.decor_mut().set_suffix("");
                        }
                        table.insert("translated_from", Value::from(hash.as_str()));
                    }
                }
            }
            _ => {
                return Err(Diagnostic::error(
                    path,
                    Some(start),
                    format!("term {id:?} is not a table, so it cannot be marked"),
                ));
            }
        }
        if terms[id].get_ref().translated_from.as_deref() != Some(hash.as_str()) {
            out.changed.push(id.to_string());
        }
        out.marked.push(id.to_string());
    }
    out.text = doc.to_string();
    if text.contains("\r\n") {
        out.text = out.text.replace("\r\n", "\n").replace('\n', "\r\n");
    }
    if !text.ends_with('\n') && out.text.ends_with('\n') {
        out.text.pop();
    }
    check_marked(path, &out, &terms, sources)?;
    Ok(out)
}

/// Reads the marked text back: every term must have kept its texts and carry
/// the new hash.
fn check_marked(
    path: &Path,
    marked: &MarkedGlossary,
    before: &BTreeMap<String, toml::Spanned<TermText>>,
    sources: &BTreeMap<String, TermText>,
) -> Result<(), Diagnostic> {
    let after = glossary::parse_texts(&marked.text).ok();
    for (id, old) in before {
        let mut expected = old.get_ref().clone();
        if let Some(source) = sources.get(id) {
            expected.translated_from = Some(term_hash(source));
        }
        let now = after.as_ref().and_then(|a| a.get(id)).map(|t| t.get_ref());
        if now != Some(&expected) {
            return Err(Diagnostic::error(
                path,
                Some(old.span().start),
                format!(
                    "cannot mark term {id:?}: the edit would change its texts; the file is left as it was"
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_is_stable_and_blind_to_invisible_changes() {
        assert_eq!(source_hash("a\nb"), source_hash("a\r\nb"));
        assert_eq!(source_hash("a  \nb"), source_hash("a\nb"));
        assert_eq!(source_hash("a<!-- note -->\nb"), source_hash("a\nb"));
        assert_ne!(source_hash("a\nb"), source_hash("a\nc"));
        assert_ne!(source_hash("a"), source_hash("b"));
        assert_eq!(source_hash("").len(), 12);
    }

    #[test]
    fn marking_replaces_or_inserts_and_drops_untranslated() {
        let src = "+++\ntitle = \"S\"\n+++\nbody\n";
        let t = "+++\ntitle = \"T\"\nuntranslated = true\n+++\nText\n";
        let marked = mark_text(t, src).unwrap();
        let h = source_hash(src);
        assert_eq!(
            marked,
            format!("+++\ntitle = \"T\"\ntranslated_from = \"{h}\"\n+++\nText\n")
        );
        let again = mark_text(&marked.replace(&h, "000000000000"), src).unwrap();
        assert_eq!(again, marked);
    }

    fn term(toml_text: &str) -> TermText {
        toml::from_str(toml_text).unwrap()
    }

    #[test]
    fn term_hash_ignores_key_order_line_endings_trailing_space_and_the_mark() {
        let t = term("name = \"Joker\"\ndefinition = \"Wild.\"\ncompare = \"Only American.\"\n");
        let h = term_hash(&t);
        let reordered = "compare = \"Only American.\"\nname = \"Joker\"\ndefinition = \"Wild.\"\n";
        assert_eq!(term_hash(&term(reordered)), h);
        let spaced = "name = \"Joker \"\ndefinition = \"Wild.\"\ncompare = \"Only American.\"\ntranslated_from = \"0\"";
        assert_eq!(term_hash(&term(spaced)), h);
        let multi = |nl: &str| {
            term(&format!(
                "name = \"J\"\ndefinition = \"\"\"\nLine one.  {nl}Line two.\"\"\"\n"
            ))
        };
        assert_eq!(term_hash(&multi("\n")), term_hash(&multi("\r\n")));
        assert_eq!(term_hash(&t).len(), 12);
    }

    #[test]
    fn term_hash_sees_every_visible_change_and_field_boundaries() {
        let t = |name: &str, definition: &str, compare: &str| TermText {
            name: name.into(),
            definition: definition.into(),
            compare: compare.into(),
            translated_from: None,
            avoid: Vec::new(),
            forms: Vec::new(),
            ignore: Vec::new(),
        };
        let h = term_hash(&t("Joker", "Wild.", ""));
        assert_ne!(term_hash(&t("Joker", "Wild!", "")), h);
        assert_ne!(term_hash(&t("Joker", "Wild.", "x")), h);
        // Text moved from one field to the next is a different term.
        assert_ne!(term_hash(&t("Joker Wild.", "", "")), h);
        assert_ne!(
            term_hash(&t("a", "b\ncompare: c", "")),
            term_hash(&t("a", "b", "c"))
        );
        // Glossary texts are shown as written, so `<!--` is visible text.
        assert_ne!(
            term_hash(&t("a <!--", "b", "-->")),
            term_hash(&t("a <!--", "c", "-->"))
        );
    }

    fn sources(text: &str) -> BTreeMap<String, TermText> {
        toml::from_str(text).unwrap()
    }

    #[test]
    fn marking_a_glossary_changes_only_translated_from_lines() {
        let en = sources(
            "[a]\nname = \"A\"\ndefinition = \"Ay.\"\n[b]\nname = \"B\"\ndefinition = \"Bee.\"\n",
        );
        let (ha, hb) = (term_hash(&en["a"]), term_hash(&en["b"]));
        let de = format!(
            "# Deutsch\n\n[b]\nname = \"Be\"  # kurz\ndefinition = \"Bie.\"\ntranslated_from = \"{hb}\"\n\n[a]\ndefinition = \"Ah.\"\nname = \"Ah\"\n\n# Ende\n"
        );
        let m = mark_glossary_text(Path::new("glossary/de.toml"), &de, &en).unwrap();
        assert_eq!(
            m.text,
            de.replace(
                "name = \"Ah\"\n",
                &format!("name = \"Ah\"\ntranslated_from = \"{ha}\"\n")
            )
        );
        assert_eq!(
            (m.marked, m.changed),
            (vec!["b".into(), "a".into()], vec!["a".into()])
        );
        assert!(m.no_source.is_empty());
    }

    /// The hash `mark_glossary_text` sets for term `a` of `en`.
    fn marked_a(text: &str) -> (String, String) {
        let en = sources("[a]\nname = \"A\"\ndefinition = \"Ay.\"\n");
        let m = mark_glossary_text(Path::new("glossary/de.toml"), text, &en).unwrap();
        (m.text, term_hash(&en["a"]))
    }

    #[test]
    fn marking_a_glossary_adds_after_the_last_key_keeping_comments_and_blank_lines() {
        let text = "# top\n[a]\nname = \"A\" # why\ndefinition = \"Ah.\"\n\n# about b\n[b]\nname = \"B\"\ndefinition = \"Be.\"\n";
        let (marked, h) = marked_a(text);
        assert_eq!(
            marked,
            text.replace(
                "\"Ah.\"\n",
                &format!("\"Ah.\"\ntranslated_from = \"{h}\"\n")
            )
        );
    }

    #[test]
    fn marking_a_glossary_replaces_the_value_keeping_its_place_indent_and_comment() {
        let text = "[a]\n  translated_from =   \"old\"  # mark\n  name = \"A\"\ndefinition = \"\"\n[b]\nname = \"B\"\ndefinition = \"\"\n";
        let (marked, h) = marked_a(text);
        assert_eq!(marked, text.replace("\"old\"", &format!("\"{h}\"")));
    }

    #[test]
    fn marking_a_glossary_keeps_crlf_and_a_missing_final_newline() {
        let (marked, h) = marked_a("[a]\r\nname = \"A\"\r\ndefinition = \"\"\r\n");
        assert_eq!(
            marked,
            format!("[a]\r\nname = \"A\"\r\ndefinition = \"\"\r\ntranslated_from = \"{h}\"\r\n")
        );
        let (marked, h) = marked_a("[a]\nname = \"A\"\ndefinition = \"\"");
        assert_eq!(
            marked,
            format!("[a]\nname = \"A\"\ndefinition = \"\"\ntranslated_from = \"{h}\"")
        );
    }

    #[test]
    fn marking_a_glossary_leaves_terms_without_source_and_edits_any_table_layout() {
        let en = sources("[a]\nname = \"A\"\ndefinition = \"Ay.\"\n");
        let h = term_hash(&en["a"]);
        let path = Path::new("glossary/de.toml");
        let de = "[x]\nname = \"X\"\ndefinition = \"Ix.\"\n";
        let m = mark_glossary_text(path, de, &en).unwrap();
        assert_eq!(m.text, de);
        assert_eq!(m.no_source.len(), 1);
        assert_eq!(m.no_source[0].offset, Some(0));

        let inline = "a = { name = \"A\", definition = \"Ah.\" }  # kurz\n";
        let m = mark_glossary_text(path, inline, &en).unwrap();
        assert_eq!(
            m.text,
            format!(
                "a = {{ name = \"A\", definition = \"Ah.\", translated_from = \"{h}\" }}  # kurz\n"
            )
        );

        // A line inside a multi-line string that looks like a key stays text.
        let tricky = "[a]\nname = \"A\"\ndefinition = \"\"\"\ntranslated_from = 1\n\"\"\"\n";
        let m = mark_glossary_text(path, tricky, &en).unwrap();
        assert_eq!(m.text, format!("{tricky}translated_from = \"{h}\"\n"));
    }

    /// A front matter written by hand: comments, an inline table, odd
    /// spacing, a sub-table, CRLF. Only `translated_from` and
    /// `untranslated` change; every other byte stays.
    #[test]
    fn marking_a_page_keeps_everything_but_the_marks() {
        let src = "+++\ntitle = \"S\"\n+++\nbody\n";
        let h = source_hash(src);
        let page = "+++\n# Seite über Joker\ntitle   =   'Joker'   # kurz\nextra = { a = 1,  b = \"x\" }\n\n# noch nicht\nuntranslated = true\nweight=3\ntranslated_from = \"0000\" # alt\n\n[practice]\nsheets = 2\n+++\nText with translated_from = 1\n";
        let marked = mark_text(page, src).unwrap();
        let expected = page
            .replace(
                "# noch nicht\nuntranslated = true\nweight=3",
                "# noch nicht\nweight=3",
            )
            .replace("\"0000\"", &format!("\"{h}\""));
        assert_eq!(marked, expected);

        // No mark yet: added after the last top-level key, not in `[practice]`.
        let page =
            "+++\ntitle = \"T\"  # t\nuntranslated = true\n\n[practice]\nsheets = 2\n+++\nBody\n";
        assert_eq!(
            mark_text(page, src).unwrap(),
            format!(
                "+++\ntitle = \"T\"  # t\ntranslated_from = \"{h}\"\n\n[practice]\nsheets = 2\n+++\nBody\n"
            )
        );

        let crlf = "+++\r\ntitle = \"T\"\r\n# c\r\n+++\r\nBody\r\n";
        assert_eq!(
            mark_text(crlf, src).unwrap(),
            format!("+++\r\ntitle = \"T\"\r\ntranslated_from = \"{h}\"\r\n# c\r\n+++\r\nBody\r\n")
        );
    }
}
