//! Where one `serve` rebuild's time went, step by step (`serve --timings`):
//! the engine's own steps (links before and after an edit, the pages
//! phase, the checks) and each extra of the extras phase.

use std::time::{Duration, Instant};

/// Named steps and their wall time, in the order they ran. A step that ran
/// more than once (an extra made for several languages) is one entry, its
/// times summed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Steps(Vec<(&'static str, Duration)>);

impl Steps {
    /// Adds the time since `start` to step `name`.
    pub fn record(&mut self, name: &'static str, start: Instant) {
        self.add(name, start.elapsed());
    }

    /// Adds `time` to step `name`.
    pub fn add(&mut self, name: &'static str, time: Duration) {
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some((_, t)) => *t += time,
            None => self.0.push((name, time)),
        }
    }

    /// Runs `f` as step `name`.
    pub fn time<R>(&mut self, name: &'static str, f: impl FnOnce() -> R) -> R {
        let start = Instant::now();
        let r = f();
        self.record(name, start);
        r
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Duration)> + '_ {
        self.0.iter().copied()
    }

    /// `links before 3.1 ms, pages 2.0 ms`, steps under 0.05 ms left out.
    pub fn render(&self) -> String {
        self.0
            .iter()
            .filter(|(_, t)| t.as_secs_f64() >= 0.000_05)
            .map(|(n, t)| format!("{n} {:.1} ms", t.as_secs_f64() * 1000.0))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(steps: &[(&'static str, u64)], expect: &str) {
        let mut s = Steps::default();
        for (name, micros) in steps {
            s.add(name, Duration::from_micros(*micros));
        }
        assert_eq!(s.render(), expect);
    }

    #[test]
    fn steps_are_summed_by_name_in_order() {
        check(
            &[("pages", 2_000), ("sitemap", 1_300), ("pages", 500)],
            "pages 2.5 ms, sitemap 1.3 ms",
        );
    }

    #[test]
    fn tiny_steps_are_left_out() {
        check(&[("robots", 10), ("sitemap", 300)], "sitemap 0.3 ms");
        check(&[], "");
    }
}
