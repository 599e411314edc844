//! What the build reads from a Fluent file's syntax tree besides the
//! messages themselves: where each message and variable is (byte offsets,
//! from the parser's slices into the source), which variables a message
//! uses and selects on, and the ranges of its translatable text.

use std::collections::BTreeMap;
use std::ops::Range;

use fluent_syntax::ast::{
    CallArguments, Entry, Expression, InlineExpression, Pattern, PatternElement,
};

/// The byte offset of `slice` in `source` (the parser's slices point into
/// the source it was given).
pub fn offset_in(source: &str, slice: &str) -> usize {
    let start = source.as_ptr() as usize;
    let at = slice.as_ptr() as usize;
    debug_assert!(at >= start && at <= start + source.len());
    at.saturating_sub(start).min(source.len())
}

/// One message of a file: its id's offset, and each variable it names with
/// the offset of its first use.
#[derive(Debug, Clone, Default)]
pub struct MessageInfo {
    pub at: usize,
    /// `$name` → offset of its first use (the name, after the `$`).
    pub variables: BTreeMap<String, usize>,
    /// Variables used as a selector (`{ $count -> … }`).
    pub selectors: Vec<String>,
    /// Ranges of the message's literal text.
    pub text: Vec<Range<usize>>,
}

/// Every message of a parsed file by id (terms are left out: they are not
/// looked up by the code).
pub fn messages<'s>(
    source: &'s str,
    entries: impl Iterator<Item = &'s Entry<&'s str>>,
) -> BTreeMap<String, MessageInfo> {
    let mut out = BTreeMap::new();
    for entry in entries {
        let Entry::Message(m) = entry else { continue };
        let mut info = MessageInfo {
            at: offset_in(source, m.id.name),
            ..MessageInfo::default()
        };
        let mut walk = Walk {
            source,
            info: &mut info,
        };
        if let Some(p) = &m.value {
            walk.pattern(p);
        }
        for a in &m.attributes {
            walk.pattern(&a.value);
        }
        out.insert(m.id.name.to_string(), info);
    }
    out
}

struct Walk<'a, 's> {
    source: &'s str,
    info: &'a mut MessageInfo,
}

impl<'s> Walk<'_, 's> {
    fn pattern(&mut self, p: &Pattern<&'s str>) {
        for e in &p.elements {
            match e {
                PatternElement::TextElement { value } => {
                    let at = offset_in(self.source, value);
                    self.info.text.push(at..at + value.len());
                }
                PatternElement::Placeable { expression } => self.expression(expression),
            }
        }
    }

    fn expression(&mut self, e: &Expression<&'s str>) {
        match e {
            Expression::Select { selector, variants } => {
                if let InlineExpression::VariableReference { id } = selector
                    && !self.info.selectors.iter().any(|s| s == id.name)
                {
                    self.info.selectors.push(id.name.to_string());
                }
                self.inline(selector);
                for v in variants {
                    self.pattern(&v.value);
                }
            }
            Expression::Inline(i) => self.inline(i),
        }
    }

    fn inline(&mut self, e: &InlineExpression<&'s str>) {
        match e {
            InlineExpression::VariableReference { id } => {
                // The `$` before the name.
                let at = offset_in(self.source, id.name).saturating_sub(1);
                self.info.variables.entry(id.name.to_string()).or_insert(at);
            }
            InlineExpression::FunctionReference { arguments, .. } => self.arguments(arguments),
            InlineExpression::TermReference {
                arguments: Some(a), ..
            } => self.arguments(a),
            InlineExpression::Placeable { expression } => self.expression(expression),
            _ => {}
        }
    }

    fn arguments(&mut self, a: &CallArguments<&'s str>) {
        for p in &a.positional {
            self.inline(p);
        }
        for n in &a.named {
            self.inline(&n.value);
        }
    }
}

/// A message's variables compared with the default language's: the
/// problems, each at an offset into the translation's file.
pub fn compare_variables(
    id: &str,
    translation: &MessageInfo,
    reference: &MessageInfo,
) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    // A misspelt variable is one problem, not an unknown one and a dropped
    // one: each unknown variable is paired with a dropped one, in order.
    let mut dropped = reference
        .variables
        .keys()
        .filter(|v| !translation.variables.contains_key(*v));
    let mut paired = Vec::new();
    for (name, &at) in &translation.variables {
        if !reference.variables.contains_key(name) {
            if let Some(meant) = dropped.next() {
                paired.push(meant);
                out.push((
                    at,
                    format!(
                        "unknown variable `${name}` in message `{id}`: did you mean `${meant}`? (the default language's message takes {})",
                        list_variables(reference)
                    ),
                ));
                continue;
            }
            let known = if reference.variables.is_empty() {
                "it takes no variables".to_string()
            } else {
                format!("it takes {}", list_variables(reference))
            };
            out.push((
                at,
                format!("unknown variable `${name}` in message `{id}`: {known}"),
            ));
        }
    }
    for name in reference.variables.keys() {
        if !translation.variables.contains_key(name) && !paired.contains(&name) {
            out.push((
                translation.at,
                format!(
                    "message `{id}` drops the variable `${name}`: the default language's message shows it, so write `{{ ${name} }}` where it belongs"
                ),
            ));
        }
    }
    out
}

fn list_variables(m: &MessageInfo) -> String {
    m.variables
        .keys()
        .map(|v| format!("`${v}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_variables_selectors_and_offsets() {
        let src = "a = x { $n ->\n  [one] one\n *[other] { $n } of { $m }\n}\nb = plain\n";
        let res = fluent_syntax::parser::parse(src).unwrap();
        let m = messages(src, res.body.iter());
        assert_eq!(m["a"].at, 0);
        assert_eq!(m["a"].selectors, vec!["n"]);
        assert_eq!(m["a"].variables["n"], src.find("$n ->").unwrap());
        assert_eq!(m["a"].variables["m"], src.find("$m }").unwrap());
        assert_eq!(m["b"].at, src.find("b =").unwrap());
        assert_eq!(&src[m["b"].text[0].clone()], "plain");
    }

    #[test]
    fn reports_unknown_and_dropped_variables() {
        let en = "k = { $count } of { $total }\nj = { $n }\n";
        let de = "k = { $anzahl } von { $total }\nj = { $n } { $m }\n";
        let e = fluent_syntax::parser::parse(en).unwrap();
        let d = fluent_syntax::parser::parse(de).unwrap();
        let en = messages(en, e.body.iter());
        let m = messages(de, d.body.iter());
        let got = compare_variables("k", &m["k"], &en["k"]);
        assert_eq!(
            got,
            vec![
                (
                    6,
                    "unknown variable `$anzahl` in message `k`: did you mean `$count`? (the default language's message takes `$count`, `$total`)"
                        .to_string()
                ),
            ]
        );
        assert_eq!(
            compare_variables("j", &m["j"], &en["j"]),
            vec![(
                de.find("$m").unwrap(),
                "unknown variable `$m` in message `j`: it takes `$n`".to_string()
            )]
        );
        let src2 = "k = { $total }\n";
        let d2 = fluent_syntax::parser::parse(src2).unwrap();
        let m2 = messages(src2, d2.body.iter());
        assert_eq!(
            compare_variables("k", &m2["k"], &en["k"]),
            vec![(
                0,
                "message `k` drops the variable `$count`: the default language's message shows it, so write `{ $count }` where it belongs".to_string()
            )]
        );
    }
}
