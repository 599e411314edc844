//! Kinds answered by choosing tiles on a rack: find the jokers, choose three
//! to pass, the blind pass, the clean pass.

use crate::rules::generate::{self, Rng};
use crate::rules::{
    PassChoice, PassId, RuleId, TeachingLine, Tile, check_clean_pass, check_pass, check_rack,
    helps_any, identify_joker, unhelpful_tiles,
};

use super::super::answer::{AnswerSpec, AnswerType, Outcome};
use super::super::model::{Choices, Exercise, Msg, Reveal, SetupRow, SetupText};
use super::super::spec::{
    Fields, Located, LocatedTile, RACK_SIZE_TEXT, SpecError, SpecResult, check_copies,
    located_tiles, tiles_of,
};
use super::{
    KindDef, bundle_field, check_key, exercise, forbid, forbidden_tiles, ids, joker_rule,
    key_values, pass_field, rack_field, tile_options, tile_rows, wrong_key,
};

/// The kinds of this file, in documentation order.
pub const KINDS: &[KindDef] = &[FIND_JOKERS, PASS, BLIND_PASS, CLEAN_PASS];

/// A spec for "choose three tiles": count 3, jokers forbidden.
fn three_tiles(correct_rule: RuleId) -> AnswerSpec {
    AnswerSpec {
        count: Some(3),
        count_rule: Some(RuleId::PassExactlyThree),
        ..AnswerSpec::choose(AnswerType::Select, RuleId::PassExactlyThree, correct_rule)
    }
}

/// Why a chosen pass is wrong, in a few words: `outcome` is the spec's,
/// `chosen` the values chosen.
fn reason(exercise: &Exercise, outcome: Outcome, chosen: &[&str]) -> String {
    match outcome.rule {
        RuleId::JokerNeverPassed => "a joker is never passed".into(),
        RuleId::ReceivedJokerGoesBack => "a received joker goes back; it is never forwarded".into(),
        RuleId::PassExactlyThree => {
            format!("{} tiles, but a pass is exactly three", chosen.len())
        }
        RuleId::CleanPassHelpsNoLine => format!(
            "{} helps a teaching line",
            ids(&forbidden_tiles(exercise, chosen, outcome.rule))
        ),
        other => other.summary().to_string(),
    }
}

/// Checks a key of tiles with the exercise's spec: `parts[i]` are the
/// tiles picked from its tile row `i` (the rack; the received tiles). A
/// wrong key names a legal `example`.
fn check_tiles_key(
    exercise: &Exercise,
    at: usize,
    parts: &[Vec<Tile>],
    example: &[Tile],
) -> SpecResult<()> {
    let rows = tile_rows(exercise);
    let mut chosen = Vec::new();
    for (row, tiles) in parts.iter().enumerate() {
        let missing = match key_values(&rows[row..=row], tiles) {
            Ok(values) => {
                chosen.extend(values);
                continue;
            }
            Err(missing) => missing,
        };
        let (why, rule) = if row == 0 {
            let why = format!("{} is not on the rack", ids(&missing));
            (why, RuleId::PassFromOwnRack)
        } else {
            let why = "blind tiles must come from the three tiles being passed to you in this pass";
            (why.to_string(), RuleId::BlindFromReceivedOnly)
        };
        return Err(wrong_key(
            at,
            format!("{why}; a legal answer, e.g. {}", ids(example)),
            rule,
        ));
    }
    let chosen: Vec<&str> = chosen.iter().map(String::as_str).collect();
    check_key(exercise, at, &chosen, |outcome| {
        format!(
            "{}; a legal answer, e.g. {}",
            reason(exercise, outcome, &chosen),
            ids(example)
        )
    })
}

/// The look-alikes on a rack, whose rules the explanation adds.
fn look_alike_rules(tiles: &[Tile]) -> Vec<RuleId> {
    let mut out = Vec::new();
    if tiles.iter().any(|t| t.is_flower()) {
        out.push(RuleId::FlowerIsNotJoker);
    }
    if tiles.iter().any(|t| t.is_soap()) {
        out.push(RuleId::SoapIsNotJoker);
    }
    out
}

fn passable(tiles: &[Tile]) -> usize {
    tiles.iter().filter(|t| !t.is_joker()).count()
}

fn check_passable(at: usize, tiles: &[Tile]) -> SpecResult<()> {
    let n = passable(tiles);
    if n < 3 {
        return Err(SpecError::rule(
            at,
            format!(
                "impossible setup: only {n} tiles can be passed (never a joker), a pass needs three"
            ),
            RuleId::JokerNeverPassed,
        ));
    }
    Ok(())
}

// ---- find the jokers --------------------------------------------------------

const FIND_JOKERS: KindDef = KindDef {
    name: "find-jokers",
    fields: &["rack", "answer"],
    parse: parse_find_jokers,
    generate: |rng| find_jokers(&generate::find_jokers(rng).rack.into_tiles()),
};

fn parse_find_jokers(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let located = rack_field(f)?;
    let tiles = tiles_of(&located);
    if !tiles.iter().any(|t| t.is_joker()) {
        return Err(SpecError::new(
            located[0].at,
            "a find-jokers rack needs at least one joker",
        ));
    }
    let exercise = find_jokers(&tiles);
    if let Some(key) = f.integers("answer")? {
        check_jokers_key(&exercise, &tiles, &key)?;
    }
    Ok(exercise)
}

/// The key lists the jokers' positions, counted from 1.
fn check_jokers_key(
    exercise: &Exercise,
    tiles: &[Tile],
    key: &Located<Vec<Located<u64>>>,
) -> SpecResult<()> {
    let mut chosen: Vec<String> = Vec::new();
    for p in &key.value {
        let index = p.value as usize;
        if index == 0 || index > tiles.len() {
            return Err(SpecError::new(
                p.at,
                format!(
                    "no tile {index} on a rack of {} (count from 1)",
                    tiles.len()
                ),
            ));
        }
        let value = (index - 1).to_string();
        if !chosen.contains(&value) {
            chosen.push(value);
        }
    }
    let chosen: Vec<&str> = chosen.iter().map(String::as_str).collect();
    let positions = exercise
        .spec
        .exact
        .iter()
        .flatten()
        .map(|i| i.parse::<usize>().map_or(0, |i| i + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ");
    // A position that is no joker is named at its own place in the key.
    let not_joker = chosen
        .iter()
        .position(|v| exercise.spec.forbidden.iter().any(|(f, _)| f == v));
    let at = not_joker.map_or(key.at, |i| key.value[i].at);
    check_key(exercise, at, &chosen, |_| match not_joker {
        Some(i) => {
            let index = key.value[i].value as usize;
            format!(
                "tile {index} ({}) is not a joker; the jokers are tiles {positions}",
                tiles[index - 1]
            )
        }
        None => format!("the jokers are tiles {positions}"),
    })
}

fn find_jokers(tiles: &[Tile]) -> Exercise {
    let mut spec = AnswerSpec::choose(
        AnswerType::Select,
        RuleId::JokerIsMarked,
        RuleId::JokerIsMarked,
    );
    forbid(&mut spec, tiles, "", |t| {
        let v = identify_joker(t, true);
        (!v.ok).then_some(v.rule)
    });
    let jokers: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i].is_joker()).collect();
    spec.exact = Some(jokers.iter().map(usize::to_string).collect());
    let positions: Vec<String> = jokers.iter().map(|i| (i + 1).to_string()).collect();
    let mut rules = vec![RuleId::JokerIsMarked];
    rules.extend(look_alike_rules(tiles));
    Exercise {
        reveal: vec![
            Reveal::Text(
                Msg::new("quiz.find_jokers.reveal")
                    .num("count", positions.len())
                    .list("positions", positions),
            ),
            Reveal::Tiles(jokers.iter().map(|&i| tiles[i]).collect()),
        ],
        rules,
        ..exercise(
            Msg::new("quiz.find_jokers.question"),
            "quiz.legend.choose_all",
            rack_choices(tiles),
            spec,
            SetupText::default().with("rack", ids(tiles)),
        )
    }
}

/// The rack's tiles as checkboxes, valued by position.
fn rack_choices(tiles: &[Tile]) -> Choices {
    Choices::Tiles(vec![(Msg::new("quiz.label.rack"), tile_options(tiles, ""))])
}

// ---- choose three to pass -----------------------------------------------------

const PASS: KindDef = KindDef {
    name: "pass",
    fields: &["pass", "rack", "answer"],
    parse: parse_pass,
    generate: |rng| {
        let s = generate::choose_pass(rng);
        pass(s.pass, &s.rack)
    },
};

fn parse_pass(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let pass_id = pass_field(f)?;
    let located = rack_field(f)?;
    let tiles = tiles_of(&located);
    check_passable(located[0].at, &tiles)?;
    let exercise = pass(pass_id.value, &tiles);
    if let Some(key) = f.string("answer")? {
        let parts = [tiles_of(&located_tiles(&key)?)];
        let example = example_pass(&tiles, &[]).tiles();
        check_tiles_key(&exercise, key.at, &parts, &example)?;
    }
    Ok(exercise)
}

/// One legal pass: the first non-joker rack tiles, then received ones.
fn example_pass(rack: &[Tile], received: &[Tile]) -> PassChoice {
    let from_rack: Vec<Tile> = rack
        .iter()
        .copied()
        .filter(|t| !t.is_joker())
        .take(3)
        .collect();
    let blind: Vec<Tile> = received
        .iter()
        .copied()
        .filter(|t| !t.is_joker())
        .take(3 - from_rack.len())
        .collect();
    PassChoice::with_blind(from_rack, blind)
}

fn pass(pass_id: PassId, tiles: &[Tile]) -> Exercise {
    let has_joker = tiles.iter().any(|t| t.is_joker());
    let correct_rule = if has_joker {
        RuleId::JokerNeverPassed
    } else {
        RuleId::PassExactlyThree
    };
    let mut spec = three_tiles(correct_rule);
    forbid(&mut spec, tiles, "", joker_rule);
    let example = example_pass(tiles, &[]);
    debug_assert!(check_pass(tiles, &[], &example, pass_id).ok);
    let mut rules = vec![RuleId::JokerNeverPassed, RuleId::PassExactlyThree];
    rules.extend(look_alike_rules(tiles));
    Exercise {
        reveal: vec![
            Reveal::Text(Msg::new("quiz.pass.reveal")),
            Reveal::Tiles(example.tiles()),
        ],
        rules,
        ..exercise(
            Msg::new("quiz.pass.question").key("pass", format!("pass.{pass_id}")),
            "quiz.legend.choose_three",
            rack_choices(tiles),
            spec,
            SetupText::default()
                .with("pass", pass_id)
                .with("rack", ids(tiles)),
        )
    }
}

// ---- blind pass ---------------------------------------------------------------

const BLIND_PASS: KindDef = KindDef {
    name: "blind-pass",
    fields: &["pass", "rack", "received", "answer"],
    parse: parse_blind_pass,
    generate: generate_blind_pass,
};

fn generate_blind_pass(rng: &mut Rng) -> Exercise {
    loop {
        let s = generate::blind_pass(rng);
        let all: Vec<Tile> = s.rack.iter().chain(&s.received).copied().collect();
        if s.pass.may_be_blind() && s.received.len() == 3 && passable(&all) >= 3 {
            return blind_pass(s.pass, &s.rack, &s.received);
        }
    }
}

fn parse_blind_pass(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let pass_id = pass_field(f)?;
    let claim = crate::rules::check_blind_claim(pass_id.value, true);
    if !claim.ok {
        return Err(SpecError::rule(
            pass_id.at,
            format!(
                "impossible setup: no blind pass on {}; blind passing is allowed only on first-left and second-right",
                pass_id.value
            ),
            claim.rule,
        ));
    }
    let rack_text = f.required_string("rack")?;
    let rack_tiles = located_tiles(&rack_text)?;
    let received = bundle_field(f, "received", "brings")?
        .ok_or_else(|| f.missing("received"))?
        .value;
    let all: Vec<LocatedTile> = rack_tiles.iter().chain(&received).cloned().collect();
    check_copies(&all)?;
    let verdict = check_rack(&tiles_of(&rack_tiles));
    if !verdict.ok {
        return Err(SpecError::rule(
            rack_text.at,
            format!(
                "wrong rack size: {} tiles on the rack; the rack is the full rack ({RACK_SIZE_TEXT}), and `received` the three tiles being passed to it in this pass",
                rack_tiles.len()
            ),
            verdict.rule,
        ));
    }
    let (rack_tiles, received) = (tiles_of(&rack_tiles), tiles_of(&received));
    check_passable(rack_text.at, &tiles_of(&all))?;
    let exercise = blind_pass(pass_id.value, &rack_tiles, &received);
    if let Some(key) = f.string_table("answer", &["rack", "blind"])? {
        let part = |name: &str| -> SpecResult<Vec<Tile>> {
            match key.value.get(name) {
                Some(text) => Ok(tiles_of(&located_tiles(text)?)),
                None => Ok(Vec::new()),
            }
        };
        let parts = [part("rack")?, part("blind")?];
        let example = example_pass(&rack_tiles, &received).tiles();
        check_tiles_key(&exercise, key.at, &parts, &example)?;
    }
    Ok(exercise)
}

fn blind_pass(pass_id: PassId, rack_tiles: &[Tile], received: &[Tile]) -> Exercise {
    let mut spec = three_tiles(RuleId::BlindOnlyOnLastPass);
    forbid(&mut spec, rack_tiles, "r", joker_rule);
    forbid(&mut spec, received, "b", |t| {
        t.is_joker().then_some(RuleId::ReceivedJokerGoesBack)
    });
    let example = example_pass(rack_tiles, received);
    debug_assert!(check_pass(rack_tiles, received, &example, pass_id).ok);
    let mut rules = vec![
        RuleId::BlindOnlyOnLastPass,
        RuleId::BlindFromReceivedOnly,
        RuleId::JokerNeverPassed,
    ];
    if received.iter().any(|t| t.is_joker()) {
        rules.push(RuleId::ReceivedJokerGoesBack);
    }
    let choices = Choices::Tiles(vec![
        (Msg::new("quiz.label.rack"), tile_options(rack_tiles, "r")),
        (Msg::new("quiz.label.received"), tile_options(received, "b")),
    ]);
    let setup_text = SetupText::default()
        .with("pass", pass_id)
        .with("rack", ids(rack_tiles))
        .with("received", ids(received));
    Exercise {
        reveal: vec![
            Reveal::Text(Msg::new("quiz.blind_pass.reveal")),
            Reveal::Tiles(example.tiles()),
        ],
        rules,
        ..exercise(
            Msg::new("quiz.blind_pass.question").key("pass", format!("pass.{pass_id}")),
            "quiz.legend.choose_three",
            choices,
            spec,
            setup_text,
        )
    }
}

// ---- clean pass -----------------------------------------------------------------

const CLEAN_PASS: KindDef = KindDef {
    name: "clean-pass",
    fields: &["rack", "lines", "answer"],
    parse: parse_clean_pass,
    generate: |rng| {
        let s = generate::clean_pass(rng);
        clean_pass(&s.rack.into_tiles(), &s.lines)
    },
};

fn parse_lines(f: &mut Fields<'_>) -> SpecResult<Vec<TeachingLine>> {
    let lines = f.strings("lines")?.ok_or_else(|| f.missing("lines"))?;
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
        .collect()
}

fn parse_clean_pass(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let located = rack_field(f)?;
    let tiles = tiles_of(&located);
    let lines = parse_lines(f)?;
    let spare = unhelpful_tiles(&tiles, &lines);
    if spare.len() < 3 {
        return Err(SpecError::rule(
            located[0].at,
            format!(
                "impossible setup: only {} tile(s) help none of the lines ({}); a clean pass needs three",
                spare.len(),
                ids(&spare)
            ),
            RuleId::CleanPassHelpsNoLine,
        ));
    }
    let exercise = clean_pass(&tiles, &lines);
    if let Some(key) = f.string("answer")? {
        let parts = [tiles_of(&located_tiles(&key)?)];
        check_tiles_key(&exercise, key.at, &parts, &spare[..3])?;
    }
    Ok(exercise)
}

fn clean_pass(tiles: &[Tile], lines: &[TeachingLine]) -> Exercise {
    let mut spec = three_tiles(RuleId::CleanPassHelpsNoLine);
    forbid(&mut spec, tiles, "", |t| {
        if t.is_joker() {
            Some(RuleId::JokerNeverPassed)
        } else {
            helps_any(lines, t).then_some(RuleId::CleanPassHelpsNoLine)
        }
    });
    let spare = unhelpful_tiles(tiles, lines);
    debug_assert!(check_clean_pass(tiles, lines, &spare[..3]).ok);
    let setup = lines
        .iter()
        .enumerate()
        .map(|(i, line)| SetupRow {
            label: Msg::new("quiz.label.line").text("n", i + 1),
            groups: line.groups().iter().map(|g| g.tiles().to_vec()).collect(),
        })
        .collect();
    let line_text: Vec<String> = lines.iter().map(ToString::to_string).collect();
    let setup_text = SetupText::default()
        .with("rack", ids(tiles))
        .with("lines", line_text.join(" / "));
    Exercise {
        setup,
        reveal: vec![
            Reveal::Text(Msg::new("quiz.clean_pass.reveal")),
            Reveal::Tiles(spare),
        ],
        rules: vec![RuleId::CleanPassHelpsNoLine, RuleId::JokerNeverPassed],
        ..exercise(
            Msg::new("quiz.clean_pass.question"),
            "quiz.legend.choose_three",
            rack_choices(tiles),
            spec,
            setup_text,
        )
    }
}
