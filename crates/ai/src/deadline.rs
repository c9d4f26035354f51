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
//!
//! Nor does a deadline read the clock by itself: a search asks when a
//! [`Pace`] says it is due, after so many positions or, where positions
//! cost much more on a big board (each one playing every move to look
//! for a win), after so many moves played, so that no search runs long
//! past its time between two looks.

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

    /// The same deadline ending `margin` sooner (for a search that needs
    /// that long after it stops); a count of positions is unchanged.
    pub fn sooner(&self, margin: Duration) -> Deadline<'a> {
        let budget = match self.budget {
            Budget::Time(time) => Budget::Time(time.saturating_sub(margin)),
            nodes => nodes,
        };
        Deadline { budget, ..*self }
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

/// When a search looks at its deadline: after every [`Pace::NODES`]
/// positions, or sooner, after [`Pace::PLAYS`] moves played in looking
/// for wins and the like, whichever comes first. A count of positions
/// alone let the search of a 26×26 board, where one position can play
/// 676 moves, overrun a 50 ms budget by 10 ms or more between looks.
#[derive(Clone, Copy, Default, Debug)]
pub struct Pace {
    nodes: u64,
    plays: u64,
}

impl Pace {
    /// Positions between looks: reading the clock costs about 20 ns, well
    /// under 1% of 64 of the fastest positions.
    pub const NODES: u64 = 64;
    /// Moves played between looks: a move played costs about 100 ns to
    /// 500 ns on the largest boards, so a search looks at least every
    /// 0.1 ms or so.
    pub const PLAYS: u64 = 256;

    /// Counts one position; whether it is time to look at the deadline.
    pub fn node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= Pace::NODES || self.plays >= Pace::PLAYS {
            *self = Pace::default();
            true
        } else {
            false
        }
    }

    /// Counts `count` moves played since the last position counted (a
    /// look for a win in one, a check that a move is safe).
    pub fn played(&mut self, count: usize) {
        self.plays += count as u64;
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

    #[test]
    fn a_pace_looks_every_so_many_positions_or_sooner_after_many_moves() {
        let mut pace = Pace::default();
        let looks: Vec<u64> = (1..=200).filter(|_| pace.node()).collect();
        assert_eq!(looks, vec![64, 128, 192]);
        // Each position playing 676 moves (a 26×26 board's win check):
        // a look at every position after the first.
        let mut pace = Pace::default();
        let looks = (0..10)
            .filter(|_| {
                let due = pace.node();
                pace.played(676);
                due
            })
            .count();
        assert_eq!(looks, 9);
    }

    #[test]
    fn a_sooner_deadline_keeps_a_count_and_shortens_a_time() {
        let count = Deadline::new(Budget::Nodes(100), &NEVER);
        assert_eq!(
            count.sooner(Duration::from_secs(1)).budget(),
            Budget::Nodes(100)
        );
        let time = Deadline::new(Duration::from_secs(10).into(), &NEVER);
        let sooner = time.sooner(Duration::from_secs(4));
        assert_eq!(sooner.budget(), Budget::Time(Duration::from_secs(6)));
        let gone = time.sooner(Duration::from_secs(11));
        assert_eq!(gone.budget(), Budget::Time(Duration::ZERO));
    }
}
