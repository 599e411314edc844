//! UI strings: per-language Project Fluent files
//! (`themes/<theme>/i18n/<lang>.ftl`, overridden message by message by the
//! site's `i18n/<lang>.ftl`), read once per build into one bundle per
//! language (`fluent-bundle`: CLDR plural rules, selectors), with fallback to
//! the default language; checks each translation's variables against the
//! default language's, and reports every message missing in some language
//! (and a web app short name longer than a phone shows).
//!
//! The code names a message by a dotted key (`quiz.find_jokers.reveal`); its
//! Fluent id is the key with `-` for `.` (`quiz-find_jokers-reveal`, see
//! [`fluent_id`]).

mod ftl;
mod template;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use intl_pluralrules::{PluralRuleType, PluralRules};
use rustc_hash::FxHashMap;
use unic_langid::LanguageIdentifier;

use crate::config::Config;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceCache};
use crate::stdx::short_list;

pub use ftl::{MessageInfo, compare_variables, messages, offset_in};
pub use template::Template;

pub const SITE_I18N_DIR: &str = "i18n";
/// The extension of a strings file.
pub const EXT: &str = "ftl";

/// The web app's name under its icon (`[offline]`): phones cut a longer one.
pub const SHORT_NAME_KEY: &str = "offline.short_name";
/// Most characters of [`SHORT_NAME_KEY`] a phone's home screen shows.
pub const SHORT_NAME_MAX: usize = 12;

/// A value given to a message's variable.
pub type Arg<'a> = FluentValue<'a>;

/// The Fluent id of a dotted key: `quiz.pass.question` → `quiz-pass-question`.
pub fn fluent_id(key: &str) -> Cow<'_, str> {
    if key.contains('.') {
        Cow::Owned(key.replace('.', "-"))
    } else {
        Cow::Borrowed(key)
    }
}

/// Calls `f` with the Fluent id of `key`, made in a reused buffer.
fn with_id<R>(key: &str, f: impl FnOnce(&str) -> R) -> R {
    thread_local! {
        static BUF: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    if !key.contains('.') {
        return f(key);
    }
    BUF.with(|b| match b.try_borrow_mut() {
        Ok(mut buf) => {
            buf.clear();
            for (i, part) in key.split('.').enumerate() {
                if i > 0 {
                    buf.push('-');
                }
                buf.push_str(part);
            }
            f(&buf)
        }
        // Re-entered (not expected): allocate.
        Err(_) => f(&fluent_id(key)),
    })
}

/// The strings file of `lang` in the folder `dir` (`<dir>/<lang>.ftl`).
pub fn file_in(dir: &Path, lang: &str) -> PathBuf {
    dir.join(format!("{lang}.{EXT}"))
}

/// Every UI string of every configured language.
#[derive(Default)]
pub struct Strings {
    default_language: String,
    langs: FxHashMap<String, Lang>,
    /// Where a missing message of a language should be added (the site file
    /// if it exists, else the theme's).
    files: HashMap<String, PathBuf>,
    /// Languages with a strings file that could not be read or parsed.
    unreadable: BTreeSet<String>,
}

impl std::fmt::Debug for Strings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Strings")
            .field("default_language", &self.default_language)
            .field("langs", &self.langs.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// One language: its bundle, and what each of its messages takes.
struct Lang {
    bundle: FluentBundle<FluentResource>,
    /// Fluent id → the message's variables and selectors (the definition
    /// that wins: the site's over the theme's).
    infos: FxHashMap<String, MessageInfo>,
    /// Fluent id → the message as [`Strings::get`] gives it (formatted once,
    /// at load).
    texts: FxHashMap<String, String>,
    /// Fluent id → the message's source, as the serializer writes it.
    sources: FxHashMap<String, String>,
    /// CLDR cardinal rules (`None`: a language CLDR does not know; every
    /// number is then "other").
    plurals: Option<PluralRules>,
}

impl Lang {
    fn new(code: &str) -> Lang {
        let langid: LanguageIdentifier = code.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![langid.clone()]);
        // Pages are HTML with `lang` set: no bidi isolation marks around
        // placeables (they would end up in titles and search snippets).
        bundle.set_use_isolating(false);
        bundle.set_formatter(Some(template::placeholder_formatter));
        Lang {
            bundle,
            infos: FxHashMap::default(),
            texts: FxHashMap::default(),
            sources: FxHashMap::default(),
            plurals: PluralRules::create(langid, PluralRuleType::CARDINAL).ok(),
        }
    }

    /// Adds one file's messages (a later file's override an earlier's).
    fn add(&mut self, resource: FluentResource) {
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                let mut m = m.clone();
                m.comment = None;
                let one = fluent_syntax::ast::Resource {
                    body: vec![fluent_syntax::ast::Entry::Message(m)],
                };
                let text = fluent_syntax::serializer::serialize(&one);
                self.sources.insert(entry_id(entry).to_string(), text);
            }
        }
        let infos = messages(resource.source(), resource.entries());
        self.infos.extend(infos);
        self.bundle.add_resource_overriding(resource);
    }

    /// Formats every message once as text (after the last [`Lang::add`]).
    fn finish(&mut self) {
        let texts = self
            .infos
            .keys()
            .filter_map(|id| Some((id.clone(), template::of(self, id, &[])?.text().to_string())))
            .collect();
        self.texts = texts;
    }
}

/// Whether a message exists in the asked language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    Found,
    /// Missing in the asked language; the default language has it.
    Fallback,
    Missing,
}

/// One strings file, parsed.
struct ParsedFile {
    rel: PathBuf,
    resource: FluentResource,
    infos: BTreeMap<String, MessageInfo>,
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
        let mut parsed: Vec<(String, Vec<ParsedFile>)> = Vec::new();
        for lang in &config.languages {
            let theme_file = file_in(&theme_dir.join("i18n"), &lang.code);
            let site_file = file_in(&root.join(SITE_I18N_DIR), &lang.code);
            let mut target = crate::stdx::rel_to(root, &theme_file);
            let mut files = Vec::new();
            for file in [&theme_file, &site_file] {
                if !file.exists() {
                    continue;
                }
                let rel = crate::stdx::rel_to(root, file);
                target = rel.clone();
                let (f, ok) = read_file(file, &rel, sources, diags);
                if !ok {
                    // Its own error is the root cause: its messages are not "missing".
                    strings.unreadable.insert(lang.code.clone());
                }
                files.extend(f);
            }
            strings.files.insert(lang.code.clone(), target);
            parsed.push((lang.code.clone(), files));
        }
        strings.check_variables(&parsed, diags);
        for (code, files) in parsed {
            let mut lang = Lang::new(&code);
            for f in files {
                lang.add(f.resource);
            }
            lang.finish();
            strings.langs.insert(code, lang);
        }
        strings.check_short_name(config, diags);
        strings.report_missing(config, diags);
        strings
    }

    /// Builds strings from Fluent sources in memory (tests and tools):
    /// `(language, FTL text)`, later texts of a language overriding earlier ones.
    pub fn from_sources(default_language: &str, sources: &[(&str, &str)]) -> Strings {
        let mut strings = Strings {
            default_language: default_language.to_string(),
            ..Strings::default()
        };
        for (code, text) in sources {
            let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
            strings
                .langs
                .entry(code.to_string())
                .or_insert_with(|| Lang::new(code))
                .add(resource);
        }
        for l in strings.langs.values_mut() {
            l.finish();
        }
        strings
    }

    /// Every variable of every translation must be one the default
    /// language's message takes, and none may be dropped.
    fn check_variables(&self, parsed: &[(String, Vec<ParsedFile>)], diags: &mut Diagnostics) {
        let Some((_, default_files)) = parsed.iter().find(|(c, _)| *c == self.default_language)
        else {
            return;
        };
        let mut reference: BTreeMap<&str, &MessageInfo> = BTreeMap::new();
        for f in default_files {
            reference.extend(f.infos.iter().map(|(k, v)| (k.as_str(), v)));
        }
        for (code, files) in parsed {
            if *code == self.default_language {
                continue;
            }
            for f in files {
                for (id, info) in &f.infos {
                    let Some(en) = reference.get(id.as_str()) else {
                        diags.warning(
                            &f.rel,
                            Some(info.at),
                            format!(
                                "message `{id}` is not in the default language ({:?}): a misspelt id? The code never asks for it",
                                self.default_language
                            ),
                        );
                        continue;
                    };
                    for (at, message) in compare_variables(id, info, en) {
                        diags.error(&f.rel, Some(at), message);
                    }
                }
            }
        }
    }

    fn check_short_name(&self, config: &Config, diags: &mut Diagnostics) {
        // Only a site with a web app (`[offline]`) has a short name to cut.
        if !config.offline.enabled {
            return;
        }
        for lang in &config.languages {
            let Some(l) = self.langs.get(&lang.code) else {
                continue;
            };
            let id = fluent_id(SHORT_NAME_KEY);
            let (Some(info), Some(text)) = (l.infos.get(id.as_ref()), self.own(&lang.code, &id))
            else {
                continue;
            };
            let n = text.chars().count();
            if n > SHORT_NAME_MAX {
                let file = self.files.get(&lang.code).cloned().unwrap_or_default();
                diags.warning(
                    file,
                    Some(info.at),
                    format!("UI string `{SHORT_NAME_KEY}` has {n} characters: a phone cuts the web app's name under its icon after {SHORT_NAME_MAX}, so keep it to {SHORT_NAME_MAX} at most"),
                );
            }
        }
    }

    fn report_missing(&self, config: &Config, diags: &mut Diagnostics) {
        for lang in config
            .languages
            .iter()
            .filter(|l| !self.unreadable.contains(&l.code))
        {
            let missing = self.missing_keys(&lang.code);
            if !missing.is_empty() {
                let missing: Vec<&str> = missing.iter().map(String::as_str).collect();
                diags.warning(
                    &self.files[&lang.code],
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

    /// Every message id defined in any language.
    pub fn all_keys(&self) -> BTreeSet<String> {
        self.langs
            .values()
            .flat_map(|l| l.infos.keys().cloned())
            .collect()
    }

    /// Message ids missing in `lang` that some other language defines.
    pub fn missing_keys(&self, lang: &str) -> Vec<String> {
        let Some(l) = self.langs.get(lang) else {
            return Vec::new();
        };
        self.all_keys()
            .into_iter()
            .filter(|k| !l.infos.contains_key(k))
            .collect()
    }

    pub fn lookup(&self, lang: &str, key: &str) -> Lookup {
        let id = fluent_id(key);
        if self
            .langs
            .get(lang)
            .is_some_and(|l| l.infos.contains_key(id.as_ref()))
        {
            Lookup::Found
        } else if self
            .langs
            .get(&self.default_language)
            .is_some_and(|l| l.infos.contains_key(id.as_ref()))
        {
            Lookup::Fallback
        } else {
            Lookup::Missing
        }
    }

    /// The language whose message `key` is used for `lang` (`lang`, or the
    /// default language as fallback), and its Fluent id.
    fn resolve(&self, lang: &str, key: &str) -> Option<(&Lang, String)> {
        let id = fluent_id(key).into_owned();
        [lang, self.default_language.as_str()]
            .into_iter()
            .filter_map(|c| self.langs.get(c))
            .find(|l| l.infos.contains_key(&id))
            .map(|l| (l, id))
    }

    /// The message of `lang` itself (no fallback), without arguments.
    fn own(&self, lang: &str, id: &str) -> Option<Cow<'_, str>> {
        let l = self.langs.get(lang)?;
        let pattern = l.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        Some(l.bundle.format_pattern(pattern, None, &mut errors))
    }

    /// A message's text, falling back to the default language. A message
    /// that takes variables has `{name}` in their place and its default
    /// variants: give them with [`Strings::format`] instead.
    pub fn get(&self, lang: &str, key: &str) -> Option<&str> {
        // Called for most words of every page: the id is made in a buffer
        // of the thread's, not allocated per call.
        with_id(key, |id| {
            [lang, self.default_language.as_str()]
                .into_iter()
                .filter_map(|c| self.langs.get(c))
                .find_map(|l| l.texts.get(id))
                .map(String::as_str)
        })
    }

    /// A message with its variables given (numbers select plural forms),
    /// falling back to the default language.
    pub fn format(&self, lang: &str, key: &str, args: &[(&str, Arg<'_>)]) -> Option<String> {
        let (l, id) = self.resolve(lang, key)?;
        let pattern = l.bundle.get_message(&id)?.value()?;
        let mut fargs = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fargs.set(*name, value.clone());
        }
        let mut errors = Vec::new();
        Some(
            l.bundle
                .format_pattern(pattern, Some(&fargs), &mut errors)
                .into_owned(),
        )
    }

    /// A message as a template the browser fills in (`{name}` for each
    /// variable, one form per plural category where it selects on a number).
    pub fn template(&self, lang: &str, key: &str) -> Option<Template> {
        self.template_with(lang, key, &[])
    }

    /// A template with some variables given (`args`), the rest left as
    /// placeholders.
    pub fn template_with(
        &self,
        lang: &str,
        key: &str,
        args: &[(&str, Arg<'_>)],
    ) -> Option<Template> {
        let (l, id) = self.resolve(lang, key)?;
        template::of(l, &id, args)
    }

    /// `items` joined as a list of the language: "10", "10 and 13",
    /// "10, 11, and 13" (messages `list-and-two`, `list-and-middle`,
    /// `list-and-end`, each taking `$first` and `$second`).
    pub fn list_and(&self, lang: &str, items: &[String]) -> String {
        let join = |key: &str, a: &str, b: &str| {
            self.format(lang, key, &[("first", a.into()), ("second", b.into())])
                .unwrap_or_else(|| format!("{a}, {b}"))
        };
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [a, b] => join("list.and.two", a, b),
            [rest @ .., a, b] => {
                let mut acc = join("list.and.end", a, b);
                for item in rest.iter().rev() {
                    acc = join("list.and.middle", item, &acc);
                }
                acc
            }
        }
    }

    /// The CLDR plural category of `n` in `lang` ("one", "other", …).
    pub fn plural_category(&self, lang: &str, n: u64) -> &'static str {
        self.langs
            .get(lang)
            .map_or("other", |l| template::category(l.plurals.as_ref(), n))
    }

    /// What message `key` of `lang` takes (its variables and selectors),
    /// no fallback.
    pub fn info(&self, lang: &str, key: &str) -> Option<&MessageInfo> {
        self.langs.get(lang)?.infos.get(fluent_id(key).as_ref())
    }

    /// The Fluent source of message `id` of `lang` (no fallback), without
    /// its comment: `new-language` copies it.
    pub fn source(&self, lang: &str, id: &str) -> Option<&str> {
        self.langs.get(lang)?.sources.get(id).map(String::as_str)
    }

    pub fn file_for(&self, lang: &str) -> Option<&Path> {
        self.files.get(lang).map(PathBuf::as_path)
    }

    pub fn default_language(&self) -> &str {
        &self.default_language
    }
}

/// Reads and parses one strings file; its syntax errors are reported at
/// their place (the parsed rest is kept). `false` when it could not be read
/// or has errors (its messages are then not reported as missing).
fn read_file(
    file: &Path,
    rel: &Path,
    sources: &mut SourceCache,
    diags: &mut Diagnostics,
) -> (Option<ParsedFile>, bool) {
    let text = match crate::diagnostics::read_source(file, rel) {
        Ok(t) => t,
        Err(d) => {
            diags.push(d);
            return (None, false);
        }
    };
    sources.insert(rel, text.clone());
    let (resource, ok) = match FluentResource::try_new(text) {
        Ok(r) => (r, true),
        Err((r, errors)) => {
            for e in errors {
                diags.error(
                    rel,
                    Some(e.pos.start),
                    format!("Fluent syntax error: {}", e.kind),
                );
            }
            (r, false)
        }
    };
    let infos = messages(resource.source(), resource.entries());
    let parsed = ParsedFile {
        rel: rel.to_path_buf(),
        resource,
        infos,
    };
    (Some(parsed), ok)
}

fn entry_id<'s>(entry: &fluent_syntax::ast::Entry<&'s str>) -> &'s str {
    match entry {
        fluent_syntax::ast::Entry::Message(m) => m.id.name,
        fluent_syntax::ast::Entry::Term(t) => t.id.name,
        _ => "",
    }
}

/// Diagnostic for a key a template or exercise asked for that no language defines.
pub fn unknown_key(path: impl Into<PathBuf>, offset: Option<usize>, key: &str) -> Diagnostic {
    Diagnostic::error(
        path,
        offset,
        format!(
            "unknown UI string `{key}` (Fluent id `{}`, not defined in any language)",
            fluent_id(key)
        ),
    )
}

#[cfg(test)]
mod tests;
