//! Racks: this module owns the validated multiset a player holds during the
//! Charleston (13 tiles for every seat: East draws its 14th tile only after
//! the Charleston) and the set-count checks behind it.

use std::fmt;

use super::charleston::Seat;
use super::tile::{Counts, SetGroup, Tile, TileParseError, format_tiles, parse_tiles};
use super::verdict::{Answer, RuleId, Verdict};

/// The size of every rack during the Charleston, East's included.
pub const RACK_SIZE: usize = 13;

/// The size East reaches by drawing once the Charleston is over (never during it).
pub const EAST_AFTER_CHARLESTON: usize = 14;

/// A validated rack: 13 tiles, no kind more often than the set holds it.
/// The tiles keep the order they were given in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rack(Vec<Tile>);

/// Why a rack (or a table's tiles) is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RackError {
    /// Not 13 tiles (14 has its own rule: East draws the 14th after the Charleston).
    WrongSize {
        /// The size found.
        size: usize,
    },
    /// More copies of `tile` than the set holds.
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How many were found.
        count: usize,
    },
    /// The notation did not parse.
    Parse(TileParseError),
}

impl RackError {
    /// The verdict this error corresponds to (parse errors map to `rack-tile-count`;
    /// 14 tiles to `east-draws-after-charleston`).
    pub fn verdict(&self) -> Verdict {
        match self {
            RackError::WrongSize { size } => {
                Verdict::fail(size_rule(*size)).with(Answer::Count(*size))
            }
            RackError::TooManyCopies { tile, .. } => {
                Verdict::fail(RuleId::TooManyCopies).with(Answer::Count(tile.copies_in_set()))
            }
            RackError::Parse(_) => Verdict::fail(RuleId::RackTileCount),
        }
    }
}

impl fmt::Display for RackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RackError::WrongSize {
                size: EAST_AFTER_CHARLESTON,
            } => write!(
                f,
                "a rack holds 13 tiles during the Charleston, not 14: East draws the 14th only after it"
            ),
            RackError::WrongSize { size } => write!(f, "a rack holds 13 tiles, not {size}"),
            RackError::TooManyCopies { tile, count } => write!(
                f,
                "{count} copies of {tile}, but the set holds {}",
                tile.copies_in_set()
            ),
            RackError::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RackError {}

/// The rule a rack of the wrong `size` breaks: 14 tiles is East's count once
/// the Charleston is over (`east-draws-after-charleston`), any other size
/// `rack-tile-count`.
pub fn size_rule(size: usize) -> RuleId {
    if size == EAST_AFTER_CHARLESTON {
        RuleId::EastDrawsAfterCharleston
    } else {
        RuleId::RackTileCount
    }
}

/// Checks that no tile kind appears more often than the set holds it.
pub fn check_copies(tiles: &[Tile]) -> Result<(), RackError> {
    match Counts::of(tiles).over_set() {
        Some((tile, count)) => Err(RackError::TooManyCopies { tile, count }),
        None => Ok(()),
    }
}

/// Checks a rack's tiles as a verdict (`rack-tile-count`, `too-many-copies`).
pub fn check_rack(tiles: &[Tile]) -> Verdict {
    match Rack::new(tiles.to_vec()) {
        Ok(_) => Verdict::ok(RuleId::RackTileCount).with(Answer::Count(tiles.len())),
        Err(e) => e.verdict(),
    }
}

/// Checks the rack of a known seat during the Charleston (`rack-tile-count`,
/// `east-draws-after-charleston`, `too-many-copies`): the same for every
/// seat, East included, since East draws its 14th tile only after the
/// Charleston. A verdict on East's rack, legal or 14 tiles, names
/// `east-draws-after-charleston` (the rule that makes its 13 right); any
/// other seat's wrong size, 14 included, `rack-tile-count`: East's draw is
/// not what decides another seat's rack.
pub fn check_seat_rack(seat: Seat, tiles: &[Tile]) -> Verdict {
    let verdict = check_rack(tiles);
    let rule = match verdict.rule {
        _ if verdict.ok && seat == Seat::East => RuleId::EastDrawsAfterCharleston,
        RuleId::EastDrawsAfterCharleston if seat != Seat::East => RuleId::RackTileCount,
        rule => rule,
    };
    Verdict { rule, ..verdict }
}

/// Checks a claim "the set holds `claimed` copies of `tile`" (answer: the true count).
pub fn check_tile_fact(tile: Tile, claimed: usize) -> Verdict {
    let copies = tile.copies_in_set();
    Verdict::new(claimed == copies, RuleId::TileCopiesInSet).with(Answer::Count(copies))
}

/// Checks a claim "the set holds `claimed` tiles of `group`" (`tile-copies-in-set`;
/// answer: the true count).
pub fn check_set_count(group: SetGroup, claimed: usize) -> Verdict {
    let count = group.count();
    Verdict::new(claimed == count, RuleId::TileCopiesInSet).with(Answer::Count(count))
}

impl Rack {
    /// Validates `tiles` as a rack.
    pub fn new(tiles: Vec<Tile>) -> Result<Rack, RackError> {
        if tiles.len() != RACK_SIZE {
            return Err(RackError::WrongSize { size: tiles.len() });
        }
        check_copies(&tiles)?;
        Ok(Rack(tiles))
    }

    /// Parses and validates a rack written in tile notation.
    pub fn parse(text: &str) -> Result<Rack, RackError> {
        Rack::new(parse_tiles(text).map_err(RackError::Parse)?)
    }

    /// The tiles, in the order given.
    pub fn tiles(&self) -> &[Tile] {
        &self.0
    }

    /// The number of tiles (13).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Always false: a rack holds 13 tiles.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many copies of `tile` the rack holds.
    pub fn count(&self, tile: Tile) -> usize {
        self.0.iter().filter(|&&t| t == tile).count()
    }

    /// Positions (0-based) of the jokers on the rack.
    pub fn joker_positions(&self) -> Vec<usize> {
        (0..self.0.len())
            .filter(|&i| self.0[i].is_joker())
            .collect()
    }

    /// The tiles, consuming the rack.
    pub fn into_tiles(self) -> Vec<Tile> {
        self.0
    }
}

impl fmt::Display for Rack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_tiles(&self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_13_refuses_14_with_its_own_rule() {
        assert!(Rack::parse("1B 2B 3B 4B 5B 6B 7B 8B 9B N E S W").is_ok());
        let err = Rack::parse("1B 2B 3B 4B 5B 6B 7B 8B 9B N E S W J").unwrap_err();
        assert_eq!(err, RackError::WrongSize { size: 14 });
        assert_eq!(err.verdict().rule, RuleId::EastDrawsAfterCharleston);
        assert_eq!(
            err.to_string(),
            "a rack holds 13 tiles during the Charleston, not 14: East draws the 14th only after it"
        );
    }

    #[test]
    fn rejects_wrong_size() {
        let err = Rack::parse("1B 2B").unwrap_err();
        assert_eq!(err, RackError::WrongSize { size: 2 });
        assert_eq!(err.verdict().rule, RuleId::RackTileCount);
    }

    #[test]
    fn rejects_fifth_copy_and_ninth_joker() {
        let five = Rack::parse("6B 6B 6B 6B 6B 1C 2C 3C 4C 5C 6C 7C 8C").unwrap_err();
        assert_eq!(five.verdict().rule, RuleId::TooManyCopies);
        let nine = Rack::parse("J J J J J J J J J 1C 2C 3C 4C").unwrap_err();
        assert!(matches!(nine, RackError::TooManyCopies { count: 9, .. }));
        assert!(Rack::parse("J J J J J J J J F F F F F").is_ok());
    }

    #[test]
    fn no_seat_holds_14_during_the_charleston() {
        let fourteen = parse_tiles("1B 2B 3B 4B 5B 6B 7B 8B 9B N E S W J").unwrap();
        for seat in Seat::ALL {
            let v = check_seat_rack(seat, &fourteen);
            // East's 14 is about East's draw; another seat's, a plain count
            let rule = if seat == Seat::East {
                RuleId::EastDrawsAfterCharleston
            } else {
                RuleId::RackTileCount
            };
            assert_eq!((v.ok, v.rule), (false, rule), "{seat}");
            assert_eq!(v.answer, Answer::Count(14));
        }
        let east = check_seat_rack(Seat::East, &fourteen[..13]);
        assert_eq!(
            (east.ok, east.rule),
            (true, RuleId::EastDrawsAfterCharleston)
        );
        let north = check_seat_rack(Seat::North, &fourteen[..13]);
        assert_eq!((north.ok, north.rule), (true, RuleId::RackTileCount));
        let v = check_seat_rack(Seat::East, &fourteen[..12]);
        assert_eq!((v.ok, v.rule), (false, RuleId::RackTileCount));
        let five = parse_tiles("6B 6B 6B 6B 6B 1C 2C 3C 4C 5C 6C 7C 8C").unwrap();
        assert_eq!(
            check_seat_rack(Seat::West, &five).rule,
            RuleId::TooManyCopies
        );
    }

    #[test]
    fn joker_positions_are_found() {
        let rack = Rack::parse("J 2B 3B 4B 5B 6B F 8B 9B N E WD J").unwrap();
        assert_eq!(rack.joker_positions(), vec![0, 12]);
    }
}
