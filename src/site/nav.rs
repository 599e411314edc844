//! Navigation trees: per language, each folder's entries in weight order
//! (untranslated pages taken from the default language), the reading order
//! for previous/next, the top links, and their template values, built once
//! per build (and again by `serve` when a title or weight changes).
//!
//! A page's navigation is bounded whatever the size of a section: a listing
//! of more than [`FULL_LISTING_MAX`] entries shows, in the page, only the
//! entries around the page (or around the section on the way to it) and a
//! last item (`more`) linking to the listing's index page, which lists every
//! entry and works without JavaScript. Those listings are written once per
//! language to `<lang>/nav.json` (an extra, [`LangTree::nav_index`]), which
//! the theme's `js/nav.js` loads (the browser caches it) to show the whole
//! listing again: with or without JavaScript, the same links as a full
//! navigation.

use super::*;

impl Site {
    /// The page `rel` in `lang`, or the default language's with `true` (untranslated).
    pub fn page_or_fallback(&self, lang: &str, rel: &str) -> Option<(&Page, bool)> {
        page_or_fallback(&self.content, &self.config.default_language, lang, rel)
            .map(|(i, untranslated)| (&self.content.pages[i], untranslated))
    }
}

// ---- course order -----------------------------------------------------------

impl Site {
    /// Sorts `items` (each naming a page of `lang` by its relative path)
    /// in course order: the order of the navigation tree's walk, the home
    /// page first, then each folder's entries in weight order with a
    /// section's pages placed right after the section, where the section is
    /// in its parent. The one ordering of lessons: the progress overview
    /// (`exercises.json`), the practice index and the reading order (prev/next)
    /// all follow it. A page the tree does not list goes last, by path.
    pub(crate) fn sort_in_course_order<T>(
        &self,
        lang: &str,
        items: &mut [T],
        rel: impl Fn(&T) -> &str,
    ) {
        let position = self.trees.get(lang).map(|t| &t.position);
        items.sort_by_cached_key(|item| {
            let rel = rel(item);
            let at = position.and_then(|p| p.get(rel)).copied();
            (at.unwrap_or(usize::MAX), rel.to_string())
        });
    }
}

// ---- incremental rebuilds (used by `serve`) --------------------------------

impl Site {
    /// Replaces page `i` (same language and relative path, so lookups stay
    /// valid) and rebuilds the page trees of the languages in `trees` (those
    /// whose navigation shows a page whose title or weight changed).
    /// **Invariant:** a language's tree reads its own pages and the default
    /// language's pages it lacks, nothing else; the caller names every
    /// language an edit reaches (`serve`'s `navigation_langs`).
    pub(crate) fn replace_page(&mut self, i: usize, page: Page, trees: &HashSet<String>) {
        debug_assert_eq!(
            (&self.content.pages[i].lang, &self.content.pages[i].rel),
            (&page.lang, &page.rel)
        );
        self.page_terms[i] = Default::default();
        self.content.pages[i] = page;
        let content = &self.content;
        let config = &self.config;
        let built: Vec<(String, LangTree)> = (config.languages.par_iter())
            .filter(|l| trees.contains(&l.code))
            .map(|l| (l.code.clone(), LangTree::build(content, config, &l.code)))
            .collect();
        self.trees.extend(built);
    }
}

// ---- navigation -----------------------------------------------------------

/// One language's page tree, built once per build (and again by `serve`
/// when a title or weight changes): for each folder, its entries (pages and
/// sub-sections) in weight order, with untranslated pages taken from the
/// default language; the reading order for prev/next; the top links.
///
/// Each entry's template values are built here too. A page's context clones
/// them (a Tera value shares its maps and arrays) and builds anew only the
/// entries that differ for that page: the page itself (`current`) and the
/// sections on the way to it (with their `children`).
pub(super) struct LangTree {
    /// Folder → entries listed in it.
    listings: HashMap<String, Vec<Entry>>,
    /// Entry → its place in its folder's listing.
    listed_at: HashMap<String, usize>,
    /// Folder → the `more` item of a listing too long to show in full (only
    /// for listings that have an index page to link to).
    more: HashMap<String, More>,
    /// Reading order for previous/next.
    order: Vec<Entry>,
    position: HashMap<String, usize>,
    /// `top_links` of `config.toml` that exist, in this language or the default one.
    top_links: Vec<Entry>,
    /// Folder → its section page in this language (the `section` of its pages).
    sections: HashMap<String, Entry>,
}

/// The last item of a windowed listing, and what it shows: the listing's
/// index page (`page`, from the default language when `untranslated`)
/// and the listing's length.
pub(super) struct More {
    pub(super) page: usize,
    pub(super) untranslated: bool,
    pub(super) count: usize,
    item: Value,
}

/// One item of a page's navigation, as [`LangTree::nav_plan`] lays it out:
/// what it shows, from which the template value is built
/// ([`shown_value`]) and which [`super::context::LinkPlan::key`] records.
pub(super) enum Shown<'a> {
    /// An entry; `current` when it is the page itself; `children`: the
    /// listing of the section it indexes, expanded on the way to the page.
    Entry {
        entry: &'a Entry,
        current: bool,
        children: Option<Vec<Shown<'a>>>,
    },
    /// The link to a windowed listing's index page.
    More(&'a More),
}

#[derive(Debug, Clone)]
pub(super) struct Entry {
    rel: String,
    /// Index of the page shown (this language's, or the default language's).
    pub(super) page: usize,
    pub(super) untranslated: bool,
    /// Its navigation item, not current and without children.
    item: Value,
    /// Its previous/next link (and, for a section page, its pages' `section`).
    pub(super) link: Value,
}

impl Entry {
    pub(super) fn new(content: &ContentSet, rel: &str, page: usize, untranslated: bool) -> Entry {
        let p = &content.pages[page];
        Entry {
            rel: rel.to_string(),
            page,
            untranslated,
            item: nav_item(p, untranslated, false, Value::from(Vec::<Value>::new())),
            link: link(p, untranslated),
        }
    }

    /// The folder a section entry indexes.
    pub(super) fn section_dir(&self) -> Option<&str> {
        self.rel.strip_suffix("/_index.md")
    }
}

/// Every language's tree, built in parallel.
pub(super) fn build_trees(content: &ContentSet, config: &Config) -> HashMap<String, LangTree> {
    config
        .languages
        .par_iter()
        .map(|l| (l.code.clone(), LangTree::build(content, config, &l.code)))
        .collect()
}

impl LangTree {
    pub(super) fn build(content: &ContentSet, config: &Config, lang: &str) -> LangTree {
        let mut rels: BTreeMap<&str, (usize, bool)> = BTreeMap::new();
        let mut sections = HashMap::new();
        for (i, p) in content.pages.iter().enumerate() {
            if p.lang == config.default_language && content.get(lang, &p.rel).is_none() {
                rels.insert(&p.rel, (i, true));
            }
            if p.lang == lang {
                rels.insert(&p.rel, (i, p.front.untranslated));
                if let Some(dir) = p.rel.strip_suffix("/_index.md") {
                    sections.insert(dir.to_string(), Entry::new(content, &p.rel, i, false));
                }
            }
        }
        let mut listings: HashMap<String, Vec<Entry>> = HashMap::new();
        for (rel, (page, untranslated)) in rels {
            let Some(parent) = listing_dir(rel) else {
                continue;
            };
            listings
                .entry(parent.to_string())
                .or_default()
                .push(Entry::new(content, rel, page, untranslated));
        }
        for entries in listings.values_mut() {
            entries.sort_by(|a, b| {
                let (pa, pb) = (&content.pages[a.page], &content.pages[b.page]);
                (pa.front.weight, &pa.front.title, &pa.rel).cmp(&(
                    pb.front.weight,
                    &pb.front.title,
                    &pb.rel,
                ))
            });
        }
        let listed_at = listings
            .values()
            .flat_map(|entries| entries.iter().enumerate().map(|(i, e)| (e.rel.clone(), i)))
            .collect();
        let more = listings
            .iter()
            .filter(|(_, entries)| entries.len() > FULL_LISTING_MAX)
            .filter_map(|(dir, entries)| {
                let index = section_index_rel(dir);
                let (page, untranslated) =
                    page_or_fallback(content, &config.default_language, lang, &index)?;
                let p = &content.pages[page];
                let item = MoreItem {
                    more: true,
                    dir,
                    count: entries.len(),
                    title: &p.front.title,
                    url: &p.url,
                    untranslated,
                    current: false,
                    is_section: true,
                    children: Value::from(Vec::<Value>::new()),
                };
                let more = More {
                    page,
                    untranslated,
                    count: entries.len(),
                    item: Value::from_serializable(&item),
                };
                Some((dir.clone(), more))
            })
            .collect();
        let mut order = Vec::new();
        if let Some(home) = content.index_of(lang, "_index.md") {
            let untranslated = content.pages[home].front.untranslated;
            order.push(Entry::new(content, "_index.md", home, untranslated));
        }
        fn walk(listings: &HashMap<String, Vec<Entry>>, dir: &str, order: &mut Vec<Entry>) {
            for e in listings.get(dir).into_iter().flatten() {
                order.push(e.clone());
                if let Some(sub) = e.section_dir() {
                    walk(listings, sub, order);
                }
            }
        }
        walk(&listings, "", &mut order);
        let position = order
            .iter()
            .enumerate()
            .map(|(i, e)| (e.rel.clone(), i))
            .collect();
        let top_links = config
            .top_links
            .iter()
            .filter_map(|rel| {
                let (page, untranslated) =
                    page_or_fallback(content, &config.default_language, lang, rel)?;
                Some(Entry::new(content, rel, page, untranslated))
            })
            .collect();
        LangTree {
            listings,
            listed_at,
            more,
            order,
            position,
            top_links,
            sections,
        }
    }

    /// Top-level entries, with the sections on the way to `page` expanded,
    /// and whether some listing of it is a window (see the module's doc).
    pub(super) fn nav_plan(&self, page: &Page) -> (Vec<Shown<'_>>, bool) {
        let mut windowed = false;
        let nav = self.listing("", page, &mut windowed);
        (nav, windowed)
    }

    fn listing(&self, dir: &str, page: &Page, windowed: &mut bool) -> Vec<Shown<'_>> {
        let entries = self.entries(dir);
        let more = self.more.get(dir);
        let range = match more {
            Some(_) => window(self.anchor(dir, page), entries.len()),
            None => 0..entries.len(),
        };
        let mut items: Vec<Shown<'_>> = entries[range]
            .iter()
            .map(|e| Shown::Entry {
                entry: e,
                current: e.rel == page.rel,
                children: e
                    .section_dir()
                    .filter(|sub| is_within(page.dir(), sub))
                    .map(|dir| self.listing(dir, page, windowed)),
            })
            .collect();
        if let Some(more) = more {
            items.push(Shown::More(more));
            *windowed = true;
        }
        items
    }

    /// The place, in the listing of `dir`, of `page` or of the section on
    /// the way to it (0 when neither is listed there).
    fn anchor(&self, dir: &str, page: &Page) -> usize {
        let mut rel = page.rel.clone();
        // Each step goes one folder up: at most as many steps as folders.
        while let Some(listed_in) = listing_dir(&rel) {
            if listed_in == dir {
                return self.listed_at.get(&rel).copied().unwrap_or(0);
            }
            if listed_in.is_empty() {
                break;
            }
            rel = section_index_rel(listed_in);
        }
        0
    }

    /// `<lang>/nav.json`: every listing too long to show in full in a page,
    /// for `js/nav.js`; `None` when the language has none.
    pub(super) fn nav_index(
        &self,
        content: &ContentSet,
        config: &Config,
        lang: &str,
        marker: &str,
    ) -> Option<String> {
        if self.more.is_empty() {
            return None;
        }
        let listings: BTreeMap<&str, Vec<IndexEntry>> = self
            .more
            .keys()
            .map(|dir| {
                let entries = self
                    .entries(dir)
                    .iter()
                    .map(|e| {
                        let p = &content.pages[e.page];
                        IndexEntry {
                            url: &p.url,
                            title: &p.front.title,
                            section: p.is_section,
                            untranslated: e.untranslated,
                        }
                    })
                    .collect();
                (dir.as_str(), entries)
            })
            .collect();
        let index = NavIndex {
            lang,
            default_language: &config.default_language,
            marker,
            listings,
        };
        Some(serde_json::to_string(&index).expect("a navigation index serialises"))
    }

    /// The entries of the folder of section page `page`.
    pub(super) fn section_pages(&self, page: &Page) -> &[Entry] {
        self.entries(page.dir())
    }

    pub(super) fn top_links(&self) -> &[Entry] {
        &self.top_links
    }

    pub(super) fn entries(&self, dir: &str) -> &[Entry] {
        self.listings.get(dir).map_or(&[], Vec::as_slice)
    }

    /// The section `page` belongs to, or none.
    pub(super) fn parent_section(&self, page: &Page) -> Option<&Entry> {
        // The home page's folder has no entry: the breadcrumb already starts with it.
        listing_dir(&page.rel).and_then(|dir| self.sections.get(dir))
    }

    /// The place of the page at `rel` (relative to the language folder) in
    /// reading order (course order).
    pub(super) fn position(&self, rel: &str) -> Option<usize> {
        self.position.get(rel).copied()
    }

    /// The entries before and after `page` in reading order.
    pub(super) fn prev_next(&self, page: &Page) -> (Option<&Entry>, Option<&Entry>) {
        match self.position.get(&page.rel) {
            Some(&i) => (
                i.checked_sub(1).and_then(|j| self.order.get(j)),
                self.order.get(i + 1),
            ),
            None => (None, None),
        }
    }
}

/// The template value of navigation items laid out by
/// [`LangTree::nav_plan`]: an entry's shared item unless it is the page
/// itself or shows children. Reads the pages only through the items.
pub(super) fn shown_value(content: &ContentSet, items: &[Shown<'_>]) -> Value {
    let values: Vec<Value> = items
        .iter()
        .map(|item| match item {
            Shown::Entry {
                entry,
                current: false,
                children: None,
            } => entry.item.clone(),
            Shown::Entry {
                entry,
                current,
                children,
            } => nav_item(
                &content.pages[entry.page],
                entry.untranslated,
                *current,
                children.as_deref().map_or_else(
                    || Value::from(Vec::<Value>::new()),
                    |c| shown_value(content, c),
                ),
            ),
            Shown::More(more) => more.item.clone(),
        })
        .collect();
    Value::from(values)
}

/// Listings longer than this show a window of [`WINDOW`] entries in a page.
/// Larger than every section of the course, whose navigation is in full.
pub const FULL_LISTING_MAX: usize = 60;
/// Entries of a windowed listing shown in a page.
pub const WINDOW: usize = 21;

/// The [`WINDOW`] entries around `anchor` in a listing of `len`.
fn window(anchor: usize, len: usize) -> std::ops::Range<usize> {
    let start = anchor
        .saturating_sub(WINDOW / 2)
        .min(len.saturating_sub(WINDOW));
    start..(start + WINDOW).min(len)
}

/// The index page of folder `dir`: its `_index.md` (the home's for `""`).
fn section_index_rel(dir: &str) -> String {
    if dir.is_empty() {
        "_index.md".to_string()
    } else {
        format!("{dir}/_index.md")
    }
}

/// The last item of a windowed listing: a link to its index page.
#[derive(Serialize)]
struct MoreItem<'a> {
    more: bool,
    /// The folder listed (`data-listing`, the key in `nav.json`).
    dir: &'a str,
    /// Entries in the whole listing.
    count: usize,
    /// The index page's title and URL.
    title: &'a str,
    url: &'a str,
    untranslated: bool,
    current: bool,
    is_section: bool,
    children: Value,
}

/// `<lang>/nav.json`.
#[derive(Serialize)]
struct NavIndex<'a> {
    lang: &'a str,
    default_language: &'a str,
    /// The "not yet translated" marker (`nav.untranslated`).
    marker: &'a str,
    /// Folder → its entries, in order.
    listings: BTreeMap<&'a str, Vec<IndexEntry<'a>>>,
}

#[derive(Serialize)]
struct IndexEntry<'a> {
    url: &'a str,
    title: &'a str,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    section: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    untranslated: bool,
}

/// `entries` (none of them expanded) in the navigation of `page`.
pub(super) fn entries_shown<'a>(entries: &'a [Entry], page: &Page) -> Vec<Shown<'a>> {
    entries
        .iter()
        .map(|e| Shown::Entry {
            entry: e,
            current: e.rel == page.rel,
            children: None,
        })
        .collect()
}

/// Whether folder `dir` is `ancestor` or inside it.
pub(super) fn is_within(dir: &str, ancestor: &str) -> bool {
    dir.strip_prefix(ancestor)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// The page `rel` in `lang` (`false`), or else the default language's (`true`: untranslated).
pub(super) fn page_or_fallback(
    content: &ContentSet,
    default_language: &str,
    lang: &str,
    rel: &str,
) -> Option<(usize, bool)> {
    match content.index_of(lang, rel) {
        Some(i) => Some((i, false)),
        None => content.index_of(default_language, rel).map(|i| (i, true)),
    }
}

/// Folder whose listing shows `rel`: a page's own folder; a section's parent
/// folder; `None` for the language home.
pub(super) fn listing_dir(rel: &str) -> Option<&str> {
    if rel == "_index.md" {
        return None;
    }
    let dir = rel.rsplit_once('/').map_or("", |(d, _)| d);
    if rel.ends_with("/_index.md") {
        Some(dir.rsplit_once('/').map_or("", |(d, _)| d))
    } else {
        Some(dir)
    }
}
