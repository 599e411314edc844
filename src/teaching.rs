//! Teaching order: a glossary term that names the lesson teaching it
//! (`taught`, else `lesson`, in `glossary/terms.toml`) and is used on a page
//! that comes earlier in course order is reported at its first use on that
//! page, in every language. A use
//! is a `[text](term:id)` link or the term's name (or one of its `forms`) in
//! the language's glossary, found whole-word and case-insensitively in the
//! page's title, description, prose and quiz prompts. A page that mentions a
//! term early on purpose lists it in `early_terms` in its front matter.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use aho_corasick::AhoCorasick;

use crate::config::Config;
use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::glossary::Glossary;
use crate::markdown::Prose;
use crate::terminology::{automaton, find_all, page_words};

/// One use of a term before the lesson that teaches it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EarlyUse {
    /// Byte offset of the use in the page's file.
    pub offset: usize,
    /// The words as written (a link's whole source for a `term:` link).
    pub found: String,
    pub term: String,
    /// The teaching lesson, as `glossary/terms.toml` names it (`page.md#anchor`).
    pub lesson: String,
    /// How many more uses of the term the page has after this one.
    pub more: usize,
}

impl EarlyUse {
    pub fn diagnostic(&self, page: &Page) -> Diagnostic {
        Diagnostic::warning(
            &page.source_path,
            Some(self.offset),
            format!(
                "\"{}\" is used before it is taught: glossary term `{}` is taught later in the course, in {}",
                self.found, self.term, self.lesson
            ),
        )
        .with_note(format!(
            "{}teach it here, or mark a deliberate early mention with `early_terms = [\"{}\"]` in this page's front matter",
            match self.more {
                0 => String::new(),
                n => format!("the page uses it {n} more time(s) after this; "),
            },
            self.term
        ))
    }
}

/// The words that name each term in each language, searched for all at
/// once (one Aho-Corasick automaton per language), made once per build.
pub struct Teaching {
    langs: HashMap<String, LangTerms>,
    /// Whether some glossary term names the lesson that teaches it (else
    /// no page has anything to check).
    any_taught: bool,
}

/// One language's automaton: pattern `i` is `patterns[i]`.
struct LangTerms {
    automaton: AhoCorasick,
    patterns: Vec<Pattern>,
}

/// What a pattern of [`LangTerms`] is: a word that names term `term` (an
/// index into `Glossary::terms`), or a phrase in which it does not.
#[derive(Clone, Copy)]
struct Pattern {
    term: usize,
    ignore: bool,
}

impl Teaching {
    pub fn new(glossary: &Glossary, config: &Config) -> Teaching {
        let langs = (config.languages.iter())
            .filter_map(|l| Some((l.code.clone(), LangTerms::new(glossary, &l.code)?)))
            .collect();
        let any_taught = glossary.terms.iter().any(|t| t.taught_in().is_some());
        Teaching { langs, any_taught }
    }

    /// Whether [`Teaching::check_page`] can find anything on some page.
    pub fn checks_any(&self) -> bool {
        self.any_taught
    }

    /// Every use on `page` of a term the course teaches later, the first
    /// per term (with a count of the others), in the order they stand in
    /// the file. `prose` is [`crate::markdown::prose`] of the page's body;
    /// `position` gives a page's place in the course order of the page's
    /// language (by its path relative to the language folder). An
    /// untranslated copy is not checked (its words are the default
    /// language's; the source page is checked).
    pub fn check_page(
        &self,
        glossary: &Glossary,
        page: &Page,
        prose: &Prose,
        position: &dyn Fn(&str) -> Option<usize>,
    ) -> Vec<EarlyUse> {
        if page.front.untranslated {
            return Vec::new();
        }
        let later = later_terms(glossary, page, position);
        if later.is_empty() {
            return Vec::new();
        }
        let lesson = |term: usize| later.iter().find(|(t, _)| *t == term).map(|(_, l)| *l);
        let text = page.text.as_str();
        let base = page.body_offset;
        let links: Vec<Range<usize>> = (prose.term_links.iter())
            .map(|(_, r)| base + r.start..base + r.end)
            .collect();
        let mut out = Vec::new();
        for (id, r) in &prose.term_links {
            let Some(term) = glossary.terms.iter().position(|t| &t.id == id) else {
                continue;
            };
            if let Some(lesson) = lesson(term) {
                out.push(early_use(
                    text,
                    base + r.start..base + r.end,
                    glossary,
                    term,
                    lesson,
                ));
            }
        }
        if let Some(words) = self.langs.get(&page.lang) {
            for range in page_words(page, prose) {
                let hits = find_all(&words.automaton, &text[range.clone()]);
                let at = |r: &Range<usize>| range.start + r.start..range.start + r.end;
                for (p, r) in &hits {
                    let pattern = words.patterns[*p];
                    let Some(lesson) = lesson(pattern.term).filter(|_| !pattern.ignore) else {
                        continue;
                    };
                    let here = at(r);
                    // A `term:` link's own text is reported once, as the link;
                    // a word inside an `ignore` phrase of its term is no use.
                    let in_link = links.iter().any(|l| l.contains(&here.start));
                    let in_phrase = hits.iter().any(|(q, o)| {
                        let q = words.patterns[*q];
                        let o = at(o);
                        q.ignore
                            && q.term == pattern.term
                            && o.start <= here.start
                            && here.end <= o.end
                    });
                    if !in_link && !in_phrase {
                        out.push(early_use(text, here, glossary, pattern.term, lesson));
                    }
                }
            }
        }
        out.sort_by_key(|u| u.offset);
        out.dedup_by_key(|u| u.offset);
        first_per_term(out)
    }
}

impl LangTerms {
    fn new(glossary: &Glossary, lang: &str) -> Option<LangTerms> {
        let texts = glossary.texts_in(lang)?;
        let mut words: Vec<&str> = Vec::new();
        let mut patterns = Vec::new();
        for (term, t) in glossary.terms.iter().enumerate() {
            if t.taught_in().is_none() {
                continue;
            }
            let Some(text) = texts.get(&t.id) else {
                continue;
            };
            let named = std::iter::once(&text.name).chain(&text.forms);
            for (word, ignore) in named
                .map(|w| (w, false))
                .chain(text.ignore.iter().map(|w| (w, true)))
            {
                if !word.trim().is_empty() {
                    words.push(word);
                    patterns.push(Pattern { term, ignore });
                }
            }
        }
        if patterns.is_empty() {
            return None;
        }
        Some(LangTerms {
            automaton: automaton(words)?,
            patterns,
        })
    }
}

fn early_use(
    text: &str,
    range: Range<usize>,
    glossary: &Glossary,
    term: usize,
    lesson: &str,
) -> EarlyUse {
    EarlyUse {
        offset: range.start,
        found: text[range].to_string(),
        term: glossary.terms[term].id.clone(),
        lesson: lesson.to_string(),
        more: 0,
    }
}

/// The terms taught after `page` (index into `Glossary::terms`, and where
/// they are taught), leaving out those the page marks in `early_terms`.
fn later_terms<'a>(
    glossary: &'a Glossary,
    page: &Page,
    position: &dyn Fn(&str) -> Option<usize>,
) -> Vec<(usize, &'a str)> {
    let Some(here) = position(&page.rel) else {
        return Vec::new();
    };
    let early: HashSet<&str> = (page.front.early_terms.iter())
        .map(|t| t.get_ref().as_str())
        .collect();
    (glossary.terms.iter().enumerate())
        .filter(|(_, t)| !early.contains(t.id.as_str()))
        .filter_map(|(i, t)| {
            let lesson = t.taught_in()?;
            let lesson_page = lesson.split('#').next().unwrap_or(lesson);
            (position(lesson_page)? > here).then_some((i, lesson))
        })
        .collect()
}

/// The first use of each term (in file order), counting the others.
fn first_per_term(uses: Vec<EarlyUse>) -> Vec<EarlyUse> {
    let mut first: Vec<EarlyUse> = Vec::new();
    for u in uses {
        match first.iter_mut().find(|f| f.term == u.term) {
            Some(f) => f.more += 1,
            None => first.push(u),
        }
    }
    first
}

/// `early_terms` entries that name no glossary term, as warnings at the entry.
pub fn unknown_early_terms(glossary: &Glossary, page: &Page) -> Vec<Diagnostic> {
    let base = page.front.spans.toml.start;
    page.front
        .early_terms
        .iter()
        .filter(|t| !glossary.has_term(t.get_ref()))
        .map(|t| {
            Diagnostic::warning(
                &page.source_path,
                Some(base + t.span().start),
                format!(
                    "early_terms: unknown glossary term \"{}\" (terms are defined in glossary/terms.toml)",
                    t.get_ref()
                ),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn early(offset: usize, term: &str) -> EarlyUse {
        EarlyUse {
            offset,
            found: term.into(),
            term: term.into(),
            lesson: "later.md".into(),
            more: 0,
        }
    }

    #[test]
    fn the_first_use_of_each_term_is_kept_and_the_others_counted() {
        let kept = first_per_term(vec![
            early(3, "kong"),
            early(9, "pung"),
            early(12, "kong"),
            early(20, "kong"),
        ]);
        let got: Vec<(usize, &str, usize)> = kept
            .iter()
            .map(|u| (u.offset, u.term.as_str(), u.more))
            .collect();
        assert_eq!(got, [(3, "kong", 2), (9, "pung", 0)]);
    }
}
