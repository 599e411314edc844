//! Feedback that teaches: what is wrong with *this* answer (the [`Fault`]),
//! the hint offered after a second wrong try, and the localized text of
//! both. [`AnswerSpec::diagnose`] is the successor of
//! [`AnswerSpec::evaluate`] (same verdict and rule, plus the fault) and the
//! same algorithm as `quiz.js`; [`explain`] renders what the browser shows,
//! so tests can compare the two on any answer. The contract (fault names,
//! placeholders, template lookup) is in `docs/exercise-contract.md`.

use std::borrow::Cow;

use crate::i18n::Template;
use crate::rules::RuleId;

use super::answer::{AnswerSpec, AnswerType, Correct};
use super::model::{Choices, Exercise, Msg};
use super::words::Words;

/// What is wrong with one answer, naming the value (tile, option, list
/// item) at fault where there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Nothing chosen in a single-answer exercise.
    Empty,
    /// The wrong number of values.
    Count { chosen: usize, count: usize },
    /// A value that may never be chosen (the first one, in answer order).
    Forbidden { value: String },
    /// Too many values of a limited group.
    Limit { chosen: usize, max: usize },
    /// Every value chosen is right, but `missing` more belong to the answer.
    Missing { missing: usize },
    /// A chosen value that is not part of the answer.
    Extra { value: String },
    /// A wrong option.
    Option { value: String },
    /// The first place (0-based) where the order differs; `value` is there now.
    Position { position: usize, value: String },
}

impl Fault {
    /// The fault's name in the strings keys and in the browser.
    pub fn name(&self) -> &'static str {
        match self {
            Fault::Empty => "empty",
            Fault::Count { .. } => "count",
            Fault::Forbidden { .. } => "forbidden",
            Fault::Limit { .. } => "limit",
            Fault::Missing { .. } => "missing",
            Fault::Extra { .. } => "extra",
            Fault::Option { .. } => "option",
            Fault::Position { .. } => "position",
        }
    }

    /// Every fault name, for the strings tables.
    pub const NAMES: &'static [&'static str] = &[
        "empty",
        "count",
        "forbidden",
        "limit",
        "missing",
        "extra",
        "option",
        "position",
    ];
}

/// An evaluated answer: right or wrong, the rule cited, and (when wrong)
/// the fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnosis {
    pub ok: bool,
    pub rule: RuleId,
    pub fault: Option<Fault>,
}

/// What a hint points at: a value and what to do with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// This value belongs to the answer.
    Include(String),
    /// Leave this value out.
    Exclude(String),
    /// The answer is not this option.
    NotOption(String),
    /// Position (0-based) holds this value in the right order.
    Place { position: usize, value: String },
    /// Choose exactly this many.
    Count(usize),
    /// The rule's explanation (when nothing narrower can be said).
    Rule(RuleId),
}

impl Hint {
    pub fn name(&self) -> &'static str {
        match self {
            Hint::Include(_) => "include",
            Hint::Exclude(_) => "exclude",
            Hint::NotOption(_) => "not_option",
            Hint::Place { .. } => "place",
            Hint::Count(_) => "count",
            Hint::Rule(_) => "rule",
        }
    }

    pub const NAMES: &'static [&'static str] =
        &["include", "exclude", "not_option", "place", "count", "rule"];

    /// The value the hint marks, if any.
    pub fn value(&self) -> Option<&str> {
        match self {
            Hint::Include(v) | Hint::Exclude(v) | Hint::NotOption(v) => Some(v),
            Hint::Place { value, .. } => Some(value),
            Hint::Count(_) | Hint::Rule(_) => None,
        }
    }
}

/// A hint is offered from this many wrong tries on.
pub const HINT_AFTER: usize = 2;

impl AnswerSpec {
    /// Evaluates an answer as the browser does (contract order: count →
    /// forbidden → limits → exact; choice; order) and says what is wrong.
    /// `chosen` is in page order. Same `ok` and `rule` as [`AnswerSpec::evaluate`].
    pub fn diagnose(&self, chosen: &[&str]) -> Diagnosis {
        let outcome = self.evaluate(chosen);
        let fault = (!outcome.ok).then(|| self.fault(chosen));
        Diagnosis {
            ok: outcome.ok,
            rule: outcome.rule,
            fault,
        }
    }

    fn fault(&self, chosen: &[&str]) -> Fault {
        match self.answer_type {
            AnswerType::Select | AnswerType::Multi => self.set_fault(chosen),
            AnswerType::Choice => match chosen.first() {
                None => Fault::Empty,
                Some(v) => Fault::Option {
                    value: v.to_string(),
                },
            },
            AnswerType::Order => {
                let (position, _) = self.first_difference(chosen);
                Fault::Position {
                    position,
                    value: chosen.get(position).unwrap_or(&"").to_string(),
                }
            }
        }
    }

    /// Order lists: the first place (0-based) where `chosen` differs from
    /// the right sequence, and that sequence.
    fn first_difference(&self, chosen: &[&str]) -> (usize, &[String]) {
        let right = match &self.correct {
            Some(Correct::Sequence(s)) => s.as_slice(),
            _ => &[],
        };
        let position = chosen
            .iter()
            .zip(right)
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        (position, right)
    }

    fn set_fault(&self, chosen: &[&str]) -> Fault {
        if let Some(count) = self.count
            && chosen.len() != count
        {
            return Fault::Count {
                chosen: chosen.len(),
                count,
            };
        }
        if let Some(v) = chosen
            .iter()
            .find(|v| self.forbidden.iter().any(|(f, _)| f == *v))
        {
            return Fault::Forbidden {
                value: v.to_string(),
            };
        }
        for limit in &self.limits {
            let n = limit.chosen_in(chosen);
            if n > limit.max {
                return Fault::Limit {
                    chosen: n,
                    max: limit.max,
                };
            }
        }
        let exact = self.exact.as_deref().unwrap_or(&[]);
        match chosen.iter().find(|v| !exact.iter().any(|e| e == *v)) {
            Some(v) => Fault::Extra {
                value: v.to_string(),
            },
            None => Fault::Missing {
                missing: exact.len().saturating_sub(chosen.len()),
            },
        }
    }

    /// The hint for a wrong answer: it narrows the choice without giving
    /// the whole answer. `values` are every choosable value in page order
    /// (options, tiles); `chosen` the current answer.
    pub fn hint(&self, values: &[&str], chosen: &[&str]) -> Hint {
        match self.answer_type {
            AnswerType::Select | AnswerType::Multi => {
                if let Some(exact) = &self.exact
                    && let Some(v) = values
                        .iter()
                        .find(|v| exact.iter().any(|e| e == *v) && !chosen.contains(v))
                {
                    return Hint::Include(v.to_string());
                }
                if let Some(v) = values
                    .iter()
                    .find(|v| self.forbidden.iter().any(|(f, _)| f == *v))
                {
                    return Hint::Exclude(v.to_string());
                }
                match self.count {
                    Some(n) => Hint::Count(n),
                    None => Hint::Rule(self.correct_rule),
                }
            }
            AnswerType::Choice => {
                let right = match &self.correct {
                    Some(Correct::Option(o)) => o.as_str(),
                    _ => "",
                };
                let wrong: Vec<&&str> = values.iter().filter(|v| **v != right).collect();
                match wrong.iter().find(|v| !chosen.contains(v)) {
                    Some(v) if wrong.len() >= 2 => Hint::NotOption(v.to_string()),
                    _ => Hint::Rule(self.correct_rule),
                }
            }
            AnswerType::Order => {
                let (position, right) = self.first_difference(chosen);
                Hint::Place {
                    position,
                    value: right.get(position).cloned().unwrap_or_default(),
                }
            }
        }
    }
}

// ---- localized texts ----------------------------------------------------------

/// The strings key of a question, as used in `quiz.fault_for.*` keys:
/// `quiz.pass_direction.question_receiver` → `pass_direction_question_receiver`.
fn question_stem(question: &Msg) -> String {
    question
        .key
        .strip_prefix("quiz.")
        .unwrap_or(&question.key)
        .replace('.', "_")
}

/// The three keys a fault template is looked up by, most specific first:
/// this question's, this rule's, the fault's own.
pub fn fault_keys(question: &Msg, fault: &str, rule: RuleId) -> [String; 3] {
    [
        format!("quiz.fault_for.{}.{fault}", question_stem(question)),
        format!("quiz.fault_rule.{fault}.{rule}"),
        format!("quiz.fault.{fault}"),
    ]
}

/// The question's own fault templates (`quiz.fault_for.<question>.<fault>`),
/// localized with the question's placeholders: they go into the exercise's
/// spec as `"faults"` (the browser fills in the answer's placeholders).
pub fn question_faults<'w>(ex: &Exercise, w: &Words<'w>) -> Vec<(&'static str, Template)> {
    let stem = question_stem(&ex.question);
    Fault::NAMES
        .iter()
        .filter_map(|fault| {
            let key = format!("quiz.fault_for.{stem}.{fault}");
            w.strings.get(w.lang, &key)?;
            let msg = Msg {
                key: Cow::Owned(key),
                args: ex.question.args.clone(),
            };
            Some((*fault, w.template(&msg)))
        })
        .collect()
}

/// The label and 1-based position (in its row or list) of a value.
fn value_label(ex: &Exercise, value: &str, w: &Words<'_>) -> (String, usize) {
    match &ex.choices {
        Choices::Tiles(rows) => rows
            .iter()
            .find_map(|(_, row)| {
                let i = row.iter().position(|o| o.value == value)?;
                Some((w.kit.tiles.name(row[i].tile).to_string(), i + 1))
            })
            .unwrap_or_default(),
        Choices::Options { options, .. } | Choices::Order(options) => options
            .iter()
            .position(|o| o.id == value)
            .map(|i| (w.msg(&options[i].label).into_owned(), i + 1))
            .unwrap_or_default(),
    }
}

/// Every choosable value of an exercise, in page order.
pub fn values(ex: &Exercise) -> Vec<&str> {
    match &ex.choices {
        Choices::Tiles(rows) => rows
            .iter()
            .flat_map(|(_, r)| r.iter().map(|o| o.value.as_str()))
            .collect(),
        Choices::Options { options, .. } | Choices::Order(options) => {
            options.iter().map(|o| o.id.as_str()).collect()
        }
    }
}

/// Fills a template as the browser's `fill` does (the plural form of the
/// page's language, then `{name}` placeholders), then trimmed as it is.
fn fill(template: &Template, values: &[(&str, String)], w: &Words<'_>) -> String {
    template.fill(|n| w.plural(n), values).trim().to_string()
}

/// `{label}` and `{position}` of a value: its place in its row, or (order
/// lists) the 0-based `at` where it is or belongs.
fn push_value(
    args: &mut Vec<(&str, String)>,
    ex: &Exercise,
    value: &str,
    at: Option<usize>,
    w: &Words<'_>,
) {
    let (label, position) = value_label(ex, value, w);
    args.push(("label", label));
    args.push(("position", at.map_or(position, |p| p + 1).to_string()));
}

/// The fault sentence the browser shows for `fault` (as `.exercise__reason`).
pub fn fault_text(ex: &Exercise, rule: RuleId, fault: &Fault, w: &Words<'_>) -> String {
    let keys = fault_keys(&ex.question, fault.name(), rule);
    let own = question_faults(ex, w);
    let template = own
        .iter()
        .find(|(f, _)| *f == fault.name())
        .map(|(_, t)| t.clone())
        .or_else(|| keys[1..].iter().find_map(|k| w.strings.template(w.lang, k)))
        .unwrap_or_else(|| Template::Text(String::new()));
    let rule_text = w.get(&super::model::rule_key(rule)).into_owned();
    let mut args: Vec<(&str, String)> = vec![("rule", rule_text)];
    match fault {
        Fault::Empty => {}
        Fault::Count { chosen, count } => {
            args.push(("chosen", chosen.to_string()));
            args.push(("count", count.to_string()));
        }
        Fault::Limit { chosen, max } => {
            args.push(("chosen", chosen.to_string()));
            args.push(("max", max.to_string()));
        }
        Fault::Missing { missing } => args.push(("missing", missing.to_string())),
        Fault::Forbidden { value } | Fault::Extra { value } | Fault::Option { value } => {
            push_value(&mut args, ex, value, None, w);
        }
        Fault::Position { position, value } => {
            push_value(&mut args, ex, value, Some(*position), w);
        }
    }
    fill(&template, &args, w)
}

/// The hint sentence the browser shows (as `.exercise__hint`).
pub fn hint_text(ex: &Exercise, hint: &Hint, w: &Words<'_>) -> String {
    let template = w
        .strings
        .template(w.lang, &format!("quiz.hint.{}", hint.name()))
        .unwrap_or_else(|| Template::Text(String::new()));
    let mut args: Vec<(&str, String)> = Vec::new();
    match hint {
        Hint::Include(v) | Hint::Exclude(v) | Hint::NotOption(v) => {
            push_value(&mut args, ex, v, None, w);
        }
        Hint::Place { position, value } => {
            push_value(&mut args, ex, value, Some(*position), w);
        }
        Hint::Count(n) => args.push(("count", n.to_string())),
        Hint::Rule(rule) => args.push(("rule", w.get(&super::model::rule_key(*rule)).into_owned())),
    }
    fill(&template, &args, w)
}

/// What the browser shows for an answer: the fault sentence (empty when
/// right) and, from the second wrong try on, the hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub diagnosis: Diagnosis,
    pub reason: String,
    pub hint: Option<String>,
}

/// The explanation of `chosen` (page order) on its `tries`-th wrong try.
pub fn explain(ex: &Exercise, chosen: &[&str], tries: usize, w: &Words<'_>) -> Explanation {
    let diagnosis = ex.spec.diagnose(chosen);
    let reason = match &diagnosis.fault {
        Some(f) => fault_text(ex, diagnosis.rule, f, w),
        None => w.get(&super::model::rule_key(diagnosis.rule)).into_owned(),
    };
    let hint = (!diagnosis.ok && tries >= HINT_AFTER)
        .then(|| hint_text(ex, &ex.spec.hint(&values(ex), chosen), w));
    Explanation {
        diagnosis,
        reason,
        hint,
    }
}

/// The strings keys of faults and hints every language must define.
pub fn generic_keys() -> impl Iterator<Item = String> {
    Fault::NAMES
        .iter()
        .map(|f| format!("quiz.fault.{f}"))
        .chain(Hint::NAMES.iter().map(|h| format!("quiz.hint.{h}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::answer::Limit;

    #[test]
    fn set_faults_follow_the_evaluation_order() {
        let mut spec = AnswerSpec::choose(
            AnswerType::Select,
            RuleId::JokerIsMarked,
            RuleId::JokerIsMarked,
        );
        spec.forbidden = vec![("0".into(), RuleId::FlowerIsNotJoker)];
        spec.exact = Some(vec!["2".into(), "3".into()]);
        assert_eq!(
            spec.diagnose(&["0", "2"]).fault,
            Some(Fault::Forbidden { value: "0".into() })
        );
        assert_eq!(
            spec.diagnose(&["2"]).fault,
            Some(Fault::Missing { missing: 1 })
        );
        assert_eq!(
            spec.diagnose(&["1", "2"]).fault,
            Some(Fault::Extra { value: "1".into() })
        );
        assert_eq!(spec.diagnose(&["2", "3"]).fault, None);
        assert_eq!(
            spec.hint(&["0", "1", "2", "3"], &["2"]),
            Hint::Include("3".into())
        );
        spec.count = Some(3);
        assert_eq!(
            spec.diagnose(&["2"]).fault,
            Some(Fault::Count {
                chosen: 1,
                count: 3
            })
        );
        spec.count = None;
        spec.limits = vec![Limit {
            values: vec!["1".into(), "2".into()],
            max: 1,
            rule: RuleId::BlindOnlyOnLastPass,
        }];
        let d = spec.diagnose(&["1", "2"]);
        assert_eq!(d.rule, RuleId::BlindOnlyOnLastPass);
        assert_eq!(d.fault, Some(Fault::Limit { chosen: 2, max: 1 }));
    }

    #[test]
    fn order_and_choice_faults_and_hints() {
        let order = AnswerSpec::order(
            vec!["right".into(), "across".into(), "left".into()],
            RuleId::CharlestonOrder,
        );
        assert_eq!(
            order.diagnose(&["right", "left", "across"]).fault,
            Some(Fault::Position {
                position: 1,
                value: "left".into()
            })
        );
        assert_eq!(
            order.hint(&[], &["right", "left", "across"]),
            Hint::Place {
                position: 1,
                value: "across".into()
            }
        );
        let choice = AnswerSpec::choice("yes", RuleId::GroupSize, RuleId::GroupSize);
        assert_eq!(choice.diagnose(&[]).fault, Some(Fault::Empty));
        // Two options: eliminating the other would give the answer away.
        assert_eq!(
            choice.hint(&["yes", "no"], &["no"]),
            Hint::Rule(RuleId::GroupSize)
        );
        let three = AnswerSpec::choice("b", RuleId::PassDirection, RuleId::PassDirection);
        assert_eq!(
            three.hint(&["a", "b", "c"], &["a"]),
            Hint::NotOption("c".into())
        );
    }
}
