//! Translations: which pages and glossary terms each language has, lacks,
//! or has out of date (staleness by source hash), marking a translation up
//! to date (`translated_from` in a page's front matter or in a term's table
//! of `glossary/<lang>.toml`), and scaffolding a new language
//! (`tilebook new-language`); the build's warnings about stale pages and
//! terms.
//!
//! Over 600 lines: about 170 of them are its unit tests (term hashes, and
//! `mark`'s line-by-line edits that must keep comments and layout); the next
//! split is `mark` into its own module.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::config::Config;
use crate::content::{ContentSet, Page};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::glossary::{self, Glossary, TermText};
use crate::hash::source_hash;
use crate::i18n::Strings;

/// [`crate::hash::term_hash`] of a term's default-language texts.
pub fn term_hash(text: &TermText) -> String {
    crate::hash::term_hash(&text.name, &text.definition, &text.compare)
}

/// State of one page (or glossary term) in one language. A term is never
/// `Untranslated`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PageState {
    /// Translated and marked from the current source.
    Current,
    /// Marked from an older version of the source.
    Stale,
    /// Translated but never marked (`translations mark`), so staleness is unknown.
    Unmarked,
    /// A copy of the source waiting for translation (`untranslated = true`).
    Untranslated,
    /// No file in this language.
    Missing,
}

#[derive(Debug, Clone, Serialize)]
pub struct PageStatus {
    /// Path relative to the language folder.
    pub rel: String,
    pub state: PageState,
    /// The translation's file (absent when missing).
    pub path: Option<String>,
    pub source: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct LanguageStatus {
    pub code: String,
    pub name: String,
    pub is_default: bool,
    pub pages: usize,
    pub translated: usize,
    pub stale: usize,
    pub unmarked: usize,
    /// Pages not translated yet: no file, or an untranslated copy.
    pub missing: usize,
    /// Of `missing`, the copies waiting for translation (`untranslated = true`).
    pub untranslated_copies: usize,
    /// Every non-current page, with its state.
    pub attention: Vec<PageStatus>,
    pub strings_missing: Vec<String>,
    pub strings_file: Option<String>,
    pub glossary_missing: Vec<String>,
    /// Translated terms whose default-language text changed since they were marked.
    pub glossary_stale: Vec<String>,
    /// Translated terms never marked, so staleness is unknown.
    pub glossary_unmarked: Vec<String>,
    /// Uses of variants the language's glossary says to avoid (`avoid`).
    pub terminology: Vec<crate::terminology::Avoided>,
}

/// Adds to each language's status the uses of its avoided variants.
pub fn add_terminology(status: &mut [LanguageStatus], found: &[crate::terminology::Avoided]) {
    for s in status {
        s.terminology = found.iter().filter(|a| a.lang == s.code).cloned().collect();
    }
}

/// Translation status of every language (the default language included, for totals).
pub fn status(
    config: &Config,
    content: &ContentSet,
    strings: &Strings,
    glossary: &Glossary,
) -> Vec<LanguageStatus> {
    let default = &config.default_language;
    let sources: Vec<&Page> = content
        .pages
        .iter()
        .filter(|p| &p.lang == default)
        .collect();
    config
        .languages
        .iter()
        .map(|lang| {
            let is_default = &lang.code == default;
            let terms = if is_default {
                Vec::new()
            } else {
                term_states(glossary, &lang.code)
            };
            let mut s = LanguageStatus {
                code: lang.code.clone(),
                name: lang.name.clone(),
                is_default,
                pages: sources.len(),
                translated: 0,
                stale: 0,
                unmarked: 0,
                missing: 0,
                untranslated_copies: 0,
                attention: Vec::new(),
                strings_missing: strings.missing_keys(&lang.code),
                strings_file: strings
                    .file_for(&lang.code)
                    .map(|p| p.display().to_string()),
                glossary_missing: glossary
                    .missing_in(&lang.code)
                    .into_iter()
                    .map(String::from)
                    .collect(),
                glossary_stale: terms_in(&terms, PageState::Stale),
                glossary_unmarked: terms_in(&terms, PageState::Unmarked),
                terminology: Vec::new(),
            };
            for src in &sources {
                let translation = content.get(&lang.code, &src.rel);
                let state = if is_default {
                    PageState::Current
                } else {
                    page_state(src, translation)
                };
                match state {
                    PageState::Current => s.translated += 1,
                    PageState::Stale => {
                        s.translated += 1;
                        s.stale += 1
                    }
                    PageState::Unmarked => {
                        s.translated += 1;
                        s.unmarked += 1
                    }
                    PageState::Untranslated => {
                        s.missing += 1;
                        s.untranslated_copies += 1
                    }
                    PageState::Missing => s.missing += 1,
                }
                if state != PageState::Current {
                    s.attention.push(PageStatus {
                        rel: src.rel.clone(),
                        state,
                        path: translation.map(|t| t.source_path.display().to_string()),
                        source: src.source_path.display().to_string(),
                    });
                }
            }
            s
        })
        .collect()
}

/// State of `translation` of the default-language page `source`.
pub fn page_state(source: &Page, translation: Option<&Page>) -> PageState {
    let Some(t) = translation else {
        return PageState::Missing;
    };
    if t.front.untranslated {
        return PageState::Untranslated;
    }
    match &t.front.translated_from {
        None => PageState::Unmarked,
        Some(h) if h == source.source_hash() => PageState::Current,
        Some(_) => PageState::Stale,
    }
}

/// State of a term's `translation` of the default-language text `source`.
pub fn term_state(source: &TermText, translation: Option<&TermText>) -> PageState {
    let Some(t) = translation else {
        return PageState::Missing;
    };
    match &t.translated_from {
        None => PageState::Unmarked,
        Some(h) if *h == term_hash(source) => PageState::Current,
        Some(_) => PageState::Stale,
    }
}

/// The state in `lang` of every term (in `glossary/terms.toml` order) that
/// has a default-language text.
pub fn term_states<'a>(glossary: &'a Glossary, lang: &str) -> Vec<(&'a str, PageState)> {
    let Some(sources) = glossary.texts_in(glossary.default_language()) else {
        return Vec::new();
    };
    let own = glossary.texts_in(lang);
    glossary
        .terms
        .iter()
        .filter_map(|t| {
            let source = sources.get(&t.id)?;
            let translation = own.and_then(|m| m.get(&t.id));
            Some((t.id.as_str(), term_state(source, translation)))
        })
        .collect()
}

fn terms_in(states: &[(&str, PageState)], wanted: PageState) -> Vec<String> {
    states
        .iter()
        .filter(|(_, s)| *s == wanted)
        .map(|(id, _)| id.to_string())
        .collect()
}

/// The status as a text table per language, with paths.
pub fn format_text(status: &[LanguageStatus]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<8} {:>6} {:>10} {:>6} {:>8} {:>8} {:>16} {:>17}",
        "language",
        "pages",
        "translated",
        "stale",
        "unmarked",
        "missing",
        "strings missing",
        "glossary missing"
    );
    for s in status {
        let _ = writeln!(
            out,
            "{:<8} {:>6} {:>10} {:>6} {:>8} {:>8} {:>16} {:>17}",
            s.code,
            s.pages,
            s.translated,
            s.stale,
            s.unmarked,
            s.missing,
            s.strings_missing.len(),
            s.glossary_missing.len()
        );
    }
    let default = status.iter().find(|s| s.is_default).map_or("", |s| &s.code);
    for s in status
        .iter()
        .filter(|s| !s.is_default || !s.terminology.is_empty())
    {
        if s.attention.is_empty()
            && s.strings_missing.is_empty()
            && s.glossary_missing.is_empty()
            && s.glossary_stale.is_empty()
            && s.glossary_unmarked.is_empty()
            && s.terminology.is_empty()
        {
            continue;
        }
        let _ = writeln!(out, "\n{} ({}):", s.code, s.name);
        for p in &s.attention {
            let state = match p.state {
                PageState::Stale => "stale",
                PageState::Unmarked => "unmarked",
                PageState::Untranslated => "missing",
                PageState::Missing => "missing",
                PageState::Current => "current",
            };
            let path = p
                .path
                .clone()
                .unwrap_or_else(|| format!("content/{}/{}", s.code, p.rel));
            let note = match p.state {
                PageState::Untranslated => "untranslated copy of",
                PageState::Missing => "no file; source",
                PageState::Stale => "source changed since marked:",
                _ => "translated from",
            };
            let _ = writeln!(out, "  {state:<9} {path}  ({note} {})", p.source);
        }
        if !s.strings_missing.is_empty() {
            let _ = writeln!(
                out,
                "  strings      {} missing in {}: {}",
                s.strings_missing.len(),
                s.strings_file.as_deref().unwrap_or("?"),
                s.strings_missing.join(", ")
            );
        }
        if !s.glossary_missing.is_empty() {
            let _ = writeln!(
                out,
                "  glossary     {} term(s) missing in glossary/{}.toml: {}",
                s.glossary_missing.len(),
                s.code,
                s.glossary_missing.join(", ")
            );
        }
        write_glossary_states(&mut out, s, default);
        for a in &s.terminology {
            let _ = writeln!(
                out,
                "  terminology  {}:{}:{}: \"{}\", write \"{}\" (glossary term `{}`)",
                a.path.display(),
                a.line,
                a.col,
                a.found,
                a.preferred,
                a.term
            );
        }
    }
    out
}

/// The report lines for a language's stale and unmarked glossary terms.
fn write_glossary_states(out: &mut String, s: &LanguageStatus, default: &str) {
    let file = Glossary::file(&s.code).display().to_string();
    let source = Glossary::file(default).display().to_string();
    let mark = format!("`tilebook translations mark {file}`");
    if !s.glossary_stale.is_empty() {
        let _ = writeln!(
            out,
            "  glossary     {} term(s) stale in {file} (changed in {source} since marked): {}; update them, then run {mark}",
            s.glossary_stale.len(),
            s.glossary_stale.join(", ")
        );
    }
    if !s.glossary_unmarked.is_empty() {
        let _ = writeln!(
            out,
            "  glossary     {} term(s) unmarked in {file}: {}; once they match {source}, run {mark}",
            s.glossary_unmarked.len(),
            s.glossary_unmarked.join(", ")
        );
    }
}

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
fn front_matter_lines(text: &str) -> Result<(usize, usize), String> {
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

/// Files `new-language` writes, relative to the site root, with their text.
pub struct Scaffold {
    pub files: BTreeMap<PathBuf, String>,
    pub config_text: String,
}

/// Plans a new language: a config entry, every default-language page copied
/// and marked `untranslated = true`, a strings file listing every key
/// (commented out, so they count as missing until translated), and glossary
/// entries to fill.
/// What a new language is copied from.
pub struct SiteData<'a> {
    pub config: &'a Config,
    pub content: &'a ContentSet,
    pub strings: &'a Strings,
    pub glossary: &'a Glossary,
}

pub fn scaffold_language(
    root: &Path,
    config_text: &str,
    site: &SiteData<'_>,
    code: &str,
    name: &str,
) -> Result<Scaffold, String> {
    let SiteData {
        config,
        content,
        strings,
        glossary,
    } = *site;
    check_new_language(config, code, name)?;
    if root.join("content").join(code).exists() {
        return Err(format!("content/{code}/ already exists"));
    }
    let weight = config.languages.iter().map(|l| l.weight).max().unwrap_or(0) + 1;
    let mut config_out = config_text.trim_end().to_string();
    let _ = write!(
        config_out,
        "\n\n[languages.{code}]\nname = {}\nweight = {weight}\n",
        toml_string(name)
    );
    let mut files = BTreeMap::new();
    let default = &config.default_language;
    for p in content.pages.iter().filter(|p| &p.lang == default) {
        let text = insert_front_matter_line(&p.text, "untranslated = true")?;
        files.insert(PathBuf::from("content").join(code).join(&p.rel), text);
    }
    let mut strings_file = format!(
        "# UI strings for {name} ({code}). Uncomment each line and translate it;\n# until then the {default} text is used and the key is reported as missing.\n"
    );
    let mut tables: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for key in strings.all_keys() {
        let (table, leaf) = key.rsplit_once('.').unwrap_or(("", &key));
        let text = strings.get(default, &key).unwrap_or("").to_string();
        tables
            .entry(table.to_string())
            .or_default()
            .push((leaf.to_string(), text));
    }
    for (table, entries) in &tables {
        if !table.is_empty() {
            let path: Vec<String> = table.split('.').map(toml_key).collect();
            let _ = write!(strings_file, "\n[{}]\n", path.join("."));
        }
        for (leaf, text) in entries {
            let _ = writeln!(strings_file, "# {} = {}", toml_key(leaf), toml_string(text));
        }
    }
    files.insert(
        PathBuf::from("i18n").join(format!("{code}.toml")),
        strings_file,
    );
    if !glossary.terms.is_empty() {
        let mut g = format!(
            "# Glossary texts for {name} ({code}). Uncomment and translate each entry,\n# then run `tilebook translations mark glossary/{code}.toml`.\n"
        );
        for term in &glossary.terms {
            if let Some(t) = glossary.text(default, &term.id) {
                let _ = write!(
                    g,
                    "\n# [{}]\n# name = {}\n# definition = {}\n# compare = {}\n",
                    toml_key(&term.id),
                    toml_string(&t.name),
                    toml_string(&t.definition),
                    toml_string(&t.compare)
                );
            }
        }
        files.insert(PathBuf::from("glossary").join(format!("{code}.toml")), g);
    }
    // The build must accept what is written: parse the new config first.
    if let Err(errs) = Config::parse(&config_out) {
        let why: Vec<String> = errs.into_iter().map(|d| d.message).collect();
        return Err(format!(
            "adding [languages.{code}] would make config.toml invalid: {}",
            why.join("; ")
        ));
    }
    debug_assert!(files.keys().all(|p| {
        p.components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
    }));
    Ok(Scaffold {
        files,
        config_text: config_out,
    })
}

/// Refuses a code that is not a canonical BCP 47 tag, that is configured
/// already (in any case), and a name that is empty or spans lines.
fn check_new_language(config: &Config, code: &str, name: &str) -> Result<(), String> {
    if let Some(l) = config
        .languages
        .iter()
        .find(|l| l.code.eq_ignore_ascii_case(code))
    {
        return Err(if l.code == code {
            format!("language {code:?} is already configured")
        } else {
            format!(
                "language {code:?} differs only in case from the configured language {:?}",
                l.code
            )
        });
    }
    crate::config::check_language_tag(code)?;
    if name.trim().is_empty() {
        return Err(
            "the language name is empty; give it as written in that language, e.g. --name Español"
                .into(),
        );
    }
    if name.chars().any(char::is_control) {
        return Err("the language name must be on one line".into());
    }
    Ok(())
}

fn insert_front_matter_line(text: &str, line: &str) -> Result<String, String> {
    let (_, close) = front_matter_lines(text)?;
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(close, line);
    let mut out = lines.join("\n");
    out.push('\n');
    Ok(out)
}

fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn toml_key(k: &str) -> String {
    if k.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        k.to_string()
    } else {
        toml_string(k)
    }
}

// ---- build warnings ------------------------------------------------------

/// Warns about every translation whose source changed after it was marked.
pub(crate) fn report_stale(config: &Config, content: &ContentSet, diags: &mut Diagnostics) {
    for page in &content.pages {
        if page.lang == config.default_language {
            continue;
        }
        let Some(source) = content.get(&config.default_language, &page.rel) else {
            continue;
        };
        if page_state(source, Some(page)) == PageState::Stale {
            let at = page.front.spans.translated_from;
            diags.warning(
                &page.source_path,
                at,
                format!(
                    "translation is stale: {} changed since it was translated; update it, then run `tilebook translations mark {}`",
                    source.source_path.display(),
                    page.source_path.display()
                ),
            );
        }
    }
}

/// Warns about every translated glossary term whose default-language text
/// changed after it was marked, at the term's `[id]` table.
pub(crate) fn report_stale_terms(config: &Config, glossary: &Glossary, diags: &mut Diagnostics) {
    let default = &config.default_language;
    let source_file = Glossary::file(default);
    for lang in config.languages.iter().filter(|l| &l.code != default) {
        let file = Glossary::file(&lang.code);
        for (id, state) in term_states(glossary, &lang.code) {
            if state != PageState::Stale {
                continue;
            }
            diags.push(
                Diagnostic::warning(
                    &file,
                    glossary.table_offset(&lang.code, id),
                    format!(
                        "glossary term {id:?} is stale: its text in {} changed since it was translated; update it, then run `tilebook translations mark {}`",
                        source_file.display(),
                        file.display()
                    ),
                )
                .with_related(
                    &source_file,
                    glossary.table_offset(default, id),
                    "the current text",
                ),
            );
        }
    }
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
