//! Variant pools on disk (issue 33): per lesson page with exercises and
//! per language, `pool.json` beside the page's `index.html`, with the
//! variants of each kind of the page's exercises (`exercises::pool`)
//! rendered in the page's language, and the texts of the rules they cite.
//! `quiz.js` loads it on demand ("Try another like this"), the review page
//! too; the service worker precaches it like every file of the language.
//!
//! A lesson's pools are drawn once, from its default-language page (the
//! same variants in every language), for the language-independent lesson
//! (`practice::series_id` of its path); a kind whose generator does not
//! reach the `variants` its blocks ask for is an error at the block that
//! asks for the most.
//!
//! The file: `{"kinds":{"<kind>":["<section>", …]},"rules":{…}}`; each
//! `<section>` is an exercise's HTML as on a page (`exercises::html`), with
//! the number [`POOL_NUMBER`] (the script puts the slot's number in its
//! place), no id and a level-3 heading.

use std::collections::{BTreeMap, HashSet};

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
pub const POOL_FILE: &str = "pool.json";
/// The exercise number a pool's HTML carries, replaced by the script.
pub const POOL_NUMBER: usize = 999_999;

/// One kind's variants for a lesson.
struct KindPool {
    kind: &'static str,
    variants: Vec<Variant>,
}

/// Every pool file of the site (path, JSON), and the errors of pools that
/// are short.
pub(crate) fn pool_files(
    site: &Site,
    rendered: &[RenderedPage],
) -> (Vec<(String, String)>, Vec<Diagnostic>) {
    let default = &site.config.default_language;
    let content = &site.content;
    let with_exercises = |i: usize| !rendered[i].exercises.is_empty();
    // The lessons: the default-language page, else the page itself.
    let mut lessons: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (i, p) in content.pages.iter().enumerate() {
        if !with_exercises(i) {
            continue;
        }
        let source = content
            .index_of(default, &p.rel)
            .filter(|&d| with_exercises(d))
            .unwrap_or(i);
        let key_lang = content.pages[source].lang.clone();
        lessons.insert((key_lang, p.rel.clone()), source);
    }
    let drawn: Vec<(usize, Vec<KindPool>, Vec<Diagnostic>)> = lessons
        .into_par_iter()
        .map(|(_, source)| {
            let (pools, diags) = draw(site, &content.pages[source], &rendered[source].exercises);
            (source, pools, diags)
        })
        .collect();
    let by_source: BTreeMap<usize, &Vec<KindPool>> =
        drawn.iter().map(|(s, p, _)| (*s, p)).collect();
    let mut files: Vec<(String, String)> = content
        .pages
        .par_iter()
        .enumerate()
        .filter(|(i, _)| with_exercises(*i))
        .filter_map(|(i, p)| {
            let source = content
                .index_of(default, &p.rel)
                .filter(|&d| with_exercises(d))
                .unwrap_or(i);
            let pools = by_source.get(&source)?;
            if pools.is_empty() {
                return None;
            }
            Some((pool_path(p), render(site, p, pools)))
        })
        .collect();
    files.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let diags = drawn.into_iter().flat_map(|(_, _, d)| d).collect();
    (files, diags)
}

/// The pool file of page `p`.
fn pool_path(p: &Page) -> String {
    let dir = p.output_path.trim_end_matches("index.html");
    format!("{dir}{POOL_FILE}")
}

/// The pools of one lesson, from its page `p` (its exercises' records).
fn draw(site: &Site, p: &Page, records: &[ExerciseRecord]) -> (Vec<KindPool>, Vec<Diagnostic>) {
    let lesson = series_id(&p.rel);
    let exclude: HashSet<String> = records.iter().map(|r| r.fingerprint.clone()).collect();
    let mut kinds_seen: Vec<&str> = Vec::new();
    for r in records {
        if !kinds_seen.contains(&r.kind.as_str()) {
            kinds_seen.push(&r.kind);
        }
    }
    let mut pools = Vec::new();
    let mut diags = Vec::new();
    for name in kinds_seen {
        let Some(kind) = kinds::find(name) else {
            continue;
        };
        let of_kind: Vec<&ExerciseRecord> = records.iter().filter(|r| r.kind == name).collect();
        let wanted = |r: &ExerciseRecord| r.variants.unwrap_or(site.config.exercises.variants);
        // The block asking for the most (the first of them).
        let Some(asking) = of_kind
            .iter()
            .copied()
            .reduce(|a, b| if wanted(b) > wanted(a) { b } else { a })
        else {
            continue;
        };
        let n = wanted(asking);
        if n == 0 {
            continue;
        }
        let scope = Scope::of_lesson(of_kind.iter().map(|r| r.setup.as_str()));
        let variants = pool::variants(kind, &lesson, scope, &exclude, n);
        if (variants.len() as u64) < n {
            diags.push(Diagnostic::error(
                &p.source_path,
                Some(asking.offset),
                format!(
                    "the rules module's generator makes only {} distinct valid `{name}` exercises for this lesson (besides its own), not the {n} variants asked for: set `variants = {}` in this block (or `[exercises] variants` in config.toml)",
                    variants.len(),
                    variants.len()
                ),
            ));
        }
        pools.push(KindPool {
            kind: kind.name,
            variants,
        });
    }
    (pools, diags)
}

/// The JSON of page `p`'s pool file.
fn render(site: &Site, p: &Page, pools: &[KindPool]) -> String {
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
    // Serialized straight to bytes (not through `serde_json::Value` and its
    // `Display`): the variants' HTML is most of a build's pool bytes.
    let mut kinds: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for pool in pools {
        let list = (pool.variants.iter())
            .map(|v| {
                let mut html = html::exercise(&v.exercise, &place, &words);
                html.truncate(html.trim_end().len());
                html
            })
            .collect();
        kinds.insert(pool.kind, list);
    }
    let rules = words.kit.texts.rules_object(&shared.rules());
    let kinds = serde_json::to_string(&kinds).expect("strings serialize");
    format!(r#"{{"kinds":{kinds},"rules":{rules}}}"#)
}
