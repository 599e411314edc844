//! Jokers in hands: this module owns telling jokers from look-alikes
//! (flowers, soap), which groups a joker may complete, and joker redemption.

use super::rack::check_copies;
use super::tile::Tile;
use super::verdict::{Answer, RuleId, Verdict};

/// Largest group on a card line (a sextet).
pub const MAX_GROUP: usize = 6;

/// Smallest group a joker may complete (a pung).
pub const MIN_JOKER_GROUP: usize = 3;

/// Checks a claim "`tile` is (not) a joker" (answer: whether it is one).
/// Flowers and the white dragon (soap) are the classic look-alikes.
pub fn identify_joker(tile: Tile, claimed_joker: bool) -> Verdict {
    let rule = if tile.is_flower() {
        RuleId::FlowerIsNotJoker
    } else if tile.is_soap() {
        RuleId::SoapIsNotJoker
    } else {
        RuleId::JokerIsMarked
    };
    Verdict::new(claimed_joker == tile.is_joker(), rule).with(Answer::Bool(tile.is_joker()))
}

/// The single natural tile all naturals of `group` share, if they share one
/// (flowers are interchangeable, so a flower group shares `F`).
fn common_natural(group: &[Tile]) -> Option<Tile> {
    let mut naturals = group.iter().copied().filter(|t| !t.is_joker());
    let first = naturals.next()?;
    naturals.all(|t| t == first).then_some(first)
}

/// For a joker-less group that would be identical if its flowers or soaps
/// were jokers: the rule the player confused.
fn look_alike_rule(group: &[Tile]) -> Option<RuleId> {
    let is_look_alike = |t: &Tile| t.is_flower() || t.is_soap();
    let core: Vec<Tile> = group
        .iter()
        .copied()
        .filter(|t| !is_look_alike(t))
        .collect();
    if group.len() < MIN_JOKER_GROUP || core.is_empty() || core.len() == group.len() {
        return None;
    }
    common_natural(&core)?;
    Some(RuleId::LookAlikeNeverWild)
}

fn too_many_naturals(group: &[Tile], natural: Tile) -> bool {
    group.iter().filter(|&&t| t == natural).count() > natural.copies_in_set()
}

/// Checks a group as laid out, jokers included (e.g. `6B 6B J`, `N E W J`,
/// `F F J`).
///
/// Jokers may stand only in a group of 3-6 identical tiles; flowers count as
/// identical (`joker-in-flower-group`). A group needing more naturals than the
/// set holds (a quint of 6B) needs jokers. A joker-less group that is identical
/// only if a flower or soap were a joker fails with `look-alike-never-wild`.
/// Answer on success: the tile the group is made of.
pub fn can_joker_complete(group: &[Tile]) -> Verdict {
    if group.is_empty() || group.len() > MAX_GROUP {
        return Verdict::fail(RuleId::GroupSize).with(Answer::Count(group.len()));
    }
    let jokers = group.iter().filter(|t| t.is_joker()).count();
    let natural = common_natural(group);
    if jokers == 0 {
        return joker_less_group(group, natural);
    }
    match group.len() {
        1 => return Verdict::fail(RuleId::JokerNotSingle),
        2 => return Verdict::fail(RuleId::JokerNotInPair),
        _ => {}
    }
    if jokers < group.len() && natural.is_none() {
        return Verdict::fail(RuleId::JokerCompletesIdenticalOnly);
    }
    match natural {
        Some(n) if too_many_naturals(group, n) => Verdict::fail(RuleId::QuintNeedsJoker),
        Some(n) if n.is_flower() => Verdict::ok(RuleId::JokerInFlowerGroup).with(Answer::Tile(n)),
        Some(n) => Verdict::ok(RuleId::JokerCompletesIdenticalOnly).with(Answer::Tile(n)),
        None => Verdict::ok(RuleId::JokerCompletesIdenticalOnly),
    }
}

fn joker_less_group(group: &[Tile], natural: Option<Tile>) -> Verdict {
    if let Some(rule) = look_alike_rule(group) {
        return Verdict::fail(rule);
    }
    match natural {
        Some(n) if too_many_naturals(group, n) => {
            Verdict::fail(RuleId::QuintNeedsJoker).with(Answer::Count(n.copies_in_set()))
        }
        Some(n) => Verdict::ok(RuleId::JokerCompletesIdenticalOnly).with(Answer::Tile(n)),
        None => Verdict::ok(RuleId::JokerCompletesIdenticalOnly),
    }
}

/// Checks a redemption: may the player swap `natural` for a joker in the
/// exposed group `exposed`?
///
/// Checks, in order: the exposure and the tile together hold no tile more
/// often than the set does (`too-many-copies`: no fifth 5D across a
/// `5D 5D 5D 5D J` exposure and a 5D offered); there is a joker in a valid
/// exposure; the tile is not a
/// discard (`redeem-not-from-discard`); it is the player's own turn
/// (`redeem-on-own-turn`); the tile is the natural the joker stands for
/// (`redeem-matching-tile`; answer: that tile). Any flower redeems a joker in
/// a flower group.
pub fn can_redeem(
    natural: Tile,
    exposed: &[Tile],
    on_own_turn: bool,
    from_discard: bool,
) -> Verdict {
    let mut table = exposed.to_vec();
    table.push(natural);
    if let Err(e) = check_copies(&table) {
        return e.verdict();
    }
    if !exposed.iter().any(|t| t.is_joker()) {
        return Verdict::fail(RuleId::RedeemNeedsExposedJoker);
    }
    let group = can_joker_complete(exposed);
    if !group.ok {
        return group;
    }
    if from_discard {
        return Verdict::fail(RuleId::RedeemNotFromDiscard);
    }
    if !on_own_turn {
        return Verdict::fail(RuleId::RedeemOnOwnTurn);
    }
    match common_natural(exposed) {
        Some(n) => Verdict::new(n == natural, RuleId::RedeemMatchingTile).with(Answer::Tile(n)),
        None => Verdict::fail(RuleId::RedeemMatchingTile),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tile::parse_tiles;

    fn group(s: &str) -> Verdict {
        can_joker_complete(&parse_tiles(s).unwrap())
    }

    #[test]
    fn jokers_complete_identical_groups_of_three_or_more() {
        assert!(group("6B 6B J").ok);
        assert!(group("6B J J J").ok);
        assert!(group("6B 6B 6B 6B J").ok);
        assert_eq!(group("6B J").rule, RuleId::JokerNotInPair);
        assert_eq!(group("J").rule, RuleId::JokerNotSingle);
        assert_eq!(group("N E W J").rule, RuleId::JokerCompletesIdenticalOnly);
        assert_eq!(group("2D 0 2D J").rule, RuleId::JokerCompletesIdenticalOnly);
    }

    #[test]
    fn flower_groups_and_quints() {
        assert_eq!(group("F F J").rule, RuleId::JokerInFlowerGroup);
        assert!(group("F F F F F").ok);
        assert_eq!(group("6B 6B 6B 6B 6B").rule, RuleId::QuintNeedsJoker);
        assert_eq!(group("6B 6B F").rule, RuleId::LookAlikeNeverWild);
        assert_eq!(group("6B 6B WD").rule, RuleId::LookAlikeNeverWild);
        assert!(group("N E W S").ok);
        assert_eq!(group("1B 1B 1B 1B 1B 1B 1B").rule, RuleId::GroupSize);
    }

    #[test]
    fn redemption() {
        let exposed = parse_tiles("6B 6B J").unwrap();
        let six = parse_tiles("6B").unwrap()[0];
        assert!(can_redeem(six, &exposed, true, false).ok);
        assert_eq!(
            can_redeem(six, &exposed, false, false).rule,
            RuleId::RedeemOnOwnTurn
        );
        assert_eq!(
            can_redeem(six, &exposed, true, true).rule,
            RuleId::RedeemNotFromDiscard
        );
        let seven = parse_tiles("7B").unwrap()[0];
        assert_eq!(
            can_redeem(seven, &exposed, true, false).answer,
            Answer::Tile(six)
        );
    }

    #[test]
    fn no_fifth_copy_across_exposure_and_tile() {
        let exposed = parse_tiles("5D 5D 5D 5D J").unwrap();
        let five = parse_tiles("5D").unwrap()[0];
        let v = can_redeem(five, &exposed, true, false);
        assert_eq!((v.ok, v.rule), (false, RuleId::TooManyCopies));
        assert_eq!(v.answer, Answer::Count(4));
        // Four in all is possible: three exposed, the fourth offered.
        let three = parse_tiles("5D 5D 5D J").unwrap();
        assert!(can_redeem(five, &three, true, false).ok);
        // Flowers: eight in the set, so five exposed and a sixth offered is fine.
        let flowers = parse_tiles("F F F F F J").unwrap();
        assert!(can_redeem(Tile::FLOWER, &flowers, true, false).ok);
    }

    #[test]
    fn identification() {
        assert_eq!(
            identify_joker(Tile::FLOWER, true).rule,
            RuleId::FlowerIsNotJoker
        );
        assert!(!identify_joker(Tile::SOAP, true).ok);
        assert!(identify_joker(Tile::JOKER, true).ok);
    }
}
