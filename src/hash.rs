//! Hashing: the stable short hashes the site records and compares (a
//! page's `source_hash`, a glossary term's `term_hash`, an exercise's
//! `short_id`, an output file's `content_hash`). A leaf: it knows nothing of pages, terms or exercises.

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a 64, continued from `h` over `bytes`.
fn fnv1a(h: u64, bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes
        .into_iter()
        .fold(h, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Short, stable hash of a default-language page (FNV-1a 64 over its text,
/// 12 hex digits). Recorded in a translation's `translated_from`. Changes a
/// reader cannot see (line endings, trailing spaces, HTML comments) do not
/// change the hash, so they make no translation stale.
pub fn source_hash(text: &str) -> String {
    let mut h = FNV_OFFSET;
    for line in strip_comments(text).lines() {
        h = fnv1a(h, line.trim_end().bytes().chain([b'\n']));
    }
    format!("{:012x}", h >> 16)
}

/// `text` without `<!-- … -->` comments (an unclosed one runs to the end).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        rest = match rest[start..].find("-->") {
            Some(end) => &rest[start + end + 3..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

/// The `source_hash` of a term's texts in the default language: its `name`,
/// `definition` and `compare`, always in that order, so the order of the keys
/// in the file does not matter. Line endings and trailing spaces do not count.
pub fn term_hash(name: &str, definition: &str, compare: &str) -> String {
    source_hash(&term_canonical(name, definition, compare))
}

/// One line per field; a value's own line breaks and backslashes escaped,
/// so no value can spill into the next field, and `<` escaped, so
/// `source_hash` finds no HTML comment to skip (glossary texts are shown as
/// written, `<!--` included).
fn term_canonical(name: &str, definition: &str, compare: &str) -> String {
    let one_line = |v: &str| {
        let lines: Vec<String> = v
            .trim()
            .lines()
            .map(|l| l.trim_end().replace('\\', "\\\\").replace('<', "\\x3c"))
            .collect();
        lines.join("\\n")
    };
    format!(
        "name: {}\ndefinition: {}\ncompare: {}\n",
        one_line(name),
        one_line(definition),
        one_line(compare)
    )
}

/// The hash of an output file's bytes (FNV-1a 64, 12 hex digits): the
/// service worker's precache list compares it to refetch exactly the files
/// a new build changed.
pub fn content_hash(bytes: &[u8]) -> String {
    format!("{:012x}", fnv1a(FNV_OFFSET, bytes.iter().copied()) >> 16)
}

/// A short stable id: FNV-1a of the fingerprint, 10 hex digits.
pub fn short_id(fingerprint: &str) -> String {
    let hash = fnv1a(FNV_OFFSET, fingerprint.bytes());
    format!("{:010x}", hash >> 24)
}
