//! The site's side of search and offline use: what each language's search
//! index holds (its pages, its glossary terms), its web app manifest (words
//! from the strings files) and its service worker's precache list (every
//! output file of the language, hashed). The indexing and the worker itself
//! are `crate::search` and `crate::offline`; `extras` lists the files.

use crate::config::Config;
use crate::content::ContentSet;
use crate::diagnostics::Diagnostics;
use crate::glossary::Glossary;
use crate::i18n::Strings;
use crate::offline;
use crate::output::Output;
use crate::search::{IndexError, IndexFiles, Record, SearchIndexer};

/// The felt theme's tile green (its `theme-color`), for the manifest.
const THEME_COLOR: &str = "#1d4f38";

/// The folder of a language's files in the output (`de/`).
pub(super) fn lang_dir(lang: &str) -> String {
    format!("{lang}/")
}

/// Per language, `<lang>/manifest.webmanifest`.
pub(super) fn manifests(
    config: &Config,
    content: &ContentSet,
    strings: &Strings,
) -> Vec<(String, String)> {
    if !config.offline.enabled {
        return Vec::new();
    }
    let word = |lang: &str, key: &'static str| strings.get(lang, key).unwrap_or(key);
    config
        .languages
        .iter()
        .map(|l| {
            let start = format!("{}{}", config.base_path, lang_dir(&l.code));
            // The language's home title names the app in its language.
            let name = match content.get(&l.code, "_index.md") {
                Some(home) => home.front.title.as_str(),
                None => strings.get(&l.code, "site.title").unwrap_or(&config.title),
            };
            let json = offline::manifest(&offline::ManifestFields {
                name,
                short_name: word(&l.code, "offline.short_name"),
                description: word(&l.code, "offline.app_description"),
                lang: &l.code,
                dir: l.dir.as_str(),
                start_url: &start,
                base_path: &config.base_path,
                theme_color: THEME_COLOR,
            });
            let path = format!("{}{}", lang_dir(&l.code), offline::MANIFEST_FILE);
            (path, json)
        })
        .collect()
}

/// The search indexes the site's pages are fed to as they render
/// ([`super::extras::Extra::on_page`]), one per language, with every
/// page's place reserved in content order (so the index is the same
/// bytes whatever order the pages render in) and the glossary terms
/// added; `None` when search is off.
pub(super) fn search_indexer(
    config: &Config,
    content: &ContentSet,
    glossary: &Glossary,
) -> Option<SearchIndexer> {
    if !config.search.enabled {
        return None;
    }
    let indexer = SearchIndexer::new(config.languages.iter().map(|l| l.code.as_str()));
    let pages = content.pages.iter();
    indexer.reserve(pages.map(|p| (p.url.as_str(), p.lang.as_str())));
    index_glossary(config, content, glossary, &indexer);
    Some(indexer)
}

/// Per language, the files of its search index (`<lang>/pagefind/`):
/// `files` for the languages whose pages changed since the last run,
/// taken from `previous` (the late files of that run) for the others.
pub(super) fn search_index(
    config: &Config,
    files: &IndexFiles,
    errors: &[IndexError],
    previous: &Output,
    output: &mut Output,
    diags: &mut Diagnostics,
) {
    for l in &config.languages {
        let dir = format!("{}{}/", lang_dir(&l.code), crate::search::INDEX_DIR);
        match files.get(&l.code) {
            Some(files) => {
                for (path, bytes) in files {
                    output.insert(format!("{}{path}", lang_dir(&l.code)), bytes.clone());
                }
            }
            None => {
                for (path, bytes) in previous.iter().filter(|(p, _)| p.starts_with(&dir)) {
                    output.insert(path, bytes);
                }
            }
        }
    }
    for e in errors {
        diags.error(
            format!("search index ({})", e.what),
            None,
            e.message.clone(),
        );
    }
}

/// Every glossary term, in every language with a glossary page, as a
/// record that links to the term on that page.
fn index_glossary(
    config: &Config,
    content: &ContentSet,
    glossary: &Glossary,
    indexer: &SearchIndexer,
) {
    for l in &config.languages {
        let Some(page) = content.get(&l.code, crate::glossary::GLOSSARY_PAGE) else {
            continue;
        };
        for term in &glossary.terms {
            let Some(text) = glossary.text(&l.code, &term.id) else {
                continue;
            };
            let url = format!("{}#{}", page.url, Glossary::anchor(&term.id));
            let body = format!("{} {}", text.definition, text.compare);
            let record = Record {
                url: &url,
                title: &text.name,
                text: &body,
            };
            indexer.add_record(&record, &l.code);
        }
    }
}

/// Per language, `<lang>/sw.js`: the service worker whose precache list
/// holds every file of `files` (path, content hash) the language uses.
pub(super) fn service_workers<'a>(
    config: &Config,
    files: impl Iterator<Item = (&'a str, &'a str)>,
) -> Vec<(String, String)> {
    let hashed: Vec<(&str, &str)> = files.collect();
    let codes: Vec<&str> = config.languages.iter().map(|l| l.code.as_str()).collect();
    let base = &config.base_path;
    codes
        .iter()
        .map(|lang| {
            let urls: Vec<(String, &str)> = hashed
                .iter()
                .filter(|(p, _)| offline::precached(p, lang, &codes))
                .map(|(p, h)| (offline::url_of(base, p), *h))
                .collect();
            let list = offline::precache_list(urls.iter().map(|(u, h)| (u.as_str(), *h)));
            let scope = format!("{base}{}", lang_dir(lang));
            let js = offline::service_worker(&offline::WorkerSettings {
                lang,
                scope: &scope,
                precache: &list,
            });
            (format!("{}{}", lang_dir(lang), offline::WORKER_FILE), js)
        })
        .collect()
}
