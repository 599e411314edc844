//! Data-driven rule scenarios: runs every case of `tests/rules/spec.toml`
//! against the rules module, checks that every rule id is exercised, and that
//! `docs/rules.md` documents every rule id.

use std::collections::BTreeSet;

use serde::Deserialize;
use tilebook::rules::{
    Answer, Direction, PassChoice, PassId, RoundChoice, RuleId, Seat, Table, TableError,
    TeachingLine, Tile, Verdict, can_courtesy, can_joker_complete, can_redeem, can_stop_second,
    check_blind_claim, check_clean_pass, check_courtesy, check_courtesy_now, check_courtesy_offer,
    check_courtesy_size, check_order, check_pass, check_rack, check_received, check_receiver,
    check_seat_rack, check_tile_fact, format_tiles, identify_joker, parse_tiles,
};

const SPEC: &str = include_str!("../rules/spec.toml");
const DOCS: &str = include_str!("../../docs/rules.md");

#[derive(Debug, Deserialize)]
struct Spec {
    case: Vec<Case>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    kind: String,
    rule: String,
    ok: Option<bool>,
    answer: Option<String>,
    claim: Option<toml::Value>,
    tile: Option<String>,
    tiles: Option<String>,
    rack: Option<String>,
    racks: Option<Vec<String>>,
    /// The three tiles arriving in this same pass (blind passes).
    received: Option<String>,
    from_rack: Option<String>,
    blind: Option<String>,
    pass: Option<String>,
    phase: Option<String>,
    seat: Option<String>,
    a: Option<usize>,
    b: Option<usize>,
    offer: Option<String>,
    group: Option<String>,
    natural: Option<String>,
    exposed: Option<String>,
    own_turn: Option<bool>,
    from_discard: Option<bool>,
    lines: Option<Vec<String>>,
    line: Option<String>,
    choice: Option<String>,
    steps: Option<Vec<String>>,
}

fn tiles(text: &Option<String>) -> Vec<Tile> {
    parse_tiles(text.as_deref().unwrap_or("")).expect("valid tile notation in spec")
}

fn one_tile(text: &Option<String>) -> Tile {
    tiles(text)[0]
}

fn field<T: std::str::FromStr>(text: &Option<String>) -> T
where
    T::Err: std::fmt::Debug,
{
    text.as_deref()
        .expect("field present")
        .parse()
        .expect("valid value")
}

fn claim_bool(case: &Case) -> bool {
    case.claim
        .as_ref()
        .and_then(toml::Value::as_bool)
        .expect("bool claim")
}

fn claim_str(case: &Case) -> &str {
    case.claim
        .as_ref()
        .and_then(toml::Value::as_str)
        .expect("string claim")
}

/// Renders an answer the way spec files write it.
fn render(answer: &Answer) -> String {
    match answer {
        Answer::None => String::new(),
        Answer::Count(n) => n.to_string(),
        Answer::Bool(b) => b.to_string(),
        Answer::Tile(t) => t.id().to_string(),
        Answer::Tiles(ts) => format_tiles(ts),
        Answer::Seat(s) => s.as_str().to_string(),
        Answer::Passes(ps) => ps.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(" "),
    }
}

fn run(case: &Case) -> (Verdict, String) {
    if case.kind == "script" {
        return run_script(case);
    }
    let verdict = match case.kind.as_str() {
        "fact" => {
            let claimed = case
                .claim
                .as_ref()
                .and_then(toml::Value::as_integer)
                .expect("count");
            check_tile_fact(one_tile(&case.tile), claimed as usize)
        }
        "identify" => identify_joker(one_tile(&case.tile), claim_bool(case)),
        "rack" => check_rack(&tiles(&case.tiles)),
        "seat-rack" => check_seat_rack(field(&case.seat), &tiles(&case.tiles)),
        "deal" => run_deal(case),
        "pass" => {
            let choice = PassChoice::with_blind(tiles(&case.from_rack), tiles(&case.blind));
            check_pass(
                &tiles(&case.rack),
                &tiles(&case.received),
                &choice,
                field(&case.pass),
            )
        }
        "received" => check_received(&tiles(&case.tiles)),
        "receiver" => {
            let claimed: Seat = claim_str(case).parse().unwrap();
            check_receiver(field(&case.seat), field(&case.pass), claimed)
        }
        "order" => {
            let dirs: Vec<Direction> = claim_str(case)
                .split_whitespace()
                .map(|d| d.parse().unwrap())
                .collect();
            check_order(&dirs)
        }
        "blind-claim" => check_blind_claim(field(&case.pass), claim_bool(case)),
        "stop" => can_stop_second(field(&case.phase), field(&case.seat)),
        "courtesy-when" => can_courtesy(field(&case.phase)),
        "courtesy" => check_courtesy(case.a.unwrap(), case.b.unwrap()),
        "courtesy-size" => check_courtesy_size(case.a.unwrap()),
        "courtesy-now" => check_courtesy_now(field(&case.phase), case.a.unwrap()),
        "courtesy-offer" => check_courtesy_offer(&tiles(&case.rack), &tiles(&case.offer)),
        "group" => can_joker_complete(&tiles(&case.group)),
        "redeem" => can_redeem(
            one_tile(&case.natural),
            &tiles(&case.exposed),
            case.own_turn.unwrap(),
            case.from_discard.unwrap(),
        ),
        "clean-pass" => {
            let lines = parse_lines(case.lines.as_deref().unwrap_or_default());
            check_clean_pass(&tiles(&case.rack), &lines, &tiles(&case.choice))
        }
        "line-short" => {
            let line = TeachingLine::parse(case.line.as_deref().unwrap()).unwrap();
            let short = line.tiles_short(&tiles(&case.rack));
            Verdict::ok(rule_of(case)).with(Answer::Count(short))
        }
        other => panic!("unknown kind {other}"),
    };
    let answer = render(&verdict.answer);
    (verdict, answer)
}

fn parse_lines(lines: &[String]) -> Vec<TeachingLine> {
    lines
        .iter()
        .map(|l| TeachingLine::parse(l).unwrap())
        .collect()
}

fn rule_of(case: &Case) -> RuleId {
    RuleId::from_id(&case.rule)
        .unwrap_or_else(|| panic!("{}: unknown rule {}", case.name, case.rule))
}

fn deal(case: &Case) -> Result<Table, Verdict> {
    let racks: Vec<Vec<Tile>> = case
        .racks
        .as_ref()
        .unwrap()
        .iter()
        .map(|r| tiles(&Some(r.clone())))
        .collect();
    let racks: [Vec<Tile>; 4] = racks.try_into().expect("four racks");
    Table::deal(racks).map_err(|e| e.verdict())
}

fn run_deal(case: &Case) -> Verdict {
    match deal(case) {
        Ok(_) => Verdict::ok(RuleId::RackTileCount),
        Err(v) => v,
    }
}

/// The first `n` non-joker tiles of `tiles`, led by a joker if asked.
fn first_plain(tiles: &[Tile], n: usize, with_joker: bool) -> Vec<Tile> {
    let plain = tiles
        .iter()
        .copied()
        .filter(|t| !t.is_joker())
        .take(n - usize::from(with_joker));
    with_joker
        .then_some(Tile::JOKER)
        .into_iter()
        .chain(plain)
        .collect()
}

fn verdict_of<T>(result: Result<T, TableError>, ok: Verdict) -> Verdict {
    result.map_or_else(|e| e.verdict(), |_| ok)
}

/// Plays one round: every seat passes its first three non-jokers
/// (`joker_seat` passes a joker and two tiles).
fn round(table: &mut Table, joker_seat: Option<Seat>) -> Verdict {
    let choices = Seat::ALL.map(|s| match table.pass_view(s) {
        Some(view) => RoundChoice::rack(first_plain(&view.rack, 3, joker_seat == Some(s))),
        None => RoundChoice::default(),
    });
    verdict_of(
        table.apply_round(&choices),
        Verdict::ok(RuleId::PassExactlyThree),
    )
}

/// Plays one round in which each seat forwards `blind[seat]` incoming tiles
/// blind and passes its first `3 - k` non-jokers; the answer is every seat's
/// tile count afterwards.
fn blind_round(table: &mut Table, blind: &[usize]) -> (Verdict, String) {
    let choices = Seat::ALL.map(|s| {
        let k = blind[s.index()];
        let rack = table.rack(s);
        RoundChoice::with_blind(first_plain(rack, 3 - k.min(3), false), k)
    });
    match table.apply_round(&choices) {
        Ok(_) => {
            let counts: Vec<String> = Seat::ALL
                .iter()
                .map(|&s| table.tile_count(s).to_string())
                .collect();
            (Verdict::ok(RuleId::BlindOnlyOnLastPass), counts.join(" "))
        }
        Err(e) => {
            let verdict = e.verdict();
            let answer = render(&verdict.answer);
            (verdict, answer)
        }
    }
}

/// Plays the courtesy pass; the answer lists what each across pair exchanged.
fn courtesy(table: &mut Table, counts: &[usize]) -> (Verdict, String) {
    let offers = Seat::ALL.map(|s| first_plain(table.rack(s), counts[s.index()], false));
    match table.courtesy(&offers) {
        Ok(pairs) => {
            let rule = if pairs == [0, 0] {
                RuleId::CourtesyZeroMeansNone
            } else {
                RuleId::CourtesySmallerOffer
            };
            (Verdict::ok(rule), format!("{} {}", pairs[0], pairs[1]))
        }
        Err(e) => (e.verdict(), String::new()),
    }
}

fn script_step(table: &mut Table, step: &str) -> (Verdict, String) {
    let words: Vec<&str> = step.split_whitespace().collect();
    let plain = |v: Verdict| (v, String::new());
    match words.as_slice() {
        ["pass"] => plain(round(table, None)),
        ["joker", seat] => plain(round(table, Some(seat.parse().unwrap()))),
        ["stop", seat] => {
            let ok = Verdict::ok(RuleId::SecondCharlestonOptional);
            plain(verdict_of(table.stop_second(seat.parse().unwrap()), ok))
        }
        ["blind", counts @ ..] => {
            let counts: Vec<usize> = counts.iter().map(|c| c.parse().unwrap()).collect();
            blind_round(table, &counts)
        }
        ["courtesy?"] => plain(can_courtesy(table.phase())),
        ["courtesy", counts @ ..] => {
            let counts: Vec<usize> = counts.iter().map(|c| c.parse().unwrap()).collect();
            courtesy(table, &counts)
        }
        _ => panic!("unknown step {step}"),
    }
}

/// Deals the case's table and plays its steps, checking conservation after
/// each; the result is the last step's (or the first failing step's).
fn run_script(case: &Case) -> (Verdict, String) {
    let mut table = match deal(case) {
        Ok(t) => t,
        Err(v) => return (v, String::new()),
    };
    let at_start = table.all_tiles();
    let mut last = (Verdict::ok(RuleId::RackTileCount), String::new());
    for step in case.steps.as_ref().unwrap() {
        last = script_step(&mut table, step);
        assert_eq!(
            table.all_tiles(),
            at_start,
            "{}: tiles not conserved",
            case.name
        );
        if !last.0.ok {
            break;
        }
    }
    last
}

fn load() -> Vec<Case> {
    toml::from_str::<Spec>(SPEC).expect("spec.toml parses").case
}

#[test]
fn every_spec_case_holds() {
    let cases = load();
    let mut failures = Vec::new();
    for case in &cases {
        let (verdict, answer) = run(case);
        let want_rule = rule_of(case);
        let want_ok = case.ok.unwrap_or(true);
        let answer_ok = case.answer.as_ref().is_none_or(|a| *a == answer);
        if verdict.rule != want_rule || verdict.ok != want_ok || !answer_ok {
            failures.push(format!(
                "{}: want {} ok={} answer={:?}; got {} ok={} answer={:?}",
                case.name, want_rule, want_ok, case.answer, verdict.rule, verdict.ok, answer
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn spec_has_at_least_sixty_cases_with_unique_names() {
    let cases = load();
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    let names: BTreeSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), cases.len(), "duplicate case names");
}

#[test]
fn every_rule_is_exercised_by_the_spec() {
    let exercised: BTreeSet<RuleId> = load().iter().map(rule_of).collect();
    let missing: Vec<&str> = RuleId::ALL
        .iter()
        .filter(|r| !exercised.contains(r))
        .map(|r| r.as_str())
        .collect();
    assert!(missing.is_empty(), "rules without a spec case: {missing:?}");
}

#[test]
fn every_rule_is_documented() {
    let missing: Vec<&str> = RuleId::ALL
        .iter()
        .map(|r| r.as_str())
        .filter(|id| !DOCS.contains(&format!("`{id}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "rules missing from docs/rules.md: {missing:?}"
    );
}

#[test]
fn spec_covers_every_pass_with_a_blind_case() {
    let blind_passes: BTreeSet<PassId> = load()
        .iter()
        .filter(|c| c.kind == "pass" && c.blind.is_some())
        .map(|c| field(&c.pass))
        .collect();
    assert_eq!(blind_passes.len(), 6);
}

#[test]
fn blind_cases_use_full_racks_and_three_incoming_tiles() {
    let cases = load();
    let blind: Vec<&Case> = cases
        .iter()
        .filter(|c| c.kind == "pass" && c.blind.is_some())
        .collect();
    assert!(blind.len() >= 10);
    for case in blind {
        let rack = tiles(&case.rack).len();
        assert!(rack == 13 || rack == 14, "{}: rack of {rack}", case.name);
        assert_eq!(tiles(&case.received).len(), 3, "{}", case.name);
    }
    let joker = cases.iter().any(|c| {
        c.kind == "pass"
            && c.rule == "received-joker-goes-back"
            && tiles(&c.blind).iter().any(|t| t.is_joker())
    });
    assert!(joker, "no blind pass carrying a received joker");
    let table_blind: BTreeSet<bool> = cases
        .iter()
        .filter(|c| c.kind == "script")
        .filter(|c| c.steps.iter().flatten().any(|s| s.starts_with("blind")))
        .map(|c| c.ok.unwrap_or(true))
        .collect();
    assert_eq!(
        table_blind.len(),
        2,
        "table blind passes, legal and refused"
    );
}
