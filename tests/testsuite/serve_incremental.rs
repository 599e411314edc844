//! Incremental rebuilds of `serve` produce exactly what a full build
//! produces (files and diagnostics), over random edit sequences on a temp
//! copy of the fixture site. While a page does not read (broken front
//! matter, or read half-way through a save) serve keeps its last good
//! version and reports its error; once every page reads again, the site is
//! the full build's. What is compared is what the server serves: the
//! files of its folder on disk, once the engine has published them.

use crate::support::common::copy_dir;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use tilebook::output::ServedFolder;
use tilebook::serve::{Engine, Rebuild, RebuildKind};
use tilebook::site::{self, BuildOptions};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/basic");

/// Pages the edits may touch: the fixture's, plus three that may be created
/// (a page in each language and a German translation of an English page).
const PAGES: [&str; 10] = [
    "en/_index.md",
    "en/tiles.md",
    "en/charleston.md",
    "en/variants/_index.md",
    "en/variants/riichi.md",
    "de/_index.md",
    "de/tiles.md",
    "en/extra.md",
    "de/extra.md",
    "de/charleston.md",
];
const CREATED: usize = 7;
/// The German pages of [`PAGES`] (translations of the English page of the
/// same path, when there is one).
const GERMAN: [usize; 4] = [5, 6, 8, 9];
/// [`PAGES`]' `de/tiles.md`, marked as translated from `en/tiles.md` to
/// begin with.
const DE_TILES: usize = 6;

/// The glossary: one term, its English text (`false`: as first written)
/// and its German one (marked from the first English text).
const TERMS: &str = "[[term]]\nid = \"joker\"\nvariants = [\"american\"]\n";
const TERM_EN: [(&str, &str); 2] = [("Joker", "A wild tile."), ("Joker tile", "A wild tile.")];
const TERM_DE: (&str, &str) = ("Joker", "Ein wilder Stein.");

/// What the page templates show of the translations: a stale page's
/// notice (always), the translation status (after `StatusTemplate(true)`).
const STALE_NOTICE: &str = "{% if page.stale %}<p class=\"stale\"><a href=\"{{ page.stale.source_url }}\">{{ page.stale.source_title }}</a></p>{% endif %}</main>";
const STATUS: &str = "{% for s in translation_status() %}<p>{{ s.code }} {{ s.stale }} {{ s.unmarked }} {{ s.glossary_stale | length }} {{ s.terminology | length }}</p>{% endfor %}</body>";

/// Snippets appended to a body: anchors, links to anchors of other pages
/// (which may or may not exist), fallback links, plain text, a broken link.
const SNIPPETS: [&str; 9] = [
    "\n\n## Extra {#extra}\nMore text.\n",
    "\n\nSee [the jokers](tiles.md#jokers).\n",
    "\n\nSee [the extra part](charleston.md#extra).\n",
    "\n\nA plain sentence.\n",
    "\n\nSee [Riichi](variants/riichi.md).\n",
    "\n\nBroken [link](missing.md).\n",
    "\n\n## Blind pass {#blind-pass}\nAgain.\n",
    "\n\nTop [of page](#extra).\n",
    // An exercise: on an English page, its translation lacks it (shown
    // there in English, warned about) until the same snippet goes there.
    "\n\n```quiz\nkind = \"courtesy\"\noffers = [3, 1]\n```\n",
];

const TITLES: [&str; 4] = ["Alpha", "Beta", "Gamma", "Tiles"];

#[derive(Debug, Clone)]
struct PageModel {
    exists: bool,
    title: String,
    weight: i64,
    description: String,
    slug: Option<String>,
    draft: bool,
    broken: bool,
    keep_base: bool,
    base: String,
    extra: Vec<usize>,
    /// A translation's `translated_from` (the source hash it was marked from).
    mark: Option<String>,
}

impl PageModel {
    fn text(&self) -> String {
        let mut s = String::from("+++\n");
        if self.broken {
            s.push_str("title = 3\n");
        } else {
            s.push_str(&format!("title = {:?}\n", self.title));
        }
        s.push_str(&format!("weight = {}\n", self.weight));
        if !self.description.is_empty() {
            s.push_str(&format!("description = {:?}\n", self.description));
        }
        if let Some(slug) = &self.slug {
            s.push_str(&format!("slug = {slug:?}\n"));
        }
        if self.draft {
            s.push_str("draft = true\n");
        }
        if let Some(mark) = &self.mark {
            s.push_str(&format!("translated_from = {mark:?}\n"));
        }
        s.push_str("+++\n");
        if self.keep_base {
            s.push_str(&self.base);
        }
        for &i in &self.extra {
            s.push_str(SNIPPETS[i]);
        }
        s
    }
}

#[derive(Debug, Clone)]
enum Edit {
    AppendSnippet(usize, usize),
    DropSnippets(usize),
    ToggleBase(usize),
    Title(usize, usize),
    Weight(usize, i64),
    Description(usize, bool),
    Slug(usize, bool),
    Draft(usize),
    Break(usize),
    Create(usize),
    Delete(usize),
    /// A save read half-way: the page's first `n` bytes (front matter cut
    /// short, or the body), a rebuild, then the whole page and a rebuild.
    HalfSave(usize, usize),
    Template(bool),
    /// Breaks (true) or fixes the page template: an undefined field fails
    /// every page that uses it (one grouped report).
    TemplateError(bool),
    /// Breaks (true) or fixes the page template's syntax.
    TemplateSyntax(bool),
    /// A strings edit: 0 a new text, 1 the original, 2 invalid TOML,
    /// 3 the key the template asks for removed.
    Strings(u8),
    Css(u8),
    StaticFile(bool),
    /// Marks a German page as translated from its English page as it is
    /// now (true), or removes its mark.
    Mark(usize, bool),
    /// A glossary edit: 0 the English term's text changed (its German
    /// translation goes stale), 1 back, 2 a German word to avoid that the
    /// German pages use, 3 none.
    Glossary(u8),
    /// `config.toml`: the site's title changed (true), or back.
    Config(bool),
    /// The page template shows the translation status (true), or not.
    StatusTemplate(bool),
}

fn edit() -> impl Strategy<Value = Edit> {
    let page = 0..PAGES.len();
    prop_oneof![
        6 => (page.clone(), 0..SNIPPETS.len()).prop_map(|(p, s)| Edit::AppendSnippet(p, s)),
        2 => page.clone().prop_map(Edit::DropSnippets),
        1 => page.clone().prop_map(Edit::ToggleBase),
        3 => (page.clone(), 0..TITLES.len()).prop_map(|(p, t)| Edit::Title(p, t)),
        3 => (page.clone(), -2i64..40).prop_map(|(p, w)| Edit::Weight(p, w)),
        1 => (page.clone(), any::<bool>()).prop_map(|(p, b)| Edit::Description(p, b)),
        1 => (page.clone(), any::<bool>()).prop_map(|(p, b)| Edit::Slug(p, b)),
        1 => page.clone().prop_map(Edit::Draft),
        1 => page.clone().prop_map(Edit::Break),
        1 => (CREATED..PAGES.len()).prop_map(Edit::Create),
        1 => (CREATED..PAGES.len()).prop_map(Edit::Delete),
        1 => page.clone().prop_map(Edit::Create),
        1 => page.clone().prop_map(Edit::Delete),
        3 => (prop::sample::select(&GERMAN[..]), any::<bool>()).prop_map(|(p, b)| Edit::Mark(p, b)),
        2 => (0u8..4).prop_map(Edit::Glossary),
        1 => any::<bool>().prop_map(Edit::Config),
        1 => any::<bool>().prop_map(Edit::StatusTemplate),
        2 => (page.clone(), 0usize..60).prop_map(|(p, n)| Edit::HalfSave(p, n)),
        1 => any::<bool>().prop_map(Edit::Template),
        1 => any::<bool>().prop_map(Edit::TemplateError),
        1 => any::<bool>().prop_map(Edit::TemplateSyntax),
        1 => (0u8..4).prop_map(Edit::Strings),
        1 => any::<u8>().prop_map(Edit::Css),
        1 => any::<bool>().prop_map(Edit::StaticFile),
    ]
}

struct Fixture {
    _dir: tempfile::TempDir,
    root: PathBuf,
    pages: Vec<PageModel>,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap().join("site");
        copy_dir(Path::new(FIXTURE), &root);
        let pages = PAGES
            .iter()
            .enumerate()
            .map(|(i, rel)| {
                let path = root.join("content").join(rel);
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let (front, body) = match tilebook::content::parse_front_matter(&text) {
                    Ok((f, off)) => (f, text[off..].to_string()),
                    Err(_) => (Default::default(), "New page.\n".to_string()),
                };
                let model = PageModel {
                    exists: i < CREATED,
                    title: if i < CREATED {
                        front.title
                    } else {
                        format!("New {i}")
                    },
                    weight: front.weight,
                    description: front.description,
                    slug: None,
                    draft: false,
                    broken: false,
                    keep_base: true,
                    base: body,
                    extra: Vec::new(),
                    mark: None,
                };
                if model.exists {
                    std::fs::write(&path, model.text()).unwrap();
                }
                model
            })
            .collect();
        for name in ["page.html", "section.html"] {
            let path = root.join("themes/mini/templates").join(name);
            let text = std::fs::read_to_string(&path).unwrap();
            std::fs::write(&path, text.replacen("</main>", STALE_NOTICE, 1)).unwrap();
        }
        let mut fx = Fixture {
            _dir: dir,
            root,
            pages,
        };
        fx.write_glossary(0, false);
        fx.apply(&Edit::Mark(DE_TILES, true));
        fx
    }

    /// The English page a German page `p` translates.
    fn source_of(&self, p: usize) -> Option<usize> {
        let en = PAGES[p].replacen("de/", "en/", 1);
        PAGES.iter().position(|q| *q == en)
    }

    /// Writes the glossary: the English term's text `en` (an index of
    /// [`TERM_EN`]), the German one marked from the first, and a German
    /// word to avoid (`avoid`: "Steine", which the German pages use).
    fn write_glossary(&self, en: usize, avoid: bool) -> Vec<PathBuf> {
        let dir = self.root.join("glossary");
        std::fs::create_dir_all(&dir).unwrap();
        let (name, definition) = TERM_EN[en];
        let (first_name, first_definition) = TERM_EN[0];
        let hash = tilebook::hash::term_hash(first_name, first_definition, "");
        let avoid = if avoid { "avoid = [\"Steine\"]\n" } else { "" };
        let files = [
            ("terms.toml", TERMS.to_string()),
            (
                "en.toml",
                format!("[joker]\nname = {name:?}\ndefinition = {definition:?}\n"),
            ),
            (
                "de.toml",
                format!(
                    "[joker]\nname = {:?}\n{avoid}definition = {:?}\ntranslated_from = {hash:?}\n",
                    TERM_DE.0, TERM_DE.1
                ),
            ),
        ];
        files
            .into_iter()
            .map(|(file, text)| {
                let path = dir.join(file);
                std::fs::write(&path, text).unwrap();
                path
            })
            .collect()
    }

    fn page_path(&self, i: usize) -> PathBuf {
        self.root.join("content").join(PAGES[i])
    }

    /// Whether a page that exists does not read (its front matter broken).
    fn any_broken(&self) -> bool {
        self.pages.iter().any(|m| m.exists && m.broken)
    }

    /// Applies `edit` on disk and rebuilds `engine` for it (twice for a
    /// half-way save: the half, then the whole).
    fn apply_and_rebuild(&mut self, edit: &Edit, engine: &mut Engine) {
        if let Edit::HalfSave(p, n) = *edit {
            let path = self.page_path(p);
            if self.pages[p].exists {
                let text = self.pages[p].text();
                let mut cut = n.min(text.len());
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                std::fs::write(&path, &text[..cut]).unwrap();
                engine.rebuild(std::slice::from_ref(&path));
                std::fs::write(&path, &text).unwrap();
                engine.rebuild(&[path]);
            }
            return;
        }
        let touched = self.apply(edit);
        engine.rebuild(&touched);
    }

    /// Applies `edit` on disk; returns the paths it touched.
    fn apply(&mut self, edit: &Edit) -> Vec<PathBuf> {
        let page = match *edit {
            Edit::AppendSnippet(p, _)
            | Edit::DropSnippets(p)
            | Edit::ToggleBase(p)
            | Edit::Title(p, _)
            | Edit::Weight(p, _)
            | Edit::Description(p, _)
            | Edit::Slug(p, _)
            | Edit::Draft(p)
            | Edit::Break(p)
            | Edit::Create(p)
            | Edit::Delete(p)
            | Edit::Mark(p, _) => Some(p),
            _ => None,
        };
        if let Some(p) = page {
            // What a mark records: the source page's hash as it is now.
            let source_hash = match self.source_of(p) {
                Some(q) if self.pages[q].exists => {
                    tilebook::hash::source_hash(&self.pages[q].text())
                }
                _ => "000000000000".to_string(),
            };
            let m = &mut self.pages[p];
            match *edit {
                Edit::AppendSnippet(_, s) => m.extra.push(s),
                Edit::DropSnippets(_) => m.extra.clear(),
                Edit::ToggleBase(_) => m.keep_base = !m.keep_base,
                Edit::Title(_, t) => m.title = TITLES[t].to_string(),
                Edit::Weight(_, w) => m.weight = w,
                Edit::Description(_, on) => {
                    m.description = if on { "About it".into() } else { String::new() }
                }
                Edit::Slug(_, on) => m.slug = on.then(|| format!("slug-{p}")),
                Edit::Draft(_) => m.draft = !m.draft,
                Edit::Break(_) => m.broken = !m.broken,
                Edit::Create(_) => m.exists = true,
                Edit::Delete(_) => m.exists = false,
                Edit::Mark(_, on) => m.mark = on.then_some(source_hash),
                _ => {}
            }
            let path = self.page_path(p);
            if self.pages[p].exists {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, self.pages[p].text()).unwrap();
            } else if path.exists() {
                std::fs::remove_file(&path).unwrap();
            }
            return vec![path];
        }
        match *edit {
            Edit::Template(on) => {
                let path = self.root.join("themes/mini/templates/page.html");
                let text = std::fs::read_to_string(&path).unwrap();
                let text = if on {
                    text.replace("<main>", "<main class=\"x\">")
                } else {
                    text.replace("<main class=\"x\">", "<main>")
                };
                std::fs::write(&path, text).unwrap();
                vec![path]
            }
            Edit::TemplateError(on) => self.edit_page_template(
                "<main>{{ page.content | safe }}",
                "<main>{{ page.heading }}{{ page.content | safe }}",
                on,
            ),
            Edit::TemplateSyntax(on) => {
                self.edit_page_template("<body><nav>", "<body>{% if %}<nav>", on)
            }
            Edit::Strings(n) => {
                let path = self.root.join("themes/mini/i18n/en.ftl");
                let text = match n {
                    0 => "nav-next = Onwards\n",
                    1 => "nav-next = Next\n",
                    2 => "nav-next = { Next\n",
                    _ => "nav-previous = Back\n",
                };
                std::fs::write(&path, text).unwrap();
                vec![path]
            }
            Edit::Css(n) => {
                let path = self.root.join("static/site.css");
                std::fs::write(&path, format!("body{{margin:{n}px}}\n")).unwrap();
                vec![path]
            }
            Edit::StaticFile(on) => {
                let path = self.root.join("static/notes/extra.txt");
                if on {
                    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                    std::fs::write(&path, "notes").unwrap();
                } else if path.exists() {
                    std::fs::remove_file(&path).unwrap();
                }
                vec![path]
            }
            Edit::Glossary(n) => match n {
                0 | 1 => self.write_glossary(usize::from(n), false),
                2 => self.write_glossary(0, true),
                _ => self.write_glossary(0, false),
            },
            Edit::Config(on) => {
                let path = self.root.join("config.toml");
                let text = std::fs::read_to_string(&path).unwrap();
                let (from, to) = ("title = \"Fixture\"", "title = \"Fixture, renamed\"");
                let text = match on {
                    true => text.replacen(from, to, 1),
                    false => text.replacen(to, from, 1),
                };
                std::fs::write(&path, text).unwrap();
                vec![path]
            }
            Edit::StatusTemplate(on) => self.edit_page_template("</body>", STATUS, on),
            _ => unreachable!(),
        }
    }
}

impl Fixture {
    /// Replaces `good` by `bad` in the page template (`on`), or back.
    fn edit_page_template(&self, good: &str, bad: &str, on: bool) -> Vec<PathBuf> {
        let path = self.root.join("themes/mini/templates/page.html");
        let text = std::fs::read_to_string(&path).unwrap();
        let text = if on {
            text.replacen(good, bad, 1)
        } else {
            text.replace(bad, good)
        };
        std::fs::write(&path, text).unwrap();
        vec![path]
    }
}

/// A serve engine over the site at `root`, after its first build.
fn start(root: &Path) -> Engine {
    let folder = ServedFolder::open(root).expect("the serve folder");
    Engine::new(options(root), folder).0
}

/// Every file of the served folder (but tilebook's marker), by output path.
fn served_files(engine: &Engine) -> BTreeMap<String, Vec<u8>> {
    fn walk(dir: &Path, rel: &str, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = format!("{rel}{name}");
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), &format!("{path}/"), out);
            } else if path != tilebook::output::guard::MARKER {
                out.insert(path, std::fs::read(entry.path()).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(engine.served_dir(), "", &mut out);
    out
}

fn options(root: &Path) -> BuildOptions {
    BuildOptions {
        root: root.to_path_buf(),
        drafts: false,
        base_url: Some("http://127.0.0.1:1111/".into()),
    }
}

/// While a page does not read, serve publishes nothing new (the last good
/// site stays served) and reports, among its errors, every error a full
/// build reports at the pages that do not read.
fn assert_held(engine: &mut Engine, fx: &Fixture, step: &str) {
    if engine.late_pending() {
        engine.run_late();
    }
    let mut full = site::build(&options(&fx.root));
    assert!(full.diagnostics.has_errors(), "full build, after {step}");
    assert!(engine.has_errors(), "serve, after {step}");
    let before = served_files(engine);
    let published = engine.publish().expect("publish");
    assert!(
        published.is_empty(),
        "serve publishes {published:?} after {step}"
    );
    assert!(
        served_files(engine) == before,
        "the served folder changed after {step}"
    );
    let ours = engine.render_diagnostics();
    let broken: Vec<String> = (0..PAGES.len())
        .filter(|&i| fx.pages[i].exists && fx.pages[i].broken)
        .map(|i| format!("content/{}:", PAGES[i]))
        .collect();
    let theirs = full.render_diagnostics();
    for line in theirs.lines() {
        if broken.iter().any(|b| line.starts_with(b.as_str())) {
            assert!(
                ours.contains(line),
                "after {step}: serve does not report {line:?}:\n{ours}"
            );
        }
    }
}

/// Asserts that the engine's site and diagnostics equal a full build's,
/// once the late phase (search index, service workers), which the server
/// runs after each rebuild, has run.
/// The rebuild was partial and rendered `pages` pages.
fn assert_rendered(r: &Rebuild, pages: usize) {
    assert!(
        matches!(r.kind, RebuildKind::Pages { rendered, .. } if rendered == pages),
        "{:?}",
        r.kind
    );
}

fn assert_same_as_full(engine: &mut Engine, root: &Path, step: &str) {
    if engine.late_pending() {
        engine.run_late();
    }
    let mut full = site::build(&options(root));
    let full_diags = full.render_diagnostics();
    assert_eq!(
        engine.render_diagnostics(),
        full_diags,
        "diagnostics after {step}"
    );
    let published = engine.publish().expect("publish");
    let served = served_files(engine);
    let listed: Vec<&str> = engine.served_paths().collect();
    assert_eq!(
        listed,
        served.keys().map(String::as_str).collect::<Vec<_>>(),
        "the served index lists the folder's files after {step}"
    );
    match (engine.has_errors(), full.output.as_ref()) {
        (false, Some(b)) => {
            let paths_b: Vec<&str> = b.paths().collect();
            assert_eq!(listed, paths_b, "files after {step}");
            for (path, bytes) in b.iter() {
                let ours = served.get(path).map(Vec::as_slice);
                assert!(
                    ours == Some(bytes),
                    "{path} differs after {step}:\n--- incremental\n{}\n--- full\n{}",
                    String::from_utf8_lossy(ours.unwrap_or_default()),
                    String::from_utf8_lossy(bytes)
                );
            }
        }
        (true, None) => assert!(published.is_empty(), "published with errors"),
        (errors, b) => panic!(
            "after {step}: incremental has errors: {errors}, full has output: {}",
            b.is_some()
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn incremental_rebuilds_equal_full_builds(edits in proptest::collection::vec(edit(), 1..14)) {
        let mut fx = Fixture::new();
        let mut engine = start(&fx.root);
        assert_same_as_full(&mut engine, &fx.root, "the initial build");
        for (n, e) in edits.iter().enumerate() {
            fx.apply_and_rebuild(e, &mut engine);
            let step = format!("edit {n}: {e:?}");
            if fx.any_broken() {
                assert_held(&mut engine, &fx, &step);
            } else {
                assert_same_as_full(&mut engine, &fx.root, &step);
            }
        }
        // Every page that does not read is fixed: the site is the full build's.
        for p in 0..PAGES.len() {
            if fx.pages[p].exists && fx.pages[p].broken {
                fx.apply_and_rebuild(&Edit::Break(p), &mut engine);
            }
        }
        assert_same_as_full(&mut engine, &fx.root, "the broken pages were fixed");
    }
}

/// Found by the property above: a page made a draft and then deleted was
/// still a draft to the links that name it ("link to draft page" where a
/// full build says "link to missing page").
#[test]
fn a_deleted_draft_is_a_missing_page_to_its_links() {
    let mut fx = Fixture::new();
    let mut engine = start(&fx.root);
    assert_same_as_full(&mut engine, &fx.root, "the initial build");
    for (n, e) in [Edit::Draft(1), Edit::Delete(1)].iter().enumerate() {
        fx.apply_and_rebuild(e, &mut engine);
        assert_same_as_full(&mut engine, &fx.root, &format!("edit {n}: {e:?}"));
    }
}

/// Pages of the section too long to list in full
/// (`site::nav::FULL_LISTING_MAX`) that `windowed_title_and_weight_edits`
/// adds to the fixture: its index page, then `many/pNN.md`.
const MANY: usize = 66;

/// `content/<rel>` of page `i` of the windowed section (0: its index).
fn many_rel(lang: &str, i: usize) -> String {
    match i {
        0 => format!("{lang}/many/_index.md"),
        i => format!("{lang}/many/p{:02}.md", i - 1),
    }
}

fn many_text(title: &str, weight: i64) -> String {
    format!("+++\ntitle = {title:?}\nweight = {weight}\n+++\nText.\n")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    /// Title and weight edits in a section whose navigation is a window
    /// around each page (in English, and in German, which shows the
    /// English pages it lacks): the window moves, the `more` link names
    /// the section's index page.
    #[test]
    fn windowed_title_and_weight_edits_equal_full_builds(
        edits in proptest::collection::vec(
            (any::<bool>(), 0..MANY, prop_oneof![
                (0..TITLES.len()).prop_map(Ok),
                (-2i64..80).prop_map(Err),
            ]),
            1..6,
        ),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap().join("site");
        copy_dir(Path::new(FIXTURE), &root);
        let mut pages: Vec<(String, i64)> = (0..MANY)
            .map(|i| (format!("Page {i:02}"), i as i64))
            .collect();
        for (i, (title, weight)) in pages.iter().enumerate() {
            for lang in ["en", "de"] {
                if lang == "en" || i % 7 == 0 {
                    let path = root.join("content").join(many_rel(lang, i));
                    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                    std::fs::write(path, many_text(title, *weight)).unwrap();
                }
            }
        }
        let mut engine = start(&root);
        assert_same_as_full(&mut engine, &root, "the initial build");
        for (n, (german, i, edit)) in edits.iter().enumerate() {
            let lang = if *german && i % 7 == 0 { "de" } else { "en" };
            match edit {
                Ok(t) => pages[*i].0 = TITLES[*t].to_string(),
                Err(w) => pages[*i].1 = *w,
            }
            let path = root.join("content").join(many_rel(lang, *i));
            std::fs::write(&path, many_text(&pages[*i].0, pages[*i].1)).unwrap();
            let rebuild = engine.rebuild(&[path]);
            prop_assert!(
                matches!(rebuild.kind, RebuildKind::Pages { .. }),
                "a partial rebuild: {:?}", rebuild.kind
            );
            assert_same_as_full(&mut engine, &root, &format!("edit {n}: {lang} {i} {edit:?}"));
        }
    }
}

/// A base template that fails on every page: `serve` reports exactly what
/// `build` reports (one grouped error with its notes, not one per page),
/// both on its first build and after an edit breaks a good site.
#[test]
fn serve_reports_a_broken_base_template_as_build_does() {
    let fx = Fixture::new();
    let mut engine = start(&fx.root);
    assert!(!engine.has_errors(), "{}", engine.render_diagnostics());
    let base = fx.root.join("themes/mini/templates/base.html");
    std::fs::write(
        &base,
        "<!doctype html><html lang=\"{{ lang }}\"><body>{{ page.heading }}{% block main %}{% endblock main %}</body></html>\n",
    )
    .unwrap();
    let mut touched = vec![base];
    for name in ["page.html", "section.html"] {
        let path = fx.root.join("themes/mini/templates").join(name);
        std::fs::write(
            &path,
            "{% extends \"base.html\" %}{% block main %}{{ page.content | safe }}{% endblock main %}\n",
        )
        .unwrap();
        touched.push(path);
    }
    engine.rebuild(&touched);
    let mut full = site::build(&options(&fx.root));
    let expected = full.render_diagnostics();
    assert!(full.diagnostics.has_errors() && engine.has_errors());
    // Seven pages fail on the same template line: one report with notes.
    assert_eq!(full.diagnostics.error_count(), 1, "{expected}");
    assert!(
        expected.starts_with("themes/mini/templates/base.html:1:"),
        "{expected}"
    );
    assert!(expected.contains("note: "), "{expected}");
    assert_eq!(engine.render_diagnostics(), expected, "after an edit");
    drop(engine);
    let fresh = start(&fx.root);
    assert_eq!(fresh.render_diagnostics(), expected, "on a first build");
}

/// A body edit re-renders one page; a title edit its language's pages and
/// its translations; a template edit everything.
#[test]
fn rebuilds_are_as_small_as_the_change() {
    let mut fx = Fixture::new();
    let mut engine = start(&fx.root);
    assert!(!engine.has_errors(), "{}", engine.render_diagnostics());

    let touched = fx.apply(&Edit::AppendSnippet(2, 3));
    let r = engine.rebuild(&touched);
    assert_rendered(&r, 1);

    let touched = fx.apply(&Edit::Title(1, 0));
    let r = engine.rebuild(&touched);
    // 5 English pages, plus the German translation of tiles.md.
    assert_rendered(&r, 6);

    // A title of another length moves the keys after it: still the same pages.
    let touched = fx.apply(&Edit::Title(1, 1));
    let r = engine.rebuild(&touched);
    assert_rendered(&r, 6);
    assert_same_as_full(&mut engine, &fx.root, "a shorter title");

    let touched = fx.apply(&Edit::Css(3));
    let r = engine.rebuild(&touched);
    assert!(matches!(r.kind, RebuildKind::Static { .. }), "{:?}", r.kind);

    // A page whose front matter breaks keeps its last good version (no full
    // rebuild) and reports the error; its fix is an ordinary edit.
    let touched = fx.apply(&Edit::Break(2));
    let r = engine.rebuild(&touched);
    assert_rendered(&r, 0);
    // (The title edits above made the German tiles page stale.)
    assert_eq!(
        engine.render_diagnostics(),
        "content/de/tiles.md:4:1: warning: translation is stale: content/en/tiles.md changed since it was translated; update it, then run `tilebook translations mark content/de/tiles.md`\n\
         content/en/charleston.md:2:9: error: front matter: invalid type: integer `3`, expected a string\n",
    );
    assert!(engine.publish().unwrap().is_empty(), "nothing published");
    let touched = fx.apply(&Edit::Break(2));
    let r = engine.rebuild(&touched);
    assert_rendered(&r, 1);
    assert_same_as_full(&mut engine, &fx.root, "a broken page fixed");

    // A page read half-way through a save (truncated, then written).
    let path = fx.page_path(1);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, "").unwrap();
    let r = engine.rebuild(std::slice::from_ref(&path));
    assert_rendered(&r, 0);
    std::fs::write(&path, &text).unwrap();
    let r = engine.rebuild(std::slice::from_ref(&path));
    assert_rendered(&r, 1);

    // A page deleted for good (missing after the window) is a full rebuild.
    let touched = fx.apply(&Edit::Create(CREATED));
    engine.rebuild(&touched);
    let touched = fx.apply(&Edit::Delete(CREATED));
    let r = engine.rebuild(&touched);
    assert!(matches!(r.kind, RebuildKind::Full { .. }), "{:?}", r.kind);
    assert_same_as_full(&mut engine, &fx.root, "a page deleted");

    let touched = fx.apply(&Edit::Template(true));
    let r = engine.rebuild(&touched);
    assert!(matches!(r.kind, RebuildKind::Full { .. }), "{:?}", r.kind);

    // Editor leftovers change nothing.
    let swap = fx.root.join("content/en/.tiles.md.swp");
    std::fs::write(&swap, "x").unwrap();
    let backup = fx.root.join("content/en/tiles.md~");
    std::fs::write(&backup, "x").unwrap();
    let r = engine.rebuild(&[swap, backup, fx.root.join("public/index.html")]);
    assert_eq!(r.kind, RebuildKind::Nothing);
    assert_same_as_full(&mut engine, &fx.root, "the last edit");
}

/// The bug of issue 30: a sentence added to an English page makes its
/// marked German translation stale. Serve re-renders the translation (its
/// stale notice) and warns, as a full build does.
#[test]
fn an_english_edit_makes_its_translation_stale() {
    let mut fx = Fixture::new();
    let mut engine = start(&fx.root);
    assert_same_as_full(&mut engine, &fx.root, "the initial build");
    assert!(!engine.render_diagnostics().contains("stale"));
    let touched = fx.apply(&Edit::AppendSnippet(1, 3));
    let r = engine.rebuild(&touched);
    // en/tiles.md and de/tiles.md.
    assert_rendered(&r, 2);
    assert!(
        engine
            .render_diagnostics()
            .contains("content/de/tiles.md:4:1: warning: translation is stale"),
        "{}",
        engine.render_diagnostics()
    );
    assert_same_as_full(&mut engine, &fx.root, "a sentence added to en/tiles.md");
    let notice = std::fs::read_to_string(engine.served_dir().join("de/tiles/index.html")).unwrap();
    assert!(notice.contains("<p class=\"stale\">"), "{notice}");
}

/// On a site with practice sheets (the `exercises` fixture with the felt
/// theme): a lesson's title, body and `[practice]` edits keep the sheets of
/// the series they do not reach (the same bytes) and the
/// site is the full build's after each.
#[test]
fn practice_sheets_follow_their_lessons_edits() {
    let tmp = crate::support::common::copy_fixture_with_felt("exercises");
    let root = tmp.path();
    let mut engine = start(root);
    assert!(!engine.has_errors(), "{}", engine.render_diagnostics());
    engine.publish().unwrap();
    let sheets = |engine: &Engine, series: &str| -> Vec<(String, Vec<u8>)> {
        served_files(engine)
            .into_iter()
            .filter(|(p, _)| p.contains(&format!("/practice/{series}/")))
            .collect()
    };
    let quiz = root.join("content/en/quiz.md");
    let de_quiz = root.join("content/de/quiz.md");
    let generated_before = sheets(&engine, "generated");
    assert!(
        !generated_before.is_empty(),
        "the fixture has a generated series"
    );
    let edit = |path: &Path, from: &str, to: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains(from), "{} has {from:?}", path.display());
        std::fs::write(path, text.replacen(from, to, 1)).unwrap();
        path.to_path_buf()
    };
    let steps: [(&Path, &str, &str, &str); 4] = [
        (
            &quiz,
            "title = \"Quiz\"",
            "title = \"Quiz, renamed\"",
            "an English title",
        ),
        (
            &de_quiz,
            "+++\n",
            "+++\n",
            "a German save that changes nothing",
        ),
        (
            &quiz,
            "title = \"Quiz, renamed\"\n",
            "title = \"Quiz, renamed\"\n[practice]\nsheets = 1\n",
            "[practice] sheets = 1",
        ),
        (&quiz, "[practice]\nsheets = 1\n", "", "[practice] removed"),
    ];
    for (path, from, to, step) in steps {
        let touched = edit(path, from, to);
        engine.rebuild(&[touched]);
        assert_same_as_full(&mut engine, root, step);
        assert_eq!(
            sheets(&engine, "generated"),
            generated_before,
            "after {step}"
        );
    }
    let text = std::fs::read_to_string(&quiz).unwrap();
    std::fs::write(&quiz, text + "\n\nOne more sentence.\n").unwrap();
    engine.rebuild(std::slice::from_ref(&quiz));
    assert_same_as_full(&mut engine, root, "a body edit");
}

/// On a site with practice sheets: the extras a rebuild keeps are those
/// whose inputs did not change (not made again, not written again),
/// and the site is the full build's after each edit. An English title
/// keeps the sitemap (it holds no titles) and the German lesson and
/// practice indexes, and makes the English ones again; a weight that
/// reorders the series makes the sitemap again.
#[test]
fn kept_extras_follow_what_they_show() {
    let tmp = crate::support::common::copy_fixture_with_felt("exercises");
    let root = tmp.path();
    let mut engine = start(root);
    assert!(!engine.has_errors(), "{}", engine.render_diagnostics());
    engine.publish().unwrap();
    let inode = |engine: &Engine, path: &str| {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(engine.served_dir().join(path))
            .unwrap()
            .ino()
    };
    let kept = ["sitemap.xml", "de/exercises.json", "de/practice/index.html"];
    let remade = ["en/exercises.json", "en/practice/index.html"];
    let before: Vec<u64> = kept.iter().map(|p| inode(&engine, p)).collect();
    let quiz = root.join("content/en/quiz.md");
    let text = std::fs::read_to_string(&quiz).unwrap();
    let retitled = text.replacen("title = \"Quiz\"", "title = \"Quiz, renamed\"", 1);
    std::fs::write(&quiz, &retitled).unwrap();
    engine.rebuild(std::slice::from_ref(&quiz));
    // Made again: its bytes wait to be written; kept: nothing held.
    for path in kept.iter().chain(&remade) {
        let made = engine.holds(path);
        assert_eq!(!made, kept.contains(path), "{path} kept after a title edit");
    }
    assert_same_as_full(&mut engine, root, "an English title");
    for (path, ino) in kept.iter().zip(before) {
        assert_eq!(inode(&engine, path), ino, "{path} is not written again");
    }

    let reordered = retitled.replacen("+++\n", "+++\nweight = -1\n", 1);
    std::fs::write(&quiz, reordered).unwrap();
    engine.rebuild(std::slice::from_ref(&quiz));
    assert!(
        engine.holds("sitemap.xml"),
        "the series moved: the sitemap is made again"
    );
    assert_same_as_full(&mut engine, root, "a weight that reorders the series");
}

/// A full rebuild with errors writes nothing to the served folder; the
/// partial rebuild that fixes them publishes it, with the fix: the folder
/// is then the full build's.
#[test]
fn a_failed_full_rebuild_is_published_with_its_fix() {
    let mut fx = Fixture::new();
    let mut engine = start(&fx.root);
    assert_same_as_full(&mut engine, &fx.root, "the initial build");
    let touched = fx.apply(&Edit::AppendSnippet(2, 5));
    engine.rebuild(&touched);
    assert!(engine.has_errors(), "a broken link");
    let before = served_files(&engine);
    let touched = fx.apply(&Edit::Create(CREATED));
    let r = engine.rebuild(&touched);
    assert!(matches!(r.kind, RebuildKind::Full { .. }), "{:?}", r.kind);
    assert!(engine.has_errors(), "the broken link is still there");
    assert!(engine.publish().unwrap().is_empty());
    assert!(served_files(&engine) == before, "nothing written");
    assert!(!engine.serves("en/extra/index.html"));
    let touched = fx.apply(&Edit::DropSnippets(2));
    let r = engine.rebuild(&touched);
    assert_rendered(&r, 1);
    assert_same_as_full(&mut engine, &fx.root, "the fix");
    assert!(engine.serves("en/extra/index.html"));
}
