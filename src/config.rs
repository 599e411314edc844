//! Site configuration: reads and validates `config.toml` into a [`Config`].

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostics::Diagnostic;

pub const CONFIG_FILE: &str = "config.toml";

/// Text direction of a language, for `<html dir>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    #[default]
    Ltr,
    Rtl,
}

impl Dir {
    pub fn as_str(self) -> &'static str {
        match self {
            Dir::Ltr => "ltr",
            Dir::Rtl => "rtl",
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    title: String,
    base_url: Spanned<String>,
    default_language: Spanned<String>,
    theme: Spanned<String>,
    #[serde(default)]
    top_links: Vec<toml::Spanned<String>>,
    languages: BTreeMap<String, Spanned<RawLanguage>>,
    #[serde(default)]
    exercises: RawExercises,
    #[serde(default)]
    markdown: MarkdownConfig,
    #[serde(default)]
    practice: PracticeToml,
    #[serde(default)]
    search: SearchConfig,
    #[serde(default)]
    offline: OfflineConfig,
    #[serde(default)]
    export: ExportConfig,
}

/// `[export]`: the course in a learning platform (`tilebook export`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportConfig {
    /// The score, in percent, a learner needs in a lesson to pass it (SCORM
    /// `adlcp:masteryscore`); `export` checks it and defaults to 80.
    pub mastery_score: Option<Spanned<i64>>,
}

/// `[search]`: the per-language search index and the search box.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchConfig {
    /// Build a search index per language and show the search box (default on).
    #[serde(default = "yes")]
    pub enabled: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig { enabled: true }
    }
}

/// `[offline]`: the web app manifest and service worker of each language.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfflineConfig {
    /// Write a manifest and a service worker per language (default on).
    #[serde(default = "yes")]
    pub enabled: bool,
}

impl Default for OfflineConfig {
    fn default() -> Self {
        OfflineConfig { enabled: true }
    }
}

fn yes() -> bool {
    true
}

/// `[practice]` as written in config.toml or in a page's front matter (how
/// many printable practice sheets, how many exercises each, which kinds),
/// each value with its span. `site::practice` validates it.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PracticeToml {
    pub sheets: Option<Spanned<i64>>,
    pub exercises: Option<Spanned<i64>>,
    pub kinds: Option<Vec<Spanned<String>>>,
}

/// `[markdown]`: what pages may contain.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkdownConfig {
    /// Allow raw `<script>` elements, `on…=` event attributes and
    /// `javascript:` links in pages. Off by default, so that a contributed
    /// page or translation cannot run code on the site.
    #[serde(default)]
    pub allow_scripts: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLanguage {
    name: String,
    #[serde(default)]
    weight: i64,
    #[serde(default)]
    dir: Dir,
}

/// `[exercises]` as written, with the span of each rule's entry.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExercises {
    #[serde(default)]
    rule_lessons: BTreeMap<Spanned<String>, String>,
    /// Variants per kind of a lesson's exercises (`exercises::pool`).
    variants: Option<Spanned<i64>>,
}

/// `[exercises]`: where each rule of the rules module is taught, so that
/// feedback can link to the lesson section (`rule-id = "page.md#anchor"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseConfig {
    #[serde(default)]
    pub rule_lessons: BTreeMap<String, String>,
    /// `variants = N`: the variants "Try another like this" and the review
    /// draw from, per kind of a lesson's exercises (`exercises::pool`).
    #[serde(default = "default_variants")]
    pub variants: u64,
}

/// Variants per kind of a lesson's exercises when neither `config.toml`
/// nor the block says (`exercises::pool`).
pub const DEFAULT_VARIANTS: u64 = 12;
/// Most variants a block or the site may ask for.
pub const MAX_VARIANTS: u64 = 40;

fn default_variants() -> u64 {
    DEFAULT_VARIANTS
}

impl Default for ExerciseConfig {
    fn default() -> Self {
        ExerciseConfig {
            rule_lessons: BTreeMap::new(),
            variants: default_variants(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Language {
    pub code: String,
    pub name: String,
    pub weight: i64,
    pub dir: Dir,
    /// Byte offset of its `[languages.<code>]` table in config.toml.
    pub offset: Option<usize>,
}

/// The validated configuration of one site.
#[derive(Debug, Clone)]
pub struct Config {
    pub title: String,
    /// Absolute base URL, always ending in `/`.
    pub base_url: String,
    /// Path part of `base_url`, always starting and ending in `/`.
    pub base_path: String,
    pub default_language: String,
    pub theme: String,
    /// Byte offset of the `theme` value in config.toml.
    pub theme_offset: usize,
    /// Source paths (relative to a language folder) of pages linked from the top of every page.
    pub top_links: Vec<String>,
    /// Byte offset of each `top_links` entry in config.toml.
    pub top_link_offsets: Vec<usize>,
    /// Configured languages in display order (weight, then code).
    pub languages: Vec<Language>,
    pub exercises: ExerciseConfig,
    pub markdown: MarkdownConfig,
    pub search: SearchConfig,
    pub offline: OfflineConfig,
    pub export: ExportConfig,
    /// Byte offsets of the `[exercises.rule_lessons]` entries in config.toml.
    pub rule_lesson_offsets: BTreeMap<String, usize>,
    /// `[practice]`, unvalidated (spans are offsets into config.toml).
    pub practice: PracticeToml,
}

impl Config {
    /// Reads `<root>/config.toml`. Every problem found is returned, not just the first.
    pub fn load(root: &Path) -> Result<(Config, String), Vec<Diagnostic>> {
        let text = crate::diagnostics::read_source(&root.join(CONFIG_FILE), Path::new(CONFIG_FILE))
            .map_err(|d| vec![d])?;
        let config = Config::parse(&text)?;
        Ok((config, text))
    }

    pub fn parse(text: &str) -> Result<Config, Vec<Diagnostic>> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| {
            vec![Diagnostic::error(
                CONFIG_FILE,
                e.span().map(|s| s.start),
                e.message().to_string(),
            )]
        })?;
        let base_url = normalize_base_url(raw.base_url.get_ref());
        let base_path = base_path_of(&base_url);
        let errors = check_raw(&raw, &base_url);
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut languages: Vec<Language> = raw
            .languages
            .into_iter()
            .map(|(code, l)| {
                let offset = Some(l.span().start);
                let l = l.into_inner();
                Language {
                    offset,
                    code,
                    name: l.name,
                    weight: l.weight,
                    dir: l.dir,
                }
            })
            .collect();
        languages.sort_by(|a, b| (a.weight, &a.code).cmp(&(b.weight, &b.code)));
        Ok(Config {
            title: raw.title,
            base_url,
            base_path,
            default_language: raw.default_language.into_inner(),
            theme_offset: raw.theme.span().start,
            theme: raw.theme.into_inner(),
            top_link_offsets: raw.top_links.iter().map(|t| t.span().start).collect(),
            top_links: raw
                .top_links
                .into_iter()
                .map(toml::Spanned::into_inner)
                .collect(),
            languages,
            rule_lesson_offsets: raw
                .exercises
                .rule_lessons
                .keys()
                .map(|k| (k.get_ref().clone(), k.span().start))
                .collect(),
            exercises: ExerciseConfig {
                rule_lessons: raw
                    .exercises
                    .rule_lessons
                    .into_iter()
                    .map(|(k, v)| (k.into_inner(), v))
                    .collect(),
                variants: raw
                    .exercises
                    .variants
                    .map_or(default_variants(), |v| *v.get_ref() as u64),
            },
            markdown: raw.markdown,
            practice: raw.practice,
            search: raw.search,
            offline: raw.offline,
            export: raw.export,
        })
    }

    pub fn language(&self, code: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.code == code)
    }

    pub fn is_language(&self, code: &str) -> bool {
        self.language(code).is_some()
    }

    /// Replaces the base URL (the `--base-url` flag, or serve's local address).
    pub fn set_base_url(&mut self, url: &str) -> Result<(), String> {
        let url = normalize_base_url(url);
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!(
                "base URL must start with http:// or https://, found {url:?}"
            ));
        }
        self.base_path = base_path_of(&url);
        self.base_url = url;
        Ok(())
    }

    /// Absolute URL of a site path that already starts with `base_path`.
    pub fn permalink(&self, path: &str) -> String {
        let origin_end = self.base_url.len() - self.base_path.len();
        format!("{}{}", &self.base_url[..origin_end], path)
    }
}

fn normalize_base_url(url: &str) -> String {
    let mut url = url.trim().to_string();
    if !url.ends_with('/') {
        url.push('/');
    }
    url
}

fn base_path_of(base_url: &str) -> String {
    let after_scheme = base_url
        .split_once("://")
        .map_or(base_url, |(_, rest)| rest);
    match after_scheme.find('/') {
        Some(i) => after_scheme[i..].to_string(),
        None => "/".to_string(),
    }
}

/// Checks that `code` is a well-formed BCP 47 language tag in canonical form
/// (`es`, `pt-BR`, `zh-Hant`, `sr-Latn-RS`), as parsed by `unic-langid`. A
/// code names folders (`content/<code>/`) and TOML keys, so it can never
/// hold a path separator or a dot.
pub fn check_language_tag(code: &str) -> Result<(), String> {
    const EXAMPLES: &str = "e.g. es, pt-BR, zh-Hant, sr-Latn-RS";
    if code.contains(['/', '\\', '.', '\0']) {
        return Err(format!(
            "{code:?} is not a language tag: a language code has no path separators or dots ({EXAMPLES})"
        ));
    }
    let tag: unic_langid::LanguageIdentifier = code.parse().map_err(|e| {
        let why = match e {
            unic_langid::LanguageIdentifierError::ParserError(
                unic_langid::parser::ParserError::InvalidLanguage,
            ) => "invalid language subtag",
            _ => "invalid subtag",
        };
        format!("{code:?} is not a well-formed BCP 47 language tag ({why}); use {EXAMPLES}")
    })?;
    let canonical = tag.to_string();
    if canonical != code || tag.language.is_empty() {
        return Err(format!(
            "{code:?} is not a language tag in canonical form: write it {canonical:?} ({EXAMPLES})"
        ));
    }
    Ok(())
}

/// Every problem of a parsed `config.toml` that makes it unusable: the base
/// URL's scheme, the languages (none, an unknown default, a bad tag, two
/// codes differing only in case). `base_url` is the normalized one.
fn check_raw(raw: &RawConfig, base_url: &str) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let max = MAX_VARIANTS;
    if let Some(v) = &raw.exercises.variants
        && !(0..=max as i64).contains(v.get_ref())
    {
        errors.push(Diagnostic::error(
            CONFIG_FILE,
            Some(v.span().start),
            format!(
                "[exercises] variants is 0 to {max} (0: no \"Try another\" and no review), not {}",
                v.get_ref()
            ),
        ));
    }
    if !(base_url.starts_with("http://") || base_url.starts_with("https://")) {
        errors.push(Diagnostic::error(
            CONFIG_FILE,
            Some(raw.base_url.span().start),
            format!(
                "base_url must start with http:// or https://, found {:?}",
                raw.base_url.get_ref()
            ),
        ));
    }
    if raw.languages.is_empty() {
        errors.push(Diagnostic::error(
            CONFIG_FILE,
            None,
            "no [languages.<code>] configured",
        ));
    }
    if !raw.languages.contains_key(raw.default_language.get_ref()) {
        errors.push(Diagnostic::error(
            CONFIG_FILE,
            Some(raw.default_language.span().start),
            format!(
                "default_language {:?} is not one of the configured languages ({})",
                raw.default_language.get_ref(),
                raw.languages.keys().cloned().collect::<Vec<_>>().join(", ")
            ),
        ));
    }
    for (i, (code, table)) in raw.languages.iter().enumerate() {
        let at = Some(table.span().start);
        if let Err(e) = check_language_tag(code) {
            errors.push(Diagnostic::error(CONFIG_FILE, at, e));
        }
        if let Some(other) = raw
            .languages
            .keys()
            .take(i)
            .find(|o| o.eq_ignore_ascii_case(code))
        {
            errors.push(Diagnostic::error(
                CONFIG_FILE,
                at,
                format!("language {code:?} differs only in case from language {other:?}; folder names would clash on some systems"),
            ));
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = r#"
title = "T"
base_url = "https://example.org/course"
default_language = "en"
theme = "felt"
[languages.en]
name = "English"
weight = 1
[languages.de]
name = "Deutsch"
weight = 2
"#;

    #[test]
    fn parses_and_orders_languages() {
        let c = Config::parse(OK).unwrap();
        assert_eq!(c.base_url, "https://example.org/course/");
        assert_eq!(c.base_path, "/course/");
        assert_eq!(c.permalink("/course/de/"), "https://example.org/course/de/");
        let codes: Vec<_> = c.languages.iter().map(|l| l.code.as_str()).collect();
        assert_eq!(codes, ["en", "de"]);
    }

    #[test]
    fn unknown_default_language_points_at_its_value() {
        let text = OK.replace("default_language = \"en\"", "default_language = \"fr\"");
        let errs = Config::parse(&text).unwrap_err();
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].offset, text.find("\"fr\""));
    }

    #[test]
    fn search_and_offline_default_on_and_switch_off() {
        let c = Config::parse(OK).unwrap();
        assert!(c.search.enabled && c.offline.enabled);
        let text = format!("{OK}[search]\nenabled = false\n[offline]\nenabled = false\n");
        let c = Config::parse(&text).unwrap();
        assert!(!c.search.enabled && !c.offline.enabled);
        let errs = Config::parse(&format!("{OK}[search]\nenable = false\n")).unwrap_err();
        assert!(
            errs[0].message.contains("unknown field `enable`"),
            "{}",
            errs[0].message
        );
    }

    #[test]
    fn toml_error_has_offset() {
        let errs = Config::parse("title = \n").unwrap_err();
        assert!(errs[0].offset.is_some());
    }
}
