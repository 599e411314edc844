//! Extras: every generated file of a site that is not a page, in one list
//! ([`EXTRAS`]): the language chooser (`index.html`), `404.html`,
//! `sitemap.xml`, `robots.txt`, per language `exercises.json`, the
//! practice sheets and their index (see [`super::practice`]), the tile faces
//! `tiles/<id>.svg` the tiles of pages and sheets show, the `nav.json` of a
//! language whose navigation has listings too long to repeat on every page
//! (see [`super::nav`]), and per language the web app manifest, the search
//! index (`pagefind/`) and the service worker (`sw.js`). A new kind of
//! output is added here once; `build` and `serve` both run [`render`] (the
//! extras phase of [`super::pipeline`]) and [`render_late`] (the late phase:
//! the extras made from the whole output, which `serve` runs after the
//! reload of an edited page is sent). The late extras hold no page: the
//! search index is fed each page's HTML by the per-page hook
//! ([`Extra::on_page`]) as it renders, and the service workers list the
//! output's (path, content hash) pairs.

use std::collections::BTreeMap;
use std::path::Path;

use super::kept::{KeptFiles, group};
use super::nav::Navigation;
use super::practice::{LessonReuse, Series};
use super::search_offline;
use super::{RenderedPage, Site, Steps};
use crate::config::Config;
use crate::content::{ContentSet, Page};
use crate::diagnostics::Diagnostics;
use crate::exercises::tiles_svg::{TileSet, face_files};
use crate::html::escape;
use crate::i18n::Strings;
use crate::output::Output;
use crate::output::manifest::Digest;
use crate::render::Renderer;
use crate::search::{IndexError, IndexFiles, SearchIndexer};
use serde::Serialize;

/// One kind of generated file that is not a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extra {
    /// `index.html`: the language chooser at `/`.
    Chooser,
    /// `404.html`: the not-found page.
    NotFound,
    /// `sitemap.xml`, with each page's translations.
    Sitemap,
    /// `robots.txt`, pointing at the sitemap.
    Robots,
    /// `<lang>/exercises.json`, for the progress overview.
    LessonIndex,
    /// `<lang>/practice/…`: the printable practice sheets and their index.
    Practice,
    /// `<lang>/<lesson>/pool.txt`: each lesson's variant pools (see
    /// `site::pools`).
    Pools,
    /// `<lang>/review/index.html`: the review page (`site::review`).
    Review,
    /// `tiles/<id>.svg`: the tile faces, for every tile's `<img>` (see
    /// `exercises::tiles_svg`); shared by all languages.
    TileFaces,
    /// `<lang>/manifest.webmanifest`, the web app manifest (`[offline]`).
    Manifest,
    /// `<lang>/pagefind/…`, the language's search index (`[search]`; late).
    SearchIndex,
    /// `<lang>/sw.js`, the service worker with the precache list of every
    /// other file of the language (`[offline]`; late, and last).
    ServiceWorker,
    /// `<lang>/nav.json`, the long listings of the navigation (`js/nav.js`).
    NavIndex,
}

/// Every extra, in the order they are rendered.
pub const EXTRAS: [Extra; 13] = [
    Extra::Chooser,
    Extra::NotFound,
    Extra::Sitemap,
    Extra::Robots,
    Extra::LessonIndex,
    Extra::Practice,
    Extra::Pools,
    Extra::Review,
    Extra::TileFaces,
    Extra::NavIndex,
    Extra::Manifest,
    Extra::SearchIndex,
    Extra::ServiceWorker,
];

impl Extra {
    /// The output path of an extra that has one fixed path (not per language).
    pub fn fixed_path(self) -> Option<&'static str> {
        match self {
            Extra::Chooser => Some("index.html"),
            Extra::NotFound => Some("404.html"),
            Extra::Sitemap => Some("sitemap.xml"),
            Extra::Robots => Some("robots.txt"),
            Extra::LessonIndex
            | Extra::NavIndex
            | Extra::Practice
            | Extra::Pools
            | Extra::Review
            | Extra::TileFaces
            | Extra::Manifest
            | Extra::SearchIndex
            | Extra::ServiceWorker => None,
        }
    }

    /// Its name in `serve --timings`.
    pub fn name(self) -> &'static str {
        match self {
            Extra::Chooser => "chooser",
            Extra::NotFound => "404",
            Extra::Sitemap => "sitemap",
            Extra::Robots => "robots",
            Extra::LessonIndex => "lesson index",
            Extra::Practice => "practice",
            Extra::Pools => "variant pools",
            Extra::Review => "review pages",
            Extra::TileFaces => "tile faces",
            Extra::Manifest => "web app manifest",
            Extra::SearchIndex => "search index",
            Extra::ServiceWorker => "service worker",
            Extra::NavIndex => "nav index",
        }
    }

    /// Made from the whole output (pages, static files, the other extras),
    /// so rendered in the late phase, after them.
    pub fn is_late(self) -> bool {
        matches!(self, Extra::SearchIndex | Extra::ServiceWorker)
    }
}

/// What the per-page hooks may feed: the search index,
/// which takes each page's HTML as it renders (the pipeline keeps it, see
/// `site::pipeline`). `None` where the site has no search or the run
/// writes nothing (`check`).
#[derive(Clone, Copy)]
pub struct PageHook<'a> {
    pub site: &'a Site,
    pub search: Option<&'a SearchIndexer>,
}

impl Extra {
    /// The per-page hook: sees each page's finished HTML as soon as its
    /// template is rendered, in `build` and `serve` alike (in parallel, in
    /// any order; `serve` calls it again for each page it renders again).
    /// `build` writes the page out right after and keeps none of its HTML,
    /// so an extra that needs every page's HTML takes here what it needs:
    /// the search index parses the page now (Pagefind keeps its words and
    /// text, not its HTML) and writes its files in the late phase
    /// (`render_late`).
    pub fn on_page(self, hook: &PageHook<'_>, page: &Page, html: &[u8]) {
        if let (Extra::SearchIndex, Some(search)) = (self, hook.search) {
            search.add_page(&page.url, &String::from_utf8_lossy(html), &page.lang);
        }
    }
}

/// Each language's lesson index (`LessonIndex`), kept when its digest is.
fn lesson_indexes(
    site: &Site,
    rendered: &[RenderedPage],
    kept: Option<&dyn KeptFiles>,
    output: &mut Output,
) {
    for l in &site.config.languages {
        let Some(index) = LessonIndex::new(&site.content, &site.nav, &l.code, rendered) else {
            continue;
        };
        group(
            kept,
            || index.digest(),
            output,
            |out| {
                out.insert(index.path(), index.json(&site.strings));
                true
            },
        );
    }
}

/// The tile faces the pages show; practice sheets and pools draw their own
/// tiles from the generators, so a site with either gets every face.
fn tile_faces(rendered: &[RenderedPage], kept: Option<&dyn KeptFiles>, output: &mut Output) {
    let mut used = rendered
        .iter()
        .fold(TileSet::default(), |all, r| all.union(r.tiles));
    let sheet = |p: &str| p.contains("/practice/") || p.ends_with(super::pools::POOL_FILE);
    if output.paths().any(sheet) || kept.is_some_and(|k| k.any_kept(&sheet)) {
        used = TileSet::all();
    }
    for (path, svg) in face_files(used) {
        output.insert(path, svg);
    }
}

/// Renders every extra of the site into `output` (which may stream them,
/// see `Output::streaming`). `reuse`: what was made before from the same
/// inputs, taken instead of made again (the practice sheets: `build` links
/// the previous build's, `serve` keeps its last run's, see
/// `super::practice::LessonReuse`; any keyed group: `serve`, see
/// `super::kept::KeptFiles`). `steps`: each extra's time (`serve --timings`).
pub(crate) fn render(
    site: &Site,
    renderer: &Renderer,
    rendered: &[RenderedPage],
    reuse: Reusing<'_>,
    output: &mut Output,
    diags: &mut Diagnostics,
    steps: &mut Steps,
) {
    // Read by the sitemap and the practice pages alike: made once.
    let (series, problems) = steps.time("practice series", || {
        site.practice().practice_series(rendered)
    });
    let mut problems = Some(problems);
    for extra in EXTRAS.into_iter().filter(|e| !e.is_late()) {
        let start = std::time::Instant::now();
        match extra {
            Extra::Chooser => site.render_special(
                renderer,
                "index.html",
                "the language chooser /index.html",
                output,
                diags,
            ),
            Extra::NotFound => site.render_special(
                renderer,
                "404.html",
                "the not-found page /404.html",
                output,
                diags,
            ),
            Extra::Sitemap => {
                let key = || sitemap_digest(&site.content, &series);
                group(reuse.kept, key, output, |out| {
                    for (path, xml) in site.sitemaps(renderer, &series) {
                        out.insert(path, xml);
                    }
                    true
                });
            }
            Extra::Robots => output.insert("robots.txt", robots(&site.config)),
            Extra::LessonIndex => lesson_indexes(site, rendered, reuse.kept, output),
            Extra::Practice => {
                diags.extend(problems.take().unwrap_or_default());
                site.render_practice(renderer, &series, reuse.sheets, reuse.kept, output, diags);
            }
            Extra::Pools => super::pools::pool_files(site, rendered, reuse.sheets, output, diags),
            Extra::Review => super::review::review_pages(site, renderer, output, diags),
            Extra::TileFaces => tile_faces(rendered, reuse.kept, output),
            Extra::NavIndex => {
                for (path, json) in
                    (site.nav).nav_indexes(&site.content, &site.config, &site.strings)
                {
                    output.insert(path, json);
                }
            }
            Extra::Manifest => {
                for (path, json) in
                    search_offline::manifests(&site.config, &site.content, &site.strings)
                {
                    output.insert(path, json);
                }
            }
            Extra::SearchIndex | Extra::ServiceWorker => unreachable!("late extras"),
        }
        steps.record(extra.name(), start);
    }
}

/// What an extras phase may take from an earlier one instead of making it.
#[derive(Clone, Copy, Default)]
pub(crate) struct Reusing<'a> {
    /// Practice sheets, by series, and pools, by lesson (`build` links the
    /// previous build's, `serve` keeps its last run's; see
    /// `super::practice::LessonReuse`).
    pub sheets: Option<&'a dyn LessonReuse>,
    /// Any group of extras, by the digest of its inputs (`serve`).
    pub kept: Option<&'a dyn KeptFiles>,
}

/// What the late phase reads: the files of the search index the pages were
/// fed to (per language whose pages changed since the last run, and what
/// failed: [`SearchIndexer::files`]), and every file of the output with its
/// content hash (`output::content_hash`, the hash of the staging folder's
/// `FileRecord`s), by path. `stale` holds the late files of the previous
/// run (left out of the precache lists: they are replaced; a language whose
/// index did not change keeps its files from there).
pub struct LateInput<'a> {
    pub index: Option<(IndexFiles, Vec<IndexError>)>,
    pub hashes: &'a BTreeMap<String, String>,
    pub stale: &'a Output,
}

/// Renders the late extras: the search index of each language whose pages
/// changed since the last run, then the service workers.
pub fn render_late(site: &Site, input: LateInput<'_>, diags: &mut Diagnostics) -> Output {
    let mut output = Output::new();
    for extra in EXTRAS.into_iter().filter(|e| e.is_late()) {
        match extra {
            Extra::SearchIndex if site.config.search.enabled => {
                if let Some((files, errors)) = &input.index {
                    search_offline::search_index(
                        &site.config,
                        files,
                        errors,
                        input.stale,
                        &mut output,
                        diags,
                    );
                }
            }
            Extra::ServiceWorker if site.config.offline.enabled => {
                let late: Vec<(&str, String)> = output
                    .iter()
                    .map(|(p, bytes)| (p, crate::output::content_hash(bytes)))
                    .collect();
                let files = input
                    .hashes
                    .iter()
                    .filter(|(p, _)| !input.stale.contains(p) && !output.contains(p))
                    .map(|(p, h)| (p.as_str(), h.as_str()))
                    .chain(late.iter().map(|(p, h)| (*p, h.as_str())));
                for (path, js) in search_offline::service_workers(&site.config, files) {
                    output.insert(path, js);
                }
            }
            _ => {}
        }
    }
    output
}

impl Site {
    /// A page made from a template of its own (the chooser, the 404 page),
    /// with the default language's context.
    fn render_special(
        &self,
        renderer: &Renderer,
        template: &str,
        what: &str,
        output: &mut Output,
        diags: &mut Diagnostics,
    ) {
        if !renderer.has_template(template) {
            diags.error(
                format!("themes/{}/templates/{template}", self.config.theme),
                None,
                format!("the theme or site must provide template {template:?}"),
            );
            return;
        }
        let ctx = self.base_context(&self.config.default_language);
        match renderer.render(template, &ctx, Path::new(what)) {
            Ok(html) => output.insert(template, html),
            Err(d) => diags.push(d),
        }
    }

    /// The sitemap files: `sitemap.xml` lists every page, the chooser and
    /// the practice pages, each with its translations and `x-default`.
    /// Past the protocol's limits for one file ([`SITEMAP_LIMITS`]) the
    /// entries go into `sitemap-1.xml`, `sitemap-2.xml`, … and
    /// `sitemap.xml` is their index (what `robots.txt` names either way).
    fn sitemaps(&self, renderer: &Renderer, series: &[Series]) -> Vec<(String, String)> {
        let entries = self.sitemap_entries(renderer, series);
        pack_sitemaps(&entries, &self.config.base_url, SITEMAP_LIMITS)
    }

    /// Every `<url>` entry of the sitemap, in order: the chooser, the
    /// pages, the practice pages.
    fn sitemap_entries(&self, renderer: &Renderer, series: &[Series]) -> Vec<String> {
        let mut entries = vec![sitemap_chooser_entry(&self.config)];
        for page in &self.content.pages {
            let translations: Vec<(&str, String)> = self
                .links()
                .translations(page)
                .into_iter()
                .map(|t| (t.code, t.permalink))
                .collect();
            let x_default = self.links().x_default_permalink(page);
            let loc = self.config.permalink(&page.url);
            entries.push(sitemap_entry(&loc, &translations, Some(&x_default)));
        }
        for urls in self.practice().practice_pages(renderer, series) {
            let translations: Vec<(&str, String)> = urls
                .iter()
                .map(|(code, u)| (*code, self.config.permalink(u)))
                .collect();
            let x_default = translations
                .iter()
                .find(|(code, _)| *code == self.config.default_language)
                .map(|(_, p)| p.as_str());
            for (_, loc) in &translations {
                entries.push(sitemap_entry(loc, &translations, x_default));
            }
        }
        entries
    }
}

/// The `progress.*` strings a lesson index carries.
const LESSON_INDEX_LABELS: [&str; 36] = [
    "title",
    "intro",
    "lesson",
    "none",
    "reset",
    "reset_done",
    "finished",
    "revealed.lesson",
    "confirm.all",
    "confirm.lesson",
    "confirm.yes",
    "confirm.no",
    "one.reset",
    "one.reset_label",
    "one.done",
    "export.done",
    "import.done",
    "import.bad",
    "import.foreign",
    "export",
    "review.due",
    "review.none",
    "review.next",
    "review.empty",
    "review.start",
    "review.next_exercise",
    "review.done",
    "review.pause",
    "review.resume",
    "review.paused",
    "review.reset",
    "review.reset_done",
    "review.offline",
    "review.print",
    "review.print_title",
    "review.key",
];

/// One language's lessons with exercises, in course order.
pub(crate) struct LessonIndex<'a> {
    lang: &'a str,
    /// The language's folder in the output (`de/`).
    dir: &'a str,
    lessons: Vec<(&'a Page, &'a RenderedPage)>,
}

impl<'a> LessonIndex<'a> {
    /// `<lang>/exercises.json`: every lesson of `lang` with exercises
    /// (in course order, [`Navigation::sort_in_course_order`](super::nav::Navigation::sort_in_course_order)) and its exercise ids, with the
    /// words of the progress overview (`progress.*`). The theme's
    /// `js/progress.js` reads it to show progress on the home page and mark
    /// finished lessons in the navigation. `None` without a home page.
    fn new(
        content: &'a ContentSet,
        nav: &Navigation,
        lang: &'a str,
        rendered: &'a [RenderedPage],
    ) -> Option<LessonIndex<'a>> {
        let home = content.get(lang, "_index.md")?;
        let mut lessons: Vec<(&Page, &RenderedPage)> = content
            .pages
            .iter()
            .zip(rendered)
            .filter(|(p, r)| p.lang == lang && !r.exercises.is_empty())
            .collect();
        nav.sort_in_course_order(lang, &mut lessons, |(p, _)| &p.rel);
        Some(LessonIndex {
            lang,
            dir: home.output_path.trim_end_matches("index.html"),
            lessons,
        })
    }

    /// The JSON of a language's lesson index.
    fn json(&self, strings: &Strings) -> String {
        let labels: serde_json::Map<String, serde_json::Value> = LESSON_INDEX_LABELS
            .iter()
            .map(|k| {
                // Messages the browser fills in (plural forms where they
                // have them: `i18n::Template`).
                let key = format!("progress.{k}");
                let text = strings
                    .template(self.lang, &key)
                    .map_or_else(|| key.into(), |t| t.to_json());
                (k.to_string(), text)
            })
            .collect();
        let lessons: Vec<LessonEntry<'_>> = self
            .lessons
            .iter()
            .map(|(p, r)| LessonEntry {
                ids: r.exercises.iter().map(|e| e.id.as_str()).collect(),
                kinds: r.exercises.iter().map(|e| e.kind.as_str()).collect(),
                title: &p.front.title,
                url: &p.url,
            })
            .collect();
        let json = LessonIndexJson { labels, lessons };
        serde_json::to_string(&json).expect("a lesson index serialises")
    }

    fn path(&self) -> String {
        format!("{}exercises.json", self.dir)
    }

    /// The digest of what its JSON is made from, the language's strings
    /// aside (`serve` loads everything again when they change).
    fn digest(&self) -> String {
        let mut d = Digest::new();
        d.field("lesson index").field(self.lang).field(self.dir);
        for (p, r) in &self.lessons {
            d.field(&p.url).field(&p.front.title);
            d.field(r.exercises.len().to_le_bytes());
            for e in &r.exercises {
                d.field(&e.id).field(&e.kind);
            }
        }
        d.finish()
    }
}

/// `<lang>/exercises.json`.
#[derive(Serialize)]
struct LessonIndexJson<'a> {
    labels: serde_json::Map<String, serde_json::Value>,
    lessons: Vec<LessonEntry<'a>>,
}

/// Its fields in the order the JSON has always had them (sorted).
#[derive(Serialize)]
struct LessonEntry<'a> {
    ids: Vec<&'a str>,
    /// Each exercise's kind (the review draws a variant of it).
    kinds: Vec<&'a str>,
    title: &'a str,
    url: &'a str,
}

/// `robots.txt`, pointing at the sitemap.
fn robots(config: &Config) -> String {
    format!(
        "User-agent: *\nAllow: /\nSitemap: {}sitemap.xml\n",
        config.base_url
    )
}

/// The digest of what `Site::sitemaps` reads that a `serve` rebuild
/// can change (the config and templates it also reads are loaded again
/// with everything else): every page's language, path and URL (its
/// entry, its translations, its `x-default`, each language's practice
/// folder), and each practice series' id, lesson and sheet count.
/// **Invariant:** titles are not read: a title edit keeps the sitemap.
fn sitemap_digest(content: &ContentSet, series: &[Series]) -> String {
    let mut d = Digest::new();
    d.field("sitemap");
    for p in &content.pages {
        d.field(&p.lang).field(&p.rel).field(&p.url);
    }
    for s in series {
        d.field(&s.id)
            .field(s.lesson.as_deref().unwrap_or("-"))
            .field(s.sheets.to_le_bytes());
    }
    d.finish()
}

/// The sitemap entry of the language chooser at `/`: each language's home
/// is an alternate, the chooser itself the `x-default`.
fn sitemap_chooser_entry(config: &Config) -> String {
    let root = &config.base_url;
    let mut xml = format!("  <url>\n    <loc>{}</loc>\n", escape(root));
    for l in &config.languages {
        xml.push_str(&sitemap_alternate(&l.code, &format!("{root}{}/", l.code)));
    }
    xml.push_str(&sitemap_alternate("x-default", root));
    xml.push_str("  </url>\n");
    xml
}

/// One `<url>` of the sitemap: its permalink, and when it has other
/// languages, every language's (`translations`) and the `x-default`.
/// How much one sitemap file may hold (sitemaps.org): 50,000 URLs and
/// 50 MiB uncompressed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SitemapLimits {
    pub urls: usize,
    pub bytes: usize,
}

pub(crate) const SITEMAP_LIMITS: SitemapLimits = SitemapLimits {
    urls: 50_000,
    bytes: 50 * 1024 * 1024,
};

const SITEMAP_HEAD: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
const SITEMAP_TAIL: &str = "</urlset>\n";

/// Packs `<url>` entries into sitemap files (path, XML) that each stay
/// within `limits`: one `sitemap.xml` when they all fit, else
/// `sitemap-1.xml`, `sitemap-2.xml`, … in entry order and a
/// `sitemap.xml` index of them (its `<loc>`s under `base_url`).
/// **Invariant:** every entry is in exactly one file, in order; no file
/// holds more than `limits.urls` entries or `limits.bytes` bytes (an entry
/// too long for any file still gets one of its own).
pub(crate) fn pack_sitemaps(
    entries: &[String],
    base_url: &str,
    limits: SitemapLimits,
) -> Vec<(String, String)> {
    let frame = SITEMAP_HEAD.len() + SITEMAP_TAIL.len();
    let mut chunks: Vec<&[String]> = Vec::new();
    let (mut start, mut bytes) = (0, frame);
    for (i, e) in entries.iter().enumerate() {
        let full = i - start == limits.urls || bytes + e.len() > limits.bytes;
        if full && i > start {
            chunks.push(&entries[start..i]);
            (start, bytes) = (i, frame);
        }
        bytes += e.len();
    }
    chunks.push(&entries[start..]);
    let file = |chunk: &[String]| {
        let len = frame + chunk.iter().map(String::len).sum::<usize>();
        let mut xml = String::with_capacity(len);
        xml.push_str(SITEMAP_HEAD);
        chunk.iter().for_each(|e| xml.push_str(e));
        xml.push_str(SITEMAP_TAIL);
        xml
    };
    if let [only] = chunks[..] {
        return vec![("sitemap.xml".to_string(), file(only))];
    }
    let mut index = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut files = Vec::with_capacity(chunks.len() + 1);
    for (n, chunk) in chunks.iter().enumerate() {
        let path = format!("sitemap-{}.xml", n + 1);
        let loc = format!("{base_url}{path}");
        index.push_str(&format!(
            "  <sitemap>\n    <loc>{}</loc>\n  </sitemap>\n",
            escape(&loc)
        ));
        files.push((path, file(chunk)));
    }
    index.push_str("</sitemapindex>\n");
    files.insert(0, ("sitemap.xml".to_string(), index));
    files
}

fn sitemap_entry(loc: &str, translations: &[(&str, String)], x_default: Option<&str>) -> String {
    let mut xml = format!("  <url>\n    <loc>{}</loc>\n", escape(loc));
    if translations.len() > 1 {
        for (code, permalink) in translations {
            xml.push_str(&sitemap_alternate(code, permalink));
        }
        if let Some(d) = x_default {
            xml.push_str(&sitemap_alternate("x-default", d));
        }
    }
    xml.push_str("  </url>\n");
    xml
}

/// One `<xhtml:link rel="alternate">` line of the sitemap.
fn sitemap_alternate(hreflang: &str, href: &str) -> String {
    format!(
        "    <xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>\n",
        escape(hreflang),
        escape(href)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const BASE: &str = "https://example.org/course/";

    fn entries(n: usize) -> Vec<String> {
        (0..n)
            .map(|i| format!("  <url>\n    <loc>{BASE}p{i}/</loc>\n  </url>\n"))
            .collect()
    }

    /// The `<url>` entries of a sitemap file, as written.
    fn urls(xml: &str) -> Vec<String> {
        let body = xml.strip_prefix(SITEMAP_HEAD).expect(xml);
        let body = body.strip_suffix(SITEMAP_TAIL).expect(xml);
        body.split_inclusive("  </url>\n")
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_sitemap_that_fits_is_one_file() {
        let all = entries(3);
        let files = pack_sitemaps(&all, BASE, SITEMAP_LIMITS);
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].0, "sitemap.xml");
        assert_eq!(
            files[0].1,
            format!("{SITEMAP_HEAD}{}{SITEMAP_TAIL}", all.concat())
        );
    }

    #[test]
    fn past_the_url_limit_sitemap_xml_is_an_index() {
        let all = entries(5);
        let limits = SitemapLimits {
            urls: 2,
            bytes: usize::MAX,
        };
        let files = pack_sitemaps(&all, BASE, limits);
        let paths: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            [
                "sitemap.xml",
                "sitemap-1.xml",
                "sitemap-2.xml",
                "sitemap-3.xml"
            ]
        );
        assert_eq!(
            files[0].1,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  \
             <sitemap>\n    <loc>https://example.org/course/sitemap-1.xml</loc>\n  </sitemap>\n  \
             <sitemap>\n    <loc>https://example.org/course/sitemap-2.xml</loc>\n  </sitemap>\n  \
             <sitemap>\n    <loc>https://example.org/course/sitemap-3.xml</loc>\n  </sitemap>\n\
             </sitemapindex>\n"
        );
        assert_eq!(urls(&files[1].1), all[0..2]);
        assert_eq!(urls(&files[2].1), all[2..4]);
        assert_eq!(urls(&files[3].1), all[4..5]);
    }

    #[test]
    fn the_real_limits_split_fifty_thousand_and_one_urls() {
        let all = entries(50_001);
        let files = pack_sitemaps(&all, BASE, SITEMAP_LIMITS);
        assert_eq!(files.len(), 3, "the index and two files");
        assert_eq!(urls(&files[1].1).len(), 50_000);
        assert_eq!(urls(&files[2].1), all[50_000..]);
    }

    proptest! {
        /// Every entry lands in exactly one file, in order, and no file
        /// passes a limit unless one entry alone does.
        #[test]
        fn packing_keeps_every_entry_within_the_limits(
            lens in prop::collection::vec(30usize..400, 1..60),
            max_urls in 1usize..8,
            max_bytes in 300usize..2_000,
        ) {
            let all: Vec<String> = lens
                .iter()
                .enumerate()
                .map(|(i, n)| format!("  <url>\n<loc>{i}</loc>{}\n  </url>\n", "x".repeat(*n)))
                .collect();
            let limits = SitemapLimits { urls: max_urls, bytes: max_bytes };
            let files = pack_sitemaps(&all, BASE, limits);
            let parts = if files.len() == 1 { &files[..] } else { &files[1..] };
            let mut seen = Vec::new();
            for (_, xml) in parts {
                let got = urls(xml);
                prop_assert!(got.len() <= max_urls);
                prop_assert!(got.len() == 1 || xml.len() <= max_bytes, "{} bytes", xml.len());
                seen.extend(got);
            }
            prop_assert_eq!(seen, all);
        }
    }
}
