//! Invalid quiz blocks under `tests/fixtures/errors/quiz_*/`: each test
//! asserts the exact diagnostics (`path:line:col: error: message`), pointing
//! into the block. Lines and columns were counted by hand in the fixtures.

mod common;

use common::*;

/// Builds a fixture (a copy with the felt theme when `felt`) and returns
/// the diagnostics as printed; the build must have failed.
fn errors_of(root: &std::path::Path, case: &str) -> Vec<String> {
    let mut result = build(&options(root));
    let text = diagnostics_text(&mut result);
    assert!(
        result.output.is_none(),
        "{case}: build succeeded with:\n{text}"
    );
    text.lines().map(str::to_string).collect()
}

#[track_caller]
fn assert_errors(case: &str, expected: &[&str]) {
    let got = errors_of(&fixture_path(&format!("errors/{case}")), case);
    assert_eq!(got, expected, "diagnostics of errors/{case}");
}

#[test]
fn wrong_answer_key_gives_the_right_answer_and_the_rule() {
    // Line 9 is `answer = 3`; the value is at column 10.
    assert_errors(
        "quiz_wrong_key",
        &[
            "content/en/quiz.md:9:10: error: wrong answer key: 2 tiles move, not 3 (rule courtesy-smaller-offer)",
        ],
    );
}

#[test]
fn a_joker_in_a_pass_key_is_refused_with_a_legal_example() {
    // Line 10 is `answer = "5C J 9D"`; the string's content starts at column 11.
    assert_errors(
        "quiz_bad_pass_key",
        &[
            "content/en/quiz.md:10:11: error: wrong answer key: a joker is never passed; a legal answer, e.g. 1B 2B 3B (rule joker-never-passed)",
        ],
    );
}

#[test]
fn a_fifth_6b_is_reported_at_the_fifth_tile() {
    // Line 9: `rack = "6B 6B 6B 6B 6B 1C ..."`; the fifth 6B starts at column 21.
    assert_errors(
        "quiz_fifth_tile",
        &[
            "content/en/quiz.md:9:21: error: impossible setup: a fifth 6B, but the set holds only 4 (rule too-many-copies)",
        ],
    );
}

#[test]
fn a_fifth_copy_across_an_exposure_and_the_redeeming_tile_is_impossible() {
    // Line 9: `tile = "5D"`, the fifth 5D of the table; its content starts at column 9.
    assert_errors(
        "quiz_redeem_fifth",
        &[
            "content/en/quiz.md:9:9: error: impossible setup: a fifth 5D, but the set holds only 4 (rule too-many-copies)",
        ],
    );
}

#[test]
fn seats_blocks_report_unknown_passes_rounds_and_fields_at_their_place() {
    // Line 7: `pass = "first-rite"` (value at column 9); line 12: the key
    // `arrows`; line 16: `round = "third"` (value at column 10); line 21:
    // the key `round` next to `pass`.
    assert_errors(
        "seats_errors",
        &[
            "content/en/quiz.md:7:9: error: unknown pass \"first-rite\" (expected one of: first-right, first-across, first-left, second-left, second-across, second-right, courtesy)",
            "content/en/quiz.md:12:1: error: unknown field `arrows` in a seats block (fields: `pass`, `round`)",
            "content/en/quiz.md:16:10: error: unknown round \"third\" (expected one of: first, second)",
            "content/en/quiz.md:21:1: error: a seats block draws one `pass` or one `round`, not both",
        ],
    );
}

#[test]
fn the_exchange_kinds_check_their_keys_against_the_rules() {
    // Keys at line 10 col 11, line 17 col 11, line 28 col 11, line 34 col 10.
    assert_errors(
        "quiz_exchange_kinds",
        &[
            "content/en/quiz.md:10:11: error: wrong answer key: a joker never goes across; a legal answer, e.g. 1B (rule joker-never-passed)",
            "content/en/quiz.md:17:11: error: wrong answer key: the answer is return, not forward (rule received-joker-goes-back)",
            "content/en/quiz.md:28:11: error: wrong answer key: on the first-left pass east receives south's tiles 4C 5C 6C, not west's (N N E) (rule pass-direction)",
            "content/en/quiz.md:34:10: error: wrong answer key: `without-jokers` counts 144 tiles of the set, not 152 (rule tile-copies-in-set)",
        ],
    );
}

#[test]
fn a_ninth_joker_is_reported_at_the_ninth_joker() {
    // Line 8: `rack = "J J J J J J J J J 1C ..."`; the ninth J is at column 25.
    assert_errors(
        "quiz_ninth_joker",
        &[
            "content/en/quiz.md:8:25: error: impossible setup: a ninth J, but the set holds only 8 (rule too-many-copies)",
        ],
    );
}

#[test]
fn a_blind_pass_on_a_pass_that_cannot_be_blind() {
    // Line 8: `pass = "second-across"`; the value's content starts at column 9.
    assert_errors(
        "quiz_blind_not_allowed",
        &[
            "content/en/quiz.md:8:9: error: impossible setup: no blind pass on second-across; blind passing is allowed only on first-left and second-right (rule blind-only-on-last-pass)",
        ],
    );
}

#[test]
fn an_unknown_field_is_reported_at_its_key() {
    assert_errors(
        "quiz_unknown_field",
        &[
            "content/en/quiz.md:10:1: error: unknown field `colour` in a `tile-fact` exercise (fields: `kind`, `prompt`, `generate`, `seed`, `tile`, `ask`, `answer`)",
        ],
    );
}

#[test]
fn legality_questions_report_wrong_keys_with_the_rule() {
    // Each `answer = "yes"` value starts at column 11 (inside the quotes);
    // the unknown field is reported at its key (line 35, column 1).
    assert_errors(
        "quiz_legality_keys",
        &[
            "content/en/quiz.md:9:11: error: wrong answer key: the answer is no, not yes: 5 copies of 6B, but the set holds 4 (rule too-many-copies)",
            "content/en/quiz.md:17:11: error: wrong answer key: the answer is no, not yes: 6D is not on the rack (rule pass-from-own-rack)",
            "content/en/quiz.md:23:11: error: wrong answer key: the answer is no, not yes: after first-left, the courtesy pass comes after the Charleston, also when the second Charleston was stopped (rule courtesy-after-charleston)",
            "content/en/quiz.md:29:11: error: wrong answer key: the answer is no, not yes (rule group-size)",
            "content/en/quiz.md:35:1: error: unknown field `colour` in a `rack-check` exercise (fields: `kind`, `prompt`, `generate`, `seed`, `rack`, `seat`, `answer`)",
        ],
    );
}

#[test]
fn an_unknown_kind_is_reported_at_its_value() {
    // The list starts with these kinds, in documentation order, and names
    // every kind (a new one is listed without editing this test).
    let kinds = tilebook::exercises::kinds::names().join(", ");
    assert!(kinds.starts_with("find-jokers, pass, blind-pass, clean-pass, pass-direction, pass-order, blind-passes, stop, courtesy, joker-group, redeem, tile-fact, rack-check, pass-check, courtesy-check, courtesy-offer, received-joker, table-pass, set-count"));
    assert_errors(
        "quiz_unknown_kind",
        &[&format!(
            "content/en/quiz.md:7:9: error: unknown exercise kind \"find-joker\" (kinds: {kinds})"
        )],
    );
}

#[test]
fn a_translation_with_a_different_exercise_names_both_files_and_lines() {
    let tmp = copy_fixture_with_felt("errors/quiz_mismatch");
    let got = errors_of(tmp.path(), "quiz_mismatch");
    assert_eq!(
        got,
        [
            "content/de/quiz.md:8:1: error: exercise 1 differs from the default language's in content/en/quiz.md: here courtesy (seat=east;offers=3,2), there courtesy (seat=east;offers=3,1); a translation changes words, never exercises",
            "  note: content/en/quiz.md:6:1: the exercise in the default language",
        ]
    );
}

#[test]
fn a_string_no_language_defines_is_an_error_at_the_block() {
    let tmp = copy_fixture_with_felt("errors/quiz_mismatch");
    let root = tmp.path();
    // Same exercise in both languages, and the rule's explanation removed everywhere.
    let de = std::fs::read_to_string(root.join("content/de/quiz.md")).unwrap();
    write(root, "content/de/quiz.md", &de.replace("[3, 2]", "[3, 1]"));
    for lang in ["en", "de", "ca", "pt"] {
        let file = root.join(format!("themes/felt/i18n/{lang}.toml"));
        let text = std::fs::read_to_string(&file).unwrap();
        let kept: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with("courtesy-smaller-offer = "))
            .collect();
        std::fs::write(&file, kept.join("\n")).unwrap();
    }
    let got = errors_of(root, "missing string");
    assert_eq!(
        got,
        [
            "content/de/quiz.md:8:1: error: unknown UI string `rule.courtesy-smaller-offer` (not defined in any language)",
            "content/en/quiz.md:6:1: error: unknown UI string `rule.courtesy-smaller-offer` (not defined in any language)",
        ]
    );
}

#[test]
fn a_translation_missing_an_exercise_names_the_missing_one() {
    let tmp = copy_fixture_with_felt("errors/quiz_mismatch");
    let root = tmp.path();
    write(
        root,
        "content/de/quiz.md",
        "+++\ntitle = \"Quiz\"\n+++\n## Höflichkeit {#courtesy}\n",
    );
    let got = errors_of(root, "missing exercise");
    assert_eq!(
        got,
        [
            "content/de/quiz.md: error: exercise 1 of content/en/quiz.md (courtesy (seat=east;offers=3,1)) is missing here: a translation must carry the same exercises",
            "  note: content/en/quiz.md:6:1: the exercise missing in the translation",
        ]
    );
}
