//! The four-seat Charleston state machine: this module owns a whole table's
//! tiles and phase, applies each pass for all four seats at once (all or
//! nothing) — resolving blind passes around the table — the stop of the
//! second Charleston and the courtesy pass.
//!
//! Every seat always holds its full rack of 13 tiles (East draws its 14th only
//! after the Charleston). On a
//! blind-eligible pass a seat may forward, unseen, some of the tiles arriving
//! to it in that same pass (NMJL): it passes `3 - k` rack tiles plus the first
//! `k` tiles of its incoming bundle, and keeps the other `3 - k` incoming
//! tiles. A round whose blind passes cannot all be resolved (every seat waits
//! for tiles that never arrive, e.g. all four forward three) is refused with
//! [`TableError::BlindStalemate`]; see `docs/rules.md`.
//!
//! Near 600 lines on purpose: one state machine whose steps (each pass, blind
//! forwarding, the stop, the courtesy pass) keep the same invariants (13
//! tiles a seat, all four seats or none); kept in one file so that they are
//! read together.

use std::fmt;

use super::charleston::{
    PASS_SIZE, PassId, Phase, RoundChoice, Seat, can_courtesy, can_stop_second,
    check_courtesy_offer, check_pass, check_round_choice, courtesy_exchange, giver_to,
};
use super::rack::{RACK_SIZE, RackError, check_copies};
use super::tile::{Tile, remove_tiles};
use super::verdict::{Answer, RuleId, Verdict};

/// Why a table action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The deal is not legal.
    Deal {
        /// The offending seat (`None` for a table-wide copy count).
        seat: Option<Seat>,
        /// What is wrong.
        error: RackError,
    },
    /// One seat's choice (or stop) is illegal; nothing was applied.
    Seat {
        /// The seat.
        seat: Seat,
        /// The failing verdict.
        verdict: Verdict,
    },
    /// The blind passes of the round cannot be resolved: these seats would
    /// wait for incoming tiles that never arrive (a tile would have to travel
    /// all the way round the table and out again). At a real table this is
    /// settled by "IOU" common sense; the engine refuses the round and moves
    /// nothing.
    BlindStalemate {
        /// The seats whose outgoing bundle cannot be completed, in turn order.
        seats: Vec<Seat>,
    },
    /// The action does not belong to the current phase.
    WrongPhase {
        /// The current phase.
        phase: Phase,
        /// The failing verdict.
        verdict: Verdict,
    },
}

impl TableError {
    /// The verdict behind this error. A blind stalemate fails
    /// `blind-from-received-only` (the tiles to forward never arrive); the
    /// answer is the number of seats stuck.
    pub fn verdict(&self) -> Verdict {
        match self {
            TableError::Deal { error, .. } => error.verdict(),
            TableError::Seat { verdict, .. } | TableError::WrongPhase { verdict, .. } => {
                verdict.clone()
            }
            TableError::BlindStalemate { seats } => {
                Verdict::fail(RuleId::BlindFromReceivedOnly).with(Answer::Count(seats.len()))
            }
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Deal {
                seat: Some(s),
                error,
            } => write!(f, "{s}: {error}"),
            TableError::Deal { seat: None, error } => write!(f, "table: {error}"),
            TableError::Seat { seat, verdict } => write!(f, "{seat}: {verdict}"),
            TableError::BlindStalemate { seats } => {
                let seats: Vec<&str> = seats.iter().map(|s| s.as_str()).collect();
                write!(
                    f,
                    "blind passes cannot be resolved: {} would wait for tiles that never arrive (IOU); nothing moved",
                    seats.join(", ")
                )
            }
            TableError::WrongPhase { phase, verdict } => write!(f, "in phase {phase}: {verdict}"),
        }
    }
}

impl std::error::Error for TableError {}

/// A table of four seats going through the Charleston and the courtesy pass.
///
/// Invariants (checked by property tests): tiles are conserved, every seat
/// keeps its tile count, and no joker ever changes hands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    racks: [Vec<Tile>; 4],
    phase: Phase,
    stopped_by: Option<Seat>,
}

/// What a seat may pass from in the coming pass: its full rack. On a
/// blind-eligible pass (`pass.may_be_blind()`) it may also forward up to three
/// tiles of the bundle arriving to it in that pass, unseen; those are only
/// known once the round is resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassView {
    /// The pass about to be played.
    pub pass: PassId,
    /// The seat's full rack.
    pub rack: Vec<Tile>,
}

/// The tile at `position` of `seat`'s outgoing bundle, traced back through
/// the givers to the rack it leaves; `None` when it would have to pass
/// through a seat twice (the round is stuck).
fn trace(choices: &[RoundChoice; 4], pass: PassId, seat: Seat, position: usize) -> Option<Tile> {
    let (mut seat, mut position) = (seat, position);
    // A tile may pass through at most the three other seats before it is kept.
    for _ in 0..4 {
        let own = &choices[seat.index()].from_rack;
        if let Some(&tile) = own.get(position) {
            return Some(tile);
        }
        position -= own.len();
        seat = giver_to(seat, pass);
    }
    None
}

impl Table {
    /// Deals a table: every seat holds 13 tiles, East too; no tile kind
    /// more often (over all four racks) than the set holds it.
    pub fn deal(racks: [Vec<Tile>; 4]) -> Result<Table, TableError> {
        for (seat, rack) in Seat::ALL.into_iter().zip(&racks) {
            if rack.len() != RACK_SIZE {
                let error = RackError::WrongSize { size: rack.len() };
                return Err(TableError::Deal {
                    seat: Some(seat),
                    error,
                });
            }
        }
        let all: Vec<Tile> = racks.concat();
        check_copies(&all).map_err(|error| TableError::Deal { seat: None, error })?;
        Ok(Table {
            racks,
            phase: Phase::START,
            stopped_by: None,
        })
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat that stopped the second Charleston, if any.
    pub fn stopped_by(&self) -> Option<Seat> {
        self.stopped_by
    }

    /// `seat`'s rack: all its tiles.
    pub fn rack(&self, seat: Seat) -> &[Tile] {
        &self.racks[seat.index()]
    }

    /// How many tiles `seat` holds.
    pub fn tile_count(&self, seat: Seat) -> usize {
        self.rack(seat).len()
    }

    /// How many jokers `seat` holds.
    pub fn jokers(&self, seat: Seat) -> usize {
        self.rack(seat).iter().filter(|t| t.is_joker()).count()
    }

    /// Every tile on the table, sorted (for conservation checks).
    pub fn all_tiles(&self) -> Vec<Tile> {
        let mut all: Vec<Tile> = self.racks.concat();
        all.sort();
        all
    }

    /// What `seat` may pass from in the coming pass (`None` outside a Charleston).
    pub fn pass_view(&self, seat: Seat) -> Option<PassView> {
        let pass = self.phase.next_pass()?;
        Some(PassView {
            pass,
            rack: self.rack(seat).to_vec(),
        })
    }

    /// Checks `seat`'s choice for the coming pass on its own (rack tiles,
    /// jokers, blind count, three tiles). Whether the blind passes of all four
    /// seats resolve is checked by [`Table::bundles`] and [`Table::apply_round`].
    pub fn check_choice(&self, seat: Seat, choice: &RoundChoice) -> Verdict {
        match self.phase.next_pass() {
            Some(pass) => check_round_choice(self.rack(seat), choice, pass),
            None => Verdict::fail(RuleId::CourtesyAfterCharleston),
        }
    }

    fn wrong_phase(&self, verdict: Verdict) -> TableError {
        TableError::WrongPhase {
            phase: self.phase,
            verdict,
        }
    }

    /// The bundle each seat hands on in the coming pass (indexed by
    /// `Seat::index`): its rack tiles, then the first `blind` tiles of the
    /// bundle it receives — its giver's bundle. Every choice is checked first;
    /// a round whose blind passes cannot be resolved is a
    /// [`TableError::BlindStalemate`]; a blind tile that turns out to be a
    /// joker fails `received-joker-goes-back` (impossible on a legal table).
    pub fn bundles(&self, choices: &[RoundChoice; 4]) -> Result<[Vec<Tile>; 4], TableError> {
        self.resolve(choices).map(|(_, bundles)| bundles)
    }

    /// The pass due and the bundles of [`Table::bundles`].
    fn resolve(&self, choices: &[RoundChoice; 4]) -> Result<(PassId, [Vec<Tile>; 4]), TableError> {
        let Some(pass) = self.phase.next_pass() else {
            return Err(self.wrong_phase(Verdict::fail(RuleId::CourtesyAfterCharleston)));
        };
        for seat in Seat::ALL {
            let verdict = self.check_choice(seat, &choices[seat.index()]);
            if !verdict.ok {
                return Err(TableError::Seat { seat, verdict });
            }
        }
        let traced = Seat::ALL.map(|seat| {
            (0..PASS_SIZE)
                .map(|position| trace(choices, pass, seat, position))
                .collect::<Option<Vec<Tile>>>()
        });
        let stuck: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| traced[s.index()].is_none())
            .collect();
        if !stuck.is_empty() {
            return Err(TableError::BlindStalemate { seats: stuck });
        }
        let bundles = traced.map(Option::unwrap_or_default);
        for seat in Seat::ALL {
            let incoming = &bundles[giver_to(seat, pass).index()];
            let choice = choices[seat.index()].resolve(incoming);
            let verdict = check_pass(self.rack(seat), incoming, &choice, pass);
            if !verdict.ok {
                return Err(TableError::Seat { seat, verdict });
            }
        }
        Ok((pass, bundles))
    }

    /// Plays the coming pass for all four seats at once (`choices` indexed by
    /// `Seat::index`). Every choice is checked and the blind passes resolved
    /// first ([`Table::bundles`]); if anything fails, nothing moves. Each seat
    /// gives its bundle to the receiver and keeps the incoming tiles it did
    /// not forward. In `AwaitingSecondDecision` this starts the second
    /// Charleston (nobody stopped it). Returns the pass played.
    pub fn apply_round(&mut self, choices: &[RoundChoice; 4]) -> Result<PassId, TableError> {
        let (pass, bundles) = self.resolve(choices)?;
        for seat in Seat::ALL {
            let choice = &choices[seat.index()];
            let incoming = &bundles[giver_to(seat, pass).index()];
            let rack = &mut self.racks[seat.index()];
            *rack = remove_tiles(rack, &choice.from_rack);
            rack.extend_from_slice(&incoming[choice.blind..]);
        }
        self.phase = Phase::after(pass);
        Ok(pass)
    }

    /// `who` stops the second Charleston; the table goes to the courtesy pass.
    /// Legal only in `AwaitingSecondDecision`.
    pub fn stop_second(&mut self, who: Seat) -> Result<Verdict, TableError> {
        let verdict = can_stop_second(self.phase, who);
        if !verdict.ok {
            return Err(TableError::Seat { seat: who, verdict });
        }
        self.stopped_by = Some(who);
        self.phase = Phase::Courtesy;
        Ok(verdict)
    }

    /// Plays the courtesy pass: `offers` indexed by `Seat::index`, each 0-3
    /// tiles of that seat's rack, never a joker. Each across pair (East-West,
    /// South-North) exchanges the first *n* tiles of both offers, *n* being
    /// the smaller offer; the rest stay home. Returns *n* for the two pairs.
    pub fn courtesy(&mut self, offers: &[Vec<Tile>; 4]) -> Result<[usize; 2], TableError> {
        let verdict = can_courtesy(self.phase);
        if !verdict.ok {
            return Err(self.wrong_phase(verdict));
        }
        for seat in Seat::ALL {
            let verdict = check_courtesy_offer(self.rack(seat), &offers[seat.index()]);
            if !verdict.ok {
                return Err(TableError::Seat { seat, verdict });
            }
        }
        let pairs = [Seat::East, Seat::South].map(|a| self.exchange(a, offers));
        self.phase = Phase::Done;
        Ok(pairs)
    }

    fn exchange(&mut self, a: Seat, offers: &[Vec<Tile>; 4]) -> usize {
        let b = a.across();
        let (offer_a, offer_b) = (&offers[a.index()], &offers[b.index()]);
        let n = courtesy_exchange(offer_a.len(), offer_b.len());
        self.swap(a, &offer_a[..n], &offer_b[..n]);
        self.swap(b, &offer_b[..n], &offer_a[..n]);
        n
    }

    fn swap(&mut self, seat: Seat, out: &[Tile], incoming: &[Tile]) {
        let rack = &mut self.racks[seat.index()];
        *rack = remove_tiles(rack, out);
        rack.extend_from_slice(incoming);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tile::parse_tiles;

    fn t(s: &str) -> Vec<Tile> {
        parse_tiles(s).unwrap()
    }

    fn sample() -> Table {
        Table::deal([
            t("1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 4B J"),
            t("1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C J"),
            t("1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D F"),
            t("N N N E E E S S S W W W WD"),
        ])
        .unwrap()
    }

    /// Each seat passes its first `3 - blind` non-jokers plus `blind` blind tiles.
    fn choices(table: &Table, blind: [usize; 4]) -> [RoundChoice; 4] {
        Seat::ALL.map(|s| {
            let k = blind[s.index()];
            let view = table.pass_view(s).unwrap();
            let tiles: Vec<Tile> = view
                .rack
                .into_iter()
                .filter(|t| !t.is_joker())
                .take(3 - k)
                .collect();
            RoundChoice::with_blind(tiles, k)
        })
    }

    fn first_three(table: &Table) -> [RoundChoice; 4] {
        choices(table, [0; 4])
    }

    fn at_first_left() -> Table {
        let mut table = sample();
        for _ in 0..2 {
            table.apply_round(&first_three(&table)).unwrap();
        }
        assert_eq!(table.phase().next_pass(), Some(PassId::FirstLeft));
        table
    }

    #[test]
    fn deal_checks_sizes_and_copies() {
        let mut racks = [t("1B"), vec![], vec![], vec![]];
        assert!(Table::deal(racks.clone()).is_err());
        racks[0] = t("J J J J J 1B 1B 1B 1B 2B 2B 2B 2B");
        racks[1] = t("J J J J 1C 1C 1C 1C 2C 2C 2C 2C 3C");
        racks[2] = t("1D 1D 1D 1D 2D 2D 2D 2D 3D 3D 3D 3D 4D");
        racks[3] = t("N N N N E E E E S S S S W");
        let err = Table::deal(racks).unwrap_err();
        assert_eq!(err.verdict().rule, RuleId::TooManyCopies);
    }

    #[test]
    fn full_charleston_conserves_tiles() {
        let mut table = sample();
        let before = table.all_tiles();
        while table.phase().next_pass().is_some() {
            let choices = first_three(&table);
            table.apply_round(&choices).unwrap();
            assert_eq!(table.all_tiles(), before);
        }
        assert_eq!(table.phase(), Phase::Courtesy);
        assert_eq!(table.jokers(Seat::East), 1);
        let offer = |seat, n| -> Vec<Tile> {
            let rack = table.rack(seat).iter().copied();
            rack.filter(|t| !t.is_joker()).take(n).collect()
        };
        let offers = [
            offer(Seat::East, 3),
            offer(Seat::South, 1),
            vec![],
            offer(Seat::North, 2),
        ];
        assert_eq!(table.courtesy(&offers).unwrap(), [0, 1]);
        assert_eq!(table.phase(), Phase::Done);
        assert_eq!(table.all_tiles(), before);
    }

    #[test]
    fn stop_only_before_second_starts() {
        let mut table = sample();
        assert_eq!(
            table.stop_second(Seat::North).unwrap_err().verdict().rule,
            RuleId::FirstCharlestonCompulsory
        );
        for _ in 0..3 {
            let choices = first_three(&table);
            table.apply_round(&choices).unwrap();
        }
        let mut playing = table.clone();
        assert!(table.stop_second(Seat::West).is_ok());
        assert_eq!(
            (table.phase(), table.stopped_by()),
            (Phase::Courtesy, Some(Seat::West))
        );
        let choices = first_three(&playing);
        playing.apply_round(&choices).unwrap();
        let err = playing.stop_second(Seat::West).unwrap_err();
        assert_eq!(
            err.verdict().rule,
            RuleId::SecondCharlestonStopBeforeFirstPass
        );
    }

    #[test]
    fn illegal_choice_moves_nothing() {
        let mut table = sample();
        let mut choices = first_three(&table);
        choices[0] = RoundChoice::rack(t("J 1B 1B"));
        let before = table.clone();
        let err = table.apply_round(&choices).unwrap_err();
        assert_eq!(err.verdict().rule, RuleId::JokerNeverPassed);
        assert_eq!(table, before);
    }

    #[test]
    fn blind_tiles_come_from_the_incoming_bundle_of_the_same_pass() {
        // First left: each seat receives from its right (East from South).
        let mut table = at_first_left();
        let before = table.clone();
        let c = choices(&table, [2, 0, 0, 0]);
        let bundles = table.bundles(&c).unwrap();
        let south = &c[Seat::South.index()].from_rack;
        assert_eq!(bundles[Seat::South.index()], *south);
        // East forwards the first two tiles South passes, then keeps the third.
        let east: Vec<Tile> = c[0].from_rack.iter().chain(&south[..2]).copied().collect();
        assert_eq!(bundles[Seat::East.index()], east);
        table.apply_round(&c).unwrap();
        assert_eq!(table.all_tiles(), before.all_tiles());
        for seat in Seat::ALL {
            assert_eq!(table.tile_count(seat), before.tile_count(seat));
        }
        assert!(table.rack(Seat::East).contains(&south[2]));
        assert_eq!(table.phase(), Phase::AwaitingSecondDecision);
    }

    #[test]
    fn blind_passes_chain_around_the_table() {
        // Everyone forwards one: the first tile of each incoming bundle
        // (the giver's first rack tile) travels one seat further.
        let mut table = at_first_left();
        let before = table.all_tiles();
        let c = choices(&table, [1; 4]);
        let bundles = table.bundles(&c).unwrap();
        for seat in Seat::ALL {
            let giver = giver_to(seat, PassId::FirstLeft);
            assert_eq!(bundles[seat.index()][2], c[giver.index()].from_rack[0]);
        }
        table.apply_round(&c).unwrap();
        assert_eq!(table.all_tiles(), before);
        // One seat passes its own three, the others forward all: the three
        // tiles travel round the table and come home.
        let mut table = at_first_left();
        let c = choices(&table, [0, 3, 3, 3]);
        let east = table.rack(Seat::East).to_vec();
        table.apply_round(&c).unwrap();
        let mut after = table.rack(Seat::East).to_vec();
        let mut east_sorted = east;
        after.sort();
        east_sorted.sort();
        assert_eq!(after, east_sorted);
    }

    #[test]
    fn stuck_blind_passes_are_refused() {
        for blind in [[3, 3, 3, 3], [1, 3, 3, 3], [3, 2, 3, 2], [3, 3, 2, 3]] {
            let mut table = at_first_left();
            let before = table.clone();
            let err = table.apply_round(&choices(&table, blind)).unwrap_err();
            assert!(
                matches!(err, TableError::BlindStalemate { .. }),
                "{blind:?}"
            );
            assert_eq!(err.verdict().rule, RuleId::BlindFromReceivedOnly);
            assert!(err.to_string().contains("IOU"));
            assert_eq!(table, before);
        }
        let mut table = at_first_left();
        assert!(table.apply_round(&choices(&table, [2, 2, 2, 2])).is_ok());
    }

    #[test]
    fn blind_only_on_last_passes_at_the_table() {
        let mut table = sample();
        let err = table
            .apply_round(&choices(&table, [1, 0, 0, 0]))
            .unwrap_err();
        assert_eq!(err.verdict().rule, RuleId::BlindOnlyOnLastPass);
    }
}
