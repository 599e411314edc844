//! A build's word checks over the glossary: every use of a variant a
//! language's glossary says to avoid (per page, made on first use from the
//! prose of the page's one parse, and again for a page `serve` replaces; and
//! in the glossary and strings files), and the teaching-order check of a page
//! against the course order.

use std::path::Path;
use std::sync::OnceLock;

use rayon::prelude::*;

use super::nav::Navigation;
use crate::config::Config;
use crate::content::{ContentSet, Page};
use crate::diagnostics::Diagnostic;
use crate::glossary::Glossary;
use crate::markdown::Prose;
use crate::teaching::Teaching;
use crate::terminology::{Avoided, Checker, Sources};

/// The terminology findings of a build, and what checks a page again.
pub(crate) struct Terms {
    /// The terminology check (each language's words to avoid).
    words: Checker,
    /// Per page: every use of a variant its language's glossary says to
    /// avoid, found on first use ([`Terms::page`]).
    pages: Vec<OnceLock<Vec<Avoided>>>,
    /// The same in the glossary and strings files.
    files: Vec<Avoided>,
    /// Each language's glossary words, for the teaching-order check.
    teaching: Teaching,
}

/// Where [`Terms::load`] reads from.
pub(super) struct TermInputs<'a> {
    pub(super) root: &'a Path,
    pub(super) theme_dir: &'a Path,
    pub(super) config: &'a Config,
    pub(super) content: &'a ContentSet,
    pub(super) glossary: &'a Glossary,
    /// The texts the loaders read (the glossary and strings files are not
    /// read again).
    pub(super) texts: &'a crate::diagnostics::SourceCache,
}

impl Terms {
    /// Checks the glossary and strings files (their findings are the
    /// build's, returned here); each page is checked on first use
    /// ([`Terms::page`]: its findings are its diagnostics when it renders).
    pub(super) fn load(i: &TermInputs<'_>) -> (Terms, Vec<Diagnostic>) {
        let words = Checker::new(i.glossary, i.config);
        let files = words.files(&Sources {
            config: i.config,
            content: i.content,
            glossary: i.glossary,
            root: i.root,
            theme_dir: i.theme_dir,
            texts: i.texts,
        });
        let diags = files.iter().map(Avoided::diagnostic).collect();
        let pages = (0..i.content.pages.len())
            .map(|_| OnceLock::new())
            .collect();
        let teaching = Teaching::new(i.glossary, i.config);
        let terms = Terms {
            words,
            pages,
            files,
            teaching,
        };
        (terms, diags)
    }

    /// The findings in `page`, page `i` of the content (checked on first
    /// use: after the page rendered, on the prose of its rendering's parse).
    pub(super) fn page(&self, i: usize, page: &Page) -> &[Avoided] {
        self.pages[i].get_or_init(|| self.words.page(page))
    }

    /// [`Terms::page`] from the prose page `i`'s rendering read (no parse
    /// of its own, and the page keeps no prose).
    pub(super) fn page_with(&self, i: usize, page: &Page, prose: &Prose) -> &[Avoided] {
        self.pages[i].get_or_init(|| self.words.page_with(page, prose))
    }

    /// Whether any page check reads a page's prose: a word to avoid in
    /// some language, or a glossary term (the teaching order, `term:`
    /// links). When not, rendering does not collect it (a site without a
    /// glossary pays nothing for these checks).
    pub(super) fn reads_prose(&self) -> bool {
        self.words.checks_any() || self.teaching.checks_any()
    }

    /// Page `i` was replaced: its findings are made again on next use.
    pub(super) fn replace(&mut self, i: usize) {
        self.pages[i] = OnceLock::new();
    }

    /// Every finding: in the pages of `content` (in content order), then in
    /// the glossary and strings files.
    pub(super) fn all(&self, content: &ContentSet) -> Vec<Avoided> {
        let pages: Vec<&[Avoided]> = (content.pages.par_iter().enumerate())
            .map(|(i, page)| self.page(i, page))
            .collect();
        let pages = pages.into_iter().flatten();
        pages.chain(&self.files).cloned().collect()
    }

    /// Uses of glossary terms before the lesson that teaches them
    /// ([`crate::teaching`]), in the course order of the page's language.
    pub(super) fn teaching_order(
        &self,
        glossary: &Glossary,
        nav: &Navigation,
        page: &Page,
        prose: &Prose,
    ) -> Vec<Diagnostic> {
        let mut out = crate::teaching::unknown_early_terms(glossary, page);
        let Some(tree) = nav.tree(&page.lang) else {
            return out;
        };
        let position = |rel: &str| tree.position(rel);
        out.extend(
            (self.teaching)
                .check_page(glossary, page, prose, &position)
                .iter()
                .map(|u| u.diagnostic(page)),
        );
        out
    }
}
