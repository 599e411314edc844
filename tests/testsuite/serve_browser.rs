//! A page open in headless Chromium shows edits without a manual reload,
//! keeps its scroll position, swaps stylesheets in place, and shows and
//! clears the error overlay.

use crate::support::{cdp, server};

use std::time::Duration;

use server::{FIXTURE, Serve};

const T: Duration = Duration::from_secs(60);

#[test]
fn open_page_follows_edits_live() {
    let Some(chromium) = cdp::chromium_or_skip("open_page_follows_edits_live") else {
        return;
    };
    let s = Serve::start(FIXTURE);
    // Link the stylesheet (the fixture's theme does not), and make the page
    // tall enough to scroll.
    let tpl = s.read("themes/mini/templates/page.html");
    s.write(
        "themes/mini/templates/page.html",
        &tpl.replace(
            "</head>",
            "<link rel=\"stylesheet\" href=\"/site.css\"></head>",
        ),
    );
    let tiles = s.read("content/en/tiles.md");
    let filler = "\n\nFiller paragraph.\n".repeat(150);
    s.write("content/en/tiles.md", &format!("{tiles}{filler}"));
    s.wait_for_text("/en/tiles/", "/site.css", T);
    s.wait_for_text("/en/tiles/", "Filler paragraph.", T);

    let browser = cdp::Browser::launch(&chromium);
    let mut page = browser.new_page();
    page.navigate(&format!("http://{}/en/tiles/", s.addr));
    page.wait_for("document.body.innerText.includes('There are eight.')", T);
    // The reload stream is open before we edit.
    page.wait_for(
        "window.__tilebookLive && window.__tilebookLive.connected",
        T,
    );

    // A body edit shows up by itself, at the same scroll position.
    page.eval("window.scrollTo(0, 1200)");
    page.wait_for("window.scrollY === 1200", T);
    let edited = s
        .read("content/en/tiles.md")
        .replace("There are eight.", "There are EIGHT jokers.");
    s.write("content/en/tiles.md", &edited);
    page.wait_for(
        "document.body.innerText.includes('There are EIGHT jokers.')",
        T,
    );
    page.wait_for(
        "document.readyState === 'complete' && Math.abs(window.scrollY - 1200) < 2",
        T,
    );

    // A stylesheet edit applies without a reload.
    page.eval("window.__tilebookMarker = 42");
    s.write("static/site.css", "body{color:rgb(1, 2, 3)}\n");
    page.wait_for(
        "getComputedStyle(document.body).color === 'rgb(1, 2, 3)'",
        T,
    );
    assert_eq!(
        page.eval("window.__tilebookMarker"),
        42,
        "the page reloaded for a CSS edit"
    );

    // An error shows an accessible overlay with path:line:col; the fix clears it.
    s.write(
        "content/en/tiles.md",
        &edited.replace("title = \"Tiles\"", "title = 3"),
    );
    page.wait_for(
        "(document.querySelector('[role=alert]') || {innerText: ''}).innerText.includes('content/en/tiles.md:2:9')",
        T,
    );
    assert!(
        page.eval("document.body.innerText")
            .as_str()
            .unwrap()
            .contains("There are EIGHT jokers."),
        "the last good page stays visible under the overlay"
    );
    s.write(
        "content/en/tiles.md",
        &edited.replace("There are EIGHT", "There are 8"),
    );
    page.wait_for("document.querySelector('[role=alert]') === null", T);
    page.wait_for("document.body.innerText.includes('There are 8 jokers.')", T);
}
