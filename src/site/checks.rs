//! The cross-page phase: checks that need every page rendered (anchors of
//! links, the lessons `[exercises.rule_lessons]` and the glossary point
//! at, and that translations carry the default language's exercises).

use std::collections::BTreeSet;
use std::time::Instant;

use rayon::prelude::*;

use super::links::{missing_anchor_group, missing_page_group};
use super::pages::RenderedPage;
use crate::config::Config;
use crate::content::ContentSet;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::exercises;
use crate::glossary::{self, Glossary};

/// The cross-page checks of a site, kept page by page so that `serve`
/// checks again only the pages an edit reaches ([`CrossChecks::recheck`]).
///
/// Invariant: after [`CrossChecks::recheck`] with every page whose Markdown
/// was rendered again, the diagnostics are those [`CrossChecks::new`] gives
/// (`tests/testsuite/serve_incremental.rs` compares serve with full builds).
#[derive(Debug, Default)]
pub(crate) struct CrossChecks {
    /// The lessons `[exercises.rule_lessons]` and the glossary point at.
    global: Vec<Diagnostic>,
    /// Per page: its links' broken anchors and, for a translation, how its
    /// exercises differ from its source's.
    pages: Vec<Vec<Diagnostic>>,
    /// Per page: the pages its links' anchors are looked up in.
    targets: Vec<Vec<usize>>,
    /// Per page: the pages whose links' anchors are looked up in it.
    linked_from: Vec<BTreeSet<usize>>,
}

/// What the cross-page checks read besides the rendered pages.
#[derive(Clone, Copy)]
pub(crate) struct CheckInputs<'a> {
    pub(crate) config: &'a Config,
    pub(crate) content: &'a ContentSet,
    pub(crate) glossary: &'a Glossary,
}

impl CrossChecks {
    pub(crate) fn diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.global.iter().chain(self.pages.iter().flatten())
    }

    /// Checks that need every page rendered: anchors of links, and that
    /// translations carry the same exercises as the default language.
    pub(crate) fn new(
        inputs: CheckInputs<'_>,
        rendered: &[RenderedPage],
        time: &mut exercises::ExerciseTime,
    ) -> CrossChecks {
        let n = inputs.content.pages.len();
        let mut checks = CrossChecks {
            pages: vec![Vec::new(); n],
            targets: vec![Vec::new(); n],
            linked_from: vec![BTreeSet::new(); n],
            ..CrossChecks::default()
        };
        inputs.check_pages(&mut checks, rendered, (0..n).collect(), time);
        checks
    }

    /// Checks again what the pages `changed` (their Markdown rendered
    /// again, the set of pages the same) reach: their own links, the links
    /// to them, their translations' exercises; and the global checks.
    pub(crate) fn recheck(
        &mut self,
        inputs: CheckInputs<'_>,
        rendered: &[RenderedPage],
        changed: &[usize],
        time: &mut exercises::ExerciseTime,
    ) {
        if self.pages.len() != inputs.content.pages.len() {
            *self = CrossChecks::new(inputs, rendered, time);
            return;
        }
        let (checks, this) = (self, inputs);
        let mut again: BTreeSet<usize> = BTreeSet::new();
        let default = &this.config.default_language;
        for &i in changed {
            again.insert(i);
            again.extend(checks.linked_from[i].iter().copied());
            let page = &this.content.pages[i];
            if &page.lang == default {
                let translations = this.config.languages.iter();
                again
                    .extend(translations.filter_map(|l| this.content.index_of(&l.code, &page.rel)));
            }
        }
        this.check_pages(checks, rendered, again.into_iter().collect(), time);
    }
}

impl CheckInputs<'_> {
    /// The global checks, and the checks of the pages `which`.
    fn check_pages(
        &self,
        checks: &mut CrossChecks,
        rendered: &[RenderedPage],
        which: Vec<usize>,
        time: &mut exercises::ExerciseTime,
    ) {
        let mut global = Diagnostics::new();
        self.check_rule_lessons(rendered, &mut global);
        self.check_glossary_lessons(rendered, &mut global);
        checks.global = global.into_vec();
        // Page by page in parallel: at 10,000 pages this is most of a
        // one-page rebuild in `serve` when every page is checked.
        let anchors: Vec<(Vec<Diagnostic>, Vec<usize>)> = which
            .par_iter()
            .map(|&i| self.check_anchors(rendered, i))
            .collect();
        let start = Instant::now();
        let exercises: Vec<Vec<Diagnostic>> = which
            .par_iter()
            .map(|&i| self.check_exercises(rendered, i))
            .collect();
        time.validating += start.elapsed();
        for ((&i, (mut diags, targets)), more) in which.iter().zip(anchors).zip(exercises) {
            for &t in &checks.targets[i] {
                checks.linked_from[t].remove(&i);
            }
            for &t in &targets {
                checks.linked_from[t].insert(i);
            }
            diags.extend(more);
            checks.pages[i] = diags;
            checks.targets[i] = targets;
        }
    }

    /// The broken anchors of page `i`'s links, and the pages they look in.
    fn check_anchors(&self, rendered: &[RenderedPage], i: usize) -> (Vec<Diagnostic>, Vec<usize>) {
        let page = &self.content.pages[i];
        let mut diags = Vec::new();
        let mut targets = Vec::new();
        for a in &rendered[i].anchors_to_check {
            let Some(target) = self.content.index_of(&a.lang, &a.rel) else {
                continue;
            };
            targets.push(target);
            if rendered[target].anchors.contains(&a.anchor)
                || self.is_generated_anchor(&a.rel, &a.anchor)
            {
                continue;
            }
            let message = format!(
                "broken anchor: {} has no heading with id #{}",
                self.content.pages[target].source_path.display(),
                a.anchor
            );
            let d = Diagnostic::error(&page.source_path, Some(a.offset), message);
            diags.push(d.grouped(missing_anchor_group(&a.lang, &a.rel, &a.anchor)));
        }
        targets.sort_unstable();
        targets.dedup();
        (diags, targets)
    }

    /// For a translation, how its exercises differ from its source's.
    fn check_exercises(&self, rendered: &[RenderedPage], i: usize) -> Vec<Diagnostic> {
        let page = &self.content.pages[i];
        let default = &self.config.default_language;
        if &page.lang == default {
            return Vec::new();
        }
        let Some(src) = self.content.index_of(default, &page.rel) else {
            return Vec::new();
        };
        if rendered[i].invalid_blocks || rendered[src].invalid_blocks {
            // The invalid block's own error is the root cause; the lists of
            // exercises cannot be compared until it is fixed.
            return Vec::new();
        }
        let source = &self.content.pages[src];
        exercises::check_consistency(
            &source.source_path,
            &rendered[src].exercises,
            &page.source_path,
            &rendered[i].exercises,
        )
    }

    /// Every `[exercises.rule_lessons]` entry names a rule of the rules module
    /// and a section that exists in the default language.
    pub(super) fn check_rule_lessons(&self, rendered: &[RenderedPage], diags: &mut Diagnostics) {
        let default = &self.config.default_language;
        for (rule, target) in &self.config.exercises.rule_lessons {
            let at = self.config.rule_lesson_offsets.get(rule).copied();
            let config = crate::config::CONFIG_FILE;
            if crate::rules::RuleId::from_id(rule).is_none() {
                diags.error(
                    config,
                    at,
                    format!(
                        "[exercises.rule_lessons]: {rule:?} is not a rule id of the rules module"
                    ),
                );
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
            match self.content.index_of(default, path) {
                // The page's own error is the root cause.
                None if self.content.failed(default, path) => {}
                None => diags.push(
                    Diagnostic::error(config, at, format!("[exercises.rule_lessons]: {rule} points at missing page content/{default}/{path}"))
                        .grouped(missing_page_group(default, path)),
                ),
                Some(i) if !anchor.is_empty() && !rendered[i].anchors.contains(anchor) => diags.push(
                    Diagnostic::error(
                        config,
                        at,
                        format!("[exercises.rule_lessons]: {rule} points at #{anchor}, which content/{default}/{path} does not have"),
                    )
                    .grouped(missing_anchor_group(default, path, anchor)),
                ),
                Some(_) => {}
            }
        }
    }

    /// Every term's `lesson` and `taught` in glossary/terms.toml name a page
    /// and section that exist in the default language (the glossary page
    /// links to the lesson; the teaching-order check reads both).
    pub(super) fn check_glossary_lessons(
        &self,
        rendered: &[RenderedPage],
        diags: &mut Diagnostics,
    ) {
        for term in &self.glossary.terms {
            let targets = [
                (
                    "lesson",
                    &term.lesson,
                    self.glossary.lesson_offset(&term.id),
                ),
                (
                    "taught",
                    &term.taught,
                    self.glossary.taught_offset(&term.id),
                ),
            ];
            for (key, target, at) in targets {
                if let Some(target) = target {
                    self.check_term_target(rendered, &term.id, key, target, at, diags);
                }
            }
        }
    }

    /// One `lesson` or `taught` value of a term (`key`), at `at` in terms.toml.
    fn check_term_target(
        &self,
        rendered: &[RenderedPage],
        id: &str,
        key: &str,
        target: &str,
        at: Option<usize>,
        diags: &mut Diagnostics,
    ) {
        let default = &self.config.default_language;
        let terms = std::path::PathBuf::from(glossary::GLOSSARY_DIR).join("terms.toml");
        let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
        match self.content.index_of(default, path) {
            None if self.content.failed(default, path) => {}
            None => diags.push(
                Diagnostic::error(&terms, at, format!("term {id:?}: {key} {target:?} is a missing page (no content/{default}/{path})"))
                    .grouped(missing_page_group(default, path)),
            ),
            Some(i) if !anchor.is_empty() && !rendered[i].anchors.contains(anchor) => diags.push(
                Diagnostic::error(&terms, at, format!("term {id:?}: {key} {target:?}: content/{default}/{path} has no heading with id #{anchor}"))
                    .grouped(missing_anchor_group(default, path, anchor)),
            ),
            Some(_) => {}
        }
    }

    /// Anchors that pages get from generated HTML (glossary terms).
    pub(super) fn is_generated_anchor(&self, rel: &str, anchor: &str) -> bool {
        rel == glossary::GLOSSARY_PAGE
            && anchor
                .strip_prefix("term-")
                .is_some_and(|id| self.glossary.has_term(id))
    }
}
