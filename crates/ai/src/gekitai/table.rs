//! The proof-number search's bounded transposition table: buckets of four
//! entries, each a position's canonical key, its proof and disproof
//! numbers and the work (nodes searched) that found them. A new position
//! takes the place of the entry with the least work in its bucket, so
//! big settled subtrees stay and cheap leaves go first.

use super::symmetry::Key;

/// Entries that share a slot of the table.
const BUCKET: usize = 4;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: Key,
    pn: u32,
    dn: u32,
    /// Nodes searched below this position; 0 marks an empty entry.
    work: u64,
}

/// What the table holds about a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Known {
    pub pn: u32,
    pub dn: u32,
    pub work: u64,
}

pub struct Table {
    entries: Vec<Entry>,
    /// Buckets − 1: the bucket count is a power of two.
    mask: usize,
}

impl Table {
    /// A table using at most about `bytes` of memory (at least one bucket).
    pub fn with_bytes(bytes: usize) -> Table {
        let per_bucket = BUCKET * std::mem::size_of::<Entry>();
        let wanted = (bytes / per_bucket).max(1);
        // The largest power of two that fits.
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: vec![Entry::default(); buckets * BUCKET],
            mask: buckets - 1,
        }
    }

    /// The memory the entries take.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    fn bucket(&self, key: Key) -> std::ops::Range<usize> {
        let start = (key.mixed() as usize & self.mask) * BUCKET;
        start..start + BUCKET
    }

    pub fn get(&self, key: Key) -> Option<Known> {
        self.entries[self.bucket(key)]
            .iter()
            .find(|e| e.work > 0 && e.key == key)
            .map(|e| Known {
                pn: e.pn,
                dn: e.dn,
                work: e.work,
            })
    }

    /// Stores what is known of `key`, over its old entry or the bucket's
    /// entry with the least work; a settled entry (either number 0) is
    /// only replaced by a more expensive one.
    pub fn put(&mut self, key: Key, known: Known) {
        let range = self.bucket(key);
        let bucket = &mut self.entries[range];
        let slot = bucket
            .iter()
            .position(|e| e.work > 0 && e.key == key)
            .unwrap_or_else(|| {
                let mut least = 0;
                for (i, e) in bucket.iter().enumerate() {
                    if cost(e) < cost(&bucket[least]) {
                        least = i;
                    }
                }
                least
            });
        bucket[slot] = Entry {
            key,
            pn: known.pn,
            dn: known.dn,
            work: known.work.max(1),
        };
    }

    /// Entries in use, for figures.
    pub fn used(&self) -> usize {
        self.entries.iter().filter(|e| e.work > 0).count()
    }
}

/// How much an entry is worth keeping: its work, with settled results
/// counting double (they never need searching again).
fn cost(e: &Entry) -> u64 {
    if e.work == 0 {
        0
    } else if e.pn == 0 || e.dn == 0 {
        e.work.saturating_mul(2)
    } else {
        e.work
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u64) -> Key {
        Key {
            x: n << 9,
            o_and_turn: 0,
        }
    }

    #[test]
    fn a_full_bucket_drops_the_cheapest_entry() {
        let mut table = Table::with_bytes(1);
        assert_eq!(table.bytes(), 4 * std::mem::size_of::<Entry>());
        for (n, work) in [(1, 50), (2, 3), (3, 70), (4, 90)] {
            table.put(key(n), Known { pn: 1, dn: 1, work });
        }
        table.put(
            key(5),
            Known {
                pn: 2,
                dn: 2,
                work: 10,
            },
        );
        assert_eq!(table.get(key(2)), None);
        assert_eq!(table.get(key(5)).map(|k| k.pn), Some(2));
        assert!(table.get(key(1)).is_some());
        assert_eq!(table.used(), 4);
        table.put(
            key(1),
            Known {
                pn: 0,
                dn: u32::MAX,
                work: 60,
            },
        );
        assert_eq!(table.get(key(1)).map(|k| k.pn), Some(0));
    }
}
