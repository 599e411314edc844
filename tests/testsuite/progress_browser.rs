//! The learner's progress across lessons (themes/felt/static/js/progress.js,
//! the bookkeeping of quiz.js, `<lang>/exercises.json`) in headless Chromium:
//! the overview lists the lessons in course order (a section's pages in
//! weight order, placed where the section is in its parent); a revealed
//! exercise counts as revealed, not solved; the reset asks first and can
//! reset one lesson.
//!
//! Without `/usr/bin/chromium` the tests print a notice and pass, except when
//! `CI=true`: then they fail.

use crate::exercises_browser::{HELPERS, Server, browser, new_page, serial};
use crate::support::cdp::Page;
use crate::support::cdp_ext::PageExt;
use crate::support::inline::Inline;

use serde_json::{Value, json};
use std::time::Duration;
use tempfile::TempDir;

const WAIT: Duration = Duration::from_secs(60);

/// A lesson page with one find-jokers exercise.
fn lesson(title: &str, weight: i64, rack: &str, answer: &str) -> String {
    format!(
        "+++\ntitle = \"{title}\"\nweight = {weight}\n+++\nText.\n\n```quiz\nkind = \"find-jokers\"\nrack = \"{rack}\"\nanswer = {answer}\n```\n"
    )
}

/// `tests/fixtures/exercises` with a section whose pages' weights (1, 3)
/// are below and above a top-level page's (`tiles.md`, 1) and the
/// section's own (2): comparing weights across the tree puts
/// `charleston/first` before "The tiles"; the course puts it after its section.
fn course_order_site() -> (Server, TempDir, Inline) {
    let site = Inline::over("exercises", "").with_felt("");
    let rack = "1B 2B 3B 5C 5C 7C 9D N F WD RD J J";
    site.write(
        "content/en/tiles.md",
        &lesson("The tiles", 1, rack, "[12, 13]"),
    );
    site.write(
        "content/en/charleston/_index.md",
        &lesson(
            "Charleston",
            2,
            "J 2B 3B 5C 5C 7C 9D N F WD RD 1B J",
            "[1, 13]",
        ),
    );
    site.write(
        "content/en/charleston/first.md",
        &lesson("First", 1, "1B J 3B 5C 5C 7C 9D N F WD RD J 2B", "[2, 12]"),
    );
    site.write(
        "content/en/charleston/second.md",
        &lesson("Second", 3, "1B 2B J 5C 5C 7C 9D N F WD RD 3B J", "[3, 13]"),
    );
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path().to_path_buf());
    let opts = tilebook::site::BuildOptions {
        root: site.root().to_path_buf(),
        base_url: Some(format!("{}/", server.base)),
        ..Default::default()
    };
    let mut result = tilebook::site::build(&opts);
    let diagnostics = result.render_diagnostics();
    let output = match &result.output {
        Some(output) if !result.diagnostics.has_errors() => output,
        _ => panic!("the course-order site does not build:\n{diagnostics}"),
    };
    tilebook::output::write_atomically(output, dir.path()).unwrap();
    (server, dir, site)
}

/// The lessons with exercises, in the order of the course's tree.
const COURSE_ORDER: [&str; 6] = [
    "/en/generated/",
    "/en/quiz/",
    "/en/tiles/",
    "/en/charleston/",
    "/en/charleston/first/",
    "/en/charleston/second/",
];

fn open_home(page: &mut Page, server: &Server) {
    page.navigate(&format!("{}/en/", server.base));
    page.wait_for("!document.getElementById('course-progress').hidden", WAIT);
}

fn overview(page: &mut Page) -> Value {
    page.eval(
        "Array.from(document.querySelectorAll('#course-progress .course-progress__list > li')).map(li =>
           [li.querySelector('a').getAttribute('href'), li.querySelector('.course-progress__count').textContent])",
    )
}

#[test]
fn the_overview_lists_lessons_in_course_order() {
    let _serial = serial();
    let Some(browser) = browser("the_overview_lists_lessons_in_course_order") else {
        return;
    };
    let (server, dir, _site) = course_order_site();
    let mut page = new_page(&browser);
    open_home(&mut page, &server);
    let hrefs: Vec<Value> = overview(&mut page)
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row[0].clone())
        .collect();
    assert_eq!(Value::Array(hrefs), json!(COURSE_ORDER), "the overview");

    // exercises.json and the practice index follow the same order.
    let index: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("en/exercises.json")).unwrap())
            .unwrap();
    let urls: Vec<&str> = index["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["url"].as_str().unwrap())
        .collect();
    assert_eq!(urls, COURSE_ORDER, "exercises.json");
    let practice = std::fs::read_to_string(dir.path().join("en/practice/index.html")).unwrap();
    let at = |needle: &str| {
        practice
            .find(&format!("/practice/{needle}/1/\""))
            .unwrap_or_else(|| panic!("no series {needle} in the practice index"))
    };
    let series = [
        "generated",
        "quiz",
        "tiles",
        "charleston",
        "charleston/first",
        "charleston/second",
    ];
    let places: Vec<usize> = series.iter().map(|s| at(s)).collect();
    assert!(
        places.windows(2).all(|w| w[0] < w[1]),
        "practice index order {series:?} at {places:?}"
    );
    assert_eq!(page.page_errors(), Vec::<String>::new());
    let _ = HELPERS;
}
