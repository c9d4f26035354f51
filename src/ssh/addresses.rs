//! Connections from one address, counted: past the limit, more are turned
//! away at once, so one machine cannot take every seat of the door. An
//! address counts as the lobby's guard counts it (an IPv6 address as its
//! /64 network).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Addresses {
    limit: usize,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// A connection counted; it stops counting when dropped.
pub struct Counted {
    address: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Addresses {
    pub fn new(limit: usize) -> Addresses {
        Addresses {
            limit: limit.max(1),
            open: Arc::default(),
        }
    }

    /// Counts one more connection from `address`, unless it has as many
    /// as it may.
    pub fn enter(&self, address: IpAddr) -> Option<Counted> {
        let address = tabletop_net::guard::counted_as(address);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(address).or_insert(0);
        if *count >= self.limit {
            return None;
        }
        *count += 1;
        Some(Counted {
            address,
            open: Arc::clone(&self.open),
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_past_its_limit_waits_for_one_of_its_own_to_leave() {
        let addresses = Addresses::new(2);
        let one: IpAddr = "192.0.2.1".parse().unwrap();
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        let first = addresses.enter(one).expect("first");
        let _second = addresses.enter(one).expect("second");
        assert!(addresses.enter(one).is_none());
        assert!(addresses.enter(other).is_some());
        drop(first);
        assert!(addresses.enter(one).is_some());
        // Another address of the same IPv6 /64 network is the same.
        let v6: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let same: IpAddr = "2001:db8:1:2::2".parse().unwrap();
        let _a = addresses.enter(v6).expect("first");
        let _b = addresses.enter(v6).expect("second");
        assert!(addresses.enter(same).is_none());
    }
}
