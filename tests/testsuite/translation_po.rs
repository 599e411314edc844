//! The PO exchange (issue 32, item 7): `translations export --format po`
//! and `translations import`. A round trip over the whole course changes
//! no file and every exported file passes `msgfmt -c`; an edited `msgstr`
//! reaches the built page and nothing else of the file changes; a fuzzy
//! entry makes its page stale until it is marked.

use std::path::{Path, PathBuf};

use crate::support::common;
use crate::translations::{felt_site, lang, status_json};

use common::*;

/// The course's own files (what a build reads) copied into a temp dir.
fn course_copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["content", "glossary", "i18n", "templates", "themes"] {
        if repo.join(dir).is_dir() {
            copy_dir(&repo.join(dir), &tmp.path().join(dir));
        }
    }
    std::fs::copy(repo.join("config.toml"), tmp.path().join("config.toml")).unwrap();
    tmp
}

/// Every `.po` file under `dir`.
fn po_files(dir: &Path) -> Vec<PathBuf> {
    (snapshot(dir).into_keys())
        .filter(|k| k.ends_with(".po"))
        .map(|k| dir.join(k))
        .collect()
}

/// Runs `msgfmt --check-format -c` on `file`; panics on a complaint.
fn msgfmt_check(file: &Path) {
    let out = std::process::Command::new("msgfmt")
        .args(["--check-format", "-c", "-o", "/dev/null"])
        .arg(file)
        .output()
        .expect("msgfmt (Debian's gettext; .ci/run installs it)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.trim().is_empty(),
        "{}: msgfmt -c: {stderr}",
        file.display()
    );
}

#[test]
fn a_po_round_trip_over_the_whole_course_leaves_every_file_byte_for_byte() {
    let tmp = course_copy();
    let root = tmp.path();
    let before = snapshot(root);
    let po = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for code in ["de", "ca", "pt"] {
        let dir = po.path().join(code);
        let r = run(
            root,
            &[
                "translations",
                "export",
                "--lang",
                code,
                "--format",
                "po",
                "-o",
                dir.to_str().unwrap(),
            ],
        );
        assert_eq!(r.code, Some(0), "{r:?}");
        let exported = po_files(&dir);
        let pages = (before.keys())
            .filter(|k| k.starts_with("content/en/") && k.ends_with(".md"))
            .count();
        assert_eq!(exported.len(), pages, "one PO file per page: {r:?}");
        files.extend(exported);
    }
    for file in &files {
        msgfmt_check(file);
        // As a PO editor saves it: gettext's own layout (line wrapping).
        let out = std::process::Command::new("msgcat")
            .args(["-w", "60", "-o"])
            .arg(file)
            .arg(file)
            .output()
            .expect("msgcat (gettext)");
        assert!(out.status.success(), "{}: msgcat: {out:?}", file.display());
    }
    let mut args = vec!["translations", "import"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let r = run(root, &args);
    assert_eq!(r.code, Some(0), "{r:?}");
    let after = snapshot(root);
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &before {
        assert!(after[path] == *bytes, "{path} changed in the round trip");
    }
}

const EN: &str = r#"+++
title = "Lesson"
weight = 20
description = "What a lesson says."
+++
Intro with **bold** and a [link](tiles.md#jokers).

## First part {#first}

- one item
- another item

| Tile | Name |
|------|------|
| J | Joker |

```quiz
kind = "redeem"
exposed = "9C 9C J J"
tile = "9C"
answer = "yes"
prompt = "May you redeem?"
```

Closing words.
"#;

const DE: &str = r#"+++
title = "Lektion"
weight = 20
description = "Was eine Lektion sagt."
+++
Einleitung mit **fett** und einem [Link](tiles.md#jokers).

## Erster Teil {#first}

- ein Punkt
- noch ein Punkt

| Stein | Name |
|------|------|
| J | Joker |

```quiz
kind = "redeem"
exposed = "9C 9C J J"
tile = "9C"
answer = "yes"
prompt = "Darfst du tauschen?"
```

Schlussworte.
"#;

/// The basic fixture with a German lesson of every kind of text, and its
/// PO file exported (its path).
fn site_with_lesson() -> (tempfile::TempDir, PathBuf) {
    let tmp = felt_site();
    let root = tmp.path();
    write(root, "content/en/lesson.md", EN);
    write(root, "content/de/lesson.md", DE);
    let r = run(
        root,
        &["translations", "export", "--lang", "de", "--format", "po"],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let po = root.join("po/de/lesson.po");
    msgfmt_check(&po);
    (tmp, po)
}

/// Replaces the `msgstr` of `msgid` in the PO text.
fn set_msgstr(po: &str, msgid: &str, msgstr: &str) -> String {
    let old = format!("msgid \"{msgid}\"\nmsgstr ");
    let at = po
        .find(&old)
        .unwrap_or_else(|| panic!("no {msgid:?} in\n{po}"))
        + old.len();
    let end = at + po[at..].find("\n\n").unwrap_or(po.len() - at);
    format!("{}\"{msgstr}\"{}", &po[..at], &po[end..])
}

#[test]
fn an_edited_po_imported_then_built_shows_the_new_text_and_keeps_the_rest() {
    let (tmp, po) = site_with_lesson();
    let root = tmp.path();
    let text = std::fs::read_to_string(&po).unwrap();
    assert!(text.contains("#: content/en/lesson.md:2\nmsgid \"Lesson\"\nmsgstr \"Lektion\""));
    assert!(
        text.contains("msgid \"First part\"\nmsgstr \"Erster Teil\""),
        "{text}"
    );
    assert!(text.contains("msgid \"Intro with **bold** and a [link](tiles.md#jokers).\""));
    let mut edited = text.clone();
    for (id, s) in [
        ("Lesson", "Neue Lektion"),
        ("First part", "Neuer erster Teil"),
        ("another item", "ein \\\"anderer\\\" Punkt"),
        ("Name", "Bezeichnung"),
        ("May you redeem?", "Darfst du ihn auslösen?"),
        ("Closing words.", "Neue *Schlussworte*."),
    ] {
        edited = set_msgstr(&edited, id, s);
    }
    std::fs::write(&po, edited).unwrap();
    let r = run(root, &["translations", "import", po.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("6 text(s) changed"), "{r:?}");
    let expected = DE
        .replace("\"Lektion\"", "\"Neue Lektion\"")
        .replace("## Erster Teil {#first}", "## Neuer erster Teil {#first}")
        .replace("- noch ein Punkt", "- ein \"anderer\" Punkt")
        .replace("| Stein | Name |", "| Stein | Bezeichnung |")
        .replace("\"Darfst du tauschen?\"", "\"Darfst du ihn auslösen?\"")
        .replace("Schlussworte.", "Neue *Schlussworte*.");
    assert_eq!(read_text(root, "content/de/lesson.md"), expected);

    let r = run(root, &["build"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let html = read_text(root, "public/de/lesson/index.html");
    for s in [
        "Neue Lektion",
        "Neuer erster Teil",
        "Bezeichnung",
        "Darfst du ihn auslösen?",
    ] {
        assert!(html.contains(s), "{s:?} not in the built page");
    }
    assert!(html.contains("<em>Schlussworte</em>"));
    assert!(html.contains("id=\"first\""));
}

fn read_text(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

#[test]
fn a_fuzzy_entry_makes_the_page_stale_until_it_is_marked() {
    let (tmp, po) = site_with_lesson();
    let root = tmp.path();
    let r = run(root, &["translations", "mark", "content/de/lesson.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let stale = |root: &Path| lang(&status_json(root), "de")["stale"].clone();
    assert_eq!(stale(root), 0);

    let text = std::fs::read_to_string(&po).unwrap();
    let fuzzy = text.replace(
        "msgid \"Closing words.\"\nmsgstr \"Schlussworte.\"",
        "#, fuzzy\nmsgid \"Closing words.\"\nmsgstr \"Letzte Worte.\"",
    );
    assert_ne!(fuzzy, text);
    std::fs::write(&po, fuzzy).unwrap();
    let r = run(root, &["translations", "import", po.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let page = read_text(root, "content/de/lesson.md");
    assert!(page.contains("\nfuzzy = true\n+++\n"), "{page}");
    assert!(page.contains("Letzte Worte."));
    assert_eq!(stale(root), 1);
    let r = run(root, &["translations"]);
    assert!(
        r.stdout.contains(
            "content/de/lesson.md\n      stale: imported from a PO file with fuzzy entries"
        ),
        "{r:?}"
    );
    let r = run(root, &["build"]);
    assert!(
        r.stderr.contains(
            "warning: translation is stale: it was imported from a PO file with fuzzy entries"
        ),
        "{r:?}"
    );

    // Reviewed: `mark` drops the key.
    let r = run(root, &["translations", "mark", "content/de/lesson.md"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(!read_text(root, "content/de/lesson.md").contains("fuzzy"));
    assert_eq!(stale(root), 0);
}

#[test]
fn export_warns_where_the_structures_differ_and_leaves_that_part_untranslated() {
    let tmp = felt_site();
    let root = tmp.path();
    write(root, "content/en/lesson.md", EN);
    let de = DE.replace("Schlussworte.", "Schlussworte.\n\nEin Absatz mehr.");
    write(root, "content/de/lesson.md", &de);
    let r = run(
        root,
        &["translations", "export", "--lang", "de", "--format", "po"],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let warning = (r.stderr_lines().into_iter())
        .find(|l| l.contains("do not line up"))
        .unwrap_or_else(|| panic!("no warning: {r:?}"));
    assert!(
        warning.starts_with("content/de/lesson.md:27:1: warning: "),
        "{warning}"
    );
    let po = read_text(root, "po/de/lesson.po");
    assert!(po.contains("msgid \"Closing words.\"\nmsgstr \"\""), "{po}");
    assert!(
        po.contains("msgid \"First part\"\nmsgstr \"Erster Teil\""),
        "{po}"
    );
    // Importing it back changes nothing.
    let file = root.join("po/de/lesson.po");
    let r = run(root, &["translations", "import", file.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(read_text(root, "content/de/lesson.md"), de);
}

#[test]
fn an_import_that_would_change_the_page_s_layout_is_refused_at_its_message() {
    let (tmp, po) = site_with_lesson();
    let root = tmp.path();
    let text = std::fs::read_to_string(&po).unwrap();
    // A blank line in a msgstr: the paragraph would become two.
    let edited = set_msgstr(&text, "Closing words.", "Schluss.\\n\\nNoch ein Absatz.");
    std::fs::write(&po, &edited).unwrap();
    let r = run(root, &["translations", "import", po.to_str().unwrap()]);
    assert_eq!(r.code, Some(1), "{r:?}");
    let line = edited[..edited.find("#: content/en/lesson.md:25").unwrap()]
        .matches('\n')
        .count()
        + 1;
    let expected = format!(
        "{}:{line}:1: error: the translations here would change the layout of content/de/lesson.md",
        po.display()
    );
    assert!(r.stderr.starts_with(&expected), "{r:?}");
    assert_eq!(read_text(root, "content/de/lesson.md"), DE);
}
