//! What rendering an exercise needs from its page: the page's language, its
//! strings, the language's kit and what the page's blocks share; localized
//! keys and messages (used by `html`, `feedback` and `seats`).

use std::borrow::Cow;

use crate::i18n::Strings;
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

    /// A message with its placeholders filled in.
    pub fn msg<'k>(&self, m: &'k Msg) -> Cow<'k, str>
    where
        'a: 'k,
    {
        let mut text = self.get(&m.key);
        for (name, arg) in &m.args {
            let value = match arg {
                Arg::Text(t) => Cow::Borrowed(t.as_str()),
                Arg::Key(k) => self.get(k),
            };
            text = Cow::Owned(text.replace(&format!("{{{name}}}"), &value));
        }
        text
    }

    pub fn tile(&self, tile: Tile) -> &str {
        self.shared.add_tile(tile);
        self.kit.tiles.get(tile)
    }
}
