//! `translations mark`: a page's `translated_from` in its front matter, a
//! glossary file's term tables, edited line by line so that comments and
//! layout stay.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::glossary::{self, TermText};
use crate::hash::source_hash;

use super::status::term_hash;

/// Sets `translated_from` to the current source hash in a translation's
/// front matter and drops `untranslated`. Returns the new file text.
pub fn mark_text(translation_text: &str, source_text: &str) -> Result<String, String> {
    let hash = source_hash(source_text);
    let (start, end) = front_matter_lines(translation_text)?;
    let mut lines: Vec<String> = translation_text.lines().map(String::from).collect();
    let mut replaced = false;
    let mut i = start;
    let mut close = end;
    while i < close {
        let key = lines[i].split('=').next().unwrap_or("").trim().to_string();
        if key == "untranslated" {
            lines.remove(i);
            close -= 1;
            continue;
        }
        if key == "translated_from" {
            lines[i] = format!("translated_from = \"{hash}\"");
            replaced = true;
        }
        i += 1;
    }
    if !replaced {
        lines.insert(close, format!("translated_from = \"{hash}\""));
    }
    let mut text = lines.join("\n");
    if translation_text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
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

/// Sets `translated_from` in the `[id]` table of every term of the glossary
/// file `text` (at `path`) to the `term_hash` of that term's text in
/// `sources`, the default language's texts. Only those lines change: every
/// other line, comment and blank line stays as it was. Fails, changing
/// nothing, when the file does not parse or a term is not a `[id]` table.
pub fn mark_glossary_text(
    path: &Path,
    text: &str,
    sources: &BTreeMap<String, TermText>,
) -> Result<MarkedGlossary, Diagnostic> {
    let terms = glossary::parse_texts(text)
        .map_err(|e| Diagnostic::error(path, e.span().map(|s| s.start), e.message()))?;
    let mut starts: Vec<(usize, &str)> = terms
        .iter()
        .map(|(id, t)| (t.span().start, id.as_str()))
        .collect();
    starts.sort();
    let mut out = MarkedGlossary {
        text: text.to_string(),
        marked: Vec::new(),
        changed: Vec::new(),
        no_source: Vec::new(),
    };
    // From the last table to the first, so earlier offsets stay valid.
    for (i, &(start, id)) in starts.iter().enumerate().rev() {
        let Some(source) = sources.get(id) else {
            out.no_source.push(Diagnostic::error(
                path,
                Some(start),
                format!("term {id:?} has no default-language text to mark it as translated from"),
            ));
            continue;
        };
        if !text[start..].starts_with('[') {
            return Err(Diagnostic::error(
                path,
                Some(start),
                format!("term {id:?} is not written as a `[{id}]` table, so it cannot be marked"),
            ));
        }
        let hash = term_hash(source);
        let end = starts.get(i + 1).map_or(text.len(), |&(next, _)| next);
        let (range, line) = set_table_key(text, start..end, "translated_from", &hash);
        out.text.replace_range(range, &line);
        if terms[id].get_ref().translated_from.as_deref() != Some(hash.as_str()) {
            out.changed.push(id.to_string());
        }
        out.marked.push(id.to_string());
    }
    out.marked.reverse();
    out.changed.reverse();
    out.no_source.reverse();
    check_marked(path, &out, &terms, sources)?;
    Ok(out)
}

/// Reads the marked text back: every term must have kept its texts and carry
/// the new hash (a line the edit misread, e.g. inside a multi-line string,
/// would show here).
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
                    "cannot mark term {id:?}: editing its table line by line would change it (a multi-line string?); the file is left as it was"
                ),
            ));
        }
    }
    Ok(())
}

/// Where and what to write so that the TOML table whose header starts at
/// `table.start` (and which ends where the next one starts, `table.end`)
/// sets `key = "value"`: the byte range of the line that sets `key` now, or
/// an empty range after the table's last key line (its last line that is
/// neither blank nor a comment), with the text to put there.
fn set_table_key(
    text: &str,
    table: Range<usize>,
    key: &str,
    value: &str,
) -> (Range<usize>, String) {
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut lines = table_lines(text, table);
    let (header_at, header) = lines.next().expect("a table starts with its header");
    let mut after_last_key = (header_at + header.len(), header.ends_with('\n'), "");
    for (at, line) in lines {
        let content = line.trim_end_matches(['\r', '\n']);
        let code = content.trim_start();
        let indent = &content[..content.len() - code.len()];
        if key_of(code) == Some(key) {
            return (
                at..at + content.len(),
                format!("{indent}{key} = \"{value}\""),
            );
        }
        if !code.is_empty() && !code.starts_with('#') {
            after_last_key = (at + line.len(), line.ends_with('\n'), indent);
        }
    }
    let (at, ended, indent) = after_last_key;
    let new_line = format!("{indent}{key} = \"{value}\"");
    let insert = if ended {
        format!("{new_line}{newline}")
    } else {
        format!("{newline}{new_line}")
    };
    (at..at, insert)
}

/// The lines of the table in `table` (the header line first), each with its
/// line ending and its byte offset. Text before the next table's header on
/// its line (indentation) is not part of the table.
fn table_lines(text: &str, table: Range<usize>) -> impl Iterator<Item = (usize, &str)> {
    let to_the_end = table.end == text.len();
    text[table.start..table.end]
        .split_inclusive('\n')
        .scan(table.start, |at, line| {
            let here = *at;
            *at += line.len();
            Some((here, line))
        })
        .filter(move |(_, line)| to_the_end || line.ends_with('\n'))
}

/// The key a `key = value` line sets (quotes removed), if it is one.
fn key_of(line: &str) -> Option<&str> {
    let (key, _) = line.split_once('=')?;
    Some(key.trim().trim_matches(['"', '\'']))
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

    /// `set_table_key` applied to the table that starts at `header` and runs
    /// to the next `[` at a line start (or the end).
    fn set_in(text: &str, header: &str) -> String {
        let start = text.find(header).unwrap();
        let end = text[start + 1..]
            .find("\n[")
            .map_or(text.len(), |i| start + 1 + i + 1);
        let (range, line) = set_table_key(text, start..end, "translated_from", "abc");
        let mut out = text.to_string();
        out.replace_range(range, &line);
        out
    }

    #[test]
    fn set_table_key_adds_after_the_last_key_line_keeping_comments_and_blank_lines() {
        let text = "# top\n[a]\nname = \"A\" # why\n\n# about b\n[b]\nname = \"B\"\n";
        assert_eq!(
            set_in(text, "[a]"),
            "# top\n[a]\nname = \"A\" # why\ntranslated_from = \"abc\"\n\n# about b\n[b]\nname = \"B\"\n"
        );
        assert_eq!(
            set_in(text, "[b]"),
            format!("{text}translated_from = \"abc\"\n")
        );
    }

    #[test]
    fn set_table_key_replaces_the_existing_line_keeping_its_indent() {
        let text = "[a]\n  translated_from = \"old\"\n  name = \"A\"\n[b]\n";
        assert_eq!(
            set_in(text, "[a]"),
            "[a]\n  translated_from = \"abc\"\n  name = \"A\"\n[b]\n"
        );
    }

    #[test]
    fn set_table_key_keeps_crlf_and_a_missing_final_newline() {
        assert_eq!(
            set_in("[a]\r\nname = \"A\"\r\n", "[a]"),
            "[a]\r\nname = \"A\"\r\ntranslated_from = \"abc\"\r\n"
        );
        assert_eq!(
            set_in("[a]\nname = \"A\"", "[a]"),
            "[a]\nname = \"A\"\ntranslated_from = \"abc\""
        );
        assert_eq!(set_in("[a]", "[a]"), "[a]\ntranslated_from = \"abc\"");
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

    #[test]
    fn marking_a_glossary_leaves_terms_without_source_and_refuses_other_layouts() {
        let en = sources("[a]\nname = \"A\"\ndefinition = \"Ay.\"\n");
        let path = Path::new("glossary/de.toml");
        let de = "[x]\nname = \"X\"\ndefinition = \"Ix.\"\n";
        let m = mark_glossary_text(path, de, &en).unwrap();
        assert_eq!(m.text, de);
        assert_eq!(m.no_source.len(), 1);
        assert_eq!(m.no_source[0].offset, Some(0));

        let inline = "a = { name = \"A\", definition = \"Ah.\" }\n";
        let e = mark_glossary_text(path, inline, &en).unwrap_err();
        assert!(e.message.contains("not written as a `[a]` table"), "{e:?}");

        // A line inside a multi-line string looks like a key: refused, not corrupted.
        let tricky = "[a]\nname = \"A\"\ndefinition = \"\"\"\ntranslated_from = 1\n\"\"\"\n";
        let e = mark_glossary_text(path, tricky, &en).unwrap_err();
        assert!(e.message.contains("cannot mark term \"a\""), "{e:?}");
    }
}
