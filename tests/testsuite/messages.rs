//! The UI messages that take a count or a list, rendered with 0, 1, 2 and 5
//! in every language of the course (`snapshots/messages.txt`, read by a
//! native-level reader of each language), and the browser's templates
//! checked to give the same texts.

use expect_test::expect_file;
use tilebook::i18n::{Arg, Strings};

use crate::support::common;

const LANGS: [&str; 4] = ["en", "de", "ca", "pt"];
const COUNTS: [usize; 4] = [0, 1, 2, 5];

/// Variables that hold a number.
const NUMBERS: &[&str] = &[
    "count", "n", "short", "missing", "chosen", "max", "solved", "total", "revealed", "blind",
    "limit", "jokers", "sheets", "pages", "offer", "lines", "games", "clean", "moves", "right",
    "best",
];
/// Variables that hold a list of items joined by the code.
const LISTS: &[&str] = &["positions", "tiles", "received", "offered"];

/// A sample value for a variable that is neither a number nor a list.
fn sample(strings: &Strings, lang: &str, name: &str, n: usize) -> String {
    let get = |key: &str| strings.get(lang, key).unwrap().to_string();
    match name {
        "seat" | "seat_a" | "giver" => get("seat.north"),
        "seat_b" | "receiver" => get("seat.south"),
        "tile" | "label" => get("tile.bam.6"),
        "pass" => get("pass.first-left"),
        "moment" => get("quiz.stop.moment.deal"),
        "to" => get("trainer.to.left"),
        "from" => get("trainer.from.right"),
        "offer_a" | "offer_b" => strings
            .format(
                lang,
                "quiz.courtesy.offers",
                &[("seat", get("seat.north").into()), ("count", n.into())],
            )
            .unwrap(),
        "line" => "111B 222C".to_string(),
        // Stopping questions: before and after the first Charleston is over.
        "stage" if n < 2 => "first".to_string(),
        "stage" => "second".to_string(),
        // A pass's reveal with teaching lines: a plain pass, then a blind one.
        "mode" if n < 2 => "plain".to_string(),
        "mode" => "blind".to_string(),
        // The courtesy-check title's three questions.
        "ask" => ["when", "offer", "both", "when"]
            [COUNTS.iter().position(|&c| c == n).unwrap_or(0)]
        .to_string(),
        // Tile-fact feedback speaks of the tile's family.
        "family" => ["suit", "flower", "joker", "", "", "wind"][n].to_string(),
        "exercises" => strings
            .format(lang, "lesson.exercises", &[("count", n.into())])
            .unwrap(),
        // The trainer's courtesy step: what the player across offered.
        "partner_offer" => strings
            .format(lang, "trainer.offer_count", &[("count", n.into())])
            .unwrap(),
        _ => format!("‹{name}›"),
    }
}

/// `n` items of a list: positions counted from 10, or tile names.
fn items(strings: &Strings, lang: &str, name: &str, n: usize) -> Vec<String> {
    (0..n)
        .map(|i| match name {
            "positions" => (10 + i).to_string(),
            _ => strings
                .get(lang, &format!("tile.dot.{}", i + 1))
                .unwrap()
                .to_string(),
        })
        .collect()
}

/// The messages of the default language that take a number or a list.
fn counted(strings: &Strings) -> Vec<String> {
    strings
        .all_keys()
        .into_iter()
        .filter(|id| {
            strings.info("en", id).is_some_and(|m| {
                !m.selectors.is_empty()
                    || m.variables
                        .keys()
                        .any(|v| NUMBERS.contains(&v.as_str()) || LISTS.contains(&v.as_str()))
            })
        })
        .collect()
}

#[test]
fn counted_messages_read_right_in_every_language() {
    let strings = common::felt_strings();
    let mut out = String::new();
    for id in counted(&strings) {
        out.push_str(&format!("{id}\n"));
        let vars: Vec<String> = strings
            .info("en", &id)
            .unwrap()
            .variables
            .keys()
            .cloned()
            .collect();
        for lang in LANGS {
            for n in COUNTS {
                let mut args: Vec<(&str, Arg<'_>)> = Vec::new();
                let mut plain: Vec<(&str, String)> = Vec::new();
                for v in &vars {
                    let v = v.as_str();
                    let (value, text) = if NUMBERS.contains(&v) {
                        (Arg::from(n), n.to_string())
                    } else if LISTS.contains(&v) {
                        let list = items(&strings, lang, v, n);
                        let text = if list.is_empty() {
                            strings.get(lang, "trainer.none").unwrap().to_string()
                        } else {
                            strings.list_and(lang, &list)
                        };
                        (Arg::from(text.clone()), text)
                    } else {
                        let s = sample(&strings, lang, v, n);
                        (Arg::from(s.clone()), s)
                    };
                    args.push((v, value));
                    plain.push((v, text));
                }
                let text = strings.format(lang, &id, &args).unwrap();
                // The browser's template gives the same text (it chooses
                // plural forms; a message selecting on a text is not one
                // the browser fills in).
                let template = strings.template(lang, &id).unwrap();
                let numeric = strings
                    .info("en", &id)
                    .unwrap()
                    .selectors
                    .iter()
                    .all(|s| NUMBERS.contains(&s.as_str()));
                assert!(
                    !numeric || template.fill(|k| strings.plural_category(lang, k), &plain) == text,
                    "{lang} {id} {n}: the browser's template"
                );
                out.push_str(&format!("  {lang} {n}: {text}\n"));
            }
        }
        out.push('\n');
    }
    expect_file!["snapshots/messages.txt"].assert_eq(&out);
}

#[test]
fn lists_are_joined_per_language() {
    let strings = common::felt_strings();
    let list =
        |lang: &str, n: usize| strings.list_and(lang, &items(&strings, lang, "positions", n));
    assert_eq!(
        LANGS.map(|l| list(l, 2)),
        ["10 and 11", "10 und 11", "10 i 11", "10 e 11"]
    );
    assert_eq!(
        LANGS.map(|l| list(l, 3)),
        [
            "10, 11, and 12",
            "10, 11 und 12",
            "10, 11 i 12",
            "10, 11 e 12"
        ]
    );
    assert_eq!(list("de", 1), "10");
}
