//! The Charleston's rules for one seat (its seats, passes and phases are
//! [`super::seat`]'s): the checks of a single pass choice, a blind pass, a stop of the second Charleston and a courtesy
//! offer. The four-seat state machine built on these lives in `table`.

pub use super::seat::{Direction, Exchange, PassId, Phase, Seat, giver_to, receiver};
use super::tile::{Tile, is_subset};
use super::verdict::{Answer, RuleId, Verdict};

/// Tiles moved by every Charleston pass.
pub const PASS_SIZE: usize = 3;

/// Largest courtesy offer.
pub const MAX_COURTESY: usize = 3;

/// The three passes of the first (`1`) or second (`2`) Charleston, in order.
pub fn charleston_passes(charleston: u8) -> Vec<PassId> {
    PassId::ALL
        .into_iter()
        .filter(|p| p.charleston() == charleston)
        .collect()
}

/// The three tiles a seat hands on, named tile by tile: some from its rack,
/// some (blind) from the bundle arriving to it **in this same pass**,
/// forwarded without being looked at.
///
/// This is the form for one seat whose incoming tiles are known (the
/// single-seat [`check_pass`], exercises). A table round, where the incoming
/// bundle is only known once every seat has chosen, uses [`RoundChoice`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PassChoice {
    /// Tiles taken from the seat's rack.
    pub from_rack: Vec<Tile>,
    /// Tiles of the incoming bundle of this pass, forwarded blind.
    pub blind: Vec<Tile>,
}

impl PassChoice {
    /// A pass of rack tiles only.
    pub fn rack(tiles: Vec<Tile>) -> Self {
        PassChoice {
            from_rack: tiles,
            blind: Vec::new(),
        }
    }

    /// A pass mixing rack tiles and blind tiles.
    pub fn with_blind(from_rack: Vec<Tile>, blind: Vec<Tile>) -> Self {
        PassChoice { from_rack, blind }
    }

    /// All tiles that leave the seat.
    pub fn tiles(&self) -> Vec<Tile> {
        self.from_rack.iter().chain(&self.blind).copied().collect()
    }

    /// Number of tiles passed.
    pub fn len(&self) -> usize {
        self.from_rack.len() + self.blind.len()
    }

    /// Whether nothing is passed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One seat's decision for a table round ([`crate::rules::Table::apply_round`]):
/// the rack tiles it passes, and how many tiles of its incoming bundle it
/// forwards blind.
///
/// Blind means the player does not choose by sight: the forwarded tiles are
/// the **first** `blind` tiles of the incoming bundle, and every bundle is
/// ordered as its giver's rack tiles followed by the giver's own forwarded
/// tiles. The seat keeps the other `3 - blind` incoming tiles, so it ends the
/// pass with as many tiles as it started with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RoundChoice {
    /// Tiles taken from the seat's rack (`3 - blind` of them on a legal pass).
    pub from_rack: Vec<Tile>,
    /// How many incoming tiles are forwarded blind (0-3; 0 unless the pass may be blind).
    pub blind: usize,
}

impl RoundChoice {
    /// A pass of rack tiles only.
    pub fn rack(tiles: Vec<Tile>) -> Self {
        RoundChoice {
            from_rack: tiles,
            blind: 0,
        }
    }

    /// A pass of rack tiles plus the first `blind` incoming tiles.
    pub fn with_blind(from_rack: Vec<Tile>, blind: usize) -> Self {
        RoundChoice { from_rack, blind }
    }

    /// Number of tiles passed.
    pub fn len(&self) -> usize {
        self.from_rack.len() + self.blind
    }

    /// Whether nothing is passed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The tile-by-tile choice once the incoming bundle is known: the rack
    /// tiles, then the first `blind` tiles of `incoming`.
    pub fn resolve(&self, incoming: &[Tile]) -> PassChoice {
        let blind = incoming[..self.blind.min(incoming.len())].to_vec();
        PassChoice::with_blind(self.from_rack.clone(), blind)
    }
}

fn jokers_in(tiles: &[Tile]) -> Vec<Tile> {
    tiles.iter().copied().filter(|t| t.is_joker()).collect()
}

/// Checks one seat's choice for `pass`.
///
/// `rack` is the seat's full rack (13 tiles); `received_unseen`
/// the three tiles arriving to it **in this pass**, which it has not looked at
/// (only forwardable, blind, on a blind-eligible pass). The check is
/// count-agnostic: it does not look at the rack's size.
///
/// Checks, in order: tiles are on the rack / among the received ones, no joker
/// from the rack, no received joker forwarded (a joker noticed among the
/// arriving tiles goes back, and a seen tile from the rack takes its place,
/// seed 000; the other arriving tiles may still go on blind), blind only on a
/// last pass, exactly three tiles. An `ok` verdict names the most telling rule: blind
/// pass, flower or soap passed, or simply `pass-exactly-three`.
pub fn check_pass(
    rack: &[Tile],
    received_unseen: &[Tile],
    choice: &PassChoice,
    pass: PassId,
) -> Verdict {
    if !is_subset(&choice.from_rack, rack) {
        return Verdict::fail(RuleId::PassFromOwnRack);
    }
    if !is_subset(&choice.blind, received_unseen) {
        return Verdict::fail(RuleId::BlindFromReceivedOnly);
    }
    let jokers = jokers_in(&choice.from_rack);
    if !jokers.is_empty() {
        return Verdict::fail(RuleId::JokerNeverPassed).with(Answer::Tiles(jokers));
    }
    let jokers = jokers_in(&choice.blind);
    if !jokers.is_empty() {
        return Verdict::fail(RuleId::ReceivedJokerGoesBack).with(Answer::Tiles(jokers));
    }
    if !choice.blind.is_empty() && !pass.may_be_blind() {
        return Verdict::fail(RuleId::BlindOnlyOnLastPass).with(Answer::Passes(blind_passes()));
    }
    if choice.len() != PASS_SIZE {
        return Verdict::fail(RuleId::PassExactlyThree).with(Answer::Count(choice.len()));
    }
    Verdict::ok(legal_pass_rule(choice))
}

/// Checks one seat's part in a table round before the incoming bundles are
/// known: the same checks as [`check_pass`], in the same order, with the
/// blind tiles only counted (at most the three tiles of a pass arrive). What
/// the blind tiles turn out to be is checked once the round is resolved.
pub fn check_round_choice(rack: &[Tile], choice: &RoundChoice, pass: PassId) -> Verdict {
    if !is_subset(&choice.from_rack, rack) {
        return Verdict::fail(RuleId::PassFromOwnRack);
    }
    if choice.blind > PASS_SIZE {
        return Verdict::fail(RuleId::BlindFromReceivedOnly).with(Answer::Count(PASS_SIZE));
    }
    let jokers = jokers_in(&choice.from_rack);
    if !jokers.is_empty() {
        return Verdict::fail(RuleId::JokerNeverPassed).with(Answer::Tiles(jokers));
    }
    if choice.blind > 0 && !pass.may_be_blind() {
        return Verdict::fail(RuleId::BlindOnlyOnLastPass).with(Answer::Passes(blind_passes()));
    }
    if choice.len() != PASS_SIZE {
        return Verdict::fail(RuleId::PassExactlyThree).with(Answer::Count(choice.len()));
    }
    if choice.blind > 0 {
        Verdict::ok(RuleId::BlindOnlyOnLastPass)
    } else {
        Verdict::ok(legal_pass_rule(&PassChoice::rack(choice.from_rack.clone())))
    }
}

fn legal_pass_rule(choice: &PassChoice) -> RuleId {
    let tiles = choice.tiles();
    if !choice.blind.is_empty() {
        RuleId::BlindOnlyOnLastPass
    } else if tiles.iter().any(|t| t.is_flower()) {
        RuleId::FlowerIsNotJoker
    } else if tiles.iter().any(|t| t.is_soap()) {
        RuleId::SoapIsNotJoker
    } else {
        RuleId::PassExactlyThree
    }
}

/// The passes on which tiles may be passed blind.
pub fn blind_passes() -> Vec<PassId> {
    PassId::ALL
        .into_iter()
        .filter(|p| p.may_be_blind())
        .collect()
}

/// Checks tiles received in a pass: a joker must go back (answer: the jokers).
pub fn check_received(received: &[Tile]) -> Verdict {
    let jokers = jokers_in(received);
    if jokers.is_empty() {
        Verdict::ok(RuleId::JokerNeverPassed)
    } else {
        Verdict::fail(RuleId::ReceivedJokerGoesBack).with(Answer::Tiles(jokers))
    }
}

/// Checks a claim "on `pass`, `giver` passes to `claimed`" (answer: the right seat).
pub fn check_receiver(giver: Seat, pass: PassId, claimed: Seat) -> Verdict {
    let right = receiver(giver, pass);
    Verdict::new(claimed == right, RuleId::PassDirection).with(Answer::Seat(right))
}

/// Checks a claimed order of the six pass directions (right, across, left, left, across, right).
pub fn check_order(claimed: &[Direction]) -> Verdict {
    let right: Vec<Direction> = PassId::ALL.iter().map(|p| p.direction()).collect();
    Verdict::new(claimed == right.as_slice(), RuleId::CharlestonOrder)
        .with(Answer::Passes(PassId::ALL.to_vec()))
}

/// Checks a claim "`pass` may (not) be blind" (answer: the blind-eligible passes).
pub fn check_blind_claim(pass: PassId, claimed_may_be_blind: bool) -> Verdict {
    Verdict::new(
        claimed_may_be_blind == pass.may_be_blind(),
        RuleId::BlindOnlyOnLastPass,
    )
    .with(Answer::Passes(blind_passes()))
}

/// Whether `who` may stop the second Charleston in `phase`.
///
/// Any seat may stop it, but only in `AwaitingSecondDecision` (before its
/// first tiles move). The answer says whether stopping is possible now.
pub fn can_stop_second(phase: Phase, _who: Seat) -> Verdict {
    let verdict = match phase {
        Phase::FirstCharleston(_) => Verdict::fail(RuleId::FirstCharlestonCompulsory),
        Phase::AwaitingSecondDecision => Verdict::ok(RuleId::SecondCharlestonOptional),
        Phase::SecondCharleston(_) | Phase::Courtesy | Phase::Done => {
            Verdict::fail(RuleId::SecondCharlestonStopBeforeFirstPass)
        }
    };
    let ok = verdict.ok;
    verdict.with(Answer::Bool(ok))
}

/// Whether the courtesy pass may be played in `phase` (only once the Charleston
/// is over: after the second Charleston's right pass or after a stop).
pub fn can_courtesy(phase: Phase) -> Verdict {
    Verdict::new(phase == Phase::Courtesy, RuleId::CourtesyAfterCharleston)
}

/// Number of tiles a courtesy pair exchanges: the smaller offer.
pub fn courtesy_exchange(a_offer: usize, b_offer: usize) -> usize {
    a_offer.min(b_offer)
}

/// Checks two courtesy offer sizes (answer: the number exchanged).
pub fn check_courtesy(a_offer: usize, b_offer: usize) -> Verdict {
    if a_offer.max(b_offer) > MAX_COURTESY {
        return Verdict::fail(RuleId::CourtesyZeroToThree).with(Answer::Count(MAX_COURTESY));
    }
    let n = courtesy_exchange(a_offer, b_offer);
    let rule = if n == 0 {
        RuleId::CourtesyZeroMeansNone
    } else {
        RuleId::CourtesySmallerOffer
    };
    Verdict::ok(rule).with(Answer::Count(n))
}

/// Checks the tiles one seat offers in the courtesy pass: 0-3 tiles of its
/// rack, never a joker. Courtesy tiles are never blind (all tiles are seen).
pub fn check_courtesy_offer(rack: &[Tile], offer: &[Tile]) -> Verdict {
    if offer.len() > MAX_COURTESY {
        return Verdict::fail(RuleId::CourtesyZeroToThree).with(Answer::Count(offer.len()));
    }
    if !is_subset(offer, rack) {
        return Verdict::fail(RuleId::PassFromOwnRack);
    }
    let jokers = jokers_in(offer);
    if !jokers.is_empty() {
        return Verdict::fail(RuleId::JokerNeverPassed).with(Answer::Tiles(jokers));
    }
    Verdict::ok(RuleId::CourtesyZeroToThree).with(Answer::Count(offer.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tile::parse_tiles;

    fn t(s: &str) -> Vec<Tile> {
        parse_tiles(s).unwrap()
    }

    #[test]
    fn directions_follow_turn_order() {
        assert_eq!(Seat::East.toward(Direction::Right), Seat::South);
        assert_eq!(Seat::East.toward(Direction::Across), Seat::West);
        assert_eq!(Seat::East.toward(Direction::Left), Seat::North);
        assert_eq!(giver_to(Seat::East, PassId::FirstRight), Seat::North);
        for seat in Seat::ALL {
            for pass in PassId::ALL {
                assert_eq!(giver_to(receiver(seat, pass), pass), seat);
            }
        }
    }

    #[test]
    fn exchanges_say_who_gives_to_whom() {
        use Seat::*;
        let right: Exchange = "first-right".parse().unwrap();
        assert_eq!(
            right.moves(),
            [(East, South), (South, West), (West, North), (North, East)]
        );
        let left = Exchange::Pass(PassId::SecondLeft);
        assert_eq!(left.moves()[0], (East, North));
        let courtesy: Exchange = "courtesy".parse().unwrap();
        assert_eq!(
            courtesy.moves(),
            [(East, West), (South, North), (West, East), (North, South)]
        );
        assert_eq!(courtesy.direction(), Direction::Across);
        for e in Exchange::ALL {
            assert_eq!(e.as_str().parse::<Exchange>(), Ok(e));
            // Every seat gives once and receives once.
            let mut receivers: Vec<Seat> = e.moves().iter().map(|m| m.1).collect();
            receivers.sort();
            assert_eq!(receivers, Seat::ALL);
        }
        assert!("third-right".parse::<Exchange>().is_err());
        assert_eq!(
            charleston_passes(2),
            [
                PassId::SecondLeft,
                PassId::SecondAcross,
                PassId::SecondRight
            ]
        );
    }

    #[test]
    fn passes_know_their_place() {
        let dirs: Vec<_> = PassId::ALL.iter().map(|p| p.direction().as_str()).collect();
        assert_eq!(dirs, ["right", "across", "left", "left", "across", "right"]);
        assert_eq!(blind_passes(), vec![PassId::FirstLeft, PassId::SecondRight]);
        assert_eq!(PassId::SecondAcross.charleston(), 2);
        assert_eq!(PassId::SecondAcross.index(), 2);
        assert_eq!(PassId::SecondRight.next(), None);
    }

    #[test]
    fn phases_advance_and_parse() {
        let mut phase = Phase::START;
        let mut seen = vec![phase];
        while let Some(p) = phase.next_pass() {
            phase = Phase::after(p);
            seen.push(phase);
        }
        assert_eq!(seen[..7], Phase::ALL[..7]);
        for p in Phase::ALL {
            assert_eq!(p.as_str().parse::<Phase>(), Ok(p));
        }
    }

    #[test]
    fn joker_in_pass_is_rejected() {
        let rack = t("J 1B 2B 3B 4B 5B 6B 7B 8B 9B N E S");
        let v = check_pass(
            &rack,
            &[],
            &PassChoice::rack(t("J 1B 2B")),
            PassId::FirstRight,
        );
        assert_eq!((v.ok, v.rule), (false, RuleId::JokerNeverPassed));
    }

    #[test]
    fn blind_pass_only_on_last() {
        let rack = t("1B 2B 3B 4B 5B 6B 7B 8B 9B N N N J");
        let incoming = t("E S W");
        let choice = PassChoice::with_blind(t("1B"), t("E S"));
        assert!(check_pass(&rack, &incoming, &choice, PassId::FirstLeft).ok);
        let v = check_pass(&rack, &incoming, &choice, PassId::FirstAcross);
        assert_eq!(v.rule, RuleId::BlindOnlyOnLastPass);
        assert!(!v.ok);
    }

    #[test]
    fn round_choices_count_blind_tiles() {
        let rack = t("1B 2B 3B 4B 5B 6B 7B 8B 9B N N N J");
        let check = |c: RoundChoice, p| check_round_choice(&rack, &c, p);
        let blind = RoundChoice::with_blind(t("1B"), 2);
        assert_eq!(
            check(blind.clone(), PassId::SecondRight),
            Verdict::ok(RuleId::BlindOnlyOnLastPass)
        );
        assert_eq!(
            check(blind.clone(), PassId::SecondAcross).rule,
            RuleId::BlindOnlyOnLastPass
        );
        assert!(!check(blind, PassId::SecondAcross).ok);
        assert!(check(RoundChoice::with_blind(vec![], 3), PassId::FirstLeft).ok);
        let v = check(RoundChoice::with_blind(vec![], 4), PassId::FirstLeft);
        assert_eq!((v.ok, v.rule), (false, RuleId::BlindFromReceivedOnly));
        let v = check(RoundChoice::with_blind(t("J 1B"), 1), PassId::FirstLeft);
        assert_eq!((v.ok, v.rule), (false, RuleId::JokerNeverPassed));
        let v = check(RoundChoice::with_blind(t("1B"), 1), PassId::FirstLeft);
        assert_eq!((v.ok, v.answer), (false, Answer::Count(2)));
        let resolved = RoundChoice::with_blind(t("1B"), 2).resolve(&t("E S W"));
        assert_eq!(resolved, PassChoice::with_blind(t("1B"), t("E S")));
    }

    #[test]
    fn courtesy_counts() {
        assert_eq!(check_courtesy(3, 1).answer, Answer::Count(1));
        assert_eq!(check_courtesy(2, 0).rule, RuleId::CourtesyZeroMeansNone);
        assert!(!check_courtesy(4, 1).ok);
    }
}
