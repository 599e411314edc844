//! Variant pools on disk (issue 33): per lesson page with exercises and
//! per language, `pool.txt` beside the page's `index.html`, with each
//! exercise's own pool of variants (`exercises::pool`) rendered in the
//! page's language, and the texts of the rules they cite. `quiz.js` loads
//! it on demand ("Try another like this"), the review page too; the
//! service worker precaches it like every file of the language.
//!
//! A lesson's pools are drawn once, from its default-language page (the
//! same variants in every language), for the language-independent lesson
//! (`practice::series_id` of its path): each exercise's from its own setup's
//! scope, as many as its block's `variants` (else `[exercises] variants`);
//! an exercise whose kind's generator does not reach them is an error at
//! its block. Variants two exercises share are stored once.
//!
//! The file: one line of JSON, `{"exercises":{"<id>":[i, …]},"rules":{…}}`
//! (each exercise's variants, as indices), then each variant's HTML after
//! an ASCII record separator ([`SEPARATOR`], which no HTML text holds), in
//! index order: an exercise's HTML as on a page (`exercises::html`), with
//! the number [`POOL_NUMBER`] (the script puts the slot's number in its
//! place), no id, a level-3 heading and the kind's own question (a block's
//! `prompt` describes its own setup, not a variant's). The HTML is not a
//! JSON string: escaping its quotes cost as much as rendering it.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use rayon::prelude::*;

use super::practice::series_id;
use super::{RenderedPage, Site};
use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::exercises::html::{self, Place};
use crate::exercises::kinds;
use crate::exercises::pool::{self, Variant};
use crate::exercises::sheet::Scope;
use crate::exercises::words::Words;
use crate::exercises::{ExerciseRecord, PageShared};

/// The file beside each lesson page's `index.html`.
pub const POOL_FILE: &str = "pool.txt";
/// The exercise number a pool's HTML carries, replaced by the script.
pub const POOL_NUMBER: usize = 999_999;
/// Before each variant's HTML in a pool file (U+001E, a control character
/// HTML text never holds).
pub const SEPARATOR: char = '\u{1e}';

/// A lesson's pools: every variant once, and each exercise's (by id).
#[derive(Default)]
struct LessonPool {
    variants: Vec<Variant>,
    /// (kind, seed) → index in `variants`: the same kind and seed on the
    /// same lesson is the same variant.
    index: HashMap<(&'static str, u64), usize>,
    /// Exercise id → its variants, in pool order.
    exercises: BTreeMap<String, Vec<usize>>,
}

impl LessonPool {
    fn add(&mut self, id: &str, kind: &'static str, drawn: Vec<Variant>) {
        let mut mine = Vec::with_capacity(drawn.len());
        for v in drawn {
            let at = *self.index.entry((kind, v.k)).or_insert_with(|| {
                self.variants.push(v);
                self.variants.len() - 1
            });
            mine.push(at);
        }
        self.exercises.entry(id.to_string()).or_insert(mine);
    }
}

/// Every pool file of the site (path, bytes), and the errors of pools that
/// are short.
pub(crate) fn pool_files(
    site: &Site,
    rendered: &[RenderedPage],
) -> (Vec<(String, String)>, Vec<Diagnostic>) {
    let default = &site.config.default_language;
    let content = &site.content;
    let with_exercises = |i: usize| !rendered[i].exercises.is_empty();
    // Each page's lesson: its default-language page, else the page itself.
    let source_of = |i: usize, p: &Page| {
        content
            .index_of(default, &p.rel)
            .filter(|&d| with_exercises(d))
            .unwrap_or(i)
    };
    let sources: BTreeSet<usize> = (content.pages.iter().enumerate())
        .filter(|(i, _)| with_exercises(*i))
        .map(|(i, p)| source_of(i, p))
        .collect();
    let drawn: BTreeMap<usize, (LessonPool, Vec<Diagnostic>)> = sources
        .into_par_iter()
        .map(|source| {
            let page = &content.pages[source];
            (source, draw(site, page, &rendered[source].exercises))
        })
        .collect();
    let mut files: Vec<(String, String)> = content
        .pages
        .par_iter()
        .enumerate()
        .filter(|(i, _)| with_exercises(*i))
        .filter_map(|(i, p)| {
            let (pool, _) = drawn.get(&source_of(i, p))?;
            if pool.exercises.is_empty() {
                return None;
            }
            Some((pool_path(p), render(site, p, pool)))
        })
        .collect();
    files.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let diags = drawn.into_values().flat_map(|(_, d)| d).collect();
    (files, diags)
}

/// The pool file of page `p`.
fn pool_path(p: &Page) -> String {
    let dir = p.output_path.trim_end_matches("index.html");
    format!("{dir}{POOL_FILE}")
}

/// The pools of one lesson, from its page `p` (its exercises' records):
/// each exercise's, from its own setup's scope, as many as it asks for.
fn draw(site: &Site, p: &Page, records: &[ExerciseRecord]) -> (LessonPool, Vec<Diagnostic>) {
    let lesson = series_id(&p.rel);
    let exclude: HashSet<String> = records.iter().map(|r| r.fingerprint.clone()).collect();
    let mut pool = LessonPool::default();
    let mut diags = Vec::new();
    for r in records {
        let Some(kind) = kinds::find(&r.kind) else {
            continue;
        };
        let n = r.variants.unwrap_or(site.config.exercises.variants);
        if n == 0 || pool.exercises.contains_key(&r.id) {
            continue;
        }
        let scope = Scope::of_lesson([r.setup.as_str()]);
        let drawn = pool::variants(kind, &lesson, scope, &exclude, n);
        if (drawn.len() as u64) < n {
            diags.push(Diagnostic::error(
                &p.source_path,
                Some(r.offset),
                format!(
                    "the rules module's generator makes only {} distinct valid `{}` exercises like this one (besides the lesson's own), not the {n} variants asked for: set `variants = {}` in this block (or `[exercises] variants` in config.toml)",
                    drawn.len(),
                    kind.name,
                    drawn.len()
                ),
            ));
        }
        pool.add(&r.id, kind.name, drawn);
    }
    (pool, diags)
}

/// The text of page `p`'s pool file.
fn render(site: &Site, p: &Page, pool: &LessonPool) -> String {
    let shared = PageShared::default();
    let words = Words {
        lang: &p.lang,
        strings: &site.strings,
        kit: site.kit(&p.lang),
        shared: &shared,
    };
    let place = Place {
        n: POOL_NUMBER,
        id: "",
        prompt: None,
        level: 3,
        pooled: false,
        more: None,
    };
    let mut body = String::new();
    for v in &pool.variants {
        body.push(SEPARATOR);
        let html = html::exercise(&v.exercise, &place, &words);
        let html = html.trim_end();
        match html.contains(SEPARATOR) {
            // (Only a string with a control character could bring one.)
            true => body.push_str(&html.replace(SEPARATOR, "\u{fffd}")),
            false => body.push_str(html),
        }
    }
    let rules = words.kit.texts.rules_object(&shared.rules());
    let exercises = serde_json::to_string(&pool.exercises).expect("ids serialize");
    format!(r#"{{"exercises":{exercises},"rules":{rules}}}"#) + "\n" + &body
}
