//! `tilebook new-language`: the files of a new language, scaffolded from
//! the default one.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::content::ContentSet;
use crate::glossary::Glossary;
use crate::i18n::Strings;

use super::mark::front_matter_lines;

/// Files `new-language` writes, relative to the site root, with their text.
pub struct Scaffold {
    pub files: BTreeMap<PathBuf, String>,
    pub config_text: String,
}

/// Plans a new language: a config entry, every default-language page copied
/// and marked `untranslated = true`, a strings file listing every key
/// (commented out, so they count as missing until translated), and glossary
/// entries to fill.
/// What a new language is copied from.
pub struct SiteData<'a> {
    pub config: &'a Config,
    pub content: &'a ContentSet,
    pub strings: &'a Strings,
    pub glossary: &'a Glossary,
}

pub fn scaffold_language(
    root: &Path,
    config_text: &str,
    site: &SiteData<'_>,
    code: &str,
    name: &str,
) -> Result<Scaffold, String> {
    let SiteData {
        config,
        content,
        strings,
        glossary,
    } = *site;
    check_new_language(config, code, name)?;
    if root.join("content").join(code).exists() {
        return Err(format!("content/{code}/ already exists"));
    }
    let weight = config.languages.iter().map(|l| l.weight).max().unwrap_or(0) + 1;
    let mut config_out = config_text.trim_end().to_string();
    let _ = write!(
        config_out,
        "\n\n[languages.{code}]\nname = {}\nweight = {weight}\n",
        toml_string(name)
    );
    let mut files = BTreeMap::new();
    let default = &config.default_language;
    for p in content.pages.iter().filter(|p| &p.lang == default) {
        let text = insert_front_matter_line(&p.text, "untranslated = true")?;
        files.insert(PathBuf::from("content").join(code).join(&p.rel), text);
    }
    files.insert(
        crate::i18n::file_in(Path::new(crate::i18n::SITE_I18N_DIR), code),
        strings_file(strings, default, code, name),
    );
    if !glossary.terms.is_empty() {
        let mut g = format!(
            "# Glossary texts for {name} ({code}). Uncomment and translate each entry,\n# then run `tilebook translations mark glossary/{code}.toml`.\n"
        );
        for term in &glossary.terms {
            if let Some(t) = glossary.text(default, &term.id) {
                let _ = write!(
                    g,
                    "\n# [{}]\n# name = {}\n# definition = {}\n# compare = {}\n",
                    toml_key(&term.id),
                    toml_string(&t.name),
                    toml_string(&t.definition),
                    toml_string(&t.compare)
                );
            }
        }
        files.insert(PathBuf::from("glossary").join(format!("{code}.toml")), g);
    }
    // The build must accept what is written: parse the new config first.
    if let Err(errs) = Config::parse(&config_out) {
        let why: Vec<String> = errs.into_iter().map(|d| d.message).collect();
        return Err(format!(
            "adding [languages.{code}] would make config.toml invalid: {}",
            why.join("; ")
        ));
    }
    debug_assert!(files.keys().all(|p| {
        p.components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
    }));
    Ok(Scaffold {
        files,
        config_text: config_out,
    })
}

/// The new language's strings file: every message of the default language,
/// commented out (so it counts as missing until translated), grouped by the
/// first part of its id.
fn strings_file(strings: &Strings, default: &str, code: &str, name: &str) -> String {
    let mut out = format!(
        "# UI strings for {name} ({code}), in Project Fluent's format (docs/translating.md).\n\
         # Remove the `# ` before each message and translate the text after `=`; keep\n\
         # every {{ $variable }} as it is. Until then the {default} text is used and the\n\
         # message is reported as missing.\n"
    );
    let mut group = String::new();
    for id in strings.all_keys() {
        let Some(source) = strings.source(default, &id) else {
            continue;
        };
        let first = id.split('-').next().unwrap_or_default();
        if first != group {
            group = first.to_string();
            let _ = write!(out, "\n## {group}\n");
        }
        for line in source.trim_end().lines() {
            let _ = writeln!(out, "# {line}");
        }
    }
    out
}

/// Refuses a code that is not a canonical BCP 47 tag, that is configured
/// already (in any case), and a name that is empty or spans lines.
fn check_new_language(config: &Config, code: &str, name: &str) -> Result<(), String> {
    if let Some(l) = config
        .languages
        .iter()
        .find(|l| l.code.eq_ignore_ascii_case(code))
    {
        return Err(if l.code == code {
            format!("language {code:?} is already configured")
        } else {
            format!(
                "language {code:?} differs only in case from the configured language {:?}",
                l.code
            )
        });
    }
    crate::config::check_language_tag(code)?;
    if name.trim().is_empty() {
        return Err(
            "the language name is empty; give it as written in that language, e.g. --name Español"
                .into(),
        );
    }
    if name.chars().any(char::is_control) {
        return Err("the language name must be on one line".into());
    }
    Ok(())
}

fn insert_front_matter_line(text: &str, line: &str) -> Result<String, String> {
    let (_, close) = front_matter_lines(text)?;
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(close, line);
    let mut out = lines.join("\n");
    out.push('\n');
    Ok(out)
}

fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn toml_key(k: &str) -> String {
    if k.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        k.to_string()
    } else {
        toml_string(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strings_file_lists_every_message_commented_out() {
        let en = "## nav\nnav-next = Next\n# A note.\nlesson-exercises =\n    { $count ->\n        [one] { $count } exercise\n       *[other] { $count } exercises\n    }\n";
        let strings = Strings::from_sources("en", &[("en", en)]);
        let text = strings_file(&strings, "en", "es", "Español");
        // Nothing is translated yet: every line is a comment.
        assert!(
            text.lines().all(|l| l.is_empty() || l.starts_with('#')),
            "{text}"
        );
        // Uncommented, it is the English messages again.
        let uncommented: String = text
            .lines()
            .skip(4)
            .map(|l| format!("{}\n", l.strip_prefix("# ").unwrap_or(l)))
            .collect();
        let es = Strings::from_sources("en", &[("en", en), ("es", &uncommented)]);
        assert!(es.missing_keys("es").is_empty(), "{uncommented}");
        assert_eq!(
            es.format("es", "lesson.exercises", &[("count", 1.into())])
                .as_deref(),
            Some("1 exercise")
        );
    }
}
