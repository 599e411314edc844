//! The HTML of an exercise (see `docs/exercise-contract.md`): question,
//! setup tiles, choices, hidden actions for the script, a live region, the
//! answer in `<details>` for readers without JavaScript, and the answer spec;
//! plus the page's one table of localized rule texts and labels.

use std::borrow::Cow;
use std::fmt::Write;

use serde_json::json;

use crate::html::escape;
use crate::i18n::Strings;
use crate::rules::{RuleId, Tile};

use super::model::{Choices, Exercise, Msg, Reveal, SetupRow, TextOption, TileOption, rule_key};
use super::words::Words;

/// Where one exercise sits on its page.
pub struct Place<'a> {
    /// 1-based number on the page.
    pub n: usize,
    /// Stable id (short hash of the fingerprint).
    pub id: &'a str,
    /// The author's question, replacing the localized one.
    pub prompt: Option<&'a str>,
    /// Level of the exercise's heading (one below the section it sits in).
    pub level: u8,
    /// Whether the lesson has a pool of variants of its kind (`pool`):
    /// then "Try another like this" is offered.
    pub pooled: bool,
    /// The practice sheet with more exercises of its kind, linked for
    /// readers without JavaScript ("Try another like this" replaces it).
    pub more: Option<&'a str>,
}

/// The `<section>` of one exercise.
pub fn exercise(ex: &Exercise, place: &Place<'_>, w: &Words<'_>) -> String {
    let mut out = String::with_capacity(4096);
    exercise_into(&mut out, ex, place, w);
    out
}

/// [`exercise`], appended to `out`.
pub fn exercise_into(out: &mut String, ex: &Exercise, place: &Place<'_>, w: &Words<'_>) {
    let n = place.n;
    let _ = write!(
        out,
        r#"<section class="exercise" id="ex-{n}" data-exercise-id="{id}" data-kind="{kind}" aria-labelledby="ex-{n}-h">"#,
        id = place.id,
        kind = ex.kind,
    );
    let level = place.level.clamp(2, 6);
    let _ = write!(
        out,
        r#"<h{level} class="exercise__title" id="ex-{n}-h">{}</h{level}>"#,
        escape(&heading(ex, n, w))
    );
    let question = place
        .prompt
        .map_or_else(|| w.msg(&ex.question), Cow::Borrowed);
    let _ = write!(
        out,
        r#"<p class="exercise__question" id="ex-{n}-q">{}</p>"#,
        escape(&question)
    );
    setup(out, &ex.setup, w);
    form(out, ex, n, w);
    // Feedback and answer are left out of the search index: no result's
    // snippet may give an answer away.
    out.push_str(
        r#"<p class="exercise__feedback" role="status" aria-live="polite" data-pagefind-ignore></p>"#,
    );
    details(out, ex, w);
    if place.pooled {
        match (place.more, w.strings.get(w.lang, "quiz.another.sheet")) {
            (Some(href), Some(text)) => {
                let _ = write!(
                    out,
                    r#"<p class="exercise__more" data-pagefind-ignore><a href="{}">{}</a></p>"#,
                    escape(href),
                    escape(text)
                );
            }
            _ => out.push_str(r#"<p class="exercise__more" hidden></p>"#),
        }
    }
    cite_rules(ex, w.shared);
    let _ = write!(
        out,
        r#"<script type="application/json" class="exercise__spec">{}</script>"#,
        spec_json(ex, w).replace('<', "\\u003c")
    );
    out.push_str("</section>\n");
}

/// Notes in `shared` the rules exercise `ex` cites (its rule texts come
/// from the page's table, or a pool's).
pub fn cite_rules(ex: &Exercise, shared: &super::PageShared) {
    for rule in ex.spec.rules().into_iter().chain(ex.rules.iter().copied()) {
        shared.add_rule(rule);
    }
}

/// "Exercise 12: First Charleston, pass across": the question's own title
/// (`quiz.title_for.<question>`) or the kind's (`quiz.title.<kind>`),
/// filled like the question, or just the number.
pub(super) fn heading(ex: &Exercise, n: usize, w: &Words<'_>) -> String {
    let own = format!(
        "quiz.title_for.{}",
        super::feedback::question_stem(&ex.question)
    );
    let key = match w.strings.get(w.lang, &own) {
        Some(_) => own,
        None => format!("quiz.title.{}", ex.kind),
    };
    let number = format!("{} {n}", w.get("quiz.exercise"));
    if w.strings.get(w.lang, &key).is_none() {
        return number;
    }
    let msg = Msg {
        key: Cow::Owned(key),
        args: ex.question.args.clone(),
    };
    let title = w.msg(&msg);
    w.get("quiz.heading")
        .replace("{exercise}", &number)
        .replace("{title}", &title)
}

/// The answer spec the browser reads, with the question's own fault
/// templates (`"faults"`, see `feedback`), which the fingerprint leaves out.
fn spec_json(ex: &Exercise, w: &Words<'_>) -> String {
    let mut json = ex.spec.to_json();
    let faults = super::feedback::question_faults(ex, w);
    if !faults.is_empty() && json.ends_with('}') {
        let map: serde_json::Map<String, serde_json::Value> = faults
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_json()))
            .collect();
        json.pop();
        let _ = write!(json, r#","faults":{}}}"#, serde_json::Value::Object(map));
    }
    if let Some(guide) = super::feedback::question_guide(ex, w)
        && json.ends_with('}')
    {
        json.pop();
        let _ = write!(json, r#","guide":{}}}"#, guide.to_json());
    }
    if !ex.notes.is_empty() && json.ends_with('}') {
        let map: serde_json::Map<String, serde_json::Value> = ex
            .notes
            .iter()
            .map(|(v, m)| (v.clone(), serde_json::Value::String(w.msg(m).into_owned())))
            .collect();
        json.pop();
        let _ = write!(json, r#","notes":{}}}"#, serde_json::Value::Object(map));
    }
    json
}

fn tiles_row(out: &mut String, label: &str, groups: &[Vec<Tile>], w: &Words<'_>) {
    let _ = write!(
        out,
        r#"<div class="tile-row" role="group" aria-label="{}">"#,
        escape(label)
    );
    for group in groups {
        out.push_str(r#"<span class="tile-group">"#);
        for &t in group {
            out.push_str(w.tile(t));
        }
        out.push_str("</span>");
    }
    out.push_str("</div>");
}

pub(super) fn setup(out: &mut String, rows: &[SetupRow], w: &Words<'_>) {
    if rows.is_empty() {
        return;
    }
    out.push_str(r#"<div class="exercise__setup">"#);
    for row in rows {
        let label = w.msg(&row.label);
        let _ = write!(
            out,
            r#"<p class="setup__label" aria-hidden="true">{}</p>"#,
            escape(&label)
        );
        tiles_row(out, &label, &row.groups, w);
    }
    out.push_str("</div>");
}

fn form(out: &mut String, ex: &Exercise, n: usize, w: &Words<'_>) {
    let _ = write!(
        out,
        r#"<form class="exercise__form" data-answer-type="{}" novalidate><fieldset class="exercise__choices"><legend class="vh">{}</legend>"#,
        ex.spec.answer_type.as_str(),
        escape(&w.msg(&ex.legend))
    );
    match &ex.choices {
        Choices::Tiles(rows) => tile_choices(out, rows, n, w),
        Choices::Options { multi, options } => option_choices(out, options, *multi, n, w),
        Choices::Order(items) => order_items(out, items, w),
    }
    let _ = write!(
        out,
        r#"</fieldset><div class="exercise__actions" hidden><button type="submit" class="exercise__check">{}</button><button type="button" class="exercise__retry" hidden>{}</button><button type="button" class="exercise__show">{}</button></div></form>"#,
        escape(&w.get("quiz.check")),
        escape(&w.get("quiz.try_again")),
        escape(&w.get("quiz.show_answer")),
    );
}

fn tile_choices(out: &mut String, rows: &[(Msg, Vec<TileOption>)], n: usize, w: &Words<'_>) {
    for (label, tiles) in rows {
        let label = w.msg(label);
        let _ = write!(
            out,
            r#"<p class="setup__label" aria-hidden="true">{}</p><div class="tile-row" role="group" aria-label="{}">"#,
            escape(&label),
            escape(&label)
        );
        for t in tiles {
            if t.face_down {
                let _ = write!(
                    out,
                    r#"<label class="tile-choice"><input type="checkbox" name="ex-{n}" value="{}" aria-label="{}"><span class="tile tile--back"></span></label>"#,
                    t.value,
                    escape(&w.get("quiz.unseen.tile")),
                );
                continue;
            }
            w.shared.add_tile(t.tile);
            let _ = write!(
                out,
                r#"<label class="tile-choice"><input type="checkbox" name="ex-{n}" value="{}" aria-label="{}">{}</label>"#,
                t.value,
                escape(w.kit.tiles.name(t.tile)),
                w.kit.tiles.decorative(t.tile)
            );
        }
        out.push_str("</div>");
    }
}

fn option_choices(out: &mut String, options: &[TextOption], multi: bool, n: usize, w: &Words<'_>) {
    let input = if multi { "checkbox" } else { "radio" };
    for o in options {
        let _ = write!(
            out,
            r#"<label class="option"><input type="{input}" name="ex-{n}" value="{}"> <span>{}</span></label>"#,
            escape(&o.id),
            escape(&w.msg(&o.label))
        );
    }
}

fn order_items(out: &mut String, items: &[TextOption], w: &Words<'_>) {
    let up = w.get("quiz.move_up");
    let down = w.get("quiz.move_down");
    out.push_str(r#"<ol class="exercise__order">"#);
    for item in items {
        let label = w.msg(&item.label);
        let label = escape(&label);
        let _ = write!(
            out,
            r#"<li data-value="{}"><span class="order__label">{label}</span> <button type="button" class="order__up" aria-label="{}: {label}">↑</button> <button type="button" class="order__down" aria-label="{}: {label}">↓</button></li>"#,
            escape(&item.id),
            escape(&up),
            escape(&down),
        );
    }
    out.push_str("</ol>");
}

fn details(out: &mut String, ex: &Exercise, w: &Words<'_>) {
    let _ = write!(
        out,
        r#"<details class="exercise__answer" data-pagefind-ignore><summary>{}</summary><div class="exercise__explanation">"#,
        escape(&w.get("quiz.answer"))
    );
    for part in &ex.reveal {
        match part {
            Reveal::Text(m) => {
                let _ = write!(out, "<p>{}</p>", escape(&w.msg(m)));
            }
            Reveal::Tiles(tiles) => tiles_row(
                out,
                &w.get("quiz.label.answer"),
                std::slice::from_ref(tiles),
                w,
            ),
            Reveal::Backs(n) => {
                let label = w.get("quiz.unseen.blind");
                let unseen = w.get("quiz.unseen.tile");
                let _ = write!(
                    out,
                    r#"<p class="setup__label" aria-hidden="true">{label}</p><div class="tile-row" role="group" aria-label="{label}">"#,
                    label = escape(&label)
                );
                for _ in 0..*n {
                    let _ = write!(
                        out,
                        r#"<span class="tile tile--back" role="img" aria-label="{}"></span>"#,
                        escape(&unseen)
                    );
                }
                out.push_str("</div>");
            }
            Reveal::Options(labels) => {
                let items: Vec<String> = labels
                    .iter()
                    .map(|m| format!("<li>{}</li>", escape(&w.msg(m))))
                    .collect();
                let tag = if labels.len() > 1 { "ol" } else { "ul" };
                let _ = write!(
                    out,
                    r#"<{tag} class="exercise__solution">{}</{tag}>"#,
                    items.concat()
                );
            }
        }
    }
    for &rule in &ex.rules {
        out.push_str(w.kit.texts.rule_html(rule));
    }
    out.push_str("</div></details>");
}

/// Where a rule is taught: the section's URL and its heading in the page's
/// language (the lesson link's text names it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleLink {
    pub href: String,
    pub section: String,
}

/// The localized texts of exercises in one language, written once per build:
/// each rule's explanation (HTML for the answer, JSON for the page's table)
/// and the feedback labels.
#[derive(Debug, Clone)]
pub struct LangTexts {
    /// `"labels":{…}`
    labels: String,
    /// Per [`RuleId::index`]: `"id":{"text":…,"href":…}`.
    rule_json: Vec<String>,
    /// Per [`RuleId::index`]: `<p class="exercise__rule" …>…</p>`.
    rule_html: Vec<String>,
    /// Bit [`RuleId::index`] set when the rule has a lesson to link to.
    lessons: u64,
    /// The digest of `rule_json` and `rule_html` ([`LangTexts::rules_digest`]).
    rules_digest: String,
}

impl LangTexts {
    pub fn new(
        lang: &str,
        strings: &Strings,
        rule_link: &dyn Fn(&str) -> Option<RuleLink>,
    ) -> LangTexts {
        let get = |key: &str| strings.get(lang, key).unwrap_or(key).to_string();
        // Messages the browser fills in (plural forms where they have them).
        let js = |key: &str| {
            strings
                .template(lang, key)
                .map_or_else(|| key.into(), |t| t.to_json())
        };
        let mut labels = json!({
            "right": get("quiz.right"),
            "wrong": get("quiz.wrong"),
            "lesson": get("quiz.lesson_link"),
            "progress": js("quiz.progress"),
            // optional (a theme without it: the counter leaves revealed ones out)
            "progress_revealed": strings
                .template(lang, "quiz.revealed.progress")
                .map(|t| t.to_json()),
            "chosen": js("quiz.chosen"),
            "chosen_any": js("quiz.chosen_any"),
            "moved": js("quiz.moved"),
            "moved_edge": js("quiz.moved_edge"),
            "order_keys": get("quiz.legend.order_keys"),
            "legal_but": get(super::feedback::LEGAL_BUT_KEY),
            "guide": get(super::feedback::GUIDE_KEY),
            // "Try another like this" (optional: without them, no button)
            "another": strings.get(lang, "quiz.another.button"),
            "another_new": strings.template(lang, "quiz.another.new").map(|t| t.to_json()),
            "another_done": strings.get(lang, "quiz.another.done"),
            "another_offline": strings.get(lang, "quiz.another.offline"),
        });
        labels["faults"] = fault_templates(lang, strings).into();
        labels["hints"] = super::feedback::Hint::NAMES
            .iter()
            .map(|h| (h.to_string(), js(&super::feedback::hint_key(h))))
            .collect::<serde_json::Map<_, _>>()
            .into();
        let mut rule_json = Vec::new();
        let mut rule_html = Vec::new();
        let mut lessons = 0;
        for &rule in RuleId::ALL {
            let text = get(&rule_key(rule));
            let link = rule_link(rule.as_str());
            let lesson = link.as_ref().map(|l| {
                strings
                    .format(
                        lang,
                        "quiz.lesson_section",
                        &[("section", l.section.as_str().into())],
                    )
                    .unwrap_or_else(|| l.section.clone())
            });
            let href = link.as_ref().map(|l| l.href.as_str());
            // the guiding question of a first wrong try (optional)
            let guide = strings.get(lang, &super::feedback::guide_key(rule));
            let entry = json!({ "text": text, "href": href, "lesson": lesson, "guide": guide });
            rule_json.push(format!("\"{rule}\":{}", script_json(&entry)));
            let mut html = format!(
                r#"<p class="exercise__rule" data-rule="{rule}">{}"#,
                escape(&text)
            );
            if let (Some(href), Some(lesson)) = (href, &lesson) {
                lessons |= 1 << rule.index();
                let _ = write!(
                    html,
                    r#" <a href="{}">{}</a>"#,
                    escape(href),
                    escape(lesson)
                );
            }
            html.push_str("</p>");
            rule_html.push(html);
        }
        let mut d = crate::hash::Digest::new();
        for (json, html) in rule_json.iter().zip(&rule_html) {
            d.field(json).field(html);
        }
        LangTexts {
            labels: format!("\"labels\":{}", script_json(&labels)),
            rules_digest: d.finish(),
            rule_json,
            rule_html,
            lessons,
        }
    }

    /// Whether `[exercises.rule_lessons]` maps `rule` to a lesson.
    pub fn has_lesson(&self, rule: RuleId) -> bool {
        self.lessons & 1 << rule.index() != 0
    }

    pub(super) fn rule_html(&self, rule: RuleId) -> &str {
        &self.rule_html[rule.index()]
    }

    /// The page's table of the texts its exercises' specs refer to: the
    /// labels, and the explanation and lesson link of each rule cited.
    pub fn page_table(&self, rules: &[RuleId]) -> String {
        let mut out = String::from(r#"<script type="application/json" id="quiz-texts">{"#);
        out.push_str(&self.labels);
        out.push_str(r#","rules":"#);
        out.push_str(&self.rules_object(rules));
        out.push_str("}</script>\n");
        out
    }

    /// The digest of every rule's texts and links (what an exercise's HTML
    /// and a pool's rule table show of them).
    pub fn rules_digest(&self) -> &str {
        &self.rules_digest
    }

    /// The JSON object `{"<rule id>": {"text", "href", "lesson"}, …}` of
    /// `rules`, safe inside `<script>`.
    pub fn rules_object(&self, rules: &[RuleId]) -> String {
        let mut out = String::from("{");
        for (i, rule) in rules.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&self.rule_json[rule.index()]);
        }
        out.push('}');
        out
    }
}

/// The fault templates every exercise may use: `"<fault>"` (generic) and
/// `"<fault>.<rule>"` (for one rule), where the strings define them.
fn fault_templates(lang: &str, strings: &Strings) -> serde_json::Map<String, serde_json::Value> {
    let mut out = serde_json::Map::new();
    for fault in super::feedback::Fault::NAMES {
        if let Some(t) = strings.template(lang, &super::feedback::fault_key(fault)) {
            out.insert(fault.to_string(), t.to_json());
        }
        for rule in RuleId::ALL {
            if let Some(t) = strings.template(lang, &format!("quiz.fault_rule.{fault}.{rule}")) {
                out.insert(format!("{fault}.{rule}"), t.to_json());
            }
        }
    }
    out
}

/// JSON safe inside `<script>`: no `<` can end the element or open a comment.
fn script_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value)
        .unwrap_or_default()
        .replace('<', "\\u003c")
}

/// The keys the page chrome of every exercise needs.
pub const CHROME_KEYS: &[&str] = &[
    "quiz.exercise",
    "quiz.check",
    "quiz.try_again",
    "quiz.show_answer",
    "quiz.answer",
    "quiz.lesson_link",
    "quiz.right",
    "quiz.wrong",
    "quiz.progress",
    "quiz.chosen",
    "quiz.chosen_any",
    "quiz.moved",
    "quiz.moved_edge",
    "quiz.heading",
    "quiz.lesson_section",
    "quiz.legend.order_keys",
    "quiz.fault.empty",
    "quiz.fault.count",
    "quiz.fault.forbidden",
    "quiz.fault.limit",
    "quiz.fault.missing",
    "quiz.fault.extra",
    "quiz.fault.option",
    "quiz.fault.position",
    "quiz.feedback.poor",
    "quiz.feedback.legal_but",
    "quiz.feedback.guide",
    "quiz.feedback.hint_exclude",
    "quiz.feedback.hint_lesson",
    "quiz.hint.not_option",
    "quiz.hint.place",
    "quiz.hint.count",
    "quiz.hint.rule",
    "quiz.move_up",
    "quiz.move_down",
    "quiz.label.answer",
];
