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
    /// A legal answer with a tile that group `group` of teaching line
    /// `line` needs: "Legal, but…".
    Poor {
        value: String,
        line: usize,
        group: usize,
    },
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
            Fault::Poor { .. } => "poor",
        }
    }

    /// The value the fault names, if any.
    pub fn value(&self) -> Option<&str> {
        match self {
            Fault::Forbidden { value }
            | Fault::Extra { value }
            | Fault::Option { value }
            | Fault::Position { value, .. }
            | Fault::Poor { value, .. } => Some(value),
            _ => None,
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
        "poor",
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
    /// Read the lesson section (of three or more options, when ruling one
    /// more out would leave only the answer, and the rule would state it).
    Lesson,
}

impl Hint {
    pub fn name(&self) -> &'static str {
        match self {
            Hint::Exclude(_) => "exclude",
            Hint::NotOption(_) => "not_option",
            Hint::Place { .. } => "place",
            Hint::Count(_) => "count",
            Hint::Rule(_) => "rule",
            Hint::Lesson => "lesson",
        }
    }

    pub const NAMES: &'static [&'static str] =
        &["exclude", "not_option", "place", "count", "rule", "lesson"];

    /// The value the hint marks, if any.
    pub fn value(&self) -> Option<&str> {
        match self {
            Hint::Exclude(v) | Hint::NotOption(v) => Some(v),
            Hint::Place { value, .. } => Some(value),
            Hint::Count(_) | Hint::Rule(_) | Hint::Lesson => None,
        }
    }
}

/// A hint is offered from this many wrong tries on; the next try may
/// narrow further.
pub const HINT_AFTER: usize = 2;

/// What the learner has done on one exercise since it was last reset: how
/// many wrong tries, and every value chosen in them (the current one too).
#[derive(Debug, Clone, Copy)]
pub struct Attempts<'a> {
    pub tries: usize,
    pub tried: &'a [&'a str],
}

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
        if chosen.is_empty() && self.count.is_none() {
            return Fault::Empty;
        }
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
        if let Some(exact) = self.exact.as_deref() {
            if let Some(v) = chosen.iter().find(|v| !exact.iter().any(|e| e == *v)) {
                return Fault::Extra {
                    value: v.to_string(),
                };
            }
            let missing = exact.len().saturating_sub(chosen.len());
            if missing > 0 {
                return Fault::Missing { missing };
            }
        }
        match self.poor_value(chosen) {
            Some(p) => Fault::Poor {
                value: p.value.clone(),
                line: p.line,
                group: p.group,
            },
            None => Fault::Missing { missing: 0 },
        }
    }

    /// Whether `value` is wrong, or poor, in any answer of a set spec.
    fn never_right(&self, value: &str) -> bool {
        self.forbidden.iter().any(|(f, _)| f == value)
            || self.poor.iter().any(|p| p.value == value)
            || self
                .exact
                .as_ref()
                .is_some_and(|e| !e.iter().any(|x| x == value))
    }

    /// The hint for a wrong answer, computed from the learner's own
    /// attempts (the one state machine of hints; `quiz.js` mirrors it):
    /// `None` before [`HINT_AFTER`] wrong tries. A hint never names a value
    /// the learner has not chosen (tiles) or has already ruled out
    /// (options), never states the answer, and marks (outlines) only a value
    /// that is part of the answer. The try after the first hint may narrow
    /// further. `values` are every choosable value in page order; `chosen`
    /// is the current answer.
    pub fn hint(&self, values: &[&str], chosen: &[&str], attempts: Attempts<'_>) -> Option<Hint> {
        if attempts.tries < HINT_AFTER {
            return None;
        }
        let second = attempts.tries > HINT_AFTER;
        Some(match self.answer_type {
            AnswerType::Select | AnswerType::Multi => {
                // Another chosen value that is wrong than the one the fault names.
                let named = self
                    .diagnose(chosen)
                    .fault
                    .and_then(|f| f.value().map(str::to_string));
                let other = chosen
                    .iter()
                    .find(|v| self.never_right(v) && named.as_deref() != Some(**v));
                match (other, self.count.or(self.exact.as_ref().map(Vec::len))) {
                    (Some(v), _) => Hint::Exclude(v.to_string()),
                    (None, Some(n)) if second && n != chosen.len() => Hint::Count(n),
                    _ => Hint::Rule(self.correct_rule),
                }
            }
            AnswerType::Choice => {
                let right = match &self.correct {
                    Some(Correct::Option(o)) => o.as_str(),
                    _ => "",
                };
                let untried: Vec<&&str> = values
                    .iter()
                    .filter(|v| **v != right && !attempts.tried.contains(v) && !chosen.contains(v))
                    .collect();
                // Ruling one out must leave at least two options untried. A
                // yes/no question's fault states the rule from the second
                // try on: no hint repeats it.
                match untried.first() {
                    Some(v) if untried.len() >= 2 => Hint::NotOption(v.to_string()),
                    _ if values.len() > 2 => Hint::Lesson,
                    _ => return None,
                }
            }
            // An order's place hint hands over a position: it waits for the
            // third wrong try; the second points at the lesson section.
            AnswerType::Order if !second => Hint::Lesson,
            AnswerType::Order => {
                let (position, right) = self.first_difference(chosen);
                Hint::Place {
                    position,
                    value: right.get(position).cloned().unwrap_or_default(),
                }
            }
        })
    }
}

// ---- localized texts ----------------------------------------------------------

/// The strings key of a question, as used in `quiz.fault_for.*` keys:
/// `quiz.pass_direction.question_receiver` → `pass_direction_question_receiver`.
pub(super) fn question_stem(question: &Msg) -> String {
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
        question_fault_key(&question_stem(question), fault),
        format!("quiz.fault_rule.{fault}.{rule}"),
        fault_key(fault),
    ]
}

/// The strings key of a fault's own template.
pub fn fault_key(fault: &str) -> String {
    match fault {
        "poor" => "quiz.feedback.poor".to_string(),
        _ => format!("quiz.fault.{fault}"),
    }
}

/// The strings key of a hint's template.
pub fn hint_key(hint: &str) -> String {
    match hint {
        "exclude" | "lesson" => format!("quiz.feedback.hint_{hint}"),
        _ => format!("quiz.hint.{hint}"),
    }
}

/// On a first wrong try, a template that would state the rule (`{rule}`)
/// gives way to this guiding question (the rule comes with the second
/// try, or with "Show answer"). Its `{guide}` is the question's own guide
/// ([`question_guide`]) or the rule's ([`guide_key`]).
pub const GUIDE_KEY: &str = "quiz.feedback.guide";

/// The strings key of a rule's guiding question: it points at the fact
/// that decides, without stating the rule.
pub fn guide_key(rule: RuleId) -> String {
    format!("guide.{rule}")
}

/// The question's own guiding question (`quiz.guide_for.<question>`),
/// localized with the question's placeholders, where the strings have one:
/// it goes into the exercise's spec as `"guide"` and replaces the guide
/// of a wrong option's rule on the first try.
pub fn question_guide(ex: &Exercise, w: &Words<'_>) -> Option<Template> {
    let key = format!("quiz.guide_for.{}", question_stem(&ex.question));
    w.strings.get(w.lang, &key)?;
    Some(w.template(&Msg {
        key: Cow::Owned(key),
        args: ex.question.args.clone(),
    }))
}

/// The verdict of a legal answer that a teaching line argues against.
pub const LEGAL_BUT_KEY: &str = "quiz.feedback.legal_but";

/// The question's own fault templates (`quiz.fault_for.<question>.<fault>`),
/// localized with the question's placeholders: they go into the exercise's
/// spec as `"faults"` (the browser fills in the answer's placeholders).
pub fn question_faults<'w>(ex: &Exercise, w: &Words<'w>) -> Vec<(&'static str, Template)> {
    let stem = question_stem(&ex.question);
    let faults = (w.kit).question_faults(&stem, |key| w.strings.get(w.lang, key).is_some());
    (faults.iter())
        .map(|fault| {
            let msg = Msg {
                key: Cow::Owned(question_fault_key(&stem, fault)),
                args: ex.question.args.clone(),
            };
            (*fault, w.template(&msg))
        })
        .collect()
}

/// The key of the sentence of `fault` for the questions of `stem`.
pub(super) fn question_fault_key(stem: &str, fault: &str) -> String {
    format!("quiz.fault_for.{stem}.{fault}")
}

/// The label and 1-based position (in its row or list) of a value.
fn value_label(ex: &Exercise, value: &str, w: &Words<'_>) -> (String, usize) {
    match &ex.choices {
        Choices::Tiles(rows) => rows
            .iter()
            .find_map(|(_, row)| {
                let i = row.iter().position(|o| o.value == value)?;
                let name = if row[i].face_down {
                    w.get("quiz.unseen.tile").into_owned()
                } else {
                    w.kit.tiles.name(row[i].tile).to_string()
                };
                Some((name, i + 1))
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

/// The fault sentence the browser shows for `fault` (as `.exercise__reason`)
/// on the `tries`-th wrong try.
pub fn fault_text(
    ex: &Exercise,
    rule: RuleId,
    fault: &Fault,
    tries: usize,
    w: &Words<'_>,
) -> String {
    let keys = fault_keys(&ex.question, fault.name(), rule);
    let own = question_faults(ex, w);
    let template = own
        .iter()
        .find(|(f, _)| *f == fault.name())
        .map(|(_, t)| t.clone())
        .or_else(|| keys[1..].iter().find_map(|k| w.strings.template(w.lang, k)))
        .unwrap_or_else(|| Template::Text(String::new()));
    // First wrong try: a guiding question instead of the rule itself.
    let own_guide = question_guide(ex, w).filter(|_| fault.name() == "option");
    let guiding = tries < HINT_AFTER && (template.mentions("rule") || own_guide.is_some());
    let template = if guiding {
        Template::Text(w.get(GUIDE_KEY).into_owned())
    } else {
        template
    };
    let rule_text = w.get(&super::model::rule_key(rule)).into_owned();
    let guide = match &own_guide {
        Some(t) => fill(t, &[], w),
        None => w
            .strings
            .get(w.lang, &guide_key(rule))
            .unwrap_or("")
            .to_string(),
    };
    let mut args: Vec<(&str, String)> = vec![("rule", rule_text), ("guide", guide)];
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
        Fault::Poor { value, line, group } => {
            push_value(&mut args, ex, value, None, w);
            args.push(("line", line.to_string()));
            args.push(("group", group.to_string()));
        }
    }
    if let Some(note) = fault.value().and_then(|v| note(ex, v, w)) {
        args.push(("note", note));
    }
    fill(&template, &args, w)
}

/// The hint sentence the browser shows (as `.exercise__hint`).
pub fn hint_text(ex: &Exercise, hint: &Hint, w: &Words<'_>) -> String {
    let template = w
        .strings
        .template(w.lang, &hint_key(hint.name()))
        .unwrap_or_else(|| Template::Text(String::new()));
    let mut args: Vec<(&str, String)> = Vec::new();
    match hint {
        Hint::Exclude(v) | Hint::NotOption(v) => {
            push_value(&mut args, ex, v, None, w);
        }
        Hint::Place { position, value } => {
            push_value(&mut args, ex, value, Some(*position), w);
        }
        Hint::Count(n) => args.push(("count", n.to_string())),
        Hint::Rule(rule) => args.push(("rule", w.get(&super::model::rule_key(*rule)).into_owned())),
        Hint::Lesson => {}
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

/// The localized note an exercise keeps for `value` (where a tile came
/// from, …), filled into a fault's `{note}`.
pub fn note(ex: &Exercise, value: &str, w: &Words<'_>) -> Option<String> {
    ex.notes
        .iter()
        .find(|(v, _)| v == value)
        .map(|(_, m)| w.msg(m).into_owned())
}

/// The explanation of `chosen` (page order), a wrong answer counted in
/// `attempts` (its values among `attempts.tried`).
pub fn explain(
    ex: &Exercise,
    chosen: &[&str],
    attempts: Attempts<'_>,
    w: &Words<'_>,
) -> Explanation {
    let diagnosis = ex.spec.diagnose(chosen);
    let reason = match &diagnosis.fault {
        Some(f) => fault_text(ex, diagnosis.rule, f, attempts.tries, w),
        None => w.get(&super::model::rule_key(diagnosis.rule)).into_owned(),
    };
    let hint = if diagnosis.ok {
        None
    } else {
        ex.spec
            .hint(&values(ex), chosen, attempts)
            .map(|h| hint_text(ex, &h, w))
    };
    Explanation {
        diagnosis,
        reason,
        hint,
    }
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
        // Nothing chosen: "choose first", not "you chose jokers".
        assert_eq!(spec.diagnose(&[]).fault, Some(Fault::Empty));
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
        let twice = Attempts {
            tries: 2,
            tried: &[],
        };
        // The second try points at the lesson; a position only from the third.
        assert_eq!(
            order.hint(&[], &["right", "left", "across"], twice),
            Some(Hint::Lesson)
        );
        let thrice = Attempts {
            tries: 3,
            tried: &[],
        };
        assert_eq!(
            order.hint(&[], &["right", "left", "across"], thrice),
            Some(Hint::Place {
                position: 1,
                value: "across".into()
            })
        );
        let choice = AnswerSpec::choice("yes", RuleId::GroupSize, RuleId::GroupSize);
        assert_eq!(choice.diagnose(&[]).fault, Some(Fault::Empty));
        // Two options: eliminating the other would give the answer away.
        assert_eq!(choice.hint(&["yes", "no"], &["no"], twice), None);
        // Three options, one tried: ruling out the other would leave the answer.
        let three = AnswerSpec::choice("b", RuleId::PassDirection, RuleId::PassDirection);
        let tried_a = Attempts {
            tries: 2,
            tried: &["a"],
        };
        assert_eq!(
            three.hint(&["a", "b", "c"], &["a"], tried_a),
            Some(Hint::Lesson)
        );
    }

    fn attempts<'a>(tries: usize, tried: &'a [&'a str]) -> Attempts<'a> {
        Attempts { tries, tried }
    }

    #[test]
    fn no_hint_before_the_second_wrong_try() {
        let spec = AnswerSpec::choice("b", RuleId::PassDirection, RuleId::PassDirection);
        assert_eq!(
            spec.hint(&["a", "b", "c", "d"], &["a"], attempts(1, &["a"])),
            None
        );
    }

    #[test]
    fn a_choice_hint_never_names_an_option_already_tried_nor_the_last_wrong_one() {
        let spec = AnswerSpec::choice("108", RuleId::TileCopiesInSet, RuleId::TileCopiesInSet);
        let values = ["100", "108", "144", "152", "136"];
        // 100 and 144 tried: the hint rules out 152, never 100 or 144.
        let hint = spec.hint(&values, &["144"], attempts(2, &["100", "144"]));
        assert_eq!(hint, Some(Hint::NotOption("152".into())));
        // The next try narrows further: 152 tried too, 136 would be the last
        // wrong one, so ruling it out would state the answer: the lesson instead
        // (the rule would state it too).
        let hint = spec.hint(&values, &["152"], attempts(3, &["100", "144", "152"]));
        assert_eq!(hint, Some(Hint::Lesson));
    }

    #[test]
    fn a_tile_hint_names_only_tiles_the_learner_chose() {
        // find-jokers: jokers 3 and 5; 0 a flower.
        let mut spec = AnswerSpec::choose(
            AnswerType::Select,
            RuleId::JokerIsMarked,
            RuleId::JokerIsMarked,
        );
        spec.forbidden = vec![
            ("0".into(), RuleId::FlowerIsNotJoker),
            ("1".into(), RuleId::JokerIsMarked),
        ];
        spec.exact = Some(vec!["3".into(), "5".into()]);
        let values = ["0", "1", "2", "3", "4", "5"];
        // Chose 0 and 1: the fault names 0, the hint the other chosen one, 1.
        let hint = spec.hint(&values, &["0", "1"], attempts(2, &["0", "1"]));
        assert_eq!(hint, Some(Hint::Exclude("1".into())));
        // Chose one joker: no joker is named (that would be the answer); the
        // first hint is the rule, the second narrows to how many.
        assert_eq!(
            spec.hint(&values, &["3"], attempts(2, &["3"])),
            Some(Hint::Rule(RuleId::JokerIsMarked))
        );
        assert_eq!(
            spec.hint(&values, &["3"], attempts(3, &["3"])),
            Some(Hint::Count(2))
        );
        // A pass with a joker among 3 chosen and a wrong count: only a chosen
        // tile is named, never an unchosen joker.
        let mut pass = AnswerSpec::choose(
            AnswerType::Select,
            RuleId::PassExactlyThree,
            RuleId::JokerNeverPassed,
        );
        pass.count = Some(3);
        pass.forbidden = vec![("8".into(), RuleId::JokerNeverPassed)];
        let hint = pass.hint(
            &values,
            &["0", "1", "2", "3"],
            attempts(2, &["0", "1", "2", "3"]),
        );
        assert_eq!(hint, Some(Hint::Rule(RuleId::JokerNeverPassed)));
    }

    #[test]
    fn a_legal_pass_with_a_tile_a_line_needs_is_poor_not_right() {
        let mut spec = AnswerSpec::choose(
            AnswerType::Select,
            RuleId::PassExactlyThree,
            RuleId::CleanPassHelpsNoLine,
        );
        spec.count = Some(3);
        spec.poor = vec![crate::exercises::answer::Poor {
            value: "2".into(),
            line: 1,
            group: 3,
        }];
        assert!(spec.diagnose(&["0", "1", "3"]).ok);
        let d = spec.diagnose(&["0", "1", "2"]);
        assert!(!d.ok);
        assert_eq!(d.rule, RuleId::CleanPassHelpsNoLine);
        assert_eq!(
            d.fault,
            Some(Fault::Poor {
                value: "2".into(),
                line: 1,
                group: 3
            })
        );
    }
}
