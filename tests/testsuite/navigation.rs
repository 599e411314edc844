//! The default theme's navigation on a section too large to list on every
//! page: each page carries only a window of its section (and a link to the
//! section's index page), `<lang>/nav.json` the whole listing, and the set of
//! navigation links is the same as a full navigation's, without JavaScript
//! (the window plus the index page it links to) and with it (`js/nav.js`
//! puts the whole listing back), in headless Chromium.
//!
//! The expected links are computed here from the pages this test writes, as
//! the navigation always listed them: the top-level sections, and every page
//! of the section on the way to the page.

use crate::support::{cdp, cdp_ext, common, server};

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

use cdp::Browser;
use cdp_ext::PageExt;
use scraper::{Html, Selector};

/// Pages in the large section (more than the theme lists in full).
const BIG: usize = 150;
/// Pages in the small section (listed in full, as before).
const SMALL: usize = 3;
const WAIT: Duration = Duration::from_secs(60);

/// The site: `en` has a small and a large section; `de` has the large
/// section with every third page translated, and no small section (the
/// navigation shows the English pages, marked untranslated).
fn write_site(root: &Path) {
    common::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/felt"),
        &root.join("themes/felt"),
    );
    common::write(
        root,
        "config.toml",
        "title = \"Navigation\"\nbase_url = \"https://example.org/\"\n\
         default_language = \"en\"\ntheme = \"felt\"\n\n\
         [languages.en]\nname = \"English\"\nweight = 1\n\n\
         [languages.de]\nname = \"Deutsch\"\nweight = 2\n",
    );
    let page = |title: &str, weight: usize| {
        format!("+++\ntitle = \"{title}\"\nweight = {weight}\n+++\nText of {title}.\n")
    };
    for lang in ["en", "de"] {
        common::write(root, &format!("content/{lang}/_index.md"), &page("Home", 0));
        common::write(
            root,
            &format!("content/{lang}/big/_index.md"),
            &page("Big", 2),
        );
    }
    common::write(root, "content/en/small/_index.md", &page("Small", 1));
    for i in 1..=SMALL {
        common::write(
            root,
            &format!("content/en/small/s{i}.md"),
            &page(&format!("Small {i}"), i),
        );
    }
    for i in 1..=BIG {
        common::write(
            root,
            &format!("content/en/big/l{i:03}.md"),
            &page(&format!("Lesson {i}"), i),
        );
        if i % 3 == 0 {
            common::write(
                root,
                &format!("content/de/big/l{i:03}.md"),
                &page(&format!("Lektion {i}"), i),
            );
        }
    }
}

/// The URL of a lesson of the large section as the navigation of `lang` shows it.
fn big_url(lang: &str, i: usize) -> String {
    let lang = if lang == "de" && i % 3 != 0 {
        "en"
    } else {
        lang
    };
    format!("/{lang}/big/l{i:03}/")
}

/// The links of a full navigation of a page in the large section of `lang`.
fn full_big_nav(lang: &str) -> BTreeSet<String> {
    // The small section is English only: `de` shows the English one.
    let mut links: BTreeSet<String> = ["/en/small/".to_string(), format!("/{lang}/big/")].into();
    links.extend((1..=BIG).map(|i| big_url(lang, i)));
    links
}

fn hrefs(html: &Html, selector: &str) -> Vec<String> {
    let sel = Selector::parse(selector).unwrap();
    html.select(&sel)
        .filter_map(|a| a.value().attr("href"))
        .map(str::to_string)
        .collect()
}

fn output_path(url: &str) -> String {
    format!("{}index.html", url.trim_start_matches('/'))
}

#[test]
fn without_javascript_a_window_and_the_index_page_give_every_link() {
    let tmp = tempfile::tempdir().unwrap();
    write_site(tmp.path());
    let built = common::build_ok(&common::options(tmp.path()));
    for (lang, i) in [("en", 1), ("en", 75), ("en", BIG), ("de", 3), ("de", 99)] {
        let url = big_url(lang, i);
        let html = built.html(&output_path(&url));
        let nav = hrefs(&html, ".site-nav li a");
        assert!(
            nav.len() < 30,
            "{url}: the page lists {} navigation links, not a window",
            nav.len()
        );
        assert!(nav.contains(&url), "{url}: its own entry is in the window");
        let more = hrefs(
            &html,
            ".site-nav li.nav-item--more[data-listing=\"big\"] > a",
        );
        assert_eq!(
            more,
            [format!("/{lang}/big/")],
            "{url}: the link to the index"
        );
        let index = built.html(&output_path(&more[0]));
        let mut links: BTreeSet<String> = nav.into_iter().collect();
        links.extend(hrefs(&index, ".section-pages a"));
        assert_eq!(links, full_big_nav(lang), "{url}: window ∪ index page");
        assert!(
            html.html()
                .contains(&format!("data-nav=\"/{lang}/nav.json\""))
        );
    }
    // The window of a page in the middle is centred on it, and the same size
    // whatever the section's size: bytes per page do not grow with it.
    let mid = built.html(&output_path(&big_url("en", 75)));
    let window: Vec<String> = hrefs(&mid, ".site-nav li.nav-item--section > ul > li > a");
    let expected: Vec<String> = (65..=85)
        .map(|i| big_url("en", i))
        .chain(["/en/big/".to_string()])
        .collect();
    assert_eq!(window, expected);
    // A small section is listed in full, as before, with no script to load.
    let small = built.html("en/small/s2/index.html");
    let links: BTreeSet<String> = hrefs(&small, ".site-nav li a").into_iter().collect();
    let expected: BTreeSet<String> = [
        "/en/small/",
        "/en/big/",
        "/en/small/s1/",
        "/en/small/s2/",
        "/en/small/s3/",
    ]
    .map(String::from)
    .into();
    assert_eq!(links, expected);
    assert!(!small.html().contains("js/nav.js"));
    // nav.json lists the large section in order, untranslated entries marked.
    let json: serde_json::Value = serde_json::from_str(&built.text("de/nav.json")).unwrap();
    let entries = json["listings"]["big"].as_array().unwrap();
    assert_eq!(entries.len(), BIG);
    assert_eq!(entries[0]["url"], "/en/big/l001/");
    assert_eq!(entries[0]["untranslated"], true);
    assert_eq!(entries[2]["url"], "/de/big/l003/");
    assert_eq!(entries[2].get("untranslated"), None);
    assert_eq!(json["marker"], "noch nicht übersetzt");
}

#[test]
fn with_javascript_the_navigation_lists_the_whole_section() {
    let Some(chromium) =
        cdp::chromium_or_skip("with_javascript_the_navigation_lists_the_whole_section")
    else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    write_site(tmp.path());
    let serve = server::Serve::start(tmp.path().to_str().unwrap());
    let base = format!("http://{}", serve.addr);
    let browser = Browser::launch(&chromium);
    let links_js = "JSON.stringify(Array.from(document.querySelectorAll('.site-nav li a')).map(a => a.getAttribute('href')))";
    for (lang, i) in [("en", 75), ("de", 99), ("de", 3)] {
        let url = big_url(lang, i);
        let mut page = browser.new_page();
        page.navigate(&format!("{base}{url}"));
        page.wait_for(
            &format!("document.querySelectorAll('.site-nav li a').length > {BIG}"),
            WAIT,
        );
        let links: Vec<String> =
            serde_json::from_str(page.eval(links_js).as_str().unwrap()).unwrap();
        let set: BTreeSet<String> = links.iter().cloned().collect();
        assert_eq!(set, full_big_nav(lang), "{url}: with JavaScript");
        assert_eq!(links.len(), set.len(), "{url}: every link once");
        // In reading order, the current page marked, the index link gone.
        let order: Vec<String> = links
            .iter()
            .filter(|l| l.contains("/big/l"))
            .cloned()
            .collect();
        let expected: Vec<String> = (1..=BIG).map(|i| big_url(lang, i)).collect();
        assert_eq!(order, expected);
        let current = page.eval(
            "Array.from(document.querySelectorAll('.site-nav [aria-current=page]')).map(a => a.getAttribute('href')).join(' ')",
        );
        assert_eq!(current.as_str(), Some(url.as_str()));
        assert_eq!(
            page.eval("document.querySelectorAll('.nav-item--more').length"),
            0
        );
        if lang == "de" {
            // Untranslated entries carry the marker, as the theme writes them.
            let marked = page.eval(
                "document.querySelectorAll('.site-nav a[hreflang=en][lang=en] > .untranslated-marker[lang=de]').length",
            );
            // Every untranslated lesson, and the English small section.
            assert_eq!(
                marked,
                (BIG - BIG / 3 + 1) as u64,
                "{url}: untranslated markers"
            );
        }
    }
    // Without JavaScript the page keeps its window and the link to the index.
    let mut page = browser.new_page();
    page.set_js_enabled(false);
    page.navigate(&format!("{base}{}", big_url("en", 75)));
    let links: Vec<String> = serde_json::from_str(page.eval(links_js).as_str().unwrap()).unwrap();
    assert!(links.len() < 30, "without JavaScript: {links:?}");
    assert!(links.contains(&"/en/big/".to_string()));
}
