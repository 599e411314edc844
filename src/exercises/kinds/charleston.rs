//! Kinds about the course of the Charleston: pass direction, pass order,
//! which passes may be blind, stopping the second Charleston, the courtesy pass.

use crate::rules::generate::{self, Rng};
use crate::rules::{
    Answer, Direction, PassId, RuleId, Seat, can_stop_second, check_blind_claim, check_courtesy,
    check_order, check_receiver, giver_to,
};

use super::super::answer::{AnswerSpec, AnswerType};
use super::super::model::{Choices, Exercise, Msg, Reveal, TextOption};
use super::super::spec::{Fields, Located, SpecError, SpecResult, parse_named};
use super::{
    KindDef, Moment, check_offer_size, check_option_key, reveal_option, seat_field, wrong_key,
};

const DIRECTIONS: [Direction; 3] = [Direction::Right, Direction::Across, Direction::Left];

fn seat_option(seat: Seat) -> TextOption {
    TextOption {
        id: seat.as_str().to_string(),
        label: Msg::new(format!("seat.{seat}")),
    }
}

fn direction_option(d: Direction) -> TextOption {
    TextOption {
        id: d.as_str().to_string(),
        label: Msg::new(format!("direction.{}", d.as_str())),
    }
}

fn choice_exercise(
    kind: &'static str,
    question: Msg,
    options: Vec<TextOption>,
    correct: &str,
    rule: RuleId,
) -> Exercise {
    let reveal = reveal_option(&options, correct);
    Exercise {
        kind,
        question,
        legend: Msg::new("quiz.legend.choose_one"),
        setup: Vec::new(),
        choices: Choices::Options {
            multi: false,
            options,
        },
        spec: AnswerSpec::choice(correct, rule, rule),
        reveal,
        rules: vec![rule],
        setup_text: String::new(),
    }
}

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

pub const PASS_DIRECTION: KindDef = KindDef {
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
};

fn parse_pass_direction(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let text = f.required_string("pass", "pass-direction")?;
    let pass: PassId = parse_named("pass", &text, &PassId::ALL.map(PassId::as_str))?;
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

fn check_direction_key(
    key: &Located<String>,
    pass: PassId,
    ask: Ask,
    exercise: &Exercise,
) -> SpecResult<()> {
    let Choices::Options { options, .. } = &exercise.choices else {
        unreachable!("pass-direction has options")
    };
    let ids: Vec<&str> = options.iter().map(|o| o.id.as_str()).collect();
    let unknown = || {
        SpecError::new(
            key.at,
            format!(
                "unknown answer \"{}\" (expected one of: {})",
                key.value,
                ids.join(", ")
            ),
        )
    };
    let verdict = match ask {
        Ask::Direction => {
            let claimed: Direction = key.value.parse().map_err(|_| unknown())?;
            let right = pass.direction();
            let rule = RuleId::CharlestonOrder;
            (claimed != right).then(|| {
                wrong_key(
                    key.at,
                    format!(
                        "the {pass} pass goes {}, not {}",
                        right.as_str(),
                        claimed.as_str()
                    ),
                    rule,
                )
            })
        }
        Ask::Receiver(seat) => {
            let claimed: Seat = key.value.parse().map_err(|_| unknown())?;
            let v = check_receiver(seat, pass, claimed);
            let Answer::Seat(right) = v.answer else {
                unreachable!("check_receiver answers a seat")
            };
            (!v.ok).then(|| {
                wrong_key(
                    key.at,
                    format!("on the {pass} pass {seat}'s tiles go to {right}, not {claimed}"),
                    v.rule,
                )
            })
        }
        Ask::Giver(seat) => {
            let claimed: Seat = key.value.parse().map_err(|_| unknown())?;
            let right = giver_to(seat, pass);
            let v = check_receiver(claimed, pass, seat);
            (!v.ok).then(|| {
                wrong_key(
                    key.at,
                    format!("on the {pass} pass {seat} receives from {right}, not {claimed}"),
                    v.rule,
                )
            })
        }
    };
    verdict.map_or(Ok(()), Err)
}

fn pass_direction(pass: PassId, ask: Ask) -> Exercise {
    let (question, options, correct, rule, setup) = match ask {
        Ask::Direction => (
            Msg::new("quiz.pass_direction.question").key("pass", format!("pass_nth.{pass}")),
            DIRECTIONS.map(direction_option).to_vec(),
            pass.direction(),
            RuleId::CharlestonOrder,
            format!("pass={pass};ask=direction"),
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
            let exercise = choice_exercise(
                "pass-direction",
                Msg::new(format!("quiz.pass_direction.question_{which}"))
                    .key("pass", format!("pass.{pass}"))
                    .key("seat", format!("seat.{seat}")),
                others.map(seat_option).collect(),
                correct.as_str(),
                RuleId::PassDirection,
            );
            return Exercise {
                setup_text: format!("pass={pass};seat={seat};ask={which}"),
                ..exercise
            };
        }
    };
    Exercise {
        setup_text: setup,
        ..choice_exercise("pass-direction", question, options, correct.as_str(), rule)
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

pub const PASS_ORDER: KindDef = KindDef {
    name: "pass-order",
    fields: &["charleston", "answer"],
    parse: parse_pass_order,
    generate: |rng| pass_order(rng.pick(&[None, Some(1), Some(2)]), rng),
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
    if let Some(key) = f.string("answer")? {
        check_order_key(&key, charleston)?;
    }
    let label = format!("pass-order:{charleston:?}");
    Ok(pass_order(charleston, &mut Rng::from_label(&label)))
}

fn check_order_key(key: &Located<String>, charleston: Option<u8>) -> SpecResult<()> {
    let claimed = key
        .value
        .split_whitespace()
        .map(str::parse::<Direction>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| SpecError::new(key.at, format!("{e} (expected right, across, left)")))?;
    let passes = passes_of(charleston);
    let right: Vec<Direction> = passes.iter().map(|p| p.direction()).collect();
    // The rules module checks the whole Charleston; one half is checked
    // against the same passes' directions.
    let ok = match charleston {
        None => check_order(&claimed).ok,
        Some(_) => claimed == right,
    };
    if ok {
        return Ok(());
    }
    let words = |d: &[Direction]| d.iter().map(|d| d.as_str()).collect::<Vec<_>>().join(" ");
    Err(wrong_key(
        key.at,
        format!("the order is {}, not {}", words(&right), words(&claimed)),
        RuleId::CharlestonOrder,
    ))
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
    let item = |id: &String| TextOption {
        id: id.clone(),
        label: Msg::new(format!("direction.{id}")),
    };
    Exercise {
        kind: "pass-order",
        question: Msg::new(question),
        legend: Msg::new("quiz.legend.order"),
        setup: Vec::new(),
        choices: Choices::Order(shown.iter().map(item).collect()),
        reveal: vec![Reveal::Options(
            right.iter().map(|id| item(id).label).collect(),
        )],
        spec: AnswerSpec::order(right, RuleId::CharlestonOrder),
        rules: vec![RuleId::CharlestonOrder],
        setup_text: format!("charleston={charleston:?};shown={}", shown.join(" ")),
    }
}

// ---- which passes may be blind ------------------------------------------------------

pub const BLIND_PASSES: KindDef = KindDef {
    name: "blind-passes",
    fields: &["answer"],
    parse: parse_blind_passes,
    generate: |rng| blind_passes(&generate::blind_passes(rng).shown),
};

fn parse_blind_passes(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    if let Some(key) = f.strings("answer")? {
        let mut claimed = Vec::new();
        for item in &key.value {
            claimed.push(parse_named::<PassId>(
                "pass",
                item,
                &PassId::ALL.map(PassId::as_str),
            )?);
        }
        if let Some(&wrong) = PassId::ALL
            .iter()
            .find(|&&p| !check_blind_claim(p, claimed.contains(&p)).ok)
        {
            let right: Vec<&str> = PassId::ALL
                .iter()
                .filter(|&&p| check_blind_claim(p, true).ok)
                .map(|p| p.as_str())
                .collect();
            return Err(wrong_key(
                key.at,
                format!(
                    "the passes that may be blind are {} (not as given for {wrong})",
                    right.join(" and ")
                ),
                RuleId::BlindOnlyOnLastPass,
            ));
        }
    }
    Ok(blind_passes(&PassId::ALL))
}

fn blind_passes(shown: &[PassId]) -> Exercise {
    let options: Vec<TextOption> = shown
        .iter()
        .map(|p| TextOption {
            id: p.as_str().to_string(),
            label: Msg::new(format!("pass.{p}")),
        })
        .collect();
    let blind: Vec<PassId> = shown
        .iter()
        .copied()
        .filter(|&p| check_blind_claim(p, true).ok)
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
    Exercise {
        kind: "blind-passes",
        question: Msg::new("quiz.blind_passes.question"),
        legend: Msg::new("quiz.legend.choose_all"),
        setup: Vec::new(),
        choices: Choices::Options {
            multi: true,
            options,
        },
        spec,
        reveal: vec![Reveal::Options(
            blind
                .iter()
                .map(|p| Msg::new(format!("pass.{p}")))
                .collect(),
        )],
        rules: vec![RuleId::BlindOnlyOnLastPass],
        setup_text: format!("shown={}", shown_ids.join(" ")),
    }
}

// ---- may the Charleston be stopped now ------------------------------------------------

pub const STOP: KindDef = KindDef {
    name: "stop",
    fields: &["after", "seat", "answer"],
    parse: parse_stop,
    generate: |rng| {
        let s = generate::stop_now(rng);
        stop(Moment::of(s.phase, false), s.who)
    },
};

fn parse_stop(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let after = f.required_string("after", "stop")?;
    let moment = Moment::parse(&after.value, after.at)?;
    let seat = seat_field(f, "seat")?.ok_or_else(|| f.missing("seat", "stop"))?;
    let verdict = can_stop_second(moment.phase_after(), seat);
    let exercise = stop(moment, seat);
    if let Choices::Options { options, .. } = &exercise.choices {
        check_option_key(
            f.string("answer")?,
            options,
            stop_answer(verdict.ok),
            verdict.rule,
        )?;
    }
    Ok(exercise)
}

fn stop_answer(ok: bool) -> &'static str {
    if ok { "yes" } else { "no" }
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
    let question = Msg::new("quiz.stop.question")
        .key("moment", format!("quiz.stop.moment.{moment}"))
        .key("seat", format!("seat.{seat}"));
    let mut exercise = choice_exercise(
        "stop",
        question,
        options,
        stop_answer(verdict.ok),
        verdict.rule,
    );
    if verdict.ok {
        exercise.spec.option_rules = vec![("east-only".into(), RuleId::SecondCharlestonOptional)];
    } else {
        exercise.rules.push(RuleId::SecondCharlestonOptional);
    }
    exercise.setup_text = format!("after={moment};seat={seat}");
    exercise
}

// ---- courtesy pass -------------------------------------------------------------------

pub const COURTESY: KindDef = KindDef {
    name: "courtesy",
    fields: &["offers", "seat", "answer"],
    parse: parse_courtesy,
    generate: |rng| {
        let s = generate::courtesy_offers(rng);
        courtesy(s.a, [s.a_offer.len(), s.b_offer.len()])
    },
};

fn parse_courtesy(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let offers = f
        .integers("offers")?
        .ok_or_else(|| f.missing("offers", "courtesy"))?;
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
    let counts = [a.value as usize, b.value as usize];
    if let Some(key) = f.integer("answer")? {
        let verdict = check_courtesy(counts[0], counts[1]);
        let Answer::Count(n) = verdict.answer else {
            unreachable!("check_courtesy answers a count")
        };
        if key.value as usize != n {
            return Err(wrong_key(
                key.at,
                format!("{n} tiles move, not {}", key.value),
                verdict.rule,
            ));
        }
    }
    Ok(courtesy(seat, counts))
}

fn courtesy(seat: Seat, offers: [usize; 2]) -> Exercise {
    let verdict = check_courtesy(offers[0], offers[1]);
    let Answer::Count(n) = verdict.answer else {
        unreachable!("check_courtesy answers a count")
    };
    let across = seat.across();
    let options = (0..=3)
        .map(|k| TextOption {
            id: k.to_string(),
            label: Msg::new(format!("quiz.tiles.{k}")),
        })
        .collect();
    let question = Msg::new("quiz.courtesy.question")
        .key("seat_a", format!("seat.{seat}"))
        .key("seat_b", format!("seat.{across}"))
        .key("a", format!("quiz.tiles.{}", offers[0]))
        .key("b", format!("quiz.tiles.{}", offers[1]));
    let mut exercise = choice_exercise("courtesy", question, options, &n.to_string(), verdict.rule);
    if verdict.rule != RuleId::CourtesySmallerOffer {
        exercise.rules.push(RuleId::CourtesySmallerOffer);
    }
    exercise.setup_text = format!("seat={seat};offers={},{}", offers[0], offers[1]);
    exercise
}
