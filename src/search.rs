//! Search: one Pagefind index per language (with that language's stemming),
//! fed page by page ([`SearchIndexer::add_page`]) and glossary term by term
//! ([`SearchIndexer::add_record`]), turned into the files of each
//! language's `<lang>/pagefind/` folder ([`SearchIndexer::finish`]). Knows
//! nothing of sites or templates; the extras phase (`site::extras`) feeds it.
//!
//! Pagefind's API is async; a current-thread tokio runtime, created once per
//! process, drives it (its parsing runs on tokio's blocking pool).

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

use pagefind::api::PagefindIndex;
use pagefind::options::PagefindServiceConfig;
use rayon::prelude::*;

/// The folder of a language's index, below the language's folder.
pub const INDEX_DIR: &str = "pagefind";

/// The index files the browser needs: the search API, its worker, the
/// entry, the language's stemming WebAssembly and the index chunks. Pagefind's
/// own UI files are left out (the theme has its own search box).
fn wanted(name: &str) -> bool {
    matches!(
        name,
        "pagefind.js" | "pagefind-worker.js" | "pagefind-entry.json"
    ) || (name.starts_with("wasm.") && name.ends_with(".pagefind"))
        || name.ends_with(".pf_meta")
        || name.starts_with("fragment/")
        || name.starts_with("index/")
        || name.starts_with("filter/")
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a current-thread tokio runtime")
    })
}

/// One page or record that could not be indexed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexError {
    /// The output path or URL it was given.
    pub what: String,
    pub message: String,
}

/// A glossary term (or any text that is not a page) to make findable.
pub struct Record<'a> {
    /// The URL a result links to (with its `#anchor`).
    pub url: &'a str,
    pub title: &'a str,
    pub text: &'a str,
}

/// Language → its index files: (path below the language folder, bytes).
pub type IndexFiles = BTreeMap<String, Vec<(String, Vec<u8>)>>;

/// One language's index and what it was fed.
struct LangIndex {
    index: Mutex<PagefindIndex>,
    /// URL → content hash of the HTML it was last fed (so a page fed again
    /// with the same bytes is not parsed again).
    fed: Mutex<HashMap<String, String>>,
    /// Fed since its files were last made ([`SearchIndexer::files`]).
    dirty: AtomicBool,
}

/// The per-language indexes being built. Every method takes `&self` and may
/// be called from any thread: pages are fed from the rendering threads as
/// they render ([`SearchIndexer::add_page`]). The languages' indexes are
/// independent, so four languages are fed and built in parallel; within one
/// language Pagefind parses one page at a time.
///
/// Pagefind keeps of each page only what it parsed out of it (the text of
/// its `data-pagefind-body` element, its words and anchors), not its HTML;
/// this indexer keeps one content hash per page on top.
#[derive(Default)]
pub struct SearchIndexer {
    langs: BTreeMap<String, LangIndex>,
    errors: Mutex<Vec<IndexError>>,
}

impl SearchIndexer {
    /// Indexes for `langs` (codes; each gets its language's stemming).
    pub fn new<'a>(langs: impl IntoIterator<Item = &'a str>) -> SearchIndexer {
        let mut indexer = SearchIndexer::default();
        for lang in langs {
            let options = PagefindServiceConfig::builder()
                .force_language(lang.to_string())
                .build();
            match PagefindIndex::new(Some(options)) {
                Ok(index) => {
                    let lang_index = LangIndex {
                        index: Mutex::new(index),
                        fed: Mutex::new(HashMap::new()),
                        dirty: AtomicBool::new(true),
                    };
                    indexer.langs.insert(lang.to_string(), lang_index);
                }
                Err(e) => indexer.error(lang, format!("cannot start the search index: {e}")),
            }
        }
        indexer
    }

    fn error(&self, what: &str, message: String) {
        let what = what.to_string();
        lock(&self.errors).push(IndexError { what, message });
    }

    /// Indexes one page: its output path, its HTML, its language. `url` is
    /// the URL results link to (a section's heading anchor is appended).
    /// A page fed again replaces its earlier version (`serve`); fed again
    /// with the same bytes, it is not parsed again. Returns whether the
    /// index changed.
    pub fn add_page(&self, url: &str, html: &str, lang: &str) -> bool {
        let Some(l) = self.langs.get(lang) else {
            return false;
        };
        let hash = crate::output::content_hash(html.as_bytes());
        if lock(&l.fed).get(url) == Some(&hash) {
            return false;
        }
        let added = {
            let mut index = lock(&l.index);
            runtime().block_on(index.add_html_file(None, Some(url.to_string()), html.to_string()))
        };
        match added {
            Ok(_) => {
                lock(&l.fed).insert(url.to_string(), hash);
                l.dirty.store(true, Ordering::Release);
                true
            }
            Err(e) => {
                self.error(url, format!("cannot index the page: {e}"));
                false
            }
        }
    }

    /// Indexes a text that is not a page (a glossary term) under `url`.
    pub fn add_record(&self, record: &Record<'_>, lang: &str) {
        let Some(l) = self.langs.get(lang) else {
            return;
        };
        let meta = BTreeMap::from([("title".to_string(), record.title.to_string())]);
        let content = format!("{} {}", record.title, record.text);
        let added = {
            let mut index = lock(&l.index);
            runtime().block_on(index.add_custom_record(
                record.url.to_string(),
                content,
                lang.to_string(),
                Some(meta),
                None,
                None,
            ))
        };
        match added {
            Ok(_) => l.dirty.store(true, Ordering::Release),
            Err(e) => self.error(record.url, format!("cannot index the record: {e}")),
        }
    }

    /// The pages fed so far, over all languages.
    pub fn pages(&self) -> usize {
        self.langs.values().map(|l| lock(&l.fed).len()).sum()
    }

    /// Builds the index of every language fed since its files were last
    /// made (all of them the first time), the languages in parallel: per
    /// language `(path below the language folder, bytes)` (paths start with
    /// [`INDEX_DIR`]). A language missing from the result has the files it
    /// had. Takes (and clears) the errors so far.
    pub fn files(&self) -> (IndexFiles, Vec<IndexError>) {
        let built: Vec<(String, Result<Vec<(String, Vec<u8>)>, String>)> = self
            .langs
            .par_iter()
            .filter(|(_, l)| l.dirty.swap(false, Ordering::AcqRel))
            .map(|(lang, l)| {
                let files = runtime().block_on(lock(&l.index).get_files());
                (lang.clone(), files.map(|f| kept(lang, f)).map_err(|e| e.to_string()))
            })
            .collect();
        let mut errors = std::mem::take(&mut *lock(&self.errors));
        let mut out = BTreeMap::new();
        for (lang, files) in built {
            match files {
                Ok(files) => {
                    out.insert(lang, files);
                }
                Err(e) => errors.push(IndexError {
                    what: lang,
                    message: format!("cannot build the search index: {e}"),
                }),
            }
        }
        (out, errors)
    }

    /// [`SearchIndexer::files`] for a one-off build: each language's
    /// Pagefind state is dropped as soon as its files are made.
    pub fn finish(self) -> (IndexFiles, Vec<IndexError>) {
        let (files, errors) = self.files();
        drop(self);
        (files, errors)
    }
}

/// The files of Pagefind's output the site serves, sorted by path.
fn kept(lang: &str, files: Vec<pagefind::api::SyntheticFile>) -> Vec<(String, Vec<u8>)> {
    let mut kept: Vec<(String, Vec<u8>)> = files
        .into_iter()
        .filter_map(|f| {
            let name = f.filename.to_string_lossy().replace('\\', "/");
            wanted(&name).then(|| (format!("{INDEX_DIR}/{name}"), f.contents))
        })
        .collect();
    // The generic WebAssembly is only for a language without stemming.
    let stemmed = format!("{INDEX_DIR}/wasm.{lang}.pagefind");
    if kept.iter().any(|(p, _)| *p == stemmed) {
        kept.retain(|(p, _)| !p.ends_with("/wasm.unknown.pagefind"));
    }
    kept.sort_by(|a, b| a.0.cmp(&b.0));
    kept
}

/// A lock, even if a thread panicked holding it (the data stays usable).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<html lang=\"de\"><body><main data-pagefind-body><h1 id=\"x\">Spieler</h1><p>Die Spielerin passt.</p></main></body></html>";

    #[test]
    fn builds_one_index_per_language_without_pagefind_ui_files() {
        let ix = SearchIndexer::new(["de", "en"]);
        assert!(ix.add_page("/de/a/", PAGE, "de"));
        ix.add_record(
            &Record {
                url: "/en/glossary/#soap",
                title: "Soap",
                text: "The white dragon.",
            },
            "en",
        );
        let (files, errors) = ix.finish();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(files.keys().collect::<Vec<_>>(), ["de", "en"]);
        let de: Vec<&str> = files["de"].iter().map(|(p, _)| p.as_str()).collect();
        assert!(de.contains(&"pagefind/pagefind.js"), "{de:?}");
        assert!(de.contains(&"pagefind/wasm.de.pagefind"), "{de:?}");
        assert!(!de.iter().any(|p| p.contains("-ui.")), "{de:?}");
        assert!(!de.contains(&"pagefind/wasm.en.pagefind"), "{de:?}");
        assert!(!de.contains(&"pagefind/wasm.unknown.pagefind"), "{de:?}");
        assert!(de.iter().any(|p| p.ends_with(".pf_index")), "{de:?}");
    }

    #[test]
    fn a_page_fed_again_is_parsed_again_only_when_its_bytes_changed() {
        let ix = SearchIndexer::new(["de", "en"]);
        assert!(ix.add_page("/de/a/", PAGE, "de"));
        assert!(!ix.add_page("/x/", PAGE, "fr"), "no index for fr");
        let (first, errors) = ix.files();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(first.keys().collect::<Vec<_>>(), ["de", "en"]);
        // The same bytes again: nothing to parse, no language to rebuild.
        assert!(!ix.add_page("/de/a/", PAGE, "de"));
        assert!(ix.files().0.is_empty());
        // New bytes replace the page (one page, not two) and rebuild de only.
        let edited = PAGE.replace("passt", "wartet");
        assert!(ix.add_page("/de/a/", &edited, "de"));
        assert_eq!(ix.pages(), 1);
        let (second, _) = ix.files();
        assert_eq!(second.keys().collect::<Vec<_>>(), ["de"]);
        assert_ne!(first["de"], second["de"]);
    }
}
