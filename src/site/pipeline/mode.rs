//! The run modes of a [`Pipeline`](super::Pipeline): what a run keeps
//! between its phases and between runs, and where its files go. Each
//! reachable combination is one variant; the pipeline's constructors
//! (`Pipeline::check`, `build_in_memory`, `build_into`, `serve`) are the
//! only way to make one.

use std::collections::HashMap;
use std::sync::Arc;

use crate::output::{Sink, Staging};
use crate::site::reuse::Reuse;

pub(super) enum Mode {
    /// `check`: every file is made (its errors are the checks') and
    /// dropped; no search index, no late phase, no input keys.
    Check,
    /// `build`: one run over everything, each file streamed into the sink
    /// as it is made, and nothing kept for a next run. The sink is a
    /// staging folder (`build` into a folder, with `reuse`) or memory
    /// (`site::build`, never with `reuse`: there is no previous build).
    Build {
        /// `None` once taken ([`Mode::take_sink`]: the run is over).
        sink: Option<Arc<Sink>>,
        /// What the previous build in the folder left that is still right.
        reuse: Option<Box<Reuse>>,
    },
    /// `serve`: runs again after each edit, keeping what the next run needs.
    Serve(Box<Serve>),
}

/// What `serve`'s pipeline keeps between runs.
#[derive(Default)]
pub(super) struct Serve {
    /// The staging folder of the served folder its full run streams into,
    /// until taken (`Pipeline::take_staging`); later runs keep the bytes of
    /// what they changed in `Pipeline::output` until they are published.
    pub(super) staging: Option<Arc<Sink>>,
    /// Per page, the digest of its own inputs
    /// ([`crate::site::reuse::page_input_key`], the keys `build`'s reuse uses).
    pub(super) input_keys: Vec<String>,
    /// The groups of extras of the last extras phase, by the digest of
    /// their inputs (a practice series' `Site::series_digest`, the
    /// sitemap's, a language's lesson or practice index's) → their paths
    /// (see `extras_phase::Kept`).
    pub(super) kept: HashMap<String, Vec<String>>,
    /// The paths of the last extras phase that are in no group of `kept`
    /// (made again every run, or by a group that reported something).
    pub(super) loose: Vec<String>,
}

impl Mode {
    /// Where the files of this run go as they are made (`None`: `check`,
    /// which drops them, or a `serve` run after the first, which keeps the
    /// changed ones).
    pub(super) fn sink(&self) -> Option<&Arc<Sink>> {
        match self {
            Mode::Check => None,
            Mode::Build { sink, .. } => sink.as_ref(),
            Mode::Serve(serve) => serve.staging.as_ref(),
        }
    }

    /// The staging folder the files go into, when they go into one.
    pub(super) fn staging(&self) -> Option<&Staging> {
        self.sink().and_then(|s| s.folder())
    }

    /// Takes the sink (the run is over).
    pub(super) fn take_sink(&mut self) -> Option<Sink> {
        let sink = match self {
            Mode::Check => None,
            Mode::Build { sink, .. } => sink.take(),
            Mode::Serve(serve) => serve.staging.take(),
        }?;
        // The extras' output lets go of it when the extras phase ends.
        Some(Arc::into_inner(sink).expect("the pipeline holds the only handle"))
    }

    pub(super) fn reuse(&self) -> Option<&Reuse> {
        match self {
            Mode::Build { reuse, .. } => reuse.as_deref(),
            _ => None,
        }
    }

    pub(super) fn reuse_mut(&mut self) -> Option<&mut Reuse> {
        match self {
            Mode::Build { reuse, .. } => reuse.as_deref_mut(),
            _ => None,
        }
    }

    /// `serve`'s state kept between runs.
    pub(super) fn serve(&mut self) -> Option<&mut Serve> {
        match self {
            Mode::Serve(serve) => Some(serve),
            _ => None,
        }
    }

    /// Each page's Markdown HTML is kept between runs (`serve`), rather
    /// than dropped as soon as its template is rendered.
    pub(super) fn keeps_html(&self) -> bool {
        matches!(self, Mode::Serve(_))
    }

    /// Every file is made and dropped (`check`).
    pub(super) fn discards(&self) -> bool {
        matches!(self, Mode::Check)
    }

    /// Files go to a sink as they are made, or are dropped: no file's
    /// bytes are kept in the pipeline.
    pub(super) fn streams(&self) -> bool {
        self.discards() || self.sink().is_some()
    }

    /// One run over everything that consumes what it made (`build`).
    pub(super) fn is_build(&self) -> bool {
        matches!(self, Mode::Build { .. })
    }
}
