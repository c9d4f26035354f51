//! What one address may do to a host or a server, so that no peer can
//! crowd out the others: connections open at once (per address and in
//! all), and wrong codes: after a few, an address waits longer and longer
//! before any code of its is looked at again, and each wrong code is
//! logged with its address (a flood only a few lines a minute:
//! [`RefusalLog`]). An IPv6 address counts as its /64 network, which one
//! home or one machine is given whole: otherwise a single peer could come
//! from as many addresses as it liked.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::time::Instant;

use crate::refusal_log::{RefusalLog, Unlogged};

/// Wrong codes an address may give before it has to wait.
const FREE_WRONG: u32 = 3;

/// The first wait after the free wrong codes; each wrong code after it
/// doubles it.
const FIRST_WAIT: Duration = Duration::from_secs(10);

/// The longest wait.
const LONGEST_WAIT: Duration = Duration::from_secs(15 * 60);

/// How long an address's wrong codes are remembered after its last.
const FORGET_AFTER: Duration = Duration::from_secs(30 * 60);

/// The address `address` counts as, for every limit: an IPv6 address's
/// /64 network (its last 64 bits zero), an IPv4 address (also one written
/// as IPv6) itself.
pub fn counted_as(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

/// The limits a guard holds addresses to.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections open at once, from everywhere.
    pub connections: usize,
    /// Connections open at once from one address.
    pub per_address: usize,
}

/// How one address stands.
#[derive(Default)]
struct Standing {
    connections: usize,
    wrong: u32,
    last_wrong: Option<Instant>,
}

#[derive(Default)]
struct Book {
    connections: usize,
    addresses: HashMap<IpAddr, Standing>,
}

/// The guard of a host or a server.
#[derive(Clone)]
pub struct Guard {
    limits: Limits,
    book: Arc<Mutex<Book>>,
    refusals: Arc<RefusalLog>,
}

/// A connection counted against its address until dropped.
pub struct Admitted {
    guard: Guard,
    address: IpAddr,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut book = self.guard.book();
        book.connections = book.connections.saturating_sub(1);
        if let Some(standing) = book.addresses.get_mut(&self.address) {
            standing.connections = standing.connections.saturating_sub(1);
        }
        book.forget(self.address);
    }
}

impl Book {
    /// Drops what is known of `address` once nothing is left to know.
    fn forget(&mut self, address: IpAddr) {
        let idle = self.addresses.get(&address).is_some_and(|standing| {
            standing.connections == 0
                && standing
                    .last_wrong
                    .is_none_or(|last| last.elapsed() > FORGET_AFTER)
        });
        if idle {
            self.addresses.remove(&address);
        }
    }
}

impl Guard {
    pub fn new(limits: Limits) -> Guard {
        Guard {
            limits,
            book: Arc::new(Mutex::new(Book::default())),
            refusals: Arc::default(),
        }
    }

    /// A refusal of `address`, now: `Some(n)` if it is to be logged (`n`
    /// of its refusals before it were not), `None` if only counted.
    pub fn log_refusal(&self, address: IpAddr) -> Option<u32> {
        self.refusals
            .refused(counted_as(address), std::time::Instant::now())
    }

    /// The refusals not logged in windows now over, each told once.
    pub fn unlogged_refusals(&self) -> Vec<Unlogged> {
        self.refusals.closed(std::time::Instant::now())
    }

    fn book(&self) -> MutexGuard<'_, Book> {
        self.book
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts a new connection from `address`, or says why it is refused.
    pub fn admit(&self, address: IpAddr) -> Result<Admitted, &'static str> {
        let address = counted_as(address);
        let mut book = self.book();
        if book.connections >= self.limits.connections {
            return Err("the server is full");
        }
        let standing = book.addresses.entry(address).or_default();
        if standing.connections >= self.limits.per_address {
            return Err("too many connections from your address");
        }
        standing.connections += 1;
        book.connections += 1;
        Ok(Admitted {
            guard: self.clone(),
            address,
        })
    }

    /// How long `address` must still wait before a code of its is looked
    /// at, if it must.
    pub fn waiting(&self, address: IpAddr) -> Option<Duration> {
        let book = self.book();
        let standing = book.addresses.get(&counted_as(address))?;
        let last = standing.last_wrong?;
        let wait = wait_after(standing.wrong)?;
        wait.checked_sub(last.elapsed())
            .filter(|left| !left.is_zero())
    }

    /// `address` gave a wrong code: counted, and logged.
    pub fn wrong_code(&self, address: IpAddr) {
        let mut book = self.book();
        let standing = book.addresses.entry(counted_as(address)).or_default();
        if standing
            .last_wrong
            .is_some_and(|last| last.elapsed() > FORGET_AFTER)
        {
            standing.wrong = 0;
        }
        standing.wrong += 1;
        standing.last_wrong = Some(Instant::now());
        let wrong = standing.wrong;
        let wait = wait_after(wrong).map_or(0, |wait| wait.as_secs());
        drop(book);
        if let Some(unlogged) = self.log_refusal(address) {
            tracing::warn!(%address, wrong, wait_s = wait, unlogged, "refused: wrong code");
        }
    }

    /// The refusal for an address that must wait `left` more.
    pub fn slowed(left: Duration) -> String {
        format!(
            "too many wrong codes from your address: try again in {} s",
            left.as_secs().max(1)
        )
    }
}

/// The wait after `wrong` wrong codes in a row, once they are too many.
fn wait_after(wrong: u32) -> Option<Duration> {
    let beyond = wrong.checked_sub(FREE_WRONG).filter(|&beyond| beyond > 0)?;
    let doubled = FIRST_WAIT.saturating_mul(1 << (beyond - 1).min(16));
    Some(doubled.min(LONGEST_WAIT))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_wrong_codes_are_free_then_the_waits_double() {
        assert_eq!(wait_after(FREE_WRONG), None);
        assert_eq!(wait_after(FREE_WRONG + 1), Some(FIRST_WAIT));
        assert_eq!(wait_after(FREE_WRONG + 2), Some(FIRST_WAIT * 2));
        assert_eq!(wait_after(FREE_WRONG + 3), Some(FIRST_WAIT * 4));
        assert_eq!(wait_after(100), Some(LONGEST_WAIT));
    }

    #[test]
    fn an_address_may_hold_so_many_connections() {
        let guard = Guard::new(Limits {
            connections: 3,
            per_address: 2,
        });
        let here: IpAddr = "127.0.0.1".parse().expect("an address");
        let there: IpAddr = "127.0.0.2".parse().expect("an address");
        let first = guard.admit(here).expect("room");
        let _second = guard.admit(here).expect("room");
        assert_eq!(
            guard.admit(here).err(),
            Some("too many connections from your address")
        );
        let _third = guard.admit(there).expect("room");
        assert_eq!(guard.admit(there).err(), Some("the server is full"));
        drop(first);
        assert!(guard.admit(here).is_ok());
    }

    #[test]
    fn an_ipv6_network_of_64_bits_is_one_address() {
        let guard = Guard::new(Limits {
            connections: 10,
            per_address: 2,
        });
        let at = |text: &str| -> IpAddr { text.parse().expect("an address") };
        let _first = guard.admit(at("2001:db8:1:2::1")).expect("room");
        let _second = guard.admit(at("2001:db8:1:2:ffff:1:2:3")).expect("room");
        assert_eq!(
            guard.admit(at("2001:db8:1:2::99")).err(),
            Some("too many connections from your address")
        );
        assert!(guard.admit(at("2001:db8:1:3::1")).is_ok(), "another /64");
        // An IPv4 address written as IPv6 is that IPv4 address.
        let _v4 = guard.admit(at("192.0.2.7")).expect("room");
        let _v4_again = guard.admit(at("::ffff:192.0.2.7")).expect("room");
        assert!(guard.admit(at("192.0.2.7")).is_err());
        // Wrong codes from one of its addresses make the whole network wait.
        for _ in 0..=FREE_WRONG {
            guard.wrong_code(at("2001:db8:5:6::1"));
        }
        assert!(guard.waiting(at("2001:db8:5:6::2")).is_some());
        assert!(guard.waiting(at("2001:db8:5:7::1")).is_none());
    }
}
