//! Hashing, every scheme in one place: the stable short hashes the site
//! records in its sources and pages (a page's `source_hash`, a glossary
//! term's `term_hash`, an exercise's `short_id`: FNV-1a, stable across
//! machines and versions), an output file's `content_hash` (FxHash), and
//! the reuse keys' [`Digest`] and the manifest's [`checksum`] (XXH3-128).
//! A leaf: it knows nothing of pages, terms or exercises.

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

/// The content hash of an output file's bytes (FxHash 64 of the bytes and
/// their length, 16 hex digits; fast, a cache key, not a security check):
/// recorded per file written (`output::FileRecord`, the reuse manifest),
/// compared by `serve` to tell what changed, and listed by the service
/// worker's precache so that a new build refetches exactly what changed.
pub fn content_hash(bytes: &[u8]) -> String {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(bytes);
    h.write_usize(bytes.len());
    format!("{:016x}", h.finish())
}

/// A 128-bit digest of a build's inputs (XXH3-128), the same for the same
/// bytes in every run and on every machine; a cache key, not a security
/// check. XXH3 reads tens of GB/s: at 100,000 pages the keys hash 700 MB of
/// sources, which FxHash and SipHash (before) took half a second to do.
#[derive(Default, Clone)]
pub struct Digest {
    state: xxhash_rust::xxh3::Xxh3Default,
}

impl Digest {
    pub fn new() -> Digest {
        Digest::default()
    }

    /// Adds one field: its bytes and its length, so that fields never run
    /// into each other (`"ab" + "c"` ≠ `"a" + "bc"`).
    pub fn field(&mut self, bytes: impl AsRef<[u8]>) -> &mut Digest {
        let bytes = bytes.as_ref();
        self.state.update(bytes);
        self.state.update(&(bytes.len() as u64).to_le_bytes());
        self
    }

    /// 32 hex digits.
    pub fn finish(&self) -> String {
        format!("{:032x}", self.state.digest128())
    }
}

/// The XXH3-128 of `parts`, one after the other (32 hex digits): the reuse
/// manifest's checksum of its own bytes.
pub fn checksum(parts: &[&[u8]]) -> String {
    let mut h = xxhash_rust::xxh3::Xxh3Default::new();
    for part in parts {
        h.update(part);
    }
    format!("{:032x}", h.digest128())
}

/// A short stable id: FNV-1a of the fingerprint, 10 hex digits.
pub fn short_id(fingerprint: &str) -> String {
    let hash = fnv1a(FNV_OFFSET, fingerprint.bytes());
    format!("{:010x}", hash >> 24)
}
