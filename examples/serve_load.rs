//! Load and fault test of `tilebook serve` (a benchmark, not a test; run by
//! `bench/serve-load.sh`, figures in `docs/benchmarks.md`).
//!
//! Against a running server on 127.0.0.1 it holds, for `--seconds`:
//! - `--clients` HTTP clients (ureq, keep-alive) requesting pages and static
//!   files as fast as they are answered; every answer is checked (status
//!   200, a whole page or the exact static file, never a broken revision);
//! - `--streams` open live-reload streams (`/__tilebook/events`), counting
//!   the events each receives;
//! - an editor saving pages `--saves` times a second with the patterns
//!   editors use: write in place, write a temp file then rename it over the
//!   page, delete then create, a swap file beside the page, a burst of 30
//!   saves, and a save that breaks the page followed by one that fixes it
//!   (while broken, the page must still be served at its last good
//!   revision).
//!
//! Then it probes path traversal (every encoding, symlinks in `static/`
//! pointing outside the site) and prints the figures: requests served,
//! failures, p50/p99 latency, the server's RSS, events per stream.
//!
//! ```text
//! serve_load --site DIR [--seconds 60] [--clients 50] [--streams 100] [--saves 10]
//! ```

#[path = "support/bin.rs"]
mod bin;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Text of the revision marker line the editor appends to a page body.
const MARK: &str = "Load revision";
/// The marker of a broken save: never to be served.
const BROKEN: &str = "BROKEN-REVISION";

struct Args {
    site: PathBuf,
    seconds: u64,
    clients: usize,
    streams: usize,
    saves: u64,
}

fn parse_args() -> Args {
    let mut a = Args {
        site: PathBuf::new(),
        seconds: 60,
        clients: 50,
        streams: 100,
        saves: 10,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--site" => a.site = PathBuf::from(value),
            "--seconds" => a.seconds = value.parse().expect("--seconds N"),
            "--clients" => a.clients = value.parse().expect("--clients N"),
            "--streams" => a.streams = value.parse().expect("--streams N"),
            "--saves" => a.saves = value.parse().expect("--saves N"),
            other => panic!("unknown flag {other}"),
        }
    }
    assert!(
        a.site.join("config.toml").exists(),
        "--site must be a site folder (with config.toml)"
    );
    a
}

/// Counters shared by the client threads.
#[derive(Default)]
struct Tally {
    served: AtomicU64,
    failed: AtomicU64,
    /// Requests for an edited page answered while it was broken on disk.
    during_broken: AtomicU64,
    latencies_us: Mutex<Vec<u32>>,
    failures: Mutex<Vec<String>>,
}

impl Tally {
    fn fail(&self, what: String) {
        self.failed.fetch_add(1, Ordering::Relaxed);
        let mut f = self.failures.lock().unwrap();
        if f.len() < 20 {
            f.push(what);
        }
    }
}

/// What the editor is doing, for the clients' checks.
#[derive(Default)]
struct EditState {
    /// URL of the page currently broken on disk, and the revision that must
    /// be served meanwhile.
    broken: Mutex<Option<(String, u64)>>,
}

fn main() {
    let args = parse_args();
    let site = args.site.canonicalize().expect("site folder");
    let outside = site.parent().expect("site has a parent").to_path_buf();
    std::fs::write(outside.join("secret.txt"), "TOP-SECRET-OUTSIDE\n").unwrap();

    let mut serve = Serve::start(&site);
    let addr = serve.addr;
    let pages = page_urls(&site);
    let statics = static_files(&site);
    println!(
        "serving {} pages and {} static files at http://{addr}/ (pid {})",
        pages.len(),
        statics.len(),
        serve.child.id()
    );
    // Touch every page once, so that the start figure is of a warm server.
    for url in &pages {
        let r = raw_get(addr, url);
        assert_eq!(r.status, 200, "{url} before the load");
    }
    let rss_start = rss_kb(serve.child.id());

    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Tally::default());
    let edit = Arc::new(EditState::default());
    let streams: Vec<_> = (0..args.streams)
        .map(|_| EventStream::open(addr, stop.clone()))
        .collect();

    let edited = pick_edited(&site, &pages);
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let clients: Vec<_> = (0..args.clients)
        .map(|i| {
            let (pages, statics) = (pages.clone(), statics.clone());
            let (tally, edit, stop) = (tally.clone(), edit.clone(), stop.clone());
            std::thread::spawn(move || client(i, addr, &pages, &statics, &tally, &edit, &stop))
        })
        .collect();
    let rss_probe = {
        let (stop, pid) = (stop.clone(), serve.child.id());
        std::thread::spawn(move || {
            let mut peak = 0;
            while !stop.load(Ordering::Relaxed) {
                peak = peak.max(rss_kb(pid));
                std::thread::sleep(Duration::from_millis(200));
            }
            peak
        })
    };
    let rss_warm = {
        std::thread::sleep(Duration::from_secs(5));
        rss_kb(serve.child.id())
    };
    let editor = Editor {
        addr,
        pages: edited,
        interval: Duration::from_millis(1000 / args.saves.max(1)),
        edit: edit.clone(),
        tally: tally.clone(),
        saves: 0,
        revision: 0,
        patterns: BTreeMap::new(),
    };
    let editor = std::thread::spawn(move || editor.run(deadline));
    let editor = editor.join().expect("editor");
    // Let the last rebuild land and reach the streams.
    std::thread::sleep(Duration::from_secs(2));
    let rss_end = rss_kb(serve.child.id());
    stop.store(true, Ordering::Relaxed);
    for c in clients {
        c.join().expect("client");
    }
    let rss_peak = rss_probe.join().unwrap();
    let counts: Vec<StreamCount> = streams.into_iter().map(EventStream::finish).collect();
    std::thread::sleep(Duration::from_secs(1));
    let rss_after = rss_kb(serve.child.id());

    let traversal = probe_traversal(addr, &site, &outside);
    let stderr_errors = serve.drain_stderr_errors();
    serve.stop();
    report(&Report {
        args: &args,
        tally: &tally,
        editor: &editor,
        counts: &counts,
        rss: [rss_start, rss_warm, rss_end, rss_peak, rss_after],
        traversal: &traversal,
        stderr_errors,
    });
}

/// Every page URL of the site (from its content folder; generated sites use
/// no slugs).
fn page_urls(site: &Path) -> Vec<String> {
    let mut urls = Vec::new();
    for lang_dir in std::fs::read_dir(site.join("content")).unwrap().flatten() {
        let lang = lang_dir.file_name().to_string_lossy().to_string();
        for f in walk(&lang_dir.path()) {
            let rel = f.strip_prefix(lang_dir.path()).unwrap();
            let rel = rel.to_string_lossy().replace('\\', "/");
            let Some(stem) = rel.strip_suffix(".md") else {
                continue;
            };
            let path = match stem.strip_suffix("_index") {
                Some(dir) => dir.to_string(),
                None => format!("{stem}/"),
            };
            urls.push(format!("/{lang}/{path}"));
        }
    }
    urls.sort();
    urls
}

/// Static files (URL, bytes) of the theme and the site.
fn static_files(site: &Path) -> Vec<(String, Arc<Vec<u8>>)> {
    let theme = std::fs::read_to_string(site.join("config.toml"))
        .unwrap()
        .lines()
        .find_map(|l| {
            let v = l.strip_prefix("theme")?.trim().strip_prefix('=')?;
            Some(v.trim().trim_matches('"').to_string())
        })
        .unwrap_or_else(|| "felt".into());
    let mut files = Vec::new();
    for dir in [
        site.join("themes").join(theme).join("static"),
        site.join("static"),
    ] {
        for f in walk(&dir) {
            let rel = f
                .strip_prefix(&dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            files.push((format!("/{rel}"), Arc::new(std::fs::read(&f).unwrap())));
        }
    }
    files
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(read) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in read.flatten() {
        let p = e.path();
        let name = e.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        if e.file_type().unwrap().is_dir() {
            out.extend(walk(&p));
        } else if e.file_type().unwrap().is_file() {
            out.push(p);
        }
    }
    out
}

/// A small deterministic generator (xorshift), so runs are comparable.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// One client: requests pages (9 in 10) and static files until `stop`.
fn client(
    i: usize,
    addr: SocketAddr,
    pages: &[String],
    statics: &[(String, Arc<Vec<u8>>)],
    tally: &Tally,
    edit: &EditState,
    stop: &AtomicBool,
) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(10)))
        .build()
        .into();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (i as u64 + 1));
    let mut lat = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let broken = edit.broken.lock().unwrap().clone();
        // While a page is broken, a share of the requests go to it.
        let (url, expect_static) = match (&broken, rng.below(10)) {
            (Some((u, _)), 0..=1) => (u.clone(), None),
            (_, 0) if !statics.is_empty() => {
                let (u, b) = &statics[rng.below(statics.len())];
                (u.clone(), Some(b.clone()))
            }
            _ => (pages[rng.below(pages.len())].clone(), None),
        };
        let start = Instant::now();
        let result = agent
            .get(format!("http://{addr}{url}"))
            .call()
            .and_then(|mut r| {
                let status = r.status().as_u16();
                let body = r.body_mut().with_config().limit(64 << 20).read_to_vec()?;
                Ok((status, body))
            });
        lat.push(start.elapsed().as_micros().min(u32::MAX as u128) as u32);
        match result {
            Err(e) => tally.fail(format!("{url}: {e}")),
            Ok((status, _)) if status != 200 => tally.fail(format!("{url}: status {status}")),
            Ok((_, body)) => {
                if let Some(expected) = expect_static {
                    if body != *expected {
                        tally.fail(format!("{url}: static file differs"));
                        continue;
                    }
                } else {
                    let text = String::from_utf8_lossy(&body);
                    if let Err(why) = check_page(&text, &url, &broken, false, tally) {
                        tally.fail(format!("{url}: {why}"));
                        continue;
                    }
                }
                tally.served.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    tally.latencies_us.lock().unwrap().extend(lat);
}

/// A served page is whole, carries the live-reload script, and never shows
/// a broken save; while its source is broken it shows the last good
/// revision (`exact`), or a later one (a client whose request may have been
/// answered after the fix landed).
fn check_page(
    text: &str,
    url: &str,
    broken: &Option<(String, u64)>,
    exact: bool,
    tally: &Tally,
) -> Result<(), String> {
    if !text.contains("</html>") || !text.contains("/__tilebook/live.js") {
        return Err("not a whole page".into());
    }
    if text.contains(BROKEN) {
        return Err("served a broken save".into());
    }
    if let Some((u, good)) = broken
        && u == url
    {
        tally.during_broken.fetch_add(1, Ordering::Relaxed);
        let rev = revision_of(text);
        let ok = rev.is_some_and(|r| if exact { r == *good } else { r >= *good });
        if !ok {
            return Err(format!(
                "while broken: revision {rev:?} served, last good is {good}"
            ));
        }
    }
    Ok(())
}

fn revision_of(text: &str) -> Option<u64> {
    let at = text.rfind(MARK)? + MARK.len();
    let digits: String = text[at..]
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Pages the editor saves: 20 lesson pages of the default language
/// (`en` in generated sites), so that every save also makes its
/// translations stale.
fn pick_edited(site: &Path, urls: &[String]) -> Vec<(PathBuf, String, String)> {
    let mut out = Vec::new();
    let lessons = urls
        .iter()
        .filter(|u| u.starts_with("/en/") && u.ends_with('/') && u.matches('/').count() >= 4);
    for url in lessons {
        let rel = url.trim_start_matches('/').trim_end_matches('/');
        let path = site.join("content").join(format!("{rel}.md"));
        if let Ok(text) = std::fs::read_to_string(&path) {
            out.push((path, url.clone(), text));
        }
        if out.len() == 20 {
            break;
        }
    }
    assert!(!out.is_empty(), "no lesson pages to edit");
    out
}

/// How the editor saves a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Pattern {
    InPlace,
    TempRename,
    DeleteCreate,
    SwapFile,
    Burst,
    BreakFix,
}

const PATTERNS: [Pattern; 6] = [
    Pattern::InPlace,
    Pattern::TempRename,
    Pattern::DeleteCreate,
    Pattern::SwapFile,
    Pattern::Burst,
    Pattern::BreakFix,
];

struct Editor {
    addr: SocketAddr,
    /// (file, URL, original text) of each edited page.
    pages: Vec<(PathBuf, String, String)>,
    interval: Duration,
    edit: Arc<EditState>,
    tally: Arc<Tally>,
    saves: u64,
    revision: u64,
    patterns: BTreeMap<Pattern, u64>,
}

/// What the editor did.
struct EditorReport {
    saves: u64,
    patterns: BTreeMap<Pattern, u64>,
    broken_windows: u64,
    broken_checks: u64,
    /// Longest time from a save to the page serving it.
    max_visible_ms: f64,
    visible_ms: Vec<f64>,
}

impl Editor {
    fn run(mut self, deadline: Instant) -> EditorReport {
        let events = EventStream::open(self.addr, Arc::new(AtomicBool::new(false)));
        let mut report = EditorReport {
            saves: 0,
            patterns: BTreeMap::new(),
            broken_windows: 0,
            broken_checks: 0,
            max_visible_ms: 0.0,
            visible_ms: Vec::new(),
        };
        let mut tick = 0usize;
        let mut next = Instant::now();
        while Instant::now() < deadline {
            let pattern = PATTERNS[tick % PATTERNS.len()];
            let page = tick % self.pages.len();
            tick += 1;
            *self.patterns.entry(pattern).or_default() += 1;
            match pattern {
                Pattern::BreakFix => self.break_and_fix(page, &events, &mut report),
                _ => {
                    let start = Instant::now();
                    let rev = self.save(page, pattern);
                    // Saves land in order: the served page reaches this revision.
                    let ms = self.wait_served(page, rev, Duration::from_secs(10), start);
                    report.visible_ms.push(ms);
                }
            }
            next += self.interval;
            if let Some(left) = next.checked_duration_since(Instant::now()) {
                std::thread::sleep(left);
            } else {
                next = Instant::now();
            }
        }
        for (path, _, text) in &self.pages {
            std::fs::write(path, text).unwrap();
        }
        report.saves = self.saves;
        report.patterns = self.patterns;
        report.max_visible_ms = report.visible_ms.iter().cloned().fold(0.0, f64::max);
        let _ = events.finish();
        report
    }

    fn text(&self, page: usize, rev: u64, broken: bool) -> String {
        let original = &self.pages[page].2;
        if broken {
            format!("{original}\n\n{BROKEN} {rev}.\n\n```quiz\nkind = \"no-such-kind\"\n```\n")
        } else {
            format!("{original}\n\n{MARK} {rev}.\n")
        }
    }

    /// One save of `page` with `pattern`; returns the revision written.
    fn save(&mut self, page: usize, pattern: Pattern) -> u64 {
        self.revision += 1;
        let rev = self.revision;
        let path = self.pages[page].0.clone();
        let dir = path.parent().unwrap().to_path_buf();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = self.text(page, rev, false);
        self.saves += 1;
        match pattern {
            Pattern::InPlace | Pattern::BreakFix => std::fs::write(&path, &text).unwrap(),
            Pattern::TempRename => {
                // gedit/GIO-style hidden temp on even saves, JetBrains-style
                // visible temp on odd ones.
                let tmp = if rev % 2 == 0 {
                    dir.join(format!(".goutputstream-{rev:06}"))
                } else {
                    dir.join(format!("{name}___jb_tmp___"))
                };
                std::fs::write(&tmp, &text).unwrap();
                std::fs::rename(&tmp, &path).unwrap();
            }
            Pattern::DeleteCreate => {
                std::fs::remove_file(&path).unwrap();
                std::fs::write(&path, &text).unwrap();
            }
            Pattern::SwapFile => {
                // vim: swap file, "4913" probe, backup `page.md~`, write, clean up;
                // emacs: `#page.md#` autosave.
                let swap = dir.join(format!(".{name}.swp"));
                let probe = dir.join("4913");
                let backup = dir.join(format!("{name}~"));
                let autosave = dir.join(format!("#{name}#"));
                std::fs::write(&swap, b"b0VIM 9.0").unwrap();
                std::fs::write(&probe, b"").unwrap();
                std::fs::remove_file(&probe).unwrap();
                std::fs::copy(&path, &backup).unwrap();
                std::fs::write(&autosave, &text).unwrap();
                std::fs::write(&path, &text).unwrap();
                std::fs::remove_file(&backup).unwrap();
                std::fs::remove_file(&autosave).unwrap();
                std::fs::remove_file(&swap).unwrap();
            }
            Pattern::Burst => {
                for _ in 0..29 {
                    self.revision += 1;
                    self.saves += 1;
                    let t = self.text(page, self.revision, false);
                    std::fs::write(&path, t).unwrap();
                }
                let t = self.text(page, self.revision, false);
                std::fs::write(&path, t).unwrap();
            }
        }
        self.revision
    }

    /// Waits until `page` serves revision `rev` (or later); milliseconds
    /// since `start`.
    fn wait_served(&self, page: usize, rev: u64, timeout: Duration, start: Instant) -> f64 {
        let url = &self.pages[page].1;
        loop {
            let r = raw_get(self.addr, url);
            if r.status == 200 && revision_of(&r.body).is_some_and(|v| v >= rev) {
                return start.elapsed().as_secs_f64() * 1000.0;
            }
            if start.elapsed() > timeout {
                self.tally.fail(format!(
                    "{url}: revision {rev} not served within {timeout:?} (status {})",
                    r.status
                ));
                return start.elapsed().as_secs_f64() * 1000.0;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// A good save, a broken one (the page must keep serving the good one
    /// while the server reports the error), then the fix.
    fn break_and_fix(&mut self, page: usize, events: &EventStream, report: &mut EditorReport) {
        let start = Instant::now();
        let good = self.save(page, Pattern::InPlace);
        self.wait_served(page, good, Duration::from_secs(10), start);
        self.revision += 1;
        self.saves += 1;
        let url = self.pages[page].1.clone();
        let errors_before = events.count("error");
        *self.edit.broken.lock().unwrap() = Some((url.clone(), good));
        std::fs::write(&self.pages[page].0, self.text(page, self.revision, true)).unwrap();
        let waited = Instant::now();
        while events.count("error") == errors_before {
            if waited.elapsed() > Duration::from_secs(10) {
                self.tally
                    .fail(format!("{url}: no error event for a broken save"));
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // The server now knows the page is broken: it must serve the good one.
        for _ in 0..20 {
            let r = raw_get(self.addr, &url);
            report.broken_checks += 1;
            let tally = &self.tally;
            if r.status != 200 {
                tally.fail(format!("{url}: status {} while broken", r.status));
            } else if let Err(why) =
                check_page(&r.body, &url, &Some((url.clone(), good)), true, tally)
            {
                tally.fail(format!("{url}: {why}"));
            }
        }
        report.broken_windows += 1;
        let start = Instant::now();
        let fixed = self.save(page, Pattern::InPlace);
        *self.edit.broken.lock().unwrap() = None;
        self.wait_served(page, fixed, Duration::from_secs(10), start);
    }
}

/// Events one stream received.
#[derive(Debug, Default, Clone)]
struct StreamCount {
    by_name: BTreeMap<String, u64>,
    closed_early: bool,
}

/// An open live-reload stream, read on its own thread.
struct EventStream {
    counts: Arc<Mutex<StreamCount>>,
    thread: std::thread::JoinHandle<()>,
    stop: Arc<AtomicBool>,
    stream: TcpStream,
}

impl EventStream {
    fn open(addr: SocketAddr, stop: Arc<AtomicBool>) -> EventStream {
        let mut s = TcpStream::connect(addr).expect("connect events");
        write!(
            s,
            "GET /__tilebook/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(s.try_clone().unwrap());
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        assert!(status.starts_with("HTTP/1.1 200"), "events: {status}");
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if line.trim().is_empty() {
                break;
            }
        }
        let counts = Arc::new(Mutex::new(StreamCount::default()));
        let (c, st) = (counts.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { break };
                if let Some(name) = line.strip_prefix("event: ") {
                    *c.lock()
                        .unwrap()
                        .by_name
                        .entry(name.to_string())
                        .or_default() += 1;
                }
            }
            if !st.load(Ordering::Relaxed) {
                c.lock().unwrap().closed_early = true;
            }
        });
        EventStream {
            counts,
            thread,
            stop,
            stream: s,
        }
    }

    fn count(&self, name: &str) -> u64 {
        self.counts
            .lock()
            .unwrap()
            .by_name
            .get(name)
            .copied()
            .unwrap_or(0)
    }

    fn finish(self) -> StreamCount {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
        let _ = self.thread.join();
        self.counts.lock().unwrap().clone()
    }
}

/// Traversal probes: (request path, status, leaked?).
fn probe_traversal(addr: SocketAddr, site: &Path, outside: &Path) -> Vec<(String, u16, bool)> {
    // Symlinks in static/ pointing outside the site, added while serving.
    let st = site.join("static");
    std::fs::create_dir_all(&st).unwrap();
    let secret_dir = outside.join("secret-dir");
    std::fs::create_dir_all(&secret_dir).unwrap();
    std::fs::write(secret_dir.join("inner.txt"), "TOP-SECRET-OUTSIDE\n").unwrap();
    let links = [
        (st.join("leak.txt"), outside.join("secret.txt")),
        (st.join("leak-dir"), secret_dir.clone()),
        (st.join("passwd"), PathBuf::from("/etc/passwd")),
    ];
    for (link, target) in &links {
        let _ = std::fs::remove_file(link);
        std::os::unix::fs::symlink(target, link).unwrap();
    }
    std::thread::sleep(Duration::from_secs(1));
    let abs = outside.join("secret.txt").display().to_string();
    let mut probes: Vec<String> = tilebook_traversal_paths()
        .into_iter()
        .map(str::to_string)
        .collect();
    probes.extend([
        "/leak.txt".into(),
        "/leak-dir/inner.txt".into(),
        "/passwd".into(),
        abs.clone(),
        format!("/{}", abs.trim_start_matches('/').replace('/', "%2f")),
    ]);
    let results = probes
        .into_iter()
        .map(|p| {
            let r = raw_get(addr, &p);
            let leaked = r.body.contains("TOP-SECRET") || r.body.contains("root:");
            (p, r.status, leaked)
        })
        .collect();
    for (link, _) in &links {
        let _ = std::fs::remove_file(link);
    }
    results
}

/// The traversal paths `tests/testsuite/serve.rs` checks too.
fn tilebook_traversal_paths() -> Vec<&'static str> {
    include_str!("../tests/fixtures/traversal-paths.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

struct Report<'a> {
    args: &'a Args,
    tally: &'a Tally,
    editor: &'a EditorReport,
    counts: &'a [StreamCount],
    /// KiB: after warm-up, after 5 s of load, at the end of the load, peak,
    /// 1 s after the load.
    rss: [u64; 5],
    traversal: &'a [(String, u16, bool)],
    stderr_errors: usize,
}

fn report(r: &Report<'_>) {
    let mut lat = r.tally.latencies_us.lock().unwrap().clone();
    lat.sort_unstable();
    let pct = |p: f64| -> f64 {
        if lat.is_empty() {
            return 0.0;
        }
        lat[((lat.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0
    };
    let served = r.tally.served.load(Ordering::Relaxed);
    let failed = r.tally.failed.load(Ordering::Relaxed);
    println!(
        "load: {} clients, {} streams, {} s, {} saves/s",
        r.args.clients, r.args.streams, r.args.seconds, r.args.saves
    );
    println!(
        "requests served: {served} ({:.0}/s), failed: {failed}",
        served as f64 / r.args.seconds as f64
    );
    println!(
        "latency: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0)
    );
    for f in r.tally.failures.lock().unwrap().iter() {
        println!("  failure: {f}");
    }
    let e = r.editor;
    let mut vis = e.visible_ms.clone();
    vis.sort_by(f64::total_cmp);
    let median = vis.get(vis.len() / 2).copied().unwrap_or(0.0);
    println!(
        "saves: {} ({:?}); save → served: median {median:.0} ms, max {:.0} ms",
        e.saves, e.patterns, e.max_visible_ms
    );
    println!(
        "broken saves: {} windows, {} editor checks + {} client requests of the broken page, all answered with the last good revision unless listed above",
        e.broken_windows,
        e.broken_checks,
        r.tally.during_broken.load(Ordering::Relaxed)
    );
    let [start, warm, end, peak, after] = r.rss;
    let growth = |from: u64| (end as f64 / from.max(1) as f64 - 1.0) * 100.0;
    println!(
        "server RSS: {:.1} MiB after warm-up, {:.1} MiB after 5 s of load, {:.1} MiB at the end ({:+.1} % from warm-up, {:+.1} % from 5 s), peak {:.1} MiB, {:.1} MiB 1 s after",
        start as f64 / 1024.0,
        warm as f64 / 1024.0,
        end as f64 / 1024.0,
        growth(start),
        growth(warm),
        peak as f64 / 1024.0,
        after as f64 / 1024.0
    );
    let reloads: Vec<u64> = r
        .counts
        .iter()
        .map(|c| c.by_name.get("reload").copied().unwrap_or(0))
        .collect();
    let (min, max) = (
        reloads.iter().min().copied().unwrap_or(0),
        reloads.iter().max().copied().unwrap_or(0),
    );
    let closed = r.counts.iter().filter(|c| c.closed_early).count();
    let mut names: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
    for c in r.counts {
        for (n, v) in &c.by_name {
            let e = names.entry(n).or_insert((u64::MAX, 0));
            e.0 = e.0.min(*v);
            e.1 = e.1.max(*v);
        }
    }
    println!(
        "streams: {} open; reloads per stream min {min}, max {max}; events (min..max per stream): {names:?}; closed early: {closed}",
        r.counts.len()
    );
    let bad: Vec<_> = r
        .traversal
        .iter()
        .filter(|(_, s, leaked)| *leaked || !(*s == 400 || *s == 404))
        .collect();
    println!(
        "traversal: {} probes, {} answered 400, {} answered 404, {} bad {bad:?}",
        r.traversal.len(),
        r.traversal.iter().filter(|t| t.1 == 400).count(),
        r.traversal.iter().filter(|t| t.1 == 404).count(),
        bad.len()
    );
    println!("server error lines on stderr: {}", r.stderr_errors);
    let ok = failed == 0 && bad.is_empty() && min > 0 && closed == 0;
    println!("{}", if ok { "RESULT: PASS" } else { "RESULT: FAIL" });
}

fn rss_kb(pid: u32) -> u64 {
    bin::status_kb(pid, "VmRSS")
}

/// A plain answer.
struct Reply {
    status: u16,
    body: String,
}

/// `GET path` sent verbatim (no client-side normalization), HTTP/1.0.
fn raw_get(addr: SocketAddr, path: &str) -> Reply {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return Reply {
            status: 0,
            body: String::new(),
        };
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n");
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .lines()
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Reply {
        status,
        body: body.to_string(),
    }
}

/// The server under test (release binary beside this example).
struct Serve {
    child: Child,
    addr: SocketAddr,
    stderr: Receiver<String>,
}

impl Serve {
    fn start(root: &Path) -> Serve {
        let bin = bin::tilebook();
        let mut child = Command::new(&bin)
            .arg("--root")
            .arg(root)
            .args(["serve", "--bind", "127.0.0.1", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = lines(child.stdout.take().unwrap());
        let stderr = lines(child.stderr.take().unwrap());
        let addr = loop {
            let line = stdout
                .recv_timeout(Duration::from_secs(600))
                .expect("serve prints its URL");
            if let Some(a) = line
                .split("http://")
                .nth(1)
                .and_then(|r| r.split('/').next())
                .and_then(|a| a.parse().ok())
            {
                break a;
            }
        };
        // Keep draining stdout so the server never blocks on it
        // (`LOAD_DEBUG=1`: print its lines with the time and the RSS).
        let debug = std::env::var_os("LOAD_DEBUG").is_some();
        let pid = child.id();
        let t0 = Instant::now();
        std::thread::spawn(move || {
            for line in stdout.iter() {
                if debug {
                    let t = t0.elapsed().as_secs_f64();
                    println!("  [{t:7.3} s, {} KiB] {line}", rss_kb(pid));
                }
            }
        });
        Serve {
            child,
            addr,
            stderr,
        }
    }

    /// Error lines the server printed that are not the deliberate broken save.
    fn drain_stderr_errors(&self) -> usize {
        self.stderr
            .try_iter()
            .filter(|l| l.contains("error") && !l.contains("no-such-kind"))
            .inspect(|l| println!("  server: {l}"))
            .count()
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn lines(r: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(r).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}
