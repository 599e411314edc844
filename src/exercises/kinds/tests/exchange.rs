//! Unit tests of the exchange kinds (`courtesy-offer`, `received-joker`,
//! `table-pass`, `set-count`): their specs accept exactly what the rules accept.

use super::super::exchange::{COUNT_OPTIONS, set_count};
use super::{error, one};
use crate::exercises::model::Choices;
use crate::exercises::parse_block;
use crate::rules::{
    Exchange, PassId, RuleId, Seat, SetGroup, Tile, check_courtesy_offer, parse_tiles,
};

const RACK: &str = "1B 2B 3B 5C 5C 7C 9D N F WD RD J J";

/// Every subset of `0..n` with at most `max` members.
fn subsets(n: usize, max: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for i in 0..n {
        let grown: Vec<Vec<usize>> = out
            .iter()
            .filter(|s| s.len() < max)
            .map(|s| [s.clone(), vec![i]].concat())
            .collect();
        out.extend(grown);
    }
    out
}

#[test]
fn courtesy_offer_spec_accepts_exactly_what_the_rules_accept() {
    let rack = parse_tiles(RACK).unwrap();
    for (offer, across) in [(3, 2), (1, 3), (0, 2), (3, 3)] {
        let ex = one(&format!(
            "kind = \"courtesy-offer\"\nrack = \"{RACK}\"\noffer = {offer}\nacross = {across}"
        ));
        for chosen in subsets(rack.len(), 4) {
            let values: Vec<String> = chosen.iter().map(usize::to_string).collect();
            let values: Vec<&str> = values.iter().map(String::as_str).collect();
            let tiles: Vec<Tile> = chosen.iter().map(|&i| rack[i]).collect();
            let legal = check_courtesy_offer(&rack, &tiles).ok && tiles.len() == offer.min(across);
            assert_eq!(
                ex.spec.evaluate(&values).ok,
                legal,
                "{offer}/{across}: {tiles:?}"
            );
        }
    }
    let ex = one(&format!(
        "kind = \"courtesy-offer\"\nrack = \"{RACK}\"\nacross = 2\nanswer = \"9D N\""
    ));
    assert_eq!(
        ex.spec.evaluate(&["11", "0"]).rule,
        RuleId::JokerNeverPassed
    );
    assert_eq!(
        ex.spec.evaluate(&["0", "1", "2"]).rule,
        RuleId::CourtesySmallerOffer
    );
    let none = one(&format!(
        "kind = \"courtesy-offer\"\nrack = \"{RACK}\"\nacross = 0\nanswer = \"\""
    ));
    assert!(none.spec.evaluate(&[]).ok);
    assert_eq!(
        none.spec.evaluate(&["0"]).rule,
        RuleId::CourtesyZeroMeansNone
    );
}

#[test]
fn courtesy_offer_with_lines_answers_legal_but_for_a_needed_tile() {
    // content/*/charleston/courtesy-pass.md, Ex 3: the line keeps the
    // flowers, the 2 Bams, the Norths and the dragons; 7C 9C 4D are spare.
    let rack = "2B 2B 7C 9C F WD N N J RD GD 4D J";
    let body = |answer: &str| {
        format!(
            "kind = \"courtesy-offer\"\nrack = \"{rack}\"\nseat = \"south\"\noffer = 3\nacross = 2\nlines = [\"FFF 2222B NNNN RG0\"]\nanswer = \"{answer}\""
        )
    };
    let ex = one(&body("7C 9C"));
    assert!(ex.spec.evaluate(&["2", "3"]).ok);
    assert!(ex.spec.evaluate(&["3", "11"]).ok);
    assert_eq!(ex.spec.correct_rule, RuleId::CourtesySmallerOffer);
    // legal, but the 2 Bams are in the line's group 2: "Legal, but…"
    let two_bams = ex.spec.evaluate(&["0", "1"]);
    assert_eq!(
        (two_bams.ok, two_bams.rule),
        (false, RuleId::CleanPassHelpsNoLine)
    );
    let poor = ex.spec.poor_value(&["0", "1"]).unwrap();
    assert_eq!((poor.line, poor.group), (1, 2));
    assert!(ex.spec.poor_value(&["4"]).is_some(), "the flower");
    assert!(ex.spec.poor_value(&["6"]).is_some(), "a North");
    assert_eq!(ex.spec.evaluate(&["8", "2"]).rule, RuleId::JokerNeverPassed);
    assert_eq!(ex.setup.len(), 1, "the line is drawn above the rack");
    assert!(ex.rules.contains(&RuleId::CleanPassHelpsNoLine));
    // an author's answer that gives away a needed tile is an error
    let (msg, at) = error(&body("2B 7C"));
    assert!(msg.starts_with("wrong answer key: legal, but"), "{msg}");
    assert!(msg.ends_with("(rule clean-pass-helps-no-line)"), "{msg}");
    assert!(at.starts_with("2B 7C"), "{at}");
}

#[test]
fn courtesy_offer_keys_and_setups_are_checked() {
    let body = |rest: &str| format!("kind = \"courtesy-offer\"\nrack = \"{RACK}\"\n{rest}");
    let (msg, at) = error(&body("across = 2\nanswer = \"J 9D\""));
    assert_eq!(
        msg,
        "wrong answer key: a joker never goes across; a legal answer, e.g. 1B 2B (rule joker-never-passed)"
    );
    assert!(at.starts_with("J 9D"));
    let (msg, _) = error(&body("offer = 3\nacross = 2\nanswer = \"1B 2B 3B\""));
    assert_eq!(
        msg,
        "wrong answer key: 2 tiles go across (offers 3 and 2: the smaller counts), not 3; e.g. 1B 2B (rule courtesy-smaller-offer)"
    );
    let (msg, at) = error(&body("across = 4"));
    assert_eq!(
        msg,
        "impossible setup: an offer of 4 tiles; offers are 0 to 3 (rule courtesy-zero-to-three)"
    );
    assert!(at.starts_with('4'));
    let (msg, _) = error(&body("offer = 1"));
    assert_eq!(
        msg,
        "missing field `across` (a `courtesy-offer` exercise needs it)"
    );
}

#[test]
fn received_joker_goes_back_and_a_clean_bundle_is_kept() {
    let ex = one(
        "kind = \"received-joker\"\npass = \"first-across\"\nreceived = \"J 5C 9D\"\nanswer = \"return\"",
    );
    assert!(ex.spec.evaluate(&["return"]).ok);
    for wrong in ["keep", "forward"] {
        assert_eq!(
            ex.spec.evaluate(&[wrong]).rule,
            RuleId::ReceivedJokerGoesBack
        );
    }
    let ex = one("kind = \"received-joker\"\npass = \"first-left\"\nreceived = \"F WD 9D\"");
    assert!(ex.spec.evaluate(&["keep"]).ok);
    assert_eq!(ex.spec.evaluate(&["return"]).rule, RuleId::JokerIsMarked);
    let (msg, at) = error(
        "kind = \"received-joker\"\npass = \"first-across\"\nreceived = \"J 5C 9D\"\nanswer = \"keep\"",
    );
    assert_eq!(
        msg,
        "wrong answer key: the answer is return, not keep (rule received-joker-goes-back)"
    );
    assert!(at.starts_with("keep"));
    let (msg, _) = error("kind = \"received-joker\"\npass = \"first-across\"\nreceived = \"J 5C\"");
    assert_eq!(
        msg,
        "`received` has 2 tiles, but a pass is exactly three (rule pass-exactly-three)"
    );
}

const TABLE: &str = "kind = \"table-pass\"\npass = \"first-right\"\neast = \"1B 2B 3B\"\nsouth = \"4C 5C 6C\"\nwest = \"N N E\"\nnorth = \"F RD GD\"\n";

#[test]
fn table_pass_spec_accepts_only_the_givers_bundle() {
    for pass in PassId::ALL {
        for seat in Seat::ALL {
            let body = TABLE.replace("first-right", pass.as_str());
            let ex = one(&format!("{body}seat = \"{seat}\""));
            let giver = Exchange::Pass(pass)
                .moves()
                .into_iter()
                .find(|m| m.1 == seat)
                .unwrap()
                .0;
            let values: Vec<String> = Seat::ALL
                .iter()
                .flat_map(|s| (0..3).map(move |i| format!("{}{i}", &s.as_str()[..1])))
                .collect();
            let mut right = 0;
            for a in 0..12 {
                for b in a + 1..12 {
                    for c in b + 1..12 {
                        let chosen = [&values[a][..], &values[b][..], &values[c][..]];
                        let ok = ex.spec.evaluate(&chosen).ok;
                        let all_from_giver =
                            chosen.iter().all(|v| v.starts_with(&giver.as_str()[..1]));
                        assert_eq!(ok, all_from_giver, "{pass} {seat} {chosen:?}");
                        right += usize::from(ok);
                    }
                }
            }
            assert_eq!(right, 1);
        }
    }
}

#[test]
fn table_pass_keys_and_setups_are_checked() {
    let (msg, at) = error(&format!("{TABLE}seat = \"south\"\nanswer = \"4C 5C 6C\""));
    assert_eq!(
        msg,
        "wrong answer key: on the first-right pass south receives east's tiles 1B 2B 3B, not south's (4C 5C 6C) (rule pass-direction)"
    );
    assert!(at.starts_with("4C 5C 6C"));
    assert!(
        parse_block(&format!("{TABLE}seat = \"south\"\nanswer = \"3B 1B 2B\"")).is_ok(),
        "the key is a multiset"
    );
    let (msg, at) = error(&TABLE.replace("F RD GD", "F RD J").replace(
        "north = \"F RD J\"\n",
        "north = \"F RD J\"\nseat = \"west\"\n",
    ));
    assert_eq!(
        msg,
        "impossible setup: north passes a joker, but a joker is never passed (rule joker-never-passed)"
    );
    assert!(at.starts_with('J'));
    let (msg, _) = error(&TABLE.replace("\"N N E\"", "\"N N\""));
    assert_eq!(
        msg,
        "`west` has 2 tiles, but a pass is exactly three (rule pass-exactly-three)"
    );
    let (msg, _) = error(TABLE);
    assert_eq!(
        msg,
        "missing field `seat` (a `table-pass` exercise needs it)"
    );
}

#[test]
fn set_count_offers_the_right_number_among_near_ones() {
    let ex = one("kind = \"set-count\"\ngroup = \"suits\"\nanswer = 108");
    let Choices::Options { options, .. } = &ex.choices else {
        panic!("options")
    };
    let ids: Vec<&str> = options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["36", "108", "144", "152"]);
    assert!(ex.spec.evaluate(&["108"]).ok);
    assert_eq!(ex.spec.evaluate(&["144"]).rule, RuleId::TileCopiesInSet);
    for group in SetGroup::ALL {
        let ex = set_count(group);
        let right = group.count().to_string();
        assert!(ex.spec.evaluate(&[&right]).ok, "{group:?}");
        let Choices::Options { options, .. } = &ex.choices else {
            panic!("options")
        };
        assert_eq!(options.len(), COUNT_OPTIONS);
    }
    let (msg, at) = error("kind = \"set-count\"\ngroup = \"jokers\"\nanswer = 4");
    assert_eq!(
        msg,
        "wrong answer key: `jokers` counts 8 tiles of the set, not 4 (rule tile-copies-in-set)"
    );
    assert!(at.starts_with('4'));
    let (msg, _) = error("kind = \"set-count\"\ngroup = \"honors\"");
    assert_eq!(
        msg,
        "unknown group \"honors\" (expected one of: set, without-jokers, suits, bams, craks, dots, honours, winds, dragons, flowers, jokers)"
    );
}
