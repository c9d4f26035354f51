//! Level 5's searches' [`Deadline`], with the positions each has searched.

use crate::Deadline;

/// A search's [`Deadline`], and the positions it has searched.
pub(super) struct Clock<'a> {
    pub(super) deadline: Deadline<'a>,
    pub(super) ticks: u64,
    pub(super) expired: bool,
}

impl<'a> Clock<'a> {
    pub(super) fn new(deadline: Deadline<'a>) -> Clock<'a> {
        Clock {
            deadline,
            ticks: 0,
            expired: false,
        }
    }

    /// Counts a node; every 256 nodes looks at the deadline.
    pub(super) fn tick(&mut self) -> bool {
        self.ticks += 1;
        if !self.expired && self.ticks.is_multiple_of(256) {
            self.expired = self.deadline.expired(self.ticks);
        }
        self.expired
    }

    pub(super) fn check(&mut self) -> bool {
        if !self.expired {
            self.expired = self.deadline.expired(self.ticks);
        }
        self.expired
    }

    /// A clock for `share` of what is left.
    pub(super) fn part(&self, share: f64) -> Clock<'a> {
        Clock::new(self.deadline.part(self.ticks, share))
    }
}
