//! Tiles and tile notation: this module owns the 36 tile kinds of the
//! 152-tile American set, their stable ids, localisation keys, counts in the
//! set, and the author-facing text notation (`parse_tiles` / `format_tiles`).

use std::fmt;
use std::str::FromStr;

/// Number of distinct tile kinds (27 suit tiles, 4 winds, 3 dragons, flower, joker).
pub const KINDS: usize = 36;

/// Number of tiles in the full set.
pub const SET_SIZE: usize = 152;

/// One of the three suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Bams (bamboo), notation `B`.
    Bam,
    /// Craks (characters), notation `C`.
    Crak,
    /// Dots (circles), notation `D`.
    Dot,
}

/// One of the four winds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wind {
    /// North, `N`.
    North,
    /// East, `E`.
    East,
    /// South, `S`.
    South,
    /// West, `W`.
    West,
}

/// One of the three dragons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dragon {
    /// Red dragon, `RD`.
    Red,
    /// Green dragon, `GD`.
    Green,
    /// White dragon, `WD`; also called soap, and written `0` in year groups.
    White,
}

/// The family a tile belongs to (for grouping in lessons and exercises).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Bams 1-9.
    Bam,
    /// Craks 1-9.
    Crak,
    /// Dots 1-9.
    Dot,
    /// Winds.
    Wind,
    /// Dragons.
    Dragon,
    /// Flowers (all eight interchangeable).
    Flower,
    /// Jokers.
    Joker,
}

/// A structured view of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A suit tile with rank 1-9.
    Suited(Suit, u8),
    /// A wind.
    Wind(Wind),
    /// A dragon.
    Dragon(Dragon),
    /// A flower.
    Flower,
    /// A joker.
    Joker,
}

/// One tile kind. Always valid: it can only be built from the 36 kinds.
///
/// Ordering: bams 1-9, craks 1-9, dots 1-9, N E S W, RD GD WD, F, J.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

const IDS: [&str; KINDS] = [
    "1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", //
    "1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", //
    "1D", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", //
    "N", "E", "S", "W", "RD", "GD", "WD", "F", "J",
];

const NAME_KEYS: [&str; KINDS] = [
    "tile.bam.1",
    "tile.bam.2",
    "tile.bam.3",
    "tile.bam.4",
    "tile.bam.5",
    "tile.bam.6",
    "tile.bam.7",
    "tile.bam.8",
    "tile.bam.9",
    "tile.crak.1",
    "tile.crak.2",
    "tile.crak.3",
    "tile.crak.4",
    "tile.crak.5",
    "tile.crak.6",
    "tile.crak.7",
    "tile.crak.8",
    "tile.crak.9",
    "tile.dot.1",
    "tile.dot.2",
    "tile.dot.3",
    "tile.dot.4",
    "tile.dot.5",
    "tile.dot.6",
    "tile.dot.7",
    "tile.dot.8",
    "tile.dot.9",
    "tile.wind.north",
    "tile.wind.east",
    "tile.wind.south",
    "tile.wind.west",
    "tile.dragon.red",
    "tile.dragon.green",
    "tile.dragon.white",
    "tile.flower",
    "tile.joker",
];

const SUITS: [Suit; 3] = [Suit::Bam, Suit::Crak, Suit::Dot];
const WINDS: [Wind; 4] = [Wind::North, Wind::East, Wind::South, Wind::West];
const DRAGONS: [Dragon; 3] = [Dragon::Red, Dragon::Green, Dragon::White];

impl Tile {
    /// The flower (all eight flowers are interchangeable).
    pub const FLOWER: Tile = Tile(34);
    /// The joker.
    pub const JOKER: Tile = Tile(35);
    /// The white dragon, alias soap, alias `0`.
    pub const SOAP: Tile = Tile(33);
    /// The red dragon.
    pub const RED_DRAGON: Tile = Tile(31);
    /// The green dragon.
    pub const GREEN_DRAGON: Tile = Tile(32);

    /// All 36 tile kinds in order.
    pub fn kinds() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8).map(Tile)
    }

    /// The tile at `index` (0..36) in kind order.
    pub fn from_index(index: usize) -> Option<Tile> {
        (index < KINDS).then_some(Tile(index as u8))
    }

    /// This tile's index (0..36) in kind order.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// A suit tile; `None` unless `rank` is 1-9.
    pub fn suited(suit: Suit, rank: u8) -> Option<Tile> {
        (1..=9)
            .contains(&rank)
            .then(|| Tile(suit as u8 * 9 + rank - 1))
    }

    /// A wind tile.
    pub fn wind(wind: Wind) -> Tile {
        Tile(27 + wind as u8)
    }

    /// A dragon tile.
    pub fn dragon(dragon: Dragon) -> Tile {
        Tile(31 + dragon as u8)
    }

    /// The structured view of this tile.
    pub fn kind(self) -> Kind {
        match self.0 {
            0..=26 => Kind::Suited(SUITS[usize::from(self.0 / 9)], self.0 % 9 + 1),
            27..=30 => Kind::Wind(WINDS[usize::from(self.0 - 27)]),
            31..=33 => Kind::Dragon(DRAGONS[usize::from(self.0 - 31)]),
            34 => Kind::Flower,
            _ => Kind::Joker,
        }
    }

    /// The tile's family.
    pub fn family(self) -> Family {
        match self.kind() {
            Kind::Suited(Suit::Bam, _) => Family::Bam,
            Kind::Suited(Suit::Crak, _) => Family::Crak,
            Kind::Suited(Suit::Dot, _) => Family::Dot,
            Kind::Wind(_) => Family::Wind,
            Kind::Dragon(_) => Family::Dragon,
            Kind::Flower => Family::Flower,
            Kind::Joker => Family::Joker,
        }
    }

    /// The rank 1-9 of a suit tile.
    pub fn rank(self) -> Option<u8> {
        match self.kind() {
            Kind::Suited(_, r) => Some(r),
            _ => None,
        }
    }

    /// Whether this is a joker (flowers and soap are not).
    pub fn is_joker(self) -> bool {
        self == Tile::JOKER
    }

    /// Whether this is a flower.
    pub fn is_flower(self) -> bool {
        self == Tile::FLOWER
    }

    /// Whether this is the white dragon (soap).
    pub fn is_soap(self) -> bool {
        self == Tile::SOAP
    }

    /// How many copies of this kind the 152-tile set holds (4, or 8 for flower/joker).
    pub fn copies_in_set(self) -> usize {
        match self.kind() {
            Kind::Flower | Kind::Joker => 8,
            _ => 4,
        }
    }

    /// The stable browser id, e.g. `"1B"`, `"N"`, `"RD"`, `"F"`, `"J"`.
    pub fn id(self) -> &'static str {
        IDS[self.index()]
    }

    /// The localisation key, e.g. `"tile.bam.1"`, `"tile.dragon.white"`, `"tile.joker"`.
    pub fn name_key(self) -> &'static str {
        NAME_KEYS[self.index()]
    }

    /// Parses one token of the tile notation (case-insensitive; `0`/`soap` = `WD`).
    pub fn from_token(token: &str) -> Option<Tile> {
        if token == "0" || token.eq_ignore_ascii_case("soap") {
            return Some(Tile::SOAP);
        }
        IDS.iter()
            .position(|id| id.eq_ignore_ascii_case(token))
            .and_then(Tile::from_index)
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Tile {
    type Err = TileParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match parse_tiles(s)?.as_slice() {
            [tile] => Ok(*tile),
            _ => Err(TileParseError {
                offset: 0,
                token: s.to_string(),
            }),
        }
    }
}

/// A tile-notation error: the byte offset and the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileParseError {
    /// Byte offset of the token in the parsed text.
    pub offset: usize,
    /// The token as written.
    pub token: String,
}

impl fmt::Display for TileParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown tile \"{}\" at byte {}", self.token, self.offset)
    }
}

impl std::error::Error for TileParseError {}

/// Splits `text` at whitespace into `(byte offset, token)` pairs (the offset
/// is the token's position inside `text`, which it borrows from).
pub(crate) fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
}

/// Parses whitespace-separated tiles, e.g. `"1B 5C 9D N E S W RD GD WD F J"`.
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, TileParseError> {
    tokens(text)
        .map(|(offset, token)| {
            Tile::from_token(token).ok_or_else(|| TileParseError {
                offset,
                token: token.to_string(),
            })
        })
        .collect()
}

/// Formats tiles as canonical notation; `parse_tiles(&format_tiles(t)) == Ok(t)`.
pub fn format_tiles(tiles: &[Tile]) -> String {
    tiles.iter().map(|t| t.id()).collect::<Vec<_>>().join(" ")
}

/// The whole 152-tile set in kind order.
pub fn full_set() -> Vec<Tile> {
    Tile::kinds()
        .flat_map(|t| std::iter::repeat_n(t, t.copies_in_set()))
        .collect()
}

/// A part of the set a learner can be asked to count: the whole set, the set
/// without its jokers, the suit tiles, one family, the honours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SetGroup {
    /// All 152 tiles.
    Set,
    /// The set without its jokers (what most mahjong sets share).
    WithoutJokers,
    /// Bams, craks and dots together.
    Suits,
    /// One family.
    Family(Family),
    /// Winds and dragons together.
    Honours,
}

impl SetGroup {
    /// Every group, in the order the tiles lesson counts them.
    pub const ALL: [SetGroup; 11] = [
        SetGroup::Set,
        SetGroup::WithoutJokers,
        SetGroup::Suits,
        SetGroup::Family(Family::Bam),
        SetGroup::Family(Family::Crak),
        SetGroup::Family(Family::Dot),
        SetGroup::Honours,
        SetGroup::Family(Family::Wind),
        SetGroup::Family(Family::Dragon),
        SetGroup::Family(Family::Flower),
        SetGroup::Family(Family::Joker),
    ];

    /// Whether `tile` belongs to the group.
    pub fn contains(self, tile: Tile) -> bool {
        let family = tile.family();
        match self {
            SetGroup::Set => true,
            SetGroup::WithoutJokers => family != Family::Joker,
            SetGroup::Suits => matches!(family, Family::Bam | Family::Crak | Family::Dot),
            SetGroup::Family(f) => family == f,
            SetGroup::Honours => matches!(family, Family::Wind | Family::Dragon),
        }
    }

    /// How many tiles of the set belong to the group, counted in [`full_set`].
    pub fn count(self) -> usize {
        full_set().into_iter().filter(|&t| self.contains(t)).count()
    }

    /// Stable key, e.g. `"suits"`, `"winds"`, `"without-jokers"`.
    pub fn as_str(self) -> &'static str {
        match self {
            SetGroup::Set => "set",
            SetGroup::WithoutJokers => "without-jokers",
            SetGroup::Suits => "suits",
            SetGroup::Honours => "honours",
            SetGroup::Family(f) => match f {
                Family::Bam => "bams",
                Family::Crak => "craks",
                Family::Dot => "dots",
                Family::Wind => "winds",
                Family::Dragon => "dragons",
                Family::Flower => "flowers",
                Family::Joker => "jokers",
            },
        }
    }
}

impl std::str::FromStr for SetGroup {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SetGroup::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| format!("unknown group \"{s}\""))
    }
}

/// Per-kind counts of a multiset of tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts([usize; KINDS]);

impl Counts {
    /// Counts `tiles`.
    pub fn of(tiles: &[Tile]) -> Self {
        let mut counts = [0; KINDS];
        for t in tiles {
            counts[t.index()] += 1;
        }
        Counts(counts)
    }

    /// How many copies of `tile`.
    pub fn get(&self, tile: Tile) -> usize {
        self.0[tile.index()]
    }

    /// Whether every tile of `part` is available here (multiset inclusion).
    pub fn contains(&self, part: &Counts) -> bool {
        self.0
            .iter()
            .zip(part.0.iter())
            .all(|(have, need)| have >= need)
    }

    /// The first tile (in kind order) whose count exceeds the set, with its count.
    pub fn over_set(&self) -> Option<(Tile, usize)> {
        Tile::kinds()
            .map(|t| (t, self.get(t)))
            .find(|&(t, n)| n > t.copies_in_set())
    }
}

/// Whether `part` is a sub-multiset of `whole`.
pub fn is_subset(part: &[Tile], whole: &[Tile]) -> bool {
    Counts::of(whole).contains(&Counts::of(part))
}

/// `whole` minus one copy of each tile of `part` (order of `whole` kept).
pub fn remove_tiles(whole: &[Tile], part: &[Tile]) -> Vec<Tile> {
    let mut left = Counts::of(part).0;
    whole
        .iter()
        .copied()
        .filter(|t| {
            let n = &mut left[t.index()];
            let keep = *n == 0;
            *n = n.saturating_sub(1);
            keep
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_groups_count_what_the_tiles_lesson_says() {
        let counts: Vec<(&str, usize)> = SetGroup::ALL
            .iter()
            .map(|g| (g.as_str(), g.count()))
            .collect();
        assert_eq!(
            counts,
            [
                ("set", 152),
                ("without-jokers", 144),
                ("suits", 108),
                ("bams", 36),
                ("craks", 36),
                ("dots", 36),
                ("honours", 28),
                ("winds", 16),
                ("dragons", 12),
                ("flowers", 8),
                ("jokers", 8),
            ]
        );
        for g in SetGroup::ALL {
            assert_eq!(g.as_str().parse::<SetGroup>(), Ok(g));
        }
    }

    #[test]
    fn set_has_152_tiles_with_8_jokers_and_flowers() {
        let set = full_set();
        assert_eq!(set.len(), SET_SIZE);
        assert_eq!(set.iter().filter(|t| t.is_joker()).count(), 8);
        assert_eq!(set.iter().filter(|t| t.is_flower()).count(), 8);
        assert_eq!(Counts::of(&set).over_set(), None);
    }

    #[test]
    fn ids_keys_and_kinds_agree() {
        for t in Tile::kinds() {
            assert_eq!(Tile::from_token(t.id()), Some(t));
            assert!(t.name_key().starts_with("tile."));
        }
        assert_eq!(Tile::suited(Suit::Dot, 9).map(Tile::id), Some("9D"));
        assert_eq!(Tile::suited(Suit::Dot, 0), None);
        assert_eq!(Tile::wind(Wind::West).id(), "W");
        assert_eq!(Tile::dragon(Dragon::White), Tile::SOAP);
        assert_eq!(Tile::SOAP.name_key(), "tile.dragon.white");
        assert_eq!(Tile::JOKER.family(), Family::Joker);
    }

    #[test]
    fn parse_accepts_aliases_and_case() {
        let tiles = parse_tiles("1b  soap 0 wd j f").unwrap();
        assert_eq!(format_tiles(&tiles), "1B WD WD WD J F");
    }

    #[test]
    fn parse_reports_offset_and_token() {
        let err = parse_tiles("1B 5C 1X").unwrap_err();
        assert_eq!((err.offset, err.token.as_str()), (6, "1X"));
        assert_eq!(err.to_string(), "unknown tile \"1X\" at byte 6");
    }

    #[test]
    fn remove_tiles_removes_one_copy_each() {
        let whole = parse_tiles("6B 6B J 6B").unwrap();
        let part = parse_tiles("6B J").unwrap();
        assert_eq!(format_tiles(&remove_tiles(&whole, &part)), "6B 6B");
        assert!(is_subset(&part, &whole));
        assert!(!is_subset(&parse_tiles("J J").unwrap(), &whole));
    }
}
