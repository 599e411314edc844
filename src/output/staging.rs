//! The staging folder: where `build` writes the next output, file by file,
//! before [`Staging::commit`] swaps it in for the output folder.
//!
//! A build that may reuse (`Recycle::Yes`) keeps the folder it swapped out
//! beside the output as its *spare* (`.<name>.spare`) and the next build
//! writes into that spare instead of an empty folder: a file already there
//! with the bytes to write, or the very file (same inode) to link from the
//! previous output, is left as it is, and whatever the build did not write
//! is pruned before the swap. A rebuild then costs what changed, not the
//! whole tree's links and removals.
//!
//! Invariants:
//! - the staging folder never writes through a file: a file to replace is
//!   unlinked and created anew (it may be a hard link to the output's), so
//!   nothing in the output folder changes before the swap;
//! - nothing in a spare is trusted: a file is kept only if its bytes are
//!   the ones to write, or it *is* the output's file to link; everything
//!   else is replaced or pruned, so a recycled build's folder is byte for
//!   byte the folder an empty staging folder would have become;
//! - links are queued and made together, in parallel, before the records
//!   are read or the folder is committed; of a link and a write of one
//!   path, the later wins, as if each were made when asked for;
//! - the swap is one `renameat2(RENAME_EXCHANGE)` where the file system has
//!   it (two renames otherwise, the old folder put back if the second
//!   fails).

use std::collections::{HashMap, HashSet};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{FileRecord, content_hash, guard, modified_ns};

/// Where a file of the staging folder is: its modification time
/// (nanoseconds since the Unix epoch) and inode (0 where there is none).
/// With its length, how the next build tells that the file is still the one
/// written ([`super::manifest::Previous::unchanged`]) and, when it links it,
/// that a spare's file is that very file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub modified: u64,
    pub ino: u64,
}

impl Written {
    pub fn of(meta: &std::fs::Metadata) -> Written {
        Written {
            modified: modified_ns(meta),
            ino: inode(meta),
        }
    }
}

/// A link asked for ([`Staging::link`]), not made yet.
#[derive(Debug)]
struct Pending {
    from: PathBuf,
    record: FileRecord,
    known: Option<Written>,
}

/// Whether a [`Staging`] recycles the spare folder and leaves one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recycle {
    /// Start from the spare if there is one; keep the swapped-out folder as
    /// the next spare (`build`).
    Yes,
    /// Start from an empty folder and remove the swapped-out one (`build
    /// --no-reuse`, [`super::write_atomically`]): a cold build.
    No,
}

/// A staging folder beside the output folder (`.<name>.new-<pid>`), written
/// file by file from any thread, then swapped in by [`Staging::commit`].
/// Dropped without a commit, the output folder is untouched; the staging
/// folder is removed, or kept as the spare ([`Recycle::Yes`]).
#[derive(Debug)]
pub struct Staging {
    /// The output folder it will replace.
    dir: PathBuf,
    path: PathBuf,
    recycle: Recycle,
    /// It started as the spare: files may be there already.
    recycled: bool,
    /// Every file written or linked, with where it is.
    records: Mutex<Vec<(FileRecord, Written)>>,
    /// tilebook's own files in it (the marker, the manifest): not the
    /// site's, never pruned.
    own: Mutex<Vec<String>>,
    /// Links asked for and not made yet, by path ([`Staging::link`]):
    /// made all at once, in parallel, by [`Staging::settle`].
    pending: Mutex<HashMap<String, Pending>>,
    /// The first write that failed (later writes are skipped).
    error: Mutex<Option<io::Error>>,
    /// What a recycled folder held when claimed, listed in the background
    /// while the build runs (the commit prunes what the build did not write).
    inventory: Option<Inventory>,
    committed: bool,
}

impl Staging {
    /// An empty staging folder for `dir`, holding [`guard::MARKER`].
    pub fn new(dir: &Path) -> io::Result<Staging> {
        Staging::open(dir, Recycle::No)
    }

    /// A staging folder for `dir`: the spare when `recycle` says so and
    /// there is one tilebook wrote, an empty folder otherwise.
    pub fn open(dir: &Path, recycle: Recycle) -> io::Result<Staging> {
        let path = sibling(dir, &format!("new-{}", std::process::id()));
        make_parent(&path)?;
        if path.exists() {
            std::fs::remove_dir_all(&path)?;
        }
        let recycled = recycle == Recycle::Yes && claim_spare(dir, &path);
        let inventory = recycled.then(|| Inventory::start(&path));
        if !recycled {
            std::fs::create_dir_all(&path)?;
        }
        let marker = path.join(guard::MARKER);
        let text = guard::marker_text();
        if std::fs::read(&marker).ok().as_deref() != Some(text.as_bytes()) {
            // A spare of another version says so: created anew.
            create_new(&marker, text.as_bytes())?;
        }
        Ok(Staging {
            dir: dir.to_path_buf(),
            path,
            recycle,
            recycled,
            records: Mutex::new(Vec::new()),
            own: Mutex::new(vec![guard::MARKER.to_string()]),
            pending: Mutex::new(HashMap::new()),
            error: Mutex::new(None),
            inventory,
            committed: false,
        })
    }

    /// Where the files go (until the commit).
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Writes one file (its folders created as needed) and records it;
    /// returns its content hash. An error is kept for [`Staging::commit`];
    /// after one, writes are skipped.
    /// A file already there with these very bytes (the spare's) is kept;
    /// any other is unlinked and created anew, never truncated.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> String {
        let hash = content_hash(bytes);
        if self.failed() {
            return hash;
        }
        // A later write of a path wins over an earlier link.
        self.unqueue(rel);
        let target = self.path.join(rel);
        let record = FileRecord {
            path: rel.to_string(),
            len: bytes.len() as u64,
            hash: hash.clone(),
        };
        if let Some(written) = self.holds_bytes(&target, bytes) {
            self.record(record, written);
            return hash;
        }
        let created = create_new(&target, bytes).or_else(|e| {
            self.make_room(&target, e)?;
            create_new(&target, bytes)
        });
        match created {
            Ok(written) => self.record(record, written),
            Err(e) => self.fail(&target, e),
        }
        hash
    }

    /// Puts `from` (a file of the previous build, whose record is `record`
    /// and which is at `known`, when its manifest says: verified by the
    /// caller) into the staging folder at `record.path`: a hard link, or a
    /// copy where links are not possible. The file is not read. A spare's
    /// file that is `from` itself (a link to the same inode) is kept.
    ///
    /// The link is made later, with every other one, in parallel
    /// (`Staging::settle`, before the records are read or the folder is
    /// committed): a rebuild links tens of thousands of files, most of
    /// them from one thread (the extras'). Of a link and a write of one
    /// path, the later wins, as if the link were made now.
    pub fn link(&self, from: &Path, record: FileRecord, known: Option<Written>) {
        let from = from.to_path_buf();
        let pending = Pending {
            from,
            record,
            known,
        };
        crate::stdx::lock(&self.pending).insert(pending.record.path.clone(), pending);
    }

    /// Forgets a link asked for at `rel` and not made yet (a file written
    /// over it or removed from the staging folder stays so).
    pub(super) fn unqueue(&self, rel: &str) {
        crate::stdx::lock(&self.pending).remove(rel);
    }

    /// Makes every link asked for so far, in parallel.
    fn settle(&self) {
        use rayon::prelude::*;
        let pending: Vec<Pending> = std::mem::take(&mut *crate::stdx::lock(&self.pending))
            .into_values()
            .collect();
        pending
            .into_par_iter()
            .for_each(|p| self.link_now(&p.from, p.record, p.known));
    }

    /// [`Staging::link`], now.
    fn link_now(&self, from: &Path, record: FileRecord, known: Option<Written>) {
        if self.failed() {
            return;
        }
        let target = self.path.join(&record.path);
        if let Some(written) = self.holds_link(&target, from, known) {
            self.record(record, written);
            return;
        }
        match self.link_anew(from, &target, known) {
            Ok(written) => self.record(record, written),
            Err(e) => self.fail(&target, e),
        }
    }

    /// Links `from` at `target`, making room (its folders, or what is there
    /// already) only when the first try says so: most targets are new
    /// files in folders that exist.
    fn link_anew(&self, from: &Path, target: &Path, known: Option<Written>) -> io::Result<Written> {
        let linked = match std::fs::hard_link(from, target) {
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) && from.exists() =>
            {
                make_parent(target).or_else(|e| self.make_room(target, e))?;
                std::fs::hard_link(from, target)
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                self.unlink(target)?;
                std::fs::hard_link(from, target)
            }
            other => other,
        };
        match (linked, known) {
            // One inode: where `from` is, the link is.
            (Ok(()), Some(written)) => Ok(written),
            (Ok(()), None) => Ok(Written::of(&std::fs::metadata(target)?)),
            (Err(_), _) => {
                make_parent(target).or_else(|e| self.make_room(target, e))?;
                self.unlink(target)?;
                std::fs::copy(from, target)?;
                Ok(Written::of(&std::fs::metadata(target)?))
            }
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
        crate::stdx::lock(&self.own).push(rel.to_string());
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
    /// later), with where it is.
    pub fn records(&self) -> Vec<(FileRecord, Written)> {
        self.settle();
        let mut records = crate::stdx::lock(&self.records).clone();
        // Stable: of two records of one path, the later write wins.
        records.reverse();
        records.sort_by(|a, b| a.0.path.cmp(&b.0.path));
        records.dedup_by(|later, kept| later.0.path == kept.0.path);
        records
    }

    /// A file at `target` whose bytes are `bytes` (only a recycled folder
    /// has files it did not write).
    fn holds_bytes(&self, target: &Path, bytes: &[u8]) -> Option<Written> {
        if !self.recycled {
            return None;
        }
        let meta = std::fs::symlink_metadata(target).ok()?;
        if !meta.is_file() || meta.len() != bytes.len() as u64 {
            return None;
        }
        (std::fs::read(target).ok()? == bytes).then(|| Written::of(&meta))
    }

    /// The file at `target`, when it is `from` itself (one inode: `known`'s,
    /// or `from`'s).
    fn holds_link(&self, target: &Path, from: &Path, known: Option<Written>) -> Option<Written> {
        if !self.recycled {
            return None;
        }
        let meta = std::fs::symlink_metadata(target).ok()?;
        let same = match known {
            Some(known) => inode(&meta) == known.ino,
            None => same_file(&meta, &std::fs::metadata(from).ok()?),
        };
        (meta.is_file() && same).then(|| Written::of(&meta))
    }

    /// Removes what is at `target` (a folder only in a recycled folder: a
    /// spare's folder where this build has a file).
    fn unlink(&self, target: &Path) -> io::Result<()> {
        match std::fs::symlink_metadata(target) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Ok(meta) if meta.is_dir() && self.recycled => std::fs::remove_dir_all(target),
            _ => std::fs::remove_file(target),
        }
    }

    /// After `e`, a failure to create `target` in a recycled folder: clears
    /// what the spare has in its way (a file where a folder must be, or a
    /// folder where the file must be) and creates its parent. `Err(e)` when
    /// nothing was in the way.
    fn make_room(&self, target: &Path, e: io::Error) -> io::Result<()> {
        let inside = target.strip_prefix(&self.path).ok();
        if !self.recycled || inside.is_none() {
            return Err(e);
        }
        let mut cleared = false;
        let mut at = self.path.clone();
        for part in inside.into_iter().flat_map(Path::components) {
            at.push(part);
            let Ok(meta) = std::fs::symlink_metadata(&at) else {
                break;
            };
            if at == target && meta.is_dir() {
                std::fs::remove_dir_all(&at)?;
                cleared = true;
            } else if at != target && !meta.is_dir() {
                std::fs::remove_file(&at)?;
                cleared = true;
                break;
            }
        }
        if !cleared {
            return Err(e);
        }
        make_parent(target)
    }

    fn failed(&self) -> bool {
        crate::stdx::lock(&self.error).is_some()
    }

    fn record(&self, record: FileRecord, written: Written) {
        crate::stdx::lock(&self.records).push((record, written));
    }

    fn fail(&self, target: &Path, e: io::Error) {
        let e = io::Error::new(e.kind(), format!("{}: {e}", target.display()));
        crate::stdx::lock(&self.error).get_or_insert(e);
    }

    /// Swaps the staging folder in for the output folder and returns every
    /// file written, by path. A file written twice (a later layer over an
    /// earlier one) is recorded once, last. A recycled folder is first
    /// pruned of every file this build did not write. The folder swapped
    /// out becomes the spare ([`Recycle::Yes`]) or is removed.
    pub fn commit(mut self) -> io::Result<Vec<FileRecord>> {
        self.settle();
        if let Some(e) = crate::stdx::lock(&self.error).take() {
            return Err(e);
        }
        let records: Vec<FileRecord> = self.records().into_iter().map(|(r, _)| r).collect();
        if let Some(inventory) = self.inventory.take() {
            let own = crate::stdx::lock(&self.own).clone();
            prune(&self.path, inventory.finish()?, &records, &own)?;
        }
        let swapped_out = swap_in(&self.path, &self.dir)?;
        self.committed = true;
        if let Some(old) = swapped_out {
            self.retire(&old)?;
        }
        Ok(records)
    }

    /// Keeps `old` (a folder this build no longer needs) as the spare, or
    /// removes it.
    fn retire(&self, old: &Path) -> io::Result<()> {
        let spare = sibling(&self.dir, "spare");
        if self.recycle == Recycle::Yes && !spare.exists() && std::fs::rename(old, &spare).is_ok() {
            ignore_for_git(&spare);
            return Ok(());
        }
        std::fs::remove_dir_all(old)
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        if let Some(inventory) = self.inventory.take() {
            inventory.cancel();
        }
        // Nothing in a spare is trusted, so any staging folder is a spare
        // as good as an empty one: a failed build (or one that wrote
        // nothing) leaves it for the next ([`Recycle::Yes`]).
        let _ = self.retire(&self.path.clone());
    }
}

/// `<parent>/.<name>.<suffix>` for the output folder `<parent>/<name>`.
fn sibling(dir: &Path, suffix: &str) -> PathBuf {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "public".into());
    let file = format!(".{name}.{suffix}");
    match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.join(file),
        _ => PathBuf::from(file),
    }
}

/// Moves the spare of `dir` to `path` (an atomic rename: of two builds at
/// once, one gets it) when it is a real folder tilebook wrote.
fn claim_spare(dir: &Path, path: &Path) -> bool {
    let spare = sibling(dir, "spare");
    let is_folder = std::fs::symlink_metadata(&spare).is_ok_and(|m| m.is_dir());
    if !is_folder || !spare.join(guard::MARKER).is_file() {
        return false;
    }
    if std::fs::rename(&spare, path).is_err() {
        return false;
    }
    if path.join(guard::MARKER).is_file() {
        return true;
    }
    // Replaced between the look and the rename: not ours to fill.
    let _ = std::fs::remove_dir_all(path);
    false
}

/// The files and folders of a recycled staging folder as it was claimed
/// (paths relative to it, `/`-separated, each with whether it is a
/// folder), listed by a thread of its own.
#[derive(Debug)]
struct Inventory {
    cancelled: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: std::thread::JoinHandle<io::Result<Vec<(String, bool)>>>,
}

impl Inventory {
    fn start(root: &Path) -> Inventory {
        let cancelled = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (root, flag) = (root.to_path_buf(), std::sync::Arc::clone(&cancelled));
        let thread = std::thread::spawn(move || {
            let mut found = Vec::new();
            list(&root, "", &flag, &mut found)?;
            Ok(found)
        });
        Inventory { cancelled, thread }
    }

    fn finish(self) -> io::Result<Vec<(String, bool)>> {
        self.thread
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("listing the spare folder panicked")))
    }

    fn cancel(self) {
        self.cancelled
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let _ = self.thread.join();
    }
}

/// Lists `dir` (at `rel` in the staging folder) depth first, folders after
/// what they hold. An entry that goes away while it is listed (the build
/// replaced it) is skipped: the build recorded what replaced it.
fn list(
    dir: &Path,
    rel: &str,
    cancelled: &std::sync::atomic::AtomicBool,
    found: &mut Vec<(String, bool)>,
) -> io::Result<()> {
    if cancelled.load(std::sync::atomic::Ordering::Relaxed) {
        return Ok(());
    }
    let entries = match std::fs::read_dir(dir) {
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            return Ok(());
        }
        other => other?,
    };
    for entry in entries {
        let Ok(entry) = entry else { continue };
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let path = match rel {
            "" => name.to_string(),
            _ => format!("{rel}/{name}"),
        };
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if is_dir {
            list(&entry.path(), &path, cancelled, found)?;
        }
        found.push((path, is_dir));
    }
    Ok(())
}

/// Removes from `path` every file of `inventory` that is not in `records`
/// nor `own`, then every folder that holds none of them (deepest first:
/// the inventory lists a folder after what it holds).
fn prune(
    path: &Path,
    inventory: Vec<(String, bool)>,
    records: &[FileRecord],
    own: &[String],
) -> io::Result<()> {
    let keep: HashSet<&str> = records
        .iter()
        .map(|r| r.path.as_str())
        .chain(own.iter().map(String::as_str))
        .collect();
    let folders: HashSet<&str> = keep
        .iter()
        .flat_map(|p| p.match_indices('/').map(|(i, _)| &p[..i]))
        .collect();
    for (rel, was_dir) in &inventory {
        let needed = match was_dir {
            true => folders.contains(rel.as_str()),
            false => keep.contains(rel.as_str()),
        };
        if needed {
            continue;
        }
        // What is there now: the build may have put a file where the spare
        // had a folder, or the reverse (`make_room`), and kept it.
        let at = path.join(rel);
        match std::fs::symlink_metadata(&at) {
            Ok(meta)
                if meta.is_dir()
                    && !keep.contains(rel.as_str())
                    && !folders.contains(rel.as_str()) =>
            {
                std::fs::remove_dir(&at)?;
            }
            Ok(meta) if !meta.is_dir() && !keep.contains(rel.as_str()) => {
                std::fs::remove_file(&at)?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Puts `staged` in place of `dir`; returns where the previous `dir` went
/// (now `staged`'s path), if there was one.
fn swap_in(staged: &Path, dir: &Path) -> io::Result<Option<PathBuf>> {
    if !dir.exists() {
        std::fs::rename(staged, dir)?;
        return Ok(None);
    }
    if exchange(staged, dir).is_ok() {
        return Ok(Some(staged.to_path_buf()));
    }
    let retired = sibling(dir, &format!("old-{}", std::process::id()));
    std::fs::rename(dir, &retired)?;
    if let Err(e) = std::fs::rename(staged, dir) {
        // Put the previous site back before reporting.
        let _ = std::fs::rename(&retired, dir);
        return Err(e);
    }
    Ok(Some(retired))
}

/// Swaps two folders in one step (Linux's `renameat2(RENAME_EXCHANGE)`).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| CString::new(p.as_os_str().as_bytes()).map_err(io::Error::other);
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both are NUL-terminated paths that live across the call.
    let rc = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

#[cfg(unix)]
fn inode(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(meta)
}

#[cfg(not(unix))]
fn inode(_: &std::fs::Metadata) -> u64 {
    0
}

/// A `.gitignore` that hides the spare from `git status` (the next build
/// prunes it: it is not one of the site's files).
fn ignore_for_git(spare: &Path) {
    let file = spare.join(".gitignore");
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::write(
        file,
        "# tilebook's spare output folder (the next build recycles it)\n*\n",
    );
}

fn make_parent(target: &Path) -> io::Result<()> {
    match target.parent() {
        Some(parent) => std::fs::create_dir_all(parent),
        None => Ok(()),
    }
}

/// Writes `bytes` into a new file at `target` (its folders created as
/// needed; a file already there unlinked first, never truncated: it may be
/// a hard link to the previous build's), returning where it is.
fn create_new(target: &Path, bytes: &[u8]) -> io::Result<Written> {
    use std::io::Write as _;
    let open = || {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(target)
    };
    // Tried first: most files are new, in folders that exist.
    let mut file = match open() {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            make_parent(target)?;
            open()?
        }
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            std::fs::remove_file(target)?;
            open()?
        }
        other => other?,
    };
    file.write_all(bytes)?;
    Ok(Written::of(&file.metadata()?))
}

#[cfg(test)]
mod tests;
