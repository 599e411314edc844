//! Search and offline files in a streamed build (issue 16): `build` writes
//! each page as it renders with search and offline on (the default), keeps
//! no site in memory, and still indexes every page, once, from its main
//! content only; the service workers list the written files with the
//! hashes the build recorded (`FileRecord`); and the streamed site is
//! byte-identical to the in-memory one. The browser side of search over a
//! streamed build (the CLI streams) is `search_offline`.

use crate::support::common;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::Path;

use serde_json::Value;

/// Fixture `basic` with the felt theme and search and offline on.
fn basic_felt_with_both() -> tempfile::TempDir {
    let site = common::copy_fixture_with_felt("basic");
    let config = std::fs::read_to_string(site.path().join("config.toml")).unwrap();
    let config = config
        .replace("enabled = false", "enabled = true")
        .replace("theme = \"mini\"", "theme = \"felt\"");
    common::write(site.path(), "config.toml", &config);
    site
}

/// Builds `site` into `<tmp>/public` the way the CLI does (streamed).
fn build_streamed(site: &Path, out: &Path) -> tilebook::site::BuildResult {
    let (mut result, written) = tilebook::site::build_to(&common::options(site), out);
    written.expect("the build writes its folder");
    let text = result.render_diagnostics();
    assert!(text.is_empty(), "expected a clean build, got:\n{text}");
    result
}

/// A Pagefind file's bytes: gzip of `pagefind_dcd` + the payload.
fn pagefind_payload(bytes: &[u8]) -> Vec<u8> {
    let mut raw = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut raw)
        .expect("a gzip file");
    raw.strip_prefix(b"pagefind_dcd".as_slice())
        .expect("Pagefind's marker")
        .to_vec()
}

/// Every fragment (one per indexed page or record) of `lang`'s index: URL →
/// its indexed text.
fn fragments(out: &Path, lang: &str) -> BTreeMap<String, String> {
    let dir = out.join(lang).join("pagefind/fragment");
    let mut found = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("a fragment folder") {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let json: Value = serde_json::from_slice(&pagefind_payload(&bytes)).unwrap();
        let url = json["url"].as_str().unwrap().to_string();
        let content = json["content"].as_str().unwrap().to_string();
        assert!(found.insert(url.clone(), content).is_none(), "{url} twice");
    }
    found
}

#[test]
fn a_streamed_build_indexes_every_page_once_from_its_main_content() {
    let site = basic_felt_with_both();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("public");
    let result = build_streamed(site.path(), &out);
    // Streamed: the site is on disk, not in memory.
    assert!(result.output.is_none());
    let written: BTreeSet<&str> = result.files.iter().map(|f| f.path.as_str()).collect();
    assert!(
        written.contains("en/pagefind/pagefind-entry.json"),
        "{written:?}"
    );
    assert!(written.contains("de/sw.js"), "{written:?}");

    let en = fragments(&out, "en");
    let pages: BTreeSet<&str> = [
        "/course/en/",
        "/course/en/tiles/",
        "/course/en/charleston/",
        "/course/en/variants/",
        "/course/en/variants/riichi/",
    ]
    .into();
    let indexed: BTreeSet<&str> = en
        .keys()
        .map(String::as_str)
        .filter(|u| !u.contains('#'))
        .collect();
    assert_eq!(indexed, pages, "every page once (glossary terms aside)");
    let tiles = &en["/course/en/tiles/"];
    assert!(tiles.contains("There are eight."), "{tiles}");
    // Only the main content: not the header, the navigation or the footer.
    let page = std::fs::read_to_string(out.join("en/tiles/index.html")).unwrap();
    let doc = scraper::Html::parse_document(&page);
    let skip = common::text(common::select_one(&doc, "a.skip-link"));
    assert!(
        !skip.is_empty() && !tiles.contains(&skip),
        "{skip:?} in {tiles}"
    );
    assert!(
        !tiles.contains("Fixture"),
        "the site title is not content: {tiles}"
    );
    let de = fragments(&out, "de");
    assert!(de.contains_key("/course/de/tiles/"), "{:?}", de.keys());
}

#[test]
fn the_workers_list_the_written_files_with_their_recorded_hashes() {
    let site = basic_felt_with_both();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("public");
    let result = build_streamed(site.path(), &out);
    let hashes: BTreeMap<String, &str> = result
        .files
        .iter()
        .map(|f| (format!("/course/{}", f.path), f.hash.as_str()))
        .collect();
    let js = std::fs::read_to_string(out.join("en/sw.js")).unwrap();
    let entries = common::precache_list(&js);
    assert!(entries.len() > 10, "{entries:?}");
    for (url, hash) in &entries {
        let path = if url.ends_with('/') {
            format!("{url}index.html")
        } else {
            url.clone()
        };
        assert_eq!(hashes.get(&path), Some(&hash.as_str()), "{url}");
    }
    assert!(
        entries
            .iter()
            .any(|(u, _)| u.starts_with("/course/en/pagefind/"))
    );
}

#[test]
fn a_streamed_build_writes_the_same_bytes_as_an_in_memory_one() {
    let site = basic_felt_with_both();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("public");
    build_streamed(site.path(), &out);
    let memory = common::build_ok(&common::options(site.path()));
    let on_disk = common::built_files(&out);
    let in_memory: BTreeMap<String, Vec<u8>> = memory
        .output()
        .iter()
        .map(|(p, b)| (p.to_string(), b.to_vec()))
        .collect();
    assert_eq!(
        on_disk.keys().collect::<Vec<_>>(),
        in_memory.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &in_memory {
        assert!(on_disk[path] == *bytes, "{path} differs");
    }
}
