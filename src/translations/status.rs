//! The status of each language: every page and glossary term translated,
//! stale by source hash, unmarked or missing.

use serde::Serialize;

use crate::config::Config;
use crate::content::{ContentSet, Page};
use crate::glossary::{Glossary, TermText};
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
    /// Stale because a PO import had fuzzy entries (`fuzzy = true`), not
    /// because the source changed; in JSON only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fuzzy: bool,
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
    /// Translated pages that lack exercises of their source (shown in the
    /// default language until translated); filled by [`add_exercise_gaps`],
    /// absent from the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exercises_missing: Vec<ExerciseGap>,
}

/// A translation that lacks exercises of its source.
#[derive(Debug, Clone, Serialize)]
pub struct ExerciseGap {
    pub path: String,
    pub source: String,
    /// The numbers of the source's exercises (its blocks' first) it lacks.
    pub exercises: Vec<usize>,
}

/// Adds to each language's status its translations' missing exercises
/// (each translated page's quiz blocks compared with its source's).
pub fn add_exercise_gaps(status: &mut [LanguageStatus], config: &Config, content: &ContentSet) {
    let default = &config.default_language;
    for s in status.iter_mut().filter(|s| !s.is_default) {
        for page in content.pages.iter().filter(|p| p.lang == s.code) {
            let Some(source) = content.get(default, &page.rel) else {
                continue;
            };
            let blocks = crate::exercises::quiz_blocks(source.body(), &source.prose().fences);
            if blocks.is_empty() {
                continue;
            }
            let own = crate::exercises::quiz_blocks(page.body(), &page.prose().fences);
            let missing = crate::exercises::untranslated_blocks(&blocks, &own);
            if !missing.is_empty() {
                s.exercises_missing.push(ExerciseGap {
                    path: page.source_path.display().to_string(),
                    source: source.source_path.display().to_string(),
                    exercises: missing.iter().map(|m| blocks[m.source].number).collect(),
                });
            }
        }
    }
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
                exercises_missing: Vec::new(),
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
                        fuzzy: translation.is_some_and(|t| t.front.fuzzy),
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
        _ if t.front.fuzzy => PageState::Stale,
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
            // A term with an empty name or definition is not translated.
            let translation = (own.and_then(|m| m.get(&t.id))).filter(|x| x.is_complete());
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
