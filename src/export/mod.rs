//! `tilebook export`: the course for learning platforms, as bytes (writing the file is `output::file`'s). [`questions`]: question banks as Moodle XML or an IMS QTI 1.2 package.
//!
//! - [`bank`] reads every quiz block of the course into one bank per
//!   language (items, and groups of variants for generated blocks);
//! - [`item`] gives an exercise the closest question shape and the rules
//!   engine's explanation for each wrong answer;
//! - [`moodle`] and [`qti`] write the two formats (over quick-xml).

pub mod bank;
pub mod item;
pub mod moodle;
pub mod qti;
mod xml;

use crate::diagnostics::Diagnostic;
use crate::site::Site;

pub use bank::{BankOptions, DEFAULT_VARIANTS};

/// A question bank file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuestionFormat {
    /// IMS QTI 1.2 in a content package (Canvas, Blackboard, D2L).
    Qti12,
    /// Moodle XML.
    MoodleXml,
}

/// An exported question bank file.
#[derive(Debug)]
pub struct Exported {
    pub bytes: Vec<u8>,
    /// Unknown languages (errors) and what was left out, and why (warnings).
    pub diagnostics: Vec<Diagnostic>,
    /// Items written (a generated block's variants each count).
    pub items: usize,
    /// Generated blocks written as groups of variants.
    pub groups: usize,
    pub banks: usize,
}

/// The question banks of `site` in `format`.
pub fn questions(
    site: &Site,
    format: QuestionFormat,
    opts: &BankOptions,
) -> std::io::Result<Exported> {
    let (banks, mut diagnostics) = bank::banks(site, opts);
    let (bytes, left_out) = match format {
        QuestionFormat::MoodleXml => moodle::write(&banks, &site.strings),
        QuestionFormat::Qti12 => (qti::write(&banks)?, Vec::new()),
    };
    diagnostics.extend(left_out);
    let entries = || {
        banks
            .iter()
            .flat_map(|b| &b.sections)
            .flat_map(|s| &s.entries)
    };
    Ok(Exported {
        bytes,
        items: entries().map(|e| e.items().len()).sum(),
        groups: entries()
            .filter(|e| matches!(e, bank::Entry::Group(_)))
            .count(),
        banks: banks.len(),
        diagnostics,
    })
}
