//! Messages the browser fills in: a message formatted with `{name}` in place
//! of each variable, and, when it selects on a number, one such text per CLDR
//! plural category of the language (plus exact forms such as `[0]`), which
//! the browser picks with `Intl.PluralRules` (`fill` in the theme's JS;
//! [`Template::fill`] is the same choice in Rust).

use std::collections::BTreeMap;

use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentValue};
use intl_pluralrules::{PluralCategory, PluralRules};

use super::Lang;

/// Marks a number given as a placeholder: its currency option (which the
/// plain number formatting ignores) holds this prefix and the variable's name.
const MARK: &str = "\u{1}placeholder:";

/// Numbers tried, in this order, to find one of each plural category.
const SAMPLES: &[u64] = &[5, 1, 2, 3, 0, 11, 21, 22, 101, 1_000_000];
/// Numbers a message may name as an exact variant (`[0] no tiles`).
const EXACT: &[u64] = &[0, 1, 2];

/// A message for the browser: JSON `"text with {name}"`, or
/// `{"select": "count", "forms": {"one": …, "other": …, "=0": …}}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Template {
    Text(String),
    Plural {
        select: String,
        forms: BTreeMap<String, String>,
    },
}

impl Template {
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    /// Whether some form of the template has the placeholder `{name}`.
    pub fn mentions(&self, name: &str) -> bool {
        let placeholder = format!("{{{name}}}");
        match self {
            Template::Text(t) => t.contains(&placeholder),
            Template::Plural { forms, .. } => forms.values().any(|t| t.contains(&placeholder)),
        }
    }

    /// The text for these values, chosen as the browser does: the exact
    /// form `=n`, else `n`'s category's, else `other`; then `{name}`
    /// replaced by each value.
    pub fn fill(&self, category: impl Fn(u64) -> &'static str, args: &[(&str, String)]) -> String {
        let text = match self {
            Template::Text(t) => t.as_str(),
            Template::Plural { select, forms } => {
                let n = args
                    .iter()
                    .find(|(k, _)| k == select)
                    .and_then(|(_, v)| v.trim().parse::<u64>().ok());
                n.and_then(|n| {
                    forms
                        .get(&format!("={n}"))
                        .or_else(|| forms.get(category(n)))
                })
                .or_else(|| forms.get("other"))
                .map_or("", String::as_str)
            }
        };
        let mut out = text.to_string();
        for (name, value) in args {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }

    /// The text used for every number (the `other` form).
    pub fn text(&self) -> &str {
        match self {
            Template::Text(t) => t,
            Template::Plural { forms, .. } => forms.get("other").map_or("", String::as_str),
        }
    }
}

/// Prints a placeholder number as `{name}` (see [`MARK`]).
pub(super) fn placeholder_formatter<M>(value: &FluentValue<'_>, _: &M) -> Option<String> {
    let FluentValue::Number(n) = value else {
        return None;
    };
    let name = n.options.currency.as_deref()?.strip_prefix(MARK)?;
    Some(format!("{{{name}}}"))
}

pub(super) fn category(rules: Option<&PluralRules>, n: u64) -> &'static str {
    let Some(c) = rules.and_then(|r| r.select(n).ok()) else {
        return "other";
    };
    match c {
        PluralCategory::ZERO => "zero",
        PluralCategory::ONE => "one",
        PluralCategory::TWO => "two",
        PluralCategory::FEW => "few",
        PluralCategory::MANY => "many",
        PluralCategory::OTHER => "other",
    }
}

fn placeholder_number(name: &str, n: u64) -> FluentValue<'static> {
    FluentValue::Number(FluentNumber::new(
        n as f64,
        FluentNumberOptions {
            currency: Some(format!("{MARK}{name}")),
            ..FluentNumberOptions::default()
        },
    ))
}

/// The template of message `id` of `lang`, the variables in `given` given.
pub(super) fn of(lang: &Lang, id: &str, given: &[(&str, FluentValue<'_>)]) -> Option<Template> {
    let info = lang.infos.get(id)?;
    let pattern = lang.bundle.get_message(id)?.value()?;
    let is_given = |name: &str| given.iter().any(|(k, _)| *k == name);
    let select = info
        .selectors
        .iter()
        .find(|s| info.variables.contains_key(*s) && !is_given(s))
        .cloned();
    // `(n, marked)`: the selector's number, printed as `{name}` if marked
    // (a marked number matches no exact variant such as `[0]`).
    let format = |n: Option<(u64, bool)>| {
        let mut args = FluentArgs::new();
        for (name, value) in given {
            args.set(*name, value.clone());
        }
        for name in info.variables.keys().filter(|v| !is_given(v)) {
            match n {
                Some((n, marked)) if select.as_deref() == Some(name.as_str()) => {
                    if marked {
                        args.set(name.clone(), placeholder_number(name, n));
                    } else {
                        args.set(name.clone(), n);
                    }
                }
                _ => args.set(name.clone(), format!("{{{name}}}")),
            }
        }
        let mut errors = Vec::new();
        lang.bundle
            .format_pattern(pattern, Some(&args), &mut errors)
            .into_owned()
    };
    let Some(select) = select.clone() else {
        return Some(Template::Text(format(None)));
    };
    let rules = lang.plurals.as_ref();
    let mut forms = BTreeMap::new();
    for &n in SAMPLES {
        forms
            .entry(category(rules, n).to_string())
            .or_insert_with(|| format(Some((n, true))));
    }
    for &n in EXACT {
        let text = format(Some((n, false)));
        let placeholder = format!("{{{select}}}");
        let general = forms
            .get(category(rules, n))
            .map(|t| t.replace(&placeholder, &n.to_string()));
        if general.as_ref() != Some(&text) {
            forms.insert(format!("={n}"), text);
        }
    }
    Some(Template::Plural { select, forms })
}
