//! The phases of one build, and the results each keeps: `build` runs them
//! once over everything; `serve` keeps a [`Pipeline`] and re-runs a phase
//! only for what a change reaches.
//!
//! | phase    | reads                                   | keeps                          |
//! |----------|-----------------------------------------|--------------------------------|
//! | load     | config, strings, content, glossary, templates | `site`, `load_diags`     |
//! | pages    | one page (+ navigation for its template) | `rendered[i]`, `page_errors[i]` |
//! | checks   | every page's anchors and exercises      | `cross`                        |
//! | statics  | `static/`, the theme's, page assets      | `statics`                      |
//! | extras   | content, strings, rendered exercises    | `extras` (see `super::extras`) |
//! | late     | the output of the phases above           | `late` (search index, service workers) |
//! | output   | the four layers                          | `output`                       |
//!
//! The output is layered: extras (and late extras) win over pages, pages
//! over static files (a static file that collides with a generated one is
//! an error anyway).
//!
//! A pipeline runs in one `Mode` (`mode`), made by its constructor:
//! - [`Pipeline::check`]: every phase but the late one; each file is made
//!   for its errors and dropped; no search index is made.
//! - `Pipeline::build_into` (`build`) and [`Pipeline::build_in_memory`]
//!   (`site::build`, the tests' build): one run over everything on the
//!   same path, each file streamed into a sink as it is made (a staging
//!   folder, with the reuse of the previous build; or memory): each page
//!   as soon as its template is rendered, then the statics and extras over
//!   them in the same layer order, then the late extras; only facts the
//!   cross-page checks and the extras need stay in memory.
//! - [`Pipeline::serve`]: streams its first run into the staging folder of
//!   its own output folder ([`Pipeline::take_staging`]); later runs keep
//!   the bytes of what they changed (`output`, shared with the layers)
//!   until the server has written them ([`Pipeline::published`]), and only
//!   each file's content hash otherwise (`hashes`). It runs the late phase
//!   once the reload of an edited page is sent ([`Pipeline::late_pending`]).
//!   `serve` calls the pipeline's methods; it never writes its fields.
//!
//! Every extra sees each page's finished HTML through its per-page
//! hook ([`super::extras::Extra::on_page`]), as the page is rendered: the
//! search index (`Pipeline::search`) parses it there, so the late phase
//! needs no page's HTML; the service workers need only each file's content
//! hash, recorded as it is written (`Pipeline::hashes`). `serve` keeps the
//! index between runs: a page rendered again is parsed again only when its
//! bytes changed, and only the languages that changed get new index files.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

mod extras_phase;
mod mode;
mod reusing;

use reusing::reused_page;

use mode::{Mode, Serve};

use super::checks::CrossChecks;
use super::extras::{EXTRAS, LateInput, PageHook};
use super::reuse::Reuse;
use super::{ExtrasFacts, RenderedPage, Site, Steps, Timings};
use crate::content::Page;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::output::{Output, Sink, Staging, content_hash};
use crate::search::SearchIndexer;

/// What to do for one page in the pages phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Redo {
    /// Its template only (its navigation, title or translations changed).
    Template,
    /// Its Markdown, then its template.
    Markdown,
}

/// One build's results, phase by phase, run in one `Mode`.
pub struct Pipeline {
    site: Site,
    /// How this pipeline runs: `check`, `build` or `serve`.
    mode: Mode,
    /// Diagnostics of the load phase.
    load_diags: Vec<Diagnostic>,
    /// The warnings about stale translations, from the content as it is
    /// now ([`Pipeline::refresh_inputs`]).
    translation_diags: Vec<Diagnostic>,
    /// Per page: its Markdown results (its HTML only in `serve`).
    rendered: Vec<RenderedPage>,
    /// Per page: its template error, if rendering failed.
    page_errors: Vec<Option<Diagnostic>>,
    cross: CrossChecks,
    /// Static files and page assets.
    statics: Layer,
    /// Every generated file that is not a page, but the late ones.
    extras: Layer,
    /// The extras made from the whole output (search index, service workers).
    late: Layer,
    /// Whether `late` is older than the other layers.
    late_pending: bool,
    /// `serve`: the files changed since they were last published (a run
    /// that streams keeps nothing here).
    output: Output,
    /// Output path → page index.
    by_output: HashMap<String, usize>,
    /// Per page: linked from the previous build rather than rendered.
    reused: Vec<bool>,
    /// Late files linked from the previous build (`reuse_late`).
    reused_late: Vec<String>,
    /// The search index, fed each page as it renders (`None`: search off,
    /// or `check`).
    search: Option<SearchIndexer>,
    /// Path → content hash of every file in the output (`serve`) or written
    /// to the sink (`build`), for the service workers' lists.
    hashes: BTreeMap<String, String>,
    /// Where the time of the phases run since [`Pipeline::take_steps`] went.
    steps: Steps,
}

/// The files one phase produced, and its diagnostics.
#[derive(Default)]
pub struct Layer {
    pub output: Output,
    pub diags: Vec<Diagnostic>,
}

/// A page template's bytes, or its error.
type PageHtml = Result<Vec<u8>, Diagnostic>;

/// Output paths a run changed (for `serve`'s reload events).
pub type Changed = BTreeSet<String>;

impl Pipeline {
    /// `check`: every phase but the late one makes its files for their
    /// errors and drops them; no search index is made.
    pub fn check(site: Site, load_diags: Diagnostics) -> Pipeline {
        Pipeline::new(site, load_diags, Mode::Check)
    }

    /// `site::build`: a `build` whose files are kept in memory
    /// ([`Pipeline::take_sink`]), on the same path as `Pipeline::build_into`.
    pub fn build_in_memory(site: Site, load_diags: Diagnostics) -> Pipeline {
        let sink = Some(Arc::new(Sink::memory()));
        Pipeline::new(site, load_diags, Mode::Build { sink, reuse: None })
    }

    /// `build` into a folder: every file streamed into `staging` as it is
    /// made, reusing what the previous build there left that is still
    /// right (`reuse`).
    pub(crate) fn build_into(
        site: Site,
        load_diags: Diagnostics,
        staging: Staging,
        reuse: Option<Reuse>,
    ) -> Pipeline {
        let sink = Some(Arc::new(Sink::Folder(staging)));
        let reuse = reuse.map(Box::new);
        Pipeline::new(site, load_diags, Mode::Build { sink, reuse })
    }

    /// `serve`: kept between edits. Its first run streams into `staging`,
    /// a staging folder of the served folder, or, when that could not be
    /// made, reports why (an error of the load phase: the run is not
    /// published) and keeps the files.
    pub fn serve(
        site: Site,
        load_diags: Diagnostics,
        staging: Result<Staging, Diagnostic>,
    ) -> Pipeline {
        let mut load_diags = load_diags;
        let staging = match staging {
            Ok(staging) => Some(Arc::new(Sink::Folder(staging))),
            Err(d) => {
                load_diags.push(d);
                None
            }
        };
        let serve = Serve {
            staging,
            input_keys: input_keys(&site),
            ..Serve::default()
        };
        Pipeline::new(site, load_diags, Mode::Serve(Box::new(serve)))
    }

    fn new(site: Site, load_diags: Diagnostics, mode: Mode) -> Pipeline {
        let n = site.content.pages.len();
        let by_output = (site.content.pages.iter().enumerate())
            .map(|(i, p)| (p.output_path.clone(), i))
            .collect();
        // `check` makes no search index (it is only written).
        // `build` takes the index once: each language's files are made as
        // soon as its last page is parsed (`SearchIndexer::one_off`).
        let search = match mode {
            Mode::Check => None,
            Mode::Build { .. } => site.search_indexer().map(SearchIndexer::one_off),
            _ => site.search_indexer(),
        };
        Pipeline {
            mode,
            load_diags: load_diags.into_vec(),
            translation_diags: site.stale_warnings(),
            rendered: Vec::new(),
            page_errors: vec![None; n],
            cross: CrossChecks::default(),
            statics: Layer::default(),
            extras: Layer::default(),
            late: Layer::default(),
            late_pending: true,
            output: Output::new(),
            by_output,
            reused: vec![false; n],
            reused_late: Vec::new(),
            search,
            hashes: BTreeMap::new(),
            steps: Steps::default(),
            site,
        }
    }

    /// The site as loaded (with the pages `serve` replaced since).
    pub fn site(&self) -> &Site {
        &self.site
    }

    /// `serve`: replaces page `i` by its edited version (see
    /// `Site::replace_page`); [`Pipeline::refresh_inputs`] then says
    /// which pages to render again.
    pub fn replace_page(&mut self, i: usize, page: Page, trees: &HashSet<String>) {
        self.site.replace_page(i, page, trees);
    }

    /// Whether the load phase reported something about `path` itself
    /// (`serve`: a page that does not read is known to the site).
    pub fn load_reported(&self, path: &Path) -> bool {
        self.load_diags.iter().any(|d| d.path == path)
    }

    /// Whether the load phase reported something about `dir` or a file
    /// below it.
    pub fn load_reported_under(&self, dir: &Path) -> bool {
        self.load_diags.iter().any(|d| d.path.starts_with(dir))
    }

    /// What the extras phase reads of page `i`'s Markdown results
    /// (`serve` keeps the extras when a body edit leaves it equal).
    pub(crate) fn extras_facts(&self, i: usize) -> ExtrasFacts {
        self.rendered[i].extras_facts()
    }

    /// Path → content hash of every file of the site (`serve`: what its
    /// folder should hold once published).
    pub fn hashes(&self) -> &BTreeMap<String, String> {
        &self.hashes
    }

    /// `serve`: the bytes of a file changed since the last publishing.
    pub fn changed_bytes(&self, path: &str) -> Option<&[u8]> {
        self.output.get(path)
    }

    /// Number of pages linked from the previous build rather than rendered.
    pub fn reused(&self) -> usize {
        self.reused.iter().filter(|r| **r).count()
    }

    /// Where the run's files went (`build`: its staging folder, to commit,
    /// or the site in memory); `None` after the first call.
    pub fn take_sink(&mut self) -> Option<Sink> {
        self.mode.take_sink()
    }

    /// `serve`: the staging folder of the served folder the full run
    /// streamed into, to publish.
    pub fn take_staging(&mut self) -> Option<Staging> {
        match self.take_sink()? {
            Sink::Folder(staging) => Some(staging),
            Sink::Memory(_) => None,
        }
    }

    /// Every phase after load, over everything (`check` leaves out the
    /// late one: the search index and service workers are only written).
    pub fn run_all(&mut self, timings: &mut Timings) {
        self.run_all_but_late(timings);
        if self.mode.discards() {
            return;
        }
        let start = Instant::now();
        self.late(&mut Changed::new());
        timings.late = start.elapsed();
    }

    /// Every phase after load but the late one (`serve` runs it later).
    pub fn run_all_but_late(&mut self, timings: &mut Timings) {
        let all: Vec<(usize, Redo)> = (0..self.site.content.pages.len())
            .map(|i| (i, Redo::Markdown))
            .collect();
        let start = Instant::now();
        let mut changed = Changed::new();
        self.statics(&mut changed);
        if let Some(reuse) = self.mode.reuse_mut() {
            reuse.plan(&self.site, &self.statics.output);
            reuse.decide_unchanged(&self.site, &self.statics.output);
        }
        self.pages(&all, &mut changed);
        timings.render = start.elapsed();
        let start = Instant::now();
        self.checks(&mut timings.exercises);
        timings.checks = start.elapsed();
        for r in &self.rendered {
            timings.exercises += r.exercise_time;
        }
        let start = Instant::now();
        self.extras(&mut changed);
        timings.extras = start.elapsed();
    }

    /// The pages phase for `which` (page index, what to redo): Markdown in
    /// parallel, then each page's template. A page whose template fails
    /// keeps its previous HTML in the output: its error blocks publishing.
    pub fn pages(&mut self, which: &[(usize, Redo)], changed: &mut Changed) {
        let old = std::mem::take(&mut self.rendered);
        let mut old: Vec<Option<RenderedPage>> = old.into_iter().map(Some).collect();
        let mut jobs: Vec<(usize, Redo, Option<RenderedPage>)> = which
            .iter()
            .map(|&(i, redo)| (i, redo, old.get_mut(i).and_then(Option::take)))
            .collect();
        let run = PageRun {
            site: &self.site,
            mode: &self.mode,
            extras_paths: &self.extras.output,
            hook: PageHook {
                site: &self.site,
                search: self.search.as_ref(),
            },
        };
        let results: Vec<PageResult> = jobs
            .par_iter_mut()
            .map(|(i, redo, prev)| run.page(*i, *redo, prev.take()))
            .collect();
        let mut rendered = old;
        let n = self.site.content.pages.len();
        if rendered.len() < n {
            rendered.resize_with(n, || None);
        }
        self.late_pending = true;
        self.reused.resize(n, false);
        for result in results {
            let i = result.i;
            rendered[i] = Some(self.keep_page(result, changed));
        }
        self.rendered = rendered
            .into_iter()
            .map(|r| r.expect("every page rendered once"))
            .collect();
    }

    /// Records one page's result of the pages phase (its hash, its bytes
    /// when they are kept, its template error); returns its Markdown results.
    fn keep_page(&mut self, result: PageResult, changed: &mut Changed) -> RenderedPage {
        let PageResult {
            i,
            rendered,
            html,
            hash,
            reused,
        } = result;
        self.reused[i] = reused;
        let path = &self.site.content.pages[i].output_path;
        match html {
            Some(Ok(html)) => {
                self.page_errors[i] = None;
                // A reused page's HTML is not read: it is only linked
                // (`reused_page`).
                let unread = reused;
                if !self.extras.output.contains(path) {
                    if let Some(hash) = hash {
                        self.hashes.insert(path.clone(), hash);
                    }
                    if !self.mode.streams() && !unread {
                        self.output.insert(path.clone(), html);
                        changed.insert(path.clone());
                    }
                }
            }
            Some(Err(d)) => self.page_errors[i] = Some(d),
            None => {}
        }
        rendered
    }

    /// The cross-page checks: anchors of links, rule and glossary lessons,
    /// translations' exercises, over every page.
    pub fn checks(&mut self, time: &mut crate::exercises::ExerciseTime) {
        self.cross = self.site.cross_checks(&self.rendered, time);
    }

    /// The cross-page checks again after the pages `changed` had their
    /// Markdown rendered again (`serve`; the set of pages unchanged): only
    /// what they reach (see `super::checks::CrossChecks`).
    pub fn recheck(&mut self, changed: &[usize], time: &mut crate::exercises::ExerciseTime) {
        self.site
            .recheck(&mut self.cross, &self.rendered, changed, time);
    }

    /// The statics phase: static files and page assets, copied again.
    pub fn statics(&mut self, changed: &mut Changed) {
        let mut layer = Layer::default();
        if self.site.renderer.is_some() {
            let mut diags = Diagnostics::new();
            self.site.copy_static(&mut layer.output, &mut diags);
            layer.diags = diags.into_vec();
        }
        let old = std::mem::replace(&mut self.statics, layer);
        self.late_pending = true;
        for path in union(&old.output, &self.statics.output) {
            if self.extras.output.contains(&path)
                || self.late.output.contains(&path)
                || self.by_output.contains_key(&path)
            {
                continue;
            }
            self.put(path, changed);
        }
    }

    /// Where the time of the phases run since the last call went.
    pub fn take_steps(&mut self) -> Steps {
        std::mem::take(&mut self.steps)
    }

    /// Adds a step of the caller's to those of the phases.
    pub fn record_step(&mut self, name: &'static str, start: Instant) {
        self.steps.record(name, start);
    }

    /// Whether a phase ran since the late phase last did.
    pub fn late_pending(&self) -> bool {
        self.late_pending
    }

    /// The late phase: the extras made from the whole output (the search
    /// index from what the pages phase fed it, the service workers from
    /// every file's hash).
    pub fn late(&mut self, changed: &mut Changed) {
        self.late_pending = false;
        let mut unread = Vec::new();
        if self.mode.reuse().is_some() && self.reuse_late(&mut unread) {
            return;
        }
        let mut layer = Layer::default();
        if self.site.renderer.is_some() && !self.mode.discards() {
            let mut diags = Diagnostics::new();
            diags.extend(unread);
            // `build` runs the late phase once: it consumes its index (each
            // language's files were made at its last page, see
            // `SearchIndexer::one_off`); `serve` keeps it for the next change.
            let index = if self.mode.is_build() {
                self.search.take().map(SearchIndexer::finish)
            } else {
                self.search.as_ref().map(SearchIndexer::files)
            };
            let input = LateInput {
                index,
                hashes: &self.hashes,
                stale: &self.late.output,
            };
            layer.output = super::extras::render_late(&self.site, input, &mut diags);
            layer.diags = diags.into_vec();
        }
        let old = std::mem::replace(&mut self.late, layer);
        for path in union(&old.output, &self.late.output) {
            if !self.extras.output.contains(&path) && !self.by_output.contains_key(&path) {
                self.put(path, changed);
            }
        }
    }

    /// Sets `path` in the output from the extras, late extras or statics
    /// (the first that has it; callers skip pages), recording it when its
    /// bytes changed.
    fn put(&mut self, path: String, changed: &mut Changed) {
        if self.mode.discards() {
            return;
        }
        if let Some(sink) = self.mode.sink() {
            let new = self
                .extras
                .output
                .get_shared(&path)
                .or_else(|| self.late.output.get_shared(&path))
                .or_else(|| self.statics.output.get_shared(&path));
            // One run over everything: each layer is written once, in order
            // (the extras as they were made, see `extras`).
            if let Some(hash) = self.extras.output.streamed_hash(&path) {
                self.hashes.insert(path, hash.to_string());
            } else if let Some(bytes) = new {
                let hash = sink.write(&path, bytes);
                self.hashes.insert(path, hash);
            }
            return;
        }
        // `serve`: the file's hash tells whether it changed; its bytes,
        // when it did, wait in `output` (shared with the layer) until they
        // are published.
        let layer = [&self.extras, &self.late, &self.statics]
            .into_iter()
            .find(|l| l.output.contains(&path));
        let new = layer.and_then(|l| l.output.hash_of(&path));
        if new.as_ref() == self.hashes.get(&path) {
            return;
        }
        match (new, layer.and_then(|l| l.output.get_shared(&path))) {
            (Some(hash), bytes) => {
                self.hashes.insert(path.clone(), hash);
                match bytes {
                    Some(bytes) => self.output.insert_shared(path.clone(), Arc::clone(bytes)),
                    // Written already (its bytes were let go of then).
                    None => drop(self.output.remove(&path)),
                }
            }
            (None, _) => {
                self.hashes.remove(&path);
                self.output.remove(&path);
            }
        }
        changed.insert(path);
    }

    /// `serve`, once the files changed since the last time are written
    /// (`written`: path, content hash): lets go of their bytes. A layer's
    /// file that another hides (a static file under a page) keeps its
    /// bytes, to be written when it shows again; so do the late files (the
    /// next late phase takes an unchanged language's index from them).
    pub fn published(&mut self, written: &dyn Fn(&str, &str) -> bool) {
        self.output = Output::new();
        self.extras.output.forget_written(written);
        self.statics.output.forget_written(written);
    }

    /// `serve`: whether bytes of `path` made since the last publishing are
    /// held (a file kept from an earlier run is not).
    pub fn holds(&self, path: &str) -> bool {
        [
            &self.output,
            &self.extras.output,
            &self.late.output,
            &self.statics.output,
        ]
        .iter()
        .any(|o| o.get(path).is_some())
    }

    /// Every diagnostic of every phase, sorted (and grouped) as `build`
    /// reports them.
    pub fn diagnostics(&self) -> Diagnostics {
        let mut diags = Diagnostics::new();
        diags.extend(self.load_diags.iter().cloned());
        diags.extend(self.translation_diags.iter().cloned());
        diags.extend(self.cross.diagnostics().cloned());
        for r in &self.rendered {
            diags.extend(r.diagnostics.iter().cloned());
        }
        if self.site.renderer.is_some() {
            diags.extend(self.statics.diags.iter().cloned());
            diags.extend(self.page_errors.iter().flatten().cloned());
            diags.extend(self.extras.diags.iter().cloned());
            diags.extend(self.late.diags.iter().cloned());
        }
        diags.sort();
        diags
    }

    /// After `serve` replaced pages: makes the translation state (the
    /// templates' `translation_status`, the stale warnings) again, and
    /// returns every page whose input key changed (the edited pages, the
    /// translations of an edited source page, every page when the
    /// templates' globals changed): the pages to render again.
    pub fn refresh_inputs(&mut self) -> Vec<usize> {
        self.site.refresh_translation_status();
        self.translation_diags = self.site.stale_warnings();
        let Some(serve) = self.mode.serve() else {
            return Vec::new();
        };
        let keys = input_keys(&self.site);
        let changed = (keys.iter().zip(&serve.input_keys).enumerate())
            .filter(|(_, (new, old))| new != old)
            .map(|(i, _)| i)
            .collect();
        serve.input_keys = keys;
        changed
    }

    /// Number of exercises on all pages.
    pub fn exercises(&self) -> usize {
        self.rendered.iter().map(|r| r.exercises.len()).sum()
    }
}

/// Every page's input key, in content order.
fn input_keys(site: &Site) -> Vec<String> {
    (site.content.pages.par_iter())
        .map(|page| super::reuse::page_input_key(site, page))
        .collect()
}

/// What the parallel part of the pages phase reads.
struct PageRun<'a> {
    site: &'a Site,
    mode: &'a Mode,
    /// The extras' paths (a page an extra hides is not written).
    extras_paths: &'a Output,
    hook: PageHook<'a>,
}

impl PageRun<'_> {
    /// Page `i`: reused from the previous build, or its Markdown (unless
    /// only its template is redone and `prev` has it) and its template,
    /// fed to the per-page hooks and written to the sink (or hashed).
    fn page(&self, i: usize, redo: Redo, prev: Option<RenderedPage>) -> PageResult {
        let (site, mode) = (self.site, self.mode);
        let page = &site.content.pages[i];
        let sink = mode.sink().map(Arc::as_ref);
        if redo == Redo::Markdown
            && prev.is_none()
            && let Some(reuse) = mode.reuse()
            && let Some(reused) = reused_page(site, reuse, i, mode.staging(), self.extras_paths)
        {
            return reused;
        }
        let mut r = match (redo, prev) {
            (Redo::Template, Some(r)) => r,
            _ => site.render_markdown_at(i),
        };
        let mut html =
            (site.renderer.as_ref()).map(|renderer| site.render_page(renderer, page, &r));
        if !mode.keeps_html() {
            r.html = String::new();
        } else {
            // Held until the next edit: without the slack of its
            // growth (a third of the held HTML at 10,000 pages).
            r.html.shrink_to_fit();
        }
        let mut hash = None;
        if let Some(Ok(bytes)) = &html {
            for e in EXTRAS {
                e.on_page(&self.hook, page, bytes);
            }
            if let Some(sink) = sink
                && !self.extras_paths.contains(&page.output_path)
            {
                hash = Some(sink.write(&page.output_path, bytes));
            } else if !mode.discards() {
                hash = Some(content_hash(bytes));
            }
            if mode.streams() {
                // Written or dropped: only the fact that it rendered is kept.
                html = Some(Ok(Vec::new()));
            }
        }
        PageResult {
            i,
            rendered: r,
            html,
            hash,
            reused: false,
        }
    }
}

/// One page's results from the parallel part of the pages phase.
struct PageResult {
    i: usize,
    rendered: RenderedPage,
    /// Its HTML (empty when streamed: already written), or its error.
    html: Option<PageHtml>,
    /// The content hash of its HTML (not in `check`).
    hash: Option<String>,
    /// Linked from the previous build rather than rendered.
    reused: bool,
}

fn union(a: &Output, b: &Output) -> BTreeSet<String> {
    a.paths().chain(b.paths()).map(str::to_string).collect()
}

#[cfg(test)]
mod tests;
