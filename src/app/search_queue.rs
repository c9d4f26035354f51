//! A cap on the computer's searches running at once in this process, with
//! a queue in the order they asked. The local app has none (every search
//! starts at once); the SSH door sets one, so that many people playing
//! the strongest level share the machine's cores instead of starving it,
//! and each game's status line shows its place in the line.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};

/// The process's queue, once a cap is set.
static QUEUE: OnceLock<Arc<Queue>> = OnceLock::new();

/// Lets at most `running` searches run at once from now on (at least
/// one); the first cap set holds.
pub fn limit(running: usize) {
    let _ = QUEUE.get_or_init(|| Queue::new(running));
}

/// Whether searches wait their turn here (the computer then does not
/// think on the player's time either).
pub fn is_limited() -> bool {
    QUEUE.get().is_some()
}

struct Queue {
    state: Mutex<State>,
    /// Told when a search leaves, so the next may start.
    turn: Condvar,
}

struct State {
    capacity: usize,
    running: Vec<u64>,
    waiting: VecDeque<u64>,
    next: u64,
}

impl Queue {
    fn new(running: usize) -> Arc<Queue> {
        Arc::new(Queue {
            state: Mutex::new(State {
                capacity: running.max(1),
                running: Vec::new(),
                waiting: VecDeque::new(),
                next: 0,
            }),
            turn: Condvar::new(),
        })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// One search's place: in the line, then running; it leaves when the
/// search ends or the ticket is dropped.
pub struct Ticket {
    id: u64,
    queue: Option<Arc<Queue>>,
}

impl Ticket {
    /// A place at the end of the line (or no line, with no cap).
    pub fn take() -> Arc<Ticket> {
        Ticket::take_in(QUEUE.get())
    }

    /// A place in no line, for a search already done.
    pub fn none() -> Arc<Ticket> {
        Ticket::take_in(None)
    }

    fn take_in(queue: Option<&Arc<Queue>>) -> Arc<Ticket> {
        let Some(queue) = queue else {
            return Arc::new(Ticket { id: 0, queue: None });
        };
        let mut state = queue.state();
        let id = state.next;
        state.next += 1;
        state.waiting.push_back(id);
        Arc::new(Ticket {
            id,
            queue: Some(Arc::clone(queue)),
        })
    }

    /// How many searches are ahead of this one plus one (1: next to
    /// run), or `None` once it runs (or with no cap).
    pub fn place(&self) -> Option<usize> {
        let queue = self.queue.as_ref()?;
        let state = queue.state();
        let at = state.waiting.iter().position(|&id| id == self.id)?;
        Some(at + 1)
    }

    /// Waits for this search's turn; `false` if `stop` was set first
    /// (the search is no longer wanted), leaving the line.
    pub fn wait(&self, stop: &AtomicBool) -> bool {
        let Some(queue) = &self.queue else {
            return true;
        };
        let mut state = queue.state();
        loop {
            if stop.load(Ordering::Relaxed) {
                drop(state);
                self.leave();
                return false;
            }
            if state.running.len() < state.capacity && state.waiting.front() == Some(&self.id) {
                state.waiting.pop_front();
                state.running.push(self.id);
                // The next in line may have room too.
                queue.turn.notify_all();
                return true;
            }
            state = queue.turn.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Leaves the line, or gives the running search's place to the next.
    pub fn leave(&self) {
        let Some(queue) = &self.queue else {
            return;
        };
        let mut state = queue.state();
        state.waiting.retain(|&id| id != self.id);
        state.running.retain(|&id| id != self.id);
        drop(state);
        queue.turn.notify_all();
    }

    /// Wakes the searches waiting, to look at their stop flags.
    pub fn nudge(&self) {
        if let Some(queue) = &self.queue {
            queue.turn.notify_all();
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.leave();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_past_the_cap_wait_in_order_and_a_stopped_one_leaves() {
        // A queue of its own: the process's would hold other tests back.
        let queue = Some(Queue::new(1));
        let take = || Ticket::take_in(queue.as_ref());
        let (first, second, third) = (take(), take(), take());
        assert_eq!(first.place(), Some(1));
        assert_eq!(third.place(), Some(3));
        let go = AtomicBool::new(false);
        assert!(first.wait(&go));
        assert_eq!(first.place(), None);
        assert_eq!(second.place(), Some(1));
        // The second waits on another thread until the first is done.
        let waiting = Arc::clone(&second);
        let waiter = std::thread::spawn(move || waiting.wait(&AtomicBool::new(false)));
        first.leave();
        assert!(waiter.join().unwrap());
        assert_eq!(second.place(), None);
        // The third is stopped while in line: it leaves it.
        let stop = AtomicBool::new(true);
        assert!(!third.wait(&stop));
        assert_eq!(third.place(), None);
        second.leave();
        let fourth = take();
        assert!(fourth.wait(&go), "the stopped search held no place");
    }
}
