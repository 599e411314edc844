//! Template contexts: what every template of a language starts from
//! ([`base_context`], built once per language) and what a page adds (its
//! own values, translations, navigation, previous/next, top links).

use super::*;

impl Site {
    /// The context every template of `lang` starts from.
    pub(super) fn base_context(&self, lang: &str) -> Context {
        self.base_contexts[lang].clone()
    }

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
                stale: self.stale(page),
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

    /// What a page's context takes from other pages: its translations,
    /// navigation, section, previous/next and top links. `serve` compares
    /// them before and after another page's title or weight changes, and
    /// renders again only the pages whose links differ.
    pub(crate) fn page_links(&self, page: &Page) -> PageLinks {
        let tree = &self.trees[&page.lang];
        let translations = Value::from_serializable(&self.translations(page));
        let (nav, windowed) = tree.nav_for(&self.content, page);
        let (prev, next) = tree.prev_next(page);
        let mut values = vec![
            ("translations", translations.clone()),
            ("alternates", translations),
            (
                "languages",
                Value::from_serializable(&self.languages_of(page)),
            ),
            ("x_default_url", Value::from(self.x_default_permalink(page))),
            ("nav", nav),
            ("nav_windowed", Value::from(windowed)),
            ("section", tree.parent_section(page)),
            ("prev", prev),
            ("next", next),
            ("top_links", tree.top_links(&self.content, page)),
        ];
        if page.is_section {
            values.push(("section_pages", tree.section_pages(&self.content, page)));
        }
        PageLinks { values }
    }

    pub(super) fn translations(&self, page: &Page) -> Vec<TranslationCtx<'_>> {
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

    /// Every configured language, for a page's language switcher: the
    /// page's translation in it, or that language's home.
    pub(super) fn languages_of(&self, page: &Page) -> Vec<LanguageCtx<'_>> {
        self.language_rows(&page.lang, |code| {
            let p = self.content.get(code, &page.rel)?;
            Some((p.url.clone(), p.front.title.clone()))
        })
    }

    /// The switcher's rows for a page of `lang` whose version in a language
    /// is `found(code)` (its URL and title), if it has one.
    pub(super) fn language_rows(
        &self,
        lang: &str,
        found: impl Fn(&str) -> Option<(String, String)>,
    ) -> Vec<LanguageCtx<'_>> {
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
    pub(super) fn stale(&self, page: &Page) -> Option<StaleCtx> {
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
    pub(super) fn x_default_permalink(&self, page: &Page) -> String {
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
    let home = format!("{}{}", config.base_path, Site::lang_dir(lang));
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

#[derive(Serialize)]
pub(super) struct NavItem<'a> {
    title: &'a str,
    url: &'a str,
    current: bool,
    untranslated: bool,
    is_section: bool,
    /// An array of items. A `Value` field is cloned, not serialised again,
    /// by `Value::from_serializable`.
    children: Value,
}

pub(super) fn nav_item(p: &Page, untranslated: bool, current: bool, children: Value) -> Value {
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
pub(super) struct LinkCtx<'a> {
    title: &'a str,
    url: &'a str,
    untranslated: bool,
}

pub(super) fn link(p: &Page, untranslated: bool) -> Value {
    Value::from_serializable(&LinkCtx {
        title: &p.front.title,
        url: &p.url,
        untranslated,
    })
}
