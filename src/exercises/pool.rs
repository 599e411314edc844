//! Variant pools (issue 33): for each exercise of a lesson, up to N more
//! exercises "like this" for "Try another like this" and the review, drawn
//! by the rules module's seeded generators. Variant `k` of a lesson's kind
//! is made from the seed `pool/<lesson>/<kind>/<k>` alone (the lesson is its
//! language-independent path), so every language, build and machine gets
//! the same pool, and two exercises of a kind on a lesson draw the same
//! variants where their scopes meet. A variant is kept only when the build
//! can prove an answer through its answer spec and the kind's one right
//! answer is one of its choices (decided, not ambiguous), when it fits the
//! exercise's scope (as practice sheets do) and when it is new: not an
//! exercise of the page, not an earlier variant.

use std::collections::HashSet;

use crate::rules::generate::Rng;

use super::answer::Correct;
use super::feedback;
use super::kinds::KindDef;
use super::model::Exercise;
use super::sheet::{Scope, solution};

pub use crate::config::{DEFAULT_VARIANTS, MAX_VARIANTS};
/// Seeds tried per variant asked for, before the pool is declared short.
const DRAWS_PER_VARIANT: u64 = 24;

/// One variant: the seed's index `k` and the exercise.
#[derive(Debug, Clone)]
pub struct Variant {
    pub k: u64,
    pub exercise: Exercise,
}

/// The generator of variant `k` of `kind` on `lesson`.
pub fn variant_rng(lesson: &str, kind: &str, k: u64) -> Rng {
    Rng::from_label(&format!("pool/{lesson}/{kind}/{k}"))
}

/// Up to `n` variants of `kind` for `lesson`, within `scope`, none of
/// whose fingerprints is in `exclude` (the page's own exercises), each
/// decided (see [`decided`]); in seed order. Fewer than `n` when the
/// generator does not reach `n` distinct valid variants in
/// `n * DRAWS_PER_VARIANT` seeds.
pub fn variants(
    kind: &KindDef,
    lesson: &str,
    scope: Scope,
    exclude: &HashSet<String>,
    n: u64,
) -> Vec<Variant> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for k in 0..n * DRAWS_PER_VARIANT {
        if out.len() as u64 >= n {
            break;
        }
        let ex = kind.generated(&mut variant_rng(lesson, kind.name, k));
        if !scope.admits(&ex) || !decided(&ex) {
            continue;
        }
        let fingerprint = ex.fingerprint();
        if exclude.contains(&fingerprint) || !seen.insert(fingerprint) {
            continue;
        }
        out.push(Variant { k, exercise: ex });
    }
    out
}

/// Whether the rules module decided `ex`: an answer its spec accepts is
/// found ([`solution`], the algorithm `quiz.js` runs), and a kind with one
/// right answer has exactly one: the correct option is one of the choices
/// (once), a correct order holds every item once.
pub fn decided(ex: &Exercise) -> bool {
    if solution(ex).is_none() {
        return false;
    }
    let values = feedback::values(ex);
    match &ex.spec.correct {
        Some(Correct::Option(o)) => values.iter().filter(|v| **v == o.as_str()).count() == 1,
        Some(Correct::Sequence(s)) => {
            let mut want: Vec<&str> = s.iter().map(String::as_str).collect();
            let mut have = values.clone();
            want.sort_unstable();
            have.sort_unstable();
            let distinct = want.windows(2).all(|w| w[0] != w[1]);
            distinct && want == have
        }
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::kinds;

    #[test]
    fn every_kind_but_the_small_ones_reaches_the_default_pool_with_decided_distinct_variants() {
        for kind in kinds::all() {
            let pool = variants(
                kind,
                "lesson",
                Scope::ALL,
                &HashSet::new(),
                DEFAULT_VARIANTS,
            );
            // Kinds with few setups: every one there is (docs/authoring.md).
            let expected = match kind.name {
                "pass-order" => 10,
                "set-count" => 11,
                _ => DEFAULT_VARIANTS,
            };
            assert_eq!(pool.len() as u64, expected, "{}", kind.name);
            let prints: HashSet<String> = pool.iter().map(|v| v.exercise.fingerprint()).collect();
            assert_eq!(prints.len(), pool.len(), "{}: distinct", kind.name);
            assert!(pool.iter().all(|v| decided(&v.exercise)), "{}", kind.name);
        }
    }

    #[test]
    fn a_pool_is_the_same_each_time_and_leaves_out_the_page_s_exercises() {
        let kind = kinds::find("find-jokers").unwrap();
        let a = variants(kind, "tiles", Scope::ALL, &HashSet::new(), 5);
        let b = variants(kind, "tiles", Scope::ALL, &HashSet::new(), 5);
        let prints =
            |p: &[Variant]| -> Vec<String> { p.iter().map(|v| v.exercise.fingerprint()).collect() };
        assert_eq!(prints(&a), prints(&b));
        let exclude: HashSet<String> = prints(&a)[..1].iter().cloned().collect();
        let c = variants(kind, "tiles", Scope::ALL, &exclude, 5);
        assert!(!prints(&c).contains(&prints(&a)[0]));
        assert_eq!(c.len(), 5);
    }
}
