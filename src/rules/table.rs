//! The four-seat Charleston state machine: this module owns a whole table's
//! tiles and phase, applies each pass for all four seats at once (all or
//! nothing), the stop of the second Charleston and the courtesy pass.

use std::fmt;

use super::charleston::{
    PassChoice, PassId, Phase, Seat, can_courtesy, can_stop_second, check_courtesy_offer,
    check_pass, courtesy_exchange, giver_to,
};
use super::rack::{RackError, check_copies};
use super::tile::{Tile, remove_tiles};
use super::verdict::{RuleId, Verdict};

/// One seat's tiles: what it has looked at, and what it received last and has not.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Hand {
    rack: Vec<Tile>,
    unseen: Vec<Tile>,
}

impl Hand {
    /// The seat looks at its received tiles: they join the rack.
    fn look(&mut self) {
        self.rack.append(&mut self.unseen);
    }

    fn len(&self) -> usize {
        self.rack.len() + self.unseen.len()
    }
}

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
    /// The action does not belong to the current phase.
    WrongPhase {
        /// The current phase.
        phase: Phase,
        /// The failing verdict.
        verdict: Verdict,
    },
}

impl TableError {
    /// The verdict behind this error.
    pub fn verdict(&self) -> Verdict {
        match self {
            TableError::Deal { error, .. } => error.verdict(),
            TableError::Seat { verdict, .. } | TableError::WrongPhase { verdict, .. } => {
                verdict.clone()
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
    hands: [Hand; 4],
    phase: Phase,
    stopped_by: Option<Seat>,
}

/// The tiles a seat may pass from in the coming pass: its seen rack and its
/// unseen, just-received tiles (empty unless the pass may be blind).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassView {
    /// The pass about to be played.
    pub pass: PassId,
    /// Tiles the seat has looked at.
    pub rack: Vec<Tile>,
    /// Tiles just received and not looked at (forwardable blind).
    pub unseen: Vec<Tile>,
}

fn size_ok(seat: Seat, size: usize) -> bool {
    size == 13 || (seat == Seat::East && size == 14)
}

impl Table {
    /// Deals a table: East holds 13 or 14 tiles, the others 13; no tile kind
    /// more often (over all four racks) than the set holds it.
    pub fn deal(racks: [Vec<Tile>; 4]) -> Result<Table, TableError> {
        for (seat, rack) in Seat::ALL.into_iter().zip(&racks) {
            if !size_ok(seat, rack.len()) {
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
            hands: racks.map(|rack| Hand {
                rack,
                unseen: Vec::new(),
            }),
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

    /// The tiles `seat` has looked at.
    pub fn rack(&self, seat: Seat) -> &[Tile] {
        &self.hands[seat.index()].rack
    }

    /// The tiles `seat` received last and has not looked at.
    pub fn unseen(&self, seat: Seat) -> &[Tile] {
        &self.hands[seat.index()].unseen
    }

    /// All of `seat`'s tiles (seen, then unseen).
    pub fn hand(&self, seat: Seat) -> Vec<Tile> {
        let hand = &self.hands[seat.index()];
        [hand.rack.as_slice(), &hand.unseen].concat()
    }

    /// How many tiles `seat` holds in all.
    pub fn tile_count(&self, seat: Seat) -> usize {
        self.hands[seat.index()].len()
    }

    /// How many jokers `seat` holds.
    pub fn jokers(&self, seat: Seat) -> usize {
        self.hand(seat).iter().filter(|t| t.is_joker()).count()
    }

    /// Every tile on the table, sorted (for conservation checks).
    pub fn all_tiles(&self) -> Vec<Tile> {
        let mut all: Vec<Tile> = Seat::ALL.iter().flat_map(|&s| self.hand(s)).collect();
        all.sort();
        all
    }

    /// What `seat` may pass from in the coming pass (`None` outside a Charleston).
    /// Before a pass that may not be blind, the seat has looked at everything.
    pub fn pass_view(&self, seat: Seat) -> Option<PassView> {
        let pass = self.phase.next_pass()?;
        let mut hand = self.hands[seat.index()].clone();
        if !pass.may_be_blind() {
            hand.look();
        }
        Some(PassView {
            pass,
            rack: hand.rack,
            unseen: hand.unseen,
        })
    }

    /// Checks `seat`'s choice for the coming pass.
    pub fn check_choice(&self, seat: Seat, choice: &PassChoice) -> Verdict {
        match self.pass_view(seat) {
            Some(view) => check_pass(&view.rack, &view.unseen, choice, view.pass),
            None => Verdict::fail(RuleId::CourtesyAfterCharleston),
        }
    }

    fn wrong_phase(&self, verdict: Verdict) -> TableError {
        TableError::WrongPhase {
            phase: self.phase,
            verdict,
        }
    }

    /// Plays the coming pass for all four seats at once (`choices` indexed by
    /// `Seat::index`). Every choice is checked first; if any is illegal,
    /// nothing moves. In `AwaitingSecondDecision` this starts the second
    /// Charleston (nobody stopped it). Returns the pass played.
    pub fn apply_round(&mut self, choices: &[PassChoice; 4]) -> Result<PassId, TableError> {
        let Some(pass) = self.phase.next_pass() else {
            return Err(self.wrong_phase(Verdict::fail(RuleId::CourtesyAfterCharleston)));
        };
        for seat in Seat::ALL {
            let verdict = self.check_choice(seat, &choices[seat.index()]);
            if !verdict.ok {
                return Err(TableError::Seat { seat, verdict });
            }
        }
        self.move_tiles(pass, choices);
        self.phase = Phase::after(pass);
        if self.phase == Phase::Courtesy {
            self.hands.iter_mut().for_each(Hand::look);
        }
        Ok(pass)
    }

    fn move_tiles(&mut self, pass: PassId, choices: &[PassChoice; 4]) {
        let views: Vec<PassView> = Seat::ALL
            .iter()
            .filter_map(|&s| self.pass_view(s))
            .collect();
        for seat in Seat::ALL {
            let (view, choice) = (&views[seat.index()], &choices[seat.index()]);
            let mut rack = remove_tiles(&view.rack, &choice.from_rack);
            rack.extend(remove_tiles(&view.unseen, &choice.blind));
            let unseen = choices[giver_to(seat, pass).index()].tiles();
            self.hands[seat.index()] = Hand { rack, unseen };
        }
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
        self.hands.iter_mut().for_each(Hand::look);
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
        let hand = &mut self.hands[seat.index()];
        hand.rack = remove_tiles(&hand.rack, out);
        hand.rack.extend_from_slice(incoming);
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

    fn first_three(table: &Table) -> [PassChoice; 4] {
        Seat::ALL.map(|s| {
            let view = table.pass_view(s).unwrap();
            let tiles: Vec<Tile> = view
                .rack
                .into_iter()
                .filter(|t| !t.is_joker())
                .take(3)
                .collect();
            PassChoice::rack(tiles)
        })
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
        choices[0] = PassChoice::rack(t("J 1B 1B"));
        let before = table.clone();
        let err = table.apply_round(&choices).unwrap_err();
        assert_eq!(err.verdict().rule, RuleId::JokerNeverPassed);
        assert_eq!(table, before);
    }
}
