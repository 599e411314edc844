//! Generators for the exercises about one exchange at a whole table and about
//! the set: the tiles one seat hands across in the courtesy pass, what to do
//! with a received bundle that holds a joker, whose tiles a seat receives in a
//! pass, and the size of a part of the set. Verdicts come from the same
//! checks an authored exercise uses.

use super::{Rng, wall};
use crate::rules::charleston::{
    Exchange, MAX_COURTESY, PASS_SIZE, PassId, Seat, check_courtesy, check_received,
};
use crate::rules::rack::RACK_SIZE;
use crate::rules::tile::{SetGroup, Tile};
use crate::rules::verdict::{Answer, Verdict};

/// Exercise "which tiles go across in the courtesy pass?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourtesyFromRack {
    /// The seat handing tiles across.
    pub seat: Seat,
    /// Its full rack (13 tiles, sometimes with jokers).
    pub rack: Vec<Tile>,
    /// How many tiles the seat offers (0-3).
    pub offer: usize,
    /// How many the player across offers (0-3).
    pub across: usize,
    /// How many tiles change hands: the smaller offer (the answer's size).
    pub moving: usize,
}

/// Generates a [`CourtesyFromRack`] scenario.
pub fn courtesy_from_rack(rng: &mut Rng) -> CourtesyFromRack {
    let rack = wall(rng)[..RACK_SIZE].to_vec();
    let offer = rng.range(0, MAX_COURTESY);
    let across = rng.range(0, MAX_COURTESY);
    let moving = match check_courtesy(offer, across).answer {
        Answer::Count(n) => n,
        _ => 0,
    };
    CourtesyFromRack {
        seat: rng.pick(&Seat::ALL),
        rack,
        offer,
        across,
        moving,
    }
}

/// Exercise "a bundle arrives in an ordinary pass: what do you do?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReceivedBundle {
    /// The pass the bundle arrives in.
    pub pass: PassId,
    /// The three tiles received (a joker, passed by mistake, about half the time).
    pub received: Vec<Tile>,
    /// The verdict of `check_received` (the answer).
    pub verdict: Verdict,
}

/// Generates a [`ReceivedBundle`] scenario.
pub fn received_bundle(rng: &mut Rng) -> ReceivedBundle {
    let mut received: Vec<Tile> = wall(rng)
        .into_iter()
        .filter(|t| !t.is_joker())
        .take(PASS_SIZE)
        .collect();
    if rng.chance(50) {
        let at = rng.below(PASS_SIZE);
        received[at] = Tile::JOKER;
    }
    ReceivedBundle {
        pass: rng.pick(&PassId::ALL),
        verdict: check_received(&received),
        received,
    }
}

/// Exercise "on this pass, whose tiles does this seat receive?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablePass {
    /// The pass.
    pub pass: PassId,
    /// The three tiles each seat passes, by [`Seat::index`] (never a joker).
    pub bundles: [Vec<Tile>; 4],
    /// The seat asked about.
    pub seat: Seat,
    /// The seat whose bundle it receives (the answer).
    pub giver: Seat,
}

/// Generates a [`TablePass`] scenario: four bundles from one shuffled wall.
pub fn table_pass(rng: &mut Rng) -> TablePass {
    let tiles: Vec<Tile> = wall(rng).into_iter().filter(|t| !t.is_joker()).collect();
    let bundles = std::array::from_fn(|i| tiles[i * PASS_SIZE..(i + 1) * PASS_SIZE].to_vec());
    let pass = rng.pick(&PassId::ALL);
    let seat = rng.pick(&Seat::ALL);
    let giver = Exchange::Pass(pass)
        .moves()
        .into_iter()
        .find(|&(_, receiver)| receiver == seat)
        .map_or(seat, |(giver, _)| giver);
    TablePass {
        pass,
        bundles,
        seat,
        giver,
    }
}

/// Generates a part of the set to count ([`SetGroup`]).
pub fn set_count(rng: &mut Rng) -> SetGroup {
    rng.pick(&SetGroup::ALL)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::charleston::{check_courtesy_offer, receiver};
    use crate::rules::rack::check_rack;

    #[test]
    fn scenarios_are_legal_and_deterministic() {
        for seed in 0..200 {
            let rng = || Rng::new(seed);
            let c = courtesy_from_rack(&mut rng());
            assert_eq!(c, courtesy_from_rack(&mut rng()));
            assert!(check_rack(&c.rack).ok);
            assert_eq!(c.moving, c.offer.min(c.across));
            let legal: Vec<Tile> = c.rack.iter().copied().filter(|t| !t.is_joker()).collect();
            assert!(check_courtesy_offer(&c.rack, &legal[..c.moving]).ok);
            let r = received_bundle(&mut rng());
            assert_eq!(r.received.len(), 3);
            assert_eq!(r.verdict.ok, !r.received.contains(&Tile::JOKER));
            let t = table_pass(&mut rng());
            assert_eq!(receiver(t.giver, t.pass), t.seat);
            assert!(t.bundles.iter().flatten().all(|t| !t.is_joker()));
            assert_eq!(set_count(&mut rng()), set_count(&mut rng()));
        }
    }
}
