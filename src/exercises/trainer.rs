//! The Charleston trainer block (```` ```trainer ````): its fields, the
//! data the browser's table follows (the rules module's deals, each seat's
//! lines and passing preference, which passes may be blind, the policy's
//! numbers; the page's words, tiles and rule texts), and the game played
//! step by step for readers without JavaScript. The HTML/JSON contract with
//! `themes/felt/static/js/trainer.js` is in `docs/exercise-contract.md`.

use std::fmt::Write;

use serde_json::{Value, json};

use super::spec::{Fields, SpecError, SpecResult};
use super::words::Words;
use crate::html::escape;
use crate::rules::charleston::{MAX_COURTESY, PASS_SIZE};
use crate::rules::trainer::{self, Deal, Game, MAX_BOT_BLIND, STOP_BELOW, SeatPlan, Step};
use crate::rules::{PassId, RuleId, Seat, TeachingLine, Tile};

/// Most deals one trainer block may publish.
pub const MAX_DEALS: u64 = 1000;

/// The rules a trainer move can be refused (or accepted) by.
pub const RULES: [RuleId; 11] = [
    RuleId::PassExactlyThree,
    RuleId::PassFromOwnRack,
    RuleId::JokerNeverPassed,
    RuleId::ReceivedJokerGoesBack,
    RuleId::BlindOnlyOnLastPass,
    RuleId::BlindFromReceivedOnly,
    RuleId::FirstCharlestonCompulsory,
    RuleId::SecondCharlestonOptional,
    RuleId::SecondCharlestonStopBeforeFirstPass,
    RuleId::CourtesyAfterCharleston,
    RuleId::CourtesyZeroToThree,
];

/// The words of the `[trainer]` strings table the block uses.
pub const KEYS: &[&str] = &[
    "walkthrough_heading",
    "walkthrough_intro",
    "your_lines",
    "final_rack",
    "step_pass",
    "step_blind",
    "vote_you",
    "vote_seat",
    "vote_played",
    "courtesy_step",
    "offer_count",
    "teach.lines_heading",
    "teach.lines_intro",
    "teach.line",
    "teach.line_short",
    "teach.closest_line",
    "to.right",
    "to.across",
    "to.left",
    "from.right",
    "from.across",
    "from.left",
    "none",
    "unseen",
    "app_label",
    "deal",
    "seat",
    "new_deal",
    "rack",
    "selected",
    "blind",
    "pass",
    "stop",
    "continue",
    "offer",
    "now_pass",
    "now_blind",
    "now_vote",
    "now_courtesy",
    "log",
    "refused",
    "summary",
    "summary_received",
    "summary_refused",
    "again",
    "new_tile",
    "table",
    "record.heading",
    "record.intro",
    "record.empty",
    "record.games",
    "record.clean",
    "record.moves",
    "record.best",
    "record.last",
    "record.reset",
    "record.confirm",
    "record.yes",
    "record.no",
    "record.reset_done",
];

/// A parsed trainer block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// Deals 1..=`deals` are published.
    pub deals: u64,
    /// The deal played step by step without JavaScript.
    pub walkthrough: u64,
    /// Its seat (default: the deal's own).
    pub seat: Option<Seat>,
}

/// Parses a trainer block: `deals = N` (1-1000, default 100),
/// `walkthrough = D` (1..=N, default 1), `seat = "east"|…` (optional).
pub fn parse(body: &str) -> SpecResult<Spec> {
    let mut f = Fields::parse_block(body, "trainer")?;
    let deals = f.integer("deals")?;
    let walkthrough = f.integer("walkthrough")?;
    let seat = f.string("seat")?;
    f.finish_in("a trainer block", &["deals", "walkthrough", "seat"])?;
    let n = deals.as_ref().map_or(100, |d| d.value);
    if !(1..=MAX_DEALS).contains(&n) {
        let at = deals.map_or(0, |d| d.at);
        return Err(SpecError::new(
            at,
            format!("`deals` must be 1 to {MAX_DEALS}, not {n}"),
        ));
    }
    let w = walkthrough.as_ref().map_or(1, |d| d.value);
    if !(1..=n).contains(&w) {
        let at = walkthrough.map_or(0, |d| d.at);
        return Err(SpecError::new(
            at,
            format!("`walkthrough` must be one of the deals, 1 to {n}, not {w}"),
        ));
    }
    let seat = match seat {
        Some(s) => Some(
            s.value
                .parse::<Seat>()
                .map_err(|e| SpecError::new(s.at, format!("{e} (east, south, west or north)")))?,
        ),
        None => None,
    };
    Ok(Spec {
        deals: n,
        walkthrough: w,
        seat,
    })
}

/// The language-independent data of the deals: racks, seats' plans.
fn deal_json(d: &Deal) -> Value {
    let ids =
        |tiles: &[Tile]| -> String { tiles.iter().map(|t| t.id()).collect::<Vec<_>>().join(" ") };
    let plan = |p: &SeatPlan| -> Value {
        let lines: Vec<Value> = p
            .lines
            .iter()
            .map(|l: &TeachingLine| {
                let (fixed, fill) = l.slot_tiles();
                // The groups, drawn as tiles: the page shows no line notation.
                let groups: Vec<String> = l.groups().iter().map(|g| ids(g.tiles())).collect();
                json!({ "fixed": ids(&fixed), "fill": ids(&fill), "groups": groups })
            })
            .collect();
        json!({ "lines": lines, "pref": ids(&p.preference), "spare": p.spare })
    };
    json!({
        "racks": d.racks.iter().map(|r| ids(r)).collect::<Vec<_>>(),
        "plans": d.plans.iter().map(plan).collect::<Vec<_>>(),
        "seat": d.seat.index(),
    })
}

/// Everything the browser's table follows, with the page's words.
fn data(spec: &Spec, w: &Words<'_>) -> Value {
    let deals: Vec<Value> = (1..=spec.deals)
        .map(|n| deal_json(&trainer::deal(n)))
        .collect();
    let passes: Vec<Value> = PassId::ALL
        .iter()
        .map(|p| {
            json!({
                "id": p.as_str(),
                "dir": p.direction().as_str(),
                "blind": p.may_be_blind(),
                "name": w.get(&format!("pass.{p}")),
            })
        })
        .collect();
    let mut tiles = serde_json::Map::new();
    let mut names = serde_json::Map::new();
    for t in Tile::kinds() {
        tiles.insert(t.id().into(), w.tile(t).into());
        names.insert(t.id().into(), w.kit.tiles.name(t).into());
    }
    let labels: serde_json::Map<String, Value> = KEYS
        .iter()
        .map(|k| {
            let key = format!("trainer.{k}");
            let text = w
                .strings
                .template(w.lang, &key)
                .map_or_else(|| key.into(), |t| t.to_json());
            (k.to_string(), text)
        })
        .collect();
    let seats: Vec<Value> = Seat::ALL
        .iter()
        .map(|s| json!({ "id": s.as_str(), "name": w.get(&format!("seat.{s}")) }))
        .collect();
    json!({
        "deals": deals,
        "walkthrough": spec.walkthrough,
        "passes": passes,
        "policy": {
            "pass_size": PASS_SIZE,
            "max_courtesy": MAX_COURTESY,
            "max_bot_blind": MAX_BOT_BLIND,
            "stop_below": STOP_BELOW,
        },
        "kinds": Tile::kinds().map(Tile::id).collect::<Vec<_>>(),
        "tiles": tiles,
        "names": names,
        "seats": seats,
        "labels": labels,
        "list": list_templates(w),
    })
}

/// The list patterns of the language, for the browser's `joinList`
/// (`Strings::list_and` in Rust).
fn list_templates(w: &Words<'_>) -> Value {
    let t = |key: &str| {
        w.strings
            .template(w.lang, key)
            .map_or(Value::Null, |t| t.to_json())
    };
    json!({
        "two": t("list.and.two"),
        "middle": t("list.and.middle"),
        "end": t("list.and.end"),
    })
}

/// JSON safe inside `<script>`.
fn script_json(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

/// The block's HTML: the data, the walkthrough, and the place the script
/// builds the table in.
pub fn render(spec: &Spec, w: &Words<'_>) -> String {
    let mut out = String::with_capacity(64 * 1024);
    out.push_str(r#"<section class="trainer" data-trainer>"#);
    // The rule texts as the exercises have them, then the rest of the data.
    let data = script_json(&data(spec, w));
    let _ = write!(
        out,
        r#"<script type="application/json" class="trainer__data">{{"rules":{},{}</script>"#,
        w.kit.texts.rules_object(&RULES),
        &data[1..]
    );
    out.push_str(&walkthrough(spec, w));
    out.push_str("</section>\n");
    out
}

struct Say<'w, 'a> {
    w: &'w Words<'a>,
}

impl Say<'_, '_> {
    fn key(&self, key: &str) -> String {
        self.w.get(&format!("trainer.{key}")).into_owned()
    }

    /// A `trainer.*` message with its variables (a number in a text is a
    /// number: it selects the plural form).
    fn fill(&self, key: &str, args: &[(&str, String)]) -> String {
        let args: Vec<(&str, crate::i18n::Arg<'_>)> = args
            .iter()
            .map(|(k, v)| (*k, crate::i18n::Arg::try_number(v.as_str())))
            .collect();
        let key = format!("trainer.{key}");
        self.w
            .strings
            .format(self.w.lang, &key, &args)
            .unwrap_or(key)
    }

    /// Tile names joined as a list of the language ("1 Bam, 2 Dot and Joker").
    fn names(&self, tiles: &[Tile]) -> String {
        self.names_unseen(tiles, 0)
    }

    /// The names of `tiles`, the last `unseen` of them (forwarded blind,
    /// never looked at) named only as unseen tiles.
    fn names_unseen(&self, tiles: &[Tile], unseen: usize) -> String {
        if tiles.is_empty() {
            return self.key("none");
        }
        let seen = tiles.len().saturating_sub(unseen);
        let names: Vec<String> = tiles
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                if i < seen {
                    self.w.kit.tiles.name(t).to_string()
                } else {
                    self.key("unseen")
                }
            })
            .collect();
        self.w.strings.list_and(self.w.lang, &names)
    }

    fn seat(&self, seat: Seat) -> String {
        self.w.get(&format!("seat.{seat}")).into_owned()
    }

    fn row(&self, tiles: &[Tile]) -> String {
        let mut out = String::from(r#"<div class="tile-row" aria-hidden="true">"#);
        for &t in tiles {
            self.w.shared.add_tile(t);
            out.push_str(self.w.kit.tiles.decorative(t));
        }
        out.push_str("</div>");
        out
    }

    fn step(&self, step: &Step) -> String {
        let text = match step {
            Step::Pass {
                pass,
                gave,
                blind,
                received,
                ..
            } => {
                let dir = pass.direction();
                let args = [
                    ("pass", self.w.get(&format!("pass.{pass}")).into_owned()),
                    ("tiles", self.names_unseen(gave, *blind)),
                    ("to", self.key(&format!("to.{}", dir.as_str()))),
                    ("received", self.names(received)),
                    (
                        "from",
                        self.key(&format!("from.{}", dir.reverse().as_str())),
                    ),
                    ("blind", blind.to_string()),
                ];
                let key = if *blind > 0 {
                    "step_blind"
                } else {
                    "step_pass"
                };
                return format!(
                    "<li><p>{}</p>{}</li>",
                    escape(&self.fill(key, &args)),
                    self.row(received)
                );
            }
            Step::Vote { stopped_by: None } => self.key("vote_played"),
            Step::Vote {
                stopped_by: Some(s),
            } => self.fill("vote_seat", &[("seat", self.seat(*s))]),
            Step::Courtesy {
                offered,
                partner_offered,
                exchanged,
                received,
            } => self.fill(
                "courtesy_step",
                &[
                    ("offered", self.names(offered)),
                    (
                        "partner_offer",
                        self.fill("offer_count", &[("count", partner_offered.to_string())]),
                    ),
                    ("n", exchanged.to_string()),
                    ("received", self.names(received)),
                ],
            ),
        };
        format!("<li><p>{}</p></li>", escape(&text))
    }
}

/// One game of the walkthrough deal, the learner following its own plan.
pub fn walkthrough_game(spec: &Spec) -> Game {
    let deal = trainer::deal(spec.walkthrough);
    let mut game = Game::new(&deal, spec.seat.unwrap_or(deal.seat));
    // A game has at most eight moves: six passes, the vote, the courtesy pass.
    for _ in 0..8 {
        if game.is_done() {
            break;
        }
        let mv = game.suggested();
        game.play(&mv);
    }
    game
}

fn walkthrough(spec: &Spec, w: &Words<'_>) -> String {
    let say = Say { w };
    let deal = trainer::deal(spec.walkthrough);
    let game = walkthrough_game(spec);
    let seat = game.learner();
    let mut out = String::from(r#"<div class="trainer__walkthrough">"#);
    let seat_name = say.seat(seat);
    let args = [
        ("deal", spec.walkthrough.to_string()),
        ("seat", seat_name.clone()),
    ];
    let _ = write!(
        out,
        "<h2>{}</h2><p>{}</p>",
        escape(&say.fill("walkthrough_heading", &args)),
        escape(&say.fill("walkthrough_intro", &args))
    );
    let _ = write!(
        out,
        r#"<p>{}</p>{}"#,
        escape(&say.key("rack")),
        rack_row(w, &deal.racks[seat.index()])
    );
    let lines = &game.plan().lines;
    let _ = write!(
        out,
        "<p>{}</p><p>{}</p>",
        escape(&say.key("your_lines")),
        escape(&say.key("teach.lines_intro"))
    );
    out.push_str(&lines_list(w, lines));
    out.push_str("<ol class=\"trainer__steps\">");
    for step in game.steps() {
        out.push_str(&say.step(step));
    }
    out.push_str("</ol>");
    let rack = game.table().rack(seat);
    let mut sorted = rack.to_vec();
    sorted.sort();
    let _ = write!(
        out,
        "<p>{}</p>{}",
        escape(&say.key("final_rack")),
        rack_row(w, &sorted)
    );
    if let Some((i, short)) = trainer::closest_line(lines, rack) {
        let text = say.fill(
            "teach.closest_line",
            &[("n", (i + 1).to_string()), ("short", short.to_string())],
        );
        let _ = write!(out, "<p>{}</p>", escape(&text));
    }
    out.push_str("</div>");
    out
}

/// The teaching lines as tiles, group by group, each named "Line 1", "Line 2"
/// (the same markup `trainer.js` builds during play).
fn lines_list(w: &Words<'_>, lines: &[TeachingLine]) -> String {
    let mut out = String::from(r#"<ol class="trainer__lines-list">"#);
    for (i, line) in lines.iter().enumerate() {
        let name = w
            .get("trainer.teach.line")
            .replace("{n}", &(i + 1).to_string());
        let _ = write!(
            out,
            r#"<li><p class="trainer__line-name">{name}</p><div class="tile-row" role="group" aria-label="{name}">"#,
            name = escape(&name)
        );
        for group in line.groups() {
            out.push_str(r#"<span class="tile-group">"#);
            for &t in group.tiles() {
                out.push_str(w.tile(t));
            }
            out.push_str("</span>");
        }
        out.push_str("</div></li>");
    }
    out.push_str("</ol>");
    out
}

fn rack_row(w: &Words<'_>, tiles: &[Tile]) -> String {
    let mut out = String::from(r#"<div class="tile-row">"#);
    for &t in tiles {
        out.push_str(w.tile(t));
    }
    out.push_str("</div>");
    out
}

/// The strings keys a trainer block needs.
pub fn keys() -> Vec<String> {
    let mut keys: Vec<String> = KEYS.iter().map(|k| format!("trainer.{k}")).collect();
    keys.extend(PassId::ALL.iter().map(|p| format!("pass.{p}")));
    keys.extend(Seat::ALL.iter().map(|s| format!("seat.{s}")));
    keys.extend(["list.and.two", "list.and.middle", "list.and.end"].map(String::from));
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_checked() {
        assert_eq!(
            parse("").unwrap(),
            Spec {
                deals: 100,
                walkthrough: 1,
                seat: None
            }
        );
        let s = parse("deals = 20\nwalkthrough = 17\nseat = \"north\"").unwrap();
        assert_eq!(
            (s.deals, s.walkthrough, s.seat),
            (20, 17, Some(Seat::North))
        );
        let e = parse("deals = 20\nwalkthrough = 21").unwrap_err();
        assert_eq!(
            e.message,
            "`walkthrough` must be one of the deals, 1 to 20, not 21"
        );
        assert!(parse("deals = 0").is_err());
        assert!(parse("seat = \"middle\"").is_err());
        assert!(parse("colour = 1").is_err());
    }

    #[test]
    fn the_walkthrough_plays_to_the_end() {
        for n in 1..=30 {
            let spec = Spec {
                deals: 30,
                walkthrough: n,
                seat: None,
            };
            let game = walkthrough_game(&spec);
            assert!(game.is_done(), "deal {n}");
            assert!(game.refused().is_empty(), "deal {n}");
        }
    }
}
