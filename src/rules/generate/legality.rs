//! Generators for the yes/no legality questions: is this rack legal, is this
//! pass legal, may this courtesy offer be made now. Unlike the other
//! scenarios these deliberately produce illegal situations (a fifth copy, a
//! tile that is not on the rack, an offer of five) about half the time; the
//! verdict comes from the same checks an authored exercise uses.

use super::{Rng, wall};
use crate::rules::charleston::{PassChoice, PassId, Phase, Seat, can_courtesy, check_pass};
use crate::rules::courtesy::{check_courtesy_now, check_courtesy_size};
use crate::rules::rack::{check_rack, check_seat_rack};
use crate::rules::tile::Tile;
use crate::rules::verdict::Verdict;

/// Exercise "is this a legal rack for the Charleston?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RackCheck {
    /// Whose rack it is (`None`: any player; the same 13 tiles for every seat).
    pub seat: Option<Seat>,
    /// The tiles, 12 to 15 of them, possibly with a fifth copy or a ninth joker.
    pub tiles: Vec<Tile>,
    /// The verdict (answer).
    pub verdict: Verdict,
}

/// A natural (suit, wind or dragon) tile: four copies in the set.
fn four_copy_tile(rng: &mut Rng) -> Tile {
    let naturals: Vec<Tile> = Tile::kinds().filter(|t| t.copies_in_set() == 4).collect();
    rng.pick(&naturals)
}

/// `tiles` with `n` distinct positions (chosen at random) set to `tile`.
fn overwrite(rng: &mut Rng, tiles: &mut [Tile], tile: Tile, n: usize) {
    let mut at: Vec<usize> = (0..tiles.len()).collect();
    rng.shuffle(&mut at);
    for &i in &at[..n] {
        tiles[i] = tile;
    }
}

/// Generates a [`RackCheck`] scenario: legal racks of 13 (East's too), a
/// 14-tile rack for any seat (East's 14th comes only after the Charleston),
/// 12 or 15 tiles, a fifth copy, a ninth joker.
pub fn rack_check(rng: &mut Rng) -> RackCheck {
    let wall = wall(rng);
    let (seat, tiles) = match rng.below(6) {
        0 => {
            let seat = rng.chance(50).then(|| rng.pick(&Seat::ALL));
            (seat, wall[..13].to_vec())
        }
        1 => (Some(Seat::East), wall[..rng.pick(&[13, 14])].to_vec()),
        2 => (Some(rng.pick(&Seat::ALL)), wall[..14].to_vec()),
        3 => (None, wall[..rng.pick(&[12, 15])].to_vec()),
        4 => {
            let mut tiles = wall[..13].to_vec();
            let tile = four_copy_tile(rng);
            overwrite(rng, &mut tiles, tile, 5);
            (None, tiles)
        }
        _ => {
            let mut tiles = wall[..13].to_vec();
            overwrite(rng, &mut tiles, Tile::JOKER, 9);
            (None, tiles)
        }
    };
    let verdict = match seat {
        Some(s) => check_seat_rack(s, &tiles),
        None => check_rack(&tiles),
    };
    RackCheck {
        seat,
        tiles,
        verdict,
    }
}

/// Exercise "is this pass legal?" (rack tiles only, no blind tiles).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassCheck {
    /// The pass being played.
    pub pass: PassId,
    /// The player's rack (13 tiles, at least one joker).
    pub rack: Vec<Tile>,
    /// The tiles the player proposes to pass.
    pub offer: Vec<Tile>,
    /// The verdict (answer).
    pub verdict: Verdict,
}

/// Generates a [`PassCheck`] scenario: a legal pass, one with a joker, two or
/// four tiles, or a tile that is not on the rack.
pub fn pass_check(rng: &mut Rng) -> PassCheck {
    let pass = rng.pick(&PassId::ALL);
    let (rack, rest) = loop {
        let mut wall = wall(rng);
        let rest = wall.split_off(13);
        if wall.iter().filter(|t| !t.is_joker()).count() >= 4 {
            break (wall, rest);
        }
    };
    let mut rack = rack;
    if !rack.iter().any(|t| t.is_joker()) {
        let at = rng.below(rack.len());
        rack[at] = Tile::JOKER;
    }
    let mut plain: Vec<Tile> = rack.iter().copied().filter(|t| !t.is_joker()).collect();
    rng.shuffle(&mut plain);
    let mut offer = match rng.below(5) {
        0 | 1 => plain[..3].to_vec(),
        2 => vec![plain[0], plain[1], Tile::JOKER],
        3 => plain[..rng.pick(&[2, 4])].to_vec(),
        _ => {
            let stranger = rest
                .iter()
                .copied()
                .find(|&t| !t.is_joker() && !rack.contains(&t))
                .unwrap_or(Tile::FLOWER);
            vec![plain[0], plain[1], stranger]
        }
    };
    rng.shuffle(&mut offer);
    let verdict = check_pass(&rack, &[], &PassChoice::rack(offer.clone()), pass);
    PassCheck {
        pass,
        rack,
        offer,
        verdict,
    }
}

/// Exercise "may this courtesy offer be made now?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourtesyCheck {
    /// Where the table stands (`None`: the question is only about the size).
    pub phase: Option<Phase>,
    /// Whether the table reached [`Phase::Courtesy`] by stopping the second Charleston.
    pub stopped: bool,
    /// How many tiles are offered (`None`: the question is only about the moment).
    pub offer: Option<usize>,
    /// The verdict (answer).
    pub verdict: Verdict,
}

/// Generates a [`CourtesyCheck`] scenario: the moment, the size of an offer
/// (0 to 6 tiles), or both.
pub fn courtesy_check(rng: &mut Rng) -> CourtesyCheck {
    let mode = rng.below(3);
    let phase = (mode != 1).then(|| {
        if rng.chance(40) {
            Phase::Courtesy
        } else {
            rng.pick(&Phase::ALL)
        }
    });
    let stopped = phase == Some(Phase::Courtesy) && rng.chance(50);
    let offer = (mode != 0).then(|| rng.range(0, 6));
    let verdict = match (phase, offer) {
        (Some(p), Some(n)) => check_courtesy_now(p, n),
        (Some(p), None) => can_courtesy(p),
        (None, n) => check_courtesy_size(n.unwrap_or(0)),
    };
    CourtesyCheck {
        phase,
        stopped,
        offer,
        verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleId;

    #[test]
    fn same_seed_same_scenarios() {
        for seed in 0..40 {
            assert_eq!(
                rack_check(&mut Rng::new(seed)),
                rack_check(&mut Rng::new(seed))
            );
            assert_eq!(
                pass_check(&mut Rng::new(seed)),
                pass_check(&mut Rng::new(seed))
            );
            assert_eq!(
                courtesy_check(&mut Rng::new(seed)),
                courtesy_check(&mut Rng::new(seed))
            );
        }
    }

    #[test]
    fn every_verdict_is_reached() {
        let mut rules = std::collections::BTreeSet::new();
        let mut answers = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let rng = &mut Rng::new(seed);
            let r = rack_check(rng);
            assert!((12..=15).contains(&r.tiles.len()));
            let p = pass_check(rng);
            assert!(p.rack.iter().any(|t| t.is_joker()));
            let c = courtesy_check(rng);
            assert!(c.phase.is_some() || c.offer.is_some());
            assert!(!c.stopped || c.phase == Some(Phase::Courtesy));
            for v in [r.verdict, p.verdict, c.verdict] {
                rules.insert(v.rule);
                answers.insert((v.rule, v.ok));
            }
        }
        for rule in [
            RuleId::RackTileCount,
            RuleId::TooManyCopies,
            RuleId::PassFromOwnRack,
            RuleId::JokerNeverPassed,
            RuleId::PassExactlyThree,
            RuleId::CourtesyAfterCharleston,
            RuleId::CourtesyZeroToThree,
        ] {
            assert!(answers.contains(&(rule, false)), "no failing {rule}");
        }
        assert!(answers.contains(&(RuleId::RackTileCount, true)));
        assert!(answers.contains(&(RuleId::CourtesyZeroToThree, true)));
        assert!(answers.contains(&(RuleId::CourtesyAfterCharleston, true)));
        assert!(rules.len() >= 7);
    }
}
