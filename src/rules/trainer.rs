//! The Charleston trainer: this module owns the trainer's seeded deals, the
//! computer players' stated policy (their teaching lines, their order of
//! passing preference, their passes, blind passes, second-Charleston votes
//! and courtesy offers) and [`Game`], one learner's game at a [`Table`]
//! move by move, each move's [`Verdict`] decided by the table's own checks.
//!
//! The policy, in full (see `docs/rules.md`, "The Charleston trainer"):
//!
//! - Every seat of deal *n* gets the two teaching lines, of six generated
//!   for it, that its dealt rack is closest to ([`TeachingLine::tiles_short`];
//!   ties keep generation order).
//! - Its *preference* ranks the 35 kinds that may be passed (never the
//!   joker): first the kinds neither line uses (its *spare* kinds), then by
//!   how many slots of its lines want the kind, fewest first; ties in kind
//!   order. It passes its rack's first three tiles in that order.
//! - On a pass that may be blind, a computer player holding fewer than three
//!   spare tiles passes the spare ones and forwards the rest blind, at most
//!   [`MAX_BOT_BLIND`] (so every round keeps three rack tiles in play and
//!   the blind passes always resolve).
//! - It votes to stop the second Charleston when it holds fewer than
//!   [`STOP_BELOW`] spare tiles (nothing left it wants to pass); any one
//!   "stop" ends the Charleston.
//! - In the courtesy pass it offers its spare tiles, at most three.
//!
//! Everything the browser needs is plain data here ([`Deal`], [`SeatPlan`]);
//! the site serialises it into the trainer page.

use super::charleston::{
    MAX_COURTESY, PASS_SIZE, PassId, Phase, RoundChoice, Seat, can_courtesy, can_stop_second,
    check_courtesy_offer, giver_to, receiver,
};
use super::generate::{Rng, table as deal_table, teaching_line};
use super::line::TeachingLine;
use super::table::Table;
use super::tile::Tile;
use super::verdict::{RuleId, Verdict};

/// Teaching lines each seat plays towards.
pub const LINES_PER_SEAT: usize = 2;
/// Lines generated per seat, of which the closest [`LINES_PER_SEAT`] are kept.
pub const CANDIDATE_LINES: usize = 6;
/// Most tiles a computer player forwards blind on one pass.
pub const MAX_BOT_BLIND: usize = 2;
/// A computer player stops the second Charleston when it holds fewer spare tiles than this.
pub const STOP_BELOW: usize = 3;

/// One seat's plan: its teaching lines and its order of passing preference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatPlan {
    /// The lines the seat plays towards.
    pub lines: Vec<TeachingLine>,
    /// Every kind but the joker, the kind it passes most willingly first.
    pub preference: Vec<Tile>,
    /// The first `spare` kinds of `preference` help none of its lines.
    pub spare: usize,
}

impl SeatPlan {
    /// The plan for a seat that plays towards `lines`.
    pub fn new(lines: Vec<TeachingLine>) -> SeatPlan {
        let wanted = |kind: Tile| -> usize {
            lines
                .iter()
                .map(|l| l.tiles().iter().filter(|&&t| t == kind).count())
                .sum()
        };
        let mut preference: Vec<(usize, Tile)> = Tile::kinds()
            .filter(|t| !t.is_joker())
            .map(|t| (wanted(t), t))
            .collect();
        preference.sort();
        let spare = preference.iter().filter(|(w, _)| *w == 0).count();
        SeatPlan {
            lines,
            preference: preference.into_iter().map(|(_, t)| t).collect(),
            spare,
        }
    }

    fn rank(&self, tile: Tile) -> Option<usize> {
        self.preference.iter().position(|&t| t == tile)
    }

    /// The rack's passable tiles (no jokers), most willingly passed first
    /// (same kinds keep rack order).
    pub fn ranked(&self, rack: &[Tile]) -> Vec<Tile> {
        let mut tiles: Vec<(usize, Tile)> = rack
            .iter()
            .filter_map(|&t| self.rank(t).map(|r| (r, t)))
            .collect();
        tiles.sort_by_key(|&(r, _)| r);
        tiles.into_iter().map(|(_, t)| t).collect()
    }

    /// How many of the rack's tiles are spare (help none of the lines).
    pub fn spare_count(&self, rack: &[Tile]) -> usize {
        rack.iter()
            .filter(|&&t| self.rank(t).is_some_and(|r| r < self.spare))
            .count()
    }

    /// The seat's choice for `pass` holding `rack`.
    pub fn pass_choice(&self, rack: &[Tile], pass: PassId) -> RoundChoice {
        let ranked = self.ranked(rack);
        let spare = self.spare_count(rack);
        let blind = if pass.may_be_blind() && spare < PASS_SIZE {
            (PASS_SIZE - spare).min(MAX_BOT_BLIND)
        } else {
            0
        };
        let take = (PASS_SIZE - blind).min(ranked.len());
        RoundChoice::with_blind(ranked[..take].to_vec(), blind)
    }

    /// Whether the seat votes to stop the second Charleston holding `rack`.
    pub fn votes_stop(&self, rack: &[Tile]) -> bool {
        self.spare_count(rack) < STOP_BELOW
    }

    /// The seat's courtesy offer holding `rack`: its spare tiles, at most three.
    pub fn courtesy_offer(&self, rack: &[Tile]) -> Vec<Tile> {
        let n = self.spare_count(rack).min(MAX_COURTESY);
        self.ranked(rack)[..n].to_vec()
    }
}

/// Which of `lines` `rack` is closest to, and how many tiles short it is
/// (the first of equally close lines); `None` without lines.
pub fn closest_line(lines: &[TeachingLine], rack: &[Tile]) -> Option<(usize, usize)> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| (i, l.tiles_short(rack)))
        .min_by_key(|&(i, short)| (short, i))
}

/// One deal of the trainer: four racks of 13, each seat's plan, and the
/// seat a learner who does not choose gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The deal number (its seed; deal 17 is the same everywhere).
    pub number: u64,
    /// The racks, indexed by `Seat::index`.
    pub racks: [Vec<Tile>; 4],
    /// Each seat's plan, indexed by `Seat::index`.
    pub plans: [SeatPlan; 4],
    /// The learner's seat unless they pick one.
    pub seat: Seat,
}

/// Deal number `number`.
pub fn deal(number: u64) -> Deal {
    let mut rng = Rng::from_label(&format!("trainer-deal-{number}"));
    let table = deal_table(&mut rng);
    let racks = Seat::ALL.map(|s| table.rack(s).to_vec());
    let plans = Seat::ALL.map(|s| {
        let rack = &racks[s.index()];
        let mut lines: Vec<(usize, TeachingLine)> = (0..CANDIDATE_LINES)
            .map(|_| {
                let line = teaching_line(&mut rng);
                (line.tiles_short(rack), line)
            })
            .collect();
        lines.sort_by_key(|(short, _)| *short);
        SeatPlan::new(
            lines
                .into_iter()
                .take(LINES_PER_SEAT)
                .map(|(_, l)| l)
                .collect(),
        )
    });
    let seat = Seat::ALL[rng.below(4)];
    Deal {
        number,
        racks,
        plans,
        seat,
    }
}

/// One move of the learner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// Pass these rack tiles (in this order) and forward `blind` incoming tiles unseen.
    Pass {
        /// The rack tiles passed.
        tiles: Vec<Tile>,
        /// Incoming tiles forwarded blind.
        blind: usize,
    },
    /// Vote to stop the second Charleston (or try to stop it at any other time).
    Stop,
    /// Vote to play the second Charleston.
    Continue,
    /// Offer these tiles (in this order) to the player across in the courtesy pass.
    Offer {
        /// The tiles offered.
        tiles: Vec<Tile>,
    },
}

/// What happened in one accepted move, from the learner's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A pass was played.
    Pass {
        /// Which pass.
        pass: PassId,
        /// The tiles the learner's bundle held (rack tiles, then the blind ones).
        gave: Vec<Tile>,
        /// How many of them were forwarded blind.
        blind: usize,
        /// The tiles the learner kept of its incoming bundle.
        received: Vec<Tile>,
        /// Who the learner passed to.
        to: Seat,
        /// Who passed to the learner.
        from: Seat,
    },
    /// The vote on the second Charleston.
    Vote {
        /// The seat that stopped it (`None`: it is played).
        stopped_by: Option<Seat>,
    },
    /// The courtesy pass with the player across.
    Courtesy {
        /// The learner's offer.
        offered: Vec<Tile>,
        /// The partner's offer size.
        partner_offered: usize,
        /// Tiles exchanged (the smaller offer).
        exchanged: usize,
        /// The tiles received.
        received: Vec<Tile>,
    },
}

/// One learner's game: a table dealt from a [`Deal`], the learner's seat,
/// the computer players at the other three, and what has happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    plans: [SeatPlan; 4],
    table: Table,
    learner: Seat,
    voted: bool,
    steps: Vec<Step>,
    refused: Vec<RuleId>,
}

impl Game {
    /// A new game of `deal` with the learner at `learner`.
    pub fn new(deal: &Deal, learner: Seat) -> Game {
        Game {
            plans: deal.plans.clone(),
            table: Table::deal(deal.racks.clone()).expect("a trainer deal is a legal table"),
            learner,
            voted: false,
            steps: Vec::new(),
            refused: Vec::new(),
        }
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The learner's seat.
    pub fn learner(&self) -> Seat {
        self.learner
    }

    /// Whether the vote on the second Charleston has been held.
    pub fn voted(&self) -> bool {
        self.voted
    }

    /// Every accepted move's step, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The rule of every refused move, in order.
    pub fn refused(&self) -> &[RuleId] {
        &self.refused
    }

    /// The learner's plan.
    pub fn plan(&self) -> &SeatPlan {
        &self.plans[self.learner.index()]
    }

    /// Whether the exchange is over.
    pub fn is_done(&self) -> bool {
        self.table.phase() == Phase::Done
    }

    /// Plays the learner's move: the verdict, and on a refusal nothing moves
    /// (the refused rule is recorded for the summary).
    pub fn play(&mut self, mv: &Move) -> Verdict {
        let verdict = match mv {
            Move::Pass { tiles, blind } => {
                self.pass(RoundChoice::with_blind(tiles.clone(), *blind))
            }
            Move::Stop => self.stop(),
            Move::Continue => self.go_on(),
            Move::Offer { tiles } => self.offer(tiles),
        };
        if !verdict.ok {
            self.refused.push(verdict.rule);
        }
        verdict
    }

    /// The move the learner's own plan would make now (the walkthrough's).
    pub fn suggested(&self) -> Move {
        let rack = self.table.rack(self.learner);
        let plan = self.plan();
        match self.table.phase() {
            Phase::AwaitingSecondDecision if !self.voted => Move::Continue,
            Phase::Courtesy | Phase::Done => Move::Offer {
                tiles: plan.courtesy_offer(rack),
            },
            phase => {
                let pass = phase.next_pass().unwrap_or(PassId::FirstRight);
                let choice = plan.pass_choice(rack, pass);
                Move::Pass {
                    tiles: choice.from_rack,
                    blind: choice.blind,
                }
            }
        }
    }

    fn pass(&mut self, choice: RoundChoice) -> Verdict {
        if self.table.phase() == Phase::AwaitingSecondDecision && !self.voted {
            return Verdict::fail(RuleId::SecondCharlestonOptional);
        }
        let verdict = self.table.check_choice(self.learner, &choice);
        if !verdict.ok {
            return verdict;
        }
        let Some(pass) = self.table.phase().next_pass() else {
            return Verdict::fail(RuleId::CourtesyAfterCharleston);
        };
        let choices = Seat::ALL.map(|s| {
            if s == self.learner {
                choice.clone()
            } else {
                self.plans[s.index()].pass_choice(self.table.rack(s), pass)
            }
        });
        let bundles = match self.table.bundles(&choices) {
            Ok(b) => b,
            Err(e) => return e.verdict(),
        };
        if let Err(e) = self.table.apply_round(&choices) {
            return e.verdict();
        }
        let from = giver_to(self.learner, pass);
        self.steps.push(Step::Pass {
            pass,
            gave: bundles[self.learner.index()].clone(),
            blind: choice.blind,
            received: bundles[from.index()][choice.blind..].to_vec(),
            to: receiver(self.learner, pass),
            from,
        });
        verdict
    }

    fn stop(&mut self) -> Verdict {
        match self.table.stop_second(self.learner) {
            Ok(verdict) => {
                self.voted = true;
                self.steps.push(Step::Vote {
                    stopped_by: Some(self.learner),
                });
                verdict
            }
            Err(e) => e.verdict(),
        }
    }

    fn go_on(&mut self) -> Verdict {
        let phase = self.table.phase();
        let now = can_stop_second(phase, self.learner);
        if !now.ok {
            return Verdict::fail(now.rule);
        }
        if self.voted {
            return Verdict::fail(RuleId::SecondCharlestonOptional);
        }
        self.voted = true;
        let stopper = Seat::ALL
            .into_iter()
            .find(|&s| s != self.learner && self.plans[s.index()].votes_stop(self.table.rack(s)));
        if let Some(s) = stopper {
            // Legal: the phase was checked above.
            let _ = self.table.stop_second(s);
        }
        self.steps.push(Step::Vote {
            stopped_by: stopper,
        });
        Verdict::ok(RuleId::SecondCharlestonOptional)
    }

    fn offer(&mut self, tiles: &[Tile]) -> Verdict {
        let when = can_courtesy(self.table.phase());
        if !when.ok {
            return when;
        }
        let verdict = check_courtesy_offer(self.table.rack(self.learner), tiles);
        if !verdict.ok {
            return verdict;
        }
        let offers = Seat::ALL.map(|s| {
            if s == self.learner {
                tiles.to_vec()
            } else {
                self.plans[s.index()].courtesy_offer(self.table.rack(s))
            }
        });
        let partner = self.learner.across();
        let n = courtesy_count(&offers, self.learner);
        if let Err(e) = self.table.courtesy(&offers) {
            return e.verdict();
        }
        self.steps.push(Step::Courtesy {
            offered: tiles.to_vec(),
            partner_offered: offers[partner.index()].len(),
            exchanged: n,
            received: offers[partner.index()][..n].to_vec(),
        });
        verdict
    }
}

fn courtesy_count(offers: &[Vec<Tile>; 4], seat: Seat) -> usize {
    offers[seat.index()]
        .len()
        .min(offers[seat.across().index()].len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::generate::Rng;

    fn sorted(mut tiles: Vec<Tile>) -> Vec<Tile> {
        tiles.sort();
        tiles
    }

    /// Plays `deal` from `seat` with the learner following its own plan.
    fn autoplay(deal: &Deal, seat: Seat) -> Game {
        let mut game = Game::new(deal, seat);
        for _ in 0..10 {
            if game.is_done() {
                break;
            }
            let mv = game.suggested();
            let v = game.play(&mv);
            assert!(v.ok, "deal {} {seat}: {mv:?} refused: {v}", deal.number);
        }
        assert!(game.is_done(), "deal {} did not finish", deal.number);
        game
    }

    #[test]
    fn deals_are_deterministic_and_legal() {
        assert_eq!(deal(17), deal(17));
        assert_ne!(deal(17).racks, deal(18).racks);
        for n in 1..=200 {
            let d = deal(n);
            assert!(Table::deal(d.racks.clone()).is_ok());
            for plan in &d.plans {
                assert_eq!(plan.lines.len(), LINES_PER_SEAT);
                assert_eq!(plan.preference.len(), 35);
                assert!(!plan.preference.contains(&Tile::JOKER));
            }
        }
    }

    #[test]
    fn computer_players_are_legal_by_construction() {
        // Every seat following the policy, over many deals, from every seat:
        // the table accepts every pass, vote and offer; tiles are conserved
        // and no joker changes hands.
        let mut played_second = 0;
        let mut stopped = 0;
        for n in 1..=150 {
            let d = deal(n);
            for seat in Seat::ALL {
                let game = autoplay(&d, seat);
                let before = sorted(d.racks.concat());
                assert_eq!(game.table().all_tiles(), before);
                for s in Seat::ALL {
                    let jokers = d.racks[s.index()].iter().filter(|t| t.is_joker()).count();
                    assert_eq!(game.table().jokers(s), jokers);
                    assert_eq!(game.table().tile_count(s), 13);
                }
                match game.table().stopped_by() {
                    Some(_) => stopped += 1,
                    None => played_second += 1,
                }
            }
        }
        assert!(
            played_second > 0 && stopped > 0,
            "{played_second} {stopped}"
        );
    }

    #[test]
    fn the_policy_passes_spare_tiles_first_and_blind_only_when_short() {
        let d = deal(3);
        let plan = &d.plans[0];
        let rack = &d.racks[0];
        let ranked = plan.ranked(rack);
        let ranks: Vec<usize> = ranked.iter().map(|&t| plan.rank(t).unwrap()).collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
        for pass in PassId::ALL {
            let c = plan.pass_choice(rack, pass);
            assert_eq!(c.len(), 3);
            assert!(c.blind <= MAX_BOT_BLIND);
            assert!(pass.may_be_blind() || c.blind == 0);
        }
        // A plan that wants everything it holds goes blind on the last pass.
        let mut rng = Rng::new(5);
        let lines = vec![teaching_line(&mut rng)];
        let plan = SeatPlan::new(lines.clone());
        let rack: Vec<Tile> = lines[0].tiles()[..13].to_vec();
        assert_eq!(plan.spare_count(&rack), 0);
        assert_eq!(plan.pass_choice(&rack, PassId::FirstLeft).blind, 2);
        assert_eq!(plan.pass_choice(&rack, PassId::FirstAcross).blind, 0);
        assert!(plan.votes_stop(&rack));
        assert!(plan.courtesy_offer(&rack).is_empty());
    }

    #[test]
    fn illegal_moves_are_refused_and_move_nothing() {
        let d = deal(17);
        let mut game = Game::new(&d, Seat::East);
        let rack = d.racks[0].clone();
        let plain: Vec<Tile> = rack.iter().copied().filter(|t| !t.is_joker()).collect();
        let before = game.clone();
        let two = Move::Pass {
            tiles: plain[..2].to_vec(),
            blind: 0,
        };
        assert_eq!(game.play(&two).rule, RuleId::PassExactlyThree);
        let blind = Move::Pass {
            tiles: plain[..2].to_vec(),
            blind: 1,
        };
        assert_eq!(game.play(&blind).rule, RuleId::BlindOnlyOnLastPass);
        assert_eq!(
            game.play(&Move::Stop).rule,
            RuleId::FirstCharlestonCompulsory
        );
        let big = Move::Offer {
            tiles: plain[..4].to_vec(),
        };
        assert_eq!(game.play(&big).rule, RuleId::CourtesyAfterCharleston);
        assert_eq!(game.table(), before.table());
        assert_eq!(game.refused().len(), 4);
        let with_joker = Move::Pass {
            tiles: vec![Tile::JOKER, plain[0], plain[1]],
            blind: 0,
        };
        if rack.contains(&Tile::JOKER) {
            assert_eq!(game.play(&with_joker).rule, RuleId::JokerNeverPassed);
        } else {
            assert_eq!(game.play(&with_joker).rule, RuleId::PassFromOwnRack);
        }
    }

    #[test]
    fn closest_line_picks_the_fewest_short() {
        let lines: Vec<TeachingLine> = ["FF 666B 666D EEEE", "111C 222C 333C NN"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let rack = crate::rules::parse_tiles("1C 1C 1C 2C 2C F").unwrap();
        assert_eq!(closest_line(&lines, &rack), Some((1, 6)));
        assert_eq!(closest_line(&[], &rack), None);
    }
}
