//! Practice sheets (issue 19): which series a site has (one per lesson with
//! exercises, and a mixed one), their settings (`[practice]` in config.toml
//! or a lesson's front matter, validated), and per language every sheet
//! page (`/<lang>/practice/<series>/<n>/`, theme template `practice.html`)
//! and the practice index (`/<lang>/practice/`). An extra of
//! [`super::extras`], so `build` and `serve` agree on them.
//!
//! A sheet's exercises come from `exercises::sheet::generate`, seeded by
//! (series, number) only: the same number is the same sheet in every
//! language. Every exercise is proven (its answer passes its answer spec);
//! one that is not is an error.

use std::path::Path;

use rayon::prelude::*;

use std::collections::HashMap;

use tera::Context;

use super::Site;
use super::context::Links;
use super::nav::Navigation;
use super::pages::RenderedPage;
use crate::config::Config;
use crate::config::PracticeToml;
use crate::content::ContentSet;
use crate::content::Page;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::exercises::ExerciseRecord;
use crate::exercises::LangKit;
use crate::exercises::kinds::{self, KindDef};
use crate::exercises::sheet::{self, SheetExercise};
use crate::i18n::Strings;
use crate::output::Output;
use crate::render::Renderer;

mod pages;
use super::kept::{KeptFiles, group};
use crate::exercises::MAX_GENERATED;
use pages::{LangCx, SheetRef};

/// Sheets per series when `[practice] sheets` is not set.
pub const DEFAULT_SHEETS: u32 = 3;
/// Exercises per sheet when `[practice] exercises` is not set.
pub const DEFAULT_EXERCISES: usize = 6;
/// Most sheets a series may have.
pub const MAX_SHEETS: u32 = 20;
/// Exercises on one printed page (the print stylesheet breaks the page after them).
pub const EXERCISES_PER_PAGE: usize = 2;
/// Answers on one printed page of the answer key.
pub const ANSWERS_PER_PAGE: usize = 8;
/// The id (and URL segment) of the series that mixes every lesson's kinds.
pub const MIXED: &str = "mixed";

/// The template of sheet and index pages.
const TEMPLATE: &str = "practice.html";

/// Sheets rendered in parallel before they go to the output together.
const SHEETS_PER_BATCH: usize = 256;

/// Printed pages of a sheet of `exercises` exercises: its exercises, then
/// its answer key, each in pages of a fixed number of entries.
pub fn printed_pages(exercises: usize) -> usize {
    exercises.div_ceil(EXERCISES_PER_PAGE) + exercises.div_ceil(ANSWERS_PER_PAGE)
}

/// `[practice]`, validated.
#[derive(Clone)]
struct Settings {
    sheets: u32,
    exercises: usize,
    /// `None`: the kinds of the lesson's own exercises.
    kinds: Option<Vec<&'static KindDef>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            sheets: DEFAULT_SHEETS,
            exercises: DEFAULT_EXERCISES,
            kinds: None,
        }
    }
}

/// `raw` over `base`; problems are errors in `path`, whose TOML starts at `start`.
fn settings(
    raw: &PracticeToml,
    base: &Settings,
    path: &Path,
    start: usize,
    diags: &mut Vec<Diagnostic>,
) -> Settings {
    let mut out = base.clone();
    let mut error = |at: usize, message: String| {
        diags.push(Diagnostic::error(path, Some(start + at), message));
    };
    let max = MAX_GENERATED as i64;
    if let Some(n) = in_range(&raw.sheets, 0, i64::from(MAX_SHEETS), &mut error, |v| {
        format!("[practice] sheets is 0 to {MAX_SHEETS} (0: no practice sheets), not {v}")
    }) {
        out.sheets = n as u32;
    }
    if let Some(n) = in_range(&raw.exercises, 1, max, &mut error, |v| {
        format!("[practice] exercises is 1 to {max} per sheet, not {v}")
    }) {
        out.exercises = n as usize;
    }
    if let Some(list) = &raw.kinds {
        let mut found = Vec::new();
        for name in list {
            match kinds::find(name.get_ref()) {
                Some(k) if !found.iter().any(|f: &&KindDef| f.name == k.name) => found.push(k),
                Some(_) => {}
                None => error(
                    name.span().start,
                    format!(
                        "[practice] kinds: unknown exercise kind {:?} (kinds: {})",
                        name.get_ref(),
                        kinds::names().join(", ")
                    ),
                ),
            }
        }
        out.kinds = Some(found);
    }
    out
}

/// The value of a number setting if it is in `lo..=hi`; else an error at it.
fn in_range(
    value: &Option<toml::Spanned<i64>>,
    lo: i64,
    hi: i64,
    error: &mut impl FnMut(usize, String),
    message: impl Fn(i64) -> String,
) -> Option<i64> {
    let v = value.as_ref()?;
    let n = *v.get_ref();
    if (lo..=hi).contains(&n) {
        return Some(n);
    }
    error(v.span().start, message(n));
    None
}

/// One series of sheets.
#[derive(Clone)]
pub(crate) struct Series {
    /// Language-independent id and URL segment: the lesson's path without
    /// `.md` (`charleston/blind-pass`; a folder's `_index.md` is the
    /// folder, the top one `home`), or [`MIXED`].
    pub id: String,
    /// The lesson's path in each language folder; `None` for the mixed series.
    pub lesson: Option<String>,
    pub kinds: Vec<&'static KindDef>,
    pub sheets: u32,
    pub exercises: usize,
    /// What its sheets may draw besides the kinds (from the lesson's exercises).
    pub scope: sheet::Scope,
}

/// A lesson's series id (see `Series::id`).
pub fn series_id(rel: &str) -> String {
    let stem = rel.strip_suffix(".md").unwrap_or(rel);
    match stem.strip_suffix("_index") {
        Some("") => "home".to_string(),
        Some(dir) => dir.trim_end_matches('/').to_string(),
        None => stem.to_string(),
    }
}

/// The kinds of `exercises`, once each, in the kinds' order ([`kinds::all`]).
fn kinds_of(exercises: &[ExerciseRecord]) -> Vec<&'static KindDef> {
    kinds::all()
        .filter(|k| exercises.iter().any(|e| e.kind == k.name))
        .collect()
}

/// The sheets and pools an extras phase may take from an earlier one instead of
/// making them: `build` links the previous build's (`site::reuse`),
/// `serve` keeps its last run's (`site::pipeline`).
pub(crate) trait LessonReuse {
    /// Puts the sheets of `s` (every language's) that were made from the
    /// same inputs into `output`; false when there are none.
    fn reuse_sheets(&self, site: &Site, s: &Series, output: &mut Output) -> bool;
    /// The sheets of `s` were made (and said nothing) into `paths`.
    fn made_sheets(&self, site: &Site, s: &Series, paths: Vec<String>);
    /// Puts the pool files (every language's) of the lesson at `lesson`
    /// (its path) that were made from the same inputs into `output`; false
    /// when there are none (see `super::pools`).
    /// (`records`: the exercises they are drawn from).
    fn reuse_pools(
        &self,
        site: &Site,
        lesson: &str,
        records: &[ExerciseRecord],
        output: &mut Output,
    ) -> bool;
    /// The pool files of `lesson` were made (and said nothing) into `paths`.
    fn made_pools(&self, site: &Site, lesson: &str, records: &[ExerciseRecord], paths: Vec<String>);
}

/// What practice sheets and their index read: the settings, the pages and
/// their course order, the strings, the language switcher's rows, and each
/// language's exercise kit and template context ([`Site::practice`]).
pub(crate) struct Practice<'a> {
    config: &'a Config,
    content: &'a ContentSet,
    strings: &'a Strings,
    nav: &'a Navigation,
    links: Links<'a>,
    kits: &'a HashMap<String, LangKit>,
    base_contexts: &'a HashMap<String, Context>,
}

impl Site {
    /// The practice sheets' view of the site.
    pub(crate) fn practice(&self) -> Practice<'_> {
        Practice {
            config: &self.config,
            content: &self.content,
            strings: &self.strings,
            nav: &self.nav,
            links: self.links(),
            kits: &self.kits,
            base_contexts: &self.base_contexts,
        }
    }

    /// For a lesson page: the URL of its first practice sheet and of the
    /// practice index, if it has a series ([`Practice::practice_links`]).
    pub(super) fn practice_links(&self, page: &Page, r: &RenderedPage) -> Option<(String, String)> {
        let renderer = self.renderer.as_ref()?;
        self.practice().practice_links(renderer, page, r)
    }

    /// The URL of the first practice sheet of `page`'s lesson in its
    /// language, if that lesson has a series and the series draws exercises
    /// of `kind` (the link "Try another like this" offers without
    /// JavaScript).
    pub(super) fn sheet_for_kind(&self, page: &Page, kind: &str) -> Option<String> {
        if !self.renderer.as_ref()?.has_template(TEMPLATE) {
            return None;
        }
        let p = self.practice();
        let default = self.content.get(&self.config.default_language, &page.rel)?;
        let mut ignored = Vec::new();
        let site = p.site_settings(&mut ignored);
        let mut own = site.clone();
        own.kinds = None;
        let s = match &default.front.practice {
            Some(raw) => settings(raw, &own, &default.source_path, 0, &mut ignored),
            None => own,
        };
        let id = series_id(&page.rel);
        let has = |list: &[&KindDef]| list.iter().any(|k| k.name == kind);
        let drawn = match (&s.kinds, &site.kinds) {
            (Some(own), _) => has(own),
            (None, Some(allowed)) => has(allowed),
            (None, None) => true,
        };
        (s.sheets > 0 && drawn && id != MIXED)
            .then(|| Some(format!("{}{id}/1/", p.practice_root(&page.lang)?)))
            .flatten()
    }

    /// The digest of what the sheets of `s` are made from
    /// ([`Practice::series_digest`]).
    pub(crate) fn series_digest(&self, s: &Series) -> String {
        self.practice().series_digest(s)
    }

    /// Every practice page of every language, into `output` (`series`:
    /// [`Practice::practice_series`]). A series whose sheets were made before
    /// from the same inputs is taken from `sheets` (`build` links the
    /// previous build's, `serve` keeps its last run's), and so is a
    /// language's index from `kept` (`serve`).
    pub(crate) fn render_practice(
        &self,
        renderer: &Renderer,
        series: &[Series],
        sheets: Option<&dyn LessonReuse>,
        kept: Option<&dyn KeptFiles>,
        output: &mut Output,
        diags: &mut Diagnostics,
    ) {
        let p = self.practice();
        if series.is_empty() {
            return;
        }
        if !renderer.has_template(TEMPLATE) {
            // A theme without practice sheets: an error only when the site asks for them.
            let asked = p.config.practice != PracticeToml::default()
                || p.content.pages.iter().any(|p| p.front.practice.is_some());
            if !asked {
                return;
            }
            diags.error(
                format!("themes/{}/templates/{TEMPLATE}", p.config.theme),
                None,
                format!("the theme or site must provide template {TEMPLATE:?} (practice sheets)"),
            );
            return;
        }
        let todo: Vec<&Series> = series
            .iter()
            .filter(|s| !sheets.is_some_and(|r| r.reuse_sheets(self, s, output)))
            .collect();
        let made = p.render_sheets(renderer, &todo, output, diags);
        if let Some(sheets) = sheets {
            for (s, paths) in todo.iter().zip(made) {
                if let Some(paths) = paths {
                    sheets.made_sheets(self, s, paths);
                }
            }
        }
        for lang in &p.config.languages {
            if let Some(root) = p.practice_root(&lang.code) {
                let cx = LangCx {
                    lang: &lang.code,
                    root,
                };
                let key = || p.index_digest(&cx, series);
                group(kept, key, output, |out| {
                    let mut said = Diagnostics::new();
                    p.render_index(renderer, &cx, series, out, &mut said);
                    let quiet = said.is_empty();
                    diags.extend(said);
                    quiet
                });
            }
        }
    }
}

impl Practice<'_> {
    /// The site's `[practice]` settings and their problems.
    fn site_settings(&self, diags: &mut Vec<Diagnostic>) -> Settings {
        let path = Path::new(crate::config::CONFIG_FILE);
        settings(&self.config.practice, &Settings::default(), path, 0, diags)
    }

    /// The series of one default-language lesson with these exercises, or
    /// `None` (no exercises, no kinds left, or `sheets = 0`).
    fn lesson_series(
        &self,
        page: &Page,
        exercises: &[ExerciseRecord],
        site: &Settings,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Series> {
        if exercises.is_empty() {
            return None;
        }
        let mut own = site.clone();
        own.kinds = None;
        let mut s = match &page.front.practice {
            Some(raw) => settings(
                raw,
                &own,
                &page.source_path,
                page.front.spans.toml.start,
                diags,
            ),
            None => own,
        };
        let kinds = match (s.kinds.take(), &site.kinds) {
            (Some(own), _) => own,
            (None, Some(allowed)) => kinds_of(exercises)
                .into_iter()
                .filter(|k| allowed.iter().any(|a| a.name == k.name))
                .collect(),
            (None, None) => kinds_of(exercises),
        };
        let id = series_id(&page.rel);
        if id == MIXED && s.sheets > 0 {
            diags.push(Diagnostic::error(
                &page.source_path,
                None,
                format!("the practice series of this lesson would be /practice/{MIXED}/, the path of the mixed series: rename the page, or set `sheets = 0` in its [practice] front matter"),
            ));
            return None;
        }
        (s.sheets > 0 && !kinds.is_empty()).then(|| Series {
            id,
            lesson: Some(page.rel.clone()),
            kinds,
            sheets: s.sheets,
            exercises: s.exercises,
            scope: sheet::Scope::of_lesson(exercises.iter().map(|e| e.setup.as_str())),
        })
    }

    /// Every series, in course order ([`Navigation::sort_in_course_order`](super::nav::Navigation::sort_in_course_order)), the mixed one
    /// last; and the settings' problems.
    pub(crate) fn practice_series(
        &self,
        rendered: &[RenderedPage],
    ) -> (Vec<Series>, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        let site = self.site_settings(&mut diags);
        let default = &self.config.default_language;
        let mut lessons: Vec<(&Page, &RenderedPage)> = self
            .content
            .pages
            .iter()
            .zip(rendered)
            .filter(|(p, _)| &p.lang == default)
            .collect();
        self.nav
            .sort_in_course_order(default, &mut lessons, |(p, _)| &p.rel);
        let mut series: Vec<Series> = lessons
            .iter()
            .filter_map(|(p, r)| self.lesson_series(p, &r.exercises, &site, &mut diags))
            .collect();
        self.report_translated_settings(&mut diags);
        let mixed: Vec<&'static KindDef> = kinds::all()
            .filter(|k| {
                series
                    .iter()
                    .any(|s| s.kinds.iter().any(|o| o.name == k.name))
            })
            .collect();
        if site.sheets > 0 && !mixed.is_empty() {
            series.push(Series {
                id: MIXED.to_string(),
                lesson: None,
                kinds: mixed,
                sheets: site.sheets,
                exercises: site.exercises,
                scope: sheet::Scope::ALL,
            });
        }
        (series, diags)
    }

    /// A translation's `[practice]` is not read (a sheet is the same in
    /// every language): unless it is the default language's own (a copy of
    /// the page), a warning at the key, naming the page it belongs in.
    fn report_translated_settings(&self, diags: &mut Vec<Diagnostic>) {
        let default = &self.config.default_language;
        for page in self.content.pages.iter().filter(|p| &p.lang != default) {
            let Some(own) = &page.front.practice else {
                continue;
            };
            let source = self.content.get(default, &page.rel);
            if source.is_some_and(|s| s.front.practice.as_ref() == Some(own)) {
                continue;
            }
            let home = match source {
                Some(d) => d.source_path.display().to_string(),
                None => format!("the {default:?} page {}", page.rel),
            };
            diags.push(Diagnostic::warning(
                &page.source_path,
                page.front.spans.practice,
                format!("[practice] is ignored in a translation: practice sheets are the same in every language, so set them in the front matter of {home}"),
            ));
        }
    }

    /// The URL of sheet `number` of `s` in `lang`, if that language has it
    /// (a practice folder, and the series' lesson).
    pub(super) fn sheet_url(&self, lang: &str, s: &Series, number: u32) -> Option<String> {
        self.series_title(lang, s)?;
        Some(format!("{}{}/{number}/", self.practice_root(lang)?, s.id))
    }

    /// Every practice page [`Site::render_practice`] writes, each as its URL
    /// in every language that has it (for the sitemap): the sheets, then
    /// the index.
    pub(crate) fn practice_pages(
        &self,
        renderer: &Renderer,
        series: &[Series],
    ) -> Vec<Vec<(&str, String)>> {
        if !renderer.has_template(TEMPLATE) {
            return Vec::new();
        }
        if series.is_empty() {
            return Vec::new();
        }
        let langs = || self.config.languages.iter().map(|l| l.code.as_str());
        // Each language's practice folder, once (a sitemap of tens of
        // thousands of sheets asks for it per sheet and language).
        let roots: Vec<(&str, String)> = langs()
            .filter_map(|l| Some((l, self.practice_root(l)?)))
            .collect();
        let mut pages: Vec<Vec<(&str, String)>> = series
            .iter()
            .flat_map(|s| {
                // The languages that have the series (see `Practice::sheet_url`).
                let has: Vec<&(&str, String)> = roots
                    .iter()
                    .filter(|(l, _)| match &s.lesson {
                        Some(rel) => self.content.get(l, rel).is_some(),
                        None => true,
                    })
                    .collect();
                (1..=s.sheets).map(move |n| {
                    has.iter()
                        .map(|(l, root)| (*l, format!("{root}{}/{n}/", s.id)))
                        .collect()
                })
            })
            .collect();
        pages.push(
            langs()
                .filter_map(|l| Some((l, self.practice_root(l)?)))
                .collect(),
        );
        pages.retain(|p| !p.is_empty());
        pages
    }

    /// The URL of a language's practice folder (`/de/practice/`), if the
    /// language has a home page.
    fn practice_root(&self, lang: &str) -> Option<String> {
        let home = self.content.get(lang, "_index.md")?;
        Some(format!("{}practice/", home.url))
    }

    /// For a lesson page: the URL of its first practice sheet and of the
    /// practice index, if it has a series (settings problems are reported
    /// by the extras phase).
    fn practice_links(
        &self,
        renderer: &Renderer,
        page: &Page,
        r: &RenderedPage,
    ) -> Option<(String, String)> {
        if !renderer.has_template(TEMPLATE) {
            return None;
        }
        let default = self.content.get(&self.config.default_language, &page.rel)?;
        let mut ignored = Vec::new();
        let site = self.site_settings(&mut ignored);
        let series = self.lesson_series(default, &r.exercises, &site, &mut ignored)?;
        let root = self.practice_root(&page.lang)?;
        Some((format!("{root}{}/1/", series.id), root))
    }

    /// Every sheet of `series` in every language, into `output`; per series
    /// the paths written, or `None` when making it said something (it is
    /// then made again by the next build, to say it again).
    fn render_sheets(
        &self,
        renderer: &Renderer,
        series: &[&Series],
        output: &mut Output,
        diags: &mut Diagnostics,
    ) -> Vec<Option<Vec<String>>> {
        let mut made: Vec<Option<Vec<String>>> = vec![Some(Vec::new()); series.len()];
        // Generated once, rendered in every language.
        let sheets: Vec<Vec<Vec<SheetExercise>>> = series
            .iter()
            .zip(&mut made)
            .map(|(s, made)| {
                (1..=s.sheets)
                    .map(|n| {
                        let (sheet, unproven) = sheet::generate(&s.id, n, &s.kinds, s.exercises, s.scope);
                        for u in unproven {
                            *made = None;
                            diags.error(
                                crate::config::CONFIG_FILE,
                                None,
                                format!(
                                    "practice sheet {}/{n}: exercise {} ({}: {}) has no answer its answer spec accepts",
                                    s.id, u.n, u.kind, u.setup
                                ),
                            );
                        }
                        sheet
                    })
                    .collect()
            })
            .collect();
        for lang in &self.config.languages {
            let Some(root) = self.practice_root(&lang.code) else {
                continue;
            };
            let cx = LangCx {
                lang: &lang.code,
                root,
            };
            let jobs: Vec<(usize, SheetRef)> = series
                .iter()
                .zip(&sheets)
                .enumerate()
                .flat_map(|(k, (s, sheets))| {
                    sheets.iter().enumerate().map(move |(i, exercises)| {
                        let sheet = SheetRef {
                            series: s,
                            number: i as u32 + 1,
                            exercises,
                        };
                        (k, sheet)
                    })
                })
                .collect();
            // In parallel, a batch at a time: a batch's pages are held until
            // they go to `output` (which may write them out as they come).
            for batch in jobs.chunks(SHEETS_PER_BATCH) {
                let done: Vec<(usize, Output, Diagnostics)> = batch
                    .par_iter()
                    .map(|(k, sheet)| {
                        let (mut out, mut d) = (Output::new(), Diagnostics::new());
                        self.render_sheet(renderer, &cx, sheet, &mut out, &mut d);
                        (*k, out, d)
                    })
                    .collect();
                for (k, out, d) in done {
                    let d = d.into_vec();
                    if !d.is_empty() {
                        made[k] = None;
                    }
                    for (path, bytes) in out.into_files() {
                        if let Some(paths) = &mut made[k] {
                            paths.push(path.clone());
                        }
                        output.insert(path, bytes);
                    }
                    diags.extend(d);
                }
            }
        }
        made
    }

    /// The digest of what the sheets of `s` are made from besides the
    /// site's templates, strings and settings (which `serve` reloads
    /// everything for): the series, and in every language its title and
    /// lesson URL, and the practice folder.
    pub(crate) fn series_digest(&self, s: &Series) -> String {
        let mut d = crate::output::manifest::Digest::new();
        d.field("practice series");
        d.field(&s.id).field(s.lesson.as_deref().unwrap_or("-"));
        for k in &s.kinds {
            d.field(k.name);
        }
        d.field(s.sheets.to_le_bytes())
            .field(s.exercises.to_le_bytes())
            .field([u8::from(s.scope.second_charleston)]);
        for l in &self.config.languages {
            let lesson = s
                .lesson
                .as_ref()
                .and_then(|rel| self.content.get(&l.code, rel));
            d.field(&l.code);
            d.field(self.series_title(&l.code, s).unwrap_or_default());
            d.field(lesson.map_or("-", |p| p.url.as_str()));
            d.field(self.practice_root(&l.code).unwrap_or_default());
        }
        d.finish()
    }

    /// The digest of what a language's practice index is made from besides
    /// the site's templates, strings and settings: every language's
    /// practice folder (its alternates), and of each series it lists, the
    /// id, the title and lesson URL in that language, and the sheet count.
    /// A title edit of a lesson changes its own language's index only.
    fn index_digest(&self, cx: &LangCx<'_>, series: &[Series]) -> String {
        let mut d = crate::output::manifest::Digest::new();
        d.field("practice index").field(cx.lang).field(&cx.root);
        d.field(series.first().map_or(0, |s| s.exercises).to_le_bytes());
        for l in &self.config.languages {
            d.field(self.practice_root(&l.code).unwrap_or_default());
        }
        for s in series {
            let Some(title) = self.series_title(cx.lang, s) else {
                continue;
            };
            let lesson = s
                .lesson
                .as_ref()
                .and_then(|rel| self.content.get(cx.lang, rel));
            d.field(&s.id).field(title);
            d.field(lesson.map_or("-", |p| p.url.as_str()));
            d.field(s.sheets.to_le_bytes());
        }
        d.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_ids_are_paths_without_md() {
        assert_eq!(series_id("tiles.md"), "tiles");
        assert_eq!(series_id("charleston/_index.md"), "charleston");
        assert_eq!(
            series_id("charleston/blind-pass.md"),
            "charleston/blind-pass"
        );
        assert_eq!(series_id("_index.md"), "home");
    }

    #[test]
    fn printed_pages_of_a_sheet() {
        assert_eq!(printed_pages(6), 4);
        assert_eq!(printed_pages(9), 7);
    }
}
