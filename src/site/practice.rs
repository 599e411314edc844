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

use std::fmt::Write as _;

use super::*;
use crate::config::PracticeToml;
use crate::exercises::html::Words;
use crate::exercises::kinds::{self, KINDS, KindDef};
use crate::exercises::sheet::{self, SheetExercise};
use crate::exercises::{MAX_GENERATED, PageShared};

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
    if let Some(v) = &raw.sheets {
        match u32::try_from(*v.get_ref()) {
            Ok(n) if n <= MAX_SHEETS => out.sheets = n,
            _ => error(
                v.span().start,
                format!(
                    "[practice] sheets is 0 to {MAX_SHEETS} (0: no practice sheets), not {}",
                    v.get_ref()
                ),
            ),
        }
    }
    if let Some(v) = &raw.exercises {
        match usize::try_from(*v.get_ref()) {
            Ok(n) if (1..=MAX_GENERATED as usize).contains(&n) => out.exercises = n,
            _ => error(
                v.span().start,
                format!(
                    "[practice] exercises is 1 to {MAX_GENERATED} per sheet, not {}",
                    v.get_ref()
                ),
            ),
        }
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
}

/// A lesson's series id (see [`Series::id`]).
pub fn series_id(rel: &str) -> String {
    let stem = rel.strip_suffix(".md").unwrap_or(rel);
    match stem.strip_suffix("_index") {
        Some("") => "home".to_string(),
        Some(dir) => dir.trim_end_matches('/').to_string(),
        None => stem.to_string(),
    }
}

/// The kinds of `exercises`, once each, in the order of [`KINDS`].
fn kinds_of(exercises: &[ExerciseRecord]) -> Vec<&'static KindDef> {
    KINDS
        .iter()
        .filter(|k| exercises.iter().any(|e| e.kind == k.name))
        .collect()
}

impl Site {
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
                page.front.spans.toml_start,
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
        })
    }

    /// Every series, in navigation order (weight, then path), the mixed one
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
        lessons.sort_by(|(a, _), (b, _)| (a.front.weight, &a.rel).cmp(&(b.front.weight, &b.rel)));
        let mut series: Vec<Series> = lessons
            .iter()
            .filter_map(|(p, r)| self.lesson_series(p, &r.exercises, &site, &mut diags))
            .collect();
        let mixed: Vec<&'static KindDef> = KINDS
            .iter()
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
            });
        }
        (series, diags)
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
    pub(super) fn practice_links(&self, page: &Page, r: &RenderedPage) -> Option<(String, String)> {
        if !self.renderer.as_ref()?.has_template(TEMPLATE) {
            return None;
        }
        let default = self.content.get(&self.config.default_language, &page.rel)?;
        let mut ignored = Vec::new();
        let site = self.site_settings(&mut ignored);
        let series = self.lesson_series(default, &r.exercises, &site, &mut ignored)?;
        let root = self.practice_root(&page.lang)?;
        Some((format!("{root}{}/1/", series.id), root))
    }

    /// Every practice page of every language, into `output`.
    pub(crate) fn render_practice(
        &self,
        renderer: &Renderer,
        rendered: &[RenderedPage],
        output: &mut Output,
        diags: &mut Diagnostics,
    ) {
        let (series, problems) = self.practice_series(rendered);
        diags.extend(problems);
        if series.is_empty() {
            return;
        }
        if !renderer.has_template(TEMPLATE) {
            // A theme without practice sheets: an error only when the site asks for them.
            let asked = self.config.practice != PracticeToml::default()
                || self
                    .content
                    .pages
                    .iter()
                    .any(|p| p.front.practice.is_some());
            if !asked {
                return;
            }
            diags.error(
                format!("themes/{}/templates/{TEMPLATE}", self.config.theme),
                None,
                format!("the theme or site must provide template {TEMPLATE:?} (practice sheets)"),
            );
            return;
        }
        // Generated once, rendered in every language.
        let sheets: Vec<Vec<Vec<SheetExercise>>> = series
            .iter()
            .map(|s| {
                (1..=s.sheets)
                    .map(|n| {
                        let (sheet, unproven) = sheet::generate(&s.id, n, &s.kinds, s.exercises);
                        for u in unproven {
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
            for (s, sheets) in series.iter().zip(&sheets) {
                for (i, exercises) in sheets.iter().enumerate() {
                    let sheet = SheetRef {
                        series: s,
                        number: i as u32 + 1,
                        exercises,
                    };
                    self.render_sheet(renderer, &cx, &sheet, output, diags);
                }
            }
            self.render_index(renderer, &cx, &series, output, diags);
        }
    }

    /// The series' title in `lang`: its lesson's title, or the mixed one's.
    fn series_title(&self, lang: &str, s: &Series) -> Option<String> {
        match &s.lesson {
            Some(rel) => Some(self.content.get(lang, rel)?.front.title.clone()),
            None => Some(self.word(lang, "practice.mixed")),
        }
    }

    fn word(&self, lang: &str, key: &str) -> String {
        self.strings.get(lang, key).unwrap_or(key).to_string()
    }

    fn render_sheet(
        &self,
        renderer: &Renderer,
        cx: &LangCx<'_>,
        sheet: &SheetRef<'_>,
        output: &mut Output,
        diags: &mut Diagnostics,
    ) {
        let lang = cx.lang;
        let s = sheet.series;
        let Some(series_title) = self.series_title(lang, s) else {
            return;
        };
        let n = sheet.number;
        let title = self
            .word(lang, "practice.sheet_title")
            .replace("{series}", &series_title)
            .replace("{number}", &n.to_string());
        let shared = PageShared::default();
        let words = Words {
            lang,
            strings: &self.strings,
            kit: &self.kits[lang],
            shared: &shared,
        };
        let pages: Vec<String> = sheet
            .exercises
            .chunks(EXERCISES_PER_PAGE)
            .enumerate()
            .map(|(p, chunk)| {
                chunk
                    .iter()
                    .enumerate()
                    .map(|(i, e)| sheet::exercise_html(e, p * EXERCISES_PER_PAGE + i + 1, &words))
                    .collect()
            })
            .collect();
        let key_pages: Vec<KeyPage> = sheet
            .exercises
            .chunks(ANSWERS_PER_PAGE)
            .enumerate()
            .map(|(p, chunk)| {
                let start = p * ANSWERS_PER_PAGE + 1;
                let html = chunk
                    .iter()
                    .enumerate()
                    .map(|(i, e)| sheet::key_html(e, start + i, &words))
                    .collect();
                KeyPage { start, html }
            })
            .collect();
        let url = |lang: &str, number: u32| {
            self.practice_root(lang)
                .map(|root| format!("{root}{}/{number}/", s.id))
        };
        let alternates: Vec<Alternate> = self
            .config
            .languages
            .iter()
            .filter_map(|l| {
                let title = self.series_title(&l.code, s)?;
                Some(self.alternate(l, url(&l.code, n)?, title, lang))
            })
            .collect();
        let language = self.config.language(lang).map_or(lang, |l| &l.name);
        let header = self
            .word(lang, "practice.running_header")
            .replace("{title}", &title)
            .replace("{language}", language);
        let lesson_url = s
            .lesson
            .as_ref()
            .and_then(|rel| self.content.get(lang, rel))
            .map(|p| p.url.clone());
        let page_url = url(lang, n).unwrap_or_default();
        let ctx_value = SheetCtx {
            kind: "sheet",
            title: &title,
            series_title: &series_title,
            number: n,
            sheets: s.sheets,
            language,
            url: &page_url,
            permalink: self.config.permalink(&page_url),
            index_url: &cx.root,
            lesson_url,
            prev_url: (n > 1).then(|| url(lang, n - 1)).flatten(),
            next_url: (n < s.sheets).then(|| url(lang, n + 1)).flatten(),
            exercise_count: sheet.exercises.len(),
            print_pages: printed_pages(sheet.exercises.len()),
            print_css: print_css(&header, &self.word(lang, "practice.page_of")),
            pages,
            key_pages,
            sprite: crate::exercises::sprite(&shared),
        };
        let path = self.output_path_of(&page_url);
        let mut ctx = self.base_context(lang);
        ctx.insert("practice", &ctx_value);
        self.render_practice_page(renderer, ctx, &alternates, &path, output, diags);
    }

    fn render_index(
        &self,
        renderer: &Renderer,
        cx: &LangCx<'_>,
        all: &[Series],
        output: &mut Output,
        diags: &mut Diagnostics,
    ) {
        let lang = cx.lang;
        let series: Vec<IndexSeries> = all
            .iter()
            .filter_map(|s| {
                let title = self.series_title(lang, s)?;
                let lesson_url = s
                    .lesson
                    .as_ref()
                    .and_then(|rel| self.content.get(lang, rel))
                    .map(|p| p.url.clone());
                let sheets = (1..=s.sheets)
                    .map(|n| IndexSheet {
                        number: n,
                        url: format!("{}{}/{n}/", cx.root, s.id),
                    })
                    .collect();
                Some(IndexSeries {
                    id: s.id.clone(),
                    title,
                    lesson_url,
                    mixed: s.lesson.is_none(),
                    sheets,
                })
            })
            .collect();
        let alternates: Vec<Alternate> = self
            .config
            .languages
            .iter()
            .filter_map(|l| {
                let title = self.word(&l.code, "practice.index_title");
                Some(self.alternate(l, self.practice_root(&l.code)?, title, lang))
            })
            .collect();
        let title = self.word(lang, "practice.index_title");
        let index = IndexCtx {
            kind: "index",
            title: &title,
            url: &cx.root,
            permalink: self.config.permalink(&cx.root),
            series,
            exercises: all.first().map_or(DEFAULT_EXERCISES, |s| s.exercises),
        };
        let path = self.output_path_of(&cx.root);
        let mut ctx = self.base_context(lang);
        ctx.insert("practice", &index);
        self.render_practice_page(renderer, ctx, &alternates, &path, output, diags);
    }

    /// `en/practice/tiles/1/index.html` for `/en/practice/tiles/1/`.
    fn output_path_of(&self, url: &str) -> String {
        let rel = url
            .strip_prefix(self.config.base_path.as_str())
            .unwrap_or(url);
        format!("{rel}index.html")
    }

    fn alternate(
        &self,
        l: &crate::config::Language,
        url: String,
        title: String,
        current: &str,
    ) -> Alternate {
        Alternate {
            code: l.code.clone(),
            name: l.name.clone(),
            permalink: self.config.permalink(&url),
            url,
            title,
            current: l.code == current,
        }
    }

    fn render_practice_page(
        &self,
        renderer: &Renderer,
        mut ctx: Context,
        alternates: &[Alternate],
        path: &str,
        output: &mut Output,
        diags: &mut Diagnostics,
    ) {
        let translations = Value::from_serializable(&alternates);
        ctx.insert_value("translations", translations.clone());
        ctx.insert_value("alternates", translations);
        match renderer.render(TEMPLATE, &ctx, Path::new(path)) {
            Ok(html) => output.insert(path.to_string(), html),
            Err(d) => diags.push(d),
        }
    }
}

/// The CSS of a sheet's printed pages: `header` in the top margin of every
/// page, `page_of` (`Page {page} of {pages}`) at the bottom. Written as CSS
/// strings (quotes, backslashes and `<` escaped), so `| safe` in a `<style>`.
fn print_css(header: &str, page_of: &str) -> String {
    let quoted = |s: &str| {
        let mut q = String::from("\"");
        for c in s.chars() {
            match c {
                '"' | '\\' | '<' | '>' | '&' | '\n' => {
                    let _ = write!(q, "\\{:x} ", c as u32);
                }
                c => q.push(c),
            }
        }
        q.push('"');
        q
    };
    let mut counters = String::new();
    let mut rest = page_of;
    while let Some(at) = rest.find('{') {
        let (text, tail) = rest.split_at(at);
        if !text.is_empty() {
            counters.push_str(&quoted(text));
            counters.push(' ');
        }
        let (counter, after) = if let Some(after) = tail.strip_prefix("{pages}") {
            ("counter(pages) ", after)
        } else if let Some(after) = tail.strip_prefix("{page}") {
            ("counter(page) ", after)
        } else {
            counters.push_str(&quoted("{"));
            counters.push(' ');
            rest = &tail[1..];
            continue;
        };
        counters.push_str(counter);
        rest = after;
    }
    if !rest.is_empty() {
        counters.push_str(&quoted(rest));
    }
    format!(
        "@page {{ margin: 16mm 14mm 14mm; @top-center {{ content: {}; font: 9pt sans-serif; color: #000; }} @bottom-center {{ content: {}; font: 9pt sans-serif; color: #000; }} }}",
        quoted(header),
        counters.trim_end()
    )
}

/// A language and its practice folder, while rendering its pages.
struct LangCx<'a> {
    lang: &'a str,
    /// `/de/practice/`
    root: String,
}

/// One sheet to render.
struct SheetRef<'a> {
    series: &'a Series,
    number: u32,
    exercises: &'a [SheetExercise],
}

/// The same practice page in one language (the switcher and `hreflang`).
#[derive(Serialize)]
struct Alternate {
    code: String,
    name: String,
    url: String,
    permalink: String,
    title: String,
    current: bool,
}

/// `practice` in `practice.html` for a sheet (`kind = "sheet"`).
#[derive(Serialize)]
struct SheetCtx<'a> {
    kind: &'static str,
    title: &'a str,
    series_title: &'a str,
    number: u32,
    sheets: u32,
    language: &'a str,
    url: &'a str,
    permalink: String,
    index_url: &'a str,
    lesson_url: Option<String>,
    prev_url: Option<String>,
    next_url: Option<String>,
    exercise_count: usize,
    /// Printed pages the layout promises ([`printed_pages`]).
    print_pages: usize,
    print_css: String,
    /// Per printed page, the HTML of its exercises.
    pages: Vec<String>,
    key_pages: Vec<KeyPage>,
    sprite: String,
}

/// One printed page of the answer key: its first exercise number and entries.
#[derive(Serialize)]
struct KeyPage {
    start: usize,
    html: String,
}

/// `practice` in `practice.html` for the index (`kind = "index"`).
#[derive(Serialize)]
struct IndexCtx<'a> {
    kind: &'static str,
    title: &'a str,
    url: &'a str,
    permalink: String,
    series: Vec<IndexSeries>,
    exercises: usize,
}

#[derive(Serialize)]
struct IndexSeries {
    id: String,
    title: String,
    lesson_url: Option<String>,
    mixed: bool,
    sheets: Vec<IndexSheet>,
}

#[derive(Serialize)]
struct IndexSheet {
    number: u32,
    url: String,
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
    fn print_css_escapes_and_counts() {
        let css = print_css("Tiles: \"sheet\" 1 </style>", "Page {page} of {pages}");
        assert!(
            css.contains(r#"content: "Tiles: \22 sheet\22  1 \3c /style\3e ";"#),
            "{css}"
        );
        assert!(
            css.contains(r#"content: "Page " counter(page) " of " counter(pages);"#),
            "{css}"
        );
        assert_eq!(printed_pages(6), 4);
        assert_eq!(printed_pages(9), 7);
    }
}
