//! Rebuilds that reuse the last build (issue 16) produce exactly what a
//! cold build produces: the same set of files, every file byte for byte
//! (the manifest up to the modification times it records), the same
//! diagnostics, over random edit sequences on a copy of the `basic`
//! fixture (bodies, titles, weights, new and deleted pages, translations
//! marked up to date or gone stale, strings, templates, static files, the
//! search index and service workers switched on and off, a built file
//! edited by hand). And the targeted cases: a template change renders
//! every page again, a manifest another binary wrote is ignored, a failed
//! rebuild leaves the previous output and its manifest untouched, and a
//! changed heading of a section that teaches a rule reaches every page
//! whose exercise feedback names it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use tilebook::output::{guard, manifest};
use tilebook::site::{self, BuildResult, WriteOptions};

use crate::support::common;

/// Pages the edits may touch; the last two do not exist at first.
const PAGES: [&str; 8] = [
    "en/_index.md",
    "en/tiles.md",
    "en/charleston.md",
    "en/variants/riichi.md",
    "de/_index.md",
    "de/tiles.md",
    "de/charleston.md",
    "en/extra.md",
];
const CREATED: usize = 6;

const SNIPPETS: [&str; 5] = [
    "\n\n## Extra {#extra}\nMore text.\n",
    "\n\nSee [the jokers](tiles.md#jokers).\n",
    "\n\nA plain sentence.\n",
    "\n\nSee [the extra part](charleston.md#extra).\n",
    "\n\nBroken [link](missing.md).\n",
];

const TITLES: [&str; 3] = ["Alpha", "Beta", "Tiles"];

#[derive(Debug, Clone)]
enum Edit {
    Nothing,
    Body(usize, usize),
    Title(usize, usize),
    Weight(usize, i64),
    Create(usize),
    Delete(usize),
    /// Marks a German page up to date with its English source.
    Mark(usize),
    Template(bool),
    /// 0 a new text, 1 the original, 2 invalid TOML.
    Strings(u8),
    Css(u8),
    /// Search index and service workers on or off.
    Late(bool),
    /// Appends to a built file of the reused output.
    ByHand(usize),
    /// Meddles with the spare folder the next build recycles: 0 a stray
    /// file, 1 a page changed in place, 2 a folder where a page was, 3 the
    /// spare removed.
    Spare(usize, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    let page = 0..PAGES.len();
    prop_oneof![
        2 => Just(Edit::Nothing),
        6 => (page.clone(), 0..SNIPPETS.len()).prop_map(|(p, s)| Edit::Body(p, s)),
        3 => (page.clone(), 0..TITLES.len()).prop_map(|(p, t)| Edit::Title(p, t)),
        2 => (page.clone(), 0i64..40).prop_map(|(p, w)| Edit::Weight(p, w)),
        1 => (CREATED..PAGES.len()).prop_map(Edit::Create),
        1 => (1..PAGES.len()).prop_map(Edit::Delete),
        2 => (4..7usize).prop_map(Edit::Mark),
        1 => any::<bool>().prop_map(Edit::Template),
        1 => (0u8..3).prop_map(Edit::Strings),
        1 => any::<u8>().prop_map(Edit::Css),
        1 => any::<bool>().prop_map(Edit::Late),
        1 => page.clone().prop_map(Edit::ByHand),
        2 => (page, 0u8..4).prop_map(|(p, k)| Edit::Spare(p, k)),
    ]
}

struct Fixture {
    _tmp: tempfile::TempDir,
    root: PathBuf,
    /// The output folder every build reuses.
    out: PathBuf,
}

impl Fixture {
    fn new() -> Fixture {
        let tmp = common::copy_fixture("basic");
        let root = tmp.path().to_path_buf();
        let out = root.join("public");
        // Show the "out of date" banner, so that marking a translation and
        // then changing its source changes the translation's page.
        let page = root.join("themes/mini/templates/page.html");
        let text = std::fs::read_to_string(&page).unwrap().replace(
            "<main>",
            "{% if page.stale %}<p class=\"stale\">{{ page.stale.source_title }}</p>{% endif %}<main>",
        );
        std::fs::write(&page, text).unwrap();
        Fixture {
            _tmp: tmp,
            root,
            out,
        }
    }

    /// A copy of fixture `name` with the felt theme (practice sheets and
    /// all), for the targeted tests that need them.
    fn felt(name: &str) -> Fixture {
        let tmp = common::copy_fixture_with_felt(name);
        let root = tmp.path().to_path_buf();
        let out = root.join("public");
        Fixture {
            _tmp: tmp,
            root,
            out,
        }
    }

    fn page(&self, i: usize) -> PathBuf {
        self.root.join("content").join(PAGES[i])
    }

    /// Rewrites page `i`'s front matter key `key` (added when missing).
    fn set_front(&self, i: usize, key: &str, value: &str) {
        let path = self.page(i);
        let Ok(text) = std::fs::read_to_string(&path) else {
            return;
        };
        let (front, body) = text
            .trim_start_matches("+++\n")
            .split_once("+++\n")
            .unwrap();
        let mut lines: Vec<String> = front
            .lines()
            .filter(|l| !l.starts_with(&format!("{key} =")))
            .map(str::to_string)
            .collect();
        lines.push(format!("{key} = {value}"));
        std::fs::write(&path, format!("+++\n{}\n+++\n{body}", lines.join("\n"))).unwrap();
    }

    fn replace_in(&self, rel: &str, from: &str, to: &str) {
        let path = self.root.join(rel);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace(from, to)).unwrap();
    }

    fn apply(&self, edit: &Edit) {
        match *edit {
            Edit::Nothing => {}
            Edit::Body(p, s) => {
                if let Ok(text) = std::fs::read_to_string(self.page(p)) {
                    std::fs::write(self.page(p), text + SNIPPETS[s]).unwrap();
                }
            }
            Edit::Title(p, t) => self.set_front(p, "title", &format!("{:?}", TITLES[t])),
            Edit::Weight(p, w) => self.set_front(p, "weight", &w.to_string()),
            Edit::Create(p) => {
                let text = format!("+++\ntitle = \"New {p}\"\nweight = {p}\n+++\nNew page.\n");
                common::write(&self.root, &format!("content/{}", PAGES[p]), &text);
            }
            Edit::Delete(p) => {
                let _ = std::fs::remove_file(self.page(p));
            }
            Edit::Mark(p) => {
                let source = self.page(p - 4);
                if let Ok(text) = std::fs::read_to_string(source) {
                    let hash = tilebook::hash::source_hash(&text);
                    self.set_front(p, "translated_from", &format!("{hash:?}"));
                }
            }
            Edit::Template(on) => {
                let (a, b) = ("<main>", "<main class=\"x\">");
                let (from, to) = if on { (a, b) } else { (b, a) };
                self.replace_in("themes/mini/templates/page.html", from, to);
            }
            Edit::Strings(n) => {
                let text = match n {
                    0 => "nav-next = Onwards\n",
                    1 => "nav-next = Next\n",
                    _ => "nav-next = { Next\n",
                };
                common::write(&self.root, "themes/mini/i18n/en.ftl", text);
            }
            Edit::Css(n) => {
                common::write(
                    &self.root,
                    "static/site.css",
                    &format!("body{{margin:{n}px}}\n"),
                );
            }
            Edit::Late(on) => {
                let (a, b) = ("enabled = false", "enabled = true");
                let (from, to) = if on { (a, b) } else { (b, a) };
                self.replace_in("config.toml", from, to);
            }
            Edit::ByHand(p) => {
                let built = self.out.join(built_path(PAGES[p]));
                if let Ok(mut bytes) = std::fs::read(&built) {
                    bytes.extend_from_slice(b"<!-- by hand -->");
                    std::fs::write(&built, bytes).unwrap();
                }
            }
            Edit::Spare(p, kind) => self.meddle_with_spare(p, kind),
        }
    }

    fn meddle_with_spare(&self, p: usize, kind: u8) {
        let spare = self.out.with_file_name(".public.spare");
        if !spare.is_dir() {
            return;
        }
        let built = spare.join(built_path(PAGES[p]));
        match kind {
            0 => common::write(&spare, "stray/file.html", "not the site's"),
            1 => {
                if let Ok(mut bytes) = std::fs::read(&built) {
                    // In place: a hard link shares it with the output.
                    bytes.extend_from_slice(b"<!-- spare by hand -->");
                    std::fs::write(&built, bytes).unwrap();
                }
            }
            2 => {
                let _ = std::fs::remove_file(&built);
                std::fs::create_dir_all(built.join("in-the-way")).unwrap();
            }
            _ => std::fs::remove_dir_all(&spare).unwrap(),
        }
    }

    /// Builds into the reused output folder, and cold into a new folder;
    /// asserts that both say and write the same. Returns the reused build.
    fn build_and_compare(&self, step: &str) -> BuildResult {
        let opts = common::options(&self.root);
        let before = self.out.exists().then(|| common::snapshot(&self.out));
        let (mut reused, written) = site::build_to(&opts, &self.out);
        written.unwrap();
        let cold_dir = tempfile::tempdir().unwrap();
        let cold_out = cold_dir.path().join("public");
        let (mut cold, written) = site::build_into(&opts, &cold_out, WriteOptions { reuse: false });
        written.unwrap();
        assert_eq!(
            reused.render_diagnostics(),
            cold.render_diagnostics(),
            "diagnostics after {step}"
        );
        if cold.diagnostics.has_errors() {
            let after = self.out.exists().then(|| common::snapshot(&self.out));
            assert!(
                before == after,
                "a failed build changed the output ({step})"
            );
            return reused;
        }
        let indexed = assert_same_files(&self.out, &cold_out, step);
        // With search on, the index files were among those compared (issue
        // 31: a reused build's index equals a cold build's, byte for byte).
        let search_on = !std::fs::read_to_string(self.root.join("config.toml"))
            .unwrap()
            .contains("[search]\nenabled = false");
        assert_eq!(indexed > 0, search_on, "search index files after {step}");
        reused
    }
}

impl Fixture {
    /// `r` made every page, and the next build reuses every page.
    fn assert_made_all_then_reused_all(&self, r: &BuildResult) {
        assert_eq!(r.stats.reused, 0);
        let next = self.build_and_compare("the next rebuild");
        assert_eq!(next.stats.reused, r.stats.pages);
    }
}

/// `en/variants/riichi.md` → `en/variants/riichi/index.html`.
fn built_path(page: &str) -> String {
    let stem = page.trim_end_matches(".md");
    match stem.strip_suffix("_index") {
        Some(dir) => format!("{dir}index.html"),
        None => format!("{stem}/index.html"),
    }
}

/// The manifest of `files` (removed from them), its modification times
/// and inodes zeroed (they are when and where each file was written).
fn take_manifest(files: &mut BTreeMap<String, Vec<u8>>, dir: &Path) -> serde_json::Value {
    let bytes = files
        .remove(manifest::FILE)
        .unwrap_or_else(|| panic!("{} has no {}", dir.display(), manifest::FILE));
    let mut json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    // It covers the modification times.
    json["checksum"] = "".into();
    for entry in json["files"].as_object_mut().unwrap().values_mut() {
        entry["modified"] = 0.into();
        entry["ino"] = 0.into();
    }
    json
}

/// Asserts that both folders hold the same files; returns how many of them
/// are search index files (`<lang>/pagefind/…`).
fn assert_same_files(reused: &Path, cold: &Path, step: &str) -> usize {
    let mut a = common::snapshot(reused);
    let mut b = common::snapshot(cold);
    assert!(a.contains_key(guard::MARKER) && b.contains_key(guard::MARKER));
    assert_eq!(
        take_manifest(&mut a, reused),
        take_manifest(&mut b, cold),
        "manifests after {step}"
    );
    let paths_a: Vec<&String> = a.keys().collect();
    let paths_b: Vec<&String> = b.keys().collect();
    assert_eq!(paths_a, paths_b, "files after {step}");
    for (path, bytes) in &b {
        assert!(
            &a[path] == bytes,
            "{path} differs after {step}:\n--- reused\n{}\n--- cold\n{}",
            String::from_utf8_lossy(&a[path]),
            String::from_utf8_lossy(bytes)
        );
    }
    b.keys().filter(|p| p.contains("/pagefind/")).count()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn reused_builds_equal_cold_builds(
        late in any::<bool>(),
        edits in proptest::collection::vec(edit(), 1..10),
    ) {
        let fx = Fixture::new();
        fx.apply(&Edit::Late(late));
        let mut ok = !fx.build_and_compare("the first build").diagnostics.has_errors();
        for (n, e) in edits.iter().enumerate() {
            fx.apply(e);
            let r = fx.build_and_compare(&format!("edit {n}: {e:?}"));
            if matches!(e, Edit::Nothing) && ok && !r.diagnostics.has_errors() {
                // Nothing changed since a good build: every page is reused.
                prop_assert_eq!(r.stats.reused, r.stats.pages, "after edit {}", n);
            }
            ok = !r.diagnostics.has_errors();
        }
    }
}

/// A rebuild with nothing changed reuses every page (and, with search and
/// offline on, the late extras); a body edit renders that page and its
/// translation again (its "out of date" banner depends on the source); a
/// template edit renders every page.
#[test]
fn a_rebuild_renders_only_what_changed() {
    let fx = Fixture::new();
    fx.apply(&Edit::Late(true));
    let first = fx.build_and_compare("the first build");
    assert_eq!(first.stats.reused, 0);
    let pages = first.stats.pages;
    assert_eq!(fx.build_and_compare("no change").stats.reused, pages);
    fx.apply(&Edit::Body(1, 2));
    assert_eq!(
        fx.build_and_compare("a body edit").stats.reused,
        pages - 2,
        "en/tiles.md and its translation de/tiles.md are rendered again"
    );
    fx.apply(&Edit::Template(true));
    assert_eq!(fx.build_and_compare("a template edit").stats.reused, 0);
    fx.apply(&Edit::Title(2, 0));
    assert_eq!(fx.build_and_compare("a title edit").stats.reused, 0);
}

/// The translation status (`translation_status()`) is an input of every
/// page only when a template names it: an English edit that puts its German
/// translation out of date changes the status, and makes the other pages
/// again only on a site whose templates show it.
#[test]
fn the_translation_status_is_an_input_only_where_a_template_names_it() {
    for named in [false, true] {
        let fx = Fixture::new();
        if named {
            let show = "<p>{{ translation_status() | length }}</p><main>";
            fx.replace_in("themes/mini/templates/page.html", "<main>", show);
        }
        fx.apply(&Edit::Mark(5));
        let pages = fx.build_and_compare("the first build").stats.pages;
        fx.apply(&Edit::Body(1, 2));
        let r = fx.build_and_compare("the source's edit");
        let want = if named { 0 } else { pages - 2 };
        assert_eq!(
            r.stats.reused, want,
            "named: {named}; en/tiles.md and de/tiles.md (now out of date) are made again"
        );
    }
}

/// A manifest another tilebook (another version, format or executable)
/// wrote is never trusted: everything is made again.
#[test]
fn a_manifest_from_another_binary_is_ignored() {
    let fx = Fixture::new();
    fx.build_and_compare("the first build");
    let path = fx.out.join(manifest::FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["stamp"] = "tilebook 0.0.1 manifest 1 exe 1 1".into();
    std::fs::write(&path, json.to_string()).unwrap();
    let r = fx.build_and_compare("a rebuild");
    // The rebuild wrote this binary's manifest again.
    fx.assert_made_all_then_reused_all(&r);
}

/// A damaged manifest (edited by hand, still valid JSON with its stamp: one
/// page's anchors emptied; or cut short) is dropped with a one-line note:
/// the rebuild after an unrelated edit is a cold one, and reports nothing
/// about the page whose facts were edited (the links to its anchors are
/// right).
#[test]
fn a_damaged_manifest_gives_a_cold_build() {
    for damage in ["anchors emptied", "cut short"] {
        let fx = Fixture::new();
        fx.build_and_compare("the first build");
        let path = fx.out.join(manifest::FILE);
        let text = std::fs::read_to_string(&path).unwrap();
        let damaged = match damage {
            "anchors emptied" => {
                let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
                let facts = &mut json["files"]["en/charleston/index.html"]["facts"];
                assert!(!facts["anchors"].as_array().unwrap().is_empty());
                facts["anchors"] = serde_json::json!([]);
                json.to_string()
            }
            _ => text[..text.len() / 2].to_string(),
        };
        std::fs::write(&path, damaged).unwrap();
        fx.apply(&Edit::Body(1, 2));
        let r = fx.build_and_compare(damage);
        assert!(!r.diagnostics.has_errors(), "{damage}: {:?}", r.diagnostics);
        assert_eq!(r.stats.reused, 0, "{damage}: a cold build");
        assert_eq!(r.notes.len(), 1, "{damage}: {:?}", r.notes);
        assert!(
            r.notes[0].ends_with(
                ".tilebook-manifest.json: the manifest does not match its checksum (edited or cut short); nothing of the previous build is reused"
            ),
            "{damage}: {:?}",
            r.notes
        );
        fx.assert_made_all_then_reused_all(&r);
    }
}

/// A rebuild that fails (here: a broken link) writes nothing: the previous
/// output, its hard-linked files and its manifest stay as they were, and
/// the next good build still reuses them.
#[test]
fn a_failed_rebuild_leaves_the_previous_output_and_manifest() {
    let fx = Fixture::new();
    let pages = fx.build_and_compare("the first build").stats.pages;
    fx.build_and_compare("a rebuild that links every page");
    let before = common::snapshot(&fx.out);
    fx.apply(&Edit::Body(1, 4));
    let r = fx.build_and_compare("a broken link");
    assert!(r.diagnostics.has_errors());
    assert!(common::snapshot(&fx.out) == before, "the output changed");
    // Put the page back: the previous build's files are reused.
    fx.apply(&Edit::Delete(1));
    let _ = std::fs::copy(
        common::fixture_path("basic").join("content/en/tiles.md"),
        fx.page(1),
    );
    assert_eq!(fx.build_and_compare("the fix").stats.reused, pages);
}

/// `build --no-reuse` makes every file again and writes the same site.
#[test]
fn no_reuse_makes_everything_again() {
    let fx = Fixture::new();
    fx.build_and_compare("the first build");
    let (r, written) = site::build_into(
        &common::options(&fx.root),
        &fx.out,
        WriteOptions { reuse: false },
    );
    written.unwrap();
    fx.assert_made_all_then_reused_all(&r);
}

/// Exercise feedback names the section that teaches its rule: changing
/// that heading (in a page whose own exercises are unchanged) reaches every
/// page with exercises, in every language.
#[test]
fn a_rule_sections_heading_reaches_the_feedback_of_other_pages() {
    let fx = Fixture::felt("exercises");
    let first = fx.build_and_compare("the first build");
    assert!(!first.diagnostics.has_errors());
    let quiz = fx.root.join("content/en/quiz.md");
    let text = std::fs::read_to_string(&quiz).unwrap();
    let heading = text
        .lines()
        .find(|l| l.starts_with('#') && l.contains("{#rules}"))
        .expect("quiz.md has a heading {#rules}")
        .to_string();
    let renamed = heading.replacen(' ', " Renamed ", 1);
    std::fs::write(&quiz, text.replace(&heading, &renamed)).unwrap();
    let reused = fx.build_and_compare("the heading's change");
    assert!(!reused.diagnostics.has_errors());
    assert_eq!(reused.stats.reused, 0, "every page's feedback links there");
    let page = std::fs::read_to_string(fx.out.join("en/generated/index.html")).unwrap();
    assert!(
        page.contains("Renamed"),
        "the feedback names the new heading"
    );
}

/// The inode of every file below `dir/sub` (a reused file is a hard link to
/// the previous build's).
fn inodes(dir: &Path, sub: &str) -> BTreeMap<String, u64> {
    use std::os::unix::fs::MetadataExt;
    walkdir::WalkDir::new(dir.join(sub))
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap();
            (
                rel.to_string_lossy().into_owned(),
                e.metadata().unwrap().ino(),
            )
        })
        .collect()
}

/// With search on, a page edit indexes its own language again and reuses
/// the other languages' indexes (the same files, linked); the service
/// workers are made again from every file's hash; and the whole output is
/// what a cold build makes.
#[test]
fn a_page_edit_reindexes_only_its_language() {
    let fx = Fixture::new();
    fx.apply(&Edit::Late(true));
    fx.build_and_compare("the first build");
    let en = inodes(&fx.out, "en/pagefind");
    let de = inodes(&fx.out, "de/pagefind");
    assert!(
        !en.is_empty() && !de.is_empty(),
        "both languages have an index"
    );
    // de/tiles.md has no translation that depends on it.
    fx.apply(&Edit::Body(5, 2));
    let r = fx.build_and_compare("a German body edit");
    assert_eq!(r.stats.reused, r.stats.pages - 1);
    assert_eq!(
        inodes(&fx.out, "en/pagefind"),
        en,
        "the English index is reused"
    );
    let de_after = inodes(&fx.out, "de/pagefind");
    assert!(
        de_after.values().all(|i| !de.values().any(|j| j == i)),
        "the German index is made again: {de:?} → {de_after:?}"
    );
    // Nothing changed since: everything is reused, the indexes too.
    let en = inodes(&fx.out, "en/pagefind");
    let r = fx.build_and_compare("no change");
    assert_eq!(r.stats.reused, r.stats.pages);
    assert_eq!(inodes(&fx.out, "en/pagefind"), en);
}

/// Every file's inode and modification time below `dir` (the manifest and
/// marker included).
fn stamps(dir: &Path) -> BTreeMap<String, (u64, std::time::SystemTime)> {
    use std::os::unix::fs::MetadataExt;
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let meta = e.metadata().unwrap();
            let rel = e.path().strip_prefix(dir).unwrap();
            let stamp = (meta.ino(), meta.modified().unwrap());
            (rel.to_string_lossy().into_owned(), stamp)
        })
        .collect()
}

/// A rebuild with nothing changed leaves the output folder as it is: no
/// file is linked, written or removed (the same inodes and times), and it
/// reports the same files; one changed page makes a new folder again.
#[test]
fn a_rebuild_with_nothing_changed_leaves_the_folder_as_it_is() {
    for late in [false, true] {
        let fx = Fixture::new();
        fx.apply(&Edit::Late(late));
        let first = fx.build_and_compare("the first build");
        let before = stamps(&fx.out);
        let again = fx.build_and_compare("no change");
        assert_eq!(again.stats.reused, again.stats.pages);
        assert_eq!(stamps(&fx.out), before, "search and offline {late}");
        assert_eq!(
            again.files.iter().map(|f| &f.path).collect::<Vec<_>>(),
            first.files.iter().map(|f| &f.path).collect::<Vec<_>>()
        );
        // A file put there by hand is not part of the site: the folder is
        // made again without it.
        std::fs::write(fx.out.join("stray.txt"), "by hand").unwrap();
        fx.build_and_compare("a stray file");
        assert!(!fx.out.join("stray.txt").exists());
        let before = stamps(&fx.out);
        fx.apply(&Edit::Body(5, 2));
        fx.build_and_compare("a body edit");
        assert_ne!(stamps(&fx.out), before);
    }
}

/// The sheets of each practice series, by series: (sheet path → inode).
fn series_inodes(dir: &Path) -> BTreeMap<String, BTreeMap<String, u64>> {
    let mut by_series: BTreeMap<String, BTreeMap<String, u64>> = BTreeMap::new();
    for (path, ino) in inodes(dir, "") {
        // <lang>/practice/<series…>/<n>/index.html; the index is <lang>/practice/index.html.
        let Some((_, rest)) = path.split_once("/practice/") else {
            continue;
        };
        let parts: Vec<&str> = rest.split('/').collect();
        if parts.len() < 3 {
            continue;
        }
        let series = parts[..parts.len() - 2].join("/");
        by_series.entry(series).or_default().insert(path, ino);
    }
    by_series
}

/// The variant pools (`<lang>/<lesson>/pool.txt`): path → inode.
fn pool_inodes(dir: &Path) -> BTreeMap<String, u64> {
    (inodes(dir, "").into_iter())
        .filter(|(path, _)| path.ends_with("/pool.txt"))
        .collect()
}

/// Practice sheets are reused by series, and pools by lesson: a lesson's
/// body edit makes its own series, its pools and the mixed series again
/// and links every other lesson's sheets and pools; each rebuild is what a
/// cold build makes; with nothing changed, every sheet and pool is linked.
#[test]
fn a_lesson_edit_makes_only_its_series_sheets_and_pools_again() {
    let fx = Fixture::felt("exercises");
    let rebuild = |step: &str| {
        let r = fx.build_and_compare(step);
        assert!(!r.diagnostics.has_errors(), "{step}");
        r
    };
    rebuild("the first build");
    let out = &fx.out;
    let before = series_inodes(out);
    let pools_before = pool_inodes(out);
    assert!(
        pools_before.contains_key("en/quiz/pool.txt")
            && pools_before.contains_key("de/quiz/pool.txt")
            && pools_before.keys().any(|p| !p.ends_with("/quiz/pool.txt")),
        "the fixture has pools of several lessons: {pools_before:?}"
    );
    let names: Vec<&str> = before.keys().map(String::as_str).collect();
    assert!(
        names.contains(&"quiz") && names.contains(&"mixed") && names.len() >= 3,
        "the fixture has several series: {names:?}"
    );
    let quiz = fx.root.join("content/en/quiz.md");
    let text = std::fs::read_to_string(&quiz).unwrap();
    std::fs::write(&quiz, text + "\n\nOne more plain sentence.\n").unwrap();
    let r = rebuild("a body edit of en/quiz.md");
    assert!(r.stats.reused > 0);
    let after = series_inodes(out);
    assert_eq!(
        after.keys().collect::<Vec<_>>(),
        before.keys().collect::<Vec<_>>()
    );
    for (series, files) in &after {
        let made_again = files.iter().all(|(p, i)| before[series][p] != *i);
        let linked = files == &before[series];
        match series.as_str() {
            "quiz" | "mixed" => assert!(made_again, "{series} is made again"),
            _ => assert!(linked, "{series} is linked from the previous build"),
        }
    }
    let pools_after = pool_inodes(out);
    assert_eq!(
        pools_after.keys().collect::<Vec<_>>(),
        pools_before.keys().collect::<Vec<_>>()
    );
    for (path, inode) in &pools_after {
        match path.ends_with("/quiz/pool.txt") {
            true => assert_ne!(pools_before[path], *inode, "{path} is made again"),
            false => assert_eq!(pools_before[path], *inode, "{path} is linked"),
        }
    }
    let r = rebuild("no change");
    assert_eq!(r.stats.reused, r.stats.pages);
    assert_eq!(series_inodes(out), after, "every sheet is linked");
    assert_eq!(pool_inodes(out), pools_after, "every pool is linked");
    // A lesson's [practice] settings are front matter: every series is made again.
    let quiz_text = std::fs::read_to_string(&quiz).unwrap();
    let set = quiz_text.replacen(
        "title = \"Quiz\"\n",
        "title = \"Quiz\"\n[practice]\nsheets = 1\n",
        1,
    );
    assert_ne!(set, quiz_text);
    std::fs::write(&quiz, set).unwrap();
    rebuild("[practice] sheets = 1 in en/quiz.md");
    let quiz_sheets = &series_inodes(out)["quiz"];
    assert_eq!(
        quiz_sheets.len(),
        2,
        "one sheet in each language: {quiz_sheets:?}"
    );
}
