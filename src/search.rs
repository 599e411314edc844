//! Search: one Pagefind index per language (with that language's stemming),
//! fed page by page ([`SearchIndexer::add_page`]) and glossary term by term
//! ([`SearchIndexer::add_record`]), turned into the files of each
//! language's `<lang>/pagefind/` folder ([`SearchIndexer::finish`]). Knows
//! nothing of sites or templates; the extras phase (`site::extras`) feeds it.
//!
//! Pagefind's API is async; a current-thread tokio runtime, created once per
//! process, drives it (its parsing runs on tokio's blocking pool), from any
//! thread. A rendering thread never waits for a language's index: a page
//! whose index is busy is queued, and the thread that holds the index parses
//! the queue before it lets go, so the languages are parsed in parallel and
//! every rendering thread keeps rendering. A one-off build
//! ([`SearchIndexer::one_off`]) makes a language's files as soon as its last
//! page is parsed, while the other languages still render, and drops that
//! language's Pagefind state.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError};

use crate::stdx::lock;

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
        // Pagefind parses each page on the blocking pool; at most two
        // rendering threads (and four languages when the indexes are built)
        // wait on it at a time. Without a cap, a new thread starts whenever
        // none is idle at that instant (31 on the 10,000-page corpus), each
        // with its own allocator heap.
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .max_blocking_threads(4)
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
    state: Mutex<LangState>,
    /// Pages given while another thread held `state`, for that thread to
    /// parse before it lets go: (URL, what Pagefind is given).
    queue: Mutex<Vec<(String, String)>>,
    /// URL → content hash of the HTML it was last fed (so a page fed again
    /// with the same bytes is not parsed again).
    fed: Mutex<HashMap<String, String>>,
    /// Fed since its files were last made ([`SearchIndexer::files`]).
    dirty: AtomicBool,
}

/// What the thread that holds a language's index works on.
struct LangState {
    /// `None` once its files were made early (a one-off build).
    index: Option<PagefindIndex>,
    /// Reserved pages not parsed yet: when none is left, a one-off build
    /// makes the language's files.
    unparsed: HashSet<String>,
    /// The files made as soon as the last page was parsed (one-off build).
    early: Option<LangFiles>,
}

/// The per-language indexes being built. Every method takes `&self` and may
/// be called from any thread: pages are fed from the rendering threads as
/// they render ([`SearchIndexer::add_page`]). The languages' indexes are
/// independent, so four languages are parsed and built in parallel; within
/// one language Pagefind parses one page at a time (the thread that holds
/// it parses what the others queued).
///
/// Pagefind keeps of each page only what it parsed out of it (the text of
/// its `data-pagefind-body` element, its words and anchors), not its HTML;
/// this indexer keeps one content hash per page on top.
#[derive(Default)]
pub struct SearchIndexer {
    langs: BTreeMap<String, LangIndex>,
    errors: Mutex<Vec<IndexError>>,
    /// Make a language's files as soon as its reserved pages are parsed
    /// ([`SearchIndexer::one_off`]).
    one_off: bool,
}

/// One language's index files (path below the language folder, bytes),
/// or why Pagefind could not make them.
type LangFiles = Result<Vec<(String, Vec<u8>)>, String>;

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
                    let state = LangState {
                        index: Some(index),
                        unparsed: HashSet::new(),
                        early: None,
                    };
                    let lang_index = LangIndex {
                        state: Mutex::new(state),
                        queue: Mutex::new(Vec::new()),
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

    /// For a build that takes its files once ([`SearchIndexer::finish`]):
    /// a language's files are made as soon as every page reserved for it
    /// was parsed, by the thread that parsed the last one, and its Pagefind
    /// state is dropped then (`serve` keeps it, to feed pages again).
    pub fn one_off(mut self) -> SearchIndexer {
        self.one_off = true;
        self
    }

    /// Reserves each page's place in its language's index, in the order
    /// given (`(url, lang)`; the languages in parallel). Pagefind numbers
    /// pages in the order it first sees their URLs, and pages are fed from
    /// the rendering threads in any order: reserved first, the index files
    /// are the same bytes on every build. A page reserved but never fed
    /// has no words, and Pagefind leaves it out.
    pub fn reserve<'a>(&self, pages: impl IntoIterator<Item = (&'a str, &'a str)>) {
        let mut by_lang: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (url, lang) in pages {
            by_lang.entry(lang).or_default().push(url);
        }
        let failed: Vec<IndexError> = by_lang
            .into_par_iter()
            .filter_map(|(lang, urls)| {
                let l = self.langs.get(lang)?;
                let mut state = lock(&l.state);
                state.unparsed.extend(urls.iter().map(|u| u.to_string()));
                let index = state.index.as_mut()?;
                runtime()
                    .block_on(async {
                        for url in urls {
                            let empty = String::new();
                            let lang = lang.to_string();
                            index
                                .add_custom_record(url.to_string(), empty, lang, None, None, None)
                                .await
                                .map_err(|e| e.to_string())?;
                        }
                        Ok::<(), String>(())
                    })
                    .err()
                    .map(|e| IndexError {
                        what: lang.to_string(),
                        message: format!("cannot start the search index: {e}"),
                    })
            })
            .collect();
        lock(&self.errors).extend(failed);
    }

    fn error(&self, what: &str, message: String) {
        let what = what.to_string();
        lock(&self.errors).push(IndexError { what, message });
    }

    /// Indexes one page: its output path, its HTML, its language. `url` is
    /// the URL results link to (a section's heading anchor is appended).
    /// Only the page's `<main data-pagefind-body>` element is given to
    /// Pagefind when it has one ([`indexed_part`]): Pagefind would index
    /// nothing else, and the header, navigation and footer around it are
    /// more than half of a page's tags, so parsing them is wasted. A page
    /// fed again replaces its earlier version (`serve`; in a one-off build
    /// it is a duplicate URL, left out); fed again with the
    /// same indexed part (say, only its navigation changed), it is not
    /// parsed again. Returns whether the index changed.
    pub fn add_page(&self, url: &str, html: &str, lang: &str) -> bool {
        let Some(l) = self.langs.get(lang) else {
            return false;
        };
        let input = match indexed_part(html) {
            Some(body) => {
                let mut input = format!("<html lang=\"{lang}\"><body>");
                push_without_scripts(&mut input, body);
                input.push_str("</body></html>");
                input
            }
            None => html.to_string(),
        };
        let hash = crate::output::content_hash(input.as_bytes());
        {
            let mut fed = lock(&l.fed);
            // In a one-off build a URL comes once: a second page with it is
            // a duplicate, which the build reports as the cause (its index
            // may be made already).
            if fed.get(url) == Some(&hash) || self.one_off && fed.contains_key(url) {
                return false;
            }
            fed.insert(url.to_string(), hash);
        }
        lock(&l.queue).push((url.to_string(), input));
        self.parse_queue(lang, l);
        true
    }

    /// Parses the queued pages of `l` unless another thread holds its index
    /// (that thread parses them before it lets go): the queue is empty when
    /// no thread holds the index.
    ///
    /// Nor does a thread that is inside a Pagefind call already: Pagefind
    /// waits on rayon, so a rendering thread that is parsing a page can be
    /// handed another page's job, and tokio refuses a second `block_on` on
    /// one thread ("Cannot start a runtime from within a runtime"). The page
    /// stays queued for the next page of its language, or the end
    /// ([`SearchIndexer::files`], [`SearchIndexer::finish`]).
    fn parse_queue(&self, lang: &str, l: &LangIndex) {
        if tokio::runtime::Handle::try_current().is_ok() {
            return;
        }
        loop {
            let mut state = match l.state.try_lock() {
                Ok(state) => state,
                Err(TryLockError::Poisoned(e)) => e.into_inner(),
                Err(TryLockError::WouldBlock) => return,
            };
            self.parse_queued(lang, l, &mut state);
            drop(state);
            // A page queued after the last look but before the unlock.
            if lock(&l.queue).is_empty() {
                return;
            }
        }
    }

    /// Parses every page queued for `l`, its index held; in a one-off build
    /// makes its files once the last reserved page is parsed.
    fn parse_queued(&self, lang: &str, l: &LangIndex, state: &mut MutexGuard<'_, LangState>) {
        loop {
            let next = lock(&l.queue).pop();
            let Some((url, input)) = next else {
                break;
            };
            let Some(index) = state.index.as_mut() else {
                self.error(
                    &url,
                    "cannot index the page: its index was already made".into(),
                );
                continue;
            };
            let added = runtime().block_on(index.add_html_file(None, Some(url.clone()), input));
            match added {
                Ok(_) => l.dirty.store(true, Ordering::Release),
                Err(e) => {
                    self.error(&url, format!("cannot index the page: {e}"));
                    lock(&l.fed).remove(&url);
                }
            }
            state.unparsed.remove(&url);
        }
        if self.one_off && state.unparsed.is_empty() && state.early.is_none() {
            if let Some(mut index) = state.index.take() {
                state.early = Some(build_files(lang, &mut index));
                l.dirty.store(false, Ordering::Release);
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
            let mut state = lock(&l.state);
            let Some(index) = state.index.as_mut() else {
                return self.error(
                    record.url,
                    "cannot index the record: its index was already made".into(),
                );
            };
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

    /// Leaves `lang` out: it is not fed (its pages are ignored) and gets no
    /// files (`build`, when its previous index is reused).
    pub fn forget(&mut self, lang: &str) {
        self.langs.remove(lang);
    }

    /// The pages fed so far, over all languages.
    pub fn pages(&self) -> usize {
        self.langs.values().map(|l| lock(&l.fed).len()).sum()
    }

    /// Builds the index of every language fed since its files were last
    /// made (all of them the first time), the languages side by side: per
    /// language `(path below the language folder, bytes)`
    /// (paths start with [`INDEX_DIR`]). A language missing from the result
    /// has the files it had. Takes (and clears) the errors so far. `serve`
    /// calls it after each change; the index keeps every page it parsed.
    pub fn files(&self) -> (IndexFiles, Vec<IndexError>) {
        // One thread of its own per language, not rayon's: a rayon thread
        // waiting inside one language's Pagefind call could be handed
        // another language's job, a second `block_on` on one thread.
        let built: Vec<(String, LangFiles)> = std::thread::scope(|scope| {
            let jobs: Vec<_> = (self.langs.iter())
                .map(|(lang, l)| scope.spawn(move || self.lang_files(lang, l)))
                .collect();
            (jobs.into_iter())
                .filter_map(|job| job.join().expect("a language's index thread panicked"))
                .collect()
        });
        self.collect(built)
    }

    /// The files of language `lang` for [`SearchIndexer::files`], if they
    /// changed.
    fn lang_files(&self, lang: &str, l: &LangIndex) -> Option<(String, LangFiles)> {
        let mut state = lock(&l.state);
        self.parse_queued(lang, l, &mut state);
        if let Some(early) = state.early.take() {
            return Some((lang.to_string(), early));
        }
        if !l.dirty.swap(false, Ordering::AcqRel) {
            return None;
        }
        let index = state.index.as_mut()?;
        Some((lang.to_string(), build_files(lang, index)))
    }

    /// [`SearchIndexer::files`] for a one-off build (`build`): the files of
    /// the languages made early (every page parsed) and of the others, made
    /// now one language after the other, with less memory: each language's
    /// Pagefind state is dropped as soon as its files are made (building a
    /// language's index copies every page Pagefind holds of it, so two at a
    /// time would hold two copies).
    pub fn finish(self) -> (IndexFiles, Vec<IndexError>) {
        let mut built = Vec::new();
        for (lang, l) in &self.langs {
            let mut state = lock(&l.state);
            self.parse_queued(lang, l, &mut state);
            if let Some(early) = state.early.take() {
                built.push((lang.clone(), early));
            } else if let Some(mut index) = state.index.take() {
                built.push((lang.clone(), build_files(lang, &mut index)));
            }
        }
        self.collect(built)
    }

    fn collect(&self, built: Vec<(String, LangFiles)>) -> (IndexFiles, Vec<IndexError>) {
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
}

/// Builds one language's index and returns the files the site serves.
fn build_files(lang: &str, index: &mut PagefindIndex) -> Result<Vec<(String, Vec<u8>)>, String> {
    let files = runtime().block_on(index.get_files());
    files.map(|f| kept(lang, f)).map_err(|e| e.to_string())
}

/// The `<main data-pagefind-body …>…</main>` element of a page, when it has
/// exactly one `<main>` and it carries the attribute (HTML allows one
/// visible `<main>`; its text cannot hold `<main` unescaped). `None`: give
/// Pagefind the whole page (it finds `data-pagefind-body` anywhere).
pub fn indexed_part(html: &str) -> Option<&str> {
    let open = |at: usize| {
        let rest = &html[at + "<main".len()..];
        rest.starts_with([' ', '>', '\t', '\n', '\r'])
    };
    let mut starts = html
        .match_indices("<main")
        .map(|(i, _)| i)
        .filter(|&i| open(i));
    let start = starts.next()?;
    if starts.next().is_some() {
        return None;
    }
    let tag_end = start + html[start..].find('>')?;
    if !html[start..tag_end].contains("data-pagefind-body") {
        return None;
    }
    let mut ends = html.match_indices("</main>").map(|(i, _)| i);
    let end = ends.next()?;
    if ends.next().is_some() || end < tag_end {
        return None;
    }
    Some(&html[start..end + "</main>".len()])
}

/// Appends `html` to `out` with its `<script>` elements emptied (an
/// exercise's spec and strings are a fifth of a lesson's `<main>`): Pagefind
/// indexes nothing of a script (`script` is among the elements it removes
/// with their content), so the index is the same, parsed from less. The
/// tags stay, with their attributes: an `id` still counts as an anchor
/// (Pagefind numbers anchors in document order). A script's text ends at
/// the first `</script` (HTML has no escape inside it); an unclosed one is
/// kept whole.
fn push_without_scripts(out: &mut String, html: &str) {
    let mut rest = html;
    while let Some(at) = find_open_tag(rest, "script") {
        let Some(open_end) = rest[at..].find('>').map(|end| at + end + 1) else {
            break;
        };
        let Some(close) = rest[open_end..].find("</script").map(|end| open_end + end) else {
            break;
        };
        out.push_str(&rest[..open_end]);
        rest = &rest[close..];
        // Past `</script`, so that the next search starts after it.
        out.push_str(&rest[.."</script".len()]);
        rest = &rest["</script".len()..];
    }
    out.push_str(rest);
}

/// Where the first `<tag` opening tag starts (`<tag>` or `<tag ` …, not
/// `<tagname`).
fn find_open_tag(html: &str, tag: &str) -> Option<usize> {
    let open = format!("<{tag}");
    html.match_indices(&open).map(|(i, _)| i).find(|&i| {
        let after = &html[i + open.len()..];
        after.starts_with([' ', '>', '\t', '\n', '\r', '/'])
    })
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
    fn only_a_single_main_with_the_body_attribute_is_cut_out() {
        let page = "<html><body><nav>x</nav><main id=\"m\" data-pagefind-body><h1>T</h1></main><footer>f</footer></body></html>";
        assert_eq!(
            indexed_part(page),
            Some("<main id=\"m\" data-pagefind-body><h1>T</h1></main>")
        );
        assert_eq!(indexed_part(&page.replace(" data-pagefind-body", "")), None);
        let two = page.replace("<footer>", "<main data-pagefind-body>b</main><footer>");
        assert_eq!(indexed_part(&two), None);
        assert_eq!(indexed_part("<html><mainly data-pagefind-body>"), None);
        assert_eq!(indexed_part("<main data-pagefind-body>open"), None);
    }

    #[test]
    fn reserved_pages_give_the_same_index_in_any_feeding_order() {
        let urls = ["/de/a/", "/de/b/", "/de/c/"];
        let page = |u: &str| PAGE.replace("Spieler<", &format!("Spieler {u}<"));
        let build = |order: &[usize], reserve: bool| {
            let ix = SearchIndexer::new(["de"]);
            if reserve {
                ix.reserve(urls.iter().map(|u| (*u, "de")));
            }
            for &i in order {
                assert!(ix.add_page(urls[i], &page(urls[i]), "de"));
            }
            ix.finish().0
        };
        let a = build(&[0, 1, 2], true);
        assert_eq!(a, build(&[2, 0, 1], true));
        // Without the reservation, the order shows (so the test can fail).
        assert_ne!(build(&[0, 1, 2], false), build(&[2, 0, 1], false));
        // A reserved page never fed is left out (no fragment for it).
        let ix = SearchIndexer::new(["de"]);
        ix.reserve(urls.iter().map(|u| (*u, "de")));
        ix.add_page(urls[0], &page(urls[0]), "de");
        let files = &ix.finish().0["de"];
        let fragments = files
            .iter()
            .filter(|(p, _)| p.starts_with("pagefind/fragment/"));
        assert_eq!(fragments.count(), 1);
    }

    #[test]
    fn a_page_fed_inside_a_pagefind_call_waits_in_the_queue_and_gives_the_same_index() {
        let page2 = PAGE.replace("Spieler", "Wand");
        let made = |nested: bool| {
            let ix = SearchIndexer::new(["de"]).one_off();
            ix.reserve([("/de/a/", "de"), ("/de/b/", "de")]);
            assert!(ix.add_page("/de/a/", PAGE, "de"));
            if nested {
                // As a rendering thread handed a job while Pagefind waits.
                runtime().block_on(async { ix.add_page("/de/b/", &page2, "de") });
            } else {
                ix.add_page("/de/b/", &page2, "de");
            }
            let (files, errors) = ix.finish();
            assert!(errors.is_empty(), "{errors:?}");
            files
        };
        assert_eq!(made(true), made(false));
    }

    #[test]
    fn a_one_off_build_leaves_out_a_second_page_with_the_same_url() {
        // Two pages that write one URL (the build reports it): the second
        // is left out whether or not the language's files are made yet.
        for early in [true, false] {
            let ix = SearchIndexer::new(["de"]).one_off();
            ix.reserve([("/de/a/", "de")]);
            if !early {
                ix.reserve([("/de/b/", "de")]);
            }
            assert!(ix.add_page("/de/a/", PAGE, "de"));
            let other = PAGE.replace("Spieler", "Wand");
            assert!(!ix.add_page("/de/a/", &other, "de"), "a duplicate");
            if !early {
                assert!(ix.add_page("/de/b/", &other, "de"));
            }
            let (files, errors) = ix.finish();
            assert!(errors.is_empty(), "{errors:?}");
            assert!(files.contains_key("de"));
        }
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
        // Only what lies outside the indexed part changed: not parsed again.
        let renav = PAGE.replace("<body>", "<body><nav>Neu</nav>");
        assert!(!ix.add_page("/de/a/", &renav, "de"));
        // New bytes replace the page (one page, not two) and rebuild de only.
        let edited = PAGE.replace("passt", "wartet");
        assert!(ix.add_page("/de/a/", &edited, "de"));
        assert_eq!(ix.pages(), 1);
        let (second, _) = ix.files();
        assert_eq!(second.keys().collect::<Vec<_>>(), ["de"]);
        assert_ne!(first["de"], second["de"]);
    }

    #[test]
    fn a_one_off_build_makes_a_language_at_its_last_page_with_the_same_bytes() {
        let urls: Vec<String> = (0..24).map(|i| format!("/de/p{i}/")).collect();
        let page = |u: &str| PAGE.replace("Spieler<", &format!("Spieler {u}<"));
        let build = |one_off: bool, threads: usize| {
            let mut ix = SearchIndexer::new(["de", "en"]);
            if one_off {
                ix = ix.one_off();
            }
            ix.reserve(urls.iter().map(|u| (u.as_str(), "de")));
            // Several threads feed one language at once: pages queue while
            // another thread parses.
            std::thread::scope(|s| {
                for t in 0..threads {
                    let (ix, urls) = (&ix, &urls);
                    s.spawn(move || {
                        for u in urls.iter().skip(t).step_by(threads).rev() {
                            assert!(ix.add_page(u, &page(u), "de"));
                        }
                    });
                }
            });
            assert!(lock(&ix.langs["de"].queue).is_empty(), "a page left queued");
            let state = lock(&ix.langs["de"].state);
            assert_eq!(state.early.is_some(), one_off);
            assert_eq!(state.index.is_none(), one_off, "dropped once made");
            drop(state);
            ix.finish()
        };
        let (files, errors) = build(false, 1);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(build(true, 4), (files.clone(), Vec::new()));
        assert_eq!(build(false, 3), (files, Vec::new()));
    }

    #[test]
    fn scripts_left_out_of_what_pagefind_parses_give_the_same_index() {
        let mut out = String::new();
        let html = "<p>a</p><script type=\"application/json\">{\"x\":\"<p>no</p>\"}</script><scripts>k</scripts><p>b<script>1</script >c</p><script>open";
        push_without_scripts(&mut out, html);
        assert_eq!(
            out,
            "<p>a</p><script type=\"application/json\"></script><scripts>k</scripts><p>b<script></script >c</p><script>open"
        );
        // Pagefind itself, fed the page with and without its scripts.
        let page = format!(
            "<html lang=\"en\"><body><main data-pagefind-body><h1 id=\"t\">Tiles</h1><p>Jokers wild{}</p><h2 id=\"s\">Soap</h2>{}<p>White dragon</p></main></body></html>",
            "<script>var joker = 'soap';</script> and more",
            "<script id=\"quiz-texts\" type=\"application/json\">{\"a\":\"dragon flower\"}</script><h3 id=\"w\">Wind</h3>"
        );
        let mut stripped = String::new();
        push_without_scripts(&mut stripped, &page);
        assert!(!stripped.contains("soap") && !stripped.contains("flower"));
        let files = |html: String| {
            let options = PagefindServiceConfig::builder()
                .force_language("en".to_string())
                .build();
            let mut index = PagefindIndex::new(Some(options)).unwrap();
            runtime()
                .block_on(index.add_html_file(None, Some("/en/t/".into()), html))
                .unwrap();
            build_files("en", &mut index).unwrap()
        };
        assert_eq!(files(page), files(stripped));
    }
}
