//! The search tree of level 5, shared by all the threads that search it
//! (tree parallelism): nodes live in an arena of fixed-size chunks made
//! on first use, every field is an atomic, and a node's children are one
//! contiguous run of the arena, published by storing their count last.
//!
//! Statistics are updated without locks. Visits are counted on the way
//! down (a visit not yet won is a virtual loss, which steers the other
//! threads elsewhere until the playout is backed up); the all-moves-as-
//! first counts of the many siblings a playout touches are plain loads and
//! stores, so two threads may now and then lose one update of the same
//! counter, a little noise the search does not mind.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicUsize, Ordering};

/// Nodes per chunk of the arena (a power of two).
const CHUNK_BITS: u32 = 16;
const CHUNK: usize = 1 << CHUNK_BITS;

/// All-moves-as-first wins are kept in these units, so that a prior can
/// start a node with a fraction of a win.
pub const RAVE_UNIT: f32 = 64.0;

/// A node's flags.
pub const EXPANDING: u8 = 1;
/// The move into this node wins (the player to move here loses).
pub const WON: u8 = 2;
/// The move into this node loses.
pub const LOST: u8 = 4;
/// Knowledge has been computed (or claimed) for this node's position.
pub const KNOWN: u8 = 8;
/// Some moves were left out of the children by a pruning that is not
/// exact: that they all lose does not prove the position lost.
pub const INCOMPLETE: u8 = 16;

/// One position of the tree, reached by `mv` from its parent.
#[derive(Default)]
pub struct Node {
    mv: AtomicU16,
    flags: AtomicU8,
    children: AtomicU16,
    first: AtomicU32,
    /// Visits, counted on the way down, and wins, counted on the way back,
    /// for the player who played `mv`.
    n: AtomicU32,
    w: AtomicU32,
    /// All-moves-as-first visits and wins (in [`RAVE_UNIT`]s).
    rn: AtomicU32,
    rw: AtomicU32,
    /// The learned prior, an `f32`'s bits.
    prior: AtomicU32,
}

/// A node's statistics as one thread read them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub mv: u16,
    pub n: u32,
    pub w: u32,
    pub rn: u32,
    pub rw: f32,
    pub prior: f32,
    pub flags: u8,
}

fn add(counter: &AtomicU32, by: u32) {
    counter.store(
        counter.load(Ordering::Relaxed).wrapping_add(by),
        Ordering::Relaxed,
    );
}

impl Node {
    /// Sets up a fresh node (before its parent publishes it).
    pub fn init(&self, mv: u16, n: u32, w: u32, rn: u32, rw: f32, prior: f32) {
        self.mv.store(mv, Ordering::Relaxed);
        self.flags.store(0, Ordering::Relaxed);
        self.children.store(0, Ordering::Relaxed);
        self.first.store(0, Ordering::Relaxed);
        self.n.store(n, Ordering::Relaxed);
        self.w.store(w, Ordering::Relaxed);
        self.rn.store(rn, Ordering::Relaxed);
        self.rw.store((rw * RAVE_UNIT) as u32, Ordering::Relaxed);
        self.prior.store(prior.to_bits(), Ordering::Relaxed);
    }

    pub fn mv(&self) -> u16 {
        self.mv.load(Ordering::Relaxed)
    }

    pub fn visits(&self) -> u32 {
        self.n.load(Ordering::Relaxed)
    }

    pub fn stats(&self) -> Stats {
        Stats {
            mv: self.mv(),
            n: self.n.load(Ordering::Relaxed),
            w: self.w.load(Ordering::Relaxed),
            rn: self.rn.load(Ordering::Relaxed),
            rw: self.rw.load(Ordering::Relaxed) as f32 / RAVE_UNIT,
            prior: f32::from_bits(self.prior.load(Ordering::Relaxed)),
            flags: self.flags.load(Ordering::Relaxed),
        }
    }

    /// The run of children, once published: (first, count).
    pub fn children(&self) -> (u32, u32) {
        let count = self.children.load(Ordering::Acquire);
        (self.first.load(Ordering::Relaxed), u32::from(count))
    }

    /// Sets up this fresh node as a copy of `other`, children aside.
    fn copy_from(&self, other: &Node) {
        for (to, from) in [
            (&self.n, &other.n),
            (&self.w, &other.w),
            (&self.rn, &other.rn),
            (&self.rw, &other.rw),
            (&self.prior, &other.prior),
        ] {
            to.store(from.load(Ordering::Relaxed), Ordering::Relaxed);
        }
        self.mv.store(other.mv(), Ordering::Relaxed);
        let mut flags = other.flags.load(Ordering::Relaxed);
        if other.children.load(Ordering::Acquire) == 0 {
            // Claimed but never given children (the arena was full).
            flags &= !EXPANDING;
        }
        self.flags.store(flags, Ordering::Relaxed);
        self.children.store(0, Ordering::Relaxed);
        self.first.store(0, Ordering::Relaxed);
    }

    /// Publishes `count` children from `first` (their fields set first).
    pub fn publish(&self, first: u32, count: u16) {
        self.first.store(first, Ordering::Relaxed);
        self.children.store(count, Ordering::Release);
    }

    pub fn flags(&self) -> u8 {
        self.flags.load(Ordering::Acquire)
    }

    /// Sets `flag`; whether this call set it (it was clear before).
    pub fn claim(&self, flag: u8) -> bool {
        self.flags.fetch_or(flag, Ordering::AcqRel) & flag == 0
    }

    /// A visit on the way down (a virtual loss until it is backed up).
    pub fn visit(&self) {
        self.n.fetch_add(1, Ordering::Relaxed);
    }

    /// A playout through this node won by the player who played `mv`.
    pub fn win(&self) {
        self.w.fetch_add(1, Ordering::Relaxed);
    }

    /// An all-moves-as-first result for this node's move.
    pub fn rave(&self, won: bool) {
        add(&self.rn, 1);
        if won {
            add(&self.rw, RAVE_UNIT as u32);
        }
    }
}

/// The arena: node 0 is the root.
pub struct Tree {
    chunks: Box<[OnceLock<Box<[Node]>>]>,
    next: AtomicUsize,
    capacity: usize,
}

impl Tree {
    /// A tree of at most about `max_nodes` nodes, holding only its root.
    pub fn new(max_nodes: usize) -> Tree {
        let chunks = max_nodes.div_ceil(CHUNK).max(1);
        let tree = Tree {
            chunks: (0..chunks).map(|_| OnceLock::new()).collect(),
            next: AtomicUsize::new(0),
            capacity: chunks * CHUNK,
        };
        let root = tree.alloc(1).unwrap_or_else(|| unreachable!());
        tree.node(root).init(0, 0, 0, 0, 0.0, 0.0);
        tree
    }

    pub fn node(&self, id: u32) -> &Node {
        let chunk = self.chunks[(id >> CHUNK_BITS) as usize]
            .get()
            .unwrap_or_else(|| unreachable!());
        &chunk[id as usize & (CHUNK - 1)]
    }

    /// Nodes made so far.
    pub fn len(&self) -> usize {
        self.next.load(Ordering::Relaxed).min(self.capacity)
    }

    /// The subtree below node `id` as a tree of its own (with `id` its
    /// root), in an arena of at most about `max_nodes`; `None` if it does
    /// not fit in half of that. No thread may be searching `self`.
    pub fn subtree(&self, id: u32, max_nodes: usize) -> Option<Tree> {
        let copy = Tree::new(max_nodes);
        copy.node(0).copy_from(self.node(id));
        let mut queue = vec![(id, 0u32)];
        while let Some((from, to)) = queue.pop() {
            let (first, count) = self.node(from).children();
            if count == 0 {
                continue;
            }
            if copy.len() + count as usize > copy.capacity / 2 {
                return None;
            }
            let start = copy.alloc(count as usize)?;
            for k in 0..count {
                copy.node(start + k).copy_from(self.node(first + k));
                queue.push((first + k, start + k));
            }
            copy.node(to).publish(start, count as u16);
        }
        Some(copy)
    }

    /// Room for `count` (1 to a chunk) contiguous nodes; `None` when the
    /// arena is full.
    pub fn alloc(&self, count: usize) -> Option<u32> {
        debug_assert!((1..=CHUNK).contains(&count));
        loop {
            let start = self.next.load(Ordering::Relaxed);
            let mut begin = start;
            if begin / CHUNK != (begin + count - 1) / CHUNK {
                begin = (begin / CHUNK + 1) * CHUNK;
            }
            let end = begin + count;
            if end > self.capacity {
                return None;
            }
            if self
                .next
                .compare_exchange_weak(start, end, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                self.chunks[begin / CHUNK]
                    .get_or_init(|| std::iter::repeat_with(Node::default).take(CHUNK).collect());
                return Some(begin as u32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_children_stay_within_a_chunk() {
        let tree = Tree::new(3 * CHUNK);
        let mut seen = 1;
        while let Some(first) = tree.alloc(700) {
            let first = first as usize;
            assert_eq!(first / CHUNK, (first + 699) / CHUNK);
            assert!(first >= seen);
            seen = first + 700;
            tree.node(first as u32).init(5, 1, 1, 0, 0.0, 0.5);
            tree.node((first + 699) as u32).init(6, 0, 0, 0, 0.0, 0.5);
        }
        assert!(seen > 2 * CHUNK && seen <= 3 * CHUNK);
        assert_eq!(tree.node(0).visits(), 0);
    }

    #[test]
    fn a_published_run_is_read_back() {
        let tree = Tree::new(CHUNK);
        let first = tree.alloc(3).expect("room");
        for k in 0..3 {
            tree.node(first + k).init(10 + k as u16, 0, 0, 8, 4.0, 0.5);
        }
        assert_eq!(tree.node(0).children(), (0, 0));
        tree.node(0).publish(first, 3);
        assert_eq!(tree.node(0).children(), (first, 3));
        let child = tree.node(first + 1).stats();
        assert_eq!((child.mv, child.rn, child.rw), (11, 8, 4.0));
        assert!(tree.node(0).claim(EXPANDING));
        assert!(!tree.node(0).claim(EXPANDING));
        // The subtree of the middle child, which has one child of its own.
        let grandchild = tree.alloc(1).expect("room");
        tree.node(grandchild).init(20, 3, 2, 0, 0.0, 0.25);
        tree.node(first + 1).publish(grandchild, 1);
        let copy = tree.subtree(first + 1, CHUNK).expect("fits");
        assert_eq!(copy.len(), 2);
        assert_eq!(copy.node(0).mv(), 11);
        let (child, count) = copy.node(0).children();
        assert_eq!(count, 1);
        let s = copy.node(child).stats();
        assert_eq!((s.mv, s.n, s.w, s.prior), (20, 3, 2, 0.25));
    }
}
