//! UI strings: per-language TOML files (`themes/<theme>/i18n/<lang>.toml`,
//! overridden key by key by the site's `i18n/<lang>.toml`), flattened to
//! dotted keys, with fallback to the default language and a report of every
//! key missing in some language (and of a web app short name longer than a
//! phone shows).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap;

use crate::config::Config;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceCache};
use crate::stdx::short_list;

pub const SITE_I18N_DIR: &str = "i18n";

/// The web app's name under its icon (`[offline]`): phones cut a longer one.
pub const SHORT_NAME_KEY: &str = "offline.short_name";
/// Most characters of [`SHORT_NAME_KEY`] a phone's home screen shows.
pub const SHORT_NAME_MAX: usize = 12;

/// Every UI string of every configured language.
#[derive(Debug, Default, Clone)]
pub struct Strings {
    default_language: String,
    /// Language → key → text (a fast hash: looked up for every string of
    /// every page and exercise).
    langs: FxHashMap<String, FxHashMap<String, String>>,
    /// Where a missing key of a language should be added (the site file if
    /// it exists, else the theme's).
    files: HashMap<String, PathBuf>,
    /// Languages with a strings file that could not be read or parsed.
    unreadable: BTreeSet<String>,
}

/// How a lookup was satisfied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup<'a> {
    Found(&'a str),
    /// Missing in the asked language; this is the default language's string.
    Fallback(&'a str),
    Missing,
}

impl<'a> Lookup<'a> {
    pub fn text(self) -> Option<&'a str> {
        match self {
            Lookup::Found(s) | Lookup::Fallback(s) => Some(s),
            Lookup::Missing => None,
        }
    }
}

impl Strings {
    /// Loads theme strings, then site strings, for every configured language.
    pub fn load(
        root: &Path,
        theme_dir: &Path,
        config: &Config,
        sources: &mut SourceCache,
        diags: &mut Diagnostics,
    ) -> Strings {
        let mut strings = Strings {
            default_language: config.default_language.clone(),
            ..Strings::default()
        };
        // The theme's default-language file defines each key's shape.
        let reference = {
            let file = theme_dir
                .join("i18n")
                .join(format!("{}.toml", config.default_language));
            let rel = crate::stdx::rel_to(root, &file);
            std::fs::read_to_string(&file)
                .ok()
                .and_then(|t| parse_strings(&t).ok())
                .map(|p| (rel, p))
        };
        for lang in &config.languages {
            let mut map = HashMap::new();
            let theme_file = theme_dir.join("i18n").join(format!("{}.toml", lang.code));
            let site_file = root.join(SITE_I18N_DIR).join(format!("{}.toml", lang.code));
            let mut target = crate::stdx::rel_to(root, &theme_file);
            let mut unreadable = false;
            // Where the short name that wins (the site's over the theme's) is.
            let mut short_name = None;
            for file in [&theme_file, &site_file] {
                if !file.exists() {
                    continue;
                }
                let rel = crate::stdx::rel_to(root, file);
                target = rel.clone();
                match crate::diagnostics::read_source(file, &rel) {
                    Ok(text) => {
                        match parse_strings(&text) {
                            Ok(parsed) => {
                                let bad = check_shapes(&rel, &parsed, reference.as_ref(), diags);
                                if let (Some(s), Some(&(_, at))) = (
                                    parsed.strings.get(SHORT_NAME_KEY),
                                    parsed.shapes.get(SHORT_NAME_KEY),
                                ) {
                                    short_name = Some((rel.clone(), at, s.chars().count()));
                                }
                                // A misshapen key's strings are left out, so
                                // they are not also reported as missing elsewhere.
                                map.extend(parsed.strings.into_iter().filter(|(k, _)| {
                                    !bad.iter().any(|b| {
                                        k == b
                                            || k.strip_prefix(b.as_str())
                                                .is_some_and(|r| r.starts_with('.'))
                                    })
                                }));
                            }
                            Err((offset, msg)) => {
                                unreadable = true;
                                diags.error(&rel, offset, msg)
                            }
                        }
                        sources.insert(&rel, text);
                    }
                    Err(d) => {
                        unreadable = true;
                        diags.push(d)
                    }
                }
            }
            // Only a site with a web app (`[offline]`) has a short name to cut.
            let too_long =
                |s: &(PathBuf, usize, usize)| config.offline.enabled && s.2 > SHORT_NAME_MAX;
            if let Some((rel, at, n)) = short_name.filter(too_long) {
                diags.warning(
                    &rel,
                    Some(at),
                    format!("UI string `{SHORT_NAME_KEY}` has {n} characters: a phone cuts the web app's name under its icon after {SHORT_NAME_MAX}, so keep it to {SHORT_NAME_MAX} at most"),
                );
            }
            if unreadable {
                // Its own error is the root cause: its keys are not "missing".
                strings.unreadable.insert(lang.code.clone());
            }
            strings.files.insert(lang.code.clone(), target);
            strings
                .langs
                .insert(lang.code.clone(), map.into_iter().collect());
        }
        strings.report_missing(config, diags);
        strings
    }

    /// Builds strings from in-memory maps (tests and tools).
    pub fn from_maps(
        default_language: &str,
        langs: HashMap<String, HashMap<String, String>>,
    ) -> Strings {
        Strings {
            default_language: default_language.to_string(),
            langs: langs
                .into_iter()
                .map(|(lang, map)| (lang, map.into_iter().collect()))
                .collect(),
            ..Strings::default()
        }
    }

    fn report_missing(&self, config: &Config, diags: &mut Diagnostics) {
        let all = self.all_keys();
        for lang in config
            .languages
            .iter()
            .filter(|l| !self.unreadable.contains(&l.code))
        {
            let map = &self.langs[&lang.code];
            let file = &self.files[&lang.code];
            let missing: Vec<&str> = all
                .iter()
                .filter(|k| !map.contains_key(*k))
                .map(String::as_str)
                .collect();
            if !missing.is_empty() {
                diags.warning(
                    file,
                    None,
                    format!(
                        "{} UI string(s) missing in language {:?} (using {:?}): {}",
                        missing.len(),
                        lang.code,
                        self.default_language,
                        short_list(&missing)
                    ),
                );
            }
        }
    }

    /// Every key defined in any language.
    pub fn all_keys(&self) -> BTreeSet<String> {
        self.langs
            .values()
            .flat_map(|m| m.keys().cloned())
            .collect()
    }

    /// Keys missing in `lang` that some other language defines.
    pub fn missing_keys(&self, lang: &str) -> Vec<String> {
        let Some(map) = self.langs.get(lang) else {
            return Vec::new();
        };
        self.all_keys()
            .into_iter()
            .filter(|k| !map.contains_key(k))
            .collect()
    }

    pub fn lookup(&self, lang: &str, key: &str) -> Lookup<'_> {
        if let Some(s) = self.langs.get(lang).and_then(|m| m.get(key)) {
            return Lookup::Found(s);
        }
        match self
            .langs
            .get(&self.default_language)
            .and_then(|m| m.get(key))
        {
            Some(s) => Lookup::Fallback(s),
            None => Lookup::Missing,
        }
    }

    /// The string, falling back to the default language.
    pub fn get(&self, lang: &str, key: &str) -> Option<&str> {
        self.lookup(lang, key).text()
    }

    /// The string with `{name}` placeholders filled in.
    pub fn format(&self, lang: &str, key: &str, args: &[(&str, &str)]) -> Option<String> {
        let mut s = self.get(lang, key)?.to_string();
        for (name, value) in args {
            s = s.replace(&format!("{{{name}}}"), value);
        }
        Some(s)
    }

    pub fn file_for(&self, lang: &str) -> Option<&Path> {
        self.files.get(lang).map(PathBuf::as_path)
    }

    pub fn default_language(&self) -> &str {
        &self.default_language
    }
}

/// A strings file, flattened: nested tables become dotted keys.
#[derive(Debug, Default)]
pub struct ParsedStrings {
    /// Dotted key → text.
    pub strings: BTreeMap<String, String>,
    /// Dotted key → byte offset of its key in the file, for every string
    /// and every table (to report a string where a table is expected and
    /// the reverse).
    pub shapes: BTreeMap<String, (Shape, usize)>,
}

/// Whether a key holds a string or a table of strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    String,
    Table,
}

/// Flattens a strings file; values must be strings or tables of them.
/// Offsets come from the parser's spans.
pub fn parse_strings(text: &str) -> Result<ParsedStrings, (Option<usize>, String)> {
    let table = toml::de::DeTable::parse(text)
        .map_err(|e| (e.span().map(|s| s.start), e.message().to_string()))?;
    let mut out = ParsedStrings::default();
    flatten("", table.get_ref(), &mut out)?;
    Ok(out)
}

fn flatten(
    prefix: &str,
    table: &toml::de::DeTable<'_>,
    out: &mut ParsedStrings,
) -> Result<(), (Option<usize>, String)> {
    for (k, v) in table {
        let key = if prefix.is_empty() {
            k.get_ref().to_string()
        } else {
            format!("{prefix}.{}", k.get_ref())
        };
        let at = k.span().start;
        match v.get_ref() {
            toml::de::DeValue::String(s) => {
                out.shapes.insert(key.clone(), (Shape::String, at));
                out.strings.insert(key, s.to_string());
            }
            toml::de::DeValue::Table(t) => {
                out.shapes.insert(key.clone(), (Shape::Table, at));
                flatten(&key, t, out)?;
            }
            _ => {
                return Err((
                    Some(v.span().start),
                    format!("UI string `{key}` must be a string"),
                ));
            }
        }
    }
    Ok(())
}

/// Reports keys of `file` whose shape differs from the reference file's (the
/// theme's default-language strings): a table where a string is expected,
/// or a string where the theme has a table. Returns the misshapen keys.
fn check_shapes(
    file: &Path,
    parsed: &ParsedStrings,
    reference: Option<&(PathBuf, ParsedStrings)>,
    diags: &mut Diagnostics,
) -> Vec<String> {
    let mut bad = Vec::new();
    let Some((ref_path, reference)) = reference else {
        return bad;
    };
    for (key, &(shape, at)) in &parsed.shapes {
        let Some(&(expected, ref_at)) = reference.shapes.get(key) else {
            continue;
        };
        let message = match (shape, expected) {
            (Shape::Table, Shape::String) => {
                format!("UI string `{key}` must be a string, not a table")
            }
            (Shape::String, Shape::Table) => format!(
                "`{key}` is a table of UI strings, not a string: define its keys (`{key}.…`) instead"
            ),
            _ => continue,
        };
        diags.push(Diagnostic::error(file, Some(at), message).with_related(
            ref_path,
            Some(ref_at),
            "as the theme defines it",
        ));
        bad.push(key.clone());
    }
    bad
}

/// Diagnostic for a key a template or exercise asked for that no language defines.
pub fn unknown_key(path: impl Into<PathBuf>, offset: Option<usize>, key: &str) -> Diagnostic {
    Diagnostic::error(
        path,
        offset,
        format!("unknown UI string `{key}` (not defined in any language)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flattens_nested_tables() {
        let m = parse_strings("[nav]\nnext = \"Next\"\n[a.b]\nc = \"x\"\n").unwrap();
        assert_eq!(m.strings["nav.next"], "Next");
        assert_eq!(m.strings["a.b.c"], "x");
        assert_eq!(m.shapes["a.b"], (Shape::Table, 23), "the `b` of `[a.b]`");
        assert_eq!(
            parse_strings("[a]\nx = 1").unwrap_err(),
            (Some(8), "UI string `a.x` must be a string".to_string())
        );
    }

    #[test]
    fn falls_back_to_default_language() {
        let mut langs = HashMap::new();
        langs.insert(
            "en".to_string(),
            HashMap::from([
                ("k".to_string(), "K".to_string()),
                ("f".into(), "{n} of {m}".into()),
            ]),
        );
        langs.insert("de".to_string(), HashMap::new());
        let s = Strings::from_maps("en", langs);
        assert_eq!(s.lookup("de", "k"), Lookup::Fallback("K"));
        assert_eq!(s.lookup("de", "nope"), Lookup::Missing);
        assert_eq!(s.missing_keys("de"), vec!["f".to_string(), "k".to_string()]);
        assert_eq!(
            s.format("en", "f", &[("n", "1"), ("m", "2")]).unwrap(),
            "1 of 2"
        );
    }
}
