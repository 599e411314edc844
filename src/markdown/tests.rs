//! Unit tests of the Markdown adapter: prose ranges, heading ids and the
//! table of contents, table regions, fences and link hooks, script checks.

use super::*;

#[test]
fn prose_leaves_out_code_and_hands_over_fences() {
    let body =
        "# Title {#t}\n\nSome *rack* and `code`.\n\n```quiz\nprompt = \"x\"\n```\n\n    indented\n";
    let p = prose(body);
    let words: Vec<&str> = p.text.iter().map(|r| &body[r.clone()]).collect();
    assert_eq!(words, ["Title", "Some ", "rack", " and ", "."]);
    assert_eq!(p.fences.len(), 2);
    assert_eq!(p.fences[0].0, "quiz");
    assert_eq!(&body[p.fences[0].1.clone()], "prompt = \"x\"\n");
    assert_eq!(p.fences[1].0, "");
}

struct NoHooks;
impl Hooks for NoHooks {
    type Item = ();
    fn fence(&self, f: &Fence<'_>, _: &mut Sink<()>) -> Option<String> {
        (f.kind == "shout").then(|| format!("<p>{}</p>", f.body.trim().to_uppercase()))
    }
    fn link(&self, dest: &str, _: usize, _: &mut Sink<()>) -> Option<String> {
        dest.strip_suffix(".md").map(|s| format!("/{s}/"))
    }
    fn page_path(&self) -> &std::path::Path {
        std::path::Path::new("a.md")
    }
}

fn messages(src: &str) -> Vec<String> {
    let r = render(src, 0, &NoHooks);
    let mut cache = crate::diagnostics::SourceCache::new("/nonexistent");
    cache.insert("a.md", src);
    r.diagnostics.iter().map(|d| cache.render(d)).collect()
}

#[test]
fn explicit_heading_ids_are_unique() {
    assert_eq!(
        messages("## A {#x}\n\ntext\n\n## B {#x}\n"),
        [
            "a.md:5:1: error: heading id \"x\" is used twice on this page; give each heading its own id\n  note: a.md:1:1: first used here"
        ]
    );
    // Slugs that meet are told apart silently (as before).
    assert!(messages("## A\n## A\n").is_empty());
}

#[test]
fn scripts_and_event_attributes_are_refused() {
    let help = "pages may not run code unless the site opts in with `[markdown] allow_scripts = true` in config.toml";
    assert_eq!(
        messages("Hi\n\n<SCRIPT>alert(1)</script>\n"),
        [format!(
            "a.md:3:1: error: a <script> element in the page; {help}"
        )]
    );
    assert_eq!(
        messages("A <img src=x onerror=\"alert(1)\"> b\n"),
        [format!(
            "a.md:1:14: error: an event attribute `onerror=` in the page; {help}"
        )]
    );
    assert_eq!(
        messages("[x](javascript:alert(1))\n"),
        [format!(
            "a.md:1:1: error: a javascript: link in the page; {help}"
        )]
    );
    // Words that merely look alike are fine.
    assert!(messages("<span title=\"online=yes\" data-on=\"1\">x</span> <scripts>\n").is_empty());
}

#[test]
fn headings_get_ids_and_toc() {
    let r = render(
        "## Blind pass\n### Why {#why}\n## Blind pass\n",
        0,
        &NoHooks,
    );
    assert!(r.html.contains(r#"<h2 id="blind-pass">"#), "{}", r.html);
    assert!(r.html.contains(r#"<h3 id="why">"#));
    assert!(r.html.contains(r#"<h2 id="blind-pass-1">"#));
    assert_eq!(r.toc.len(), 2);
    assert_eq!(r.toc[0].children[0].id, "why");
}

#[test]
fn fences_and_links_go_through_hooks() {
    let src = "```shout\nhi\n```\n\n```rust\nlet x = 1;\n```\n\n[a](b.md)\n";
    let r = render(src, 100, &NoHooks);
    assert!(r.html.contains("<p>HI</p>"));
    assert!(r.html.contains("language-rust"));
    assert!(r.html.contains(r#"href="/b/""#));
}

#[test]
fn tables_scroll_in_named_focusable_regions() {
    let table = "| A | B |\n|---|---|\n| 1 | 2 |\n";
    let src = format!("{table}\n## Counts & more\n\n{table}\n{table}");
    let r = render(&src, 0, &NoHooks);
    let opens: Vec<&str> = r
        .html
        .match_indices("<div class=\"table-wrap\"")
        .map(|(i, _)| &r.html[i..i + r.html[i..].find('>').unwrap() + 1])
        .collect();
    assert_eq!(
        opens,
        [
            r#"<div class="table-wrap" role="region" aria-label="A, B" tabindex="0">"#,
            r#"<div class="table-wrap" role="region" aria-labelledby="counts-more" tabindex="0">"#,
            r#"<div class="table-wrap" role="region" aria-label="Counts &amp; more (2)" tabindex="0">"#,
        ]
    );
    assert_eq!(r.html.matches("</table>\n</div>").count(), 3, "{}", r.html);
}

#[test]
fn slugs_keep_letters_of_any_script() {
    assert_eq!(slugify("Höflichkeit & Co."), "höflichkeit-co");
    assert_eq!(slugify("Пас вслепую"), "пас-вслепую");
    assert_eq!(slugify("  A  b "), "a-b");
}

/// The prose a page's rendering collects from its one parse is the prose
/// of a parse of its own, and its headings are the rendering's anchors.
#[test]
fn rendering_collects_the_same_prose_and_headings() {
    let body = "# Title {#t}\n\nSome *rack* and `code`, [a term](term:rack).\n\n\
                ## The `joker` rule\n\n| Tile | Count |\n|---|---|\n| [x](term:x) | 4 |\n\n\
                ```quiz\nprompt = \"x\"\n```\n\n```shout\nhey\n```\n\n## Title\n\n## Title\n\n    indented\n";
    let r = render(body, 0, &NoHooks);
    let own = prose(body);
    assert_eq!(r.prose, own);
    let ids: Vec<&str> = own.sections.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, r.anchors);
    assert_eq!(
        own.sections[1],
        ("the-joker-rule".to_string(), "The joker rule".to_string())
    );
    assert_eq!(own.term_links.len(), 2);
    assert_eq!(own.fences.len(), 3);
}

/// Hooks that read no prose ([`Hooks::reads_prose`]).
struct NoProse;
impl Hooks for NoProse {
    type Item = ();
    fn fence(&self, f: &Fence<'_>, s: &mut Sink<()>) -> Option<String> {
        NoHooks.fence(f, s)
    }
    fn link(&self, dest: &str, at: usize, s: &mut Sink<()>) -> Option<String> {
        NoHooks.link(dest, at, s)
    }
    fn page_path(&self) -> &std::path::Path {
        NoHooks.page_path()
    }
    fn reads_prose(&self) -> bool {
        false
    }
}

#[test]
fn hooks_that_read_no_prose_get_none_and_the_same_page() {
    let body = "# Title\n\nA [rack](term:rack) here.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```shout\nhi\n```\n";
    let with = render(body, 0, &NoHooks);
    let without = render(body, 0, &NoProse);
    assert_eq!(with.prose, prose(body));
    assert_eq!(without.prose, Prose::default());
    assert_eq!(
        (with.html, with.toc, with.anchors),
        (without.html, without.toc, without.anchors)
    );
}
