//! Moodle XML: each bank as a category tree (course title and language, then a page, then a generated block's variants), each item as a `multichoice`, `numerical` or `ordering` question, tile images as base64 `<file>`s under `@@PLUGINFILE@@`.

use base64::Engine;

use super::bank::{Bank, Entry, Located};
use super::item::{Answer, Item, Shape};
use super::xml::{Doc, face, tiles_in};
use crate::diagnostics::Diagnostic;
use crate::i18n::Strings;

/// The fractions Moodle accepts for a right answer of a multiple-answer
/// question with `n` right answers (its fixed grade list), as written.
fn share(n: usize) -> Option<&'static str> {
    Some(match n {
        1 => "100",
        2 => "50",
        3 => "33.33333",
        4 => "25",
        5 => "20",
        6 => "16.66667",
        7 => "14.28571",
        8 => "12.5",
        9 => "11.11111",
        10 => "10",
        20 => "5",
        _ => return None,
    })
}

/// The Moodle XML file of `banks`, and a warning for each item Moodle
/// cannot take (left out).
pub fn write(banks: &[Bank], strings: &Strings) -> (Vec<u8>, Vec<Diagnostic>) {
    let mut doc = Doc::new();
    let mut diags = Vec::new();
    doc.open("quiz", &[]);
    for bank in banks {
        let top = format!(
            "$course$/top/{} ({})",
            category_name(&bank.title),
            bank.lang
        );
        category(&mut doc, &top);
        let words = Texts::new(strings, &bank.lang);
        for (i, section) in bank.sections.iter().enumerate() {
            let page = format!("{top}/{:02} {}", i + 1, category_name(&section.title));
            category(&mut doc, &page);
            for entry in &section.entries {
                match entry {
                    Entry::Item(item) => question(&mut doc, item, &item.value, &words, &mut diags),
                    Entry::Group(group) => {
                        let name = format!("{page}/{}", category_name(&group.value.name));
                        category(&mut doc, &name);
                        for item in &group.value.items {
                            question(&mut doc, group, item, &words, &mut diags);
                        }
                        category(&mut doc, &page);
                    }
                }
            }
        }
    }
    doc.close("quiz");
    (doc.finish(), diags)
}

/// The right/partly/wrong labels of one language.
struct Texts {
    right: String,
    wrong: String,
}

impl Texts {
    fn new(strings: &Strings, lang: &str) -> Texts {
        let get = |k: &str| strings.get(lang, k).unwrap_or(k).to_string();
        Texts {
            right: get("quiz.right"),
            wrong: get("quiz.wrong"),
        }
    }
}

/// A category name: `/` separates levels, so a name's own is doubled.
fn category_name(name: &str) -> String {
    name.replace('/', "//")
}

fn category(doc: &mut Doc, path: &str) {
    doc.open("question", &[("type", "category")]);
    doc.open("category", &[]);
    doc.text("text", &[], path);
    doc.close("category");
    doc.close("question");
}

/// Moodle's rejection of an item, if any.
fn unsupported(item: &Item) -> Option<String> {
    if let Shape::Multiple(answers) = &item.shape {
        let n = answers.iter().filter(|a| a.correct).count();
        if share(n).is_none() {
            return Some(format!(
                "{n} right answers: Moodle grades a multiple-answer question only with 1 to 10 or 20 right answers"
            ));
        }
    }
    None
}

fn question<T>(
    doc: &mut Doc,
    at: &Located<T>,
    item: &Item,
    words: &Texts,
    diags: &mut Vec<Diagnostic>,
) {
    if let Some(why) = unsupported(item) {
        diags.push(at.warning(super::bank::left_out(item.kind, &why)));
        return;
    }
    let kind = match item.shape {
        Shape::Choice(_) | Shape::Multiple(_) => "multichoice",
        Shape::Numeric { .. } => "numerical",
        Shape::Order { .. } => "ordering",
    };
    doc.open("question", &[("type", kind)]);
    doc.open("name", &[]);
    doc.text("text", &[], &item.name);
    doc.close("name");
    html_text(doc, "questiontext", item, &item.html);
    html_text(doc, "generalfeedback", item, &item.general);
    doc.text("defaultgrade", &[], "1");
    doc.text("penalty", &[], "0.3333333");
    doc.text("hidden", &[], "0");
    doc.text("idnumber", &[], &format!("tb-{}", item.id));
    match &item.shape {
        Shape::Choice(answers) => multichoice(doc, item, answers, true, words),
        Shape::Multiple(answers) => multichoice(doc, item, answers, false, words),
        Shape::Numeric {
            answer,
            right,
            wrong,
        } => numerical(doc, *answer, right, wrong),
        Shape::Order {
            items, feedback, ..
        } => ordering(doc, item, items, feedback, words),
    }
    doc.close("question");
}

/// `<tag format="html"><text>…</text><file …/>…</tag>`: the HTML with its
/// tile images as the question's own files.
fn html_text(doc: &mut Doc, tag: &str, item: &Item, html: &str) {
    doc.open(tag, &[("format", "html")]);
    text_and_files(doc, item, html);
    doc.close(tag);
}

fn text_and_files(doc: &mut Doc, item: &Item, html: &str) {
    doc.text(
        "text",
        &[],
        &html.replace("src=\"tiles/", "src=\"@@PLUGINFILE@@/"),
    );
    for tile in tiles_in(html, item.tiles) {
        let (name, svg) = face(tile);
        let data = base64::engine::general_purpose::STANDARD.encode(svg);
        doc.text(
            "file",
            &[("name", &name), ("path", "/"), ("encoding", "base64")],
            &data,
        );
    }
}

/// `<feedback format="html"><text>…</text></feedback>` (plain text escaped).
fn feedback(doc: &mut Doc, tag: &str, text: &str) {
    doc.open(tag, &[("format", "html")]);
    doc.text("text", &[], &crate::html::escape(text));
    doc.close(tag);
}

fn multichoice(doc: &mut Doc, item: &Item, answers: &[Answer], single: bool, words: &Texts) {
    doc.text("single", &[], if single { "true" } else { "false" });
    doc.text("shuffleanswers", &[], "false");
    doc.text("answernumbering", &[], "none");
    doc.text("showstandardinstruction", &[], "0");
    feedback(doc, "correctfeedback", &words.right);
    feedback(doc, "partiallycorrectfeedback", &words.wrong);
    feedback(doc, "incorrectfeedback", &words.wrong);
    let right = answers.iter().filter(|a| a.correct).count();
    let wrong = if single { "0" } else { "-100" };
    for a in answers {
        let fraction = match a.correct {
            true if single => "100",
            true => share(right).unwrap_or("0"),
            false => wrong,
        };
        doc.open("answer", &[("fraction", fraction), ("format", "html")]);
        text_and_files(doc, item, &a.html);
        feedback(doc, "feedback", &a.feedback);
        doc.close("answer");
    }
}

fn numerical(doc: &mut Doc, answer: i64, right: &str, wrong: &[(i64, String)]) {
    let right_answer = (answer, right.to_string());
    for ((n, why), fraction) in std::iter::once(&right_answer)
        .map(|a| (a, "100"))
        .chain(wrong.iter().map(|a| (a, "0")))
    {
        doc.open(
            "answer",
            &[("fraction", fraction), ("format", "moodle_auto_format")],
        );
        doc.text("text", &[], &n.to_string());
        feedback(doc, "feedback", why);
        doc.text("tolerance", &[], "0");
        doc.close("answer");
    }
    doc.text("unitgradingtype", &[], "0");
    doc.text("unitpenalty", &[], "0.1000000");
    doc.text("showunits", &[], "3");
    doc.text("unitsleft", &[], "0");
}

/// qtype_ordering: the items in their right order, graded by position.
fn ordering(doc: &mut Doc, item: &Item, items: &[String], why: &str, words: &Texts) {
    doc.text("layouttype", &[], "VERTICAL");
    doc.text("selecttype", &[], "ALL");
    doc.text("selectcount", &[], "0");
    doc.text("gradingtype", &[], "ABSOLUTE_POSITION");
    doc.text("showgrading", &[], "SHOW");
    doc.text("numberingstyle", &[], "none");
    feedback(doc, "correctfeedback", &words.right);
    feedback(doc, "partiallycorrectfeedback", why);
    feedback(doc, "incorrectfeedback", why);
    for (i, html) in items.iter().enumerate() {
        let position = (i + 1).to_string();
        doc.open("answer", &[("fraction", &position), ("format", "html")]);
        text_and_files(doc, item, html);
        doc.close("answer");
    }
}
