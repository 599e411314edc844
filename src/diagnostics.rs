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

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub path: PathBuf,
    pub offset: Option<usize>,
    pub message: String,
    /// Extra lines printed under the message (`note: ...`), e.g. an error's cause chain.
    pub notes: Vec<String>,
    /// Other places that explain this one, printed as `note: path:line:col: message`.
    pub related: Vec<Related>,
}

/// A second location named by a diagnostic (e.g. the default-language
/// exercise a translation disagrees with).
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// so that output is stable whatever order parallel work finished in.
    pub fn sort(&mut self) {
        self.items.sort_by(|a, b| {
            (&a.path, a.offset, a.severity, &a.message)
                .cmp(&(&b.path, b.offset, b.severity, &b.message))
        });
        self.items.dedup();
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

    fn text(&mut self, path: &Path) -> Option<&str> {
        let root = &self.root;
        self.texts
            .entry(path.to_path_buf())
            .or_insert_with(|| std::fs::read_to_string(root.join(path)).ok())
            .as_deref()
    }

    /// Byte offset of the first occurrence of `needle` in the file.
    pub fn find(&mut self, path: &Path, needle: &str) -> Option<usize> {
        self.text(path)?.find(needle)
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
