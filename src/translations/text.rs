//! The translation status report as text, for `tilebook translations`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::glossary::Glossary;

use super::status::{LanguageStatus, PageState};

/// The status as a text table per language, with paths.
pub fn format_text(status: &[LanguageStatus]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<8} {:>6} {:>10} {:>6} {:>8} {:>8} {:>16} {:>17}",
        "language",
        "pages",
        "translated",
        "stale",
        "unmarked",
        "missing",
        "strings missing",
        "glossary missing"
    );
    for s in status {
        let _ = writeln!(
            out,
            "{:<8} {:>6} {:>10} {:>6} {:>8} {:>8} {:>16} {:>17}",
            s.code,
            s.pages,
            s.translated,
            s.stale,
            s.unmarked,
            s.missing,
            s.strings_missing.len(),
            s.glossary_missing.len()
        );
    }
    let default = status.iter().find(|s| s.is_default).map_or("", |s| &s.code);
    for s in status
        .iter()
        .filter(|s| !s.is_default || !s.terminology.is_empty())
    {
        let files = files_of(s, default);
        if files.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{} ({}): {}", s.code, s.name, counts(s));
        for (path, lines) in &files {
            let _ = writeln!(out, "  {path}");
            for line in lines {
                out.push_str(&wrap(line, 6, WIDTH));
            }
        }
        if !s.is_default {
            out.push_str(&wrap(&next_step(s), 2, WIDTH));
        }
    }
    out
}

/// The width the report's lists are wrapped at.
const WIDTH: usize = 80;

/// A language's counts, the non-zero ones: `1 page stale, 398 strings missing`.
fn counts(s: &LanguageStatus) -> String {
    let exercises: usize = s.exercises_missing.iter().map(|g| g.exercises.len()).sum();
    let parts = [
        (s.stale, "page(s) stale"),
        (s.unmarked, "page(s) unmarked"),
        (s.missing, "page(s) missing"),
        (exercises, "exercise(s) missing"),
        (s.strings_missing.len(), "string(s) missing"),
        (s.glossary_missing.len(), "glossary term(s) missing"),
        (s.glossary_stale.len(), "glossary term(s) stale"),
        (s.glossary_unmarked.len(), "glossary term(s) unmarked"),
        (s.terminology.len(), "word(s) to avoid"),
    ];
    let parts: Vec<String> = (parts.iter())
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
    parts.join(", ")
}

/// What is left in each file of the language, by path.
fn files_of(s: &LanguageStatus, default: &str) -> BTreeMap<String, Vec<String>> {
    let mut files: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for p in &s.attention {
        let path = (p.path.clone()).unwrap_or_else(|| format!("content/{}/{}", s.code, p.rel));
        let line = match p.state {
            PageState::Untranslated => format!("missing: an untranslated copy of {}", p.source),
            PageState::Missing => format!("missing: no file; the source is {}", p.source),
            PageState::Stale if p.fuzzy => {
                "stale: imported from a PO file with fuzzy entries (`fuzzy = true`); review it"
                    .to_string()
            }
            PageState::Stale => format!("stale: {} changed since it was marked", p.source),
            PageState::Unmarked => format!("unmarked: translated from {}, never marked", p.source),
            PageState::Current => continue,
        };
        files.entry(path).or_default().push(line);
    }
    for g in &s.exercises_missing {
        let numbers: Vec<String> = g.exercises.iter().map(|n| n.to_string()).collect();
        files.entry(g.path.clone()).or_default().push(format!(
            "exercises: {} of {} not here yet, shown untranslated: {}",
            g.exercises.len(),
            g.source,
            numbers.join(", ")
        ));
    }
    if !s.strings_missing.is_empty() {
        let file = s.strings_file.clone().unwrap_or_else(|| "?".into());
        files.entry(file).or_default().push(format!(
            "{} string(s) missing: {}",
            s.strings_missing.len(),
            s.strings_missing.join(", ")
        ));
    }
    let glossary = Glossary::file(&s.code).display().to_string();
    if !s.glossary_missing.is_empty() {
        files.entry(glossary.clone()).or_default().push(format!(
            "{} term(s) missing: {}",
            s.glossary_missing.len(),
            s.glossary_missing.join(", ")
        ));
    }
    let states = glossary_states(s, default);
    if !states.is_empty() {
        files.entry(glossary).or_default().extend(states);
    }
    for a in &s.terminology {
        files
            .entry(a.path.display().to_string())
            .or_default()
            .push(format!(
                "{}:{}: avoid \"{}\", write \"{}\" (glossary term `{}`)",
                a.line, a.col, a.found, a.preferred, a.term
            ));
    }
    files
}

/// The line that says what to do next.
fn next_step(s: &LanguageStatus) -> String {
    format!(
        "Next: translate what is listed, then run `tilebook translations mark <file>` (or `--lang {}`); `tilebook check` shows each problem at its line.",
        s.code
    )
}

/// `text` wrapped at `width` columns, its first line indented by `indent`
/// spaces, the others by two more (a word longer than a line gets a line of its own; a command in
/// backticks is never broken, so that it can be copied).
fn wrap(text: &str, indent: usize, width: usize) -> String {
    let mut pad = " ".repeat(indent);
    let mut out = String::new();
    let mut line = String::new();
    let mut words: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match words.last_mut() {
            Some(last) if last.matches('`').count() % 2 == 1 => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
    }
    for word in &words {
        if !line.is_empty() && pad.len() + line.chars().count() + 1 + word.chars().count() > width {
            let _ = writeln!(out, "{pad}{line}");
            pad = " ".repeat(indent + 2);
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{pad}{line}");
    }
    out
}

/// The report lines for a language's stale and unmarked glossary terms.
fn glossary_states(s: &LanguageStatus, default: &str) -> Vec<String> {
    let file = Glossary::file(&s.code).display().to_string();
    let source = Glossary::file(default).display().to_string();
    let mark = format!("`tilebook translations mark {file}`");
    let mut lines = Vec::new();
    if !s.glossary_stale.is_empty() {
        lines.push(format!(
            "{} term(s) stale (changed in {source} since marked): {}; update them, then run {mark}",
            s.glossary_stale.len(),
            s.glossary_stale.join(", ")
        ));
    }
    if !s.glossary_unmarked.is_empty() {
        lines.push(format!(
            "{} term(s) unmarked: {}; once they match {source}, run {mark}",
            s.glossary_unmarked.len(),
            s.glossary_unmarked.join(", ")
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_wrap_at_the_width_with_their_indent() {
        let keys: Vec<String> = (0..30).map(|i| format!("key-{i}")).collect();
        let text = wrap(&format!("30 string(s) missing: {}", keys.join(", ")), 6, 40);
        assert!(text.lines().count() > 5, "{text}");
        for (i, line) in text.lines().enumerate() {
            let indent = if i == 0 { 6 } else { 8 };
            assert_eq!(line.len() - line.trim_start().len(), indent, "{line:?}");
            assert!(line.len() <= 40, "{line:?}");
        }
        assert_eq!(text.split_whitespace().count(), 33);
        assert_eq!(
            wrap("a-very-long-word-alone", 2, 10),
            "  a-very-long-word-alone\n"
        );
        assert_eq!(
            wrap("then run `tilebook translations mark x` now", 0, 20),
            "then run\n  `tilebook translations mark x`\n  now\n"
        );
    }
}
