//! Kinds answered by choosing tiles on a rack: find the jokers, choose three
//! to pass, the blind pass, the clean pass.

use crate::rules::generate::{self, Rng};
use crate::rules::{
    PassChoice, PassId, RuleId, TeachingLine, Tile, check_clean_pass, check_pass, check_rack,
    identify_joker, unhelpful_tiles,
};

use super::super::answer::{AnswerSpec, AnswerType, Outcome};
use super::super::model::{Choices, Exercise, Msg, Reveal, SetupText};
use super::super::spec::{
    Fields, Located, LocatedTile, RACK_SIZE_TEXT, SpecError, SpecResult, check_copies,
    located_tiles, tiles_of,
};
use super::{
    KindDef, bundle_field, check_key, exercise, forbid, ids, joker_rule, key_values, line_rows,
    lines_field, mark_poor, pass_field, rack_field, recommended, reveal_authored, tile_options,
    tile_rows, wrong_key,
};

/// The tiles among `chosen` that a teaching line needs.
fn poor_tiles(exercise: &Exercise, chosen: &[&str]) -> Vec<Tile> {
    let rows = tile_rows(exercise);
    chosen
        .iter()
        .filter(|v| exercise.spec.poor.iter().any(|p| p.value == **v))
        .filter_map(|v| rows.iter().flat_map(|r| r.iter()).find(|o| o.value == *v))
        .map(|o| o.tile)
        .collect()
}

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
        RuleId::CleanPassHelpsNoLine => match exercise.spec.poor_value(chosen) {
            Some(p) => format!(
                "legal, but {} is in group {} of teaching line {}, which keeps it",
                ids(&poor_tiles(exercise, &[p.value.as_str()])),
                p.group,
                p.line
            ),
            None => "a teaching line needs a tile of it".to_string(),
        },
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
    lined: None,
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
    fields: &["pass", "rack", "lines", "answer"],
    parse: parse_pass,
    generate: |rng| {
        let s = generate::choose_pass(rng);
        let shown = recommended(&s.rack, &[], 3, 0).unwrap_or_default();
        pass(s.pass, &s.rack, &[], shown)
    },
    lined: Some(|rng, lines| {
        let s = generate::choose_pass(rng);
        let shown = recommended(&s.rack, lines, 3, 0)?;
        Ok(pass(s.pass, &s.rack, lines, shown))
    }),
};

fn parse_pass(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let pass_id = pass_field(f)?;
    let located = rack_field(f)?;
    let tiles = tiles_of(&located);
    check_passable(located[0].at, &tiles)?;
    let lines = lines_field(f)?.unwrap_or_default();
    let shown = recommended(&tiles, &lines, 3, located[0].at)?;
    let mut exercise = pass(pass_id.value, &tiles, &lines, shown.clone());
    if let Some(key) = f.string("answer")? {
        let authored = tiles_of(&located_tiles(&key)?);
        check_tiles_key(&exercise, key.at, std::slice::from_ref(&authored), &shown)?;
        reveal_authored(&mut exercise, authored);
    }
    Ok(exercise)
}

/// The reveal's sentence of a pass: the legal criterion, and (with teaching
/// lines) that the pass shown keeps what they need (`mode`: a blind pass
/// states its own criterion).
fn pass_reveal(key: &'static str, lines: &[TeachingLine]) -> Reveal {
    if lines.is_empty() {
        return Reveal::Text(Msg::new(key));
    }
    let mode = if key == "quiz.blind_pass.reveal" {
        "blind"
    } else {
        "plain"
    };
    Reveal::Text(
        Msg::new("quiz.feedback.reveal_lines")
            .num("lines", lines.len())
            .text("mode", mode),
    )
}

/// A "choose three to pass" exercise; `shown` is the pass the answer shows
/// (the author's, or the rules module's recommended one).
fn pass(pass_id: PassId, tiles: &[Tile], lines: &[TeachingLine], shown: Vec<Tile>) -> Exercise {
    let has_joker = tiles.iter().any(|t| t.is_joker());
    let correct_rule = if !lines.is_empty() {
        RuleId::CleanPassHelpsNoLine
    } else if has_joker {
        RuleId::JokerNeverPassed
    } else {
        RuleId::PassExactlyThree
    };
    let mut spec = three_tiles(correct_rule);
    forbid(&mut spec, tiles, "", joker_rule);
    mark_poor(&mut spec, tiles, "", lines);
    debug_assert!(check_pass(tiles, &[], &PassChoice::rack(shown.clone()), pass_id).ok);
    let mut rules = vec![RuleId::JokerNeverPassed, RuleId::PassExactlyThree];
    rules.extend(look_alike_rules(tiles));
    let mut setup_text = SetupText::default()
        .with("pass", pass_id)
        .with("rack", ids(tiles));
    if !lines.is_empty() {
        rules.push(RuleId::CleanPassHelpsNoLine);
        setup_text = setup_text.with("lines", line_text(lines));
    }
    Exercise {
        setup: line_rows(lines),
        reveal: vec![pass_reveal("quiz.pass.reveal", lines), Reveal::Tiles(shown)],
        rules,
        ..exercise(
            Msg::new("quiz.pass.question").key("pass", format!("pass.{pass_id}")),
            "quiz.legend.choose_three",
            rack_choices(tiles),
            spec,
            setup_text,
        )
    }
}

fn line_text(lines: &[TeachingLine]) -> String {
    let texts: Vec<String> = lines.iter().map(ToString::to_string).collect();
    texts.join(" / ")
}

// ---- blind pass ---------------------------------------------------------------

const BLIND_PASS: KindDef = KindDef {
    name: "blind-pass",
    fields: &["pass", "rack", "received", "lines", "answer"],
    parse: parse_blind_pass,
    generate: |rng| generate_blind_pass(rng, &[]).expect("a generated rack with no lines"),
    lined: Some(generate_blind_pass),
};

fn generate_blind_pass(rng: &mut Rng, lines: &[TeachingLine]) -> SpecResult<Exercise> {
    loop {
        let s = generate::blind_pass(rng);
        let all: Vec<Tile> = s.rack.iter().chain(&s.received).copied().collect();
        if s.pass.may_be_blind() && s.received.len() == 3 && passable(&all) >= 3 {
            let shown = recommended_blind(&s.rack, &s.received, lines, 0)?;
            return Ok(blind_pass(s.pass, &s.rack, &s.received, lines, shown));
        }
    }
}

/// The recommended blind pass: rack tiles and how many unseen ones go on.
fn recommended_blind(
    rack: &[Tile],
    received: &[Tile],
    lines: &[TeachingLine],
    at: usize,
) -> SpecResult<(Vec<Tile>, usize)> {
    // A noticed joker goes back and a seen tile from the rack takes its
    // place (seed 000); the other arriving tiles may still go on blind, and
    // the example shows just that: one rack tile per joker, the rest blind.
    let jokers = received.iter().filter(|t| t.is_joker()).count();
    if jokers > 0 {
        let blind = received.len() - jokers;
        return recommended(rack, lines, 3 - blind, at).map(|t| (t, blind));
    }
    match crate::rules::recommended_blind_pass(rack, received.len(), lines) {
        Some((picked, blind)) => Ok((picked.into_iter().map(|i| rack[i]).collect(), blind)),
        None => recommended(rack, lines, 3, at).map(|t| (t, 0)),
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
    let lines = lines_field(f)?.unwrap_or_default();
    let shown = recommended_blind(&rack_tiles, &received, &lines, rack_text.at)?;
    let example = shown.clone();
    let mut exercise = blind_pass(pass_id.value, &rack_tiles, &received, &lines, shown);
    if let Some(key) = f.string_table("answer", &["rack", "blind"])? {
        let part = |name: &str| -> SpecResult<Vec<Tile>> {
            match key.value.get(name) {
                Some(text) => Ok(tiles_of(&located_tiles(text)?)),
                None => Ok(Vec::new()),
            }
        };
        let parts = [part("rack")?, part("blind")?];
        let mut example_tiles = example.0.clone();
        example_tiles.extend(received.iter().filter(|t| !t.is_joker()).take(example.1));
        check_tiles_key(&exercise, key.at, &parts, &example_tiles)?;
        set_blind_reveal(&mut exercise, parts[0].clone(), parts[1].len());
    }
    Ok(exercise)
}

/// The answer shown for a blind pass: the rack tiles, then the unseen
/// tiles passed on blind, drawn as tile backs.
fn set_blind_reveal(exercise: &mut Exercise, rack: Vec<Tile>, blind: usize) {
    exercise
        .reveal
        .retain(|r| !matches!(r, Reveal::Tiles(_) | Reveal::Backs(_)));
    let at = exercise
        .reveal
        .iter()
        .position(|r| matches!(r, Reveal::Text(m) if m.key == "quiz.unseen.reveal_joker"))
        .unwrap_or(exercise.reveal.len());
    let mut parts = Vec::new();
    if !rack.is_empty() {
        parts.push(Reveal::Tiles(rack));
    }
    if blind > 0 {
        parts.push(Reveal::Backs(blind));
    }
    exercise.reveal.splice(at..at, parts);
}

/// A blind pass as the table sees it: the received tiles are face down
/// (tile backs, "unseen tile"), except a joker the player notices among
/// them, which is shown and goes back (seed 000: take it out, return it).
fn blind_pass(
    pass_id: PassId,
    rack_tiles: &[Tile],
    received: &[Tile],
    lines: &[TeachingLine],
    shown: (Vec<Tile>, usize),
) -> Exercise {
    // A noticed joker goes back and a seen tile from the rack takes its
    // place (seed 000); the other arriving tiles may still go on blind.
    let noticed = received.iter().any(|t| t.is_joker());
    let mut spec = three_tiles(if noticed {
        RuleId::ReceivedJokerGoesBack
    } else if lines.is_empty() {
        RuleId::BlindOnlyOnLastPass
    } else {
        RuleId::CleanPassHelpsNoLine
    });
    forbid(&mut spec, rack_tiles, "r", joker_rule);
    forbid(&mut spec, received, "b", |t| {
        t.is_joker().then_some(RuleId::ReceivedJokerGoesBack)
    });
    mark_poor(&mut spec, rack_tiles, "r", lines);
    // the rule the answer panel and a sheet's key name first
    let mut rules = if noticed {
        vec![RuleId::ReceivedJokerGoesBack]
    } else {
        Vec::new()
    };
    rules.extend([
        RuleId::BlindOnlyOnLastPass,
        RuleId::BlindFromReceivedOnly,
        RuleId::JokerNeverPassed,
    ]);
    let mut unseen = tile_options(received, "b");
    for o in &mut unseen {
        o.face_down = !o.tile.is_joker();
    }
    let received_label = if noticed {
        "quiz.unseen.label_noticed"
    } else {
        "quiz.label.received"
    };
    let choices = Choices::Tiles(vec![
        (Msg::new("quiz.label.rack"), tile_options(rack_tiles, "r")),
        (Msg::new(received_label), unseen),
    ]);
    let mut setup_text = SetupText::default()
        .with("pass", pass_id)
        .with("rack", ids(rack_tiles))
        .with("received", ids(received));
    if !lines.is_empty() {
        rules.push(RuleId::CleanPassHelpsNoLine);
        setup_text = setup_text.with("lines", line_text(lines));
    }
    let mut reveal = vec![if noticed {
        Reveal::Text(Msg::new("quiz.blind_pass.reveal_noticed"))
    } else {
        pass_reveal("quiz.blind_pass.reveal", lines)
    }];
    if noticed {
        reveal.push(Reveal::Text(Msg::new("quiz.unseen.reveal_joker")));
    }
    let mut exercise = Exercise {
        setup: line_rows(lines),
        reveal,
        rules,
        ..exercise(
            Msg::new(if noticed {
                "quiz.blind_pass.question_noticed"
            } else {
                "quiz.blind_pass.question"
            })
            .key("pass", format!("pass.{pass_id}")),
            "quiz.legend.choose_three",
            choices,
            spec,
            setup_text,
        )
    };
    set_blind_reveal(&mut exercise, shown.0, shown.1);
    exercise
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
    lined: Some(|rng, lines| {
        let rack = generate::rack(rng, crate::rules::rack::RACK_SIZE).into_tiles();
        recommended(&rack, lines, 3, 0)?;
        Ok(clean_pass(&rack, lines))
    }),
};

fn parse_clean_pass(f: &mut Fields<'_>) -> SpecResult<Exercise> {
    let located = rack_field(f)?;
    let tiles = tiles_of(&located);
    let lines = lines_field(f)?.ok_or_else(|| f.missing("lines"))?;
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

/// A clean pass: the jokers may not go, and a legal pass with a tile a line
/// needs is "Legal, but…". The answer shows every tile that may go (any
/// three of them are a clean pass).
fn clean_pass(tiles: &[Tile], lines: &[TeachingLine]) -> Exercise {
    let mut spec = three_tiles(RuleId::CleanPassHelpsNoLine);
    forbid(&mut spec, tiles, "", joker_rule);
    mark_poor(&mut spec, tiles, "", lines);
    let spare = unhelpful_tiles(tiles, lines);
    debug_assert!(check_clean_pass(tiles, lines, &spare[..3]).ok);
    let setup_text = SetupText::default()
        .with("rack", ids(tiles))
        .with("lines", line_text(lines));
    Exercise {
        setup: line_rows(lines),
        reveal: vec![
            Reveal::Text(Msg::new("quiz.clean_pass.reveal").num("count", spare.len())),
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
