//! One exercise as a question item: its text (tiles as `tiles/<id>.svg` images), and its answers in the closest shape a question bank has (choice, multiple answer, ordering, numeric), each wrong answer with the rules engine's explanation; pure data.

use std::fmt::Write;

use crate::exercises::answer::{AnswerType, Correct};
use crate::exercises::feedback::{HINT_AFTER, fault_text, values};
use crate::exercises::model::{Choices, Exercise, Msg, Reveal, SetupRow, rule_key};
use crate::exercises::tiles_svg::{TileSet, tile_img};
use crate::exercises::words::Words;
use crate::html::escape;
use crate::rules::Tile;

/// Most choosable values whose every subset is tried to prove that one
/// answer alone is right (2^16 evaluations).
const MAX_SUBSET_VALUES: usize = 16;

/// One answer of a choice or multiple-answer item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// HTML (text, or a tile image with its name).
    pub html: String,
    pub correct: bool,
    /// Why this answer is right or wrong, in the rules engine's words.
    pub feedback: String,
}

/// The closest question type to an exercise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// One right answer among the options.
    Choice(Vec<Answer>),
    /// Exactly the right answers, the others wrong (every subset tried).
    Multiple(Vec<Answer>),
    /// Put the items in order: `items` in the right order, `shown` their
    /// positions in the order the learner first sees.
    Order {
        items: Vec<String>,
        shown: Vec<usize>,
        /// The explanation a wrong order gets.
        feedback: String,
    },
    /// A whole number: the right one, and each offered wrong number with
    /// its explanation.
    Numeric {
        answer: i64,
        right: String,
        wrong: Vec<(i64, String)>,
    },
}

impl Shape {
    /// The name used in messages.
    pub fn name(&self) -> &'static str {
        match self {
            Shape::Choice(_) => "multiple choice",
            Shape::Multiple(_) => "multiple answer",
            Shape::Order { .. } => "ordering",
            Shape::Numeric { .. } => "numeric",
        }
    }
}

/// One question item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The exercise's id on the site (a short hash of its fingerprint):
    /// the same in every language.
    pub id: String,
    pub name: String,
    pub kind: &'static str,
    /// The question as HTML; tiles are `<img src="tiles/<id>.svg">`.
    pub html: String,
    pub shape: Shape,
    /// What the site reveals as the answer, and the rules it cites.
    pub general: String,
    /// Every tile the item's texts show.
    pub tiles: TileSet,
}

/// Makes the item of `ex` (`prompt`: the author's question, if any), or
/// says why no bank shape expresses it.
pub fn item(
    ex: &Exercise,
    id: String,
    name: String,
    prompt: Option<&str>,
    w: &Words<'_>,
) -> Result<Item, String> {
    let mut tiles = TileSet::default();
    let shape = shape(ex, w, &mut tiles)?;
    let legend = !matches!(shape, Shape::Numeric { .. });
    let html = question_html(ex, prompt, legend, w, &mut tiles);
    let general = general_html(ex, w, &mut tiles);
    Ok(Item {
        id,
        name,
        kind: ex.kind,
        html,
        shape,
        general,
        tiles,
    })
}

/// The item's title: "Page: Exercise 3, <the kind's title>".
pub fn title(ex: &Exercise, page: &str, n: usize, w: &Words<'_>) -> String {
    let number = format!("{} {n}", w.get("quiz.exercise"));
    let key = format!("quiz.title.{}", ex.kind);
    let heading = if w.strings.get(w.lang, &key).is_some() {
        let msg = Msg {
            key: key.into(),
            args: ex.question.args.clone(),
        };
        w.get("quiz.heading")
            .replace("{exercise}", &number)
            .replace("{title}", &w.msg(&msg))
    } else {
        number
    };
    format!("{page}: {heading}")
}

fn shape(ex: &Exercise, w: &Words<'_>, tiles: &mut TileSet) -> Result<Shape, String> {
    match (&ex.choices, ex.spec.answer_type) {
        (Choices::Options { multi: false, .. }, AnswerType::Choice) => choice(ex, w),
        (Choices::Order(_), AnswerType::Order) => order(ex, w),
        (Choices::Options { multi: true, .. }, AnswerType::Multi)
        | (Choices::Tiles(_), AnswerType::Select) => multiple(ex, w, tiles),
        (_, t) => Err(format!(
            "its answer type `{}` does not match its choices",
            t.as_str()
        )),
    }
}

/// The rules engine's explanation of `chosen`: the fault sentence the site
/// shows from the second wrong try on, with the rule's text.
pub fn explanation(ex: &Exercise, chosen: &[&str], w: &Words<'_>) -> String {
    let d = ex.spec.diagnose(chosen);
    let rule = w.get(&rule_key(d.rule)).into_owned();
    let Some(fault) = &d.fault else { return rule };
    let text = fault_text(ex, d.rule, fault, HINT_AFTER, w);
    if text.is_empty() {
        rule
    } else if text.contains(&rule) {
        text
    } else {
        format!("{text} {rule}")
    }
}

fn choice(ex: &Exercise, w: &Words<'_>) -> Result<Shape, String> {
    let Some(Correct::Option(right)) = &ex.spec.correct else {
        return Err("it has no single right option".into());
    };
    let Choices::Options { options, .. } = &ex.choices else {
        unreachable!("checked by `shape`")
    };
    for o in options {
        if ex.spec.evaluate(&[&o.id]).ok != (o.id == *right) {
            return Err(format!("its answer spec disagrees about option `{}`", o.id));
        }
    }
    let numbers: Option<Vec<i64>> = options.iter().map(|o| o.id.parse().ok()).collect();
    if let (Some(numbers), Ok(answer)) = (numbers, right.parse::<i64>()) {
        let wrong = options
            .iter()
            .zip(numbers)
            .filter(|(o, _)| o.id != *right)
            .map(|(o, n)| (n, explanation(ex, &[&o.id], w)))
            .collect();
        return Ok(Shape::Numeric {
            answer,
            right: explanation(ex, &[right], w),
            wrong,
        });
    }
    Ok(Shape::Choice(
        options
            .iter()
            .map(|o| Answer {
                html: escape(&w.msg(&o.label)).into_owned(),
                correct: o.id == *right,
                feedback: explanation(ex, &[&o.id], w),
            })
            .collect(),
    ))
}

fn order(ex: &Exercise, w: &Words<'_>) -> Result<Shape, String> {
    let Some(Correct::Sequence(seq)) = &ex.spec.correct else {
        return Err("it has no right order".into());
    };
    let Choices::Order(options) = &ex.choices else {
        unreachable!("checked by `shape`")
    };
    let right: Vec<&str> = seq.iter().map(String::as_str).collect();
    if !ex.spec.evaluate(&right).ok {
        return Err("its answer spec rejects its own order".into());
    }
    // An ordering question tells its items apart: two that read the same
    // could be swapped and the learner's right order marked wrong.
    if let Some(twice) = seq
        .iter()
        .find(|id| seq.iter().filter(|x| x == id).count() > 1)
    {
        return Err(format!(
            "the item `{twice}` comes twice, and an ordering question would mark the two swapped as wrong"
        ));
    }
    let mut items = Vec::new();
    for id in seq {
        let o = options
            .iter()
            .find(|o| o.id == *id)
            .ok_or_else(|| format!("its order names an unknown item `{id}`"))?;
        items.push(escape(&w.msg(&o.label)).into_owned());
    }
    let shown = options
        .iter()
        .filter_map(|o| seq.iter().position(|id| *id == o.id))
        .collect();
    // Any wrong order: the rule that orders the items.
    Ok(Shape::Order {
        items,
        shown,
        feedback: w.get(&rule_key(ex.spec.wrong_rule)).into_owned(),
    })
}

/// A set answer as a multiple-answer item: every subset of the values is
/// evaluated, and exactly one must be right.
fn multiple(ex: &Exercise, w: &Words<'_>, tiles: &mut TileSet) -> Result<Shape, String> {
    let all = values(ex);
    let right = the_one_right_set(ex, &all)?;
    let labels = value_labels(ex, w, tiles);
    let answers = all
        .iter()
        .zip(labels)
        .map(|(&v, html)| {
            let correct = right.contains(&v);
            let feedback = if correct {
                explanation(ex, &right, w)
            } else {
                // the right answer with this value in place of one of its
                // own (a fixed count) or added: what the site says of it
                let mut chosen: Vec<&str> = right.clone();
                if ex.spec.count.is_some() {
                    chosen.pop();
                }
                chosen.push(v);
                let mut ordered: Vec<&str> = all.clone();
                ordered.retain(|x| chosen.contains(x));
                explanation(ex, &ordered, w)
            };
            Answer {
                html,
                correct,
                feedback,
            }
        })
        .collect();
    Ok(Shape::Multiple(answers))
}

/// The one right subset of `all` (page order), or why there is none.
fn the_one_right_set<'a>(ex: &Exercise, all: &[&'a str]) -> Result<Vec<&'a str>, String> {
    if all.len() > MAX_SUBSET_VALUES {
        return Err(format!(
            "{} choosable values are too many to prove a single right answer (at most {MAX_SUBSET_VALUES})",
            all.len()
        ));
    }
    let mut found: Option<Vec<&str>> = None;
    for mask in 0u32..(1 << all.len()) {
        if let Some(n) = ex.spec.count
            && mask.count_ones() as usize != n
        {
            continue;
        }
        let chosen: Vec<&str> = (0..all.len())
            .filter(|i| mask & 1 << i != 0)
            .map(|i| all[i])
            .collect();
        if ex.spec.evaluate(&chosen).ok {
            if found.is_some() {
                return Err(
                    "more than one answer is right, and a multiple-answer item takes exactly one"
                        .into(),
                );
            }
            found = Some(chosen);
        }
    }
    found.ok_or_else(|| "no answer is right".to_string())
}

/// Each choosable value's HTML, in page order: an option's label, or a
/// tile's row label, position and image.
fn value_labels(ex: &Exercise, w: &Words<'_>, tiles: &mut TileSet) -> Vec<String> {
    match &ex.choices {
        Choices::Options { options, .. } | Choices::Order(options) => options
            .iter()
            .map(|o| escape(&w.msg(&o.label)).into_owned())
            .collect(),
        Choices::Tiles(rows) => {
            let mut out = Vec::new();
            for (label, row) in rows {
                let label = w.msg(label);
                for (i, t) in row.iter().enumerate() {
                    let picture = if t.face_down {
                        escape(&w.get("quiz.unseen.tile")).into_owned()
                    } else {
                        img(t.tile, w, tiles)
                    };
                    out.push(format!("{} {}: {picture}", escape(&label), i + 1));
                }
            }
            out
        }
    }
}

/// A tile's image with its localized name as `alt` and as text.
fn img(tile: Tile, w: &Words<'_>, tiles: &mut TileSet) -> String {
    tiles.insert(tile);
    let name = w.kit.tiles.name(tile);
    format!("{} {}", tile_img(tile, Some(name), ""), escape(name))
}

fn tile_row(out: &mut String, groups: &[Vec<Tile>], w: &Words<'_>, tiles: &mut TileSet) {
    out.push_str("<p>");
    for (g, group) in groups.iter().enumerate() {
        if g > 0 {
            out.push_str(" &#160; ");
        }
        for &t in group {
            tiles.insert(t);
            out.push_str(&tile_img(t, Some(w.kit.tiles.name(t)), ""));
        }
    }
    out.push_str("</p>");
}

fn question_html(
    ex: &Exercise,
    prompt: Option<&str>,
    legend: bool,
    w: &Words<'_>,
    tiles: &mut TileSet,
) -> String {
    let question = prompt.map_or_else(|| w.msg(&ex.question).into_owned(), str::to_string);
    let mut out = format!("<p>{}</p>", escape(&question));
    for SetupRow { label, groups } in &ex.setup {
        let _ = write!(out, "<p>{}</p>", escape(&w.msg(label)));
        tile_row(&mut out, groups, w, tiles);
    }
    if let Choices::Tiles(rows) = &ex.choices {
        for (label, row) in rows {
            let _ = write!(out, "<p>{}</p>", escape(&w.msg(label)));
            let shown: Vec<Tile> = row
                .iter()
                .filter(|t| !t.face_down)
                .map(|t| t.tile)
                .collect();
            tile_row(&mut out, &[shown], w, tiles);
        }
    }
    // "Choose one answer", …: not for a number typed in
    if legend {
        let _ = write!(out, "<p><em>{}</em></p>", escape(&w.msg(&ex.legend)));
    }
    out
}

/// The site's revealed answer and the texts of the rules it cites.
fn general_html(ex: &Exercise, w: &Words<'_>, tiles: &mut TileSet) -> String {
    let mut out = String::new();
    for part in &ex.reveal {
        match part {
            Reveal::Text(m) => {
                let _ = write!(out, "<p>{}</p>", escape(&w.msg(m)));
            }
            Reveal::Tiles(t) => {
                let _ = write!(out, "<p>{}</p>", escape(&w.get("quiz.label.answer")));
                tile_row(&mut out, std::slice::from_ref(t), w, tiles);
            }
            Reveal::Backs(n) => {
                let _ = write!(
                    out,
                    "<p>{}: {n} × {}</p>",
                    escape(&w.get("quiz.unseen.blind")),
                    escape(&w.get("quiz.unseen.tile"))
                );
            }
            Reveal::Options(labels) if labels.len() == 1 => {
                let _ = write!(out, "<p>{}</p>", escape(&w.msg(&labels[0])));
            }
            Reveal::Options(labels) => {
                out.push_str("<ol>");
                for m in labels {
                    let _ = write!(out, "<li>{}</li>", escape(&w.msg(m)));
                }
                out.push_str("</ol>");
            }
        }
    }
    for &rule in &ex.rules {
        let _ = write!(out, "<p>{}</p>", escape(&w.get(&rule_key(rule))));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::kinds;
    use crate::rules::generate::Rng;

    fn generated(kind: &str, seed: u64) -> Exercise {
        kinds::find(kind).unwrap().generated(&mut Rng::new(seed))
    }

    #[test]
    fn a_set_with_one_right_answer_is_found_by_trying_every_subset() {
        let ex = generated("find-jokers", 3);
        let all = values(&ex);
        let right = the_one_right_set(&ex, &all).unwrap();
        assert!(ex.spec.evaluate(&right).ok);
        let Some(exact) = &ex.spec.exact else {
            panic!("find-jokers has an exact answer")
        };
        let mut right: Vec<String> = right.iter().map(|v| v.to_string()).collect();
        let mut exact = exact.clone();
        right.sort();
        exact.sort();
        assert_eq!(right, exact);
    }

    #[test]
    fn a_set_with_several_right_answers_is_refused() {
        // any three tiles but jokers: many legal passes
        let ex = (0..50)
            .map(|seed| generated("pass", seed))
            .find(|ex| ex.spec.poor.is_empty())
            .expect("a pass without teaching lines");
        let all = values(&ex);
        assert_eq!(
            the_one_right_set(&ex, &all).unwrap_err(),
            "more than one answer is right, and a multiple-answer item takes exactly one"
        );
    }
}
