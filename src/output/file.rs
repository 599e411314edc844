//! One output file written atomically (`tilebook export`): its bytes go to a temporary file beside it, which then takes its name; an existing file is replaced only when forced, and a refusal writes nothing.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a file was not written.
#[derive(Debug)]
pub enum FileError {
    /// It exists and replacing it was not asked for.
    Exists(PathBuf),
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Exists(p) => write!(
                f,
                "{}: error: the file exists; pass --force to replace it",
                p.display()
            ),
            FileError::Io(p, e) => write!(f, "{}: error: cannot write: {e}", p.display()),
        }
    }
}

/// Refuses `path` if it exists (unless `force`) or is a folder: checked
/// before any work, so that a refusal costs nothing and writes nothing.
pub fn check_new(path: &Path, force: bool) -> Result<(), FileError> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => Err(FileError::Io(
            path.to_path_buf(),
            std::io::Error::other("it is a folder"),
        )),
        Ok(_) if !force => Err(FileError::Exists(path.to_path_buf())),
        _ => Ok(()),
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// folder, synced, then renamed over `path` (`force`) or hard-linked to it,
/// which fails if `path` appeared meanwhile (never replaced unforced).
pub fn write_new(path: &Path, bytes: &[u8], force: bool) -> Result<(), FileError> {
    check_new(path, force)?;
    let io = |e| FileError::Io(path.to_path_buf(), e);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create_new(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if force {
            std::fs::rename(&temp, path)
        } else {
            std::fs::hard_link(&temp, path)
        }
    })();
    let _ = std::fs::remove_file(&temp);
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(FileError::Exists(path.to_path_buf()))
        }
        r => r.map_err(io),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_existing_file_is_kept_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bank.xml");
        write_new(&path, b"one", false).unwrap();
        assert!(matches!(
            write_new(&path, b"two", false),
            Err(FileError::Exists(_))
        ));
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        write_new(&path, b"three", true).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"three");
        // no temporary file is left behind
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
