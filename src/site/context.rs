//! Template contexts: what every template of a language starts from
//! ([`base_context`], built once per language) and what a page adds (its
//! own values, translations, navigation, previous/next, top links).

use serde::Serialize;
use tera::{Context, Value};

use super::Site;
use super::nav::{Entry, Navigation, Shown, entries_shown, shown_value};
use super::pages::RenderedPage;
use super::search_offline::lang_dir;
use crate::config::Config;
use crate::content::{ContentSet, Page};
use crate::i18n::Strings;
use crate::markdown::TocEntry;

impl Site {
    pub(super) fn page_context(&self, page: &Page, r: &RenderedPage) -> Context {
        let mut ctx = self.base_context(&page.lang);
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
                stale: self.links().stale(page),
                untranslated: page.front.untranslated,
                practice: self.practice_links(page, r).map(|(sheet_url, index_url)| {
                    PracticeLinkCtx {
                        sheet_url,
                        index_url,
                    }
                }),
            },
        );
        for (key, value) in self.page_links(page).values {
            ctx.insert_value(key, value);
        }
        ctx
    }

    /// What a page's links read: the settings, the pages, their trees.
    pub(crate) fn links(&self) -> Links<'_> {
        Links {
            config: &self.config,
            content: &self.content,
            nav: &self.nav,
        }
    }

    /// What a page's context takes from other pages: its translations,
    /// navigation, section, previous/next and top links. Built from
    /// [`Site::link_plan`], which says what they show.
    pub(crate) fn page_links(&self, page: &Page) -> PageLinks {
        let links = self.links();
        links.link_plan(page).values(links)
    }

    /// Which pages a page's links show, and how ([`LinkPlan`]).
    pub(crate) fn link_plan<'a>(&'a self, page: &'a Page) -> LinkPlan<'a> {
        self.links().link_plan(page)
    }
}

/// What a page's links read, and nothing else: the settings, the pages
/// and the navigation trees (the explicit inputs of [`LinkPlan`]).
#[derive(Clone, Copy)]
pub(crate) struct Links<'a> {
    config: &'a Config,
    content: &'a ContentSet,
    nav: &'a Navigation,
}

impl<'a> Links<'a> {
    /// Which pages a page's links show, and how ([`LinkPlan`]).
    pub(crate) fn link_plan(self, page: &'a Page) -> LinkPlan<'a> {
        let tree = (self.nav.tree(&page.lang)).expect("a page's language has a tree");
        let (nav, windowed) = tree.nav_plan(page);
        let (prev, next) = tree.prev_next(page);
        LinkPlan {
            page,
            versions: (self.config.languages.iter())
                .map(|l| self.content.index_of(&l.code, &page.rel))
                .collect(),
            x_default: (self.content).index_of(&self.config.default_language, &page.rel),
            nav,
            windowed,
            section: tree.parent_section(page),
            prev,
            next,
            top_links: entries_shown(tree.top_links(), page),
            section_pages: (page.is_section).then(|| entries_shown(tree.section_pages(page), page)),
        }
    }

    pub(super) fn translations(self, page: &Page) -> Vec<TranslationCtx<'a>> {
        self.translation_rows(page, |code| self.content.get(code, &page.rel))
    }

    /// The rows of a page's `translations`: its version in each language
    /// that has one (`found(code)`).
    fn translation_rows(
        self,
        page: &Page,
        found: impl Fn(&str) -> Option<&'a Page>,
    ) -> Vec<TranslationCtx<'a>> {
        self.config
            .languages
            .iter()
            .filter_map(|l| {
                let p = found(&l.code)?;
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

    /// The switcher's rows for a page of `lang` whose version in a language
    /// is `found(code)` (its URL and title), if it has one.
    pub(super) fn language_rows(
        self,
        lang: &str,
        found: impl Fn(&str) -> Option<(String, String)>,
    ) -> Vec<LanguageCtx<'a>> {
        let home = |code: &str| format!("{}{code}/", self.config.base_path);
        self.config
            .languages
            .iter()
            .map(|l| {
                let (url, title, translated) = match found(&l.code) {
                    Some((url, title)) => (url, title, true),
                    None => (home(&l.code), String::new(), false),
                };
                LanguageCtx {
                    code: &l.code,
                    name: &l.name,
                    url,
                    title,
                    current: translated && l.code == lang,
                    translated,
                }
            })
            .collect()
    }

    /// Where a stale translation's current source is.
    pub(super) fn stale(self, page: &Page) -> Option<StaleCtx> {
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

    /// The `x-default` alternate of a page: its default-language version,
    /// or the page itself when that language lacks it.
    pub(super) fn x_default_permalink(self, page: &Page) -> String {
        self.content
            .get(&self.config.default_language, &page.rel)
            .map(|p| self.config.permalink(&p.url))
            .unwrap_or_else(|| self.config.permalink(&page.url))
    }
}

// ---- template context -----------------------------------------------------

/// The context values a page takes from other pages ([`Site::page_links`]).
#[derive(Debug, PartialEq)]
pub(crate) struct PageLinks {
    values: Vec<(&'static str, Value)>,
}

/// What a page's links show ([`Site::link_plan`]): which pages, where and
/// how (untranslated, current, expanded). Its template values are made
/// from it ([`LinkPlan::values`]) and so is its [`LinksKey`].
///
/// **Invariant:** [`LinkPlan::values`] reads other pages only through the
/// pages the plan names (`versions`, `x_default` and the navigation
/// entries, whose shared values are made from their page by
/// `nav::LangTree::build`), besides the settings, which a partial
/// rebuild never changes. So two plans with the same key, none of whose
/// pages changed, give the same values: `serve` compares keys before and
/// after a title or weight edit instead of the values
/// (`serve::engine`'s `rerender_pages`), and a test
/// (`links_change_only_with_their_key`) checks it page by page.
pub(crate) struct LinkPlan<'a> {
    page: &'a Page,
    /// The page in each configured language (index), in their order.
    versions: Vec<Option<usize>>,
    /// The page in the default language.
    x_default: Option<usize>,
    nav: Vec<Shown<'a>>,
    windowed: bool,
    section: Option<&'a Entry>,
    prev: Option<&'a Entry>,
    next: Option<&'a Entry>,
    top_links: Vec<Shown<'a>>,
    /// A section page's: the entries of its folder.
    section_pages: Option<Vec<Shown<'a>>>,
}

impl LinkPlan<'_> {
    /// The template values (see the invariant above).
    pub(crate) fn values(&self, site: Links<'_>) -> PageLinks {
        let (page, content) = (self.page, &site.content);
        let version = |code: &str| {
            let at = site.config.languages.iter().position(|l| l.code == code)?;
            self.versions[at].map(|i| &content.pages[i])
        };
        let translations = Value::from_serializable(&site.translation_rows(page, version));
        let languages = site.language_rows(&page.lang, |code| {
            version(code).map(|p| (p.url.clone(), p.front.title.clone()))
        });
        let x_default = self.x_default.map_or(&page.url, |i| &content.pages[i].url);
        let link = |e: Option<&Entry>| e.map_or_else(Value::none, |e| e.link.clone());
        let mut values = vec![
            ("translations", translations.clone()),
            ("alternates", translations),
            ("languages", Value::from_serializable(&languages)),
            (
                "x_default_url",
                Value::from(site.config.permalink(x_default)),
            ),
            ("nav", shown_value(content, &self.nav)),
            ("nav_windowed", Value::from(self.windowed)),
            ("section", link(self.section)),
            ("prev", link(self.prev)),
            ("next", link(self.next)),
            ("top_links", shown_value(content, &self.top_links)),
        ];
        if let Some(pages) = &self.section_pages {
            values.push(("section_pages", shown_value(content, pages)));
        }
        PageLinks { values }
    }

    /// What the plan shows, without the pages' texts.
    pub(crate) fn key(&self) -> LinksKey {
        let mut key = Vec::with_capacity(64);
        let page = |i: Option<usize>| match i {
            Some(page) => Shows::Page {
                page,
                untranslated: false,
                current: false,
            },
            None => Shows::Nothing,
        };
        key.extend(self.versions.iter().map(|v| page(*v)));
        key.push(page(self.x_default));
        for e in [self.section, self.prev, self.next] {
            key.push(e.map_or(Shows::Nothing, |e| Shows::Page {
                page: e.page,
                untranslated: e.untranslated,
                current: false,
            }));
        }
        key.push(Shows::Windowed(self.windowed));
        shown_key(&self.nav, &mut key);
        shown_key(&self.top_links, &mut key);
        match &self.section_pages {
            Some(pages) => shown_key(pages, &mut key),
            None => key.push(Shows::Nothing),
        }
        LinksKey(key)
    }
}

/// Appends navigation items to a key: each one, then its children, if
/// any, between `Open` and `Close`, and `Close` at the end of the list.
fn shown_key(items: &[Shown<'_>], key: &mut Vec<Shows>) {
    for item in items {
        match item {
            Shown::Entry {
                entry,
                current,
                children,
            } => {
                key.push(Shows::Page {
                    page: entry.page,
                    untranslated: entry.untranslated,
                    current: *current,
                });
                if let Some(children) = children {
                    key.push(Shows::Open);
                    shown_key(children, key);
                }
            }
            Shown::More(more) => key.push(Shows::More {
                page: more.page,
                untranslated: more.untranslated,
                count: more.count,
            }),
        }
    }
    key.push(Shows::Close);
}

/// What a page's links show, by page index ([`LinkPlan::key`]): equal
/// keys, over pages that did not change, mean equal links.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LinksKey(Vec<Shows>);

impl LinksKey {
    /// Whether the links show page `i` (anywhere, in any way).
    pub(crate) fn shows(&self, i: usize) -> bool {
        self.0.iter().any(|s| match *s {
            Shows::Page { page, .. } | Shows::More { page, .. } => page == i,
            _ => false,
        })
    }
}

/// One place of a [`LinksKey`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shows {
    Page {
        page: usize,
        untranslated: bool,
        current: bool,
    },
    More {
        page: usize,
        untranslated: bool,
        count: usize,
    },
    Nothing,
    Windowed(bool),
    Open,
    Close,
}

/// `lang`, `dir` and `site` for the templates of `lang`. Built once per
/// language; each page clones it (cloning a Tera value shares its maps).
pub(super) fn base_context(
    config: &Config,
    strings: &Strings,
    content: &ContentSet,
    lang: &str,
) -> Context {
    let mut ctx = Context::new();
    let dir = config.language(lang).map_or("ltr", |l| l.dir.as_str());
    ctx.insert("lang", lang);
    ctx.insert("dir", dir);
    ctx.insert("site", &site_ctx(config, strings, lang));
    let home = format!("{}{}", config.base_path, lang_dir(lang));
    let language_home = match config.language(lang) {
        Some(_) => format!("{}{lang}/", config.base_path),
        None => config.base_path.clone(),
    };
    ctx.insert("home_url", &language_home);
    if config.search.enabled {
        let glossary = content.get(lang, crate::glossary::GLOSSARY_PAGE);
        ctx.insert(
            "search",
            &SearchCtx {
                index: format!("{home}{}/", crate::search::INDEX_DIR),
                glossary_url: glossary.map(|p| p.url.as_str()),
                lessons_url: home.clone(),
            },
        );
    }
    if config.offline.enabled {
        ctx.insert(
            "offline",
            &OfflineCtx {
                manifest: format!("{home}{}", crate::offline::MANIFEST_FILE),
                worker: format!("{home}{}", crate::offline::WORKER_FILE),
                scope: home,
            },
        );
    }
    ctx
}

/// `search`: where a language's index is, and where to go without it.
#[derive(Serialize)]
pub(super) struct SearchCtx<'a> {
    index: String,
    glossary_url: Option<&'a str>,
    lessons_url: String,
}

/// `offline`: a language's manifest and service worker.
#[derive(Serialize)]
pub(super) struct OfflineCtx {
    manifest: String,
    worker: String,
    scope: String,
}

pub(super) fn site_ctx<'a>(config: &'a Config, strings: &'a Strings, lang: &str) -> SiteCtx<'a> {
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
pub(super) struct SiteCtx<'a> {
    title: &'a str,
    base_path: &'a str,
    base_url: &'a str,
    default_language: &'a str,
    languages: Vec<LangCtx<'a>>,
}

#[derive(Serialize)]
pub(super) struct LangCtx<'a> {
    code: &'a str,
    name: &'a str,
    dir: &'a str,
    url: String,
}

#[derive(Serialize)]
pub(super) struct PageCtx<'a> {
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
    /// The lesson's practice sheets, if it has a series.
    practice: Option<PracticeLinkCtx>,
}

/// `page.practice`: the lesson's first practice sheet and the practice index.
#[derive(Serialize)]
pub(super) struct PracticeLinkCtx {
    sheet_url: String,
    index_url: String,
}

#[derive(Serialize)]
pub(super) struct StaleCtx {
    source_url: String,
    source_title: String,
}

/// `languages`: one row of a page's language switcher.
#[derive(Serialize)]
pub(super) struct LanguageCtx<'a> {
    code: &'a str,
    name: &'a str,
    /// The page in that language, or the language's home.
    url: String,
    /// The translation's title ("" without one).
    title: String,
    current: bool,
    translated: bool,
}

#[derive(Serialize)]
pub(super) struct TranslationCtx<'a> {
    pub(super) code: &'a str,
    pub(super) name: &'a str,
    pub(super) url: &'a str,
    pub(super) permalink: String,
    pub(super) title: &'a str,
    pub(super) current: bool,
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::path::Path;

    use super::*;
    use crate::site::{BuildOptions, nav};

    /// The basic fixture with a section too long to list in full
    /// (`nav::FULL_LISTING_MAX`), partly translated.
    fn windowed_site() -> (tempfile::TempDir, Site) {
        let tmp = tempfile::tempdir().unwrap();
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/basic");
        copy_dir(&fixture, tmp.path());
        let content = tmp.path().join("content");
        let page = |lang: &str, rel: &str, title: &str, weight: usize| {
            let path = content.join(lang).join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            let text = format!("+++\ntitle = \"{title}\"\nweight = {weight}\n+++\nText.\n");
            std::fs::write(path, text).unwrap();
        };
        page("en", "many/_index.md", "Many", 50);
        page("de", "many/_index.md", "Viele", 50);
        for i in 0..nav::FULL_LISTING_MAX + 4 {
            page(
                "en",
                &format!("many/p{i:02}.md"),
                &format!("Page {i:02}"),
                i,
            );
            if i % 9 == 0 {
                page(
                    "de",
                    &format!("many/p{i:02}.md"),
                    &format!("Seite {i:02}"),
                    i,
                );
            }
        }
        let opts = BuildOptions {
            root: tmp.path().to_path_buf(),
            drafts: false,
            base_url: None,
        };
        let (site, diags, _) = super::super::load(&opts);
        assert!(!diags.has_errors(), "{diags:?}");
        (tmp, site.unwrap())
    }

    fn copy_dir(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy_dir(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }

    fn all_links(site: &Site) -> Vec<(LinksKey, PageLinks)> {
        (site.content.pages.iter())
            .map(|p| {
                let plan = site.link_plan(p);
                (plan.key(), plan.values(site.links()))
            })
            .collect()
    }

    /// The invariant of [`LinkPlan`], which `serve` relies on: after a
    /// page's title or weight changes, a page whose key is the same and
    /// does not show the edited page has the same links. Every page of
    /// the site is edited in turn, both ways.
    #[test]
    fn links_change_only_with_their_key() {
        let (_tmp, mut site) = windowed_site();
        let langs: HashSet<String> = site
            .config
            .languages
            .iter()
            .map(|l| l.code.clone())
            .collect();
        let before = all_links(&site);
        assert!(
            (before.iter()).any(|(k, _)| k.0.contains(&Shows::Windowed(true))),
            "the fixture has a windowed listing"
        );
        let (mut kept, mut remade) = (0, 0);
        for q in 0..site.content.pages.len() {
            let original = site.content.pages[q].clone();
            let mut titled = original.clone();
            titled.front.title = format!("{} (renamed)", titled.front.title);
            let mut moved = original.clone();
            moved.front.weight = -1;
            for edited in [titled, moved] {
                site.replace_page(q, edited, &langs);
                for (p, (key, links)) in all_links(&site).into_iter().enumerate() {
                    if p == q || key != before[p].0 || key.shows(q) {
                        remade += 1;
                        continue;
                    }
                    kept += 1;
                    assert_eq!(
                        links, before[p].1,
                        "page {} changed with page {} (same key)",
                        site.content.pages[p].rel, site.content.pages[q].rel
                    );
                }
                site.replace_page(q, original.clone(), &langs);
            }
        }
        assert!(
            kept > remade,
            "most pages keep their links: {kept} / {remade}"
        );
    }
}
