//! Serve: the live-reload authoring server.
//!
//! Builds the site into memory ([`Engine`]), serves it with tiny_http from an
//! `Arc<RwLock<Arc<Output>>>` that is swapped or patched after every
//! successful rebuild (a failed rebuild keeps the last good site), watches
//! the site's sources with a short debounce, rebuilds incrementally, and
//! pushes `reload`/`css`/`error`/`ok` events to every open page over
//! Server-Sent Events. Nothing is ever written to disk.

mod engine;
mod events;
mod http;
mod watch;

use std::fmt;
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, PoisonError, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

pub use engine::{Dirty, Engine, Problem, Rebuild, RebuildKind, is_watched};
pub use events::{EVENTS_PATH, Event};
pub use http::{LIVE_JS_PATH, Target, content_type, decode, inject, resolve};

use crate::output::Output;
use crate::site::BuildOptions;
use events::Hub;
use http::Shared;

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
    let http = tiny_http::Server::http(&wanted)
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

    let changes = watch::Watcher::start(&root, opts.debounce).map_err(ServeError::Watch)?;
    let (mut engine, first) = Engine::new(build);
    let shared = Arc::new(Shared {
        site: Arc::new(RwLock::new(Arc::new(Output::new()))),
        hub: Arc::new(Hub::default()),
        base_path: RwLock::new(engine.base_path()),
    });
    after_rebuild(&mut engine, &first, &shared, true);
    let base_path = engine.base_path();

    let http = Arc::new(http);
    let server_shared = shared.clone();
    let accept = std::thread::Builder::new()
        .name("tilebook-http".into())
        .spawn(move || accept_loop(&http, &server_shared))
        .expect("spawn http thread");
    let rebuild = std::thread::Builder::new()
        .name("tilebook-rebuild".into())
        .spawn(move || rebuild_loop(engine, changes, &shared))
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

fn rebuild_loop(mut engine: Engine, changes: watch::Watcher, shared: &Arc<Shared>) {
    let rx: &Receiver<Vec<PathBuf>> = changes.receiver();
    while let Ok(mut paths) = rx.recv() {
        while let Ok(more) = rx.try_recv() {
            paths.extend(more);
        }
        changes.watch_new_dirs(&paths);
        let report = engine.rebuild(&paths);
        after_rebuild(&mut engine, &report, shared, false);
    }
}

/// Publishes a successful rebuild, prints its line, and tells the pages.
fn after_rebuild(engine: &mut Engine, report: &Rebuild, shared: &Shared, first: bool) {
    if report.kind == RebuildKind::Nothing {
        return;
    }
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
    println!(
        "{}",
        summary(engine.root(), report, engine, changed.len(), first)
    );
    let diags = engine.render_diagnostics();
    if errors || (first && !diags.is_empty()) || matches!(report.kind, RebuildKind::Full { .. }) {
        eprint!("{diags}");
    }
    let _ = std::io::stdout().flush();
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

/// Applies the engine's changes to the served site; returns the output
/// paths whose bytes changed.
fn publish(engine: &mut Engine, shared: &Shared) -> Vec<String> {
    let dirty = engine.take_dirty();
    let Some(out) = engine.output() else {
        return Vec::new();
    };
    let mut changed = Vec::new();
    match dirty {
        Dirty::All => {
            let fresh = Arc::new(out.clone());
            let old = shared
                .site
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .clone();
            for p in old.paths().filter(|p| !fresh.contains(p)) {
                changed.push(p.to_string());
            }
            for (p, bytes) in fresh.iter() {
                if old.get(p) != Some(bytes) {
                    changed.push(p.to_string());
                }
            }
            *shared.site.write().unwrap_or_else(PoisonError::into_inner) = fresh;
        }
        Dirty::Paths(paths) => {
            let mut guard = shared.site.write().unwrap_or_else(PoisonError::into_inner);
            // In place unless a request still holds the previous version.
            let served = Arc::make_mut(&mut guard);
            for p in paths {
                match out.get(&p) {
                    Some(bytes) if served.get(&p) == Some(bytes) => {}
                    Some(bytes) => {
                        served.insert(p.clone(), bytes);
                        changed.push(p);
                    }
                    None => {
                        if served.remove(&p).is_some() {
                            changed.push(p);
                        }
                    }
                }
            }
        }
    }
    changed.sort();
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
