//! Every ```` ```quiz ````, ```` ```tiles ````, ```` ```seats ```` and ```` ```trainer ```` example in
//! `docs/authoring.md` is built (with the real `felt` theme), so the
//! documentation cannot show an exercise that does not build.

use crate::support::common;

use common::*;
use tilebook::rules::RuleId;

/// The fenced `quiz`, `tiles`, `seats` and `trainer` blocks of a Markdown text, fences included.
fn examples(doc: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in doc.lines() {
        match current.as_mut() {
            None if matches!(
                line.trim_end(),
                "```quiz" | "```tiles" | "```seats" | "```trainer"
            ) =>
            {
                current = Some(vec![line]);
            }
            None => {}
            Some(block) => {
                block.push(line);
                if line.trim_end() == "```" {
                    out.push(block.join("\n"));
                    current = None;
                }
            }
        }
    }
    out
}

fn authoring_guide() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/authoring.md");
    std::fs::read_to_string(path).unwrap()
}

fn site_with(blocks: &[String]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let mut config = String::from(
        "title = \"Docs\"\nbase_url = \"https://example.org/\"\ndefault_language = \"en\"\ntheme = \"felt\"\n\n[languages.en]\nname = \"English\"\n\n[exercises.rule_lessons]\n",
    );
    for rule in RuleId::ALL {
        config.push_str(&format!("{rule} = \"examples.md#examples\"\n"));
    }
    write(root, "config.toml", &config);
    write(
        root,
        "content/en/_index.md",
        "+++\ntitle = \"Home\"\n+++\n[Examples](examples.md)\n",
    );
    write(
        root,
        "content/en/examples.md",
        &format!(
            "+++\ntitle = \"Examples\"\n+++\n## Examples {{#examples}}\n\n{}\n",
            blocks.join("\n\n")
        ),
    );
    let felt = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/felt");
    copy_dir(&felt, &root.join("themes/felt"));
    tmp
}

#[test]
fn every_example_in_the_authoring_guide_builds() {
    let doc = authoring_guide();
    let blocks = examples(&doc);
    let quizzes = blocks.iter().filter(|b| b.starts_with("```quiz")).count();
    let seats = blocks.iter().filter(|b| b.starts_with("```seats")).count();
    let trainers = blocks
        .iter()
        .filter(|b| b.starts_with("```trainer"))
        .count();
    let tiles = blocks.len() - quizzes - seats - trainers;
    assert!(quizzes >= 12, "only {quizzes} quiz examples");
    assert!(tiles >= 1, "no tiles example");
    assert!(seats >= 2, "no seats examples (a pass and a round)");
    let tmp = site_with(&blocks);
    let built = build_ok(&options(tmp.path()));
    let page = built.html("en/examples/index.html");
    let generated: usize = blocks
        .iter()
        .filter_map(|b| b.lines().find_map(|l| l.strip_prefix("generate = ")))
        .map(|n| n.trim().parse::<usize>().unwrap() - 1)
        .sum();
    assert_eq!(select(&page, "section.exercise").len(), quizzes + generated);
    assert_eq!(select(&page, "figure.tiles").len(), tiles);
    assert_eq!(select(&page, "figure.seats").len(), seats);
    assert_eq!(select(&page, "section.trainer").len(), trainers);
    assert!(trainers >= 1, "no trainer example");
    // Every kind is documented with an example.
    for kind in tilebook::exercises::kinds::all() {
        assert!(
            blocks
                .iter()
                .any(|b| b.contains(&format!("kind = \"{}\"", kind.name))),
            "no example of {}",
            kind.name
        );
    }
}

/// The ```` ```toml ```` blocks of the guide's "Practice sheets" section.
fn practice_examples(doc: &str) -> Vec<String> {
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Practice sheets"))
        .expect("a Practice sheets section");
    section
        .split("```toml\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn the_practice_examples_of_the_authoring_guide_build() {
    let doc = authoring_guide();
    let examples = practice_examples(&doc);
    assert_eq!(
        examples.len(),
        2,
        "a config.toml and a front-matter example"
    );
    let blocks = vec!["```quiz\nkind = \"find-jokers\"\ngenerate = 1\nseed = 1\n```".to_string()];
    let tmp = site_with(&blocks);
    let root = tmp.path();
    let config = std::fs::read_to_string(root.join("config.toml")).unwrap();
    write(root, "config.toml", &format!("{config}\n{}", examples[0]));
    let page = std::fs::read_to_string(root.join("content/en/examples.md")).unwrap();
    let body = page.splitn(3, "+++\n").nth(2).unwrap().to_string();
    write(
        root,
        "content/en/examples.md",
        &format!("+++\n{}+++\n{body}", examples[1]),
    );
    let built = build_ok(&options(root));
    // The front matter's settings: 4 sheets of up to 8 (no question twice
    // on a sheet), of its two kinds.
    assert!(built.has("en/practice/examples/4/index.html"));
    assert!(!built.has("en/practice/examples/5/index.html"));
    let sheet = built.html("en/practice/examples/1/index.html");
    let exercises = select(&sheet, "section.sheet-exercise");
    assert!((2..=8).contains(&exercises.len()), "{}", exercises.len());
    assert!(
        exercises
            .iter()
            .all(|e| { ["find-jokers", "joker-group"].contains(&attr(*e, "data-kind")) })
    );
    // The site's: 2 mixed sheets of up to 6, at most 2 of a kind (this
    // site has two kinds).
    assert!(built.has("en/practice/mixed/2/index.html"));
    assert!(!built.has("en/practice/mixed/3/index.html"));
    let mixed = built.html("en/practice/mixed/1/index.html");
    let mixed = select(&mixed, "section.sheet-exercise");
    assert!((2..=4).contains(&mixed.len()), "{}", mixed.len());
    for kind in ["find-jokers", "joker-group"] {
        let n = mixed
            .iter()
            .filter(|e| attr(**e, "data-kind") == kind)
            .count();
        assert!(n <= 2, "{n} {kind} exercises on one sheet");
    }
}
