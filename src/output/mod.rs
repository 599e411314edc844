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
//! [`served`] is `serve`'s own folder (`.public.serve/site`): full builds
//! through a [`Staging`] of it, later files replaced one at a time.
//!
//! Invariant: the staging folder never writes through a file it shares with
//! the previous output. [`Staging::write`] creates a new file (an existing
//! one, which may be a hard link to the previous build's, is unlinked
//! first, never truncated), so a failed build leaves every byte of the
//! previous output as it was.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

pub mod file;
pub mod guard;
pub mod manifest;
pub mod served;
mod staging;

pub use served::ServedFolder;
pub use staging::{Recycle, Staging, Written};

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
    /// Written into the sink as they are inserted.
    To(Arc<Sink>),
    /// Dropped (`check`: made for their errors).
    Nowhere,
}

/// Where a build streams its files as it makes them: a staging folder
/// (`build`), or memory (`site::build`, the library's in-memory build,
/// which takes the same path as `build` but for this).
#[derive(Debug)]
pub enum Sink {
    Folder(Staging),
    Memory(std::sync::Mutex<Output>),
}

impl Sink {
    /// A sink that keeps the files in memory ([`Sink::into_output`]).
    pub fn memory() -> Sink {
        Sink::Memory(std::sync::Mutex::new(Output::new()))
    }

    /// Writes (or keeps) one file; returns its content hash. A later
    /// write of a path wins.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> String {
        match self {
            Sink::Folder(staging) => staging.write(rel, bytes),
            Sink::Memory(files) => {
                crate::stdx::lock(files).insert(rel, bytes);
                content_hash(bytes)
            }
        }
    }

    /// The staging folder, when the files go into one.
    pub fn folder(&self) -> Option<&Staging> {
        match self {
            Sink::Folder(staging) => Some(staging),
            Sink::Memory(_) => None,
        }
    }

    /// The files kept in memory (none for a staging folder).
    pub fn into_output(self) -> Output {
        match self {
            Sink::Folder(_) => Output::new(),
            Sink::Memory(files) => files.into_inner().unwrap_or_else(|e| e.into_inner()),
        }
    }
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
                    Stream::To(sink) => sink.write(&path, &bytes),
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

    /// Moves the file at `path`, held or streamed, into `to`; false when
    /// there is none.
    pub fn move_to(&mut self, path: &str, to: &mut Output) -> bool {
        if let Some(bytes) = self.files.remove(path) {
            to.insert_shared(path, bytes);
        } else if let Some(hash) = self.streamed.remove(path) {
            to.insert_streamed(path, hash);
        } else {
            return false;
        }
        true
    }

    /// The content hash of the file at `path`, held (hashed now) or streamed.
    pub fn hash_of(&self, path: &str) -> Option<String> {
        match self.files.get(path) {
            Some(bytes) => Some(content_hash(bytes)),
            None => self.streamed.get(path).cloned(),
        }
    }

    /// Lets go of the bytes of each file held that `on_disk` (path, content
    /// hash) says is written already: known from then on by path and hash
    /// only, as a streamed file is (`serve`, once a rebuild is published).
    pub fn forget_written(&mut self, on_disk: impl Fn(&str, &str) -> bool) {
        let written: Vec<(String, String)> = (self.files.iter())
            .map(|(p, b)| (p, content_hash(b)))
            .filter(|(p, h)| on_disk(p, h))
            .map(|(p, h)| (p.clone(), h))
            .collect();
        for (path, hash) in written {
            self.files.remove(&path);
            self.streamed.insert(path, hash);
        }
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
    write_tree(output, staging.path())?;
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

/// The content hash of [`FileRecord`] (defined in `hash`).
pub use crate::hash::content_hash;

/// A file's modification time in nanoseconds since the Unix epoch (0 when
/// the platform has none): with its length, how [`manifest`] tells that a
/// file of the previous build is still the one it wrote.
pub fn modified_ns(meta: &std::fs::Metadata) -> u64 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as u64)
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
        let sink = Arc::new(Sink::Folder(Staging::new(&dir).unwrap()));
        let mut out = Output::streaming(Stream::To(Arc::clone(&sink)));
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
        let Sink::Folder(staging) = Arc::into_inner(sink).expect("the output let go of it") else {
            unreachable!("a folder sink")
        };
        let files = staging.commit().unwrap();
        let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["en/practice/a/1/index.html", "sitemap.xml"]);
        assert_eq!(std::fs::read(dir.join("sitemap.xml")).unwrap(), b"second");
    }

    #[test]
    fn a_memory_sink_keeps_what_is_streamed_into_it() {
        let sink = Arc::new(Sink::memory());
        let mut out = Output::streaming(Stream::To(Arc::clone(&sink)));
        out.insert("sitemap.xml", "first");
        out.insert("sitemap.xml", "second");
        assert_eq!(
            sink.write("a.html", b"a"),
            content_hash(b"a"),
            "a write says its hash"
        );
        assert_eq!(
            out.get("sitemap.xml"),
            None,
            "the streaming output holds none"
        );
        drop(out);
        let files = Arc::into_inner(sink).unwrap().into_output();
        assert_eq!(files.get("sitemap.xml"), Some(&b"second"[..]));
        assert_eq!(files.paths().collect::<Vec<_>>(), ["a.html", "sitemap.xml"]);
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
