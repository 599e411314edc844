//! Kinds about jokers and tiles: can a joker complete this group, can this
//! tile redeem that joker, tile facts.

use crate::rules::generate;
use crate::rules::{
    Answer, RuleId, Tile, can_joker_complete, can_redeem, check_tile_fact, identify_joker,
};

use super::super::answer::AnswerSpec;
use super::super::model::{Choices, Exercise, Msg, Reveal, SetupRow, TextOption};
use super::super::spec::{
    Fields, Located, LocatedTile, SpecError, SpecResult, check_copies, located_tiles, tiles_of,
};
use super::{KindDef, check_option_key, ids, reveal_option, yes_no, yes_no_id};

fn located_field(
    f: &mut Fields<'_>,
    name: &str,
    kind: &str,
) -> SpecResult<Located<Vec<LocatedTile>>> {
    let text = f.required_string(name, kind)?;
    Ok(Located {
        value: located_tiles(&text)?,
        at: text.at,
    })
}

fn tiles_field(f: &mut Fields<'_>, name: &str, kind: &str) -> SpecResult<Located<Vec<Tile>>> {
    let located = located_field(f, name, kind)?;
    Ok(Located {
        value: tiles_of(&located.value),
        at: located.at,
    })
}

fn one_located_tile(f: &mut Fields<'_>, kind: &str) -> SpecResult<LocatedTile> {
    let tiles = located_field(f, "tile", kind)?;
    match tiles.value.as_slice() {
        [tile] => Ok(tile.clone()),
        other => Err(SpecError::new(
            tiles.at,
            format!("`tile` is one tile, not {}", other.len()),
        )),
    }
}

fn one_tile(f: &mut Fields<'_>, kind: &str) -> SpecResult<Tile> {
    Ok(one_located_tile(f, kind)?.value)
}

/// A yes/no exercise with setup rows.
fn yes_no_exercise(
    kind: &'static str,
    question: Msg,
    setup: Vec<SetupRow>,
    yes: bool,
    rule: RuleId,
) -> Exercise {
    let options = yes_no();
    let correct = yes_no_id(yes);
    Exercise {
        kind,
        question,
        legend: Msg::new("quiz.legend.choose_one"),
        setup,
        reveal: reveal_option(&options, correct),
        choices: Choices::Options {
            multi: false,
            options,
        },
        spec: AnswerSpec::choice(correct, rule, rule),
        rules: vec![rule],
        setup_text: String::new(),
    }
}

// ---- can a joker complete this group --------------------------------------------

/// Longest group a `joker-group` exercise may show (to ask about the size).
const MAX_GROUP_ASKED: usize = 8;

pub const JOKER_GROUP: KindDef = KindDef {
    name: "joker-group",
    fields: &["group", "answer"],
    parse: parse_joker_group,
    generate: |rng| joker_group(&generate::joker_group(rng).group),
};

fn parse_joker_group(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let group = tiles_field(f, "group", "joker-group")?;
    let verdict = can_joker_complete(&group.value);
    // 7 or 8 tiles ask about the group size (the answer is no); an empty
    // group or a longer one is a mistake, not a question.
    if group.value.is_empty() || group.value.len() > MAX_GROUP_ASKED {
        return Err(SpecError::rule(
            group.at,
            format!(
                "impossible setup: a group has 1 to 6 tiles (write 7 or 8 to ask about the size), not {}",
                group.value.len()
            ),
            RuleId::GroupSize,
        ));
    }
    let exercise = joker_group(&group.value);
    check_key(f, &exercise, yes_no_id(verdict.ok), verdict.rule)?;
    Ok(exercise)
}

fn check_key(
    f: &mut Fields<'_>,
    exercise: &Exercise,
    correct: &str,
    rule: RuleId,
) -> SpecResult<()> {
    let Choices::Options { options, .. } = &exercise.choices else {
        unreachable!("choice exercise")
    };
    check_option_key(f.string("answer")?, options, correct, rule)
}

fn joker_group(group: &[Tile]) -> Exercise {
    let verdict = can_joker_complete(group);
    let mut exercise = yes_no_exercise(
        "joker-group",
        Msg::new("quiz.joker_group.question"),
        vec![SetupRow::one_group("quiz.label.group", group)],
        verdict.ok,
        verdict.rule,
    );
    if verdict.rule != RuleId::JokerCompletesIdenticalOnly {
        exercise.rules.push(RuleId::JokerCompletesIdenticalOnly);
    }
    if verdict.rule == RuleId::GroupSize {
        exercise.reveal.push(Reveal::Text(
            Msg::new("quiz.joker_group.reveal_size").text("count", group.len()),
        ));
    }
    exercise.setup_text = format!("group={}", ids(group));
    exercise
}

// ---- redemption -------------------------------------------------------------------

/// A redemption situation.
struct Redeem {
    tile: Tile,
    exposed: Vec<Tile>,
    own_turn: bool,
    discard: bool,
}

pub const REDEEM: KindDef = KindDef {
    name: "redeem",
    fields: &["tile", "exposed", "own-turn", "discard", "answer"],
    parse: parse_redeem,
    generate: |rng| {
        let s = generate::redemption(rng);
        redeem(&Redeem {
            tile: s.natural,
            exposed: s.exposed,
            own_turn: s.on_own_turn,
            discard: s.from_discard,
        })
    },
};

fn parse_redeem(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let tile = one_located_tile(f, "redeem")?;
    let exposed = located_field(f, "exposed", "redeem")?;
    if exposed.value.is_empty() || exposed.value.len() > 6 {
        return Err(SpecError::rule(
            exposed.at,
            format!(
                "impossible setup: a group has 1 to 6 tiles, not {}",
                exposed.value.len()
            ),
            RuleId::GroupSize,
        ));
    }
    // The exposure and the offered tile are on one table: together they hold
    // no tile more often than the set does (no fifth 5D).
    let table: Vec<LocatedTile> = exposed.value.iter().chain([&tile]).cloned().collect();
    check_copies(&table)?;
    let r = Redeem {
        tile: tile.value,
        exposed: tiles_of(&exposed.value),
        own_turn: f.boolean("own-turn")?.is_none_or(|b| b.value),
        discard: f.boolean("discard")?.is_some_and(|b| b.value),
    };
    let verdict = can_redeem(r.tile, &r.exposed, r.own_turn, r.discard);
    let exercise = redeem(&r);
    check_key(f, &exercise, yes_no_id(verdict.ok), verdict.rule)?;
    Ok(exercise)
}

fn redeem(r: &Redeem) -> Exercise {
    let verdict = can_redeem(r.tile, &r.exposed, r.own_turn, r.discard);
    let turn = if r.own_turn { "own_turn" } else { "other_turn" };
    let source = if r.discard {
        "from_discard"
    } else {
        "from_rack"
    };
    let question = Msg::new("quiz.redeem.question")
        .key("turn", format!("quiz.redeem.{turn}"))
        .key("source", format!("quiz.redeem.{source}"));
    let setup = vec![
        SetupRow::one_group("quiz.label.exposed", &r.exposed),
        SetupRow::one_group("quiz.label.tile", &[r.tile]),
    ];
    let mut exercise = yes_no_exercise("redeem", question, setup, verdict.ok, verdict.rule);
    if verdict.rule != RuleId::RedeemMatchingTile {
        exercise.rules.push(RuleId::RedeemMatchingTile);
    }
    exercise.setup_text = format!(
        "tile={};exposed={};own-turn={};discard={}",
        r.tile,
        ids(&r.exposed),
        r.own_turn,
        r.discard
    );
    exercise
}

// ---- tile facts -------------------------------------------------------------------

pub const TILE_FACT: KindDef = KindDef {
    name: "tile-fact",
    fields: &["tile", "ask", "answer"],
    parse: parse_tile_fact,
    generate: |rng| {
        let s = generate::tile_fact(rng);
        let copies = rng.chance(50);
        tile_fact(s.tile, copies)
    },
};

const COPIES: [usize; 4] = [1, 2, 4, 8];

fn parse_tile_fact(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let tile = one_tile(f, "tile-fact")?;
    let ask = f.required_string("ask", "tile-fact")?;
    let copies = match ask.value.as_str() {
        "copies" => true,
        "is-joker" => false,
        other => {
            return Err(SpecError::new(
                ask.at,
                format!("unknown ask \"{other}\" (expected one of: copies, is-joker)"),
            ));
        }
    };
    let exercise = tile_fact(tile, copies);
    let (correct, rule) = fact_answer(tile, copies);
    check_key(f, &exercise, &correct, rule)?;
    Ok(exercise)
}

/// The right option id and the rule, from the rules module.
fn fact_answer(tile: Tile, copies: bool) -> (String, RuleId) {
    if copies {
        let verdict = check_tile_fact(tile, 0);
        let Answer::Count(n) = verdict.answer else {
            unreachable!("check_tile_fact answers a count")
        };
        (n.to_string(), verdict.rule)
    } else {
        let verdict = identify_joker(tile, true);
        (yes_no_id(verdict.ok).to_string(), verdict.rule)
    }
}

fn tile_fact(tile: Tile, copies: bool) -> Exercise {
    let (correct, rule) = fact_answer(tile, copies);
    let setup = vec![SetupRow::one_group("quiz.label.tile", &[tile])];
    let mut exercise = if copies {
        let options: Vec<TextOption> = COPIES
            .into_iter()
            .map(|n| TextOption {
                id: n.to_string(),
                label: Msg::new(format!("quiz.copies.{n}")),
            })
            .collect();
        Exercise {
            reveal: reveal_option(&options, &correct),
            choices: Choices::Options {
                multi: false,
                options,
            },
            spec: AnswerSpec::choice(&correct, rule, rule),
            ..yes_no_exercise(
                "tile-fact",
                Msg::new("quiz.tile_fact.question_copies").key("tile", tile.name_key()),
                setup,
                true,
                rule,
            )
        }
    } else {
        yes_no_exercise(
            "tile-fact",
            Msg::new("quiz.tile_fact.question_joker"),
            setup,
            correct == "yes",
            rule,
        )
    };
    let ask = if copies { "copies" } else { "is-joker" };
    exercise.setup_text = format!("tile={tile};ask={ask}");
    exercise
}
