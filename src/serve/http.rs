//! HTTP: maps request paths to files of the served site (safely: only
//! paths the site's index lists are read from its folder), picks content
//! types, and injects the live-reload script into HTML responses.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Arc, PoisonError, RwLock};

use percent_encoding::percent_decode_str;
use tiny_http::{Header, Method, Request, Response, StatusCode};

use super::events::{self, Hub};
use crate::output::Output;

pub const LIVE_JS_PATH: &str = "/__tilebook/live.js";
const LIVE_JS: &str = include_str!("live.js");

/// The site being served: its folder and the index of its files, patched
/// after each successful rebuild. A request holds the lock only to look its
/// file up; the file is read from the folder, where a rebuild replaces each
/// file atomically.
pub type SharedOutput = Arc<RwLock<Served>>;

/// The files of the served site: their paths, and the folder they are in.
#[derive(Debug, Default, Clone)]
pub struct Served {
    dir: PathBuf,
    files: BTreeSet<String>,
}

impl Served {
    pub fn new(dir: PathBuf) -> Served {
        Served {
            dir,
            files: BTreeSet::new(),
        }
    }

    /// The bytes of the file at `path`, when the site has it.
    pub fn read(&self, path: &str) -> Option<Vec<u8>> {
        self.files
            .contains(path)
            .then(|| std::fs::read(self.dir.join(path)).ok())
            .flatten()
    }

    pub fn insert(&mut self, path: String) {
        self.files.insert(path);
    }

    pub fn remove(&mut self, path: &str) -> bool {
        self.files.remove(path)
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

/// A set of files a request path can resolve to.
pub trait Files {
    fn has(&self, path: &str) -> bool;
}

impl Files for Output {
    fn has(&self, path: &str) -> bool {
        self.contains(path)
    }
}

impl Files for Served {
    fn has(&self, path: &str) -> bool {
        self.files.contains(path)
    }
}

/// What the server shares between request threads.
pub struct Shared {
    pub site: SharedOutput,
    pub hub: Arc<Hub>,
    /// Base path of the site's URLs (`/` unless `--base-url` has a path).
    pub base_path: RwLock<String>,
    /// For each stale translation (by URL), what changed in its source
    /// since it was marked, as a page ([`DIFF_PATH`]`?url=…`).
    pub diffs: RwLock<std::collections::HashMap<String, String>>,
}

/// Where `serve` shows what changed in a stale translation's source.
pub const DIFF_PATH: &str = "/__tilebook/diff";

/// Where a request path leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A file of the site (its output path).
    File(String),
    /// A folder without its trailing slash, or the site's base path.
    Redirect(String),
    NotFound,
    /// A path that tries to leave the site or cannot be decoded.
    Bad,
}

/// Resolves a request target (`/en/tiles/?x=1`) against the site.
pub fn resolve(url: &str, base_path: &str, site: &impl Files) -> Target {
    let (raw, query) = match url.find(['?', '#']) {
        Some(i) => (&url[..i], &url[i..]),
        None => (url, ""),
    };
    let Some(path) = decode(raw) else {
        return Target::Bad;
    };
    if path == base_path.trim_end_matches('/') && !path.is_empty() {
        return Target::Redirect(format!("{base_path}{query}"));
    }
    let Some(rest) = path.strip_prefix(base_path) else {
        return Target::NotFound;
    };
    if rest.is_empty() || rest.ends_with('/') {
        let file = format!("{rest}index.html");
        return if site.has(&file) {
            Target::File(file)
        } else {
            Target::NotFound
        };
    }
    if site.has(rest) {
        Target::File(rest.to_string())
    } else if site.has(&format!("{rest}/index.html")) {
        Target::Redirect(format!("{raw}/{query}"))
    } else {
        Target::NotFound
    }
}

/// Percent-decodes a path and rejects anything that is not a plain
/// absolute path inside the site: `..` or `.` segments (also encoded),
/// backslashes, NUL, `//host` or drive-letter paths, invalid UTF-8.
pub fn decode(raw: &str) -> Option<String> {
    if raw.contains('\\') {
        return None;
    }
    let path = percent_decode_str(raw).decode_utf8().ok()?.into_owned();
    if !path.starts_with('/') || path.starts_with("//") || path.contains(['\\', '\0']) {
        return None;
    }
    let mut segments = path[1..].split('/');
    let first = segments.clone().next().unwrap_or("");
    if first.len() == 2 && first.ends_with(':') {
        return None;
    }
    if segments.any(|s| s == ".." || s == ".") {
        return None;
    }
    Some(path)
}

/// Content type of an output path, by extension.
pub fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "xml" => "application/xml",
        "txt" | "md" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "pdf" => "application/pdf",
        "wasm" => "application/wasm",
        "mp3" => "audio/mpeg",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        _ => "application/octet-stream",
    }
}

/// `html` with the live-reload script before its last `</body>` (or at the end).
pub fn inject(html: &[u8], status: u16) -> Vec<u8> {
    let tag =
        format!("<script src=\"{LIVE_JS_PATH}\" data-tilebook-status=\"{status}\" defer></script>");
    let lower = html.to_ascii_lowercase();
    let at = lower
        .windows(7)
        .rposition(|w| w == b"</body>")
        .unwrap_or(html.len());
    let mut out = Vec::with_capacity(html.len() + tag.len());
    out.extend_from_slice(&html[..at]);
    out.extend_from_slice(tag.as_bytes());
    out.extend_from_slice(&html[at..]);
    out
}

/// Shown while the site has never built: the overlay carries the errors.
const NOT_BUILT: &str = "<!doctype html><html><head><meta charset=\"utf-8\"><title>tilebook: build failed</title></head>\
<body><p>The site has not built yet: fix the errors shown in the terminal and this page reloads by itself.</p></body></html>";

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn respond(request: Request, status: u16, ctype: &str, body: Vec<u8>, extra: Option<Header>) {
    let mut response = Response::from_data(body)
        .with_status_code(StatusCode(status))
        .with_header(header("Content-Type", ctype))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    if let Some(h) = extra {
        response.add_header(h);
    }
    // The client may have gone away; nothing to do about it.
    let _ = request.respond(response);
}

/// Handles one request (on its own thread).
pub fn handle(request: Request, shared: &Shared) {
    let url = request.url().to_string();
    if url == events::EVENTS_PATH || url.starts_with(&format!("{}?", events::EVENTS_PATH)) {
        return events::stream(request, shared.hub.clone());
    }
    if !matches!(request.method(), Method::Get | Method::Head) {
        let allow = header("Allow", "GET, HEAD");
        return respond(
            request,
            405,
            "text/plain; charset=utf-8",
            b"method not allowed\n".to_vec(),
            Some(allow),
        );
    }
    if url.split('?').next() == Some(DIFF_PATH) {
        let page = (url.split_once("?url=").map(|(_, u)| u)).map(|u| {
            percent_encoding::percent_decode_str(u)
                .decode_utf8_lossy()
                .into_owned()
        });
        let diffs = shared.diffs.read().unwrap_or_else(PoisonError::into_inner);
        return match page.and_then(|p| diffs.get(&p)) {
            Some(html) => respond(
                request,
                200,
                "text/html; charset=utf-8",
                html.clone().into_bytes(),
                None,
            ),
            None => respond(
                request,
                404,
                "text/plain; charset=utf-8",
                b"no stale translation at this URL\n".to_vec(),
                None,
            ),
        };
    }
    if url.split('?').next() == Some(LIVE_JS_PATH) {
        let ctype = content_type(LIVE_JS_PATH);
        return respond(request, 200, ctype, LIVE_JS.as_bytes().to_vec(), None);
    }
    let base_path = shared
        .base_path
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    // The read lock is held while the file is read (from the page cache,
    // microseconds), so the index and the folder agree.
    let reply = {
        let site = shared.site.read().unwrap_or_else(PoisonError::into_inner);
        reply(&url, &base_path, &site)
    };
    match reply {
        Reply::File(path, bytes) => {
            let ctype = content_type(&path);
            let body = if ctype.starts_with("text/html") {
                inject(&bytes, 200)
            } else {
                bytes
            };
            respond(request, 200, ctype, body, None);
        }
        Reply::Redirect(location) => {
            let body = format!("moved to {location}\n").into_bytes();
            let loc = header("Location", &location);
            respond(request, 301, "text/plain; charset=utf-8", body, Some(loc));
        }
        Reply::NotFound(page) => {
            let body = match page {
                Some(page) => inject(&page, 404),
                None => b"404 not found\n".to_vec(),
            };
            respond(request, 404, "text/html; charset=utf-8", body, None);
        }
        Reply::Bad => {
            respond(
                request,
                400,
                "text/plain; charset=utf-8",
                b"bad request path\n".to_vec(),
                None,
            );
        }
    }
}

/// What a GET of `url` answers, the file read: a file that went missing
/// between the lookup and the read is not found.
enum Reply {
    File(String, Vec<u8>),
    Redirect(String),
    /// The site's `404.html` (or, before any build, a page saying so).
    NotFound(Option<Vec<u8>>),
    Bad,
}

fn reply(url: &str, base_path: &str, site: &Served) -> Reply {
    let not_found = || match site.read("404.html") {
        Some(page) => Reply::NotFound(Some(page)),
        None if site.is_empty() => Reply::NotFound(Some(NOT_BUILT.as_bytes().to_vec())),
        None => Reply::NotFound(None),
    };
    match resolve(url, base_path, site) {
        Target::File(path) => match site.read(&path) {
            Some(bytes) => Reply::File(path, bytes),
            None => not_found(),
        },
        Target::Redirect(location) => Reply::Redirect(location),
        Target::NotFound => not_found(),
        Target::Bad => Reply::Bad,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> Output {
        let mut o = Output::new();
        o.insert("index.html", "root");
        o.insert("en/index.html", "en");
        o.insert("en/tiles/index.html", "tiles");
        o.insert("site.css", "body{}");
        o
    }

    #[test]
    fn resolves_files_folders_and_redirects() {
        let s = site();
        assert_eq!(resolve("/", "/", &s), Target::File("index.html".into()));
        assert_eq!(
            resolve("/en/", "/", &s),
            Target::File("en/index.html".into())
        );
        assert_eq!(resolve("/en", "/", &s), Target::Redirect("/en/".into()));
        assert_eq!(
            resolve("/en?x=1", "/", &s),
            Target::Redirect("/en/?x=1".into())
        );
        assert_eq!(
            resolve("/site.css?v=2", "/", &s),
            Target::File("site.css".into())
        );
        assert_eq!(resolve("/nope/", "/", &s), Target::NotFound);
        assert_eq!(
            resolve("/%65n/tiles/", "/", &s),
            Target::File("en/tiles/index.html".into())
        );
    }

    #[test]
    fn serves_under_a_base_path() {
        let s = site();
        assert_eq!(
            resolve("/course", "/course/", &s),
            Target::Redirect("/course/".into())
        );
        assert_eq!(
            resolve("/course/en/", "/course/", &s),
            Target::File("en/index.html".into())
        );
        assert_eq!(resolve("/en/", "/course/", &s), Target::NotFound);
    }

    #[test]
    fn rejects_paths_leaving_the_site() {
        let s = site();
        for bad in [
            "/../etc/passwd",
            "/en/../../etc/passwd",
            "/%2e%2e/etc/passwd",
            "/%2E%2E/%2e%2e/etc/passwd",
            "/en/%2e%2e%2f%2e%2e%2fetc/passwd",
            "/..%5c..%5cwindows",
            "/en\\..\\x",
            "//etc/passwd",
            "/%2fetc/passwd",
            "/C:/windows",
            "/./en/",
            "/%00",
            "/%ff",
            "http://evil/",
            "*",
        ] {
            assert_eq!(resolve(bad, "/", &s), Target::Bad, "{bad}");
        }
    }

    #[test]
    fn no_traversal_encoding_resolves_to_a_file() {
        let mut s = site();
        s.insert("secret.txt", "in the output, but only at /secret.txt");
        let list = include_str!("../../tests/fixtures/traversal-paths.txt");
        let probes: Vec<&str> = list
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        assert!(probes.len() > 30);
        for bad in probes {
            let t = resolve(bad, "/", &s);
            assert!(
                matches!(t, Target::Bad | Target::NotFound),
                "{bad:?} resolved to {t:?}"
            );
        }
    }

    #[test]
    fn content_types() {
        assert_eq!(content_type("a/index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("x.SVG"), "image/svg+xml");
        assert_eq!(content_type("f.woff2"), "font/woff2");
        assert_eq!(content_type("sitemap.xml"), "application/xml");
        assert_eq!(content_type("robots.txt"), "text/plain; charset=utf-8");
        assert_eq!(content_type("noext"), "application/octet-stream");
    }

    #[test]
    fn injects_before_the_last_body_end() {
        let out = String::from_utf8(inject(b"<body>a</BODY>", 200)).unwrap();
        assert!(
            out.starts_with("<body>a<script src=\"/__tilebook/live.js\""),
            "{out}"
        );
        assert!(out.ends_with("</script></BODY>"));
        let out = String::from_utf8(inject(b"plain", 404)).unwrap();
        assert!(out.starts_with("plain<script"));
    }
}
