//! Tile pictures, drawn by this code (no copied artwork), readable at 40 px.
//! Each face is a small SVG file, `tiles/<id>.svg` at the site's root
//! ([`face_file`], written once per build as an extra, see
//! `src/site/extras.rs`); each tile on a page is ONE element, an
//! `<img class="tile">` of its face with the tile's localized name as its
//! `alt` (or `alt=""` inside a labelled control, whose name the control
//! already carries). The browser fetches a face once for the whole site.
//! (Before: an inline `<svg><use href="#face"/></svg>` per tile and a hidden
//! sprite per page, about three elements per tile.)

use std::fmt::Write;
use std::sync::OnceLock;

use crate::html::escape;
use crate::rules::tile::KINDS;
use crate::rules::{Dragon, Family, Kind, Suit, Tile, Wind};

const INK: &str = "#1d3557";
const RED: &str = "#b3261e";
const GREEN: &str = "#2e7d32";
const BLUE: &str = "#1f5fa8";

/// The CSS family name used in `tile--{family}`.
pub fn family_name(tile: Tile) -> &'static str {
    match tile.family() {
        Family::Bam => "bam",
        Family::Crak => "crak",
        Family::Dot => "dot",
        Family::Wind => "wind",
        Family::Dragon => "dragon",
        Family::Flower => "flower",
        Family::Joker => "joker",
    }
}

/// The output path of a tile's face, relative to the site's root
/// (`tiles/2C.svg`); pages refer to it under the base path.
pub fn face_path(tile: Tile) -> String {
    format!("tiles/{}.svg", tile.id())
}

/// The `<img>` of one tile: `label` (already localized) is its accessible
/// name, or `None` for a picture hidden from assistive technology (inside a
/// control that carries the name). `base_path` is the site's, e.g. `/` or
/// `/course/`.
pub fn tile_img(tile: Tile, label: Option<&str>, base_path: &str) -> String {
    format!(
        r#"<img class="tile tile--{family}" data-tile="{id}" src="{base}{path}" alt="{alt}" width="40" height="54">"#,
        family = family_name(tile),
        id = tile.id(),
        base = escape(base_path),
        path = face_path(tile),
        alt = label.map(escape).unwrap_or_default(),
    )
}

/// Every tile's [`tile_img`] in one language, written once per build so that
/// a page's tiles are copied, not formatted; also each tile's name and its
/// decorative form (for a tile inside a labelled control, whose name the
/// control already carries).
#[derive(Debug, Clone)]
pub struct TileMarkup {
    labelled: Vec<String>,
    decorative: Vec<String>,
    names: Vec<String>,
}

impl TileMarkup {
    /// `label` gives a tile's localized name; `base_path` is the site's.
    pub fn new(label: impl Fn(Tile) -> String, base_path: &str) -> TileMarkup {
        let tiles: Vec<Tile> = Tile::kinds().collect();
        let names: Vec<String> = tiles.iter().map(|&t| label(t)).collect();
        TileMarkup {
            labelled: tiles
                .iter()
                .zip(&names)
                .map(|(&t, n)| tile_img(t, Some(n), base_path))
                .collect(),
            decorative: tiles
                .iter()
                .map(|&t| tile_img(t, None, base_path))
                .collect(),
            names,
        }
    }

    pub fn get(&self, tile: Tile) -> &str {
        &self.labelled[tile.index()]
    }

    /// The tile with an empty `alt`: hidden from the accessibility tree.
    pub fn decorative(&self, tile: Tile) -> &str {
        &self.decorative[tile.index()]
    }

    /// The tile's localized name.
    pub fn name(&self, tile: Tile) -> &str {
        &self.names[tile.index()]
    }
}

/// A set of tile kinds: the faces a page shows, or a whole site.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TileSet(u64);

impl TileSet {
    pub fn insert(&mut self, tile: Tile) {
        self.0 |= 1 << tile.index();
    }

    pub fn contains(self, tile: Tile) -> bool {
        self.0 & (1 << tile.index()) != 0
    }

    pub fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    /// Every tile kind.
    pub fn all() -> TileSet {
        Tile::kinds().fold(TileSet::default(), |mut set, t| {
            set.insert(t);
            set
        })
    }
}

/// The face files of the tiles in `used`: (`tiles/<id>.svg`, contents).
pub fn face_files(used: TileSet) -> impl Iterator<Item = (String, &'static str)> {
    Tile::kinds()
        .filter(move |t| used.contains(*t))
        .map(|t| (face_path(t), face_file(t)))
}

/// Every face file's path (reserved for the build, used or not).
pub fn face_paths() -> impl Iterator<Item = String> {
    Tile::kinds().map(face_path)
}

/// One tile's face as a standalone SVG document (40 × 54), with the
/// `part_defs` it uses in its `<defs>`; computed once per tile kind.
pub fn face_file(tile: Tile) -> &'static str {
    static FILES: OnceLock<Vec<String>> = OnceLock::new();
    let files = FILES.get_or_init(|| {
        Tile::kinds()
            .map(|t| {
                let f = face(t);
                let defs: String = part_defs()
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| f.parts & 1 << i != 0)
                    .map(|(_, part)| part.as_str())
                    .collect();
                format!(
                    r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 54" width="40" height="54"><defs>{defs}</defs>{}</svg>
"#,
                    f.svg
                )
            })
            .collect()
    });
    &files[tile.index()]
}

/// One tile's drawing and the [`part_defs`] it uses (bit `i` = part `i`).
struct Face {
    svg: String,
    parts: u32,
}

/// The drawing of a tile's face, computed once per tile kind.
fn face(tile: Tile) -> &'static Face {
    static FACES: OnceLock<Vec<Face>> = OnceLock::new();
    let faces = FACES.get_or_init(|| (0..KINDS).filter_map(Tile::from_index).map(draw).collect());
    &faces[tile.index()]
}

/// Pip and stick sizes: rank 1, ranks 2-6, ranks 7-9.
fn size_class(n: u8) -> usize {
    match n {
        1 => 0,
        2..=6 => 1,
        _ => 2,
    }
}

const BLANK: usize = 0;
/// Part of a dot pip: `PIP + size * 3 + colour` (blue, red, green).
const PIP: usize = 1;
/// Part of a bamboo stick: `STICK + size * 2 + colour` (green, red).
const STICK: usize = 10;
const CRAK_MARK: usize = 16;

/// The shared parts, each an element with id `tile-p{i}` drawn around the
/// origin (pips, sticks) or in place (blank, crak mark).
fn part_defs() -> &'static [String] {
    static PARTS: OnceLock<Vec<String>> = OnceLock::new();
    PARTS.get_or_init(|| {
        let mut parts = vec![format!(
            r##"<rect id="tile-p{BLANK}" x="1" y="1" width="38" height="52" rx="5" fill="#fdf8ec" stroke="#a89c7d" stroke-width="1.2"/>"##
        )];
        for (size, r) in [10.0_f32, 5.5, 4.6].into_iter().enumerate() {
            for (colour, c) in [BLUE, RED, GREEN].into_iter().enumerate() {
                parts.push(format!(
                    r##"<g id="tile-p{}"><circle r="{r}" fill="#fdf8ec" stroke="{c}" stroke-width="2"/><circle r="{:.1}" fill="{c}"/></g>"##,
                    PIP + size * 3 + colour,
                    r * 0.45
                ));
            }
        }
        for (size, (w, h)) in [(6.0_f32, 30.0_f32), (5.5, 12.0), (4.5, 9.5)]
            .into_iter()
            .enumerate()
        {
            for (colour, c) in [GREEN, RED].into_iter().enumerate() {
                parts.push(format!(
                    r##"<g id="tile-p{}"><rect x="{:.2}" y="{:.2}" width="{w}" height="{h}" rx="2" fill="{c}"/><line x1="{:.2}" x2="{:.2}" stroke="#fdf8ec" stroke-width="1"/></g>"##,
                    STICK + size * 2 + colour,
                    -w / 2.0,
                    -h / 2.0,
                    -w / 2.0,
                    w / 2.0,
                ));
            }
        }
        // 萬 ("ten thousand"), the craks' character, in simplified strokes:
        // the grass radical 艹, a box with a cross (田), the frame 冂 with its
        // hook and the small 厶 inside it. (Not 東, "east": no tree, no sun.)
        parts.push(format!(
            r#"<g id="tile-p{CRAK_MARK}" fill="none" stroke="{RED}" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"><path d="M9.5 27.5h21M15.5 24.5v6M24.5 24.5v6"/><path d="M13.5 32h13v7h-13zM13.5 35.5h13M20 32v15"/><path d="M10.5 51v-9h19v9l-2.2-1.2"/><path d="M19 44.5l-3.2 4.3h7.4M22 46.6l1.6 2.4"/></g>"#
        ));
        parts
    })
}

/// A shared part at the origin or moved to (`x`, `y`).
fn place(f: &mut Face, part: usize, at: Option<(u8, u8)>) {
    f.parts |= 1 << part;
    let _ = match at {
        Some((x, y)) => write!(f.svg, r##"<use href="#tile-p{part}" x="{x}" y="{y}"/>"##),
        None => write!(f.svg, r##"<use href="#tile-p{part}"/>"##),
    };
}

fn draw(tile: Tile) -> Face {
    let mut f = Face {
        svg: String::new(),
        parts: 0,
    };
    place(&mut f, BLANK, None);
    let s = &mut f;
    match tile.kind() {
        Kind::Suited(Suit::Dot, n) => dots(s, n),
        Kind::Suited(Suit::Bam, 1) => bird(&mut s.svg),
        Kind::Suited(Suit::Bam, n) => bams(s, n),
        Kind::Suited(Suit::Crak, n) => crak(s, n),
        Kind::Wind(w) => wind(&mut s.svg, w),
        Kind::Dragon(d) => dragon(&mut s.svg, d),
        Kind::Flower => flower(&mut s.svg),
        Kind::Joker => joker(&mut s.svg),
    }
    f
}

/// Centres of the pips for ranks 1-9.
fn layout(n: u8) -> &'static [(u8, u8)] {
    match n {
        1 => &[(20, 27)],
        2 => &[(20, 15), (20, 39)],
        3 => &[(11, 13), (20, 27), (29, 41)],
        4 => &[(12, 15), (28, 15), (12, 39), (28, 39)],
        5 => &[(11, 13), (29, 13), (20, 27), (11, 41), (29, 41)],
        6 => &[(13, 13), (27, 13), (13, 27), (27, 27), (13, 41), (27, 41)],
        7 => &[
            (10, 10),
            (20, 15),
            (30, 20),
            (13, 31),
            (27, 31),
            (13, 43),
            (27, 43),
        ],
        8 => &[
            (13, 10),
            (27, 10),
            (13, 21),
            (27, 21),
            (13, 33),
            (27, 33),
            (13, 44),
            (27, 44),
        ],
        _ => &[
            (10, 13),
            (20, 13),
            (30, 13),
            (10, 27),
            (20, 27),
            (30, 27),
            (10, 41),
            (20, 41),
            (30, 41),
        ],
    }
}

fn dots(f: &mut Face, n: u8) {
    for (i, &at) in layout(n).iter().enumerate() {
        place(f, PIP + size_class(n) * 3 + i % 3, Some(at));
    }
}

fn bams(f: &mut Face, n: u8) {
    for (i, &at) in layout(n).iter().enumerate() {
        let red = usize::from(n > 1 && i % 4 == 3);
        place(f, STICK + size_class(n) * 2 + red, Some(at));
    }
}

/// The 1 Bam: a little bird (the lesson: "usually shows a bird instead of a
/// single stick"), perched, with a red tail.
fn bird(s: &mut String) {
    let _ = write!(
        s,
        r##"<path d="M15 38l-5 9M19 39.5l-1.5 9M23 39l2 9" fill="none" stroke="{RED}" stroke-width="2.4" stroke-linecap="round"/><ellipse cx="20" cy="30" rx="8" ry="10" fill="{GREEN}"/><path d="M14 27q6 8 12 2" fill="none" stroke="#fdf8ec" stroke-width="1.3" stroke-linecap="round"/><circle cx="22" cy="16" r="5.5" fill="{GREEN}"/><circle cx="23.6" cy="14.8" r="1.2" fill="#fdf8ec"/><path d="M27 15l4.5 1.6-4.3 1.4z" fill="#f2c230"/>"##
    );
}

fn crak(f: &mut Face, n: u8) {
    let _ = write!(
        f.svg,
        r#"<text x="20" y="22" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="19" font-weight="700" fill="{INK}">{n}</text>"#
    );
    // A character-like red mark: two bars, a frame and two feet.
    place(f, CRAK_MARK, None);
}

fn wind(s: &mut String, w: Wind) {
    let letter = match w {
        Wind::North => "N",
        Wind::East => "E",
        Wind::South => "S",
        Wind::West => "W",
    };
    let _ = write!(
        s,
        r#"<text x="20" y="37" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700" fill="{INK}">{letter}</text>"#
    );
}

fn dragon(s: &mut String, d: Dragon) {
    let _ = match d {
        Dragon::Red => write!(
            s,
            r#"<g fill="none" stroke="{RED}" stroke-width="3.2" stroke-linecap="round"><rect x="9" y="18" width="22" height="15" rx="2"/><path d="M20 8v38"/></g>"#
        ),
        Dragon::Green => write!(
            s,
            r#"<g fill="none" stroke="{GREEN}" stroke-width="3" stroke-linecap="round"><path d="M11 14l7 7M29 14l-7 7M9 26h22M20 26v18M13 34l-3 9M27 34l3 9"/></g>"#
        ),
        Dragon::White => write!(
            s,
            r#"<g fill="none" stroke="{BLUE}"><rect x="8" y="9" width="24" height="36" rx="2" stroke-width="2.6"/><rect x="12.5" y="13.5" width="15" height="27" stroke-width="1.2"/></g>"#
        ),
    };
}

fn flower(s: &mut String) {
    let _ = write!(
        s,
        r##"<path d="M20 30v16M20 40q-6-1-8-5q6 0 8 5" fill="none" stroke="{GREEN}" stroke-width="2"/>"##
    );
    let petals = [(20, 15), (27, 20), (24, 28), (16, 28), (13, 20)];
    for (x, y) in petals {
        let _ = write!(s, r##"<circle cx="{x}" cy="{y}" r="5.2" fill="#d6457a"/>"##);
    }
    s.push_str(r##"<circle cx="20" cy="22" r="3.6" fill="#f2c230"/>"##);
}

fn joker(s: &mut String) {
    s.push_str(
        r##"<rect x="4" y="4" width="32" height="46" rx="3" fill="#5b2a86"/><path d="M20 9l2.9 6.2 6.8.8-5 4.6 1.3 6.7L20 24l-6 3.3 1.3-6.7-5-4.6 6.8-.8z" fill="#f2c230"/><text x="20" y="42" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="8.6" font-weight="700" letter-spacing=".3" fill="#fff">JOKER</text>"##,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_has_a_distinct_face_and_an_accessible_name() {
        let faces: std::collections::HashSet<&str> =
            Tile::kinds().map(|t| face(t).svg.as_str()).collect();
        assert_eq!(faces.len(), KINDS);
        let img = tile_img(Tile::JOKER, Some("Joker \"J\""), "/course/");
        assert_eq!(
            img,
            r#"<img class="tile tile--joker" data-tile="J" src="/course/tiles/J.svg" alt="Joker &quot;J&quot;" width="40" height="54">"#
        );
        let hidden = tile_img(Tile::FLOWER, None, "/");
        assert!(hidden.contains(r#"src="/tiles/F.svg" alt="" "#), "{hidden}");
        // One file per face, each a standalone SVG holding the parts it uses.
        let mut all = TileSet::default();
        Tile::kinds().for_each(|t| all.insert(t));
        let files: Vec<(String, &str)> = face_files(all).collect();
        assert_eq!(files.len(), KINDS);
        let mut two = TileSet::default();
        two.insert(Tile::JOKER);
        two.insert(Tile::FLOWER);
        let two: Vec<String> = face_files(two).map(|(p, _)| p).collect();
        assert_eq!(two, ["tiles/F.svg", "tiles/J.svg"]);
        let paths: std::collections::HashSet<String> =
            files.iter().map(|(p, _)| p.to_ascii_lowercase()).collect();
        assert_eq!(paths.len(), KINDS, "distinct on case-insensitive disks");
        let dot = face_file(Tile::suited(Suit::Dot, 2).unwrap());
        assert!(dot.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 54""#));
        for (i, part) in part_defs().iter().enumerate() {
            let used = dot.contains(&format!(r##"href="#tile-p{i}""##));
            assert_eq!(dot.contains(part.as_str()), used, "part {i}");
        }
        assert!(dot.contains(r##"<use href="#tile-p0"/>"##));
    }

    #[test]
    fn faces_match_the_tiles_lesson() {
        // Craks show 萬 ("ten thousand"), drawn with its grass radical 艹 on
        // top, its boxed cross and the frame with 厶 below — not 東 ("east").
        let mark = &part_defs()[CRAK_MARK];
        assert!(mark.contains("M9.5 27.5h21M15.5 24.5v6M24.5 24.5v6"), "艹");
        assert!(mark.contains("M13.5 32h13v7h-13zM13.5 35.5h13"), "田");
        assert!(!mark.contains("M15 46l-4 2"), "東's feet");
        for n in 1..=9 {
            let crak = face(Tile::suited(Suit::Crak, n).unwrap());
            assert!(crak.parts & 1 << CRAK_MARK != 0);
            assert!(crak.svg.contains(&format!(">{n}</text>")), "numeral above");
        }
        // The 1 Bam is a bird, not a single stick; 2-9 Bam are sticks.
        let one_bam = face(Tile::suited(Suit::Bam, 1).unwrap());
        assert_eq!(one_bam.parts, 1 << BLANK);
        assert!(one_bam.svg.contains("<ellipse"));
        let two_bam = face(Tile::suited(Suit::Bam, 2).unwrap());
        assert_eq!(
            two_bam.svg.matches("<use").count(),
            1 + 2,
            "blank and two sticks"
        );
    }
}
