//! Kinds about one exchange seen at the whole table, and about the set: the
//! tiles a seat hands across in the courtesy pass, what to do with a received
//! bundle that holds a joker, whose tiles a seat receives in a pass, and how
//! many tiles a part of the set holds. Every verdict comes from the rules
//! module.

use crate::rules::generate;
use crate::rules::{
    Answer, Exchange, PassId, RuleId, SetGroup, TeachingLine, Tile, Verdict, check_courtesy,
    check_courtesy_offer, check_received, check_receiver, check_set_count,
};
use crate::rules::{Seat, tile::is_subset};

use super::super::answer::{AnswerSpec, AnswerType};
use super::super::model::{Choices, Exercise, Msg, Reveal, SetupRow, SetupText, TextOption};
use super::super::spec::{
    Fields, Located, LocatedTile, SpecError, SpecResult, check_copies, parse_named, tiles_of,
};
use super::{
    KindDef, add_rules, bundle_field, check_key, check_offer_size, check_option_key,
    choice_exercise, exercise, forbid, ids, joker_rule, key_values, line_rows, lines_field,
    mark_poor, pass_field, rack_field, recommended, required_seat, reveal_authored, seat_field,
    text_options, tile_options, tile_rows, tiles_field, wrong_key,
};

/// The kinds of this file, in documentation order.
pub const KINDS: &[KindDef] = &[COURTESY_OFFER, RECEIVED_JOKER, TABLE_PASS, SET_COUNT];

/// A required field of exactly three tiles (a pass's bundle).
fn required_bundle(f: &mut Fields<'_>, name: &str) -> SpecResult<Vec<LocatedTile>> {
    let bundle = bundle_field(f, name, "is")?.ok_or_else(|| f.missing(name))?;
    Ok(bundle.value)
}

// ---- the tiles that go across in the courtesy pass ----------------------------------

const COURTESY_OFFER: KindDef = KindDef {
    name: "courtesy-offer",
    fields: &["rack", "seat", "offer", "across", "lines", "answer"],
    parse: parse_courtesy_offer,
    generate: |rng| {
        let s = generate::courtesy_from_rack(rng);
        let offers = [s.offer, s.across];
        courtesy_offer(&CourtesySetup::new(s.seat, s.rack, offers), 0).expect("no lines")
    },
    lined: None,
};

/// A courtesy pass seen from one seat: its rack, the two offers (its own,
/// then the one from across) and the teaching lines it keeps to, if any.
struct CourtesySetup {
    seat: Seat,
    rack: Vec<Tile>,
    offers: [usize; 2],
    lines: Vec<TeachingLine>,
}

impl CourtesySetup {
    fn new(seat: Seat, rack: Vec<Tile>, offers: [usize; 2]) -> Self {
        CourtesySetup {
            seat,
            rack,
            offers,
            lines: Vec::new(),
        }
    }

    /// How many tiles go across (the smaller offer), and the rule that says so.
    fn moving(&self) -> (usize, RuleId) {
        let verdict = check_courtesy(self.offers[0], self.offers[1]);
        match verdict.answer {
            Answer::Count(n) => (n, verdict.rule),
            _ => (0, verdict.rule),
        }
    }

    /// The recommended answer: the rules module's loneliest tiles (no
    /// joker, no pair broken while a single can go, none a teaching line
    /// needs); an error at `at` when the lines leave too few to spare.
    fn example(&self, at: usize) -> SpecResult<Vec<Tile>> {
        let (n, _) = self.moving();
        recommended(&self.rack, &self.lines, n, at)
    }
}

fn parse_courtesy_offer(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let located = rack_field(f)?;
    let rack_tiles = tiles_of(&located);
    let seat = seat_field(f, "seat")?.unwrap_or(Seat::East);
    let offer = f.integer("offer")?;
    let across = f.integer("across")?.ok_or_else(|| f.missing("across"))?;
    for n in offer.iter().chain([&across]) {
        check_offer_size(n)?;
    }
    let setup = CourtesySetup {
        seat,
        rack: rack_tiles,
        offers: [offer.map_or(3, |n| n.value as usize), across.value as usize],
        lines: lines_field(f)?.unwrap_or_default(),
    };
    let mut exercise = courtesy_offer(&setup, located[0].at)?;
    if let Some(key) = tiles_field(f, "answer")? {
        let authored = tiles_of(&key.value);
        check_courtesy_key(&exercise, &setup, &authored, key.at)?;
        reveal_authored(&mut exercise, authored);
    }
    Ok(exercise)
}

/// Checks a courtesy-offer key with the exercise's spec.
fn check_courtesy_key(
    exercise: &Exercise,
    setup: &CourtesySetup,
    key: &[Tile],
    at: usize,
) -> SpecResult<()> {
    let example = ids(&setup.example(at)?);
    let chosen = key_values(&tile_rows(exercise), key).map_err(|_| {
        wrong_key(
            at,
            format!(
                "{} is not all on the rack; a legal answer, e.g. {example}",
                ids(key)
            ),
            RuleId::PassFromOwnRack,
        )
    })?;
    let chosen: Vec<&str> = chosen.iter().map(String::as_str).collect();
    check_key(exercise, at, &chosen, |outcome| match outcome.rule {
        RuleId::JokerNeverPassed => {
            format!("a joker never goes across; a legal answer, e.g. {example}")
        }
        RuleId::CleanPassHelpsNoLine => match exercise.spec.poor_value(&chosen) {
            Some(p) => format!(
                "legal, but {} is in group {} of teaching line {}, which keeps it; e.g. {example}",
                p.value
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| setup.rack.get(i))
                    .map_or_else(String::new, |t| t.to_string()),
                p.group,
                p.line
            ),
            None => format!("a teaching line needs a tile of it; e.g. {example}"),
        },
        _ => format!(
            "{} tiles go across (offers {} and {}: the smaller counts), not {}; e.g. {example}",
            setup.moving().0,
            setup.offers[0],
            setup.offers[1],
            key.len()
        ),
    })
}

/// A courtesy-offer exercise; with teaching lines, a legal offer that gives
/// away a tile a line needs is "Legal, but…" (`clean-pass-helps-no-line`),
/// and the lines must leave enough tiles to spare (else an error at `at`).
fn courtesy_offer(s: &CourtesySetup, at: usize) -> SpecResult<Exercise> {
    // a right answer names the courtesy rule (the clean-pass rule speaks
    // of three tiles); a poor one is answered by the lines' rule
    let (n, rule) = s.moving();
    let mut spec = AnswerSpec {
        count: Some(n),
        count_rule: Some(rule),
        ..AnswerSpec::choose(AnswerType::Select, rule, rule)
    };
    forbid(&mut spec, &s.rack, "", joker_rule);
    mark_poor(&mut spec, &s.rack, "", &s.lines);
    let example = s.example(at)?;
    debug_assert!(check_courtesy_offer(&s.rack, &example).ok);
    let across = s.seat.across();
    let mut reveal = vec![Reveal::Text(
        Msg::new("quiz.courtesy_offer.reveal").num("count", n),
    )];
    if !example.is_empty() {
        reveal.push(Reveal::Tiles(example));
    }
    let question = Msg::new("quiz.courtesy_offer.question")
        .key("seat_a", format!("seat.{}", s.seat))
        .num("offer", s.offers[0])
        .msg(
            "offer_b",
            super::charleston::courtesy_offers(across, s.offers[1]),
        );
    let choices = Choices::Tiles(vec![(
        Msg::new("quiz.label.rack"),
        tile_options(&s.rack, ""),
    )]);
    let mut setup_text = SetupText::default()
        .with("seat", s.seat)
        .with("rack", ids(&s.rack))
        .with("offers", format!("{},{}", s.offers[0], s.offers[1]));
    let mut rules = vec![rule];
    if !s.lines.is_empty() {
        let texts: Vec<String> = s.lines.iter().map(ToString::to_string).collect();
        setup_text = setup_text.with("lines", texts.join(" / "));
        rules.push(RuleId::CleanPassHelpsNoLine);
    }
    let mut exercise = Exercise {
        setup: line_rows(&s.lines),
        reveal,
        rules,
        ..exercise(
            question,
            "quiz.courtesy_offer.legend",
            choices,
            spec,
            setup_text,
        )
    };
    add_rules(
        &mut exercise,
        &[
            RuleId::CourtesySmallerOffer,
            RuleId::CourtesyZeroToThree,
            RuleId::JokerNeverPassed,
        ],
    );
    Ok(exercise)
}

// ---- a received bundle that holds a joker --------------------------------------------

/// What a player may do with a received bundle, as option ids.
const RECEIVED_ACTIONS: [&str; 3] = ["keep", "return", "forward"];

const RECEIVED_JOKER: KindDef = KindDef {
    name: "received-joker",
    fields: &["pass", "received", "answer"],
    parse: parse_received_joker,
    generate: |rng| {
        let s = generate::received_bundle(rng);
        received_joker(s.pass, &s.received)
    },
    lined: None,
};

/// The right action for `received`, from `check_received`, and the rule a
/// wrong action cites.
fn received_verdict(received: &[Tile]) -> (Verdict, &'static str, RuleId) {
    let verdict = check_received(received);
    if verdict.ok {
        // No joker among them: nothing goes back (a flower or soap is no
        // joker), and "Right!" says so, not the rule about a joker.
        let rule = RuleId::JokerIsMarked;
        (Verdict { rule, ..verdict }, "keep", rule)
    } else {
        let rule = verdict.rule;
        (verdict, "return", rule)
    }
}

fn parse_received_joker(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let pass = pass_field(f)?.value;
    let received = required_bundle(f, "received")?;
    check_copies(&received)?;
    let exercise = received_joker(pass, &tiles_of(&received));
    check_option_key(&exercise, f.string("answer")?, |_| None)?;
    Ok(exercise)
}

fn received_joker(pass: PassId, received: &[Tile]) -> Exercise {
    let (verdict, correct, wrong_rule) = received_verdict(received);
    // The options speak of the jokers that came; with none (`[0]`), of
    // taking one of the tiles for a joker: the learner's mistake.
    let jokers = received.iter().filter(|t| t.is_joker()).count();
    let options = text_options(RECEIVED_ACTIONS, |id| {
        format!("quiz.received_joker.option.{id}")
    })
    .into_iter()
    .map(|mut o| {
        o.label = o.label.num("jokers", jokers);
        o
    })
    .collect();
    let mut exercise = choice_exercise(
        Msg::new("quiz.received_joker.question").key("pass", format!("pass.{pass}")),
        options,
        correct,
        verdict.rule,
        SetupText::default()
            .with("pass", pass)
            .with("received", ids(received)),
    );
    exercise.spec.wrong_rule = wrong_rule;
    exercise.setup = vec![SetupRow::one_group("quiz.received_joker.label", received)];
    add_rules(
        &mut exercise,
        &[RuleId::ReceivedJokerGoesBack, RuleId::JokerNeverPassed],
    );
    add_rules(&mut exercise, &[wrong_rule]);
    let jokers: Vec<Tile> = received.iter().copied().filter(|t| t.is_joker()).collect();
    if !jokers.is_empty() {
        exercise.reveal.push(Reveal::Tiles(jokers));
    }
    exercise
}

// ---- whose tiles a seat receives, for a whole table ----------------------------------

const TABLE_PASS: KindDef = KindDef {
    name: "table-pass",
    fields: &["pass", "east", "south", "west", "north", "seat", "answer"],
    parse: parse_table_pass,
    generate: |rng| {
        let s = generate::table_pass(rng);
        table_pass(s.pass, &s.bundles, s.seat)
    },
    lined: None,
};

/// The seat that receives `seat`'s bundle on `pass` (from the rules module).
fn receiver_of(pass: PassId, seat: Seat) -> Seat {
    Exchange::Pass(pass)
        .moves()
        .into_iter()
        .find(|&(giver, _)| giver == seat)
        .map_or(seat, |(_, receiver)| receiver)
}

/// The seat whose bundle `seat` receives on `pass` (from the rules module).
fn giver_of(pass: PassId, seat: Seat) -> Seat {
    Exchange::Pass(pass)
        .moves()
        .into_iter()
        .find(|&(_, receiver)| receiver == seat)
        .map_or(seat, |(giver, _)| giver)
}

fn parse_table_pass(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let pass = pass_field(f)?.value;
    let mut located: Vec<Vec<LocatedTile>> = Vec::new();
    for seat in Seat::ALL {
        let bundle = required_bundle(f, seat.as_str())?;
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
    let seat = required_seat(f, "seat")?;
    let exercise = table_pass(pass, &bundles, seat);
    if let Some(key) = tiles_field(f, "answer")? {
        check_table_key(&exercise, pass, &bundles, seat, &key)?;
    }
    Ok(exercise)
}

/// Checks a table-pass key (a bundle, as a multiset of tiles) with the
/// exercise's spec: right if it is the bundle of a seat the spec accepts.
fn check_table_key(
    exercise: &Exercise,
    pass: PassId,
    bundles: &[Vec<Tile>; 4],
    seat: Seat,
    key: &Located<Vec<LocatedTile>>,
) -> SpecResult<()> {
    let tiles = tiles_of(&key.value);
    let rows = tile_rows(exercise);
    let same = |b: &[Tile]| b.len() == tiles.len() && is_subset(&tiles, b);
    let claimed: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| same(&bundles[s.index()]))
        .collect();
    let accepted = claimed.iter().any(|s| {
        let values = key_values(&rows[s.index()..=s.index()], &tiles).unwrap_or_default();
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        exercise.spec.evaluate(&values).ok
    });
    if accepted {
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
    // Each wrong tile says where it came from and where that seat passes.
    let mut notes = Vec::new();
    for s in Seat::ALL.into_iter().filter(|&s| s != giver) {
        forbid(&mut spec, &bundles[s.index()], prefix(s), |_| {
            Some(RuleId::PassDirection)
        });
        let receiver = receiver_of(pass, s);
        // The receiver's own tiles are not "from" anyone.
        let key = if s == seat {
            "quiz.table_pass_note.own"
        } else {
            "quiz.table_pass_note.from"
        };
        for (i, tile) in bundles[s.index()].iter().enumerate() {
            let note = Msg::new(key)
                .key("label", tile.name_key())
                .key("giver", format!("seat.{s}"))
                .key("receiver", format!("seat.{receiver}"));
            notes.push((format!("{}{i}", prefix(s)), note));
        }
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
    let question = Msg::new("quiz.table_pass.question")
        .key("pass", format!("pass.{pass}"))
        .key("seat", format!("seat.{seat}"));
    let setup_text = SetupText::default()
        .with("pass", pass)
        .with("seat", seat)
        .with("bundles", all.join(" / "));
    Exercise {
        reveal: vec![
            Reveal::Text(
                Msg::new("quiz.table_pass.reveal")
                    .key("seat", format!("seat.{seat}"))
                    .key("giver", format!("seat.{giver}")),
            ),
            Reveal::Tiles(bundles[giver.index()].clone()),
        ],
        rules: vec![RuleId::PassDirection, RuleId::PassExactlyThree],
        notes,
        ..exercise(
            question,
            "quiz.legend.choose_three",
            Choices::Tiles(rows),
            spec,
            setup_text,
        )
    }
}

// ---- how many tiles a part of the set holds ------------------------------------------

/// How many numbers a set-count question offers.
pub(super) const COUNT_OPTIONS: usize = 4;

const SET_COUNT: KindDef = KindDef {
    name: "set-count",
    fields: &["group", "answer"],
    parse: parse_set_count,
    generate: |rng| set_count(generate::set_count(rng)),
    lined: None,
};

fn parse_set_count(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let text = f.required_string("group")?;
    let group: SetGroup = parse_named("group", &text, &SetGroup::ALL.map(SetGroup::as_str))?;
    let exercise = set_count(group);
    if let Some(key) = f.integer("answer")? {
        let given = key.value.to_string();
        check_key(&exercise, key.at, &[&given], |_| {
            format!(
                "`{}` counts {} tiles of the set, not {given}",
                group.as_str(),
                group.count(),
            )
        })?;
    }
    Ok(exercise)
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

pub(super) fn set_count(group: SetGroup) -> Exercise {
    let verdict = check_set_count(group, group.count());
    debug_assert!(verdict.ok);
    let options = count_options(group)
        .into_iter()
        .map(|n| TextOption {
            id: n.to_string(),
            label: Msg::new("quiz.set_count.number").text("n", n),
        })
        .collect();
    choice_exercise(
        Msg::new(format!("quiz.set_count.question.{}", group.as_str())),
        options,
        &group.count().to_string(),
        verdict.rule,
        SetupText::default().with("group", group.as_str()),
    )
}
