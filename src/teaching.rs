//! Teaching order: a glossary term that names the lesson teaching it
//! (`taught`, else `lesson`, in `glossary/terms.toml`) and is used on a page
//! that comes earlier in course order is reported at its first use on that
//! page, in every language. A use
//! is a `[text](term:id)` link or the term's name (or one of its `forms`) in
//! the language's glossary, found whole-word and case-insensitively in the
//! page's title, description, prose and quiz prompts. A page that mentions a
//! term early on purpose lists it in `early_terms` in its front matter.

use std::collections::HashSet;
use std::ops::Range;

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::glossary::Glossary;
use crate::markdown::Prose;
use crate::terminology::{find_words, page_words};

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

/// A term `page` may not use yet, and the words that name it.
struct Later<'a> {
    id: &'a str,
    lesson: &'a str,
    words: Vec<&'a str>,
    /// Phrases in which a word does not name the term.
    ignore: &'a [String],
}

/// The terms taught after `page`, with the words that name them in its
/// language. `position` gives a page's place in the course order of the
/// page's language (by its path relative to the language folder).
fn later_terms<'a>(
    glossary: &'a Glossary,
    page: &Page,
    position: &dyn Fn(&str) -> Option<usize>,
) -> Vec<Later<'a>> {
    let Some(here) = position(&page.rel) else {
        return Vec::new();
    };
    let early: HashSet<&str> = page
        .front
        .early_terms
        .iter()
        .map(|t| t.get_ref().as_str())
        .collect();
    glossary
        .terms
        .iter()
        .filter(|t| !early.contains(t.id.as_str()))
        .filter_map(|t| {
            let lesson = t.taught_in()?;
            let lesson_page = lesson.split('#').next().unwrap_or(lesson);
            let taught_at = position(lesson_page)?;
            (taught_at > here).then_some(Later {
                id: &t.id,
                lesson,
                words: Vec::new(),
                ignore: &[],
            })
        })
        .map(|mut later| {
            if let Some(text) = glossary.texts_in(&page.lang).and_then(|m| m.get(later.id)) {
                later.words = std::iter::once(text.name.as_str())
                    .chain(text.forms.iter().map(String::as_str))
                    .filter(|w| !w.trim().is_empty())
                    .collect();
                later.ignore = &text.ignore;
            }
            later
        })
        .collect()
}

/// Every use on `page` of a term the course teaches later, in the order
/// they stand in the file. `prose` is [`crate::markdown::prose`] of the
/// page's body. An untranslated copy is not checked (its words are the
/// default language's; the source page is checked).
pub fn check_page(
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
    let text = page.text.as_str();
    let mut out = Vec::new();
    let mut push = |range: Range<usize>, term: &Later<'_>| {
        out.push(EarlyUse {
            offset: range.start,
            found: text[range].to_string(),
            term: term.id.to_string(),
            lesson: term.lesson.to_string(),
            more: 0,
        });
    };
    let links: Vec<Range<usize>> = prose.term_links.iter().map(|(_, r)| r.clone()).collect();
    for (id, r) in &prose.term_links {
        if let Some(term) = later.iter().find(|t| t.id == id) {
            let at = page.body_offset;
            push(at + r.start..at + r.end, term);
        }
    }
    for range in page_words(page, prose) {
        for term in &later {
            let ignored: Vec<Range<usize>> = term
                .ignore
                .iter()
                .flat_map(|phrase| find_words(&text[range.clone()], phrase))
                .map(|r| range.start + r.start..range.start + r.end)
                .collect();
            for word in &term.words {
                for hit in find_words(&text[range.clone()], word) {
                    let at = range.start + hit.start..range.start + hit.end;
                    // A `term:` link's own text is reported once, as the link.
                    let in_link = links.iter().any(|l| {
                        let l = page.body_offset + l.start..page.body_offset + l.end;
                        l.contains(&at.start)
                    });
                    let in_phrase = ignored
                        .iter()
                        .any(|p| p.start <= at.start && at.end <= p.end);
                    if !in_link && !in_phrase {
                        push(at, term);
                    }
                }
            }
        }
    }
    out.sort_by_key(|u| u.offset);
    out.dedup_by_key(|u| u.offset);
    first_per_term(out)
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
