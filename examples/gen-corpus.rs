//! Writes one synthetic multilingual course in three layouts, for the build
//! benchmark (`bench/compare.sh`, `docs/benchmarks.md`):
//!
//! - `<out>/tilebook/`: `config.toml`, `content/<lang>/…`, theme `felt`
//!   (copied from this repository);
//! - `<out>/hugo/`: one content folder per language, a minimal layout with a
//!   comparable template (section nav, language switcher, prev/next, TOC);
//! - `<out>/mdbook/<lang>/`: one book per language with `SUMMARY.md`;
//! - `<out>/raw/<lang>/…`: the bare Markdown bodies, for `raw-floor`.
//!
//! - `<out>/zola/`: one Zola site (`page.md`, `page.de.md`, …), a minimal
//!   layout like Hugo's.
//!
//! `--pages N` is the number of Markdown pages **across all languages**
//! (section index pages included): each language gets N / languages pages,
//! so `--pages 10000 --langs en,de,ca,pt` writes 2,500 pages per language.
//! `--layout nested` (the default): each language is a tree of parts
//! (10 sections each) of sections (an index page and 24 lessons each), so a
//! page's navigation lists its own part and section, never every page of
//! the site. `--layout flat` (or `--flat`): each language is its home page
//! and one section `lessons/` holding every other page, the shape where a
//! navigation that lists the whole section on every page grows with the
//! square of the section's size.
//! `--no-nav` gives the tilebook site an empty `templates/partials/nav.html`
//! (the navigation-free yardstick of `docs/benchmarks.md`). `--no-search`
//! turns its search index and offline files off (`[search]` and `[offline]`
//! `enabled = false`), to measure the render pipeline alone; `--no-practice`
//! writes no practice sheets (`[practice] sheets = 0`; by default each
//! lesson gets 3, 3 more pages per lesson than the other tools write).
//!
//! Over 600 lines because it holds, with the one text generator they share,
//! each tool's site layout and templates (tilebook, Hugo, mdBook, Zola, the
//! raw floor): every tool gets the same pages from one place.
//!
//! ```text
//! cargo run --release --example gen-corpus -- --pages 10000 --langs en,de,ca,pt --out target/corpus-10000
//! cargo run --release --example gen-corpus -- --pages 10000 --flat --out target/flat-10000
//! ```

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use clap::Parser;

#[derive(Parser)]
#[command(about = "Write a synthetic course for tilebook, Hugo and mdBook")]
struct Args {
    /// Markdown pages across all languages (section pages included)
    #[arg(long, default_value_t = 1000)]
    pages: usize,
    /// Comma-separated language codes; the first is the default language
    #[arg(long, default_value = "en,de,ca,pt", value_delimiter = ',')]
    langs: Vec<String>,
    /// Output folder (replaced)
    #[arg(long, default_value = "target/corpus")]
    out: PathBuf,
    /// Leave out the one ```quiz exercise per tilebook page (see `quiz_block`)
    #[arg(long)]
    no_quiz: bool,
    /// Theme to copy into the tilebook site
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/themes/felt"))]
    theme: PathBuf,
    /// Page tree of each language: `nested` (parts of sections) or `flat`
    /// (one section holding every page)
    #[arg(long, value_enum, default_value_t = Layout::Nested)]
    layout: Layout,
    /// Same as `--layout flat`
    #[arg(long)]
    flat: bool,
    /// Give the tilebook site an empty navigation template
    #[arg(long)]
    no_nav: bool,
    /// Turn the tilebook site's search index and offline files off
    /// (`[search]` and `[offline]` `enabled = false`): the render pipeline alone
    #[arg(long)]
    no_search: bool,
    /// No practice sheets in the tilebook site (`[practice] sheets = 0`):
    /// only the N pages, as the other tools and the raw floor write
    #[arg(long)]
    no_practice: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Layout {
    Nested,
    Flat,
}

/// Lessons per section (plus the section's own index page).
const LESSONS_PER_SECTION: usize = 24;
/// Sections per part.
const SECTIONS_PER_PART: usize = 10;

/// One page of the course, the same in every language.
#[derive(Debug, Clone)]
struct Slot {
    /// Path relative to the language folder, tilebook/Hugo naming.
    rel: String,
    /// 1-based part / section / lesson numbers; 0 where not applicable.
    part: usize,
    section: usize,
    lesson: usize,
    weight: usize,
}

impl Slot {
    /// The language's home page.
    fn home() -> Slot {
        Slot {
            rel: "_index.md".into(),
            part: 0,
            section: 0,
            lesson: 0,
            weight: 0,
        }
    }
    fn is_index(&self) -> bool {
        self.rel.ends_with("_index.md")
    }
    fn depth(&self) -> usize {
        self.rel.matches('/').count()
    }
    /// mdBook naming: `_index.md` → `README.md` (its index preprocessor
    /// turns that into `index.html`).
    fn mdbook_rel(&self) -> String {
        match self.rel.strip_suffix("_index.md") {
            Some(dir) => format!("{dir}README.md"),
            None => self.rel.clone(),
        }
    }
    /// Hugo URL path below the language prefix, ending in `/`.
    fn hugo_path(&self) -> String {
        match self.rel.strip_suffix("_index.md") {
            Some(dir) => dir.to_string(),
            None => format!("{}/", self.rel.trim_end_matches(".md")),
        }
    }
}

/// The flat page tree of one language with exactly `n` pages: the home
/// page, the section `lessons/` and its lessons.
fn flat_layout(n: usize) -> Vec<Slot> {
    let section = Slot {
        rel: "lessons/_index.md".into(),
        part: 1,
        section: 1,
        lesson: 0,
        weight: 1,
    };
    let lessons = (1..n.saturating_sub(1)).map(|lesson| Slot {
        rel: format!("lessons/l{lesson:06}.md"),
        lesson,
        weight: lesson,
        ..section.clone()
    });
    let mut slots = vec![Slot::home()];
    slots.extend(lessons.collect::<Vec<_>>());
    if n > 1 {
        slots.insert(1, section);
    }
    slots
}

/// The nested page tree of one language with exactly `n` pages, in reading order.
fn nested_layout(n: usize) -> Vec<Slot> {
    let mut slots = vec![Slot::home()];
    let mut part = 0;
    'parts: while slots.len() < n {
        part += 1;
        slots.push(Slot {
            rel: format!("p{part:02}/_index.md"),
            part,
            section: 0,
            lesson: 0,
            weight: part,
        });
        for section in 1..=SECTIONS_PER_PART {
            if slots.len() >= n {
                break 'parts;
            }
            slots.push(Slot {
                rel: format!("p{part:02}/s{section:02}/_index.md"),
                part,
                section,
                lesson: 0,
                weight: section,
            });
            for lesson in 1..=LESSONS_PER_SECTION {
                if slots.len() >= n {
                    break 'parts;
                }
                slots.push(Slot {
                    rel: format!("p{part:02}/s{section:02}/l{lesson:02}.md"),
                    part,
                    section,
                    lesson,
                    weight: lesson,
                });
            }
        }
    }
    slots.truncate(n.max(1));
    slots
}

/// The page tree of one language, and which pages are lessons (link targets).
struct Course {
    slots: Vec<Slot>,
    lessons: Vec<usize>,
    /// The first language (Zola names its files without a language suffix).
    default_lang: String,
}

impl Course {
    fn new(n: usize, layout: Layout, default_lang: &str) -> Course {
        let slots = match layout {
            Layout::Nested => nested_layout(n),
            Layout::Flat => flat_layout(n),
        };
        let lessons = (0..slots.len()).filter(|&i| !slots[i].is_index()).collect();
        Course {
            slots,
            lessons,
            default_lang: default_lang.to_string(),
        }
    }
}

/// Small deterministic generator (SplitMix64): the same page gets the same
/// text in every language and on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const WORDS: &[&str] = &[
    "tile",
    "rack",
    "wall",
    "joker",
    "dragon",
    "wind",
    "flower",
    "bam",
    "crak",
    "dot",
    "pass",
    "charleston",
    "hand",
    "pung",
    "kong",
    "quint",
    "pair",
    "discard",
    "exposure",
    "call",
    "east",
    "south",
    "west",
    "north",
    "player",
    "table",
    "card",
    "line",
    "section",
    "year",
    "suit",
    "number",
    "soap",
    "courtesy",
    "blind",
    "across",
    "left",
    "right",
    "dealer",
    "score",
    "the",
    "a",
    "of",
    "and",
    "to",
    "in",
    "every",
    "each",
    "with",
    "from",
    "before",
    "after",
    "never",
    "always",
    "often",
    "seldom",
    "careful",
    "quick",
    "patient",
    "strong",
    "weak",
    "open",
    "closed",
    "concealed",
    "exposed",
    "matching",
    "counting",
    "keeping",
    "passing",
    "choosing",
];

const CODE_LANGS: &[&str] = &["text", "toml", "python", "rust", "js"];

const HEADINGS: &[&str] = &[
    "Why it matters",
    "Reading the rack",
    "A worked example",
    "Common mistakes",
    "Practice at the table",
    "What to keep",
    "What to pass",
    "Counting tiles",
];

fn sentence(rng: &mut Rng, words: usize) -> String {
    let mut s = String::new();
    for i in 0..words {
        let w = rng.pick(WORDS);
        if i == 0 {
            let mut c = w.chars();
            if let Some(f) = c.next() {
                s.extend(f.to_uppercase());
                s.push_str(c.as_str());
            }
        } else {
            s.push(' ');
            match rng.below(14) {
                0 => write!(s, "*{w}*").unwrap(),
                1 => write!(s, "**{w}**").unwrap(),
                2 => write!(s, "`{w}`").unwrap(),
                _ => s.push_str(w),
            }
        }
    }
    s.push('.');
    s
}

fn paragraph(rng: &mut Rng, sentences: usize) -> String {
    let mut p = String::new();
    for i in 0..sentences {
        if i > 0 {
            p.push(' ');
        }
        let n = 8 + rng.below(12);
        p.push_str(&sentence(rng, n));
    }
    p
}

/// How each tool spells a link to another page's heading.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flavor {
    Tilebook,
    Hugo,
    MdBook,
    Zola,
}

fn link(
    flavor: Flavor,
    lang: &str,
    course: &Course,
    from: &Slot,
    to: &Slot,
    anchor: &str,
) -> String {
    match flavor {
        // Relative to the language folder (checked by tilebook, anchor included).
        Flavor::Tilebook => format!("{}#{anchor}", to.rel),
        Flavor::Hugo => format!("/{lang}/{}#{anchor}", to.hugo_path()),
        Flavor::MdBook => format!("{}{}#{anchor}", "../".repeat(from.depth()), to.mdbook_rel()),
        // Zola's internal links (checked, anchor included), by file name.
        Flavor::Zola => format!(
            "@/{}#{anchor}",
            zola_rel(lang, &course.default_lang, &to.rel)
        ),
    }
}

/// The Zola file name of `rel` in `lang`: `a/b.md` for the default
/// language, `a/b.de.md` for the others.
fn zola_rel(lang: &str, default_lang: &str, rel: &str) -> String {
    if lang == default_lang {
        rel.to_string()
    } else {
        format!("{}.{lang}.md", rel.trim_end_matches(".md"))
    }
}

/// The page's exercise, in the format of `docs/authoring.md` ("Exercises"):
/// one of four kinds, each with an answer key that the build checks against
/// the rules module. The same block in every language (as translations must).
fn quiz_block(i: usize) -> String {
    const PASSES: [(&str, &str); 6] = [
        ("first-right", "right"),
        ("first-across", "across"),
        ("first-left", "left"),
        ("second-left", "left"),
        ("second-across", "across"),
        ("second-right", "right"),
    ];
    let (pass, direction) = PASSES[i % PASSES.len()];
    let body = match i % 4 {
        0 => format!(
            "kind = \"pass\"\npass = \"{pass}\"\nrack = \"1B 2B 3B 5C 5C 7C 9D N F WD RD J J\"\nanswer = \"F WD 9D\"\n"
        ),
        1 => "kind = \"find-jokers\"\nrack = \"1B 2B 3B 5C 5C 7C 9D N F WD RD J J\"\nanswer = [12, 13]\n".to_string(),
        2 => format!("kind = \"pass-direction\"\npass = \"{pass}\"\nanswer = \"{direction}\"\n"),
        _ => "kind = \"clean-pass\"\nrack = \"1B 2B 3B 6B 6B 6D 6D E E F 9C N J\"\nlines = [\"FF 666B 666D EEEE\", \"NN 111C 222C 333C\"]\nanswer = \"9C 1B 2B\"\n".to_string(),
    };
    format!("```quiz\n{body}```\n")
}

/// Rule ids the exercises of `quiz_block` can cite.
const RULES: &[&str] = &[
    "charleston-order",
    "clean-pass-helps-no-line",
    "flower-is-not-joker",
    "joker-is-marked",
    "joker-never-passed",
    "pass-exactly-three",
    "soap-is-not-joker",
];

/// A tile picture (tile notation of `docs/rules.md`).
fn tiles_block(rng: &mut Rng) -> String {
    const TILES: &[&str] = &[
        "1B 2B 3B 5C 5C RD GD WD N E S W F J",
        "2D 3D 4D 7B 7B 7B GD GD F F J J N",
        "1C 1C 1C 9C 9C 9C RD RD WD E E S J",
        "4B 5B 6B 4C 5C 6C 4D 5D 6D F F W W",
    ];
    format!("```tiles\n{}\n```\n", rng.pick(TILES))
}

/// The Markdown body of `slot` (without title or front matter).
fn body(flavor: Flavor, lang: &str, course: &Course, idx: usize, quiz: bool) -> String {
    let (slots, lessons) = (&course.slots, &course.lessons);
    let slot = &slots[idx];
    let mut rng = Rng(idx as u64 * 7919 + 17);
    let mut out = String::with_capacity(8 * 1024);
    // Link targets: neighbours in the same section, and lessons elsewhere.
    let target = |rng: &mut Rng| -> usize {
        if rng.below(2) == 0 {
            let j = (idx + 1 + rng.below(5)).min(slots.len() - 1);
            if !slots[j].is_index() {
                return j;
            }
        }
        // A corpus of one page a language has no lesson: link the page itself.
        lessons
            .get(rng.below(lessons.len().max(1)))
            .copied()
            .unwrap_or(idx)
    };
    let linked = |rng: &mut Rng, out: &mut String| {
        let t = target(rng);
        let to = &slots[t];
        let h = 1 + rng.below(4);
        write!(
            out,
            " See [part {} section {} lesson {}]({}).",
            to.part,
            to.section,
            to.lesson,
            link(flavor, lang, course, slot, to, &format!("h{h}"))
        )
        .unwrap();
    };

    out.push_str(&paragraph(&mut rng, 5));
    linked(&mut rng, &mut out);
    out.push_str("\n\n");
    out.push_str(&paragraph(&mut rng, 4));
    out.push_str("\n\n");

    for h in 1..=4 {
        writeln!(out, "## {} {{#h{h}}}\n", rng.pick(HEADINGS)).unwrap();
        out.push_str(&paragraph(&mut rng, 4));
        linked(&mut rng, &mut out);
        out.push_str("\n\n");
        match h {
            1 => {
                for i in 1..=6 {
                    let n = 6 + rng.below(8);
                    writeln!(out, "- {}", sentence(&mut rng, n)).unwrap();
                    if i == 3 {
                        let n = 5 + rng.below(5);
                        writeln!(out, "  1. {}", sentence(&mut rng, n)).unwrap();
                        writeln!(out, "  2. {}", sentence(&mut rng, n)).unwrap();
                    }
                }
                out.push('\n');
                out.push_str(&tiles_block(&mut rng));
                out.push('\n');
            }
            2 => {
                out.push_str("| Seat | Passes to | Tiles | Note |\n|---|---|---:|---|\n");
                for seat in ["East", "South", "West", "North", "Dealer"] {
                    let n = 4 + rng.below(4);
                    writeln!(
                        out,
                        "| {seat} | {} | {} | {} |",
                        rng.pick(&["right", "across", "left"]),
                        1 + rng.below(3),
                        sentence(&mut rng, n)
                    )
                    .unwrap();
                }
                out.push('\n');
            }
            3 => {
                let code = rng.pick(CODE_LANGS);
                writeln!(out, "```{code}").unwrap();
                for i in 0..10 {
                    writeln!(
                        out,
                        "pass_{i} = [\"{}\", \"{}\", \"{}\"]  # {} {}",
                        rng.pick(WORDS),
                        rng.pick(WORDS),
                        rng.pick(WORDS),
                        rng.pick(WORDS),
                        rng.pick(WORDS)
                    )
                    .unwrap();
                }
                out.push_str("```\n\n");
                if quiz && flavor == Flavor::Tilebook {
                    out.push_str(&quiz_block(idx));
                    out.push('\n');
                }
            }
            _ => {
                for i in 1..=5 {
                    let n = 6 + rng.below(8);
                    writeln!(out, "{i}. {}", sentence(&mut rng, n)).unwrap();
                }
                out.push('\n');
                out.push_str(&paragraph(&mut rng, 5));
                linked(&mut rng, &mut out);
                out.push_str("\n\n> ");
                out.push_str(&paragraph(&mut rng, 2));
                out.push_str("\n\n");
            }
        }
    }
    // Pad with paragraphs up to the 6–8 KB band, the same in every layout.
    let goal = 6 * 1024 + rng.below(1536);
    while out.len() < goal {
        out.push_str(&paragraph(&mut rng, 3));
        out.push_str("\n\n");
    }
    out
}

fn title(lang: &str, slot: &Slot) -> String {
    match (slot.part, slot.section, slot.lesson) {
        (0, _, _) => format!("Synthetic course ({lang})"),
        (p, 0, _) => format!("Part {p} ({lang})"),
        (p, s, 0) => format!("Section {p}.{s} ({lang})"),
        (p, s, l) => format!("Lesson {p}.{s}.{l} ({lang})"),
    }
}

fn write(path: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    fs::write(path, text)
}

fn copy_dir(from: &Path, to: &Path) -> io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

fn lang_name(code: &str) -> String {
    match code {
        "en" => "English".into(),
        "de" => "Deutsch".into(),
        "ca" => "Català".into(),
        "pt" => "Português".into(),
        other => other.to_uppercase(),
    }
}

fn front_matter(lang: &str, slot: &Slot) -> String {
    format!(
        "+++\ntitle = \"{}\"\nweight = {}\ndescription = \"Synthetic page {} for the build benchmark.\"\n+++\n\n",
        title(lang, slot),
        slot.weight,
        slot.rel
    )
}

fn write_tilebook(out: &Path, args: &Args, course: &Course, quiz: bool) -> io::Result<usize> {
    let root = out.join("tilebook");
    let mut config =
        String::from("title = \"Synthetic course\"\nbase_url = \"https://example.org/\"\n");
    writeln!(
        config,
        "default_language = \"{}\"\ntheme = \"felt\"",
        args.langs[0]
    )
    .unwrap();
    for (i, l) in args.langs.iter().enumerate() {
        writeln!(
            config,
            "\n[languages.{l}]\nname = \"{}\"\nweight = {}",
            lang_name(l),
            i + 1
        )
        .unwrap();
    }
    if quiz {
        // Where each rule the exercises use is taught (feedback links there).
        let lesson = course
            .slots
            .iter()
            .find(|s| !s.is_index())
            .map_or("_index.md", |s| &s.rel);
        config.push_str("\n[exercises.rule_lessons]\n");
        for rule in RULES {
            writeln!(config, "{rule} = \"{lesson}#h1\"").unwrap();
        }
    }
    if args.no_search {
        config.push_str("\n[search]\nenabled = false\n\n[offline]\nenabled = false\n");
    }
    if args.no_practice {
        config.push_str("\n[practice]\nsheets = 0\n");
    }
    write(&root.join("config.toml"), &config)?;
    copy_dir(&args.theme, &root.join("themes/felt"))?;
    if args.no_nav {
        // The site's template overrides the theme's, file by file.
        write(
            &root.join("templates/partials/nav.html"),
            "{#- navigation removed (benchmark yardstick) -#}\n",
        )?;
    }
    write_content(&root, args, course, Flavor::Tilebook, quiz, |lang, slot| {
        (format!("{lang}/{}", slot.rel), front_matter(lang, slot))
    })
}

const HUGO_BASEOF: &str = r#"<!doctype html>
<html lang="{{ .Language.Lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title>
<link rel="canonical" href="{{ .Permalink }}">
{{- range .AllTranslations }}
<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
{{- end }}
<link rel="stylesheet" href="/css/site.css">
</head>
<body>
<header>
  <a href="{{ .Site.Home.RelPermalink }}">{{ .Site.Title }}</a>
  <nav class="lang-switcher"><ul>
  {{- range .AllTranslations }}
    <li><a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}"{{ if eq .Language.Lang $.Language.Lang }} aria-current="page"{{ end }}>{{ .Language.LanguageName }}</a></li>
  {{- end }}
  </ul></nav>
</header>
<div class="layout">
<main id="main">
{{ block "main" . }}{{ end }}
</main>
<nav class="site-nav">
  <h2>Lessons</h2>
  {{- with .Parent }}<p><a href="{{ .RelPermalink }}">{{ .Title }}</a></p>{{ end }}
  <ul>
  {{- range .CurrentSection.Pages }}
    <li{{ if eq .RelPermalink $.RelPermalink }} class="is-current"{{ end }}><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
  {{- end }}
  </ul>
</nav>
</div>
<footer><p>Synthetic course for the build benchmark.</p></footer>
</body>
</html>
"#;

const HUGO_MAIN: &str = r#"{{ define "main" }}
<article class="lesson">
  <h1>{{ .Title }}</h1>
  <nav class="toc">{{ .TableOfContents }}</nav>
  <div class="content">
{{ .Content }}
  </div>
  <nav class="pager">
  {{- with .PrevInSection }}<a rel="prev" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
  {{- with .NextInSection }}<a rel="next" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
  </nav>
</article>
{{ end }}
"#;

/// Writes every page of `course` in every language into `<root>/content/`:
/// `page(lang, slot)` gives its path there and its front matter, the body is
/// in `flavor`. Returns the bytes written.
fn write_content(
    root: &Path,
    args: &Args,
    course: &Course,
    flavor: Flavor,
    quiz: bool,
    page: impl Fn(&str, &Slot) -> (String, String),
) -> io::Result<usize> {
    let mut bytes = 0;
    for lang in &args.langs {
        for (i, slot) in course.slots.iter().enumerate() {
            let (rel, front) = page(lang, slot);
            let text = front + &body(flavor, lang, course, i, quiz);
            bytes += text.len();
            write(&root.join("content").join(rel), &text)?;
        }
    }
    Ok(bytes)
}

/// The stylesheet of the Hugo and Zola sites.
fn write_css(root: &Path) -> io::Result<()> {
    write(
        &root.join("static/css/site.css"),
        "body { font-family: serif; }\n",
    )
}

fn write_hugo(out: &Path, args: &Args, course: &Course) -> io::Result<usize> {
    let root = out.join("hugo");
    let mut config = String::from(
        "baseURL = \"https://example.org/\"\ntitle = \"Synthetic course\"\n\
         defaultContentLanguageInSubdir = true\n\
         disableKinds = [\"taxonomy\", \"term\", \"RSS\"]\n",
    );
    writeln!(config, "defaultContentLanguage = \"{}\"", args.langs[0]).unwrap();
    for (i, l) in args.langs.iter().enumerate() {
        writeln!(
            config,
            "\n[languages.{l}]\ncontentDir = \"content/{l}\"\nlanguageName = \"{}\"\nweight = {}",
            lang_name(l),
            i + 1
        )
        .unwrap();
    }
    write(&root.join("config.toml"), &config)?;
    write(&root.join("layouts/_default/baseof.html"), HUGO_BASEOF)?;
    write(&root.join("layouts/_default/single.html"), HUGO_MAIN)?;
    write(&root.join("layouts/_default/list.html"), HUGO_MAIN)?;
    write_css(&root)?;
    write_content(&root, args, course, Flavor::Hugo, false, |lang, slot| {
        (format!("{lang}/{}", slot.rel), front_matter(lang, slot))
    })
}

fn write_mdbook(out: &Path, args: &Args, course: &Course) -> io::Result<usize> {
    let mut bytes = 0;
    for lang in &args.langs {
        let root = out.join("mdbook").join(lang);
        write(
            &root.join("book.toml"),
            &format!(
                "[book]\ntitle = \"Synthetic course\"\nlanguage = \"{lang}\"\nsrc = \"src\"\n\n\
                 [output.html]\n\n[output.html.search]\nenable = false\n"
            ),
        )?;
        let mut summary = String::from("# Summary\n\n");
        writeln!(summary, "[{}](README.md)\n", title(lang, &course.slots[0])).unwrap();
        for slot in &course.slots[1..] {
            let level = slot.depth() - usize::from(slot.is_index());
            let indent = "  ".repeat(level);
            writeln!(
                summary,
                "{indent}- [{}]({})",
                title(lang, slot),
                slot.mdbook_rel()
            )
            .unwrap();
        }
        write(&root.join("src/SUMMARY.md"), &summary)?;
        for (i, slot) in course.slots.iter().enumerate() {
            let text = format!("# {}\n\n", title(lang, slot))
                + &body(Flavor::MdBook, lang, course, i, false);
            bytes += text.len();
            write(&root.join("src").join(slot.mdbook_rel()), &text)?;
        }
    }
    Ok(bytes)
}

const ZOLA_PAGE: &str = r#"<!doctype html>
<html lang="{{ lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ page.title }} · {{ config.title }}</title>
<link rel="canonical" href="{{ page.permalink }}">
{%- for t in page.translations %}
<link rel="alternate" hreflang="{{ t.lang }}" href="{{ t.permalink }}">
{%- endfor %}
<link rel="stylesheet" href="{{ get_url(path="css/site.css") }}">
</head>
<body>
<header>
  <a href="{{ config.base_url }}">{{ config.title }}</a>
  <nav class="lang-switcher"><ul>
  {%- for t in page.translations %}
    <li><a href="{{ t.permalink }}" hreflang="{{ t.lang }}"{% if t.lang == lang %} aria-current="page"{% endif %}>{{ t.lang }}</a></li>
  {%- endfor %}
  </ul></nav>
</header>
<div class="layout">
<main id="main">
<article class="lesson">
  <h1>{{ page.title }}</h1>
  <nav class="toc"><ul>
  {%- for h in page.toc %}<li><a href="{{ h.permalink }}">{{ h.title }}</a></li>{% endfor %}
  </ul></nav>
  <div class="content">
{{ page.content | safe }}
  </div>
  <nav class="pager">
  {%- if page.lower %}<a rel="prev" href="{{ page.lower.permalink }}">{{ page.lower.title }}</a>{% endif %}
  {%- if page.higher %}<a rel="next" href="{{ page.higher.permalink }}">{{ page.higher.title }}</a>{% endif %}
  </nav>
</article>
</main>
{%- set section = get_section(path=page.ancestors | last) %}
<nav class="site-nav">
  <h2>Lessons</h2>
  <p><a href="{{ section.permalink }}">{{ section.title }}</a></p>
  <ul>
  {%- for p in section.pages %}
    <li{% if p.permalink == page.permalink %} class="is-current"{% endif %}><a href="{{ p.permalink }}">{{ p.title }}</a></li>
  {%- endfor %}
  </ul>
</nav>
</div>
<footer><p>Synthetic course for the build benchmark.</p></footer>
</body>
</html>
"#;

/// The part of [`ZOLA_PAGE`] that lists the section's pages.
const ZOLA_LISTING: &str = r#"
  {%- for p in section.pages %}
    <li{% if p.permalink == page.permalink %} class="is-current"{% endif %}><a href="{{ p.permalink }}">{{ p.title }}</a></li>
  {%- endfor %}"#;

const ZOLA_SECTION: &str = r#"<!doctype html>
<html lang="{{ lang }}">
<head>
<meta charset="utf-8">
<title>{{ section.title }} · {{ config.title }}</title>
<link rel="canonical" href="{{ section.permalink }}">
<link rel="stylesheet" href="{{ get_url(path="css/site.css") }}">
</head>
<body>
<main id="main">
<h1>{{ section.title }}</h1>
<nav class="toc"><ul>
{%- for h in section.toc %}<li><a href="{{ h.permalink }}">{{ h.title }}</a></li>{% endfor %}
</ul></nav>
{{ section.content | safe }}
<ul>
{%- for s in section.subsections %}{% set sub = get_section(path=s, metadata_only=true) %}
  <li><a href="{{ sub.permalink }}">{{ sub.title }}</a></li>
{%- endfor %}
{%- for p in section.pages %}
  <li><a href="{{ p.permalink }}">{{ p.title }}</a></li>
{%- endfor %}
</ul>
</main>
</body>
</html>
"#;

/// The Zola site: the default language's files are `x.md`, the others'
/// `x.<lang>.md`; sections sort their pages by weight (for `lower`/`higher`).
fn write_zola(out: &Path, args: &Args, course: &Course) -> io::Result<usize> {
    let root = out.join("zola");
    let mut config = String::from(
        "base_url = \"https://example.org\"\ntitle = \"Synthetic course\"\n\
         compile_sass = false\nbuild_search_index = false\n",
    );
    writeln!(config, "default_language = \"{}\"", args.langs[0]).unwrap();
    for l in &args.langs[1..] {
        writeln!(config, "\n[languages.{l}]\ntitle = \"Synthetic course\"").unwrap();
    }
    write(&root.join("config.toml"), &config)?;
    // A flat section's pages get the section's link and prev/next, not its
    // whole listing: `get_section` hands every page of the section to each
    // page's template (~25 s for 1,000 flat pages, minutes for 10,000), which
    // would measure Zola's quadratic template and not its build.
    let page = if args.flat || matches!(args.layout, Layout::Flat) {
        ZOLA_PAGE.replace(ZOLA_LISTING, "").replace(
            "page.ancestors | last)",
            "page.ancestors | last, metadata_only=true)",
        )
    } else {
        ZOLA_PAGE.to_string()
    };
    write(&root.join("templates/page.html"), &page)?;
    write(&root.join("templates/section.html"), ZOLA_SECTION)?;
    write(&root.join("templates/index.html"), ZOLA_SECTION)?;
    write_css(&root)?;
    write_content(&root, args, course, Flavor::Zola, false, |lang, slot| {
        let mut front = front_matter(lang, slot);
        if slot.is_index() {
            front = front.replacen("+++\n", "+++\nsort_by = \"weight\"\n", 1);
        }
        (zola_rel(lang, &course.default_lang, &slot.rel), front)
    })
}

/// Bare bodies, for the pulldown-cmark floor (`examples/raw-floor.rs`).
fn write_raw(out: &Path, args: &Args, course: &Course) -> io::Result<usize> {
    let mut bytes = 0;
    for lang in &args.langs {
        for (i, slot) in course.slots.iter().enumerate() {
            let text = body(Flavor::Tilebook, lang, course, i, false);
            bytes += text.len();
            write(&out.join("raw").join(lang).join(&slot.rel), &text)?;
        }
    }
    Ok(bytes)
}

fn main() -> io::Result<()> {
    let args = Args::parse();
    if args.langs.is_empty() || args.pages < args.langs.len() {
        eprintln!("need at least one page per language");
        std::process::exit(2);
    }
    let quiz = !args.no_quiz;
    let per_lang = args.pages / args.langs.len();
    let layout = if args.flat { Layout::Flat } else { args.layout };
    let course = Course::new(per_lang, layout, &args.langs[0]);
    if args.out.exists() {
        fs::remove_dir_all(&args.out)?;
    }
    let tb = write_tilebook(&args.out, &args, &course, quiz)?;
    let hugo = write_hugo(&args.out, &args, &course)?;
    let md = write_mdbook(&args.out, &args, &course)?;
    let zola = write_zola(&args.out, &args, &course)?;
    let raw = write_raw(&args.out, &args, &course)?;
    let total = per_lang * args.langs.len();
    println!(
        "wrote {total} pages ({per_lang} per language × {}, {} layout) into {}: tilebook {} KB, hugo {} KB, mdbook {} KB, zola {} KB, raw {} KB (avg {} B/page){}",
        args.langs.len(),
        match layout {
            Layout::Nested => "nested",
            Layout::Flat => "flat",
        },
        args.out.display(),
        tb / 1024,
        hugo / 1024,
        md / 1024,
        zola / 1024,
        raw / 1024,
        tb / total,
        if quiz {
            ", one exercise per tilebook page"
        } else {
            ", no exercises"
        }
    );
    Ok(())
}
