//! Walking the site's folders (content, static files, templates): files in
//! name order, and the symlink rule: a link is followed only when its target
//! lies inside the site root; one that points outside or loops is an error,
//! one that dangles a warning, each at the link's path.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::stdx::rel_to;

/// One file found under a walked folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The path as seen through the folder (links not resolved).
    pub path: PathBuf,
    /// `path` relative to the walked folder, `/`-separated.
    pub rel: String,
}

/// Every file under `dir` (which may not exist), skipping entries for which
/// `skip` is true (and, for folders, everything under them). Problems are
/// pushed to `diags` with paths relative to `root`.
pub fn files(
    root: &Path,
    dir: &Path,
    skip: impl Fn(&Path) -> bool,
    diags: &mut Diagnostics,
) -> Vec<Found> {
    let canonical_root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let mut out = Vec::new();
    let mut walk = WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    while let Some(entry) = walk.next() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                report_walk_error(root, dir, &e, diags);
                continue;
            }
        };
        if entry.depth() > 0 && skip(entry.path()) {
            if entry.file_type().is_dir() {
                walk.skip_current_dir();
            }
            continue;
        }
        if entry.path_is_symlink() {
            let target = entry.path().canonicalize().unwrap_or_default();
            if !target.starts_with(&canonical_root) {
                diags.push(Diagnostic::error(
                    rel_to(root, entry.path()),
                    None,
                    format!(
                        "symbolic link points outside the site (to {}); only links to files inside the site folder are followed",
                        target.display()
                    ),
                ));
                if entry.file_type().is_dir() {
                    walk.skip_current_dir();
                }
                continue;
            }
        }
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(dir).unwrap_or(entry.path());
            out.push(Found {
                rel: slash(rel),
                path: entry.into_path(),
            });
        }
    }
    out
}

fn report_walk_error(root: &Path, dir: &Path, e: &walkdir::Error, diags: &mut Diagnostics) {
    let path = e.path().unwrap_or(dir);
    if path == dir && !dir.exists() {
        return; // an optional folder that is not there
    }
    let shown = rel_to(root, path);
    if let Some(ancestor) = e.loop_ancestor() {
        diags.error(
            shown,
            None,
            format!(
                "symbolic link loop: it leads back to {}; remove the link",
                rel_to(root, ancestor).display()
            ),
        );
    } else if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
        && std::fs::metadata(path).is_err()
    {
        let target = std::fs::read_link(path).unwrap_or_default();
        diags.warning(
            shown,
            None,
            format!(
                "symbolic link points to nothing ({} does not exist); skipped",
                target.display()
            ),
        );
    } else {
        diags.error(shown, None, format!("cannot read: {e}"));
    }
}

fn slash(p: &Path) -> String {
    p.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn follows_links_inside_the_root_and_reports_the_others() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("site");
        let dir = root.join("static");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("a.css"), "a").unwrap();
        std::fs::write(root.join("shared.css"), "s").unwrap();
        std::fs::write(tmp.path().join("secret"), "s").unwrap();
        symlink(root.join("shared.css"), dir.join("inside.css")).unwrap();
        symlink(tmp.path().join("secret"), dir.join("outside")).unwrap();
        symlink(root.join("nope"), dir.join("dangling")).unwrap();
        symlink(&dir, dir.join("sub/loop")).unwrap();
        let mut diags = Diagnostics::new();
        let found = files(&root, &dir, |_| false, &mut diags);
        let rels: Vec<&str> = found.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(rels, ["a.css", "inside.css"]);
        diags.sort();
        let mut cache = crate::diagnostics::SourceCache::new(&root);
        let text: Vec<String> = diags.iter().map(|d| cache.render(d)).collect();
        let secret = tmp.path().join("secret").canonicalize().unwrap();
        assert_eq!(
            text,
            [
                "static/dangling: warning: symbolic link points to nothing (".to_string()
                    + &root.join("nope").display().to_string()
                    + " does not exist); skipped",
                format!("static/outside: error: symbolic link points outside the site (to {}); only links to files inside the site folder are followed", secret.display()),
                "static/sub/loop: error: symbolic link loop: it leads back to static; remove the link".to_string(),
            ]
        );
    }
}
