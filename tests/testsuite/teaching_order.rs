//! The teaching-order check (`src/teaching.rs`): a glossary term whose
//! teaching lesson comes later in course order is reported at its first use
//! on an earlier page, in every language; a page that lists the term in
//! `early_terms` is not, and the lesson itself and the pages after it are not.

use crate::support::inline::*;

/// Two languages; `kong` is taught in `groups.md` (weight 3). `start.md`
/// (weight 1) uses it early, twice in English and once (as a `term:` link)
/// in German; `preview.md` (weight 2) marks its mention as deliberate.
const SITE: &str = r#"
//- config.toml
title = "Order"
base_url = "https://example.org/"
default_language = "en"
theme = "mini"

[languages.en]
name = "English"
weight = 1

[languages.de]
name = "Deutsch"
weight = 2
//- glossary/terms.toml
[[term]]
id = "kong"
lesson = "groups.md#kong"

[[term]]
id = "pung"
lesson = "groups.md#kong"
taught = "start.md"
//- glossary/en.toml
[kong]
name = "Kong"
definition = "Four identical tiles."
forms = ["kongs"]
ignore = ["Hong Kong"]

[pung]
name = "Pung"
definition = "Three identical tiles."
//- glossary/de.toml
[kong]
name = "Kong"
definition = "Vier gleiche Steine."

[pung]
name = "Pung"
definition = "Drei gleiche Steine."
//- content/en/_index.md
+++
title = "Home"
+++
Start with [the start](start.md).
//- content/en/start.md
+++
title = "Start"
weight = 1
+++
A pung is three tiles, as in Hong Kong. Later you build kongs,
and a kong is four.
//- content/en/preview.md
+++
title = "Preview"
weight = 2
early_terms = ["kong"]
+++
You will meet the kong later.
//- content/en/groups.md
+++
title = "Groups"
weight = 3
+++
## Kongs {#kong}

A kong is four identical tiles.
//- content/en/glossary.md
+++
title = "Glossary"
weight = 4
+++
Terms.
//- content/de/_index.md
+++
title = "Start"
+++
Beginne mit [dem Anfang](start.md).
//- content/de/start.md
+++
title = "Anfang"
weight = 1
+++
Ein Pung hat drei Steine, ein [Vierling](term:kong) vier.
//- content/de/preview.md
+++
title = "Vorschau"
weight = 2
early_terms = ["kong", "pong"]
+++
Den Kong lernst du später.
//- content/de/groups.md
+++
title = "Gruppen"
weight = 3
+++
## Kongs {#kong}

Ein Kong hat vier gleiche Steine.
//- content/de/glossary.md
+++
title = "Glossar"
weight = 4
+++
Begriffe.
"#;

#[test]
fn a_term_used_before_its_lesson_is_reported_in_every_language() {
    let diags = Inline::new(SITE).diagnostics();
    let lines: Vec<&str> = diags.lines().collect();
    expect_test::expect![[r#"
        [
            "content/de/preview.md:4:24: warning: early_terms: unknown glossary term \"pong\" (terms are defined in glossary/terms.toml)",
            "content/de/start.md:5:31: warning: \"[Vierling](term:kong)\" is used before it is taught: glossary term `kong` is taught later in the course, in groups.md#kong",
            "  note: teach it here, or mark a deliberate early mention with `early_terms = [\"kong\"]` in this page's front matter",
            "content/en/start.md:5:57: warning: \"kongs\" is used before it is taught: glossary term `kong` is taught later in the course, in groups.md#kong",
            "  note: the page uses it 1 more time(s) after this; teach it here, or mark a deliberate early mention with `early_terms = [\"kong\"]` in this page's front matter",
        ]
    "#]].assert_debug_eq(&lines);
}
