//! How much of a session's input may wait for its app at once: bytes the
//! client sent that the app has not read yet. A client that sends more
//! (a flood, a paste far longer than anything the app reads) is over its
//! budget, and its session ends with a message; other sessions have
//! budgets of their own and do not notice.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The most input bytes waiting for one session's app.
pub const INPUT_BYTES: usize = 64 * 1024;

/// What a session over its budget is told, as its session ends.
pub const OVER: &str = "the session sent more than 64 KiB that the game had not read yet \
                        (a paste that long?): it is ended";

/// One session's input waiting, shared by the connection (which counts
/// what comes) and the app (which counts what it read).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    waiting: Arc<AtomicUsize>,
    over: Arc<AtomicBool>,
}

impl Budget {
    /// Counts `bytes` more waiting, if they fit in [`INPUT_BYTES`]; if
    /// not, counts nothing and the budget is over for good.
    pub fn take(&self, bytes: usize) -> bool {
        let fits = self
            .waiting
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |waiting| {
                waiting
                    .checked_add(bytes)
                    .filter(|&after| after <= INPUT_BYTES)
            })
            .is_ok();
        if !fits {
            self.over.store(true, Ordering::Release);
        }
        fits
    }

    /// `bytes` were read by the app.
    pub fn give(&self, bytes: usize) {
        let _ = self
            .waiting
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |waiting| {
                Some(waiting.saturating_sub(bytes))
            });
    }

    /// Whether the session went over its budget.
    pub fn is_over(&self) -> bool {
        self.over.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_fits_until_the_budget_is_spent_then_the_session_is_over() {
        let budget = Budget::default();
        assert!(budget.take(INPUT_BYTES - 10));
        assert!(!budget.is_over());
        // Read by the app: room again.
        budget.give(INPUT_BYTES - 10);
        assert!(budget.take(INPUT_BYTES));
        assert!(!budget.take(1));
        assert!(budget.is_over());
        // Over for good, whatever is read afterwards.
        budget.give(INPUT_BYTES);
        assert!(budget.is_over());
        assert!(!Budget::default().take(INPUT_BYTES + 1));
    }
}
