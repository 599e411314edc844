//! American Mahjong rules: this module owns everything the site knows about
//! the game itself — tiles and their notation, racks, the Charleston (one
//! seat's checks and the four-seat table), jokers in hands, teaching lines,
//! rule verdicts, seeded exercise generators, and the Charleston trainer's
//! deals and computer players. Pure: no I/O, no templates, no Markdown
//! (`tests/testsuite/rules_boundary.rs` enforces it).
//!
//! Every check returns a [`Verdict`] naming a [`RuleId`]; the site localises
//! the explanation by the rule id. See `docs/rules.md`.
//!
//! ```
//! use tilebook::rules::{PassChoice, PassId, RuleId, check_pass, parse_tiles};
//!
//! let rack = parse_tiles("J 1B 2B 3B 4B 5B 6B 7B 8B 9B F WD N").unwrap();
//! let choice = PassChoice::rack(parse_tiles("J 1B 2B").unwrap());
//! let verdict = check_pass(&rack, &[], &choice, PassId::FirstRight);
//! assert!(!verdict.ok);
//! assert_eq!(verdict.rule.as_str(), "joker-never-passed");
//! assert_eq!(verdict.rule, RuleId::JokerNeverPassed);
//! ```

pub mod charleston;
pub mod courtesy;
pub mod generate;
pub mod joker;
pub mod line;
pub mod rack;
pub mod seat;
pub mod table;
pub mod tile;
pub mod trainer;
pub mod verdict;

pub use charleston::{
    Direction, Exchange, PassChoice, PassId, Phase, RoundChoice, Seat, blind_passes, can_courtesy,
    can_stop_second, charleston_passes, check_blind_claim, check_courtesy, check_courtesy_offer,
    check_order, check_pass, check_received, check_receiver, check_round_choice, courtesy_exchange,
    giver_to, receiver,
};
pub use courtesy::{check_courtesy_now, check_courtesy_size};
pub use joker::{can_joker_complete, can_redeem, identify_joker};
pub use line::{
    Group, LineParseError, TeachingLine, check_clean_pass, group_needing, helps_any,
    recommended_blind_pass, recommended_pass, unhelpful_tiles,
};
pub use rack::{Rack, RackError, check_rack, check_seat_rack, check_set_count, check_tile_fact};
pub use table::{PassView, Table, TableError};
pub use tile::{
    Dragon, Family, Kind, SetGroup, Suit, Tile, TileParseError, Wind, format_tiles, full_set,
    parse_tiles,
};
pub use verdict::{Answer, RuleId, Verdict};
