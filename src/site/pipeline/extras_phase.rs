//! The extras phase of the [`Pipeline`]: every generated file that is not
//! a page, made again, linked from the previous build (`build`) or kept
//! from the last run (`serve`) by the digest of each group's inputs.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

use super::mode::{Mode, Serve};
use super::{Changed, Pipeline};
use crate::diagnostics::Diagnostics;
use crate::exercises::ExerciseRecord;
use crate::output::{Output, Staging, Stream};
use crate::site::Redo;
use crate::site::Site;
use crate::site::extras;
use crate::site::extras::Reusing;
use crate::site::kept::KeptFiles;
use crate::site::pools;
use crate::site::practice::{LessonReuse, Series};
use crate::site::reuse::{LessonFiles, Reuse};

impl Pipeline {
    /// The extras phase: every generated file that is not a page.
    pub fn extras(&mut self, changed: &mut Changed) {
        if let Some(reuse) = self.mode.reuse()
            && reuse.extras_reusable()
        {
            // Made from the same inputs as the previous build's: linked
            // into the staging folder (their hashes for the late phase).
            if let Some(sink) = self.mode.staging() {
                reuse.link_extras(sink);
            }
            for (path, entry) in reuse.extras_files() {
                self.hashes.insert(path.clone(), entry.hash.clone());
            }
            return;
        }
        let old = std::mem::take(&mut self.extras);
        let Some(renderer) = &self.site.renderer else {
            self.late_pending = true;
            self.drop_extras(old.output, changed);
            return;
        };
        let mut diags = Diagnostics::new();
        // `build` and `check` keep none of the extras' bytes: they are
        // written (or dropped) as they are made, which bounds the
        // memory of a site with tens of thousands of practice sheets.
        let stream = match self.mode.sink() {
            Some(sink) => Some(Stream::To(Arc::clone(sink))),
            None if self.mode.discards() => Some(Stream::Nowhere),
            None => None,
        };
        let mut output = stream.map_or_else(Output::new, Output::streaming);
        // `serve` keeps groups between runs, its first (streamed) one too.
        let cache = self.mode.serve().map(|serve| Kept {
            last: RefCell::new(std::mem::take(&mut serve.kept)),
            made: RefCell::default(),
            kept: RefCell::default(),
        });
        let links = match (self.mode.reuse(), self.mode.staging()) {
            (Some(reuse), Some(sink)) => Some(SheetLinks { reuse, sink }),
            _ => None,
        };
        let reusing = Reusing {
            sheets: match (&links, &cache) {
                (Some(l), _) => Some(l),
                (None, Some(c)) => Some(c),
                (None, None) => None,
            },
            kept: cache.as_ref().map(|c| c as &dyn KeptFiles),
        };
        extras::render(
            &self.site,
            renderer,
            &self.rendered,
            reusing,
            &mut output,
            &mut diags,
            &mut self.steps,
        );
        output.end_stream();
        self.extras.diags = diags.into_vec();
        self.late_pending = true;
        let start = Instant::now();
        match cache {
            Some(cache) => self.keep_extras(cache, old.output, output, changed),
            None => {
                self.extras.output = output;
                self.drop_extras(old.output, changed);
            }
        }
        self.steps.record("extras served", start);
    }

    /// `serve`, after an extras phase that kept groups of the last one
    /// (`cache`): the files of those groups stay where they are in the
    /// last run's `old` output (nothing is done per file kept, see
    /// [`Kept`]); the files made now (`made`) go into it, and those of
    /// the last run neither kept nor made again leave it.
    fn keep_extras(&mut self, cache: Kept, old: Output, made: Output, changed: &mut Changed) {
        let Kept {
            last,
            made: groups,
            kept,
        } = cache;
        let (groups, kept) = (groups.into_inner(), kept.into_inner());
        let made_paths: Vec<String> = made.paths().map(str::to_string).collect();
        // The last run's files that were not kept (its loose files, the
        // groups not kept now) and are not made again.
        let gone: BTreeSet<String> = {
            let fresh: HashSet<&str> = made.paths().collect();
            let dropped = last.into_inner().into_values().flatten();
            (std::mem::take(&mut serve_state(&mut self.mode).loose).into_iter())
                .chain(dropped)
                .filter(|p| !fresh.contains(p.as_str()))
                .collect()
        };
        let grouped: HashSet<&str> = (groups.iter())
            .filter(|(key, _)| !kept.contains(*key))
            .flat_map(|(_, paths)| paths.iter().map(String::as_str))
            .collect();
        serve_state(&mut self.mode).loose = (made_paths.iter())
            .filter(|p| !grouped.contains(p.as_str()))
            .cloned()
            .collect();
        drop(grouped);
        let mut output = old;
        for path in &gone {
            output.remove(path);
        }
        if output.is_empty() {
            output = made;
        } else {
            let mut made = made;
            for path in &made_paths {
                made.move_to(path, &mut output);
            }
        }
        debug_assert!(
            (kept.iter()).all(|k| groups[k].iter().all(|p| output.contains(p))),
            "a group kept lost a file"
        );
        self.extras.output = output;
        serve_state(&mut self.mode).kept = groups;
        self.put_extras(gone.into_iter().collect(), made_paths, changed);
    }

    /// After an extras phase that kept nothing of the last one: the last
    /// run's files that are not made again leave the output.
    fn drop_extras(&mut self, old: Output, changed: &mut Changed) {
        let gone: Vec<String> = (old.paths())
            .filter(|p| !self.extras.output.contains(p))
            .map(str::to_string)
            .collect();
        let made: Vec<String> = self.extras.output.paths().map(str::to_string).collect();
        self.put_extras(gone, made, changed);
    }

    /// Records the extras `gone` and `made` (their hashes, their bytes to
    /// publish); a page an extra that is gone hid shows again.
    fn put_extras(&mut self, gone: Vec<String>, made: Vec<String>, changed: &mut Changed) {
        let mut orphans = Vec::new();
        for path in gone {
            match self.by_output.get(&path) {
                Some(&i) => orphans.push((i, Redo::Template)),
                None => self.put(path, changed),
            }
        }
        for path in made {
            self.put(path, changed);
        }
        if !orphans.is_empty() {
            self.pages(&orphans, changed);
        }
    }
}

/// `serve`'s state (the only mode that keeps extras between runs).
fn serve_state(mode: &mut Mode) -> &mut Serve {
    mode.serve().expect("only serve keeps extras")
}

/// The practice sheets of the previous build, linked into the staging
/// folder when a series' key is unchanged (see `super::practice`).
struct SheetLinks<'a> {
    reuse: &'a Reuse,
    sink: &'a Staging,
}

impl SheetLinks<'_> {
    /// Links the previous build's files `what` of `lesson` into `output`,
    /// when they were made from this build's key.
    fn link(&self, what: LessonFiles, lesson: Option<&str>, output: &mut Output) -> bool {
        let Some(files) = self.reuse.link_lesson_files(self.sink, what, lesson) else {
            return false;
        };
        for (path, hash) in files {
            output.insert_streamed(path, hash);
        }
        true
    }
}

impl LessonReuse for SheetLinks<'_> {
    fn reuse_sheets(&self, _: &Site, s: &Series, output: &mut Output) -> bool {
        self.link(LessonFiles::Sheets, s.lesson.as_deref(), output)
    }

    fn made_sheets(&self, _: &Site, s: &Series, paths: Vec<String>) {
        (self.reuse).made_lesson_files(LessonFiles::Sheets, s.lesson.as_deref(), paths);
    }

    fn reuse_pools(&self, _: &Site, lesson: &str, _: &[ExerciseRecord], out: &mut Output) -> bool {
        self.link(LessonFiles::Pools, Some(lesson), out)
    }

    fn made_pools(&self, _: &Site, lesson: &str, _: &[ExerciseRecord], paths: Vec<String>) {
        (self.reuse).made_lesson_files(LessonFiles::Pools, Some(lesson), paths);
    }
}

/// `serve`'s kept extras: a group (a practice series' sheets, the sitemap,
/// a language's lesson or practice index) whose inputs' digest is that of
/// a group of the last extras phase keeps that run's files: they stay in
/// the last run's output, which becomes this run's (`Pipeline::keep_extras`),
/// so keeping a group costs the same whatever its number of files (30,000
/// sheets are kept without a look at each). The site's templates, strings
/// and settings are the same between two runs of one pipeline (`serve`
/// loads everything again when they change), so a digest covers the rest
/// of what the group reads.
struct Kept {
    /// The last run's groups: digest → their paths (taken out as they
    /// are kept).
    last: RefCell<HashMap<String, Vec<String>>>,
    /// This run's groups, kept or made.
    made: RefCell<HashMap<String, Vec<String>>>,
    /// The digests of the groups kept.
    kept: RefCell<HashSet<String>>,
}

impl KeptFiles for Kept {
    fn take(&self, key: &str) -> bool {
        let Some(paths) = self.last.borrow_mut().remove(key) else {
            return false;
        };
        self.made.borrow_mut().insert(key.to_string(), paths);
        self.kept.borrow_mut().insert(key.to_string());
        true
    }

    fn made(&self, key: String, paths: Vec<String>) {
        self.made.borrow_mut().insert(key, paths);
    }

    fn any_kept(&self, found: &dyn Fn(&str) -> bool) -> bool {
        let made = self.made.borrow();
        (self.kept.borrow().iter()).any(|k| made[k].iter().any(|p| found(p)))
    }
}

impl LessonReuse for Kept {
    fn reuse_sheets(&self, site: &Site, s: &Series, _: &mut Output) -> bool {
        self.take(&site.series_digest(s))
    }

    fn made_sheets(&self, site: &Site, s: &Series, paths: Vec<String>) {
        self.made(site.series_digest(s), paths);
    }

    fn reuse_pools(&self, site: &Site, lesson: &str, r: &[ExerciseRecord], _: &mut Output) -> bool {
        self.take(&pools::digest(site, lesson, r))
    }

    fn made_pools(&self, site: &Site, lesson: &str, r: &[ExerciseRecord], paths: Vec<String>) {
        self.made(pools::digest(site, lesson, r), paths);
    }
}
