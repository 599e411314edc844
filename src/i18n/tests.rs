//! Unit tests of `i18n`: fallback, Fluent ids, plural forms, browser templates, lists.

use super::*;

const EN: &str = "\
k = K
f = { $n } of { $m }
tiles = { $count ->
    [0] no tiles
    [one] { $count } tile
   *[other] { $count } tiles
}
list-and-two = { $first } and { $second }
list-and-middle = { $first }, { $second }
list-and-end = { $first }, and { $second }
";

const PT: &str = "\
tiles = { $count ->
    [0] nenhuma peça
    [one] { $count } peça
   *[other] { $count } peças
}
list-and-two = { $first } e { $second }
list-and-middle = { $first }, { $second }
list-and-end = { $first } e { $second }
";

fn strings() -> Strings {
    Strings::from_sources("en", &[("en", EN), ("de", ""), ("pt", PT)])
}

#[test]
fn falls_back_to_default_language() {
    let s = strings();
    assert_eq!(s.lookup("de", "k"), Lookup::Fallback);
    assert_eq!(s.lookup("en", "k"), Lookup::Found);
    assert_eq!(s.lookup("de", "nope"), Lookup::Missing);
    assert_eq!(s.get("de", "k"), Some("K"));
    assert!(s.missing_keys("de").contains(&"f".to_string()));
    assert_eq!(
        s.format("en", "f", &[("n", 1.into()), ("m", 2.into())])
            .unwrap(),
        "1 of 2"
    );
}

#[test]
fn dotted_keys_name_fluent_ids() {
    let s = Strings::from_sources("en", &[("en", "quiz-pass-question = Q\n")]);
    assert_eq!(s.get("en", "quiz.pass.question"), Some("Q"));
}

#[test]
fn numbers_choose_plural_forms() {
    let s = strings();
    let f = |lang, n: u64| s.format(lang, "tiles", &[("count", n.into())]).unwrap();
    assert_eq!(
        [0, 1, 2, 5].map(|n| f("en", n)),
        ["no tiles", "1 tile", "2 tiles", "5 tiles"]
    );
    assert_eq!(
        [0, 1, 2, 5].map(|n| f("pt", n)),
        ["nenhuma peça", "1 peça", "2 peças", "5 peças"]
    );
}

#[test]
fn templates_carry_one_form_per_category_and_exact_forms() {
    let s = strings();
    let t = s.template("en", "tiles").unwrap();
    assert_eq!(
        t.to_json(),
        serde_json::json!({"select": "count", "forms": {
            "one": "{count} tile", "other": "{count} tiles", "=0": "no tiles"
        }})
    );
    let fill =
        |lang: &str, n: u64| t.fill(|n| s.plural_category(lang, n), &[("count", n.to_string())]);
    assert_eq!(
        [0, 1, 7].map(|n| fill("en", n)),
        ["no tiles", "1 tile", "7 tiles"]
    );
    assert_eq!(
        s.template("en", "f").unwrap(),
        Template::Text("{n} of {m}".into())
    );
    let pt = s.template("pt", "tiles").unwrap();
    let Template::Plural { forms, .. } = pt else {
        panic!("plural")
    };
    assert_eq!(forms["one"], "{count} peça");
    assert_eq!(forms["=0"], "nenhuma peça");
}

#[test]
fn lists_are_joined_per_language() {
    let s = strings();
    let items = |n: usize| (10..10 + n).map(|i| i.to_string()).collect::<Vec<_>>();
    assert_eq!(s.list_and("en", &items(1)), "10");
    assert_eq!(s.list_and("en", &items(2)), "10 and 11");
    assert_eq!(s.list_and("en", &items(3)), "10, 11, and 12");
    assert_eq!(s.list_and("pt", &items(4)), "10, 11, 12 e 13");
}
