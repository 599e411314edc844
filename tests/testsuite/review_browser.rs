//! The review page (issue 33, `js/review.js` with the vendored ts-fsrs) in
//! headless Chromium, with the clock injected (`window.tilebookNow`): a
//! revealed exercise is not due at once, and is once its day comes; it
//! comes back as a different variant than the one missed; answered right, it
//! is scheduled later; the German page counts the same; today's exercises
//! print with their answer key on a page of its own; pause and reset.
//!
//! Without `/usr/bin/chromium` the tests print a notice and pass, except when
//! `CI=true`: then they fail.

use crate::exercises_browser::{HELPERS, browser, build_served, new_page, serial};
use crate::support::cdp::Page;
use crate::support::cdp_ext::PageExt;
use crate::support::inline::Inline;

use serde_json::{Value, json};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(90);

/// The clock every page reads: `localStorage["test:now"]` (ms), else the
/// real one; and `print()` counted instead of a dialog.
const CLOCK: &str =
    "window.tilebookNow = () => Number(localStorage.getItem('test:now')) || Date.now();
  window.print = () => { window.__printed = (window.__printed || 0) + 1; };";

const DAY: i64 = 24 * 60 * 60 * 1000;
/// 2026-03-02T10:00:00Z.
const T0: i64 = 1_772_445_600_000;

fn set_now(page: &mut Page, ms: i64) {
    page.eval(&format!("localStorage.setItem('test:now', '{ms}'); true"));
}

fn open_review(page: &mut Page, url: &str) -> Value {
    page.navigate(url);
    page.wait_for(
        "document.getElementById('review').hasAttribute('data-ready')",
        WAIT,
    );
    page.eval(
        "(() => { const r = document.getElementById('review');
          return [r.dataset.due, r.dataset.next, r.querySelector('.review__summary').textContent]; })()",
    )
}

#[test]
fn a_missed_exercise_comes_back_when_due_as_another_variant() {
    let _serial = serial();
    let Some(browser) = browser("a_missed_exercise_comes_back_when_due_as_another_variant") else {
        return;
    };
    let site = Inline::over("exercises", "").with_felt("");
    let dir = tempfile::tempdir().unwrap();
    let server = build_served(site.root(), dir.path(), "the exercises fixture");
    let mut page = new_page(&browser);
    page.add_init_script(CLOCK);
    let quiz = format!("{}/en/quiz/", server.base);
    let review = format!("{}/en/review/", server.base);
    page.navigate(&quiz);
    page.wait_for(
        "document.querySelector('section.exercise.is-enhanced')",
        WAIT,
    );
    page.eval("localStorage.clear(); true");
    set_now(&mut page, T0);
    page.navigate(&quiz);
    page.wait_for(
        "document.querySelector('section.exercise.is-enhanced')",
        WAIT,
    );
    page.eval(HELPERS);
    // The first exercise revealed: missed.
    let missed = page.eval(
        "(() => { const s = __t.sections()[0]; s.querySelector('.exercise__show').click();
          return [s.dataset.exerciseId, s.querySelector('script.exercise__spec').textContent]; })()",
    );
    let id = missed[0].as_str().unwrap().to_string();

    // The same day: nothing due, the next one tomorrow.
    let state = open_review(&mut page, &review);
    assert_eq!(state[0], json!("0"), "{state}");
    let next = state[1].as_str().unwrap().to_string();
    assert!(next.starts_with("2026-03-03"), "due the next day: {state}");
    assert_eq!(
        page.eval("document.querySelector('.review__start').hidden"),
        json!(true)
    );

    // Two days later: due; it comes back as a variant, not the one missed.
    set_now(&mut page, T0 + 2 * DAY);
    let state = open_review(&mut page, &review);
    assert_eq!(state[0], json!("1"), "{state}");
    // The German page counts the same (ids are language-independent).
    let de = open_review(&mut page, &format!("{}/de/review/", server.base));
    assert_eq!(de[0], json!("1"), "{de}");
    open_review(&mut page, &review);
    // Printed: today's exercise as a variant without its answer, the answer
    // key after it on a page of its own.
    page.eval("document.querySelector('.review__print').click(); true");
    page.wait_for("window.__printed === 1", WAIT);
    let printed = page.eval(
        "(() => { const s = document.querySelector('.review__sheet');
          return [s.querySelectorAll('section.exercise').length,
                  s.querySelectorAll('section.exercise details, section.exercise script').length,
                  s.querySelectorAll('.review__key li .exercise__explanation').length,
                  s.querySelector('section.exercise .exercise__title').textContent]; })()",
    );
    assert_eq!(printed[0], json!(1), "{printed}");
    assert_eq!(
        printed[1],
        json!(0),
        "no answer on the exercise page: {printed}"
    );
    assert_eq!(printed[2], json!(1), "its answer in the key: {printed}");
    assert!(
        !printed[3].as_str().unwrap().contains("print-"),
        "{printed}"
    );
    page.call("Emulation.setEmulatedMedia", json!({ "media": "print" }));
    assert_eq!(
        page.eval(
            "[getComputedStyle(document.querySelector('.review__key')).breakBefore,
              getComputedStyle(document.getElementById('review')).display,
              getComputedStyle(document.querySelector('.review__sheet')).display]"
        ),
        json!(["page", "none", "block"]),
        "printed: the sheet alone, the key on a new page"
    );
    page.call("Emulation.setEmulatedMedia", json!({ "media": "" }));
    page.eval("window.dispatchEvent(new Event('afterprint')); true");
    page.eval("document.querySelector('.review__start').click(); true");
    page.wait_for(
        "document.querySelector('.review__exercise section.exercise.is-enhanced')",
        WAIT,
    );
    page.eval(HELPERS);
    let shown = page.eval(
        "(() => { const s = document.querySelector('.review__exercise section.exercise');
          return [s.dataset.exerciseId, s.querySelector('script.exercise__spec').textContent, s.dataset.variant]; })()",
    );
    assert_eq!(shown[0], json!(id), "the missed exercise's place");
    assert_ne!(shown[1], missed[1], "a different variant");
    assert_eq!(
        page.eval("document.activeElement.classList.contains('exercise__title')"),
        json!(true)
    );
    // Answered right: scheduled later, nothing due today any more.
    page.eval(
        "(() => { const s = document.querySelector('.review__exercise section.exercise');
          __t.solve(s); __t.check(s); return true; })()",
    );
    page.wait_for(
        "document.getElementById('review').dataset.due === '0'",
        WAIT,
    );
    let after = page.eval("document.getElementById('review').dataset.next");
    assert!(
        after.as_str().unwrap() > "2026-03-05",
        "a right answer puts it days later: {after}"
    );

    // Pause: nothing comes due; kept after a reload; resume.
    set_now(&mut page, T0 + 60 * DAY);
    let state = open_review(&mut page, &review);
    assert_eq!(state[0], json!("1"), "due again much later: {state}");
    page.eval("document.querySelector('.review__pause').click(); true");
    let state = open_review(&mut page, &review);
    assert_eq!(state[0], json!("0"), "paused: {state}");
    page.eval("document.querySelector('.review__pause').click(); true");
    let state = open_review(&mut page, &review);
    assert_eq!(state[0], json!("1"), "resumed: {state}");

    // Reset: asked first; then nothing to review.
    page.eval("document.querySelector('.review__reset').click(); true");
    assert_eq!(
        page.eval("document.activeElement.className"),
        json!("review__confirm-no")
    );
    page.eval("document.querySelector('.review__confirm-yes').click(); true");
    let state = open_review(&mut page, &review);
    assert_eq!(state[0], json!("0"));
    assert_eq!(state[1], json!(""));
    assert_eq!(page.page_errors(), Vec::<String>::new());
}
