//! Watching the site's sources: the root itself (for `config.toml` and
//! folders created later) and each source folder recursively, debounced.
//! Never the output or anything else under the root (`public/`, `target/`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use notify::{EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};

use super::plan::is_watched;
use crate::output::guard::SOURCE_DIRS;

pub struct Watcher {
    root: PathBuf,
    debouncer: Mutex<Debouncer<RecommendedWatcher, RecommendedCache>>,
    watched: Mutex<HashSet<PathBuf>>,
    rx: Receiver<Vec<PathBuf>>,
}

impl Watcher {
    pub fn start(root: &Path, debounce: Duration) -> Result<Watcher, String> {
        let (tx, rx) = mpsc::channel();
        let handler = move |result: DebounceEventResult| match result {
            Ok(events) => {
                // Reading a file or listing a folder (as every build does) is
                // an access event: only changes count.
                let paths: Vec<PathBuf> = events
                    .into_iter()
                    .filter(|e| !matches!(e.event.kind, EventKind::Access(_)))
                    .flat_map(|e| e.event.paths)
                    .collect();
                if !paths.is_empty() {
                    let _ = tx.send(paths);
                }
            }
            Err(errors) => {
                for e in errors {
                    eprintln!("warning: file watcher: {e}");
                }
            }
        };
        let mut debouncer = new_debouncer(debounce, None, handler).map_err(|e| e.to_string())?;
        debouncer
            .watch(root, RecursiveMode::NonRecursive)
            .map_err(|e| format!("{}: {e}", root.display()))?;
        let watcher = Watcher {
            root: root.to_path_buf(),
            debouncer: Mutex::new(debouncer),
            watched: Mutex::new(HashSet::new()),
            rx,
        };
        // Every source folder recursively, when it exists (config.toml is a file).
        for dir in SOURCE_DIRS {
            watcher.watch_dir(&root.join(dir));
        }
        Ok(watcher)
    }

    pub fn receiver(&self) -> &Receiver<Vec<PathBuf>> {
        &self.rx
    }

    /// Starts watching source folders that were created since.
    pub fn watch_new_dirs(&self, paths: &[PathBuf]) {
        for p in paths {
            let Ok(rel) = p.strip_prefix(&self.root) else {
                continue;
            };
            if rel.components().count() == 1 && is_watched(rel) && p.is_dir() {
                self.watch_dir(p);
            }
        }
    }

    fn watch_dir(&self, dir: &Path) {
        if !dir.is_dir() {
            return;
        }
        let mut watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
        if watched.contains(dir) {
            return;
        }
        let mut debouncer = self.debouncer.lock().unwrap_or_else(|e| e.into_inner());
        match debouncer.watch(dir, RecursiveMode::Recursive) {
            Ok(()) => {
                watched.insert(dir.to_path_buf());
            }
            Err(e) => eprintln!("warning: cannot watch {}: {e}", dir.display()),
        }
    }
}
