//! The course's question banks, one per language: every quiz block of every page (course order) as one item, or, for a generated block, a group of variants made from its seed and each checked at export time; what cannot be expressed is listed with its place, never exported wrong.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::exercises::model::{Exercise, short_id};
use crate::exercises::spec::Fields;
use crate::exercises::words::Words;
use crate::exercises::{PageShared, kinds, parse_block};
use crate::markdown::{Fence, Hooks, Sink};
use crate::rules::generate::Rng;
use crate::site::Site;

use super::item::{Item, item, title};

/// Variants per generated block, unless `--variants` says otherwise.
pub const DEFAULT_VARIANTS: usize = 10;

/// Most exercises generated to find a block's variants, per variant asked.
const TRIES_PER_VARIANT: usize = 20;

/// What to put in the banks.
#[derive(Debug, Clone)]
pub struct BankOptions {
    /// The languages, one bank each (empty: every language of the site).
    pub langs: Vec<String>,
    /// Variants per generated block.
    pub variants: usize,
}

/// One language's question bank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bank {
    pub lang: String,
    /// The site's title.
    pub title: String,
    /// One per page with exercises, in course order.
    pub sections: Vec<Section>,
}

/// A page's questions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The page's title.
    pub title: String,
    /// The page's path in its language folder.
    pub rel: String,
    pub entries: Vec<Entry>,
}

/// An authored exercise, or a generated block's variants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Item(Located<Item>),
    Group(Located<Group>),
}

/// Something made from the block at `offset` of `path`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located<T> {
    pub value: T,
    pub path: PathBuf,
    pub offset: usize,
}

impl<T> Located<T> {
    /// A warning about it at its block.
    pub fn warning(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::warning(&self.path, Some(self.offset), message)
    }
}

/// The variants of one generated block: a learner gets one of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The same in every language: kind, seed and first variant.
    pub id: String,
    pub name: String,
    pub items: Vec<Item>,
}

impl Entry {
    /// Its items (one, or the group's variants).
    pub fn items(&self) -> &[Item] {
        match self {
            Entry::Item(i) => std::slice::from_ref(&i.value),
            Entry::Group(g) => &g.value.items,
        }
    }
}

/// Every requested language's bank, and the problems: unknown languages
/// (errors) and exercises left out (warnings at their block).
pub fn banks(site: &Site, opts: &BankOptions) -> (Vec<Bank>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let langs: Vec<String> = if opts.langs.is_empty() {
        site.config
            .languages
            .iter()
            .map(|l| l.code.clone())
            .collect()
    } else {
        opts.langs.clone()
    };
    let mut out = Vec::new();
    for lang in langs {
        if !site.config.languages.iter().any(|l| l.code == lang) {
            diags.push(Diagnostic::error(
                "--lang",
                None,
                format!("unknown language `{lang}` (not in config.toml)"),
            ));
            continue;
        }
        out.push(bank(site, &lang, opts.variants, &mut diags));
    }
    (out, diags)
}

fn bank(site: &Site, lang: &str, variants: usize, diags: &mut Vec<Diagnostic>) -> Bank {
    let shared = PageShared::default();
    let w = Words {
        lang,
        strings: &site.strings,
        kit: site.kit(lang),
        shared: &shared,
    };
    let mut sections = Vec::new();
    for page in site.pages_in_course_order(lang) {
        let entries = page_entries(page, variants, &w, diags);
        if !entries.is_empty() {
            sections.push(Section {
                title: page.front.title.clone(),
                rel: page.rel.clone(),
                entries,
            });
        }
    }
    Bank {
        lang: lang.to_string(),
        title: site.config.title.clone(),
        sections,
    }
}

/// A quiz block as the page's Markdown has it.
struct QuizFence {
    body: String,
    fence_offset: usize,
}

/// Collects a page's quiz blocks while its Markdown is read (nothing else).
struct Quizzes<'a> {
    path: &'a Path,
}

impl Hooks for Quizzes<'_> {
    type Item = QuizFence;
    fn fence(&self, fence: &Fence<'_>, sink: &mut Sink<QuizFence>) -> Option<String> {
        if fence.kind != "quiz" {
            return None;
        }
        sink.items.push(QuizFence {
            body: fence.body.to_string(),
            fence_offset: fence.fence_offset,
        });
        Some(String::new())
    }
    fn link(&self, _: &str, _: usize, _: &mut Sink<QuizFence>) -> Option<String> {
        None
    }
    fn page_path(&self) -> &Path {
        self.path
    }
}

fn page_entries(
    page: &Page,
    variants: usize,
    w: &Words<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Entry> {
    let hooks = Quizzes {
        path: &page.source_path,
    };
    let fences = crate::markdown::render(page.body(), page.body_offset, &hooks).items;
    let mut entries = Vec::new();
    let mut n = 0;
    for fence in fences {
        let at = fence.fence_offset;
        let block = match parse_block(&fence.body) {
            Ok(b) => b,
            Err(e) => {
                diags.push(located(page, at, ()).warning(format!(
                    "quiz block left out of the export: {} (`tilebook check` reports it)",
                    e.message
                )));
                continue;
            }
        };
        let prompt = block.prompt.as_deref();
        match generator(&fence.body) {
            Some((kind, seed, lines)) => {
                n += 1;
                let name = title(&block.exercises[0], &page.front.title, n, w);
                let made = group(kind, seed, &lines, variants, &name, prompt, w);
                match made {
                    Ok(g) => {
                        let g = located(page, at, g);
                        if g.value.items.len() < variants {
                            diags.push(g.warning(format!(
                                "`{}`: {} of {variants} variants could be exported (the others the seed gave have no single right answer)",
                                kind.name,
                                g.value.items.len()
                            )));
                        }
                        entries.push(Entry::Group(g));
                    }
                    Err(why) => {
                        diags.push(located(page, at, ()).warning(left_out(kind.name, &why)))
                    }
                }
            }
            None => {
                for ex in &block.exercises {
                    n += 1;
                    let id = short_id(&ex.fingerprint());
                    let name = title(ex, &page.front.title, n, w);
                    match item(ex, id, name, prompt, w) {
                        Ok(i) => entries.push(Entry::Item(located(page, at, i))),
                        Err(why) => {
                            diags.push(located(page, at, ()).warning(left_out(ex.kind, &why)))
                        }
                    }
                }
            }
        }
    }
    entries
}

fn located<T>(page: &Page, offset: usize, value: T) -> Located<T> {
    Located {
        value,
        path: page.source_path.clone(),
        offset,
    }
}

/// The warning for an exercise no question type expresses.
pub fn left_out(kind: &str, why: &str) -> String {
    format!("`{kind}` exercise left out of the export: {why}")
}

/// A generated block's kind, seed and teaching lines (`None`: authored).
fn generator(
    body: &str,
) -> Option<(
    &'static kinds::KindDef,
    u64,
    Vec<crate::rules::TeachingLine>,
)> {
    let mut f = Fields::parse(body).ok()?;
    if !f.has("generate") {
        return None;
    }
    let kind = kinds::find(&f.string("kind").ok()??.value)?;
    let seed = f.integer("seed").ok()??.value;
    let lines = match kind.lined {
        Some(_) => kinds::lines_field(&mut f).ok()?.unwrap_or_default(),
        None => Vec::new(),
    };
    Some((kind, seed, lines))
}

/// `variants` distinct items of `kind` from `seed`'s generator (the same
/// stream the page's `generate` draws from, so the first ones are the
/// page's), each checked: its answer spec, built from the rules module's
/// verdicts, must accept its key and reject every other answer.
fn group(
    kind: &'static kinds::KindDef,
    seed: u64,
    lines: &[crate::rules::TeachingLine],
    variants: usize,
    name: &str,
    prompt: Option<&str>,
    w: &Words<'_>,
) -> Result<Group, String> {
    let mut rng = Rng::new(seed);
    let mut seen = HashSet::new();
    let mut items = Vec::new();
    let mut first: Option<String> = None;
    let mut last_why = String::new();
    for _ in 0..variants.saturating_mul(TRIES_PER_VARIANT) {
        if items.len() == variants {
            break;
        }
        let Ok(ex): Result<Exercise, _> = kind.generated_for(&mut rng, lines) else {
            continue;
        };
        let fingerprint = ex.fingerprint();
        if !seen.insert(fingerprint.clone()) {
            continue;
        }
        first.get_or_insert_with(|| fingerprint.clone());
        let variant = format!("{name} ({})", items.len() + 1);
        match item(&ex, short_id(&fingerprint), variant, prompt, w) {
            Ok(i) => items.push(i),
            Err(why) => last_why = why,
        }
    }
    if items.is_empty() {
        return Err(last_why);
    }
    let id = short_id(&format!(
        "group|{}|{seed}|{}",
        kind.name,
        first.unwrap_or_default()
    ));
    Ok(Group {
        id,
        name: name.to_string(),
        items,
    })
}
