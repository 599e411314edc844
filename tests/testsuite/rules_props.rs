//! Property tests for the rules module: random tables played with random
//! (often illegal) pass choices — including blind passes on the last pass of
//! each Charleston, which forward tiles of the incoming bundle of the same
//! pass — conserve tiles and counts, never move a joker, and reject every
//! illegal choice (and every stuck round of blind passes) with a reason.

use proptest::prelude::*;
use tilebook::rules::generate::{self, ExerciseKind, Rng};
use tilebook::rules::tile::{Counts, is_subset, remove_tiles};
use tilebook::rules::{
    PassChoice, PassView, Phase, Rack, RoundChoice, RuleId, Seat, Table, TableError, TeachingLine,
    Tile, can_joker_complete, check_courtesy_offer, check_pass, check_round_choice,
    check_seat_rack, format_tiles, giver_to, parse_tiles,
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
    RackTileAsBlind,
    NotHeld,
    FourBlind,
}

fn spoil_strategy() -> impl Strategy<Value = Spoil> {
    prop_oneof![
        24 => Just(Spoil::None),
        1 => Just(Spoil::AddJoker),
        1 => Just(Spoil::DropTile),
        1 => Just(Spoil::ExtraTile),
        1 => Just(Spoil::RackTileAsBlind),
        1 => Just(Spoil::NotHeld),
        1 => Just(Spoil::FourBlind),
    ]
}

/// Blind tiles a seat forwards on a last pass (often all three, so that
/// stuck rounds of blind passes come up).
fn blind_strategy() -> impl Strategy<Value = usize> {
    prop_oneof![2 => Just(0usize), 1 => Just(1), 1 => Just(2), 4 => Just(3)]
}

/// Applies `spoil` to a legal choice (it may happen to stay legal).
fn spoil_choice(mut choice: RoundChoice, view: &PassView, spoil: Spoil) -> RoundChoice {
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
        Spoil::RackTileAsBlind => {
            if choice.from_rack.pop().is_some() {
                choice.blind += 1;
            }
        }
        Spoil::NotHeld => {
            let missing = Tile::kinds().find(|t| !view.rack.contains(t) && !t.is_joker());
            choice.from_rack.pop();
            choice.from_rack.extend(missing);
        }
        Spoil::FourBlind => choice.blind = 4,
    }
    choice
}

/// An independent statement of one seat's legality at the table.
fn round_oracle(view: &PassView, choice: &RoundChoice) -> bool {
    is_subset(&choice.from_rack, &view.rack)
        && choice.from_rack.iter().all(|t| !t.is_joker())
        && choice.blind <= 3
        && (choice.blind == 0 || view.pass.may_be_blind())
        && choice.len() == 3
}

/// An independent statement of single-seat pass legality.
fn oracle(
    rack: &[Tile],
    received: &[Tile],
    pass: tilebook::rules::PassId,
    choice: &PassChoice,
) -> bool {
    let no_jokers = choice.tiles().iter().all(|t| !t.is_joker());
    is_subset(&choice.from_rack, rack)
        && is_subset(&choice.blind, received)
        && no_jokers
        && (choice.blind.is_empty() || pass.may_be_blind())
        && choice.len() == 3
}

fn snapshot(table: &Table) -> ([usize; 4], [usize; 4]) {
    (
        Seat::ALL.map(|s| table.tile_count(s)),
        Seat::ALL.map(|s| table.jokers(s)),
    )
}

fn sorted(mut tiles: Vec<Tile>) -> Vec<Tile> {
    tiles.sort();
    tiles
}

/// Legal choices for the coming round: on a blind-eligible pass each seat
/// forwards `blind[seat]` incoming tiles (whether or not the round resolves),
/// otherwise random legal choices.
fn choices_for(table: &Table, rng: &mut Rng, blind: [usize; 4]) -> [RoundChoice; 4] {
    Seat::ALL.map(|s| {
        let view = table.pass_view(s).unwrap();
        if view.pass.may_be_blind() {
            let mut plain: Vec<Tile> = view
                .rack
                .iter()
                .copied()
                .filter(|t| !t.is_joker())
                .collect();
            rng.shuffle(&mut plain);
            let k = blind[s.index()];
            plain.truncate(3 - k);
            RoundChoice::with_blind(plain, k)
        } else {
            generate::legal_choice(rng, &view)
        }
    })
}

/// Plays one spoiled round, checking every invariant; then plays a legal,
/// resolvable round if the spoiled one was refused, so the table advances.
fn play_round(
    table: &mut Table,
    rng: &mut Rng,
    spoils: [Spoil; 4],
    blind: [usize; 4],
) -> Result<(), TestCaseError> {
    let views = Seat::ALL.map(|s| table.pass_view(s).unwrap());
    let pass = views[0].pass;
    let legal = choices_for(table, rng, blind);
    let choices: [RoundChoice; 4] =
        std::array::from_fn(|i| spoil_choice(legal[i].clone(), &views[i], spoils[i]));
    let mut all_legal = true;
    for seat in Seat::ALL {
        let (view, choice) = (&views[seat.index()], &choices[seat.index()]);
        let verdict = table.check_choice(seat, choice);
        prop_assert_eq!(
            verdict.ok,
            round_oracle(view, choice),
            "{:?} {:?}",
            choice,
            verdict
        );
        prop_assert_eq!(&check_round_choice(&view.rack, choice, pass), &verdict);
        all_legal &= verdict.ok;
    }
    // Stuck iff a tile would have to travel all the way round: at most two
    // rack tiles are passed in all (at least ten blind tiles).
    let total_blind: usize = choices.iter().map(|c| c.blind).sum();
    let stuck = all_legal && total_blind >= 10;
    let (before, tiles) = (table.clone(), table.all_tiles());
    let counts = snapshot(table);
    let bundles = table.bundles(&choices);
    match table.apply_round(&choices) {
        Ok(_) => {
            prop_assert!(all_legal && !stuck);
            let bundles = bundles.expect("an applied round has bundles");
            for seat in Seat::ALL {
                let (i, choice) = (seat.index(), &choices[seat.index()]);
                let incoming = &bundles[giver_to(seat, pass).index()];
                prop_assert!(bundles[i].iter().all(|t| !t.is_joker()));
                prop_assert_eq!(&bundles[i][..choice.from_rack.len()], &choice.from_rack[..]);
                prop_assert_eq!(
                    &bundles[i][choice.from_rack.len()..],
                    &incoming[..choice.blind]
                );
                let mut want = remove_tiles(before.rack(seat), &choice.from_rack);
                want.extend_from_slice(&incoming[choice.blind..]);
                prop_assert_eq!(sorted(table.rack(seat).to_vec()), sorted(want));
                let resolved = choice.resolve(incoming);
                prop_assert!(check_pass(before.rack(seat), incoming, &resolved, pass).ok);
            }
        }
        Err(e) => {
            prop_assert!(!all_legal || stuck);
            prop_assert!(!e.verdict().ok);
            if stuck {
                prop_assert!(matches!(e, TableError::BlindStalemate { .. }), "{:?}", e);
                prop_assert_eq!(e.verdict().rule, RuleId::BlindFromReceivedOnly);
            }
            prop_assert_eq!(&*table, &before);
            let legal = generate::legal_round(rng, table);
            table.apply_round(&legal).expect("legal rounds apply");
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
        stop in prop::option::of(0usize..4),
        spoils in prop::collection::vec(prop::array::uniform4(spoil_strategy()), 6),
        blind in prop::collection::vec(prop::array::uniform4(blind_strategy()), 6),
        sizes in prop::array::uniform4(0usize..5),
        courtesy_joker in any::<bool>(),
    ) {
        let mut rng = Rng::new(seed);
        let mut table = generate::table(&mut rng);
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
            play_round(&mut table, &mut rng, spoils[round], blind[round])?;
            round += 1;
        }
        prop_assert_eq!(table.phase(), Phase::Courtesy);
        prop_assert_eq!(round, if stop.is_some() { 3 } else { 6 });
        play_courtesy(&mut table, sizes, courtesy_joker)?;
        prop_assert_eq!(snapshot(&table).1, start_jokers);
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
        let size_ok = tiles.len() == 13;
        let len = tiles.len();
        match Rack::new(tiles.clone()) {
            Ok(_) => prop_assert!(copies_ok && size_ok),
            Err(e) => {
                prop_assert!(!(copies_ok && size_ok));
                let rule = e.verdict().rule;
                let size_rule = if len == 14 {
                    RuleId::EastDrawsAfterCharleston
                } else {
                    RuleId::RackTileCount
                };
                prop_assert!(rule == size_rule || rule == RuleId::TooManyCopies);
            }
        }
        // No seat, East included, holds 14 during the Charleston.
        for seat in Seat::ALL {
            let v = check_seat_rack(seat, &tiles);
            prop_assert_eq!(v.ok, copies_ok && size_ok);
            if len == 14 {
                prop_assert!(!v.ok);
            }
        }
    }

    #[test]
    fn illegal_passes_always_have_a_reason(
        rack in prop::collection::vec(tile_strategy(), 13..15),
        received in prop::collection::vec(tile_strategy(), 0..4),
        from_rack in prop::collection::vec(tile_strategy(), 0..5),
        blind in prop::collection::vec(tile_strategy(), 0..4),
        pass in prop::sample::select(tilebook::rules::PassId::ALL.to_vec()),
    ) {
        let choice = PassChoice::with_blind(from_rack, blind);
        let verdict = check_pass(&rack, &received, &choice, pass);
        prop_assert_eq!(verdict.ok, oracle(&rack, &received, pass, &choice));
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

    #[test]
    fn exchange_scenarios_agree_with_the_rules(seed in any::<u64>()) {
        let c = generate::courtesy_from_rack(&mut Rng::new(seed));
        prop_assert_eq!(c.moving, c.offer.min(c.across));
        let plain: Vec<Tile> = c.rack.iter().copied().filter(|t| !t.is_joker()).collect();
        prop_assert!(plain.len() >= c.moving);
        prop_assert!(check_courtesy_offer(&c.rack, &plain[..c.moving]).ok);
        let t = generate::table_pass(&mut Rng::new(seed));
        prop_assert_eq!(giver_to(t.seat, t.pass), t.giver);
        prop_assert!(t.bundles.iter().all(|b| b.len() == 3 && b.iter().all(|x| !x.is_joker())));
        let all: Vec<Tile> = t.bundles.concat();
        prop_assert!(tilebook::rules::rack::check_copies(&all).is_ok());
        let r = generate::received_bundle(&mut Rng::new(seed));
        prop_assert_eq!(r.verdict.ok, !r.received.contains(&Tile::JOKER));
        // Every exchange is a permutation of the seats: each gives once, receives once.
        for e in tilebook::rules::Exchange::ALL {
            let mut receivers: Vec<Seat> = e.moves().iter().map(|m| m.1).collect();
            receivers.sort();
            prop_assert_eq!(receivers, Seat::ALL.to_vec());
            prop_assert!(e.moves().iter().all(|(g, r)| g != r));
        }
    }
}
