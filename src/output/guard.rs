//! The output folder's safety check: before a build writes or deletes
//! anything, the folder it will replace must not be, hold or lie inside the
//! site's sources, must be a folder, and must have been written by tilebook
//! (or the author said `--force`).
//!
//! Invariant: [`check_target`] reads the file system but never writes it, so
//! a refusal leaves every byte as it was.

use std::fmt;
use std::path::{Component, Path, PathBuf};

/// The file a build leaves in the output folder so that the next build knows
/// the folder is its own to replace.
pub const MARKER: &str = ".tilebook-output";

/// The folders of a site root that a build reads, listed once: the output
/// may lie in none of them, nor hold any of them; `serve` watches them (with
/// `config.toml`); `site::reuse` digests those every page reads.
pub const SOURCE_DIRS: [&str; 6] = [
    CONTENT_DIR,
    crate::glossary::GLOSSARY_DIR,
    crate::i18n::SITE_I18N_DIR,
    crate::render::SITE_TEMPLATES_DIR,
    THEMES_DIR,
    STATIC_DIR,
];

/// The pages' folder (`content/<lang>/`).
pub const CONTENT_DIR: &str = crate::content::CONTENT_DIR;
/// The themes' folder (`themes/<theme>/`).
pub const THEMES_DIR: &str = "themes";
/// The site's static files.
pub const STATIC_DIR: &str = "static";

/// The text of [`MARKER`]: what wrote the folder.
pub fn marker_text() -> String {
    format!(
        "This folder was written by tilebook {}; the next build replaces it.\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// Why a build refuses its output folder. Each message says what is there
/// and how to proceed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The output folder is the site root or holds it.
    HoldsSite { out: PathBuf },
    /// The output folder is, or lies inside, a folder the build reads.
    InsideSources { out: PathBuf, source: String },
    /// The output path is an existing file (or other non-folder).
    NotAFolder { out: PathBuf },
    /// The folder holds files that tilebook did not write.
    Foreign {
        out: PathBuf,
        entries: Vec<String>,
        more: usize,
    },
    /// The path could not be examined.
    Unreadable { out: PathBuf, error: String },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::HoldsSite { out } => write!(
                f,
                "{}: error: the output folder holds the site's sources (config.toml, content/, …); building there would delete them. Choose a folder outside the sources, e.g. the default `public/`",
                out.display()
            ),
            Refusal::InsideSources { out, source } => write!(
                f,
                "{}: error: the output folder lies inside {source}/, which the build reads; building there would replace sources. Choose a folder outside the sources, e.g. the default `public/`",
                out.display()
            ),
            Refusal::NotAFolder { out } => write!(
                f,
                "{}: error: the output path exists and is not a folder; nothing was written. Remove it or choose another output folder",
                out.display()
            ),
            Refusal::Foreign { out, entries, more } => {
                let mut list = entries.join(", ");
                if *more > 0 {
                    list.push_str(&format!(" and {more} more"));
                }
                write!(
                    f,
                    "{}: error: the output folder is not empty and was not written by tilebook (it has no {MARKER}); it holds {list}. A build replaces the whole folder: choose an empty or new folder, or pass --force to replace it",
                    out.display()
                )
            }
            Refusal::Unreadable { out, error } => {
                write!(
                    f,
                    "{}: error: cannot examine the output folder: {error}",
                    out.display()
                )
            }
        }
    }
}

/// Checks that a build may replace `out` (relative paths are taken from the
/// current directory, as the command line gives them) for the site at `root`.
pub fn check_target(out: &Path, root: &Path, force: bool) -> Result<(), Refusal> {
    let unreadable = |e: std::io::Error| Refusal::Unreadable {
        out: out.to_path_buf(),
        error: e.to_string(),
    };
    let out_abs = resolve(out).map_err(unreadable)?;
    let root_abs = resolve(root).map_err(unreadable)?;
    if root_abs.starts_with(&out_abs) {
        return Err(Refusal::HoldsSite {
            out: out.to_path_buf(),
        });
    }
    for dir in SOURCE_DIRS {
        let source = resolve(&root.join(dir)).map_err(unreadable)?;
        if out_abs.starts_with(&source) {
            return Err(Refusal::InsideSources {
                out: out.to_path_buf(),
                source: dir.to_string(),
            });
        }
    }
    let meta = match std::fs::symlink_metadata(out) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(unreadable(e)),
    };
    // A symlink to a folder is replaced like a folder would be: refuse it
    // unless it leads to a folder.
    if !meta.is_dir() && !std::fs::metadata(out).is_ok_and(|m| m.is_dir()) {
        return Err(Refusal::NotAFolder {
            out: out.to_path_buf(),
        });
    }
    if force || out.join(MARKER).is_file() {
        return Ok(());
    }
    let mut names: Vec<String> = std::fs::read_dir(out)
        .map_err(unreadable)?
        .filter_map(|e| e.ok())
        .map(|e| {
            let mut name = e.file_name().to_string_lossy().into_owned();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                name.push('/');
            }
            name
        })
        .collect();
    if names.is_empty() {
        return Ok(());
    }
    names.sort();
    const SHOWN: usize = 5;
    let more = names.len().saturating_sub(SHOWN);
    names.truncate(SHOWN);
    Err(Refusal::Foreign {
        out: out.to_path_buf(),
        entries: names,
        more,
    })
}

/// The canonical form of `path`, which need not exist: the longest existing
/// ancestor is canonicalised (resolving symlinks and `..`), the rest is
/// normalised lexically (it cannot hold symlinks, since it does not exist).
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    };
    let mut existing = abs.as_path();
    let mut rest = Vec::new();
    loop {
        match existing.canonicalize() {
            Ok(canon) => {
                let mut out = canon;
                for c in rest.iter().rev() {
                    push_lexically(&mut out, *c);
                }
                return Ok(out);
            }
            Err(_) => match (existing.parent(), existing.components().next_back()) {
                (Some(parent), Some(last)) => {
                    rest.push(last);
                    existing = parent;
                }
                _ => return Ok(lexical(&abs)),
            },
        }
    }
}

fn push_lexically<'a>(out: &mut PathBuf, c: Component<'a>) {
    match c {
        Component::ParentDir => {
            out.pop();
        }
        Component::CurDir => {}
        other => out.push(other.as_os_str()),
    }
}

fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        push_lexically(&mut out, c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> tempfile::TempDir {
        let tmp = tempfile::tempdir().unwrap();
        for d in ["content/en", "glossary", "themes/felt"] {
            std::fs::create_dir_all(tmp.path().join(d)).unwrap();
        }
        std::fs::write(tmp.path().join("config.toml"), "").unwrap();
        tmp
    }

    #[test]
    fn the_default_output_folder_is_fine() {
        let s = site();
        assert_eq!(
            check_target(&s.path().join("public"), s.path(), false),
            Ok(())
        );
    }

    #[test]
    fn refuses_the_root_its_ancestors_and_source_folders() {
        let s = site();
        let r = s.path();
        assert!(matches!(
            check_target(r, r, true),
            Err(Refusal::HoldsSite { .. })
        ));
        assert!(matches!(
            check_target(r.parent().unwrap(), r, true),
            Err(Refusal::HoldsSite { .. })
        ));
        assert!(matches!(
            check_target(&r.join("content"), r, true),
            Err(Refusal::InsideSources { source, .. }) if source == "content"
        ));
        assert!(matches!(
            check_target(&r.join("content/en/new"), r, true),
            Err(Refusal::InsideSources { .. })
        ));
        // `..` and a folder that does not exist yet do not slip through.
        assert!(matches!(
            check_target(&r.join("public/../glossary/x/../y"), r, true),
            Err(Refusal::InsideSources { source, .. }) if source == "glossary"
        ));
        // Source folders that do not exist are still sources.
        assert!(matches!(
            check_target(&r.join("static"), r, true),
            Err(Refusal::InsideSources { .. })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_resolved() {
        let s = site();
        let r = s.path();
        std::os::unix::fs::symlink(r.join("content"), r.join("out")).unwrap();
        assert!(matches!(
            check_target(&r.join("out"), r, true),
            Err(Refusal::InsideSources { .. })
        ));
        let other = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(r, other.path().join("link-to-site")).unwrap();
        assert!(matches!(
            check_target(&other.path().join("link-to-site"), r, true),
            Err(Refusal::HoldsSite { .. })
        ));
    }

    #[test]
    fn refuses_a_file_and_a_foreign_folder_unless_forced() {
        let s = site();
        let r = s.path();
        std::fs::write(r.join("out.txt"), "x").unwrap();
        assert!(matches!(
            check_target(&r.join("out.txt"), r, true),
            Err(Refusal::NotAFolder { .. })
        ));
        let foreign = r.join("mine");
        std::fs::create_dir(&foreign).unwrap();
        assert_eq!(
            check_target(&foreign, r, false),
            Ok(()),
            "an empty folder is fine"
        );
        for name in ["a", "b", "c", "d", "e", "f", "g"] {
            std::fs::write(foreign.join(name), "").unwrap();
        }
        std::fs::create_dir(foreign.join("notes")).unwrap();
        let err = check_target(&foreign, r, false).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "{}: error: the output folder is not empty and was not written by tilebook (it has no .tilebook-output); it holds a, b, c, d, e and 3 more. A build replaces the whole folder: choose an empty or new folder, or pass --force to replace it",
                foreign.display()
            )
        );
        assert_eq!(check_target(&foreign, r, true), Ok(()));
        std::fs::write(foreign.join(MARKER), marker_text()).unwrap();
        assert_eq!(check_target(&foreign, r, false), Ok(()));
    }
}
