//! `serve`'s output folder, `<root>/.public.serve/site`: the only place
//! `serve` writes. A full (re)build goes in through a [`Staging`] folder
//! swapped in at once ([`ServedFolder::staging`]); a later rebuild replaces
//! each changed file atomically (a temporary file renamed over it,
//! [`ServedFolder::replace`]), so a request reads a file either as it was
//! or as it is, never half-written.
//!
//! The folder is hidden and named apart from the build's `public/`, so that
//! its pages, whose links point at the local server, are never deployed by
//! mistake; `.public.serve/` holds a `.gitignore` of `*`. It goes through
//! the build's own check ([`guard::check_target`]: not in or over the
//! sources, tilebook's own or empty), and one server at a time holds it (a
//! lock file beside it).

use std::io;
use std::path::{Component, Path, PathBuf};

use super::{Recycle, Staging, guard};

/// The folder of the site root that holds `serve`'s site (and its
/// staging and spare folders, and the lock).
pub const SERVE_DIR: &str = ".public.serve";
/// The served site, inside [`SERVE_DIR`].
const SITE: &str = "site";
const LOCK: &str = "lock";

/// `serve`'s output folder, held (locked) for as long as this lives.
#[derive(Debug)]
pub struct ServedFolder {
    dir: PathBuf,
    /// Locked (`flock`) while the server runs; released when it ends.
    _lock: std::fs::File,
}

/// Why `serve` cannot use its folder.
#[derive(Debug)]
pub enum FolderError {
    /// The build's check refused it (in the sources, not tilebook's, …).
    Refused(guard::Refusal),
    /// Another server holds it.
    Busy(PathBuf),
    Io(PathBuf, io::Error),
}

impl std::fmt::Display for FolderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FolderError::Refused(r) => write!(f, "{r}"),
            FolderError::Busy(dir) => write!(
                f,
                "{}: error: another `tilebook serve` is serving this site from this folder; stop it first",
                dir.display()
            ),
            FolderError::Io(dir, e) => write!(f, "{}: error: {e}", dir.display()),
        }
    }
}

impl std::error::Error for FolderError {}

impl ServedFolder {
    /// Checks, creates and locks the serve folder of the site at `root`.
    pub fn open(root: &Path) -> Result<ServedFolder, FolderError> {
        let parent = root.join(SERVE_DIR);
        let dir = parent.join(SITE);
        // Before anything is created: a `.public.serve` that leads into
        // the sources is refused with every byte left as it was.
        guard::check_target(&dir, root, false).map_err(FolderError::Refused)?;
        let io_err = |e| FolderError::Io(parent.clone(), e);
        std::fs::create_dir_all(&parent).map_err(io_err)?;
        let ignore = parent.join(".gitignore");
        if !ignore.is_file() {
            let text = "# tilebook serve's site (links to the local server): never deployed\n*\n";
            std::fs::write(&ignore, text).map_err(io_err)?;
        }
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(parent.join(LOCK))
            .map_err(io_err)?;
        if !try_lock(&lock) {
            return Err(FolderError::Busy(parent));
        }
        remove_stale_staging(&parent);
        Ok(ServedFolder { dir, _lock: lock })
    }

    /// The folder the site is served from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A staging folder for a full (re)build (the spare of the last one
    /// recycled), swapped in by [`Staging::commit`].
    pub fn staging(&self) -> io::Result<Staging> {
        Staging::open(&self.dir, Recycle::Yes)
    }

    /// Writes `rel` atomically: a temporary file beside it, renamed over it.
    pub fn replace(&self, rel: &str, bytes: &[u8]) -> io::Result<()> {
        let target = self.dir.join(checked(rel)?);
        let parent = target.parent().unwrap_or(&self.dir);
        std::fs::create_dir_all(parent)?;
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        let tmp = parent.join(format!(".{name}.tilebook-{}", std::process::id()));
        std::fs::write(&tmp, bytes)?;
        std::fs::rename(&tmp, &target).inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
    }

    /// Removes `rel` (gone already: fine), and the folders it leaves empty.
    pub fn remove(&self, rel: &str) -> io::Result<()> {
        remove_in(&self.dir, rel)
    }
}

/// Sets `rel` in a staging folder not committed yet: written, or removed
/// (`None`).
pub fn patch_staging(staging: &Staging, rel: &str, bytes: Option<&[u8]>) -> io::Result<()> {
    match bytes {
        Some(bytes) => {
            staging.write(rel, bytes);
            Ok(())
        }
        None => {
            staging.unqueue(rel);
            remove_in(staging.path(), rel)
        }
    }
}

fn remove_in(dir: &Path, rel: &str) -> io::Result<()> {
    let target = dir.join(checked(rel)?);
    match std::fs::remove_file(&target) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    let mut at = target.parent();
    while let Some(folder) = at.filter(|f| *f != dir) {
        if std::fs::remove_dir(folder).is_err() {
            break;
        }
        at = folder.parent();
    }
    Ok(())
}

/// Removes the staging folders (`.site.new-<pid>`) a server that was
/// stopped in the middle of a full build left: with the lock held, no other
/// server is writing one.
fn remove_stale_staging(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let prefix = format!(".{SITE}.new-");
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// `rel` when it is a plain relative path (an output path always is).
fn checked(rel: &str) -> io::Result<&Path> {
    let path = Path::new(rel);
    if path.components().all(|c| matches!(c, Component::Normal(_))) {
        Ok(path)
    } else {
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("not a path inside the site: {rel:?}"),
        ))
    }
}

/// Takes an exclusive lock on `file` without waiting; false when another
/// process holds it.
fn try_lock(file: &std::fs::File) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: flock on a file descriptor this process owns; it takes no
        // pointers.
        unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) == 0 }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_removes_files_atomically() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = ServedFolder::open(tmp.path()).unwrap();
        folder.replace("en/a/index.html", b"one").unwrap();
        let file = folder.dir().join("en/a/index.html");
        assert_eq!(std::fs::read(&file).unwrap(), b"one");
        folder.replace("en/a/index.html", b"two").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(file.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["index.html"], "no temporary file is left");
        folder.remove("en/a/index.html").unwrap();
        assert!(!folder.dir().join("en").exists(), "empty folders go too");
        folder.remove("en/a/index.html").unwrap();
        assert!(folder.replace("../x", b"no").is_err());
        assert!(folder.remove("/etc/passwd").is_err());
    }

    #[test]
    fn one_server_at_a_time_and_never_tracked_by_git() {
        let tmp = tempfile::tempdir().unwrap();
        let first = ServedFolder::open(tmp.path()).unwrap();
        let second = ServedFolder::open(tmp.path());
        assert!(matches!(second, Err(FolderError::Busy(_))), "{second:?}");
        drop(first);
        let stale = tmp.path().join(SERVE_DIR).join(".site.new-1");
        std::fs::create_dir_all(stale.join("en")).unwrap();
        ServedFolder::open(tmp.path()).unwrap();
        assert!(
            !stale.exists(),
            "a stopped server's staging folder is removed"
        );
        let ignore = std::fs::read_to_string(tmp.path().join(SERVE_DIR).join(".gitignore"));
        assert_eq!(ignore.unwrap().lines().last(), Some("*"));
    }

    #[test]
    fn refused_in_the_sources_and_when_foreign() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join("content/en")).unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.join("content/en"), root.join(SERVE_DIR)).unwrap();
            let refused = ServedFolder::open(root);
            assert!(
                matches!(
                    refused,
                    Err(FolderError::Refused(guard::Refusal::InsideSources { .. }))
                ),
                "{refused:?}"
            );
            let left: Vec<_> = std::fs::read_dir(root.join("content/en"))
                .unwrap()
                .collect();
            assert!(left.is_empty(), "nothing written into the sources");
            std::fs::remove_file(root.join(SERVE_DIR)).unwrap();
        }
        std::fs::create_dir_all(root.join(SERVE_DIR).join(SITE)).unwrap();
        std::fs::write(root.join(SERVE_DIR).join(SITE).join("notes.txt"), "mine").unwrap();
        let refused = ServedFolder::open(root);
        assert!(
            matches!(
                refused,
                Err(FolderError::Refused(guard::Refusal::Foreign { .. }))
            ),
            "{refused:?}"
        );
    }
}
