//! `tilebook export questions`: the course's question banks as Moodle XML
//! (checked against Moodle's documented element structure with a standard
//! XML parser, roxmltree) and as an IMS QTI 1.2 package (each bank validated
//! by `xmllint --dtdvalid` against IMS's `ims_qtiasiv1p2p1.dtd`, which only
//! the source distribution of PyPI's pyslet ships: `bench/qti/get-dtd.sh`;
//! its manifest against the IMS Content Packaging schema of
//! `bench/scorm`; the items' structure with the parser);
//! generated blocks as groups of variants; ids shared across languages;
//! what a format cannot express is listed at its block; an existing file is
//! kept unless `--force`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};

use base64::Engine;
use roxmltree::{Document, Node};
use tilebook::export::{self, BankOptions, QuestionFormat};
use tilebook::site::{self, BuildOptions};

use crate::support::common::run;

fn course_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The course's banks in `format` through the library.
fn export_course(format: QuestionFormat, variants: usize) -> export::Exported {
    let (site, diags, _) = site::load(&BuildOptions {
        root: course_root(),
        ..BuildOptions::default()
    });
    assert!(!diags.has_errors(), "the course does not load");
    let site = site.expect("the course loads");
    let opts = BankOptions {
        langs: Vec::new(),
        variants,
    };
    export::questions(&site, format, &opts).expect("export")
}

// ---- Moodle XML ----------------------------------------------------------------

/// The grades Moodle accepts for an answer (its fixed list, in percent).
const MOODLE_GRADES: &[f64] = &[
    100.0, 90.0, 83.33333, 80.0, 75.0, 70.0, 66.66667, 60.0, 50.0, 40.0, 33.33333, 30.0, 25.0,
    20.0, 16.66667, 14.28571, 12.5, 11.11111, 10.0, 5.0, 0.0,
];

fn child<'a>(node: Node<'a, 'a>, name: &str) -> Option<Node<'a, 'a>> {
    node.children().find(|c| c.has_tag_name(name))
}

fn children<'a>(node: Node<'a, 'a>, name: &'a str) -> impl Iterator<Item = Node<'a, 'a>> {
    node.children().filter(move |c| c.has_tag_name(name))
}

/// The text of `<name><text>…</text></name>`, if both are there.
fn text_of<'a>(node: Node<'a, 'a>, name: &str) -> Option<&'a str> {
    child(child(node, name)?, "text")?.text()
}

/// What is wrong with a Moodle XML file, by Moodle's documented format
/// (docs.moodle.org, "Moodle XML format"): `<quiz>` of `<question type>`s;
/// a category names its path; a question has a name, an HTML question
/// text, answers with a `fraction` from Moodle's grade list (a single
/// choice one right answer, a multiple answer right fractions adding up to
/// 100), every `<feedback>` a non-empty `<text>`, and every
/// `@@PLUGINFILE@@` image its `<file>` beside the text.
fn moodle_problems(xml: &str) -> Vec<String> {
    let doc = match Document::parse(xml) {
        Ok(d) => d,
        Err(e) => return vec![format!("not XML: {e}")],
    };
    let mut problems = Vec::new();
    let root = doc.root_element();
    if !root.has_tag_name("quiz") {
        problems.push(format!("root is <{}>", root.tag_name().name()));
    }
    for q in root.children().filter(Node::is_element) {
        let kind = q.attribute("type").unwrap_or("");
        let at = format!("line {}", doc.text_pos_at(q.range().start).row);
        if !q.has_tag_name("question") {
            problems.push(format!("{at}: <{}> in <quiz>", q.tag_name().name()));
            continue;
        }
        if kind == "category" {
            if text_of(q, "category").is_none_or(|t| !t.starts_with("$course$/")) {
                problems.push(format!("{at}: category without a $course$/ path"));
            }
            continue;
        }
        problems.extend(
            question_problems(q, kind)
                .into_iter()
                .map(|p| format!("{at}: {p}")),
        );
    }
    problems
}

fn question_problems(q: Node<'_, '_>, kind: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if !["multichoice", "numerical", "ordering"].contains(&kind) {
        problems.push(format!("question type `{kind}`"));
    }
    if text_of(q, "name").is_none_or(str::is_empty) {
        problems.push("question without a name".into());
    }
    match child(q, "questiontext") {
        Some(t)
            if t.attribute("format") == Some("html") && text_of(q, "questiontext").is_some() => {}
        _ => problems.push("no HTML question text".into()),
    }
    // every feedback anywhere in the question has a text
    for fb in q
        .descendants()
        .filter(|n| n.is_element() && n.tag_name().name().ends_with("feedback"))
    {
        if child(fb, "text")
            .and_then(|t| t.text())
            .is_none_or(|t| t.trim().is_empty())
        {
            problems.push(format!("<{}> without text", fb.tag_name().name()));
        }
    }
    // every picture its file
    for holder in q.descendants().filter(|n| child(*n, "text").is_some()) {
        let text = child(holder, "text").and_then(|t| t.text()).unwrap_or("");
        for src in text.split("@@PLUGINFILE@@/").skip(1) {
            let name = src.split('"').next().unwrap_or("");
            let file = children(holder, "file").find(|f| f.attribute("name") == Some(name));
            match file.and_then(|f| f.text()) {
                Some(data) if file.unwrap().attribute("encoding") == Some("base64") => {
                    let svg = base64::engine::general_purpose::STANDARD.decode(data.trim());
                    if !svg.is_ok_and(|s| s.starts_with(b"<svg")) {
                        problems.push(format!("file {name} is not a base64 SVG"));
                    }
                }
                _ => problems.push(format!("image {name} without its <file>")),
            }
        }
    }
    let answers: Vec<Node> = children(q, "answer").collect();
    if answers.is_empty() {
        problems.push("no answer".into());
    }
    let mut fractions = Vec::new();
    for a in &answers {
        match a.attribute("fraction").map(str::parse::<f64>) {
            Some(Ok(f)) => fractions.push(f),
            _ => problems.push("answer without a fraction".into()),
        }
        if child(*a, "text")
            .and_then(|t| t.text())
            .is_none_or(str::is_empty)
        {
            problems.push("answer without text".into());
        }
    }
    if kind == "multichoice" && fractions.len() == answers.len() {
        for f in &fractions {
            if !MOODLE_GRADES.iter().any(|g| (g - f.abs()).abs() < 1e-4) {
                problems.push(format!("fraction {f} is not one of Moodle's grades"));
            }
        }
        let right: f64 = fractions.iter().filter(|f| **f > 0.0).sum();
        if (right - 100.0).abs() > 0.01 {
            problems.push(format!("right fractions add up to {right}, not 100"));
        }
        if child(q, "single").and_then(|s| s.text()) == Some("true")
            && fractions.iter().filter(|f| **f == 100.0).count() != 1
        {
            problems.push("a single-answer question without exactly one right answer".into());
        }
    }
    if kind == "numerical" && !fractions.contains(&100.0) {
        problems.push("a numerical question without a right answer".into());
    }
    problems
}

#[test]
fn the_checker_finds_a_missing_fraction_and_feedback_without_text() {
    let good = r#"<quiz><question type="multichoice"><name><text>Q</text></name>
        <questiontext format="html"><text>Which?</text></questiontext><single>true</single>
        <answer fraction="100"><text>a</text><feedback><text>Yes.</text></feedback></answer>
        <answer fraction="0"><text>b</text><feedback><text>No: a rule.</text></feedback></answer>
        </question></quiz>"#;
    assert_eq!(moodle_problems(good), Vec::<String>::new());
    let no_fraction = good.replace(r#"<answer fraction="0">"#, "<answer>");
    assert_eq!(
        moodle_problems(&no_fraction),
        ["line 1: answer without a fraction"]
    );
    let empty_feedback = good.replace("<text>No: a rule.</text>", "<text> </text>");
    assert_eq!(
        moodle_problems(&empty_feedback),
        ["line 1: <feedback> without text"]
    );
    let no_text = good.replace("<feedback><text>Yes.</text></feedback>", "<feedback/>");
    assert_eq!(
        moodle_problems(&no_text),
        ["line 1: <feedback> without text"]
    );
    let odd = good.replace(r#"fraction="0""#, r#"fraction="-37""#);
    assert_eq!(
        moodle_problems(&odd),
        ["line 1: fraction -37 is not one of Moodle's grades"]
    );
}

/// Each language's top category and the idnumbers of its questions.
fn moodle_ids(xml: &str) -> BTreeMap<String, BTreeSet<String>> {
    let doc = Document::parse(xml).unwrap();
    let mut ids: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut lang = String::new();
    for q in doc.root_element().children().filter(Node::is_element) {
        if q.attribute("type") == Some("category") {
            let path = text_of(q, "category").unwrap();
            let top = path.split('/').nth(2).unwrap();
            lang = top
                .rsplit_once('(')
                .unwrap()
                .1
                .trim_end_matches(')')
                .to_string();
        } else {
            let id = child(q, "idnumber").and_then(|i| i.text()).unwrap();
            ids.entry(lang.clone()).or_default().insert(id.to_string());
        }
    }
    ids
}

#[test]
fn the_course_as_moodle_xml_has_moodle_structure_and_shared_ids() {
    let exported = export_course(QuestionFormat::MoodleXml, 4);
    let xml = String::from_utf8(exported.bytes).unwrap();
    let problems = moodle_problems(&xml);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let ids = moodle_ids(&xml);
    assert_eq!(ids.keys().collect::<Vec<_>>(), ["ca", "de", "en", "pt"]);
    assert!(ids["en"].len() > 40, "{} questions in en", ids["en"].len());
    for (lang, set) in &ids {
        assert_eq!(set, &ids["en"], "{lang}'s question ids differ from en's");
    }
    // every type the course's kinds map to is there
    for kind in [
        r#"type="multichoice""#,
        r#"type="numerical""#,
        r#"type="ordering""#,
        "<single>false</single>",
    ] {
        assert!(xml.contains(kind), "no {kind}");
    }
}

/// A wrong answer's feedback is the rules engine's explanation: it names
/// the rule (its text as the site shows it).
#[test]
fn wrong_answers_carry_the_rules_explanation() {
    let exported = export_course(QuestionFormat::MoodleXml, 1);
    let xml = String::from_utf8(exported.bytes).unwrap();
    let doc = Document::parse(&xml).unwrap();
    let strings = tilebook::i18n::Strings::load(
        &course_root(),
        &course_root().join("themes/felt"),
        &tilebook::config::Config::load(&course_root()).unwrap().0,
        &mut tilebook::diagnostics::SourceCache::new(course_root()),
        &mut tilebook::diagnostics::Diagnostics::new(),
    );
    let joker = strings.get("en", "rule.joker-never-passed").unwrap();
    let mut wrong = 0;
    let mut citing_joker = 0;
    for a in doc.descendants().filter(|n| n.has_tag_name("answer")) {
        if a.attribute("fraction")
            .is_some_and(|f| f.parse::<f64>().unwrap() <= 0.0)
        {
            wrong += 1;
            let fb = text_of(a, "feedback").unwrap();
            if fb.contains(joker) {
                citing_joker += 1;
            }
        }
    }
    assert!(wrong > 200, "{wrong} wrong answers");
    assert!(citing_joker > 0, "no wrong answer explains the joker rule");
}

// ---- QTI 1.2 --------------------------------------------------------------------

fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    (0..zip.len())
        .map(|i| {
            let mut f = zip.by_index(i).unwrap();
            let mut data = Vec::new();
            f.read_to_end(&mut data).unwrap();
            (f.name().to_string(), data)
        })
        .collect()
}

/// IMS's QTI 1.2.1 DTD, fetched by `bench/qti/get-dtd.sh` (CI runs it).
fn qti_dtd() -> Option<PathBuf> {
    let dtd = course_root().join("bench/qti/ims_qtiasiv1p2p1.dtd");
    if dtd.is_file() {
        return Some(dtd);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{} is missing: run bench/qti/get-dtd.sh",
        dtd.display()
    );
    eprintln!("notice: QTI DTD validation skipped: run bench/qti/get-dtd.sh");
    None
}

/// `xmllint --noout --dtdvalid DTD` of each file: whether all are valid, and
/// what xmllint said (`None` without xmllint; CI installs it).
fn dtd_valid(dtd: &Path, files: &[PathBuf]) -> Option<(bool, String)> {
    let Ok(out) = std::process::Command::new("xmllint")
        .arg("--noout")
        .arg("--dtdvalid")
        .arg(dtd)
        .args(files)
        .output()
    else {
        assert!(std::env::var_os("CI").is_none(), "xmllint is missing");
        return None;
    };
    Some((
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// Each bank valid against the QTI 1.2.1 DTD (and a broken one not: the
/// DTD is really applied); the package's manifest against IMS Content
/// Packaging 1.1.2.
fn validate_package(dir: &Path, banks: &[PathBuf]) {
    if let Some(dtd) = qti_dtd()
        && let Some((valid, said)) = dtd_valid(&dtd, banks)
    {
        assert!(valid, "not valid QTI 1.2:\n{said}");
        let text = std::fs::read_to_string(&banks[0]).unwrap();
        let broken = dir.join("broken.xml");
        std::fs::write(&broken, text.replacen("<presentation>", "<presentatio>", 1)).unwrap();
        let (valid, _) = dtd_valid(&dtd, &[broken]).unwrap();
        assert!(
            !valid,
            "a misspelt element is valid: the DTD is not applied"
        );
    }
    if let Some(modules) = crate::export_scorm::node_modules("export_questions")
        && let Some((valid, said)) =
            crate::export_scorm::validate(&modules, &dir.join("imsmanifest.xml"), dir)
    {
        assert!(
            valid,
            "the package's imsmanifest.xml does not validate:\n{said}"
        );
    }
}

fn qti_item_problems(item: Node<'_, '_>, files: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    let mut problems = Vec::new();
    let ident = item.attribute("ident").unwrap_or("");
    let feedback: BTreeMap<&str, Node> = children(item, "itemfeedback")
        .map(|f| (f.attribute("ident").unwrap_or(""), f))
        .collect();
    for (id, fb) in &feedback {
        let text = fb
            .descendants()
            .find(|n| n.has_tag_name("mattext"))
            .and_then(|t| t.text());
        if text.is_none_or(|t| t.trim().is_empty()) {
            problems.push(format!("{ident}: feedback {id} without text"));
        }
    }
    let labels: Vec<&str> = item
        .descendants()
        .filter(|n| n.has_tag_name("response_label"))
        .filter_map(|n| n.attribute("ident"))
        .collect();
    let shown: BTreeSet<&str> = item
        .descendants()
        .filter(|n| n.has_tag_name("displayfeedback"))
        .filter_map(|n| n.attribute("linkrefid"))
        .collect();
    for link in &shown {
        if !feedback.contains_key(link) {
            problems.push(format!("{ident}: feedback {link} is missing"));
        }
    }
    let kind = item
        .descendants()
        .find(|n| n.has_tag_name("fieldentry"))
        .and_then(|n| n.text())
        .unwrap_or("");
    if kind == "multiple_choice_question" || kind == "multiple_answers_question" {
        for l in &labels {
            if !shown.contains(format!("{l}_fb").as_str()) {
                problems.push(format!("{ident}: answer {l} has no feedback"));
            }
        }
    }
    let scored = item
        .descendants()
        .filter(|n| n.has_tag_name("setvar"))
        .any(|n| n.attribute("varname") == Some("SCORE") && n.text() == Some("100"));
    if !scored {
        problems.push(format!("{ident}: no response scores 100"));
    }
    for text in item.descendants().filter(|n| n.has_tag_name("mattext")) {
        for src in text.text().unwrap_or("").split("src=\"").skip(1) {
            let path = src.split('"').next().unwrap();
            if !files.contains_key(path) {
                problems.push(format!("{ident}: image {path} is not in the package"));
            }
        }
    }
    problems
}

#[test]
fn the_course_as_qti_is_a_package_of_banks_groups_and_images() {
    let variants = 3;
    let exported = export_course(QuestionFormat::Qti12, variants);
    let files = unzip(&exported.bytes);
    let dir = tempfile::tempdir().unwrap();
    for (name, data) in &files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, data).unwrap();
    }
    let banks: Vec<PathBuf> = files
        .keys()
        .filter(|n| n.starts_with("questions-"))
        .map(|n| dir.path().join(n))
        .collect();
    assert_eq!(banks.len(), 4, "one bank per language");
    validate_package(dir.path(), &banks);
    // the manifest lists each bank and every image
    let manifest = std::str::from_utf8(&files["imsmanifest.xml"]).unwrap();
    let manifest = Document::parse(manifest).unwrap();
    let listed: BTreeSet<&str> = manifest
        .descendants()
        .filter(|n| n.has_tag_name("file"))
        .filter_map(|n| n.attribute("href"))
        .collect();
    let packed: BTreeSet<&str> = files
        .keys()
        .map(String::as_str)
        .filter(|n| *n != "imsmanifest.xml")
        .collect();
    assert_eq!(listed, packed);
    let mut idents: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for lang in ["en", "de", "ca", "pt"] {
        let text = std::str::from_utf8(&files[&format!("questions-{lang}.xml")]).unwrap();
        let doc = Document::parse(text).unwrap();
        let root = doc.root_element();
        assert!(root.has_tag_name("questestinterop"));
        let assessment = child(root, "assessment").expect("an assessment");
        let section = child(assessment, "section").expect("its section");
        let mut problems = Vec::new();
        for item in section.descendants().filter(|n| n.has_tag_name("item")) {
            problems.extend(qti_item_problems(item, &files));
            idents
                .entry(lang)
                .or_default()
                .insert(item.attribute("ident").unwrap().into());
        }
        assert!(problems.is_empty(), "{lang}:\n{}", problems.join("\n"));
        // a generated block: a section drawing one of its variants
        let groups: Vec<Node> = children(section, "section").collect();
        assert!(!groups.is_empty(), "{lang}: no group of variants");
        for g in groups {
            let number = g.descendants().find(|n| n.has_tag_name("selection_number"));
            assert_eq!(number.and_then(|n| n.text()), Some("1"));
            assert_eq!(
                children(g, "item").count(),
                variants,
                "{lang}: a group's variants"
            );
        }
    }
    for (lang, set) in &idents {
        assert_eq!(set, &idents["en"], "{lang}'s item ids differ from en's");
    }
}

// ---- the command ------------------------------------------------------------------

#[test]
fn the_command_lists_what_it_leaves_out_and_keeps_an_existing_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bank.xml");
    let out_arg = out.to_str().unwrap();
    let root = course_root();
    let args = [
        "export",
        "questions",
        "--format",
        "moodle-xml",
        "--lang",
        "en",
        "-o",
        out_arg,
    ];
    let first = run(&root, &args);
    assert_eq!(first.code, Some(0), "{first:?}");
    assert!(first.stdout.starts_with("exported "), "{first:?}");
    // each exercise left out, at its block (path:line:col)
    let left_out: Vec<&str> = first
        .stderr
        .lines()
        .filter(|l| l.contains("left out of the export"))
        .collect();
    assert!(!left_out.is_empty(), "{first:?}");
    for line in &left_out {
        let (place, _) = line.split_once(": warning: ").expect(line);
        let mut parts = place.rsplitn(3, ':');
        let (col, row, path) = (parts.next(), parts.next(), parts.next().unwrap());
        assert!(
            col.unwrap().parse::<u32>().is_ok() && row.unwrap().parse::<u32>().is_ok(),
            "{line}"
        );
        assert!(
            path.starts_with("content/en/") && path.ends_with(".md"),
            "{line}"
        );
    }
    let written = std::fs::read(&out).unwrap();
    std::fs::write(&out, b"mine").unwrap();
    let again = run(&root, &args);
    assert_eq!(again.code, Some(1), "{again:?}");
    assert!(again.stderr.contains("--force"), "{again:?}");
    assert_eq!(std::fs::read(&out).unwrap(), b"mine");
    let forced = run(&root, &[&args[..], &["--force"]].concat());
    assert_eq!(forced.code, Some(0), "{forced:?}");
    assert_eq!(
        std::fs::read(&out).unwrap(),
        written,
        "the export is deterministic"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "a temporary file is left"
    );
    let unknown = run(
        &root,
        &[
            "export",
            "questions",
            "--format",
            "qti12",
            "--lang",
            "xx",
            "-o",
            &format!("{out_arg}.zip"),
        ],
    );
    assert_eq!(unknown.code, Some(1), "{unknown:?}");
    assert!(
        unknown.stderr.contains("unknown language `xx`"),
        "{unknown:?}"
    );
    assert!(!Path::new(&format!("{out_arg}.zip")).exists());
}
