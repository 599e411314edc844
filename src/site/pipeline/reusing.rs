//! The reuse of a `build` into a folder, in the [`Pipeline`]: pages and
//! late files linked from the previous build when their inputs are
//! unchanged (see [`crate::site::reuse`]), and this build's manifest.

use std::collections::HashSet;

use rayon::prelude::*;

use super::{Layer, PageResult, Pipeline};
use crate::diagnostics::Diagnostic;
use crate::output::{Output, Sink, Staging};
use crate::site::Site;
use crate::site::extras::{EXTRAS, PageHook};
use crate::site::reuse::Reuse;

impl Pipeline {
    /// Writes the reuse manifest into the staging folder (`build`, when it
    /// has no errors, last: it describes every file written).
    pub fn write_manifest(&self) {
        let (Some(reuse), Some(sink)) = (self.mode.reuse(), self.mode.staging()) else {
            return;
        };
        if self.unchanged_files().is_some() {
            return;
        }
        let extras: HashSet<&str> = match reuse.extras_reusable() {
            true => reuse.extras_files().map(|(p, _)| p.as_str()).collect(),
            false => self.extras.output.paths().collect(),
        };
        let pages = self
            .site
            .content
            .pages
            .iter()
            .enumerate()
            .filter(|(_, p)| !extras.contains(p.output_path.as_str()))
            .map(|(i, p)| (i, p.output_path.as_str(), &self.rendered[i]));
        // A group whose making said something (a warning) is made again
        // next time, so that it says it again: its paths get no key.
        let quiet = |layer: &Layer| layer.diags.is_empty();
        let late: Vec<&str> = if quiet(&self.late) {
            self.late
                .output
                .paths()
                .filter(|p| !extras.contains(p) && !self.by_output.contains_key(*p))
                .chain(self.reused_late.iter().map(String::as_str))
                .collect()
        } else {
            Vec::new()
        };
        let keyed_extras = extras
            .iter()
            .copied()
            .filter(|_| reuse.extras_reusable() || quiet(&self.extras));
        reuse.write_manifest(sink, pages, keyed_extras, late.into_iter());
    }

    /// The previous output's files, when this build would write exactly
    /// them (`build` then leaves the folder as it is).
    pub fn unchanged_files(&self) -> Option<Vec<crate::output::FileRecord>> {
        self.mode.reuse()?.unchanged_files()
    }

    /// `build` over a previous output: links each language's search index
    /// whose pages' HTML is what it was made from (that language is then
    /// neither fed nor made), feeds the indexer the read-back HTML of the
    /// reused pages of the other languages (a page that cannot be read back
    /// is an error in `unread`), and links the service workers when they
    /// can be reused. True when nothing late is left to make.
    pub(super) fn reuse_late(&mut self, unread: &mut Vec<Diagnostic>) -> bool {
        let sink = self.mode.sink().cloned();
        let sink = sink.as_deref().and_then(Sink::folder);
        let Some(reuse) = self.mode.reuse_mut() else {
            return false;
        };
        let pages = &self.site.content.pages;
        let mut index_again = Vec::new();
        if let Some(search) = self.search.as_mut() {
            for l in &self.site.config.languages {
                let of_lang = pages.iter().filter(|p| p.lang == l.code).map(|p| {
                    let hash = self.hashes.get(&p.output_path).map(String::as_str);
                    (p.output_path.as_str(), hash)
                });
                let Some(group) = reuse.search_group(&l.code, of_lang) else {
                    index_again.push(l.code.as_str());
                    continue;
                };
                for (path, entry) in &group {
                    if let Some(sink) = sink {
                        reuse.link(sink, path, entry);
                    }
                    self.hashes.insert(path.clone(), entry.hash.clone());
                    self.reused_late.push(path.clone());
                }
                search.forget(&l.code);
            }
        }
        let reuse = &*reuse;
        if !index_again.is_empty() {
            let hook = PageHook {
                site: &self.site,
                search: self.search.as_ref(),
            };
            let failed: Vec<Diagnostic> = (0..pages.len())
                .into_par_iter()
                .filter(|&i| self.reused[i] && index_again.contains(&pages[i].lang.as_str()))
                .filter_map(|i| {
                    let page = &pages[i];
                    let Some(html) = reuse.read(&page.output_path) else {
                        let message = format!(
                            "cannot read {} back from the previous build for the search index",
                            page.output_path
                        );
                        return Some(Diagnostic::error(page.source_path.clone(), None, message));
                    };
                    for e in EXTRAS {
                        e.on_page(&hook, page, &html);
                    }
                    None
                })
                .collect();
            unread.extend(failed);
            return false;
        }
        match reuse.workers_group() {
            Some(group) => {
                for (path, entry) in group {
                    if let Some(sink) = sink {
                        reuse.link(sink, path, entry);
                    }
                    self.reused_late.push(path.clone());
                }
                true
            }
            None => false,
        }
    }
}

/// Page `i` from the previous build, when its inputs are unchanged: its
/// facts from the manifest, its file linked into the staging folder. Its
/// HTML is not read (the late phase reads it back when its language's
/// search index is made again, `Pipeline::reuse_late`). `None`: render it.
pub(super) fn reused_page(
    site: &Site,
    reuse: &Reuse,
    i: usize,
    sink: Option<&Staging>,
    extras_paths: &Output,
) -> Option<PageResult> {
    let path = &site.content.pages[i].output_path;
    let entry = reuse.page(i, path)?;
    let facts = entry.facts.clone()?;
    if let Some(sink) = sink
        && !extras_paths.contains(path)
    {
        reuse.link(sink, path, entry);
    }
    Some(PageResult {
        i,
        rendered: facts.into_rendered(),
        html: Some(Ok(Vec::new())),
        hash: Some(entry.hash.clone()),
        reused: true,
    })
}
