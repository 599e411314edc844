//! Translations: which pages each language has, lacks, or has out of date
//! (staleness by source hash), marking a translation up to date, and
//! scaffolding a new language (`tilebook new-language`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::config::Config;
use crate::content::{ContentSet, Page};
use crate::glossary::Glossary;
use crate::i18n::Strings;

/// Short, stable hash of a default-language page (FNV-1a 64 over its text,
/// 12 hex digits). Recorded in a translation's `translated_from`. Changes a
/// reader cannot see (line endings, trailing spaces, HTML comments) do not
/// change the hash, so they make no translation stale.
pub fn source_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for line in strip_comments(text).lines() {
        for b in line.trim_end().bytes().chain([b'\n']) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{:012x}", h >> 16)
}

/// `text` without `<!-- … -->` comments (an unclosed one runs to the end).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        rest = match rest[start..].find("-->") {
            Some(end) => &rest[start + end + 3..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

/// State of one page in one language.
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
    for s in status.iter().filter(|s| !s.is_default) {
        if s.attention.is_empty() && s.strings_missing.is_empty() && s.glossary_missing.is_empty() {
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
    }
    out
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
    if config.is_language(code) {
        return Err(format!("language {code:?} is already configured"));
    }
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
        let mut g =
            format!("# Glossary texts for {name} ({code}). Uncomment and translate each entry.\n");
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
    Ok(Scaffold {
        files,
        config_text: config_out,
    })
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
}
