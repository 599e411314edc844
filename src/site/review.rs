//! The review page of each language (issue 33), `<lang>/review/`: the
//! exercises a learner missed or revealed come back on a spaced schedule
//! (FSRS, the theme's vendored `ts-fsrs`), each as a fresh variant from its
//! lesson's pool (`pool.txt`). The build writes the page with the theme's
//! `review.html` (a theme without it has none); `js/review.js` does the rest in the
//! browser, from `<lang>/exercises.json` and what `quiz.js` saved.
//! The page's table of exercise labels holds no rule texts: each pool
//! brings those its variants cite.

use std::path::Path;

use serde::Serialize;

use super::Site;
use crate::config::Config;
use crate::diagnostics::Diagnostics;
use crate::output::Output;
use crate::render::Renderer;

/// The theme's template of the review page.
pub const TEMPLATE: &str = "review.html";

/// `review` in `review.html`.
#[derive(Serialize)]
struct ReviewCtx<'a> {
    title: &'a str,
    /// The page's URL.
    url: String,
    /// `<script id="quiz-texts">`: the exercises' labels (no rule: each
    /// pool brings the texts of the rules its variants cite).
    texts: String,
    /// The language's `exercises.json` (lessons, exercise ids and kinds).
    lessons: String,
}

/// Whether the site has review pages: its theme has [`TEMPLATE`] and its
/// exercises have pools (`[exercises] variants` is not 0). The home page's
/// link to the review (`review_url` in every template's context) is there
/// only then.
pub(crate) fn built(config: &Config, renderer: Option<&Renderer>) -> bool {
    config.exercises.variants > 0 && renderer.is_some_and(|r| r.has_template(TEMPLATE))
}

/// The URL of the review page of the language whose home is `home_url`.
pub(crate) fn url(home_url: &str) -> String {
    format!("{home_url}review/")
}

/// The review page of every language with a home page, into `output`.
pub(crate) fn review_pages(
    site: &Site,
    renderer: &Renderer,
    output: &mut Output,
    diags: &mut Diagnostics,
) {
    if !built(&site.config, Some(renderer)) {
        return;
    }
    let url_of = |code: &str| {
        site.content
            .get(code, "_index.md")
            .map(|home| url(&home.url))
    };
    for l in &site.config.languages {
        let Some(home) = site.content.get(&l.code, "_index.md") else {
            continue;
        };
        let title = site
            .strings
            .get(&l.code, "progress.review.title")
            .unwrap_or("Review");
        let review = ReviewCtx {
            title,
            url: url(&home.url),
            // The labels; the rules come with each pool (`pool.txt`).
            texts: site.kit(&l.code).texts.page_table(&[]),
            lessons: format!("{}exercises.json", home.url),
        };
        let mut ctx = site.base_contexts[&l.code].clone();
        ctx.insert("review", &review);
        let languages = site.links().language_rows(&l.code, |code| {
            let title = site
                .strings
                .get(code, "progress.review.title")
                .unwrap_or("Review");
            Some((url_of(code)?, title.to_string()))
        });
        ctx.insert("languages", &languages);
        let path = format!(
            "{}review/index.html",
            home.output_path.trim_end_matches("index.html")
        );
        match renderer.render(TEMPLATE, &ctx, Path::new(&path)) {
            Ok(html) => output.insert(path, html),
            Err(d) => diags.push(d),
        }
    }
}
