//! Rebuilds that reuse the last build (`build`; `serve` re-renders the
//! pages whose [`page_input_key`] an edit changed): the digest of every input of each page's HTML (its *key*) and
//! of the late extras, the facts of a page that the cross-page checks and
//! the extras need ([`PageFacts`], kept in the output folder's manifest,
//! `output::manifest`), and which files of the previous output may be
//! hard-linked into the staging folder instead of made again.
//!
//! What a page's HTML is made from, and so what its key covers (when unsure
//! whether something is an input, it is one: a page made again costs time,
//! a page reused wrongly is a wrong site):
//! - *global*: the manifest's stamp (tilebook version, format, executable),
//!   the build options, `config.toml`, every file of `templates/`, `i18n/`,
//!   `glossary/`, `static/` and the theme, the templates' globals (the
//!   translation status) when a template's text names them
//!   (`Renderer::names`), and per language the lesson links exercise
//!   feedback shows (the headings of the sections that teach rules);
//! - *shape*: every page's language, path, URL, output path and front
//!   matter (navigation, translation links and titles, link targets,
//!   practice links), and the content assets' paths;
//! - the page's own text, and for a translation the source hash of its
//!   default-language page (the "out of date" banner).
//!
//! The extras (`super::extras`: sitemap, practice index, `nav.json`, …)
//! are made from the site and every page's facts: their key is global,
//! shape and every page's key. The practice sheets are keyed by series: a
//! lesson's sheets by global, shape and its default-language page's key
//! (the kinds of its exercises), the mixed series' by the extras' key; so
//! a body edit makes its own lesson's sheets and the mixed ones again, and
//! links the others. A language's search index (`<lang>/pagefind/`)
//! is made from that language's pages' HTML: its key is global, shape and
//! the content hashes of the language's pages, known once the pages are
//! made (so a source edit whose translations' HTML stays the same indexes
//! one language again). The service workers list every file's content hash: their key is
//! global, shape, every page's key and every static file's content hash
//! (every other file is a function of those). Each group is reused
//! (linked) all or none; a reused file's hash comes from the manifest, so
//! the service workers can be made again without reading it.
//!
//! Invariants: a reused file is byte for byte what rendering it would give
//! (`tests/testsuite/reuse.rs` compares reused and cold builds, every
//! file); a reused page's facts give the same diagnostics, in the same
//! order, as rendering it. A reused page's HTML is read back (and shown to
//! the extras' per-page hooks, `Extra::on_page`) only when its language's
//! search index is made again (`Pipeline::late`).

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{AnchorCheck, BuildOptions, RenderedPage, Site};
use crate::diagnostics::Diagnostic;
use crate::exercises::ExerciseRecord;
use crate::exercises::tiles_svg::TileSet;
use crate::output::guard::{CONTENT_DIR, SOURCE_DIRS, THEMES_DIR};
use crate::output::manifest::{self, Digest, Entry, Previous};
use crate::output::{Output, Staging};
use crate::stdx::lock;

/// What the cross-page checks and the extras need of a page, without its
/// HTML: kept in the manifest for a page that a later build may reuse.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct PageFacts {
    anchors: Vec<String>,
    anchors_to_check: Vec<AnchorCheck>,
    exercises: Vec<ExerciseRecord>,
    invalid_blocks: bool,
    tiles: TileSet,
    diagnostics: Vec<Diagnostic>,
}

/// [`PageFacts`] as the manifest writes them, borrowed from the rendered
/// page (the same fields: read back as [`PageFacts`]).
#[derive(Serialize)]
struct PageFactsRef<'a> {
    anchors: Vec<&'a str>,
    anchors_to_check: &'a [AnchorCheck],
    exercises: &'a [ExerciseRecord],
    invalid_blocks: bool,
    tiles: TileSet,
    diagnostics: &'a [Diagnostic],
}

impl<'a> PageFactsRef<'a> {
    fn of(r: &'a RenderedPage) -> PageFactsRef<'a> {
        let mut anchors: Vec<&str> = r.anchors.iter().map(String::as_str).collect();
        anchors.sort_unstable();
        PageFactsRef {
            anchors,
            anchors_to_check: &r.anchors_to_check,
            exercises: &r.exercises,
            invalid_blocks: r.invalid_blocks,
            tiles: r.tiles,
            diagnostics: &r.diagnostics,
        }
    }
}

impl PageFacts {
    /// The page as `build` keeps a rendered one (no HTML, no table of
    /// contents: both are only needed by its template).
    pub(crate) fn into_rendered(self) -> RenderedPage {
        RenderedPage {
            html: String::new(),
            toc: Vec::new(),
            anchors: self.anchors.into_iter().collect(),
            anchors_to_check: self.anchors_to_check,
            exercises: self.exercises,
            invalid_blocks: self.invalid_blocks,
            exercise_time: Default::default(),
            tiles: self.tiles,
            diagnostics: self.diagnostics,
        }
    }
}

/// One build's reuse of the previous output: the keys of its pages and
/// what the previous build left.
pub(crate) struct Reuse {
    stamp: String,
    /// `None`: nothing to reuse (no manifest, another binary's, or
    /// `--no-reuse`); a manifest is still written.
    previous: Option<Previous<PageFacts>>,
    global: String,
    shape: String,
    /// Per page: the digest of its inputs.
    keys: Vec<String>,
    /// Whether the site has service workers.
    offline: bool,
    /// Set by [`Reuse::plan`]: the keys of the extras and of the service
    /// workers, and the previous build's files of each when they can be
    /// reused.
    extras_key: Option<String>,
    extras_group: Option<Group>,
    late_key: Option<String>,
    workers_group: Option<Group>,
    /// Set by the late phase ([`Reuse::search_group`]): each language's
    /// search key.
    search_keys: BTreeMap<String, String>,
    /// Set by [`Reuse::plan`]: the key of each practice series' sheets and
    /// of each lesson's pools ([`LessonFiles::of`] its lesson's path).
    sheet_keys: HashMap<String, String>,
    /// Set by [`Reuse::plan`]: the previous build's sheets and pools made
    /// with those keys, by key (in key order).
    sheet_groups: BTreeMap<String, Group>,
    /// The sheets and pools linked or made quietly by this build: path → key.
    sheet_paths: Mutex<BTreeMap<String, String>>,
    /// Set by [`Reuse::decide_unchanged`]: this build would write exactly
    /// the previous output's files, so nothing is linked and the output
    /// folder is left as it is.
    unchanged: bool,
}

/// A lesson's files that a build reuses on their own, by their key: its
/// practice series' sheets, its variant pools.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LessonFiles {
    Sheets,
    Pools,
}

impl LessonFiles {
    fn name(self) -> &'static str {
        match self {
            LessonFiles::Sheets => "sheets",
            LessonFiles::Pools => "pools",
        }
    }

    /// The name of the files `self` of `lesson` in [`Reuse`]'s keys.
    fn of(self, lesson: Option<&str>) -> String {
        format!("{}:{}", self.name(), lesson.unwrap_or(""))
    }
}

/// Files of the previous build reused together, by path.
type Group = Vec<(String, Entry<PageFacts>)>;

impl Reuse {
    /// The keys of `site`'s pages, and `previous` (see [`open_previous`]).
    /// `None` when the executable or an input folder cannot be read (no
    /// manifest then).
    pub(crate) fn new(
        site: &Site,
        opts: &BuildOptions,
        previous: Option<Previous<PageFacts>>,
    ) -> Option<Reuse> {
        let stamp = manifest::stamp()?;
        let (global, shape) =
            rayon::join(|| global_digest(site, opts, &stamp), || shape_digest(site));
        let global = global?;
        let keys = (site.content.pages.par_iter())
            .map(|page| {
                let mut d = Digest::new();
                d.field(&global).field(&shape);
                d.field(page_input_key(site, page)).finish()
            })
            .collect();
        Some(Reuse {
            stamp,
            previous,
            global,
            shape,
            keys,
            offline: site.config.offline.enabled,
            extras_key: None,
            extras_group: None,
            late_key: None,
            workers_group: None,
            search_keys: BTreeMap::new(),
            sheet_keys: HashMap::new(),
            sheet_groups: BTreeMap::new(),
            sheet_paths: Mutex::new(BTreeMap::new()),
            unchanged: false,
        })
    }

    /// The previous build's page `i` at `path`, when its inputs are
    /// unchanged and it is still there as written.
    pub(crate) fn page(&self, i: usize, path: &str) -> Option<&Entry<PageFacts>> {
        let previous = self.previous.as_ref()?;
        // An unchanged output was decided on every page's file being as
        // written (`would_be_unchanged`): not looked at a second time.
        let entry = match self.unchanged {
            true => previous.made_from(path, &self.keys[i])?,
            false => previous.reusable(path, &self.keys[i])?,
        };
        entry.facts.is_some().then_some(entry)
    }

    /// Hard-links the previous build's `path` into `staging` (nothing when
    /// the output is [unchanged](Reuse::decide_unchanged)).
    pub(crate) fn link(&self, staging: &Staging, path: &str, entry: &Entry<PageFacts>) {
        if self.unchanged {
            return;
        }
        if let Some(previous) = &self.previous {
            previous.link_into(staging, path, entry);
        }
    }

    /// The previous build's bytes of `path` (a reused page).
    pub(crate) fn read(&self, path: &str) -> Option<Vec<u8>> {
        self.previous.as_ref()?.read_file(path)
    }

    /// Decides, once the static files are known and before the pages are
    /// made, what of the extras and the late extras can be reused.
    pub(crate) fn plan(&mut self, site: &Site, statics: &Output) {
        let mut d = Digest::new();
        d.field(&self.global).field(&self.shape);
        for key in &self.keys {
            d.field(key);
        }
        let extras_key = d.clone().field("extras").finish();
        d.field("late");
        for (path, bytes) in statics.iter() {
            d.field(path).field(crate::output::content_hash(bytes));
        }
        let late_key = d.finish();
        self.sheet_keys = self.sheet_keys(site, &extras_key);
        self.sheet_groups = (self.sheet_keys.values())
            .filter_map(|key| Some((key.clone(), self.group(key)?)))
            .collect();
        self.extras_group = self.group(&extras_key);
        if self.offline {
            self.workers_group = self.group(&late_key);
        }
        self.extras_key = Some(extras_key);
        self.late_key = Some(late_key);
    }

    /// The key of each practice series' sheets and of each lesson's pools
    /// (by [`LessonFiles`] and its lesson's path, `""` for the mixed
    /// series). A lesson's series and pools are made from global, shape
    /// (its settings, its lesson's title and URL in every language, which
    /// languages have it) and its default-language page (its key: the
    /// exercises the pools are drawn from, the kinds the series draws); the
    /// mixed series from every lesson's kinds, like the other extras.
    fn sheet_keys(&self, site: &Site, extras_key: &str) -> HashMap<String, String> {
        let default = &site.config.default_language;
        let mut keys: HashMap<String, String> = HashMap::new();
        for (p, key) in site.content.pages.iter().zip(&self.keys) {
            if &p.lang != default {
                continue;
            }
            for what in [LessonFiles::Sheets, LessonFiles::Pools] {
                let mut d = Digest::new();
                d.field(&self.global).field(&self.shape);
                d.field(what.name()).field(&p.rel).field(key);
                keys.insert(what.of(Some(&p.rel)), d.finish());
            }
        }
        let mixed = Digest::new()
            .field(extras_key)
            .field("sheets mixed")
            .finish();
        keys.insert(LessonFiles::Sheets.of(None), mixed);
        keys
    }

    /// The key of the files `what` of `lesson` (`None`: the mixed series).
    fn sheet_key(&self, what: LessonFiles, lesson: Option<&str>) -> Option<&String> {
        self.sheet_keys.get(&what.of(lesson))
    }

    /// Links the previous build's files `what` of `lesson` into `staging`,
    /// when they were made from this build's key: their paths and hashes.
    pub(crate) fn link_lesson_files(
        &self,
        staging: &Staging,
        what: LessonFiles,
        lesson: Option<&str>,
    ) -> Option<Vec<(String, String)>> {
        let key = self.sheet_key(what, lesson)?;
        let group = self.sheet_groups.get(key)?;
        let mut paths = lock(&self.sheet_paths);
        let files = group
            .iter()
            .map(|(path, entry)| {
                self.link(staging, path, entry);
                paths.insert(path.clone(), key.clone());
                (path.clone(), entry.hash.clone())
            })
            .collect();
        Some(files)
    }

    /// The files `what` of `lesson` were made into `paths`.
    pub(crate) fn made_lesson_files(
        &self,
        what: LessonFiles,
        lesson: Option<&str>,
        paths: Vec<String>,
    ) {
        let Some(key) = self.sheet_key(what, lesson) else {
            return;
        };
        let mut keyed = lock(&self.sheet_paths);
        for path in paths {
            keyed.insert(path, key.clone());
        }
    }

    /// Decides, after [`Reuse::plan`], whether this build would write
    /// exactly what the previous output holds: every page reusable, the
    /// extras, each language's search index and the service workers too,
    /// every static file as the previous build wrote it, and no other file
    /// there. Then nothing is linked or written and the output folder stays
    /// as it is ([`Reuse::unchanged_files`]).
    pub(crate) fn decide_unchanged(&mut self, site: &Site, statics: &Output) {
        self.unchanged = self.would_be_unchanged(site, statics).unwrap_or(false);
    }

    fn would_be_unchanged(&mut self, site: &Site, statics: &Output) -> Option<bool> {
        let previous = self.previous.as_ref()?;
        let extras = self.extras_group.as_ref()?;
        let workers = match self.offline {
            true => self.workers_group.as_ref()?.as_slice(),
            false => &[],
        };
        // What the late phase will see: each file's hash, an extra's over a
        // page it hides. Each page's file is looked at on disk: in
        // parallel, 100,000 of them take a while.
        let pages: Option<Vec<(&str, &str)>> = (site.content.pages.par_iter().enumerate())
            .map(|(i, page)| {
                let entry = self.page(i, &page.output_path)?;
                Some((page.output_path.as_str(), entry.hash.as_str()))
            })
            .collect();
        let mut hashes: BTreeMap<&str, &str> = pages?.into_iter().collect();
        for (path, bytes) in statics.iter() {
            let entry = previous.unchanged(path)?;
            if entry.hash != crate::output::content_hash(bytes) {
                return None;
            }
            hashes.insert(path, &entry.hash);
        }
        let sheet_files = self.sheet_groups.values().flatten();
        for (path, entry) in extras.iter().chain(sheet_files).chain(workers) {
            hashes.insert(path, &entry.hash);
        }
        let mut search = Vec::new();
        if site.config.search.enabled {
            for l in &site.config.languages {
                let of_lang = site.content.pages.iter().filter(|p| p.lang == l.code);
                let pages = of_lang.map(|p| {
                    let path = p.output_path.as_str();
                    (path, hashes.get(path).copied())
                });
                search.push(self.group(&self.search_key(&l.code, pages))?);
            }
        }
        let files: std::collections::HashSet<&str> = hashes
            .keys()
            .copied()
            .chain(search.iter().flatten().map(|(p, _)| p.as_str()))
            .collect();
        let previous_files = previous.files();
        Some(
            files.len() == previous_files.len()
                && previous_files.keys().all(|p| files.contains(p.as_str()))
                && previous.holds_only_its_files(),
        )
    }

    /// The previous output's files, when this build leaves it as it is.
    pub(crate) fn unchanged_files(&self) -> Option<Vec<crate::output::FileRecord>> {
        if !self.unchanged {
            return None;
        }
        let files = self.previous.as_ref()?.files();
        Some(
            files
                .iter()
                .map(|(path, e)| crate::output::FileRecord {
                    path: path.clone(),
                    len: e.len,
                    hash: e.hash.clone(),
                })
                .collect(),
        )
    }

    /// The previous build's files whose key is `key`, when all are still
    /// as written.
    fn group(&self, key: &str) -> Option<Group> {
        let group = self.previous.as_ref()?.reusable_group(key)?;
        Some(
            group
                .into_iter()
                .map(|(p, e)| (p.to_string(), e.clone()))
                .collect(),
        )
    }

    /// The digest a language's search index is made from: global, shape
    /// and its pages' output paths and content hashes, in content order.
    fn search_key<'a>(
        &self,
        lang: &str,
        pages: impl Iterator<Item = (&'a str, Option<&'a str>)>,
    ) -> String {
        let mut d = Digest::new();
        d.field(&self.global)
            .field(&self.shape)
            .field("search")
            .field(lang);
        for (path, hash) in pages {
            d.field(path).field(hash.unwrap_or("-"));
        }
        d.finish()
    }

    /// The key of `lang`'s search index, from its pages' output paths and
    /// content hashes (in content order), kept for the manifest; and the
    /// previous build's index files, when they were made from the same.
    pub(crate) fn search_group<'a>(
        &mut self,
        lang: &str,
        pages: impl Iterator<Item = (&'a str, Option<&'a str>)>,
    ) -> Option<Group> {
        let key = self.search_key(lang, pages);
        let group = self.group(&key);
        self.search_keys.insert(lang.to_string(), key);
        group
    }

    /// The previous build's service workers, when they can be reused (then
    /// every page is, and every search index).
    pub(crate) fn workers_group(&self) -> Option<&[(String, Entry<PageFacts>)]> {
        self.workers_group.as_deref()
    }

    /// Whether the previous build's extras can be reused (then every
    /// series' sheets can too).
    pub(crate) fn extras_reusable(&self) -> bool {
        self.extras_group.is_some()
    }

    /// The previous build's extras (the sheets included), when they can
    /// be reused: path and entry.
    pub(crate) fn extras_files(&self) -> impl Iterator<Item = &(String, Entry<PageFacts>)> {
        let sheets = self.sheet_groups.values().flatten();
        let extras = self.extras_group.iter().flatten();
        extras.chain(sheets.filter(|_| self.extras_reusable()))
    }

    /// Links the reusable extras into `staging`, the sheets included.
    pub(crate) fn link_extras(&self, staging: &Staging) {
        for (path, entry) in self.extras_files() {
            self.link(staging, path, entry);
        }
        if self.extras_reusable() {
            let mut paths = lock(&self.sheet_paths);
            for (key, group) in &self.sheet_groups {
                paths.extend(group.iter().map(|(path, _)| (path.clone(), key.clone())));
            }
        }
    }

    /// Writes the manifest of everything in `staging`: `pages` the pages
    /// (index, output path, facts), `extras` and `late` the paths of the
    /// extras and of the late extras.
    pub(crate) fn write_manifest<'a>(
        &self,
        staging: &Staging,
        pages: impl Iterator<Item = (usize, &'a str, &'a RenderedPage)>,
        extras: impl Iterator<Item = &'a str>,
        late: impl Iterator<Item = &'a str>,
    ) {
        let mut inputs: BTreeMap<String, (String, Option<PageFactsRef>)> = pages
            .map(|(i, path, r)| {
                let facts = PageFactsRef::of(r);
                (path.to_string(), (self.keys[i].clone(), Some(facts)))
            })
            .collect();
        if let Some(key) = &self.extras_key {
            for path in extras {
                inputs.insert(path.to_string(), (key.clone(), None));
            }
        }
        for (path, key) in lock(&self.sheet_paths).iter() {
            inputs.insert(path.clone(), (key.clone(), None));
        }
        for path in late {
            if let Some(key) = self.late_file_key(path) {
                inputs.insert(path.to_string(), (key.to_string(), None));
            }
        }
        manifest::write(staging, &self.stamp, inputs);
    }
}

impl Reuse {
    /// The key of a late file: its language's search key for a file of a
    /// search index, the service workers' key for the others.
    fn late_file_key(&self, path: &str) -> Option<&str> {
        let search = self.search_keys.iter().find(|(lang, _)| {
            path.strip_prefix(lang.as_str())
                .and_then(|rest| rest.strip_prefix('/'))
                .and_then(|rest| rest.strip_prefix(crate::search::INDEX_DIR))
                .is_some_and(|rest| rest.starts_with('/'))
        });
        match search {
            Some((_, key)) => Some(key),
            None => self.late_key.as_deref(),
        }
    }
}

/// The previous build in `dir`, when it has an intact manifest this binary
/// wrote (a damaged one: nothing, and a note saying so). Reading a large
/// manifest takes a while (130 MB at 100,000 pages), so `build` starts it
/// on a thread of its own while the content loads.
pub(crate) fn open_previous(dir: &Path) -> manifest::Opened<PageFacts> {
    match manifest::stamp() {
        Some(stamp) => Previous::open(dir, &stamp),
        None => manifest::Opened::Nothing,
    }
}

/// The digest of what one page's HTML is made from beside the global and
/// shape inputs: its own text, for a translation its default-language
/// page's source hash (the "out of date" notice), and the templates'
/// globals (the translation status, when a template names it). `serve`
/// re-renders every page whose input key an edit changed
/// (`Pipeline::refresh_inputs`); `build` reuses a page whose key,
/// prefixed with the global and shape digests, is unchanged.
pub(crate) fn page_input_key(site: &Site, page: &crate::content::Page) -> String {
    let default = &site.config.default_language;
    let mut d = Digest::new();
    d.field(&page.lang).field(&page.rel).field(&page.text);
    match site.content.get(default, &page.rel) {
        Some(source) if &page.lang != default => d.field(source.source_hash()),
        _ => d.field("-"),
    };
    d.field(site.globals_digest()).finish()
}

/// The digest of everything every page depends on (see the module's doc).
fn global_digest(site: &Site, opts: &BuildOptions, stamp: &str) -> Option<String> {
    let mut d = Digest::new();
    d.field(stamp);
    d.field(format!(
        "drafts {} base_url {:?}",
        opts.drafts, opts.base_url
    ));
    let root = &site.root;
    let config = std::fs::read(root.join(crate::config::CONFIG_FILE)).ok()?;
    d.field(config);
    // Every source folder but the pages' (their texts are in each page's
    // key, their places in the shape) and the themes' (only the site's
    // theme is read).
    let folders = (SOURCE_DIRS.iter())
        .filter(|f| ![CONTENT_DIR, THEMES_DIR].contains(f))
        .map(|f| root.join(f))
        .chain([site.theme_dir.clone()]);
    for folder in folders {
        d.field(folder.to_string_lossy().as_bytes());
        if !folder.exists() {
            d.field("absent");
            continue;
        }
        for entry in walkdir::WalkDir::new(&folder)
            .follow_links(true)
            .sort_by_file_name()
        {
            let entry = entry.ok()?;
            d.field(entry.path().to_string_lossy().as_bytes());
            if entry.file_type().is_file() {
                d.field(std::fs::read(entry.path()).ok()?);
            }
        }
    }
    // The section titles exercise feedback links to, per language.
    for l in &site.config.languages {
        let mut titles = Default::default();
        for rule in site.config.exercises.rule_lessons.keys() {
            let link = site.rule_link(&l.code, rule, &mut titles);
            let (href, section) = link.map_or_else(Default::default, |l| (l.href, l.section));
            d.field(&l.code).field(rule).field(href).field(section);
        }
    }
    Some(d.finish())
}

/// The digest of every page's place and front matter (see the module's doc).
fn shape_digest(site: &Site) -> String {
    let mut d = Digest::new();
    for p in &site.content.pages {
        d.field(&p.lang).field(&p.rel).field(&p.url);
        d.field(&p.output_path);
        d.field(p.source_path.to_string_lossy().as_bytes());
        d.field([u8::from(p.is_section)]);
        d.field(&p.text[..p.body_offset]);
    }
    for a in &site.content.assets {
        d.field(&a.output_path);
        d.field(a.source_path.to_string_lossy().as_bytes());
    }
    d.finish()
}
