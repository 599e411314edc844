//! Inline sites: a test writes a whole small site as one string of `//- path`
//! sections, gets it in a temp folder over sensible defaults, and asserts on
//! the diagnostics (`path:line:col: error: ...`) with an `expect-test`
//! snapshot. `UPDATE_EXPECT=1 cargo test --test testsuite NAME` rewrites the
//! snapshots in place.
//!
//! ```ignore
//! check(
//!     r#"
//!     //- content/en/a.md
//!     +++
//!     weight = 1
//!     +++
//!     "#,
//!     expect![[r#"
//!         content/en/a.md:2:1: error: front matter: missing field `title`
//!     "#]],
//! );
//! ```
//!
//! Each section is the file's text up to the next `//- ` line, un-indented
//! by the indentation of its `//- ` line (so sections may be indented with
//! the test, and texts concatenated), every line ending with `\n` and
//! trailing blank lines dropped.
//! The defaults, each replaced by a section of the same path: [`CONFIG`],
//! a `mini` theme ([`THEME`]) and a home page ([`HOME`]).
#![allow(dead_code)]

use std::path::Path;

use expect_test::Expect;
use tempfile::TempDir;

use super::common::{self, copy_dir, fixture_path};

/// `config.toml` unless the text has one: one language (en), theme `mini`.
pub const CONFIG: &str = "\
title = \"Errors\"
base_url = \"https://example.org/\"
default_language = \"en\"
theme = \"mini\"

[languages.en]
name = \"English\"
";

/// `content/en/_index.md` unless the text has one.
pub const HOME: &str = "+++\ntitle = \"Home\"\n+++\nHello.\n";

/// The templates of the `mini` theme unless the text has them.
pub const THEME: &[(&str, &str)] = &[
    (
        "themes/mini/templates/404.html",
        "<!doctype html><html lang=\"{{ lang }}\"><body>x</body></html>\n",
    ),
    (
        "themes/mini/templates/index.html",
        "<!doctype html><html lang=\"{{ lang }}\"><body>x</body></html>\n",
    ),
    (
        "themes/mini/templates/section.html",
        "<!doctype html><html lang=\"{{ lang }}\"><body>{{ page.content | safe }}</body></html>\n",
    ),
    (
        "themes/mini/templates/page.html",
        "<!doctype html><html lang=\"{{ lang }}\"><body>{{ page.content | safe }}</body></html>\n",
    ),
];

/// A site written into a temp folder (removed on drop).
pub struct Inline {
    dir: TempDir,
}

impl Inline {
    /// The defaults with the sections of `text` written over them.
    pub fn new(text: &str) -> Inline {
        let site = Inline::empty();
        site.write("config.toml", CONFIG);
        site.write("content/en/_index.md", HOME);
        for (rel, body) in THEME {
            site.write(rel, body);
        }
        site.with(text)
    }

    /// A copy of `tests/fixtures/<fixture>` with the sections of `text`
    /// written over it (no defaults): for a case that needs a whole site.
    pub fn over(fixture: &str, text: &str) -> Inline {
        let site = Inline::empty();
        copy_dir(&fixture_path(fixture), site.root());
        site.with(text)
    }

    /// Adds the site's real `felt` theme as `themes/felt` (a section of the
    /// text replaces the theme's file of the same path).
    pub fn with_felt(self, text: &str) -> Inline {
        let felt = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/felt");
        copy_dir(&felt, &self.root().join("themes/felt"));
        self.with(text)
    }

    fn empty() -> Inline {
        Inline {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    /// Writes the sections of `text` too (a later section wins).
    pub fn with(self, text: &str) -> Inline {
        for (rel, body) in sections(text) {
            self.write(&rel, &body);
        }
        self
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `text` to `rel` in the site, creating folders.
    pub fn write(&self, rel: &str, text: &str) {
        common::write(self.root(), rel, text);
    }

    /// `text` with the site's folder shown as `$ROOT`.
    pub fn redact(&self, text: &str) -> String {
        text.replace(&self.root().display().to_string(), "$ROOT")
    }

    /// Builds through the library and returns the diagnostics exactly as
    /// `tilebook build` prints them (empty for a clean build). A build with
    /// an error must have produced no output, a build without one must have.
    pub fn diagnostics(&self) -> String {
        let mut result = common::build(&common::options(self.root()));
        let text = common::diagnostics_text(&mut result);
        let failed = text
            .lines()
            .any(|l| l.contains(": error: ") || l.starts_with("error: "));
        assert_eq!(
            result.output.is_none(),
            failed,
            "output must exist exactly when there is no error:\n{text}"
        );
        self.redact(&text)
    }

    /// Runs `tilebook --root <site> <args>`: its exit code, stdout and
    /// stderr, the site's folder shown as `$ROOT`.
    pub fn run(&self, args: &[&str]) -> String {
        let run = common::run(self.root(), args);
        self.redact(&format!("{run:?}"))
    }
}

/// Asserts the diagnostics of `text` as a site ([`Inline::new`]).
#[track_caller]
pub fn check(text: &str, expect: Expect) {
    expect.assert_eq(&Inline::new(text).diagnostics());
}

/// Asserts the diagnostics of `text` written over `tests/fixtures/<fixture>`.
#[track_caller]
pub fn check_over(fixture: &str, text: &str, expect: Expect) {
    expect.assert_eq(&Inline::over(fixture, text).diagnostics());
}

/// `(path, text)` of each `//- path` section of `text`. A section's lines
/// lose the indentation of its `//- ` line, and its trailing blank lines are
/// dropped, so that texts indented differently can be concatenated.
pub fn sections(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, usize, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        let body = line.trim_start();
        if let Some(path) = body.strip_prefix("//- ") {
            out.push((path.trim().to_string(), line.len() - body.len(), Vec::new()));
        } else if let Some((_, indent, lines)) = out.last_mut() {
            let margin = line.len() - body.len();
            lines.push(if margin >= *indent {
                &line[*indent..]
            } else {
                body
            });
        } else {
            assert!(
                body.is_empty(),
                "text before the first `//- path` line: {line:?}"
            );
        }
    }
    out.into_iter()
        .map(|(path, _, mut lines)| {
            while lines.last().is_some_and(|l| l.trim().is_empty()) {
                lines.pop();
            }
            let text = lines.iter().map(|l| format!("{l}\n")).collect();
            (path, text)
        })
        .collect()
}

/// Removes a leading newline, the common indentation of the non-blank lines
/// and trailing blank lines.
pub fn trim_indent(text: &str) -> String {
    let text = text.strip_prefix('\n').unwrap_or(text);
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.get(indent..).unwrap_or(""))
        .collect();
    let end = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(0, |i| i + 1);
    lines[..end].join("\n")
}

#[test]
fn sections_are_unindented_and_end_with_a_newline() {
    let shared = "
    //- b/c.toml
    k = 1

";
    let text = "
        //- a.md
        +++
          x

        y
        ";
    assert_eq!(
        sections(&[text, shared].concat()),
        [
            ("a.md".to_string(), "+++\n  x\n\ny\n".to_string()),
            ("b/c.toml".to_string(), "k = 1\n".to_string()),
        ]
    );
}
