//! The language-independent model of one exercise, built by a kind from its
//! setup and the rules module's verdicts: question, setup shown, choices,
//! answer spec and the answer to reveal. Words are message keys; `html`
//! localizes them.

use crate::rules::{RuleId, Tile};
use std::borrow::Cow;

use super::answer::AnswerSpec;

/// A localized message: a strings key and its `{placeholders}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Msg {
    pub key: Cow<'static, str>,
    pub args: Vec<(&'static str, Arg)>,
}

/// A message variable's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Language-independent text (a number in it is a number: it selects
    /// the message's plural form).
    Text(String),
    /// Another message key, localized.
    Key(Cow<'static, str>),
    /// Another message with its own variables, localized.
    Msg(Box<Msg>),
    /// Language-independent items joined as the language joins a list
    /// ("10 and 13", "10 i 13").
    List(Vec<String>),
}

impl Msg {
    pub fn new(key: impl Into<Cow<'static, str>>) -> Self {
        Msg {
            key: key.into(),
            args: Vec::new(),
        }
    }

    pub fn text(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    pub fn key(mut self, name: &'static str, key: impl Into<Cow<'static, str>>) -> Self {
        self.args.push((name, Arg::Key(key.into())));
        self
    }

    /// A number (it selects the message's plural form).
    pub fn num(self, name: &'static str, n: usize) -> Self {
        self.text(name, n)
    }

    /// Another message, localized with its own variables.
    pub fn msg(mut self, name: &'static str, msg: Msg) -> Self {
        self.args.push((name, Arg::Msg(Box::new(msg))));
        self
    }

    /// Items joined as a list of the page's language.
    pub fn list(mut self, name: &'static str, items: Vec<String>) -> Self {
        self.args.push((name, Arg::List(items)));
        self
    }

    /// Every strings key this message needs.
    pub fn keys(&self) -> Box<dyn Iterator<Item = &str> + '_> {
        Box::new(
            std::iter::once(self.key.as_ref()).chain(self.args.iter().flat_map(
                |(_, a)| -> Box<dyn Iterator<Item = &str> + '_> {
                    match a {
                        Arg::Key(k) => Box::new(std::iter::once(k.as_ref())),
                        Arg::Msg(m) => m.keys(),
                        Arg::List(_) => Box::new(std::iter::once("list.and.two")),
                        Arg::Text(_) => Box::new(std::iter::empty()),
                    }
                },
            )),
        )
    }
}

/// Something shown with the question but not answered (received tiles, lines...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupRow {
    pub label: Msg,
    /// Tile groups drawn with a small gap between groups.
    pub groups: Vec<Vec<Tile>>,
}

impl SetupRow {
    /// A labelled row of tiles drawn as one group.
    pub fn one_group(label: &'static str, tiles: &[Tile]) -> SetupRow {
        SetupRow {
            label: Msg::new(label),
            groups: vec![tiles.to_vec()],
        }
    }
}

/// A choosable tile: its value in the answer spec and the tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileOption {
    pub value: String,
    pub tile: Tile,
    /// Drawn as a tile back and named "unseen tile": the learner has not
    /// looked at it (a blind pass's received tiles).
    pub face_down: bool,
}

/// A labelled option (radio, checkbox or order item).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextOption {
    pub id: String,
    pub label: Msg,
}

/// What the learner manipulates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choices {
    /// Tile checkboxes, in labelled rows (the rack; the received tiles).
    Tiles(Vec<(Msg, Vec<TileOption>)>),
    /// Radios (`multi == false`) or checkboxes.
    Options {
        multi: bool,
        options: Vec<TextOption>,
    },
    /// An ordered list, shown in this (shuffled, unsolved) order.
    Order(Vec<TextOption>),
}

/// One part of the answer revealed in `<details>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reveal {
    /// A sentence.
    Text(Msg),
    /// Tiles (the answer, or one legal answer among many).
    Tiles(Vec<Tile>),
    /// Option labels, in this order.
    Options(Vec<Msg>),
    /// This many unseen tiles, drawn as tile backs (passed on blind).
    Backs(usize),
}

/// One exercise, ready to render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    pub kind: &'static str,
    pub question: Msg,
    pub legend: Msg,
    pub setup: Vec<SetupRow>,
    pub choices: Choices,
    pub spec: AnswerSpec,
    pub reveal: Vec<Reveal>,
    /// The rules the explanation names, the main one first.
    pub rules: Vec<RuleId>,
    /// Canonical, language-independent setup (`field=value;...`).
    pub setup_text: SetupText,
    /// Per value, what a fault about it says (`{note}`: where a tile came
    /// from, …); rendered into the spec the browser reads, not part of the
    /// fingerprint.
    pub notes: Vec<(String, Msg)>,
}

/// The canonical, language-independent setup of an exercise: its fields in
/// a fixed order, written `field=value;field=value` (part of the
/// fingerprint, so of the exercise's id).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetupText(String);

impl SetupText {
    /// Adds `name=value`.
    pub fn with(mut self, name: &str, value: impl std::fmt::Display) -> Self {
        use std::fmt::Write;
        if !self.0.is_empty() {
            self.0.push(';');
        }
        let _ = write!(self.0, "{name}={value}");
        self
    }
}

impl std::fmt::Display for SetupText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Exercise {
    /// The language-independent summary of kind, setup and verdict.
    pub fn fingerprint(&self) -> String {
        let spec = self.spec.canonical_json();
        let rules: Vec<&str> = self.rules.iter().map(|r| r.as_str()).collect();
        format!(
            "{}|{}|{}|{}",
            self.kind,
            self.setup_text,
            spec,
            rules.join(",")
        )
    }

    /// Every strings key the exercise needs.
    pub fn keys(&self) -> Vec<Cow<'_, str>> {
        let mut msgs: Vec<&Msg> = vec![&self.question, &self.legend];
        msgs.extend(self.setup.iter().map(|r| &r.label));
        match &self.choices {
            Choices::Tiles(rows) => msgs.extend(rows.iter().map(|(m, _)| m)),
            Choices::Options { options, .. } | Choices::Order(options) => {
                msgs.extend(options.iter().map(|o| &o.label))
            }
        }
        for part in &self.reveal {
            match part {
                Reveal::Text(m) => msgs.push(m),
                Reveal::Options(o) => msgs.extend(o),
                Reveal::Tiles(_) | Reveal::Backs(_) => {}
            }
        }
        msgs.extend(self.notes.iter().map(|(_, m)| m));
        let mut keys: Vec<Cow<'_, str>> = msgs
            .into_iter()
            .flat_map(Msg::keys)
            .map(Cow::Borrowed)
            .collect();
        keys.extend(
            self.tiles()
                .into_iter()
                .map(|t| Cow::Borrowed(t.name_key())),
        );
        keys.extend(
            self.spec
                .rules()
                .into_iter()
                .chain(self.rules.iter().copied())
                .map(|r| Cow::Owned(rule_key(r))),
        );
        keys.sort();
        keys.dedup();
        keys
    }

    fn tiles(&self) -> Vec<Tile> {
        let mut tiles: Vec<Tile> = self.setup.iter().flat_map(|r| r.groups.concat()).collect();
        if let Choices::Tiles(rows) = &self.choices {
            tiles.extend(rows.iter().flat_map(|(_, r)| r.iter().map(|o| o.tile)));
        }
        for part in &self.reveal {
            if let Reveal::Tiles(t) = part {
                tiles.extend(t);
            }
        }
        tiles
    }
}

/// The strings key explaining a rule.
pub fn rule_key(rule: RuleId) -> String {
    format!("rule.{rule}")
}

pub use crate::hash::short_id;
