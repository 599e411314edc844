//! What an extras phase keeps from an earlier one: a group of generated
//! files is taken again when the digest of its inputs is that of files
//! made before ([`KeptFiles`], [`group`]; `serve`'s cache lives in
//! `site::pipeline`). Shared by `extras` and `practice`.

use crate::output::Output;

/// Files an extras phase takes from the last one instead of making them
/// again, by the digest of what they are made from (`serve`, see
/// `site::pipeline`). Every digest starts with the name of its group, so
/// one map holds every group's.
pub(crate) trait KeptFiles {
    /// Keeps the files last made from inputs `key` (they stay in the
    /// output this run's files join); false when there are none.
    fn take(&self, key: &str) -> bool;
    /// The files made from inputs `key` (which said nothing) are `paths`.
    fn made(&self, key: String, paths: Vec<String>);
    /// Whether `found` holds for a path of a group kept in this run.
    fn any_kept(&self, found: &dyn Fn(&str) -> bool) -> bool;
}

/// One group of extras: taken from `kept` when the digest of its inputs
/// (`key`) is that of files made before, else made by `make` into
/// `output`. `make` says whether it made them quietly: a group that
/// reported something is made again next time, so that it says it again.
pub(crate) fn group(
    kept: Option<&dyn KeptFiles>,
    key: impl FnOnce() -> String,
    output: &mut Output,
    make: impl FnOnce(&mut Output) -> bool,
) {
    let Some(kept) = kept else {
        make(output);
        return;
    };
    let key = key();
    if kept.take(&key) {
        return;
    }
    let mut made = Output::new();
    let quiet = make(&mut made);
    let paths = made.paths().map(str::to_string).collect();
    for (path, bytes) in made.into_files() {
        output.insert(path, bytes);
    }
    if quiet {
        kept.made(key, paths);
    }
}
