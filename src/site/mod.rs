//! Site: orchestrates one build into an in-memory [`Output`]: loads config,
//! strings, content, glossary and templates, renders Markdown and templates
//! in parallel, checks links, anchors and exercises across pages, and
//! collects every diagnostic. Writes nothing to disk (see `output`).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use tera::Context;

use crate::config::Config;
use crate::content::{self, ContentSet, LoadOptions, Page};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceCache};
use crate::exercises::{self, LangKit};
use crate::glossary::Glossary;
use crate::i18n::Strings;
use crate::output::Output;
use crate::render::Renderer;

mod checks;
mod context;
mod extras;
mod kept;
mod links;
mod nav;
mod pages;
pub mod pipeline;
mod pools;
mod practice;
mod reuse;
mod review;
mod search_offline;
mod steps;
mod terms;
mod untranslated;

use checks::{CheckInputs, CrossChecks};
use nav::Navigation;
use terms::{TermInputs, Terms};

pub(crate) use context::LinksKey;
pub use extras::{EXTRAS, Extra};
use links::AnchorCheck;
pub(crate) use pages::{ExtrasFacts, RenderedPage};
pub use pipeline::{Pipeline, Redo};
pub use practice::{
    ANSWERS_PER_PAGE, DEFAULT_EXERCISES, DEFAULT_SHEETS, EXERCISES_PER_PAGE, MIXED, printed_pages,
    series_id,
};
pub use steps::Steps;

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
    /// Pages reused from the previous build ([`build_to`]).
    pub reused: usize,
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
    /// The late extras: search index and service workers.
    pub late: Duration,
    /// Reuse (`build` into a folder): each page's key, and the previous
    /// build's manifest once it is read (it is read while the content
    /// loads; this is what is left to wait for).
    pub keys: Duration,
    /// Reuse: making and writing this build's manifest.
    pub manifest: Duration,
    /// Swapping the written site in ([`build_to`]; pages are written as
    /// they render, so their writing is part of `render`).
    pub write: Duration,
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
    /// The site in memory ([`build`]; `None` from [`build_to`], which writes it).
    pub output: Option<Output>,
    /// Every file [`build_to`] wrote, with its content hash, by path.
    pub files: Vec<crate::output::FileRecord>,
    pub diagnostics: Diagnostics,
    pub sources: SourceCache,
    pub stats: Stats,
    pub missing_translations: Vec<MissingTranslations>,
    /// One-line notes about the build itself, not the sources (a damaged
    /// reuse manifest that was dropped).
    pub notes: Vec<String>,
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
    build_with(opts, Target::Memory).0
}

/// Everything [`build`] validates (templates included: their errors are
/// the check's), keeping no file and writing none.
pub fn check(opts: &BuildOptions) -> BuildResult {
    build_with(opts, Target::Nothing).0
}

/// Builds the whole site into `dir` without holding it in memory: each file
/// is written into a staging folder beside `dir` as soon as it is made, and
/// the staging folder replaces `dir` only when the build has no errors (a
/// failed build leaves `dir` untouched). `result.output` is `None`;
/// `result.files` lists every file written. The `io::Result` says whether
/// writing failed; `Stats::timings.write` is the time of the swap.
///
/// Files of the previous build in `dir` that are still right are reused
/// (see [`build_into`]).
pub fn build_to(opts: &BuildOptions, dir: &Path) -> (BuildResult, std::io::Result<()>) {
    build_into(opts, dir, WriteOptions::default())
}

/// How [`build_into`] writes the output folder.
#[derive(Debug, Clone, Copy)]
pub struct WriteOptions {
    /// Hard-link the files of the previous build in the output folder whose
    /// inputs are unchanged (its manifest says what each was made from)
    /// instead of making them again; `false`: `build --no-reuse`. The
    /// result is the same either way, and a manifest is written either way.
    pub reuse: bool,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions { reuse: true }
    }
}

/// [`build_to`], with the writing options spelled out.
pub fn build_into(
    opts: &BuildOptions,
    dir: &Path,
    write: WriteOptions,
) -> (BuildResult, std::io::Result<()>) {
    build_with(opts, Target::Dir(dir, write))
}

/// Keeps the text this build read of every page a diagnostic names (so
/// `path:line:col` matches what was checked); copying every page would
/// cost as much memory as the content itself.
fn keep_named_sources(content: &ContentSet, diags: &Diagnostics, sources: &mut SourceCache) {
    let named: HashSet<&Path> = diags
        .iter()
        .flat_map(|d| std::iter::once(&d.path).chain(d.related.iter().map(|r| &r.path)))
        .map(PathBuf::as_path)
        .collect();
    for p in &content.pages {
        if named.contains(p.source_path.as_path()) {
            sources.insert(&p.source_path, p.text.clone());
        }
    }
}

/// Where a build's files go.
#[derive(Clone, Copy)]
enum Target<'a> {
    /// `BuildResult::output` ([`build`]).
    Memory,
    /// Streamed into a staging folder that replaces this one ([`build_to`]).
    Dir(&'a Path, WriteOptions),
    /// Nowhere ([`check`]).
    Nothing,
}

/// The previous build, once its manifest is read (`reading`): `None` when
/// there is none to reuse; a damaged one adds its note to `notes`.
fn previous_build(
    reading: Option<std::thread::JoinHandle<crate::output::manifest::Opened<reuse::PageFacts>>>,
    notes: &mut Vec<String>,
) -> Option<crate::output::manifest::Previous<reuse::PageFacts>> {
    match reading?.join().ok()? {
        crate::output::manifest::Opened::Damaged(note) => {
            notes.push(note);
            None
        }
        opened => opened.previous(),
    }
}

impl BuildResult {
    /// A build that stopped before making the site: its diagnostics only.
    fn failed(diagnostics: Diagnostics, sources: SourceCache, notes: Vec<String>) -> BuildResult {
        BuildResult {
            output: None,
            files: Vec::new(),
            diagnostics,
            sources,
            stats: Stats::default(),
            missing_translations: Vec::new(),
            notes,
        }
    }
}

fn build_with(opts: &BuildOptions, target: Target) -> (BuildResult, std::io::Result<()>) {
    let start = Instant::now();
    // The previous build's manifest is read while the content loads.
    let previous = match target {
        Target::Dir(dir, write) if write.reuse => {
            let dir = dir.to_path_buf();
            Some(std::thread::spawn(move || reuse::open_previous(&dir)))
        }
        _ => None,
    };
    let (site, mut diags, mut sources) = load(opts);
    let mut notes = Vec::new();
    let mut timings = Timings {
        load: start.elapsed(),
        ..Timings::default()
    };
    let Some(site) = site else {
        diags.sort();
        return (BuildResult::failed(diags, sources, notes), Ok(()));
    };
    let mut pipeline = match target {
        Target::Nothing => Pipeline::check(site, diags),
        Target::Memory => Pipeline::build_in_memory(site, diags),
        Target::Dir(dir, write) => {
            let keys = Instant::now();
            let previous = previous_build(previous, &mut notes);
            let reuse = reuse::Reuse::new(&site, opts, previous);
            timings.keys = keys.elapsed();
            let recycle = match write.reuse {
                true => crate::output::Recycle::Yes,
                false => crate::output::Recycle::No,
            };
            match crate::output::Staging::open(dir, recycle) {
                Ok(staging) => Pipeline::build_into(site, diags, staging, reuse),
                Err(e) => {
                    // What the load phase found, as the run would report it.
                    let failed = Pipeline::check(site, diags).diagnostics();
                    return (BuildResult::failed(failed, sources, notes), Err(e));
                }
            }
        }
    };
    pipeline.run_all(&mut timings);
    let diags = pipeline.diagnostics();
    if !diags.has_errors() {
        let manifest = Instant::now();
        pipeline.write_manifest();
        timings.manifest = manifest.elapsed();
    }
    let site = pipeline.site();
    keep_named_sources(&site.content, &diags, &mut sources);
    let missing_translations = site.missing_translations();
    let exercises = pipeline.exercises();
    let (pages, languages) = (site.content.pages.len(), site.config.languages.len());
    let pipeline_reused = pipeline.reused();
    // Streaming: swap the staging folder in, or drop it (`dir` untouched).
    let writing = Instant::now();
    let unchanged = pipeline.unchanged_files().filter(|_| !diags.has_errors());
    let (output, files, written) = finish_sink(pipeline.take_sink(), unchanged, &diags);
    timings.write = writing.elapsed();
    let stats = Stats {
        pages,
        languages,
        exercises,
        files: output.as_ref().map_or(files.len(), Output::len),
        reused: pipeline_reused,
        elapsed: start.elapsed(),
        timings,
    };
    let result = BuildResult {
        output,
        files,
        diagnostics: diags,
        sources,
        stats,
        missing_translations,
        notes,
    };
    (result, written)
}

/// What a build's sink holds once the run is over: the site in memory
/// (`site::build`, when there are no errors), or the files of the staging
/// folder swapped in (`unchanged`: the previous output's files, when this
/// build would write exactly them: the staging folder is dropped and the
/// output folder left as it is, no link, no removal). A build with errors
/// drops the staging folder (the output folder untouched).
type Finished = (
    Option<Output>,
    Vec<crate::output::FileRecord>,
    std::io::Result<()>,
);

fn finish_sink(
    sink: Option<crate::output::Sink>,
    unchanged: Option<Vec<crate::output::FileRecord>>,
    diags: &Diagnostics,
) -> Finished {
    use crate::output::Sink;
    match (sink, unchanged) {
        (Some(Sink::Memory(_)), _) if diags.has_errors() => (None, Vec::new(), Ok(())),
        (Some(sink @ Sink::Memory(_)), _) => (Some(sink.into_output()), Vec::new(), Ok(())),
        (Some(Sink::Folder(_)), Some(files)) => (None, files, Ok(())),
        (Some(Sink::Folder(staging)), None) if !diags.has_errors() => match staging.commit() {
            Ok(files) => (None, files, Ok(())),
            Err(e) => (None, Vec::new(), Err(e)),
        },
        _ => (None, Vec::new(), Ok(())),
    }
}

/// Everything loaded for one build: the sources (config, strings, pages,
/// glossary, templates) and what is derived from them once, each part in
/// its own module: the page trees and course order (`nav`), the word
/// checks (`terms`), each language's exercise kit and template context.
pub struct Site {
    pub root: PathBuf,
    pub config: Config,
    pub strings: Arc<Strings>,
    pub content: ContentSet,
    pub glossary: Glossary,
    /// `None` when the templates have errors: content is still checked.
    pub renderer: Option<Renderer>,
    pub theme_dir: PathBuf,
    /// Terminology and teaching-order checks.
    terms: Terms,
    /// Every language's page tree, and the course order.
    nav: Navigation,
    /// What every page of a language shares in its exercises and tiles.
    kits: HashMap<String, LangKit>,
    /// Language → its templates' starting context ([`context::base_context`]).
    base_contexts: HashMap<String, Context>,
    /// The digest of the templates' globals (`translation_status`).
    globals_digest: String,
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
        let theme_dir = theme_dir(root, &config, diags)?;
        let strings = Arc::new(Strings::load(root, &theme_dir, &config, sources, diags));
        let drafts = opts.drafts;
        let content = content::load(root, &config, LoadOptions { drafts }, diags);
        let glossary = Glossary::load(root, &config, sources, diags);
        // The glossary and strings files now; each page once, when it
        // renders (its findings are its diagnostics, `render_markdown_at`),
        // or before, when the templates show them (`translation_status`).
        let (terms, found) = Terms::load(&TermInputs {
            root,
            theme_dir: &theme_dir,
            config: &config,
            content: &content,
            glossary: &glossary,
            texts: sources,
        });
        diags.extend(found);
        let status = crate::translations::status(&config, &content, &strings, &glossary);
        let globals = vec![(
            "translation_status",
            tera::Value::from_serializable(&status),
        )];
        let renderer = Renderer::load(root, &theme_dir, strings.clone(), globals, sources, diags);
        let globals_digest = globals_digest(renderer.as_ref(), &status);
        check_top_links(&config, &content, diags);
        let nav = Navigation::build(&content, &config);
        let has_review = review::built(&config, renderer.as_ref());
        let base_contexts = (config.languages.iter())
            .map(|l| {
                let mut ctx = context::base_context(&config, &strings, &content, &l.code);
                if has_review {
                    let home = content
                        .get(&l.code, "_index.md")
                        .map(|h| review::url(&h.url));
                    ctx.insert("review_url", &home);
                }
                (l.code.clone(), ctx)
            })
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
            terms,
            nav,
            base_contexts,
            globals_digest,
        };
        if site.shows_terminology() {
            site.refresh_translation_status();
        }
        site.kits = site.lang_kits();
        site.read_translated_sources();
        Some(site)
    }

    /// Each language's exercise kit (its rule links read the lessons).
    fn lang_kits(&self) -> HashMap<String, LangKit> {
        (self.config.languages.iter())
            .map(|l| {
                let titles = std::cell::RefCell::new(HashMap::new());
                let link = |rule: &str| self.rule_link(&l.code, rule, &mut titles.borrow_mut());
                let kit = LangKit::new(&l.code, &self.strings, &link, &self.config.base_path);
                (l.code.clone(), kit)
            })
            .collect()
    }

    /// What every page of `lang` shares in its exercises and tiles.
    pub(crate) fn kit(&self, lang: &str) -> &LangKit {
        &self.kits[lang]
    }

    /// The pages of `lang` in course order (`export` lists them so).
    pub(crate) fn pages_in_course_order(&self, lang: &str) -> Vec<&Page> {
        let mut pages: Vec<&Page> = self
            .content
            .pages
            .iter()
            .filter(|p| p.lang == lang)
            .collect();
        self.nav.sort_in_course_order(lang, &mut pages, |p| &p.rel);
        pages
    }

    /// The context every template of `lang` starts from.
    pub(crate) fn base_context(&self, lang: &str) -> Context {
        self.base_contexts[lang].clone()
    }

    /// What the cross-page checks read besides the rendered pages.
    fn check_inputs(&self) -> CheckInputs<'_> {
        CheckInputs {
            config: &self.config,
            content: &self.content,
            glossary: &self.glossary,
        }
    }

    /// The cross-page checks ([`CrossChecks::new`]).
    pub(crate) fn cross_checks(
        &self,
        rendered: &[RenderedPage],
        time: &mut exercises::ExerciseTime,
    ) -> CrossChecks {
        CrossChecks::new(self.check_inputs(), rendered, time)
    }

    /// The cross-page checks again after the pages `changed` were
    /// rendered again ([`CrossChecks::recheck`]).
    pub(crate) fn recheck(
        &self,
        checks: &mut CrossChecks,
        rendered: &[RenderedPage],
        changed: &[usize],
        time: &mut exercises::ExerciseTime,
    ) {
        checks.recheck(self.check_inputs(), rendered, changed, time);
    }

    /// The search indexes the pages are fed to as they render
    /// ([`search_offline::search_indexer`]); `None` when search is off.
    pub(crate) fn search_indexer(&self) -> Option<crate::search::SearchIndexer> {
        search_offline::search_indexer(&self.config, &self.content, &self.glossary)
    }

    /// Replaces page `i` (same language and relative path, so lookups stay
    /// valid) and rebuilds the page trees of the languages in `trees` (those
    /// whose navigation shows a page whose title or weight changed; see
    /// [`Navigation::rebuild`]).
    pub(crate) fn replace_page(&mut self, i: usize, page: Page, trees: &HashSet<String>) {
        debug_assert_eq!(
            (&self.content.pages[i].lang, &self.content.pages[i].rel),
            (&page.lang, &page.rel)
        );
        self.terms.replace(i);
        self.content.pages[i] = page;
        self.nav.rebuild(&self.content, &self.config, trees);
    }

    pub(crate) fn copy_static(&self, output: &mut Output, diags: &mut Diagnostics) {
        let faces: Vec<String> = exercises::tiles_svg::face_paths().collect();
        let generated: HashSet<&str> = self
            .content
            .pages
            .iter()
            .map(|p| p.output_path.as_str())
            .chain(extras::EXTRAS.iter().filter_map(|e| e.fixed_path()))
            .chain(faces.iter().map(String::as_str))
            .collect();
        for dir in [self.theme_dir.join("static"), self.root.join("static")] {
            for found in crate::walk::files(&self.root, &dir, |_| false, diags) {
                let shown = crate::stdx::rel_to(&self.root, &found.path);
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
                    crate::stdx::rel_to(&self.root, &asset.source_path),
                    None,
                    e.to_string(),
                ),
            }
        }
    }

    /// The translation state derived from the loaded content, made again
    /// after `serve` replaces pages: the templates' `translation_status`
    /// global and its digest (part of every page's input key, see
    /// [`reuse::page_input_key`]), from the pages as they are now.
    pub(crate) fn refresh_translation_status(&mut self) {
        let mut status =
            crate::translations::status(&self.config, &self.content, &self.strings, &self.glossary);
        if self.shows_terminology() {
            crate::translations::add_terminology(&mut status, &self.terminology());
        }
        if let Some(r) = self.renderer.as_mut() {
            r.set_global(
                "translation_status",
                tera::Value::from_serializable(&status),
            );
        }
        self.globals_digest = globals_digest(self.renderer.as_ref(), &status);
    }

    /// Every use of a variant a language's glossary says to avoid: in its
    /// pages (in content order), then in its glossary and strings files.
    pub fn terminology(&self) -> Vec<crate::terminology::Avoided> {
        self.terms.all(&self.content)
    }

    /// Whether a template shows the terminology findings
    /// (`translation_status`): then every page is checked before any
    /// renders. `None` (templates with errors): nothing renders.
    fn shows_terminology(&self) -> bool {
        (self.renderer.as_ref()).is_some_and(|r| r.names("translation_status"))
    }

    /// The build's warnings about stale translations (pages and glossary
    /// terms), from the content as it is now.
    pub(crate) fn stale_warnings(&self) -> Vec<Diagnostic> {
        let mut diags = Diagnostics::new();
        crate::translations::report_stale(&self.config, &self.content, &mut diags);
        crate::translations::report_stale_terms(&self.config, &self.glossary, &mut diags);
        diags.into_vec()
    }

    /// The digest of the templates' globals, part of every page's input key.
    pub(crate) fn globals_digest(&self) -> &str {
        &self.globals_digest
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
}

/// The theme's folder, `themes/<theme>/`; `None` (an error) when it is missing.
fn theme_dir(root: &Path, config: &Config, diags: &mut Diagnostics) -> Option<PathBuf> {
    let dir = root.join("themes").join(&config.theme);
    if dir.is_dir() {
        return Some(dir);
    }
    diags.error(
        crate::config::CONFIG_FILE,
        Some(config.theme_offset),
        format!(
            "theme {:?} not found: expected folder themes/{}/",
            config.theme, config.theme
        ),
    );
    None
}

/// Every `top_links` entry of `config.toml` names a default-language page.
fn check_top_links(config: &Config, content: &ContentSet, diags: &mut Diagnostics) {
    let default = &config.default_language;
    for (rel, &at) in config.top_links.iter().zip(&config.top_link_offsets) {
        if content.get(default, rel).is_none() && !content.failed(default, rel) {
            diags.error(
                crate::config::CONFIG_FILE,
                Some(at),
                format!("top_links: no page content/{default}/{rel}"),
            );
        }
    }
}

/// What the templates' globals are made from, for the pages' input keys:
/// nothing when no template names them (an edit that only changes the
/// translation status then keeps every other page).
fn globals_digest(
    renderer: Option<&Renderer>,
    status: &[crate::translations::LanguageStatus],
) -> String {
    match renderer {
        Some(r) if !r.names("translation_status") => String::from("unnamed"),
        _ => crate::output::manifest::Digest::new()
            .field(serde_json::to_vec(status).unwrap_or_default())
            .finish(),
    }
}
