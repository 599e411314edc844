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

use super::practice::SheetReuse;
use super::{RenderedPage, Site, Steps};
use crate::content::Page;
use crate::diagnostics::Diagnostics;
use crate::exercises::tiles_svg::{TileSet, face_files};
use crate::html::escape;
use crate::output::Output;
use crate::render::Renderer;
use crate::search::{IndexError, IndexFiles, SearchIndexer};

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
pub const EXTRAS: [Extra; 11] = [
    Extra::Chooser,
    Extra::NotFound,
    Extra::Sitemap,
    Extra::Robots,
    Extra::LessonIndex,
    Extra::Practice,
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

/// What an extra keeps of one page from its per-page hook
/// ([`Extra::on_page`]), given back to [`render`] with the page's index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageNote {
    pub extra: Extra,
    pub data: Vec<u8>,
}

/// What the per-page hooks may feed besides their notes: the search index,
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
    /// ([`render_late`]); an extra of [`render`] keeps a [`PageNote`].
    pub fn on_page(self, hook: &PageHook<'_>, page: &Page, html: &[u8]) -> Option<PageNote> {
        match self {
            Extra::SearchIndex => {
                if let Some(search) = hook.search {
                    search.add_page(&page.url, &String::from_utf8_lossy(html), &page.lang);
                }
                None
            }
            Extra::Chooser
            | Extra::NotFound
            | Extra::Sitemap
            | Extra::Robots
            | Extra::LessonIndex
            | Extra::Practice
            | Extra::TileFaces
            | Extra::NavIndex
            | Extra::Manifest
            | Extra::ServiceWorker => None,
        }
    }
}

/// Renders every extra of the site into `output` (which may stream them,
/// see `Output::streaming`). `notes[i]`: what the per-page hooks
/// kept of page `i`; `sheets`: the practice sheets made before from the
/// same inputs, taken instead of made again (`build` links the previous
/// build's, `serve` keeps its last run's; see `super::practice::SheetReuse`).
pub(crate) fn render(
    site: &Site,
    renderer: &Renderer,
    rendered: &[RenderedPage],
    notes: &[Vec<PageNote>],
    sheets: Option<&dyn SheetReuse>,
    output: &mut Output,
    diags: &mut Diagnostics,
    steps: &mut Steps,
) {
    let _ = notes;
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
            Extra::Sitemap => output.insert("sitemap.xml", site.sitemap(renderer, rendered)),
            Extra::Robots => output.insert("robots.txt", site.robots()),
            Extra::LessonIndex => {
                for (path, json) in site.lesson_indexes(rendered) {
                    output.insert(path, json);
                }
            }
            Extra::Practice => site.render_practice(renderer, rendered, sheets, output, diags),
            Extra::TileFaces => {
                // The faces the pages show; practice sheets draw their own
                // tiles from the generators, so a site with sheets gets
                // every face.
                let mut used = rendered
                    .iter()
                    .fold(TileSet::default(), |all, r| all.union(r.tiles));
                if output.paths().any(|p| p.contains("/practice/")) {
                    used = TileSet::all();
                }
                for (path, svg) in face_files(used) {
                    output.insert(path, svg);
                }
            }
            Extra::NavIndex => {
                for (path, json) in site.nav_indexes() {
                    output.insert(path, json);
                }
            }
            Extra::Manifest => {
                for (path, json) in site.manifests() {
                    output.insert(path, json);
                }
            }
            Extra::SearchIndex | Extra::ServiceWorker => unreachable!("late extras"),
        }
        steps.record(extra.name(), start);
    }
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
                    site.search_index(files, errors, input.stale, &mut output, diags);
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
                for (path, js) in site.service_workers(files) {
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

    fn robots(&self) -> String {
        format!(
            "User-agent: *\nAllow: /\nSitemap: {}sitemap.xml\n",
            self.config.base_url
        )
    }

    /// Every page, the chooser and the practice pages, each with its
    /// translations and `x-default` (the default language's page).
    fn sitemap(&self, renderer: &Renderer, rendered: &[RenderedPage]) -> String {
        let mut xml = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
        );
        xml.push_str(&self.sitemap_chooser_entry());
        for page in &self.content.pages {
            let translations: Vec<(&str, String)> = self
                .translations(page)
                .into_iter()
                .map(|t| (t.code, t.permalink))
                .collect();
            let x_default = self.x_default_permalink(page);
            let loc = self.config.permalink(&page.url);
            xml.push_str(&sitemap_entry(&loc, &translations, Some(&x_default)));
        }
        for urls in self.practice_pages(renderer, rendered) {
            let translations: Vec<(&str, String)> = urls
                .iter()
                .map(|(code, u)| (*code, self.config.permalink(u)))
                .collect();
            let x_default = translations
                .iter()
                .find(|(code, _)| *code == self.config.default_language)
                .map(|(_, p)| p.as_str());
            for (_, loc) in &translations {
                xml.push_str(&sitemap_entry(loc, &translations, x_default));
            }
        }
        xml.push_str("</urlset>\n");
        xml
    }

    /// The sitemap entry of the language chooser at `/`: each language's home
    /// is an alternate, the chooser itself the `x-default`.
    fn sitemap_chooser_entry(&self) -> String {
        let root = &self.config.base_url;
        let mut xml = format!("  <url>\n    <loc>{}</loc>\n", escape(root));
        for l in &self.config.languages {
            xml.push_str(&sitemap_alternate(&l.code, &format!("{root}{}/", l.code)));
        }
        xml.push_str(&sitemap_alternate("x-default", root));
        xml.push_str("  </url>\n");
        xml
    }

    /// Per language, `<lang>/exercises.json`: every lesson with exercises
    /// (navigation order: weight, then path) and its exercise ids, with the
    /// words of the progress overview (`progress.*`). The theme's
    /// `js/progress.js` reads it to show progress on the home page and mark
    /// finished lessons in the navigation.
    pub(crate) fn lesson_indexes(&self, rendered: &[RenderedPage]) -> Vec<(String, String)> {
        let keys = [
            "title",
            "intro",
            "lesson",
            "none",
            "reset",
            "reset_done",
            "finished",
        ];
        self.config
            .languages
            .iter()
            .filter_map(|l| {
                let mut lessons: Vec<(&Page, &RenderedPage)> = self
                    .content
                    .pages
                    .iter()
                    .zip(rendered)
                    .filter(|(p, r)| p.lang == l.code && !r.exercises.is_empty())
                    .collect();
                lessons.sort_by(|(a, _), (b, _)| {
                    (a.front.weight, &a.rel).cmp(&(b.front.weight, &b.rel))
                });
                let home = self.content.get(&l.code, "_index.md")?;
                let labels: serde_json::Map<String, serde_json::Value> = keys
                    .iter()
                    .map(|k| {
                        let key = format!("progress.{k}");
                        let text = self.strings.get(&l.code, &key).unwrap_or(&key).to_string();
                        (k.to_string(), text.into())
                    })
                    .collect();
                let list: Vec<serde_json::Value> = lessons
                    .iter()
                    .map(|(p, r)| {
                        let ids: Vec<&str> = r.exercises.iter().map(|e| e.id.as_str()).collect();
                        serde_json::json!({ "url": p.url, "title": p.front.title, "ids": ids })
                    })
                    .collect();
                let dir = home.output_path.trim_end_matches("index.html");
                let json = serde_json::json!({ "labels": labels, "lessons": list });
                Some((format!("{dir}exercises.json"), json.to_string()))
            })
            .collect()
    }
}

impl Site {
    /// Per language whose navigation has a windowed listing, `<lang>/nav.json`.
    fn nav_indexes(&self) -> Vec<(String, String)> {
        self.config
            .languages
            .iter()
            .filter_map(|l| {
                let home = self.content.get(&l.code, "_index.md")?;
                let marker = self
                    .strings
                    .get(&l.code, "nav.untranslated")
                    .unwrap_or("nav.untranslated");
                let json = self.trees.get(&l.code)?.nav_index(
                    &self.content,
                    &self.config,
                    &l.code,
                    marker,
                )?;
                let dir = home.output_path.trim_end_matches("index.html");
                Some((format!("{dir}nav.json"), json))
            })
            .collect()
    }
}

/// One `<url>` of the sitemap: its permalink, and when it has other
/// languages, every language's (`translations`) and the `x-default`.
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
