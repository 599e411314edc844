//! Terminology check: the variants of a term a language's glossary says to
//! avoid (`avoid = ["prestatge"]` in a term's table of `glossary/<lang>.toml`),
//! found, whole-word and case-insensitively, in that language's pages (prose,
//! titles and descriptions, quiz prompts; never code, tiles or TOML keys),
//! glossary entries and UI strings, each at its byte offset, naming the
//! preferred term (the term's `name` in that language). `site` turns them
//! into warnings; `translations` lists them.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use aho_corasick::AhoCorasick;

use serde::Serialize;
use toml::de::{DeTable, DeValue};

use crate::config::Config;
use crate::content::{ContentSet, Page};
use crate::diagnostics::{Diagnostic, line_col};
use crate::glossary::Glossary;

/// One use of an avoided variant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Avoided {
    /// The language whose glossary lists the variant.
    pub lang: String,
    /// The file, relative to the site root.
    pub path: PathBuf,
    /// Byte offset of the word in the file.
    #[serde(skip)]
    pub offset: usize,
    /// 1-based line and column of the word (for the JSON report).
    pub line: usize,
    pub col: usize,
    /// The word as written.
    pub found: String,
    /// The glossary term it is a variant of.
    pub term: String,
    /// The term's name in the language: what to write instead.
    pub preferred: String,
}

impl Avoided {
    /// `"prestatge" is a variant to avoid in ca: write "Faristol" (glossary term `rack`)`.
    pub fn message(&self) -> String {
        format!(
            "\"{}\" is a variant to avoid in {}: write \"{}\" (glossary term `{}`)",
            self.found, self.lang, self.preferred, self.term
        )
    }

    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::warning(&self.path, Some(self.offset), self.message())
    }
}

/// Where to look: the files of one language.
pub struct Sources<'a> {
    pub config: &'a Config,
    pub content: &'a ContentSet,
    pub glossary: &'a Glossary,
    /// The site root (files are read from here).
    pub root: &'a Path,
    /// The theme's folder (its `i18n/<lang>.ftl` is read).
    pub theme_dir: &'a Path,
    /// The texts the loaders read (the glossary and strings files are
    /// read once per build: from here, from disk only when not there).
    pub texts: &'a crate::diagnostics::SourceCache,
}

/// A variant to avoid and the term it stands for.
struct Variant {
    term: String,
    preferred: String,
}

/// One language's variants to avoid, searched for all at once (one
/// Aho-Corasick automaton over their lowercased words).
struct LangWords {
    variants: Vec<Variant>,
    automaton: AhoCorasick,
}

/// The terminology check of one build: each language's variants to avoid,
/// made once from the glossary.
pub struct Checker {
    langs: HashMap<String, LangWords>,
}

impl Checker {
    pub fn new(glossary: &Glossary, config: &Config) -> Checker {
        let langs = (config.languages.iter())
            .filter_map(|l| Some((l.code.clone(), LangWords::new(glossary, &l.code)?)))
            .collect();
        Checker { langs }
    }

    /// Whether some language has a variant to avoid.
    pub fn checks_any(&self) -> bool {
        !self.langs.is_empty()
    }

    /// The uses of avoided variants in one page of its language.
    pub fn page(&self, page: &Page) -> Vec<Avoided> {
        self.page_with(page, page.prose())
    }

    /// [`Checker::page`] on the page's prose as its rendering read it.
    pub fn page_with(&self, page: &Page, prose: &crate::markdown::Prose) -> Vec<Avoided> {
        let mut out = Vec::new();
        if let Some(words) = self.langs.get(&page.lang) {
            Finder {
                lang: &page.lang,
                words,
                out: &mut out,
            }
            .page(page, prose);
        }
        out
    }

    /// The uses of avoided variants in each language's glossary and UI
    /// strings files.
    pub fn files(&self, s: &Sources<'_>) -> Vec<Avoided> {
        let mut out = Vec::new();
        for lang in &s.config.languages {
            let lang = lang.code.as_str();
            let Some(words) = self.langs.get(lang) else {
                continue;
            };
            let mut found = Finder {
                lang,
                words,
                out: &mut out,
            };
            let glossary = Glossary::file(lang);
            found.toml_file(s, &glossary, &["avoid", "translated_from"]);
            let theme = crate::i18n::file_in(&s.theme_dir.join("i18n"), lang);
            let site = crate::i18n::file_in(&s.root.join(crate::i18n::SITE_I18N_DIR), lang);
            for file in [theme, site] {
                let rel = crate::stdx::rel_to(s.root, &file);
                found.ftl_file(s, &rel);
            }
        }
        out
    }
}

impl LangWords {
    /// `lang`'s variants, `None` when its glossary lists none.
    fn new(glossary: &Glossary, lang: &str) -> Option<LangWords> {
        let texts = glossary.texts_in(lang)?;
        let mut variants = Vec::new();
        let mut patterns = Vec::new();
        for (id, t) in texts.iter() {
            for word in t.avoid.iter().filter(|w| !w.is_empty()) {
                patterns.push(lowercase(word));
                variants.push(Variant {
                    term: id.to_string(),
                    preferred: t.name.clone(),
                });
            }
        }
        if variants.is_empty() {
            return None;
        }
        let automaton = AhoCorasick::new(&patterns).ok()?;
        Some(LangWords {
            variants,
            automaton,
        })
    }

    /// Where each variant stands in `text` as a whole word, compared
    /// case-insensitively (as [`find_words`] finds one): (variant, range),
    /// in variant order, then in text order.
    fn find(&self, text: &str) -> Vec<(usize, Range<usize>)> {
        let mut hits = find_all(&self.automaton, text);
        hits.sort_by_key(|(v, r)| (*v, r.start));
        hits
    }
}

/// An automaton over the words, lowercased char by char, for [`find_all`].
pub fn automaton<'a>(words: impl IntoIterator<Item = &'a str>) -> Option<AhoCorasick> {
    let patterns: Vec<String> = words.into_iter().map(lowercase).collect();
    AhoCorasick::new(&patterns).ok()
}

/// Where each of the automaton's words stands in `text` as a whole word,
/// compared case-insensitively (as [`find_words`] finds one): (pattern,
/// range), in text order.
pub fn find_all(automaton: &AhoCorasick, text: &str) -> Vec<(usize, Range<usize>)> {
    // The text lowercased char by char, and for each of its bytes the
    // offset of the char it came from; `starts`: whether it begins
    // that char's lowercase form (a match must begin and end there).
    let mut lowered = String::with_capacity(text.len());
    let mut from = Vec::with_capacity(text.len() + 1);
    let mut starts = Vec::with_capacity(text.len() + 1);
    for (i, c) in text.char_indices() {
        let start = lowered.len();
        lowered.extend(c.to_lowercase());
        for k in start..lowered.len() {
            from.push(i);
            starts.push(k == start);
        }
    }
    from.push(text.len());
    starts.push(true);
    automaton
        .find_overlapping_iter(&lowered)
        .filter(|m| starts[m.start()] && starts[m.end()])
        .map(|m| (m.pattern().as_usize(), from[m.start()]..from[m.end()]))
        .filter(|(_, r)| {
            !text[..r.start]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
                && !text[r.end..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric)
        })
        .collect()
}

/// `word` lowercased char by char (as [`find_words`] compares).
fn lowercase(word: &str) -> String {
    word.chars().flat_map(char::to_lowercase).collect()
}

/// Every use of an avoided variant, per language: in its pages, then in its
/// glossary and UI strings files.
pub fn check(s: &Sources<'_>) -> Vec<Avoided> {
    let checker = Checker::new(s.glossary, s.config);
    let mut out = Vec::new();
    for page in &s.content.pages {
        out.extend(checker.page(page));
    }
    out.extend(checker.files(s));
    out
}

/// Collects the uses of one language's variants.
struct Finder<'a, 'o> {
    lang: &'a str,
    words: &'a LangWords,
    out: &'o mut Vec<Avoided>,
}

impl Finder<'_, '_> {
    /// Looks for every variant in `text[range]` of the file `path`.
    fn scan(&mut self, path: &Path, text: &str, range: Range<usize>) {
        for (v, hit) in self.words.find(&text[range.clone()]) {
            let v = &self.words.variants[v];
            let offset = range.start + hit.start;
            let (line, col) = line_col(text, offset);
            self.out.push(Avoided {
                lang: self.lang.to_string(),
                path: path.to_path_buf(),
                offset,
                line,
                col,
                found: text[offset..range.start + hit.end].to_string(),
                term: v.term.clone(),
                preferred: v.preferred.clone(),
            });
        }
    }

    /// A page: its title and description, its prose, its quiz prompts.
    fn page(&mut self, page: &Page, prose: &crate::markdown::Prose) {
        let path = page.source_path.as_path();
        for range in page_words(page, prose) {
            self.scan(path, &page.text, range);
        }
    }

    /// Every message text of a Fluent file (not its ids or variables).
    fn ftl_file(&mut self, s: &Sources<'_>, rel: &Path) {
        let Some(text) = file_text(s, rel) else {
            return;
        };
        let resource = match fluent_syntax::parser::parse(&*text) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        let mut ranges: Vec<Range<usize>> = crate::i18n::messages(&text, resource.body.iter())
            .into_values()
            .flat_map(|m| m.text)
            .collect();
        ranges.sort_by_key(|r| r.start);
        for range in ranges {
            self.scan(rel, &text, range);
        }
    }

    /// Every string value of a TOML file (not its keys), except under `skip` keys.
    fn toml_file(&mut self, s: &Sources<'_>, rel: &Path, skip: &[&str]) {
        let Some(text) = file_text(s, rel) else {
            return;
        };
        for (_, range) in string_values(&text, skip) {
            self.scan(rel, &text, range);
        }
    }
}

/// The text of the file `rel`: as the loaders read it, or from disk.
fn file_text<'a>(s: &'a Sources<'_>, rel: &Path) -> Option<std::borrow::Cow<'a, str>> {
    match s.texts.registered(rel) {
        Some(text) => Some(std::borrow::Cow::Borrowed(text)),
        None => std::fs::read_to_string(s.root.join(rel))
            .ok()
            .map(std::borrow::Cow::Owned),
    }
}

/// Where a page's words are, as byte ranges of `page.text`: its title and
/// description, its prose (`prose` is [`crate::markdown::prose`] of its
/// body), and its quiz prompts; never code, tiles or TOML keys.
pub fn page_words(page: &Page, prose: &crate::markdown::Prose) -> Vec<Range<usize>> {
    let text = page.text.as_str();
    let toml = page.front.spans.toml.clone();
    let start = toml.start;
    let mut out = Vec::new();
    for (key, range) in string_values(&text[toml], &[]) {
        if key == "title" || key == "description" {
            out.push(start + range.start..start + range.end);
        }
    }
    let base = page.body_offset;
    out.extend(prose.text.iter().map(|r| base + r.start..base + r.end));
    for (kind, r) in &prose.fences {
        if kind != "quiz" {
            continue;
        }
        for (key, v) in string_values(&page.body()[r.clone()], &[]) {
            if key == "prompt" {
                let at = base + r.start;
                out.push(at + v.start..at + v.end);
            }
        }
    }
    out
}

/// The string values of a TOML text, with their last key and the range of
/// the value as written (quotes included); values under a key in `skip` are
/// left out. Text that is not valid TOML has none (its parser reports it).
fn string_values(text: &str, skip: &[&str]) -> Vec<(String, Range<usize>)> {
    let mut out = Vec::new();
    if let Ok(table) = DeTable::parse(text) {
        for (key, value) in table.get_ref().iter() {
            walk(key.get_ref(), value.get_ref(), value.span(), skip, &mut out);
        }
    }
    out.sort_by_key(|(_, r)| r.start);
    out
}

fn walk(
    key: &str,
    value: &DeValue<'_>,
    span: Range<usize>,
    skip: &[&str],
    out: &mut Vec<(String, Range<usize>)>,
) {
    if skip.contains(&key) {
        return;
    }
    match value {
        DeValue::String(_) => out.push((key.to_string(), span)),
        DeValue::Array(items) => {
            for item in items.iter() {
                walk(key, item.get_ref(), item.span(), skip, out);
            }
        }
        DeValue::Table(table) => {
            for (k, v) in table.iter() {
                walk(k.get_ref(), v.get_ref(), v.span(), skip, out);
            }
        }
        _ => {}
    }
}

/// The byte ranges where `word` stands in `text` as a whole word (no letter
/// or digit right before or after it), compared case-insensitively.
pub fn find_words(text: &str, word: &str) -> Vec<Range<usize>> {
    let needle: Vec<char> = word.chars().flat_map(char::to_lowercase).collect();
    if needle.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices() {
        if !prev.is_some_and(char::is_alphanumeric)
            && let Some(end) = match_at(text, i, &needle)
            && !text[end..]
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric)
        {
            out.push(i..end);
        }
        prev = Some(c);
    }
    out
}

/// The end of `needle` (lowercased) matched at byte `start` of `text`, if it is there.
fn match_at(text: &str, start: usize, needle: &[char]) -> Option<usize> {
    let mut want = needle.iter().peekable();
    for (i, c) in text[start..].char_indices() {
        for lower in c.to_lowercase() {
            if want.next() != Some(&lower) {
                return None;
            }
        }
        if want.peek().is_none() {
            return Some(start + i + c.len_utf8());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_words_case_insensitive() {
        let text = "El Prestatge, prestatges i l’prestatge: PRESTATGE.";
        let hits: Vec<&str> = find_words(text, "prestatge")
            .into_iter()
            .map(|r| &text[r])
            .collect();
        assert_eq!(hits, ["Prestatge", "prestatge", "PRESTATGE"]);
        assert_eq!(find_words("Ständer, ständer", "STÄNDER").len(), 2);
        assert_eq!(find_words("la bola de drac", "Bola de drac")[0].start, 3);
        assert!(find_words("anything", "").is_empty());
    }

    /// The automaton finds what [`find_words`] finds, word by word.
    #[test]
    fn all_words_at_once_as_one_by_one() {
        let words = [
            "prestatge",
            "Ständer",
            "bola de drac",
            "ss",
            "İ",
            "Serie",
            "Serien",
        ];
        let patterns: Vec<String> = words.iter().map(|w| lowercase(w)).collect();
        let lang = LangWords {
            variants: words
                .iter()
                .map(|w| Variant {
                    term: w.to_string(),
                    preferred: String::new(),
                })
                .collect(),
            automaton: AhoCorasick::new(&patterns).unwrap(),
        };
        for text in [
            "El Prestatge, prestatges i l’prestatge: PRESTATGE.",
            "Ständer, STÄNDER, ständerx; la Bola de Drac. ß ss SS İ i̇ Serie Serien SERIEN",
            "",
            "İİ İ",
        ] {
            let one_by_one: Vec<(usize, Range<usize>)> = (words.iter().enumerate())
                .flat_map(|(v, w)| find_words(text, w).into_iter().map(move |r| (v, r)))
                .collect();
            assert_eq!(lang.find(text), one_by_one, "{text:?}");
        }
    }

    #[test]
    fn toml_values_not_keys() {
        let text = "[rack]\nname = \"Faristol\"\navoid = [\"prestatge\"]\ndefinition = \"\"\"\nEl prestatge\"\"\"\n[prestatge]\nx = 1\n";
        let values: Vec<(String, &str)> = string_values(text, &["avoid"])
            .into_iter()
            .map(|(k, r)| (k, &text[r]))
            .collect();
        assert_eq!(
            values,
            [
                ("name".to_string(), "\"Faristol\""),
                ("definition".to_string(), "\"\"\"\nEl prestatge\"\"\"")
            ]
        );
    }
}
