//! Output: the in-memory site ([`Output`]) and the only code that writes it
//! to disk. Writing is atomic at the directory level: the new tree is written
//! beside the old one and swapped in by rename, so a failed or interrupted
//! build never leaves a half-written `public/`, and files of earlier builds
//! that no longer exist are gone. [`guard`] decides, before anything is
//! written, whether a folder may be replaced at all.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

pub mod guard;

/// Every file of a built site, keyed by its path relative to the output root
/// (`en/charleston/index.html`, `css/felt.css`).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Output {
    files: BTreeMap<String, Vec<u8>>,
}

impl Output {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn insert(&mut self, path: impl Into<String>, bytes: impl Into<Vec<u8>>) {
        self.files.insert(path.into(), bytes.into());
    }

    pub fn get(&self, path: &str) -> Option<&[u8]> {
        self.files.get(path).map(Vec::as_slice)
    }

    pub fn contains(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    pub fn remove(&mut self, path: &str) -> Option<Vec<u8>> {
        self.files.remove(path)
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.files.iter().map(|(k, v)| (k.as_str(), v.as_slice()))
    }

    /// Total size in bytes.
    pub fn size(&self) -> usize {
        self.files.values().map(Vec::len).sum()
    }
}

/// Writes `output` to `dir`, replacing whatever was there, atomically, and
/// leaves [`guard::MARKER`] in it so the next build knows the folder is its
/// own. Callers check the folder with [`guard::check_target`] first.
pub fn write_atomically(output: &Output, dir: &Path) -> io::Result<()> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)?;
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "public".into());
    let staging = parent.join(format!(".{name}.new-{}", std::process::id()));
    let retired = parent.join(format!(".{name}.old-{}", std::process::id()));
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
    }
    if let Err(e) = write_tree(output, &staging) {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e);
    }
    if dir.exists() {
        std::fs::rename(dir, &retired)?;
    }
    if let Err(e) = std::fs::rename(&staging, dir) {
        // Put the previous site back before reporting.
        if retired.exists() {
            let _ = std::fs::rename(&retired, dir);
        }
        return Err(e);
    }
    if retired.exists() {
        std::fs::remove_dir_all(&retired)?;
    }
    Ok(())
}

fn write_tree(output: &Output, dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join(guard::MARKER), guard::marker_text())?;
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
        .try_for_each(|(path, bytes)| std::fs::write(dir.join(path), bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

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
