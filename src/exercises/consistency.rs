//! Cross-language consistency of exercises: a translation carries the same
//! exercises as its default-language page, in the same order.

use std::ops::Range;
use std::path::Path;

use super::ExerciseRecord;
use crate::diagnostics::Diagnostic;
use crate::stdx::{Align, align};

/// Errors where a translation's exercises differ from the default language's.
///
/// The two lists are aligned first (longest common subsequence), so one
/// exercise added, dropped or moved is one error, not a shifted mismatch at
/// every later exercise: an exercise changed in place is "differs", one only
/// the translation has is "not in". One the translation lacks is no error
/// here: the translation shows it in the default language, and warns
/// ([`untranslated_blocks`]).
pub fn check_consistency(
    source_path: &Path,
    source: &[ExerciseRecord],
    translation_path: &Path,
    translation: &[ExerciseRecord],
) -> Vec<Diagnostic> {
    let same =
        |a: &ExerciseRecord, b: &ExerciseRecord| a.kind == b.kind && a.fingerprint == b.fingerprint;
    if source.len() == translation.len() && source.iter().zip(translation).all(|(a, b)| same(a, b))
    {
        return Vec::new();
    }
    let ops = align(source, translation, same);
    let mut out = Vec::new();
    let mut k = 0;
    while k < ops.len() {
        match (ops[k], ops.get(k + 1).copied()) {
            (Align::Same, _) => {}
            (Align::Missing(i), Some(Align::Extra(j)))
            | (Align::Extra(j), Some(Align::Missing(i))) => {
                let (a, b) = (&source[i], &translation[j]);
                out.push(
                    Diagnostic::error(
                        translation_path,
                        Some(b.offset),
                        format!(
                            "exercise {} differs from the default language's in {}: here {} ({}), there {} ({}); a translation changes words, never exercises",
                            j + 1,
                            source_path.display(),
                            b.kind,
                            b.setup,
                            a.kind,
                            a.setup,
                        ),
                    )
                    .with_related(source_path, Some(a.offset), "the exercise in the default language"),
                );
                k += 1;
            }
            // An exercise the translation lacks is shown in the default
            // language; its rendering warns ([`untranslated_blocks`]).
            (Align::Missing(_), _) => {}
            (Align::Extra(j), _) => {
                let b = &translation[j];
                out.push(Diagnostic::error(
                    translation_path,
                    Some(b.offset),
                    format!(
                        "exercise {} ({} ({})) is not in {}: a translation must carry the same exercises",
                        j + 1,
                        b.kind,
                        b.setup,
                        source_path.display()
                    ),
                ));
            }
        }
        k += 1;
    }
    out
}

/// One ```` ```quiz ```` block of a page, as a translation is compared
/// with its source block by block ([`untranslated_blocks`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuizBlock {
    /// The range of the block's text in the page's body.
    pub body: Range<usize>,
    /// What a translation's block must equal: each exercise's kind and
    /// fingerprint; for a block that does not parse, its lines but `prompt`.
    key: String,
    /// The kind and setup of its first exercise, for messages (empty when
    /// the block does not parse).
    pub kind: String,
    pub setup: String,
    /// The number of its first exercise on the page (1-based).
    pub number: usize,
}

impl QuizBlock {
    /// Whether `other` is the same exercise block (in another language).
    pub fn same_as(&self, other: &QuizBlock) -> bool {
        self.key == other.key
    }

    /// The offset in `text` (its page's file, whose body starts at
    /// `body_offset`) of the block's opening fence line.
    pub fn fence_start(&self, text: &str, body_offset: usize) -> usize {
        let before = &text[..(body_offset + self.body.start).min(text.len())];
        let before = before.strip_suffix('\n').unwrap_or(before);
        before.rfind('\n').map_or(0, |i| i + 1)
    }

    /// The offset in `text` just after the block's closing fence line.
    pub fn fence_end(&self, text: &str, body_offset: usize) -> usize {
        let at = (body_offset + self.body.end).min(text.len());
        text[at..].find('\n').map_or(text.len(), |i| at + i + 1)
    }
}

/// The quiz blocks of a page's `body`, given the fenced blocks its parse
/// found (`markdown::Prose::fences`).
pub fn quiz_blocks(body: &str, fences: &[(String, Range<usize>)]) -> Vec<QuizBlock> {
    let mut number = 1;
    (fences.iter())
        .filter(|(kind, _)| kind == "quiz")
        .map(|(_, range)| {
            let text = &body[range.clone()];
            let block = match super::parse_block(text) {
                Ok(b) if !b.exercises.is_empty() => {
                    let keys = (b.exercises.iter())
                        .map(|e| format!("{}\u{1f}{}", e.kind, e.fingerprint()));
                    let first = &b.exercises[0];
                    QuizBlock {
                        body: range.clone(),
                        key: keys.collect::<Vec<_>>().join("\u{1e}"),
                        kind: first.kind.to_string(),
                        setup: first.setup_text.to_string(),
                        number,
                    }
                }
                _ => QuizBlock {
                    body: range.clone(),
                    key: invalid_key(text),
                    kind: String::new(),
                    setup: String::new(),
                    number,
                },
            };
            number += block.key.split('\u{1e}').count();
            block
        })
        .collect()
}

/// The key of a block that does not parse: its lines, trimmed, but the
/// `prompt` (a translation may translate it).
fn invalid_key(text: &str) -> String {
    let lines = (text.lines().map(str::trim))
        .filter(|l| !l.is_empty() && !l.starts_with("prompt"))
        .collect::<Vec<_>>();
    format!("invalid\u{1f}{}", lines.join("\n"))
}

/// A source block that a translation lacks, and where it belongs there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MissingBlock {
    /// Its index in the source's blocks.
    pub source: usize,
    /// The translation's block it comes after, if any.
    pub after: Option<usize>,
    /// The translation's block it comes before, if any.
    pub before: Option<usize>,
}

/// The source's blocks that the translation lacks (aligned as
/// [`check_consistency`] aligns exercises). A block changed in place (a
/// missing one next to one only the translation has) is not missing: it
/// differs, an error of [`check_consistency`].
pub fn untranslated_blocks(source: &[QuizBlock], translation: &[QuizBlock]) -> Vec<MissingBlock> {
    if source.len() == translation.len()
        && source.iter().zip(translation).all(|(a, b)| a.key == b.key)
    {
        return Vec::new();
    }
    let ops = align(source, translation, |a, b| a.key == b.key);
    let mut out = Vec::new();
    // Translation blocks passed so far.
    let mut passed: usize = 0;
    let mut k = 0;
    while k < ops.len() {
        match (ops[k], ops.get(k + 1).copied()) {
            (Align::Missing(_), Some(Align::Extra(_)))
            | (Align::Extra(_), Some(Align::Missing(_))) => {
                passed += 1;
                k += 1;
            }
            (Align::Missing(i), _) => out.push(MissingBlock {
                source: i,
                after: passed.checked_sub(1),
                before: (passed < translation.len()).then_some(passed),
            }),
            (Align::Same, _) | (Align::Extra(_), _) => passed += 1,
        }
        k += 1;
    }
    out
}

#[cfg(test)]
mod align_tests {
    use super::*;

    fn check(a: &str, b: &str, expect: &[Align]) {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        assert_eq!(align(&a, &b, |x, y| x == y), expect, "{a:?} vs {b:?}");
    }

    fn blocks(keys: &str) -> Vec<QuizBlock> {
        (keys.chars().enumerate())
            .map(|(i, c)| QuizBlock {
                body: i..i,
                key: c.to_string(),
                kind: String::new(),
                setup: String::new(),
                number: i + 1,
            })
            .collect()
    }

    fn missing(a: &str, b: &str) -> Vec<(usize, Option<usize>, Option<usize>)> {
        (untranslated_blocks(&blocks(a), &blocks(b)).into_iter())
            .map(|m| (m.source, m.after, m.before))
            .collect()
    }

    #[test]
    fn a_block_the_translation_lacks_is_placed_between_its_neighbours() {
        assert_eq!(missing("abc", "abc"), []);
        assert_eq!(missing("abc", "ac"), [(1, Some(0), Some(1))]);
        assert_eq!(missing("abc", "bc"), [(0, None, Some(0))]);
        assert_eq!(missing("abc", "ab"), [(2, Some(1), None)]);
        assert_eq!(missing("ab", ""), [(0, None, None), (1, None, None)]);
        // Changed in place: it differs (an error elsewhere), it is not missing.
        assert_eq!(missing("abc", "axc"), []);
        assert_eq!(missing("abcd", "axd"), [(1, Some(0), Some(1))]);
    }

    #[test]
    fn a_block_that_does_not_parse_is_keyed_by_its_text_but_the_prompt() {
        let fences = |body: &str| vec![("quiz".to_string(), 0..body.len())];
        let en = "kind = \"nonsense\"\nprompt = \"Which?\"\n";
        let de = "kind = \"nonsense\"\n  prompt = \"Welche?\"\n";
        let (a, b) = (quiz_blocks(en, &fences(en)), quiz_blocks(de, &fences(de)));
        assert_eq!(a[0].key, b[0].key);
        assert!(a[0].kind.is_empty());
    }

    #[test]
    fn one_moved_or_dropped_exercise_is_one_step() {
        use Align::*;
        check("abc", "abc", &[Same, Same, Same]);
        check("abc", "ac", &[Same, Missing(1), Same]);
        check("abc", "abxc", &[Same, Same, Extra(2), Same]);
        check("abcd", "bcda", &[Missing(0), Same, Same, Same, Extra(3)]);
        check("abc", "axc", &[Same, Missing(1), Extra(1), Same]);
        check("", "a", &[Extra(0)]);
    }
}
