//! The translatable texts ("units") of a page for the PO exchange, and
//! how a translation's units pair with its source's: by structure, the
//! same kinds in the same order between the exercise blocks both share.
//!
//! A unit is the front matter's `title` or `description`, an exercise
//! block's `prompt` (decoded TOML strings), or a heading, paragraph, list
//! item or table cell (the Markdown of its inline content, as written, so
//! that links and emphasis travel with the text; a heading's `{#id}` stays
//! outside it).

use std::ops::Range;

use pulldown_cmark::{Event, Tag, TagEnd};

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::exercises::{self, QuizBlock};

/// What a unit is; two units pair only when their kinds are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    Title,
    Description,
    Prompt,
    Heading(u8),
    Paragraph,
    Item,
    Cell,
}

/// One translatable text of a page.
#[derive(Debug, Clone)]
pub struct Unit {
    pub kind: UnitKind,
    /// The range in the page's file: the Markdown, or the TOML string
    /// value with its quotes.
    pub range: Range<usize>,
    /// The text: the Markdown as written, or the TOML string decoded.
    pub text: String,
    /// Whether `range` holds a TOML string (`text` is its decoded value).
    pub toml: bool,
    /// The number of the page's exercise blocks before it (for a prompt,
    /// its block's index).
    pub region: usize,
}

/// The units of `page`, in file order.
pub fn units(page: &Page) -> Vec<Unit> {
    let mut out = Vec::new();
    let toml = page.front.spans.toml.clone();
    for (key, kind) in [
        ("title", UnitKind::Title),
        ("description", UnitKind::Description),
    ] {
        if let Some(u) = toml_unit(&page.text, toml.clone(), key, kind, 0) {
            out.push(u);
        }
    }
    let blocks = quiz_blocks(page);
    let body_at = page.body_offset;
    for (i, b) in blocks.iter().enumerate() {
        let range = body_at + b.body.start..body_at + b.body.end;
        if let Some(u) = toml_unit(&page.text, range, "prompt", UnitKind::Prompt, i) {
            out.push(u);
        }
    }
    for (kind, range) in markdown_units(page.body()) {
        let range = body_at + range.start..body_at + range.end;
        let region = (blocks.iter())
            .filter(|b| body_at + b.body.start < range.start)
            .count();
        let text = page.text[range.clone()].to_string();
        out.push(Unit {
            kind,
            range,
            text,
            toml: false,
            region,
        });
    }
    out.sort_by_key(|u| u.range.start);
    out
}

/// The quiz blocks of `page`.
pub fn quiz_blocks(page: &Page) -> Vec<QuizBlock> {
    exercises::quiz_blocks(page.body(), &page.prose().fences)
}

/// The string `key` of the TOML in `text[range]`, as a unit.
fn toml_unit(
    text: &str,
    range: Range<usize>,
    key: &str,
    kind: UnitKind,
    region: usize,
) -> Option<Unit> {
    let doc = toml_edit::Document::parse(&text[range.clone()]).ok()?;
    let item = doc.as_table().get(key)?;
    let value = item.as_str()?.to_string();
    let span = item.span()?;
    Some(Unit {
        kind,
        range: range.start + span.start..range.start + span.end,
        text: value,
        toml: true,
        region,
    })
}

/// The headings, paragraphs, list items and table cells of `body`: the
/// range of each one's inline content, trimmed.
fn markdown_units(body: &str) -> Vec<(UnitKind, Range<usize>)> {
    // The open blocks: a kind for those whose inline content is a unit.
    let mut stack: Vec<(Option<UnitKind>, Option<Range<usize>>)> = Vec::new();
    let mut out = Vec::new();
    let parser = crate::markdown::new_cmark_parser(body).into_offset_iter();
    // Inside a link or emphasis: its events belong to the range already.
    let mut inline_depth = 0usize;
    for (event, range) in parser {
        match event {
            Event::Start(tag) if is_inline(&tag) => {
                if inline_depth == 0 {
                    extend(&mut stack, range);
                }
                inline_depth += 1;
            }
            Event::End(end) if is_inline_end(&end) => inline_depth -= 1,
            Event::Start(tag) => {
                let kind = match tag {
                    Tag::Heading { level, .. } => Some(UnitKind::Heading(level as u8)),
                    Tag::Paragraph => Some(UnitKind::Paragraph),
                    Tag::Item => Some(UnitKind::Item),
                    Tag::TableCell => Some(UnitKind::Cell),
                    _ => None,
                };
                stack.push((kind, None));
            }
            Event::End(_) => {
                if let Some((Some(kind), Some(r))) = stack.pop() {
                    let r = trimmed(body, r);
                    if !r.is_empty() {
                        out.push((kind, r));
                    }
                }
            }
            Event::Text(_)
            | Event::Code(_)
            | Event::InlineHtml(_)
            | Event::InlineMath(_)
            | Event::FootnoteReference(_)
            | Event::SoftBreak
            | Event::HardBreak
                if inline_depth == 0 =>
            {
                extend(&mut stack, range)
            }
            _ => {}
        }
    }
    out
}

/// Extends the innermost open block's inline range with `range`.
fn extend(stack: &mut [(Option<UnitKind>, Option<Range<usize>>)], range: Range<usize>) {
    if let Some((Some(_), r)) = stack.last_mut() {
        *r = Some(match r.take() {
            Some(r) => r.start.min(range.start)..r.end.max(range.end),
            None => range,
        });
    }
}

fn is_inline(tag: &Tag<'_>) -> bool {
    matches!(
        tag,
        Tag::Emphasis
            | Tag::Strong
            | Tag::Strikethrough
            | Tag::Link { .. }
            | Tag::Image { .. }
            | Tag::Superscript
            | Tag::Subscript
    )
}

fn is_inline_end(tag: &TagEnd) -> bool {
    matches!(
        tag,
        TagEnd::Emphasis
            | TagEnd::Strong
            | TagEnd::Strikethrough
            | TagEnd::Link
            | TagEnd::Image
            | TagEnd::Superscript
            | TagEnd::Subscript
    )
}

/// `range` without the whitespace at its ends.
fn trimmed(text: &str, range: Range<usize>) -> Range<usize> {
    let s = &text[range.clone()];
    let start = range.start + (s.len() - s.trim_start().len());
    let end = range.end - (s.len() - s.trim_end().len());
    start..end.max(start)
}

/// The source's units, each with its counterpart in the translation (or
/// none where the structures differ), and a warning at the translation
/// for each part that does not line up.
pub struct Paired {
    pub source: Vec<Unit>,
    pub own: Vec<Option<Unit>>,
    pub warnings: Vec<Diagnostic>,
}

/// Pairs the units of `page` with those of its `source`: front matter by
/// key; prompts by exercise block (matched as `sync` matches them); the
/// rest between consecutive shared blocks, one to one when the kinds
/// there are the same in the same order.
pub fn pair(source: &Page, page: &Page) -> Paired {
    let (src, own) = (units(source), units(page));
    let (src_blocks, own_blocks) = (quiz_blocks(source), quiz_blocks(page));
    // Each source block's match in the translation, in order.
    let mut matched: Vec<Option<usize>> = Vec::new();
    let mut next = 0;
    for b in &src_blocks {
        let found = (next..own_blocks.len()).find(|&j| own_blocks[j].same_as(b));
        if let Some(j) = found {
            next = j + 1;
        }
        matched.push(found);
    }
    let own_matched: Vec<usize> = matched.iter().flatten().copied().collect();
    let src_segment = |u: &Unit| (0..u.region).filter(|&i| matched[i].is_some()).count();
    let own_segment = |u: &Unit| own_matched.iter().filter(|&&j| j < u.region).count();
    let mut paired: Vec<Option<Unit>> = vec![None; src.len()];
    let mut warnings = Vec::new();
    for (i, u) in src.iter().enumerate() {
        paired[i] = match u.kind {
            UnitKind::Title | UnitKind::Description => {
                own.iter().find(|o| o.kind == u.kind).cloned()
            }
            UnitKind::Prompt => matched[u.region].and_then(|j| {
                (own.iter())
                    .find(|o| o.kind == UnitKind::Prompt && o.region == j)
                    .cloned()
            }),
            _ => None,
        };
    }
    let prose = |u: &Unit| {
        !matches!(
            u.kind,
            UnitKind::Title | UnitKind::Description | UnitKind::Prompt
        )
    };
    for segment in 0..=own_matched.len() {
        let s: Vec<usize> = (0..src.len())
            .filter(|&i| prose(&src[i]) && src_segment(&src[i]) == segment)
            .collect();
        let o: Vec<&Unit> = (own.iter())
            .filter(|u| prose(u) && own_segment(u) == segment)
            .collect();
        let same = s.len() == o.len() && s.iter().zip(&o).all(|(&i, u)| src[i].kind == u.kind);
        if same {
            for (&i, u) in s.iter().zip(&o) {
                paired[i] = Some((*u).clone());
            }
        } else if !s.is_empty() {
            warnings.push(mismatch(source, page, &src, &s, &o));
        }
    }
    Paired {
        source: src,
        own: paired,
        warnings,
    }
}

/// The warning for a part of `page` whose texts do not line up with the
/// source's: at its first text that differs in kind.
fn mismatch(source: &Page, page: &Page, src: &[Unit], s: &[usize], o: &[&Unit]) -> Diagnostic {
    let first = (0..s.len().max(o.len()))
        .find(|&k| match (s.get(k), o.get(k)) {
            (Some(&i), Some(u)) => src[i].kind != u.kind,
            _ => true,
        })
        .unwrap_or(0);
    let at = o.get(first).or(o.last()).map(|u| u.range.start);
    let line = line_of(&source.text, src[s[first.min(s.len() - 1)]].range.start);
    Diagnostic::warning(
        &page.source_path,
        at,
        format!(
            "the paragraphs, headings, list items and table cells here do not line up with {}:{line} ({} there, {} here, between the same exercises): their PO messages carry no translation; give this part the source's structure to exchange it",
            source.source_path.display(),
            s.len(),
            o.len()
        ),
    )
}

/// The 1-based line of `offset` in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(body: &str) -> Vec<(UnitKind, &str)> {
        (markdown_units(body).into_iter())
            .map(|(k, r)| (k, &body[r]))
            .collect()
    }

    #[test]
    fn a_body_s_units_are_the_inline_markdown_of_its_text_blocks() {
        let body = "## A *title* {#a}\n\nSome **bold**\nand [a link](x.md#y).\n\n- one\n  - nested `code`\n- two\n\n1. loose\n\n2. list\n\n| a | b |\n|---|---|\n| c |   |\n\n```tiles\nJ J\n```\n\n> quoted\n\n<div>html</div>\n";
        assert_eq!(
            texts(body),
            [
                (UnitKind::Heading(2), "A *title*"),
                (UnitKind::Paragraph, "Some **bold**\nand [a link](x.md#y)."),
                (UnitKind::Item, "nested `code`"),
                (UnitKind::Item, "one"),
                (UnitKind::Item, "two"),
                (UnitKind::Paragraph, "loose"),
                (UnitKind::Paragraph, "list"),
                (UnitKind::Cell, "a"),
                (UnitKind::Cell, "b"),
                (UnitKind::Cell, "c"),
                (UnitKind::Paragraph, "quoted"),
            ]
        );
    }
}
