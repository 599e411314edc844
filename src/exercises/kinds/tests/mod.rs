//! Unit tests of every kind: setup parsing, verdict (answer key), answer
//! spec — and, for tile choices, that the spec accepts exactly the answers
//! the rules module accepts.

use crate::exercises::answer::{AnswerType, Correct};
use crate::exercises::model::{Choices, Exercise, Reveal};
use crate::exercises::parse_block;
use crate::rules::generate::Rng;
use crate::rules::{
    PassChoice, PassId, Phase, RuleId, Seat, TeachingLine, Tile, can_courtesy, check_clean_pass,
    check_courtesy_now, check_courtesy_size, check_pass, check_rack, check_seat_rack, parse_tiles,
};

use super::all as kinds;

/// The one exercise of a quiz block body (shared with the kinds' own tests).
pub(super) fn one(body: &str) -> Exercise {
    let mut block = parse_block(body).unwrap_or_else(|e| panic!("{body}\n{e:?}"));
    assert_eq!(block.exercises.len(), 1);
    block.exercises.remove(0)
}

/// The error message and the text at its offset.
pub(super) fn error(body: &str) -> (String, String) {
    let e = parse_block(body).expect_err(body);
    let at: String = body[e.offset..].chars().take(12).collect();
    (e.message, at)
}

fn tile_values(ex: &Exercise) -> Vec<(String, Tile)> {
    match &ex.choices {
        Choices::Tiles(rows) => rows
            .iter()
            .flat_map(|(_, r)| r.iter().map(|o| (o.value.clone(), o.tile)))
            .collect(),
        _ => panic!("not a tile exercise"),
    }
}

/// Every 3-subset of `n` positions.
fn triples(n: usize) -> Vec<[usize; 3]> {
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                out.push([a, b, c]);
            }
        }
    }
    out
}

const RACK: &str = "1B 2B 3B 5C 5C 7C 9D N F WD RD J J";

#[test]
fn find_jokers_parses_checks_key_and_builds_exact_spec() {
    let ex = one(&format!(
        "kind = \"find-jokers\"\nrack = \"{RACK}\"\nanswer = [12, 13]"
    ));
    assert_eq!(ex.spec.answer_type, AnswerType::Select);
    assert_eq!(
        ex.spec.exact,
        Some(vec!["11".to_string(), "12".to_string()])
    );
    let forbidden: Vec<(&str, RuleId)> = ex
        .spec
        .forbidden
        .iter()
        .map(|(v, r)| (v.as_str(), *r))
        .collect();
    assert!(forbidden.contains(&("8", RuleId::FlowerIsNotJoker)));
    assert!(forbidden.contains(&("9", RuleId::SoapIsNotJoker)));
    assert!(forbidden.contains(&("0", RuleId::JokerIsMarked)));
    assert!(ex.spec.evaluate(&["12", "11"]).ok);
    assert_eq!(
        ex.spec.evaluate(&["8", "11"]).rule,
        RuleId::FlowerIsNotJoker
    );
    assert!(!ex.spec.evaluate(&["11"]).ok);
    let (msg, at) = error(&format!(
        "kind = \"find-jokers\"\nrack = \"{RACK}\"\nanswer = [9, 12]"
    ));
    assert_eq!(
        msg,
        "wrong answer key: tile 9 (F) is not a joker; the jokers are tiles 12, 13 (rule flower-is-not-joker)"
    );
    assert!(at.starts_with("9, 12"));
}

#[test]
fn pass_spec_accepts_exactly_the_legal_passes() {
    let ex = one(&format!(
        "kind = \"pass\"\npass = \"first-right\"\nrack = \"{RACK}\"\nanswer = \"F WD 9D\""
    ));
    assert_eq!(ex.spec.count, Some(3));
    let values = tile_values(&ex);
    let rack = parse_tiles(RACK).unwrap();
    for t in triples(values.len()) {
        let chosen: Vec<&str> = t.iter().map(|&i| values[i].0.as_str()).collect();
        let tiles: Vec<Tile> = t.iter().map(|&i| values[i].1).collect();
        let rules = check_pass(&rack, &[], &PassChoice::rack(tiles), PassId::FirstRight);
        let spec = ex.spec.evaluate(&chosen);
        assert_eq!(spec.ok, rules.ok, "{chosen:?}");
        if !rules.ok {
            assert_eq!(spec.rule, rules.rule);
        }
    }
    assert_eq!(ex.spec.evaluate(&["0", "1"]).rule, RuleId::PassExactlyThree);
}

#[test]
fn pass_key_errors_name_the_rule_and_a_legal_answer() {
    let (msg, at) = error(&format!(
        "kind = \"pass\"\npass = \"first-right\"\nrack = \"{RACK}\"\nanswer = \"J 1B 2B\""
    ));
    assert_eq!(
        msg,
        "wrong answer key: a joker is never passed; a legal answer, e.g. 1B 2B 3B (rule joker-never-passed)"
    );
    assert!(at.starts_with("J 1B"));
    let (msg, _) = error(&format!(
        "kind = \"pass\"\npass = \"first-right\"\nrack = \"{RACK}\"\nanswer = \"1B 2B\""
    ));
    assert!(
        msg.contains("2 tiles, but a pass is exactly three"),
        "{msg}"
    );
}

#[test]
fn impossible_racks_are_rejected_at_the_tile() {
    let (msg, at) = error(
        "kind = \"pass\"\npass = \"first-right\"\nrack = \"6B 6B 6B 6B 6B 1C 2C 3C 4C 5C 6C 7C 8C\"",
    );
    assert_eq!(
        msg,
        "impossible setup: a fifth 6B, but the set holds only 4 (rule too-many-copies)"
    );
    assert!(at.starts_with("6B 1C"));
    let (msg, at) = error("kind = \"find-jokers\"\nrack = \"J J J J J J J J J 1C 2C 3C 4C\"");
    assert_eq!(
        msg,
        "impossible setup: a ninth J, but the set holds only 8 (rule too-many-copies)"
    );
    assert!(at.starts_with("J 1C"));
    let (msg, at) = error("kind = \"pass\"\npass = \"first-right\"\nrack = \"1B 2B\"");
    assert_eq!(
        msg,
        "wrong rack size: 2 tiles; a rack holds 13 during the Charleston, East's too (East draws its 14th only after it) (rule rack-tile-count)"
    );
    assert!(at.starts_with("1B 2B"));
    let (msg, at) = error("kind = \"pass\"\npass = \"first-right\"\nrack = \"1B 2X\"");
    assert!(msg.starts_with("unknown tile \"2X\""));
    assert!(at.starts_with("2X"));
}

#[test]
fn blind_pass_only_on_blind_passes_and_spec_matches_rules() {
    let (msg, at) = error(
        "kind = \"blind-pass\"\npass = \"first-across\"\nrack = \"1B 2B 3B 5C 5C 7C 9D N F WD RD J J\"\nreceived = \"E S W\"",
    );
    assert_eq!(
        msg,
        "impossible setup: no blind pass on first-across; blind passing is allowed only on first-left and second-right (rule blind-only-on-last-pass)"
    );
    assert!(at.starts_with("first-across"));
    let (msg, at) = error(
        "kind = \"blind-pass\"\npass = \"first-left\"\nrack = \"1B 2B 3B 5C 5C 7C 9D N J J\"\nreceived = \"E S W\"",
    );
    assert_eq!(
        msg,
        "wrong rack size: 10 tiles on the rack; the rack is the full rack (a rack holds 13 during the Charleston, East's too (East draws its 14th only after it)), and `received` the three tiles being passed to it in this pass (rule rack-tile-count)"
    );
    assert!(at.starts_with("1B 2B"));
    let rack = "1B 2B 3B 5C 5C 7C 9D N F WD RD J J";
    let ex = one(&format!(
        "kind = \"blind-pass\"\npass = \"first-left\"\nrack = \"{rack}\"\nreceived = \"E J W\"\nanswer = {{ rack = \"1B 2B 3B\", blind = \"\" }}"
    ));
    let rack_tiles = parse_tiles(rack).unwrap();
    let received = parse_tiles("E J W").unwrap();
    let values = tile_values(&ex);
    for t in triples(values.len()) {
        let chosen: Vec<&str> = t.iter().map(|&i| values[i].0.as_str()).collect();
        let pick = |p: char| -> Vec<Tile> {
            t.iter()
                .filter(|&&i| values[i].0.starts_with(p))
                .map(|&i| values[i].1)
                .collect()
        };
        let choice = PassChoice::with_blind(pick('r'), pick('b'));
        let rules = check_pass(&rack_tiles, &received, &choice, PassId::FirstLeft);
        let spec = ex.spec.evaluate(&chosen);
        assert_eq!(spec.ok, rules.ok, "{chosen:?}");
        if !rules.ok {
            assert_eq!(spec.rule, rules.rule, "{chosen:?}");
        }
    }
    let (msg, _) = error(&format!(
        "kind = \"blind-pass\"\npass = \"first-left\"\nrack = \"{rack}\"\nreceived = \"E J W\"\nanswer = {{ blind = \"E J W\" }}"
    ));
    assert!(msg.ends_with("(rule received-joker-goes-back)"), "{msg}");
    // Only the noticed joker goes back and a seen tile takes its place
    // (seed 000): the other two arriving tiles may still go on blind.
    let (_, b0) = &values[13];
    assert_eq!(*b0, parse_tiles("E").unwrap()[0]);
    assert!(ex.spec.evaluate(&["r0", "b0", "b2"]).ok);
    assert_eq!(
        ex.spec.evaluate(&["r0", "b0", "b1"]).rule,
        RuleId::ReceivedJokerGoesBack
    );
    assert_eq!(ex.spec.correct_rule, RuleId::ReceivedJokerGoesBack);
    assert_eq!(ex.rules[0], RuleId::ReceivedJokerGoesBack);
    assert_eq!(ex.question.key, "quiz.blind_pass.question_noticed");
    // Without an author's answer, the example shows just that: one rack
    // tile in the joker's place, the two others blind.
    let generated = one(&format!(
        "kind = \"blind-pass\"\npass = \"first-left\"\nrack = \"{rack}\"\nreceived = \"E J W\""
    ));
    assert!(
        generated.reveal.contains(&Reveal::Backs(2)),
        "{:?}",
        generated.reveal
    );
    assert!(
        generated
            .reveal
            .iter()
            .any(|r| matches!(r, Reveal::Tiles(t) if t.len() == 1))
    );
    // With no joker arriving, the plain question, and an example with at
    // least one unseen tile.
    let plain = one(&format!(
        "kind = \"blind-pass\"\npass = \"first-left\"\nrack = \"{rack}\"\nreceived = \"E S W\""
    ));
    assert_eq!(plain.question.key, "quiz.blind_pass.question");
    assert!(
        plain
            .reveal
            .iter()
            .any(|r| matches!(r, Reveal::Backs(n) if *n >= 1)),
        "{:?}",
        plain.reveal
    );
}

#[test]
fn clean_pass_spec_matches_the_rules_module() {
    let rack = "1B 2B 3B 6B 6B 6D 6D E E F 9C N J";
    let lines = ["FF 666B 666D EEEE", "NN 111C 222C 333C"];
    let ex = one(&format!(
        "kind = \"clean-pass\"\nrack = \"{rack}\"\nlines = [\"{}\", \"{}\"]\nanswer = \"9C 1B 2B\"",
        lines[0], lines[1]
    ));
    let (msg, _) = error(&format!(
        "kind = \"clean-pass\"\nrack = \"{rack}\"\nlines = [\"{}\"]\nanswer = \"6B 1B 2B\"",
        lines[0]
    ));
    assert!(
        msg.contains("legal, but 6B is in group 2 of teaching line 1"),
        "{msg}"
    );
    let rack_tiles = parse_tiles(rack).unwrap();
    let parsed: Vec<TeachingLine> = lines
        .iter()
        .map(|l| TeachingLine::parse(l).unwrap())
        .collect();
    let values = tile_values(&ex);
    for t in triples(values.len()) {
        let chosen: Vec<&str> = t.iter().map(|&i| values[i].0.as_str()).collect();
        let tiles: Vec<Tile> = t.iter().map(|&i| values[i].1).collect();
        let rules = check_clean_pass(&rack_tiles, &parsed, &tiles);
        let spec = ex.spec.evaluate(&chosen);
        assert_eq!(spec.ok, rules.ok, "{chosen:?}");
        // With a joker and a helping tile both chosen, the browser names the
        // first one chosen; the rules module checks jokers first.
        let both = tiles.iter().any(|t| t.is_joker())
            && tiles
                .iter()
                .any(|&t| !t.is_joker() && crate::rules::helps_any(&parsed, t));
        if !rules.ok && !both {
            assert_eq!(spec.rule, rules.rule, "{chosen:?}");
        }
    }
    assert_eq!(ex.setup.len(), 2);
    let (msg, at) = error(&format!(
        "kind = \"clean-pass\"\nrack = \"{rack}\"\nlines = [\"FF 66X\"]"
    ));
    assert!(msg.starts_with("teaching line:"), "{msg}");
    assert!(at.starts_with("X\""), "{at}");
}

#[test]
fn pass_direction_asks_directions_or_seats() {
    let ex = one("kind = \"pass-direction\"\npass = \"second-left\"\nanswer = \"left\"");
    assert_eq!(ex.spec.correct, Some(Correct::Option("left".into())));
    let ex = one(
        "kind = \"pass-direction\"\npass = \"first-right\"\nseat = \"east\"\nanswer = \"south\"",
    );
    assert_eq!(ex.spec.correct, Some(Correct::Option("south".into())));
    let ex = one(
        "kind = \"pass-direction\"\npass = \"first-right\"\nseat = \"east\"\nask = \"giver\"\nanswer = \"north\"",
    );
    assert_eq!(ex.spec.wrong_rule, RuleId::PassDirection);
    let (msg, _) = error(
        "kind = \"pass-direction\"\npass = \"first-right\"\nseat = \"east\"\nanswer = \"west\"",
    );
    assert_eq!(
        msg,
        "wrong answer key: on the first-right pass east's tiles go to south, not west (rule pass-direction)"
    );
}

#[test]
fn pass_order_is_shuffled_never_solved_and_checked() {
    let ex = one("kind = \"pass-order\"\nanswer = \"right across left left across right\"");
    let Some(Correct::Sequence(seq)) = &ex.spec.correct else {
        panic!()
    };
    assert_eq!(seq, &["right", "across", "left", "left", "across", "right"]);
    let Choices::Order(items) = &ex.choices else {
        panic!()
    };
    let shown: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
    assert_ne!(shown, *seq);
    assert!(
        ex.spec
            .evaluate(&["right", "across", "left", "left", "across", "right"])
            .ok
    );
    let (msg, _) = error("kind = \"pass-order\"\ncharleston = 2\nanswer = \"right across left\"");
    assert_eq!(
        msg,
        "wrong answer key: the order is left across right, not right across left (rule charleston-order)"
    );
}

#[test]
fn blind_passes_are_the_last_of_each_charleston() {
    let ex = one("kind = \"blind-passes\"\nanswer = [\"first-left\", \"second-right\"]");
    assert_eq!(ex.spec.answer_type, AnswerType::Multi);
    assert!(ex.spec.evaluate(&["second-right", "first-left"]).ok);
    assert_eq!(
        ex.spec.evaluate(&["first-right", "first-left"]).rule,
        RuleId::BlindOnlyOnLastPass
    );
    assert!(parse_block("kind = \"blind-passes\"\nanswer = [\"first-left\"]").is_err());
}

#[test]
fn stop_follows_the_phase() {
    let ex = one("kind = \"stop\"\nafter = \"first-left\"\nseat = \"west\"\nanswer = \"yes\"");
    assert_eq!(ex.spec.correct_rule, RuleId::SecondCharlestonOptional);
    assert_eq!(
        ex.spec.evaluate(&["east-only"]).rule,
        RuleId::SecondCharlestonOptional
    );
    let (msg, _) =
        error("kind = \"stop\"\nafter = \"first-right\"\nseat = \"west\"\nanswer = \"yes\"");
    assert_eq!(
        msg,
        "wrong answer key: the answer is no, not yes (rule first-charleston-compulsory)"
    );
    let ex = one("kind = \"stop\"\nafter = \"second-left\"\nseat = \"north\"\nanswer = \"no\"");
    assert_eq!(
        ex.spec.wrong_rule,
        RuleId::SecondCharlestonStopBeforeFirstPass
    );
}

#[test]
fn courtesy_counts_the_smaller_offer() {
    let ex = one("kind = \"courtesy\"\noffers = [3, 2]\nanswer = 2");
    assert_eq!(ex.spec.correct, Some(Correct::Option("2".into())));
    let (msg, at) = error("kind = \"courtesy\"\noffers = [3, 2]\nanswer = 3");
    assert_eq!(
        msg,
        "wrong answer key: 2 tiles move, not 3 (rule courtesy-smaller-offer)"
    );
    assert!(at.starts_with('3'));
    let (msg, at) = error("kind = \"courtesy\"\noffers = [4, 2]");
    assert_eq!(
        msg,
        "impossible setup: an offer of 4 tiles; offers are 0 to 3 (rule courtesy-zero-to-three)"
    );
    assert!(at.starts_with("4, 2"));
    let ex = one("kind = \"courtesy\"\noffers = [0, 2]\nseat = \"south\"");
    assert_eq!(ex.spec.wrong_rule, RuleId::CourtesyZeroMeansNone);
}

#[test]
fn joker_group_and_redeem() {
    let ex = one("kind = \"joker-group\"\ngroup = \"6B 6B J\"\nanswer = \"yes\"");
    assert_eq!(ex.spec.correct, Some(Correct::Option("yes".into())));
    let (msg, _) = error("kind = \"joker-group\"\ngroup = \"6B J\"\nanswer = \"yes\"");
    assert_eq!(
        msg,
        "wrong answer key: the answer is no, not yes (rule joker-not-in-pair)"
    );
    let ex = one("kind = \"joker-group\"\ngroup = \"1B 1B 1B 1B J J J\"\nanswer = \"no\"");
    assert_eq!(ex.spec.correct, Some(Correct::Option("no".into())));
    assert_eq!(ex.spec.wrong_rule, RuleId::GroupSize);
    let (msg, _) =
        error("kind = \"joker-group\"\ngroup = \"1B 1B 1B 1B J J J J\"\nanswer = \"yes\"");
    assert_eq!(
        msg,
        "wrong answer key: the answer is no, not yes (rule group-size)"
    );
    let (msg, at) = error("kind = \"joker-group\"\ngroup = \"1B 1B 1B 1B J J J J J\"");
    assert!(msg.ends_with("not 9 (rule group-size)"), "{msg}");
    assert!(at.starts_with("1B 1B"));
    let (msg, _) = error("kind = \"joker-group\"\ngroup = \"\"");
    assert!(msg.ends_with("not 0 (rule group-size)"), "{msg}");
    let (msg, at) = error("kind = \"redeem\"\nexposed = \"5D 5D 5D 5D J\"\ntile = \"5D\"");
    assert_eq!(
        msg,
        "impossible setup: a fifth 5D, but the set holds only 4 (rule too-many-copies)"
    );
    assert_eq!(at, "5D\"");
    let (msg, at) = error("kind = \"redeem\"\nexposed = \"5D 5D 5D 5D 5D J\"\ntile = \"6B\"");
    assert_eq!(
        msg,
        "impossible setup: a fifth 5D, but the set holds only 4 (rule too-many-copies)"
    );
    assert!(at.starts_with("5D J"), "{at}");
    let ex = one("kind = \"redeem\"\nexposed = \"6B 6B J\"\ntile = \"6B\"\nanswer = \"yes\"");
    assert_eq!(ex.spec.correct_rule, RuleId::RedeemMatchingTile);
    let (msg, _) = error(
        "kind = \"redeem\"\nexposed = \"6B 6B J\"\ntile = \"6B\"\ndiscard = true\nanswer = \"yes\"",
    );
    assert!(msg.ends_with("(rule redeem-not-from-discard)"), "{msg}");
}

#[test]
fn tile_facts() {
    let ex = one("kind = \"tile-fact\"\ntile = \"F\"\nask = \"copies\"\nanswer = \"8\"");
    assert_eq!(ex.spec.correct, Some(Correct::Option("8".into())));
    let ex = one("kind = \"tile-fact\"\ntile = \"WD\"\nask = \"is-joker\"\nanswer = \"no\"");
    assert_eq!(ex.spec.wrong_rule, RuleId::SoapIsNotJoker);
    let (msg, _) = error("kind = \"tile-fact\"\ntile = \"N\"\nask = \"copies\"\nanswer = \"8\"");
    assert_eq!(
        msg,
        "wrong answer key: the answer is 4, not 8 (rule tile-copies-in-set)"
    );
}

#[test]
fn unknown_kind_field_and_missing_field() {
    let (msg, at) = error("kind = \"pas\"");
    assert!(msg.starts_with("unknown exercise kind \"pas\""));
    assert!(at.starts_with("pas\""));
    let (msg, at) = error("kind = \"courtesy\"\noffers = [1, 2]\ncolour = \"red\"");
    assert!(
        msg.starts_with("unknown field `colour` in a `courtesy` exercise"),
        "{msg}"
    );
    assert!(at.starts_with("colour"));
    let (msg, _) = error("kind = \"courtesy\"");
    assert_eq!(
        msg,
        "missing field `offers` (a `courtesy` exercise needs it)"
    );
    let (msg, at) = error("kind = \"pass\"\ngenerate = 2\nseed = 1\nrack = \"1B\"");
    assert!(msg.starts_with("field `rack` cannot be used with `generate`"));
    assert!(at.starts_with("rack"));
}

#[test]
fn every_kind_generates_deterministic_consistent_exercises() {
    for kind in kinds() {
        for seed in 0..30 {
            let a = kind.generated(&mut Rng::new(seed));
            let b = kind.generated(&mut Rng::new(seed));
            assert_eq!(a.fingerprint(), b.fingerprint(), "{}", kind.name);
            assert_eq!(a.kind, kind.name);
            // The generated setup passes the same checks as an authored one.
            if let Choices::Tiles(_) = &a.choices {
                assert!(
                    a.spec.count.is_none() || a.spec.forbidden.len() <= tile_values(&a).len() - 3
                );
            }
        }
        let block =
            parse_block(&format!("kind = \"{}\"\ngenerate = 3\nseed = 9", kind.name)).unwrap();
        assert_eq!(block.exercises.len(), 3);
    }
}

mod checks;
mod exchange;

#[test]
fn an_authored_id_names_the_exercise_and_a_bad_one_is_refused() {
    let rack = "kind = \"find-jokers\"\nrack = \"1B 2B 3B 5C 5C 7C 9D N F WD RD J J\"\nanswer = [12, 13]\n";
    let block = parse_block(&format!("{rack}id = \"jokers-1\"")).unwrap();
    assert_eq!(block.exercise_id(0, "x"), "jokers-1");
    let plain = parse_block(rack).unwrap();
    let fingerprint = plain.exercises[0].fingerprint();
    assert_eq!(
        plain.exercise_id(0, &fingerprint),
        crate::hash::short_id(&fingerprint),
        "without `id`, a hash of the language-independent setup"
    );
    let generated =
        parse_block("kind = \"find-jokers\"\ngenerate = 3\nseed = 4\nid = \"j\"").unwrap();
    assert_eq!(generated.exercise_id(2, "x"), "j-3");
    let (message, at) = error(&format!("{rack}id = \"no spaces\""));
    assert!(message.contains("`id` is 1 to 40"), "{message}");
    assert_eq!(at, "no spaces\"");
}
