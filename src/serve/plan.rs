//! What a change reaches, for `serve`'s engine: each changed file is
//! classified (a page edit and how far it reaches, a static file, a page
//! that does not read and is held, or a full rebuild), and page edits are
//! applied by re-running the pipeline's phases for the pages whose input
//! key changed (`Pipeline::refresh_inputs`, the keys `build` reuses pages
//! by), the pages whose links show other pages (`Site::link_plan`), and
//! the translations of a source whose quiz blocks changed (they show the
//! exercises they lack: their Markdown is rendered again).

use std::collections::{BTreeMap, HashSet};
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::config::CONFIG_FILE;
use crate::content::{self, CONTENT_DIR, Page};
use crate::diagnostics::Diagnostic;
use crate::output::guard::{SOURCE_DIRS, STATIC_DIR, THEMES_DIR};
use crate::site::pipeline::Changed;
use crate::site::{BuildOptions, LinksKey, Pipeline, Redo, Site};

type State = Pipeline;

/// A known page that does not read: its text on disk and its load error.
#[derive(Debug, Clone)]
pub(super) struct Held {
    pub(super) text: String,
    pub(super) error: Diagnostic,
}

pub(super) enum Plan {
    Full(String),
    Nothing,
    Partial(Partial),
}

/// What a partial rebuild redoes.
pub(super) struct Partial {
    pub(super) pages: Vec<(usize, PageEdit)>,
    pub(super) statics: Vec<PathBuf>,
    /// Known pages that do not read now (source path, what is on disk).
    pub(super) held: Vec<(PathBuf, Held)>,
}

/// A re-read page and how far its change reaches.
pub(super) struct PageEdit {
    page: Page,
    navigation: bool,
}

pub(super) enum Class {
    Full,
    Page(usize, Box<PageEdit>),
    /// A known page that does not read: keep its last good version.
    Hold(Box<Held>),
    Static,
    Ignore,
}

/// Whether `first`, a top-level entry of the root, is something the site
/// is built from (`config.toml`, or a source folder).
fn is_source(first: &str) -> bool {
    first == CONFIG_FILE || SOURCE_DIRS.contains(&first)
}

/// Whether `rel` (relative to the root) is something a build reads.
pub fn is_watched(rel: &Path) -> bool {
    match rel.components().next() {
        Some(Component::Normal(first)) => first.to_str().is_some_and(is_source),
        _ => false,
    }
}

pub(super) fn classify(state: &State, opts: &BuildOptions, rel: &Path) -> Class {
    let parts: Vec<&str> = rel
        .components()
        .filter_map(|c| match c {
            Component::Normal(s) => s.to_str(),
            _ => None,
        })
        .collect();
    let theme = &state.site().config.theme;
    match parts.as_slice() {
        [] => Class::Ignore,
        [STATIC_DIR, ..] => Class::Static,
        [THEMES_DIR, t, STATIC_DIR, ..] if t == theme => Class::Static,
        [THEMES_DIR, t, ..] if t != theme => Class::Ignore,
        [CONTENT_DIR, lang, _, ..] if state.site().config.is_language(lang) => {
            classify_content(state, opts, rel)
        }
        [CONTENT_DIR, _, _, ..] => Class::Ignore,
        [CONTENT_DIR, _] if opts.root.join(rel).is_file() => Class::Ignore,
        [first, ..] if is_source(first) => Class::Full,
        _ => Class::Ignore,
    }
}

/// A file under `content/<lang>/`.
fn classify_content(state: &State, opts: &BuildOptions, rel: &Path) -> Class {
    if content::in_hidden(rel) {
        return Class::Ignore;
    }
    let content = &state.site().content;
    let abs = opts.root.join(rel);
    let page = content.pages.iter().position(|p| p.source_path == rel);
    let asset = content.assets.iter().any(|a| a.source_path == abs);
    // Editors that save by deleting the page and creating it again leave
    // it missing for a moment: wait for it before taking it for deleted
    // (which rebuilds everything).
    if page.is_some() && !abs.exists() {
        let waited = Instant::now();
        while !abs.exists() && waited.elapsed() < MISSING_WINDOW {
            std::thread::sleep(MISSING_POLL);
        }
    }
    if !abs.exists() {
        let was_known = page.is_some()
            || content
                .assets
                .iter()
                .any(|a| a.source_path.starts_with(&abs))
            || content.pages.iter().any(|p| p.source_path.starts_with(rel))
            || {
                // A draft's links say "draft" until it is gone.
                let (lang, rel) = lang_rel(rel);
                content.has_draft_under(&lang, &rel)
            }
            || state.load_reported_under(rel);
        return if was_known {
            Class::Full
        } else {
            Class::Ignore
        };
    }
    if abs.is_dir() {
        return Class::Full;
    }
    if rel.extension().is_none_or(|e| e != "md") {
        return if asset { Class::Static } else { Class::Full };
    }
    let Some(i) = page else {
        // A draft that stays a draft changes nothing, unless it did not
        // read before (its error is reported until a build drops it);
        // anything else (a new page, a page whose front matter was broken)
        // needs everything.
        let reported = state.load_reported(rel);
        return match read_page(state.site(), opts, &lang_rel(rel), &abs) {
            Ok(None) if !reported => Class::Ignore,
            _ => Class::Full,
        };
    };
    let old = &content.pages[i];
    let key = (old.lang.clone(), old.rel.clone());
    // A known page that does not read is most often one read half-way
    // through an editor's save (truncated, not yet written, or a burst of
    // saves): keep its last good version; the rest of the save (or the fix)
    // is an ordinary edit of it.
    match read_page(state.site(), opts, &key, &abs) {
        Err(error) => Class::Hold(Box::new(Held {
            text: std::fs::read(&abs)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default(),
            error,
        })),
        // Exercise feedback on other pages names the sections rules are
        // taught in: a changed heading there needs every page.
        Ok(Some(new))
            if state.site().teaches_rules(&old.rel)
                && old.prose().sections != new.prose().sections =>
        {
            Class::Full
        }
        Ok(Some(new)) => match reach(old, &new) {
            Some(navigation) => Class::Page(
                i,
                Box::new(PageEdit {
                    page: new,
                    navigation,
                }),
            ),
            None => Class::Full,
        },
        Ok(None) => Class::Full,
    }
}

/// How long a known page may be missing before it is taken for deleted
/// (editors that delete and create again, starved of CPU on a busy
/// machine, leave it missing for a moment), and how often to look.
pub const MISSING_WINDOW: Duration = Duration::from_secs(1);
const MISSING_POLL: Duration = Duration::from_millis(10);

/// How far a page edit reaches: `Some(false)` the page itself,
/// `Some(true)` navigation too, `None` everything.
fn reach(old: &Page, new: &Page) -> Option<bool> {
    if old.url != new.url || old.output_path != new.output_path {
        return None;
    }
    let mut a = old.front.clone();
    let mut b = new.front.clone();
    // Where the keys are moves with the length of the keys before them (a
    // longer title): the new page's spans are used from now on either way.
    b.spans = a.spans.clone();
    b.description = a.description.clone();
    b.template = a.template.clone();
    b.translated_from = a.translated_from.clone();
    if a == b {
        return Some(false);
    }
    a.title = b.title.clone();
    a.weight = b.weight;
    (a == b).then_some(true)
}

/// `content/<lang>/<rel>` → (lang, rel).
fn lang_rel(rel: &Path) -> (String, String) {
    let mut parts = rel
        .components()
        .skip(1)
        .map(|c| c.as_os_str().to_string_lossy().to_string());
    let lang = parts.next().unwrap_or_default();
    (lang, parts.collect::<Vec<_>>().join("/"))
}

/// Reads one page as `content::load` does. `Ok(None)`: a draft left out.
fn read_page(
    site: &Site,
    opts: &BuildOptions,
    (lang, rel): &(String, String),
    abs: &Path,
) -> Result<Option<Page>, Diagnostic> {
    let load = content::LoadOptions {
        drafts: opts.drafts,
    };
    content::read_page(&opts.root, &site.config, lang, rel, abs, load)
}

// ---- rebuilding -------------------------------------------------------------

/// Applies page edits and re-runs the phases that depend on them: the pages
/// phase for the edited pages (Markdown and template), for their
/// translations (language switchers, stale notices) and for the pages
/// whose links to other pages (`Site::page_links`: navigation,
/// previous/next, section, top links) show other pages, or an edited one,
/// after the edits (template; `Site::link_plan`),
/// then the cross-page checks and the extras (exercise ids, titles and the
/// sitemap may have changed). Returns how many pages were rendered.
pub(super) fn rerender_pages(
    state: &mut State,
    edits: Vec<(usize, PageEdit)>,
    dirty: &mut Changed,
) -> usize {
    let mut targets: BTreeMap<usize, Redo> = BTreeMap::new();
    let navigation = edits.iter().any(|(_, e)| e.navigation);
    let mut langs: HashSet<String> = HashSet::new();
    let mut rels: HashSet<String> = HashSet::new();
    for (_, edit) in edits.iter().filter(|(_, e)| e.navigation) {
        langs.extend(navigation_langs(state.site(), &edit.page));
        rels.insert(edit.page.rel.clone());
    }
    // Pages whose navigation may show an edited page, with their links
    // before the edits.
    let edited: HashSet<usize> = edits.iter().map(|(i, _)| *i).collect();
    // The extras (sitemap, lesson and navigation indexes, practice sheets,
    // tile faces) read a page's front matter, its exercises and its tiles,
    // never the rest of its body: after edits of bodies alone that keep
    // them, the extras stay as they are.
    let body_only: Vec<(usize, _)> = if edits
        .iter()
        .all(|(i, e)| e.page.front == state.site().content.pages[*i].front)
    {
        edits
            .iter()
            .map(|(i, _)| (*i, state.extras_facts(*i)))
            .collect()
    } else {
        Vec::new()
    };
    let start = Instant::now();
    let before: Vec<(usize, LinksKey)> = match navigation {
        true => links_before(state.site(), &langs, &rels, &edited),
        false => Vec::new(),
    };
    state.record_step("links before", start);
    let start = Instant::now();
    let n = edits.len();
    let none = HashSet::new();
    let moved: Vec<usize> = (edits.iter())
        .filter(|(_, e)| e.navigation)
        .map(|(i, _)| *i)
        .collect();
    let translations = translations_of_changed_quizzes(state.site(), &edits);
    for (k, (i, edit)) in edits.into_iter().enumerate() {
        // Trees are rebuilt once, with the last edit.
        let trees = if k + 1 == n { &langs } else { &none };
        state.replace_page(i, edit.page, trees);
        targets.insert(i, Redo::Markdown);
    }
    for j in translations {
        targets.insert(j, Redo::Markdown);
    }
    state.record_step("trees", start);
    // Every page whose own inputs changed (the keys `build` reuses pages
    // by): the edited pages, the translations of an edited source page
    // (their stale notice), every page when the translation status the
    // templates show changed.
    let start = Instant::now();
    for i in state.refresh_inputs() {
        targets.entry(i).or_insert(Redo::Template);
    }
    state.record_step("inputs", start);
    let start = Instant::now();
    if navigation {
        for i in navigation_targets(state.site(), &rels, before, &moved) {
            targets.entry(i).or_insert(Redo::Template);
        }
    }
    state.record_step("links after", start);
    let start = Instant::now();
    let which: Vec<(usize, Redo)> = targets.into_iter().collect();
    state.pages(&which, dirty);
    state.record_step("pages", start);
    let start = Instant::now();
    let markdown: Vec<usize> = (which.iter())
        .filter(|(_, redo)| *redo == Redo::Markdown)
        .map(|(i, _)| *i)
        .collect();
    state.recheck(&markdown, &mut crate::exercises::ExerciseTime::default());
    state.record_step("checks", start);
    let same_facts = !body_only.is_empty()
        && body_only
            .iter()
            .all(|(i, facts)| state.extras_facts(*i) == *facts);
    if !same_facts {
        state.extras(dirty);
    }
    which.len()
}

/// The translations of the default-language pages among `edits` whose quiz
/// blocks change (read before the edits are applied): a translation shows
/// the exercises of its source it lacks (`site::untranslated`), so their
/// Markdown is rendered again.
fn translations_of_changed_quizzes(site: &Site, edits: &[(usize, PageEdit)]) -> Vec<usize> {
    let default = &site.config.default_language;
    (edits.iter())
        .map(|(i, e)| (&site.content.pages[*i], &e.page))
        .filter(|(old, new)| &old.lang == default && quiz_texts(old) != quiz_texts(new))
        .flat_map(|(old, _)| {
            (site.config.languages.iter())
                .filter_map(|l| site.content.index_of(&l.code, &old.rel))
                .filter(|&j| site.content.pages[j].lang != *default)
        })
        .collect()
}

/// The texts of a page's quiz blocks (what its translations show of it
/// when they lack an exercise).
fn quiz_texts(page: &Page) -> Vec<&str> {
    if !page.body().contains("quiz") {
        return Vec::new();
    }
    (page.prose().fences.iter())
        .filter(|(kind, _)| kind == "quiz")
        .map(|(_, r)| &page.body()[r.clone()])
        .collect()
}

/// After edits that moved pages (`moved`: their title or weight changed,
/// `rels` their paths): the pages whose template shows them, by path, and
/// those whose links (`before`) show other pages now, or a moved one.
fn navigation_targets(
    site: &Site,
    rels: &HashSet<String>,
    before: Vec<(usize, LinksKey)>,
    moved: &[usize],
) -> Vec<usize> {
    let pages = &site.content.pages;
    let by_path = (0..pages.len()).filter(|i| rels.contains(&pages[*i].rel));
    let changed: Vec<usize> = before
        .into_par_iter()
        .filter(|(i, key)| {
            let after = site.link_plan(&pages[*i]).key();
            after != *key || moved.iter().any(|m| after.shows(*m))
        })
        .map(|(i, _)| i)
        .collect();
    by_path.chain(changed).collect()
}

/// What the links of the pages of `langs` show before the edits
/// (`Site::link_plan`), but the edited pages' and their translations': a
/// page whose links show the same pages, none of them edited, has the same
/// links after the edits (the invariant of `site::context::LinkPlan`).
fn links_before(
    site: &Site,
    langs: &HashSet<String>,
    rels: &HashSet<String>,
    edited: &HashSet<usize>,
) -> Vec<(usize, LinksKey)> {
    (0..site.content.pages.len())
        .into_par_iter()
        .filter(|i| {
            let p = &site.content.pages[*i];
            langs.contains(&p.lang) && !rels.contains(&p.rel) && !edited.contains(i)
        })
        .map(|i| (i, site.link_plan(&site.content.pages[i]).key()))
        .collect()
}

/// Languages whose navigation shows `page`: its own, and, for a page of the
/// default language, those that lack a translation of it (they show it as
/// untranslated).
fn navigation_langs(site: &Site, page: &Page) -> Vec<String> {
    let default = &site.config.default_language;
    site.config
        .languages
        .iter()
        .filter(|l| {
            l.code == page.lang
                || (&page.lang == default && site.content.get(&l.code, &page.rel).is_none())
        })
        .map(|l| l.code.clone())
        .collect()
}
