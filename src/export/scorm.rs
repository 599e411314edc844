//! SCORM 1.2: one language of the built site as a content package (zip): one SCO per lesson in course order, `imsmanifest.xml` with the mastery score, the pages with relative URLs and the SCORM adapter (`scorm.js`), and every file they load; pure data → bytes.

use std::collections::BTreeSet;
use std::io::Write;

use zip::ZipWriter;
use zip::write::SimpleFileOptions;

use super::relative::{Local, relative_urls};
use super::xml::Doc;

/// The mastery score (percent) unless `[export] mastery_score` says otherwise.
pub const DEFAULT_MASTERY: u8 = 80;

/// SCORM 1.2's limit on `cmi.suspend_data` (CMIString4096).
pub const SUSPEND_DATA_MAX: usize = 4096;

/// The adapter between the pages' exercises and the LMS's SCORM 1.2 API.
pub const ADAPTER: &str = include_str!("scorm.js");

/// Where the adapter is in the package.
const ADAPTER_PATH: &str = "scorm.js";

/// Files of the built site that are not the course's pages nor what they
/// load (the language chooser, the server's files); and, per language, the
/// service worker (an LMS serves the package, not the worker).
const LEFT_OUT: &[&str] = &["index.html", "404.html", "robots.txt", "sitemap.xml"];

/// One lesson: a page with exercises, a SCO.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lesson {
    pub title: String,
    /// Its page in the package: `en/tiles/index.html`.
    pub href: String,
    /// Its exercises' ids.
    pub ids: Vec<String>,
}

impl Lesson {
    /// The longest `cmi.suspend_data` the adapter may write for it:
    /// `s=<ids>;r=<ids>`, each id in one of the two lists at most.
    pub fn suspend_data_max(&self) -> usize {
        "s=;r=".len() + self.ids.iter().map(|id| id.len() + 1).sum::<usize>()
    }
}

/// What to package.
pub struct ScormOptions<'a> {
    pub lang: &'a str,
    /// The course's title (the organization's).
    pub title: &'a str,
    /// The site's base path (`/`), taken off its URLs.
    pub base_path: &'a str,
    /// Every language of the site: the others' folders stay out, and
    /// links to them go to the published site (`base_url`).
    pub languages: &'a [String],
    /// The site's absolute URL (`https://example.org/course/`).
    pub base_url: &'a str,
    pub mastery: u8,
}

/// The lessons of `lang` from the build's `<lang>/exercises.json` (course
/// order), each page's URL as its file in the package.
pub fn lessons(exercises_json: &[u8], base_path: &str) -> Result<Vec<Lesson>, String> {
    #[derive(serde::Deserialize)]
    struct Json {
        lessons: Vec<Entry>,
    }
    #[derive(serde::Deserialize)]
    struct Entry {
        ids: Vec<String>,
        title: String,
        url: String,
    }
    let json: Json = serde_json::from_slice(exercises_json).map_err(|e| e.to_string())?;
    Ok(json
        .lessons
        .into_iter()
        .filter(|l| !l.ids.is_empty())
        .map(|l| {
            let path = l.url.strip_prefix(base_path).unwrap_or(&l.url);
            let href = if path.is_empty() || path.ends_with('/') {
                format!("{path}index.html")
            } else {
                path.to_string()
            };
            Lesson {
                title: l.title,
                href,
                ids: l.ids,
            }
        })
        .collect())
}

/// Whether the built file at `path` goes into the package of `opts.lang`.
fn packaged(path: &str, opts: &ScormOptions<'_>) -> bool {
    let first = path.split('/').next().unwrap_or("");
    let other_language =
        opts.languages.iter().any(|l| l != opts.lang && l == first) && path.contains('/');
    !(other_language || LEFT_OUT.contains(&path) || path == format!("{}/sw.js", opts.lang))
}

/// The package of `opts.lang` from the built site's `files`.
pub fn package<'f>(
    files: impl Iterator<Item = (&'f str, &'f [u8])>,
    lessons: &[Lesson],
    opts: &ScormOptions<'_>,
) -> std::io::Result<Vec<u8>> {
    let files: Vec<(&str, &[u8])> = files.filter(|(p, _)| packaged(p, opts)).collect();
    let paths: BTreeSet<&str> = files.iter().map(|(p, _)| *p).collect();
    let local = |path: &str| in_package(&paths, path);
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    for (path, bytes) in &files {
        zip.start_file(*path, options)?;
        let sco = lessons.iter().position(|l| l.href == *path).map(sco_id);
        match (path.ends_with(".html"), std::str::from_utf8(bytes)) {
            (true, Ok(html)) => {
                zip.write_all(page(html, path, sco.as_deref(), opts, &local).as_bytes())?
            }
            _ => zip.write_all(bytes)?,
        }
    }
    zip.start_file(ADAPTER_PATH, options)?;
    zip.write_all(ADAPTER.as_bytes())?;
    let mut all: Vec<&str> = files.iter().map(|(p, _)| *p).collect();
    all.push(ADAPTER_PATH);
    zip.start_file("imsmanifest.xml", options)?;
    zip.write_all(&manifest(lessons, &all, opts))?;
    Ok(zip.finish()?.into_inner())
}

/// What `path` is among the package's `paths`: a folder is a path ending
/// in `/` (not the root) that some file lies in.
fn in_package(paths: &BTreeSet<&str>, path: &str) -> Local {
    if paths.contains(path) {
        return Local::File;
    }
    let folder = !path.is_empty()
        && path.ends_with('/')
        && paths
            .range(path..)
            .next()
            .is_some_and(|p| p.starts_with(path));
    if folder {
        Local::Folder
    } else {
        Local::Outside
    }
}

/// The identifier of the `i`-th lesson's SCO resource (0-based).
fn sco_id(i: usize) -> String {
    format!("sco-{}", i + 1)
}

/// A page of the package: relative URLs, no service worker, the adapter
/// in its head (a plain script: it runs before the deferred quiz.js),
/// told the page's SCO if it is a lesson.
fn page(
    html: &str,
    path: &str,
    sco: Option<&str>,
    opts: &ScormOptions<'_>,
    local: &dyn Fn(&str) -> Local,
) -> String {
    let html = without_script(html, &format!("{}js/offline.js", opts.base_path));
    let mut html = relative_urls(&html, path, opts.base_path, local);
    for other in opts.languages.iter().filter(|l| *l != opts.lang) {
        html = html.replace(
            &format!("\"{}{other}/", opts.base_path),
            &format!("\"{}{other}/", opts.base_url),
        );
    }
    let up = "../".repeat(path.matches('/').count());
    let sco = sco
        .map(|id| format!(r#" data-sco="{id}""#))
        .unwrap_or_default();
    let adapter = format!(
        r#"<script src="{up}{ADAPTER_PATH}" data-mastery="{}"{sco}></script>"#,
        opts.mastery
    );
    match html.find("</head>") {
        Some(at) => html.insert_str(at, &adapter),
        None => html.insert_str(0, &adapter),
    }
    html
}

/// `html` without the `<script src="{src}" …></script>` element.
fn without_script(html: &str, src: &str) -> String {
    let open = format!(r#"<script src="{src}""#);
    let Some(start) = html.find(&open) else {
        return html.to_string();
    };
    match html[start..].find("</script>") {
        Some(len) => format!(
            "{}{}",
            &html[..start],
            &html[start + len + "</script>".len()..]
        ),
        None => html.to_string(),
    }
}

/// `imsmanifest.xml` (SCORM 1.2 CAM): one organization, an item per lesson
/// with the mastery score, a SCO resource per lesson, and one asset
/// resource holding every other file, which each SCO depends on.
fn manifest(lessons: &[Lesson], files: &[&str], opts: &ScormOptions<'_>) -> Vec<u8> {
    let mut doc = Doc::new();
    let id = format!("tilebook-{}", opts.lang);
    doc.open(
        "manifest",
        &[
            ("identifier", &id),
            ("version", "1.0"),
            ("xmlns", "http://www.imsproject.org/xsd/imscp_rootv1p1p2"),
            ("xmlns:adlcp", "http://www.adlnet.org/xsd/adlcp_rootv1p2"),
            ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
            (
                "xsi:schemaLocation",
                "http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd",
            ),
        ],
    );
    doc.open("metadata", &[]);
    doc.text("schema", &[], "ADL SCORM");
    doc.text("schemaversion", &[], "1.2");
    doc.close("metadata");
    doc.open("organizations", &[("default", "course")]);
    doc.open("organization", &[("identifier", "course")]);
    doc.text("title", &[], &format!("{} ({})", opts.title, opts.lang));
    let mastery = opts.mastery.to_string();
    for (i, lesson) in lessons.iter().enumerate() {
        let item = format!("item-{}", i + 1);
        let sco = sco_id(i);
        doc.open(
            "item",
            &[
                ("identifier", &item),
                ("identifierref", &sco),
                ("isvisible", "true"),
            ],
        );
        doc.text("title", &[], &lesson.title);
        doc.text("adlcp:masteryscore", &[], &mastery);
        doc.close("item");
    }
    doc.close("organization");
    doc.close("organizations");
    doc.open("resources", &[]);
    let sco_files: BTreeSet<&str> = lessons.iter().map(|l| l.href.as_str()).collect();
    for (i, lesson) in lessons.iter().enumerate() {
        let sco = sco_id(i);
        doc.open(
            "resource",
            &[
                ("identifier", &sco),
                ("type", "webcontent"),
                ("adlcp:scormtype", "sco"),
                ("href", &lesson.href),
            ],
        );
        doc.empty("file", &[("href", &lesson.href)]);
        doc.empty("dependency", &[("identifierref", "common")]);
        doc.close("resource");
    }
    doc.open(
        "resource",
        &[
            ("identifier", "common"),
            ("type", "webcontent"),
            ("adlcp:scormtype", "asset"),
        ],
    );
    for f in files.iter().filter(|f| !sco_files.contains(*f)) {
        doc.empty("file", &[("href", f)]);
    }
    doc.close("resource");
    doc.close("resources");
    doc.close("manifest");
    doc.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lessons_come_from_the_builds_exercise_list() {
        let json = br#"{"labels":{},"lessons":[{"ids":["a1"],"title":"Home","url":"/en/"},{"ids":[],"title":"None","url":"/en/x/"},{"ids":["b2","c3"],"title":"Tiles","url":"/en/tiles/"}]}"#;
        let lessons = lessons(json, "/").unwrap();
        let hrefs: Vec<&str> = lessons.iter().map(|l| l.href.as_str()).collect();
        assert_eq!(hrefs, ["en/index.html", "en/tiles/index.html"]);
        assert_eq!(lessons[1].suspend_data_max(), "s=b2,c3;r=".len() + 1);
    }

    #[test]
    fn the_service_worker_and_other_languages_stay_out() {
        let languages = ["en".to_string(), "de".to_string()];
        let opts = ScormOptions {
            lang: "en",
            title: "T",
            base_path: "/",
            languages: &languages,
            base_url: "https://example.org/",
            mastery: 80,
        };
        let kept: Vec<&str> = [
            "en/index.html",
            "en/sw.js",
            "de/index.html",
            "index.html",
            "css/felt.css",
            "tiles/J.svg",
            "robots.txt",
        ]
        .into_iter()
        .filter(|p| packaged(p, &opts))
        .collect();
        assert_eq!(kept, ["en/index.html", "css/felt.css", "tiles/J.svg"]);
    }

    #[test]
    fn a_page_gets_the_adapter_and_loses_the_worker() {
        let html = r#"<html><head><script src="/js/offline.js" defer data-worker="/en/sw.js"></script><script src="/js/quiz.js" defer></script></head><body><a href="/en/tiles/">t</a><a href="/de/tiles/">de</a></body></html>"#;
        let languages = ["en".to_string(), "de".to_string()];
        let opts = ScormOptions {
            lang: "en",
            title: "T",
            base_path: "/",
            languages: &languages,
            base_url: "https://example.org/",
            mastery: 75,
        };
        let paths: BTreeSet<&str> = ["en/tiles/index.html", "js/quiz.js"].into();
        let local = |p: &str| in_package(&paths, p);
        assert_eq!(
            page(html, "en/index.html", Some("sco-1"), &opts, &local),
            r#"<html><head><script src="../js/quiz.js" defer></script><script src="../scorm.js" data-mastery="75" data-sco="sco-1"></script></head><body><a href="../en/tiles/index.html">t</a><a href="https://example.org/de/tiles/">de</a></body></html>"#
        );
    }
}
