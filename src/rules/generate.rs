//! Seeded generators: this module owns the deterministic PRNG (SplitMix64,
//! integer-only, so the same seed gives the same result on every machine and
//! in every language) and the generators of racks, tables, teaching lines and
//! one plain-data scenario per exercise kind.
//!
//! (Named `generate` because `gen` is a reserved keyword in Rust 2024.)
//!
//! Over 600 lines: the PRNG and one short generator per exercise kind that
//! shares it; the families that grew have their own files (`legality`,
//! `exchange`), and the rest stays here while generators are added to it
//! (the next split is by family, as `exercises::kinds` is).

use super::charleston::{
    PassChoice, PassId, Phase, RoundChoice, Seat, can_stop_second, check_courtesy, check_pass,
    giver_to, receiver,
};
use super::joker::{can_joker_complete, can_redeem};
use super::line::{TeachingLine, helps_any, unhelpful_tiles};
use super::rack::{RACK_SIZE, Rack};
use super::table::{PassView, Table, TableError};
use super::tile::{Family, Suit, Tile, Wind, full_set};
use super::verdict::Verdict;

mod legality;
pub use legality::{CourtesyCheck, PassCheck, RackCheck, courtesy_check, pass_check, rack_check};
mod exchange;
pub use exchange::{
    CourtesyFromRack, ReceivedBundle, TablePass, courtesy_from_rack, received_bundle, set_count,
    table_pass,
};

/// A small deterministic PRNG (SplitMix64).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// A generator seeded from a text label (FNV-1a), e.g. an exercise id.
    pub fn from_label(label: &str) -> Self {
        let hash = label.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        Rng(hash)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n == 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One item of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// Shuffles in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The whole set, shuffled.
pub fn wall(rng: &mut Rng) -> Vec<Tile> {
    let mut tiles = full_set();
    rng.shuffle(&mut tiles);
    tiles
}

/// A random legal rack of `size` tiles.
///
/// # Panics
/// If `size` is not 13.
pub fn rack(rng: &mut Rng, size: usize) -> Rack {
    let tiles = wall(rng)[..size].to_vec();
    Rack::new(tiles).expect("rack size must be 13")
}

/// A random rack of `size` tiles and the three (non-joker) tiles being passed
/// to it, all drawn from one shuffled wall.
fn rack_and_incoming(rng: &mut Rng, size: usize) -> (Vec<Tile>, Vec<Tile>) {
    let wall = wall(rng);
    let incoming = wall[size..]
        .iter()
        .copied()
        .filter(|t| !t.is_joker())
        .take(3)
        .collect();
    (wall[..size].to_vec(), incoming)
}

/// A random rack of 13 holding at least one joker, and three (non-joker)
/// tiles being passed to it.
fn rack_with_joker(rng: &mut Rng) -> (Vec<Tile>, Vec<Tile>) {
    let (mut tiles, incoming) = rack_and_incoming(rng, 13);
    if !tiles.iter().any(|t| t.is_joker()) {
        let at = rng.below(tiles.len());
        tiles[at] = Tile::JOKER;
    }
    (tiles, incoming)
}

/// A freshly dealt table from one shuffled wall: 13 tiles for every seat,
/// East included (East draws its 14th only after the Charleston).
pub fn table(rng: &mut Rng) -> Table {
    let wall = wall(rng);
    let racks: [Vec<Tile>; 4] =
        std::array::from_fn(|i| wall[i * RACK_SIZE..(i + 1) * RACK_SIZE].to_vec());
    Table::deal(racks).expect("a dealt wall is a legal table")
}

/// A random legal choice for the view's pass: three non-joker rack tiles, or
/// (about half the time, when the pass may be blind) 1-3 blind tiles topped
/// up with rack tiles. On its own it is legal; whether the four choices of a
/// round resolve together is up to [`legal_round`].
pub fn legal_choice(rng: &mut Rng, view: &PassView) -> RoundChoice {
    let mut rack: Vec<Tile> = view
        .rack
        .iter()
        .copied()
        .filter(|t| !t.is_joker())
        .collect();
    rng.shuffle(&mut rack);
    let blind = if view.pass.may_be_blind() && rng.chance(50) {
        rng.range(1, 3)
    } else {
        0
    };
    rack.truncate(3 - blind);
    RoundChoice::with_blind(rack, blind)
}

/// Random legal choices for the coming round of `table` that resolve
/// together: if the blind passes would be stuck, the first stuck seat passes
/// three rack tiles instead (then every bundle resolves).
///
/// # Panics
/// If no pass is due.
pub fn legal_round(rng: &mut Rng, table: &Table) -> [RoundChoice; 4] {
    let mut choices = Seat::ALL.map(|s| {
        let view = table.pass_view(s).expect("a pass is due");
        legal_choice(rng, &view)
    });
    if let Err(TableError::BlindStalemate { seats }) = table.bundles(&choices) {
        let seat = seats[0];
        let plain: Vec<Tile> = table
            .rack(seat)
            .iter()
            .copied()
            .filter(|t| !t.is_joker())
            .take(3)
            .collect();
        choices[seat.index()] = RoundChoice::rack(plain);
    }
    choices
}

fn random_offer(rng: &mut Rng, rack: &[Tile]) -> Vec<Tile> {
    let mut tiles: Vec<Tile> = rack.iter().copied().filter(|t| !t.is_joker()).collect();
    rng.shuffle(&mut tiles);
    tiles.truncate(rng.range(0, 3));
    tiles
}

/// Plays one legal step of `table` (a round, a stop, or the courtesy pass),
/// steering towards `target`.
fn step(rng: &mut Rng, table: &mut Table, target: Phase) {
    let phase = table.phase();
    let may_stop = matches!(target, Phase::Courtesy | Phase::Done);
    if phase == Phase::AwaitingSecondDecision && may_stop && rng.chance(50) {
        let who = rng.pick(&Seat::ALL);
        table.stop_second(who).expect("stop is legal here");
    } else if phase == Phase::Courtesy {
        let offers = Seat::ALL.map(|s| random_offer(rng, table.rack(s)));
        table.courtesy(&offers).expect("random offers are legal");
    } else {
        let choices = legal_round(rng, table);
        table.apply_round(&choices).expect("legal choices apply");
    }
}

/// A random table played legally up to `phase`.
pub fn table_at(rng: &mut Rng, phase: Phase) -> Table {
    let mut t = table(rng);
    while t.phase() != phase && t.phase() != Phase::Done {
        step(rng, &mut t, phase);
    }
    t
}

const SUITS: [Suit; 3] = [Suit::Bam, Suit::Crak, Suit::Dot];

fn random_natural(rng: &mut Rng) -> Tile {
    let kinds: Vec<Tile> = Tile::kinds().filter(|t| !t.is_joker()).collect();
    rng.pick(&kinds)
}

fn random_suited(rng: &mut Rng) -> Tile {
    Tile::suited(rng.pick(&SUITS), rng.range(1, 9) as u8).unwrap_or(Tile::FLOWER)
}

/// A random invented teaching line of 14 tiles (identical groups, a pair,
/// and sometimes `NEWS`). It never needs jokers: a group of five is of
/// flowers (the set has eight), never of a tile the set holds four times.
pub fn teaching_line(rng: &mut Rng) -> TeachingLine {
    const SHAPES: [&[usize]; 4] = [
        &[2, 3, 3, 3, 3],
        &[2, 4, 4, 4],
        &[3, 3, 4, 4],
        &[5, 2, 3, 4],
    ];
    let shape = SHAPES[rng.below(SHAPES.len())];
    let mut used: Vec<Tile> = Vec::new();
    let groups = shape
        .iter()
        .map(|&size| {
            if size > 4 {
                used.push(Tile::FLOWER);
                return vec![Tile::FLOWER; size];
            }
            let no_winds = used.iter().all(|t| t.family() != Family::Wind);
            if size == 4 && no_winds && rng.chance(20) {
                let news = [Wind::North, Wind::East, Wind::West, Wind::South].map(Tile::wind);
                used.extend(news);
                return news.to_vec();
            }
            let mut tile = random_natural(rng);
            while used.contains(&tile) {
                tile = random_natural(rng);
            }
            used.push(tile);
            vec![tile; size]
        })
        .collect();
    TeachingLine::from_groups(groups).expect("generated groups are writable")
}

/// Exercise "find the jokers": a rack with 1-3 jokers and look-alikes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindJokers {
    /// The rack.
    pub rack: Rack,
    /// Positions of the jokers (the answer).
    pub jokers: Vec<usize>,
}

/// Generates a [`FindJokers`] scenario (always with a flower and a soap).
pub fn find_jokers(rng: &mut Rng) -> FindJokers {
    let plain: Vec<Tile> = wall(rng)
        .into_iter()
        .filter(|t| !t.is_joker() && !t.is_flower() && !t.is_soap())
        .collect();
    let jokers = rng.range(1, 3);
    let mut tiles = vec![Tile::JOKER; jokers];
    tiles.extend([Tile::FLOWER, Tile::SOAP]);
    tiles.extend_from_slice(&plain[..13 - tiles.len()]);
    rng.shuffle(&mut tiles);
    let rack = Rack::new(tiles).expect("13 tiles from the set");
    let jokers = rack.joker_positions();
    FindJokers { rack, jokers }
}

/// Exercise "choose three to pass": a rack (with a joker) for a given pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoosePass {
    /// The pass to play.
    pub pass: PassId,
    /// The seat's full rack (13 tiles).
    pub rack: Vec<Tile>,
    /// The three tiles being passed to the seat in this pass (blind-eligible
    /// passes only, else empty).
    pub received: Vec<Tile>,
    /// One legal answer.
    pub example: PassChoice,
}

/// Generates a [`ChoosePass`] scenario.
pub fn choose_pass(rng: &mut Rng) -> ChoosePass {
    let pass = rng.pick(&PassId::ALL);
    let (rack, incoming) = rack_with_joker(rng);
    let received = if pass.may_be_blind() {
        incoming
    } else {
        Vec::new()
    };
    let view = PassView {
        pass,
        rack: rack.clone(),
    };
    let example = legal_choice(rng, &view).resolve(&received);
    ChoosePass {
        pass,
        rack,
        received,
        example,
    }
}

/// Exercise "blind pass": may this proposal forward incoming tiles now?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlindPass {
    /// The pass being played.
    pub pass: PassId,
    /// The seat's full rack (13 tiles).
    pub rack: Vec<Tile>,
    /// The three tiles being passed to the seat in this same pass, unseen
    /// (sometimes with a joker passed by mistake).
    pub received: Vec<Tile>,
    /// The proposed pass (with 1-3 blind tiles).
    pub proposal: PassChoice,
    /// The verdict on the proposal (the answer).
    pub verdict: Verdict,
}

/// Generates a [`BlindPass`] scenario: a full rack plus three incoming tiles
/// drawn from the rest of the wall.
pub fn blind_pass(rng: &mut Rng) -> BlindPass {
    let pass = rng.pick(&PassId::ALL);
    let (rack, mut received) = rack_and_incoming(rng, RACK_SIZE);
    let jokers_left = rack.iter().filter(|t| t.is_joker()).count() < Tile::JOKER.copies_in_set();
    if rng.chance(20) && jokers_left {
        received[0] = Tile::JOKER;
    }
    let blind_count = rng.range(1, received.len());
    let blind = received[..blind_count].to_vec();
    let from_rack: Vec<Tile> = rack
        .iter()
        .copied()
        .filter(|t| !t.is_joker())
        .take(3 - blind_count)
        .collect();
    let proposal = PassChoice::with_blind(from_rack, blind);
    let verdict = check_pass(&rack, &received, &proposal, pass);
    BlindPass {
        pass,
        rack,
        received,
        proposal,
        verdict,
    }
}

/// Exercise "clean pass": pass three tiles that help none of the lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CleanPass {
    /// The rack (at least three tiles help no line).
    pub rack: Rack,
    /// Two invented practice lines.
    pub lines: Vec<TeachingLine>,
    /// Every rack tile that helps no line (any three of them are a clean pass).
    pub unhelpful: Vec<Tile>,
}

/// Generates a [`CleanPass`] scenario.
pub fn clean_pass(rng: &mut Rng) -> CleanPass {
    let lines = vec![teaching_line(rng), teaching_line(rng)];
    let (mut helpful, spare): (Vec<Tile>, Vec<Tile>) = wall(rng)
        .into_iter()
        .partition(|&t| t.is_joker() || helps_any(&lines, t));
    let mut tiles = spare[..3].to_vec();
    helpful.extend_from_slice(&spare[3..]);
    rng.shuffle(&mut helpful);
    tiles.extend_from_slice(&helpful[..10]);
    rng.shuffle(&mut tiles);
    let unhelpful = unhelpful_tiles(&tiles, &lines);
    let rack = Rack::new(tiles).expect("13 tiles from the set");
    CleanPass {
        rack,
        lines,
        unhelpful,
    }
}

/// Exercise "pass order and direction": who gets my tiles, whose do I get?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassOrder {
    /// The pass.
    pub pass: PassId,
    /// The player's seat.
    pub seat: Seat,
    /// Who receives the player's tiles (answer).
    pub receiver: Seat,
    /// Whose tiles the player receives (answer).
    pub giver: Seat,
}

/// Generates a [`PassOrder`] scenario.
pub fn pass_order(rng: &mut Rng) -> PassOrder {
    let (pass, seat) = (rng.pick(&PassId::ALL), rng.pick(&Seat::ALL));
    PassOrder {
        pass,
        seat,
        receiver: receiver(seat, pass),
        giver: giver_to(seat, pass),
    }
}

/// Exercise "which passes may be blind".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlindPasses {
    /// The six passes, shuffled.
    pub shown: Vec<PassId>,
    /// Those that may be blind (answer), in `shown` order.
    pub blind: Vec<PassId>,
}

/// Generates a [`BlindPasses`] scenario.
pub fn blind_passes(rng: &mut Rng) -> BlindPasses {
    let mut shown = PassId::ALL.to_vec();
    rng.shuffle(&mut shown);
    let blind = shown.iter().copied().filter(|p| p.may_be_blind()).collect();
    BlindPasses { shown, blind }
}

/// Exercise "may the Charleston be stopped now, and by whom".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StopNow {
    /// Where the table stands.
    pub phase: Phase,
    /// Who wants to stop.
    pub who: Seat,
    /// The verdict (answer; any seat may stop when it is allowed at all).
    pub verdict: Verdict,
}

/// Generates a [`StopNow`] scenario (about half the time at the decision point).
pub fn stop_now(rng: &mut Rng) -> StopNow {
    let phase = if rng.chance(40) {
        Phase::AwaitingSecondDecision
    } else {
        rng.pick(&Phase::ALL[..7])
    };
    let who = rng.pick(&Seat::ALL);
    StopNow {
        phase,
        who,
        verdict: can_stop_second(phase, who),
    }
}

/// Exercise "courtesy offers": how many tiles move between a and b?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourtesyOffers {
    /// The first seat (East or South).
    pub a: Seat,
    /// The seat across from `a`.
    pub b: Seat,
    /// What `a` offers (0-3 tiles).
    pub a_offer: Vec<Tile>,
    /// What `b` offers (0-3 tiles).
    pub b_offer: Vec<Tile>,
    /// The verdict, answer = number exchanged.
    pub verdict: Verdict,
}

/// Generates a [`CourtesyOffers`] scenario from a table played to the courtesy pass.
pub fn courtesy_offers(rng: &mut Rng) -> CourtesyOffers {
    let table = table_at(rng, Phase::Courtesy);
    let a = rng.pick(&[Seat::East, Seat::South]);
    let b = a.across();
    let a_offer = random_offer(rng, table.rack(a));
    let b_offer = random_offer(rng, table.rack(b));
    let verdict = check_courtesy(a_offer.len(), b_offer.len());
    CourtesyOffers {
        a,
        b,
        a_offer,
        b_offer,
        verdict,
    }
}

/// Exercise "can a joker complete this group".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JokerGroup {
    /// The group as laid out.
    pub group: Vec<Tile>,
    /// The verdict (answer).
    pub verdict: Verdict,
}

fn identical_group(rng: &mut Rng, tile: Tile) -> Vec<Tile> {
    let size = rng.range(3, 6);
    let jokers = rng.range(1, size);
    let mut group = vec![tile; size - jokers];
    group.extend(vec![Tile::JOKER; jokers]);
    group
}

fn joker_group_tiles(rng: &mut Rng) -> Vec<Tile> {
    let t = random_suited(rng);
    match rng.below(8) {
        0 => vec![t, Tile::JOKER],
        1 => [Wind::North, Wind::East, Wind::West]
            .map(Tile::wind)
            .into_iter()
            .chain([Tile::JOKER])
            .collect(),
        2 => vec![
            Tile::suited(Suit::Dot, 2).unwrap_or(t),
            Tile::SOAP,
            Tile::JOKER,
            t,
        ],
        3 => vec![t; 5],
        4 => vec![t, t, rng.pick(&[Tile::FLOWER, Tile::SOAP])],
        5 => identical_group(rng, Tile::FLOWER),
        _ => identical_group(rng, t),
    }
}

/// Generates a [`JokerGroup`] scenario.
pub fn joker_group(rng: &mut Rng) -> JokerGroup {
    let mut group = joker_group_tiles(rng);
    if rng.chance(50) {
        rng.shuffle(&mut group);
    }
    let verdict = can_joker_complete(&group);
    JokerGroup { group, verdict }
}

/// Exercise "can this tile redeem that joker".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redemption {
    /// The tile offered.
    pub natural: Tile,
    /// The exposed group (with at least one joker).
    pub exposed: Vec<Tile>,
    /// Whether it is the player's own turn.
    pub on_own_turn: bool,
    /// Whether the tile is a discard.
    pub from_discard: bool,
    /// The verdict (answer).
    pub verdict: Verdict,
}

/// Generates a [`Redemption`] scenario.
pub fn redemption(rng: &mut Rng) -> Redemption {
    let tile = if rng.chance(15) {
        Tile::FLOWER
    } else {
        random_suited(rng)
    };
    let mut exposed = identical_group(rng, tile);
    if exposed.iter().all(|t| t.is_joker()) {
        exposed[0] = tile;
    }
    let natural = if rng.chance(65) {
        tile
    } else {
        random_natural(rng)
    };
    // The exposure and the offered tile share one set: never a fifth copy.
    let limit = tile.copies_in_set() - usize::from(natural == tile);
    while exposed.iter().filter(|&&t| t == tile).count() > limit {
        if let Some(t) = exposed.iter_mut().find(|t| **t == tile) {
            *t = Tile::JOKER;
        }
    }
    let on_own_turn = rng.chance(70);
    let from_discard = rng.chance(20);
    let verdict = can_redeem(natural, &exposed, on_own_turn, from_discard);
    Redemption {
        natural,
        exposed,
        on_own_turn,
        from_discard,
        verdict,
    }
}

/// Exercise "tile facts": what is this tile, how many are in the set?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileFact {
    /// The tile.
    pub tile: Tile,
    /// Its family.
    pub family: Family,
    /// Copies in the 152-tile set.
    pub copies_in_set: usize,
    /// Whether it is a joker.
    pub is_joker: bool,
}

/// Generates a [`TileFact`] scenario (look-alikes and jokers are frequent).
pub fn tile_fact(rng: &mut Rng) -> TileFact {
    let tile = match rng.below(4) {
        0 => rng.pick(&[Tile::JOKER, Tile::FLOWER, Tile::SOAP]),
        _ => random_natural(rng),
    };
    TileFact {
        tile,
        family: tile.family(),
        copies_in_set: tile.copies_in_set(),
        is_joker: tile.is_joker(),
    }
}

/// Every exercise kind the generators cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExerciseKind {
    /// [`FindJokers`].
    FindJokers,
    /// [`ChoosePass`].
    ChoosePass,
    /// [`BlindPass`].
    BlindPass,
    /// [`CleanPass`].
    CleanPass,
    /// [`PassOrder`].
    PassOrder,
    /// [`BlindPasses`].
    BlindPasses,
    /// [`StopNow`].
    StopNow,
    /// [`CourtesyOffers`].
    CourtesyOffers,
    /// [`JokerGroup`].
    JokerGroup,
    /// [`Redemption`].
    Redemption,
    /// [`TileFact`].
    TileFact,
}

impl ExerciseKind {
    /// All kinds.
    pub const ALL: [ExerciseKind; 11] = [
        ExerciseKind::FindJokers,
        ExerciseKind::ChoosePass,
        ExerciseKind::BlindPass,
        ExerciseKind::CleanPass,
        ExerciseKind::PassOrder,
        ExerciseKind::BlindPasses,
        ExerciseKind::StopNow,
        ExerciseKind::CourtesyOffers,
        ExerciseKind::JokerGroup,
        ExerciseKind::Redemption,
        ExerciseKind::TileFact,
    ];
}

/// A generated scenario of any kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scenario {
    /// See [`FindJokers`].
    FindJokers(FindJokers),
    /// See [`ChoosePass`].
    ChoosePass(ChoosePass),
    /// See [`BlindPass`].
    BlindPass(BlindPass),
    /// See [`CleanPass`].
    CleanPass(CleanPass),
    /// See [`PassOrder`].
    PassOrder(PassOrder),
    /// See [`BlindPasses`].
    BlindPasses(BlindPasses),
    /// See [`StopNow`].
    StopNow(StopNow),
    /// See [`CourtesyOffers`].
    CourtesyOffers(CourtesyOffers),
    /// See [`JokerGroup`].
    JokerGroup(JokerGroup),
    /// See [`Redemption`].
    Redemption(Redemption),
    /// See [`TileFact`].
    TileFact(TileFact),
}

/// Generates one scenario of `kind` from `rng`.
pub fn scenario(kind: ExerciseKind, rng: &mut Rng) -> Scenario {
    match kind {
        ExerciseKind::FindJokers => Scenario::FindJokers(find_jokers(rng)),
        ExerciseKind::ChoosePass => Scenario::ChoosePass(choose_pass(rng)),
        ExerciseKind::BlindPass => Scenario::BlindPass(blind_pass(rng)),
        ExerciseKind::CleanPass => Scenario::CleanPass(clean_pass(rng)),
        ExerciseKind::PassOrder => Scenario::PassOrder(pass_order(rng)),
        ExerciseKind::BlindPasses => Scenario::BlindPasses(blind_passes(rng)),
        ExerciseKind::StopNow => Scenario::StopNow(stop_now(rng)),
        ExerciseKind::CourtesyOffers => Scenario::CourtesyOffers(courtesy_offers(rng)),
        ExerciseKind::JokerGroup => Scenario::JokerGroup(joker_group(rng)),
        ExerciseKind::Redemption => Scenario::Redemption(redemption(rng)),
        ExerciseKind::TileFact => Scenario::TileFact(tile_fact(rng)),
    }
}

// Practice sheets (issue 19): the seed of a numbered sheet and its plan of kinds.
mod practice;
pub use practice::{sheet_plan, sheet_rng};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_stable_across_machines() {
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(Rng::from_label("a"), Rng::from_label("a"));
        assert_ne!(Rng::from_label("a"), Rng::from_label("b"));
    }

    #[test]
    fn same_seed_same_scenarios() {
        for kind in ExerciseKind::ALL {
            for seed in 0..20 {
                let a = scenario(kind, &mut Rng::new(seed));
                let b = scenario(kind, &mut Rng::new(seed));
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn table_at_reaches_every_phase() {
        for (seed, phase) in Phase::ALL.into_iter().enumerate() {
            let table = table_at(&mut Rng::new(seed as u64), phase);
            assert_eq!(table.phase(), phase);
        }
    }

    #[test]
    fn generated_answers_are_consistent() {
        for seed in 0..50 {
            let rng = &mut Rng::new(seed);
            let fj = find_jokers(rng);
            assert!(!fj.jokers.is_empty() && fj.jokers.len() <= 3);
            let cp = choose_pass(rng);
            assert_eq!(cp.rack.len(), 13);
            assert!(check_pass(&cp.rack, &cp.received, &cp.example, cp.pass).ok);
            let bp = blind_pass(rng);
            assert_eq!(bp.rack.len(), RACK_SIZE);
            assert_eq!(bp.received.len(), 3);
            let mut all = bp.rack.clone();
            all.extend(&bp.received);
            assert!(crate::rules::rack::check_copies(&all).is_ok());
            let clean = clean_pass(rng);
            assert!(clean.unhelpful.len() >= 3);
            assert_eq!(teaching_line(rng).len(), 14);
        }
    }

    proptest::proptest! {
        /// A generated line never needs five natural identical tiles (or
        /// more copies of any tile than the set holds): only jokers could
        /// complete it, and lines are drawn and matched without jokers.
        #[test]
        fn a_generated_line_never_needs_more_naturals_than_the_set_holds(seed in proptest::prelude::any::<u64>()) {
            let rng = &mut Rng::new(seed);
            for _ in 0..4 {
                let line = teaching_line(rng);
                proptest::prop_assert!(!line.needs_jokers(), "{line}");
                for g in line.groups() {
                    proptest::prop_assert!(
                        g.tiles().len() <= 4 || g.tiles().iter().all(|t| t.is_flower()),
                        "{line}"
                    );
                }
                proptest::prop_assert_eq!(line.drawn_groups().concat(), line.tiles());
            }
        }
    }
}
