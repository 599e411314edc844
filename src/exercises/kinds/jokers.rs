//! Kinds about jokers and tiles: can a joker complete this group, can this
//! tile redeem that joker, tile facts.

use crate::rules::generate;
use crate::rules::{
    Answer, RuleId, Tile, can_joker_complete, can_redeem, check_tile_fact, identify_joker,
};

use super::super::model::{Exercise, Msg, Reveal, SetupRow, SetupText};
use super::super::spec::{
    Fields, LocatedTile, SpecError, SpecResult, check_copies, parse_named, tiles_of,
};
use super::{
    KindDef, check_option_key, choice_exercise, ids, required_tiles, text_options, yes_no_exercise,
};

/// The kinds of this file, in documentation order.
pub const KINDS: &[KindDef] = &[JOKER_GROUP, REDEEM, TILE_FACT];

fn one_located_tile(f: &mut Fields<'_>) -> SpecResult<LocatedTile> {
    let tiles = required_tiles(f, "tile")?;
    match tiles.value.as_slice() {
        [tile] => Ok(tile.clone()),
        other => Err(SpecError::new(
            tiles.at,
            format!("`tile` is one tile, not {}", other.len()),
        )),
    }
}

// ---- can a joker complete this group --------------------------------------------

/// Longest group a `joker-group` exercise may show (to ask about the size).
const MAX_GROUP_ASKED: usize = 8;

const JOKER_GROUP: KindDef = KindDef {
    name: "joker-group",
    fields: &["group", "answer"],
    parse: parse_joker_group,
    generate: |rng| joker_group(&generate::joker_group(rng).group),
    lined: None,
};

fn parse_joker_group(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let located = required_tiles(f, "group")?;
    let group = tiles_of(&located.value);
    // 7 or 8 tiles ask about the group size (the answer is no); an empty
    // group or a longer one is a mistake, not a question.
    if group.is_empty() || group.len() > MAX_GROUP_ASKED {
        return Err(SpecError::rule(
            located.at,
            format!(
                "impossible setup: a group has 1 to 6 tiles (write 7 or 8 to ask about the size), not {}",
                group.len()
            ),
            RuleId::GroupSize,
        ));
    }
    let exercise = joker_group(&group);
    check_option_key(&exercise, f.string("answer")?, |_| None)?;
    Ok(exercise)
}

fn joker_group(group: &[Tile]) -> Exercise {
    let verdict = can_joker_complete(group);
    let mut exercise = yes_no_exercise(
        Msg::new("quiz.joker_group.question")
            .num("jokers", group.iter().filter(|t| t.is_joker()).count()),
        vec![SetupRow::one_group("quiz.label.group", group)],
        &verdict,
        &[RuleId::JokerCompletesIdenticalOnly],
        SetupText::default().with("group", ids(group)),
    );
    if verdict.rule == RuleId::GroupSize {
        exercise.reveal.push(Reveal::Text(
            Msg::new("quiz.joker_group.reveal_size").text("count", group.len()),
        ));
    }
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

const REDEEM: KindDef = KindDef {
    name: "redeem",
    fields: &["tile", "exposed", "own-turn", "discard", "answer"],
    parse: parse_redeem,
    generate: |rng| redeem(&generate::redemption(rng).into()),
    lined: None,
};

impl From<generate::Redemption> for Redeem {
    fn from(s: generate::Redemption) -> Self {
        Redeem {
            tile: s.natural,
            exposed: s.exposed,
            own_turn: s.on_own_turn,
            discard: s.from_discard,
        }
    }
}

fn parse_redeem(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let tile = one_located_tile(f)?;
    let exposed = required_tiles(f, "exposed")?;
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
    let exercise = redeem(&r);
    check_option_key(&exercise, f.string("answer")?, |_| None)?;
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
    let setup_text = SetupText::default()
        .with("tile", r.tile)
        .with("exposed", ids(&r.exposed))
        .with("own-turn", r.own_turn)
        .with("discard", r.discard);
    yes_no_exercise(
        question,
        setup,
        &verdict,
        &[RuleId::RedeemMatchingTile],
        setup_text,
    )
}

// ---- tile facts -------------------------------------------------------------------

const TILE_FACT: KindDef = KindDef {
    name: "tile-fact",
    fields: &["tile", "ask", "answer"],
    parse: parse_tile_fact,
    generate: |rng| {
        let s = generate::tile_fact(rng);
        let fact = if rng.chance(50) {
            Fact::Copies
        } else {
            Fact::IsJoker
        };
        tile_fact(s.tile, fact)
    },
    lined: None,
};

/// What a tile-fact asks (`ask = "copies"` or `"is-joker"`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fact {
    /// How many copies of the tile the set holds.
    Copies,
    /// Whether the tile is a joker.
    IsJoker,
}

impl Fact {
    const ALL: [Fact; 2] = [Fact::Copies, Fact::IsJoker];

    fn as_str(self) -> &'static str {
        match self {
            Fact::Copies => "copies",
            Fact::IsJoker => "is-joker",
        }
    }
}

impl std::str::FromStr for Fact {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        Fact::ALL.into_iter().find(|f| f.as_str() == s).ok_or(())
    }
}

const COPIES: [usize; 4] = [1, 2, 4, 8];

/// The family a copies question's feedback speaks of: `suit`, `wind`,
/// `dragon`, `flower` or `joker` (the strings select on it).
fn copies_family(tile: Tile) -> &'static str {
    use crate::rules::Family;
    match tile.family() {
        Family::Bam | Family::Crak | Family::Dot => "suit",
        Family::Wind => "wind",
        Family::Dragon => "dragon",
        Family::Flower => "flower",
        Family::Joker => "joker",
    }
}

fn parse_tile_fact(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let tile = one_located_tile(f)?.value;
    let ask = f.required_string("ask")?;
    let fact = parse_named("ask", &ask, &Fact::ALL.map(Fact::as_str))?;
    let exercise = tile_fact(tile, fact);
    check_option_key(&exercise, f.string("answer")?, |_| None)?;
    Ok(exercise)
}

fn tile_fact(tile: Tile, fact: Fact) -> Exercise {
    let setup_text = SetupText::default()
        .with("tile", tile)
        .with("ask", fact.as_str());
    let setup = vec![SetupRow::one_group("quiz.label.tile", &[tile])];
    match fact {
        Fact::Copies => {
            let verdict = check_tile_fact(tile, 0);
            let Answer::Count(n) = verdict.answer else {
                unreachable!("check_tile_fact answers a count")
            };
            let options = text_options(COPIES, |n| format!("quiz.copies.{n}"));
            // `$family` lets the guide and the explanation speak of this tile's family
            let question = Msg::new("quiz.tile_fact.question_copies")
                .key("tile", tile.name_key())
                .text("family", copies_family(tile));
            Exercise {
                setup,
                ..choice_exercise(question, options, &n.to_string(), verdict.rule, setup_text)
            }
        }
        Fact::IsJoker => yes_no_exercise(
            Msg::new("quiz.tile_fact.question_joker"),
            setup,
            &identify_joker(tile, true),
            &[],
            setup_text,
        ),
    }
}
