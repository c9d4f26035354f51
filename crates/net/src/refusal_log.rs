//! How much of one address's refusals reaches the log. A peer that floods
//! a server with wrong codes or connections past its limit is refused
//! every time, but only its first refusals in each minute are logged one
//! by one; the rest are counted, and the count is logged with the
//! address's next logged refusal or, on a lobby server, by its upkeep
//! once the minute is over. So a flood costs the log a few lines a
//! minute, and the operator still learns how big it was and from where.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Refusals of one address logged one by one in a window.
const LOGGED_PER_WINDOW: u32 = 10;

/// The window over which an address's logged refusals are counted.
const WINDOW: Duration = Duration::from_secs(60);

/// Addresses followed at once; refusals of any more are counted
/// together until windows close.
const MOST_ADDRESSES: usize = 10_000;

/// One address's refusals in its current window.
#[derive(Clone, Copy)]
struct Window {
    began: Instant,
    logged: u32,
    unlogged: u32,
}

#[derive(Default)]
struct Counts {
    addresses: HashMap<IpAddr, Window>,
    /// Refusals not logged from addresses beyond [`MOST_ADDRESSES`].
    crowd: u32,
}

/// Refusals not logged, to be told: from one address, or from the crowd
/// of addresses beyond those followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unlogged {
    pub address: Option<IpAddr>,
    pub count: u32,
}

/// The refusals logged per address.
#[derive(Default)]
pub struct RefusalLog {
    counts: Mutex<Counts>,
}

impl RefusalLog {
    fn counts(&self) -> MutexGuard<'_, Counts> {
        self.counts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A refusal of `address` at `now`: `Some(n)` if it is to be logged,
    /// `n` being how many of its refusals before it were not; `None` if
    /// it is only counted.
    pub fn refused(&self, address: IpAddr, now: Instant) -> Option<u32> {
        let mut counts = self.counts();
        if !counts.addresses.contains_key(&address) && counts.addresses.len() >= MOST_ADDRESSES {
            counts
                .addresses
                .retain(|_, window| now.saturating_duration_since(window.began) < WINDOW);
            if counts.addresses.len() >= MOST_ADDRESSES {
                counts.crowd = counts.crowd.saturating_add(1);
                return None;
            }
        }
        let window = counts.addresses.entry(address).or_insert(Window {
            began: now,
            logged: 0,
            unlogged: 0,
        });
        if now.saturating_duration_since(window.began) >= WINDOW {
            window.began = now;
            window.logged = 0;
        }
        if window.logged >= LOGGED_PER_WINDOW {
            window.unlogged = window.unlogged.saturating_add(1);
            return None;
        }
        window.logged += 1;
        Some(std::mem::take(&mut window.unlogged))
    }

    /// The refusals not yet logged of the windows over at `now`, each
    /// told once; addresses with nothing left to tell are forgotten.
    pub fn closed(&self, now: Instant) -> Vec<Unlogged> {
        let mut counts = self.counts();
        let mut told = Vec::new();
        counts.addresses.retain(|&address, window| {
            if now.saturating_duration_since(window.began) < WINDOW {
                return true;
            }
            if window.unlogged > 0 {
                told.push(Unlogged {
                    address: Some(address),
                    count: window.unlogged,
                });
            }
            false
        });
        if counts.crowd > 0 {
            told.push(Unlogged {
                address: None,
                count: std::mem::take(&mut counts.crowd),
            });
        }
        told
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_is_logged_a_few_lines_a_window_and_its_size_told_after() {
        let log = RefusalLog::default();
        let flooder: IpAddr = "192.0.2.1".parse().expect("an address");
        let other: IpAddr = "192.0.2.2".parse().expect("an address");
        let start = Instant::now();
        let logged = (0..1_000)
            .filter(|_| log.refused(flooder, start).is_some())
            .count();
        assert_eq!(logged, LOGGED_PER_WINDOW as usize);
        // Another address is logged as if nothing had happened.
        assert_eq!(log.refused(other, start), Some(0));
        // Within the window nothing is told yet.
        assert_eq!(log.closed(start + Duration::from_secs(30)), vec![]);
        // Once it is over, the count is told once.
        let over = start + WINDOW;
        assert_eq!(
            log.closed(over),
            vec![Unlogged {
                address: Some(flooder),
                count: 1_000 - LOGGED_PER_WINDOW
            }]
        );
        assert_eq!(log.closed(over), vec![]);
        // A new window logs again, with nothing left over to carry.
        assert_eq!(log.refused(flooder, over), Some(0));
    }

    #[test]
    fn a_count_not_yet_told_rides_on_the_next_logged_line() {
        let log = RefusalLog::default();
        let flooder: IpAddr = "2001:db8::1".parse().expect("an address");
        let start = Instant::now();
        for _ in 0..LOGGED_PER_WINDOW + 5 {
            log.refused(flooder, start);
        }
        assert_eq!(log.refused(flooder, start + WINDOW), Some(5));
    }
}
