//! Level 5's [`Deadline`] shared by every part of one move's search: the
//! threat searches and the search over turns all count into one tally of
//! positions, and a part may be given a share of what is left.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;

use crate::{Budget, Deadline};

/// A deadline, and the positions searched so far (shared by every part of
/// one move's search) counted from when the clock was made.
pub struct Clock<'a> {
    deadline: Deadline<'a>,
    used: &'a Cell<u64>,
    /// `used` when this clock was made: its deadline counts from here.
    from: u64,
}

impl<'a> Clock<'a> {
    pub fn new(deadline: Deadline<'a>, used: &'a Cell<u64>) -> Clock<'a> {
        Clock {
            deadline,
            used,
            from: used.get(),
        }
    }

    /// A clock that stops after `nodes` positions (tests and examples).
    pub fn nodes(nodes: u64, stop: &'a AtomicBool, used: &'a Cell<u64>) -> Clock<'a> {
        Clock::new(Deadline::new(Budget::Nodes(nodes), stop), used)
    }

    fn counted(&self) -> u64 {
        self.used.get() - self.from
    }

    pub fn expired(&self) -> bool {
        self.deadline.expired(self.counted())
    }

    /// Counts one searched position.
    pub fn tick(&self) {
        self.used.set(self.used.get() + 1);
    }

    /// A clock for one part of what is left: `1 / part` of it.
    pub fn share(&self, part: u32) -> Clock<'a> {
        let deadline = self.deadline.part(self.counted(), 1.0 / f64::from(part));
        Clock::new(deadline, self.used)
    }
}
