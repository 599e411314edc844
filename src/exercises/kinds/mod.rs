//! The exercise kinds: for each, the author fields it reads, how the rules
//! module answers it, and the generator that makes instances from a seed.
//! Every verdict comes from `crate::rules`; this module only asks.

mod charleston;
mod checks;
mod exchange;
mod jokers;
mod rack;

use crate::rules::generate::Rng;
use crate::rules::{
    PassId, Phase, RuleId, Seat, TeachingLine, Tile, Verdict, check_courtesy, format_tiles,
    group_needing, recommended_pass,
};

use super::answer::{AnswerSpec, Correct, Outcome, Poor};
use super::model::{Choices, Exercise, Msg, Reveal, SetupRow, SetupText, TextOption, TileOption};
use super::spec::{
    Fields, Located, LocatedTile, SpecError, SpecResult, located_tiles, parse_named, rack,
};

/// Makes one instance for the author's teaching lines (see [`KindDef::lined`]).
pub type LinedGenerator = fn(&mut Rng, &[TeachingLine]) -> SpecResult<Exercise>;

/// One exercise kind.
pub struct KindDef {
    /// The value of `kind = "..."`; stamped on every exercise of the kind.
    pub name: &'static str,
    /// Its setup fields (besides `kind`, `prompt`, `generate`, `seed`), `answer` included.
    pub fields: &'static [&'static str],
    /// Reads an authored exercise: builds it once, then checks the author's
    /// answer key through its own answer spec (`check_key`).
    pub parse: fn(&mut Fields<'_>) -> SpecResult<Exercise>,
    /// Makes one instance from the rules module's generators.
    pub generate: fn(&mut Rng) -> Exercise,
    /// Kinds that take teaching lines (`lines = [...]`) beside `generate`:
    /// one instance whose recommended answer keeps every tile the lines
    /// need, or the error (at offset 0) when its rack has no such answer.
    pub lined: Option<LinedGenerator>,
}

impl KindDef {
    /// Reads an authored block of this kind.
    pub fn authored(&self, f: &mut Fields<'_>) -> SpecResult<Exercise> {
        f.set_kind(self.name);
        let exercise = (self.parse)(f)?;
        Ok(Exercise {
            kind: self.name,
            ..exercise
        })
    }

    /// Makes one instance of this kind from `rng`.
    pub fn generated(&self, rng: &mut Rng) -> Exercise {
        Exercise {
            kind: self.name,
            ..(self.generate)(rng)
        }
    }

    /// Makes one instance for the author's teaching `lines` (kinds with
    /// [`KindDef::lined`]; others: as [`KindDef::generated`]).
    pub fn generated_for(&self, rng: &mut Rng, lines: &[TeachingLine]) -> SpecResult<Exercise> {
        match self.lined {
            Some(lined) if !lines.is_empty() => Ok(Exercise {
                kind: self.name,
                ..lined(rng, lines)?
            }),
            _ => Ok(self.generated(rng)),
        }
    }
}

/// The kind families, in documentation order; each file lists its own kinds
/// (`KINDS`), so adding a kind to a family touches that file only.
const FAMILIES: [&[KindDef]; 5] = [
    rack::KINDS,
    charleston::KINDS,
    jokers::KINDS,
    checks::KINDS,
    exchange::KINDS,
];

/// Every kind, in documentation order.
pub fn all() -> impl Iterator<Item = &'static KindDef> {
    FAMILIES.into_iter().flatten()
}

/// Looks a kind up by name.
pub fn find(name: &str) -> Option<&'static KindDef> {
    all().find(|k| k.name == name)
}

/// Names of every kind, for error messages.
pub fn names() -> Vec<&'static str> {
    all().map(|k| k.name).collect()
}

// ---- building exercises ---------------------------------------------------

/// An exercise with its question, legend, choices, spec and setup text; no
/// setup rows, reveal or rules yet. Its kind is stamped by its [`KindDef`].
pub(crate) fn exercise(
    question: Msg,
    legend: &'static str,
    choices: Choices,
    spec: AnswerSpec,
    setup_text: SetupText,
) -> Exercise {
    Exercise {
        kind: "",
        question,
        legend: Msg::new(legend),
        setup: Vec::new(),
        choices,
        spec,
        reveal: Vec::new(),
        rules: Vec::new(),
        setup_text,
        notes: Vec::new(),
    }
}

/// A single-answer exercise: `correct` is the right option; any other cites
/// `rule` (unless the spec's `option_rules` say otherwise); the reveal is the
/// right option's label.
pub(crate) fn choice_exercise(
    question: Msg,
    options: Vec<TextOption>,
    correct: &str,
    rule: RuleId,
    setup_text: SetupText,
) -> Exercise {
    let reveal = reveal_option(&options, correct);
    let choices = Choices::Options {
        multi: false,
        options,
    };
    let spec = AnswerSpec::choice(correct, rule, rule);
    Exercise {
        reveal,
        rules: vec![rule],
        ..exercise(
            question,
            "quiz.legend.choose_one",
            choices,
            spec,
            setup_text,
        )
    }
}

/// A yes/no exercise answered by `verdict`, showing `setup`; `related` rules
/// are added after the verdict's own (without repeating it).
pub(crate) fn yes_no_exercise(
    question: Msg,
    setup: Vec<SetupRow>,
    verdict: &Verdict,
    related: &[RuleId],
    setup_text: SetupText,
) -> Exercise {
    let mut exercise = choice_exercise(
        question,
        yes_no(),
        yes_no_id(verdict.ok),
        verdict.rule,
        setup_text,
    );
    exercise.setup = setup;
    add_rules(&mut exercise, related);
    exercise
}

/// Adds `rules` to the ones an exercise's explanation names, each once.
pub(crate) fn add_rules(exercise: &mut Exercise, rules: &[RuleId]) {
    for &r in rules {
        if !exercise.rules.contains(&r) {
            exercise.rules.push(r);
        }
    }
}

/// Options `ids`, each labelled by the strings key `label(id)`.
pub(crate) fn text_options<T: std::fmt::Display>(
    ids: impl IntoIterator<Item = T>,
    label: impl Fn(&str) -> String,
) -> Vec<TextOption> {
    ids.into_iter()
        .map(|id| {
            let id = id.to_string();
            TextOption {
                label: Msg::new(label(&id)),
                id,
            }
        })
        .collect()
}

/// Yes/no options.
pub(crate) fn yes_no() -> Vec<TextOption> {
    text_options(["yes", "no"], |id| format!("quiz.option.{id}"))
}

pub(crate) fn yes_no_id(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// The revealed answer of a single-answer kind: the right option's label.
pub(crate) fn reveal_option(options: &[TextOption], correct: &str) -> Vec<Reveal> {
    options
        .iter()
        .filter(|o| o.id == correct)
        .map(|o| Reveal::Options(vec![o.label.clone()]))
        .collect()
}

/// Tile checkboxes for `tiles`, valued `{prefix}{position}`.
pub(crate) fn tile_options(tiles: &[Tile], prefix: &str) -> Vec<TileOption> {
    tiles
        .iter()
        .enumerate()
        .map(|(i, &tile)| TileOption {
            value: format!("{prefix}{i}"),
            tile,
            face_down: false,
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

/// Marks as poor each tile option (valued as by [`tile_options`]) whose
/// tile a teaching line needs: a legal answer with it is "Legal, but…".
pub(crate) fn mark_poor(
    spec: &mut AnswerSpec,
    tiles: &[Tile],
    prefix: &str,
    lines: &[TeachingLine],
) {
    for (i, &t) in tiles.iter().enumerate() {
        if t.is_joker() {
            continue;
        }
        if let Some((line, group)) = group_needing(lines, t) {
            spec.poor.push(Poor {
                value: format!("{prefix}{i}"),
                line,
                group,
            });
        }
    }
}

/// The teaching lines shown above a rack, one labelled row each.
pub(crate) fn line_rows(lines: &[TeachingLine]) -> Vec<SetupRow> {
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| SetupRow {
            label: Msg::new("quiz.label.line").text("n", i + 1),
            // a quint of a tile the set holds four times shows its joker
            groups: line.drawn_groups(),
        })
        .collect()
}

/// The recommended `n` tiles of `rack` to pass (the rules module's choice:
/// none a teaching line needs, the loneliest first), or the error at `at`
/// when the rack has no clean answer.
pub(crate) fn recommended(
    rack: &[Tile],
    lines: &[TeachingLine],
    n: usize,
    at: usize,
) -> SpecResult<Vec<Tile>> {
    match recommended_pass(rack, lines, n) {
        Some(picked) => Ok(picked.into_iter().map(|i| rack[i]).collect()),
        None => {
            let spare = crate::rules::unhelpful_tiles(rack, lines);
            Err(SpecError::rule(
                at,
                format!(
                    "no clean answer: {} tile(s) of the rack help none of the teaching lines ({}), but {n} must go",
                    spare.len(),
                    if spare.is_empty() {
                        "none".to_string()
                    } else {
                        ids(&spare)
                    }
                ),
                RuleId::CleanPassHelpsNoLine,
            ))
        }
    }
}

/// Replaces the tiles an exercise reveals with the author's answer (the
/// lesson's own pass is the one shown).
pub(crate) fn reveal_authored(exercise: &mut Exercise, tiles: Vec<Tile>) {
    for part in &mut exercise.reveal {
        if let Reveal::Tiles(t) = part {
            *t = tiles;
            return;
        }
    }
    if !tiles.is_empty() {
        exercise.reveal.push(Reveal::Tiles(tiles));
    }
}

/// A joker may never be passed or offered.
pub(crate) fn joker_rule(t: Tile) -> Option<RuleId> {
    t.is_joker().then_some(RuleId::JokerNeverPassed)
}

/// Canonical tile text for fingerprints.
pub(crate) fn ids(tiles: &[Tile]) -> String {
    format_tiles(tiles)
}

// ---- author keys, checked through the exercise's answer spec ----------------

/// The "wrong answer key" error: `wrong answer key: {what} (rule {id})`.
pub(crate) fn wrong_key(at: usize, what: impl std::fmt::Display, rule: RuleId) -> SpecError {
    SpecError::rule(at, format!("wrong answer key: {what}"), rule)
}

/// Checks an author's key, given as the values the learner would choose,
/// with the exercise's own answer spec (the one the browser evaluates);
/// `why` words a wrong key from the spec's outcome.
pub(crate) fn check_key(
    exercise: &Exercise,
    at: usize,
    chosen: &[&str],
    why: impl FnOnce(Outcome) -> String,
) -> SpecResult<()> {
    let outcome = exercise.spec.evaluate(chosen);
    if outcome.ok {
        return Ok(());
    }
    Err(wrong_key(at, why(outcome), outcome.rule))
}

/// The option ids of a single-answer or order exercise.
pub(crate) fn option_ids(exercise: &Exercise) -> Vec<&str> {
    match &exercise.choices {
        Choices::Options { options, .. } | Choices::Order(options) => {
            options.iter().map(|o| o.id.as_str()).collect()
        }
        Choices::Tiles(_) => Vec::new(),
    }
}

/// The right option of a single-answer exercise.
pub(crate) fn correct_option(exercise: &Exercise) -> &str {
    match &exercise.spec.correct {
        Some(Correct::Option(o)) => o,
        _ => "",
    }
}

/// The "unknown answer" error, listing the exercise's option ids.
pub(crate) fn unknown_answer(exercise: &Exercise, key: &Located<String>) -> SpecError {
    SpecError::new(
        key.at,
        format!(
            "unknown answer \"{}\" (expected one of: {})",
            key.value,
            option_ids(exercise).join(", ")
        ),
    )
}

/// Checks the key of a single-answer kind: one of the option ids, and the
/// right one by the exercise's spec. A wrong key reads `the answer is
/// {correct}, not {given}`, followed by `: {why}` when `why` gives a reason.
pub(crate) fn check_option_key(
    exercise: &Exercise,
    key: Option<Located<String>>,
    why: impl FnOnce(Outcome) -> Option<String>,
) -> SpecResult<()> {
    let Some(key) = key else { return Ok(()) };
    let given = key.value.trim().to_ascii_lowercase();
    if !option_ids(exercise).contains(&given.as_str()) {
        return Err(unknown_answer(exercise, &key));
    }
    check_key(exercise, key.at, &[&given], |outcome| {
        let correct = correct_option(exercise);
        match why(outcome) {
            Some(why) => format!("the answer is {correct}, not {given}: {why}"),
            None => format!("the answer is {correct}, not {given}"),
        }
    })
}

/// The tile options a key names: each tile of `key` takes the first option
/// of `rows` (in order) showing that tile and not yet taken. `Err` holds the
/// key's tiles that no option shows.
pub(crate) fn key_values(rows: &[&[TileOption]], key: &[Tile]) -> Result<Vec<String>, Vec<Tile>> {
    let mut taken: Vec<&str> = Vec::new();
    let mut missing = Vec::new();
    for &tile in key {
        let free = rows
            .iter()
            .flat_map(|r| r.iter())
            .find(|o| o.tile == tile && !taken.contains(&o.value.as_str()));
        match free {
            Some(o) => taken.push(&o.value),
            None => missing.push(tile),
        }
    }
    if missing.is_empty() {
        Ok(taken.into_iter().map(str::to_string).collect())
    } else {
        Err(missing)
    }
}

/// The rows of tile options of a tile exercise.
pub(crate) fn tile_rows(exercise: &Exercise) -> Vec<&[TileOption]> {
    match &exercise.choices {
        Choices::Tiles(rows) => rows.iter().map(|(_, r)| &r[..]).collect(),
        _ => Vec::new(),
    }
}

// ---- fields shared by the kinds -------------------------------------------

/// The `lines` field: 1 to 4 teaching lines, if present; each line's
/// notation error at its place.
pub(crate) fn lines_field(f: &mut Fields<'_>) -> SpecResult<Option<Vec<TeachingLine>>> {
    let Some(lines) = f.strings("lines")? else {
        return Ok(None);
    };
    if lines.value.is_empty() || lines.value.len() > 4 {
        return Err(SpecError::new(
            lines.at,
            format!(
                "`lines` needs 1 to 4 teaching lines, not {}",
                lines.value.len()
            ),
        ));
    }
    lines
        .value
        .iter()
        .map(|text| {
            TeachingLine::parse(&text.value).map_err(|e| {
                SpecError::new(
                    text.at + e.offset,
                    format!("teaching line: {} in group \"{}\"", e.reason, e.token),
                )
            })
        })
        .collect::<SpecResult<Vec<_>>>()
        .map(Some)
}

/// An optional seat field (`seat = "east"`).
pub(crate) fn seat_field(f: &mut Fields<'_>, name: &str) -> SpecResult<Option<Seat>> {
    f.string(name)?
        .map(|s| parse_named("seat", &s, &Seat::ALL.map(Seat::as_str)))
        .transpose()
}

/// A required seat field.
pub(crate) fn required_seat(f: &mut Fields<'_>, name: &str) -> SpecResult<Seat> {
    seat_field(f, name)?.ok_or_else(|| f.missing(name))
}

/// The required `pass` field, with the offset of its value.
pub(crate) fn pass_field(f: &mut Fields<'_>) -> SpecResult<Located<PassId>> {
    let text = f.required_string("pass")?;
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

/// A required field of tiles, each with its offset.
pub(crate) fn required_tiles(
    f: &mut Fields<'_>,
    name: &str,
) -> SpecResult<Located<Vec<LocatedTile>>> {
    tiles_field(f, name)?.ok_or_else(|| f.missing(name))
}

/// The required `rack`: 13 tiles, copies within the set.
pub(crate) fn rack_field(f: &mut Fields<'_>) -> SpecResult<Vec<LocatedTile>> {
    rack(&f.required_string("rack")?)
}

/// A field of exactly three tiles (a pass's bundle), if present; a wrong
/// count reads `` `{name}` has N tiles, but a pass {verb} exactly three``.
pub(crate) fn bundle_field(
    f: &mut Fields<'_>,
    name: &str,
    verb: &str,
) -> SpecResult<Option<Located<Vec<LocatedTile>>>> {
    let Some(tiles) = tiles_field(f, name)? else {
        return Ok(None);
    };
    if tiles.value.len() != 3 {
        return Err(SpecError::rule(
            tiles.at,
            format!(
                "`{name}` has {} tiles, but a pass {verb} exactly three",
                tiles.value.len()
            ),
            RuleId::PassExactlyThree,
        ));
    }
    Ok(Some(tiles))
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
