//! The exercise kinds: for each, the author fields it reads, how the rules
//! module answers it, and the generator that makes instances from a seed.
//! Every verdict comes from `crate::rules`; this module only asks.

mod charleston;
mod checks;
mod exchange;
mod jokers;
mod rack;

use crate::rules::generate::Rng;
use crate::rules::{PassId, Phase, RuleId, Seat, Tile, check_courtesy, format_tiles};

use super::answer::AnswerSpec;
use super::model::{Exercise, Msg, Reveal, TextOption, TileOption};
use super::spec::{
    Fields, Located, LocatedTile, SpecError, SpecResult, located_tiles, parse_named,
};

/// One exercise kind.
pub struct KindDef {
    /// The value of `kind = "..."`.
    pub name: &'static str,
    /// Its setup fields (besides `kind`, `prompt`, `generate`, `seed`), `answer` included.
    pub fields: &'static [&'static str],
    /// Reads an authored exercise (setup and answer key) and checks it.
    pub parse: fn(&mut Fields<'_>) -> SpecResult<Exercise>,
    /// Makes one instance from the rules module's generators.
    pub generate: fn(&mut Rng) -> Exercise,
}

/// Every kind, in documentation order.
pub const KINDS: &[KindDef] = &[
    rack::FIND_JOKERS,
    rack::PASS,
    rack::BLIND_PASS,
    rack::CLEAN_PASS,
    charleston::PASS_DIRECTION,
    charleston::PASS_ORDER,
    charleston::BLIND_PASSES,
    charleston::STOP,
    charleston::COURTESY,
    jokers::JOKER_GROUP,
    jokers::REDEEM,
    jokers::TILE_FACT,
    checks::RACK_CHECK,
    checks::PASS_CHECK,
    checks::COURTESY_CHECK,
    exchange::COURTESY_OFFER,
    exchange::RECEIVED_JOKER,
    exchange::TABLE_PASS,
    exchange::SET_COUNT,
];

/// Looks a kind up by name.
pub fn find(name: &str) -> Option<&'static KindDef> {
    KINDS.iter().find(|k| k.name == name)
}

/// Names of every kind, for error messages.
pub fn names() -> Vec<&'static str> {
    KINDS.iter().map(|k| k.name).collect()
}

// ---- helpers shared by the kinds ------------------------------------------

/// The "wrong answer key" error: `wrong answer key: {what} (rule {id})`.
pub(crate) fn wrong_key(at: usize, what: impl std::fmt::Display, rule: RuleId) -> SpecError {
    SpecError::rule(at, format!("wrong answer key: {what}"), rule)
}

/// Yes/no options.
pub(crate) fn yes_no() -> Vec<TextOption> {
    ["yes", "no"]
        .into_iter()
        .map(|id| TextOption {
            id: id.to_string(),
            label: Msg::new(format!("quiz.option.{id}")),
        })
        .collect()
}

pub(crate) fn yes_no_id(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// Checks an author's key for a single-answer kind: it must be one of the
/// option ids and equal the rules module's answer.
pub(crate) fn check_option_key(
    key: Option<Located<String>>,
    options: &[TextOption],
    correct: &str,
    rule: RuleId,
) -> SpecResult<()> {
    let Some(key) = key else { return Ok(()) };
    let given = key.value.trim().to_ascii_lowercase();
    if !options.iter().any(|o| o.id == given) {
        let ids: Vec<&str> = options.iter().map(|o| o.id.as_str()).collect();
        return Err(SpecError::new(
            key.at,
            format!(
                "unknown answer \"{}\" (expected one of: {})",
                key.value,
                ids.join(", ")
            ),
        ));
    }
    if given != correct {
        return Err(wrong_key(
            key.at,
            format!("the answer is {correct}, not {given}"),
            rule,
        ));
    }
    Ok(())
}

/// The revealed answer of a single-answer kind: the right option's label.
pub(crate) fn reveal_option(options: &[TextOption], correct: &str) -> Vec<Reveal> {
    options
        .iter()
        .filter(|o| o.id == correct)
        .map(|o| Reveal::Options(vec![o.label.clone()]))
        .collect()
}

/// An optional seat field (`seat = "east"`).
pub(crate) fn seat_field(f: &mut Fields<'_>, name: &str) -> SpecResult<Option<Seat>> {
    f.string(name)?
        .map(|s| parse_named("seat", &s, &Seat::ALL.map(Seat::as_str)))
        .transpose()
}

/// The required `pass` field, with the offset of its value.
pub(crate) fn pass_field(f: &mut Fields<'_>, kind: &str) -> SpecResult<Located<PassId>> {
    let text = f.required_string("pass", kind)?;
    Ok(Located {
        value: parse_named("pass", &text, &PassId::ALL.map(PassId::as_str))?,
        at: text.at,
    })
}

/// An optional field of tiles, each with its offset.
pub(crate) fn tiles_field(
    f: &mut Fields<'_>,
    name: &str,
) -> SpecResult<Option<Located<Vec<LocatedTile>>>> {
    f.string(name)?
        .map(|text| {
            Ok(Located {
                value: located_tiles(&text)?,
                at: text.at,
            })
        })
        .transpose()
}

/// Tile checkboxes for `tiles`, valued `{prefix}{position}`.
pub(crate) fn tile_options(tiles: &[Tile], prefix: &str) -> Vec<TileOption> {
    tiles
        .iter()
        .enumerate()
        .map(|(i, &tile)| TileOption {
            value: format!("{prefix}{i}"),
            tile,
        })
        .collect()
}

/// Forbids the tile options (valued as by [`tile_options`]) for which
/// `rule` names a rule.
pub(crate) fn forbid(
    spec: &mut AnswerSpec,
    tiles: &[Tile],
    prefix: &str,
    rule: impl Fn(Tile) -> Option<RuleId>,
) {
    for (i, &t) in tiles.iter().enumerate() {
        if let Some(r) = rule(t) {
            spec.forbidden.push((format!("{prefix}{i}"), r));
        }
    }
}

/// Rejects a courtesy offer of more than three tiles, at its value.
pub(crate) fn check_offer_size(offer: &Located<u64>) -> SpecResult<()> {
    let verdict = check_courtesy(offer.value as usize, 0);
    if verdict.ok {
        return Ok(());
    }
    Err(SpecError::rule(
        offer.at,
        format!(
            "impossible setup: an offer of {} tiles; offers are 0 to 3",
            offer.value
        ),
        verdict.rule,
    ))
}

/// A joker may never be passed or offered.
pub(crate) fn joker_rule(t: Tile) -> Option<RuleId> {
    t.is_joker().then_some(RuleId::JokerNeverPassed)
}

/// Canonical tile text for fingerprints.
pub(crate) fn ids(tiles: &[Tile]) -> String {
    format_tiles(tiles)
}

#[cfg(test)]
mod tests;

// ---- moments of the Charleston, shared by the `stop` and `courtesy-check` kinds ----

/// What has just happened: the deal, a pass, the stop of the second
/// Charleston, or the courtesy pass. Written in a block as `deal`, a pass id
/// (`first-right`), `stop` or `courtesy`; an unknown word is an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Moment {
    Deal,
    Pass(PassId),
    Stop,
    Courtesy,
}

impl Moment {
    const ALL: [Moment; 9] = [
        Moment::Deal,
        Moment::Pass(PassId::FirstRight),
        Moment::Pass(PassId::FirstAcross),
        Moment::Pass(PassId::FirstLeft),
        Moment::Pass(PassId::SecondLeft),
        Moment::Pass(PassId::SecondAcross),
        Moment::Pass(PassId::SecondRight),
        Moment::Stop,
        Moment::Courtesy,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Moment::Deal => "deal",
            Moment::Pass(p) => p.as_str(),
            Moment::Stop => "stop",
            Moment::Courtesy => "courtesy",
        }
    }

    /// The moment a block's field names; an unknown word is an error at it.
    fn parse(value: &str, at: usize) -> SpecResult<Moment> {
        Moment::ALL
            .into_iter()
            .find(|m| m.as_str() == value)
            .ok_or_else(|| {
                let names: Vec<&str> = Moment::ALL.iter().map(|m| m.as_str()).collect();
                SpecError::new(
                    at,
                    format!(
                        "unknown moment \"{value}\" (expected one of: {})",
                        names.join(", ")
                    ),
                )
            })
    }

    /// The phase the table is in after this moment.
    fn phase_after(self) -> Phase {
        match self {
            Moment::Deal => Phase::START,
            Moment::Stop => Phase::Courtesy,
            Moment::Courtesy => Phase::Done,
            Moment::Pass(pass) => Phase::after(pass),
        }
    }

    /// The moment that leads to `phase` (`stop` rather than `second-right`
    /// if the second Charleston was stopped).
    fn of(phase: Phase, stopped: bool) -> Moment {
        if stopped && phase == Phase::Courtesy {
            return Moment::Stop;
        }
        Moment::ALL
            .into_iter()
            .find(|m| *m != Moment::Stop && m.phase_after() == phase)
            .unwrap_or(Moment::Deal)
    }
}

impl std::fmt::Display for Moment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
