//! Shared helpers for the fixture-folder integration tests: copy a fixture
//! into a temporary folder, build it through the library or the binary, and
//! parse the HTML it produces.

#![allow(dead_code)] // each test crate uses a different subset

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use scraper::{ElementRef, Html, Selector};
use tempfile::TempDir;
use tilebook::output::Output;
use tilebook::site::{self, BuildOptions, BuildResult};

/// `tests/fixtures/<name>` in the source tree (never written to).
pub fn fixture_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A private copy of a fixture, for tests that edit it or write into it.
/// The site root is `tmp.path()`.
pub fn copy_fixture(name: &str) -> TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    copy_dir(&fixture_path(name), tmp.path());
    tmp
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Writes `text` to `root/rel`, creating folders.
pub fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Every file under `dir`, keyed by `/`-separated relative path.
pub fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            if entry.file_type().unwrap().is_dir() {
                walk(base, &path, out);
            } else {
                let rel = path.strip_prefix(base).unwrap();
                let rel = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// The files a build wrote into `dir`: [`snapshot`] without tilebook's own
/// (asserted present).
pub fn built_files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = snapshot(dir);
    // tilebook's own files beside the site's: the marker that the folder
    // is its output, and the reuse manifest of a successful build.
    for own in [
        tilebook::output::guard::MARKER,
        tilebook::output::manifest::FILE,
    ] {
        assert!(
            files.remove(own).is_some(),
            "{} has no {own}",
            dir.display()
        );
    }
    files
}

/// The precache list of a service worker's script (`<lang>/sw.js`): its
/// `const PRECACHE = [[url, hash], …];` line, in order.
pub fn precache_list(js: &str) -> Vec<(String, String)> {
    let list = js
        .lines()
        .find_map(|l| l.strip_prefix("const PRECACHE = "))
        .expect("a PRECACHE line")
        .trim_end_matches(';');
    serde_json::from_str(list).unwrap()
}

// ---- library builds ---------------------------------------------------------

pub fn options(root: &Path) -> BuildOptions {
    BuildOptions {
        root: root.to_path_buf(),
        ..BuildOptions::default()
    }
}

/// Builds through the library (writes nothing).
pub fn build(opts: &BuildOptions) -> BuildResult {
    site::build(opts)
}

/// The diagnostics exactly as the CLI prints them on stderr.
pub fn diagnostics_text(result: &mut BuildResult) -> String {
    result.render_diagnostics()
}

/// A successful build, with helpers to read its files.
pub struct Built {
    pub result: BuildResult,
}

impl Built {
    pub fn output(&self) -> &Output {
        self.result.output.as_ref().unwrap()
    }

    pub fn paths(&self) -> Vec<String> {
        self.output().paths().map(str::to_string).collect()
    }

    pub fn has(&self, path: &str) -> bool {
        self.output().contains(path)
    }

    pub fn bytes(&self, path: &str) -> &[u8] {
        self.output().get(path).unwrap_or_else(|| {
            panic!(
                "no output file {path:?}; files: {:?}",
                self.output().paths().collect::<Vec<_>>()
            )
        })
    }

    pub fn text(&self, path: &str) -> String {
        String::from_utf8(self.bytes(path).to_vec()).unwrap()
    }

    pub fn html(&self, path: &str) -> Html {
        Html::parse_document(&self.text(path))
    }

    /// Output paths of every HTML page.
    pub fn html_paths(&self) -> Vec<String> {
        self.output()
            .paths()
            .filter(|p| p.ends_with(".html"))
            .map(str::to_string)
            .collect()
    }
}

/// Builds and insists on success (no errors, no warnings), showing the
/// diagnostics otherwise.
pub fn build_ok(opts: &BuildOptions) -> Built {
    let mut result = build(opts);
    let text = result.render_diagnostics();
    assert!(
        result.output.is_some() && text.is_empty(),
        "expected a clean build of {}, got:\n{text}",
        opts.root.display()
    );
    Built { result }
}

/// Builds the fixture in place (library builds write nothing).
pub fn build_fixture(name: &str) -> Built {
    build_ok(&options(&fixture_path(name)))
}

// ---- binary runs ------------------------------------------------------------

pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn stderr_lines(&self) -> Vec<&str> {
        self.stderr.lines().collect()
    }
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {:?}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Runs `tilebook --root <root> <args...>`.
pub fn run(root: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_tilebook"))
        .arg("--root")
        .arg(root)
        .args(args)
        .output()
        .expect("run tilebook");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

// ---- HTML -------------------------------------------------------------------

pub fn sel(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|e| panic!("bad selector {css:?}: {e:?}"))
}

pub fn select<'a>(doc: &'a Html, css: &str) -> Vec<ElementRef<'a>> {
    doc.select(&sel(css)).collect()
}

pub fn select_one<'a>(doc: &'a Html, css: &str) -> ElementRef<'a> {
    let found = select(doc, css);
    assert_eq!(
        found.len(),
        1,
        "expected exactly one {css:?} in\n{}",
        doc.html()
    );
    found[0]
}

pub fn attr<'a>(el: ElementRef<'a>, name: &str) -> &'a str {
    el.value()
        .attr(name)
        .unwrap_or_else(|| panic!("no attribute {name:?} on {}", el.html()))
}

pub fn text(el: ElementRef<'_>) -> String {
    el.text().collect()
}

/// `(text, href)` of every `a` matching `css`.
pub fn links(doc: &Html, css: &str) -> Vec<(String, String)> {
    select(doc, css)
        .into_iter()
        .map(|a| (text(a), attr(a, "href").to_string()))
        .collect()
}

/// The href of the link whose text is `label` (exactly one).
pub fn href_of(doc: &Html, css: &str, label: &str) -> String {
    let found: Vec<_> = links(doc, css)
        .into_iter()
        .filter(|(t, _)| t == label)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "expected one {css:?} link {label:?}: {found:?}"
    );
    found[0].1.clone()
}

// ---- the real theme -----------------------------------------------------------

/// A private copy of fixture `name` with the site's real `felt` theme copied
/// into `themes/felt` (fixtures do not duplicate the theme).
pub fn copy_fixture_with_felt(name: &str) -> TempDir {
    let tmp = copy_fixture(name);
    let felt = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/felt");
    copy_dir(&felt, &tmp.path().join("themes/felt"));
    tmp
}

/// The felt theme's UI strings (`themes/felt/i18n/<lang>.ftl`) of `langs`,
/// the first being the default language, read from `root`.
pub fn felt_strings_in(root: &Path, langs: &[&str]) -> tilebook::i18n::Strings {
    let texts: Vec<(&str, String)> = langs
        .iter()
        .map(|lang| {
            let file = root.join(format!("themes/felt/i18n/{lang}.ftl"));
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            (*lang, text)
        })
        .collect();
    let sources: Vec<(&str, &str)> = texts.iter().map(|(l, t)| (*l, t.as_str())).collect();
    tilebook::i18n::Strings::from_sources(langs[0], &sources)
}

/// The felt theme's UI strings in the course's four languages.
pub fn felt_strings() -> tilebook::i18n::Strings {
    felt_strings_in(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &["en", "de", "ca", "pt"],
    )
}
