//! Search: one Pagefind index per language (with that language's stemming),
//! fed page by page ([`SearchIndexer::add_page`]) and glossary term by term
//! ([`SearchIndexer::add_record`]), turned into the files of each
//! language's `<lang>/pagefind/` folder ([`SearchIndexer::finish`]). Knows
//! nothing of sites or templates; the extras phase (`site::extras`) feeds it.
//!
//! Pagefind's API is async; a current-thread tokio runtime, created once per
//! process, drives it (its parsing runs on tokio's blocking pool).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use pagefind::api::PagefindIndex;
use pagefind::options::PagefindServiceConfig;

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

/// The per-language indexes being built.
#[derive(Default)]
pub struct SearchIndexer {
    indexes: BTreeMap<String, PagefindIndex>,
    errors: Vec<IndexError>,
}

impl SearchIndexer {
    pub fn new() -> SearchIndexer {
        SearchIndexer::default()
    }

    fn index(&mut self, lang: &str) -> Option<&mut PagefindIndex> {
        if !self.indexes.contains_key(lang) {
            let options = PagefindServiceConfig::builder()
                .force_language(lang.to_string())
                .build();
            match PagefindIndex::new(Some(options)) {
                Ok(index) => {
                    self.indexes.insert(lang.to_string(), index);
                }
                Err(e) => {
                    self.errors.push(IndexError {
                        what: lang.to_string(),
                        message: format!("cannot start the search index: {e}"),
                    });
                    return None;
                }
            }
        }
        self.indexes.get_mut(lang)
    }

    /// Indexes one page: its output path, its HTML, its language. `url` is
    /// the URL results link to (a section's heading anchor is appended).
    pub fn add_page(&mut self, url: &str, html: &str, lang: &str) {
        let Some(index) = self.index(lang) else {
            return;
        };
        let added =
            runtime().block_on(index.add_html_file(None, Some(url.to_string()), html.to_string()));
        if let Err(e) = added {
            self.errors.push(IndexError {
                what: url.to_string(),
                message: format!("cannot index the page: {e}"),
            });
        }
    }

    /// Indexes a text that is not a page (a glossary term) under `url`.
    pub fn add_record(&mut self, record: &Record<'_>, lang: &str) {
        let Some(index) = self.index(lang) else {
            return;
        };
        let meta = BTreeMap::from([("title".to_string(), record.title.to_string())]);
        let content = format!("{} {}", record.title, record.text);
        let added = runtime().block_on(index.add_custom_record(
            record.url.to_string(),
            content,
            lang.to_string(),
            Some(meta),
            None,
            None,
        ));
        if let Err(e) = added {
            self.errors.push(IndexError {
                what: record.url.to_string(),
                message: format!("cannot index the record: {e}"),
            });
        }
    }

    /// Builds every language's index: `(path below the language folder, bytes)`
    /// per language (paths start with [`INDEX_DIR`]), and what failed.
    pub fn finish(self) -> (IndexFiles, Vec<IndexError>) {
        let mut errors = self.errors;
        let mut out = BTreeMap::new();
        for (lang, mut index) in self.indexes {
            match runtime().block_on(index.get_files()) {
                Ok(files) => {
                    let mut kept: Vec<(String, Vec<u8>)> = files
                        .into_iter()
                        .filter_map(|f| {
                            let name = f.filename.to_string_lossy().replace('\\', "/");
                            wanted(&name).then(|| (format!("{INDEX_DIR}/{name}"), f.contents))
                        })
                        .collect();
                    // The generic WebAssembly is only for a language
                    // without stemming.
                    let stemmed = format!("{INDEX_DIR}/wasm.{lang}.pagefind");
                    if kept.iter().any(|(p, _)| *p == stemmed) {
                        kept.retain(|(p, _)| !p.ends_with("/wasm.unknown.pagefind"));
                    }
                    kept.sort_by(|a, b| a.0.cmp(&b.0));
                    out.insert(lang, kept);
                }
                Err(e) => errors.push(IndexError {
                    what: lang.clone(),
                    message: format!("cannot build the search index: {e}"),
                }),
            }
        }
        (out, errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_one_index_per_language_without_pagefind_ui_files() {
        let mut ix = SearchIndexer::new();
        ix.add_page(
            "/de/a/",
            "<html lang=\"de\"><body><h1 id=\"x\">Spieler</h1><p>Die Spielerin passt.</p></body></html>",
            "de",
        );
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
}
