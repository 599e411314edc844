//! Practice sheets on paper (issue 19): a sheet's exercises, drawn from the
//! rules module's generators by [`generate`]; one right answer of each,
//! derived from its answer spec and proven by it ([`solution`]); the printed
//! form of an exercise (boxes to tick or write in, no form, no script) and
//! its entry in the answer key.

use std::collections::HashSet;
use std::fmt::Write;

use crate::html::escape;
use crate::rules::generate::{sheet_plan, sheet_rng};
use crate::rules::{RuleId, Tile};

use super::answer::{AnswerType, Correct};
use super::html;
use super::kinds::KindDef;
use super::model::{Choices, Exercise, Reveal, TileOption, short_id};
use super::words::Words;

/// Draws per exercise to find one that is not already in the series and
/// fits its [`Scope`].
const DRAWS: usize = 32;

/// What a series may draw besides its kinds: a series whose lesson never
/// speaks of the second Charleston (the first Charleston's lesson) draws
/// no exercise about it either; a blind pass with a joker noticed among the
/// arriving tiles only where the lesson has a joker arriving (never pass a
/// joker), and there every blind pass has one; a question with an `ask`
/// (a tile fact) asks what the lesson's own questions ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scope {
    pub second_charleston: bool,
    /// Whether a blind pass receives a joker: `None`, either.
    pub joker_arrives: Option<bool>,
    /// The `ask` values of the lesson's exercises (bit 0: `copies`, bit 1: `is-joker`);
    /// 0: any.
    pub asks: u8,
}

/// The `ask` values a setup may have (`tile-fact`'s facts).
const ASKS: [&str; 2] = ["copies", "is-joker"];

/// The bits of the `ask` values in a setup (`name=value;…`).
fn ask_bits(setup: &str) -> u8 {
    setup
        .split(';')
        .filter_map(|field| field.strip_prefix("ask="))
        .filter_map(|v| ASKS.iter().position(|a| *a == v))
        .fold(0, |bits, i| bits | 1 << i)
}

impl Scope {
    /// Everything (the mixed series, a lesson about the whole Charleston).
    pub const ALL: Scope = Scope {
        second_charleston: true,
        joker_arrives: None,
        asks: 0,
    };

    /// The scope of a lesson whose exercises have these setups
    /// ([`super::ExerciseRecord::setup`]).
    pub fn of_lesson<'a>(setups: impl IntoIterator<Item = &'a str> + Clone) -> Scope {
        Scope {
            second_charleston: setups.clone().into_iter().any(about_second_charleston),
            joker_arrives: Some(setups.clone().into_iter().any(joker_arrives)),
            asks: setups.into_iter().fold(0, |bits, s| bits | ask_bits(s)),
        }
    }

    /// Whether `ex` fits this scope.
    pub fn admits(&self, ex: &Exercise) -> bool {
        let setup = ex.setup_text.to_string();
        let asks = ask_bits(&setup);
        (self.asks == 0 || asks == 0 || asks & self.asks != 0)
            && (self.second_charleston || !about_second_charleston(&setup))
            && (ex.kind != "blind-pass"
                || self
                    .joker_arrives
                    .is_none_or(|j| j == joker_arrives(&setup)))
    }
}

/// Whether an exercise's setup (`name=value;…`) has a joker among the
/// tiles arriving to the player.
fn joker_arrives(setup: &str) -> bool {
    setup.split(';').any(|field| {
        field
            .strip_prefix("received=")
            .is_some_and(|v| v.split_whitespace().any(|t| t == "J"))
    })
}

/// Whether an exercise's setup (`name=value;…`) names a pass, moment or
/// order of the second Charleston (or of both Charlestons).
fn about_second_charleston(setup: &str) -> bool {
    setup.split(';').any(|field| {
        let (name, value) = field.split_once('=').unwrap_or(("", field));
        (name == "charleston" && value != "Some(1)")
            || value
                .split_whitespace()
                .any(|v| v.starts_with("second") || v == "stop")
    })
}

/// One exercise of a sheet, with its proven answer.
#[derive(Debug, Clone)]
pub struct SheetExercise {
    pub exercise: Exercise,
    /// Stable id, as on a lesson page (a short hash of the fingerprint).
    pub id: String,
    /// One right answer: the values its answer spec accepts.
    pub answer: Vec<String>,
}

impl SheetExercise {
    /// The rule the answer key gives as the reason: the one the
    /// explanation names first, else the spec's rule for a right answer.
    pub fn reason(&self) -> RuleId {
        let ex = &self.exercise;
        ex.rules.first().copied().unwrap_or(ex.spec.correct_rule)
    }
}

/// An exercise for which no answer its spec accepts was found (a bug in a
/// kind or in [`solution`]; the build reports it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unproven {
    /// 1-based position on the sheet.
    pub n: usize,
    pub kind: &'static str,
    pub setup: String,
}

/// The exercises of sheet `number` of `series`: up to `count` instances of
/// `kinds` (each kind about as often, every kind once before any twice)
/// within `scope`, none already on an earlier sheet of the series and no
/// question asked twice on the sheet (a slot whose kinds can only repeat
/// one is left out), generated from [`sheet_rng`]`(series, n)` for the
/// sheets `n` up to `number` alone, so that every language gets the same
/// ones. Each is proven: its answer is one its spec accepts.
pub fn generate(
    series: &str,
    number: u32,
    kinds: &[&'static KindDef],
    count: usize,
    scope: Scope,
) -> (Vec<SheetExercise>, Vec<Unproven>) {
    let mut seen = HashSet::new();
    for earlier in 1..number {
        draw(series, earlier, kinds, count, scope, &mut seen);
    }
    draw(series, number, kinds, count, scope, &mut seen)
}

/// Sheet `number`, leaving out the fingerprints in `seen` and adding its own.
fn draw(
    series: &str,
    number: u32,
    kinds: &[&'static KindDef],
    count: usize,
    scope: Scope,
    seen: &mut HashSet<String>,
) -> (Vec<SheetExercise>, Vec<Unproven>) {
    let mut rng = sheet_rng(series, number);
    let plan = sheet_plan(&mut rng, kinds.len(), count);
    let (mut sheet, mut unproven) = (Vec::new(), Vec::new());
    let mut asked = Vec::new();
    for &k in &plan {
        let Some(ex) = pick(&mut rng, kinds, k, scope, seen, &asked) else {
            continue;
        };
        asked.push((ex.kind, ex.question.clone()));
        let fingerprint = ex.fingerprint();
        let n = sheet.len() + unproven.len() + 1;
        match solution(&ex) {
            Some(answer) => sheet.push(SheetExercise {
                id: short_id(&fingerprint),
                exercise: ex,
                answer,
            }),
            None => unproven.push(Unproven {
                n,
                kind: ex.kind,
                setup: ex.setup_text.to_string(),
            }),
        }
        seen.insert(fingerprint);
    }
    (sheet, unproven)
}

/// At most this many exercises of one kind on a sheet: a lesson with few
/// kinds gets a shorter sheet rather than the same drill three times.
const MAX_PER_KIND: usize = 2;

/// How many of the sheet's questions so far (`asked`) are of `kind`.
fn asked_of(asked: &[(&'static str, super::model::Msg)], kind: &KindDef) -> usize {
    asked.iter().filter(|(k, _)| *k == kind.name).count()
}

/// An exercise for a sheet's slot of kind `kinds[k]` (at most
/// [`MAX_PER_KIND`] of a kind): within `scope`, its
/// question not in `asked` (the sheet's so far), and new to the series
/// (`seen`); failing that, one seen on an earlier sheet; failing that, the
/// same from the next kinds in turn; `None` when all of them only repeat a
/// question already on the sheet.
fn pick(
    rng: &mut crate::rules::generate::Rng,
    kinds: &[&'static KindDef],
    k: usize,
    scope: Scope,
    seen: &HashSet<String>,
    asked: &[(&'static str, super::model::Msg)],
) -> Option<Exercise> {
    for step in 0..kinds.len() {
        let kind = kinds[(k + step) % kinds.len()];
        if asked_of(asked, kind) >= MAX_PER_KIND {
            continue;
        }
        let mut seen_before = None;
        for _ in 0..DRAWS {
            let ex = kind.generated(rng);
            if !scope.admits(&ex) || asked.iter().any(|(_, q)| *q == ex.question) {
                continue;
            }
            if !seen.contains(&ex.fingerprint()) {
                return Some(ex);
            }
            seen_before.get_or_insert(ex);
        }
        if seen_before.is_some() {
            return seen_before;
        }
    }
    None
}

/// One right answer of `ex`, as the values the browser would send, or
/// `None` when its answer spec accepts none of the candidates: the
/// correct option or order; the exact set; else the revealed example
/// (tiles mapped to the first matching choices), else the first choices
/// that are neither forbidden nor over a limit. Every candidate must pass
/// [`super::answer::AnswerSpec::evaluate`], the algorithm `quiz.js` runs.
pub fn solution(ex: &Exercise) -> Option<Vec<String>> {
    let spec = &ex.spec;
    let candidates: Vec<Vec<String>> = match (&spec.correct, &spec.exact) {
        (Some(Correct::Option(o)), _) => vec![vec![o.clone()]],
        (Some(Correct::Sequence(s)), _) => vec![s.clone()],
        (None, Some(exact)) => vec![exact.clone()],
        (None, None) => [from_reveal(ex), Some(first_allowed(ex))]
            .into_iter()
            .flatten()
            .collect(),
    };
    candidates.into_iter().find(|a| accepts(ex, a))
}

/// Whether the answer spec of `ex` accepts `answer`.
pub fn accepts(ex: &Exercise, answer: &[String]) -> bool {
    let chosen: Vec<&str> = answer.iter().map(String::as_str).collect();
    ex.spec.evaluate(&chosen).ok
}

/// Every value the learner can choose, with its tile for tile choices.
fn values(ex: &Exercise) -> Vec<(&str, Option<Tile>)> {
    match &ex.choices {
        Choices::Tiles(rows) => rows
            .iter()
            .flat_map(|(_, r)| r.iter().map(|o| (o.value.as_str(), Some(o.tile))))
            .collect(),
        Choices::Options { options, .. } | Choices::Order(options) => {
            options.iter().map(|o| (o.id.as_str(), None)).collect()
        }
    }
}

/// The revealed answer's tiles, as the first unused matching choices
/// shown face up, then its unseen tiles (tile backs) as the first face-down
/// choices; a reveal of more tiles than the answer takes ("any three of
/// these") gives its first ones.
fn from_reveal(ex: &Exercise) -> Option<Vec<String>> {
    let mut out = reveal_values(ex)?;
    if let Some(n) = ex.spec.count {
        out.truncate(n);
    }
    Some(out)
}

/// Every tile of the revealed answer as a choice's value (see
/// [`from_reveal`]), all of them: "any three of these" lists them all.
fn reveal_values(ex: &Exercise) -> Option<Vec<String>> {
    let tiles = ex.reveal.iter().find_map(|r| match r {
        Reveal::Tiles(t) => Some(t),
        _ => None,
    })?;
    let backs = ex
        .reveal
        .iter()
        .find_map(|r| match r {
            Reveal::Backs(n) => Some(*n),
            _ => None,
        })
        .unwrap_or(0);
    let options: Vec<&TileOption> = match &ex.choices {
        Choices::Tiles(rows) => rows.iter().flat_map(|(_, r)| r.iter()).collect(),
        _ => return None,
    };
    let mut used = vec![false; options.len()];
    let mut out: Vec<String> = Vec::new();
    for &t in tiles {
        let i = (0..options.len())
            .find(|&i| !used[i] && !options[i].face_down && options[i].tile == t)?;
        used[i] = true;
        out.push(options[i].value.clone());
    }
    for _ in 0..backs {
        let i = (0..options.len()).find(|&i| !used[i] && options[i].face_down)?;
        used[i] = true;
        out.push(options[i].value.clone());
    }
    Some(out)
}

/// The first `count` values that are not forbidden and keep every limit.
fn first_allowed(ex: &Exercise) -> Vec<String> {
    let spec = &ex.spec;
    let want = spec.count.unwrap_or(0);
    let mut chosen: Vec<&str> = Vec::new();
    for (value, _) in values(ex) {
        if chosen.len() == want {
            break;
        }
        if spec.forbidden.iter().any(|(v, _)| v == value)
            || spec.poor.iter().any(|p| p.value == value)
        {
            continue;
        }
        chosen.push(value);
        if spec.limits.iter().any(|l| l.chosen_in(&chosen) > l.max) {
            chosen.pop();
        }
    }
    chosen.into_iter().map(str::to_string).collect()
}

/// The printed exercise `n` of a sheet: heading, question, setup, what to
/// do on paper, the choices with boxes, and its code (matched by the key).
pub fn exercise_html(s: &SheetExercise, n: usize, w: &Words<'_>) -> String {
    let ex = &s.exercise;
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        r#"<section class="sheet-exercise" id="ex-{n}" data-exercise-id="{id}" data-kind="{kind}" aria-labelledby="ex-{n}-h"><h2 class="sheet-exercise__title" id="ex-{n}-h">{title}</h2><p class="sheet-exercise__question">{question}</p>"#,
        id = s.id,
        kind = ex.kind,
        title = escape(&html::heading(ex, n, w)),
        question = escape(&w.msg(&ex.question)),
    );
    html::setup(&mut out, &ex.setup, w);
    let how = format!("practice.how.{}", ex.spec.answer_type.as_str());
    // The paper instruction; the screen's legend only where it says more
    // (how many tiles), not "Choose one answer" before "Check one answer only".
    let legend = match ex.spec.answer_type {
        AnswerType::Choice | AnswerType::Order | AnswerType::Multi => String::new(),
        _ => format!(
            r#"<span class="sheet-exercise__legend">{}</span> "#,
            escape(&w.msg(&ex.legend))
        ),
    };
    let _ = write!(
        out,
        r#"<p class="sheet-exercise__how">{legend}<span>{}</span></p>"#,
        escape(&w.get(&how))
    );
    match &ex.choices {
        Choices::Tiles(rows) => {
            // Short rows (a seat's three tiles) sit side by side.
            out.push_str(r#"<div class="sheet-rows">"#);
            let mut k = 0;
            for (r, (label, tiles)) in rows.iter().enumerate() {
                let _ = write!(
                    out,
                    r#"<div class="sheet-row"><p class="setup__label" id="ex-{n}-row{r}">{}</p><ol class="sheet-tiles" start="{}" aria-labelledby="ex-{n}-row{r}">"#,
                    escape(&w.msg(label)),
                    k + 1
                );
                for t in tiles {
                    k += 1;
                    let face = if t.face_down {
                        format!(
                            r#"<span class="tile tile--back" role="img" aria-label="{}"></span>"#,
                            escape(&w.get("quiz.unseen.tile"))
                        )
                    } else {
                        w.tile(t.tile).to_string()
                    };
                    let _ = write!(
                        out,
                        r#"<li class="sheet-tile">{face}<span class="sheet-tile__n" aria-hidden="true">{k}</span><span class="sheet-box" aria-hidden="true"></span></li>"#,
                    );
                }
                out.push_str("</ol></div>");
            }
            out.push_str("</div>");
        }
        Choices::Options { multi, options } => {
            let shape = if *multi { "" } else { " sheet-box--round" };
            out.push_str(r#"<ul class="sheet-options">"#);
            for o in options {
                let _ = write!(
                    out,
                    r#"<li><span class="sheet-box{shape}" aria-hidden="true"></span> {}</li>"#,
                    escape(&w.msg(&o.label))
                );
            }
            out.push_str("</ul>");
        }
        Choices::Order(items) => {
            out.push_str(r#"<ul class="sheet-options sheet-order">"#);
            for o in items {
                let _ = write!(
                    out,
                    r#"<li><span class="sheet-write" aria-hidden="true"></span> {}</li>"#,
                    escape(&w.msg(&o.label))
                );
            }
            out.push_str("</ul>");
        }
    }
    let _ = write!(
        out,
        r#"<p class="sheet-exercise__code">{}</p></section>"#,
        escape(&w.get("practice.code").replace("{code}", &s.id))
    );
    out
}

/// The answer key's entry for exercise `n`: the answer (tiles by number and
/// name, or the options' labels), the reason (the rule's one line, in the
/// page's language) and the lesson section that teaches it.
pub fn key_html(s: &SheetExercise, n: usize, w: &Words<'_>) -> String {
    let ex = &s.exercise;
    let answer = match &ex.choices {
        Choices::Tiles(rows) => {
            let all: Vec<(usize, &TileOption)> = rows
                .iter()
                .flat_map(|(_, r)| r.iter())
                .enumerate()
                .map(|(i, o)| (i + 1, o))
                .collect();
            // "Any three of these": every tile the reveal lists, not only
            // the three of the proven answer.
            let listed = reveal_values(ex)
                .filter(|all| {
                    all.len() > s.answer.len() && s.answer.iter().all(|v| all.contains(v))
                })
                .unwrap_or_else(|| s.answer.clone());
            let mut parts = Vec::new();
            for value in &listed {
                if let Some(&(k, o)) = all.iter().find(|(_, o)| &o.value == value) {
                    parts.push(if o.face_down {
                        format!(
                            r#"<span class="sheet-key__tile"><span class="tile tile--back"></span>{k}: {}</span>"#,
                            escape(&w.get("quiz.unseen.tile"))
                        )
                    } else {
                        w.shared.add_tile(o.tile);
                        format!(
                            r#"<span class="sheet-key__tile">{}{k}: {}</span>"#,
                            w.kit.tiles.decorative(o.tile),
                            escape(w.kit.tiles.name(o.tile))
                        )
                    });
                }
            }
            // Many answers are right (any legal pass): say so, with the
            // criterion, before the recommended one.
            let criterion = match (&ex.spec.exact, ex.reveal.first()) {
                (None, Some(Reveal::Text(m))) if ex.spec.count.is_some_and(|n| n > 0) => {
                    format!("{} ", escape(&w.msg(m)))
                }
                _ => String::new(),
            };
            if parts.is_empty() {
                escape(&w.get("practice.key_none")).into_owned()
            } else {
                format!("{criterion}{}", parts.join(" "))
            }
        }
        Choices::Options { options, .. } | Choices::Order(options) => {
            let labels: Vec<String> = s
                .answer
                .iter()
                .filter_map(|v| options.iter().find(|o| &o.id == v))
                .map(|o| escape(&w.msg(&o.label)).into_owned())
                .collect();
            // Several right options are joined with semicolons: a label may
            // itself hold a comma ("First Charleston, pass left").
            let sep = if matches!(ex.choices, Choices::Order(_)) {
                " → "
            } else {
                "; "
            };
            labels.join(sep)
        }
    };
    format!(
        r#"<li class="sheet-key__item" id="key-{n}" data-exercise-id="{id}" data-answer="{values}"><p class="sheet-key__answer"><strong>{label} {n}</strong> <span class="sheet-key__code">({code})</span>: {answer}</p>{reason}</li>"#,
        id = s.id,
        values = escape(&s.answer.join(" ")),
        label = escape(&w.get("quiz.exercise")),
        code = s.id,
        reason = w.kit.texts.rule_html(s.reason()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::kinds;

    #[test]
    fn every_kind_has_a_proven_answer() {
        let kinds: Vec<&'static KindDef> = kinds::all().collect();
        for number in 1..=30 {
            let (sheet, unproven) = generate("test", number, &kinds, kinds.len(), Scope::ALL);
            assert_eq!(unproven, Vec::new(), "sheet {number}");
            assert_eq!(sheet.len(), kinds.len());
            for s in &sheet {
                assert!(accepts(&s.exercise, &s.answer));
            }
        }
    }

    #[test]
    fn same_number_same_sheet_other_number_other_sheet() {
        let kinds: Vec<&'static KindDef> = kinds::all().take(4).collect();
        let ids = |n| -> Vec<String> {
            generate("tiles", n, &kinds, 6, Scope::ALL)
                .0
                .into_iter()
                .map(|s| s.id)
                .collect()
        };
        assert_eq!(ids(1), ids(1));
        assert_ne!(ids(1), ids(2));
        let one = ids(3);
        let distinct: HashSet<&String> = one.iter().collect();
        assert_eq!(distinct.len(), one.len(), "an exercise twice on a sheet");
        // nor on two sheets of a series
        let earlier: HashSet<String> = ids(1).into_iter().chain(ids(2)).collect();
        assert!(
            one.iter().all(|id| !earlier.contains(id)),
            "sheet 3 repeats sheet 1 or 2"
        );
    }

    #[test]
    fn a_first_charleston_scope_draws_nothing_about_the_second() {
        let first = Scope::of_lesson([
            "charleston=Some(1)",
            "after=first-right;seat=north",
            "pass=first-left",
        ]);
        assert!(!first.second_charleston);
        assert!(Scope::of_lesson(["pass=second-right"]).second_charleston);
        assert!(Scope::of_lesson(["charleston=None"]).second_charleston);
        assert!(Scope::of_lesson(["shown=first-left second-right"]).second_charleston);
        let kinds: Vec<&'static KindDef> =
            ["pass-direction", "pass-order", "pass-check", "stop", "pass"]
                .into_iter()
                .map(|k| kinds::find(k).unwrap())
                .collect();
        for n in 1..=6 {
            for s in generate("charleston/first-charleston", n, &kinds, 10, first).0 {
                let setup = s.exercise.setup_text.to_string();
                assert!(!about_second_charleston(&setup), "sheet {n}: {setup}");
            }
        }
    }
}
