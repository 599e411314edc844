//! The declarative answer spec the browser evaluates (see
//! `docs/exercise-contract.md`): which chosen values are right, and which
//! rule explains a wrong choice. [`AnswerSpec::evaluate`] is the same
//! algorithm as `quiz.js`, used by tests to prove the spec agrees with the
//! rules module on every possible answer.

use serde_json::{Map, Value, json};

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
            .chain(self.option_rules.iter().map(|(_, r)| *r))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The language-independent part as JSON (no texts, labels or links),
    /// every field present (null or empty when unused): the exercise's
    /// fingerprint, and so its stable id, is built from this form.
    pub fn canonical_json(&self) -> Map<String, Value> {
        let pairs = |v: &[(String, RuleId)]| -> Value {
            Value::Object(
                v.iter()
                    .map(|(k, r)| (k.clone(), json!(r.as_str())))
                    .collect(),
            )
        };
        let mut m = Map::new();
        m.insert("type".into(), json!(self.answer_type.as_str()));
        m.insert("count".into(), json!(self.count));
        m.insert(
            "count_rule".into(),
            json!(self.count_rule.map(RuleId::as_str)),
        );
        m.insert("forbidden".into(), pairs(&self.forbidden));
        if !self.limits.is_empty() {
            let limits: Vec<Value> = self
                .limits
                .iter()
                .map(|l| json!({"values": l.values, "max": l.max, "rule": l.rule.as_str()}))
                .collect();
            m.insert("limits".into(), Value::Array(limits));
        }
        m.insert("exact".into(), json!(self.exact));
        let correct = match &self.correct {
            Some(Correct::Option(o)) => json!(o),
            Some(Correct::Sequence(s)) => json!(s),
            None => Value::Null,
        };
        m.insert("correct".into(), correct);
        m.insert("option_rules".into(), pairs(&self.option_rules));
        m.insert("wrong_rule".into(), json!(self.wrong_rule.as_str()));
        m.insert("correct_rule".into(), json!(self.correct_rule.as_str()));
        m
    }

    /// The spec the browser reads: [`AnswerSpec::canonical_json`] without
    /// the fields that have no value (null, or an empty object).
    pub fn to_json(&self) -> Map<String, Value> {
        let mut m = self.canonical_json();
        m.retain(|_, v| !(v.is_null() || v.as_object().is_some_and(Map::is_empty)));
        m
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
            let n = chosen
                .iter()
                .filter(|v| limit.values.iter().any(|l| l == *v))
                .count();
            if n > limit.max {
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
        Outcome {
            ok: true,
            rule: self.correct_rule,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let json = Value::Object(spec.to_json());
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
        assert_eq!(Value::Object(order.to_json())["correct"], json!(["a", "b"]));
    }

    #[test]
    fn the_browser_spec_leaves_out_empty_fields_the_canonical_form_keeps_them() {
        let spec = AnswerSpec::choice("yes", RuleId::PassDirection, RuleId::PassDirection);
        let browser = Value::Object(spec.to_json()).to_string();
        assert_eq!(
            browser,
            r#"{"correct":"yes","correct_rule":"pass-direction","type":"choice","wrong_rule":"pass-direction"}"#
        );
        // The fingerprint (and so the exercise's id) is built from this exact form.
        assert_eq!(
            Value::Object(spec.canonical_json()).to_string(),
            r#"{"correct":"yes","correct_rule":"pass-direction","count":null,"count_rule":null,"exact":null,"forbidden":{},"option_rules":{},"type":"choice","wrong_rule":"pass-direction"}"#
        );
    }
}
