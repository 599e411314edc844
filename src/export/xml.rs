//! A small layer over quick-xml's writer for the export formats: elements with attributes, text elements, and the tile images an HTML text shows.

use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};

use crate::exercises::tiles_svg::{TileSet, face_file};
use crate::rules::Tile;

/// An XML document being written into memory.
pub struct Doc {
    w: Writer<Vec<u8>>,
}

/// Writing into memory does not fail; quick-xml's writer still returns
/// `io::Result`, handled here once.
fn ok(r: std::io::Result<()>) {
    r.expect("writing XML into memory cannot fail")
}

impl Doc {
    /// A document with its `<?xml?>` declaration (UTF-8), indented.
    pub fn new() -> Doc {
        let mut w = Writer::new_with_indent(Vec::new(), b' ', 1);
        ok(w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))));
        Doc { w }
    }

    /// Opens `<name attrs…>`.
    pub fn open(&mut self, name: &str, attrs: &[(&str, &str)]) {
        let mut start = BytesStart::new(name);
        for &(k, v) in attrs {
            start.push_attribute((k, v));
        }
        ok(self.w.write_event(Event::Start(start)));
    }

    /// Closes `</name>`.
    pub fn close(&mut self, name: &str) {
        ok(self.w.write_event(Event::End(BytesEnd::new(name))));
    }

    /// `<name attrs…>text</name>` (text escaped), or `<name attrs…/>` when
    /// `text` is empty.
    pub fn text(&mut self, name: &str, attrs: &[(&str, &str)], text: &str) {
        let mut start = BytesStart::new(name);
        for &(k, v) in attrs {
            start.push_attribute((k, v));
        }
        if text.is_empty() {
            ok(self.w.write_event(Event::Empty(start)));
            return;
        }
        ok(self.w.write_event(Event::Start(start)));
        ok(self.w.write_event(Event::Text(BytesText::new(text))));
        ok(self.w.write_event(Event::End(BytesEnd::new(name))));
    }

    /// `<name attrs…/>`.
    pub fn empty(&mut self, name: &str, attrs: &[(&str, &str)]) {
        self.text(name, attrs, "");
    }

    /// The document's bytes, ending with a newline.
    pub fn finish(self) -> Vec<u8> {
        let mut bytes = self.w.into_inner();
        bytes.push(b'\n');
        bytes
    }
}

/// The tiles an HTML text shows as `src="tiles/<id>.svg"` images, among
/// `candidates` (the item's tiles), each once.
pub fn tiles_in(html: &str, candidates: TileSet) -> Vec<Tile> {
    Tile::kinds()
        .filter(|&t| candidates.contains(t))
        .filter(|t| html.contains(&format!("src=\"tiles/{}.svg\"", t.id())))
        .collect()
}

/// A tile's face file name (`2C.svg`) and its SVG document.
pub fn face(tile: Tile) -> (String, &'static str) {
    (format!("{}.svg", tile.id()), face_file(tile))
}
