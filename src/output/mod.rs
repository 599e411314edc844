//! Output: the in-memory site ([`Output`]) and the only code that writes it
//! to disk. Writing is atomic at the directory level: the new tree is written
//! beside the old one and swapped in by rename, so a failed or interrupted
//! build never leaves a half-written `public/`, and files of earlier builds
//! that no longer exist are gone. [`guard`] decides, before anything is
//! written, whether a folder may be replaced at all. `build` streams: each
//! file goes into a [`Staging`] folder as soon as it is made (so the site is
//! never held in memory) and [`Staging::commit`] swaps it in; a build that
//! fails drops the staging folder and leaves the previous output untouched.
//! Every file written is recorded with its content hash ([`FileRecord`]).
//! A file of the previous build that is still right is hard-linked into the
//! staging folder ([`Staging::link`]) instead of written again, and
//! [`manifest`] says which ones are: what each file was made from.
//!
//! Invariant: the staging folder never writes through a file it shares with
//! the previous output. [`Staging::write`] creates a new file (an existing
//! one, which may be a hard link to the previous build's, is unlinked
//! first, never truncated), so a failed build leaves every byte of the
//! previous output as it was.

use std::collections::BTreeMap;
use std::hash::Hasher as _;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::Mutex;

use rayon::prelude::*;

pub mod guard;
pub mod manifest;

/// Every file of a built site, keyed by its path relative to the output root
/// (`en/charleston/index.html`, `css/felt.css`).
///
/// An output made with [`Output::streaming`] (`build`'s extras, which may be
/// tens of thousands of practice sheets) holds no bytes: each file goes to
/// its [`Stream`] as it is inserted and only its path and content hash stay
/// ([`Output::streamed_hash`]); [`Output::get`] and [`Output::iter`] see
/// only the files held.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Output {
    /// Shared, so that `serve`'s served site and the layer a file came
    /// from hold one copy of it ([`Output::get_shared`]).
    files: BTreeMap<String, Arc<Vec<u8>>>,
    /// Files given to `stream`: path → content hash.
    streamed: BTreeMap<String, String>,
    stream: Option<Stream>,
}

/// Where an [`Output::streaming`] sends its files.
#[derive(Debug, Clone)]
pub enum Stream {
    /// Written into the staging folder as they are inserted.
    To(Arc<Staging>),
    /// Dropped (`check`: made for their errors).
    Nowhere,
}

impl PartialEq for Stream {
    fn eq(&self, other: &Stream) -> bool {
        match (self, other) {
            (Stream::To(a), Stream::To(b)) => Arc::ptr_eq(a, b),
            (Stream::Nowhere, Stream::Nowhere) => true,
            _ => false,
        }
    }
}

impl Eq for Stream {}

impl Output {
    pub fn new() -> Self {
        Self::default()
    }

    /// An output that sends each file to `stream` as it is inserted.
    pub fn streaming(stream: Stream) -> Self {
        Output {
            stream: Some(stream),
            ..Output::default()
        }
    }

    /// Stops streaming (drops its hold on the staging folder); what was
    /// streamed stays known by path and hash.
    pub fn end_stream(&mut self) {
        self.stream = None;
    }

    pub fn insert(&mut self, path: impl Into<String>, bytes: impl Into<Vec<u8>>) {
        let (path, bytes) = (path.into(), bytes.into());
        match &self.stream {
            Some(stream) => {
                let hash = match stream {
                    Stream::To(staging) => staging.write(&path, &bytes),
                    Stream::Nowhere => String::new(),
                };
                self.files.remove(&path);
                self.streamed.insert(path, hash);
            }
            None => {
                self.streamed.remove(&path);
                self.files.insert(path, Arc::new(bytes));
            }
        }
    }

    /// Records a file that is already where the stream writes (hard-linked
    /// into the staging folder from a previous build), with its content
    /// hash: known from then on as a streamed file is.
    pub fn insert_streamed(&mut self, path: impl Into<String>, hash: impl Into<String>) {
        let path = path.into();
        self.files.remove(&path);
        self.streamed.insert(path, hash.into());
    }

    /// The bytes of a file held (not of one streamed).
    pub fn get(&self, path: &str) -> Option<&[u8]> {
        self.files.get(path).map(|b| b.as_slice())
    }

    /// A file held, shared (to hold it in another output without a copy).
    pub fn get_shared(&self, path: &str) -> Option<&Arc<Vec<u8>>> {
        self.files.get(path)
    }

    /// Holds `bytes` at `path` (shared with the output they came from).
    pub fn insert_shared(&mut self, path: impl Into<String>, bytes: Arc<Vec<u8>>) {
        let path = path.into();
        self.streamed.remove(&path);
        self.files.insert(path, bytes);
    }

    /// The content hash of a file that was streamed.
    pub fn streamed_hash(&self, path: &str) -> Option<&str> {
        self.streamed.get(path).map(String::as_str)
    }

    pub fn contains(&self, path: &str) -> bool {
        self.files.contains_key(path) || self.streamed.contains_key(path)
    }

    /// Removes a file; its bytes, shared, when it was held (to move them
    /// to another output without a copy).
    pub fn remove(&mut self, path: &str) -> Option<Arc<Vec<u8>>> {
        self.streamed.remove(path);
        self.files.remove(path)
    }

    pub fn len(&self) -> usize {
        self.files.len() + self.streamed.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every file's path, held or streamed (each set in order).
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files
            .keys()
            .chain(self.streamed.keys())
            .map(String::as_str)
    }

    /// The files held, with their bytes.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.files.iter().map(|(k, v)| (k.as_str(), v.as_slice()))
    }

    /// The files held, by value.
    pub fn into_files(self) -> impl Iterator<Item = (String, Vec<u8>)> {
        self.files.into_iter().map(|(p, b)| (p, unshare(b)))
    }

    /// Total size in bytes of the files held.
    pub fn size(&self) -> usize {
        self.files.values().map(|b| b.len()).sum()
    }
}

/// The bytes of a shared file: moved out when nothing else holds them.
fn unshare(bytes: Arc<Vec<u8>>) -> Vec<u8> {
    Arc::try_unwrap(bytes).unwrap_or_else(|shared| shared.as_ref().clone())
}

/// Writes `output` to `dir`, replacing whatever was there, atomically, and
/// leaves [`guard::MARKER`] in it so the next build knows the folder is its
/// own. Callers check the folder with [`guard::check_target`] first.
pub fn write_atomically(output: &Output, dir: &Path) -> io::Result<()> {
    let staging = Staging::new(dir)?;
    write_tree(output, &staging.path)?;
    staging.commit().map(drop)
}

/// One file of a written site: its path relative to the output root, its
/// size and its content hash (16 hex digits, stable for the same bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRecord {
    pub path: String,
    pub len: u64,
    pub hash: String,
}

/// The content hash of [`FileRecord`]: FxHash 64 of the bytes (fast; a cache
/// key, not a security check).
pub fn content_hash(bytes: &[u8]) -> String {
    let mut h = rustc_hash::FxHasher::default();
    h.write(bytes);
    h.write_usize(bytes.len());
    format!("{:016x}", h.finish())
}

/// A file's modification time in nanoseconds since the Unix epoch (0 when
/// the platform has none): with its length, how [`manifest`] tells that a
/// file of the previous build is still the one it wrote.
pub fn modified_ns(meta: &std::fs::Metadata) -> u64 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A staging folder beside the output folder (`.<name>.new-<pid>`), written
/// file by file from any thread, then swapped in by [`Staging::commit`].
/// Dropped without a commit, it is removed: the output folder is untouched.
#[derive(Debug)]
pub struct Staging {
    /// The output folder it will replace.
    dir: PathBuf,
    path: PathBuf,
    /// Every file written or linked, with its modification time.
    records: Mutex<Vec<(FileRecord, u64)>>,
    /// The first write that failed (later writes are skipped).
    error: Mutex<Option<io::Error>>,
    committed: bool,
}

impl Staging {
    /// An empty staging folder for `dir`, holding [`guard::MARKER`].
    pub fn new(dir: &Path) -> io::Result<Staging> {
        let parent = match dir.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        std::fs::create_dir_all(&parent)?;
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| "public".into());
        let path = parent.join(format!(".{name}.new-{}", std::process::id()));
        if path.exists() {
            std::fs::remove_dir_all(&path)?;
        }
        std::fs::create_dir_all(&path)?;
        std::fs::write(path.join(guard::MARKER), guard::marker_text())?;
        Ok(Staging {
            dir: dir.to_path_buf(),
            path,
            records: Mutex::new(Vec::new()),
            error: Mutex::new(None),
            committed: false,
        })
    }

    /// Writes one file (its folders created as needed) and records it;
    /// returns its content hash. An error is kept for [`Staging::commit`];
    /// after one, writes are skipped.
    /// A file already there (an earlier layer's, or one linked from the
    /// previous build) is unlinked and created anew, never truncated.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> String {
        let hash = content_hash(bytes);
        if self.failed() {
            return hash;
        }
        let target = self.path.join(rel);
        match create_new(&target, bytes) {
            Ok(modified) => self.record(
                FileRecord {
                    path: rel.to_string(),
                    len: bytes.len() as u64,
                    hash: hash.clone(),
                },
                modified,
            ),
            Err(e) => self.fail(&target, e),
        }
        hash
    }

    /// Puts `from` (a file of the previous build, whose record is `record`)
    /// into the staging folder at `record.path`: a hard link, or a copy
    /// where links are not possible. The file is not read.
    pub fn link(&self, from: &Path, record: FileRecord) {
        if self.failed() {
            return;
        }
        let target = self.path.join(&record.path);
        let linked = make_parent(&target)
            .and_then(|()| match std::fs::remove_file(&target) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            })
            .and_then(|()| match std::fs::hard_link(from, &target) {
                Ok(()) => Ok(()),
                Err(_) => std::fs::copy(from, &target).map(drop),
            })
            .and_then(|()| std::fs::metadata(&target));
        match linked {
            Ok(meta) => self.record(record, modified_ns(&meta)),
            Err(e) => self.fail(&target, e),
        }
    }

    /// Writes a file of tilebook's own beside the site's (the manifest),
    /// not recorded as one of the site's files, through `write` (buffered:
    /// a large file is not held in memory whole).
    pub fn write_unrecorded(
        &self,
        rel: &str,
        write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>,
    ) {
        if self.failed() {
            return;
        }
        let target = self.path.join(rel);
        let written = create_new(&target, b"").and_then(|_| {
            let file = std::fs::OpenOptions::new().write(true).open(&target)?;
            let mut out = io::BufWriter::new(file);
            write(&mut out)?;
            io::Write::flush(&mut out)
        });
        if let Err(e) = written {
            self.fail(&target, e);
        }
    }

    /// Every file written so far, by path (of two records of one path, the
    /// later), with its modification time.
    pub fn records(&self) -> Vec<(FileRecord, u64)> {
        let mut records = self.records.lock().expect("staging lock").clone();
        // Stable: of two records of one path, the later write wins.
        records.reverse();
        records.sort_by(|a, b| a.0.path.cmp(&b.0.path));
        records.dedup_by(|later, kept| later.0.path == kept.0.path);
        records
    }

    fn failed(&self) -> bool {
        self.error.lock().expect("staging lock").is_some()
    }

    fn record(&self, record: FileRecord, modified: u64) {
        self.records
            .lock()
            .expect("staging lock")
            .push((record, modified));
    }

    fn fail(&self, target: &Path, e: io::Error) {
        let e = io::Error::new(e.kind(), format!("{}: {e}", target.display()));
        self.error.lock().expect("staging lock").get_or_insert(e);
    }

    /// Swaps the staging folder in for the output folder (the previous one
    /// is removed) and returns every file written, by path. A file written
    /// twice (a later layer over an earlier one) is recorded once, last.
    pub fn commit(mut self) -> io::Result<Vec<FileRecord>> {
        if let Some(e) = self.error.lock().expect("staging lock").take() {
            return Err(e);
        }
        let retired = self.path.with_file_name(
            self.path
                .file_name()
                .map(|n| n.to_string_lossy().replace(".new-", ".old-"))
                .unwrap_or_default(),
        );
        if self.dir.exists() {
            std::fs::rename(&self.dir, &retired)?;
        }
        if let Err(e) = std::fs::rename(&self.path, &self.dir) {
            // Put the previous site back before reporting.
            if retired.exists() {
                let _ = std::fs::rename(&retired, &self.dir);
            }
            return Err(e);
        }
        self.committed = true;
        if retired.exists() {
            std::fs::remove_dir_all(&retired)?;
        }
        let records = self.records().into_iter().map(|(r, _)| r).collect();
        Ok(records)
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

fn make_parent(target: &Path) -> io::Result<()> {
    match target.parent() {
        Some(parent) => std::fs::create_dir_all(parent),
        None => Ok(()),
    }
}

/// Writes `bytes` into a new file at `target` (its folders created as
/// needed; a file already there unlinked first, never truncated: it may be
/// a hard link to the previous build's), returning its modification time.
fn create_new(target: &Path, bytes: &[u8]) -> io::Result<u64> {
    use std::io::Write as _;
    make_parent(target)?;
    let open = || {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(target)
    };
    let mut file = match open() {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            std::fs::remove_file(target)?;
            open()?
        }
        other => other?,
    };
    file.write_all(bytes)?;
    Ok(modified_ns(&file.metadata()?))
}

fn write_tree(output: &Output, dir: &Path) -> io::Result<()> {
    let mut dirs: Vec<PathBuf> = output
        .paths()
        .filter_map(|p| Path::new(p).parent().map(|d| dir.join(d)))
        .collect();
    dirs.dedup();
    // One folder per page: create them in parallel too (`create_dir_all`
    // accepts a parent that another thread has just created).
    dirs.par_iter().try_for_each(std::fs::create_dir_all)?;
    output
        .files
        .par_iter()
        .try_for_each(|(path, bytes)| std::fs::write(dir.join(path), bytes.as_slice()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streaming_output_writes_as_it_goes_and_keeps_only_paths_and_hashes() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("public");
        let staging = Arc::new(Staging::new(&dir).unwrap());
        let mut out = Output::streaming(Stream::To(Arc::clone(&staging)));
        out.insert("en/practice/a/1/index.html", "sheet");
        out.insert("sitemap.xml", "first");
        out.insert("sitemap.xml", "second");
        assert!(out.contains("sitemap.xml"));
        assert_eq!(out.get("sitemap.xml"), None, "no bytes are held");
        assert_eq!(
            out.streamed_hash("sitemap.xml"),
            Some(content_hash(b"second").as_str())
        );
        assert_eq!(out.len(), 2);
        assert_eq!(
            out.paths().collect::<Vec<_>>(),
            ["en/practice/a/1/index.html", "sitemap.xml"]
        );
        out.end_stream();
        out.insert("held.txt", "kept");
        assert_eq!(out.get("held.txt"), Some(&b"kept"[..]));
        drop(out);
        let staging = Arc::into_inner(staging).expect("the output let go of it");
        let files = staging.commit().unwrap();
        let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["en/practice/a/1/index.html", "sitemap.xml"]);
        assert_eq!(std::fs::read(dir.join("sitemap.xml")).unwrap(), b"second");
    }

    #[test]
    fn a_discarding_output_keeps_no_bytes() {
        let mut out = Output::streaming(Stream::Nowhere);
        out.insert("a.html", "x");
        assert!(out.contains("a.html"));
        assert_eq!(out.get("a.html"), None);
        assert_eq!(out.size(), 0);
    }

    #[test]
    fn replaces_old_tree_and_drops_stale_files() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("public");
        let mut a = Output::new();
        a.insert("old.html", "old");
        a.insert("en/index.html", "1");
        write_atomically(&a, &dir).unwrap();
        let mut b = Output::new();
        b.insert("en/index.html", "2");
        write_atomically(&b, &dir).unwrap();
        assert!(!dir.join("old.html").exists());
        assert_eq!(
            std::fs::read_to_string(dir.join("en/index.html")).unwrap(),
            "2"
        );
        let leftovers: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
        assert!(dir.join(guard::MARKER).is_file());
    }
}
