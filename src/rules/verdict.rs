//! Verdicts and rule ids: this module owns the stable, kebab-case id of every
//! rule the engine enforces and the [`Verdict`] every rule check returns.
//!
//! The site localises explanations by [`RuleId::as_str`]; the English
//! [`RuleId::summary`] exists for `Display`, tests and debugging only.

use std::fmt;

use super::seat::{PassId, Seat};
use super::tile::Tile;

macro_rules! rule_ids {
    ($( $(#[$doc:meta])* $variant:ident => $id:literal, $summary:literal; )*) => {
        /// A stable identifier for one rule. Ids never change once published.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum RuleId {
            $( $(#[$doc])* $variant, )*
        }

        impl RuleId {
            /// Every rule, in documentation order.
            pub const ALL: &'static [RuleId] = &[$(RuleId::$variant,)*];

            /// The stable kebab-case id, e.g. `"joker-never-passed"`.
            pub fn as_str(self) -> &'static str {
                match self { $(RuleId::$variant => $id,)* }
            }

            /// A one-line English summary (for `Display`, tests, debugging).
            pub fn summary(self) -> &'static str {
                match self { $(RuleId::$variant => $summary,)* }
            }

            /// This rule's position in [`RuleId::ALL`].
            pub fn index(self) -> usize {
                self as usize
            }

            /// Looks a rule up by its kebab-case id.
            pub fn from_id(id: &str) -> Option<RuleId> {
                match id { $($id => Some(RuleId::$variant),)* _ => None }
            }
        }
    };
}

rule_ids! {
    /// Tile facts: 152 tiles, 4 of each suit/wind/dragon tile, 8 flowers, 8 jokers.
    TileCopiesInSet => "tile-copies-in-set", "the set has 152 tiles: 4 of each suit, wind and dragon tile, 8 flowers, 8 jokers";
    /// Jokers are the tiles marked "Joker".
    JokerIsMarked => "joker-is-marked", "a joker is the tile marked Joker; nothing else is a joker";
    /// A flower is never a joker.
    FlowerIsNotJoker => "flower-is-not-joker", "a flower is not a joker; flowers may be passed";
    /// The white dragon (soap, 0) is never a joker.
    SoapIsNotJoker => "soap-is-not-joker", "the white dragon (soap) is not a joker; it may be passed";
    /// A rack holds 13 tiles during the Charleston.
    RackTileCount => "rack-tile-count", "a rack holds 13 tiles during the Charleston";
    /// Every seat, East included, holds 13 during the Charleston; East draws the 14th after it.
    EastDrawsAfterCharleston => "east-draws-after-charleston", "every player, East included, holds 13 tiles during the Charleston; East draws the 14th tile only after it";
    /// No tile appears more often than the set holds it.
    TooManyCopies => "too-many-copies", "no tile can appear more often than the set holds it";
    /// Every pass moves exactly three tiles.
    PassExactlyThree => "pass-exactly-three", "every Charleston pass is exactly three tiles, passed together";
    /// Passed tiles come from your own rack.
    PassFromOwnRack => "pass-from-own-rack", "the tiles you pass or offer must be on your own rack";
    /// No joker ever leaves a rack.
    JokerNeverPassed => "joker-never-passed", "a joker is never passed: not in the Charleston, a blind pass or the courtesy pass";
    /// A joker received by mistake goes back and is replaced.
    ReceivedJokerGoesBack => "received-joker-goes-back", "a joker received by mistake goes back and is replaced by a natural tile; it is never forwarded";
    /// Blind passing is allowed only on the last pass of a Charleston.
    BlindOnlyOnLastPass => "blind-only-on-last-pass", "a blind pass is allowed only on the last pass of a Charleston (first left, second right)";
    /// Blind tiles come from the bundle arriving in the same pass, unseen.
    BlindFromReceivedOnly => "blind-from-received-only", "a blind pass forwards only tiles being passed to you in that same pass, without looking at them";
    /// Right is the next seat, across the opposite one, left the previous one.
    PassDirection => "pass-direction", "right is the next player in turn order, across the opposite seat, left the previous player";
    /// Right, across, left; then left, across, right.
    CharlestonOrder => "charleston-order", "first Charleston: right, across, left; second Charleston: left, across, right";
    /// The first Charleston cannot be stopped.
    FirstCharlestonCompulsory => "first-charleston-compulsory", "the first Charleston is compulsory and cannot be stopped";
    /// Any player may stop the second Charleston before it starts.
    SecondCharlestonOptional => "second-charleston-optional", "the second Charleston is optional: any one player may stop it";
    /// Once the second Charleston's tiles move, it is played to the end.
    SecondCharlestonStopBeforeFirstPass => "second-charleston-stop-before-first-pass", "the second Charleston can be stopped only before its first tiles move; then it is played to the end";
    /// The courtesy pass follows the Charleston, also after a stop.
    CourtesyAfterCharleston => "courtesy-after-charleston", "the courtesy pass comes after the Charleston, also when the second Charleston was stopped";
    /// Each courtesy offer is 0 to 3 tiles.
    CourtesyZeroToThree => "courtesy-zero-to-three", "each player offers 0 to 3 tiles to the player across";
    /// The smaller courtesy offer is the number exchanged.
    CourtesySmallerOffer => "courtesy-smaller-offer", "the smaller of the two courtesy offers is the number of tiles exchanged";
    /// An offer of 0 means no courtesy exchange.
    CourtesyZeroMeansNone => "courtesy-zero-means-none", "a courtesy offer of 0 means no exchange for that pair";
    /// Groups have 1 to 6 tiles.
    GroupSize => "group-size", "a group has 1 to 6 tiles";
    /// Jokers complete only groups of 3+ identical tiles.
    JokerCompletesIdenticalOnly => "joker-completes-identical-only", "a joker completes only a group of 3 or more identical tiles (pung, kong, quint, sextet)";
    /// A joker never forms a pair.
    JokerNotInPair => "joker-not-in-pair", "a joker can never be part of a pair";
    /// A joker never stands as a single tile.
    JokerNotSingle => "joker-not-single", "a joker can never stand for a single tile";
    /// Flowers are interchangeable, so jokers may complete a flower group of 3+.
    /// Flowers and soap never stand in for another tile in a group.
    LookAlikeNeverWild => "look-alike-never-wild", "a flower or the white dragon (soap) never stands in for another tile in a group; only a joker does";
    JokerInFlowerGroup => "joker-in-flower-group", "flowers count as identical, so a joker may complete a flower group of 3 or more";
    /// Only four naturals of a suit/wind/dragon tile exist.
    QuintNeedsJoker => "quint-needs-joker", "a quint or sextet of a suit, wind or dragon tile needs jokers: only four naturals exist";
    /// A joker in an exposure may be redeemed only on your own turn.
    RedeemOnOwnTurn => "redeem-on-own-turn", "a joker in an exposure may be redeemed only on your own turn";
    /// A discard cannot redeem a joker.
    RedeemNotFromDiscard => "redeem-not-from-discard", "a joker cannot be redeemed with a discard";
    /// Only the matching natural tile redeems a joker.
    RedeemMatchingTile => "redeem-matching-tile", "only the natural tile the joker stands for can redeem it";
    /// Only an exposed group with a joker offers one to redeem.
    RedeemNeedsExposedJoker => "redeem-needs-exposed-joker", "there is a joker to redeem only in an exposed group that holds one";
    /// A clean pass gives away tiles that help none of your lines.
    CleanPassHelpsNoLine => "clean-pass-helps-no-line", "a clean pass gives away three tiles that help none of your practice lines";
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Data that comes with a verdict: usually the correct answer.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Answer {
    /// Nothing to add.
    #[default]
    None,
    /// A number (tiles exchanged, tiles counted, copies in the set, ...).
    Count(usize),
    /// A yes/no fact (e.g. "this tile is a joker").
    Bool(bool),
    /// One tile (e.g. the natural that redeems a joker).
    Tile(Tile),
    /// Tiles (e.g. the offending jokers).
    Tiles(Vec<Tile>),
    /// One seat (e.g. who receives a pass).
    Seat(Seat),
    /// Passes (e.g. the passes that may be blind).
    Passes(Vec<PassId>),
}

/// The outcome of one rule check: legal or not, which rule decided, and data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the checked action or claim is legal/correct.
    pub ok: bool,
    /// The rule that decided (for an `ok` verdict: the rule that makes it legal).
    pub rule: RuleId,
    /// The correct answer or the offending data, where useful.
    pub answer: Answer,
}

impl Verdict {
    /// A legal verdict decided by `rule`.
    pub fn ok(rule: RuleId) -> Self {
        Verdict {
            ok: true,
            rule,
            answer: Answer::None,
        }
    }

    /// An illegal verdict decided by `rule`.
    pub fn fail(rule: RuleId) -> Self {
        Verdict {
            ok: false,
            rule,
            answer: Answer::None,
        }
    }

    /// A verdict whose legality is `ok`.
    pub fn new(ok: bool, rule: RuleId) -> Self {
        Verdict {
            ok,
            rule,
            answer: Answer::None,
        }
    }

    /// The same verdict carrying `answer`.
    pub fn with(mut self, answer: Answer) -> Self {
        self.answer = answer;
        self
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = if self.ok { "ok" } else { "not ok" };
        write!(f, "{word} [{}]: {}", self.rule, self.rule.summary())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_kebab_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for &rule in RuleId::ALL {
            let id = rule.as_str();
            assert!(seen.insert(id), "duplicate id {id}");
            assert!(
                id.chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit())
            );
            assert_eq!(RuleId::from_id(id), Some(rule));
        }
        assert_eq!(RuleId::from_id("nope"), None);
    }

    #[test]
    fn display_names_rule_and_legality() {
        let v = Verdict::fail(RuleId::JokerNeverPassed);
        assert!(v.to_string().starts_with("not ok [joker-never-passed]"));
        assert!(
            Verdict::ok(RuleId::PassExactlyThree)
                .to_string()
                .starts_with("ok [")
        );
    }
}
