//! Link hooks and link resolution: the [`Hooks`] a page's Markdown is
//! rendered with (links to pages and anchors, assets, `term:` links, fenced
//! exercises), and the URLs of the lessons that teach a rule.

use std::collections::HashMap;
use std::path::Path;

use super::Site;
use super::nav::page_or_fallback;
use super::untranslated::{Gaps, Host};
use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::exercises::{self, ExerciseRecord, FenceCx};
use crate::glossary::{self, Glossary};
use crate::markdown::{Fence, Hooks, Sink};

impl Site {
    /// The page `rel` in `lang`, or the default language's with `true` (untranslated).
    pub(super) fn page_or_fallback(&self, lang: &str, rel: &str) -> Option<(&Page, bool)> {
        page_or_fallback(&self.content, &self.config.default_language, lang, rel)
            .map(|(i, untranslated)| (&self.content.pages[i], untranslated))
    }

    /// URL of `target` (a `page.md#anchor` source path, relative to the
    /// language folder) as seen from `page`, recording the anchor for a later
    /// check. `Err` explains a missing page.
    pub(super) fn resolve_link(
        &self,
        page: &Page,
        target: &str,
        offset: usize,
        sink: &mut Sink<PageItem>,
    ) -> Result<String, LinkError> {
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target, None),
        };
        // Links name source files; `my%20page.md` and `my page.md` are the same file.
        let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
        let path: &str = &decoded;
        let (rel, url) = if path.is_empty() {
            (page.rel.clone(), page.url.clone())
        } else {
            let rel = normalize_rel(page.dir(), path).ok_or_else(|| {
                LinkError::new(format!("link {target:?} leaves the language folder"))
            })?;
            let Some((p, _)) = self.page_or_fallback(&page.lang, &rel) else {
                let default = &self.config.default_language;
                if self.content.failed(&page.lang, &rel) || self.content.failed(default, &rel) {
                    // The target exists but did not load: its own error says why.
                    return Ok(target.to_string());
                }
                if self.content.is_draft(&page.lang, &rel) || self.content.is_draft(default, &rel) {
                    return Err(LinkError::new(format!(
                        "link to draft page {rel:?}, which this build leaves out (build with --drafts, or publish it)"
                    )));
                }
                let tried = if &page.lang == default {
                    format!("no content/{default}/{rel}")
                } else {
                    format!("no content/{}/{rel} or content/{default}/{rel}", page.lang)
                };
                return Err(LinkError {
                    message: format!("link to missing page {rel:?} ({tried})"),
                    group: Some(missing_page_group(default, &rel)),
                });
            };
            (rel, p.url.clone())
        };
        let lang = if self.content.get(&page.lang, &rel).is_some() {
            page.lang.clone()
        } else {
            self.config.default_language.clone()
        };
        match anchor {
            Some(a) if !a.is_empty() => {
                sink.items.push(PageItem::Anchor(AnchorCheck {
                    lang,
                    rel,
                    anchor: a.to_string(),
                    offset,
                }));
                Ok(format!("{url}#{a}"))
            }
            _ => Ok(url),
        }
    }

    /// Whether `[exercises.rule_lessons]` points into page `rel`.
    pub(crate) fn teaches_rules(&self, rel: &str) -> bool {
        self.config
            .exercises
            .rule_lessons
            .values()
            .any(|target| target.split('#').next() == Some(rel))
    }

    /// URL and heading of the lesson section that teaches `rule` in `lang`,
    /// from `[exercises.rule_lessons]`. `titles` caches each page's headings.
    pub(super) fn rule_link(
        &self,
        lang: &str,
        rule: &str,
        titles: &mut HashMap<usize, Vec<(String, String)>>,
    ) -> Option<exercises::html::RuleLink> {
        let target = self.config.exercises.rule_lessons.get(rule)?;
        let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
        if self.content.failed(&self.config.default_language, path) {
            // The page's own error is the root cause: the rule counts as
            // taught (the build fails anyway, so the empty link is never published).
            return Some(exercises::html::RuleLink {
                href: String::new(),
                section: String::new(),
            });
        }
        let href = self.rule_target_url(lang, target)?;
        let (i, _) = page_or_fallback(&self.content, &self.config.default_language, lang, path)?;
        let page = &self.content.pages[i];
        let headings = titles
            .entry(i)
            .or_insert_with(|| page.headings().sections.clone());
        let section = headings
            .iter()
            .find(|(id, _)| id == anchor)
            .map_or_else(|| page.front.title.clone(), |(_, t)| t.clone());
        Some(exercises::html::RuleLink { href, section })
    }

    /// URL of a `page.md#anchor` source path in `lang` (with fallback), unchecked.
    fn rule_target_url(&self, lang: &str, target: &str) -> Option<String> {
        let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
        let (p, _) = self.page_or_fallback(lang, path)?;
        Some(if anchor.is_empty() {
            p.url.clone()
        } else {
            format!("{}#{anchor}", p.url)
        })
    }
}

/// A link's anchor, checked once every page is rendered (`checks`).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(super) struct AnchorCheck {
    pub(super) lang: String,
    pub(super) rel: String,
    pub(super) anchor: String,
    pub(super) offset: usize,
}

#[derive(Debug)]
pub(super) enum PageItem {
    Anchor(AnchorCheck),
    Exercise(ExerciseRecord),
    /// An exercise block that failed to parse or validate: the page's list of
    /// exercises is incomplete, so it is not compared across languages.
    InvalidBlock,
}

/// Why a link cannot be resolved, and the group of errors with that cause.
pub(super) struct LinkError {
    message: String,
    group: Option<String>,
}

impl LinkError {
    fn new(message: String) -> Self {
        LinkError {
            message,
            group: None,
        }
    }
}

/// The group of every error caused by page `rel` of `lang` missing: links
/// to it, rule lessons and glossary lessons on it.
pub(super) fn missing_page_group(lang: &str, rel: &str) -> String {
    format!("missing page {lang}/{rel}")
}

/// The group of every error caused by heading `#anchor` missing on page
/// `rel` of `lang`.
pub(super) fn missing_anchor_group(lang: &str, rel: &str, anchor: &str) -> String {
    format!("missing anchor {lang}/{rel}#{anchor}")
}

/// Resolves `path` (relative to the language folder, or to `dir` when it
/// starts with `./` or `../`) to a normalized relative path.
pub(super) fn normalize_rel(dir: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    let relative = path.starts_with("./") || path.starts_with("../");
    if relative {
        parts.extend(dir.split('/').filter(|s| !s.is_empty()));
    }
    for seg in path.trim_start_matches('/').split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    let mut rel = parts.join("/");
    if rel.is_empty() || path.ends_with('/') {
        rel = if rel.is_empty() {
            "_index.md".into()
        } else {
            format!("{rel}/_index.md")
        };
    }
    Some(rel)
}

/// Whether a link destination is a link to one of our Markdown pages.
pub(super) fn is_page_link(dest: &str) -> bool {
    if dest.starts_with('#') {
        return true;
    }
    if dest.contains("://")
        || dest.starts_with("//")
        || dest.starts_with("mailto:")
        || dest.starts_with("tel:")
    {
        return false;
    }
    let path = dest.split_once('#').map_or(dest, |(p, _)| p);
    // `variants/` names the section page `variants/_index.md`.
    path.ends_with(".md") || path.ends_with('/')
}

pub(super) struct PageHooks<'a> {
    pub(super) site: &'a Site,
    pub(super) page: &'a Page,
    /// Tiles drawn and rules cited on the page so far.
    pub(super) shared: exercises::PageShared,
    /// For a translation, the exercises it lacks (shown in the default language).
    pub(super) gaps: Option<Gaps<'a>>,
}

impl PageHooks<'_> {
    /// Runs `f` with what the page's exercise and tile blocks need.
    pub(super) fn with_fence_cx<R>(
        &self,
        exercises_before: usize,
        f: impl FnOnce(&FenceCx<'_>) -> R,
    ) -> R {
        let site = self.site;
        let lang = &self.page.lang;
        let page = self.page;
        let more = |kind: &str| site.sheet_for_kind(page, kind);
        let cx = FenceCx {
            lang,
            strings: &site.strings,
            page_path: &self.page.source_path,
            exercises_before,
            kit: &site.kits[lang],
            shared: &self.shared,
            more: &more,
            variants: site.config.exercises.variants,
        };
        f(&cx)
    }
}

impl Hooks for PageHooks<'_> {
    type Item = PageItem;

    fn fence(&self, fence: &Fence<'_>, sink: &mut Sink<PageItem>) -> Option<String> {
        let site = self.site;
        let lang = &self.page.lang;
        if fence.kind == "glossary" {
            let lesson_url = |target: &str| {
                let url = site.rule_target_url(lang, target)?;
                let path = target.split_once('#').map_or(target, |(p, _)| p);
                let (page, _) = site.page_or_fallback(lang, path)?;
                Some((url, page.front.title.clone()))
            };
            return Some(site.glossary.render(lang, &site.strings, &lesson_url));
        }
        // The page's own exercises before this block (the items hold the
        // stand-ins shown so far too).
        let exercises_before = (sink.items.iter())
            .filter(|i| matches!(i, PageItem::Exercise(_)))
            .count()
            - self.gaps.as_ref().map_or(0, Gaps::shown);
        // A translation's block, with the blocks it lacks around it.
        let gap = (self.gaps.as_ref()).and_then(|g| {
            let k = g.own_block(fence.body_offset, self.page.body_offset)?;
            Some((g, k))
        });
        let level = fence.section_level;
        let host = Host {
            site: self.site,
            page: self.page,
            shared: &self.shared,
        };
        // In page order: the stand-ins before, the block's, those after.
        let mut records = Vec::new();
        let pre =
            gap.map(|(g, k)| g.around((k, true), level, exercises_before, &host, &mut records));
        let shown = self.gaps.as_ref().map_or(0, Gaps::shown);
        let errors_before = sink.diagnostics.iter().filter(|d| d.is_error()).count();
        let mut mine = Vec::new();
        let html = self.with_fence_cx(exercises_before + shown, |cx| {
            exercises::render_fence(fence, cx, &mut mine, &mut sink.diagnostics)
        })?;
        if sink.diagnostics.iter().filter(|d| d.is_error()).count() > errors_before {
            sink.items.push(PageItem::InvalidBlock);
        }
        let own = exercises_before + mine.len();
        records.append(&mut mine);
        let post = gap.map(|(g, k)| g.around((k, false), level, own, &host, &mut records));
        sink.items
            .extend(records.into_iter().map(PageItem::Exercise));
        Some(match (pre, post) {
            (Some(pre), Some(post)) => format!("{pre}{html}{post}"),
            _ => html,
        })
    }

    fn link(&self, dest: &str, offset: usize, sink: &mut Sink<PageItem>) -> Option<String> {
        if let Some(id) = dest.strip_prefix("term:") {
            if !self.site.glossary.has_term(id) {
                if self.site.glossary.is_broken() {
                    // terms.toml's own error is the root cause.
                    return None;
                }
                sink.diagnostics.push(Diagnostic::error(
                    &self.page.source_path,
                    Some(offset),
                    format!(
                        "unknown glossary term {id:?} (terms are defined in glossary/terms.toml)"
                    ),
                ));
                return None;
            }
            let target = format!("{}#{}", glossary::GLOSSARY_PAGE, Glossary::anchor(id));
            return match self.site.resolve_link(self.page, &target, offset, sink) {
                Ok(url) => Some(url),
                Err(msg) => {
                    sink.diagnostics.push(self.link_error(offset, msg));
                    None
                }
            };
        }
        if !is_page_link(dest) {
            return self.resolve_asset(dest, offset, sink);
        }
        match self.site.resolve_link(self.page, dest, offset, sink) {
            Ok(url) => Some(url),
            Err(msg) => {
                sink.diagnostics.push(self.link_error(offset, msg));
                None
            }
        }
    }

    fn page_path(&self) -> &Path {
        &self.page.source_path
    }

    fn allow_scripts(&self) -> bool {
        self.site.config.markdown.allow_scripts
    }

    fn reads_prose(&self) -> bool {
        self.site.terms.reads_prose()
    }
}

impl PageHooks<'_> {
    /// A link that cannot be resolved; links that fail for the same reason
    /// (the same missing page) are one cause, reported once.
    fn link_error(&self, offset: usize, e: LinkError) -> Diagnostic {
        let group = e.group.unwrap_or_else(|| e.message.clone());
        Diagnostic::error(&self.page.source_path, Some(offset), e.message).grouped(group)
    }

    /// A relative link to a file beside the page (`img.png`, `../files/x.pdf`)
    /// points at the copy in the output; a missing file is an error.
    fn resolve_asset(
        &self,
        dest: &str,
        offset: usize,
        sink: &mut Sink<PageItem>,
    ) -> Option<String> {
        if dest.is_empty() || dest.starts_with('/') || dest.contains(':') || dest.starts_with("//")
        {
            return None;
        }
        let (path, suffix) = match dest.find(['#', '?']) {
            Some(i) => (&dest[..i], &dest[i..]),
            None => (dest, ""),
        };
        let page = self.page;
        let site = self.site;
        let path = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
        let Some(rel) = normalize_rel(page.dir(), &format!("./{path}")) else {
            sink.diagnostics.push(Diagnostic::error(
                &page.source_path,
                Some(offset),
                format!("link {dest:?} leaves the language folder"),
            ));
            return None;
        };
        for lang in [&page.lang, &site.config.default_language] {
            let out = format!("{lang}/{rel}");
            if site.content.has_asset(&out) {
                return Some(format!(
                    "{}{}{suffix}",
                    site.config.base_path,
                    crate::stdx::encode_path(&out)
                ));
            }
        }
        sink.diagnostics.push(Diagnostic::error(
            &page.source_path,
            Some(offset),
            format!(
                "link to missing file {rel:?} (no content/{}/{rel}); pages are linked as `page.md`",
                page.lang
            ),
        ));
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_links() {
        assert_eq!(normalize_rel("variants", "tiles.md").unwrap(), "tiles.md");
        assert_eq!(
            normalize_rel("variants", "./riichi.md").unwrap(),
            "variants/riichi.md"
        );
        assert_eq!(
            normalize_rel("variants", "../tiles.md").unwrap(),
            "tiles.md"
        );
        assert_eq!(
            normalize_rel("", "variants/").unwrap(),
            "variants/_index.md"
        );
        assert!(normalize_rel("", "../x.md").is_none());
    }

    #[test]
    fn page_links() {
        assert!(is_page_link("a.md#x"));
        assert!(is_page_link("#x"));
        assert!(!is_page_link("https://x.org/a.md"));
        assert!(!is_page_link("img.png"));
        assert!(is_page_link("variants/"));
    }
}
