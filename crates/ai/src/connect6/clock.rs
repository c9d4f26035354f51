//! When level 5's search must stop: at a deadline in play, or after a
//! number of searched positions in tests and examples, so that their
//! results do not depend on the machine's speed.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

#[derive(Clone, Copy)]
enum Limit {
    Deadline(Instant),
    /// The count of positions (of `Clock::used`) to stop at.
    Nodes(u64),
}

/// A limit, the flag that stops a search early, and the positions
/// searched so far (shared by every part of one move's search).
pub struct Clock<'a> {
    limit: Limit,
    stop: &'a AtomicBool,
    used: &'a Cell<u64>,
}

impl<'a> Clock<'a> {
    pub fn deadline(deadline: Instant, stop: &'a AtomicBool, used: &'a Cell<u64>) -> Clock<'a> {
        Clock {
            limit: Limit::Deadline(deadline),
            stop,
            used,
        }
    }

    pub fn nodes(nodes: u64, stop: &'a AtomicBool, used: &'a Cell<u64>) -> Clock<'a> {
        Clock {
            limit: Limit::Nodes(used.get() + nodes),
            stop,
            used,
        }
    }

    pub fn expired(&self) -> bool {
        let over = match self.limit {
            Limit::Deadline(deadline) => Instant::now() >= deadline,
            Limit::Nodes(nodes) => self.used.get() >= nodes,
        };
        over || self.stop.load(Ordering::Relaxed)
    }

    /// Counts one searched position.
    pub fn tick(&self) {
        self.used.set(self.used.get() + 1);
    }

    /// A clock for one part of what is left: `1 / part` of it.
    pub fn share(&self, part: u32) -> Clock<'a> {
        let limit = match self.limit {
            Limit::Deadline(deadline) => {
                let now = Instant::now();
                Limit::Deadline(now + deadline.saturating_duration_since(now) / part)
            }
            Limit::Nodes(nodes) => {
                let used = self.used.get();
                Limit::Nodes(used + nodes.saturating_sub(used) / u64::from(part))
            }
        };
        Clock { limit, ..*self }
    }
}
