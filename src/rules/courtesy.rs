//! Courtesy-pass checks about one offer on its own: may an offer of this many
//! tiles be made, and may it be made now. The pass between two seats (the
//! smaller offer counts) and the offered tiles are checked in `charleston`.

use super::charleston::{MAX_COURTESY, Phase, can_courtesy};
use super::verdict::{Answer, RuleId, Verdict};

/// Checks the size of one courtesy offer: 0 to 3 tiles
/// (`courtesy-zero-to-three`; answer: the largest offer allowed).
pub fn check_courtesy_size(offer: usize) -> Verdict {
    Verdict::new(offer <= MAX_COURTESY, RuleId::CourtesyZeroToThree)
        .with(Answer::Count(MAX_COURTESY))
}

/// Checks an offer of `offer` tiles made in `phase`: first whether the
/// courtesy pass is played now (`courtesy-after-charleston`), then its size
/// (`courtesy-zero-to-three`).
pub fn check_courtesy_now(phase: Phase, offer: usize) -> Verdict {
    let when = can_courtesy(phase);
    if !when.ok {
        return when;
    }
    check_courtesy_size(offer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PassId;

    #[test]
    fn offers_are_zero_to_three() {
        for n in 0..=3 {
            assert!(check_courtesy_size(n).ok, "{n}");
        }
        let v = check_courtesy_size(4);
        assert_eq!((v.ok, v.rule), (false, RuleId::CourtesyZeroToThree));
        assert_eq!(v.answer, Answer::Count(3));
    }

    #[test]
    fn the_phase_is_checked_before_the_size() {
        let early = check_courtesy_now(Phase::after(PassId::FirstLeft), 5);
        assert_eq!(
            (early.ok, early.rule),
            (false, RuleId::CourtesyAfterCharleston)
        );
        let big = check_courtesy_now(Phase::Courtesy, 5);
        assert_eq!((big.ok, big.rule), (false, RuleId::CourtesyZeroToThree));
        assert!(check_courtesy_now(Phase::Courtesy, 2).ok);
        assert!(!check_courtesy_now(Phase::Done, 2).ok);
    }
}
