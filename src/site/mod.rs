//! Site: orchestrates one build into an in-memory [`Output`]: loads config,
//! strings, content, glossary and templates, renders Markdown and templates
//! in parallel, checks links, anchors and exercises across pages, and
//! collects every diagnostic. Writes nothing to disk (see `output`).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;
use tera::{Context, Value};

use crate::config::Config;
use crate::content::{self, ContentSet, LoadOptions, Page};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceCache};
use crate::exercises::{self, ExerciseRecord, FenceCx, LangKit};
use crate::glossary::{self, Glossary};
use crate::i18n::Strings;
use crate::markdown::{self, Fence, Hooks, Sink, TocEntry};
use crate::output::Output;
use crate::render::Renderer;

mod extras;
pub mod pipeline;

pub use extras::{EXTRAS, Extra};
pub use pipeline::{Phase, Pipeline, Redo};

/// What to build and how.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Site root (holds `config.toml`).
    pub root: PathBuf,
    /// Include pages with `draft = true`.
    pub drafts: bool,
    /// Overrides `base_url` from the config.
    pub base_url: Option<String>,
}

/// Figures for the summary line.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    pub pages: usize,
    pub languages: usize,
    pub exercises: usize,
    pub files: usize,
    pub elapsed: Duration,
    pub timings: Timings,
}

/// Where a build's time went (`--timings`): wall time of each phase, and
/// the time spent in exercise code, summed over the threads.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Timings {
    /// Config, strings, content, glossary, templates.
    pub load: Duration,
    /// Markdown and template of every page, in parallel.
    pub render: Duration,
    /// Cross-page checks: anchors, rule lessons, translations' exercises.
    pub checks: Duration,
    /// Static files, sitemap, 404 page, robots.txt.
    pub extras: Duration,
    /// Exercise code (the cross-language comparison of exercises counts as
    /// validating).
    pub exercises: exercises::ExerciseTime,
}

/// Pages of the default language that a language lacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissingTranslations {
    pub lang: String,
    pub pages: Vec<String>,
}

/// The result of a build: the site (when there were no errors), every
/// diagnostic, and the sources needed to print them.
pub struct BuildResult {
    pub output: Option<Output>,
    pub diagnostics: Diagnostics,
    pub sources: SourceCache,
    pub stats: Stats,
    pub missing_translations: Vec<MissingTranslations>,
}

impl BuildResult {
    pub fn render_diagnostics(&mut self) -> String {
        self.diagnostics.render(&mut self.sources)
    }
}

/// Loads a site (config, strings, content, glossary, templates) without
/// rendering. `None` when the config or theme cannot be read.
pub fn load(opts: &BuildOptions) -> (Option<Site>, Diagnostics, SourceCache) {
    let mut diags = Diagnostics::new();
    let mut sources = SourceCache::new(&opts.root);
    let mut config = match Config::load(&opts.root) {
        Ok((c, text)) => {
            sources.insert(crate::config::CONFIG_FILE, text);
            c
        }
        Err(errs) => {
            diags.extend(errs);
            return (None, diags, sources);
        }
    };
    if let Some(url) = &opts.base_url
        && let Err(e) = config.set_base_url(url)
    {
        diags.error("--base-url", None, e);
        return (None, diags, sources);
    }
    let site = Site::load(&opts.root, config, opts, &mut sources, &mut diags);
    (site, diags, sources)
}

/// Builds the whole site in memory: every phase of [`Pipeline`], once.
pub fn build(opts: &BuildOptions) -> BuildResult {
    let start = Instant::now();
    let (pipeline, mut diags, mut sources) = Pipeline::load(opts, false);
    let mut timings = Timings {
        load: start.elapsed(),
        ..Timings::default()
    };
    let Some(mut pipeline) = pipeline else {
        diags.sort();
        return BuildResult {
            output: None,
            diagnostics: diags,
            sources,
            stats: Stats::default(),
            missing_translations: Vec::new(),
        };
    };
    pipeline.run_all(&mut timings);
    let diags = pipeline.diagnostics();
    let site = &pipeline.site;
    // Keep the text this build read of every page a diagnostic names (so
    // `path:line:col` matches what was checked); copying every page would
    // cost as much memory as the content itself.
    let named: HashSet<&Path> = diags
        .iter()
        .flat_map(|d| std::iter::once(&d.path).chain(d.related.iter().map(|r| &r.path)))
        .map(PathBuf::as_path)
        .collect();
    for p in &site.content.pages {
        if named.contains(p.source_path.as_path()) {
            sources.insert(&p.source_path, p.text.clone());
        }
    }
    let stats = Stats {
        pages: site.content.pages.len(),
        languages: site.config.languages.len(),
        exercises: pipeline.exercises(),
        files: pipeline.output.len(),
        elapsed: start.elapsed(),
        timings,
    };
    let missing_translations = site.missing_translations();
    let output = (!diags.has_errors()).then_some(pipeline.output);
    BuildResult {
        output,
        diagnostics: diags,
        sources,
        stats,
        missing_translations,
    }
}

/// Everything loaded for one build.
pub struct Site {
    pub root: PathBuf,
    pub config: Config,
    pub strings: Arc<Strings>,
    pub content: ContentSet,
    pub glossary: Glossary,
    /// `None` when the templates have errors: content is still checked.
    pub renderer: Option<Renderer>,
    pub theme_dir: PathBuf,
    /// Every use of a variant a language's glossary says to avoid.
    pub terminology: Vec<crate::terminology::Avoided>,
    trees: HashMap<String, LangTree>,
    /// What every page of a language shares in its exercises and tiles.
    kits: HashMap<String, LangKit>,
    /// Language → its templates' starting context (see [`base_context`]).
    base_contexts: HashMap<String, Context>,
}

impl Site {
    /// Loads everything but renders nothing. `None` when templates or the
    /// theme cannot be loaded (the reason is in `diags`).
    pub fn load(
        root: &Path,
        config: Config,
        opts: &BuildOptions,
        sources: &mut SourceCache,
        diags: &mut Diagnostics,
    ) -> Option<Site> {
        let theme_dir = root.join("themes").join(&config.theme);
        if !theme_dir.is_dir() {
            let at = Some(config.theme_offset);
            diags.error(
                crate::config::CONFIG_FILE,
                at,
                format!(
                    "theme {:?} not found: expected folder themes/{}/",
                    config.theme, config.theme
                ),
            );
            return None;
        }
        let strings = Arc::new(Strings::load(root, &theme_dir, &config, sources, diags));
        let content = content::load(
            root,
            &config,
            LoadOptions {
                drafts: opts.drafts,
            },
            diags,
        );
        let glossary = Glossary::load(root, &config, sources, diags);
        let mut status = crate::translations::status(&config, &content, &strings, &glossary);
        report_stale(&config, &content, diags);
        report_stale_terms(&config, &glossary, diags);
        let sources_of_words = crate::terminology::Sources {
            config: &config,
            content: &content,
            glossary: &glossary,
            root,
            theme_dir: &theme_dir,
        };
        // Pages are checked as they render (`render_markdown`, so that serve
        // rechecks an edited page); the glossary and strings files here.
        let files = crate::terminology::check_files(&sources_of_words);
        diags.extend(files.iter().map(crate::terminology::Avoided::diagnostic));
        let terminology = crate::terminology::check(&sources_of_words);
        crate::translations::add_terminology(&mut status, &terminology);
        let globals = vec![(
            "translation_status",
            tera::Value::from_serializable(&status),
        )];
        let renderer = Renderer::load(root, &theme_dir, strings.clone(), globals, sources, diags);
        for (rel, &at) in config.top_links.iter().zip(&config.top_link_offsets) {
            if content.get(&config.default_language, rel).is_none()
                && !content.failed(&config.default_language, rel)
            {
                diags.error(
                    crate::config::CONFIG_FILE,
                    Some(at),
                    format!(
                        "top_links: no page content/{}/{rel}",
                        config.default_language
                    ),
                );
            }
        }
        let trees = build_trees(&content, &config);
        let base_contexts = config
            .languages
            .iter()
            .map(|l| (l.code.clone(), base_context(&config, &strings, &l.code)))
            .collect();
        let mut site = Site {
            kits: HashMap::new(),
            root: root.to_path_buf(),
            config,
            strings,
            content,
            glossary,
            renderer,
            theme_dir,
            terminology,
            trees,
            base_contexts,
        };
        site.kits = site
            .config
            .languages
            .iter()
            .map(|l| {
                let titles = std::cell::RefCell::new(HashMap::new());
                let link = |rule: &str| site.rule_link(&l.code, rule, &mut titles.borrow_mut());
                let kit = LangKit::new(&l.code, &site.strings, &link);
                (l.code.clone(), kit)
            })
            .collect();
        Some(site)
    }

    pub(crate) fn render_markdown(&self, page: &Page) -> RenderedPage {
        let hooks = PageHooks {
            site: self,
            page,
            shared: Default::default(),
        };
        let mut r = markdown::render(page.body(), page.body_offset, &hooks);
        r.diagnostics.extend(
            crate::terminology::check_page(&self.glossary, page)
                .iter()
                .map(crate::terminology::Avoided::diagnostic),
        );
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
        RenderedPage {
            html: r.html,
            toc: r.toc,
            anchors: r.anchors.into_iter().collect(),
            anchors_to_check,
            exercises,
            invalid_blocks,
            exercise_time: hooks.shared.time(),
            diagnostics: r.diagnostics,
        }
    }

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
        for (page, r) in self.content.pages.iter().zip(rendered) {
            for a in &r.anchors_to_check {
                let Some(target) = self.content.index_of(&a.lang, &a.rel) else {
                    continue;
                };
                if !rendered[target].anchors.contains(&a.anchor)
                    && !self.is_generated_anchor(&a.rel, &a.anchor)
                {
                    let message = format!(
                        "broken anchor: {} has no heading with id #{}",
                        self.content.pages[target].source_path.display(),
                        a.anchor
                    );
                    diags.push(
                        Diagnostic::error(&page.source_path, Some(a.offset), message)
                            .grouped(missing_anchor_group(&a.lang, &a.rel, &a.anchor)),
                    );
                }
            }
        }
        let start = Instant::now();
        let default = &self.config.default_language;
        for (page, r) in self.content.pages.iter().zip(rendered) {
            if &page.lang == default {
                continue;
            }
            let Some(src) = self.content.index_of(default, &page.rel) else {
                continue;
            };
            if r.invalid_blocks || rendered[src].invalid_blocks {
                // The invalid block's own error is the root cause; the
                // lists of exercises cannot be compared until it is fixed.
                continue;
            }
            let source = &self.content.pages[src];
            diags.extend(exercises::check_consistency(
                &source.source_path,
                &rendered[src].exercises,
                &page.source_path,
                &r.exercises,
            ));
        }
        time.validating += start.elapsed();
    }

    /// Every `[exercises.rule_lessons]` entry names a rule of the rules module
    /// and a section that exists in the default language.
    fn check_rule_lessons(&self, rendered: &[RenderedPage], diags: &mut Diagnostics) {
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
    fn check_glossary_lessons(&self, rendered: &[RenderedPage], diags: &mut Diagnostics) {
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
    fn is_generated_anchor(&self, rel: &str, anchor: &str) -> bool {
        rel == glossary::GLOSSARY_PAGE
            && anchor
                .strip_prefix("term-")
                .is_some_and(|id| self.glossary.has_term(id))
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

    /// The context every template of `lang` starts from.
    fn base_context(&self, lang: &str) -> Context {
        self.base_contexts[lang].clone()
    }

    fn page_context(&self, page: &Page, r: &RenderedPage) -> Context {
        let mut ctx = self.base_context(&page.lang);
        let tree = &self.trees[&page.lang];
        ctx.insert(
            "page",
            &PageCtx {
                title: &page.front.title,
                description: &page.front.description,
                url: &page.url,
                permalink: self.config.permalink(&page.url),
                content: &r.html,
                toc: &r.toc,
                is_section: page.is_section,
                has_exercises: !r.exercises.is_empty(),
                exercise_count: r.exercises.len(),
                source_path: page.source_path.to_string_lossy().replace('\\', "/"),
                rel: &page.rel,
                stale: self.stale(page),
                untranslated: page.front.untranslated,
            },
        );
        let x_default = self.x_default_permalink(page);
        let translations = Value::from_serializable(&self.translations(page));
        ctx.insert_value("translations", translations.clone());
        ctx.insert_value("alternates", translations);
        ctx.insert("x_default_url", &x_default);
        ctx.insert_value("nav", tree.nav_for(&self.content, page));
        ctx.insert_value("section", tree.parent_section(page));
        if page.is_section {
            ctx.insert_value("section_pages", tree.section_pages(&self.content, page));
        }
        let (prev, next) = tree.prev_next(page);
        ctx.insert_value("prev", prev);
        ctx.insert_value("next", next);
        ctx.insert_value("top_links", tree.top_links(&self.content, page));
        ctx
    }

    fn translations(&self, page: &Page) -> Vec<TranslationCtx<'_>> {
        self.config
            .languages
            .iter()
            .filter_map(|l| {
                let p = self.content.get(&l.code, &page.rel)?;
                Some(TranslationCtx {
                    code: &l.code,
                    name: &l.name,
                    url: &p.url,
                    permalink: self.config.permalink(&p.url),
                    title: &p.front.title,
                    current: l.code == page.lang,
                })
            })
            .collect()
    }

    /// Where a stale translation's current source is.
    fn stale(&self, page: &Page) -> Option<StaleCtx> {
        if page.lang == self.config.default_language {
            return None;
        }
        let source = self.content.get(&self.config.default_language, &page.rel)?;
        (crate::translations::page_state(source, Some(page))
            == crate::translations::PageState::Stale)
            .then(|| StaleCtx {
                source_url: source.url.clone(),
                source_title: source.front.title.clone(),
            })
    }

    /// The page `rel` in `lang`, or the default language's with `true` (untranslated).
    pub fn page_or_fallback(&self, lang: &str, rel: &str) -> Option<(&Page, bool)> {
        page_or_fallback(&self.content, &self.config.default_language, lang, rel)
            .map(|(i, untranslated)| (&self.content.pages[i], untranslated))
    }

    pub(crate) fn copy_static(&self, output: &mut Output, diags: &mut Diagnostics) {
        let generated: HashSet<&str> = self
            .content
            .pages
            .iter()
            .map(|p| p.output_path.as_str())
            .chain(extras::EXTRAS.iter().filter_map(|e| e.fixed_path()))
            .collect();
        for dir in [self.theme_dir.join("static"), self.root.join("static")] {
            for found in crate::walk::files(&self.root, &dir, |_| false, diags) {
                let shown = content::rel_to(&self.root, &found.path);
                if generated.contains(found.rel.as_str()) {
                    diags.error(
                        shown,
                        None,
                        format!(
                            "static file {} maps to the same URL as a generated file ({}{}); rename or move it",
                            found.rel, self.config.base_path, found.rel
                        ),
                    );
                    continue;
                }
                match std::fs::read(&found.path) {
                    Ok(bytes) => output.insert(found.rel, bytes),
                    Err(e) => diags.error(shown, None, format!("cannot read: {e}")),
                }
            }
        }
        for asset in &self.content.assets {
            match std::fs::read(&asset.source_path) {
                Ok(bytes) => output.insert(asset.output_path.clone(), bytes),
                Err(e) => diags.error(
                    content::rel_to(&self.root, &asset.source_path),
                    None,
                    e.to_string(),
                ),
            }
        }
    }

    /// The `x-default` alternate of a page: its default-language version,
    /// or the page itself when that language lacks it.
    fn x_default_permalink(&self, page: &Page) -> String {
        self.content
            .get(&self.config.default_language, &page.rel)
            .map(|p| self.config.permalink(&p.url))
            .unwrap_or_else(|| self.config.permalink(&page.url))
    }

    /// For every non-default language, the default-language pages it lacks.
    pub fn missing_translations(&self) -> Vec<MissingTranslations> {
        let default = &self.config.default_language;
        self.config
            .languages
            .iter()
            .filter(|l| &l.code != default)
            .map(|l| MissingTranslations {
                lang: l.code.clone(),
                pages: self
                    .content
                    .pages
                    .iter()
                    .filter(|p| &p.lang == default && self.content.get(&l.code, &p.rel).is_none())
                    .map(|p| p.rel.clone())
                    .collect(),
            })
            .filter(|m| !m.pages.is_empty())
            .collect()
    }

    /// URL of `target` (a `page.md#anchor` source path, relative to the
    /// language folder) as seen from `page`, recording the anchor for a later
    /// check. `Err` explains a missing page.
    fn resolve_link(
        &self,
        page: &Page,
        target: &str,
        offset: usize,
        sink: &mut Sink<PageItem>,
    ) -> Result<String, LinkError> {
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target, None),
        };
        // Links name source files; `my%20page.md` and `my page.md` are the same file.
        let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
        let path: &str = &decoded;
        let (rel, url) = if path.is_empty() {
            (page.rel.clone(), page.url.clone())
        } else {
            let rel = normalize_rel(page.dir(), path).ok_or_else(|| {
                LinkError::new(format!("link {target:?} leaves the language folder"))
            })?;
            let Some((p, _)) = self.page_or_fallback(&page.lang, &rel) else {
                let default = &self.config.default_language;
                if self.content.failed(&page.lang, &rel) || self.content.failed(default, &rel) {
                    // The target exists but did not load: its own error says why.
                    return Ok(target.to_string());
                }
                if self.content.is_draft(&page.lang, &rel) || self.content.is_draft(default, &rel) {
                    return Err(LinkError::new(format!(
                        "link to draft page {rel:?}, which this build leaves out (build with --drafts, or publish it)"
                    )));
                }
                let tried = if &page.lang == default {
                    format!("no content/{default}/{rel}")
                } else {
                    format!("no content/{}/{rel} or content/{default}/{rel}", page.lang)
                };
                return Err(LinkError {
                    message: format!("link to missing page {rel:?} ({tried})"),
                    group: Some(missing_page_group(default, &rel)),
                });
            };
            (rel, p.url.clone())
        };
        let lang = if self.content.get(&page.lang, &rel).is_some() {
            page.lang.clone()
        } else {
            self.config.default_language.clone()
        };
        match anchor {
            Some(a) if !a.is_empty() => {
                sink.items.push(PageItem::Anchor(AnchorCheck {
                    lang,
                    rel,
                    anchor: a.to_string(),
                    offset,
                }));
                Ok(format!("{url}#{a}"))
            }
            _ => Ok(url),
        }
    }

    /// Whether `[exercises.rule_lessons]` points into page `rel`.
    pub(crate) fn teaches_rules(&self, rel: &str) -> bool {
        self.config
            .exercises
            .rule_lessons
            .values()
            .any(|target| target.split('#').next() == Some(rel))
    }

    /// URL and heading of the lesson section that teaches `rule` in `lang`,
    /// from `[exercises.rule_lessons]`. `titles` caches each page's headings.
    fn rule_link(
        &self,
        lang: &str,
        rule: &str,
        titles: &mut HashMap<usize, Vec<(String, String)>>,
    ) -> Option<exercises::html::RuleLink> {
        let target = self.config.exercises.rule_lessons.get(rule)?;
        let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
        if self.content.failed(&self.config.default_language, path) {
            // The page's own error is the root cause: the rule counts as
            // taught (the build fails anyway, so the empty link is never published).
            return Some(exercises::html::RuleLink {
                href: String::new(),
                section: String::new(),
            });
        }
        let href = self.rule_target_url(lang, target)?;
        let (i, _) = page_or_fallback(&self.content, &self.config.default_language, lang, path)?;
        let page = &self.content.pages[i];
        let headings = titles
            .entry(i)
            .or_insert_with(|| crate::markdown::section_titles(page.body()));
        let section = headings
            .iter()
            .find(|(id, _)| id == anchor)
            .map_or_else(|| page.front.title.clone(), |(_, t)| t.clone());
        Some(exercises::html::RuleLink { href, section })
    }
}

/// Why a link cannot be resolved, and the group of errors with that cause.
struct LinkError {
    message: String,
    group: Option<String>,
}

impl LinkError {
    fn new(message: String) -> Self {
        LinkError {
            message,
            group: None,
        }
    }
}

/// The group of every error caused by page `rel` of `lang` missing: links
/// to it, rule lessons and glossary lessons on it.
fn missing_page_group(lang: &str, rel: &str) -> String {
    format!("missing page {lang}/{rel}")
}

/// The group of every error caused by heading `#anchor` missing on page
/// `rel` of `lang`.
fn missing_anchor_group(lang: &str, rel: &str, anchor: &str) -> String {
    format!("missing anchor {lang}/{rel}#{anchor}")
}

/// Warns about every translation whose source changed after it was marked.
fn report_stale(config: &Config, content: &ContentSet, diags: &mut Diagnostics) {
    for page in &content.pages {
        if page.lang == config.default_language {
            continue;
        }
        let Some(source) = content.get(&config.default_language, &page.rel) else {
            continue;
        };
        if crate::translations::page_state(source, Some(page))
            == crate::translations::PageState::Stale
        {
            let at = page.front.spans.translated_from;
            diags.warning(
                &page.source_path,
                at,
                format!(
                    "translation is stale: {} changed since it was translated; update it, then run `tilebook translations mark {}`",
                    source.source_path.display(),
                    page.source_path.display()
                ),
            );
        }
    }
}

/// Warns about every translated glossary term whose default-language text
/// changed after it was marked, at the term's `[id]` table.
fn report_stale_terms(config: &Config, glossary: &Glossary, diags: &mut Diagnostics) {
    let default = &config.default_language;
    let source_file = Glossary::file(default);
    for lang in config.languages.iter().filter(|l| &l.code != default) {
        let file = Glossary::file(&lang.code);
        for (id, state) in crate::translations::term_states(glossary, &lang.code) {
            if state != crate::translations::PageState::Stale {
                continue;
            }
            diags.push(
                Diagnostic::warning(
                    &file,
                    glossary.table_offset(&lang.code, id),
                    format!(
                        "glossary term {id:?} is stale: its text in {} changed since it was translated; update it, then run `tilebook translations mark {}`",
                        source_file.display(),
                        file.display()
                    ),
                )
                .with_related(
                    &source_file,
                    glossary.table_offset(default, id),
                    "the current text",
                ),
            );
        }
    }
}

/// Resolves `path` (relative to the language folder, or to `dir` when it
/// starts with `./` or `../`) to a normalized relative path.
fn normalize_rel(dir: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    let relative = path.starts_with("./") || path.starts_with("../");
    if relative {
        parts.extend(dir.split('/').filter(|s| !s.is_empty()));
    }
    for seg in path.trim_start_matches('/').split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    let mut rel = parts.join("/");
    if rel.is_empty() || path.ends_with('/') {
        rel = if rel.is_empty() {
            "_index.md".into()
        } else {
            format!("{rel}/_index.md")
        };
    }
    Some(rel)
}

/// Whether a link destination is a link to one of our Markdown pages.
fn is_page_link(dest: &str) -> bool {
    if dest.starts_with('#') {
        return true;
    }
    if dest.contains("://")
        || dest.starts_with("//")
        || dest.starts_with("mailto:")
        || dest.starts_with("tel:")
    {
        return false;
    }
    let path = dest.split_once('#').map_or(dest, |(p, _)| p);
    // `variants/` names the section page `variants/_index.md`.
    path.ends_with(".md") || path.ends_with('/')
}

#[derive(Debug)]
struct AnchorCheck {
    lang: String,
    rel: String,
    anchor: String,
    offset: usize,
}

#[derive(Debug)]
enum PageItem {
    Anchor(AnchorCheck),
    Exercise(ExerciseRecord),
    /// An exercise block that failed to parse or validate: the page's list of
    /// exercises is incomplete, so it is not compared across languages.
    InvalidBlock,
}

pub(crate) struct RenderedPage {
    html: String,
    toc: Vec<TocEntry>,
    anchors: HashSet<String>,
    anchors_to_check: Vec<AnchorCheck>,
    pub(crate) exercises: Vec<ExerciseRecord>,
    /// Some exercise block of the page is invalid (its own error says why).
    invalid_blocks: bool,
    exercise_time: exercises::ExerciseTime,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

struct PageHooks<'a> {
    site: &'a Site,
    page: &'a Page,
    /// Tiles drawn and rules cited on the page so far.
    shared: exercises::PageShared,
}

impl PageHooks<'_> {
    /// Runs `f` with what the page's exercise and tile blocks need.
    fn with_fence_cx<R>(&self, exercises_before: usize, f: impl FnOnce(&FenceCx<'_>) -> R) -> R {
        let site = self.site;
        let lang = &self.page.lang;
        let cx = FenceCx {
            lang,
            strings: &site.strings,
            page_path: &self.page.source_path,
            exercises_before,
            kit: &site.kits[lang],
            shared: &self.shared,
        };
        f(&cx)
    }
}

impl Hooks for PageHooks<'_> {
    type Item = PageItem;

    fn fence(&self, fence: &Fence<'_>, sink: &mut Sink<PageItem>) -> Option<String> {
        let site = self.site;
        let lang = &self.page.lang;
        if fence.kind == "glossary" {
            let lesson_url = |target: &str| {
                let url = site.rule_target_url(lang, target)?;
                let path = target.split_once('#').map_or(target, |(p, _)| p);
                let (page, _) = site.page_or_fallback(lang, path)?;
                Some((url, page.front.title.clone()))
            };
            return Some(site.glossary.render(lang, &site.strings, &lesson_url));
        }
        let exercises_before = sink
            .items
            .iter()
            .filter(|i| matches!(i, PageItem::Exercise(_)))
            .count();
        let mut records = Vec::new();
        let errors_before = sink.diagnostics.iter().filter(|d| d.is_error()).count();
        let html = self.with_fence_cx(exercises_before, |cx| {
            exercises::render_fence(fence, cx, &mut records, &mut sink.diagnostics)
        })?;
        if sink.diagnostics.iter().filter(|d| d.is_error()).count() > errors_before {
            sink.items.push(PageItem::InvalidBlock);
        }
        sink.items
            .extend(records.into_iter().map(PageItem::Exercise));
        Some(html)
    }

    fn link(&self, dest: &str, offset: usize, sink: &mut Sink<PageItem>) -> Option<String> {
        if let Some(id) = dest.strip_prefix("term:") {
            if !self.site.glossary.has_term(id) {
                if self.site.glossary.is_broken() {
                    // terms.toml's own error is the root cause.
                    return None;
                }
                sink.diagnostics.push(Diagnostic::error(
                    &self.page.source_path,
                    Some(offset),
                    format!(
                        "unknown glossary term {id:?} (terms are defined in glossary/terms.toml)"
                    ),
                ));
                return None;
            }
            let target = format!("{}#{}", glossary::GLOSSARY_PAGE, Glossary::anchor(id));
            return match self.site.resolve_link(self.page, &target, offset, sink) {
                Ok(url) => Some(url),
                Err(msg) => {
                    sink.diagnostics.push(self.link_error(offset, msg));
                    None
                }
            };
        }
        if !is_page_link(dest) {
            return self.resolve_asset(dest, offset, sink);
        }
        match self.site.resolve_link(self.page, dest, offset, sink) {
            Ok(url) => Some(url),
            Err(msg) => {
                sink.diagnostics.push(self.link_error(offset, msg));
                None
            }
        }
    }

    fn page_path(&self) -> &Path {
        &self.page.source_path
    }

    fn allow_scripts(&self) -> bool {
        self.site.config.markdown.allow_scripts
    }
}

impl PageHooks<'_> {
    /// A link that cannot be resolved; links that fail for the same reason
    /// (the same missing page) are one cause, reported once.
    fn link_error(&self, offset: usize, e: LinkError) -> Diagnostic {
        let group = e.group.unwrap_or_else(|| e.message.clone());
        Diagnostic::error(&self.page.source_path, Some(offset), e.message).grouped(group)
    }

    /// A relative link to a file beside the page (`img.png`, `../files/x.pdf`)
    /// points at the copy in the output; a missing file is an error.
    fn resolve_asset(
        &self,
        dest: &str,
        offset: usize,
        sink: &mut Sink<PageItem>,
    ) -> Option<String> {
        if dest.is_empty() || dest.starts_with('/') || dest.contains(':') || dest.starts_with("//")
        {
            return None;
        }
        let (path, suffix) = match dest.find(['#', '?']) {
            Some(i) => (&dest[..i], &dest[i..]),
            None => (dest, ""),
        };
        let page = self.page;
        let site = self.site;
        let path = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
        let Some(rel) = normalize_rel(page.dir(), &format!("./{path}")) else {
            sink.diagnostics.push(Diagnostic::error(
                &page.source_path,
                Some(offset),
                format!("link {dest:?} leaves the language folder"),
            ));
            return None;
        };
        for lang in [&page.lang, &site.config.default_language] {
            let out = format!("{lang}/{rel}");
            if site.content.has_asset(&out) {
                return Some(format!(
                    "{}{}{suffix}",
                    site.config.base_path,
                    content::encode_path(&out)
                ));
            }
        }
        sink.diagnostics.push(Diagnostic::error(
            &page.source_path,
            Some(offset),
            format!(
                "link to missing file {rel:?} (no content/{}/{rel}); pages are linked as `page.md`",
                page.lang
            ),
        ));
        None
    }
}

impl Site {
    /// URL of a `page.md#anchor` source path in `lang` (with fallback), unchecked.
    fn rule_target_url(&self, lang: &str, target: &str) -> Option<String> {
        let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
        let (p, _) = self.page_or_fallback(lang, path)?;
        Some(if anchor.is_empty() {
            p.url.clone()
        } else {
            format!("{}#{anchor}", p.url)
        })
    }
}

// ---- incremental rebuilds (used by `serve`) --------------------------------

impl Site {
    /// Replaces page `i` (same language and relative path, so lookups stay
    /// valid) and, when `navigation` is set (its title or weight changed),
    /// rebuilds every language's page tree.
    pub(crate) fn replace_page(&mut self, i: usize, page: Page, navigation: bool) {
        debug_assert_eq!(
            (&self.content.pages[i].lang, &self.content.pages[i].rel),
            (&page.lang, &page.rel)
        );
        self.content.pages[i] = page;
        if navigation {
            self.trees = build_trees(&self.content, &self.config);
        }
    }
}

// ---- navigation -----------------------------------------------------------

/// One language's page tree, built once per build (and again by `serve`
/// when a title or weight changes): for each folder, its entries (pages and
/// sub-sections) in weight order, with untranslated pages taken from the
/// default language; the reading order for prev/next; the top links.
///
/// Each entry's template values are built here too. A page's context clones
/// them (a Tera value shares its maps and arrays) and builds anew only the
/// entries that differ for that page: the page itself (`current`) and the
/// sections on the way to it (with their `children`).
struct LangTree {
    /// Folder → entries listed in it.
    listings: HashMap<String, Vec<Entry>>,
    /// Reading order for previous/next.
    order: Vec<Entry>,
    position: HashMap<String, usize>,
    /// `top_links` of `config.toml` that exist, in this language or the default one.
    top_links: Vec<Entry>,
    /// Folder → link to its section page in this language (the `section` of its pages).
    sections: HashMap<String, Value>,
}

#[derive(Debug, Clone)]
struct Entry {
    rel: String,
    /// Index of the page shown (this language's, or the default language's).
    page: usize,
    untranslated: bool,
    /// Its navigation item, not current and without children.
    item: Value,
    /// Its previous/next link.
    link: Value,
}

impl Entry {
    fn new(content: &ContentSet, rel: &str, page: usize, untranslated: bool) -> Entry {
        let p = &content.pages[page];
        Entry {
            rel: rel.to_string(),
            page,
            untranslated,
            item: nav_item(p, untranslated, false, Value::from(Vec::<Value>::new())),
            link: link(p, untranslated),
        }
    }

    /// The folder a section entry indexes.
    fn section_dir(&self) -> Option<&str> {
        self.rel.strip_suffix("/_index.md")
    }

    /// This entry in the navigation of `page`: the shared item, unless it
    /// is `page` itself or shows `children`.
    fn item_for(&self, content: &ContentSet, page: &Page, children: Option<Value>) -> Value {
        let current = self.rel == page.rel;
        match children {
            None if !current => self.item.clone(),
            children => nav_item(
                &content.pages[self.page],
                self.untranslated,
                current,
                children.unwrap_or_else(|| Value::from(Vec::<Value>::new())),
            ),
        }
    }
}

/// Every language's tree, built in parallel.
fn build_trees(content: &ContentSet, config: &Config) -> HashMap<String, LangTree> {
    config
        .languages
        .par_iter()
        .map(|l| (l.code.clone(), LangTree::build(content, config, &l.code)))
        .collect()
}

impl LangTree {
    fn build(content: &ContentSet, config: &Config, lang: &str) -> LangTree {
        let mut rels: BTreeMap<&str, (usize, bool)> = BTreeMap::new();
        let mut sections = HashMap::new();
        for (i, p) in content.pages.iter().enumerate() {
            if p.lang == config.default_language && content.get(lang, &p.rel).is_none() {
                rels.insert(&p.rel, (i, true));
            }
            if p.lang == lang {
                rels.insert(&p.rel, (i, p.front.untranslated));
                if let Some(dir) = p.rel.strip_suffix("/_index.md") {
                    sections.insert(dir.to_string(), link(p, false));
                }
            }
        }
        let mut listings: HashMap<String, Vec<Entry>> = HashMap::new();
        for (rel, (page, untranslated)) in rels {
            let Some(parent) = listing_dir(rel) else {
                continue;
            };
            listings
                .entry(parent.to_string())
                .or_default()
                .push(Entry::new(content, rel, page, untranslated));
        }
        for entries in listings.values_mut() {
            entries.sort_by(|a, b| {
                let (pa, pb) = (&content.pages[a.page], &content.pages[b.page]);
                (pa.front.weight, &pa.front.title, &pa.rel).cmp(&(
                    pb.front.weight,
                    &pb.front.title,
                    &pb.rel,
                ))
            });
        }
        let mut order = Vec::new();
        if let Some(home) = content.index_of(lang, "_index.md") {
            let untranslated = content.pages[home].front.untranslated;
            order.push(Entry::new(content, "_index.md", home, untranslated));
        }
        fn walk(listings: &HashMap<String, Vec<Entry>>, dir: &str, order: &mut Vec<Entry>) {
            for e in listings.get(dir).into_iter().flatten() {
                order.push(e.clone());
                if let Some(sub) = e.section_dir() {
                    walk(listings, sub, order);
                }
            }
        }
        walk(&listings, "", &mut order);
        let position = order
            .iter()
            .enumerate()
            .map(|(i, e)| (e.rel.clone(), i))
            .collect();
        let top_links = config
            .top_links
            .iter()
            .filter_map(|rel| {
                let (page, untranslated) =
                    page_or_fallback(content, &config.default_language, lang, rel)?;
                Some(Entry::new(content, rel, page, untranslated))
            })
            .collect();
        LangTree {
            listings,
            order,
            position,
            top_links,
            sections,
        }
    }

    /// Top-level entries, with the sections on the way to `page` expanded.
    fn nav_for(&self, content: &ContentSet, page: &Page) -> Value {
        self.listing(content, "", page)
    }

    fn listing(&self, content: &ContentSet, dir: &str, page: &Page) -> Value {
        let items: Vec<Value> = self
            .entries(dir)
            .iter()
            .map(|e| {
                let children = e
                    .section_dir()
                    .filter(|sub| is_within(page.dir(), sub))
                    .map(|sub| self.listing(content, sub, page));
                e.item_for(content, page, children)
            })
            .collect();
        Value::from(items)
    }

    fn section_pages(&self, content: &ContentSet, page: &Page) -> Value {
        items_for(content, self.entries(page.dir()), page)
    }

    fn top_links(&self, content: &ContentSet, page: &Page) -> Value {
        items_for(content, &self.top_links, page)
    }

    fn entries(&self, dir: &str) -> &[Entry] {
        self.listings.get(dir).map_or(&[], Vec::as_slice)
    }

    /// Link to the section `page` belongs to, or none.
    fn parent_section(&self, page: &Page) -> Value {
        // The home page's folder has no entry: the breadcrumb already starts with it.
        listing_dir(&page.rel)
            .and_then(|dir| self.sections.get(dir))
            .cloned()
            .unwrap_or_else(Value::none)
    }

    /// Links to the pages before and after `page` in reading order, or none.
    fn prev_next(&self, page: &Page) -> (Value, Value) {
        let link = |j: Option<usize>| {
            j.and_then(|j| self.order.get(j))
                .map_or_else(Value::none, |e| e.link.clone())
        };
        match self.position.get(&page.rel) {
            Some(&i) => (link(i.checked_sub(1)), link(Some(i + 1))),
            None => (Value::none(), Value::none()),
        }
    }
}

/// `entries` (none of them expanded) in the context of `page`.
fn items_for(content: &ContentSet, entries: &[Entry], page: &Page) -> Value {
    let items: Vec<Value> = entries
        .iter()
        .map(|e| e.item_for(content, page, None))
        .collect();
    Value::from(items)
}

/// Whether folder `dir` is `ancestor` or inside it.
fn is_within(dir: &str, ancestor: &str) -> bool {
    dir.strip_prefix(ancestor)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// The page `rel` in `lang` (`false`), or else the default language's (`true`: untranslated).
fn page_or_fallback(
    content: &ContentSet,
    default_language: &str,
    lang: &str,
    rel: &str,
) -> Option<(usize, bool)> {
    match content.index_of(lang, rel) {
        Some(i) => Some((i, false)),
        None => content.index_of(default_language, rel).map(|i| (i, true)),
    }
}

/// Folder whose listing shows `rel`: a page's own folder; a section's parent
/// folder; `None` for the language home.
fn listing_dir(rel: &str) -> Option<&str> {
    if rel == "_index.md" {
        return None;
    }
    let dir = rel.rsplit_once('/').map_or("", |(d, _)| d);
    if rel.ends_with("/_index.md") {
        Some(dir.rsplit_once('/').map_or("", |(d, _)| d))
    } else {
        Some(dir)
    }
}

// ---- template context -----------------------------------------------------

/// `lang`, `dir` and `site` for the templates of `lang`. Built once per
/// language; each page clones it (cloning a Tera value shares its maps).
fn base_context(config: &Config, strings: &Strings, lang: &str) -> Context {
    let mut ctx = Context::new();
    let dir = config.language(lang).map_or("ltr", |l| l.dir.as_str());
    ctx.insert("lang", lang);
    ctx.insert("dir", dir);
    ctx.insert("site", &site_ctx(config, strings, lang));
    ctx
}

fn site_ctx<'a>(config: &'a Config, strings: &'a Strings, lang: &str) -> SiteCtx<'a> {
    SiteCtx {
        title: strings.get(lang, "site.title").unwrap_or(&config.title),
        base_path: &config.base_path,
        base_url: &config.base_url,
        default_language: &config.default_language,
        languages: config
            .languages
            .iter()
            .map(|l| LangCtx {
                code: &l.code,
                name: &l.name,
                dir: l.dir.as_str(),
                url: format!("{}{}/", config.base_path, l.code),
            })
            .collect(),
    }
}

#[derive(Serialize)]
struct SiteCtx<'a> {
    title: &'a str,
    base_path: &'a str,
    base_url: &'a str,
    default_language: &'a str,
    languages: Vec<LangCtx<'a>>,
}

#[derive(Serialize)]
struct LangCtx<'a> {
    code: &'a str,
    name: &'a str,
    dir: &'a str,
    url: String,
}

#[derive(Serialize)]
struct PageCtx<'a> {
    title: &'a str,
    description: &'a str,
    url: &'a str,
    permalink: String,
    content: &'a str,
    toc: &'a [TocEntry],
    is_section: bool,
    has_exercises: bool,
    exercise_count: usize,
    source_path: String,
    rel: &'a str,
    stale: Option<StaleCtx>,
    untranslated: bool,
}

#[derive(Serialize)]
struct StaleCtx {
    source_url: String,
    source_title: String,
}

#[derive(Serialize)]
struct TranslationCtx<'a> {
    code: &'a str,
    name: &'a str,
    url: &'a str,
    permalink: String,
    title: &'a str,
    current: bool,
}

#[derive(Serialize)]
struct NavItem<'a> {
    title: &'a str,
    url: &'a str,
    current: bool,
    untranslated: bool,
    is_section: bool,
    /// An array of items. A `Value` field is cloned, not serialised again,
    /// by `Value::from_serializable`.
    children: Value,
}

fn nav_item(p: &Page, untranslated: bool, current: bool, children: Value) -> Value {
    Value::from_serializable(&NavItem {
        title: &p.front.title,
        url: &p.url,
        current,
        untranslated,
        is_section: p.is_section,
        children,
    })
}

#[derive(Serialize)]
struct LinkCtx<'a> {
    title: &'a str,
    url: &'a str,
    untranslated: bool,
}

fn link(p: &Page, untranslated: bool) -> Value {
    Value::from_serializable(&LinkCtx {
        title: &p.front.title,
        url: &p.url,
        untranslated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_links() {
        assert_eq!(normalize_rel("variants", "tiles.md").unwrap(), "tiles.md");
        assert_eq!(
            normalize_rel("variants", "./riichi.md").unwrap(),
            "variants/riichi.md"
        );
        assert_eq!(
            normalize_rel("variants", "../tiles.md").unwrap(),
            "tiles.md"
        );
        assert_eq!(
            normalize_rel("", "variants/").unwrap(),
            "variants/_index.md"
        );
        assert!(normalize_rel("", "../x.md").is_none());
    }

    #[test]
    fn page_links() {
        assert!(is_page_link("a.md#x"));
        assert!(is_page_link("#x"));
        assert!(!is_page_link("https://x.org/a.md"));
        assert!(!is_page_link("img.png"));
        assert!(is_page_link("variants/"));
    }

    #[test]
    fn listing_dirs() {
        assert_eq!(listing_dir("_index.md"), None);
        assert_eq!(listing_dir("a.md"), Some(""));
        assert_eq!(listing_dir("v/_index.md"), Some(""));
        assert_eq!(listing_dir("v/a.md"), Some("v"));
        assert_eq!(listing_dir("v/w/_index.md"), Some("v"));
    }

    #[test]
    fn folders_within() {
        assert!(is_within("v", "v"));
        assert!(is_within("v/w", "v"));
        assert!(!is_within("vw", "v"));
        assert!(!is_within("", "v"));
    }
}
