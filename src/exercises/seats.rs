//! Seat diagrams (```` ```seats ````): the four seats and the arrows of one
//! exchange (a Charleston pass or the courtesy pass) or of a whole Charleston,
//! drawn as inline SVG from the rules module's [`Exchange::moves`], with a
//! text list of who gives to whom for screen readers (the picture itself is
//! hidden from them).

use std::fmt::Write;

use crate::html::escape;
use crate::rules::{Exchange, Seat, charleston_passes};

use super::model::Msg;
use super::spec::{Fields, Located, SpecError, SpecResult, parse_named};
use super::words::Words;

/// The fields of a seats block.
pub const FIELDS: &[&str] = &["pass", "round"];

/// The values of `round`: the first and the second Charleston.
const ROUNDS: [&str; 2] = ["first", "second"];

/// What a seats block draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Diagram {
    /// One exchange: a pass, or the courtesy pass.
    One(Exchange),
    /// The three passes of the first (1) or second (2) Charleston.
    Round(u8),
}

impl Diagram {
    /// The exchanges drawn, in playing order.
    pub fn exchanges(self) -> Vec<Exchange> {
        match self {
            Diagram::One(e) => vec![e],
            Diagram::Round(n) => charleston_passes(n)
                .into_iter()
                .map(Exchange::Pass)
                .collect(),
        }
    }

    /// The strings key of the caption of the whole figure.
    fn caption_key(self) -> String {
        match self {
            Diagram::One(e) => label_key(e),
            Diagram::Round(n) => format!("seats.round.{}", ROUNDS[usize::from(n) - 1]),
        }
    }

    /// Every strings key the diagram needs.
    pub fn keys(self) -> Vec<String> {
        let mut keys = vec![self.caption_key(), "seats.gives".to_string()];
        keys.extend(self.exchanges().into_iter().map(label_key));
        keys.extend(Seat::ALL.map(seat_key));
        keys.sort();
        keys.dedup();
        keys
    }
}

fn seat_key(seat: Seat) -> String {
    format!("seat.{seat}")
}

/// The name of one exchange: `pass.{id}`, or `seats.courtesy`.
fn label_key(e: Exchange) -> String {
    match e {
        Exchange::Pass(p) => format!("pass.{p}"),
        Exchange::Courtesy => "seats.courtesy".to_string(),
    }
}

/// Parses a seats block body (offsets in errors are relative to it):
/// `pass = "<exchange id>"` or `round = "first" | "second"`.
pub fn parse(body: &str) -> SpecResult<Diagram> {
    let mut f = Fields::parse_block(body, "seats")?;
    let pass = f.string("pass")?;
    let round = f.string("round")?;
    f.finish_in("a seats block", FIELDS)?;
    match (pass, round) {
        (Some(p), None) => {
            parse_named("pass", &p, &Exchange::ALL.map(Exchange::as_str)).map(Diagram::One)
        }
        (None, Some(r)) => parse_round(&r),
        (Some(_), Some(_)) => Err(SpecError::new(
            f.key_at("round"),
            "a seats block draws one `pass` or one `round`, not both",
        )),
        (None, None) => Err(SpecError::new(
            0,
            "missing field `pass` or `round` (a seats block draws one pass or a whole Charleston)",
        )),
    }
}

fn parse_round(r: &Located<String>) -> SpecResult<Diagram> {
    match ROUNDS.iter().position(|&n| n == r.value) {
        Some(i) => Ok(Diagram::Round(i as u8 + 1)),
        None => Err(SpecError::new(
            r.at,
            format!(
                "unknown round \"{}\" (expected one of: {})",
                r.value,
                ROUNDS.join(", ")
            ),
        )),
    }
}

/// The HTML of a diagram: a `<figure>` with its caption, the picture (hidden
/// from screen readers) and, for them, the list of who gives to whom.
pub fn render(d: Diagram, w: &Words<'_>) -> String {
    let caption_key = d.caption_key();
    let caption = escape(&w.get(&caption_key)).into_owned();
    let mut out = String::with_capacity(4096);
    match d {
        Diagram::One(e) => {
            let _ = write!(
                out,
                r#"<figure class="seats" data-seats="{e}"><figcaption class="seats__caption">{caption}</figcaption>"#
            );
            exchange(&mut out, e, w);
        }
        Diagram::Round(n) => {
            let _ = write!(
                out,
                r#"<figure class="seats seats--round" data-seats="round-{}"><figcaption class="seats__caption">{caption}</figcaption><div class="seats__passes">"#,
                ROUNDS[usize::from(n) - 1]
            );
            for e in d.exchanges() {
                let label = label_key(e);
                let _ = write!(
                    out,
                    r#"<div class="seats__pass" data-seats="{e}"><p class="seats__label">{}</p>"#,
                    escape(&w.get(&label))
                );
                exchange(&mut out, e, w);
                out.push_str("</div>");
            }
            out.push_str("</div>");
        }
    }
    out.push_str("</figure>\n");
    out
}

/// One exchange: its picture and its list of moves.
fn exchange(out: &mut String, e: Exchange, w: &Words<'_>) {
    picture(out, e, w);
    out.push_str(r#"<ul class="seats__moves vh">"#);
    for (giver, receiver) in e.moves() {
        let text = Msg::new("seats.gives")
            .key("giver", seat_key(giver))
            .key("receiver", seat_key(receiver));
        let text = w.msg(&text);
        let _ = write!(
            out,
            r#"<li data-giver="{giver}" data-receiver="{receiver}">{}</li>"#,
            escape(&text)
        );
    }
    out.push_str("</ul>");
}

/// Side of the square picture, in SVG units.
const SIZE: f32 = 240.0;
/// Distance of a seat's centre from the centre of the table.
const RADIUS: f32 = 80.0;
/// Half the width and height of a seat's name plate.
const PLATE: (f32, f32) = (36.0, 14.0);
/// Space between a plate and an arrow's ends.
const GAP: f32 = 6.0;
/// How far two arrows between the same seats (across) are drawn apart.
const TWIN_OFFSET: f32 = 8.0;
const ARROW: &str = "#f2c230";
const FELT: &str = "#1d4f38";
const PLATE_FILL: &str = "#f7f1de";
const PLATE_EDGE: &str = "#cbbf9f";
const INK: &str = "#1e2320";

/// Where a seat sits, seen from above with East at the bottom: turn order
/// goes counter-clockwise, so the next player (right) is on East's right.
fn centre(seat: Seat) -> (f32, f32) {
    let angle = std::f32::consts::FRAC_PI_2 * (1.0 - seat.index() as f32);
    let c = SIZE / 2.0;
    (c + RADIUS * angle.cos(), c + RADIUS * angle.sin())
}

/// How far from a plate's centre a ray in direction `u` leaves the plate.
fn exit(u: (f32, f32)) -> f32 {
    let x = if u.0.abs() > 1e-3 {
        PLATE.0 / u.0.abs()
    } else {
        f32::INFINITY
    };
    let y = if u.1.abs() > 1e-3 {
        PLATE.1 / u.1.abs()
    } else {
        f32::INFINITY
    };
    x.min(y)
}

fn picture(out: &mut String, e: Exchange, w: &Words<'_>) {
    let moves = e.moves();
    let _ = write!(
        out,
        r#"<svg class="seats__diagram" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}" aria-hidden="true" focusable="false"><rect class="seats__felt" width="{SIZE}" height="{SIZE}" rx="12" fill="{FELT}"/><g class="seats__arrows" stroke="{ARROW}" fill="{ARROW}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">"#
    );
    for &(giver, receiver) in &moves {
        let twin = moves.contains(&(receiver, giver));
        arrow(out, giver, receiver, twin);
    }
    out.push_str("</g>");
    for seat in Seat::ALL {
        let (x, y) = centre(seat);
        let key = seat_key(seat);
        let name = w.get(&key);
        let chars = name.chars().count().max(1) as f32;
        let font = (15.0_f32).min(15.0 * 7.0 / chars);
        let _ = write!(
            out,
            r#"<g class="seats__seat" data-seat="{seat}"><rect x="{:.1}" y="{:.1}" width="{}" height="{}" rx="5" fill="{PLATE_FILL}" stroke="{PLATE_EDGE}"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="{font:.1}" font-weight="700" fill="{INK}">{}</text></g>"#,
            x - PLATE.0,
            y - PLATE.1,
            PLATE.0 * 2.0,
            PLATE.1 * 2.0,
            y + font * 0.35,
            escape(&name)
        );
    }
    out.push_str("</svg>");
}

/// An arrow from `giver`'s plate to `receiver`'s; `twin` when the receiver
/// also gives to the giver, so the two are drawn side by side.
fn arrow(out: &mut String, giver: Seat, receiver: Seat, twin: bool) {
    let (gx, gy) = centre(giver);
    let (rx, ry) = centre(receiver);
    let len = (rx - gx).hypot(ry - gy);
    let u = ((rx - gx) / len, (ry - gy) / len);
    // Perpendicular, to the right of the direction of travel.
    let p = (-u.1, u.0);
    let off = if twin { TWIN_OFFSET } else { 0.0 };
    let t = exit(u) + GAP;
    let start = (gx + u.0 * t + p.0 * off, gy + u.1 * t + p.1 * off);
    let tip = (rx - u.0 * t + p.0 * off, ry - u.1 * t + p.1 * off);
    let head = 10.0;
    let base = (tip.0 - u.0 * head, tip.1 - u.1 * head);
    let _ = write!(
        out,
        r#"<line data-giver="{giver}" data-receiver="{receiver}" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/><polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}"/>"#,
        start.0,
        start.1,
        base.0,
        base.1,
        tip.0,
        tip.1,
        base.0 + p.0 * 5.0,
        base.1 + p.1 * 5.0,
        base.0 - p.0 * 5.0,
        base.1 - p.1 * 5.0,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PassId;

    #[test]
    fn parses_a_pass_a_courtesy_pass_and_a_round() {
        assert_eq!(
            parse("pass = \"first-right\"\n"),
            Ok(Diagram::One(Exchange::Pass(PassId::FirstRight)))
        );
        assert_eq!(
            parse("pass = \"courtesy\""),
            Ok(Diagram::One(Exchange::Courtesy))
        );
        assert_eq!(parse("round = \"second\""), Ok(Diagram::Round(2)));
        assert_eq!(
            Diagram::Round(2).exchanges(),
            [
                PassId::SecondLeft,
                PassId::SecondAcross,
                PassId::SecondRight
            ]
            .map(Exchange::Pass)
        );
    }

    #[test]
    fn errors_name_the_value_or_key() {
        let body = "pass = \"third-right\"";
        let e = parse(body).unwrap_err();
        assert_eq!(
            e.message,
            "unknown pass \"third-right\" (expected one of: first-right, first-across, first-left, second-left, second-across, second-right, courtesy)"
        );
        assert_eq!(&body[e.offset..e.offset + 5], "third");
        let body = "pass = \"first-left\"\ncolour = \"red\"";
        let e = parse(body).unwrap_err();
        assert_eq!(
            e.message,
            "unknown field `colour` in a seats block (fields: `pass`, `round`)"
        );
        assert_eq!(e.offset, body.find("colour").unwrap());
        let e = parse("round = \"third\"").unwrap_err();
        assert_eq!(
            e.message,
            "unknown round \"third\" (expected one of: first, second)"
        );
        let body = "pass = \"first-left\"\nround = \"first\"";
        let e = parse(body).unwrap_err();
        assert_eq!(e.offset, body.find("round").unwrap());
        assert_eq!(parse("").unwrap_err().offset, 0);
        assert!(
            parse("pass = ")
                .unwrap_err()
                .message
                .starts_with("seats block is not valid TOML")
        );
    }

    #[test]
    fn seats_sit_in_turn_order_counter_clockwise() {
        let (e, s, w, n) = (
            centre(Seat::East),
            centre(Seat::South),
            centre(Seat::West),
            centre(Seat::North),
        );
        assert!(e.1 > s.1 && (e.0 - 120.0).abs() < 0.1, "East at the bottom");
        assert!(s.0 > e.0 && (s.1 - 120.0).abs() < 0.1, "South on the right");
        assert!(w.1 < s.1, "West at the top");
        assert!(n.0 < e.0, "North on the left");
    }
}
