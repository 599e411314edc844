//! The per-page phase: a page's Markdown (headings, links, exercises,
//! terminology) into [`RenderedPage`], then its template into bytes. Pages
//! are independent of each other here; what spans pages is in `checks`.

use std::collections::HashSet;

use super::Site;
use super::links::{AnchorCheck, PageHooks, PageItem};
use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::exercises::{self, ExerciseRecord};
use crate::markdown::{self, TocEntry};
use crate::render::Renderer;

impl Site {
    /// Page `i`'s Markdown, with the uses of avoided words in it (the
    /// terminology check runs once per page, on its rendering's prose).
    pub(crate) fn render_markdown_at(&self, i: usize) -> RenderedPage {
        let page = &self.content.pages[i];
        let (mut r, prose) = self.render_markdown_prose(page);
        let terms = self.terms.page_with(i, page, &prose).iter();
        r.diagnostics
            .extend(terms.map(crate::terminology::Avoided::diagnostic));
        r
    }

    /// A page's Markdown (the terminology check aside).
    pub(crate) fn render_markdown(&self, page: &Page) -> RenderedPage {
        self.render_markdown_prose(page).0
    }

    /// A page's Markdown and the prose its parse read. The page keeps no
    /// prose of its rendering (10,000 pages' word ranges would stay in
    /// memory to the end of the build for nothing): whoever needs it is
    /// given it here.
    fn render_markdown_prose(&self, page: &Page) -> (RenderedPage, markdown::Prose) {
        let mut parse = page.take_parse();
        // A translation that may lack one of its source's exercises is
        // parsed first: its blocks are compared with the source's before it
        // renders.
        let gaps = match self.may_lack_exercises(page) {
            true => {
                let parse = parse.get_or_insert_with(|| markdown::Parse::new(page.body()));
                self.exercise_gaps(page, Some(parse))
            }
            false => None,
        };
        let hooks = PageHooks {
            site: self,
            page,
            shared: Default::default(),
            gaps,
        };
        let mut r = markdown::render_parsed(page.body(), parse, page.body_offset, &hooks);
        if let Some(gaps) = &hooks.gaps {
            let host = super::untranslated::Host {
                site: self,
                page,
                shared: &hooks.shared,
            };
            let own = (r.items.iter())
                .filter(|i| matches!(i, PageItem::Exercise(_)))
                .count()
                - gaps.shown();
            let mut records = Vec::new();
            for m in gaps.trailing() {
                r.html.push_str(&gaps.show(m, 1, own, &host, &mut records));
            }
            r.items.extend(records.into_iter().map(PageItem::Exercise));
            r.diagnostics.extend(gaps.warnings(page));
        }
        let prose = std::mem::take(&mut r.prose);
        // Depends on the glossary and the course order, like the links.
        let early = (self.terms).teaching_order(&self.glossary, &self.nav, page, &prose);
        r.diagnostics.extend(early);
        r.html
            .push_str(&hooks.with_fence_cx(0, exercises::page_end));
        let mut anchors_to_check = Vec::new();
        let mut exercises = Vec::new();
        let mut invalid_blocks = false;
        for item in r.items {
            match item {
                PageItem::Anchor(a) => anchors_to_check.push(a),
                PageItem::Exercise(e) => exercises.push(e),
                PageItem::InvalidBlock => invalid_blocks = true,
            }
        }
        let rendered = RenderedPage {
            html: r.html,
            toc: r.toc,
            anchors: r.anchors.into_iter().collect(),
            anchors_to_check,
            exercises,
            invalid_blocks,
            exercise_time: hooks.shared.time(),
            tiles: hooks.shared.tiles(),
            diagnostics: r.diagnostics,
        };
        (rendered, prose)
    }

    pub(crate) fn render_page(
        &self,
        renderer: &Renderer,
        page: &Page,
        r: &RenderedPage,
    ) -> Result<Vec<u8>, Diagnostic> {
        let default = if page.is_section {
            "section.html"
        } else {
            "page.html"
        };
        let template = page.front.template.as_deref().unwrap_or(default);
        if !renderer.has_template(template) {
            let at = page.front.spans.template.unwrap_or(0);
            return Err(Diagnostic::error(
                &page.source_path,
                Some(at),
                format!("template {template:?} does not exist in templates/ or the theme"),
            ));
        }
        let ctx = self.page_context(page, r);
        // Room for the content and the chrome around it, as large as the
        // chrome of the last page this thread rendered (neighbouring pages
        // share their navigation): pages are held in memory until written,
        // so the buffer should neither grow nor waste much.
        thread_local! {
            static CHROME: std::cell::Cell<usize> = const { std::cell::Cell::new(16 * 1024) };
        }
        let capacity = r.html.len() + CHROME.get() + 512;
        let html = renderer.render_bytes(template, &ctx, &page.source_path, capacity)?;
        CHROME.set(html.len().saturating_sub(r.html.len()));
        Ok(html)
    }
}

/// What the extras phase reads of a page's Markdown results: its exercises
/// (ids and kinds) and its tiles ([`RenderedPage::extras_facts`]).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ExtrasFacts {
    exercises: Vec<(String, String)>,
    tiles: exercises::tiles_svg::TileSet,
}

impl RenderedPage {
    /// `serve` keeps the extras after a body edit that leaves these equal.
    pub(crate) fn extras_facts(&self) -> ExtrasFacts {
        ExtrasFacts {
            exercises: self
                .exercises
                .iter()
                .map(|e| (e.id.clone(), e.kind.clone()))
                .collect(),
            tiles: self.tiles,
        }
    }
}

pub(crate) struct RenderedPage {
    pub(super) html: String,
    pub(super) toc: Vec<TocEntry>,
    pub(super) anchors: HashSet<String>,
    pub(super) anchors_to_check: Vec<AnchorCheck>,
    pub(crate) exercises: Vec<ExerciseRecord>,
    /// Some exercise block of the page is invalid (its own error says why).
    pub(super) invalid_blocks: bool,
    pub(super) exercise_time: exercises::ExerciseTime,
    /// The tiles the page draws (their faces are written as extras).
    pub(super) tiles: exercises::tiles_svg::TileSet,
    pub(crate) diagnostics: Vec<Diagnostic>,
}
