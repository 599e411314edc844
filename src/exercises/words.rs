//! What rendering an exercise needs from its page: the page's language, its
//! strings, the language's kit and what the page's blocks share; localized
//! keys and messages (used by `html`, `feedback` and `seats`).

use std::borrow::Cow;

use fluent_bundle::FluentValue;

use crate::i18n::{Strings, Template};
use crate::rules::Tile;

use super::model::{Arg, Msg};
use super::{LangKit, PageShared};

/// What rendering needs from the page.
pub struct Words<'a> {
    pub lang: &'a str,
    pub strings: &'a Strings,
    /// What every page in `lang` shares.
    pub kit: &'a LangKit,
    /// Collects the tiles drawn and the rules cited, for the page's end.
    pub shared: &'a PageShared,
}

impl<'a> Words<'a> {
    /// A strings key in the page's language (the key itself if missing;
    /// missing keys are reported by the caller).
    pub fn get<'k>(&self, key: &'k str) -> Cow<'k, str>
    where
        'a: 'k,
    {
        Cow::Borrowed(self.strings.get(self.lang, key).unwrap_or(key))
    }

    /// A message with its variables given.
    pub fn msg<'k>(&self, m: &'k Msg) -> Cow<'k, str>
    where
        'a: 'k,
    {
        if m.args.is_empty() {
            return self.get(&m.key);
        }
        let args = self.args(m);
        Cow::Owned(
            self.strings
                .format(self.lang, &m.key, &args)
                .unwrap_or_else(|| m.key.to_string()),
        )
    }

    /// A message for the browser to fill in: its own variables given, the
    /// others left as `{name}` placeholders.
    pub fn template(&self, m: &Msg) -> Template {
        let args = self.args(m);
        self.strings
            .template_with(self.lang, &m.key, &args)
            .unwrap_or_else(|| Template::Text(m.key.to_string()))
    }

    /// A message's variables as Fluent values (a number in a text is a number).
    fn args<'m>(&self, m: &'m Msg) -> Vec<(&'static str, FluentValue<'m>)> {
        m.args
            .iter()
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Text(t) => FluentValue::try_number(t.as_str()),
                    Arg::Key(k) => FluentValue::from(self.get(k).into_owned()),
                    Arg::Msg(inner) => FluentValue::from(self.msg(inner).into_owned()),
                    Arg::List(items) => FluentValue::from(self.strings.list_and(self.lang, items)),
                };
                (*name, value)
            })
            .collect()
    }

    /// The CLDR plural category of `n` in the page's language.
    pub fn plural(&self, n: u64) -> &'static str {
        self.strings.plural_category(self.lang, n)
    }

    pub fn tile(&self, tile: Tile) -> &str {
        self.shared.add_tile(tile);
        self.kit.tiles.get(tile)
    }
}
