//! Diagnostics: errors and warnings that point into a file by byte offset,
//! collected for a whole run and printed as `path:line:col: error: message`.
//!
//! Code that finds problems pushes a [`Diagnostic`] and keeps going; the
//! caller decides at the end whether the run failed ([`Diagnostics::has_errors`]).
//! Offsets stay byte offsets until printing, where [`SourceCache`] turns them
//! into 1-based line and column (columns count characters, not bytes).

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Severity {
    Error,
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One problem, located by path (relative to the site root when possible)
/// and byte offset into that file. `offset: None` means "the whole file".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub path: PathBuf,
    pub offset: Option<usize>,
    pub message: String,
    /// Extra lines printed under the message (`note: ...`), e.g. an error's cause chain.
    pub notes: Vec<String>,
    /// Other places that explain this one, printed as `note: path:line:col: message`.
    pub related: Vec<Related>,
    /// Diagnostics with the same group have one cause (a missing page that
    /// many links point at, a template line that fails every page): they
    /// are folded into the first, which lists the others' places
    /// ([`Diagnostics::sort`]).
    pub group: Option<String>,
}

/// A second location named by a diagnostic (e.g. the default-language
/// exercise a translation disagrees with).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Related {
    pub path: PathBuf,
    pub offset: Option<usize>,
    pub message: String,
}

impl Diagnostic {
    pub fn error(
        path: impl Into<PathBuf>,
        offset: Option<usize>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Error,
            path: path.into(),
            offset,
            message: message.into(),
            notes: Vec::new(),
            related: Vec::new(),
            group: None,
        }
    }

    pub fn warning(
        path: impl Into<PathBuf>,
        offset: Option<usize>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(path, offset, message)
        }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn with_related(
        mut self,
        path: impl Into<PathBuf>,
        offset: Option<usize>,
        message: impl Into<String>,
    ) -> Self {
        self.related.push(Related {
            path: path.into(),
            offset,
            message: message.into(),
        });
        self
    }

    /// Puts this diagnostic in a group of diagnostics with one cause.
    pub fn grouped(mut self, key: impl Into<String>) -> Self {
        self.group = Some(key.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Every diagnostic of one run, in the order found.
#[derive(Debug, Default, Clone)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    pub fn error(
        &mut self,
        path: impl Into<PathBuf>,
        offset: Option<usize>,
        msg: impl Into<String>,
    ) {
        self.push(Diagnostic::error(path, offset, msg));
    }

    pub fn warning(
        &mut self,
        path: impl Into<PathBuf>,
        offset: Option<usize>,
        msg: impl Into<String>,
    ) {
        self.push(Diagnostic::warning(path, offset, msg));
    }

    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.items.extend(other);
    }

    pub fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    pub fn error_count(&self) -> usize {
        self.items.iter().filter(|d| d.is_error()).count()
    }

    pub fn warning_count(&self) -> usize {
        self.items.len() - self.error_count()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter()
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.items
    }

    /// Sorts by path, then offset, errors before warnings at the same place,
    /// so that output is stable whatever order parallel work finished in;
    /// then folds each group into its first diagnostic (one cause, one
    /// report).
    pub fn sort(&mut self) {
        self.items.sort_by(|a, b| {
            (&a.path, a.offset, a.severity, &a.message)
                .cmp(&(&b.path, b.offset, b.severity, &b.message))
        });
        self.items.dedup();
        self.fold_groups();
    }

    /// Keeps the first diagnostic of each group and lists the others under
    /// it: their places as related notes (at most [`FOLDED_SHOWN`]), or a
    /// count when they are at the same place (a template line that fails on
    /// every page it renders).
    fn fold_groups(&mut self) {
        let mut first: HashMap<String, usize> = HashMap::new();
        let mut kept: Vec<Diagnostic> = Vec::with_capacity(self.items.len());
        let mut folded: Vec<(usize, Diagnostic)> = Vec::new();
        for d in self.items.drain(..) {
            match d.group.as_ref().and_then(|g| first.get(g.as_str())) {
                Some(&i) => folded.push((i, d)),
                None => {
                    if let Some(g) = &d.group {
                        first.insert(g.clone(), kept.len());
                    }
                    kept.push(d);
                }
            }
        }
        let mut extra: HashMap<usize, (usize, usize)> = HashMap::new();
        for (i, d) in folded {
            let head = &mut kept[i];
            let (same_place, hidden) = extra.entry(i).or_default();
            if d.path == head.path && d.offset == head.offset {
                *same_place += 1;
            } else if head.related.len() < FOLDED_SHOWN {
                head.related.push(Related {
                    path: d.path,
                    offset: d.offset,
                    message: "the same cause".into(),
                });
            } else {
                *hidden += 1;
            }
        }
        for (i, (same_place, hidden)) in extra {
            if same_place > 0 {
                kept[i].notes.push(format!("the same error occurs {same_place} more time(s) here (once per page that uses it)"));
            }
            if hidden > 0 {
                kept[i]
                    .notes
                    .push(format!("and {hidden} more place(s) with the same cause"));
            }
        }
        self.items = kept;
    }

    /// Renders every diagnostic as `path:line:col: severity: message`,
    /// reading files (once each) through `sources` to turn offsets into positions.
    pub fn render(&self, sources: &mut SourceCache) -> String {
        let mut out = String::new();
        for d in &self.items {
            out.push_str(&sources.render(d));
            out.push('\n');
        }
        out
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

/// How many folded diagnostics a group's first one lists by place.
pub const FOLDED_SHOWN: usize = 5;

/// 1-based line and column (in characters) of a byte offset in `text`.
/// Offsets past the end or inside a character are clamped.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// Byte offset of 1-based `line` and `col` (in characters) in `text`; the
/// inverse of [`line_col`], for tools that report positions as line and column.
pub fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line_text = &text[start..];
    start
        + line_text
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(line_text.len(), |(i, _)| i)
}

/// Reads a text source (page, glossary, strings, template, config) for the
/// build: `Err` names the file, and for a file that is not UTF-8 the
/// position of its first bad byte. `rel` is the path diagnostics show.
pub fn read_source(full: &Path, rel: &Path) -> Result<String, Diagnostic> {
    let bytes = std::fs::read(full)
        .map_err(|e| Diagnostic::error(rel, None, format!("cannot read: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let byte = e.as_bytes()[at];
        Diagnostic::error(
            rel,
            Some(at),
            format!("not UTF-8: byte 0x{byte:02X} does not start a valid character; save the file as UTF-8"),
        )
    })
}

/// File texts used to turn offsets into `line:col`. The build registers the
/// texts it already read (so printing never re-reads a file that may have
/// changed since); anything else is read from disk on demand.
#[derive(Debug, Default)]
pub struct SourceCache {
    root: PathBuf,
    texts: HashMap<PathBuf, Option<String>>,
}

impl SourceCache {
    /// `root` is joined to relative diagnostic paths when a file must be read.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        SourceCache {
            root: root.into(),
            texts: HashMap::new(),
        }
    }

    pub fn insert(&mut self, path: impl Into<PathBuf>, text: impl Into<String>) {
        self.texts.insert(path.into(), Some(text.into()));
    }

    /// The text the build registered for `path`, if it did (never read
    /// from disk: the loaders' copy, for a later step that reads the file
    /// too).
    pub fn registered(&self, path: &Path) -> Option<&str> {
        self.texts.get(path).and_then(Option::as_deref)
    }

    fn text(&mut self, path: &Path) -> Option<&str> {
        let root = &self.root;
        self.texts
            .entry(path.to_path_buf())
            // Lossy, so that a file that is not UTF-8 still locates its
            // first bad byte (every offset before it is unchanged).
            .or_insert_with(|| {
                std::fs::read(root.join(path))
                    .ok()
                    .map(|b| String::from_utf8_lossy(&b).into_owned())
            })
            .as_deref()
    }

    /// `path:line:col` (or just `path` when there is no offset).
    pub fn location(&mut self, path: &Path, offset: Option<usize>) -> String {
        let shown = path.display().to_string();
        match offset.and_then(|o| self.text(path).map(|t| line_col(t, o))) {
            Some((line, col)) => format!("{shown}:{line}:{col}"),
            None => shown,
        }
    }

    pub fn render(&mut self, d: &Diagnostic) -> String {
        let mut s = format!(
            "{}: {}: {}",
            self.location(&d.path, d.offset),
            d.severity,
            d.message
        );
        for r in &d.related {
            let at = self.location(&r.path, r.offset);
            s.push_str(&format!("\n  note: {at}: {}", r.message));
        }
        for note in &d.notes {
            s.push_str("\n  note: ");
            s.push_str(note);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one_and_in_chars() {
        let t = "ab\ncä d\n";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 3), (2, 1));
        // 'ä' is two bytes; the space after it is column 3.
        assert_eq!(line_col(t, 6), (2, 3));
        assert_eq!(line_col(t, 999), (3, 1));
    }

    #[test]
    fn offset_of_inverts_line_col() {
        let t = "ab\ncä d\nxyz";
        for off in [0, 1, 3, 4, 6, 7, 9, 10] {
            let (l, c) = line_col(t, off);
            assert_eq!(offset_of(t, l, c), off);
        }
    }

    #[test]
    fn renders_path_line_col() {
        let mut cache = SourceCache::new("/nonexistent");
        cache.insert("content/en/a.md", "+++\ntitle = 1\n+++\n");
        let d = Diagnostic::error("content/en/a.md", Some(12), "bad title");
        assert_eq!(cache.render(&d), "content/en/a.md:2:9: error: bad title");
    }
}
