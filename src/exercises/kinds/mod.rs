//! The exercise kinds: for each, the author fields it reads, how the rules
//! module answers it, and the generator that makes instances from a seed.
//! Every verdict comes from `crate::rules`; this module only asks.

mod charleston;
mod checks;
mod jokers;
mod rack;

use crate::rules::generate::Rng;
use crate::rules::{PassId, Phase, RuleId, Tile, format_tiles};

use super::model::{Exercise, Msg, Reveal, TextOption};
use super::spec::{Fields, Located, SpecError, SpecResult};

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

/// Canonical tile text for fingerprints.
pub(crate) fn ids(tiles: &[Tile]) -> String {
    format_tiles(tiles)
}

#[cfg(test)]
mod tests;

// ---- moments of the Charleston, shared by the `stop` and `courtesy-check` kinds ----

/// What has just happened: `deal`, a pass id, `stop` (the second Charleston
/// was stopped) or `courtesy` (the courtesy pass is over).
const MOMENTS: [&str; 9] = [
    "deal",
    "first-right",
    "first-across",
    "first-left",
    "second-left",
    "second-across",
    "second-right",
    "stop",
    "courtesy",
];

/// The phase the table is in after `moment` (one of [`MOMENTS`]).
fn phase_after(moment: &str) -> Phase {
    match moment {
        "deal" => Phase::START,
        "stop" => Phase::Courtesy,
        "courtesy" => Phase::Done,
        pass => Phase::after(pass.parse().unwrap_or(PassId::FirstRight)),
    }
}

/// The moment that leads to `phase` (`stop` rather than `second-right` if the
/// second Charleston was stopped).
fn moment_of(phase: Phase, stopped: bool) -> &'static str {
    if stopped && phase == Phase::Courtesy {
        return "stop";
    }
    MOMENTS
        .into_iter()
        .find(|m| *m != "stop" && phase_after(m) == phase)
        .unwrap_or("deal")
}
