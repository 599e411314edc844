//! The learner's progress across lessons (themes/felt/static/js/progress.js,
//! the bookkeeping of quiz.js, `<lang>/exercises.json`) in headless Chromium:
//! the overview lists the lessons in course order (a section's pages in
//! weight order, placed where the section is in its parent); a revealed
//! exercise counts as revealed, not solved; the reset asks first and can
//! reset one lesson; progress is kept by language-independent exercise ids,
//! so switching language keeps it (and lists saved per page before are
//! merged in).
//!
//! Without `/usr/bin/chromium` the tests print a notice and pass, except when
//! `CI=true`: then they fail.

use crate::exercises_browser::{HELPERS, Server, browser, build_served, new_page, serial};
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
    // Not the quiz page's first rack: the same exercise on two pages has
    // one id, so one state (progress is kept by exercise id).
    let rack = "2B 1B 3B 5C 5C 7C 9D N F WD RD J J";
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
    let server = build_served(site.root(), dir.path(), "the course-order site");
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
    let index = lesson_index(dir.path(), "en");
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
}

/// Opens a lesson page of the site, waits for quiz.js, installs the helpers.
fn open_lesson(page: &mut Page, server: &Server, path: &str) {
    page.navigate(&format!("{}{path}", server.base));
    page.wait_for(
        "document.querySelector('section.exercise.is-enhanced')",
        WAIT,
    );
    page.eval(HELPERS);
}

fn fill(template: &str, values: &[(&str, String)]) -> String {
    values.iter().fold(template.to_string(), |t, (k, v)| {
        t.replace(&format!("{{{k}}}"), v)
    })
}

#[test]
fn a_revealed_exercise_is_not_solved_and_a_reset_asks_first_and_can_reset_one_lesson() {
    let _serial = serial();
    let Some(browser) = browser(
        "a_revealed_exercise_is_not_solved_and_a_reset_asks_first_and_can_reset_one_lesson",
    ) else {
        return;
    };
    let (server, dir, _site) = course_order_site();
    let index = lesson_index(dir.path(), "en");
    let label = |k: &str| index["labels"][k].as_str().unwrap().to_string();
    let mut page = new_page(&browser);
    open_lesson(&mut page, &server, "/en/quiz/");
    let total = page.eval("__t.sections().length").as_u64().unwrap();
    assert!(total >= 4, "the quiz page has {total} exercises");
    // 0: Show answer, then the right answer: revealed, not solved.
    // 1: answered right: solved.  2: answered right, then Show answer: still solved.
    // 3: the answer's summary opened by hand: revealed.
    page.eval(
        "window.__s = __t.sections();
         __s[0].querySelector('.exercise__show').click(); __t.solve(__s[0]); __t.check(__s[0]);
         __t.solve(__s[1]); __t.check(__s[1]);
         __t.solve(__s[2]); __t.check(__s[2]); __s[2].querySelector('.exercise__show').click();
         __s[3].querySelector('details.exercise__answer > summary').click(); true",
    );
    page.wait_for(
        "[0, 1, 2].every(i => __s[i].classList.contains('is-right'))",
        WAIT,
    );
    let state = "__s.slice(0, 4).map(s => [s.classList.contains('is-solved'), s.classList.contains('is-revealed')])";
    let expected_state = json!([[false, true], [true, false], [true, false], [false, true]]);
    assert_eq!(page.eval(state), expected_state);
    let counter = "document.querySelector('.exercise-progress').textContent";
    let template = page.eval(
        "JSON.parse(document.getElementById('quiz-texts').textContent).labels.progress_revealed",
    );
    let expected_counter = fill(
        template.as_str().expect("a label for the revealed count"),
        &[
            ("solved", "2".into()),
            ("total", total.to_string()),
            ("revealed", "2".into()),
        ],
    );
    assert_eq!(page.eval(counter), json!(expected_counter));
    let quiz_ids = format!(
        "[{}, {}].map(k => JSON.parse(localStorage.getItem(k) || '[]').length)",
        json!("tilebook:solved"),
        json!("tilebook:revealed")
    );
    assert_eq!(
        page.eval(&quiz_ids),
        json!([2, 2]),
        "saved solved / revealed"
    );
    // After a reload, the same.
    page.reload();
    page.wait_for("document.querySelector('.exercise-progress')", WAIT);
    page.eval("window.__s = Array.from(document.querySelectorAll('section.exercise')); true");
    assert_eq!(page.eval(state), expected_state, "after a reload");
    assert_eq!(
        page.eval(counter),
        json!(expected_counter),
        "after a reload"
    );

    // A second lesson, finished.
    open_lesson(&mut page, &server, "/en/tiles/");
    solve_every_exercise(&mut page);

    // The overview: the quiz lesson counts 2 solved and 2 revealed.
    open_home(&mut page, &server);
    let row_of = |url: &str| -> Value {
        let lesson = index["lessons"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["url"] == url)
            .unwrap();
        let n = lesson["ids"].as_array().unwrap().len();
        json!([
            url,
            fill(
                &label("lesson"),
                &[("solved", "0".into()), ("total", n.to_string())]
            )
        ])
    };
    let quiz_row = json!([
        "/en/quiz/",
        fill(
            &label("revealed.lesson"),
            &[
                ("solved", "2".into()),
                ("total", total.to_string()),
                ("revealed", "2".into())
            ]
        )
    ]);
    let tiles_row = json!([
        "/en/tiles/",
        fill(
            &label("lesson"),
            &[("solved", "1".into()), ("total", "1".into())]
        )
    ]);
    let rows = overview(&mut page);
    assert!(rows.as_array().unwrap().contains(&quiz_row), "{rows}");
    assert!(rows.as_array().unwrap().contains(&tiles_row), "{rows}");
    assert_eq!(
        page.eval("document.querySelectorAll('.course-progress__list > li.is-finished').length"),
        json!(1),
        "only the tiles lesson is finished"
    );

    // Reset one lesson: asked first; Cancel changes nothing.
    let confirm = "(() => { const p = document.querySelector('.course-progress__confirm');
        return [!p.hidden, p.querySelector('p').textContent, document.activeElement.className]; })()";
    let reset_quiz = "Array.from(document.querySelectorAll('.course-progress__list > li'))
        .find(li => li.querySelector('a').getAttribute('href') === '/en/quiz/')
        .querySelector('.course-progress__reset-lesson').click(); true";
    page.eval(reset_quiz);
    assert_eq!(
        page.eval(confirm),
        json!([
            true,
            fill(&label("confirm.lesson"), &[("lesson", "Quiz".into())]),
            "course-progress__confirm-no"
        ])
    );
    page.eval("document.querySelector('.course-progress__confirm-no').click(); true");
    assert_eq!(page.eval(confirm)[0], json!(false));
    assert_eq!(overview(&mut page), rows, "Cancel resets nothing");
    page.eval(reset_quiz);
    page.eval("document.querySelector('.course-progress__confirm-yes').click(); true");
    let rows = overview(&mut page);
    assert!(
        rows.as_array().unwrap().contains(&row_of("/en/quiz/")),
        "{rows}"
    );
    assert!(
        rows.as_array().unwrap().contains(&tiles_row),
        "the other lesson is kept: {rows}"
    );
    assert_eq!(
        page.eval("document.querySelector('.course-progress__status').textContent"),
        json!(fill(&label("one.done"), &[("lesson", "Quiz".into())]))
    );
    assert_eq!(
        page.eval("document.activeElement.getAttribute('href')"),
        json!("/en/quiz/"),
        "focus goes to the lesson's link"
    );

    // Reset everything: asked first; Escape cancels; Yes resets every lesson.
    page.eval("document.querySelector('.course-progress__reset').click(); true");
    assert_eq!(
        page.eval(confirm),
        json!([true, label("confirm.all"), "course-progress__confirm-no"])
    );
    page.press("Escape");
    assert_eq!(page.eval(confirm)[0], json!(false));
    assert!(overview(&mut page).as_array().unwrap().contains(&tiles_row));
    page.eval(
        "document.querySelector('.course-progress__reset').click();
               document.querySelector('.course-progress__confirm-yes').click(); true",
    );
    let rows = overview(&mut page);
    let zeros: Vec<Value> = COURSE_ORDER.iter().map(|u| row_of(u)).collect();
    assert_eq!(rows, Value::Array(zeros));
    assert_eq!(
        page.eval("document.querySelector('.course-progress__status').textContent"),
        json!(label("reset_done"))
    );
    assert_eq!(page.page_errors(), Vec::<String>::new());
}

/// The ids of one lesson in a language's `exercises.json`.
fn lesson_ids(dir: &std::path::Path, lang: &str, url: &str) -> Value {
    let index = lesson_index(dir, lang);
    index["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["url"] == url)
        .unwrap_or_else(|| panic!("no lesson {url} in {lang}/exercises.json"))["ids"]
        .clone()
}

#[test]
fn switching_language_keeps_the_counts() {
    let _serial = serial();
    let Some(browser) = browser("switching_language_keeps_the_counts") else {
        return;
    };
    let (server, dir, _site) = course_order_site();
    // The same exercises have the same ids in both languages.
    let ids = lesson_ids(dir.path(), "en", "/en/quiz/");
    assert_eq!(ids, lesson_ids(dir.path(), "de", "/de/quiz/"));
    let mut page = new_page(&browser);
    // A list saved per page by an older version is merged in.
    open_lesson(&mut page, &server, "/en/quiz/");
    page.eval(&format!(
        "localStorage.clear(); localStorage.setItem('tilebook:solved:/en/quiz/', JSON.stringify([{}])); true",
        ids[4]
    ));
    open_lesson(&mut page, &server, "/en/quiz/");
    page.eval(
        "window.__s = __t.sections();
         __t.solve(__s[0]); __t.check(__s[0]); __t.solve(__s[1]); __t.check(__s[1]);
         __s[2].querySelector('.exercise__show').click(); true",
    );
    page.wait_for(
        "[0, 1].every(i => __s[i].classList.contains('is-solved'))",
        WAIT,
    );
    let state = "__t.sections().map(s => s.classList.contains('is-solved') ? 's' : s.classList.contains('is-revealed') ? 'r' : '-').join('')";
    let en_state = page.eval(state);
    assert!(
        en_state.as_str().unwrap().starts_with("ssr-s"),
        "{en_state}"
    );
    let counter = "document.querySelector('.exercise-progress').textContent";
    let en_counter = page.eval(counter);
    assert_eq!(
        page.eval("Object.keys(localStorage).filter(k => k.startsWith('tilebook:')).sort()"),
        json!(["tilebook:revealed", "tilebook:review", "tilebook:solved"]),
        "one list per state (and the review), the old per-page list merged and removed"
    );

    // The German page shows the same exercises solved and revealed.
    open_lesson(&mut page, &server, "/de/quiz/");
    assert_eq!(page.eval(state), en_state, "the German page");
    let total = page.eval("__t.sections().length").as_u64().unwrap();
    let template = page.eval(
        "JSON.parse(document.getElementById('quiz-texts').textContent).labels.progress_revealed",
    );
    let expected = fill(
        template.as_str().unwrap(),
        &[
            ("solved", "3".into()),
            ("total", total.to_string()),
            ("revealed", "1".into()),
        ],
    );
    assert_eq!(page.eval(counter), json!(expected), "en: {en_counter}");
    // The German overview counts them too.
    page.navigate(&format!("{}/de/", server.base));
    page.wait_for("!document.getElementById('course-progress').hidden", WAIT);
    let rows = overview(&mut page);
    let quiz = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r[0] == "/de/quiz/")
        .unwrap_or_else(|| panic!("{rows}"));
    let text = quiz[1].as_str().unwrap();
    assert!(text.contains('3') && text.contains('1'), "{text}");
    // Reset the lesson in German: the English page has nothing left.
    page.eval(
        "Array.from(document.querySelectorAll('.course-progress__list > li'))
           .find(li => li.querySelector('a').getAttribute('href') === '/de/quiz/')
           .querySelector('.course-progress__reset-lesson').click();
         document.querySelector('.course-progress__confirm-yes').click(); true",
    );
    open_lesson(&mut page, &server, "/en/quiz/");
    assert!(
        !page.eval(state).as_str().unwrap().contains(['s', 'r']),
        "reset in German, reset in English"
    );
    assert_eq!(page.page_errors(), Vec::<String>::new());
}

/// Captures every Blob a page turns into a URL (the saved progress file).
pub(crate) const CAPTURE_BLOBS: &str = "window.__blobs = [];
  const make = URL.createObjectURL.bind(URL);
  URL.createObjectURL = b => { window.__blobs.push(b); return make(b); };";

/// Loads `text` as the file chosen in the import field (the home page's
/// progress overview), waits for the status.
pub(crate) fn import(page: &mut Page, text: &str) -> Value {
    page.eval("document.querySelector('.course-progress__status').textContent = ''; true");
    page.eval(&format!(
        "(() => {{ const input = document.getElementById('course-progress-import');
           const dt = new DataTransfer();
           dt.items.add(new File([{}], 'progress.json', {{ type: 'application/json' }}));
           input.files = dt.files;
           input.dispatchEvent(new Event('change', {{ bubbles: true }})); return true; }})()",
        json!(text)
    ));
    page.wait_for(
        "document.querySelector('.course-progress__status').textContent !== ''",
        WAIT,
    );
    page.eval("document.querySelector('.course-progress__status').textContent")
}

fn stored(page: &mut Page) -> Value {
    page.eval(
        "Object.keys(localStorage).filter(k => k.startsWith('tilebook:')).sort()
           .map(k => [k, localStorage.getItem(k)])",
    )
}

#[test]
fn export_then_import_in_a_fresh_profile_restores_the_counts_and_a_bad_file_changes_nothing() {
    let _serial = serial();
    let test =
        "export_then_import_in_a_fresh_profile_restores_the_counts_and_a_bad_file_changes_nothing";
    let Some(browser_a) = browser(test) else {
        return;
    };
    let (server, dir, _site) = course_order_site();
    let index = lesson_index(dir.path(), "en");
    let label = |k: &str| index["labels"][k].as_str().unwrap().to_string();

    // Profile A: two solved and one revealed on the quiz page, then saved.
    let mut page = new_page(&browser_a);
    page.add_init_script(CAPTURE_BLOBS);
    open_lesson(&mut page, &server, "/en/quiz/");
    page.eval(
        "window.__s = __t.sections();
         __t.solve(__s[0]); __t.check(__s[0]); __t.solve(__s[1]); __t.check(__s[1]);
         __s[2].querySelector('.exercise__show').click(); true",
    );
    page.wait_for(
        "[0, 1].every(i => __s[i].classList.contains('is-solved'))",
        WAIT,
    );
    open_home(&mut page, &server);
    let rows_a = overview(&mut page);
    page.eval("document.querySelector('.course-progress__export').click(); true");
    page.wait_for("window.__blobs.length === 1", WAIT);
    let file = page.eval("window.__blobs[0].text()");
    let file = file.as_str().unwrap().to_string();
    let status = page.eval("document.querySelector('.course-progress__status').textContent");
    assert!(
        status.as_str().unwrap().contains("tilebook-progress-"),
        "{status}"
    );
    let saved: Value = serde_json::from_str(&file).unwrap();
    assert_eq!(saved["format"], "tilebook-progress");
    assert_eq!(saved["solved"].as_array().unwrap().len(), 2);
    assert_eq!(saved["revealed"].as_array().unwrap().len(), 1);
    assert_eq!(
        saved["review"]["cards"].as_object().unwrap().len(),
        1,
        "the revealed exercise waits for review"
    );
    drop(page);
    drop(browser_a);

    // Profile B, fresh: one exercise of another lesson solved here first.
    let browser_b = browser(test).unwrap();
    let mut page = new_page(&browser_b);
    open_lesson(&mut page, &server, "/en/tiles/");
    solve_every_exercise(&mut page);
    open_home(&mut page, &server);
    let rows_b = overview(&mut page);
    let before = stored(&mut page);

    // A corrupt file, a file of another kind, a file of another course:
    // refused with a clear message, nothing changed.
    for (text, why) in [
        (&file[..file.len() / 2], "import.bad"),
        ("{\"solved\": [], \"revealed\": []}", "import.bad"),
        (
            "{\"format\": \"tilebook-progress\", \"version\": 1, \"solved\": [\"zzzzzz\"], \"revealed\": []}",
            "import.foreign",
        ),
    ] {
        assert_eq!(import(&mut page, text), json!(label(why)), "{text}");
        assert_eq!(stored(&mut page), before, "{why}: nothing stored changed");
        assert_eq!(
            overview(&mut page),
            rows_b,
            "{why}: the overview is the same"
        );
    }

    // The saved file: the quiz lesson's counts come back, the tiles lesson's stay.
    let done = import(&mut page, &file);
    let expected = label("import.done")
        .replace("{solved}", "2")
        .replace("{revealed}", "1");
    assert_eq!(done, json!(expected));
    let rows = overview(&mut page);
    let row = |rows: &Value, url: &str| -> Value {
        rows.as_array()
            .unwrap()
            .iter()
            .find(|r| r[0] == url)
            .cloned()
            .unwrap_or_else(|| panic!("{rows}"))
    };
    assert_eq!(
        row(&rows, "/en/quiz/"),
        row(&rows_a, "/en/quiz/"),
        "restored"
    );
    assert_eq!(row(&rows, "/en/tiles/"), row(&rows_b, "/en/tiles/"), "kept");
    assert_eq!(
        page.eval("Object.keys(JSON.parse(localStorage.getItem('tilebook:review')).cards)"),
        json!(
            saved["review"]["cards"]
                .as_object()
                .unwrap()
                .keys()
                .collect::<Vec<_>>()
        ),
        "the review comes along"
    );
    assert_eq!(page.page_errors(), Vec::<String>::new());
}

/// Solves every exercise of the open page, and waits until each shows it.
fn solve_every_exercise(page: &mut Page) {
    page.eval("__t.sections().forEach(s => { __t.solve(s); __t.check(s); }); true");
    page.wait_for(
        "__t.sections().every(s => s.classList.contains('is-solved'))",
        WAIT,
    );
}

/// The built `<lang>/exercises.json` in `dir`.
fn lesson_index(dir: &std::path::Path, lang: &str) -> Value {
    let path = dir.join(lang).join("exercises.json");
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}
