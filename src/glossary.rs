//! Glossary: term data (`glossary/terms.toml`: ids, variants, lesson links;
//! `glossary/<lang>.toml`: names, definitions, comparisons, and in a
//! translation the `translated_from` hash of each term), the lookup behind
//! `[text](term:id)` links, and the HTML of a ```` ```glossary ```` block.
//! Whether a translated term is stale is decided in `translations`.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::config::Config;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceCache};
use crate::html::escape;
use crate::i18n::Strings;

pub const GLOSSARY_DIR: &str = "glossary";
/// The page (per language) that holds the ```` ```glossary ```` block.
pub const GLOSSARY_PAGE: &str = "glossary.md";
/// The variants a term may belong to; their names are UI strings `variant.<id>`.
pub const VARIANTS: [&str; 6] = [
    "american",
    "riichi",
    "hong-kong",
    "sichuan",
    "taiwan",
    "mcr",
];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    pub id: String,
    #[serde(default)]
    pub variants: Vec<String>,
    /// Source path (`page.md#anchor`) of the lesson that teaches the term.
    pub lesson: Option<String>,
    /// Source path of the page that first teaches the term, when it comes
    /// before `lesson` (the joker is introduced with the tiles, then taught
    /// in full later): the teaching-order check ([`crate::teaching`]) reads it.
    pub taught: Option<String>,
}

impl Term {
    /// Where the term is first taught: `taught`, else `lesson`.
    pub fn taught_in(&self) -> Option<&str> {
        self.taught.as_deref().or(self.lesson.as_deref())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TermText {
    pub name: String,
    pub definition: String,
    #[serde(default)]
    pub compare: String,
    /// In a translation: `translations::term_hash` of the default-language
    /// text it was translated from (set by `tilebook translations mark`).
    pub translated_from: Option<String>,
    /// Variants of the term to avoid in this language (`avoid = ["prestatge"]`):
    /// `terminology` warns where a page, glossary entry or UI string of the
    /// language uses one, naming `name` instead.
    #[serde(default)]
    pub avoid: Vec<String>,
    /// Other words that name the term in this language's text, besides
    /// `name` (`forms = ["kongs"]`): the teaching-order check
    /// ([`crate::teaching`]) counts them as uses of the term.
    #[serde(default)]
    pub forms: Vec<String>,
    /// Phrases in which the name or a form does not name the term
    /// (`ignore = ["Hong Kong"]` for `kong`, `ignore = ["ein paar"]` for
    /// `pair`): the teaching-order check skips a word inside one.
    #[serde(default)]
    pub ignore: Vec<String>,
}

impl TermText {
    /// Whether its name and definition are written (not empty): a term
    /// that is not counts as untranslated, and shows the default language's.
    pub fn is_complete(&self) -> bool {
        !self.name.trim().is_empty() && !self.definition.trim().is_empty()
    }
}

/// Warns about a translated term whose name or definition is empty, at
/// that key in `text` (the file at `path`), or at its table.
fn report_incomplete(
    path: &Path,
    text: &str,
    id: &str,
    term: &Spanned<TermText>,
    diags: &mut Diagnostics,
) {
    let t = term.get_ref();
    let key = match (t.name.trim().is_empty(), t.definition.trim().is_empty()) {
        (true, _) => "name",
        (false, true) => "definition",
        (false, false) => return,
    };
    // The term's table: from its header (or inline table) to the next header.
    let start = term.span().start;
    let rest = &text[start..];
    let table = rest
        .get(1..)
        .and_then(|r| r.find("\n["))
        .map_or(rest, |i| &rest[..i + 1]);
    let at = key_offset(table, key).map_or(start, |k| start + k);
    diags.warning(
        path,
        Some(at),
        format!(
            "glossary term {id:?} has an empty `{key}`: it counts as untranslated, and the glossary shows the default language's text until it is written"
        ),
    );
}

/// The offset in `table` (a term's table as written) of the key `key`: a
/// word `key` at the start of a line or after `{` or `,`, followed by `=`.
fn key_offset(table: &str, key: &str) -> Option<usize> {
    table.match_indices(key).map(|(i, _)| i).find(|&i| {
        let before = table[..i].trim_end_matches([' ', '\t']);
        let after = table[i + key.len()..].trim_start_matches([' ', '\t']);
        (before.is_empty() || before.ends_with(['\n', '{', ','])) && after.starts_with('=')
    })
}

#[derive(Debug, Deserialize)]
struct TermsFile {
    #[serde(default)]
    term: Vec<RawTerm>,
}

/// A `[[term]]` as written, with the spans diagnostics point at.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerm {
    id: Spanned<String>,
    #[serde(default)]
    variants: Vec<Spanned<String>>,
    lesson: Option<Spanned<String>>,
    taught: Option<Spanned<String>>,
}

/// All terms and their texts per language.
#[derive(Debug, Default, Clone)]
pub struct Glossary {
    pub terms: Vec<Term>,
    /// Byte offset of each term's `id` in terms.toml, for diagnostics.
    offsets: HashMap<String, usize>,
    /// Byte offset of each term's `lesson` value in terms.toml.
    lesson_offsets: HashMap<String, usize>,
    /// Byte offset of each term's `taught` value in terms.toml.
    taught_offsets: HashMap<String, usize>,
    texts: HashMap<String, BTreeMap<String, TermText>>,
    /// Language → term id → byte offset of the term's `[id]` table in
    /// `glossary/<lang>.toml`, for diagnostics.
    tables: HashMap<String, HashMap<String, usize>>,
    default_language: String,
    /// `terms.toml` failed to parse (see [`Glossary::is_broken`]).
    broken: bool,
}

impl Glossary {
    /// Loads the glossary; a site without a `glossary/` folder has no terms.
    pub fn load(
        root: &Path,
        config: &Config,
        sources: &mut SourceCache,
        diags: &mut Diagnostics,
    ) -> Glossary {
        let dir = root.join(GLOSSARY_DIR);
        let mut g = Glossary {
            default_language: config.default_language.clone(),
            ..Glossary::default()
        };
        if !dir.exists() {
            return g;
        }
        let terms_path = PathBuf::from(GLOSSARY_DIR).join("terms.toml");
        if let Some(text) = read(root, &terms_path, sources, diags) {
            match toml::from_str::<TermsFile>(&text) {
                Ok(f) => g.terms = g.check_terms(f.term, &terms_path, diags),
                Err(e) => {
                    g.broken = true;
                    diags.push(
                        Diagnostic::error(
                            &terms_path,
                            e.span().map(|s| s.start),
                            e.message().to_string(),
                        )
                        .with_note(
                            "until this is fixed, term links and glossary texts are not checked",
                        ),
                    );
                }
            }
        }
        for lang in &config.languages {
            g.load_texts(root, &lang.code, sources, diags);
        }
        g
    }

    /// Records each term's offset, reporting a duplicate id (and where it was
    /// first defined) and unknown variants; returns the terms, first
    /// definitions only.
    fn check_terms(
        &mut self,
        raw: Vec<RawTerm>,
        path: &Path,
        diags: &mut Diagnostics,
    ) -> Vec<Term> {
        let mut terms = Vec::with_capacity(raw.len());
        for t in raw {
            let at = t.id.span().start;
            let id = t.id.into_inner();
            if let Some(&first) = self.offsets.get(&id) {
                diags.push(
                    Diagnostic::error(path, Some(at), format!("term id {id:?} is defined twice"))
                        .with_related(path, Some(first), "first defined here"),
                );
                continue;
            }
            for v in &t.variants {
                if !VARIANTS.contains(&v.get_ref().as_str()) {
                    diags.error(
                        path,
                        Some(v.span().start),
                        format!(
                            "unknown variant {:?} (known: {})",
                            v.get_ref(),
                            VARIANTS.join(", ")
                        ),
                    );
                }
            }
            self.offsets.insert(id.clone(), at);
            if let Some(l) = &t.lesson {
                self.lesson_offsets.insert(id.clone(), l.span().start);
            }
            if let Some(l) = &t.taught {
                self.taught_offsets.insert(id.clone(), l.span().start);
            }
            terms.push(Term {
                id,
                variants: t.variants.into_iter().map(Spanned::into_inner).collect(),
                lesson: t.lesson.map(Spanned::into_inner),
                taught: t.taught.map(Spanned::into_inner),
            });
        }
        terms
    }

    /// Whether `glossary/terms.toml` could not be read: its error is the
    /// root cause, so term links and texts are not checked against it.
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// Reads `glossary/<lang>.toml` into `texts` and `tables`, reporting
    /// unknown and missing terms.
    fn load_texts(
        &mut self,
        root: &Path,
        lang: &str,
        sources: &mut SourceCache,
        diags: &mut Diagnostics,
    ) {
        let path = Self::file(lang);
        if !root.join(&path).exists() {
            if !self.terms.is_empty() {
                diags.warning(
                    &path,
                    None,
                    format!("no glossary texts for language {lang:?}"),
                );
            }
            return;
        }
        let Some(text) = read(root, &path, sources, diags) else {
            return;
        };
        let spanned = match parse_texts(&text) {
            Ok(m) => m,
            Err(e) => {
                diags.error(&path, e.span().map(|s| s.start), e.message().to_string());
                return;
            }
        };
        let mut map = BTreeMap::new();
        let mut tables = HashMap::new();
        for (id, t) in spanned {
            if !self.broken && !self.offsets.contains_key(&id) {
                diags.error(
                    &path,
                    Some(t.span().start),
                    format!("term {id:?} is not in glossary/terms.toml"),
                );
            }
            if lang != self.default_language {
                report_incomplete(&path, &text, &id, &t, diags);
            }
            tables.insert(id.clone(), t.span().start);
            map.insert(id, t.into_inner());
        }
        let missing: Vec<&str> = self
            .terms
            .iter()
            .filter(|t| !map.contains_key(&t.id))
            .map(|t| t.id.as_str())
            .collect();
        if !missing.is_empty() {
            diags.warning(
                &path,
                None,
                format!(
                    "{} glossary term(s) have no text in language {lang:?}: {}",
                    missing.len(),
                    crate::stdx::short_list(&missing)
                ),
            );
        }
        self.texts.insert(lang.to_string(), map);
        self.tables.insert(lang.to_string(), tables);
    }

    /// The texts file of `lang`, relative to the site root: `glossary/<lang>.toml`.
    pub fn file(lang: &str) -> PathBuf {
        PathBuf::from(GLOSSARY_DIR).join(format!("{lang}.toml"))
    }

    pub fn default_language(&self) -> &str {
        &self.default_language
    }

    /// The term texts written in `lang` itself (no fallback).
    pub fn texts_in(&self, lang: &str) -> Option<&BTreeMap<String, TermText>> {
        self.texts.get(lang)
    }

    /// Byte offset of the `[id]` table in `glossary/<lang>.toml`.
    pub fn table_offset(&self, lang: &str, id: &str) -> Option<usize> {
        self.tables.get(lang).and_then(|t| t.get(id)).copied()
    }

    /// Byte offset of a term's `lesson` value in `glossary/terms.toml`.
    pub fn lesson_offset(&self, id: &str) -> Option<usize> {
        self.lesson_offsets.get(id).copied()
    }

    /// Byte offset of a term's `taught` value in `glossary/terms.toml`.
    pub fn taught_offset(&self, id: &str) -> Option<usize> {
        self.taught_offsets.get(id).copied()
    }

    pub fn has_term(&self, id: &str) -> bool {
        self.offsets.contains_key(id)
    }

    /// Term text in `lang`, falling back to the default language (also for
    /// a text with an empty name or definition: [`TermText::is_complete`]).
    pub fn text(&self, lang: &str, id: &str) -> Option<&TermText> {
        let own = self.texts.get(lang).and_then(|m| m.get(id));
        own.filter(|t| t.is_complete()).or_else(|| {
            self.texts
                .get(&self.default_language)
                .and_then(|m| m.get(id))
        })
    }

    /// Term ids that have no text in `lang`, or one with an empty name or
    /// definition.
    pub fn missing_in(&self, lang: &str) -> Vec<&str> {
        let map = self.texts.get(lang);
        self.terms
            .iter()
            .filter(|t| map.is_none_or(|m| m.get(&t.id).is_none_or(|x| !x.is_complete())))
            .map(|t| t.id.as_str())
            .collect()
    }

    /// HTML anchor of a term on the glossary page.
    pub fn anchor(id: &str) -> String {
        format!("term-{id}")
    }

    /// The term list of a glossary page, sorted by name in `lang`.
    /// `lesson_url` resolves a term's `lesson` source path to the URL and
    /// title of that lesson in `lang`.
    pub fn render(
        &self,
        lang: &str,
        strings: &Strings,
        lesson_url: &dyn Fn(&str) -> Option<(String, String)>,
    ) -> String {
        let label = |key: &str| escape(strings.get(lang, key).unwrap_or(key)).into_owned();
        let mut entries: Vec<(&Term, &TermText)> = self
            .terms
            .iter()
            .filter_map(|t| self.text(lang, &t.id).map(|x| (t, x)))
            .collect();
        sort_by_name(lang, &mut entries, |(_, x)| &x.name);
        let mut html = String::from("<dl class=\"glossary\">\n");
        for (term, text) in entries {
            let _ = write!(
                html,
                "<dt id=\"{}\">{}</dt>\n<dd><p>{}</p>",
                Self::anchor(&term.id),
                escape(&text.name),
                escape(&text.definition)
            );
            if !term.variants.is_empty() {
                let names: Vec<String> = term
                    .variants
                    .iter()
                    .map(|v| label(&format!("variant.{v}")))
                    .collect();
                let _ = write!(
                    html,
                    "<p class=\"glossary-variants\"><strong>{}:</strong> {}</p>",
                    label("glossary.variants"),
                    names.join(", ")
                );
            }
            if !text.compare.is_empty() {
                let _ = write!(
                    html,
                    "<p class=\"glossary-compare\"><strong>{}:</strong> {}</p>",
                    label("glossary.compare"),
                    escape(&text.compare)
                );
            }
            if let Some((url, title)) = term.lesson.as_deref().and_then(lesson_url) {
                let _ = write!(
                    html,
                    "<p class=\"glossary-lesson\">{}: <a href=\"{}\">{}</a></p>",
                    label("glossary.see_lesson"),
                    escape(&url),
                    escape(&title)
                );
            }
            html.push_str("</dd>\n");
        }
        html.push_str("</dl>\n");
        html
    }
}

/// A `glossary/<lang>.toml` file: term id → texts, each spanning its
/// `[id]` table header (or its inline table).
pub fn parse_texts(text: &str) -> Result<BTreeMap<String, Spanned<TermText>>, toml::de::Error> {
    toml::from_str(text)
}

fn read(
    root: &Path,
    rel: &Path,
    sources: &mut SourceCache,
    diags: &mut Diagnostics,
) -> Option<String> {
    match crate::diagnostics::read_source(&root.join(rel), rel) {
        Ok(t) => {
            sources.insert(rel, t.clone());
            Some(t)
        }
        Err(d) => {
            diags.push(d);
            None
        }
    }
}

/// Sorts `items` by the name `name` gives, in the order of `lang` (ICU4X's
/// collator with its compiled CLDR data: letters first, then accents, then
/// case, so "Círculo" comes before "Coringa" and "Mà de 13 fitxes" before
/// "Mah Jongg"); a language without data of its own gets the root order.
/// Names the collator finds equal keep their code-point order.
pub fn sort_by_name<T>(lang: &str, items: &mut [T], name: impl Fn(&T) -> &str) {
    use icu_collator::{Collator, options::CollatorOptions};
    let locale =
        icu_locale_core::Locale::try_from_str(lang).unwrap_or(icu_locale_core::Locale::UNKNOWN);
    match Collator::try_new((&locale).into(), CollatorOptions::default()) {
        Ok(collator) => items.sort_by(|a, b| {
            collator
                .compare(name(a), name(b))
                .then_with(|| name(a).cmp(name(b)))
        }),
        Err(_) => items.sort_by(|a, b| name(a).cmp(name(b))),
    }
}

#[cfg(test)]
mod tests {
    use super::sort_by_name;

    fn sorted(lang: &str, names: &[&'static str]) -> Vec<&'static str> {
        let mut v = names.to_vec();
        sort_by_name(lang, &mut v, |s| s);
        v
    }

    #[test]
    fn glossary_names_sort_as_the_language_orders_words() {
        // pt review 5.1: accents and case do not push a word to the end
        assert_eq!(
            sorted(
                "pt",
                &[
                    "Coringa",
                    "Círculo",
                    "Compra própria",
                    "Mínimo de 8 pontos",
                    "Muralha",
                    "Mão morta",
                    "Mah Jongg",
                    "Números pares",
                    "Números ímpares"
                ]
            ),
            [
                "Círculo",
                "Compra própria",
                "Coringa",
                "Mah Jongg",
                "Mão morta",
                "Mínimo de 8 pontos",
                "Muralha",
                "Números ímpares",
                "Números pares"
            ]
        );
        // ca review E3
        assert_eq!(
            sorted(
                "ca",
                &[
                    "Mah Jongg",
                    "Mur",
                    "Mà de 13 fitxes",
                    "Mà morta",
                    "Mínim de 8 punts"
                ]
            ),
            [
                "Mà de 13 fitxes",
                "Mà morta",
                "Mah Jongg",
                "Mínim de 8 punts",
                "Mur"
            ]
        );
        assert_eq!(
            sorted("de", &["Zeichen", "Ämter", "ablegen", "Abwurf"]),
            ["ablegen", "Abwurf", "Ämter", "Zeichen"]
        );
        // a language tag ICU4X has no data for gets the root order
        assert_eq!(sorted("xx", &["b", "Á", "a"]), ["a", "Á", "b"]);
    }
}
