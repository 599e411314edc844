//! Kinds answered by choosing tiles on a rack: find the jokers, choose three
//! to pass, the blind pass, the clean pass.

use crate::rules::generate::{self, Rng};
use crate::rules::{
    PassChoice, PassId, RuleId, TeachingLine, Tile, Verdict, check_clean_pass, check_pass,
    check_rack, helps_any, identify_joker, unhelpful_tiles,
};

use super::super::answer::{AnswerSpec, AnswerType};
use super::super::model::{Choices, Exercise, Msg, Reveal, SetupRow};
use super::super::spec::{
    Fields, Located, LocatedTile, RACK_SIZE_TEXT, SpecError, SpecResult, check_copies,
    located_tiles, rack, tiles_of,
};
use super::{KindDef, forbid, ids, joker_rule, pass_field, tile_options, wrong_key};

fn rack_field(f: &mut Fields<'_>, kind: &str) -> SpecResult<Vec<LocatedTile>> {
    rack(&f.required_string("rack", kind)?)
}

/// A spec for "choose three tiles": count 3, jokers forbidden.
fn three_tiles(correct_rule: RuleId) -> AnswerSpec {
    AnswerSpec {
        count: Some(3),
        count_rule: Some(RuleId::PassExactlyThree),
        ..AnswerSpec::choose(AnswerType::Select, RuleId::PassExactlyThree, correct_rule)
    }
}

/// Why a pass verdict failed, in a few words.
fn reason(verdict: &Verdict, key: &[Tile]) -> String {
    match verdict.rule {
        RuleId::JokerNeverPassed => "a joker is never passed".into(),
        RuleId::ReceivedJokerGoesBack => "a received joker goes back; it is never forwarded".into(),
        RuleId::PassFromOwnRack => format!("{} is not on the rack", ids(key)),
        RuleId::BlindFromReceivedOnly => {
            "blind tiles must come from the three tiles being passed to you in this pass".into()
        }
        RuleId::PassExactlyThree => format!("{} tiles, but a pass is exactly three", key.len()),
        RuleId::CleanPassHelpsNoLine => match &verdict.answer {
            crate::rules::Answer::Tiles(t) => format!("{} helps a teaching line", ids(t)),
            _ => "a tile helps a teaching line".into(),
        },
        other => other.summary().to_string(),
    }
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

pub const FIND_JOKERS: KindDef = KindDef {
    name: "find-jokers",
    fields: &["rack", "answer"],
    parse: parse_find_jokers,
    generate: |rng| find_jokers(&generate::find_jokers(rng).rack.into_tiles()),
};

fn parse_find_jokers(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let located = rack_field(f, "find-jokers")?;
    let tiles = tiles_of(&located);
    if !tiles.iter().any(|t| t.is_joker()) {
        return Err(SpecError::new(
            located[0].at,
            "a find-jokers rack needs at least one joker",
        ));
    }
    if let Some(key) = f.integers("answer")? {
        check_jokers_key(&tiles, &key)?;
    }
    Ok(find_jokers(&tiles))
}

/// The key lists the jokers' positions, counted from 1.
fn check_jokers_key(tiles: &[Tile], key: &Located<Vec<Located<u64>>>) -> SpecResult<()> {
    let jokers: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i].is_joker()).collect();
    let positions = jokers
        .iter()
        .map(|i| (i + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ");
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
        let verdict = identify_joker(tiles[index - 1], true);
        if !verdict.ok {
            return Err(wrong_key(
                p.at,
                format!(
                    "tile {index} ({}) is not a joker; the jokers are tiles {positions}",
                    tiles[index - 1]
                ),
                verdict.rule,
            ));
        }
    }
    let mut given: Vec<usize> = key.value.iter().map(|p| p.value as usize - 1).collect();
    given.sort_unstable();
    given.dedup();
    if given != jokers {
        return Err(wrong_key(
            key.at,
            format!("the jokers are tiles {positions}"),
            RuleId::JokerIsMarked,
        ));
    }
    Ok(())
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
        kind: "find-jokers",
        question: Msg::new("quiz.find_jokers.question"),
        legend: Msg::new("quiz.legend.choose_all"),
        setup: Vec::new(),
        choices: Choices::Tiles(vec![(Msg::new("quiz.label.rack"), tile_options(tiles, ""))]),
        spec,
        reveal: vec![
            Reveal::Text(
                Msg::new("quiz.find_jokers.reveal").text("positions", positions.join(", ")),
            ),
            Reveal::Tiles(jokers.iter().map(|&i| tiles[i]).collect()),
        ],
        rules,
        setup_text: format!("rack={}", ids(tiles)),
    }
}

// ---- choose three to pass -----------------------------------------------------

pub const PASS: KindDef = KindDef {
    name: "pass",
    fields: &["pass", "rack", "answer"],
    parse: parse_pass,
    generate: |rng| {
        let s = generate::choose_pass(rng);
        pass(s.pass, &s.rack)
    },
};

fn parse_pass(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let pass_id = pass_field(f, "pass")?;
    let located = rack_field(f, "pass")?;
    let tiles = tiles_of(&located);
    check_passable(located[0].at, &tiles)?;
    if let Some(key) = f.string("answer")? {
        let choice = PassChoice::rack(tiles_of(&located_tiles(&key)?));
        check_pass_key(key.at, &tiles, &[], &choice, pass_id.value)?;
    }
    Ok(pass(pass_id.value, &tiles))
}

fn check_pass_key(
    at: usize,
    rack: &[Tile],
    received: &[Tile],
    choice: &PassChoice,
    pass_id: PassId,
) -> SpecResult<()> {
    let verdict = check_pass(rack, received, choice, pass_id);
    if verdict.ok {
        return Ok(());
    }
    let example = example_pass(rack, received);
    Err(wrong_key(
        at,
        format!(
            "{}; a legal answer, e.g. {}",
            reason(&verdict, &choice.tiles()),
            ids(&example.tiles())
        ),
        verdict.rule,
    ))
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
        kind: "pass",
        question: Msg::new("quiz.pass.question").key("pass", format!("pass.{pass_id}")),
        legend: Msg::new("quiz.legend.choose_three"),
        setup: Vec::new(),
        choices: Choices::Tiles(vec![(Msg::new("quiz.label.rack"), tile_options(tiles, ""))]),
        spec,
        reveal: vec![
            Reveal::Text(Msg::new("quiz.pass.reveal")),
            Reveal::Tiles(example.tiles()),
        ],
        rules,
        setup_text: format!("pass={pass_id};rack={}", ids(tiles)),
    }
}

// ---- blind pass ---------------------------------------------------------------

pub const BLIND_PASS: KindDef = KindDef {
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
    let pass_id = pass_field(f, "blind-pass")?;
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
    let rack_text = f.required_string("rack", "blind-pass")?;
    let rack_tiles = located_tiles(&rack_text)?;
    let received_text = f.required_string("received", "blind-pass")?;
    let received = located_tiles(&received_text)?;
    if received.len() != 3 {
        return Err(SpecError::rule(
            received_text.at,
            format!(
                "`received` has {} tiles, but a pass brings exactly three",
                received.len()
            ),
            RuleId::PassExactlyThree,
        ));
    }
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
    if let Some(key) = f.string_table("answer", &["rack", "blind"])? {
        let part = |name: &str| -> SpecResult<Vec<Tile>> {
            match key.value.get(name) {
                Some(text) => Ok(tiles_of(&located_tiles(text)?)),
                None => Ok(Vec::new()),
            }
        };
        let choice = PassChoice::with_blind(part("rack")?, part("blind")?);
        check_pass_key(key.at, &rack_tiles, &received, &choice, pass_id.value)?;
    }
    Ok(blind_pass(pass_id.value, &rack_tiles, &received))
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
    Exercise {
        kind: "blind-pass",
        question: Msg::new("quiz.blind_pass.question").key("pass", format!("pass.{pass_id}")),
        legend: Msg::new("quiz.legend.choose_three"),
        setup: Vec::new(),
        choices: Choices::Tiles(vec![
            (Msg::new("quiz.label.rack"), tile_options(rack_tiles, "r")),
            (Msg::new("quiz.label.received"), tile_options(received, "b")),
        ]),
        spec,
        reveal: vec![
            Reveal::Text(Msg::new("quiz.blind_pass.reveal")),
            Reveal::Tiles(example.tiles()),
        ],
        rules,
        setup_text: format!(
            "pass={pass_id};rack={};received={}",
            ids(rack_tiles),
            ids(received)
        ),
    }
}

// ---- clean pass -----------------------------------------------------------------

pub const CLEAN_PASS: KindDef = KindDef {
    name: "clean-pass",
    fields: &["rack", "lines", "answer"],
    parse: parse_clean_pass,
    generate: |rng| {
        let s = generate::clean_pass(rng);
        clean_pass(&s.rack.into_tiles(), &s.lines)
    },
};

fn parse_lines(f: &mut Fields<'_>) -> SpecResult<Vec<TeachingLine>> {
    let lines = f
        .strings("lines")?
        .ok_or_else(|| f.missing("lines", "clean-pass"))?;
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
    let located = rack_field(f, "clean-pass")?;
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
    if let Some(key) = f.string("answer")? {
        let choice = tiles_of(&located_tiles(&key)?);
        let verdict = check_clean_pass(&tiles, &lines, &choice);
        if !verdict.ok {
            return Err(wrong_key(
                key.at,
                format!(
                    "{}; a legal answer, e.g. {}",
                    reason(&verdict, &choice),
                    ids(&spare[..3])
                ),
                verdict.rule,
            ));
        }
    }
    Ok(clean_pass(&tiles, &lines))
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
    Exercise {
        kind: "clean-pass",
        question: Msg::new("quiz.clean_pass.question"),
        legend: Msg::new("quiz.legend.choose_three"),
        setup,
        choices: Choices::Tiles(vec![(Msg::new("quiz.label.rack"), tile_options(tiles, ""))]),
        spec,
        reveal: vec![
            Reveal::Text(Msg::new("quiz.clean_pass.reveal")),
            Reveal::Tiles(spare),
        ],
        rules: vec![RuleId::CleanPassHelpsNoLine, RuleId::JokerNeverPassed],
        setup_text: format!("rack={};lines={}", ids(tiles), line_text.join(" / ")),
    }
}
