//! The HTML of an exercise (see `docs/exercise-contract.md`): question,
//! setup tiles, choices, hidden actions for the script, a live region, the
//! answer in `<details>` for readers without JavaScript, and the answer spec
//! with its localized texts.

use std::fmt::Write;

use serde_json::{Map, Value, json};

use crate::html::escape;
use crate::i18n::Strings;
use crate::rules::{RuleId, Tile};

use super::model::{
    Arg, Choices, Exercise, Msg, Reveal, SetupRow, TextOption, TileOption, rule_key,
};
use super::tiles_svg::{TileSet, tile_svg};
use std::cell::Cell;

/// What rendering needs from the page.
pub struct Words<'a> {
    pub lang: &'a str,
    pub strings: &'a Strings,
    pub rule_link: &'a (dyn Fn(&str) -> Option<String> + Sync),
    /// Collects the tiles drawn, for the page's sprite.
    pub used_tiles: &'a Cell<TileSet>,
}

impl Words<'_> {
    /// A strings key in the page's language (the key itself if missing;
    /// missing keys are reported by the caller).
    pub fn get(&self, key: &str) -> String {
        self.strings
            .get(self.lang, key)
            .map_or_else(|| key.to_string(), str::to_string)
    }

    /// A message with its placeholders filled in.
    pub fn msg(&self, m: &Msg) -> String {
        let mut text = self.get(&m.key);
        for (name, arg) in &m.args {
            let value = match arg {
                Arg::Text(t) => t.clone(),
                Arg::Key(k) => self.get(k),
            };
            text = text.replace(&format!("{{{name}}}"), &value);
        }
        text
    }

    pub fn tile(&self, tile: Tile) -> String {
        let mut used = self.used_tiles.get();
        used.insert(tile);
        self.used_tiles.set(used);
        tile_svg(tile, &self.get(tile.name_key()))
    }
}

/// Where one exercise sits on its page.
pub struct Place<'a> {
    /// 1-based number on the page.
    pub n: usize,
    /// Stable id (short hash of the fingerprint).
    pub id: &'a str,
    /// The author's question, replacing the localized one.
    pub prompt: Option<&'a str>,
}

/// The `<section>` of one exercise.
pub fn exercise(ex: &Exercise, place: &Place<'_>, w: &Words<'_>) -> String {
    let n = place.n;
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        r#"<section class="exercise" id="ex-{n}" data-exercise-id="{id}" data-kind="{kind}" aria-labelledby="ex-{n}-q">"#,
        id = place.id,
        kind = ex.kind,
    );
    let question = place
        .prompt
        .map_or_else(|| w.msg(&ex.question), str::to_string);
    let _ = write!(
        out,
        r#"<p class="exercise__question" id="ex-{n}-q"><span class="exercise__number">{} {n}.</span> {}</p>"#,
        escape(&w.get("quiz.exercise")),
        escape(&question)
    );
    setup(&mut out, &ex.setup, w);
    form(&mut out, ex, n, w);
    out.push_str(r#"<p class="exercise__feedback" role="status" aria-live="polite"></p>"#);
    details(&mut out, ex, w);
    let spec = serde_json::to_string(&spec_json(ex, w)).unwrap_or_default();
    let _ = write!(
        out,
        r#"<script type="application/json" class="exercise__spec">{}</script>"#,
        spec.replace('<', "\\u003c")
    );
    out.push_str("</section>\n");
    out
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
            out.push_str(&w.tile(t));
        }
        out.push_str("</span>");
    }
    out.push_str("</div>");
}

fn setup(out: &mut String, rows: &[SetupRow], w: &Words<'_>) {
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
            let _ = write!(
                out,
                r#"<label class="tile-choice"><input type="checkbox" name="ex-{n}" value="{}">{}</label>"#,
                t.value,
                w.tile(t.tile)
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
        let label = escape(&w.msg(&item.label));
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
        r#"<details class="exercise__answer"><summary>{}</summary><div class="exercise__explanation">"#,
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
        let _ = write!(
            out,
            r#"<p class="exercise__rule" data-rule="{rule}">{}"#,
            escape(&w.get(&rule_key(rule)))
        );
        if let Some(href) = (w.rule_link)(rule.as_str()) {
            let _ = write!(
                out,
                r#" <a href="{}">{}</a>"#,
                escape(&href),
                escape(&w.get("quiz.lesson_link"))
            );
        }
        out.push_str("</p>");
    }
    out.push_str("</div></details>");
}

/// The full answer spec: the language-independent part plus localized
/// rule explanations, lesson links and feedback labels.
pub fn spec_json(ex: &Exercise, w: &Words<'_>) -> Value {
    let mut m = ex.spec.to_json();
    let mut rules: Vec<RuleId> = ex.spec.rules();
    rules.extend(&ex.rules);
    rules.sort();
    rules.dedup();
    let texts: Map<String, Value> = rules
        .into_iter()
        .map(|r| {
            let entry = json!({
                "text": w.get(&rule_key(r)),
                "href": (w.rule_link)(r.as_str()),
            });
            (r.as_str().to_string(), entry)
        })
        .collect();
    m.insert("rules".into(), Value::Object(texts));
    m.insert(
        "labels".into(),
        json!({
            "right": w.get("quiz.right"),
            "wrong": w.get("quiz.wrong"),
            "lesson": w.get("quiz.lesson_link"),
            "progress": w.get("quiz.progress"),
            "chosen": w.get("quiz.chosen"),
            "chosen_any": w.get("quiz.chosen_any"),
            "moved": w.get("quiz.moved"),
        }),
    );
    Value::Object(m)
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
    "quiz.move_up",
    "quiz.move_down",
    "quiz.label.answer",
];
