//! Property tests for the rules module: random tables played with random
//! (often illegal) pass choices conserve tiles and counts, never move a
//! joker, and reject every illegal choice with a reason.

use proptest::prelude::*;
use tilebook::rules::generate::{self, ExerciseKind, Rng};
use tilebook::rules::tile::{Counts, is_subset};
use tilebook::rules::{
    PassChoice, PassView, Phase, Rack, RuleId, Seat, Table, TeachingLine, Tile, can_joker_complete,
    check_courtesy_offer, check_pass, format_tiles, parse_tiles,
};

fn tile_strategy() -> impl Strategy<Value = Tile> {
    (0usize..36).prop_map(|i| Tile::from_index(i).unwrap())
}

/// Ways to spoil a legal choice.
#[derive(Clone, Copy, Debug)]
enum Spoil {
    None,
    AddJoker,
    DropTile,
    ExtraTile,
    BlindFromRack,
    NotHeld,
    ReceivedJoker,
}

fn spoil_strategy() -> impl Strategy<Value = Spoil> {
    prop_oneof![
        4 => Just(Spoil::None),
        1 => Just(Spoil::AddJoker),
        1 => Just(Spoil::DropTile),
        1 => Just(Spoil::ExtraTile),
        1 => Just(Spoil::BlindFromRack),
        1 => Just(Spoil::NotHeld),
        1 => Just(Spoil::ReceivedJoker),
    ]
}

/// Applies `spoil` to a legal choice (it may happen to stay legal).
fn spoil_choice(mut choice: PassChoice, view: &PassView, spoil: Spoil) -> PassChoice {
    match spoil {
        Spoil::None => {}
        Spoil::AddJoker => {
            choice.from_rack.pop();
            choice.from_rack.push(Tile::JOKER);
        }
        Spoil::DropTile => {
            choice.from_rack.pop();
        }
        Spoil::ExtraTile => choice.from_rack.extend(view.rack.first().copied()),
        Spoil::BlindFromRack => {
            if let Some(t) = choice.from_rack.pop() {
                choice.blind.push(t);
            }
        }
        Spoil::NotHeld => {
            let missing = Tile::kinds().find(|t| !view.rack.contains(t) && !t.is_joker());
            choice.from_rack.pop();
            choice.from_rack.extend(missing);
        }
        Spoil::ReceivedJoker => {
            choice.blind.pop();
            choice.blind.push(Tile::JOKER);
        }
    }
    choice
}

/// An independent statement of pass legality.
fn oracle(view: &PassView, choice: &PassChoice) -> bool {
    let no_jokers = choice.tiles().iter().all(|t| !t.is_joker());
    is_subset(&choice.from_rack, &view.rack)
        && is_subset(&choice.blind, &view.unseen)
        && no_jokers
        && (choice.blind.is_empty() || view.pass.may_be_blind())
        && choice.len() == 3
}

fn snapshot(table: &Table) -> ([usize; 4], [usize; 4]) {
    (
        Seat::ALL.map(|s| table.tile_count(s)),
        Seat::ALL.map(|s| table.jokers(s)),
    )
}

/// Plays one spoiled round, checking every invariant; then plays it legally
/// if the spoiled round was refused, so the table always advances.
fn play_round(table: &mut Table, rng: &mut Rng, spoils: [Spoil; 4]) -> Result<(), TestCaseError> {
    let views = Seat::ALL.map(|s| table.pass_view(s).unwrap());
    let legal = views.clone().map(|v| generate::legal_choice(rng, &v));
    let choices: [PassChoice; 4] =
        std::array::from_fn(|i| spoil_choice(legal[i].clone(), &views[i], spoils[i]));
    let mut all_legal = true;
    for seat in Seat::ALL {
        let (view, choice) = (&views[seat.index()], &choices[seat.index()]);
        let verdict = check_pass(&view.rack, &view.unseen, choice, view.pass);
        prop_assert_eq!(
            verdict.ok,
            oracle(view, choice),
            "{:?} {:?}",
            choice,
            verdict
        );
        prop_assert_eq!(&table.check_choice(seat, choice), &verdict);
        all_legal &= verdict.ok;
    }
    let (before, tiles) = (table.clone(), table.all_tiles());
    let counts = snapshot(table);
    match table.apply_round(&choices) {
        Ok(_) => prop_assert!(all_legal),
        Err(e) => {
            prop_assert!(!all_legal && !e.verdict().ok);
            prop_assert_eq!(&*table, &before);
            table.apply_round(&legal).expect("legal choices apply");
        }
    }
    prop_assert_eq!(table.all_tiles(), tiles);
    prop_assert_eq!(snapshot(table), counts);
    Ok(())
}

fn play_courtesy(table: &mut Table, sizes: [usize; 4], joker: bool) -> Result<(), TestCaseError> {
    let mut offers = Seat::ALL.map(|s| {
        let plain: Vec<Tile> = table
            .rack(s)
            .iter()
            .copied()
            .filter(|t| !t.is_joker())
            .collect();
        plain[..sizes[s.index()]].to_vec()
    });
    let east_has_joker = table.jokers(Seat::East) > 0;
    if joker && east_has_joker {
        offers[0].insert(0, Tile::JOKER);
        offers[0].truncate(3);
    }
    let expect_ok = !(joker && east_has_joker) && sizes.iter().all(|&n| n <= 3);
    let verdicts: Vec<bool> = Seat::ALL
        .iter()
        .map(|&s| check_courtesy_offer(table.rack(s), &offers[s.index()]).ok)
        .collect();
    prop_assert_eq!(verdicts.iter().all(|&ok| ok), expect_ok);
    let (tiles, counts) = (table.all_tiles(), snapshot(table));
    match table.courtesy(&offers) {
        Ok(pairs) => {
            prop_assert!(expect_ok);
            prop_assert_eq!(pairs[0], sizes[0].min(sizes[2]));
            prop_assert_eq!(pairs[1], sizes[1].min(sizes[3]));
            prop_assert_eq!(table.phase(), Phase::Done);
        }
        Err(e) => prop_assert!(!expect_ok && !e.verdict().ok),
    }
    prop_assert_eq!(table.all_tiles(), tiles);
    prop_assert_eq!(snapshot(table), counts);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn whole_tables_conserve_tiles_and_never_move_jokers(
        seed in any::<u64>(),
        east_14 in any::<bool>(),
        stop in prop::option::of(0usize..4),
        spoils in prop::collection::vec(prop::array::uniform4(spoil_strategy()), 6),
        sizes in prop::array::uniform4(0usize..5),
        courtesy_joker in any::<bool>(),
    ) {
        let mut rng = Rng::new(seed);
        let mut table = generate::table(&mut rng, east_14);
        let start_jokers = snapshot(&table).1;
        let mut round = 0;
        while table.phase().next_pass().is_some() {
            if table.phase() == Phase::AwaitingSecondDecision {
                if let Some(who) = stop {
                    table.stop_second(Seat::ALL[who]).expect("stop allowed");
                    break;
                }
            } else {
                prop_assert!(table.stop_second(Seat::East).is_err());
            }
            play_round(&mut table, &mut rng, spoils[round])?;
            round += 1;
        }
        prop_assert_eq!(table.phase(), Phase::Courtesy);
        prop_assert_eq!(round, if stop.is_some() { 3 } else { 6 });
        play_courtesy(&mut table, sizes, courtesy_joker)?;
        prop_assert_eq!(snapshot(&table).1, start_jokers);
        for seat in Seat::ALL {
            prop_assert!(table.unseen(seat).is_empty());
        }
    }

    #[test]
    fn notation_round_trips(tiles in prop::collection::vec(tile_strategy(), 0..20)) {
        let text = format_tiles(&tiles);
        prop_assert_eq!(parse_tiles(&text).unwrap(), tiles.clone());
        prop_assert_eq!(parse_tiles(&text.to_lowercase()).unwrap(), tiles);
    }

    #[test]
    fn racks_are_validated(tiles in prop::collection::vec(tile_strategy(), 11..17)) {
        let counts = Counts::of(&tiles);
        let copies_ok = Tile::kinds().all(|t| counts.get(t) <= t.copies_in_set());
        let size_ok = tiles.len() == 13 || tiles.len() == 14;
        match Rack::new(tiles) {
            Ok(_) => prop_assert!(copies_ok && size_ok),
            Err(e) => {
                prop_assert!(!(copies_ok && size_ok));
                let rule = e.verdict().rule;
                prop_assert!(rule == RuleId::RackTileCount || rule == RuleId::TooManyCopies);
            }
        }
    }

    #[test]
    fn illegal_passes_always_have_a_reason(
        rack in prop::collection::vec(tile_strategy(), 10..14),
        unseen in prop::collection::vec(tile_strategy(), 0..4),
        from_rack in prop::collection::vec(tile_strategy(), 0..5),
        blind in prop::collection::vec(tile_strategy(), 0..4),
        pass in prop::sample::select(tilebook::rules::PassId::ALL.to_vec()),
    ) {
        let view = PassView { pass, rack: rack.clone(), unseen: unseen.clone() };
        let choice = PassChoice::with_blind(from_rack, blind);
        let verdict = check_pass(&rack, &unseen, &choice, pass);
        prop_assert_eq!(verdict.ok, oracle(&view, &choice));
        if choice.tiles().iter().any(|t| t.is_joker()) {
            prop_assert!(!verdict.ok);
        }
    }

    #[test]
    fn jokers_only_complete_identical_groups(group in prop::collection::vec(tile_strategy(), 1..8)) {
        let verdict = can_joker_complete(&group);
        let naturals: Vec<Tile> = group.iter().copied().filter(|t| !t.is_joker()).collect();
        if verdict.ok && naturals.len() < group.len() {
            prop_assert!((3..=6).contains(&group.len()));
            prop_assert!(naturals.windows(2).all(|w| w[0] == w[1]));
            prop_assert!(naturals.first().is_none_or(|n| naturals.len() <= n.copies_in_set()));
        }
        if group.len() > 6 {
            prop_assert_eq!(verdict.rule, RuleId::GroupSize);
        }
    }

    #[test]
    fn tiles_short_is_bounded(seed in any::<u64>(), drop in 0usize..14, jokers in 0usize..4) {
        let mut rng = Rng::new(seed);
        let line = generate::teaching_line(&mut rng);
        let all = line.tiles();
        prop_assert_eq!(line.tiles_short(&all), 0);
        let mut partial = all[drop..].to_vec();
        partial.extend(std::iter::repeat_n(Tile::JOKER, jokers));
        let short = line.tiles_short(&partial);
        prop_assert!(short <= drop);
        prop_assert!(short + jokers >= drop);
        prop_assert_eq!(TeachingLine::parse(&line.to_string()).unwrap(), line);
    }

    #[test]
    fn generators_are_deterministic(seed in any::<u64>(), kind in prop::sample::select(ExerciseKind::ALL.to_vec())) {
        let a = generate::scenario(kind, &mut Rng::new(seed));
        let b = generate::scenario(kind, &mut Rng::new(seed));
        prop_assert_eq!(a, b);
        let r = generate::rack(&mut Rng::new(seed), 13);
        prop_assert_eq!(r.len(), 13);
    }
}
