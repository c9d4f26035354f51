//! A set of empty cells with constant-time insert, remove and uniform random
//! pick, for games whose moves are "any empty cell" (Hex, Connect6): random
//! play and move listing never scan the board.
//!
//! The members sit in a dense list; a position map, indexed by cell index,
//! says where each member is in that list, so a removal swaps the last member
//! into the hole.

use super::random::Rng;

/// Marks an index that is not in the set.
const ABSENT: u16 = u16::MAX;

/// A set of cell indices below a fixed bound.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Empties {
    list: Vec<u16>,
    pos: Vec<u16>,
}

impl Empties {
    /// An empty set for indices `0..bound` (`bound` at most 65,535).
    pub fn new(bound: usize) -> Empties {
        let bound = bound.min(usize::from(ABSENT));
        Empties {
            list: Vec::with_capacity(bound),
            pos: vec![ABSENT; bound],
        }
    }

    /// The set of `indices`, all below `bound`; repeats and indices out of
    /// range are ignored.
    pub fn with_indices(bound: usize, indices: impl IntoIterator<Item = usize>) -> Empties {
        let mut set = Empties::new(bound);
        for index in indices {
            set.insert(index);
        }
        set
    }

    /// Every cell of a `side`×`side` board in a padded layout where row `r`,
    /// column `c` has index `(r + 1) * stride + c + 1` (a border all round),
    /// for indices below `(side + 2) * stride`.
    pub fn padded_grid(side: usize, stride: usize) -> Empties {
        let stride = stride.max(side + 2);
        let bound = ((side + 2) * stride).min(usize::from(ABSENT));
        let mut list = vec![0; side * side];
        let mut pos = vec![ABSENT; bound];
        for (row, list_row) in (1..=side).zip(list.chunks_exact_mut(side)) {
            let start = row * stride + 1;
            let first = ((row - 1) * side) as u16;
            let Some(pos_row) = pos.get_mut(start..start + side) else {
                break;
            };
            for (k, (p, slot)) in pos_row.iter_mut().zip(list_row).enumerate() {
                *p = first + k as u16;
                *slot = (start + k) as u16;
            }
        }
        Empties { list, pos }
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn contains(&self, index: usize) -> bool {
        self.pos.get(index).is_some_and(|&p| p != ABSENT)
    }

    /// Adds `index`; does nothing if it is already in or out of range.
    #[inline]
    pub fn insert(&mut self, index: usize) {
        if let Some(p) = self.pos.get_mut(index)
            && *p == ABSENT
        {
            *p = self.list.len() as u16;
            self.list.push(index as u16);
        }
    }

    /// Takes `index` out; does nothing if it is not in.
    #[inline]
    pub fn remove(&mut self, index: usize) {
        let Some(&p) = self.pos.get(index) else {
            return;
        };
        if p == ABSENT {
            return;
        }
        let Some(last) = self.list.pop() else {
            return;
        };
        if usize::from(last) != index {
            self.list[usize::from(p)] = last;
            self.pos[usize::from(last)] = p;
        }
        self.pos[index] = ABSENT;
    }

    /// A member chosen uniformly at random; `None` if the set is empty.
    #[inline]
    pub fn pick(&self, rng: &mut Rng) -> Option<usize> {
        match self.list.len() {
            0 => None,
            n => Some(usize::from(self.list[rng.below(n)])),
        }
    }

    /// The member at place `k` of the list (`k < len()`), for picking among
    /// the members and some other moves with one random number.
    #[inline]
    pub fn get(&self, k: usize) -> Option<usize> {
        self.list.get(k).map(|&i| usize::from(i))
    }

    /// The members, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.list.iter().map(|&i| usize::from(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_contains() {
        let mut set = Empties::with_indices(10, [1, 3, 5, 3, 42]);
        assert_eq!(set.len(), 3);
        assert!(set.contains(3) && !set.contains(4) && !set.contains(42));
        set.remove(1);
        set.remove(1);
        set.remove(99);
        assert_eq!(set.len(), 2);
        let mut members: Vec<usize> = set.iter().collect();
        members.sort();
        assert_eq!(members, vec![3, 5]);
        set.insert(9);
        set.remove(5);
        set.remove(3);
        set.remove(9);
        assert!(set.is_empty());
        assert_eq!(set.pick(&mut Rng::new(1)), None);
    }

    #[test]
    fn padded_grid_holds_exactly_the_board() {
        let set = Empties::padded_grid(3, 8);
        let mut members: Vec<usize> = set.iter().collect();
        members.sort();
        assert_eq!(members, vec![9, 10, 11, 17, 18, 19, 25, 26, 27]);
        assert!(!set.contains(8) && !set.contains(12) && !set.contains(39));
    }

    #[test]
    fn pick_is_uniform_over_members() {
        let set = Empties::with_indices(8, [0, 2, 7]);
        let mut rng = Rng::new(3);
        let mut counts = [0usize; 8];
        for _ in 0..30_000 {
            counts[set.pick(&mut rng).unwrap_or(1)] += 1;
        }
        assert_eq!(counts[1] + counts[3] + counts[6], 0);
        for i in [0, 2, 7] {
            assert!((9_000..11_000).contains(&counts[i]), "{counts:?}");
        }
    }
}
