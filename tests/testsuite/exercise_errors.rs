//! Invalid exercise blocks, each written inline (`//- path` sections over
//! the defaults of `support::inline`): every test asserts the exact
//! diagnostics (`path:line:col: error: message`) as a snapshot, pointing
//! into the block (`UPDATE_EXPECT=1` rewrites them).

use crate::support::common::write;
use crate::support::inline::{Inline, check, trim_indent};
use expect_test::{Expect, expect};

/// Checks `content/en/quiz.md` holding one ```` ```quiz ```` block whose
/// fields are `block`: the block's first field is on line 7 of the page.
#[track_caller]
fn check_quiz(block: &str, expect: Expect) {
    let page = format!(
        "//- content/en/quiz.md\n+++\ntitle = \"Quiz\"\n+++\nA question.\n\n```quiz\n{}\n```\n",
        trim_indent(block)
    );
    check(&page, expect);
}

#[test]
fn wrong_answer_key_gives_the_right_answer_and_the_rule() {
    // Line 9 is `answer = 3`; the value is at column 10.
    check_quiz(
        r#"
        kind = "courtesy"
        offers = [3, 2]
        answer = 3
        "#,
        expect![[r#"
            content/en/quiz.md:9:10: error: wrong answer key: 2 tiles move, not 3 (rule courtesy-smaller-offer)
        "#]],
    );
}

#[test]
fn a_joker_in_a_pass_key_is_refused_with_a_legal_example() {
    // Line 10 is `answer = "5C J 9D"`; the string's content starts at column 11.
    check_quiz(
        r#"
        kind = "pass"
        pass = "first-left"
        rack = "1B 2B 3B 5C 5C 7C 9D N F WD RD J J"
        answer = "5C J 9D"
        "#,
        expect![[r#"
            content/en/quiz.md:10:11: error: wrong answer key: a joker is never passed; a legal answer, e.g. 1B 2B 3B (rule joker-never-passed)
        "#]],
    );
}

#[test]
fn a_fifth_6b_is_reported_at_the_fifth_tile() {
    // Line 9: `rack = "6B 6B 6B 6B 6B 1C ..."`; the fifth 6B starts at column 21.
    check_quiz(
        r#"
        kind = "pass"
        pass = "first-right"
        rack = "6B 6B 6B 6B 6B 1C 2C 3C 4C 5C 6C 7C 8C"
        "#,
        expect![[r#"
            content/en/quiz.md:9:21: error: impossible setup: a fifth 6B, but the set holds only 4 (rule too-many-copies)
        "#]],
    );
}

#[test]
fn a_fifth_copy_across_an_exposure_and_the_redeeming_tile_is_impossible() {
    // Line 9: `tile = "5D"`, the fifth 5D of the table; its content starts at column 9.
    check_quiz(
        r#"
        kind = "redeem"
        exposed = "5D 5D 5D 5D J"
        tile = "5D"
        answer = "yes"
        "#,
        expect![[r#"
            content/en/quiz.md:9:9: error: impossible setup: a fifth 5D, but the set holds only 4 (rule too-many-copies)
        "#]],
    );
}

#[test]
fn seats_blocks_report_unknown_passes_rounds_and_fields_at_their_place() {
    // Line 7: `pass = "first-rite"` (value at column 9); line 12: the key
    // `arrows`; line 16: `round = "third"` (value at column 10); line 21:
    // the key `round` next to `pass`.
    check(
        r#"
        //- content/en/quiz.md
        +++
        title = "Quiz"
        +++
        Seats.

        ```seats
        pass = "first-rite"
        ```

        ```seats
        pass = "first-left"
        arrows = "gold"
        ```

        ```seats
        round = "third"
        ```

        ```seats
        pass = "courtesy"
        round = "first"
        ```
        "#,
        expect![[r#"
            content/en/quiz.md:7:9: error: unknown pass "first-rite" (expected one of: first-right, first-across, first-left, second-left, second-across, second-right, courtesy)
            content/en/quiz.md:12:1: error: unknown field `arrows` in a seats block (fields: `pass`, `round`)
            content/en/quiz.md:16:10: error: unknown round "third" (expected one of: first, second)
            content/en/quiz.md:21:1: error: a seats block draws one `pass` or one `round`, not both
        "#]],
    );
}

#[test]
fn the_exchange_kinds_check_their_keys_against_the_rules() {
    // Keys at line 10 col 11, line 17 col 11, line 28 col 11, line 34 col 10.
    check(
        r#"
        //- content/en/quiz.md
        +++
        title = "Quiz"
        +++
        New kinds, wrong keys.

        ```quiz
        kind = "courtesy-offer"
        rack = "1B 2B 3B 5C 5C 7C 9D N F WD RD J J"
        across = 1
        answer = "J"
        ```

        ```quiz
        kind = "received-joker"
        pass = "second-left"
        received = "5C J 9D"
        answer = "forward"
        ```

        ```quiz
        kind = "table-pass"
        pass = "first-left"
        east = "1B 2B 3B"
        south = "4C 5C 6C"
        west = "N N E"
        north = "F RD GD"
        seat = "east"
        answer = "N N E"
        ```

        ```quiz
        kind = "set-count"
        group = "without-jokers"
        answer = 152
        ```
        "#,
        expect![[r#"
            content/en/quiz.md:10:11: error: wrong answer key: a joker never goes across; a legal answer, e.g. 1B (rule joker-never-passed)
            content/en/quiz.md:17:11: error: wrong answer key: the answer is return, not forward (rule received-joker-goes-back)
            content/en/quiz.md:28:11: error: wrong answer key: on the first-left pass east receives south's tiles 4C 5C 6C, not west's (N N E) (rule pass-direction)
            content/en/quiz.md:34:10: error: wrong answer key: `without-jokers` counts 144 tiles of the set, not 152 (rule tile-copies-in-set)
        "#]],
    );
}

#[test]
fn a_courtesy_offer_key_that_gives_away_a_tile_a_line_needs_is_refused() {
    // The courtesy-pass lesson's Ex 3 with a key that breaks the 2 Bam kong.
    check_quiz(
        r#"
        kind = "courtesy-offer"
        rack = "2B 2B 7C 9C F WD N N J RD GD 4D J"
        seat = "south"
        offer = 3
        across = 2
        lines = ["FFF 2222B NNNN RG0"]
        answer = "2B 7C"
        "#,
        expect![[r#"
            content/en/quiz.md:13:11: error: wrong answer key: legal, but 2B is in group 2 of teaching line 1, which keeps it; e.g. 7C 9C (rule clean-pass-helps-no-line)
        "#]],
    );
}

#[test]
fn a_ninth_joker_is_reported_at_the_ninth_joker() {
    // Line 8: `rack = "J J J J J J J J J 1C ..."`; the ninth J is at column 25.
    check_quiz(
        r#"
        kind = "find-jokers"
        rack = "J J J J J J J J J 1C 2C 3C 4C"
        "#,
        expect![[r#"
            content/en/quiz.md:8:25: error: impossible setup: a ninth J, but the set holds only 8 (rule too-many-copies)
        "#]],
    );
}

#[test]
fn a_blind_pass_on_a_pass_that_cannot_be_blind() {
    // Line 8: `pass = "second-across"`; the value's content starts at column 9.
    check_quiz(
        r#"
        kind = "blind-pass"
        pass = "second-across"
        rack = "1B 2B 3B 5C 5C 7C 9D N F WD RD J J"
        received = "E S W"
        "#,
        expect![[r#"
            content/en/quiz.md:8:9: error: impossible setup: no blind pass on second-across; blind passing is allowed only on first-left and second-right (rule blind-only-on-last-pass)
        "#]],
    );
}

#[test]
fn an_unknown_field_is_reported_at_its_key() {
    check_quiz(
        r#"
        kind = "tile-fact"
        tile = "F"
        ask = "copies"
        colour = "red"
        "#,
        expect![[r#"
            content/en/quiz.md:10:1: error: unknown field `colour` in a `tile-fact` exercise (fields: `kind`, `prompt`, `generate`, `seed`, `id`, `variants`, `tile`, `ask`, `answer`)
        "#]],
    );
}

#[test]
fn legality_questions_report_wrong_keys_with_the_rule() {
    // Each `answer = "yes"` value starts at column 11 (inside the quotes);
    // the unknown field is reported at its key (line 35, column 1).
    check(
        r#"
        //- content/en/quiz.md
        +++
        title = "Quiz"
        +++
        Legality questions with wrong keys.

        ```quiz
        kind = "rack-check"
        rack = "6B 6B 6B 6B 6B 1C 2C 3C 4C 5C 6C 7C 8C"
        answer = "yes"
        ```

        ```quiz
        kind = "pass-check"
        pass = "first-right"
        rack = "1B 2B 3B 5C 5C 7C 9D N F WD RD J J"
        offer = "1B 2B 6D"
        answer = "yes"
        ```

        ```quiz
        kind = "courtesy-check"
        after = "first-left"
        answer = "yes"
        ```

        ```quiz
        kind = "joker-group"
        group = "N N N N J J J"
        answer = "yes"
        ```

        ```quiz
        kind = "rack-check"
        rack = "1B 2B"
        colour = "red"
        ```
        "#,
        expect![[r#"
            content/en/quiz.md:9:11: error: wrong answer key: the answer is no, not yes: 5 copies of 6B, but the set holds 4 (rule too-many-copies)
            content/en/quiz.md:17:11: error: wrong answer key: the answer is no, not yes: 6D is not on the rack (rule pass-from-own-rack)
            content/en/quiz.md:23:11: error: wrong answer key: the answer is no, not yes: after first-left, the courtesy pass comes after the Charleston, also when the second Charleston was stopped (rule courtesy-after-charleston)
            content/en/quiz.md:29:11: error: wrong answer key: the answer is no, not yes (rule group-size)
            content/en/quiz.md:35:1: error: unknown field `colour` in a `rack-check` exercise (fields: `kind`, `prompt`, `generate`, `seed`, `id`, `variants`, `rack`, `seat`, `answer`)
        "#]],
    );
}

#[test]
fn an_unknown_kind_is_reported_at_its_value() {
    // The message lists every kind, in documentation order: the list comes
    // from the kinds themselves, so a new kind needs no edit here.
    let kinds = tilebook::exercises::kinds::names().join(", ");
    assert!(kinds.starts_with("find-jokers, pass, blind-pass, clean-pass, pass-direction, pass-order, blind-passes, stop, courtesy, joker-group, redeem, tile-fact, rack-check, pass-check, courtesy-check, courtesy-offer, received-joker, table-pass, set-count"));
    let page = "//- content/en/quiz.md\n+++\ntitle = \"Quiz\"\n+++\nA question.\n\n```quiz\nkind = \"find-joker\"\nrack = \"1B 2B 3B 5C 5C 7C 9D N F WD RD J J\"\n```\n";
    assert_eq!(
        Inline::new(page).diagnostics(),
        format!(
            "content/en/quiz.md:7:9: error: unknown exercise kind \"find-joker\" (kinds: {kinds})\n"
        )
    );
}

/// An English and a German page whose exercises differ (`[3, 1]` and
/// `[3, 2]`), with the real `felt` theme.
const MISMATCH: &str = r#"
//- config.toml
title = "Errors"
base_url = "https://example.org/"
default_language = "en"
theme = "felt"

[languages.en]
name = "English"
weight = 1

[languages.de]
name = "Deutsch"
weight = 2

[exercises.rule_lessons]
courtesy-smaller-offer = "quiz.md#courtesy"
//- content/de/_index.md
+++
title = "Start"
+++
Zum [Quiz](quiz.md).
//- content/de/quiz.md
+++
title = "Quiz"
+++
## Der Höflichkeitstausch {#courtesy}

Hier hat sich jemand verschrieben:

```quiz
kind = "courtesy"
offers = [3, 2]
```
//- content/en/_index.md
+++
title = "Home"
+++
See [the quiz](quiz.md).
//- content/en/quiz.md
+++
title = "Quiz"
+++
## The courtesy pass {#courtesy}

```quiz
kind = "courtesy"
offers = [3, 1]
```
"#;

fn mismatch() -> Inline {
    Inline::new(MISMATCH).with_felt("")
}

#[test]
fn a_translation_with_a_different_exercise_names_both_files_and_lines() {
    expect![[r#"
        content/de/quiz.md:8:1: error: exercise 1 differs from the default language's in content/en/quiz.md: here courtesy (seat=east;offers=3,2), there courtesy (seat=east;offers=3,1); a translation changes words, never exercises
          note: content/en/quiz.md:6:1: the exercise in the default language
    "#]]
    .assert_eq(&mismatch().diagnostics());
}

#[test]
fn a_string_no_language_defines_is_an_error_at_the_block() {
    let site = mismatch();
    let root = site.root();
    // Same exercise in both languages, and the rule's explanation removed everywhere.
    let de = std::fs::read_to_string(root.join("content/de/quiz.md")).unwrap();
    write(root, "content/de/quiz.md", &de.replace("[3, 2]", "[3, 1]"));
    for lang in ["en", "de", "ca", "pt"] {
        let file = root.join(format!("themes/felt/i18n/{lang}.ftl"));
        let text = std::fs::read_to_string(&file).unwrap();
        let kept: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with("rule-courtesy-smaller-offer = "))
            .collect();
        std::fs::write(&file, kept.join("\n")).unwrap();
    }
    expect![[r#"
        content/de/quiz.md:8:1: error: unknown UI string `rule.courtesy-smaller-offer` (Fluent id `rule-courtesy-smaller-offer`, not defined in any language)
        content/en/quiz.md:6:1: error: unknown UI string `rule.courtesy-smaller-offer` (Fluent id `rule-courtesy-smaller-offer`, not defined in any language)
    "#]]
    .assert_eq(&site.diagnostics());
}

#[test]
fn a_translation_missing_an_exercise_names_the_missing_one() {
    let site = mismatch();
    site.write(
        "content/de/quiz.md",
        "+++\ntitle = \"Quiz\"\n+++\n## Höflichkeit {#courtesy}\n",
    );
    expect![[r#"
        content/de/quiz.md:4:1: warning: exercise 1 of content/en/quiz.md (courtesy (seat=east;offers=3,1)) is not translated here: the page shows it in the default language, marked as not yet translated; copy its block into this page (or run `tilebook translations sync content/de/quiz.md`) and translate its prompt
          note: content/en/quiz.md:6:1: the exercise in the default language
    "#]]
    .assert_eq(&site.diagnostics());
}

#[test]
fn a_generated_exercise_whose_rack_has_no_clean_answer_fails_at_its_seed() {
    // Two lines need every tile of the set but the jokers: no generated rack
    // has three tiles to pass that keep them. Line 9 is `seed = 7`; the
    // value is at column 8.
    check_quiz(
        r#"
        kind = "pass"
        generate = 1
        seed = 7
        lines = ["123456B 789B 123456C 789C 123456D 789D", "NEWS FFFF RRR GGG 000"]
        "#,
        expect![[r#"
            content/en/quiz.md:9:8: error: generated exercise 1 of 1 (seed 7): no clean answer: 0 tile(s) of the rack help none of the teaching lines (none), but 3 must go (rule clean-pass-helps-no-line)
        "#]],
    );
}

#[test]
fn teaching_lines_on_a_pass_judge_the_key_and_the_rack() {
    // A key that breaks a group line 1 needs is refused (line 11, column 11);
    // a rack with no clean answer is refused at the rack (line 9, column 9).
    check_quiz(
        r#"
        kind = "pass"
        pass = "first-right"
        rack = "F F 6B 6B 6D E E J 1C 1C 2C 3C N"
        lines = ["FF 666B 666D EEEE"]
        answer = "6B 2C 3C"
        "#,
        expect![[r#"
            content/en/quiz.md:11:11: error: wrong answer key: legal, but 6B is in group 2 of teaching line 1, which keeps it; a legal answer, e.g. 2C 3C N (rule clean-pass-helps-no-line)
        "#]],
    );
    check_quiz(
        r#"
        kind = "pass"
        pass = "first-right"
        rack = "F F 6B 6B 6D E E J J 6B 6D 1C 2C"
        lines = ["FF 666B 666D EEEE"]
        "#,
        expect![[r#"
            content/en/quiz.md:9:9: error: no clean answer: 2 tile(s) of the rack help none of the teaching lines (1C 2C), but 3 must go (rule clean-pass-helps-no-line)
        "#]],
    );
}
