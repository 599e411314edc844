//! Unit tests of the yes/no legality kinds (`rack-check`, `pass-check`,
//! `courtesy-check`): each verdict is the rules module's.

use super::*;

/// The yes/no answer of a choice exercise, and the rule it cites.
fn yes_no(ex: &Exercise) -> (bool, RuleId) {
    let Some(Correct::Option(id)) = &ex.spec.correct else {
        panic!("not a choice exercise")
    };
    assert_eq!(ex.spec.wrong_rule, ex.spec.correct_rule);
    (id == "yes", ex.spec.wrong_rule)
}

#[test]
fn rack_check_asks_about_size_and_copies() {
    let cases: [(&str, Option<Seat>); 7] = [
        (RACK, None),
        ("1B 2B 3B 5C 5C 7C 9D N F WD RD J J E", Some(Seat::East)),
        ("1B 2B 3B 5C 5C 7C 9D N F WD RD J J E", Some(Seat::South)),
        ("1B 2B 3B 5C 5C 7C 9D N F WD RD J", None),
        ("6B 6B 6B 6B 6B 1C 2C 3C 4C 5C 6C 7C 8C", None),
        ("J J J J J J J J J 1C 2C 3C 4C", Some(Seat::West)),
        ("J J J J J J J J F F F F F", None),
    ];
    for (rack, seat) in cases {
        let seat_line = seat.map_or(String::new(), |s| format!("seat = \"{s}\"\n"));
        let ex = one(&format!(
            "kind = \"rack-check\"\n{seat_line}rack = \"{rack}\""
        ));
        let tiles = parse_tiles(rack).unwrap();
        let verdict = match seat {
            Some(s) => check_seat_rack(s, &tiles),
            None => check_rack(&tiles),
        };
        assert_eq!(yes_no(&ex), (verdict.ok, verdict.rule), "{rack} {seat:?}");
        // The verdict's rule first; the copies rule when copies decide or
        // a legal rack also needs them; a wrong size cites its one count
        // rule: East's draw only for East's rack (or one of no named seat).
        assert_eq!(ex.rules[0], verdict.rule, "{rack} {seat:?}");
        assert_eq!(
            ex.rules.contains(&RuleId::RackTileCount),
            verdict.rule == RuleId::RackTileCount,
            "{rack} {seat:?}: {:?}",
            ex.rules
        );
        if !verdict.ok && verdict.rule != RuleId::TooManyCopies {
            assert_eq!(ex.rules, [verdict.rule], "{rack} {seat:?}");
            let east_draw = verdict.rule == RuleId::EastDrawsAfterCharleston;
            assert_eq!(
                east_draw,
                tiles.len() == 14 && seat.is_none_or(|s| s == Seat::East),
                "{rack} {seat:?}"
            );
        }
        assert_eq!(
            ex.rules.contains(&RuleId::TooManyCopies),
            verdict.ok || verdict.rule == RuleId::TooManyCopies,
            "{rack} {seat:?}: {:?}",
            ex.rules
        );
    }
    let (msg, at) = error(
        "kind = \"rack-check\"\nrack = \"6B 6B 6B 6B 6B 1C 2C 3C 4C 5C 6C 7C 8C\"\nanswer = \"yes\"",
    );
    assert_eq!(
        msg,
        "wrong answer key: the answer is no, not yes: 5 copies of 6B, but the set holds 4 (rule too-many-copies)"
    );
    assert!(at.starts_with("yes"));
    let (msg, _) = error(&format!(
        "kind = \"rack-check\"\nseat = \"north\"\nrack = \"{RACK} E\"\nanswer = \"yes\""
    ));
    assert_eq!(
        msg,
        "wrong answer key: the answer is no, not yes: 14 tiles, but north holds 13 during the Charleston, like every seat (East draws its 14th only after it) (rule rack-tile-count)"
    );
    let (msg, at) = error(&format!(
        "kind = \"rack-check\"\nseat = \"east\"\nrack = \"{RACK} E\"\nanswer = \"yes\""
    ));
    assert_eq!(
        msg,
        "wrong answer key: the answer is no, not yes: 14 tiles, but east holds 13 during the Charleston, like every seat (East draws its 14th only after it) (rule east-draws-after-charleston)"
    );
    assert!(at.starts_with("yes"));
    let (msg, _) = error(&format!(
        "kind = \"rack-check\"\nrack = \"{RACK}\"\nanswer = \"no\""
    ));
    assert!(
        msg.ends_with("13 tiles, no tile more often than the set holds it (rule rack-tile-count)"),
        "{msg}"
    );
    let (msg, at) = error("kind = \"rack-check\"\nrack = \"\"");
    assert!(msg.starts_with("`rack` has 0 tiles"), "{msg}");
    assert!(at.starts_with('"'));
    let (msg, at) = error(&format!("kind = \"rack-check\"\nrack = \"{RACK} {RACK}\""));
    assert!(msg.starts_with("`rack` has 26 tiles"), "{msg}");
    assert!(at.starts_with("1B"));
    let (msg, at) = error(&format!(
        "kind = \"rack-check\"\nrack = \"{RACK}\"\nanswer = \"maybe\""
    ));
    assert_eq!(msg, "unknown answer \"maybe\" (expected one of: yes, no)");
    assert!(at.starts_with("maybe"));
    let (msg, _) = error("kind = \"rack-check\"");
    assert_eq!(
        msg,
        "missing field `rack` (a `rack-check` exercise needs it)"
    );
    let (msg, at) = error(&format!(
        "kind = \"rack-check\"\nrack = \"{RACK}\"\nreceived = \"E\""
    ));
    assert!(
        msg.starts_with("unknown field `received` in a `rack-check` exercise"),
        "{msg}"
    );
    assert!(at.starts_with("received"));
}

#[test]
fn pass_check_agrees_with_check_pass() {
    let rack = parse_tiles(RACK).unwrap();
    let offers = [
        ("F WD 9D", RuleId::FlowerIsNotJoker, true),
        ("1B 2B 3B", RuleId::PassExactlyThree, true),
        ("1B 2B J", RuleId::JokerNeverPassed, false),
        ("1B 2B", RuleId::PassExactlyThree, false),
        ("1B 2B 3B 5C", RuleId::PassExactlyThree, false),
        ("1B 2B 6D", RuleId::PassFromOwnRack, false),
        ("1B 1B 2B", RuleId::PassFromOwnRack, false),
    ];
    for (offer, rule, ok) in offers {
        let ex = one(&format!(
            "kind = \"pass-check\"\npass = \"first-across\"\nrack = \"{RACK}\"\noffer = \"{offer}\""
        ));
        let choice = PassChoice::rack(parse_tiles(offer).unwrap());
        let verdict = check_pass(&rack, &[], &choice, PassId::FirstAcross);
        assert_eq!((verdict.ok, verdict.rule), (ok, rule), "{offer}");
        assert_eq!(yes_no(&ex), (ok, rule), "{offer}");
    }
    // Blind tiles on the last pass, and on a pass that cannot be blind.
    let blind = |pass: &str, offer: &str, blind: &str| {
        format!(
            "kind = \"pass-check\"\npass = \"{pass}\"\nrack = \"1B 2B 3B 5C 5C 7C 9D N N RD F J J\"\nreceived = \"E J W\"\noffer = \"{offer}\"\nblind = \"{blind}\""
        )
    };
    // A joker is noticed among the arriving tiles: it goes back and a seen
    // tile takes its place (seed 000); the other two may still go on blind.
    assert_eq!(
        yes_no(&one(&blind("first-left", "1B", "E W"))),
        (true, RuleId::BlindOnlyOnLastPass)
    );
    assert_eq!(
        yes_no(&one(&blind("first-left", "1B 2B 3B", ""))),
        (true, RuleId::PassExactlyThree)
    );
    assert_eq!(
        yes_no(&one(&blind("first-across", "1B", "E W"))),
        (false, RuleId::BlindOnlyOnLastPass)
    );
    assert_eq!(
        yes_no(&one(&blind("second-right", "1B", "E J"))),
        (false, RuleId::ReceivedJokerGoesBack)
    );
    assert_eq!(
        yes_no(&one(&blind("second-right", "1B", "E S"))),
        (false, RuleId::BlindFromReceivedOnly)
    );
    let (msg, at) = error(&format!(
        "kind = \"pass-check\"\npass = \"first-right\"\nrack = \"{RACK}\"\noffer = \"1B 2B 6D\"\nanswer = \"yes\""
    ));
    assert_eq!(
        msg,
        "wrong answer key: the answer is no, not yes: 6D is not on the rack (rule pass-from-own-rack)"
    );
    assert!(at.starts_with("yes"));
    let (msg, _) = error(&format!(
        "kind = \"pass-check\"\npass = \"first-right\"\nrack = \"{RACK}\"\noffer = \"1B 2B\"\nanswer = \"yes\""
    ));
    assert!(
        msg.ends_with("2 tiles, but a pass is exactly three (rule pass-exactly-three)"),
        "{msg}"
    );
    // Setup mistakes are still errors: the rack, a blind without received tiles.
    let (msg, at) = error(
        "kind = \"pass-check\"\npass = \"first-right\"\nrack = \"6B 6B 6B 6B 6B 1C 2C 3C 4C 5C 6C 7C 8C\"\noffer = \"1C 2C 3C\"",
    );
    assert!(msg.ends_with("(rule too-many-copies)"), "{msg}");
    assert!(at.starts_with("6B 1C"));
    let (msg, _) = error(&format!(
        "kind = \"pass-check\"\npass = \"first-right\"\nrack = \"{RACK} E E\"\noffer = \"1B 2B 3B\""
    ));
    assert!(msg.starts_with("wrong rack size: 15 tiles"), "{msg}");
    let (msg, at) = error(&format!(
        "kind = \"pass-check\"\npass = \"first-left\"\nrack = \"{RACK}\"\noffer = \"1B\"\nblind = \"E W\""
    ));
    assert!(msg.starts_with("`blind` needs `received`"), "{msg}");
    assert!(at.starts_with("E W"));
    let (msg, _) = error(&format!(
        "kind = \"pass-check\"\npass = \"first-left\"\nrack = \"{RACK}\""
    ));
    assert_eq!(
        msg,
        "missing field `offer` (a `pass-check` exercise needs it)"
    );
    let (msg, _) = error(&format!(
        "kind = \"pass-check\"\npass = \"first-left\"\nrack = \"{RACK}\"\noffer = \"\""
    ));
    assert!(msg.contains("offers 1 to 6 tiles"), "{msg}");
}

#[test]
fn courtesy_check_follows_the_moment_and_the_offer_size() {
    let moments = [
        ("deal", Phase::START),
        ("first-left", Phase::AwaitingSecondDecision),
        (
            "second-across",
            Phase::SecondCharleston(PassId::SecondRight),
        ),
        ("second-right", Phase::Courtesy),
        ("stop", Phase::Courtesy),
        ("courtesy", Phase::Done),
    ];
    for (moment, phase) in moments {
        let ex = one(&format!("kind = \"courtesy-check\"\nafter = \"{moment}\""));
        let v = can_courtesy(phase);
        assert_eq!(yes_no(&ex), (v.ok, v.rule), "{moment}");
        for n in 0..=6 {
            let ex = one(&format!(
                "kind = \"courtesy-check\"\nafter = \"{moment}\"\noffer = {n}"
            ));
            let v = check_courtesy_now(phase, n);
            assert_eq!(yes_no(&ex), (v.ok, v.rule), "{moment} {n}");
        }
    }
    for n in 0..=6 {
        let ex = one(&format!("kind = \"courtesy-check\"\noffer = {n}"));
        let v = check_courtesy_size(n);
        assert_eq!(yes_no(&ex), (n <= 3, RuleId::CourtesyZeroToThree));
        assert_eq!(yes_no(&ex), (v.ok, v.rule));
    }
    let (msg, at) = error("kind = \"courtesy-check\"\nafter = \"first-left\"\nanswer = \"yes\"");
    assert_eq!(
        msg,
        "wrong answer key: the answer is no, not yes: after first-left, the courtesy pass comes after the Charleston, also when the second Charleston was stopped (rule courtesy-after-charleston)"
    );
    assert!(at.starts_with("yes"));
    let (msg, _) =
        error("kind = \"courtesy-check\"\nafter = \"stop\"\noffer = 4\nanswer = \"yes\"");
    assert_eq!(
        msg,
        "wrong answer key: the answer is no, not yes: an offer of 4; each player offers 0 to 3 tiles (rule courtesy-zero-to-three)"
    );
    let (msg, at) = error("kind = \"courtesy-check\"\noffer = 7");
    assert!(msg.starts_with("`offer` is 0 to 6 tiles"), "{msg}");
    assert!(at.starts_with('7'));
    let (msg, at) = error("kind = \"courtesy-check\"\nafter = \"lunch\"");
    assert!(msg.starts_with("unknown moment \"lunch\""), "{msg}");
    assert!(at.starts_with("lunch"));
    let (msg, _) = error("kind = \"courtesy-check\"");
    assert!(msg.starts_with("missing field `after` or `offer`"), "{msg}");
}

#[test]
fn new_kinds_generate_every_verdict() {
    let mut seen = std::collections::BTreeSet::new();
    for name in ["rack-check", "pass-check", "courtesy-check"] {
        let kind = super::super::find(name).unwrap();
        for seed in 0..120 {
            let ex = (kind.generate)(&mut Rng::new(seed));
            let (ok, rule) = yes_no(&ex);
            seen.insert((name, ok, rule));
            // The generated setup parses back to the same exercise.
            let again = (kind.generate)(&mut Rng::new(seed));
            assert_eq!(ex, again);
        }
    }
    for expected in [
        ("rack-check", true, RuleId::RackTileCount),
        ("rack-check", false, RuleId::RackTileCount),
        ("rack-check", false, RuleId::TooManyCopies),
        ("pass-check", false, RuleId::PassFromOwnRack),
        ("pass-check", false, RuleId::JokerNeverPassed),
        ("pass-check", false, RuleId::PassExactlyThree),
        ("courtesy-check", true, RuleId::CourtesyAfterCharleston),
        ("courtesy-check", false, RuleId::CourtesyAfterCharleston),
        ("courtesy-check", true, RuleId::CourtesyZeroToThree),
        ("courtesy-check", false, RuleId::CourtesyZeroToThree),
    ] {
        assert!(seen.contains(&expected), "never generated: {expected:?}");
    }
}
