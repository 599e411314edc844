//! Seats and passes: the four seats in turn order, the direction of a pass,
//! the six Charleston passes, the courtesy pass ([`Exchange`]: who gives to
//! whom) and the phases of the exchange before play. Plain types below
//! `verdict` (which names seats and passes) and the Charleston's checks.

use std::fmt;
use std::str::FromStr;

/// A seat at the table, in turn order East → South → West → North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    /// East (the dealer).
    East,
    /// South.
    South,
    /// West.
    West,
    /// North.
    North,
}

impl Seat {
    /// The four seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::East, Seat::South, Seat::West, Seat::North];

    /// Position in turn order (East 0 … North 3).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat `steps` places later in turn order.
    fn after(self, steps: usize) -> Seat {
        Seat::ALL[(self.index() + steps) % 4]
    }

    /// The seat a pass in `direction` goes to: right = next, across = opposite, left = previous.
    pub fn toward(self, direction: Direction) -> Seat {
        match direction {
            Direction::Right => self.after(1),
            Direction::Across => self.after(2),
            Direction::Left => self.after(3),
        }
    }

    /// The seat a pass in `direction` comes from (passing right, you receive from the left).
    pub fn from_direction(self, direction: Direction) -> Seat {
        self.toward(direction.reverse())
    }

    /// The player across (courtesy partner).
    pub fn across(self) -> Seat {
        self.toward(Direction::Across)
    }

    /// Stable lowercase key, e.g. `"east"`.
    pub fn as_str(self) -> &'static str {
        ["east", "south", "west", "north"][self.index()]
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Seat {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Seat::ALL
            .into_iter()
            .find(|seat| seat.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown seat \"{s}\""))
    }
}

/// The direction of a pass, relative to the passing seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// To the next player in turn order.
    Right,
    /// To the opposite seat.
    Across,
    /// To the previous player in turn order.
    Left,
}

impl Direction {
    /// The direction tiles arrive from when passing this way (right ↔ left).
    pub fn reverse(self) -> Direction {
        match self {
            Direction::Right => Direction::Left,
            Direction::Across => Direction::Across,
            Direction::Left => Direction::Right,
        }
    }

    /// Stable lowercase key, e.g. `"across"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Right => "right",
            Direction::Across => "across",
            Direction::Left => "left",
        }
    }
}

impl FromStr for Direction {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [Direction::Right, Direction::Across, Direction::Left]
            .into_iter()
            .find(|d| d.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown direction \"{s}\""))
    }
}

/// One of the six Charleston passes, in playing order ("ROLLOR").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PassId {
    /// First Charleston, pass 1: right.
    FirstRight,
    /// First Charleston, pass 2: across.
    FirstAcross,
    /// First Charleston, pass 3: left (may be blind).
    FirstLeft,
    /// Second Charleston, pass 1: left.
    SecondLeft,
    /// Second Charleston, pass 2: across.
    SecondAcross,
    /// Second Charleston, pass 3: right (may be blind).
    SecondRight,
}

impl PassId {
    /// The six passes in playing order.
    pub const ALL: [PassId; 6] = [
        PassId::FirstRight,
        PassId::FirstAcross,
        PassId::FirstLeft,
        PassId::SecondLeft,
        PassId::SecondAcross,
        PassId::SecondRight,
    ];

    fn ordinal(self) -> usize {
        self as usize
    }

    /// Which way this pass goes.
    pub fn direction(self) -> Direction {
        [
            Direction::Right,
            Direction::Across,
            Direction::Left,
            Direction::Left,
            Direction::Across,
            Direction::Right,
        ][self.ordinal()]
    }

    /// Which Charleston (1 or 2) this pass belongs to.
    pub fn charleston(self) -> u8 {
        if self.ordinal() < 3 { 1 } else { 2 }
    }

    /// Position within its Charleston (1, 2 or 3).
    pub fn index(self) -> u8 {
        (self.ordinal() % 3) as u8 + 1
    }

    /// Whether this is the third pass of its Charleston.
    pub fn is_last_of_charleston(self) -> bool {
        self.index() == 3
    }

    /// Whether tiles may be passed blind: only on the last pass of a Charleston.
    pub fn may_be_blind(self) -> bool {
        self.is_last_of_charleston()
    }

    /// The pass after this one (`None` after the second Charleston's last).
    pub fn next(self) -> Option<PassId> {
        PassId::ALL.get(self.ordinal() + 1).copied()
    }

    /// Stable kebab-case key, e.g. `"first-left"`.
    pub fn as_str(self) -> &'static str {
        [
            "first-right",
            "first-across",
            "first-left",
            "second-left",
            "second-across",
            "second-right",
        ][self.ordinal()]
    }
}

impl fmt::Display for PassId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for PassId {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PassId::ALL
            .into_iter()
            .find(|p| p.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown pass \"{s}\""))
    }
}

/// One exchange of tiles between the seats before play: one of the six
/// Charleston passes, or the courtesy pass (each seat with the seat across).
/// Its [`Exchange::moves`] say who gives to whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Exchange {
    /// A Charleston pass.
    Pass(PassId),
    /// The courtesy pass, with the player across.
    Courtesy,
}

impl Exchange {
    /// Every exchange, in playing order: the six passes, then the courtesy pass.
    pub const ALL: [Exchange; 7] = [
        Exchange::Pass(PassId::FirstRight),
        Exchange::Pass(PassId::FirstAcross),
        Exchange::Pass(PassId::FirstLeft),
        Exchange::Pass(PassId::SecondLeft),
        Exchange::Pass(PassId::SecondAcross),
        Exchange::Pass(PassId::SecondRight),
        Exchange::Courtesy,
    ];

    /// Which way the tiles go (the courtesy pass goes across).
    pub fn direction(self) -> Direction {
        match self {
            Exchange::Pass(p) => p.direction(),
            Exchange::Courtesy => Direction::Across,
        }
    }

    /// The seat that receives `giver`'s tiles.
    pub fn receiver(self, giver: Seat) -> Seat {
        match self {
            Exchange::Pass(p) => receiver(giver, p),
            Exchange::Courtesy => giver.across(),
        }
    }

    /// Who gives to whom: `(giver, receiver)` for each seat in turn order.
    pub fn moves(self) -> [(Seat, Seat); 4] {
        Seat::ALL.map(|giver| (giver, self.receiver(giver)))
    }

    /// Stable key: the pass's key (`"first-right"`, …) or `"courtesy"`
    /// (the key of [`Phase::Courtesy`]).
    pub fn as_str(self) -> &'static str {
        match self {
            Exchange::Pass(p) => p.as_str(),
            Exchange::Courtesy => Phase::Courtesy.as_str(),
        }
    }
}

impl fmt::Display for Exchange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Exchange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Exchange::ALL
            .into_iter()
            .find(|e| e.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown pass \"{s}\""))
    }
}

/// Where a table stands in the exchange before play.
///
/// `FirstCharleston(p)` and `SecondCharleston(p)` name the *next* pass to be
/// played. Between the first Charleston's left pass and the second's first
/// tiles moving, the table is in `AwaitingSecondDecision`: this is the only
/// time the second Charleston may be stopped. `SecondCharleston` therefore
/// only ever holds `SecondAcross` or `SecondRight`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The first Charleston; the pass is the next one to play.
    FirstCharleston(PassId),
    /// First Charleston done; the second may be stopped or started (its left pass).
    AwaitingSecondDecision,
    /// The second Charleston has started; the pass is the next one to play.
    SecondCharleston(PassId),
    /// The courtesy pass with the player across.
    Courtesy,
    /// The exchange is over.
    Done,
}

impl Phase {
    /// The phase a fresh table starts in.
    pub const START: Phase = Phase::FirstCharleston(PassId::FirstRight);

    /// Every phase a table can be in, in order.
    pub const ALL: [Phase; 8] = [
        Phase::FirstCharleston(PassId::FirstRight),
        Phase::FirstCharleston(PassId::FirstAcross),
        Phase::FirstCharleston(PassId::FirstLeft),
        Phase::AwaitingSecondDecision,
        Phase::SecondCharleston(PassId::SecondAcross),
        Phase::SecondCharleston(PassId::SecondRight),
        Phase::Courtesy,
        Phase::Done,
    ];

    /// The pass a round played now would be (`None` in courtesy/done).
    pub fn next_pass(self) -> Option<PassId> {
        match self {
            Phase::FirstCharleston(p) | Phase::SecondCharleston(p) => Some(p),
            Phase::AwaitingSecondDecision => Some(PassId::SecondLeft),
            Phase::Courtesy | Phase::Done => None,
        }
    }

    /// The phase after `pass` has been played by all four seats.
    pub fn after(pass: PassId) -> Phase {
        match pass {
            PassId::FirstRight | PassId::FirstAcross => {
                Phase::FirstCharleston(pass.next().unwrap_or(pass))
            }
            PassId::FirstLeft => Phase::AwaitingSecondDecision,
            PassId::SecondLeft | PassId::SecondAcross => {
                Phase::SecondCharleston(pass.next().unwrap_or(pass))
            }
            PassId::SecondRight => Phase::Courtesy,
        }
    }

    /// Stable key: the next pass's key, `"awaiting-second"`, `"courtesy"` or `"done"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::FirstCharleston(p) | Phase::SecondCharleston(p) => p.as_str(),
            Phase::AwaitingSecondDecision => "awaiting-second",
            Phase::Courtesy => "courtesy",
            Phase::Done => "done",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Phase {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Phase::ALL
            .into_iter()
            .find(|p| p.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown phase \"{s}\""))
    }
}

/// The seat that receives `giver`'s tiles on `pass`.
pub fn receiver(giver: Seat, pass: PassId) -> Seat {
    giver.toward(pass.direction())
}

/// The seat whose tiles `seat` receives on `pass`.
pub fn giver_to(seat: Seat, pass: PassId) -> Seat {
    seat.from_direction(pass.direction())
}
