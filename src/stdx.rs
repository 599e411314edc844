//! Small helpers on paths and lists that know nothing of sites: a path
//! relative to a root, a path as it appears in a URL, a short list for a
//! message, a lock that survives a panicking holder, the alignment of two
//! lists (longest common subsequence). A leaf module (like
//! rust-analyzer's `stdx`).

use std::path::{Path, PathBuf};

/// Characters a URL path may not hold as they are: controls, space, the
/// delimiters, `%` itself (non-ASCII is always encoded).
const PATH_ESCAPES: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}')
    .add(b'\\')
    .add(b'^')
    .add(b'|');

/// A file path as it appears in a URL: each segment percent-encoded (UTF-8),
/// `/` kept. Output paths stay as they are; URLs (links, sitemap, canonical,
/// hreflang) use this form.
pub fn encode_path(path: &str) -> String {
    percent_encoding::utf8_percent_encode(path, PATH_ESCAPES).to_string()
}

/// `path` relative to `root` (unchanged if outside it).
pub fn rel_to(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

/// `a, b, c` for a few items; the first ten and a count for many (the
/// `translations` command lists them all).
pub fn short_list(items: &[&str]) -> String {
    const SHOWN: usize = 10;
    if items.len() <= SHOWN {
        return items.join(", ");
    }
    format!(
        "{}, … and {} more (`tilebook translations` lists them all)",
        items[..SHOWN].join(", "),
        items.len() - SHOWN
    )
}

/// Locks `m`, even if a thread panicked holding it (every holder leaves
/// the data whole, so it stays usable).
pub fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// One step of aligning two lists ([`align`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Same,
    /// `a[i]` has no counterpart in `b`.
    Missing(usize),
    /// `b[j]` has no counterpart in `a`.
    Extra(usize),
}

/// The alignment of `a` and `b` that keeps the most equal pairs in order.
pub fn align<T>(a: &[T], b: &[T], same: impl Fn(&T, &T) -> bool) -> Vec<Align> {
    let (n, m) = (a.len(), b.len());
    // lcs[i][j]: length of the longest common subsequence of a[i..], b[j..].
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if same(&a[i], &b[j]) {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut ops) = (0, 0, Vec::with_capacity(n.max(m)));
    while i < n || j < m {
        if i < n && j < m && same(&a[i], &b[j]) {
            ops.push(Align::Same);
            (i, j) = (i + 1, j + 1);
        } else if j == m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(Align::Missing(i));
            i += 1;
        } else {
            ops.push(Align::Extra(j));
            j += 1;
        }
    }
    ops
}
