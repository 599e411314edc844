//! Yes/no legality questions about situations the other kinds reject as
//! authoring errors: is this rack legal, is this pass legal, may this
//! courtesy offer be made now. The setup may be illegal on purpose — that is
//! the question — so these kinds check only what the learner cannot be asked
//! about (unknown tiles, absurd sizes); the verdict always comes from the
//! rules module.

use crate::rules::generate;
use crate::rules::rack::check_copies as copies_over_set;
use crate::rules::tile::remove_tiles;
use crate::rules::{
    Answer, PassChoice, PassId, RackError, RuleId, Seat, Tile, Verdict, can_courtesy,
    check_courtesy_now, check_courtesy_size, check_pass, check_rack, check_seat_rack,
};

use super::super::model::{Exercise, Msg, Reveal, SetupRow, SetupText};
use super::super::spec::{
    Fields, LocatedTile, RACK_SIZE_TEXT, SpecError, SpecResult, check_copies, located_tiles,
    tiles_of,
};
use super::{
    KindDef, Moment, bundle_field, check_option_key, ids, pass_field, required_tiles, seat_field,
    tiles_field, yes_no_exercise,
};

/// The kinds of this file, in documentation order.
pub const KINDS: &[KindDef] = &[RACK_CHECK, PASS_CHECK, COURTESY_CHECK];

/// Most tiles a `rack-check` rack may show.
const MAX_RACK_CHECK: usize = 20;

/// Largest courtesy offer a `courtesy-check` may ask about.
const MAX_OFFER_ASKED: u64 = 6;

// ---- is this a legal rack ---------------------------------------------------------

const RACK_CHECK: KindDef = KindDef {
    name: "rack-check",
    fields: &["rack", "seat", "answer"],
    parse: parse_rack_check,
    generate: |rng| {
        let s = generate::rack_check(rng);
        rack_check(s.seat, &s.tiles)
    },
    lined: None,
};

fn rack_verdict(seat: Option<Seat>, tiles: &[Tile]) -> Verdict {
    match seat {
        Some(s) => check_seat_rack(s, tiles),
        None => check_rack(tiles),
    }
}

/// The tile over its count in the set, and how many the rack holds.
fn over_set(tiles: &[Tile]) -> Option<(Tile, usize)> {
    match copies_over_set(tiles) {
        Err(RackError::TooManyCopies { tile, count }) => Some((tile, count)),
        _ => None,
    }
}

/// What decides a rack verdict (`ok`, by `rule`), for key errors.
fn rack_why(seat: Option<Seat>, tiles: &[Tile], ok: bool, rule: RuleId) -> String {
    match (rule, over_set(tiles)) {
        (RuleId::TooManyCopies, Some((tile, count))) => format!(
            "{count} copies of {tile}, but the set holds {}",
            tile.copies_in_set()
        ),
        _ if ok => format!(
            "{} tiles, no tile more often than the set holds it",
            tiles.len()
        ),
        _ => match seat {
            Some(s) if tiles.len() == 14 => format!(
                "14 tiles, but {s} holds 13 during the Charleston, like every seat (East draws its 14th only after it)"
            ),
            _ => format!("{} tiles; {RACK_SIZE_TEXT}", tiles.len()),
        },
    }
}

fn parse_rack_check(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let text = f.required_string("rack")?;
    let tiles = tiles_of(&located_tiles(&text)?);
    if tiles.is_empty() || tiles.len() > MAX_RACK_CHECK {
        return Err(SpecError::new(
            text.at,
            format!(
                "`rack` has {} tiles; a rack-check shows 1 to {MAX_RACK_CHECK} tiles",
                tiles.len()
            ),
        ));
    }
    let seat = seat_field(f, "seat")?;
    let exercise = rack_check(seat, &tiles);
    check_option_key(&exercise, f.string("answer")?, |outcome| {
        let ok = super::correct_option(&exercise) == "yes";
        Some(rack_why(seat, &tiles, ok, outcome.rule))
    })?;
    Ok(exercise)
}

fn rack_check(seat: Option<Seat>, tiles: &[Tile]) -> Exercise {
    let verdict = rack_verdict(seat, tiles);
    let question = match seat {
        Some(s) => Msg::new("quiz.rack_check.question_seat").key("seat", format!("seat.{s}")),
        None => Msg::new("quiz.rack_check.question"),
    };
    let seat_text = seat.map_or("any", Seat::as_str);
    // The copies rule only where copies decide or a legal rack also needs
    // them; a wrong size cites its one count rule (East's draw for East's
    // 14 tiles, the plain count for any other seat's).
    let related: &[RuleId] = if verdict.ok {
        &[RuleId::TooManyCopies]
    } else {
        &[]
    };
    let mut exercise = yes_no_exercise(
        question,
        vec![SetupRow::one_group("quiz.label.the_rack", tiles)],
        &verdict,
        related,
        SetupText::default()
            .with("seat", seat_text)
            .with("rack", ids(tiles)),
    );
    let explanation = match (verdict.rule, over_set(tiles)) {
        (RuleId::TooManyCopies, Some((tile, count))) => {
            exercise.reveal.push(Reveal::Text(
                Msg::new("quiz.rack_check.reveal_copies")
                    .text("count", count)
                    .key("tile", tile.name_key())
                    .text("limit", tile.copies_in_set()),
            ));
            Reveal::Tiles(vec![tile; count])
        }
        _ if verdict.ok => {
            Reveal::Text(Msg::new("quiz.rack_check.reveal_ok").text("count", tiles.len()))
        }
        _ => Reveal::Text(Msg::new("quiz.rack_check.reveal_size").text("count", tiles.len())),
    };
    exercise.reveal.push(explanation);
    exercise
}

// ---- is this pass legal -------------------------------------------------------------

const PASS_CHECK: KindDef = KindDef {
    name: "pass-check",
    fields: &["pass", "rack", "received", "offer", "blind", "answer"],
    parse: parse_pass_check,
    generate: |rng| {
        let s = generate::pass_check(rng);
        let setup = PassSetup {
            pass: s.pass,
            rack: s.rack,
            received: Vec::new(),
            offer: s.offer,
            blind: Vec::new(),
        };
        pass_check(&setup, &setup.verdict())
    },
    lined: None,
};

/// The situation a pass-check asks about.
struct PassSetup {
    pass: PassId,
    rack: Vec<Tile>,
    received: Vec<Tile>,
    offer: Vec<Tile>,
    blind: Vec<Tile>,
}

impl PassSetup {
    fn verdict(&self) -> Verdict {
        let choice = PassChoice::with_blind(self.offer.clone(), self.blind.clone());
        check_pass(&self.rack, &self.received, &choice, self.pass)
    }

    /// The offending tiles of a failed verdict (those not on the rack, not
    /// received, or jokers), if the verdict is about tiles.
    fn offending(&self, verdict: &Verdict) -> Vec<Tile> {
        match (&verdict.rule, &verdict.answer) {
            (RuleId::PassFromOwnRack, _) => remove_tiles(&self.offer, &self.rack),
            (RuleId::BlindFromReceivedOnly, _) => remove_tiles(&self.blind, &self.received),
            (_, Answer::Tiles(t)) => t.clone(),
            _ => Vec::new(),
        }
    }
}

fn pass_why(setup: &PassSetup, verdict: &Verdict) -> String {
    let tiles = ids(&setup.offending(verdict));
    match verdict.rule {
        _ if verdict.ok => "three tiles of the player's own, no joker".into(),
        RuleId::PassFromOwnRack => format!("{tiles} is not on the rack"),
        RuleId::BlindFromReceivedOnly => format!("{tiles} is not among the received tiles"),
        RuleId::JokerNeverPassed => format!("{tiles}: a joker is never passed"),
        RuleId::ReceivedJokerGoesBack => {
            format!("{tiles}: a received joker goes back, it is never forwarded")
        }
        RuleId::BlindOnlyOnLastPass => format!("no blind tiles on {}", setup.pass),
        RuleId::PassExactlyThree => format!(
            "{} tiles, but a pass is exactly three",
            setup.offer.len() + setup.blind.len()
        ),
        other => other.summary().to_string(),
    }
}

fn parse_pass_check(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let pass = pass_field(f)?.value;
    let rack = required_tiles(f, "rack")?;
    let received = bundle_field(f, "received", "brings")?;
    let received_tiles = received.as_ref().map_or(&[][..], |r| &r.value[..]);
    let all: Vec<LocatedTile> = rack.value.iter().chain(received_tiles).cloned().collect();
    check_copies(&all)?;
    let verdict = check_rack(&tiles_of(&rack.value));
    if !verdict.ok {
        return Err(SpecError::rule(
            rack.at,
            format!(
                "wrong rack size: {} tiles; {RACK_SIZE_TEXT}, and the 3 received tiles arrive on top of it",
                rack.value.len()
            ),
            verdict.rule,
        ));
    }
    let offer = required_tiles(f, "offer")?;
    let blind = tiles_field(f, "blind")?;
    if let (Some(b), None) = (&blind, &received) {
        return Err(SpecError::new(
            b.at,
            "`blind` needs `received` (the unseen tiles the blind ones come from)",
        ));
    }
    let blind_tiles = blind.map_or_else(Vec::new, |b| tiles_of(&b.value));
    let offered = offer.value.len() + blind_tiles.len();
    if offered == 0 || offered > 6 {
        return Err(SpecError::new(
            offer.at,
            format!("a pass-check offers 1 to 6 tiles (`offer` and `blind`), not {offered}"),
        ));
    }
    let setup = PassSetup {
        pass,
        rack: tiles_of(&rack.value),
        received: tiles_of(received_tiles),
        offer: tiles_of(&offer.value),
        blind: blind_tiles,
    };
    let verdict = setup.verdict();
    let exercise = pass_check(&setup, &verdict);
    check_option_key(&exercise, f.string("answer")?, |_| {
        Some(pass_why(&setup, &verdict))
    })?;
    Ok(exercise)
}

fn pass_check(s: &PassSetup, verdict: &Verdict) -> Exercise {
    let mut setup = vec![SetupRow::one_group("quiz.label.rack", &s.rack)];
    if !s.received.is_empty() {
        setup.push(SetupRow::one_group("quiz.label.received", &s.received));
    }
    if s.received.is_empty() {
        setup.push(SetupRow::one_group("quiz.label.to_pass", &s.offer));
    } else {
        if !s.offer.is_empty() {
            setup.push(SetupRow::one_group("quiz.label.to_pass_rack", &s.offer));
        }
        if !s.blind.is_empty() {
            setup.push(SetupRow::one_group("quiz.label.to_pass_blind", &s.blind));
        }
    }
    let setup_text = SetupText::default()
        .with("pass", s.pass)
        .with("rack", ids(&s.rack))
        .with("received", ids(&s.received))
        .with("offer", ids(&s.offer))
        .with("blind", ids(&s.blind));
    let mut exercise = yes_no_exercise(
        Msg::new("quiz.pass_check.question").key("pass", format!("pass.{}", s.pass)),
        setup,
        verdict,
        &[RuleId::PassExactlyThree, RuleId::PassFromOwnRack],
        setup_text,
    );
    let reveal = match verdict.rule {
        _ if verdict.ok => "ok",
        RuleId::PassFromOwnRack => "not_on_rack",
        RuleId::BlindFromReceivedOnly => "not_received",
        RuleId::JokerNeverPassed => "joker",
        RuleId::ReceivedJokerGoesBack => "received_joker",
        RuleId::BlindOnlyOnLastPass => "not_blind",
        _ => "count",
    };
    exercise.reveal.push(Reveal::Text(
        Msg::new(format!("quiz.pass_check.reveal_{reveal}"))
            .text("count", s.offer.len() + s.blind.len()),
    ));
    let offending = s.offending(verdict);
    if !verdict.ok && !offending.is_empty() {
        exercise.reveal.push(Reveal::Tiles(offending));
    }
    exercise
}

// ---- may this courtesy offer be made now ------------------------------------------------

const COURTESY_CHECK: KindDef = KindDef {
    name: "courtesy-check",
    fields: &["after", "offer", "answer"],
    parse: parse_courtesy_check,
    generate: |rng| {
        let s = generate::courtesy_check(rng);
        let moment = s.phase.map(|p| Moment::of(p, s.stopped));
        courtesy_check(moment, s.offer)
    },
    lined: None,
};

fn courtesy_verdict(moment: Option<Moment>, offer: Option<usize>) -> Verdict {
    match (moment.map(Moment::phase_after), offer) {
        (Some(p), Some(n)) => check_courtesy_now(p, n),
        (Some(p), None) => can_courtesy(p),
        (None, n) => check_courtesy_size(n.unwrap_or(0)),
    }
}

fn parse_courtesy_check(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let after = f.string("after")?;
    let moment = after
        .as_ref()
        .map(|a| Moment::parse(&a.value, a.at))
        .transpose()?;
    let offer = f.integer("offer")?;
    if let Some(n) = &offer
        && n.value > MAX_OFFER_ASKED
    {
        return Err(SpecError::new(
            n.at,
            format!(
                "`offer` is 0 to {MAX_OFFER_ASKED} tiles (a courtesy offer is at most 3; ask about 4 to 6 to teach that), not {}",
                n.value
            ),
        ));
    }
    let offer = offer.map(|n| n.value as usize);
    if moment.is_none() && offer.is_none() {
        return Err(SpecError::new(
            0,
            "missing field `after` or `offer` (a `courtesy-check` exercise needs one of them, or both)",
        ));
    }
    let exercise = courtesy_check(moment, offer);
    check_option_key(&exercise, f.string("answer")?, |outcome| {
        let ok = super::correct_option(&exercise) == "yes";
        Some(match (outcome.rule, offer, moment) {
            (RuleId::CourtesyZeroToThree, Some(n), _) => {
                format!("an offer of {n}; each player offers 0 to 3 tiles")
            }
            _ if ok => "the Charleston is over, the courtesy pass is played now".into(),
            (_, _, Some(m)) => format!("after {m}, {}", RuleId::CourtesyAfterCharleston.summary()),
            (rule, _, None) => rule.summary().to_string(),
        })
    })?;
    Ok(exercise)
}

fn courtesy_check(moment: Option<Moment>, offer: Option<usize>) -> Exercise {
    let verdict = courtesy_verdict(moment, offer);
    // After the first Charleston the table has yet to decide about the
    // second: the question says so (a stop then would allow the courtesy pass).
    let moment_key = |m: Moment| match m {
        Moment::Pass(PassId::FirstLeft) => "quiz.courtesy_check.moment_first_left".to_string(),
        _ => format!("quiz.stop.moment.{m}"),
    };
    let question = match (moment, offer) {
        (Some(m), Some(n)) => Msg::new("quiz.courtesy_check.question_both")
            .key("moment", moment_key(m))
            .num("count", n)
            .text("ask", "both"),
        (Some(m), None) => Msg::new("quiz.courtesy_check.question_when")
            .key("moment", moment_key(m))
            .text("ask", "when"),
        (None, n) => Msg::new("quiz.courtesy_check.question_offer")
            .num("count", n.unwrap_or(0))
            .text("ask", "offer"),
    };
    let mut related = Vec::new();
    if moment.is_some() {
        related.push(RuleId::CourtesyAfterCharleston);
    }
    if offer.is_some() {
        related.push(RuleId::CourtesyZeroToThree);
    }
    let part = |v: Option<String>| v.unwrap_or_else(|| "-".into());
    let setup_text = SetupText::default()
        .with("after", part(moment.map(|m| m.to_string())))
        .with("offer", part(offer.map(|n| n.to_string())));
    yes_no_exercise(question, Vec::new(), &verdict, &related, setup_text)
}
