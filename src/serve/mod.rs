//! Serve: the live-reload authoring server.
//!
//! Builds the site ([`Engine`]) into its own folder on disk
//! (`<root>/.public.serve/site`, [`crate::output::ServedFolder`]), serves
//! it with tiny_http from that folder through an index of its files that
//! is patched after every successful rebuild (a failed rebuild keeps the
//! last good site), watches the site's sources with a short debounce,
//! rebuilds incrementally, and pushes `reload`/`css`/`error`/`ok` events to
//! every open page over Server-Sent Events. Nothing but that folder is
//! written, and nothing the server holds in memory grows with the bytes of
//! the site's files.

mod engine;
mod events;
mod http;
mod plan;
mod watch;

use std::fmt;
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, PoisonError, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

pub use engine::{Dirty, Engine, Problem, Rebuild, RebuildKind};
pub use events::{EVENTS_PATH, Event};
pub use http::{LIVE_JS_PATH, Target, content_type, decode, inject, resolve};
pub use plan::is_watched;

use crate::output::ServedFolder;
use crate::site::BuildOptions;
use events::Hub;
use http::{Served, Shared};

/// How to serve.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Site root (holds `config.toml`).
    pub root: PathBuf,
    /// Address to listen on.
    pub bind: String,
    /// Port to listen on; 0 picks a free one.
    pub port: u16,
    /// Include pages marked `draft = true`.
    pub drafts: bool,
    /// Base URL of the built pages; default `http://<bind>:<port>/`.
    pub base_url: Option<String>,
    /// How long the watcher waits for a burst of file events to settle.
    pub debounce: Duration,
    /// Print where each rebuild's time went, step by step.
    pub timings: bool,
}

impl ServeOptions {
    pub fn new(root: impl Into<PathBuf>) -> ServeOptions {
        ServeOptions {
            root: root.into(),
            bind: "127.0.0.1".into(),
            port: 1111,
            drafts: false,
            base_url: None,
            debounce: Duration::from_millis(10),
            timings: false,
        }
    }
}

/// Why the server could not start.
#[derive(Debug)]
pub enum ServeError {
    /// The site root does not exist.
    Root(PathBuf, std::io::Error),
    /// The address could not be bound (typically: port in use).
    Bind(String, String),
    /// The file watcher could not start.
    Watch(String),
    /// The folder the site is served from cannot be used.
    Folder(crate::output::served::FolderError),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Root(p, e) => write!(f, "{}: cannot open the site root: {e}", p.display()),
            ServeError::Bind(addr, e) => write!(
                f,
                "cannot listen on {addr}: {e}; is another server using that port? \
                 Pick another one with --port"
            ),
            ServeError::Watch(e) => write!(f, "cannot watch the site for changes: {e}"),
            ServeError::Folder(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    base_path: String,
    threads: Vec<JoinHandle<()>>,
}

impl Server {
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The URL to open.
    pub fn url(&self) -> String {
        format!("http://{}{}", self.addr, self.base_path)
    }

    /// Blocks while the server runs (until the process ends).
    pub fn wait(self) {
        for t in self.threads {
            let _ = t.join();
        }
    }
}

/// Builds the site, binds the address, and starts serving and watching.
/// Progress and diagnostics go to the terminal.
pub fn start(opts: &ServeOptions) -> Result<Server, ServeError> {
    let root = opts
        .root
        .canonicalize()
        .map_err(|e| ServeError::Root(opts.root.clone(), e))?;
    let wanted = format!("{}:{}", opts.bind, opts.port);
    let listener = std::net::TcpListener::bind(&wanted)
        .map_err(|e| ServeError::Bind(wanted.clone(), e.to_string()))?;
    no_delay(&listener);
    let http = tiny_http::Server::from_listener(listener, None)
        .map_err(|e| ServeError::Bind(wanted.clone(), e.to_string()))?;
    let addr = http
        .server_addr()
        .to_ip()
        .ok_or_else(|| ServeError::Bind(wanted.clone(), "not an IP address".into()))?;
    let base_url = opts
        .base_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}/"));
    let build = BuildOptions {
        root: root.clone(),
        drafts: opts.drafts,
        base_url: Some(base_url),
    };

    let folder = ServedFolder::open(&root).map_err(ServeError::Folder)?;
    let changes = watch::Watcher::start(&root, opts.debounce).map_err(ServeError::Watch)?;
    let (mut engine, first) = Engine::new(build, folder);
    let shared = Arc::new(Shared {
        site: Arc::new(RwLock::new(Served::new(engine.served_dir().to_path_buf()))),
        hub: Arc::new(Hub::default()),
        base_path: RwLock::new(engine.base_path()),
        diffs: RwLock::new(Default::default()),
    });
    after_rebuild(&mut engine, &first, &shared, true, opts.timings);
    let base_path = engine.base_path();

    let http = Arc::new(http);
    let server_shared = shared.clone();
    let accept = std::thread::Builder::new()
        .name("tilebook-http".into())
        .spawn(move || accept_loop(&http, &server_shared))
        .expect("spawn http thread");
    let timings = opts.timings;
    let rebuild = std::thread::Builder::new()
        .name("tilebook-rebuild".into())
        .spawn(move || rebuild_loop(engine, changes, &shared, timings))
        .expect("spawn rebuild thread");
    Ok(Server {
        addr,
        base_path,
        threads: vec![accept, rebuild],
    })
}

/// `start`, print the URL, and serve until the process is stopped.
pub fn run(opts: &ServeOptions) -> Result<(), ServeError> {
    let server = start(opts)?;
    println!("serving at {} (Ctrl-C to stop)", server.url());
    let _ = std::io::stdout().flush();
    server.wait();
    Ok(())
}

/// Sets `TCP_NODELAY` on the listener, which the connections it accepts
/// inherit (Linux). tiny_http writes a response's head and then its body:
/// with Nagle's algorithm the body waits for the client's delayed ACK of the
/// head, about 40 ms per response (measured by `bench/serve-load.sh`).
fn no_delay(listener: &std::net::TcpListener) {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let one: libc::c_int = 1;
        // SAFETY: setsockopt on a socket this process owns, with a pointer to
        // an int that lives for the call and its exact size; a failure only
        // leaves Nagle's algorithm on.
        unsafe {
            libc::setsockopt(
                listener.as_raw_fd(),
                libc::IPPROTO_TCP,
                libc::TCP_NODELAY,
                (&one as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            );
        }
    }
    #[cfg(not(unix))]
    let _ = listener;
}

fn accept_loop(http: &tiny_http::Server, shared: &Arc<Shared>) {
    for request in http.incoming_requests() {
        let shared = shared.clone();
        let spawned = std::thread::Builder::new()
            .name("tilebook-request".into())
            .spawn(move || http::handle(request, &shared));
        if let Err(e) = spawned {
            eprintln!("error: cannot start a request thread: {e}");
        }
    }
}

/// How long a rebuild with errors waits for more changes before it reports
/// them: an editor's save read half-way (truncated, or between delete and
/// create) looks broken, and the rest of the save follows within moments.
const SETTLE: Duration = Duration::from_millis(150);
/// Most rebuilds that may replace one with errors before it is reported.
const MAX_SETTLE_REBUILDS: usize = 8;

/// How long the server waits, after a rebuild, for more changes before it
/// runs the late phase (search index, service workers). The late phase
/// holds the rebuild thread while it runs (seconds on a large site), so it
/// waits for a pause in the saving, not between two saves of a burst.
const LATE_AFTER: Duration = Duration::from_secs(1);

fn rebuild_loop(mut engine: Engine, changes: watch::Watcher, shared: &Arc<Shared>, timings: bool) {
    let rx: &Receiver<Vec<PathBuf>> = changes.receiver();
    loop {
        // While the site has errors nothing is published, the late phase's
        // files neither: it waits for the fix.
        let paths = if engine.late_pending() && !engine.has_errors() {
            match rx.recv_timeout(LATE_AFTER) {
                Ok(paths) => paths,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    after_late(&mut engine, shared);
                    continue;
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match rx.recv() {
                Ok(paths) => paths,
                Err(_) => break,
            }
        };
        let mut report = rebuild_batch(&mut engine, &changes, paths);
        let mut settles = 0;
        while engine.has_errors() && settles < MAX_SETTLE_REBUILDS {
            let Ok(more) = rx.recv_timeout(SETTLE) else {
                break;
            };
            let next = rebuild_batch(&mut engine, &changes, more);
            if next.kind != RebuildKind::Nothing {
                report = next;
            }
            settles += 1;
        }
        after_rebuild(&mut engine, &report, shared, false, timings);
    }
}

/// Rebuilds for `paths` and every change already waiting. A page that is
/// gone or has no valid front matter is most likely half-way through an
/// editor's save (truncated before the write, deleted before the create):
/// wait up to [`SETTLE`] for the rest of the save first, so that it costs a
/// page re-render and not a full rebuild.
fn rebuild_batch(
    engine: &mut Engine,
    changes: &watch::Watcher,
    mut paths: Vec<PathBuf>,
) -> Rebuild {
    let rx = changes.receiver();
    while let Ok(more) = rx.try_recv() {
        paths.extend(more);
    }
    let mut waits = 0;
    while waits < MAX_SETTLE_REBUILDS && paths.iter().any(|p| mid_save(engine.root(), p)) {
        let Ok(more) = rx.recv_timeout(SETTLE) else {
            break;
        };
        paths.extend(more);
        waits += 1;
    }
    changes.watch_new_dirs(&paths);
    engine.rebuild(&paths)
}

/// A visible page under `content/` that is missing or does not start with
/// valid front matter (as a file being saved is, for a moment).
fn mid_save(root: &Path, path: &Path) -> bool {
    let Ok(rel) = path.strip_prefix(root) else {
        return false;
    };
    if !rel.starts_with(crate::content::CONTENT_DIR)
        || rel.extension().is_none_or(|e| e != "md")
        || crate::content::in_hidden(rel)
    {
        return false;
    }
    match std::fs::read_to_string(path) {
        Ok(text) => crate::content::parse_front_matter(&text).is_err(),
        Err(_) => true,
    }
}

/// A full rebuild holds two sites for a moment; once the old one is freed
/// (after the served site is swapped and the reload sent), give the
/// allocator's freed pages back to the system, so that a server that
/// rebuilds all day does not keep the high-water mark of each rebuild
/// (measured by `bench/serve-load.sh`, see docs/benchmarks.md).
///
/// mimalloc keeps freed pages per thread and returns them only when that
/// thread next allocates; the pages phase runs on rayon's workers, which
/// then sit idle until the next rebuild, so each of them collects its own
/// heap (`rayon::broadcast`), and so does this thread.
fn release_freed_memory(force: bool) {
    let collect = || {
        // SAFETY: mi_collect takes no pointers; it only walks mimalloc's own
        // heaps (empty when mimalloc is not the global allocator, as in tests).
        unsafe { libmimalloc_sys::mi_collect(force) }
    };
    rayon::broadcast(|_| collect());
    collect();
}

/// Runs the late phase (the pages were reloaded already) and publishes its
/// files; the pages need no reload for them.
fn after_late(engine: &mut Engine, shared: &Shared) {
    let elapsed = engine.run_late();
    if engine.has_errors() {
        eprint!("{}", engine.render_errors_and(&[]));
        shared.hub.broadcast(Event::error(&engine.problems()));
        return;
    }
    let files = publish(engine, shared);
    println!(
        "search index and offline lists updated in {:.0} ms ({} file(s))",
        elapsed.as_secs_f64() * 1000.0,
        files.len()
    );
    let _ = std::io::stdout().flush();
}

/// Publishes a successful rebuild, prints its line, and tells the pages.
fn after_rebuild(
    engine: &mut Engine,
    report: &Rebuild,
    shared: &Shared,
    first: bool,
    timings: bool,
) {
    if report.kind == RebuildKind::Nothing {
        return;
    }
    let full = matches!(report.kind, RebuildKind::Full { .. });
    announce(engine, report, shared, first);
    // The first build's line is followed by the URL's (`run`).
    if timings && !first && !report.steps.is_empty() {
        println!("  steps: {}", report.steps.render());
        let _ = std::io::stdout().flush();
    }
    release_freed_memory(full);
}

/// Publishes a rebuild, prints its line and sends the pages their events.
fn announce(engine: &mut Engine, report: &Rebuild, shared: &Shared, first: bool) {
    let errors = engine.has_errors();
    let changed = if errors {
        Vec::new()
    } else {
        publish(engine, shared)
    };
    *shared
        .base_path
        .write()
        .unwrap_or_else(PoisonError::into_inner) = engine.base_path();
    *shared.diffs.write().unwrap_or_else(PoisonError::into_inner) = engine.stale_diffs();
    println!(
        "{}",
        summary(engine.root(), report, engine, changed.len(), first)
    );
    // Errors at every rebuild that has them; a warning once, when the
    // change that causes it is made (also in the page overlay).
    let warnings = engine.take_new_warnings();
    eprint!("{}", engine.render_errors_and(&warnings));
    let _ = std::io::stdout().flush();
    let warned = (!warnings.is_empty()).then(|| Event::warnings(&engine.located(warnings.iter())));
    shared.hub.set_warnings(warned);
    if errors {
        shared.hub.broadcast(Event::error(&engine.problems()));
        return;
    }
    if shared.hub.has_errors() {
        shared.hub.broadcast(Event::ok());
    }
    let base = engine.base_path();
    let urls: Vec<String> = changed.iter().map(|p| url_of(&base, p)).collect();
    if let Some(event) = events::for_changes(&urls) {
        shared.hub.broadcast(event);
    }
}

/// Writes the engine's changes into the served folder and patches the
/// index requests read; returns the output paths whose bytes changed.
fn publish(engine: &mut Engine, shared: &Shared) -> Vec<String> {
    let changed = match engine.publish() {
        Ok(changed) => changed,
        Err(e) => {
            eprintln!(
                "{}: error: cannot write the served site: {e}; still serving the last good site",
                engine.served_dir().display()
            );
            return Vec::new();
        }
    };
    let mut served = shared.site.write().unwrap_or_else(PoisonError::into_inner);
    for path in &changed {
        if engine.serves(path) {
            served.insert(path.clone());
        } else {
            served.remove(path);
        }
    }
    changed
}

/// The URL path that serves output file `path`.
fn url_of(base_path: &str, path: &str) -> String {
    let p = path.strip_suffix("index.html").unwrap_or(path);
    format!("{base_path}{p}")
}

/// The terminal line for one rebuild.
fn summary(root: &Path, r: &Rebuild, engine: &Engine, changed: usize, first: bool) -> String {
    let ms = r.elapsed.as_secs_f64() * 1000.0;
    let what = match &r.kind {
        RebuildKind::Full { reason } if first => format!(
            "built {} ({} pages, {} exercises) in {ms:.0} ms",
            root.display(),
            r.pages,
            r.exercises
        ),
        RebuildKind::Full { reason } => {
            format!("{reason}: full rebuild, {} pages in {ms:.0} ms", r.pages)
        }
        RebuildKind::Pages { edited, rendered } => format!(
            "{} changed: {rendered} page(s) re-rendered in {ms:.1} ms",
            list(edited)
        ),
        RebuildKind::Static { changed } => {
            format!(
                "{} changed: static files copied in {ms:.1} ms",
                list(changed)
            )
        }
        RebuildKind::Nothing => String::new(),
    };
    let outcome = if engine.has_errors() {
        let n = engine.diagnostics().error_count();
        if first {
            format!("; {n} error(s), nothing to serve until they are fixed")
        } else {
            format!("; {n} error(s), still serving the last good site")
        }
    } else if first {
        String::new()
    } else {
        format!("; {changed} file(s) changed")
    };
    format!("{what}{outcome}")
}

fn list(paths: &[PathBuf]) -> String {
    let mut names: Vec<String> = paths
        .iter()
        .take(3)
        .map(|p| p.display().to_string())
        .collect();
    if paths.len() > 3 {
        names.push(format!("and {} more", paths.len() - 3));
    }
    names.join(", ")
}
