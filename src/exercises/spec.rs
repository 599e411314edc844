//! The author format of a quiz block: TOML read with byte offsets, so that
//! every mistake is reported at the key or value it concerns (offsets are
//! relative to the block body; the caller adds the body's offset in the file).

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::rules::tile::tokens;
use crate::rules::{RackError, RuleId, Tile, check_rack};

/// A mistake in a quiz block, at a byte offset in the block body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    pub offset: usize,
    pub message: String,
}

impl SpecError {
    pub fn new(offset: usize, message: impl Into<String>) -> Self {
        SpecError {
            offset,
            message: message.into(),
        }
    }

    /// An error that names the rule it breaks: `message (rule id)`.
    pub fn rule(offset: usize, message: impl fmt::Display, rule: RuleId) -> Self {
        SpecError::new(offset, format!("{message} (rule {rule})"))
    }
}

pub type SpecResult<T> = Result<T, SpecError>;

/// A value with the offset of its first byte in the block body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located<T> {
    pub value: T,
    pub at: usize,
}

/// A tile as written, with the offset of its token.
pub type LocatedTile = Located<Tile>;

/// An inline table of strings, by key.
pub type StringTable = HashMap<String, Located<String>>;

/// The fields of one quiz block. Each field is taken once; [`Fields::finish`]
/// rejects any field no kind asked for.
pub struct Fields<'a> {
    body: &'a str,
    entries: HashMap<String, Entry<'a>>,
    /// Fields in source order, for "unknown field" errors.
    order: Vec<String>,
    /// The kind being read (set by its `KindDef`), for "missing field" errors.
    kind: &'static str,
}

struct Entry<'a> {
    key_at: usize,
    value: Spanned<DeValue<'a>>,
    used: bool,
}

impl<'a> Fields<'a> {
    /// Parses a quiz block body as TOML.
    pub fn parse(body: &'a str) -> SpecResult<Fields<'a>> {
        Self::parse_block(body, "quiz")
    }

    /// Parses the TOML body of a ```` ```{block} ```` fence (`quiz`, `seats`).
    pub fn parse_block(body: &'a str, block: &str) -> SpecResult<Fields<'a>> {
        let table = DeTable::parse(body).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            SpecError::new(
                at,
                format!("{block} block is not valid TOML: {}", e.message().trim()),
            )
        })?;
        let mut entries = HashMap::new();
        let mut order = Vec::new();
        for (key, value) in table.into_inner() {
            let name = key.get_ref().to_string();
            order.push(name.clone());
            entries.insert(
                name,
                Entry {
                    key_at: key.span().start,
                    value,
                    used: false,
                },
            );
        }
        order.sort_by_key(|k| entries[k].key_at);
        Ok(Fields {
            body,
            entries,
            order,
            kind: "",
        })
    }

    /// Names the kind being read (its `KindDef` does, before reading it).
    pub fn set_kind(&mut self, kind: &'static str) {
        self.kind = kind;
    }

    /// Whether the block has this field (does not take it).
    pub fn has(&self, name: &str) -> bool {
        self.entries.contains_key(name)
    }

    /// Offset of a field's key (or 0).
    pub fn key_at(&self, name: &str) -> usize {
        self.entries.get(name).map_or(0, |e| e.key_at)
    }

    fn take(&mut self, name: &str) -> Option<(Range<usize>, &DeValue<'a>)> {
        let entry = self.entries.get_mut(name)?;
        entry.used = true;
        Some((entry.value.span(), entry.value.get_ref()))
    }

    fn type_error(name: &str, at: usize, expected: &str) -> SpecError {
        SpecError::new(at, format!("field `{name}` must be {expected}"))
    }

    /// An optional string field.
    pub fn string(&mut self, name: &str) -> SpecResult<Option<Located<String>>> {
        let body = self.body;
        let Some((span, value)) = self.take(name) else {
            return Ok(None);
        };
        match value.as_str() {
            Some(s) => Ok(Some(Located {
                value: s.to_string(),
                at: span.start + string_content_start(&body[span.clone()]),
            })),
            None => Err(Self::type_error(name, span.start, "a string")),
        }
    }

    /// An optional non-negative integer field.
    pub fn integer(&mut self, name: &str) -> SpecResult<Option<Located<u64>>> {
        let Some((span, value)) = self.take(name) else {
            return Ok(None);
        };
        let n = value
            .as_integer()
            .and_then(|i| u64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).ok());
        match n {
            Some(n) => Ok(Some(Located {
                value: n,
                at: span.start,
            })),
            None => Err(Self::type_error(name, span.start, "a whole number ≥ 0")),
        }
    }

    /// An optional boolean field.
    pub fn boolean(&mut self, name: &str) -> SpecResult<Option<Located<bool>>> {
        let Some((span, value)) = self.take(name) else {
            return Ok(None);
        };
        match value.as_bool() {
            Some(b) => Ok(Some(Located {
                value: b,
                at: span.start,
            })),
            None => Err(Self::type_error(name, span.start, "true or false")),
        }
    }

    /// An optional array of strings.
    pub fn strings(&mut self, name: &str) -> SpecResult<Option<Located<Vec<Located<String>>>>> {
        let body = self.body;
        let Some((span, value)) = self.take(name) else {
            return Ok(None);
        };
        let err = || Self::type_error(name, span.start, "an array of strings");
        let items = value.as_array().ok_or_else(err)?;
        let mut out = Vec::new();
        for item in items.iter() {
            let s = item.get_ref().as_str().ok_or_else(err)?;
            let item_span = item.span();
            out.push(Located {
                value: s.to_string(),
                at: item_span.start + string_content_start(&body[item_span.clone()]),
            });
        }
        Ok(Some(Located {
            value: out,
            at: span.start,
        }))
    }

    /// An optional array of whole numbers.
    pub fn integers(&mut self, name: &str) -> SpecResult<Option<Located<Vec<Located<u64>>>>> {
        let Some((span, value)) = self.take(name) else {
            return Ok(None);
        };
        let err = || Self::type_error(name, span.start, "an array of whole numbers");
        let items = value.as_array().ok_or_else(err)?;
        let mut out = Vec::new();
        for item in items.iter() {
            let n = item
                .get_ref()
                .as_integer()
                .and_then(|i| u64::from_str_radix(i.as_str(), i.radix()).ok())
                .ok_or_else(err)?;
            out.push(Located {
                value: n,
                at: item.span().start,
            });
        }
        Ok(Some(Located {
            value: out,
            at: span.start,
        }))
    }

    /// An optional inline table of strings (e.g. `answer = { rack = "1B", blind = "E S" }`).
    pub fn string_table(
        &mut self,
        name: &str,
        keys: &[&str],
    ) -> SpecResult<Option<Located<StringTable>>> {
        let body = self.body;
        let Some((span, value)) = self.take(name) else {
            return Ok(None);
        };
        let expected = format!("a table with {}", join_keys(keys));
        let table = value
            .as_table()
            .ok_or_else(|| Self::type_error(name, span.start, &expected))?;
        let mut out = HashMap::new();
        for (k, v) in table.iter() {
            let key = k.get_ref().to_string();
            if !keys.contains(&key.as_str()) {
                return Err(SpecError::new(
                    k.span().start,
                    format!(
                        "unknown key `{key}` in `{name}` (expected {})",
                        join_keys(keys)
                    ),
                ));
            }
            let s = v
                .get_ref()
                .as_str()
                .ok_or_else(|| Self::type_error(&key, v.span().start, "a string"))?;
            let vs = v.span();
            out.insert(
                key,
                Located {
                    value: s.to_string(),
                    at: vs.start + string_content_start(&body[vs.clone()]),
                },
            );
        }
        Ok(Some(Located {
            value: out,
            at: span.start,
        }))
    }

    /// A required string field.
    pub fn required_string(&mut self, name: &str) -> SpecResult<Located<String>> {
        self.string(name)?.ok_or_else(|| self.missing(name))
    }

    /// The "missing field" error (at the start of the block), naming the kind.
    pub fn missing(&self, name: &str) -> SpecError {
        SpecError::new(
            0,
            format!(
                "missing field `{name}` (a `{}` exercise needs it)",
                self.kind
            ),
        )
    }

    /// Rejects every field that was not taken.
    pub fn finish(&self, kind: &str, allowed: &[&str]) -> SpecResult<()> {
        self.finish_in(&format!("a `{kind}` exercise"), allowed)
    }

    /// Rejects every field that was not taken: `unknown field `x` in {what} (fields: …)`.
    pub fn finish_in(&self, what: &str, allowed: &[&str]) -> SpecResult<()> {
        match self.order.iter().find(|k| !self.entries[*k].used) {
            Some(name) => Err(SpecError::new(
                self.entries[name].key_at,
                format!(
                    "unknown field `{name}` in {what} (fields: {})",
                    join_keys(allowed)
                ),
            )),
            None => Ok(()),
        }
    }

    /// Rejects any of `names` (e.g. setup fields next to `generate`).
    pub fn forbid(&self, names: &[&str], why: &str) -> SpecResult<()> {
        match self
            .order
            .iter()
            .find(|k| names.contains(&k.as_str()) && !self.entries[*k].used)
        {
            Some(name) => Err(SpecError::new(
                self.entries[name].key_at,
                format!("field `{name}` cannot be used {why}"),
            )),
            None => Ok(()),
        }
    }
}

fn join_keys(keys: &[&str]) -> String {
    keys.iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where a TOML string's content starts inside its raw text (after the quotes).
fn string_content_start(raw: &str) -> usize {
    if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        match raw[3..].chars().next() {
            Some('\n') => 4,
            Some('\r') => 5,
            _ => 3,
        }
    } else {
        1
    }
}

/// Parses tile notation, each tile with its token's offset.
pub fn located_tiles(text: &Located<String>) -> SpecResult<Vec<LocatedTile>> {
    tokens(&text.value)
        .map(|(offset, token)| match Tile::from_token(token) {
            Some(tile) => Ok(Located {
                value: tile,
                at: text.at + offset,
            }),
            None => Err(SpecError::new(
                text.at + offset,
                format!(
                    "unknown tile \"{token}\" (tiles: 1B-9B, 1C-9C, 1D-9D, N E S W, RD GD WD, F, J)"
                ),
            )),
        })
        .collect()
}

pub fn tiles_of(located: &[LocatedTile]) -> Vec<Tile> {
    located.iter().map(|t| t.value).collect()
}

/// Rejects more copies of a tile than the set holds, at the first extra copy.
pub fn check_copies(located: &[LocatedTile]) -> SpecResult<()> {
    let tiles = tiles_of(located);
    if let Err(RackError::TooManyCopies { tile, .. }) = crate::rules::rack::check_copies(&tiles) {
        let limit = tile.copies_in_set();
        let extra = located
            .iter()
            .filter(|t| t.value == tile)
            .nth(limit)
            .map_or(0, |t| t.at);
        return Err(SpecError::rule(
            extra,
            format!(
                "impossible setup: a {} {tile}, but the set holds only {limit}",
                ordinal(limit + 1)
            ),
            RuleId::TooManyCopies,
        ));
    }
    Ok(())
}

/// How many tiles a rack holds, for error messages.
pub const RACK_SIZE_TEXT: &str =
    "a rack holds 13 during the Charleston, East's too (East draws its 14th only after it)";

/// Parses and validates a rack (13 tiles, copies within the set).
pub fn rack(text: &Located<String>) -> SpecResult<Vec<LocatedTile>> {
    let located = located_tiles(text)?;
    check_copies(&located)?;
    let verdict = check_rack(&tiles_of(&located));
    if !verdict.ok {
        return Err(SpecError::rule(
            text.at,
            format!("wrong rack size: {} tiles; {RACK_SIZE_TEXT}", located.len()),
            verdict.rule,
        ));
    }
    Ok(located)
}

fn ordinal(n: usize) -> String {
    match n {
        5 => "fifth".into(),
        9 => "ninth".into(),
        n => format!("{n}th"),
    }
}

/// Parses an enum-like value (`pass`, `seat`, ...) with a helpful error.
pub fn parse_named<T: std::str::FromStr>(
    field: &str,
    value: &Located<String>,
    names: &[&str],
) -> SpecResult<T> {
    value.value.parse::<T>().map_err(|_| {
        SpecError::new(
            value.at,
            format!(
                "unknown {field} \"{}\" (expected one of: {})",
                value.value,
                names.join(", ")
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_values_point_inside_the_quotes() {
        let body = "kind = \"pass\"\nrack = \"1B 1X\"\n";
        let mut f = Fields::parse(body).unwrap();
        let rack = f.string("rack").unwrap().unwrap();
        assert_eq!(&body[rack.at..rack.at + 2], "1B");
        let err = located_tiles(&rack).unwrap_err();
        assert_eq!(&body[err.offset..err.offset + 2], "1X");
    }

    #[test]
    fn unknown_fields_are_reported_at_their_key() {
        let body = "kind = \"pass\"\ncolour = 3\n";
        let mut f = Fields::parse(body).unwrap();
        f.string("kind").unwrap();
        let err = f.finish("pass", &["kind"]).unwrap_err();
        assert_eq!(err.offset, body.find("colour").unwrap());
    }

    #[test]
    fn toml_errors_carry_their_offset() {
        let err = Fields::parse("kind = \"pass\nx").err().unwrap();
        assert!(err.message.starts_with("quiz block is not valid TOML"));
    }

    #[test]
    fn fifth_copy_is_reported_at_the_fifth_tile() {
        let body = "rack = \"6B 6B 6B 6B 6B 1C 2C 3C 4C 5C 6C 7C 8C\"";
        let mut f = Fields::parse(body).unwrap();
        let text = f.string("rack").unwrap().unwrap();
        let err = rack(&text).unwrap_err();
        assert_eq!(err.offset, body.find("6B 1C").unwrap());
        assert_eq!(
            err.message,
            "impossible setup: a fifth 6B, but the set holds only 4 (rule too-many-copies)"
        );
    }
}
