//! When a search must stop: after a time, after a number of searched
//! positions, or as soon as it is asked to. Every search of the computer
//! takes a [`Deadline`], so every level can also think a fixed number of
//! positions instead of a fixed time: the same move on any machine, under
//! any load, which is what tests and measurements at equal effort need.
//!
//! A deadline does not count positions itself: each search counts its own
//! (from 0, when it was given the deadline) and says how many it has
//! searched when it asks whether to go on. A search that hands part of its
//! budget to another gives it [`Deadline::part`], which that one counts
//! from 0 again.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How much a search may think.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// This long, by the clock.
    Time(Duration),
    /// This many searched positions (tree nodes, playouts, proof-number
    /// nodes: each search says what it counts), whatever the time.
    Nodes(u64),
}

impl From<Duration> for Budget {
    fn from(time: Duration) -> Budget {
        Budget::Time(time)
    }
}

/// A budget started at a moment, and the flag that stops the search early.
#[derive(Clone, Copy, Debug)]
pub struct Deadline<'a> {
    started: Instant,
    budget: Budget,
    stop: &'a AtomicBool,
}

impl<'a> Deadline<'a> {
    /// `budget`, from now.
    pub fn new(budget: Budget, stop: &'a AtomicBool) -> Deadline<'a> {
        Deadline {
            started: Instant::now(),
            budget,
            stop,
        }
    }

    /// No limit but the stop flag.
    pub fn unlimited(stop: &'a AtomicBool) -> Deadline<'a> {
        Deadline::new(Budget::Nodes(u64::MAX), stop)
    }

    /// The budget this deadline was made with.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Whether the budget is time (and so the result may depend on the
    /// machine).
    pub fn is_timed(&self) -> bool {
        matches!(self.budget, Budget::Time(_))
    }

    /// The flag that stops the search, for work handed to other threads.
    pub fn stop_flag(&self) -> &'a AtomicBool {
        self.stop
    }

    /// Whether the search was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether a search that has searched `nodes` positions must stop.
    /// Reading the clock costs about 20 ns, so fast searches ask every so
    /// many nodes rather than at each.
    pub fn expired(&self, nodes: u64) -> bool {
        self.stopped()
            || match self.budget {
                Budget::Time(time) => self.started.elapsed() >= time,
                Budget::Nodes(limit) => nodes >= limit,
            }
    }

    /// The share of the budget used after `nodes` positions: 0 at the
    /// start, 1 when it runs out (more past it).
    pub fn spent(&self, nodes: u64) -> f64 {
        match self.budget {
            Budget::Time(time) if time.is_zero() => 1.0,
            Budget::Time(time) => self.started.elapsed().as_secs_f64() / time.as_secs_f64(),
            Budget::Nodes(0) => 1.0,
            Budget::Nodes(limit) => nodes as f64 / limit as f64,
        }
    }

    /// A deadline for `share` (0 to 1) of what is left after `nodes`
    /// positions, for a part of the search that counts its own from 0.
    pub fn part(&self, nodes: u64, share: f64) -> Deadline<'a> {
        let share = share.clamp(0.0, 1.0);
        let budget = match self.budget {
            Budget::Time(time) => {
                Budget::Time(time.saturating_sub(self.started.elapsed()).mul_f64(share))
            }
            Budget::Nodes(u64::MAX) => Budget::Nodes(u64::MAX),
            Budget::Nodes(limit) => {
                Budget::Nodes((limit.saturating_sub(nodes) as f64 * share) as u64)
            }
        };
        Deadline::new(budget, self.stop)
    }

    /// The time left, for a budget of time; `None` for a count of
    /// positions.
    pub fn time_left(&self) -> Option<Duration> {
        match self.budget {
            Budget::Time(time) => Some(time.saturating_sub(self.started.elapsed())),
            Budget::Nodes(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static NEVER: AtomicBool = AtomicBool::new(false);

    #[test]
    fn a_count_of_positions_runs_out_at_that_count() {
        let deadline = Deadline::new(Budget::Nodes(100), &NEVER);
        assert!(!deadline.expired(99));
        assert!(deadline.expired(100));
        assert_eq!(deadline.spent(25), 0.25);
        let part = deadline.part(20, 0.5);
        assert_eq!(part.budget(), Budget::Nodes(40));
        assert!(!deadline.is_timed());
        assert_eq!(deadline.time_left(), None);
    }

    #[test]
    fn the_stop_flag_ends_any_budget() {
        let stop = AtomicBool::new(true);
        assert!(Deadline::unlimited(&stop).expired(0));
        assert!(Deadline::new(Budget::Time(Duration::from_secs(3600)), &stop).expired(0));
        assert!(!Deadline::unlimited(&NEVER).expired(u64::MAX - 1));
    }

    #[test]
    fn an_unlimited_part_stays_unlimited() {
        let part = Deadline::unlimited(&NEVER).part(1000, 0.3);
        assert_eq!(part.budget(), Budget::Nodes(u64::MAX));
    }

    #[test]
    fn time_budgets_are_timed() {
        let deadline = Deadline::new(Duration::from_secs(3600).into(), &NEVER);
        assert!(deadline.is_timed());
        assert!(!deadline.expired(u64::MAX));
        assert!(
            deadline
                .time_left()
                .is_some_and(|left| left > Duration::from_secs(3000))
        );
        let Budget::Time(part) = deadline.part(0, 0.5).budget() else {
            panic!("a part of a time budget is time");
        };
        assert!(part <= Duration::from_secs(1800));
    }
}
