//! The translation status report as text, for `tilebook translations`.

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
        if s.attention.is_empty()
            && s.strings_missing.is_empty()
            && s.glossary_missing.is_empty()
            && s.glossary_stale.is_empty()
            && s.glossary_unmarked.is_empty()
            && s.terminology.is_empty()
            && s.exercises_missing.is_empty()
        {
            continue;
        }
        let _ = writeln!(out, "\n{} ({}):", s.code, s.name);
        for p in &s.attention {
            let state = match p.state {
                PageState::Stale => "stale",
                PageState::Unmarked => "unmarked",
                PageState::Untranslated => "missing",
                PageState::Missing => "missing",
                PageState::Current => "current",
            };
            let path = p
                .path
                .clone()
                .unwrap_or_else(|| format!("content/{}/{}", s.code, p.rel));
            let note = match p.state {
                PageState::Untranslated => "untranslated copy of",
                PageState::Missing => "no file; source",
                PageState::Stale => "source changed since marked:",
                _ => "translated from",
            };
            let _ = writeln!(out, "  {state:<9} {path}  ({note} {})", p.source);
        }
        for g in &s.exercises_missing {
            let numbers: Vec<String> = g.exercises.iter().map(|n| n.to_string()).collect();
            let _ = writeln!(
                out,
                "  exercises  {}  ({} exercise(s) of {} not here yet, shown untranslated: {})",
                g.path,
                g.exercises.len(),
                g.source,
                numbers.join(", ")
            );
        }
        if !s.strings_missing.is_empty() {
            let _ = writeln!(
                out,
                "  strings      {} missing in {}: {}",
                s.strings_missing.len(),
                s.strings_file.as_deref().unwrap_or("?"),
                s.strings_missing.join(", ")
            );
        }
        if !s.glossary_missing.is_empty() {
            let _ = writeln!(
                out,
                "  glossary     {} term(s) missing in glossary/{}.toml: {}",
                s.glossary_missing.len(),
                s.code,
                s.glossary_missing.join(", ")
            );
        }
        write_glossary_states(&mut out, s, default);
        for a in &s.terminology {
            let _ = writeln!(
                out,
                "  terminology  {}:{}:{}: \"{}\", write \"{}\" (glossary term `{}`)",
                a.path.display(),
                a.line,
                a.col,
                a.found,
                a.preferred,
                a.term
            );
        }
    }
    out
}

/// The report lines for a language's stale and unmarked glossary terms.
fn write_glossary_states(out: &mut String, s: &LanguageStatus, default: &str) {
    let file = Glossary::file(&s.code).display().to_string();
    let source = Glossary::file(default).display().to_string();
    let mark = format!("`tilebook translations mark {file}`");
    if !s.glossary_stale.is_empty() {
        let _ = writeln!(
            out,
            "  glossary     {} term(s) stale in {file} (changed in {source} since marked): {}; update them, then run {mark}",
            s.glossary_stale.len(),
            s.glossary_stale.join(", ")
        );
    }
    if !s.glossary_unmarked.is_empty() {
        let _ = writeln!(
            out,
            "  glossary     {} term(s) unmarked in {file}: {}; once they match {source}, run {mark}",
            s.glossary_unmarked.len(),
            s.glossary_unmarked.join(", ")
        );
    }
}
