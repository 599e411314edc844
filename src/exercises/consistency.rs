//! Cross-language consistency of exercises: a translation carries the same
//! exercises as its default-language page, in the same order.

use std::path::Path;

use super::ExerciseRecord;
use crate::diagnostics::Diagnostic;

/// Errors where a translation's exercises differ from the default language's.
///
/// The two lists are aligned first (longest common subsequence), so one
/// exercise added, dropped or moved is one error, not a shifted mismatch at
/// every later exercise: an exercise changed in place is "differs", one the
/// translation lacks is "missing", one only the translation has is "not in".
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
    // Translation exercises passed so far: a missing one belongs before the next.
    let mut seen = 0;
    let mut k = 0;
    while k < ops.len() {
        match (ops[k], ops.get(k + 1).copied()) {
            (Align::Same, _) => seen += 1,
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
                seen += 1;
                k += 1;
            }
            (Align::Missing(i), _) => {
                let a = &source[i];
                let here = translation.get(seen).map(|e| e.offset);
                out.push(
                    Diagnostic::error(
                        translation_path,
                        here,
                        format!(
                            "exercise {} of {} ({} ({})) is missing here: a translation must carry the same exercises",
                            i + 1,
                            source_path.display(),
                            a.kind,
                            a.setup
                        ),
                    )
                    .with_related(source_path, Some(a.offset), "the exercise missing in the translation"),
                );
            }
            (Align::Extra(j), _) => {
                let b = &translation[j];
                seen += 1;
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

#[cfg(test)]
mod align_tests {
    use super::*;

    fn check(a: &str, b: &str, expect: &[Align]) {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        assert_eq!(align(&a, &b, |x, y| x == y), expect, "{a:?} vs {b:?}");
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

/// One step of aligning a translation's exercises with the source's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Align {
    Same,
    /// Source exercise `i` has no counterpart in the translation.
    Missing(usize),
    /// Translation exercise `j` has no counterpart in the source.
    Extra(usize),
}

/// The alignment of `a` and `b` that keeps the most equal pairs in order.
fn align<T>(a: &[T], b: &[T], same: impl Fn(&T, &T) -> bool) -> Vec<Align> {
    let (n, m) = (a.len(), b.len());
    // lcs[i][j]: length of the longest common subsequence of a[i..], b[j..].
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if same(&a[i], &b[j]) {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut ops) = (0, 0, Vec::with_capacity(n.max(m)));
    while i < n || j < m {
        if i < n && j < m && same(&a[i], &b[j]) {
            ops.push(Align::Same);
            (i, j) = (i + 1, j + 1);
        } else if j == m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(Align::Missing(i));
            i += 1;
        } else {
            ops.push(Align::Extra(j));
            j += 1;
        }
    }
    ops
}
