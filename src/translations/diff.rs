//! `translations diff`: what changed in a translation's source since the
//! translation was last marked, paragraph by paragraph. `translations mark`
//! keeps a copy of the source as it was then, beside the translation
//! ([`snapshot_path`]: `content/<lang>/.sources/<page>`, a hidden folder the
//! build skips); the diff compares it with the source as it is now.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::content::{CONTENT_DIR, Page};
use crate::hash::source_hash;
use crate::html::escape;
use crate::stdx::{Align, align};

/// The folder of a language's snapshots, inside its content folder.
pub const SNAPSHOT_DIR: &str = ".sources";

/// Where `translations mark` keeps the source of the translation `page` as
/// it was marked (relative to the site root).
pub fn snapshot_path(page: &Page) -> PathBuf {
    Path::new(CONTENT_DIR)
        .join(&page.lang)
        .join(SNAPSHOT_DIR)
        .join(&page.rel)
}

/// One paragraph of a page: a block of lines between blank lines (a fenced
/// block, or the front matter, is one paragraph however many blank lines
/// it holds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paragraph {
    /// Its first line (1-based).
    pub line: usize,
    /// Its lines, without trailing spaces.
    pub text: String,
}

/// The paragraphs of a page's text.
pub fn paragraphs(text: &str) -> Vec<Paragraph> {
    let mut out = Vec::new();
    let mut lines: Vec<&str> = Vec::new();
    let mut first = 0;
    // The closing line awaited: `+++` of the front matter, or a fence.
    let mut until: Option<(char, usize)> = None;
    let flush = |lines: &mut Vec<&str>, first: usize, out: &mut Vec<Paragraph>| {
        if !lines.is_empty() {
            out.push(Paragraph {
                line: first + 1,
                text: lines.join("\n"),
            });
            lines.clear();
        }
    };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        let t = line.trim_start().trim_start_matches('\u{feff}');
        if lines.is_empty() {
            first = i;
        }
        match until {
            Some((c, n)) => {
                lines.push(line);
                if !t.is_empty() && t.chars().all(|x| x == c) && t.chars().count() >= n {
                    until = None;
                    flush(&mut lines, first, &mut out);
                }
            }
            None if t.is_empty() => flush(&mut lines, first, &mut out),
            None => {
                lines.push(line);
                if i == 0 && t == "+++" {
                    until = Some(('+', 3));
                } else if let Some(c) = ['`', '~'].into_iter().find(|c| t.starts_with(*c)) {
                    let n = t.chars().take_while(|x| *x == c).count();
                    if n >= 3 {
                        until = Some((c, n));
                    }
                }
            }
        }
    }
    flush(&mut lines, first, &mut out);
    out
}

/// What happened to one paragraph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    Added,
    Removed,
    Changed,
}

/// One paragraph's change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub kind: ChangeKind,
    /// Its first line in the source now (absent when removed).
    pub line: Option<usize>,
    /// Its first line in the source as marked (absent when added).
    pub old_line: Option<usize>,
    pub old: Option<String>,
    pub new: Option<String>,
}

/// The paragraphs of `new` that differ from `old`'s, in order; a removed
/// paragraph next to an added one is one changed paragraph.
pub fn changes(old: &str, new: &str) -> Vec<Change> {
    let (a, b) = (paragraphs(old), paragraphs(new));
    let ops = align(&a, &b, |x, y| x.text == y.text);
    let mut out = Vec::new();
    let mut k = 0;
    while k < ops.len() {
        let change = match (ops[k], ops.get(k + 1).copied()) {
            (Align::Missing(i), Some(Align::Extra(j)))
            | (Align::Extra(j), Some(Align::Missing(i))) => {
                k += 1;
                Some((ChangeKind::Changed, Some(&a[i]), Some(&b[j])))
            }
            (Align::Missing(i), _) => Some((ChangeKind::Removed, Some(&a[i]), None)),
            (Align::Extra(j), _) => Some((ChangeKind::Added, None, Some(&b[j]))),
            (Align::Same, _) => None,
        };
        if let Some((kind, old, new)) = change {
            out.push(Change {
                kind,
                line: new.map(|p| p.line),
                old_line: old.map(|p| p.line),
                old: old.map(|p| p.text.clone()),
                new: new.map(|p| p.text.clone()),
            });
        }
        k += 1;
    }
    out
}

/// What `translations diff` reports for one translation.
#[derive(Debug, Clone, Serialize)]
pub struct SourceDiff {
    /// The translation.
    pub page: String,
    /// Its source, as it is now.
    pub source: String,
    /// The source as it was when the translation was marked.
    pub snapshot: String,
    pub changes: Vec<Change>,
}

/// The diff of `source` since `page` was marked, from the snapshot's text
/// (`snapshot`, read from [`snapshot_path`]); an error saying why there is
/// none to compare with.
pub fn source_diff(
    page: &Page,
    source: &Page,
    snapshot: Option<&str>,
) -> Result<SourceDiff, String> {
    let Some(marked) = &page.front.translated_from else {
        return Err(format!(
            "this page was never marked, so there is nothing to compare {} with; once it is translated, run `tilebook translations mark {}`",
            source.source_path.display(),
            page.source_path.display()
        ));
    };
    let path = snapshot_path(page);
    let snapshot = snapshot.filter(|s| source_hash(s) == *marked).ok_or_else(|| {
        format!(
            "no copy of {} as it was when this page was marked ({} is missing or from another mark): `translations mark` keeps one from now on",
            source.source_path.display(),
            path.display()
        )
    })?;
    Ok(SourceDiff {
        page: page.source_path.display().to_string(),
        source: source.source_path.display().to_string(),
        snapshot: path.display().to_string(),
        changes: changes(snapshot, &source.text),
    })
}

/// The diff as text for the terminal.
pub fn format_diff(d: &SourceDiff) -> String {
    let mut out = String::new();
    if d.changes.is_empty() {
        let _ = writeln!(
            out,
            "{}: {} has not changed since it was marked",
            d.page, d.source
        );
        return out;
    }
    let _ = writeln!(
        out,
        "{}: {} paragraph(s) of {} changed since it was marked:",
        d.page,
        d.changes.len(),
        d.source
    );
    for c in &d.changes {
        let at = match (c.line, c.old_line) {
            (Some(l), _) => format!("{}:{l}", d.source),
            (None, Some(l)) => format!("{}:{l} (as marked)", d.snapshot),
            (None, None) => d.source.clone(),
        };
        let kind = match c.kind {
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
            ChangeKind::Changed => "changed",
        };
        let _ = writeln!(out, "\n  {kind} at {at}");
        for (sign, text) in [("-", &c.old), ("+", &c.new)] {
            for line in text.iter().flat_map(|t| t.lines()) {
                let _ = writeln!(out, "    {sign} {line}");
            }
        }
    }
    out
}

/// The diff as an HTML page (`serve` links to it from a stale translation).
pub fn diff_html(d: &SourceDiff, back: &str) -> String {
    let mut out = String::new();
    let title = format!("What changed in {} since {} was marked", d.source, d.page);
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>{t}</title>\
         <style>body{{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}}\
         pre{{white-space:pre-wrap;padding:.5rem;margin:.25rem 0}}del{{display:block;background:#fde8e8;text-decoration:none}}\
         ins{{display:block;background:#e6f4ea;text-decoration:none}}\
         .vh{{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}}</style></head>\n<body><main>\n<h1>{t}</h1>\n<p><a href=\"{b}\">Back to the page</a></p>\n",
        t = escape(&title),
        b = escape(back)
    );
    if d.changes.is_empty() {
        out.push_str("<p>Nothing has changed.</p>\n");
    }
    for c in &d.changes {
        let kind = match c.kind {
            ChangeKind::Added => "Added",
            ChangeKind::Removed => "Removed",
            ChangeKind::Changed => "Changed",
        };
        let at = c.line.or(c.old_line).unwrap_or(0);
        let _ = writeln!(out, "<h2>{kind}, line {at}</h2>");
        if let Some(old) = &c.old {
            let _ = writeln!(
                out,
                "<pre><del><span class=\"vh\">Before: </span>{}</del></pre>",
                escape(old)
            );
        }
        if let Some(new) = &c.new {
            let _ = writeln!(
                out,
                "<pre><ins><span class=\"vh\">Now: </span>{}</ins></pre>",
                escape(new)
            );
        }
    }
    out.push_str("</main></body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_keep_the_front_matter_and_fenced_blocks_whole() {
        let text = "+++\ntitle = \"T\"\n\nweight = 1\n+++\n# Head\n\nOne\ntwo  \n\n```quiz\na = 1\n\nb = 2\n```\n\n\nLast";
        let p = paragraphs(text);
        let p: Vec<(usize, &str)> = p.iter().map(|p| (p.line, p.text.as_str())).collect();
        assert_eq!(
            p,
            [
                (1, "+++\ntitle = \"T\"\n\nweight = 1\n+++"),
                (6, "# Head"),
                (8, "One\ntwo"),
                (11, "```quiz\na = 1\n\nb = 2\n```"),
                (18, "Last"),
            ]
        );
    }

    #[test]
    fn an_edited_paragraph_is_one_change_and_added_and_removed_ones_are_named() {
        let old = "A.\n\nB.\n\nC.\n";
        let new = "A.\n\nB, edited.\n\nC.\n\nD.\n";
        let c = changes(old, new);
        assert_eq!(c.len(), 2, "{c:?}");
        assert_eq!(
            (
                c[0].kind,
                c[0].line,
                c[0].old_line,
                c[0].old.as_deref(),
                c[0].new.as_deref()
            ),
            (
                ChangeKind::Changed,
                Some(3),
                Some(3),
                Some("B."),
                Some("B, edited.")
            )
        );
        assert_eq!((c[1].kind, c[1].line), (ChangeKind::Added, Some(7)));
        let c = changes(new, old);
        assert_eq!(c[1].kind, ChangeKind::Removed);
        assert!(
            changes(old, "A.  \n\n\nB.\n\nC.").is_empty(),
            "blank lines and trailing spaces"
        );
    }
}
