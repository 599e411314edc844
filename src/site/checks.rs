//! The cross-page phase: checks that need every page rendered (anchors of
//! links, the lessons `[exercises.rule_lessons]` and the glossary point
//! at, and that translations carry the default language's exercises).

use rayon::prelude::*;

use super::*;

impl Site {
    /// Checks that need every page rendered: anchors of links, and that
    /// translations carry the same exercises as the default language.
    pub(crate) fn check_cross_page(
        &self,
        rendered: &[RenderedPage],
        diags: &mut Diagnostics,
        time: &mut exercises::ExerciseTime,
    ) {
        self.check_rule_lessons(rendered, diags);
        self.check_glossary_lessons(rendered, diags);
        // Page by page in parallel (the order of the pages is kept): at
        // 10,000 pages these loops are most of a one-page rebuild in `serve`.
        let pages = &self.content.pages;
        let broken: Vec<Diagnostic> = (pages.par_iter().zip(rendered))
            .flat_map_iter(|(page, r)| {
                r.anchors_to_check
                    .iter()
                    .filter_map(move |a| self.broken_anchor(rendered, page, a))
            })
            .collect();
        diags.extend(broken);
        let start = Instant::now();
        let default = &self.config.default_language;
        let inconsistent: Vec<Diagnostic> = (pages.par_iter().zip(rendered))
            .filter(|(page, _)| &page.lang != default)
            .flat_map_iter(|(page, r)| {
                let src = self.content.index_of(default, &page.rel);
                // An invalid block's own error is the root cause; the lists
                // of exercises cannot be compared until it is fixed.
                let src = src.filter(|&s| !r.invalid_blocks && !rendered[s].invalid_blocks);
                src.map(|src| {
                    let source = &pages[src];
                    exercises::check_consistency(
                        &source.source_path,
                        &rendered[src].exercises,
                        &page.source_path,
                        &r.exercises,
                    )
                })
                .into_iter()
                .flatten()
            })
            .collect();
        diags.extend(inconsistent);
        time.validating += start.elapsed();
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

    /// Every term's `lesson` in glossary/terms.toml names a page and section
    /// that exist in the default language (the glossary page links to it).
    pub(super) fn check_glossary_lessons(
        &self,
        rendered: &[RenderedPage],
        diags: &mut Diagnostics,
    ) {
        let default = &self.config.default_language;
        let terms = std::path::PathBuf::from(glossary::GLOSSARY_DIR).join("terms.toml");
        for term in &self.glossary.terms {
            let Some(target) = &term.lesson else { continue };
            let at = self.glossary.lesson_offset(&term.id);
            let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
            match self.content.index_of(default, path) {
                None if self.content.failed(default, path) => {}
                None => diags.push(
                    Diagnostic::error(&terms, at, format!("term {:?}: lesson {target:?} is a missing page (no content/{default}/{path})", term.id))
                        .grouped(missing_page_group(default, path)),
                ),
                Some(i) if !anchor.is_empty() && !rendered[i].anchors.contains(anchor) => diags.push(
                    Diagnostic::error(&terms, at, format!("term {:?}: lesson {target:?}: content/{default}/{path} has no heading with id #{anchor}", term.id))
                        .grouped(missing_anchor_group(default, path, anchor)),
                ),
                Some(_) => {}
            }
        }
    }

    /// Anchors that pages get from generated HTML (glossary terms).
    /// The error of a link to an anchor its target page does not have.
    fn broken_anchor(
        &self,
        rendered: &[RenderedPage],
        page: &Page,
        a: &AnchorCheck,
    ) -> Option<Diagnostic> {
        let target = self.content.index_of(&a.lang, &a.rel)?;
        if rendered[target].anchors.contains(&a.anchor)
            || self.is_generated_anchor(&a.rel, &a.anchor)
        {
            return None;
        }
        let message = format!(
            "broken anchor: {} has no heading with id #{}",
            self.content.pages[target].source_path.display(),
            a.anchor
        );
        let d = Diagnostic::error(&page.source_path, Some(a.offset), message);
        Some(d.grouped(missing_anchor_group(&a.lang, &a.rel, &a.anchor)))
    }

    pub(super) fn is_generated_anchor(&self, rel: &str, anchor: &str) -> bool {
        rel == glossary::GLOSSARY_PAGE
            && anchor
                .strip_prefix("term-")
                .is_some_and(|id| self.glossary.has_term(id))
    }
}
