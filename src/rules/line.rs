//! Teaching lines: this module owns the notation for invented practice lines
//! (e.g. `FF 666B 666D EEEE`, never copied from an official card), and the
//! matcher that says which tiles help a line, how far a rack is from it, and
//! which rack tiles help none of a player's lines (a "clean pass").
//!
//! Notation: groups separated by spaces. A group ending in a suit letter
//! (`B`, `C`, `D`) is a run of digits in that suit (`666B`, `123C`), where `0`
//! is the white dragon (years: `2026D`). Any other group is a run of honour
//! letters: `F` flower, `N E S W` winds, `R G` red/green dragon, `0` white
//! dragon (`FF`, `EEEE`, `NEWS`, `RRR`, `000`). Case-insensitive; 1-6 tiles a
//! group.

use std::fmt;
use std::str::FromStr;

use super::charleston::PASS_SIZE;
use super::joker::{MAX_GROUP, MIN_JOKER_GROUP};
use super::tile::{Counts, Suit, Tile, Wind, is_subset, tokens};
use super::verdict::{Answer, RuleId, Verdict};

/// One group of a teaching line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Group(Vec<Tile>);

impl Group {
    /// The group's tiles.
    pub fn tiles(&self) -> &[Tile] {
        &self.0
    }

    /// Whether all tiles are the same (flowers are interchangeable).
    pub fn is_identical(&self) -> bool {
        self.0.windows(2).all(|w| w[0] == w[1])
    }

    /// Whether jokers may fill this group: 3+ identical tiles.
    pub fn joker_fillable(&self) -> bool {
        self.0.len() >= MIN_JOKER_GROUP && self.is_identical()
    }

    fn is_writable(&self) -> bool {
        let sized = (1..=MAX_GROUP).contains(&self.0.len());
        let honours = self.0.iter().all(|t| t.rank().is_none() && !t.is_joker());
        let suited =
            self.suit().is_some() && self.0.iter().all(|t| t.rank().is_some() || t.is_soap());
        sized && (honours || suited)
    }

    fn suit(&self) -> Option<Suit> {
        let mut suits = self.0.iter().filter_map(|t| match t.kind() {
            super::tile::Kind::Suited(s, _) => Some(s),
            _ => None,
        });
        let first = suits.next()?;
        suits.all(|s| s == first).then_some(first)
    }
}

fn honour_char(tile: Tile) -> char {
    match tile.id() {
        "RD" => 'R',
        "GD" => 'G',
        "WD" => '0',
        id => id.chars().next().unwrap_or('?'),
    }
}

fn suit_letter(suit: Suit) -> char {
    match suit {
        Suit::Bam => 'B',
        Suit::Crak => 'C',
        Suit::Dot => 'D',
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suited_or_soap = self.0.iter().all(|t| t.rank().is_some() || t.is_soap());
        match self.suit() {
            Some(suit) if suited_or_soap => {
                for t in &self.0 {
                    write!(f, "{}", t.rank().unwrap_or(0))?;
                }
                write!(f, "{}", suit_letter(suit))
            }
            _ => self
                .0
                .iter()
                .try_for_each(|&t| write!(f, "{}", honour_char(t))),
        }
    }
}

/// A teaching-line notation error: byte offset, offending group, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineParseError {
    /// Byte offset of the offending character (or group) in the text.
    pub offset: usize,
    /// The offending group as written.
    pub token: String,
    /// What is wrong, in English (for tests and debugging).
    pub reason: &'static str,
}

impl fmt::Display for LineParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in group \"{}\" at byte {}",
            self.reason, self.token, self.offset
        )
    }
}

impl std::error::Error for LineParseError {}

fn suit_of_letter(c: char) -> Option<Suit> {
    match c {
        'B' => Some(Suit::Bam),
        'C' => Some(Suit::Crak),
        'D' => Some(Suit::Dot),
        _ => None,
    }
}

fn honour_tile(c: char) -> Option<Tile> {
    match c {
        'F' => Some(Tile::FLOWER),
        'N' => Some(Tile::wind(Wind::North)),
        'E' => Some(Tile::wind(Wind::East)),
        'S' => Some(Tile::wind(Wind::South)),
        'W' => Some(Tile::wind(Wind::West)),
        'R' => Some(Tile::RED_DRAGON),
        'G' => Some(Tile::GREEN_DRAGON),
        '0' => Some(Tile::SOAP),
        _ => None,
    }
}

fn digit_tile(c: char, suit: Suit) -> Option<Tile> {
    match c.to_digit(10)? {
        0 => Some(Tile::SOAP),
        d => Tile::suited(suit, d as u8),
    }
}

fn parse_group(offset: usize, token: &str) -> Result<Group, LineParseError> {
    let upper = token.to_ascii_uppercase();
    let err = |at: usize, reason| LineParseError {
        offset: offset + at,
        token: token.into(),
        reason,
    };
    let last = upper.chars().last().unwrap_or(' ');
    let body = &upper[..upper.len() - last.len_utf8()];
    let suited = suit_of_letter(last)
        .filter(|_| !body.is_empty() && body.chars().all(|c| c.is_ascii_digit()));
    let has_rank = upper.chars().any(|c| ('1'..='9').contains(&c));
    if suited.is_none() && has_rank {
        return Err(err(
            upper.len() - last.len_utf8(),
            "digits need a suit letter B, C or D at the end",
        ));
    }
    let tiles: Vec<Tile> = match suited {
        Some(suit) => body
            .chars()
            .map(|c| digit_tile(c, suit))
            .collect::<Option<_>>()
            .ok_or(err(0, "bad digit"))?,
        None => upper
            .char_indices()
            .map(|(i, c)| honour_tile(c).ok_or(err(i, "unknown letter")))
            .collect::<Result<_, _>>()?,
    };
    if tiles.len() > MAX_GROUP {
        return Err(err(0, "group longer than 6 tiles"));
    }
    Ok(Group(tiles))
}

/// An invented practice line: groups of tiles a player aims for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TeachingLine(Vec<Group>);

impl TeachingLine {
    /// Parses the line notation, e.g. `"FF 666B 666D EEEE"`.
    pub fn parse(text: &str) -> Result<TeachingLine, LineParseError> {
        let groups = tokens(text)
            .map(|(offset, token)| parse_group(offset, token))
            .collect::<Result<Vec<_>, _>>()?;
        if groups.is_empty() {
            return Err(LineParseError {
                offset: 0,
                token: String::new(),
                reason: "empty line",
            });
        }
        Ok(TeachingLine(groups))
    }

    /// Builds a line from groups of tiles. `None` unless every group has 1-6
    /// tiles and can be written in the notation (one suit plus soaps, or
    /// honours only; no jokers).
    pub fn from_groups(groups: Vec<Vec<Tile>>) -> Option<TeachingLine> {
        let line = TeachingLine(groups.into_iter().map(Group).collect());
        let ok = !line.0.is_empty() && line.0.iter().all(Group::is_writable);
        ok.then_some(line)
    }

    /// The groups.
    pub fn groups(&self) -> &[Group] {
        &self.0
    }

    /// All tiles of the line, group by group.
    pub fn tiles(&self) -> Vec<Tile> {
        self.0.iter().flat_map(|g| g.0.iter().copied()).collect()
    }

    /// Number of tiles in the line.
    pub fn len(&self) -> usize {
        self.0.iter().map(|g| g.0.len()).sum()
    }

    /// Always false: a parsed line has at least one group.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `tile` helps this line: it appears in a group, or it is a joker
    /// and the line has a group jokers may fill.
    pub fn helps(&self, tile: Tile) -> bool {
        if tile.is_joker() {
            self.0.iter().any(Group::joker_fillable)
        } else {
            self.0.iter().any(|g| g.0.contains(&tile))
        }
    }

    /// How many tiles `rack` is short of this line. Naturals fill any slot of
    /// their kind (pairs, singles and mixed groups first); jokers fill only
    /// slots in groups of 3+ identical tiles.
    pub fn tiles_short(&self, rack: &[Tile]) -> usize {
        let have = Counts::of(rack);
        let (fixed, fillable) = self.slot_counts();
        let mut short = 0;
        let mut joker_slots = 0;
        for tile in Tile::kinds().filter(|t| !t.is_joker()) {
            let (need_fixed, need_fill) = (fixed.get(tile), fillable.get(tile));
            short += need_fixed.saturating_sub(have.get(tile));
            let spare = have.get(tile).saturating_sub(need_fixed);
            joker_slots += need_fill.saturating_sub(spare);
        }
        short + joker_slots.saturating_sub(have.get(Tile::JOKER))
    }

    /// The groups as a rack would hold them: where the line asks for more
    /// copies of a tile than the set holds (a quint of 3 Dots), the copies
    /// beyond the set's are jokers. Naturals come first in each group.
    pub fn drawn_groups(&self) -> Vec<Vec<Tile>> {
        let mut seen: Vec<Tile> = Vec::new();
        self.0
            .iter()
            .map(|g| {
                let mut tiles: Vec<Tile> = g
                    .0
                    .iter()
                    .map(|&t| {
                        seen.push(t);
                        let beyond = seen.iter().filter(|&&s| s == t).count() > t.copies_in_set();
                        if beyond && g.joker_fillable() {
                            Tile::JOKER
                        } else {
                            t
                        }
                    })
                    .collect();
                tiles.sort_by_key(|t| t.is_joker());
                tiles
            })
            .collect()
    }

    /// Whether the line asks for more natural copies of some tile than the
    /// set holds, so that only jokers can complete it (a quint of 3 Dots).
    pub fn needs_jokers(&self) -> bool {
        Counts::of(&self.tiles()).over_set().is_some()
    }

    /// The line's tiles split as [`TeachingLine::tiles_short`] counts them:
    /// (tiles of groups only naturals fill, tiles of groups jokers may fill).
    pub fn slot_tiles(&self) -> (Vec<Tile>, Vec<Tile>) {
        let (fill, fixed): (Vec<&Group>, Vec<&Group>) =
            self.0.iter().partition(|g| g.joker_fillable());
        let flat = |gs: Vec<&Group>| -> Vec<Tile> {
            gs.iter().flat_map(|g| g.0.iter().copied()).collect()
        };
        (flat(fixed), flat(fill))
    }

    /// Per-kind slot counts: (slots only naturals fill, slots jokers may fill).
    fn slot_counts(&self) -> (Counts, Counts) {
        let (fixed, fill) = self.slot_tiles();
        (Counts::of(&fixed), Counts::of(&fill))
    }
}

impl fmt::Display for TeachingLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups: Vec<String> = self.0.iter().map(Group::to_string).collect();
        f.write_str(&groups.join(" "))
    }
}

impl FromStr for TeachingLine {
    type Err = LineParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TeachingLine::parse(s)
    }
}

/// Whether `tile` helps at least one of `lines`.
pub fn helps_any(lines: &[TeachingLine], tile: Tile) -> bool {
    lines.iter().any(|line| line.helps(tile))
}

/// The rack tiles (in rack order) that help none of `lines`. Jokers are never
/// listed: they may not be passed whatever the lines.
pub fn unhelpful_tiles(rack: &[Tile], lines: &[TeachingLine]) -> Vec<Tile> {
    rack.iter()
        .copied()
        .filter(|&t| !t.is_joker() && !helps_any(lines, t))
        .collect()
}

/// Where `lines` need `tile`: the first line and group (both 1-based) that
/// holds it (a joker: the first group jokers may fill). `None` when no line
/// needs it.
pub fn group_needing(lines: &[TeachingLine], tile: Tile) -> Option<(usize, usize)> {
    lines.iter().enumerate().find_map(|(l, line)| {
        let g = line.0.iter().position(|g| {
            if tile.is_joker() {
                g.joker_fillable()
            } else {
                g.0.contains(&tile)
            }
        })?;
        Some((l + 1, g + 1))
    })
}

/// The recommended tiles to pass: `n` rack positions whose tiles are no
/// jokers and help none of `lines` (the clean-pass judgement), the
/// loneliest first (fewest copies on the rack, so no pair or pung is
/// broken while a single can go), then in rack order. `None` when fewer
/// than `n` such tiles are on the rack: no clean answer exists.
pub fn recommended_pass(rack: &[Tile], lines: &[TeachingLine], n: usize) -> Option<Vec<usize>> {
    let mut clean = clean_by_loneliness(rack, lines);
    if clean.len() < n {
        return None;
    }
    clean.truncate(n);
    clean.sort_unstable();
    Some(clean)
}

/// The rack positions of tiles that are no jokers and help none of
/// `lines`, the loneliest first (fewest copies on the rack), then in rack
/// order.
pub fn clean_by_loneliness(rack: &[Tile], lines: &[TeachingLine]) -> Vec<usize> {
    let counts = Counts::of(rack);
    let mut clean: Vec<usize> = (0..rack.len())
        .filter(|&i| !rack[i].is_joker() && !helps_any(lines, rack[i]))
        .collect();
    clean.sort_by_key(|&i| (counts.get(rack[i]), i));
    clean
}

/// The recommended blind pass: the rack's lone clean tiles (one copy on the
/// rack, helping no line) first, then as many of the `unseen` tiles as the
/// pass still needs, then the rack's other clean tiles. Returns the rack
/// positions and how many unseen tiles go on blind; `None` when no three
/// tiles make a clean pass.
pub fn recommended_blind_pass(
    rack: &[Tile],
    unseen: usize,
    lines: &[TeachingLine],
) -> Option<(Vec<usize>, usize)> {
    let counts = Counts::of(rack);
    let clean = clean_by_loneliness(rack, lines);
    let lone = clean.iter().filter(|&&i| counts.get(rack[i]) == 1).count();
    // at least one unseen tile goes on where any arrives: the example
    // shows what a blind pass is
    let from_rack = lone.min(PASS_SIZE - unseen.min(1));
    let blind = (PASS_SIZE - from_rack).min(unseen);
    let more = PASS_SIZE - from_rack - blind;
    if clean.len() < from_rack + more {
        return None;
    }
    let mut picked = clean[..from_rack + more].to_vec();
    picked.sort_unstable();
    Some((picked, blind))
}

/// Checks a "clean pass": three rack tiles, no joker, none helping any line.
/// On failure by `clean-pass-helps-no-line`, the answer lists the helping tiles.
pub fn check_clean_pass(rack: &[Tile], lines: &[TeachingLine], choice: &[Tile]) -> Verdict {
    if !is_subset(choice, rack) {
        return Verdict::fail(RuleId::PassFromOwnRack);
    }
    if choice.iter().any(|t| t.is_joker()) {
        return Verdict::fail(RuleId::JokerNeverPassed);
    }
    if choice.len() != PASS_SIZE {
        return Verdict::fail(RuleId::PassExactlyThree).with(Answer::Count(choice.len()));
    }
    let helping: Vec<Tile> = choice
        .iter()
        .copied()
        .filter(|&t| helps_any(lines, t))
        .collect();
    let verdict = Verdict::new(helping.is_empty(), RuleId::CleanPassHelpsNoLine);
    if helping.is_empty() {
        verdict.with(Answer::Tiles(unhelpful_tiles(rack, lines)))
    } else {
        verdict.with(Answer::Tiles(helping))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tile::parse_tiles;

    fn line(s: &str) -> TeachingLine {
        TeachingLine::parse(s).unwrap()
    }

    #[test]
    fn parses_and_formats() {
        let l = line("ff 666B 666d EEEE 2026C NEWS RRR 000");
        assert_eq!(l.to_string(), "FF 666B 666D EEEE 2026C NEWS RRR 000");
        assert_eq!(l.len(), 2 + 3 + 3 + 4 + 4 + 4 + 3 + 3);
        assert_eq!(l.groups()[4].tiles()[1], Tile::SOAP);
    }

    #[test]
    fn parse_errors_point_at_the_problem() {
        let err = TeachingLine::parse("FF 66X").unwrap_err();
        assert_eq!((err.offset, err.token.as_str()), (5, "66X"));
        assert!(TeachingLine::parse("  ").is_err());
        assert!(TeachingLine::parse("1111111B").is_err());
    }

    #[test]
    fn a_quint_of_a_tile_the_set_holds_four_times_is_drawn_with_a_joker() {
        let l = line("FFFFF 33333D GGGG");
        assert!(l.needs_jokers());
        let drawn = l.drawn_groups();
        assert_eq!(drawn[0], vec![Tile::FLOWER; 5], "eight flowers exist");
        assert_eq!(drawn[1], parse_tiles("3D 3D 3D 3D J").unwrap());
        assert_eq!(drawn[2], parse_tiles("GD GD GD GD").unwrap());
        assert!(!line("FF 6666B 6666D EEEE").needs_jokers());
    }

    #[test]
    fn helps_and_short() {
        let l = line("FF 666B 666D EEEE");
        assert!(l.helps(Tile::FLOWER));
        assert!(l.helps(Tile::JOKER));
        assert!(!l.helps(parse_tiles("3C").unwrap()[0]));
        assert_eq!(l.tiles_short(&[]), 12);
        assert_eq!(
            l.tiles_short(&parse_tiles("J J J J J J J J J J").unwrap()),
            2
        );
        assert_eq!(l.tiles_short(&parse_tiles("F J 6B 6B 6B 6D E").unwrap()), 5);
        assert_eq!(
            line("NEWS").tiles_short(&parse_tiles("N J J J").unwrap()),
            3
        );
    }

    #[test]
    fn the_recommended_pass_keeps_what_the_lines_need_and_breaks_no_pair() {
        let lines = [line("FF 666B 666D EEEE")];
        let rack = parse_tiles("F F 6B 6B 6D E E J 1C 1C 2C 3C N").unwrap();
        // 2C, 3C and N are alone; the 1C pair stays.
        assert_eq!(recommended_pass(&rack, &lines, 3), Some(vec![10, 11, 12]));
        assert_eq!(group_needing(&lines, rack[2]), Some((1, 2)));
        assert_eq!(group_needing(&lines, rack[8]), None);
        assert_eq!(group_needing(&lines, Tile::JOKER), Some((1, 2)));
        let tight = parse_tiles("F F 6B 6B 6D E E J J 6B 6D 1C 2C").unwrap();
        assert_eq!(recommended_pass(&tight, &lines, 3), None);
        assert_eq!(
            recommended_blind_pass(&tight, 3, &lines),
            Some((vec![11, 12], 1))
        );
        assert_eq!(recommended_blind_pass(&tight, 0, &lines), None);
        // No lines: every tile but a joker is clean; singles go first (6D too).
        assert_eq!(recommended_pass(&rack, &[], 3), Some(vec![4, 10, 11]));
    }

    #[test]
    fn clean_pass() {
        let lines = [line("FF 666B 666D EEEE"), line("FFFF 666C NNN SSS")];
        let rack = parse_tiles("F F 6B 6B 6D E E J 1C 2C 3C N S").unwrap();
        let unhelpful = unhelpful_tiles(&rack, &lines);
        assert_eq!(unhelpful, parse_tiles("1C 2C 3C").unwrap());
        assert!(check_clean_pass(&rack, &lines, &unhelpful).ok);
        let v = check_clean_pass(&rack, &lines, &parse_tiles("1C 2C N").unwrap());
        assert_eq!(v.answer, Answer::Tiles(parse_tiles("N").unwrap()));
    }
}
