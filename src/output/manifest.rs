//! The reuse manifest: `.tilebook-manifest.json` in the output folder, what
//! the last build wrote there (every file with its length, content hash and
//! modification time) and, for each file a later build may reuse, the
//! digest of every input it was made from (its `key`) and the facts a later
//! build needs of it without making it again (`facts`, opaque here).
//!
//! Invariants:
//! - A manifest is trusted only by the binary that wrote it: its [`stamp`]
//!   names the tilebook version, [`FORMAT`] and the executable (length and
//!   modification time), so a new or rebuilt binary makes everything again.
//! - A file is reused only when its key is the one the new build computes
//!   and the file in the output folder still has the recorded length,
//!   modification time and inode (a file edited or replaced by hand is made
//!   again).
//! - A manifest is trusted only when intact: its first field, `checksum`,
//!   is the XXH3-128 of every byte after it. A manifest edited by hand (still
//!   valid JSON, its stamp kept) or cut short is dropped with a one-line note
//!   ([`Opened::Damaged`]) and the build makes everything, so a damaged
//!   manifest never blames correct sources.
//! - The manifest is written into the staging folder last, so it is swapped
//!   in with the files it describes, or not at all (a failed build leaves
//!   the previous output and its manifest untouched).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::{FileRecord, Staging};

/// The manifest's file name in the output folder.
pub const FILE: &str = ".tilebook-manifest.json";

/// The manifest's format: raised whenever what a key covers changes.
pub const FORMAT: u32 = 4;

/// What wrote a manifest: the tilebook version, [`FORMAT`] and the running
/// executable's length and modification time. `None` when the executable
/// cannot be examined (nothing is reused then).
pub fn stamp() -> Option<String> {
    let exe = std::env::current_exe().ok()?;
    let meta = std::fs::metadata(&exe).ok()?;
    Some(format!(
        "tilebook {} manifest {FORMAT} exe {} {}",
        env!("CARGO_PKG_VERSION"),
        meta.len(),
        super::modified_ns(&meta)
    ))
}

/// The manifest of one output folder. `F`: the facts kept of a reusable file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest<F> {
    /// The XXH3-128 of the manifest's bytes after this field (32 hex digits).
    pub checksum: String,
    pub stamp: String,
    /// Every file of the site, by path.
    pub files: BTreeMap<String, Entry<F>>,
}

/// One file of a manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry<F> {
    pub len: u64,
    pub hash: String,
    /// Nanoseconds since the Unix epoch.
    pub modified: u64,
    /// Its inode (0 where there is none): a recycled staging folder keeps
    /// a file that is this very one ([`Staging::link`]).
    #[serde(default)]
    pub ino: u64,
    /// The digest of its inputs, for a file a later build may reuse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(
        default = "none",
        skip_serializing_if = "Option::is_none",
        bound(deserialize = "F: Deserialize<'de>")
    )]
    pub facts: Option<F>,
}

fn none<F>() -> Option<F> {
    None
}

/// What a build may reuse: the previous output folder and its manifest.
pub struct Previous<F> {
    dir: PathBuf,
    manifest: Manifest<F>,
    /// Key → the paths of the files made with it, in path order (so that
    /// looking up one of thousands of groups does not scan every file).
    by_key: HashMap<String, Vec<String>>,
}

/// What [`Previous::open`] found.
pub enum Opened<F> {
    /// No manifest, or one another binary wrote: nothing to reuse.
    Nothing,
    /// An intact manifest this binary wrote.
    Found(Previous<F>),
    /// A manifest that fails its checksum or does not read: nothing is
    /// reused, and the build says so (the reason, one line).
    Damaged(String),
}

impl<F> Opened<F> {
    /// The previous build, when it can be reused.
    pub fn previous(self) -> Option<Previous<F>> {
        match self {
            Opened::Found(p) => Some(p),
            _ => None,
        }
    }
}

/// The checksum field as the manifest opens: `{"checksum":"<32 hex>"`.
const CHECKSUM_START: &[u8] = b"{\"checksum\":\"";
const CHECKSUM_LEN: usize = 32;

use crate::hash::checksum;

/// Whether `bytes` (a whole manifest) carry the checksum of what follows it.
fn intact(bytes: &[u8]) -> bool {
    let Some(rest) = bytes.strip_prefix(CHECKSUM_START) else {
        return false;
    };
    let Some((sum, rest)) = rest.split_at_checked(CHECKSUM_LEN) else {
        return false;
    };
    rest.starts_with(b"\"") && sum == checksum(&[&rest[1..]]).as_bytes()
}

impl<F: DeserializeOwned> Previous<F> {
    /// The manifest of `dir`, when it holds an intact one this binary wrote
    /// (`stamp`) and the folder is tilebook's.
    pub fn open(dir: &Path, stamp: &str) -> Opened<F> {
        if !dir.join(super::guard::MARKER).is_file() {
            return Opened::Nothing;
        }
        let Ok(bytes) = std::fs::read(dir.join(FILE)) else {
            return Opened::Nothing;
        };
        let damaged = |why: &str| {
            Opened::Damaged(format!(
                "{}: {why}; nothing of the previous build is reused",
                dir.join(FILE).display()
            ))
        };
        if !intact(&bytes) {
            return damaged("the manifest does not match its checksum (edited or cut short)");
        }
        let manifest: Manifest<F> = match serde_json::from_slice(&bytes) {
            Ok(m) => m,
            Err(_) => return damaged("the manifest does not read"),
        };
        if manifest.stamp != stamp {
            return Opened::Nothing;
        }
        let mut by_key: HashMap<String, Vec<String>> = HashMap::new();
        for (path, entry) in &manifest.files {
            if let Some(key) = &entry.key {
                by_key.entry(key.clone()).or_default().push(path.clone());
            }
        }
        Opened::Found(Previous {
            dir: dir.to_path_buf(),
            manifest,
            by_key,
        })
    }
}

impl<F> Previous<F> {
    /// The previous build's `path`, when it is still in the output folder
    /// as written (whatever it was made from).
    pub fn unchanged(&self, path: &str) -> Option<&Entry<F>> {
        let entry = self.manifest.files.get(path)?;
        let meta = std::fs::symlink_metadata(self.dir.join(path)).ok()?;
        let at = super::Written::of(&meta);
        let same_inode = entry.ino == 0 || at.ino == entry.ino;
        (meta.is_file() && meta.len() == entry.len && at.modified == entry.modified && same_inode)
            .then_some(entry)
    }

    /// Every file of the previous build, by path.
    pub fn files(&self) -> &BTreeMap<String, Entry<F>> {
        &self.manifest.files
    }

    /// Whether the output folder holds nothing but the manifest's files
    /// (and tilebook's own two): no file or link was added by hand.
    pub fn holds_only_its_files(&self) -> bool {
        let mut n = 0;
        for entry in walkdir::WalkDir::new(&self.dir).min_depth(1) {
            let Ok(entry) = entry else { return false };
            if entry.file_type().is_dir() {
                continue;
            }
            let rel = entry.path().strip_prefix(&self.dir).unwrap_or(entry.path());
            let own = rel == Path::new(FILE) || rel == Path::new(super::guard::MARKER);
            if !own {
                n += 1;
            }
        }
        n == self.manifest.files.len()
    }

    /// The previous build's `path`, when it was made from inputs whose
    /// digest is `key` and is still in the output folder as written.
    pub fn reusable(&self, path: &str, key: &str) -> Option<&Entry<F>> {
        self.made_from(path, key)?;
        self.unchanged(path)
    }

    /// The previous build's `path`, when it was made from inputs whose
    /// digest is `key` (its file not looked at: for a caller that has
    /// just checked it with [`Previous::reusable`]).
    pub fn made_from(&self, path: &str, key: &str) -> Option<&Entry<F>> {
        let entry = self.manifest.files.get(path)?;
        (entry.key.as_deref() == Some(key)).then_some(entry)
    }

    /// Every file of the previous build whose key is `key` (a group of files
    /// made together, e.g. the late extras), when all of them are still in
    /// the output folder as written; `None` if any is not (or none has it).
    pub fn reusable_group(&self, key: &str) -> Option<Vec<(&str, &Entry<F>)>> {
        let files = &self.manifest.files;
        let group: Vec<(&str, &Entry<F>)> = self
            .by_key
            .get(key)
            .into_iter()
            .flatten()
            .filter_map(|p| Some((p.as_str(), files.get(p)?)))
            .collect();
        if group.is_empty() || group.iter().any(|(p, _)| self.reusable(p, key).is_none()) {
            return None;
        }
        Some(group)
    }

    /// The previous build's bytes of `path`.
    pub fn read_file(&self, path: &str) -> Option<Vec<u8>> {
        std::fs::read(self.dir.join(path)).ok()
    }

    /// Hard-links (or copies) the previous build's `path` into `staging`.
    pub fn link_into(&self, staging: &Staging, path: &str, entry: &Entry<F>) {
        let record = FileRecord {
            path: path.to_string(),
            len: entry.len,
            hash: entry.hash.clone(),
        };
        let known = (entry.ino != 0).then_some(super::Written {
            modified: entry.modified,
            ino: entry.ino,
        });
        staging.link(&self.dir.join(path), record, known);
    }
}

/// Writes the manifest of everything `staging` holds into it: `inputs`
/// gives, by path, the key and facts of each reusable file. The entries
/// are serialised in parallel (tens of megabytes at 100,000 pages), then
/// written in path order: the same bytes as `serde_json` writes of a
/// [`Manifest`].
pub fn write<F: Serialize + Send + Sync>(
    staging: &Staging,
    stamp: &str,
    mut inputs: BTreeMap<String, (String, Option<F>)>,
) {
    use rayon::prelude::*;
    let files: Vec<(String, Entry<F>)> = staging
        .records()
        .into_iter()
        .map(|(record, written)| {
            let (key, facts) = match inputs.remove(&record.path) {
                Some((key, facts)) => (Some(key), facts),
                None => (None, None),
            };
            let entry = Entry {
                len: record.len,
                hash: record.hash,
                modified: written.modified,
                ino: written.ino,
                key,
                facts,
            };
            (record.path, entry)
        })
        .collect();
    let parts: Vec<Vec<u8>> = files
        .par_chunks(512)
        .map(|chunk| {
            let mut out = Vec::new();
            for (path, entry) in chunk {
                out.push(b',');
                // Strings and plain data: serialising cannot fail.
                serde_json::to_writer(&mut out, path).expect("a path serialises");
                out.push(b':');
                serde_json::to_writer(&mut out, entry).expect("an entry serialises");
            }
            out
        })
        .collect();
    // What follows the checksum field, in pieces.
    let mut head = b",\"stamp\":".to_vec();
    serde_json::to_writer(&mut head, stamp).expect("a string serialises");
    head.extend_from_slice(b",\"files\":{");
    // Each part starts with the comma before its first entry.
    let parts: Vec<&[u8]> = (parts.iter().enumerate())
        .map(|(i, part)| match i {
            0 => &part[1.min(part.len())..],
            _ => part.as_slice(),
        })
        .collect();
    let rest: Vec<&[u8]> = std::iter::once(head.as_slice())
        .chain(parts.iter().copied())
        .chain([b"}}".as_slice()])
        .collect();
    let sum = checksum(&rest);
    staging.write_unrecorded(FILE, |out| {
        out.write_all(CHECKSUM_START)?;
        out.write_all(sum.as_bytes())?;
        out.write_all(b"\"")?;
        for part in &rest {
            out.write_all(part)?;
        }
        Ok(())
    });
}

/// The reuse keys' digest (defined in `hash`).
pub use crate::hash::Digest;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_fields_do_not_run_into_each_other() {
        let a = Digest::new().field("ab").field("c").finish();
        let b = Digest::new().field("a").field("bc").finish();
        assert_ne!(a, b);
        assert_eq!(a, Digest::new().field("ab").field("c").finish());
        assert_eq!(a.len(), 32);
    }

    #[test]
    fn writing_over_a_linked_file_leaves_the_previous_build_untouched() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("public");
        let first = Staging::new(&dir).unwrap();
        first.write("a.html", b"first");
        let mut inputs = BTreeMap::new();
        inputs.insert("a.html".to_string(), ("k1".to_string(), Some(7u32)));
        write(&first, "s", inputs);
        first.commit().unwrap();

        let prev: Previous<u32> = Previous::open(&dir, "s").previous().unwrap();
        assert!(matches!(
            Previous::<u32>::open(&dir, "another binary"),
            Opened::Nothing
        ));
        assert!(prev.reusable("a.html", "k2").is_none());
        let entry = prev.reusable("a.html", "k1").unwrap();
        assert_eq!(entry.facts, Some(7));
        let second = Staging::new(&dir).unwrap();
        prev.link_into(&second, "a.html", entry);
        // A later layer writes the same path: a new file, not the old one.
        second.write("a.html", b"second, longer");
        drop(second);
        assert_eq!(std::fs::read(dir.join("a.html")).unwrap(), b"first");
        assert!(prev.reusable("a.html", "k1").is_some());
    }

    #[test]
    fn the_manifest_is_what_serde_json_writes() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("public");
        let staging = Staging::new(&dir).unwrap();
        let mut inputs = BTreeMap::new();
        for i in 0..1300 {
            let path = format!("p{i:04}/index.html");
            staging.write(&path, format!("page \"{i}\"").as_bytes());
            if i % 3 == 0 {
                inputs.insert(path, (format!("k{i}"), Some(vec![i, i + 1])));
            }
        }
        write(&staging, "the \"stamp\"", inputs);
        staging.commit().unwrap();
        let bytes = std::fs::read(dir.join(FILE)).unwrap();
        let parsed: Manifest<Vec<u32>> = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(parsed.stamp, "the \"stamp\"");
        assert_eq!(parsed.files.len(), 1300);
        assert_eq!(parsed.files["p0003/index.html"].facts, Some(vec![3, 4]));
        assert_eq!(parsed.files["p0004/index.html"].key, None);
        assert_eq!(serde_json::to_vec(&parsed).unwrap(), bytes);
        assert!(intact(&bytes));
    }

    #[test]
    fn a_manifest_edited_or_cut_short_is_dropped_with_a_note() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("public");
        let staging = Staging::new(&dir).unwrap();
        staging.write("a.html", b"first");
        let mut inputs = BTreeMap::new();
        inputs.insert("a.html".to_string(), ("k".to_string(), Some(vec![1u32])));
        write(&staging, "s", inputs);
        staging.commit().unwrap();
        let path = dir.join(FILE);
        let good = std::fs::read_to_string(&path).unwrap();
        assert!(matches!(
            Previous::<Vec<u32>>::open(&dir, "s"),
            Opened::Found(_)
        ));
        // Still valid JSON, its stamp kept: its facts edited.
        let edited = good.replace("[1]", "[]");
        assert_ne!(edited, good);
        serde_json::from_str::<Manifest<Vec<u32>>>(&edited).unwrap();
        for damaged in [edited.as_str(), &good[..good.len() / 2], ""] {
            std::fs::write(&path, damaged).unwrap();
            match Previous::<Vec<u32>>::open(&dir, "s") {
                Opened::Damaged(note) => assert!(
                    note.ends_with(
                        ".tilebook-manifest.json: the manifest does not match its checksum (edited or cut short); nothing of the previous build is reused"
                    ),
                    "{note}"
                ),
                _ => panic!("{damaged:?} is taken for intact"),
            }
        }
        // Another binary's manifest, intact: nothing to say.
        std::fs::write(&path, good).unwrap();
        assert!(matches!(
            Previous::<Vec<u32>>::open(&dir, "t"),
            Opened::Nothing
        ));
    }

    #[test]
    fn a_file_changed_by_hand_is_not_reused() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("public");
        let staging = Staging::new(&dir).unwrap();
        staging.write("a.html", b"first");
        let mut inputs = BTreeMap::new();
        inputs.insert("a.html".to_string(), ("k".to_string(), None::<u32>));
        write(&staging, "s", inputs);
        staging.commit().unwrap();
        std::fs::write(dir.join("a.html"), b"edited by hand").unwrap();
        let prev: Previous<u32> = Previous::open(&dir, "s").previous().unwrap();
        assert!(prev.reusable("a.html", "k").is_none());
        assert!(prev.reusable_group("k").is_none());
    }
}
