//! Connections counted, from each address and in all: past either
//! limit, more are turned away at once, so one machine cannot take every
//! seat of the door, nor many machines more sessions (a thread and a
//! screen each) than the server was given. An address counts as the
//! lobby's guard counts it (an IPv6 address as its /64 network).

use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Addresses {
    per_address: usize,
    most: usize,
    open: Arc<Mutex<Open>>,
}

/// The connections open now.
#[derive(Default)]
struct Open {
    from: HashMap<IpAddr, usize>,
    all: usize,
}

/// Why a connection was turned away.
#[derive(Debug, PartialEq, Eq)]
pub enum Crowded {
    /// Its address has as many connections as one may.
    Address,
    /// The door has as many as it takes.
    Door,
}

impl fmt::Display for Crowded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Crowded::Address => "too many connections from this address",
            Crowded::Door => "the door has as many connections as it takes (--ssh-most)",
        })
    }
}

/// A connection counted; it stops counting when dropped.
pub struct Counted {
    address: IpAddr,
    open: Arc<Mutex<Open>>,
}

impl Addresses {
    /// `per_address` connections from one address at once, `most` in all.
    pub fn new(per_address: usize, most: usize) -> Addresses {
        Addresses {
            per_address: per_address.max(1),
            most: most.max(1),
            open: Arc::default(),
        }
    }

    /// Counts one more connection from `address`, unless it or the door
    /// has as many as it may.
    pub fn enter(&self, address: IpAddr) -> Result<Counted, Crowded> {
        let address = tabletop_net::guard::counted_as(address);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.all >= self.most {
            return Err(Crowded::Door);
        }
        let count = open.from.entry(address).or_insert(0);
        if *count >= self.per_address {
            return Err(Crowded::Address);
        }
        *count += 1;
        open.all += 1;
        Ok(Counted {
            address,
            open: Arc::clone(&self.open),
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.all = open.all.saturating_sub(1);
        if let Some(count) = open.from.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.from.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_past_its_limit_waits_for_one_of_its_own_to_leave() {
        let addresses = Addresses::new(2, 100);
        let one: IpAddr = "192.0.2.1".parse().unwrap();
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        let first = addresses.enter(one).expect("first");
        let _second = addresses.enter(one).expect("second");
        assert_eq!(addresses.enter(one).err(), Some(Crowded::Address));
        assert!(addresses.enter(other).is_ok());
        drop(first);
        assert!(addresses.enter(one).is_ok());
        // Another address of the same IPv6 /64 network is the same.
        let v6: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let same: IpAddr = "2001:db8:1:2::2".parse().unwrap();
        let _a = addresses.enter(v6).expect("first");
        let _b = addresses.enter(v6).expect("second");
        assert_eq!(addresses.enter(same).err(), Some(Crowded::Address));
    }

    #[test]
    fn many_addresses_together_take_no_more_than_the_door_takes() {
        let addresses = Addresses::new(2, 3);
        let at = |n: u8| IpAddr::from([192, 0, 2, n]);
        let first = addresses.enter(at(1)).expect("first");
        let _kept: Vec<Counted> = (2..=3)
            .map(|n| addresses.enter(at(n)).expect("within the door's"))
            .collect();
        assert_eq!(addresses.enter(at(4)).err(), Some(Crowded::Door));
        // One leaves: one more comes in, and then the door is full again.
        drop(first);
        let _fourth = addresses.enter(at(4)).expect("a place again");
        assert_eq!(addresses.enter(at(5)).err(), Some(Crowded::Door));
    }
}
