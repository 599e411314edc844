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

use std::collections::{BTreeMap, HashMap, HashSet};

use rayon::prelude::*;

use super::practice::LessonReuse;
use super::practice::series_id;
use super::{RenderedPage, Site};
use crate::content::Page;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::exercises::html::{self, Place};
use crate::exercises::kinds;
use crate::exercises::pool::{self, Variant};
use crate::exercises::sheet::Scope;
use crate::exercises::words::Words;
use crate::exercises::{ExerciseRecord, PageShared};
use crate::hash::Digest;
use crate::output::Output;

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

/// Every pool file of the site, into `output`, and the errors of pools
/// that are short. A lesson whose pools were made before from the same
/// inputs takes them from `reuse` (`build` links the previous build's,
/// `serve` keeps its last run's).
pub(crate) fn pool_files(
    site: &Site,
    rendered: &[RenderedPage],
    reuse: Option<&dyn LessonReuse>,
    output: &mut Output,
    diags: &mut Diagnostics,
) {
    let content = &site.content;
    let default = &site.config.default_language;
    let with_exercises = |i: usize| !rendered[i].exercises.is_empty();
    // Each lesson's source: its default-language page, else (a lesson
    // only in other languages) its first page with exercises.
    let mut sources: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, p) in content.pages.iter().enumerate() {
        if with_exercises(i) {
            let source = content.index_of(default, &p.rel).unwrap_or(i);
            sources.entry(p.rel.as_str()).or_insert(source);
        }
    }
    let todo: Vec<(&str, usize)> = (sources.into_iter())
        .filter(|&(rel, i)| {
            let records = &rendered[i].exercises;
            !reuse.is_some_and(|r| r.reuse_pools(site, rel, records, output))
        })
        .collect();
    let made: Vec<(&str, usize, LessonFiles)> = todo
        .into_par_iter()
        .map(|(rel, source)| (rel, source, lesson_files(site, rel, source, rendered)))
        .collect();
    for (rel, source, (files, problems)) in made {
        let paths = files.iter().map(|(path, _)| path.clone()).collect();
        for (path, text) in files {
            output.insert(path, text);
        }
        match (problems.is_empty(), reuse) {
            (true, Some(reuse)) => {
                reuse.made_pools(site, rel, &rendered[source].exercises, paths);
            }
            _ => diags.extend(problems),
        }
    }
}

/// A lesson's pool files (path, text) and the errors of its short pools.
type LessonFiles = (Vec<(String, String)>, Vec<Diagnostic>);

/// The pool files of the lesson at `rel` (one per language that has the
/// page), drawn from page `source`'s exercises.
fn lesson_files(site: &Site, rel: &str, source: usize, rendered: &[RenderedPage]) -> LessonFiles {
    let page = &site.content.pages[source];
    let (pool, problems) = draw(site, page, &rendered[source].exercises);
    if pool.exercises.is_empty() {
        return (Vec::new(), problems);
    }
    let files = (site.config.languages.par_iter())
        .filter_map(|l| site.content.get(&l.code, rel))
        .map(|p| (pool_path(p), render(site, p, &pool)))
        .collect();
    (files, problems)
}

/// The digest of what the pools of the lesson at `rel` are made from
/// besides the site's templates, strings and settings (`serve`'s kept
/// groups, see `super::kept`): its pages (language, output path), its
/// source page's exercises (`records`), and every language's rule texts.
pub(crate) fn digest(site: &Site, rel: &str, records: &[ExerciseRecord]) -> String {
    let mut d = Digest::new();
    d.field("pools").field(rel);
    for l in &site.config.languages {
        if let Some(p) = site.content.get(&l.code, rel) {
            d.field(&p.lang).field(&p.output_path);
            d.field(site.kit(&p.lang).texts.rules_digest());
        }
    }
    for r in records {
        d.field(&r.id)
            .field(&r.kind)
            .field(&r.fingerprint)
            .field(&r.setup);
        d.field(r.variants.map_or(u64::MAX, |n| n).to_le_bytes());
        d.field(r.offset.to_le_bytes());
    }
    d.finish()
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
    // The head first: the rules the variants cite, then each variant
    // rendered straight into the file's text.
    for v in &pool.variants {
        html::cite_rules(&v.exercise, &shared);
    }
    let rules = words.kit.texts.rules_object(&shared.rules());
    let exercises = serde_json::to_string(&pool.exercises).expect("ids serialize");
    let mut text = String::with_capacity(4096 * (pool.variants.len() + 1));
    text.push_str(&format!(r#"{{"exercises":{exercises},"rules":{rules}}}"#));
    text.push('\n');
    for v in &pool.variants {
        text.push(SEPARATOR);
        let start = text.len();
        html::exercise_into(&mut text, &v.exercise, &place, &words);
        text.truncate(text.trim_end().len());
        // (Only a string with a control character could bring one.)
        if memchr::memchr(SEPARATOR as u8, &text.as_bytes()[start..]).is_some() {
            let html = text.split_off(start);
            text.push_str(&html.replace(SEPARATOR, "\u{fffd}"));
        }
    }
    text
}
