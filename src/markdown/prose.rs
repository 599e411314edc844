//! A page's prose: where its words are (outside code), its fenced blocks,
//! `term:` links and headings, collected from the events of its one parse
//! (by the adapter as it renders, or by [`prose`] from a parse of its own).

use pulldown_cmark::{CodeBlockKind, Event, Tag, TagEnd};

use super::{IdAllocator, Range, new_cmark_parser, split_info};

/// What the checks read of a page's Markdown, from one parse
/// ([`prose`], made once per page: `content::Page::prose`): where its
/// words are (the terminology and teaching-order checks), as byte ranges
/// of `body` as written in the source, and its headings (the sections
/// exercise feedback links to).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Prose {
    /// Text outside code spans, code blocks and HTML.
    pub text: Vec<std::ops::Range<usize>>,
    /// Each fenced block: its kind (first word of the info string) and the
    /// range of its body.
    pub fences: Vec<(String, std::ops::Range<usize>)>,
    /// Each `[text](term:id)` link outside code: the term id and the range
    /// of the whole link.
    pub term_links: Vec<(String, std::ops::Range<usize>)>,
    /// Every heading as (id, text), ids allocated as [`super::render`] allocates
    /// them: what a link to `page.md#id` can name.
    pub sections: Vec<(String, String)>,
}

/// The prose, the fenced blocks and the headings of a Markdown body
/// (offsets into `body`), from a parse of its own (a page's is made as it
/// renders: [`super::Rendered::prose`]).
pub fn prose(body: &str) -> Prose {
    let mut collector = ProseCollector::default();
    for (event, range) in new_cmark_parser(body).into_offset_iter() {
        collector.observe(&event, &range);
    }
    collector.finish()
}

/// Makes a [`Prose`] from the events of a parse as they go by.
#[derive(Default)]
pub(super) struct ProseCollector {
    out: Prose,
    /// The code block being read: its kind, the range of its text so far.
    fence: Option<(String, Option<Range>)>,
    ids: IdAllocator,
    /// The heading being read: its explicit id and its text so far.
    heading: Option<(Option<String>, String)>,
}

impl ProseCollector {
    pub(super) fn observe(&mut self, event: &Event<'_>, range: &Range) {
        match event {
            Event::Start(Tag::Heading { id, .. }) => {
                self.heading = Some((id.as_ref().map(|i| i.to_string()), String::new()));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((id, title)) = self.heading.take() {
                    let id = self.ids.allocate(id.as_deref(), &title);
                    self.out.sections.push((id, title));
                }
            }
            Event::Code(t) => {
                if let Some((_, title)) = &mut self.heading {
                    title.push_str(t);
                }
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                let name = match kind {
                    CodeBlockKind::Fenced(info) => split_info(info).0.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                self.fence = Some((name, None));
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((name, Some(r))) = self.fence.take() {
                    self.out.fences.push((name, r));
                }
            }
            Event::Start(Tag::Link { dest_url, .. }) if self.fence.is_none() => {
                if let Some(id) = dest_url.strip_prefix("term:") {
                    self.out.term_links.push((id.to_string(), range.clone()));
                }
            }
            Event::Text(t) => match &mut self.fence {
                Some((_, r)) => {
                    let start = r.as_ref().map_or(range.start, |r| r.start);
                    *r = Some(start..range.end);
                }
                None => {
                    if let Some((_, title)) = &mut self.heading {
                        title.push_str(t);
                    }
                    self.out.text.push(range.clone());
                }
            },
            _ => {}
        }
    }

    pub(super) fn finish(self) -> Prose {
        self.out
    }
}
