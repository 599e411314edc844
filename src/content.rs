//! Content: walks `content/<lang>/`, splits TOML front matter from Markdown,
//! assigns every page its URL and output path, and pairs translations
//! (same relative path in different language folders).

use std::collections::{HashMap, HashSet};

use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Deserialize;

use crate::config::Config;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::stdx::{encode_path, rel_to};

pub const CONTENT_DIR: &str = "content";

/// Front matter of a page (`+++` TOML block at the top of the file).
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    pub title: String,
    #[serde(default)]
    pub weight: i64,
    pub slug: Option<String>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub draft: bool,
    pub template: Option<String>,
    /// Short hash of the default-language source this translation was made
    /// from (written by `tilebook translations mark`).
    pub translated_from: Option<String>,
    /// A copy of the default-language page waiting for translation
    /// (written by `tilebook new-language`).
    #[serde(default)]
    pub untranslated: bool,
    /// Imported from a PO file with fuzzy entries (written by `tilebook
    /// translations import`): stale until `translations mark` drops it.
    #[serde(default)]
    pub fuzzy: bool,
    /// This lesson's practice sheets (`[practice]`, as in config.toml); its
    /// spans are offsets into the front matter's TOML, which starts at
    /// `FrontSpans::toml`.
    pub practice: Option<crate::config::PracticeToml>,
    /// Glossary terms this page mentions on purpose before the lesson that
    /// teaches them (`early_terms = ["kong"]`): the teaching-order check
    /// ([`crate::teaching`]) does not warn about them here. Spans are
    /// offsets into the front matter's TOML.
    #[serde(default)]
    pub early_terms: Vec<toml::Spanned<String>>,
    /// Where some keys are in the page's file, from the parser's spans.
    #[serde(skip)]
    pub spans: FrontSpans,
}

/// Byte offsets (in the page's file) of the front-matter keys diagnostics
/// point at.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FrontSpans {
    /// The TOML between the `+++` lines.
    pub toml: std::ops::Range<usize>,
    pub title: Option<usize>,
    pub slug: Option<usize>,
    pub template: Option<usize>,
    pub translated_from: Option<usize>,
    /// The `practice` key (`[practice]`'s name).
    pub practice: Option<usize>,
}

impl FrontSpans {
    /// The keys' offsets in `table`, parsed from `toml_text`, which starts
    /// at `base` in the file.
    fn of(table: &toml::de::DeTable<'_>, toml_text: &str, base: usize) -> FrontSpans {
        let mut spans = FrontSpans {
            toml: base..base + toml_text.len(),
            ..FrontSpans::default()
        };
        for (key, _) in table {
            let at = Some(base + key.span().start);
            match key.get_ref().as_ref() {
                "title" => spans.title = at,
                "slug" => spans.slug = at,
                "template" => spans.template = at,
                "translated_from" => spans.translated_from = at,
                "practice" => spans.practice = at,
                _ => {}
            }
        }
        spans
    }
}

/// One Markdown page of one language.
#[derive(Debug)]
pub struct Page {
    pub lang: String,
    /// Path relative to the language folder, with `/` separators: `variants/riichi.md`.
    pub rel: String,
    /// Path relative to the site root: `content/en/variants/riichi.md`.
    pub source_path: PathBuf,
    pub text: String,
    pub front: FrontMatter,
    /// Byte offset of the Markdown body in `text`.
    pub body_offset: usize,
    /// `_index.md`: a section page.
    pub is_section: bool,
    /// Site path including base path and language prefix: `/en/variants/riichi/`.
    pub url: String,
    /// Output file relative to the output root: `en/variants/riichi/index.html`.
    pub output_path: String,
    /// [`crate::hash::source_hash`] of `text`, computed on first use
    /// (every translation of this page compares against it).
    hash: std::sync::OnceLock<String>,
    /// [`crate::markdown::prose`] of the body, made on first use: the one
    /// parse of the page outside its rendering.
    prose: std::sync::OnceLock<crate::markdown::Prose>,
    /// The parse [`Page::headings`] made before the page rendered, for its
    /// rendering to take ([`Page::take_parse`]): one parse per page.
    parse: std::sync::Mutex<Option<crate::markdown::Parse>>,
}

/// A clone's text may be changed (its fields are public): what is derived
/// from the text (its hash, its prose) is made again, on first use.
impl Clone for Page {
    fn clone(&self) -> Page {
        Page {
            lang: self.lang.clone(),
            rel: self.rel.clone(),
            source_path: self.source_path.clone(),
            text: self.text.clone(),
            front: self.front.clone(),
            body_offset: self.body_offset,
            is_section: self.is_section,
            url: self.url.clone(),
            output_path: self.output_path.clone(),
            hash: Default::default(),
            prose: Default::default(),
            parse: Default::default(),
        }
    }
}

impl Page {
    /// The hash translations record in `translated_from` (computed once).
    pub fn source_hash(&self) -> &str {
        self.hash
            .get_or_init(|| crate::hash::source_hash(&self.text))
    }

    pub fn body(&self) -> &str {
        &self.text[self.body_offset..]
    }

    /// Where the body's words, fenced blocks, term links and headings are
    /// (parsed once, on first use: the terminology check at load, the
    /// teaching-order check and the lesson links of exercise feedback read it).
    pub fn prose(&self) -> &crate::markdown::Prose {
        self.prose
            .get_or_init(|| crate::markdown::prose(self.body()))
    }

    /// The page's prose read before it renders, its parse kept for its
    /// rendering ([`Page::take_parse`]): the headings of a lesson that exercise
    /// feedback links to, read at load.
    pub fn headings(&self) -> &crate::markdown::Prose {
        self.prose.get_or_init(|| {
            let parse = crate::markdown::Parse::new(self.body());
            let prose = parse.prose();
            *crate::stdx::lock(&self.parse) = Some(parse);
            prose
        })
    }

    /// The parse [`Page::headings`] kept, if any (taken: a second rendering
    /// parses again).
    pub fn take_parse(&self) -> Option<crate::markdown::Parse> {
        crate::stdx::lock(&self.parse).take()
    }

    /// Folder of the page inside its language, `""` for the top: the folder
    /// whose `_index.md` is this page's section.
    pub fn dir(&self) -> &str {
        self.rel.rsplit_once('/').map_or("", |(d, _)| d)
    }

    /// For a section page, the folder it indexes; for a page, its folder.
    pub fn section_dir(&self) -> &str {
        self.dir()
    }
}

/// A non-Markdown file under a language folder, copied beside the pages.
#[derive(Debug, Clone)]
pub struct Asset {
    pub source_path: PathBuf,
    pub output_path: String,
}

/// Every page of every language, with lookup by (language, relative path).
#[derive(Debug, Default)]
pub struct ContentSet {
    pub pages: Vec<Page>,
    pub assets: Vec<Asset>,
    /// Language → relative path → index in `pages` (nested so that a lookup
    /// allocates nothing: it runs several times per page).
    /// Language → source path → page (a fast hash: looked up for every
    /// link, translation and navigation entry of every page).
    index: FxHashMap<String, FxHashMap<String, usize>>,
    /// (language, relative path) of pages that exist but could not be read
    /// or parsed; their error is already reported.
    failed: HashSet<(String, String)>,
    /// Output paths of `assets`, for link checks.
    asset_paths: HashSet<String>,
    /// Pages left out because they are drafts (links to them get a clearer message).
    drafts: HashSet<(String, String)>,
}

impl ContentSet {
    pub fn get(&self, lang: &str, rel: &str) -> Option<&Page> {
        self.index_of(lang, rel).map(|i| &self.pages[i])
    }

    pub fn index_of(&self, lang: &str, rel: &str) -> Option<usize> {
        self.index.get(lang)?.get(rel).copied()
    }

    /// Whether a file beside the pages is copied to `output_path` (`en/img/x.svg`).
    pub fn has_asset(&self, output_path: &str) -> bool {
        self.asset_paths.contains(output_path)
    }

    /// Whether `rel` in `lang` is a draft left out of this build.
    pub fn is_draft(&self, lang: &str, rel: &str) -> bool {
        self.drafts.contains(&(lang.to_string(), rel.to_string()))
    }

    /// Whether a draft left out of this build is `rel` in `lang`, or lies
    /// in the folder `rel` (what a deleted file or folder was).
    pub fn has_draft_under(&self, lang: &str, rel: &str) -> bool {
        (self.drafts.iter()).any(|(l, r)| {
            l == lang
                && (r == rel
                    || r.strip_prefix(rel)
                        .is_some_and(|rest| rest.starts_with('/')))
        })
    }

    /// Whether `rel` exists in `lang` but failed to load (links to it are
    /// not broken, the page is).
    pub fn failed(&self, lang: &str, rel: &str) -> bool {
        self.failed.contains(&(lang.to_string(), rel.to_string()))
    }

    fn reindex(&mut self) {
        self.asset_paths = self.assets.iter().map(|a| a.output_path.clone()).collect();
        self.index.clear();
        for (i, p) in self.pages.iter().enumerate() {
            self.index
                .entry(p.lang.clone())
                .or_default()
                .insert(p.rel.clone(), i);
        }
    }
}

/// Options for loading content.
#[derive(Debug, Clone, Copy, Default)]
pub struct LoadOptions {
    pub drafts: bool,
}

/// Reads every language folder. Problems are pushed to `diags`; pages that
/// could not be read or parsed are left out so the rest can still be checked.
pub fn load(
    root: &Path,
    config: &Config,
    opts: LoadOptions,
    diags: &mut Diagnostics,
) -> ContentSet {
    let content_root = root.join(CONTENT_DIR);
    check_language_folders(&content_root, config, diags);

    let mut files = Vec::new();
    let mut assets = Vec::new();
    for lang in &config.languages {
        let lang_root = content_root.join(&lang.code);
        if !lang_root.is_dir() {
            continue; // reported by check_language_folders
        }
        for found in crate::walk::files(root, &lang_root, is_hidden, diags) {
            if found.rel.ends_with(".md") {
                files.push((lang.code.clone(), found.rel, found.path));
            } else {
                assets.push(Asset {
                    output_path: format!("{}/{}", lang.code, found.rel),
                    source_path: found.path,
                });
            }
        }
    }

    let results: Vec<Result<Option<Page>, Diagnostic>> = files
        .par_iter()
        .map(|(lang, rel, path)| read_page(root, config, lang, rel, path, opts))
        .collect();
    let mut set = ContentSet {
        assets,
        ..ContentSet::default()
    };
    for (r, (lang, rel, _)) in results.into_iter().zip(&files) {
        match r {
            Ok(Some(p)) => set.pages.push(p),
            Ok(None) => {
                set.drafts.insert((lang.clone(), rel.clone()));
            }
            Err(d) => {
                diags.push(d);
                set.failed.insert((lang.clone(), rel.clone()));
            }
        }
    }
    check_duplicate_urls(&set.pages, diags);
    set.reindex();
    set
}

fn check_language_folders(content_root: &Path, config: &Config, diags: &mut Diagnostics) {
    let Ok(read) = std::fs::read_dir(content_root) else {
        diags.error(CONTENT_DIR, None, "no content/ folder");
        return;
    };
    let mut seen = Vec::new();
    for entry in read.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if !entry.path().is_dir() || name.starts_with('.') {
            continue;
        }
        if !config.is_language(&name) {
            diags.error(
                format!("{CONTENT_DIR}/{name}"),
                None,
                format!(
                    "content folder {name:?} is not a configured language; add [languages.{name}] to config.toml or rename the folder (configured: {})",
                    config.languages.iter().map(|l| l.code.as_str()).collect::<Vec<_>>().join(", ")
                ),
            );
        }
        seen.push(name);
    }
    for lang in &config.languages {
        if !seen.contains(&lang.code) {
            diags.error(
                crate::config::CONFIG_FILE,
                lang.offset,
                format!(
                    "language {:?} is configured but content/{}/ does not exist",
                    lang.code, lang.code
                ),
            );
        }
    }
}

/// Reads and parses one page file (`Ok(None)`: a draft left out).
pub(crate) fn read_page(
    root: &Path,
    config: &Config,
    lang: &str,
    rel: &str,
    path: &Path,
    opts: LoadOptions,
) -> Result<Option<Page>, Diagnostic> {
    let source_path = rel_to(root, path);
    let text = crate::diagnostics::read_source(path, &source_path)?;
    if let Some((at, c)) = find_control_char(&text) {
        return Err(Diagnostic::error(
            &source_path,
            Some(at),
            format!(
                "control character U+{:04X} in the page; remove it (only tabs and line breaks are allowed)",
                c as u32
            ),
        ));
    }
    let (front, body_offset) = parse_front_matter(&text)
        .map_err(|(offset, msg)| Diagnostic::error(&source_path, Some(offset), msg))?;
    if front.draft && !opts.drafts {
        return Ok(None);
    }
    let is_section = rel == "_index.md" || rel.ends_with("/_index.md");
    let path_part = url_path(rel, front.slug.as_deref());
    let url = format!("{}{}/{}", config.base_path, lang, encode_path(&path_part));
    let output_path = format!("{lang}/{path_part}index.html");
    Ok(Some(Page {
        hash: Default::default(),
        prose: Default::default(),
        parse: Default::default(),
        lang: lang.to_string(),
        rel: rel.to_string(),
        source_path,
        text,
        front,
        body_offset,
        is_section,
        url,
        output_path,
    }))
}

/// The first control character of `text` other than tabs and line breaks,
/// with its byte offset. Control characters (Unicode `Cc`) are U+0000–U+001F,
/// U+007F and U+0080–U+009F, the last encoded as `C2 80`–`C2 9F` in UTF-8.
/// Every page is scanned: 64 bytes at a time, without branches (the compiler
/// vectorises it), and only a block holding a candidate byte is decoded.
fn find_control_char(text: &str) -> Option<(usize, char)> {
    const BLOCK: usize = 64;
    // Bitwise `|`/`&`, not `||`/`&&`: no branch per byte.
    let candidate =
        |b: u8| (b < 0x20) & (b != b'\n') & (b != b'\r') & (b != b'\t') | (b == 0x7f) | (b == 0xc2);
    let bytes = text.as_bytes();
    for (n, block) in bytes.chunks(BLOCK).enumerate() {
        if !block.iter().fold(false, |any, &b| any | candidate(b)) {
            continue;
        }
        for (i, &b) in block.iter().enumerate() {
            // A candidate byte is ASCII or a lead byte: a character starts there.
            let at = n * BLOCK + i;
            let c = match candidate(b) {
                true => text[at..].chars().next(),
                false => None,
            };
            if let Some(c) = c.filter(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
                return Some((at, c));
            }
        }
    }
    None
}

/// Splits `+++` front matter from the body. Errors carry a byte offset into
/// the whole file (not the snippet).
pub fn parse_front_matter(text: &str) -> Result<(FrontMatter, usize), (usize, String)> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let rest = &text[bom..];
    let Some(after_open) = rest.strip_prefix("+++") else {
        return Err((bom, "missing front matter: a page starts with a `+++` line, then TOML with at least `title`, then `+++`".into()));
    };
    let open_line_end = match after_open.find('\n') {
        Some(i) if after_open[..i].trim().is_empty() => i + 1,
        _ => return Err((bom, "the opening `+++` must be alone on its line".into())),
    };
    let toml_start = bom + 3 + open_line_end;
    let mut offset = toml_start;
    let mut close = None;
    for line in text[toml_start..].split_inclusive('\n') {
        if line.trim_end() == "+++" {
            close = Some((offset, offset + line.len()));
            break;
        }
        offset += line.len();
    }
    let Some((toml_end, body_offset)) = close else {
        return Err((
            bom,
            "front matter is not closed: add a `+++` line after it".into(),
        ));
    };
    let toml_text = &text[toml_start..toml_end];
    let located = |e: toml::de::Error| {
        let at = e.span().map_or(toml_start, |s| toml_start + s.start);
        (at, format!("front matter: {}", e.message()))
    };
    // One TOML parse: the keys' offsets, then the values, from one table.
    let table = toml::de::DeTable::parse(toml_text).map_err(located)?;
    let spans = FrontSpans::of(table.get_ref(), toml_text, toml_start);
    let mut front =
        FrontMatter::deserialize(toml::de::Deserializer::from(table)).map_err(located)?;
    front.spans = spans;
    if front.title.trim().is_empty() {
        let at = front.spans.title.unwrap_or(toml_start);
        return Err((at, "front matter: `title` must not be empty".into()));
    }
    if let Some(slug) = &front.slug
        && (slug.is_empty() || slug.contains('/') || slug.contains(".."))
    {
        let at = front.spans.slug.unwrap_or(toml_start);
        return Err((
            at,
            format!("front matter: slug {slug:?} must be one non-empty path segment"),
        ));
    }
    Ok((front, body_offset))
}

/// URL path of a page relative to its language prefix, ending in `/` (or empty).
/// `charleston.md` → `charleston/`, `variants/_index.md` → `variants/`, `_index.md` → ``.
pub fn url_path(rel: &str, slug: Option<&str>) -> String {
    let stem = rel.strip_suffix(".md").unwrap_or(rel);
    let (dir, name) = stem.rsplit_once('/').map_or(("", stem), |(d, n)| (d, n));
    let mut parts: Vec<&str> = if dir.is_empty() {
        vec![]
    } else {
        dir.split('/').collect()
    };
    if name == "_index" {
        if let (Some(slug), Some(last)) = (slug, parts.last_mut()) {
            *last = slug;
        }
    } else {
        parts.push(slug.unwrap_or(name));
    }
    let mut out = String::new();
    for p in parts {
        out.push_str(p);
        out.push('/');
    }
    out
}

fn check_duplicate_urls(pages: &[Page], diags: &mut Diagnostics) {
    let mut seen: HashMap<&str, &Page> = HashMap::new();
    for p in pages {
        if let Some(first) = seen.insert(&p.output_path, p) {
            let (a, b) = if first.source_path <= p.source_path {
                (first, p)
            } else {
                (p, first)
            };
            let at = |p: &Page| p.front.spans.slug.unwrap_or(0);
            diags.push(
                Diagnostic::error(
                    &b.source_path,
                    Some(at(b)),
                    format!(
                        "duplicate output URL {}: {} already writes it",
                        b.url,
                        a.source_path.display()
                    ),
                )
                .with_related(
                    &a.source_path,
                    Some(at(a)),
                    "first page with this URL",
                ),
            );
        }
    }
}

/// Files and folders the content walk skips: hidden ones and editor leftovers.
///
/// Besides dot files, the files editors leave beside a page while they save
/// it: backups (`page.md~`), emacs' `#page.md#`, JetBrains' `___jb_tmp___`
/// and `___jb_old___` copies, and vim's write probe (`4913`, then `5036`,
/// `5159`, … in steps of 123). None of them is content; `serve` would
/// otherwise see each one appear as a new asset and rebuild everything.
pub(crate) fn is_hidden(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
        n.starts_with('.')
            || n.ends_with('~')
            || n.starts_with('#')
            || n.ends_with("___jb_tmp___")
            || n.ends_with("___jb_old___")
            || is_vim_probe(n)
    })
}

/// Whether `rel` or a folder it is in is hidden ([`is_hidden`]): the
/// content walk skips hidden folders (`translations mark` keeps its copies
/// of sources in `content/<lang>/.sources/`).
pub(crate) fn in_hidden(rel: &Path) -> bool {
    rel.components()
        .any(|c| is_hidden(Path::new(c.as_os_str())))
}

/// vim's probe of whether it may write in a folder: a file named 4913 (or,
/// if that exists, 4913 + 123·k), created and deleted at once.
fn is_vim_probe(name: &str) -> bool {
    name.len() <= 6
        && name.bytes().all(|b| b.is_ascii_digit())
        && name
            .parse::<u32>()
            .is_ok_and(|n| n >= 4913 && (n - 4913) % 123 == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clone_makes_what_is_derived_from_its_text_again() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("content/en/a.md");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "+++\ntitle = \"A\"\n+++\n# One\n").unwrap();
        let config = Config::parse(
            "title = \"T\"\nbase_url = \"https://e.org/\"\ndefault_language = \"en\"\n\
             theme = \"t\"\n[languages.en]\nname = \"English\"\n",
        )
        .unwrap();
        let opts = LoadOptions { drafts: false };
        let page = read_page(tmp.path(), &config, "en", "a.md", &file, opts)
            .unwrap()
            .unwrap();
        assert_eq!(page.prose().sections[0].1, "One");
        let (hash, mut edited) = (page.source_hash().to_string(), page.clone());
        edited.text = edited.text.replace("# One", "# Two");
        assert_eq!(edited.prose().sections[0].1, "Two");
        assert_ne!(edited.source_hash(), hash);
    }

    #[test]
    fn control_characters_are_found_by_byte_scan_and_decoded() {
        let slow = |t: &str| {
            t.char_indices()
                .find(|&(_, c)| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        };
        for text in [
            "plain\ttext\r\nwith breaks\n",
            "a\u{0}b",
            "é and ü, then \u{85} (NEL)",
            "\u{7f} first",
            "ğ Ā ¡ © no control",
            "\u{9f}",
            "tabs\tonly\u{1b}[0m",
        ] {
            assert_eq!(find_control_char(text), slow(text), "{text:?}");
        }
        // Across blocks of 64 bytes, and `C2` lead bytes that are not controls.
        for text in [
            format!("{}\u{1}", "x".repeat(130)),
            format!("{}\u{85}", "«»".repeat(40)),
            format!("{}\u{9b}x", "a".repeat(63)),
            "«é» ".repeat(50),
        ] {
            assert_eq!(find_control_char(&text), slow(&text), "{text:?}");
        }
    }

    #[test]
    fn editor_files_are_hidden() {
        for name in [
            ".x.md.swp",
            "a.md~",
            "#a.md#",
            "a.md___jb_tmp___",
            "a.md___jb_old___",
            "4913",
            "5036",
        ] {
            assert!(is_hidden(Path::new(name)), "{name}");
        }
        for name in ["a.md", "4912", "4914", "5000", "49130", "img.png"] {
            assert!(!is_hidden(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn urls_are_percent_encoded() {
        assert_eq!(encode_path("größe/my page/"), "gr%C3%B6%C3%9Fe/my%20page/");
        assert_eq!(encode_path("a-b_c.d~/"), "a-b_c.d~/");
    }

    #[test]
    fn url_paths() {
        assert_eq!(url_path("charleston.md", None), "charleston/");
        assert_eq!(url_path("_index.md", None), "");
        assert_eq!(url_path("variants/_index.md", None), "variants/");
        assert_eq!(
            url_path("variants/riichi.md", Some("japan")),
            "variants/japan/"
        );
        assert_eq!(url_path("variants/_index.md", Some("others")), "others/");
    }

    #[test]
    fn front_matter_offsets_are_in_the_file() {
        let text = "+++\ntitle = \"A\"\nweight = \"x\"\n+++\nbody";
        let (at, msg) = parse_front_matter(text).unwrap_err();
        assert_eq!(at, text.find("\"x\"").unwrap(), "{msg}");
        let ok = "+++\ntitle = \"A\"\n+++\nbody";
        let (fm, off) = parse_front_matter(ok).unwrap();
        assert_eq!(fm.title, "A");
        assert_eq!(&ok[off..], "body");
    }

    #[test]
    fn an_empty_title_is_reported_at_its_key() {
        let text = "+++\nweight = 1\ntitle = \" \"\n+++\nbody";
        let (at, msg) = parse_front_matter(text).unwrap_err();
        assert_eq!(msg, "front matter: `title` must not be empty");
        assert_eq!(at, text.find("title").unwrap());
        let (fm, _) = parse_front_matter("+++\ntitle = \"A\"\n+++\nbody").unwrap();
        assert_eq!(fm.spans.toml, 4..16, "the TOML between the `+++` lines");
    }

    #[test]
    fn missing_title_is_reported() {
        let (_, msg) = parse_front_matter("+++\nweight = 1\n+++\n").unwrap_err();
        assert!(msg.contains("title"), "{msg}");
    }
}
