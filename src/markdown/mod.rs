//! Markdown: the one place that builds a pulldown-cmark parser
//! ([`new_cmark_parser`]) and the event adapter that gives headings ids,
//! collects the table of contents, wraps each table in a named, focusable
//! scroll region (`TableLabels`), lets the site rewrite links, and hands
//! fenced blocks with our own info strings (`quiz`, `tiles`, `glossary`) to
//! [`Hooks::fence`], which turns them into HTML; and [`prose`], where a page's
//! words are (outside code), for the terminology check.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde::Serialize;

use crate::diagnostics::Diagnostic;
use crate::html::escape;

mod prose;
use prose::ProseCollector;
pub use prose::{Prose, prose};

/// The Markdown dialect of every page: CommonMark plus tables, footnotes,
/// strikethrough and heading attributes (`## Title {#id}`).
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_SMART_PUNCTUATION
}

/// Builds the parser. Every Markdown parse in tilebook goes through here.
pub fn new_cmark_parser(text: &str) -> Parser<'_> {
    #[cfg(test)]
    counted::parsed(text);
    Parser::new_ext(text, options())
}

/// How many parsers were made over exactly `text` in this process (tests
/// count the parses of a page: see `site::pipeline`'s tests).
#[cfg(test)]
pub(crate) fn parses_of(text: &str) -> usize {
    counted::of(text)
}

#[cfg(test)]
mod counted {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};

    fn counts() -> &'static Mutex<HashMap<String, usize>> {
        static COUNTS: OnceLock<Mutex<HashMap<String, usize>>> = OnceLock::new();
        COUNTS.get_or_init(Default::default)
    }

    pub(super) fn parsed(text: &str) {
        *crate::stdx::lock(counts())
            .entry(text.to_string())
            .or_default() += 1;
    }

    pub(super) fn of(text: &str) -> usize {
        crate::stdx::lock(counts()).get(text).copied().unwrap_or(0)
    }
}

/// A fenced code block as the author wrote it.
#[derive(Debug, Clone, Copy)]
pub struct Fence<'a> {
    /// First word of the info string (`quiz` for ```` ```quiz ````).
    pub kind: &'a str,
    /// Rest of the info string after the first word, trimmed.
    pub args: &'a str,
    pub body: &'a str,
    /// Byte offset of `body` in the page's file.
    pub body_offset: usize,
    /// Byte offset of the opening fence in the page's file.
    pub fence_offset: usize,
    /// Level of the heading the block sits under (1 before any heading), so
    /// a block that writes its own heading can nest it.
    pub section_level: u8,
}

/// What a hook may record while a page renders: its own items (exercises,
/// links to check later) and diagnostics.
#[derive(Debug)]
pub struct Sink<I> {
    pub items: Vec<I>,
    pub diagnostics: Vec<Diagnostic>,
}

/// The site's say in rendering: fenced blocks and links.
pub trait Hooks {
    type Item;
    /// HTML for a fenced block whose kind this site owns, or `None` to render
    /// it as a code block.
    fn fence(&self, fence: &Fence<'_>, sink: &mut Sink<Self::Item>) -> Option<String>;
    /// The URL a link or image should point to, or `None` to keep it. `offset` is the
    /// link's byte offset in the page's file.
    fn link(&self, dest: &str, offset: usize, sink: &mut Sink<Self::Item>) -> Option<String>;
    /// The page's path, for the problems the adapter finds itself (duplicate
    /// heading ids, scripts).
    fn page_path(&self) -> &std::path::Path;
    /// Whether raw `<script>` elements, `on…=` event attributes and
    /// `javascript:` URLs may appear (`[markdown] allow_scripts = true`).
    fn allow_scripts(&self) -> bool {
        false
    }
    /// Whether anything reads the page's [`Prose`] ([`Rendered::prose`]);
    /// when not, the adapter does not collect it (it stays empty).
    fn reads_prose(&self) -> bool {
        true
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TocEntry {
    pub level: u8,
    pub id: String,
    pub title: String,
    pub children: Vec<TocEntry>,
}

#[derive(Debug)]
pub struct Rendered<I> {
    pub html: String,
    pub toc: Vec<TocEntry>,
    /// Every heading id of the page (targets for `page.md#id` links).
    pub anchors: Vec<String>,
    pub items: Vec<I>,
    pub diagnostics: Vec<Diagnostic>,
    /// What the checks read of the page ([`prose`]), from this same parse
    /// (empty when the hooks read none: [`Hooks::reads_prose`]).
    pub prose: Prose,
}

/// Renders a page body. `base_offset` is the body's byte offset in its file,
/// so that every reported offset is an offset in the file. The one parse
/// also gives the page's [`Prose`] (every event goes by a
/// `ProseCollector` on its way).
pub fn render<H: Hooks>(body: &str, base_offset: usize, hooks: &H) -> Rendered<H::Item> {
    render_events(
        body.len(),
        new_cmark_parser(body).into_offset_iter(),
        base_offset,
        hooks,
    )
}

/// [`render`] from a parse made earlier ([`Parse`]), when there is one:
/// a page whose headings were read before it rendered is not parsed again.
pub fn render_parsed<H: Hooks>(
    body: &str,
    parse: Option<Parse>,
    base_offset: usize,
    hooks: &H,
) -> Rendered<H::Item> {
    match parse {
        Some(parse) => render_events(body.len(), parse.events.into_iter(), base_offset, hooks),
        None => render(body, base_offset, hooks),
    }
}

/// A body's parse, kept: its events (owned) with their ranges in the body.
/// Made when something reads a page before it renders (the headings of a
/// rule lesson, at load), then handed to [`render_parsed`].
#[derive(Debug)]
pub struct Parse {
    events: Vec<(Event<'static>, Range)>,
}

impl Parse {
    /// Parses `body` (once).
    pub fn new(body: &str) -> Parse {
        let events = new_cmark_parser(body).into_offset_iter();
        Parse {
            events: events.map(|(e, r)| (e.into_static(), r)).collect(),
        }
    }

    /// The body's [`Prose`], read from this parse.
    pub fn prose(&self) -> Prose {
        let mut collector = ProseCollector::default();
        for (event, range) in &self.events {
            collector.observe(event, range);
        }
        collector.finish()
    }
}

/// The adapter over one parse's events (`len`: the body's length).
fn render_events<'a, H: Hooks>(
    len: usize,
    events: impl Iterator<Item = (Event<'a>, Range)>,
    base_offset: usize,
    hooks: &H,
) -> Rendered<H::Item> {
    let mut adapter = Adapter {
        hooks,
        base_offset,
        sink: Sink {
            items: Vec::new(),
            diagnostics: Vec::new(),
        },
        headings: Vec::new(),
        ids: IdAllocator::default(),
        explicit_ids: Default::default(),
        section_level: 1,
        tables: TableLabels::default(),
        events: Vec::with_capacity(len / 8),
    };
    // Two loops, not one that asks each event whether prose is wanted.
    let prose = if hooks.reads_prose() {
        let mut prose = ProseCollector::default();
        adapter.run(events.inspect(|(event, range)| prose.observe(event, range)));
        prose.finish()
    } else {
        adapter.run(events);
        Prose::default()
    };
    let Adapter {
        sink,
        headings,
        events,
        ..
    } = adapter;
    let mut html = String::with_capacity(len * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    let anchors = headings.iter().map(|(_, id, _)| id.clone()).collect();
    Rendered {
        html,
        toc: build_toc(&headings),
        anchors,
        items: sink.items,
        diagnostics: sink.diagnostics,
        prose,
    }
}

/// The event adapter of [`render`]: what it has seen of the page so far.
struct Adapter<'a, 'h, H: Hooks> {
    hooks: &'h H,
    base_offset: usize,
    sink: Sink<H::Item>,
    /// (level, id, text) of every heading.
    headings: Vec<(u8, String, String)>,
    ids: IdAllocator,
    explicit_ids: std::collections::HashMap<String, usize>,
    section_level: u8,
    tables: TableLabels,
    /// The events to write as HTML.
    events: Vec<Event<'a>>,
}

type Range = std::ops::Range<usize>;

impl<'a, H: Hooks> Adapter<'a, '_, H> {
    /// Every event of the page.
    fn run(&mut self, mut iter: impl Iterator<Item = (Event<'a>, Range)>) {
        while let Some((event, range)) = iter.next() {
            self.event(event, range, &mut iter);
        }
    }

    /// One event of the page (`iter`: the rest, for the events that read on).
    /// Inlined into the loop, like [`Adapter::table_event`]: every event of
    /// every page goes by here, and an event moved through two calls costs
    /// a tenth of the render (instruction counts, 1,000 pages).
    #[inline(always)]
    fn event(
        &mut self,
        event: Event<'a>,
        range: Range,
        iter: &mut impl Iterator<Item = (Event<'a>, Range)>,
    ) {
        let at = self.base_offset + range.start;
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let at = (self.base_offset, range, self.section_level);
                fenced(iter, info, at, self.hooks, &mut self.sink, &mut self.events);
            }
            Event::Start(Tag::Heading {
                level,
                id,
                classes,
                attrs,
            }) => self.heading(level, id, classes, attrs, at, iter),
            Event::Html(ref html) | Event::InlineHtml(ref html) if !self.hooks.allow_scripts() => {
                check_script(html, at, self.hooks, &mut self.sink);
                self.events.push(event);
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                if !self.hooks.allow_scripts() {
                    check_script_url(&dest_url, at, self.hooks, &mut self.sink);
                }
                let dest_url = rewrite_dest(self.hooks, dest_url, at, &mut self.sink);
                self.events.push(Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                }));
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let dest_url = rewrite_dest(self.hooks, dest_url, at, &mut self.sink);
                self.events.push(Event::Start(Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    id,
                }));
            }
            other => self.table_event(other),
        }
    }

    /// A heading: its id (the author's, checked unique, or allocated), its
    /// place in the table of contents.
    fn heading(
        &mut self,
        level: HeadingLevel,
        id: Option<CowStr<'a>>,
        classes: Vec<CowStr<'a>>,
        attrs: Vec<(CowStr<'a>, Option<CowStr<'a>>)>,
        at: usize,
        iter: &mut impl Iterator<Item = (Event<'a>, Range)>,
    ) {
        let (inner, title) = heading_events(iter);
        if let Some(explicit) = id.as_deref().filter(|i| !i.is_empty()) {
            check_unique_id(
                &mut self.explicit_ids,
                explicit,
                at,
                self.hooks,
                &mut self.sink,
            );
        }
        let id = self.ids.allocate(id.as_deref(), &title);
        self.section_level = heading_level(level);
        self.tables.heading(&id, &title);
        self.headings.push((self.section_level, id.clone(), title));
        self.events.push(Event::Start(Tag::Heading {
            level,
            id: Some(CowStr::from(id)),
            classes,
            attrs,
        }));
        self.events.extend(inner);
        self.events.push(Event::End(TagEnd::Heading(level)));
    }

    /// Any other event: tables get their named scroll region, the rest
    /// goes through as it is.
    #[inline(always)]
    fn table_event(&mut self, event: Event<'a>) {
        let tables = &mut self.tables;
        match event {
            Event::Start(Tag::Table(_)) => {
                tables.open(self.events.len());
                self.events.push(Event::Html(CowStr::Borrowed("")));
                self.events.push(event);
            }
            Event::Text(ref t) if tables.in_head => {
                tables.head_text.push_str(t);
                self.events.push(event);
            }
            Event::End(TagEnd::TableCell) if tables.in_head => {
                tables.head_text.push_str(", ");
                self.events.push(event);
            }
            Event::End(TagEnd::TableHead) => {
                tables.in_head = false;
                self.events.push(event);
            }
            Event::End(TagEnd::Table) => {
                if let Some((at, open)) = tables.close() {
                    self.events[at] = Event::Html(open.into());
                }
                self.events.push(event);
                self.events.push(Event::Html("</div>".into()));
            }
            other => self.events.push(other),
        }
    }
}

/// A fenced code block, its start just read (`info`; `at`: the page's
/// base offset, the block's range, the section level): our own blocks go
/// to the site's hook, which gives their HTML; others stay code.
fn fenced<'a, H: Hooks>(
    iter: &mut impl Iterator<Item = (Event<'a>, std::ops::Range<usize>)>,
    info: CowStr<'a>,
    (base_offset, range, section_level): (usize, std::ops::Range<usize>, u8),
    hooks: &H,
    sink: &mut Sink<H::Item>,
    events: &mut Vec<Event<'a>>,
) {
    let mut text = String::new();
    let mut body_start = None;
    let mut inner = Vec::new();
    for (e, r) in iter.by_ref() {
        match e {
            Event::End(TagEnd::CodeBlock) => break,
            Event::Text(t) => {
                body_start.get_or_insert(r.start);
                text.push_str(&t);
                inner.push(Event::Text(t));
            }
            other => inner.push(other),
        }
    }
    let (kind, args) = split_info(&info);
    let fence = Fence {
        kind,
        args,
        body: &text,
        body_offset: base_offset + body_start.unwrap_or(range.end),
        fence_offset: base_offset + range.start,
        section_level,
    };
    match hooks.fence(&fence, sink) {
        Some(html) => events.push(Event::Html(html.into())),
        None => {
            events.push(Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(
                info.clone(),
            ))));
            events.extend(inner);
            events.push(Event::End(TagEnd::CodeBlock));
        }
    }
}

/// A heading's events up to its end (not included), and its text.
fn heading_events<'a>(
    iter: &mut impl Iterator<Item = (Event<'a>, std::ops::Range<usize>)>,
) -> (Vec<Event<'a>>, String) {
    let mut inner = Vec::new();
    let mut title = String::new();
    for (e, _) in iter.by_ref() {
        match &e {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Text(t) | Event::Code(t) => title.push_str(t),
            _ => {}
        }
        inner.push(e);
    }
    (inner, title)
}

/// Two headings of a page with the same explicit `{#id}`: links would reach
/// only the first, so the second is an error that names both.
fn check_unique_id<H: Hooks>(
    seen: &mut std::collections::HashMap<String, usize>,
    id: &str,
    offset: usize,
    hooks: &H,
    sink: &mut Sink<H::Item>,
) {
    match seen.get(id) {
        Some(&first) => sink.diagnostics.push(
            Diagnostic::error(
                hooks.page_path(),
                Some(offset),
                format!(
                    "heading id {id:?} is used twice on this page; give each heading its own id"
                ),
            )
            .with_related(hooks.page_path(), Some(first), "first used here"),
        ),
        None => {
            seen.insert(id.to_string(), offset);
        }
    }
}

const SCRIPT_HELP: &str = "pages may not run code unless the site opts in with `[markdown] allow_scripts = true` in config.toml";

/// Raw HTML that would run code: a `<script>` element or an `on…=` event
/// attribute. `html` is one raw HTML event of the page, at `offset`.
fn check_script<H: Hooks>(html: &str, offset: usize, hooks: &H, sink: &mut Sink<H::Item>) {
    let Some((at, what)) = find_script(html) else {
        return;
    };
    sink.diagnostics.push(Diagnostic::error(
        hooks.page_path(),
        Some(offset + at),
        format!("{what} in the page; {SCRIPT_HELP}"),
    ));
}

fn check_script_url<H: Hooks>(dest: &str, offset: usize, hooks: &H, sink: &mut Sink<H::Item>) {
    let scheme: String = dest
        .chars()
        .filter(|c| !c.is_ascii_whitespace() && !c.is_ascii_control())
        .take(11)
        .collect::<String>()
        .to_ascii_lowercase();
    if scheme.starts_with("javascript:") {
        sink.diagnostics.push(Diagnostic::error(
            hooks.page_path(),
            Some(offset),
            format!("a javascript: link in the page; {SCRIPT_HELP}"),
        ));
    }
}

/// Byte offset and description of the first `<script` tag or event-handler
/// attribute (`onclick=`, …) inside a tag of `html`.
fn find_script(html: &str) -> Option<(usize, String)> {
    let bytes = html.as_bytes();
    let lower = html.to_ascii_lowercase();
    let mut in_tag = false;
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match (in_tag, quote) {
            (true, Some(q)) => {
                if b == q {
                    quote = None;
                }
            }
            (true, None) => match b {
                b'>' => in_tag = false,
                b'"' | b'\'' => quote = Some(b),
                _ if b.is_ascii_whitespace() || b == b'/' => {
                    let name_start = i + 1;
                    let name: String = lower[name_start..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                        .collect();
                    let after = lower[name_start + name.len()..].trim_start();
                    if name.len() > 2 && name.starts_with("on") && after.starts_with('=') {
                        return Some((name_start, format!("an event attribute `{name}=`")));
                    }
                }
                _ => {}
            },
            (false, _) => {
                if b == b'<' && bytes.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic()) {
                    in_tag = true;
                    if lower[i + 1..].starts_with("script")
                        && !lower[i + 7..]
                            .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
                    {
                        return Some((i, "a <script> element".to_string()));
                    }
                }
            }
        }
        i += 1;
    }
    None
}

/// A link's or image's destination as the hooks want it.
fn rewrite_dest<'a, H: Hooks>(
    hooks: &H,
    dest: CowStr<'a>,
    offset: usize,
    sink: &mut Sink<H::Item>,
) -> CowStr<'a> {
    hooks.link(&dest, offset, sink).map_or(dest, CowStr::from)
}

fn split_info(info: &str) -> (&str, &str) {
    let info = info.trim();
    match info.split_once(char::is_whitespace) {
        Some((kind, args)) => (kind, args.trim()),
        None => (info, ""),
    }
}

fn heading_level(level: HeadingLevel) -> u8 {
    level as u8
}

/// Table of contents from levels 2 and 3 (h3 nested under the h2 before it).
fn build_toc(headings: &[(u8, String, String)]) -> Vec<TocEntry> {
    let mut toc: Vec<TocEntry> = Vec::new();
    for (level, id, title) in headings {
        let entry = TocEntry {
            level: *level,
            id: id.clone(),
            title: title.clone(),
            children: Vec::new(),
        };
        match level {
            2 => toc.push(entry),
            3 => match toc.last_mut() {
                Some(parent) => parent.children.push(entry),
                None => toc.push(entry),
            },
            _ => {}
        }
    }
    toc
}

/// Gives every heading a unique id: the author's `{#id}` or a slug of its text.
struct IdAllocator {
    used: std::collections::HashSet<String>,
}

impl Default for IdAllocator {
    /// Ids the page layout itself uses are never given to headings.
    fn default() -> Self {
        IdAllocator {
            used: ["main", "top", "content"].map(String::from).into(),
        }
    }
}

impl IdAllocator {
    fn allocate(&mut self, explicit: Option<&str>, title: &str) -> String {
        let base = match explicit {
            Some(id) if !id.is_empty() => id.to_string(),
            _ => slugify(title),
        };
        let base = if base.is_empty() {
            "section".to_string()
        } else {
            base
        };
        let mut id = base.clone();
        let mut n = 1;
        while !self.used.insert(id.clone()) {
            id = format!("{base}-{n}");
            n += 1;
        }
        id
    }
}

/// Names the scroll region around each table (`role="region"`, focusable so
/// that keyboard users can scroll it): the first table under a heading is
/// labelled by that heading, a later one by the heading's text and its
/// number, a table before any heading by its header cells.
#[derive(Default)]
struct TableLabels {
    /// The last heading's id and text, and how many tables followed it.
    heading: Option<(String, String, usize)>,
    /// Index of the open table's placeholder event.
    open: Option<usize>,
    in_head: bool,
    head_text: String,
}

impl TableLabels {
    fn heading(&mut self, id: &str, title: &str) {
        self.heading = Some((id.to_string(), title.to_string(), 0));
    }

    fn open(&mut self, at: usize) {
        self.open = Some(at);
        self.in_head = true;
        self.head_text.clear();
    }

    /// The placeholder's index and the region's opening tag.
    fn close(&mut self) -> Option<(usize, String)> {
        let at = self.open.take()?;
        self.in_head = false;
        let name = match &mut self.heading {
            Some((id, _, n @ 0)) => {
                *n = 1;
                format!(r#"aria-labelledby="{}""#, escape(id))
            }
            Some((_, title, n)) => {
                *n += 1;
                format!(r#"aria-label="{} ({n})""#, escape(title))
            }
            None => {
                let text = self.head_text.trim().trim_end_matches(',');
                format!(r#"aria-label="{}""#, escape(text))
            }
        };
        Some((
            at,
            format!(r#"<div class="table-wrap" role="region" {name} tabindex="0">"#),
        ))
    }
}

/// A URL fragment for heading text: lowercase letters and digits of any
/// script, other runs of characters become one `-`. Stable for non-Latin text.
pub fn slugify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut dash = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.extend(c.to_lowercase());
        } else {
            dash = true;
        }
    }
    out
}

#[cfg(test)]
mod tests;
