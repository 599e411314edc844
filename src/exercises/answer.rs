//! The declarative answer spec the browser evaluates (see
//! `docs/exercise-contract.md`): which chosen values are right, and which
//! rule explains a wrong choice. [`AnswerSpec::evaluate`] is the same
//! algorithm as `quiz.js`, used by tests to prove the spec agrees with the
//! rules module on every possible answer.

use std::collections::BTreeMap;

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::rules::RuleId;

/// How the learner answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerType {
    /// Tiles chosen with checkboxes.
    Select,
    /// One radio button.
    Choice,
    /// Several checkboxes (options, not tiles).
    Multi,
    /// A keyboard-operable ordered list.
    Order,
}

impl AnswerType {
    pub fn as_str(self) -> &'static str {
        match self {
            AnswerType::Select => "select",
            AnswerType::Choice => "choice",
            AnswerType::Multi => "multi",
            AnswerType::Order => "order",
        }
    }
}

/// "At most `max` of these values" (e.g. no blind tiles on this pass).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limit {
    pub values: Vec<String>,
    pub max: usize,
    pub rule: RuleId,
}

impl Limit {
    /// How many of `chosen` are among this limit's values.
    pub fn chosen_in(&self, chosen: &[&str]) -> usize {
        chosen
            .iter()
            .filter(|v| self.values.iter().any(|l| l == *v))
            .count()
    }
}

/// A choosable value that makes a legal answer a poor one: its tile is
/// needed by group `group` of teaching line `line` (both 1-based). An answer
/// with it is "Legal, but…", never right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Poor {
    pub value: String,
    pub line: usize,
    pub group: usize,
}

/// The right answer of a choice or order exercise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Correct {
    Option(String),
    Sequence(Vec<String>),
}

/// The language-independent answer spec of one exercise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerSpec {
    pub answer_type: AnswerType,
    pub count: Option<usize>,
    pub count_rule: Option<RuleId>,
    /// value → rule, in value order.
    pub forbidden: Vec<(String, RuleId)>,
    pub limits: Vec<Limit>,
    pub exact: Option<Vec<String>>,
    /// Values a legal answer had better leave out (teaching lines need them).
    pub poor: Vec<Poor>,
    pub correct: Option<Correct>,
    pub option_rules: Vec<(String, RuleId)>,
    pub wrong_rule: RuleId,
    pub correct_rule: RuleId,
}

/// The outcome of evaluating an answer: right or wrong, and the rule cited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub ok: bool,
    pub rule: RuleId,
}

impl AnswerSpec {
    /// A spec answered by choosing values (select or multi).
    pub fn choose(answer_type: AnswerType, wrong_rule: RuleId, correct_rule: RuleId) -> Self {
        AnswerSpec {
            answer_type,
            count: None,
            count_rule: None,
            forbidden: Vec::new(),
            limits: Vec::new(),
            exact: None,
            poor: Vec::new(),
            correct: None,
            option_rules: Vec::new(),
            wrong_rule,
            correct_rule,
        }
    }

    /// A single-answer spec: `correct` is right; other options cite `wrong_rule`
    /// unless `option_rules` says otherwise.
    pub fn choice(correct: &str, wrong_rule: RuleId, correct_rule: RuleId) -> Self {
        AnswerSpec {
            correct: Some(Correct::Option(correct.to_string())),
            ..AnswerSpec::choose(AnswerType::Choice, wrong_rule, correct_rule)
        }
    }

    /// An ordering spec.
    pub fn order(sequence: Vec<String>, rule: RuleId) -> Self {
        AnswerSpec {
            correct: Some(Correct::Sequence(sequence)),
            ..AnswerSpec::choose(AnswerType::Order, rule, rule)
        }
    }

    /// Every rule the spec may cite (for the localized `rules` table).
    pub fn rules(&self) -> Vec<RuleId> {
        let mut out: Vec<RuleId> = [self.wrong_rule, self.correct_rule]
            .into_iter()
            .chain(self.count_rule)
            .chain(self.forbidden.iter().map(|(_, r)| *r))
            .chain(self.limits.iter().map(|l| l.rule))
            .chain((!self.poor.is_empty()).then_some(RuleId::CleanPassHelpsNoLine))
            .chain(self.option_rules.iter().map(|(_, r)| *r))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The language-independent part as JSON (no texts, labels or links),
    /// every field present (null or empty when unused), keys sorted: the
    /// exercise's fingerprint, and so its stable id, is built from this form.
    pub fn canonical_json(&self) -> String {
        serde_json::to_string(&SpecJson {
            spec: self,
            omit_empty: false,
        })
        .unwrap_or_default()
    }

    /// The spec the browser reads: [`AnswerSpec::canonical_json`] without
    /// the fields that have no value (null, or an empty object).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&SpecJson {
            spec: self,
            omit_empty: true,
        })
        .unwrap_or_default()
    }

    /// Evaluates an answer exactly as the browser does (see the contract).
    pub fn evaluate(&self, chosen: &[&str]) -> Outcome {
        match self.answer_type {
            AnswerType::Select | AnswerType::Multi => self.evaluate_set(chosen),
            AnswerType::Choice => self.evaluate_choice(chosen.first().copied().unwrap_or("")),
            AnswerType::Order => self.evaluate_order(chosen),
        }
    }

    fn wrong(&self, rule: RuleId) -> Outcome {
        Outcome { ok: false, rule }
    }

    fn evaluate_set(&self, chosen: &[&str]) -> Outcome {
        if let Some(n) = self.count
            && chosen.len() != n
        {
            return self.wrong(self.count_rule.unwrap_or(self.wrong_rule));
        }
        for value in chosen {
            if let Some((_, rule)) = self.forbidden.iter().find(|(v, _)| v == value) {
                return self.wrong(*rule);
            }
        }
        for limit in &self.limits {
            if limit.chosen_in(chosen) > limit.max {
                return self.wrong(limit.rule);
            }
        }
        if let Some(exact) = &self.exact {
            let mut a: Vec<&str> = chosen.to_vec();
            let mut b: Vec<&str> = exact.iter().map(String::as_str).collect();
            a.sort_unstable();
            b.sort_unstable();
            if a != b {
                return self.wrong(self.wrong_rule);
            }
        }
        if self.poor_value(chosen).is_some() {
            return self.wrong(RuleId::CleanPassHelpsNoLine);
        }
        Outcome {
            ok: true,
            rule: self.correct_rule,
        }
    }

    /// The first chosen value (in `chosen`'s order) a teaching line needs.
    pub fn poor_value(&self, chosen: &[&str]) -> Option<&Poor> {
        chosen
            .iter()
            .find_map(|v| self.poor.iter().find(|p| p.value == *v))
    }

    fn evaluate_choice(&self, chosen: &str) -> Outcome {
        match &self.correct {
            Some(Correct::Option(o)) if o == chosen => Outcome {
                ok: true,
                rule: self.correct_rule,
            },
            _ => {
                let rule = self
                    .option_rules
                    .iter()
                    .find(|(v, _)| v == chosen)
                    .map_or(self.wrong_rule, |(_, r)| *r);
                self.wrong(rule)
            }
        }
    }

    fn evaluate_order(&self, chosen: &[&str]) -> Outcome {
        match &self.correct {
            Some(Correct::Sequence(s))
                if s.iter().map(String::as_str).eq(chosen.iter().copied()) =>
            {
                Outcome {
                    ok: true,
                    rule: self.correct_rule,
                }
            }
            _ => self.wrong(self.wrong_rule),
        }
    }
}

/// An answer spec written as JSON, keys in sorted order.
struct SpecJson<'a> {
    spec: &'a AnswerSpec,
    /// Leave out null and empty fields (the browser's form).
    omit_empty: bool,
}

/// Value → rule, as a JSON object with sorted keys.
fn by_value(pairs: &[(String, RuleId)]) -> BTreeMap<&str, &'static str> {
    pairs
        .iter()
        .map(|(v, r)| (v.as_str(), r.as_str()))
        .collect()
}

impl Serialize for SpecJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let spec = self.spec;
        let keep = |empty: bool| !(self.omit_empty && empty);
        let mut m = serializer.serialize_map(None)?;
        match &spec.correct {
            Some(Correct::Option(o)) => m.serialize_entry("correct", o)?,
            Some(Correct::Sequence(s)) => m.serialize_entry("correct", s)?,
            None if keep(true) => m.serialize_entry("correct", &())?,
            None => {}
        }
        m.serialize_entry("correct_rule", spec.correct_rule.as_str())?;
        if keep(spec.count.is_none()) {
            m.serialize_entry("count", &spec.count)?;
        }
        if keep(spec.count_rule.is_none()) {
            m.serialize_entry("count_rule", &spec.count_rule.map(RuleId::as_str))?;
        }
        if keep(spec.exact.is_none()) {
            m.serialize_entry("exact", &spec.exact)?;
        }
        if keep(spec.forbidden.is_empty()) {
            m.serialize_entry("forbidden", &by_value(&spec.forbidden))?;
        }
        if !spec.limits.is_empty() {
            m.serialize_entry("limits", &spec.limits)?;
        }
        if keep(spec.option_rules.is_empty()) {
            m.serialize_entry("option_rules", &by_value(&spec.option_rules))?;
        }
        // Only when used, in both forms: older exercises keep their ids.
        if !spec.poor.is_empty() {
            let poor: BTreeMap<&str, [usize; 2]> = spec
                .poor
                .iter()
                .map(|p| (p.value.as_str(), [p.line, p.group]))
                .collect();
            m.serialize_entry("poor", &poor)?;
        }
        m.serialize_entry("type", spec.answer_type.as_str())?;
        m.serialize_entry("wrong_rule", spec.wrong_rule.as_str())?;
        m.end()
    }
}

impl Serialize for Limit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut m = serializer.serialize_map(Some(3))?;
        m.serialize_entry("max", &self.max)?;
        m.serialize_entry("rule", self.rule.as_str())?;
        m.serialize_entry("values", &self.values)?;
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn select_checks_count_then_forbidden_then_exact() {
        let mut spec = AnswerSpec::choose(
            AnswerType::Select,
            RuleId::JokerIsMarked,
            RuleId::PassExactlyThree,
        );
        spec.count = Some(3);
        spec.count_rule = Some(RuleId::PassExactlyThree);
        spec.forbidden = vec![("4".into(), RuleId::JokerNeverPassed)];
        assert_eq!(spec.evaluate(&["1", "2"]).rule, RuleId::PassExactlyThree);
        assert_eq!(
            spec.evaluate(&["1", "2", "4"]),
            Outcome {
                ok: false,
                rule: RuleId::JokerNeverPassed
            }
        );
        assert!(spec.evaluate(&["1", "2", "3"]).ok);
        spec.exact = Some(vec!["1".into(), "2".into(), "3".into()]);
        assert!(spec.evaluate(&["3", "2", "1"]).ok);
        assert!(!spec.evaluate(&["3", "2", "0"]).ok);
        let json: Value = serde_json::from_str(&spec.to_json()).unwrap();
        assert_eq!(json["forbidden"]["4"], "joker-never-passed");
        assert_eq!(json["count"], 3);
    }

    #[test]
    fn choice_and_order() {
        let mut spec = AnswerSpec::choice("right", RuleId::PassDirection, RuleId::PassDirection);
        spec.option_rules = vec![("left".into(), RuleId::CharlestonOrder)];
        assert!(spec.evaluate(&["right"]).ok);
        assert_eq!(spec.evaluate(&["left"]).rule, RuleId::CharlestonOrder);
        assert_eq!(spec.evaluate(&["across"]).rule, RuleId::PassDirection);
        let order = AnswerSpec::order(vec!["a".into(), "b".into()], RuleId::CharlestonOrder);
        assert!(order.evaluate(&["a", "b"]).ok);
        assert!(!order.evaluate(&["b", "a"]).ok);
        let json: Value = serde_json::from_str(&order.to_json()).unwrap();
        assert_eq!(json["correct"], json!(["a", "b"]));
    }

    #[test]
    fn the_browser_spec_leaves_out_empty_fields_the_canonical_form_keeps_them() {
        let spec = AnswerSpec::choice("yes", RuleId::PassDirection, RuleId::PassDirection);
        let browser = spec.to_json();
        assert_eq!(
            browser,
            r#"{"correct":"yes","correct_rule":"pass-direction","type":"choice","wrong_rule":"pass-direction"}"#
        );
        // The fingerprint (and so the exercise's id) is built from this exact form.
        assert_eq!(
            spec.canonical_json(),
            r#"{"correct":"yes","correct_rule":"pass-direction","count":null,"count_rule":null,"exact":null,"forbidden":{},"option_rules":{},"type":"choice","wrong_rule":"pass-direction"}"#
        );
    }
}
