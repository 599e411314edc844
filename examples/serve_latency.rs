//! Benchmark (not a test): edit-to-served latency of `tilebook serve` (or of
//! `zola serve`, for comparison).
//!
//! Starts the `tilebook` binary built beside this example with `serve --port 0`
//! on a temp copy of a site, then, `--edits` times, rewrites one page's body
//! with a unique marker and polls that page over HTTP until the marker is
//! served, and, `--titles` times, changes one page's title and polls until
//! the page after it (its `rel="next"` link) and its section's index page
//! show the new title. For tilebook it also times the `reload` event on an
//! open live-reload stream (the served site is patched before the event is
//! sent, so the event's arrival is "every changed page served"). Reports
//! medians, p90 and max, and the server's RSS after the first build, after
//! the edits, and its peak.
//!
//! ```text
//! cargo build --release --bin tilebook --example serve_latency
//! target/release/examples/serve_latency generated [--pages 10000] [--langs 4] [--edits 30]
//! target/release/examples/serve_latency site <DIR> [--edits 30] [--titles 0] [--no-late] [--timings]
//! target/release/examples/serve_latency zola <DIR> --zola <BIN> [--edits 30] [--titles 0]
//! ```
//! `--timings` starts the server with `serve --timings` and adds the median
//! of each rebuild step it reports (see `site::Steps`).
//! `bench/serve-latency.sh` runs the first two, and the flat 10,000-page
//! comparison with Zola when `ZOLA=` names its binary.

#[path = "support/bin.rs"]
mod bin;

use bin::status_kb;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

const FIXTURE_THEME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/basic/themes");

struct Args {
    mode: Mode,
    edits: usize,
    titles: usize,
    zola: Option<PathBuf>,
    /// Switch the search index and offline files off in the copy (the late
    /// phase, which runs after the reload and blocks the next rebuild).
    no_late: bool,
    /// Ask the server for its rebuild steps and report their medians.
    timings: bool,
}

enum Mode {
    Generated {
        pages: usize,
        langs: usize,
    },
    Site(PathBuf),
    /// A Zola site (`gen-corpus`'s `<out>/zola/`), served by `zola serve`.
    Zola(PathBuf),
}

fn parse_args() -> Args {
    let mut it = std::env::args().skip(1);
    let mut args = Args {
        mode: Mode::Generated {
            pages: 10_000,
            langs: 4,
        },
        edits: 30,
        titles: 0,
        zola: None,
        no_late: false,
        timings: false,
    };
    while let Some(a) = it.next() {
        let mut num = || it.next().and_then(|v| v.parse().ok()).expect("a number");
        match a.as_str() {
            "generated" => {}
            "site" => args.mode = Mode::Site(PathBuf::from(it.next().expect("a site folder"))),
            "zola" => args.mode = Mode::Zola(PathBuf::from(it.next().expect("a site folder"))),
            "--zola" => args.zola = Some(PathBuf::from(it.next().expect("a zola binary"))),
            "--titles" => args.titles = num(),
            "--no-late" => args.no_late = true,
            "--timings" => args.timings = true,
            "--pages" => {
                if let Mode::Generated { pages, .. } = &mut args.mode {
                    *pages = num();
                }
            }
            "--langs" => {
                if let Mode::Generated { langs, .. } = &mut args.mode {
                    *langs = num();
                }
            }
            "--edits" => args.edits = num(),
            other => panic!("unknown argument {other:?}"),
        }
    }
    args
}

fn main() {
    let args = parse_args();
    let tmp = tempfile::tempdir().expect("temp folder");
    let root = tmp.path().join("site");
    let (label, targets) = match &args.mode {
        Mode::Generated { pages, langs } => {
            let t = Instant::now();
            let targets = generate(&root, *pages, *langs);
            eprintln!(
                "generated {pages} pages in {langs} languages in {:?}",
                t.elapsed()
            );
            (
                format!("generated site, {pages} pages in {langs} languages"),
                targets,
            )
        }
        Mode::Site(dir) | Mode::Zola(dir) => {
            copy_site(dir, &root);
            if args.no_late {
                switch_late_off(&root.join("config.toml"));
            }
            let zola = matches!(args.mode, Mode::Zola(_));
            let targets = pick_pages(&root, zola);
            let tool = if zola { "zola serve" } else { "tilebook serve" };
            (
                format!("{} ({} pages), {tool}", dir.display(), count_pages(&root)),
                targets,
            )
        }
    };
    let mut serve = match &args.mode {
        Mode::Zola(_) => Serve::start_zola(&root, args.zola.as_deref().expect("--zola BIN")),
        _ => Serve::start(&root, args.timings),
    };
    eprintln!("initial build: {}", serve.first_line);
    // Each edit is measured on an idle server: the late phase (search
    // index, offline lists) of the last change has run.
    let late = !args.no_late && !serve.zola;
    let rss_built = status_kb(serve.child.id(), "VmRSS");
    if late {
        serve.wait_late();
    }
    let rss_start = status_kb(serve.child.id(), "VmRSS");
    let events = serve.events();

    // Warm up: one edit that is not measured.
    let mut body = Timings::default();
    for k in 0..=args.edits {
        let (file, url) = &targets[k % targets.len()];
        let text = std::fs::read_to_string(file).unwrap();
        let marker = format!("latency-marker-{k}-{}", std::process::id());
        let edited = replace_marker(&text, &marker);
        drain(events.as_ref());
        let t0 = Instant::now();
        std::fs::write(file, &edited).unwrap();
        serve.poll_until(url, &[&marker], Duration::from_secs(30));
        let served = t0.elapsed();
        let reload = wait_reload(events.as_ref(), url, t0);
        let rebuild = serve.rebuild_ms(Duration::from_secs(5));
        let steps = args.timings.then(|| serve.steps()).flatten();
        if k > 0 {
            body.push(served, reload, rebuild);
            body.push_steps(steps.as_deref());
        }
        if late {
            serve.wait_late();
        }
        std::thread::sleep(Duration::from_millis(150));
    }
    let rss_body = status_kb(serve.child.id(), "VmRSS");

    let mut titles = Timings::default();
    for k in 0..args.titles.min(targets.len()) {
        let (file, url) = &targets[(k * 7 + 3) % targets.len()];
        let page = get(serve.addr, url);
        let (Some(next), Some(index)) =
            (link_after(&page, "rel=\"next\" href=\""), section_of(url))
        else {
            continue;
        };
        let text = std::fs::read_to_string(file).unwrap();
        let title = format!("Retitled {k} {}", std::process::id());
        drain(events.as_ref());
        let t0 = Instant::now();
        std::fs::write(file, retitle(&text, &title)).unwrap();
        serve.poll_until(&next, &[&title], Duration::from_secs(60));
        serve.poll_until(&index, &[&title], Duration::from_secs(60));
        let served = t0.elapsed();
        let reload = wait_reload(events.as_ref(), url, t0);
        titles.push(served, reload, serve.rebuild_ms(Duration::from_secs(60)));
        let steps = args.timings.then(|| serve.steps()).flatten();
        titles.push_steps(steps.as_deref());
        if late {
            serve.wait_late();
        }
        std::thread::sleep(Duration::from_millis(150));
    }
    let rss_end = status_kb(serve.child.id(), "VmRSS");
    let peak = status_kb(serve.child.id(), "VmHWM");
    serve.stop();
    println!("{label}");
    report("body edit: file write -> new page served", &body);
    if args.titles > 0 {
        report(
            "title edit: file write -> next page and section index show it",
            &titles,
        );
    }
    let search = if serve.zola {
        "zola serve"
    } else if late {
        "search index and offline files on"
    } else {
        "search index and offline files off"
    };
    println!(
        "  server RSS ({search}): {} MiB after the first build, {} MiB once idle, {} MiB after the body edits, {} MiB at the end, peak {} MiB",
        rss_built / 1024,
        rss_start / 1024,
        rss_body / 1024,
        rss_end / 1024,
        peak / 1024
    );
}

/// Latencies of one kind of edit.
#[derive(Default)]
struct Timings {
    served: Vec<f64>,
    reload: Vec<f64>,
    rebuild: Vec<f64>,
    /// Each rebuild step the server reported (`--timings`), in order.
    steps: Vec<(String, Vec<f64>)>,
}

impl Timings {
    /// Adds a `steps: links before 3.1 ms, pages 2.0 ms` line's figures.
    fn push_steps(&mut self, line: Option<&str>) {
        let Some(list) = line.and_then(|l| l.trim().strip_prefix("steps: ")) else {
            return;
        };
        for step in list.split(", ") {
            let Some((name, ms)) = step
                .strip_suffix(" ms")
                .and_then(|s| s.rsplit_once(' '))
                .and_then(|(n, v)| Some((n, v.parse::<f64>().ok()?)))
            else {
                continue;
            };
            match self.steps.iter_mut().find(|(n, _)| n == name) {
                Some((_, v)) => v.push(ms),
                None => self.steps.push((name.to_string(), vec![ms])),
            }
        }
    }

    fn push(&mut self, served: Duration, reload: Option<Duration>, rebuild: Option<f64>) {
        self.served.push(served.as_secs_f64() * 1000.0);
        if let Some(r) = reload {
            self.reload.push(r.as_secs_f64() * 1000.0);
        }
        self.rebuild.extend(rebuild);
    }
}

/// The href after `marker` in `html`, as a path (a permalink's host dropped).
fn link_after(html: &str, marker: &str) -> Option<String> {
    let rest = &html[html.find(marker)? + marker.len()..];
    let href = &rest[..rest.find('"')?];
    let path = match href.strip_prefix("http://") {
        Some(r) => &r[r.find('/')?..],
        None => href,
    };
    Some(path.to_string())
}

/// The section index URL of a page URL (`/en/lessons/x/` → `/en/lessons/`).
fn section_of(url: &str) -> Option<String> {
    let trimmed = url.trim_end_matches('/');
    let cut = trimmed.rfind('/')?;
    Some(format!("{}/", &trimmed[..cut]))
}

/// The page with its front matter's `title` replaced.
fn retitle(text: &str, title: &str) -> String {
    let mut done = false;
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        if !done && line.starts_with("title = ") {
            out.push_str(&format!("title = {title:?}\n"));
            done = true;
        } else {
            out.push_str(line);
        }
    }
    out
}

fn drain(events: Option<&Receiver<(Instant, String)>>) {
    if let Some(rx) = events {
        while rx.try_recv().is_ok() {}
    }
}

/// When the `reload` event that names `url` (or every page) arrived.
fn wait_reload(
    events: Option<&Receiver<(Instant, String)>>,
    url: &str,
    t0: Instant,
) -> Option<Duration> {
    let rx = events?;
    let deadline = Instant::now() + Duration::from_secs(30);
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        let (at, data) = rx.recv_timeout(left).ok()?;
        if data.contains(&format!("\"{url}\"")) || data.contains("\"all\":true") {
            return Some(at.duration_since(t0));
        }
    }
    None
}

fn report(what: &str, t: &Timings) {
    let s = stats(&t.served);
    println!(
        "  {what}: median {:.1} ms, p90 {:.1} ms, min {:.1} ms, max {:.1} ms ({} edits)",
        s.0,
        s.1,
        s.2,
        s.3,
        t.served.len()
    );
    if !t.reload.is_empty() {
        let r = stats(&t.reload);
        println!(
            "    file write -> reload event received: median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
            r.0, r.1, r.3
        );
    }
    if !t.rebuild.is_empty() {
        let r = stats(&t.rebuild);
        println!(
            "    rebuild itself (as serve reports it): median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
            r.0, r.1, r.3
        );
    }
    if !t.steps.is_empty() {
        let steps: Vec<String> = t
            .steps
            .iter()
            .map(|(name, v)| format!("{name} {:.1}", stats(v).0))
            .collect();
        println!("    steps, median ms: {}", steps.join(", "));
    }
}

/// (median, p90, min, max)
fn stats(v: &[f64]) -> (f64, f64, f64, f64) {
    if v.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN, f64::NAN);
    }
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.9), v[0], v[v.len() - 1])
}

/// Puts `marker` in the body: replaces the previous marker line or appends one.
fn replace_marker(text: &str, marker: &str) -> String {
    let mut out: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("latency-marker-"))
        .collect();
    out.push("");
    out.push(marker);
    let mut s = out.join("\n");
    s.push('\n');
    s
}

// ---- the generated site ----------------------------------------------------

/// Writes a site of `pages` pages spread over `langs` languages (every page
/// translated), in sections of 50, with links (and anchors) between pages.
/// Returns the pages to edit with their URLs.
fn generate(root: &Path, pages: usize, langs: usize) -> Vec<(PathBuf, String)> {
    let codes = ["en", "de", "fr", "nl", "es", "it", "pt", "ca"];
    let langs = langs.clamp(1, codes.len());
    let per_lang = pages / langs;
    let sections = per_lang.div_ceil(50).max(1);
    let mut config = String::from(
        "title = \"Bench\"\nbase_url = \"https://example.org/\"\ndefault_language = \"en\"\ntheme = \"mini\"\n",
    );
    for (i, code) in codes.iter().take(langs).enumerate() {
        config.push_str(&format!(
            "\n[languages.{code}]\nname = \"{code}\"\nweight = {i}\n"
        ));
    }
    std::fs::create_dir_all(root).unwrap();
    std::fs::write(root.join("config.toml"), config).unwrap();
    copy_dir(Path::new(FIXTURE_THEME), &root.join("themes"));
    for code in codes.iter().take(langs) {
        let i18n = root.join("themes/mini/i18n").join(format!("{code}.ftl"));
        if !i18n.exists() {
            std::fs::write(i18n, "nav-next = Next\n").unwrap();
        }
    }
    let mut targets = Vec::new();
    for code in codes.iter().take(langs) {
        let lang_dir = root.join("content").join(code);
        std::fs::create_dir_all(&lang_dir).unwrap();
        std::fs::write(
            lang_dir.join("_index.md"),
            "+++\ntitle = \"Home\"\n+++\nWelcome. Start at [the first section](s000/).\n",
        )
        .unwrap();
        let mut written = 1;
        for s in 0..sections {
            let dir = lang_dir.join(format!("s{s:03}"));
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(
                dir.join("_index.md"),
                format!("+++\ntitle = \"Section {s}\"\nweight = {s}\n+++\nSection {s}.\n"),
            )
            .unwrap();
            written += 1;
            for p in 0..49 {
                if written >= per_lang {
                    break;
                }
                let back = if p == 0 {
                    "./_index.md".to_string()
                } else {
                    format!("./p{:02}.md#overview", p - 1)
                };
                let body = format!(
                    "+++\ntitle = \"Lesson {s}.{p}\"\nweight = {p}\n+++\n\
                     ## Overview {{#overview}}\n\nThis is lesson {p} of section {s}. \
                     It explains *tiles*, **melds** and `hands`.\n\n\
                     ## Details {{#details}}\n\n- one\n- two\n- three\n\n\
                     | a | b |\n|---|---|\n| 1 | 2 |\n\n\
                     Back: [the previous lesson]({back}), [the details](#details).\n"
                );
                let file = dir.join(format!("p{p:02}.md"));
                std::fs::write(&file, body).unwrap();
                written += 1;
                if *code == "en" && p % 7 == 3 && targets.len() < 64 {
                    targets.push((file, format!("/{code}/s{s:03}/p{p:02}/")));
                }
            }
        }
    }
    targets
}

// ---- an existing site --------------------------------------------------------

/// Sets `[search]` and `[offline]` `enabled = false` in `config`, whether
/// or not it has those tables already.
fn switch_late_off(config: &Path) {
    let text = std::fs::read_to_string(config).unwrap();
    let mut table: toml::Table = text.parse().expect("config.toml");
    for name in ["search", "offline"] {
        let entry = table
            .entry(name)
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(t) = entry {
            t.insert("enabled".into(), toml::Value::Boolean(false));
        }
    }
    std::fs::write(config, toml::to_string(&table).unwrap()).unwrap();
}

fn copy_site(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for name in [
        "config.toml",
        "content",
        "templates",
        "themes",
        "static",
        "i18n",
        "glossary",
    ] {
        let src = from.join(name);
        if src.is_dir() {
            copy_dir(&src, &to.join(name));
        } else if src.is_file() {
            std::fs::copy(&src, to.join(name)).unwrap();
        }
    }
}

fn count_pages(root: &Path) -> usize {
    walk(&root.join("content"))
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .count()
}

/// Ordinary pages (not sections) of the default language, with URLs: a
/// tilebook site's `content/<lang>/`, or a Zola site's `content/` (files
/// without a language suffix).
fn pick_pages(root: &Path, zola: bool) -> Vec<(PathBuf, String)> {
    let config = std::fs::read_to_string(root.join("config.toml")).unwrap();
    let lang = config
        .lines()
        .find_map(|l| l.strip_prefix("default_language"))
        .and_then(|l| l.split('"').nth(1))
        .unwrap_or("en")
        .to_string();
    let (lang_dir, prefix) = if zola {
        (root.join("content"), String::new())
    } else {
        (root.join("content").join(&lang), format!("/{lang}"))
    };
    let mut out: Vec<(PathBuf, String)> = walk(&lang_dir)
        .into_iter()
        .filter(|p| {
            p.extension().is_some_and(|e| e == "md")
                && !p.ends_with("_index.md")
                && !(zola
                    && p.file_stem()
                        .is_some_and(|s| s.to_string_lossy().contains('.')))
                && std::fs::read_to_string(p)
                    .is_ok_and(|t| !t.contains("slug") && !t.contains("draft"))
        })
        .map(|p| {
            let rel = p
                .strip_prefix(&lang_dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let url = format!("{prefix}/{}/", rel.trim_end_matches(".md"));
            (p, url)
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no page to edit in {}", lang_dir.display());
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(rd) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

// ---- the server ----------------------------------------------------------------

struct Serve {
    child: Child,
    addr: SocketAddr,
    first_line: String,
    stdout: Receiver<String>,
    zola: bool,
}

/// Starts `cmd` (stderr dropped) and a thread that sends each line of its
/// stdout.
fn spawn_lines(cmd: &mut Command) -> (Child, Receiver<String>) {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (tx, rx) = mpsc::channel();
    let out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

impl Serve {
    fn start(root: &Path, timings: bool) -> Serve {
        let bin = bin::tilebook();
        let mut cmd = Command::new(&bin);
        cmd.arg("--root").arg(root).args(["serve", "--port", "0"]);
        if timings {
            cmd.arg("--timings");
        }
        let (child, rx) = spawn_lines(&mut cmd);
        let first_line = rx
            .recv_timeout(Duration::from_secs(600))
            .expect("build line");
        let url_line = rx.recv_timeout(Duration::from_secs(60)).expect("URL line");
        let addr = url_line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {url_line:?} (first line: {first_line})"));
        Serve {
            child,
            addr,
            first_line,
            stdout: rx,
            zola: false,
        }
    }

    /// `zola serve` on a free port of 127.0.0.1 (it prints no rebuild
    /// times this example reads, and has no event stream it reads).
    fn start_zola(root: &Path, zola: &Path) -> Serve {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let (child, rx) = spawn_lines(
            Command::new(zola)
                .arg("--root")
                .arg(root)
                .args(["serve", "--interface", "127.0.0.1", "--port"])
                .arg(port.to_string()),
        );
        let mut first_line = String::new();
        while let Ok(line) = rx.recv_timeout(Duration::from_secs(600)) {
            if line.contains("Web server is available") {
                break;
            }
            if line.contains("Done in") {
                first_line = line;
            }
        }
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let (_tx, quiet) = mpsc::channel();
        std::thread::spawn(move || for _ in rx.iter() {});
        Serve {
            child,
            addr,
            first_line,
            stdout: quiet,
            zola: true,
        }
    }

    /// Waits for the late phase's line (search index, offline lists).
    fn wait_late(&self) {
        while let Ok(line) = self.stdout.recv_timeout(Duration::from_secs(900)) {
            if line.contains("search index and offline lists updated") {
                return;
            }
        }
    }

    /// A live-reload stream's events (tilebook only): arrival time and data.
    fn events(&self) -> Option<Receiver<(Instant, String)>> {
        if self.zola {
            return None;
        }
        let mut s = TcpStream::connect(self.addr).ok()?;
        write!(
            s,
            "GET /__tilebook/events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            self.addr
        )
        .ok()?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut name = String::new();
            for line in BufReader::new(s).lines().map_while(Result::ok) {
                if let Some(n) = line.strip_prefix("event: ") {
                    name = n.to_string();
                } else if let Some(data) = line.strip_prefix("data: ")
                    && name == "reload"
                    && tx.send((Instant::now(), data.to_string())).is_err()
                {
                    break;
                }
            }
        });
        Some(rx)
    }

    fn poll_until(&self, url: &str, markers: &[&str], timeout: Duration) {
        let deadline = Instant::now() + timeout;
        loop {
            let page = get(self.addr, url);
            if markers.iter().all(|m| page.contains(m)) {
                return;
            }
            assert!(Instant::now() < deadline, "{url} never showed {markers:?}");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// The rebuild time of the next rebuild line serve prints.
    /// (The late phase's lines, "search index … updated", are skipped.)
    fn rebuild_ms(&self, timeout: Duration) -> Option<f64> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let line = self.stdout.recv_timeout(left).ok()?;
            if !line.contains(" changed: ") {
                continue;
            }
            let before = line.split(" ms").next()?;
            return before.rsplit(' ').next()?.parse().ok();
        }
    }

    /// The `steps:` line `serve --timings` prints after a rebuild's line.
    fn steps(&self) -> Option<String> {
        let line = self.stdout.recv_timeout(Duration::from_secs(5)).ok()?;
        line.trim_start().starts_with("steps: ").then_some(line)
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn get(addr: SocketAddr, path: &str) -> String {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return String::new();
    };
    let _ = write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n");
    let mut body = String::new();
    let _ = s.read_to_string(&mut body);
    body
}
