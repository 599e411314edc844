//! Exercises: quiz blocks (```` ```quiz ````), tile pictures (```` ```tiles ````),
//! seat diagrams (```` ```seats ````) and the Charleston trainer
//! (```` ```trainer ````): parsing, generation and validation against the
//! rules module, the HTML with its answer spec for the browser,
//! and cross-language consistency.
//!
//! - [`spec`] reads the author's TOML with offsets;
//! - [`kinds`] turns each kind's fields (or a seed) into a [`model::Exercise`],
//!   asking the rules module for every verdict;
//! - [`answer`] is the declarative answer spec the browser evaluates;
//! - [`html`] and [`tiles_svg`] write the page;
//! - [`seats`] draws seat diagrams from the rules module's directions;
//! - [`trainer`] writes the Charleston trainer's data and walkthrough.

pub mod answer;
pub mod feedback;
pub mod html;
pub mod kinds;
pub mod model;
pub mod pool;
pub mod seats;
pub mod sheet;
pub mod spec;
pub mod tiles_svg;
pub mod trainer;
pub mod words;

mod consistency;
pub use consistency::{
    MissingBlock, QuizBlock, check_consistency, quiz_blocks, untranslated_blocks,
};

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use crate::diagnostics::Diagnostic;
use crate::i18n::{Lookup, Strings, unknown_key};
use crate::markdown::Fence;
use crate::rules::RuleId;
use crate::rules::generate::Rng;

use html::{CHROME_KEYS, Place};
use model::{Exercise, short_id};
use spec::{Fields, Located, SpecError, SpecResult, check_copies, located_tiles};
use tiles_svg::{TileMarkup, TileSet};
use words::Words;

/// What the site needs to know about one exercise on a page, to compare
/// translations: same kinds, setups and verdicts in the same order.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExerciseRecord {
    /// Byte offset of the exercise's block in its file.
    pub offset: usize,
    pub kind: String,
    /// Language-independent summary of setup and verdict.
    pub fingerprint: String,
    /// The setup in canonical notation (for messages).
    pub setup: String,
    /// Stable id: a short hash of the fingerprint, or the block's `id`.
    pub id: String,
    /// The block's `variants = N` (see [`pool`]), when it has one.
    #[serde(default)]
    pub variants: Option<u64>,
}

/// Page facts an exercise needs while rendering.
pub struct FenceCx<'a> {
    pub lang: &'a str,
    pub strings: &'a Strings,
    pub page_path: &'a Path,
    /// Exercises already on the page (to number this block's).
    pub exercises_before: usize,
    /// What every page in the page's language shares.
    pub kit: &'a LangKit,
    /// What the page's blocks share, written once by [`page_end`].
    pub shared: &'a PageShared,
    /// The URL of a practice sheet with exercises of a kind, for the page's
    /// lesson, if there is one.
    pub more: &'a dyn Fn(&str) -> Option<String>,
    /// `[exercises] variants`: a block without its own `variants` has a
    /// pool ([`pool`]) unless this is 0.
    pub variants: u64,
}

impl FenceCx<'_> {
    /// The page's words for rendering an exercise or a tile row.
    fn words(&self) -> Words<'_> {
        Words {
            lang: self.lang,
            strings: self.strings,
            kit: self.kit,
            shared: self.shared,
        }
    }

    /// A block's parse error, located in the page's file.
    fn spec_error(&self, fence: &Fence<'_>, e: spec::SpecError) -> Diagnostic {
        Diagnostic::error(
            self.page_path,
            Some(fence.body_offset + e.offset),
            e.message,
        )
    }
}

/// What the exercises and tile rows of one page share: the texts of the
/// rules the exercises cite, written once at the end of the page by
/// [`page_end`], and the tiles drawn (the build writes the faces the site
/// uses, see `site::extras`).
#[derive(Debug, Default)]
pub struct PageShared {
    tiles: Cell<TileSet>,
    /// Bit `RuleId::index` set for every rule cited.
    rules: Cell<u64>,
    time: Cell<ExerciseTime>,
}

/// Time spent in exercise code (for `--timings`): checking blocks against
/// the rules module, and writing their HTML.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ExerciseTime {
    pub validating: Duration,
    pub writing: Duration,
}

impl std::ops::AddAssign for ExerciseTime {
    fn add_assign(&mut self, other: ExerciseTime) {
        self.validating += other.validating;
        self.writing += other.writing;
    }
}

impl PageShared {
    pub(crate) fn add_tile(&self, tile: crate::rules::Tile) {
        let mut used = self.tiles.get();
        used.insert(tile);
        self.tiles.set(used);
    }

    /// The tiles this page draws.
    pub fn tiles(&self) -> TileSet {
        self.tiles.get()
    }

    /// Time this page's exercises took.
    pub fn time(&self) -> ExerciseTime {
        self.time.get()
    }

    fn add_time(&self, validating: Duration, writing: Duration) {
        let mut t = self.time.get();
        t += ExerciseTime {
            validating,
            writing,
        };
        self.time.set(t);
    }

    pub(crate) fn add_rule(&self, rule: RuleId) {
        self.rules.set(self.rules.get() | 1 << rule.index());
    }

    /// The rules cited so far.
    pub fn rules(&self) -> Vec<RuleId> {
        let bits = self.rules.get();
        RuleId::ALL
            .iter()
            .copied()
            .filter(|r| bits & 1 << r.index() != 0)
            .collect()
    }
}

/// The end of a page with exercises: the table of rule texts and labels its
/// exercises' answer specs refer to (see `docs/exercise-contract.md`).
/// Empty otherwise. (Tile faces are files of their own, see [`tiles_svg`].)
pub fn page_end(cx: &FenceCx<'_>) -> String {
    let rules = cx.shared.rules();
    if rules.is_empty() {
        return String::new();
    }
    cx.kit.texts.page_table(&rules)
}

/// What every page in one language shares, prepared once per build: each
/// tile's markup and the localized rule texts and labels of exercises.
#[derive(Debug, Clone)]
pub struct LangKit {
    pub tiles: TileMarkup,
    pub texts: html::LangTexts,
    /// The keys of [`CHROME_KEYS`] no language defines (each exercise
    /// reports them).
    missing_chrome: Vec<String>,
    /// Per question stem, the faults that have a sentence of their own for
    /// it (`quiz.fault_for.<stem>.<fault>`), found at the first exercise
    /// that asks (every exercise's guide reads them).
    question_faults: Arc<RwLock<FaultsByStem>>,
}

/// Question stem → the faults with a sentence of their own for it.
type FaultsByStem = HashMap<String, Arc<[&'static str]>>;

impl LangKit {
    /// `rule_link` gives the URL and heading of the lesson section that
    /// teaches a rule in `lang`; `base_path` is the site's (`/`, `/course/`),
    /// under which the tile faces are.
    pub fn new(
        lang: &str,
        strings: &Strings,
        rule_link: &dyn Fn(&str) -> Option<html::RuleLink>,
        base_path: &str,
    ) -> LangKit {
        LangKit {
            tiles: TileMarkup::new(
                |t| {
                    strings
                        .get(lang, t.name_key())
                        .unwrap_or(t.name_key())
                        .to_string()
                },
                base_path,
            ),
            texts: html::LangTexts::new(lang, strings, rule_link),
            missing_chrome: CHROME_KEYS
                .iter()
                .filter(|key| strings.lookup(lang, key) == Lookup::Missing)
                .map(|key| key.to_string())
                .collect(),
            question_faults: Arc::default(),
        }
    }

    /// The faults of [`feedback::Fault::NAMES`] for which `has(key)` holds
    /// of `quiz.fault_for.<stem>.<fault>`, asked once per stem.
    pub(crate) fn question_faults(
        &self,
        stem: &str,
        has: impl Fn(&str) -> bool,
    ) -> Arc<[&'static str]> {
        let known = self.question_faults.read().map(|m| m.get(stem).cloned());
        if let Ok(Some(faults)) = known {
            return faults;
        }
        let faults: Arc<[&'static str]> = (feedback::Fault::NAMES.iter())
            .copied()
            .filter(|fault| has(&feedback::question_fault_key(stem, fault)))
            .collect();
        if let Ok(mut m) = self.question_faults.write() {
            m.insert(stem.to_string(), faults.clone());
        }
        faults
    }
}

/// Most instances one `generate = N` block may ask for.
pub const MAX_GENERATED: u64 = 20;

/// HTML for a fenced block this module owns (`quiz`, `tiles`, `seats`,
/// `trainer`), or `None`.
pub fn render_fence(
    fence: &Fence<'_>,
    cx: &FenceCx<'_>,
    records: &mut Vec<ExerciseRecord>,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    match fence.kind {
        "quiz" => Some(render_quiz(fence, cx, records, diags)),
        "tiles" => Some(render_tiles(fence, cx, diags)),
        "seats" => Some(render_seats(fence, cx, diags)),
        "trainer" => Some(render_trainer(fence, cx, diags)),
        _ => None,
    }
}

/// A parsed quiz block: one exercise, or the generated instances.
#[derive(Debug)]
pub struct Block {
    pub exercises: Vec<Exercise>,
    pub prompt: Option<String>,
    /// The author's `id`: the exercise's id (with `generate = N`, the
    /// instances are `<id>-1` … `<id>-N`) instead of a hash of its setup,
    /// so progress survives an edit of the setup.
    pub id: Option<String>,
    /// The block's `variants = N` (`pool`), when it has one.
    pub variants: Option<u64>,
}

impl Block {
    /// The id of the block's `i`-th exercise: the author's `id`, else a
    /// short hash of its language-independent fingerprint.
    pub fn exercise_id(&self, i: usize, fingerprint: &str) -> String {
        match &self.id {
            Some(id) if self.exercises.len() == 1 => id.clone(),
            Some(id) => format!("{id}-{}", i + 1),
            None => short_id(fingerprint),
        }
    }
}

/// Longest author `id` of a quiz block.
const MAX_ID_LEN: usize = 40;

/// The block's `id` field, checked: letters, digits, `-` and `_`.
fn block_id(f: &mut Fields<'_>) -> SpecResult<Option<String>> {
    let Some(id) = f.string("id")? else {
        return Ok(None);
    };
    let ok = !id.value.is_empty()
        && id.value.len() <= MAX_ID_LEN
        && id
            .value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !ok {
        return Err(SpecError::new(
            id.at,
            format!(
                "`id` is 1 to {MAX_ID_LEN} letters, digits, `-` or `_` (the same in every language), not {:?}",
                id.value
            ),
        ));
    }
    Ok(Some(id.value))
}

/// Parses and checks a quiz block body (offsets in errors are relative to it).
pub fn parse_block(body: &str) -> SpecResult<Block> {
    let mut f = Fields::parse(body)?;
    let kind_text = f.string("kind")?.ok_or_else(|| {
        SpecError::new(
            0,
            format!(
                "missing field `kind` (one of: {})",
                kinds::names().join(", ")
            ),
        )
    })?;
    let kind = kinds::find(&kind_text.value).ok_or_else(|| {
        SpecError::new(
            kind_text.at,
            format!(
                "unknown exercise kind \"{}\" (kinds: {})",
                kind_text.value,
                kinds::names().join(", ")
            ),
        )
    })?;
    let prompt = f.string("prompt")?.map(|p| p.value);
    let id = block_id(&mut f)?;
    let variants = match f.integer("variants")? {
        Some(v) if v.value > pool::MAX_VARIANTS => {
            return Err(SpecError::new(
                v.at,
                format!(
                    "`variants` is 0 to {} (0: no \"Try another\"), not {}",
                    pool::MAX_VARIANTS,
                    v.value
                ),
            ));
        }
        v => v.map(|v| v.value),
    };
    let exercises = if f.has("generate") {
        generated(kind, &mut f)?
    } else {
        vec![kind.authored(&mut f)?]
    };
    let mut allowed = vec!["kind", "prompt", "generate", "seed", "id", "variants"];
    allowed.extend(kind.fields);
    f.finish(kind.name, &allowed)?;
    Ok(Block {
        exercises,
        prompt,
        id,
        variants,
    })
}

/// `generate = N`, `seed = S`: N instances from the rules module's generators.
fn generated(kind: &kinds::KindDef, f: &mut Fields<'_>) -> SpecResult<Vec<Exercise>> {
    let n = f
        .integer("generate")?
        .unwrap_or(Located { value: 0, at: 0 });
    if n.value == 0 || n.value > MAX_GENERATED {
        return Err(SpecError::new(
            n.at,
            format!(
                "`generate` asks for 1 to {MAX_GENERATED} exercises, not {}",
                n.value
            ),
        ));
    }
    let seed = f.integer("seed")?.ok_or_else(|| {
        SpecError::new(
            f.key_at("generate"),
            "`generate` needs a `seed` (any whole number)",
        )
    })?;
    // Teaching lines may be given: the generated racks are judged by them.
    let lines = match kind.lined {
        Some(_) => kinds::lines_field(f)?.unwrap_or_default(),
        None => Vec::new(),
    };
    f.forbid(
        kind.fields,
        "with `generate` (generated exercises take their setup from the seed)",
    )?;
    let mut rng = Rng::new(seed.value);
    (0..n.value)
        .map(|i| {
            kind.generated_for(&mut rng, &lines).map_err(|e| {
                SpecError::new(
                    seed.at,
                    format!(
                        "generated exercise {} of {} (seed {}): {}",
                        i + 1,
                        n.value,
                        seed.value,
                        e.message
                    ),
                )
            })
        })
        .collect()
}

fn render_quiz(
    fence: &Fence<'_>,
    cx: &FenceCx<'_>,
    records: &mut Vec<ExerciseRecord>,
    diags: &mut Vec<Diagnostic>,
) -> String {
    let start = Instant::now();
    let block = match parse_block(fence.body) {
        Ok(b) => b,
        Err(e) => {
            diags.push(cx.spec_error(fence, e));
            return String::new();
        }
    };
    report_words(fence, cx, &block.exercises, diags);
    let mut validating = start.elapsed();
    let mut writing = Duration::ZERO;
    let words = cx.words();
    let mut out = String::new();
    for (i, ex) in block.exercises.iter().enumerate() {
        let start = Instant::now();
        let fingerprint = ex.fingerprint();
        let id = block.exercise_id(i, &fingerprint);
        let pooled = block.variants.unwrap_or(cx.variants) > 0;
        let more = pooled.then(|| (cx.more)(ex.kind)).flatten();
        let place = Place {
            n: cx.exercises_before + records.len() + 1,
            id: &id,
            prompt: block.prompt.as_deref(),
            level: fence.section_level.saturating_add(1),
            pooled,
            more: more.as_deref(),
        };
        let written = Instant::now();
        validating += written - start;
        out.push_str(&html::exercise(ex, &place, &words));
        writing += written.elapsed();
        records.push(ExerciseRecord {
            offset: fence.fence_offset,
            kind: ex.kind.to_string(),
            fingerprint,
            setup: ex.setup_text.to_string(),
            id,
            variants: block.variants,
        });
    }
    cx.shared.add_time(validating, writing);
    out
}

/// Reports strings no language defines (errors) and rules without a lesson
/// (warnings). Keys missing only in some languages are reported by `i18n`.
fn report_words(
    fence: &Fence<'_>,
    cx: &FenceCx<'_>,
    exercises: &[Exercise],
    diags: &mut Vec<Diagnostic>,
) {
    let mut missing: BTreeSet<String> = cx.kit.missing_chrome.iter().cloned().collect();
    let mut rules = BTreeSet::new();
    for ex in exercises {
        missing.extend(
            ex.keys()
                .into_iter()
                .filter(|key| cx.strings.lookup(cx.lang, key) == Lookup::Missing)
                .map(Cow::into_owned),
        );
        rules.extend(ex.spec.rules());
        rules.extend(ex.rules.iter().copied());
    }
    for key in missing {
        diags.push(unknown_key(cx.page_path, Some(fence.fence_offset), &key));
    }
    report_lessons(fence, cx, rules, diags);
}

/// Warns about each of `rules` that has no lesson to link to.
fn report_lessons(
    fence: &Fence<'_>,
    cx: &FenceCx<'_>,
    rules: impl IntoIterator<Item = RuleId>,
    diags: &mut Vec<Diagnostic>,
) {
    for rule in rules {
        if !cx.kit.texts.has_lesson(rule) {
            diags.push(Diagnostic::warning(
                cx.page_path,
                Some(fence.fence_offset),
                format!(
                    "rule `{rule}` has no lesson: map it to a section in [exercises.rule_lessons] of config.toml"
                ),
            ));
        }
    }
}

/// A ```` ```tiles ```` block: one row of tile pictures per line.
fn render_tiles(fence: &Fence<'_>, cx: &FenceCx<'_>, diags: &mut Vec<Diagnostic>) -> String {
    let rows = match parse_tile_rows(fence.body) {
        Ok(rows) => rows,
        Err(e) => {
            diags.push(cx.spec_error(fence, e));
            return String::new();
        }
    };
    let mut keys: BTreeSet<&str> = BTreeSet::new();
    let words = cx.words();
    let mut out = String::from(r#"<figure class="tiles">"#);
    for row in &rows {
        out.push_str(r#"<div class="tile-row">"#);
        for t in row {
            keys.insert(t.value.name_key());
            out.push_str(words.tile(t.value));
        }
        out.push_str("</div>");
    }
    out.push_str("</figure>\n");
    report_missing(fence, cx, keys, diags);
    out
}

/// A ```` ```seats ```` block: the seats and the arrows of a pass or a round.
fn render_seats(fence: &Fence<'_>, cx: &FenceCx<'_>, diags: &mut Vec<Diagnostic>) -> String {
    let diagram = match seats::parse(fence.body) {
        Ok(d) => d,
        Err(e) => {
            diags.push(cx.spec_error(fence, e));
            return String::new();
        }
    };
    report_missing(fence, cx, diagram.keys(), diags);
    seats::render(diagram, &cx.words())
}

/// Reports each of `keys` that no strings file defines for the page's language.
fn report_missing<K: AsRef<str>>(
    fence: &Fence<'_>,
    cx: &FenceCx<'_>,
    keys: impl IntoIterator<Item = K>,
    diags: &mut Vec<Diagnostic>,
) {
    for key in keys {
        let key = key.as_ref();
        if cx.strings.lookup(cx.lang, key) == Lookup::Missing {
            diags.push(unknown_key(cx.page_path, Some(fence.fence_offset), key));
        }
    }
}

/// A ```` ```trainer ```` block: the Charleston trainer and its walkthrough.
fn render_trainer(fence: &Fence<'_>, cx: &FenceCx<'_>, diags: &mut Vec<Diagnostic>) -> String {
    let spec = match trainer::parse(fence.body) {
        Ok(s) => s,
        Err(e) => {
            diags.push(cx.spec_error(fence, e));
            return String::new();
        }
    };
    report_missing(fence, cx, trainer::keys(), diags);
    report_lessons(fence, cx, trainer::RULES, diags);
    trainer::render(&spec, &cx.words())
}

/// Parses a tiles block: rows of tiles, no more copies than the set holds.
pub fn parse_tile_rows(body: &str) -> SpecResult<Vec<Vec<spec::LocatedTile>>> {
    let mut rows = Vec::new();
    let mut offset = 0;
    for line in body.split_inclusive('\n') {
        let text = Located {
            value: line.to_string(),
            at: offset,
        };
        offset += line.len();
        let row = located_tiles(&text)?;
        if !row.is_empty() {
            rows.push(row);
        }
    }
    let all: Vec<spec::LocatedTile> = rows.iter().flatten().cloned().collect();
    check_copies(&all)?;
    Ok(rows)
}
