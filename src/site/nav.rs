//! Navigation trees: per language, each folder's entries in weight order
//! (untranslated pages taken from the default language), the reading order
//! for previous/next, the top links, and their template values, built once
//! per build (and again by `serve` when a title or weight changes).

use super::*;

impl Site {
    /// The page `rel` in `lang`, or the default language's with `true` (untranslated).
    pub fn page_or_fallback(&self, lang: &str, rel: &str) -> Option<(&Page, bool)> {
        page_or_fallback(&self.content, &self.config.default_language, lang, rel)
            .map(|(i, untranslated)| (&self.content.pages[i], untranslated))
    }
}

// ---- incremental rebuilds (used by `serve`) --------------------------------

impl Site {
    /// Replaces page `i` (same language and relative path, so lookups stay
    /// valid) and, when `navigation` is set (its title or weight changed),
    /// rebuilds every language's page tree.
    pub(crate) fn replace_page(&mut self, i: usize, page: Page, navigation: bool) {
        debug_assert_eq!(
            (&self.content.pages[i].lang, &self.content.pages[i].rel),
            (&page.lang, &page.rel)
        );
        self.content.pages[i] = page;
        if navigation {
            self.trees = build_trees(&self.content, &self.config);
        }
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
    /// Reading order for previous/next.
    order: Vec<Entry>,
    position: HashMap<String, usize>,
    /// `top_links` of `config.toml` that exist, in this language or the default one.
    top_links: Vec<Entry>,
    /// Folder → link to its section page in this language (the `section` of its pages).
    sections: HashMap<String, Value>,
}

#[derive(Debug, Clone)]
pub(super) struct Entry {
    rel: String,
    /// Index of the page shown (this language's, or the default language's).
    page: usize,
    untranslated: bool,
    /// Its navigation item, not current and without children.
    item: Value,
    /// Its previous/next link.
    link: Value,
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

    /// This entry in the navigation of `page`: the shared item, unless it
    /// is `page` itself or shows `children`.
    pub(super) fn item_for(
        &self,
        content: &ContentSet,
        page: &Page,
        children: Option<Value>,
    ) -> Value {
        let current = self.rel == page.rel;
        match children {
            None if !current => self.item.clone(),
            children => nav_item(
                &content.pages[self.page],
                self.untranslated,
                current,
                children.unwrap_or_else(|| Value::from(Vec::<Value>::new())),
            ),
        }
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
                    sections.insert(dir.to_string(), link(p, false));
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
            order,
            position,
            top_links,
            sections,
        }
    }

    /// Top-level entries, with the sections on the way to `page` expanded.
    pub(super) fn nav_for(&self, content: &ContentSet, page: &Page) -> Value {
        self.listing(content, "", page)
    }

    pub(super) fn listing(&self, content: &ContentSet, dir: &str, page: &Page) -> Value {
        let items: Vec<Value> = self
            .entries(dir)
            .iter()
            .map(|e| {
                let children = e
                    .section_dir()
                    .filter(|sub| is_within(page.dir(), sub))
                    .map(|sub| self.listing(content, sub, page));
                e.item_for(content, page, children)
            })
            .collect();
        Value::from(items)
    }

    pub(super) fn section_pages(&self, content: &ContentSet, page: &Page) -> Value {
        items_for(content, self.entries(page.dir()), page)
    }

    pub(super) fn top_links(&self, content: &ContentSet, page: &Page) -> Value {
        items_for(content, &self.top_links, page)
    }

    pub(super) fn entries(&self, dir: &str) -> &[Entry] {
        self.listings.get(dir).map_or(&[], Vec::as_slice)
    }

    /// Link to the section `page` belongs to, or none.
    pub(super) fn parent_section(&self, page: &Page) -> Value {
        // The home page's folder has no entry: the breadcrumb already starts with it.
        listing_dir(&page.rel)
            .and_then(|dir| self.sections.get(dir))
            .cloned()
            .unwrap_or_else(Value::none)
    }

    /// Links to the pages before and after `page` in reading order, or none.
    pub(super) fn prev_next(&self, page: &Page) -> (Value, Value) {
        let link = |j: Option<usize>| {
            j.and_then(|j| self.order.get(j))
                .map_or_else(Value::none, |e| e.link.clone())
        };
        match self.position.get(&page.rel) {
            Some(&i) => (link(i.checked_sub(1)), link(Some(i + 1))),
            None => (Value::none(), Value::none()),
        }
    }
}

/// `entries` (none of them expanded) in the context of `page`.
pub(super) fn items_for(content: &ContentSet, entries: &[Entry], page: &Page) -> Value {
    let items: Vec<Value> = entries
        .iter()
        .map(|e| e.item_for(content, page, None))
        .collect();
    Value::from(items)
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
