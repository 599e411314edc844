//! Exercises a translation lacks: its quiz blocks are compared with its
//! source's before it renders (`exercises::untranslated_blocks`); each
//! block it lacks is shown where it belongs, in the default language, under
//! a "not yet translated" notice, and warned about at the translation's file.

use std::cell::Cell;

use super::Site;
use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::exercises::{self, ExerciseRecord, FenceCx, MissingBlock, PageShared, QuizBlock};
use crate::html::escape;
use crate::markdown::{Fence, Parse};

/// The page a missing block is shown on, as its hooks see it.
pub(super) struct Host<'a> {
    pub(super) site: &'a Site,
    pub(super) page: &'a Page,
    pub(super) shared: &'a PageShared,
}

/// The exercises a translation lacks, found before it renders.
pub(super) struct Gaps<'a> {
    source: &'a Page,
    /// The source's quiz blocks.
    blocks: Vec<QuizBlock>,
    /// The translation's quiz blocks.
    own: Vec<QuizBlock>,
    missing: Vec<MissingBlock>,
    /// Exercises of the source shown so far (numbering the later ones).
    shown: Cell<usize>,
}

impl Site {
    /// Warms, at load, the parse of every default-language page with a
    /// translation that may lack one of its quiz blocks
    /// ([`Site::may_lack_exercises`]): that translation reads its blocks
    /// before it renders ([`Site::exercise_gaps`]), from the parse the
    /// source's own rendering then takes (one parse per page).
    pub(super) fn read_translated_sources(&self) {
        use rayon::prelude::*;
        let default = &self.config.default_language;
        (self.content.pages.par_iter())
            .filter(|p| &p.lang == default)
            .filter(|p| {
                let n = quiz_fences(p.body());
                n > 0
                    && (self.config.languages.iter())
                        .filter(|l| &l.code != default)
                        .filter_map(|l| self.content.get(&l.code, &p.rel))
                        .any(|t| quiz_fences(t.body()) != n)
            })
            .for_each(|p| {
                p.headings();
            });
    }

    /// Whether `page` is a translation that may lack one of its source's
    /// quiz blocks: it opens fewer or more `quiz` fences than its source
    /// ([`quiz_fences`]). A translation with as many is not compared before
    /// it renders (no parse of its own, none of its source's); a block of
    /// it that disagrees with the source's is still the consistency
    /// check's error after rendering.
    pub(super) fn may_lack_exercises(&self, page: &Page) -> bool {
        let default = &self.config.default_language;
        &page.lang != default
            && (self.content.get(default, &page.rel)).is_some_and(|s| {
                let n = quiz_fences(s.body());
                n > 0 && n != quiz_fences(page.body())
            })
    }

    /// The exercises translation `page` (its body parsed as `parse`) lacks;
    /// `None` when it lacks none or is no translation.
    pub(super) fn exercise_gaps(&self, page: &Page, parse: Option<&Parse>) -> Option<Gaps<'_>> {
        let default = &self.config.default_language;
        if &page.lang == default {
            return None;
        }
        let source = self.content.get(default, &page.rel)?;
        let fences = &source.prose().fences;
        let blocks = exercises::quiz_blocks(source.body(), fences);
        let own_fences = match parse {
            Some(p) => p.prose().fences,
            None => page.prose().fences.clone(),
        };
        let own = exercises::quiz_blocks(page.body(), &own_fences);
        let missing = exercises::untranslated_blocks(&blocks, &own);
        (!missing.is_empty()).then_some(Gaps {
            source,
            blocks,
            own,
            missing,
            shown: Cell::new(0),
        })
    }
}

impl Gaps<'_> {
    /// The index of the translation's quiz block whose text starts at
    /// `body_offset` in the translation's file (`page_body`: its body's).
    pub(super) fn own_block(&self, body_offset: usize, page_body: usize) -> Option<usize> {
        (self.own.iter()).position(|b| b.body.start + page_body == body_offset)
    }

    /// The missing blocks shown after the translation's block `k`
    /// (`before`: false), or before it when no block precedes them.
    fn placed(&self, k: usize, before: bool) -> impl Iterator<Item = &MissingBlock> {
        self.missing.iter().filter(move |m| match before {
            true => m.after.is_none() && m.before == Some(k),
            false => m.after == Some(k),
        })
    }

    /// The missing blocks that go at the end of a translation with no quiz block.
    pub(super) fn trailing(&self) -> impl Iterator<Item = &MissingBlock> {
        (self.missing.iter()).filter(|m| m.before.is_none() && m.after.is_none())
    }

    /// HTML of the missing blocks placed before (`before`) or after the
    /// translation's block `k`, which sits at `level`; `own`: the page's own
    /// exercises before them. Their exercises' records go to `records`.
    pub(super) fn around(
        &self,
        (k, before): (usize, bool),
        level: u8,
        own: usize,
        hooks: &Host<'_>,
        records: &mut Vec<ExerciseRecord>,
    ) -> String {
        (self.placed(k, before))
            .map(|m| self.show(m, level, own, hooks, records))
            .collect()
    }

    /// Exercises of the source shown so far.
    pub(super) fn shown(&self) -> usize {
        self.shown.get()
    }

    /// One missing block in the default language, under a notice in the
    /// page's language (nothing for a block with errors: they are the
    /// source's to fix). Its exercises count for the page (`records`: its
    /// progress, its lesson index) under their language-independent ids,
    /// and have their pools: the lesson's are drawn from the source.
    pub(super) fn show(
        &self,
        m: &MissingBlock,
        level: u8,
        own: usize,
        hooks: &Host<'_>,
        records: &mut Vec<ExerciseRecord>,
    ) -> String {
        let block = &self.blocks[m.source];
        let source = self.source;
        let at = source.body_offset + block.body.start;
        let fence = Fence {
            kind: "quiz",
            args: "",
            body: &source.body()[block.body.clone()],
            body_offset: at,
            fence_offset: at,
            section_level: level,
        };
        let mut mine = Vec::new();
        let before = own + self.shown.get();
        let site = hooks.site;
        // "Try another" as in the source (the translation's pool file has
        // the same exercises' variants, in the page's language); the
        // practice-sheet link is the translation's.
        let page = hooks.page;
        let more = |kind: &str| site.sheet_for_kind(page, kind);
        let cx = FenceCx {
            lang: &source.lang,
            strings: &site.strings,
            page_path: &hooks.page.source_path,
            exercises_before: before,
            kit: site.kit(&source.lang),
            shared: hooks.shared,
            more: &more,
            variants: site.config.exercises.variants,
        };
        // The block's own problems are reported at the source.
        let html = exercises::render_fence(&fence, &cx, &mut mine, &mut Vec::new());
        self.shown.set(self.shown.get() + mine.len());
        if mine.is_empty() {
            return String::new();
        }
        records.extend(mine);
        let lang = &hooks.page.lang;
        let notice = site
            .strings
            .get(lang, "notice.untranslated_exercise")
            .unwrap_or("not yet translated");
        format!(
            "<div class=\"untranslated-exercise\" lang=\"{}\">\n<p class=\"notice notice--untranslated\" role=\"note\" lang=\"{}\">{}</p>\n{}</div>\n",
            escape(&source.lang),
            escape(lang),
            escape(notice),
            html.unwrap_or_default()
        )
    }

    /// The warnings: one per missing block, at the translation's file
    /// (`page`), where the block belongs.
    pub(super) fn warnings(&self, page: &Page) -> Vec<Diagnostic> {
        let source = self.source;
        let body = page.body_offset;
        (self.missing.iter())
            .map(|m| {
                let block = &self.blocks[m.source];
                let (at, place) = match (m.after, m.before) {
                    (Some(k), _) => (body + self.own[k].body.end, "below this block"),
                    (None, Some(k)) => (self.own[k].fence_start(&page.text, body), "above this block"),
                    (None, None) => (body, "into this page"),
                };
                let what = match block.kind.is_empty() {
                    true => "a block with errors of its own".to_string(),
                    false => format!("{} ({})", block.kind, block.setup),
                };
                let message = format!(
                    "exercise {} of {} ({what}) is not translated here: the page shows it in the default language, marked as not yet translated; copy its block {place} (or run `tilebook translations sync {}`) and translate its prompt",
                    block.number,
                    source.source_path.display(),
                    page.source_path.display(),
                );
                Diagnostic::warning(&page.source_path, Some(at), message).with_related(
                    &source.source_path,
                    Some(block.fence_start(&source.text, source.body_offset)),
                    "the exercise in the default language",
                )
            })
            .collect()
    }
}

/// How many lines of `text` open a fenced block whose info string starts
/// with the word `quiz` (three or more backticks or tildes, up to three
/// spaces before them): a look at the text, not a parse, to tell which
/// translations need the exact comparison. A fence inside another block
/// counts the same in a page and its translation.
fn quiz_fences(text: &str) -> usize {
    text.lines().filter(|line| opens_quiz_fence(line)).count()
}

fn opens_quiz_fence(line: &str) -> bool {
    let rest = line.trim_start_matches(' ');
    if line.len() - rest.len() > 3 {
        return false;
    }
    let Some(mark) = rest.chars().next().filter(|c| *c == '`' || *c == '~') else {
        return false;
    };
    let info = rest.trim_start_matches(mark);
    rest.len() - info.len() >= 3 && info.split_whitespace().next() == Some("quiz")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiz_fences_are_counted_from_their_opening_lines() {
        let text = "# T\n\n```quiz\nkind = \"x\"\n```\n\n~~~~ quiz\n~~~~\n\n    ```quiz\n\n```quizzes\n```\n\n``quiz``\n   ```quiz id\n```\n";
        assert_eq!(quiz_fences(text), 3);
        assert_eq!(quiz_fences("no blocks\n```tiles\n```\n"), 0);
    }
}
