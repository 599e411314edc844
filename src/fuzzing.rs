//! Fuzzing entry points: one function per cargo-fuzz target in `fuzz/`, each
//! driving the real code path on arbitrary input (not part of the stable API).
//!
//! Every function panics only when the code under test misbehaves: a crash
//! inside it, or a diagnostic whose offset lies outside the text it reports
//! on (a location that cannot be right). Errors the input deserves are fine.
//! See `fuzz/README.md` for how to run the targets.

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::content::{Page, parse_front_matter, url_path};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceCache};
use crate::exercises::{self, ExerciseRecord, FenceCx, PageShared};
use crate::glossary::Glossary;
use crate::markdown::Fence;
use crate::site::{BuildOptions, Site};

/// Front matter placed before a page input that has none of its own.
const FALLBACK_FRONT: &str = "+++\ntitle = \"Fuzz\"\n+++\n";

/// Asserts that every diagnostic about `path` points inside `text`.
fn check_offsets<'a>(diags: impl IntoIterator<Item = &'a Diagnostic>, path: &Path, text: &str) {
    for d in diags {
        if d.path == path
            && let Some(at) = d.offset
        {
            assert!(
                at <= text.len(),
                "diagnostic offset {at} past the end ({}) of {}: {}",
                text.len(),
                path.display(),
                d.message
            );
        }
    }
}

/// Target `front_matter`: splits and parses a page's front matter, then
/// computes the page's URL path from its slug.
pub fn front_matter(text: &str) {
    match parse_front_matter(text) {
        Ok((front, body)) => {
            assert!(body <= text.len() && text.is_char_boundary(body));
            for rel in ["a.md", "_index.md", "s/b.md", "s/_index.md"] {
                let path = url_path(rel, front.slug.as_deref());
                assert!(path.is_empty() || path.ends_with('/'), "{path:?}");
                assert!(!path.contains(".."), "{path:?} leaves its folder");
            }
        }
        Err((at, _)) => assert!(at <= text.len(), "offset {at} past the end"),
    }
}

/// Target `config`: parses a `config.toml`, and when it is valid, builds
/// permalinks from it.
pub fn config(text: &str) {
    match Config::parse(text) {
        Ok(c) => {
            let _ = c.permalink("en/");
            let _ = c.permalink("");
        }
        Err(errs) => check_offsets(&errs, Path::new(crate::config::CONFIG_FILE), text),
    }
}

/// A loaded site the page, quiz and tile targets render into (loaded once
/// per fuzzing process).
pub struct Harness {
    site: Site,
}

impl Harness {
    /// Loads the site at `root` (the course: `fuzz/` passes the repository
    /// root). Panics when it does not load: the targets need a real site.
    pub fn load(root: &Path) -> Harness {
        let opts = BuildOptions {
            root: root.to_path_buf(),
            ..BuildOptions::default()
        };
        let (site, diags, _) = crate::site::load(&opts);
        let site = site.unwrap_or_else(|| panic!("site did not load: {:?}", diags.into_vec()));
        assert!(!site.content.pages.is_empty(), "the site has no pages");
        Harness { site }
    }

    /// A page of the site chosen by `n` (so that inputs land in different
    /// languages and folders).
    fn page(&self, n: usize) -> &Page {
        let pages = &self.site.content.pages;
        &pages[n % pages.len()]
    }

    /// Renders a fenced block of `kind` with body `body` as it would be on
    /// page `n`; returns the HTML (if the block is ours) and the diagnostics.
    fn fence(&self, kind: &str, body: &str, n: usize) -> (Option<String>, Vec<Diagnostic>) {
        let page = self.page(n);
        let shared = PageShared::default();
        let kit = self.site_kit(&page.lang);
        let cx = FenceCx {
            lang: &page.lang,
            strings: &self.site.strings,
            page_path: &page.source_path,
            exercises_before: 0,
            kit,
            shared: &shared,
            more: &|_| None,
            variants: 0,
        };
        let fence = Fence {
            kind,
            args: "",
            body,
            body_offset: 0,
            fence_offset: 0,
            section_level: 2,
        };
        let mut records: Vec<ExerciseRecord> = Vec::new();
        let mut diags = Vec::new();
        let html = exercises::render_fence(&fence, &cx, &mut records, &mut diags);
        if html.is_some() {
            let _ = exercises::page_end(&cx);
        }
        (html, diags)
    }

    fn site_kit(&self, lang: &str) -> &exercises::LangKit {
        self.site.kit(lang)
    }

    /// Target `quiz`: a quiz block's TOML through parsing, the rules
    /// module's verdicts and HTML (every kind: the input names it).
    pub fn quiz(&self, body: &str) {
        let (html, diags) = self.fence("quiz", body, body.len());
        assert!(html.is_some());
        let path = &self.page(body.len()).source_path;
        check_offsets(&diags, path, body);
        if let Ok(block) = exercises::parse_block(body) {
            assert!(!block.exercises.is_empty());
        }
    }

    /// Target `tiles`: tile notation, as a ```` ```tiles ```` block and as
    /// the rules module's tile and rack parsers.
    pub fn tiles(&self, body: &str) {
        let (html, diags) = self.fence("tiles", body, body.len());
        assert!(html.is_some());
        check_offsets(&diags, &self.page(body.len()).source_path, body);
        let _ = exercises::parse_tile_rows(body);
        if let Ok(tiles) = crate::rules::tile::parse_tiles(body) {
            let again = crate::rules::tile::parse_tiles(&crate::rules::tile::format_tiles(&tiles));
            assert_eq!(again.ok(), Some(tiles), "format_tiles does not round-trip");
        }
        let _ = crate::rules::rack::Rack::parse(body);
        let _ = crate::rules::line::TeachingLine::parse(body);
    }

    /// Target `page`: a whole page file (front matter, Markdown, fences,
    /// links rewritten against the site) as it would be at some place in
    /// the site. Input without valid front matter is used as the body.
    pub fn page_file(&self, text: &str) {
        let at = self.page(text.len());
        let mut page = at.clone();
        let (text, body_offset, front) = match parse_front_matter(text) {
            Ok((front, body)) => (text.to_string(), body, front),
            Err(_) => {
                let whole = format!("{FALLBACK_FRONT}{text}");
                let (front, body) = parse_front_matter(&whole).expect("fallback front matter");
                (whole, body, front)
            }
        };
        page.text = text;
        page.body_offset = body_offset;
        page.front = front;
        let r = self.site.render_markdown(&page);
        check_offsets(&r.diagnostics, &page.source_path, &page.text);
        let mut all = Diagnostics::new();
        all.extend(r.diagnostics);
        let mut sources = SourceCache::new(&self.site.root);
        sources.insert(&page.source_path, page.text.clone());
        let _ = all.render(&mut sources);
    }
}

/// A glossary input: `glossary/terms.toml` and `glossary/<lang>.toml`
/// separated by a line `---`; without one, the input is the English texts
/// file beside the course's real terms.
pub fn glossary(scratch: &Path, input: &str) {
    let (terms, texts) = match input.split_once("\n---\n") {
        Some((t, x)) => (t.to_string(), x),
        None => (COURSE_TERMS.to_string(), input),
    };
    let dir = scratch.join("glossary");
    std::fs::create_dir_all(&dir).expect("scratch glossary folder");
    std::fs::write(dir.join("terms.toml"), &terms).expect("write terms");
    std::fs::write(dir.join("en.toml"), texts).expect("write texts");
    let config = Config::parse(GLOSSARY_CONFIG).expect("glossary config");
    let mut sources = SourceCache::new(scratch);
    let mut diags = Diagnostics::new();
    let g = Glossary::load(scratch, &config, &mut sources, &mut diags);
    check_offsets(diags.iter(), &PathBuf::from("glossary/terms.toml"), &terms);
    check_offsets(diags.iter(), &PathBuf::from("glossary/en.toml"), texts);
    let _ = diags.render(&mut sources);
    let strings = crate::i18n::Strings::from_sources("en", &[("en", "")]);
    let _ = g.render("en", &strings, &|_| None);
}

/// The course's real term list, for glossary inputs that bring only texts.
const COURSE_TERMS: &str = include_str!("../glossary/terms.toml");

/// A one-language config for the glossary target.
const GLOSSARY_CONFIG: &str = "title = \"Fuzz\"\n\
base_url = \"https://example.org/\"\n\
default_language = \"en\"\n\
theme = \"felt\"\n\
[languages.en]\nname = \"English\"\n";
