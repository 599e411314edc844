//! Kinds about the course of the Charleston: pass direction, pass order,
//! which passes may be blind, stopping the second Charleston, the courtesy pass.

use crate::rules::generate::{self, Rng};
use crate::rules::{
    Answer, Direction, PassId, RuleId, Seat, can_stop_second, check_blind_claim, check_courtesy,
    check_receiver, giver_to,
};

use super::super::answer::{AnswerSpec, AnswerType};
use super::super::model::{Choices, Exercise, Msg, Reveal, SetupText, TextOption};
use super::super::spec::{Fields, Located, SpecError, SpecResult, parse_named};
use super::{
    KindDef, Moment, add_rules, check_key, check_offer_size, check_option_key, choice_exercise,
    exercise, option_ids, pass_field, required_seat, seat_field, text_options, unknown_answer,
};

/// The kinds of this file, in documentation order.
pub const KINDS: &[KindDef] = &[PASS_DIRECTION, PASS_ORDER, BLIND_PASSES, STOP, COURTESY];

const DIRECTIONS: [Direction; 3] = [Direction::Right, Direction::Across, Direction::Left];

// ---- pass direction -------------------------------------------------------------

/// Which seat the question asks about.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ask {
    /// Which way does the pass go?
    Direction,
    /// Who receives `seat`'s tiles?
    Receiver(Seat),
    /// Whose tiles does `seat` receive?
    Giver(Seat),
}

const PASS_DIRECTION: KindDef = KindDef {
    name: "pass-direction",
    fields: &["pass", "seat", "ask", "answer"],
    parse: parse_pass_direction,
    generate: |rng| {
        let s = generate::pass_order(rng);
        let ask = match rng.below(3) {
            0 => Ask::Direction,
            1 => Ask::Receiver(s.seat),
            _ => Ask::Giver(s.seat),
        };
        pass_direction(s.pass, ask)
    },
    lined: None,
};

fn parse_pass_direction(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let pass = pass_field(f)?.value;
    let seat = seat_field(f, "seat")?;
    let ask_text = f.string("ask")?;
    let ask = match (seat, ask_text.as_ref().map(|a| a.value.as_str())) {
        (None, None) => Ask::Direction,
        (Some(s), None | Some("receiver")) => Ask::Receiver(s),
        (Some(s), Some("giver")) => Ask::Giver(s),
        (None, Some(_)) => {
            return Err(SpecError::new(
                f.key_at("ask"),
                "`ask` needs a `seat` (whose tiles go where?)",
            ));
        }
        (Some(_), Some(other)) => {
            return Err(SpecError::new(
                ask_text.as_ref().map_or(0, |a| a.at),
                format!("unknown ask \"{other}\" (expected one of: receiver, giver)"),
            ));
        }
    };
    let exercise = pass_direction(pass, ask);
    if let Some(key) = f.string("answer")? {
        check_direction_key(&key, pass, ask, &exercise)?;
    }
    Ok(exercise)
}

/// Checks a pass-direction key with the exercise's spec.
fn check_direction_key(
    key: &Located<String>,
    pass: PassId,
    ask: Ask,
    exercise: &Exercise,
) -> SpecResult<()> {
    let claimed = key.value.trim().to_ascii_lowercase();
    if !option_ids(exercise).contains(&claimed.as_str()) {
        return Err(unknown_answer(exercise, key));
    }
    check_key(exercise, key.at, &[&claimed], |_| {
        let right = super::correct_option(exercise);
        match ask {
            Ask::Direction => format!("the {pass} pass goes {right}, not {claimed}"),
            Ask::Receiver(seat) => {
                format!("on the {pass} pass {seat}'s tiles go to {right}, not {claimed}")
            }
            Ask::Giver(seat) => {
                format!("on the {pass} pass {seat} receives from {right}, not {claimed}")
            }
        }
    })
}

fn pass_direction(pass: PassId, ask: Ask) -> Exercise {
    match ask {
        Ask::Direction => choice_exercise(
            Msg::new("quiz.pass_direction.question").key("pass", format!("pass_nth.{pass}")),
            text_options(DIRECTIONS.map(Direction::as_str), |d| {
                format!("direction.{d}")
            }),
            pass.direction().as_str(),
            RuleId::CharlestonOrder,
            SetupText::default()
                .with("pass", pass)
                .with("ask", "direction"),
        ),
        Ask::Receiver(seat) | Ask::Giver(seat) => {
            let giver = matches!(ask, Ask::Giver(_));
            let others = Seat::ALL.into_iter().filter(|&s| s != seat);
            let correct = if giver {
                giver_to(seat, pass)
            } else {
                check_seat(seat, pass)
            };
            let which = if giver { "giver" } else { "receiver" };
            choice_exercise(
                Msg::new(format!("quiz.pass_direction.question_{which}"))
                    .key("pass", format!("pass.{pass}"))
                    .key("seat", format!("seat.{seat}")),
                text_options(others, |s| format!("seat.{s}")),
                correct.as_str(),
                RuleId::PassDirection,
                SetupText::default()
                    .with("pass", pass)
                    .with("seat", seat)
                    .with("ask", which),
            )
        }
    }
}

/// Who receives `seat`'s tiles, from the rules module's verdict.
fn check_seat(seat: Seat, pass: PassId) -> Seat {
    match check_receiver(seat, pass, seat).answer {
        Answer::Seat(s) => s,
        _ => unreachable!("check_receiver answers a seat"),
    }
}

// ---- pass order -------------------------------------------------------------------

const PASS_ORDER: KindDef = KindDef {
    name: "pass-order",
    fields: &["charleston", "answer"],
    parse: parse_pass_order,
    generate: |rng| pass_order(rng.pick(&[None, Some(1), Some(2)]), rng),
    lined: None,
};

fn passes_of(charleston: Option<u8>) -> Vec<PassId> {
    PassId::ALL
        .into_iter()
        .filter(|p| charleston.is_none_or(|c| p.charleston() == c))
        .collect()
}

fn parse_pass_order(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let charleston = match f.integer("charleston")? {
        None => None,
        Some(Located {
            value: c @ (1 | 2), ..
        }) => Some(c as u8),
        Some(c) => {
            return Err(SpecError::new(
                c.at,
                format!(
                    "`charleston` is 1 or 2 (leave it out for all six passes), not {}",
                    c.value
                ),
            ));
        }
    };
    let label = format!("pass-order:{charleston:?}");
    let exercise = pass_order(charleston, &mut Rng::from_label(&label));
    if let Some(key) = f.string("answer")? {
        check_order_key(&exercise, &key)?;
    }
    Ok(exercise)
}

/// Checks a pass-order key (directions, space-separated) with the spec.
fn check_order_key(exercise: &Exercise, key: &Located<String>) -> SpecResult<()> {
    let claimed = key
        .value
        .split_whitespace()
        .map(str::parse::<Direction>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| SpecError::new(key.at, format!("{e} (expected right, across, left)")))?;
    let claimed: Vec<&str> = claimed.iter().map(|d| d.as_str()).collect();
    check_key(exercise, key.at, &claimed, |_| {
        let right = match &exercise.spec.correct {
            Some(super::Correct::Sequence(s)) => s.join(" "),
            _ => String::new(),
        };
        format!("the order is {right}, not {}", claimed.join(" "))
    })
}

fn pass_order(charleston: Option<u8>, rng: &mut Rng) -> Exercise {
    let passes = passes_of(charleston);
    let right: Vec<String> = passes
        .iter()
        .map(|p| p.direction().as_str().to_string())
        .collect();
    let mut shown = right.clone();
    while shown == right {
        rng.shuffle(&mut shown);
    }
    let question = match charleston {
        None => "quiz.pass_order.question_all",
        Some(1) => "quiz.pass_order.question_first",
        Some(_) => "quiz.pass_order.question_second",
    };
    let label = |id: &str| format!("direction.{id}");
    let reveal = vec![Reveal::Options(
        right.iter().map(|id| Msg::new(label(id))).collect(),
    )];
    let setup_text = SetupText::default()
        .with("charleston", format!("{charleston:?}"))
        .with("shown", shown.join(" "));
    Exercise {
        reveal,
        rules: vec![RuleId::CharlestonOrder],
        ..exercise(
            Msg::new(question),
            "quiz.legend.order",
            Choices::Order(text_options(&shown, label)),
            AnswerSpec::order(right, RuleId::CharlestonOrder),
            setup_text,
        )
    }
}

// ---- which passes may be blind ------------------------------------------------------

const BLIND_PASSES: KindDef = KindDef {
    name: "blind-passes",
    fields: &["answer"],
    parse: parse_blind_passes,
    generate: |rng| blind_passes(&generate::blind_passes(rng).shown),
    lined: None,
};

fn parse_blind_passes(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let exercise = blind_passes(&PassId::ALL);
    if let Some(key) = f.strings("answer")? {
        let mut claimed = Vec::new();
        for item in &key.value {
            claimed.push(parse_named::<PassId>(
                "pass",
                item,
                &PassId::ALL.map(PassId::as_str),
            )?);
        }
        let chosen: Vec<&str> = claimed.iter().map(|p| p.as_str()).collect();
        check_key(&exercise, key.at, &chosen, |_| {
            let right = exercise.spec.exact.clone().unwrap_or_default();
            let wrong = PassId::ALL
                .into_iter()
                .find(|p| right.iter().any(|r| r == p.as_str()) != claimed.contains(p))
                .map_or("", PassId::as_str);
            format!(
                "the passes that may be blind are {} (not as given for {wrong})",
                right.join(" and ")
            )
        })?;
    }
    Ok(exercise)
}

fn blind_passes(shown: &[PassId]) -> Exercise {
    // The answer in course order, whatever order the options are shown in.
    let blind: Vec<PassId> = PassId::ALL
        .iter()
        .copied()
        .filter(|p| shown.contains(p) && check_blind_claim(*p, true).ok)
        .collect();
    let mut spec = AnswerSpec::choose(
        AnswerType::Multi,
        RuleId::BlindOnlyOnLastPass,
        RuleId::BlindOnlyOnLastPass,
    );
    spec.forbidden = shown
        .iter()
        .filter(|p| !blind.contains(p))
        .map(|p| (p.as_str().to_string(), RuleId::BlindOnlyOnLastPass))
        .collect();
    spec.exact = Some(blind.iter().map(|p| p.as_str().to_string()).collect());
    let shown_ids: Vec<&str> = shown.iter().map(|p| p.as_str()).collect();
    let choices = Choices::Options {
        multi: true,
        options: text_options(&shown_ids, |p| format!("pass.{p}")),
    };
    Exercise {
        reveal: vec![Reveal::Options(
            blind
                .iter()
                .map(|p| Msg::new(format!("pass.{p}")))
                .collect(),
        )],
        rules: vec![RuleId::BlindOnlyOnLastPass],
        ..exercise(
            Msg::new("quiz.blind_passes.question"),
            "quiz.legend.choose_all",
            choices,
            spec,
            SetupText::default().with("shown", shown_ids.join(" ")),
        )
    }
}

// ---- may the Charleston be stopped now ------------------------------------------------

const STOP: KindDef = KindDef {
    name: "stop",
    fields: &["after", "seat", "answer"],
    parse: parse_stop,
    generate: |rng| {
        let s = generate::stop_now(rng);
        stop(Moment::of(s.phase, false), s.who)
    },
    lined: None,
};

fn parse_stop(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let after = f.required_string("after")?;
    let moment = Moment::parse(&after.value, after.at)?;
    let seat = required_seat(f, "seat")?;
    let exercise = stop(moment, seat);
    check_option_key(&exercise, f.string("answer")?, |_| None)?;
    Ok(exercise)
}

fn stop(moment: Moment, seat: Seat) -> Exercise {
    let verdict = can_stop_second(moment.phase_after(), seat);
    let options = ["yes", "east-only", "no"]
        .into_iter()
        .map(|id| TextOption {
            id: id.to_string(),
            label: Msg::new(format!("quiz.stop.option.{id}")).key("seat", format!("seat.{seat}")),
        })
        .collect();
    // Once the first Charleston is over, what can be stopped is the second.
    let stage = match moment.phase_after() {
        crate::rules::Phase::FirstCharleston(_) => "first",
        _ => "second",
    };
    let question = Msg::new("quiz.stop.question")
        .key("moment", format!("quiz.stop.moment.{moment}"))
        .key("seat", format!("seat.{seat}"))
        .text("stage", stage);
    let mut exercise = choice_exercise(
        question,
        options,
        super::yes_no_id(verdict.ok),
        verdict.rule,
        SetupText::default()
            .with("after", moment)
            .with("seat", seat),
    );
    // In the first Charleston only its own rule is shown: the second
    // Charleston's is taught later (and does not decide the answer).
    if verdict.ok {
        exercise.spec.option_rules = vec![("east-only".into(), RuleId::SecondCharlestonOptional)];
    } else if stage == "second" {
        // The first Charleston's own rule is the whole story there.
        exercise.rules.push(RuleId::SecondCharlestonOptional);
    }
    exercise
}

// ---- courtesy pass -------------------------------------------------------------------

const COURTESY: KindDef = KindDef {
    name: "courtesy",
    fields: &["offers", "seat", "answer"],
    parse: parse_courtesy,
    generate: |rng| {
        let s = generate::courtesy_offers(rng);
        courtesy(s.a, [s.a_offer.len(), s.b_offer.len()])
    },
    lined: None,
};

fn parse_courtesy(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let offers = f.integers("offers")?.ok_or_else(|| f.missing("offers"))?;
    let [a, b] = offers.value.as_slice() else {
        return Err(SpecError::new(
            offers.at,
            format!(
                "`offers` needs two numbers (the seat's offer and the offer from across), not {}",
                offers.value.len()
            ),
        ));
    };
    for offer in [a, b] {
        check_offer_size(offer)?;
    }
    let seat = seat_field(f, "seat")?.unwrap_or(Seat::East);
    let exercise = courtesy(seat, [a.value as usize, b.value as usize]);
    if let Some(key) = f.integer("answer")? {
        let given = key.value.to_string();
        check_key(&exercise, key.at, &[&given], |_| {
            let n = super::correct_option(&exercise);
            format!("{n} tiles move, not {given}")
        })?;
    }
    Ok(exercise)
}

/// "North offers 2 tiles" (`quiz.courtesy.offers`: its plural and zero forms).
pub(crate) fn courtesy_offers(seat: Seat, count: usize) -> Msg {
    Msg::new("quiz.courtesy.offers")
        .key("seat", format!("seat.{seat}"))
        .num("count", count)
}

fn courtesy(seat: Seat, offers: [usize; 2]) -> Exercise {
    let verdict = check_courtesy(offers[0], offers[1]);
    let Answer::Count(n) = verdict.answer else {
        unreachable!("check_courtesy answers a count")
    };
    let across = seat.across();
    let question = Msg::new("quiz.courtesy.question")
        .msg("offer_a", courtesy_offers(seat, offers[0]))
        .msg("offer_b", courtesy_offers(across, offers[1]));
    let options = (0..=3usize)
        .map(|k| TextOption {
            id: k.to_string(),
            label: Msg::new("quiz.tiles").num("count", k),
        })
        .collect();
    let mut exercise = choice_exercise(
        question,
        options,
        &n.to_string(),
        verdict.rule,
        SetupText::default()
            .with("seat", seat)
            .with("offers", format!("{},{}", offers[0], offers[1])),
    );
    add_rules(&mut exercise, &[RuleId::CourtesySmallerOffer]);
    exercise
}
