//! A build's word checks over the glossary: every use of a variant a
//! language's glossary says to avoid (per page, made once at load and again
//! for a page `serve` replaces; and in the glossary and strings files), and
//! the teaching-order check of a page against the course order.

use std::path::Path;

use rayon::prelude::*;

use super::nav::Navigation;
use crate::config::Config;
use crate::content::{ContentSet, Page};
use crate::diagnostics::Diagnostic;
use crate::glossary::Glossary;
use crate::teaching::Teaching;
use crate::terminology::{Avoided, Checker, Sources};

/// The terminology findings of a build, and what checks a page again.
pub(crate) struct Terms {
    /// The terminology check (each language's words to avoid).
    words: Checker,
    /// Per page: every use of a variant its language's glossary says to avoid.
    pages: Vec<Vec<Avoided>>,
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
}

impl Terms {
    /// Checks every page once (its findings are its diagnostics when it
    /// renders, [`Terms::page`]) and the glossary and strings files (their
    /// findings are the build's, returned here).
    pub(super) fn load(i: &TermInputs<'_>) -> (Terms, Vec<Diagnostic>) {
        let words = Checker::new(i.glossary, i.config);
        let files = words.files(&Sources {
            config: i.config,
            content: i.content,
            glossary: i.glossary,
            root: i.root,
            theme_dir: i.theme_dir,
        });
        let diags = files.iter().map(Avoided::diagnostic).collect();
        let pages = (i.content.pages.par_iter())
            .map(|page| words.page(page))
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

    /// The findings in page `i`.
    pub(super) fn page(&self, i: usize) -> &[Avoided] {
        &self.pages[i]
    }

    /// Page `i` is now `page`: its findings are made again.
    pub(super) fn replace(&mut self, i: usize, page: &Page) {
        self.pages[i] = self.words.page(page);
    }

    /// Every finding: in the pages (in content order), then in the
    /// glossary and strings files.
    pub(super) fn all(&self) -> Vec<Avoided> {
        let pages = self.pages.iter().flatten();
        pages.chain(&self.files).cloned().collect()
    }

    /// Uses of glossary terms before the lesson that teaches them
    /// ([`crate::teaching`]), in the course order of the page's language.
    pub(super) fn teaching_order(
        &self,
        glossary: &Glossary,
        nav: &Navigation,
        page: &Page,
    ) -> Vec<Diagnostic> {
        let mut out = crate::teaching::unknown_early_terms(glossary, page);
        let Some(tree) = nav.tree(&page.lang) else {
            return out;
        };
        let prose = crate::markdown::prose(page.body());
        let position = |rel: &str| tree.position(rel);
        out.extend(
            (self.teaching)
                .check_page(glossary, page, &prose, &position)
                .iter()
                .map(|u| u.diagnostic(page)),
        );
        out
    }
}
