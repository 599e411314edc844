//! The rebuild engine of `serve`: keeps everything one build loaded and
//! rendered, and on a change re-renders only what depends on it.
//!
//! What depends on what: each page's *input key* (`site::reuse`'s
//! `page_input_key`, the keys `build` reuses pages by: its text, its
//! source page's hash, the templates' globals) is computed after every
//! edit, and every page whose key changed is rendered again
//! (`Pipeline::refresh_inputs`); the shape's part of a `build` key (front
//! matter, places) is followed page by page through what each page's links
//! show (`Site::link_plan`); the global part (config, templates, strings,
//! glossary) is a full rebuild. So:
//! - a page's body (and its `description`, `template`) → that page, and its
//!   translations (their stale notice) and, when a template shows the
//!   translation status, every page;
//! - a page's `title` or `weight` → every page of its language (navigation,
//!   previous/next, top links), the pages that show it as an untranslated
//!   fallback, and its translations (language switchers);
//! - static files and page assets → the static layer only;
//! - anything else (config, templates, theme, strings, glossary, pages added,
//!   removed, renamed, re-slugged or (un)drafted) → a full rebuild.
//!
//! A known page that no longer reads (its front matter broken, or read
//! half-way through an editor's save) is *held*: the site keeps its last
//! good version, the page's load error is reported in its place, and the
//! next save that reads is applied to the last good version as an ordinary
//! edit. A page that is still missing after `plan::MISSING_WINDOW` is deleted
//! (a full rebuild); one back within it is an edit.
//!
//! Cross-page checks (anchors of links, exercises of translations) are kept
//! page by page and re-run for what the edited pages reach: their own
//! links, the links to them, their translations (`Pipeline::recheck`); a
//! full rebuild checks every page. The late phase
//! (search index, service workers) is not part of a rebuild: the server runs
//! it ([`Engine::run_late`]) once the reload of the edited page is sent and
//! no other change is waiting.
//!
//! The site is served from a folder on disk ([`ServedFolder`]), and the
//! engine holds no file's bytes once they are written there: a full
//! rebuild streams into a staging folder, swapped in by
//! [`Engine::publish`]; a partial one keeps the bytes of what it changed
//! until [`Engine::publish`] writes them, file by file. A rebuild with
//! errors is not published: the folder keeps the last good site.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::diagnostics::{Diagnostic, Diagnostics, SourceCache, line_col};
use crate::output::served::patch_staging;
use crate::output::{ServedFolder, Staging};
use rayon::prelude::*;

use super::plan::{Class, Held, Partial, Plan, classify, is_watched, rerender_pages};
use crate::site::{BuildOptions, Pipeline, Site, Steps, Timings};
use crate::translations;

/// What a rebuild did, for the terminal line and the reload event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RebuildKind {
    /// Everything was loaded and rendered again.
    Full { reason: String },
    /// Only some pages were rendered again.
    Pages {
        edited: Vec<PathBuf>,
        rendered: usize,
    },
    /// Only static files were copied again.
    Static { changed: Vec<PathBuf> },
    /// The changed files do not affect the site (editor temp files...).
    Nothing,
}

/// The outcome of one (re)build.
#[derive(Debug, Clone)]
pub struct Rebuild {
    pub kind: RebuildKind,
    pub elapsed: Duration,
    pub pages: usize,
    pub exercises: usize,
    /// Where a partial rebuild's time went (`serve --timings`).
    pub steps: Steps,
}

/// Output paths changed since they were last taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dirty {
    All,
    Paths(BTreeSet<String>),
}

/// One error for the in-page overlay.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    pub path: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// Everything kept between rebuilds: the pipeline of the last full build,
/// with each page's Markdown HTML.
type State = Pipeline;

/// The site as built so far: the candidate output (complete when there are
/// no errors), the diagnostics, and what is needed to rebuild quickly.
pub struct Engine {
    opts: BuildOptions,
    state: Option<State>,
    /// Where the site is served from.
    folder: ServedFolder,
    /// What the folder holds: path → content hash.
    served: BTreeMap<String, String>,
    /// The last full rebuild's folder, until it is published.
    staging: Option<Staging>,
    /// Publishing failed: the next rebuild is a full one.
    write_failed: bool,
    diagnostics: Diagnostics,
    dirty: Dirty,
    /// Known pages that do not read now, by source path: the site keeps
    /// their last good version (see the module's docs).
    held: BTreeMap<PathBuf, Held>,
    /// The warnings of the last rebuild, by [`warning_key`]: each is
    /// printed once, when a change makes it appear ([`Engine::take_new_warnings`]).
    warned: HashSet<String>,
}

/// What makes a warning the same one after a rebuild: its file, message and
/// notes (not its line: an edit above it moves it without causing it again).
fn warning_key(d: &Diagnostic) -> String {
    format!("{}\u{0}{}\u{0}{:?}", d.path.display(), d.message, d.notes)
}

impl Engine {
    /// Builds the whole site. `opts.root` should be canonical, so that paths
    /// reported by the file watcher can be related to it.
    /// The site is served from `folder`.
    pub fn new(opts: BuildOptions, folder: ServedFolder) -> (Engine, Rebuild) {
        let mut engine = Engine {
            opts,
            state: None,
            folder,
            served: BTreeMap::new(),
            staging: None,
            write_failed: false,
            diagnostics: Diagnostics::new(),
            dirty: Dirty::All,
            held: BTreeMap::new(),
            warned: HashSet::new(),
        };
        let report = engine.full("initial build".into(), Instant::now());
        (engine, report)
    }

    pub fn root(&self) -> &Path {
        &self.opts.root
    }

    /// The folder the site is served from.
    pub fn served_dir(&self) -> &Path {
        self.folder.dir()
    }

    /// Whether the folder holds `path` (an output path).
    pub fn serves(&self, path: &str) -> bool {
        self.served.contains_key(path)
    }

    /// The output paths the folder holds, in order.
    pub fn served_paths(&self) -> impl Iterator<Item = &str> {
        self.served.keys().map(String::as_str)
    }

    /// Whether bytes of `path` made since the last [`Engine::publish`] are
    /// held in memory (a file kept from an earlier run, or written, is not).
    pub fn holds(&self, path: &str) -> bool {
        self.state.as_ref().is_some_and(|s| s.holds(path))
    }

    /// Writes what changed since the last call into the served folder,
    /// when the site has no errors (otherwise it keeps the last good
    /// site), and lets go of the bytes written. Returns the output paths
    /// whose bytes changed. A write that fails leaves everything to write
    /// again next time.
    pub fn publish(&mut self) -> std::io::Result<Vec<String>> {
        if self.has_errors() {
            return Ok(Vec::new());
        }
        let dirty = self.take_dirty();
        let Some(state) = self.state.as_mut() else {
            return Ok(Vec::new());
        };
        let result = match self.staging.take() {
            Some(staging) => swap_in(&mut self.served, state, staging),
            None => patch(&self.folder, &mut self.served, state, dirty),
        };
        match &result {
            Ok(_) => {
                let served = &self.served;
                state.published(&|path: &str, hash: &str| {
                    served.get(path).is_some_and(|h| h == hash)
                });
            }
            // What the folder holds is not known for sure: the next
            // rebuild makes and writes everything.
            Err(_) => self.write_failed = true,
        }
        result
    }

    pub fn diagnostics(&self) -> &Diagnostics {
        &self.diagnostics
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics.has_errors()
    }

    /// Base path of the site's URLs (`/`, or `/course/` with a base URL override).
    pub fn base_path(&self) -> String {
        self.state
            .as_ref()
            .map_or_else(|| "/".to_string(), |s| s.site().config.base_path.clone())
    }

    /// Output paths changed since the last call (everything after a full rebuild).
    fn take_dirty(&mut self) -> Dirty {
        std::mem::replace(&mut self.dirty, Dirty::Paths(BTreeSet::new()))
    }

    /// Diagnostics as the terminal shows them (`path:line:col: error: ...`).
    pub fn render_diagnostics(&self) -> String {
        self.diagnostics.render(&mut self.sources())
    }

    /// The warnings the last rebuild made appear (not there before it), and
    /// remembers the current ones: a warning is printed once per change
    /// that causes it, not at every rebuild.
    pub fn take_new_warnings(&mut self) -> Vec<Diagnostic> {
        let warnings: Vec<&Diagnostic> =
            self.diagnostics.iter().filter(|d| !d.is_error()).collect();
        let keys: HashSet<String> = warnings.iter().map(|d| warning_key(d)).collect();
        let new = (warnings.into_iter())
            .filter(|d| !self.warned.contains(&warning_key(d)))
            .cloned()
            .collect();
        self.warned = keys;
        new
    }

    /// For each stale translation (by URL), a page with what changed in its
    /// source since it was marked (`translations diff`), or why that is not
    /// known.
    pub fn stale_diffs(&self) -> HashMap<String, String> {
        let Some(site) = self.state.as_ref().map(Pipeline::site) else {
            return HashMap::new();
        };
        let default = &site.config.default_language;
        (site.content.pages.iter())
            .filter(|p| &p.lang != default)
            .filter_map(|page| {
                let source = site.content.get(default, &page.rel)?;
                if translations::page_state(source, Some(page)) != translations::PageState::Stale {
                    return None;
                }
                let snapshot = translations::snapshot_path(page);
                let snapshot = std::fs::read_to_string(self.opts.root.join(snapshot)).ok();
                let html = match translations::source_diff(page, source, snapshot.as_deref()) {
                    Ok(d) => translations::diff_html(&d, &page.url),
                    Err(e) => format!(
                        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>What changed</title></head><body><main><h1>What changed in {}</h1><p>{}</p><p><a href=\"{}\">Back to the page</a></p></main></body></html>\n",
                        crate::html::escape(&source.source_path.display().to_string()),
                        crate::html::escape(&e),
                        crate::html::escape(&page.url)
                    ),
                };
                Some((page.url.clone(), html))
            })
            .collect()
    }

    /// The errors and `warnings` as the terminal shows them.
    pub fn render_errors_and(&self, warnings: &[Diagnostic]) -> String {
        let mut sources = self.sources();
        let errors = self.diagnostics.iter().filter(|d| d.is_error());
        (errors.chain(warnings))
            .map(|d| sources.render(d) + "\n")
            .collect()
    }

    /// The errors, located, for the in-page overlay.
    pub fn problems(&self) -> Vec<Problem> {
        self.located(self.diagnostics.iter().filter(|d| d.is_error()))
    }

    /// `diagnostics`, located, for the in-page overlay.
    pub fn located<'a>(&self, diagnostics: impl Iterator<Item = &'a Diagnostic>) -> Vec<Problem> {
        let mut texts: HashMap<PathBuf, Option<String>> = HashMap::new();
        diagnostics
            .map(|d| {
                let text = texts
                    .entry(d.path.clone())
                    .or_insert_with(|| self.source_text(&d.path));
                let (line, col) = match (d.offset, text.as_deref()) {
                    (Some(o), Some(t)) => line_col(t, o),
                    _ => (0, 0),
                };
                let mut message = d.message.clone();
                for n in &d.notes {
                    message.push_str("\nnote: ");
                    message.push_str(n);
                }
                Problem {
                    path: d.path.to_string_lossy().replace('\\', "/"),
                    line,
                    col,
                    message,
                }
            })
            .collect()
    }

    fn source_text(&self, path: &Path) -> Option<String> {
        if let Some(held) = self.held.get(path) {
            return Some(held.text.clone());
        }
        let page = self.state.as_ref().and_then(|s| {
            s.site()
                .content
                .pages
                .iter()
                .find(|p| p.source_path == path)
        });
        match page {
            Some(p) => Some(p.text.clone()),
            None => std::fs::read_to_string(self.opts.root.join(path)).ok(),
        }
    }

    fn sources(&self) -> SourceCache {
        let mut sources = SourceCache::new(&self.opts.root);
        for d in self.diagnostics.iter() {
            if let Some(text) = self.source_text(&d.path) {
                sources.insert(&d.path, text);
            }
        }
        sources
    }

    /// Whether the late phase (search index, service workers) is older than
    /// the rest of the site.
    pub fn late_pending(&self) -> bool {
        self.state.as_ref().is_some_and(Pipeline::late_pending)
    }

    /// Runs the late phase over the current site; returns how long it took.
    pub fn run_late(&mut self) -> Duration {
        let start = Instant::now();
        let Some(state) = self.state.as_mut() else {
            return start.elapsed();
        };
        let mut dirty = BTreeSet::new();
        state.late(&mut dirty);
        self.refresh_diagnostics();
        if let Dirty::Paths(d) = &mut self.dirty {
            d.extend(dirty);
        }
        start.elapsed()
    }

    /// Rebuilds after `changed` files (absolute, or relative to the root)
    /// changed on disk.
    pub fn rebuild(&mut self, changed: &[PathBuf]) -> Rebuild {
        let start = Instant::now();
        let rels: Vec<PathBuf> = changed
            .iter()
            .filter_map(|p| self.relative(p))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        if self.write_failed {
            return self.full("the served folder could not be written".into(), start);
        }
        match self.plan(&rels) {
            Plan::Full(reason) => self.full(reason, start),
            Plan::Nothing => self.report(RebuildKind::Nothing, start),
            Plan::Partial(partial) => self.partial(partial, start),
        }
    }

    fn relative(&self, path: &Path) -> Option<PathBuf> {
        let rel = if path.is_absolute() {
            path.strip_prefix(&self.opts.root).ok()?.to_path_buf()
        } else {
            path.to_path_buf()
        };
        (!rel.as_os_str().is_empty()).then_some(rel)
    }

    fn report(&mut self, kind: RebuildKind, start: Instant) -> Rebuild {
        let elapsed = start.elapsed();
        let (pages, exercises) =
            (self.state.as_ref()).map_or((0, 0), |s| (s.site().content.pages.len(), s.exercises()));
        let steps = self.state.as_mut().map(Pipeline::take_steps);
        Rebuild {
            kind,
            elapsed,
            pages,
            exercises,
            steps: steps.unwrap_or_default(),
        }
    }

    // ---- planning ---------------------------------------------------------

    fn plan(&self, rels: &[PathBuf]) -> Plan {
        let Some(state) = self.state.as_ref().filter(|s| s.site().renderer.is_some()) else {
            return match rels.iter().find(|r| is_watched(r)) {
                Some(r) => Plan::Full(format!("{} changed", r.display())),
                None => Plan::Nothing,
            };
        };
        let mut pages = Vec::new();
        let mut statics = Vec::new();
        let mut held = Vec::new();
        for rel in rels {
            match classify(state, &self.opts, rel) {
                Class::Full => return Plan::Full(format!("{} changed", rel.display())),
                Class::Page(i, page) => pages.push((i, *page)),
                Class::Hold(held_page) => held.push((rel.clone(), *held_page)),
                Class::Static => statics.push(rel.clone()),
                Class::Ignore => {}
            }
        }
        if pages.is_empty() && statics.is_empty() && held.is_empty() {
            Plan::Nothing
        } else {
            Plan::Partial(Partial {
                pages,
                statics,
                held,
            })
        }
    }

    // ---- full rebuild -----------------------------------------------------

    fn full(&mut self, reason: String, start: Instant) -> Rebuild {
        // An unpublished full rebuild's folder becomes the spare.
        self.staging = None;
        self.state = None;
        let (site, mut diags, _) = crate::site::load(&self.opts);
        self.state = site.map(|site| self.stream(site, std::mem::take(&mut diags)));
        self.write_failed = false;
        self.held.clear();
        self.diagnostics = match &self.state {
            Some(state) => state.diagnostics(),
            None => {
                diags.sort();
                diags
            }
        };
        self.dirty = Dirty::All;
        self.report(RebuildKind::Full { reason }, start)
    }

    /// Runs every phase but the late one, streaming the files into a
    /// staging folder of the served folder (kept until published).
    fn stream(&mut self, site: Site, load_diags: Diagnostics) -> Pipeline {
        let staging = self.folder.staging().map_err(|e| {
            let dir = self.folder.dir();
            let dir = dir.strip_prefix(&self.opts.root).unwrap_or(dir);
            let message = format!("cannot write the served site: {e}");
            Diagnostic::error(dir, None, message)
        });
        let mut state = Pipeline::serve(site, load_diags, staging);
        state.run_all_but_late(&mut Timings::default());
        self.staging = state.take_staging();
        state
    }

    // ---- partial rebuild --------------------------------------------------

    fn partial(&mut self, plan: Partial, start: Instant) -> Rebuild {
        let Partial {
            pages: edits,
            statics,
            held,
        } = plan;
        let state = self.state.as_mut().expect("planned with a state");
        let mut dirty = BTreeSet::new();
        let mut rendered = 0;
        let mut edited: Vec<PathBuf> = edits
            .iter()
            .map(|(i, _)| state.site().content.pages[*i].source_path.clone())
            .collect();
        for path in &edited {
            // It reads again: from now on an ordinary page.
            self.held.remove(path);
        }
        if !edits.is_empty() {
            rendered = rerender_pages(state, edits, &mut dirty);
        }
        if !statics.is_empty() {
            state.statics(&mut dirty);
        }
        for (path, page) in held {
            edited.push(path.clone());
            self.held.insert(path, page);
        }
        self.refresh_diagnostics();
        if let Dirty::Paths(d) = &mut self.dirty {
            d.extend(dirty);
        }
        let kind = if edited.is_empty() {
            RebuildKind::Static { changed: statics }
        } else {
            RebuildKind::Pages { edited, rendered }
        };
        self.report(kind, start)
    }

    /// The pipeline's diagnostics, with each held page's load error in
    /// place of what its last good version reported (as a full build, which
    /// leaves a page that does not read out, reports it).
    fn refresh_diagnostics(&mut self) {
        let Some(state) = self.state.as_ref() else {
            return;
        };
        let diags = state.diagnostics();
        if self.held.is_empty() {
            self.diagnostics = diags;
            return;
        }
        let mut out = Diagnostics::new();
        out.extend(
            diags
                .into_vec()
                .into_iter()
                .filter(|d| !self.held.contains_key(&d.path)),
        );
        out.extend(self.held.values().map(|h| h.error.clone()));
        out.sort();
        self.diagnostics = out;
    }
}

/// Publishes a full rebuild: its staging folder, with what the partial
/// rebuilds since changed, is swapped in for the served folder.
fn swap_in(
    served: &mut BTreeMap<String, String>,
    state: &State,
    staging: Staging,
) -> std::io::Result<Vec<String>> {
    let written: HashMap<String, String> = (staging.records().into_iter())
        .map(|(r, _)| (r.path, r.hash))
        .collect();
    for (path, hash) in state.hashes() {
        if written.get(path) != Some(hash) {
            patch_staging(&staging, path, Some(held(state, path)?))?;
        }
    }
    for path in written.keys().filter(|p| !state.hashes().contains_key(*p)) {
        patch_staging(&staging, path, None)?;
    }
    staging.commit()?;
    let old = std::mem::replace(served, state.hashes().clone());
    let mut changed: Vec<String> = (old.iter())
        .filter(|(p, h)| served.get(*p) != Some(*h))
        .map(|(p, _)| p.clone())
        .chain(
            (served.iter())
                .filter(|(p, _)| !old.contains_key(*p))
                .map(|(p, _)| p.clone()),
        )
        .collect();
    changed.sort();
    Ok(changed)
}

/// Publishes a partial rebuild: each file of `dirty` whose hash is not
/// the served one is written (or removed) in place, atomically.
fn patch(
    folder: &ServedFolder,
    served: &mut BTreeMap<String, String>,
    state: &State,
    dirty: Dirty,
) -> std::io::Result<Vec<String>> {
    let paths: BTreeSet<String> = match dirty {
        Dirty::Paths(paths) => paths,
        Dirty::All => (served.keys().chain(state.hashes().keys()).cloned()).collect(),
    };
    let work: Vec<(String, Option<&String>)> = (paths.into_iter())
        .map(|path| {
            let new = state.hashes().get(&path);
            (path, new)
        })
        .filter(|(path, new)| *new != served.get(path))
        .collect();
    // In parallel: a title edit writes a page per navigation entry.
    work.par_iter().try_for_each(|(path, new)| match new {
        Some(_) => folder.replace(path, held(state, path)?),
        None => folder.remove(path),
    })?;
    let mut changed = Vec::with_capacity(work.len());
    for (path, new) in work {
        match new {
            Some(hash) => served.insert(path.clone(), hash.clone()),
            None => served.remove(&path),
        };
        changed.push(path);
    }
    Ok(changed)
}

/// The bytes of a file changed since the last publishing.
fn held<'a>(state: &'a State, path: &str) -> std::io::Result<&'a [u8]> {
    state.changed_bytes(path).ok_or_else(|| {
        std::io::Error::other(format!("{path}: changed, but its bytes are not held"))
    })
}
