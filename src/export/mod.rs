//! `tilebook export`: the course for learning platforms, as bytes (writing the file is `output::file`'s). [`questions`]: question banks as Moodle XML or an IMS QTI 1.2 package; [`scorm()`]: a SCORM 1.2 package of one language.
//!
//! - [`bank`] reads every quiz block of the course into one bank per
//!   language (items, and groups of variants for generated blocks);
//! - [`item`] gives an exercise the closest question shape and the rules
//!   engine's explanation for each wrong answer;
//! - [`moodle`] and [`qti`] write the two formats (over quick-xml);
//! - [`scorm`](mod@scorm) packages a built site (`relative`: its URLs made
//!   relative to each page), with `scorm.js`, the adapter to the LMS.

pub mod bank;
pub mod item;
pub mod moodle;
pub mod qti;
mod relative;
pub mod scorm;
mod xml;

use crate::diagnostics::Diagnostic;
use crate::output::Output;
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

/// A SCORM package made.
#[derive(Debug)]
pub struct Package {
    pub bytes: Vec<u8>,
    pub lang: String,
    /// SCOs (lessons).
    pub lessons: usize,
    pub mastery: u8,
}

/// The SCORM 1.2 package of `lang` (default: the site's default language)
/// from `built`, the site built in memory; or the errors: an unknown
/// language, a mastery score outside 0–100, a lesson whose progress cannot
/// fit in `cmi.suspend_data`.
pub fn scorm(site: &Site, built: &Output, lang: Option<&str>) -> Result<Package, Vec<Diagnostic>> {
    let config = &site.config;
    let lang = lang.unwrap_or(&config.default_language);
    if !config.is_language(lang) {
        return Err(vec![Diagnostic::error(
            "--lang",
            None,
            format!("unknown language `{lang}` (not in config.toml)"),
        )]);
    }
    let mastery = mastery(config)?;
    let json = built
        .get(&format!("{lang}/exercises.json"))
        .ok_or_else(|| {
            vec![Diagnostic::error(
                "--lang",
                None,
                format!("the build made no {lang}/exercises.json"),
            )]
        })?;
    let lessons = scorm::lessons(json, &config.base_path).map_err(|e| {
        vec![Diagnostic::error(
            "--lang",
            None,
            format!("{lang}/exercises.json: {e}"),
        )]
    })?;
    let too_long: Vec<Diagnostic> = lessons
        .iter()
        .filter(|l| l.suspend_data_max() > scorm::SUSPEND_DATA_MAX)
        .map(|l| {
            let page = site.content.pages.iter().find(|p| p.output_path == l.href);
            let path = page.map_or_else(|| l.href.clone().into(), |p| p.source_path.clone());
            Diagnostic::error(
                path,
                None,
                format!(
                    "the lesson's {} exercises need up to {} characters of cmi.suspend_data, and SCORM 1.2 keeps {}: split the lesson",
                    l.ids.len(),
                    l.suspend_data_max(),
                    scorm::SUSPEND_DATA_MAX
                ),
            )
        })
        .collect();
    if !too_long.is_empty() {
        return Err(too_long);
    }
    let languages: Vec<String> = config.languages.iter().map(|l| l.code.clone()).collect();
    let opts = scorm::ScormOptions {
        lang,
        title: &config.title,
        base_path: &config.base_path,
        languages: &languages,
        base_url: &config.base_url,
        mastery,
    };
    let bytes = scorm::package(built.iter(), &lessons, &opts).map_err(|e| {
        vec![Diagnostic::error(
            "--output",
            None,
            format!("cannot make the package: {e}"),
        )]
    })?;
    Ok(Package {
        bytes,
        lang: lang.to_string(),
        lessons: lessons.len(),
        mastery,
    })
}

/// `[export] mastery_score`, 0 to 100 (default [`scorm::DEFAULT_MASTERY`]).
fn mastery(config: &crate::config::Config) -> Result<u8, Vec<Diagnostic>> {
    let Some(score) = &config.export.mastery_score else {
        return Ok(scorm::DEFAULT_MASTERY);
    };
    u8::try_from(*score.get_ref())
        .ok()
        .filter(|s| *s <= 100)
        .ok_or_else(|| {
            vec![Diagnostic::error(
                crate::config::CONFIG_FILE,
                Some(score.span().start),
                format!(
                    "`mastery_score` is a percentage from 0 to 100, not {}",
                    score.get_ref()
                ),
            )]
        })
}
