//! The pages of practice sheets: a sheet (its exercises in printed pages,
//! its answer key, its running header as `@page` CSS) and a language's
//! practice index, each rendered with the theme's `practice.html`; the same
//! page in the other languages for the switcher and `hreflang`.

use std::fmt::Write as _;

use std::path::Path;

use serde::Serialize;
use tera::{Context, Value};

use super::{
    ANSWERS_PER_PAGE, DEFAULT_EXERCISES, EXERCISES_PER_PAGE, Practice, Series, TEMPLATE,
    printed_pages,
};
use crate::diagnostics::Diagnostics;
use crate::exercises::sheet::{self, SheetExercise};
use crate::exercises::words::Words;
use crate::exercises::{LangKit, PageShared};
use crate::output::Output;
use crate::render::Renderer;

impl Practice<'_> {
    /// What every page of `lang` shares in its exercises and tiles.
    fn kit(&self, lang: &str) -> &LangKit {
        &self.kits[lang]
    }

    /// The context every template of `lang` starts from.
    fn base_context(&self, lang: &str) -> Context {
        self.base_contexts[lang].clone()
    }

    /// A string of `lang` from the strings files (the key when missing: the
    /// strings check reports it).
    fn word<'a>(&'a self, lang: &str, key: &'a str) -> &'a str {
        self.strings.get(lang, key).unwrap_or(key)
    }

    /// The series' title in `lang`: its lesson's title, or the mixed one's.
    pub(super) fn series_title(&self, lang: &str, s: &Series) -> Option<&str> {
        match &s.lesson {
            Some(rel) => Some(&self.content.get(lang, rel)?.front.title),
            None => Some(self.word(lang, "practice.mixed")),
        }
    }

    pub(super) fn render_sheet(
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
            .replace("{series}", series_title)
            .replace("{number}", &n.to_string());
        let shared = PageShared::default();
        let words = Words {
            lang,
            strings: self.strings,
            kit: self.kit(lang),
            shared: &shared,
        };
        let (pages, key_pages) = printed(sheet.exercises, &words);
        let url = |lang: &str, number: u32| self.sheet_url(lang, s, number);
        let alternates: Vec<Alternate> = self
            .config
            .languages
            .iter()
            .filter_map(|l| {
                let title = self.series_title(&l.code, s)?.to_string();
                Some(self.alternate(l, url(&l.code, n)?, title, lang))
            })
            .collect();
        let description = self
            .word(lang, "description.practice_sheet")
            .replace("{series}", series_title)
            .replace("{number}", &n.to_string())
            .replace("{sheets}", &s.sheets.to_string());
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
            description,
            series_title,
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
            print_css: print_css(&header, self.word(lang, "practice.page_of")),
            pages,
            key_pages,
        };
        let path = self.output_path_of(&page_url);
        let mut ctx = self.base_context(lang);
        ctx.insert("practice", &ctx_value);
        self.render_practice_page(renderer, ctx, &alternates, &path, output, diags);
    }

    pub(super) fn render_index(
        &self,
        renderer: &Renderer,
        cx: &LangCx<'_>,
        all: &[Series],
        output: &mut Output,
        diags: &mut Diagnostics,
    ) {
        let lang = cx.lang;
        // "Sheet {number}", made here once per sheet: a template call and
        // filter per sheet cost most of an index of thousands of sheets.
        let sheet_word = self.word(lang, "practice.sheet");
        let series: Vec<IndexSeries> = all
            .iter()
            .filter_map(|s| {
                let title = self.series_title(lang, s)?.to_string();
                let lesson_url = s
                    .lesson
                    .as_ref()
                    .and_then(|rel| self.content.get(lang, rel))
                    .map(|p| p.url.clone());
                let sheets = (1..=s.sheets)
                    .map(|n| IndexSheet {
                        number: n,
                        label: sheet_word.replace("{number}", &n.to_string()),
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
                let title = self.word(&l.code, "practice.index_title").to_string();
                Some(self.alternate(l, self.practice_root(&l.code)?, title, lang))
            })
            .collect();
        let title = self.word(lang, "practice.index_title").to_string();
        let index = IndexCtx {
            kind: "index",
            title: &title,
            description: self.word(lang, "description.practice_index"),
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
        let current = alternates
            .iter()
            .find(|a| a.current)
            .map(|a| a.code.as_str());
        let languages = self
            .links
            .language_rows(current.unwrap_or_default(), |code| {
                let a = alternates.iter().find(|a| a.code == code)?;
                Some((a.url.clone(), a.title.clone()))
            });
        ctx.insert("languages", &languages);
        let default = &self.config.default_language;
        let x_default = alternates.iter().find(|a| &a.code == default);
        ctx.insert("x_default_url", &x_default.map(|a| a.permalink.as_str()));
        match renderer.render(TEMPLATE, &ctx, Path::new(path)) {
            Ok(html) => output.insert(path.to_string(), html),
            Err(d) => diags.push(d),
        }
    }
}

/// A sheet's exercises in printed pages, and its answer key in pages.
fn printed(exercises: &[SheetExercise], words: &Words<'_>) -> (Vec<String>, Vec<KeyPage>) {
    let pages: Vec<String> = exercises
        .chunks(EXERCISES_PER_PAGE)
        .enumerate()
        .map(|(p, chunk)| {
            chunk
                .iter()
                .enumerate()
                .map(|(i, e)| sheet::exercise_html(e, p * EXERCISES_PER_PAGE + i + 1, words))
                .collect()
        })
        .collect();
    let key_pages: Vec<KeyPage> = exercises
        .chunks(ANSWERS_PER_PAGE)
        .enumerate()
        .map(|(p, chunk)| {
            let start = p * ANSWERS_PER_PAGE + 1;
            let html = chunk
                .iter()
                .enumerate()
                .map(|(i, e)| sheet::key_html(e, start + i, words))
                .collect();
            KeyPage { start, html }
        })
        .collect();
    (pages, key_pages)
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
pub(super) struct LangCx<'a> {
    pub(super) lang: &'a str,
    /// `/de/practice/`
    pub(super) root: String,
}

/// One sheet to render.
pub(super) struct SheetRef<'a> {
    pub(super) series: &'a Series,
    pub(super) number: u32,
    pub(super) exercises: &'a [SheetExercise],
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
    /// `<meta name="description">` (`description.practice_sheet`).
    description: String,
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
    /// `<meta name="description">` (`description.practice_index`).
    description: &'a str,
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
    /// The link's words: `practice.sheet` with its `{number}`.
    label: String,
    url: String,
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
