//! Kinds about one exchange seen at the whole table, and about the set: the
//! tiles a seat hands across in the courtesy pass, what to do with a received
//! bundle that holds a joker, whose tiles a seat receives in a pass, and how
//! many tiles a part of the set holds. Every verdict comes from the rules
//! module.

use crate::rules::generate;
use crate::rules::{
    Answer, Exchange, PassId, RuleId, SetGroup, Tile, Verdict, check_courtesy,
    check_courtesy_offer, check_received, check_receiver, check_set_count,
};
use crate::rules::{Seat, tile::is_subset};

use super::super::answer::{AnswerSpec, AnswerType};
use super::super::model::{Choices, Exercise, Msg, Reveal, SetupRow, TextOption};
use super::super::spec::{
    Fields, Located, LocatedTile, SpecError, SpecResult, check_copies, parse_named, rack, tiles_of,
};
use super::{
    KindDef, check_offer_size, check_option_key, forbid, ids, joker_rule, pass_field,
    reveal_option, seat_field, tile_options, tiles_field, wrong_key,
};

/// A required field of exactly three tiles (a pass's bundle).
fn bundle_field(f: &mut Fields<'_>, name: &str, kind: &str) -> SpecResult<Vec<LocatedTile>> {
    let tiles = tiles_field(f, name)?.ok_or_else(|| f.missing(name, kind))?;
    if tiles.value.len() != 3 {
        return Err(SpecError::rule(
            tiles.at,
            format!(
                "`{name}` has {} tiles, but a pass is exactly three",
                tiles.value.len()
            ),
            RuleId::PassExactlyThree,
        ));
    }
    Ok(tiles.value)
}

// ---- the tiles that go across in the courtesy pass ----------------------------------

pub const COURTESY_OFFER: KindDef = KindDef {
    name: "courtesy-offer",
    fields: &["rack", "seat", "offer", "across", "answer"],
    parse: parse_courtesy_offer,
    generate: |rng| {
        let s = generate::courtesy_from_rack(rng);
        courtesy_offer(&CourtesySetup {
            seat: s.seat,
            rack: s.rack,
            offers: [s.offer, s.across],
        })
    },
};

/// A courtesy pass seen from one seat: its rack and the two offers (its own,
/// then the one from across).
struct CourtesySetup {
    seat: Seat,
    rack: Vec<Tile>,
    offers: [usize; 2],
}

impl CourtesySetup {
    /// How many tiles go across (the smaller offer), and the rule that says so.
    fn moving(&self) -> (usize, RuleId) {
        let verdict = check_courtesy(self.offers[0], self.offers[1]);
        match verdict.answer {
            Answer::Count(n) => (n, verdict.rule),
            _ => (0, verdict.rule),
        }
    }

    /// One legal answer: the first tiles of the rack that are not jokers.
    fn example(&self) -> Vec<Tile> {
        let (n, _) = self.moving();
        self.rack
            .iter()
            .copied()
            .filter(|t| !t.is_joker())
            .take(n)
            .collect()
    }
}

fn parse_courtesy_offer(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let kind = "courtesy-offer";
    let rack_tiles = tiles_of(&rack(&f.required_string("rack", kind)?)?);
    let seat = seat_field(f, "seat")?.unwrap_or(Seat::East);
    let offer = f.integer("offer")?;
    let across = f
        .integer("across")?
        .ok_or_else(|| f.missing("across", kind))?;
    for n in offer.iter().chain([&across]) {
        check_offer_size(n)?;
    }
    let setup = CourtesySetup {
        seat,
        rack: rack_tiles,
        offers: [offer.map_or(3, |n| n.value as usize), across.value as usize],
    };
    if let Some(key) = tiles_field(f, "answer")? {
        check_courtesy_key(&setup, &tiles_of(&key.value), key.at)?;
    }
    Ok(courtesy_offer(&setup))
}

fn check_courtesy_key(setup: &CourtesySetup, key: &[Tile], at: usize) -> SpecResult<()> {
    let example = ids(&setup.example());
    let verdict = check_courtesy_offer(&setup.rack, key);
    if !verdict.ok {
        let why = match verdict.rule {
            RuleId::JokerNeverPassed => "a joker never goes across".to_string(),
            RuleId::PassFromOwnRack => format!("{} is not all on the rack", ids(key)),
            other => other.summary().to_string(),
        };
        return Err(wrong_key(
            at,
            format!("{why}; a legal answer, e.g. {example}"),
            verdict.rule,
        ));
    }
    let (n, rule) = setup.moving();
    if key.len() != n {
        return Err(wrong_key(
            at,
            format!(
                "{n} tiles go across (offers {} and {}: the smaller counts), not {}; e.g. {example}",
                setup.offers[0],
                setup.offers[1],
                key.len()
            ),
            rule,
        ));
    }
    Ok(())
}

fn courtesy_offer(s: &CourtesySetup) -> Exercise {
    let (n, rule) = s.moving();
    let mut spec = AnswerSpec {
        count: Some(n),
        count_rule: Some(rule),
        ..AnswerSpec::choose(AnswerType::Select, rule, rule)
    };
    forbid(&mut spec, &s.rack, "", joker_rule);
    let example = s.example();
    debug_assert!(check_courtesy_offer(&s.rack, &example).ok);
    let across = s.seat.across();
    let mut reveal = vec![Reveal::Text(
        Msg::new("quiz.courtesy_offer.reveal").key("count", format!("quiz.tiles.{n}")),
    )];
    if !example.is_empty() {
        reveal.push(Reveal::Tiles(example));
    }
    let mut rules = vec![rule];
    for r in [
        RuleId::CourtesySmallerOffer,
        RuleId::CourtesyZeroToThree,
        RuleId::JokerNeverPassed,
    ] {
        if r != rule {
            rules.push(r);
        }
    }
    Exercise {
        kind: "courtesy-offer",
        question: Msg::new("quiz.courtesy_offer.question")
            .key("seat_a", format!("seat.{}", s.seat))
            .key("seat_b", format!("seat.{across}"))
            .key("a", format!("quiz.tiles.{}", s.offers[0]))
            .key("b", format!("quiz.tiles.{}", s.offers[1])),
        legend: Msg::new("quiz.courtesy_offer.legend"),
        setup: Vec::new(),
        choices: Choices::Tiles(vec![(
            Msg::new("quiz.label.the_rack"),
            tile_options(&s.rack, ""),
        )]),
        spec,
        reveal,
        rules,
        setup_text: format!(
            "seat={};rack={};offers={},{}",
            s.seat,
            ids(&s.rack),
            s.offers[0],
            s.offers[1]
        ),
    }
}

// ---- a received bundle that holds a joker --------------------------------------------

/// What a player may do with a received bundle, as option ids.
const RECEIVED_ACTIONS: [&str; 3] = ["keep", "return", "forward"];

pub const RECEIVED_JOKER: KindDef = KindDef {
    name: "received-joker",
    fields: &["pass", "received", "answer"],
    parse: parse_received_joker,
    generate: |rng| {
        let s = generate::received_bundle(rng);
        received_joker(s.pass, &s.received)
    },
};

/// The right action for `received`, from `check_received`, and the rule a
/// wrong action cites.
fn received_verdict(received: &[Tile]) -> (Verdict, &'static str, RuleId) {
    let verdict = check_received(received);
    if verdict.ok {
        // No joker among them: nothing goes back (a flower or soap is no joker).
        (verdict, "keep", RuleId::JokerIsMarked)
    } else {
        let rule = verdict.rule;
        (verdict, "return", rule)
    }
}

fn parse_received_joker(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let kind = "received-joker";
    let pass = pass_field(f, kind)?.value;
    let received = bundle_field(f, "received", kind)?;
    check_copies(&received)?;
    let exercise = received_joker(pass, &tiles_of(&received));
    let (verdict, correct, _) = received_verdict(&tiles_of(&received));
    if let Choices::Options { options, .. } = &exercise.choices {
        check_option_key(f.string("answer")?, options, correct, verdict.rule)?;
    }
    Ok(exercise)
}

fn received_joker(pass: PassId, received: &[Tile]) -> Exercise {
    let (verdict, correct, wrong_rule) = received_verdict(received);
    let options: Vec<TextOption> = RECEIVED_ACTIONS
        .into_iter()
        .map(|id| TextOption {
            id: id.to_string(),
            label: Msg::new(format!("quiz.received_joker.option.{id}")),
        })
        .collect();
    let mut rules = vec![verdict.rule];
    for r in [RuleId::ReceivedJokerGoesBack, RuleId::JokerNeverPassed] {
        if !rules.contains(&r) {
            rules.push(r);
        }
    }
    if wrong_rule == RuleId::JokerIsMarked {
        rules.push(wrong_rule);
    }
    let mut reveal = reveal_option(&options, correct);
    let jokers: Vec<Tile> = received.iter().copied().filter(|t| t.is_joker()).collect();
    if !jokers.is_empty() {
        reveal.push(Reveal::Tiles(jokers));
    }
    Exercise {
        kind: "received-joker",
        question: Msg::new("quiz.received_joker.question").key("pass", format!("pass.{pass}")),
        legend: Msg::new("quiz.legend.choose_one"),
        setup: vec![SetupRow::one_group("quiz.received_joker.label", received)],
        choices: Choices::Options {
            multi: false,
            options,
        },
        spec: AnswerSpec::choice(correct, wrong_rule, verdict.rule),
        reveal,
        rules,
        setup_text: format!("pass={pass};received={}", ids(received)),
    }
}

// ---- whose tiles a seat receives, for a whole table ----------------------------------

pub const TABLE_PASS: KindDef = KindDef {
    name: "table-pass",
    fields: &["pass", "east", "south", "west", "north", "seat", "answer"],
    parse: parse_table_pass,
    generate: |rng| {
        let s = generate::table_pass(rng);
        table_pass(s.pass, &s.bundles, s.seat)
    },
};

/// The seat whose bundle `seat` receives on `pass` (from the rules module).
fn giver_of(pass: PassId, seat: Seat) -> Seat {
    Exchange::Pass(pass)
        .moves()
        .into_iter()
        .find(|&(_, receiver)| receiver == seat)
        .map_or(seat, |(giver, _)| giver)
}

fn parse_table_pass(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let kind = "table-pass";
    let pass = pass_field(f, kind)?.value;
    let mut located: Vec<Vec<LocatedTile>> = Vec::new();
    for seat in Seat::ALL {
        let bundle = bundle_field(f, seat.as_str(), kind)?;
        if let Some(joker) = bundle.iter().find(|t| t.value.is_joker()) {
            return Err(SpecError::rule(
                joker.at,
                format!("impossible setup: {seat} passes a joker, but a joker is never passed"),
                RuleId::JokerNeverPassed,
            ));
        }
        located.push(bundle);
    }
    check_copies(&located.concat())?;
    let bundles: [Vec<Tile>; 4] = std::array::from_fn(|i| tiles_of(&located[i]));
    let seat = seat_field(f, "seat")?.ok_or_else(|| f.missing("seat", kind))?;
    if let Some(key) = tiles_field(f, "answer")? {
        check_table_key(pass, &bundles, seat, &key)?;
    }
    Ok(table_pass(pass, &bundles, seat))
}

fn check_table_key(
    pass: PassId,
    bundles: &[Vec<Tile>; 4],
    seat: Seat,
    key: &Located<Vec<LocatedTile>>,
) -> SpecResult<()> {
    let tiles = tiles_of(&key.value);
    let same = |b: &[Tile]| b.len() == tiles.len() && is_subset(&tiles, b);
    let claimed: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| same(&bundles[s.index()]))
        .collect();
    if claimed
        .iter()
        .any(|&giver| check_receiver(giver, pass, seat).ok)
    {
        return Ok(());
    }
    let giver = giver_of(pass, seat);
    let from = match claimed.first() {
        Some(s) => format!("{s}'s"),
        None => "nobody's bundle".to_string(),
    };
    Err(wrong_key(
        key.at,
        format!(
            "on the {pass} pass {seat} receives {giver}'s tiles {}, not {from} ({})",
            ids(&bundles[giver.index()]),
            ids(&tiles)
        ),
        RuleId::PassDirection,
    ))
}

/// The option prefix of a seat's bundle: its first letter.
fn prefix(seat: Seat) -> &'static str {
    &seat.as_str()[..1]
}

fn table_pass(pass: PassId, bundles: &[Vec<Tile>; 4], seat: Seat) -> Exercise {
    let giver = giver_of(pass, seat);
    debug_assert!(check_receiver(giver, pass, seat).ok);
    let mut spec = AnswerSpec {
        count: Some(3),
        count_rule: Some(RuleId::PassExactlyThree),
        ..AnswerSpec::choose(
            AnswerType::Select,
            RuleId::PassDirection,
            RuleId::PassDirection,
        )
    };
    for s in Seat::ALL.into_iter().filter(|&s| s != giver) {
        forbid(&mut spec, &bundles[s.index()], prefix(s), |_| {
            Some(RuleId::PassDirection)
        });
    }
    spec.exact = Some(
        (0..bundles[giver.index()].len())
            .map(|i| format!("{}{i}", prefix(giver)))
            .collect(),
    );
    let rows = Seat::ALL
        .into_iter()
        .map(|s| {
            (
                Msg::new("quiz.table_pass.row").key("seat", format!("seat.{s}")),
                tile_options(&bundles[s.index()], prefix(s)),
            )
        })
        .collect();
    let all: Vec<String> = bundles.iter().map(|b| ids(b)).collect();
    Exercise {
        kind: "table-pass",
        question: Msg::new("quiz.table_pass.question")
            .key("pass", format!("pass.{pass}"))
            .key("seat", format!("seat.{seat}")),
        legend: Msg::new("quiz.legend.choose_three"),
        setup: Vec::new(),
        choices: Choices::Tiles(rows),
        spec,
        reveal: vec![
            Reveal::Text(
                Msg::new("quiz.table_pass.reveal")
                    .key("seat", format!("seat.{seat}"))
                    .key("giver", format!("seat.{giver}")),
            ),
            Reveal::Tiles(bundles[giver.index()].clone()),
        ],
        rules: vec![RuleId::PassDirection, RuleId::PassExactlyThree],
        setup_text: format!("pass={pass};seat={seat};bundles={}", all.join(" / ")),
    }
}

// ---- how many tiles a part of the set holds ------------------------------------------

/// How many numbers a set-count question offers.
const COUNT_OPTIONS: usize = 4;

pub const SET_COUNT: KindDef = KindDef {
    name: "set-count",
    fields: &["group", "answer"],
    parse: parse_set_count,
    generate: |rng| set_count(generate::set_count(rng)),
};

fn parse_set_count(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let text = f.required_string("group", "set-count")?;
    let group: SetGroup = parse_named("group", &text, &SetGroup::ALL.map(SetGroup::as_str))?;
    if let Some(key) = f.integer("answer")? {
        let verdict = check_set_count(group, key.value as usize);
        if !verdict.ok {
            return Err(wrong_key(
                key.at,
                format!(
                    "`{}` counts {} tiles of the set, not {}",
                    group.as_str(),
                    group.count(),
                    key.value
                ),
                verdict.rule,
            ));
        }
    }
    Ok(set_count(group))
}

/// The right count and the nearest other counts of the set's parts, in
/// increasing order.
fn count_options(group: SetGroup) -> Vec<usize> {
    let right = group.count();
    let mut others: Vec<usize> = SetGroup::ALL.iter().map(|g| g.count()).collect();
    others.sort_unstable();
    others.dedup();
    others.retain(|&n| n != right);
    others.sort_by_key(|&n| (n.abs_diff(right), n));
    let mut options: Vec<usize> = others.into_iter().take(COUNT_OPTIONS - 1).collect();
    options.push(right);
    options.sort_unstable();
    options
}

fn set_count(group: SetGroup) -> Exercise {
    let verdict = check_set_count(group, group.count());
    debug_assert!(verdict.ok);
    let correct = group.count().to_string();
    let options: Vec<TextOption> = count_options(group)
        .into_iter()
        .map(|n| TextOption {
            id: n.to_string(),
            label: Msg::new("quiz.set_count.number").text("n", n),
        })
        .collect();
    Exercise {
        kind: "set-count",
        question: Msg::new(format!("quiz.set_count.question.{}", group.as_str())),
        legend: Msg::new("quiz.legend.choose_one"),
        setup: Vec::new(),
        reveal: reveal_option(&options, &correct),
        choices: Choices::Options {
            multi: false,
            options,
        },
        spec: AnswerSpec::choice(&correct, verdict.rule, verdict.rule),
        rules: vec![verdict.rule],
        setup_text: format!("group={}", group.as_str()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{error, one};
    use super::*;
    use crate::exercises::parse_block;
    use crate::rules::parse_tiles;

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
                let legal =
                    check_courtesy_offer(&rack, &tiles).ok && tiles.len() == offer.min(across);
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
        let (msg, _) =
            error("kind = \"received-joker\"\npass = \"first-across\"\nreceived = \"J 5C\"");
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
}
