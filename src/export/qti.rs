//! IMS QTI 1.2: a content package (zip) with `imsmanifest.xml`, one assessment per bank (`questions-<lang>.xml`: items, and a section drawing one of each generated block's variants) and the tile images they show (`tiles/<id>.svg`).

use std::io::Write;

use zip::ZipWriter;
use zip::write::SimpleFileOptions;

use super::bank::{Bank, Entry};
use super::item::{Answer, Item, Shape};
use super::xml::{Doc, face};
use crate::exercises::tiles_svg::TileSet;
use crate::html::escape;
use crate::rules::Tile;

/// The response every item has.
const RESPONSE: &str = "response1";

/// The package's bytes.
pub fn write(banks: &[Bank]) -> std::io::Result<Vec<u8>> {
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    let mut used = TileSet::default();
    let mut files = Vec::new();
    for bank in banks {
        let name = format!("questions-{}.xml", bank.lang);
        zip.start_file(name.as_str(), options)?;
        zip.write_all(&assessment(bank, &mut used))?;
        files.push((bank.lang.as_str(), name));
    }
    let tiles: Vec<Tile> = Tile::kinds().filter(|&t| used.contains(t)).collect();
    for &t in &tiles {
        let (name, svg) = face(t);
        zip.start_file(format!("tiles/{name}"), options)?;
        zip.write_all(svg.as_bytes())?;
    }
    zip.start_file("imsmanifest.xml", options)?;
    zip.write_all(&manifest(&files, &tiles))?;
    Ok(zip.finish()?.into_inner())
}

/// The content package's manifest: one QTI resource per bank, depending on
/// the tile images.
fn manifest(files: &[(&str, String)], tiles: &[Tile]) -> Vec<u8> {
    let mut doc = Doc::new();
    doc.open(
        "manifest",
        &[
            ("identifier", "tilebook-questions"),
            // IMS Content Packaging 1.1.2, as SCORM 1.2 packages use it
            ("xmlns", "http://www.imsproject.org/xsd/imscp_rootv1p1p2"),
        ],
    );
    doc.empty("organizations", &[]);
    doc.open("resources", &[]);
    for (lang, href) in files {
        let id = format!("questions-{lang}");
        doc.open(
            "resource",
            &[
                ("identifier", &id),
                ("type", "imsqti_xmlv1p2"),
                ("href", href),
            ],
        );
        doc.empty("file", &[("href", href)]);
        doc.empty("dependency", &[("identifierref", "tiles")]);
        doc.close("resource");
    }
    doc.open(
        "resource",
        &[("identifier", "tiles"), ("type", "webcontent")],
    );
    for &t in tiles {
        doc.empty("file", &[("href", &format!("tiles/{}", face(t).0))]);
    }
    doc.close("resource");
    doc.close("resources");
    doc.close("manifest");
    doc.finish()
}

fn assessment(bank: &Bank, used: &mut TileSet) -> Vec<u8> {
    let mut doc = Doc::new();
    // Valid against IMS's QTI 1.2.1 DTD (`ims_qtiasiv1p2p1.dtd`; the
    // tests validate with it), which declares no namespace; no DOCTYPE, so
    // that no importer goes looking for the DTD.
    doc.open("questestinterop", &[]);
    let title = format!("{} ({})", bank.title, bank.lang);
    let ident = format!("tilebook-{}", bank.lang);
    doc.open("assessment", &[("ident", &ident), ("title", &title)]);
    doc.open("section", &[("ident", "root_section")]);
    for section in &bank.sections {
        for entry in &section.entries {
            match entry {
                Entry::Item(item) => self::item(&mut doc, &item.value, used),
                Entry::Group(group) => {
                    let g = &group.value;
                    let ident = format!("tb-group-{}", g.id);
                    doc.open("section", &[("ident", &ident), ("title", &g.name)]);
                    doc.open("selection_ordering", &[]);
                    doc.open("selection", &[]);
                    doc.text("selection_number", &[], "1");
                    doc.close("selection");
                    doc.close("selection_ordering");
                    for item in &g.items {
                        self::item(&mut doc, item, used);
                    }
                    doc.close("section");
                }
            }
        }
    }
    doc.close("section");
    doc.close("assessment");
    doc.close("questestinterop");
    doc.finish()
}

/// `<material><mattext texttype="text/html">…</mattext></material>`.
fn material(doc: &mut Doc, html: &str) {
    doc.open("material", &[]);
    doc.text("mattext", &[("texttype", "text/html")], html);
    doc.close("material");
}

fn metadata(doc: &mut Doc, fields: &[(&str, &str)]) {
    doc.open("itemmetadata", &[]);
    doc.open("qtimetadata", &[]);
    for (label, entry) in fields {
        doc.open("qtimetadatafield", &[]);
        doc.text("fieldlabel", &[], label);
        doc.text("fieldentry", &[], entry);
        doc.close("qtimetadatafield");
    }
    doc.close("qtimetadata");
    doc.close("itemmetadata");
}

fn item(doc: &mut Doc, item: &Item, used: &mut TileSet) {
    *used = used.union(item.tiles);
    let ident = format!("tb-{}", item.id);
    doc.open("item", &[("ident", &ident), ("title", &item.name)]);
    let question_type = match &item.shape {
        Shape::Choice(_) => "multiple_choice_question",
        Shape::Multiple(_) => "multiple_answers_question",
        Shape::Order { .. } => "ordering_question",
        Shape::Numeric { .. } => "numerical_question",
    };
    metadata(
        doc,
        &[
            ("question_type", question_type),
            ("points_possible", "1"),
            ("tilebook_kind", item.kind),
        ],
    );
    doc.open("presentation", &[]);
    material(doc, &item.html);
    match &item.shape {
        Shape::Choice(answers) => choices(doc, answers, "Single"),
        Shape::Multiple(answers) => choices(doc, answers, "Multiple"),
        Shape::Order { items, shown, .. } => order_presentation(doc, items, shown),
        Shape::Numeric { .. } => {
            doc.open(
                "response_num",
                &[
                    ("ident", RESPONSE),
                    ("rcardinality", "Single"),
                    ("numtype", "Integer"),
                ],
            );
            doc.empty("render_fib", &[("fibtype", "Integer"), ("columns", "6")]);
            doc.close("response_num");
        }
    }
    doc.close("presentation");
    processing(doc, item);
    itemfeedback(doc, "general_fb", &item.general);
    for (id, text) in feedbacks(item) {
        itemfeedback(doc, &id, &escape(&text));
    }
    doc.close("item");
}

fn choices(doc: &mut Doc, answers: &[Answer], cardinality: &str) {
    doc.open(
        "response_lid",
        &[("ident", RESPONSE), ("rcardinality", cardinality)],
    );
    doc.open("render_choice", &[("shuffle", "No")]);
    for (i, a) in answers.iter().enumerate() {
        doc.open("response_label", &[("ident", &label(i))]);
        material(doc, &a.html);
        doc.close("response_label");
    }
    doc.close("render_choice");
    doc.close("response_lid");
}

fn order_presentation(doc: &mut Doc, items: &[String], shown: &[usize]) {
    doc.open(
        "response_lid",
        &[("ident", RESPONSE), ("rcardinality", "Ordered")],
    );
    doc.open("render_choice", &[("shuffle", "No")]);
    for &i in shown {
        doc.open("response_label", &[("ident", &label(i))]);
        material(doc, &items[i]);
        doc.close("response_label");
    }
    doc.close("render_choice");
    doc.close("response_lid");
}

/// A response label's ident: `a1`, `a2`, … (answers in their order; for an
/// ordering, items in their right order).
fn label(i: usize) -> String {
    format!("a{}", i + 1)
}

/// The feedback of each response (`<label>_fb`) and of a wrong order.
fn feedbacks(item: &Item) -> Vec<(String, String)> {
    match &item.shape {
        Shape::Choice(answers) | Shape::Multiple(answers) => answers
            .iter()
            .enumerate()
            .map(|(i, a)| (format!("{}_fb", label(i)), a.feedback.clone()))
            .collect(),
        Shape::Order { feedback, .. } => vec![("wrong_fb".to_string(), feedback.clone())],
        Shape::Numeric { right, wrong, .. } => std::iter::once(("right_fb".into(), right.clone()))
            .chain(wrong.iter().map(|(n, t)| (format!("n{n}_fb"), t.clone())))
            .collect(),
    }
}

fn itemfeedback(doc: &mut Doc, ident: &str, html: &str) {
    doc.open("itemfeedback", &[("ident", ident)]);
    doc.open("flow_mat", &[]);
    material(doc, html);
    doc.close("flow_mat");
    doc.close("itemfeedback");
}

fn varequal(doc: &mut Doc, value: &str) {
    doc.text("varequal", &[("respident", RESPONSE)], value);
}

/// One `<respcondition>`: when `condition` holds, the score (if any) and
/// the feedback `fb`.
fn respcondition(doc: &mut Doc, condition: impl FnOnce(&mut Doc), score: Option<&str>, fb: &str) {
    let cont = if score.is_some() { "No" } else { "Yes" };
    doc.open("respcondition", &[("continue", cont)]);
    doc.open("conditionvar", &[]);
    condition(doc);
    doc.close("conditionvar");
    if let Some(score) = score {
        doc.text("setvar", &[("action", "Set"), ("varname", "SCORE")], score);
    }
    doc.empty(
        "displayfeedback",
        &[("feedbacktype", "Response"), ("linkrefid", fb)],
    );
    doc.close("respcondition");
}

fn processing(doc: &mut Doc, item: &Item) {
    doc.open("resprocessing", &[]);
    doc.open("outcomes", &[]);
    doc.empty(
        "decvar",
        &[
            ("varname", "SCORE"),
            ("vartype", "Decimal"),
            ("minvalue", "0"),
            ("maxvalue", "100"),
        ],
    );
    doc.close("outcomes");
    match &item.shape {
        Shape::Choice(answers) => {
            for (i, a) in answers.iter().enumerate() {
                let id = label(i);
                let score = a.correct.then_some("100");
                respcondition(doc, |d| varequal(d, &id), score, &format!("{id}_fb"));
            }
        }
        Shape::Multiple(answers) => {
            for i in 0..answers.len() {
                let id = label(i);
                respcondition(doc, |d| varequal(d, &id), None, &format!("{id}_fb"));
            }
            let all_right = |d: &mut Doc| {
                d.open("and", &[]);
                for (i, a) in answers.iter().enumerate() {
                    if a.correct {
                        varequal(d, &label(i));
                    } else {
                        d.open("not", &[]);
                        varequal(d, &label(i));
                        d.close("not");
                    }
                }
                d.close("and");
            };
            respcondition(doc, all_right, Some("100"), "general_fb");
        }
        Shape::Order { items, .. } => {
            let in_order = |d: &mut Doc| {
                d.open("and", &[]);
                for i in 0..items.len() {
                    let index = (i + 1).to_string();
                    d.text(
                        "varequal",
                        &[("respident", RESPONSE), ("index", &index)],
                        &label(i),
                    );
                }
                d.close("and");
            };
            respcondition(doc, in_order, Some("100"), "general_fb");
            respcondition(doc, |d| d.empty("other", &[]), None, "wrong_fb");
        }
        Shape::Numeric { answer, wrong, .. } => {
            for (n, _) in wrong {
                let fb = format!("n{n}_fb");
                respcondition(doc, |d| varequal(d, &n.to_string()), None, &fb);
            }
            let right = answer.to_string();
            respcondition(doc, |d| varequal(d, &right), Some("100"), "right_fb");
        }
    }
    doc.close("resprocessing");
}
