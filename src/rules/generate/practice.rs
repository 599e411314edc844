//! Practice sheets' randomness: the generator of one numbered sheet of a
//! series (a lesson, or the mixed series) is seeded from the series and the
//! number only, so sheet 3 of a lesson holds the same exercises in every
//! language and on every machine, and sheet 4 holds others; and the plan of
//! which kind each exercise of a sheet is.

use super::Rng;

/// The generator of sheet `number` of the series `series` (a lesson's
/// language-independent id, e.g. `charleston/blind-pass`, or `mixed`).
pub fn sheet_rng(series: &str, number: u32) -> Rng {
    Rng::from_label(&format!("practice/{series}/{number}"))
}

/// Which of `kinds` kinds (by index) each of a sheet's `count` exercises is:
/// every kind as often as any other, give or take one, in shuffled order.
/// Empty when there are no kinds.
pub fn sheet_plan(rng: &mut Rng, kinds: usize, count: usize) -> Vec<usize> {
    let mut plan = Vec::with_capacity(count);
    while kinds > 0 && plan.len() < count {
        let mut round: Vec<usize> = (0..kinds).collect();
        rng.shuffle(&mut round);
        let take = (count - plan.len()).min(kinds);
        plan.extend_from_slice(&round[..take]);
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_depends_on_series_and_number_only() {
        let a = sheet_rng("tiles", 1).next_u64();
        assert_eq!(a, sheet_rng("tiles", 1).next_u64());
        assert_ne!(a, sheet_rng("tiles", 2).next_u64());
        assert_ne!(a, sheet_rng("mixed", 1).next_u64());
    }

    #[test]
    fn plans_are_balanced() {
        for count in 0..15 {
            let plan = sheet_plan(&mut sheet_rng("x", count as u32), 4, count);
            assert_eq!(plan.len(), count);
            let per_kind: Vec<usize> = (0..4)
                .map(|k| plan.iter().filter(|&&p| p == k).count())
                .collect();
            let (lo, hi) = (per_kind.iter().min(), per_kind.iter().max());
            assert!(hi.unwrap() - lo.unwrap() <= 1, "{plan:?}");
        }
        assert!(sheet_plan(&mut Rng::new(0), 0, 5).is_empty());
    }
}
