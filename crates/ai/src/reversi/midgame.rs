//! Level 5's midgame search on the 8×8 board: principal variation search
//! on bare bitboards (no engine position made or cloned), scored by the
//! fitted patterns ([`pattern_value`]), with a table that keeps bounds and
//! the best move of each position, moves tried the table's first, then by
//! how the patterns see each child (fewest replies first near the leaves),
//! and ProbCut: where a shallow search lands far enough outside a null
//! window, its verdict stands for the deep search's.
//!
//! Without ProbCut it finds the values of the generic search on
//! [`Patterned`](super::patterned::Patterned), passes and ends of game
//! scored the same way, so the tests can hold the two together.

use super::endgame::{after, sides, slot_of};
use super::patterned::pattern_value;
use super::weights::Weights;
use crate::Deadline;
use crate::search::{EVAL_LIMIT, INFINITY, WIN, from_table, to_table};
use tabletop_engine::bits::Bits;
use tabletop_engine::reversi::{Reversi, ReversiMove, legal_moves};

/// The 8×8 board, every cell of the layout.
const BOARD: u64 = !0;
const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The table has `2^TABLE_BITS` slots.
const TABLE_BITS: u32 = 18;
/// Nodes between looks at the clock and the stop flag (a node is well
/// under a microsecond).
const CHECK_EVERY: u64 = 256;
/// From this many plies to go, children are ordered by the patterns'
/// value of each; below, fewest replies first, which costs less.
const SORT_BY_VALUE: u32 = 4;
/// ProbCut tries its shallow search from this many plies to go.
pub const PROBCUT_DEPTH: u32 = 3;

/// Bounds on one position's value searched some plies deep.
#[derive(Clone, Copy)]
struct Slot {
    me: u64,
    opp: u64,
    lower: i32,
    upper: i32,
    depth: u8,
    /// The best move found there plus one (0 for none).
    best: u8,
}

const EMPTY_SLOT: Slot = Slot {
    me: 0,
    opp: 0,
    lower: -INFINITY,
    upper: INFINITY,
    depth: 0,
    best: 0,
};

/// One search's memory: the table, the clock and whether it cuts.
pub struct Midgame<'a> {
    deadline: Deadline<'a>,
    weights: &'static Weights,
    table: Vec<Slot>,
    probcut: bool,
    pub nodes: u64,
    pub aborted: bool,
}

/// The depth of ProbCut's shallow search for a search `depth` plies deep:
/// about half, an even number of plies shallower, since the patterns'
/// view swings between the mover's and the opponent's plies.
pub fn shallow_depth(depth: u32) -> u32 {
    let half = depth / 2;
    half + (depth - half) % 2
}

/// ProbCut's reckoning for a search `depth` plies deep: how much the deep
/// value exceeds the shallow one on average, and the margin beyond which
/// the shallow search is trusted (2 standard deviations of the
/// difference), in evaluation points. The figures are
/// `examples/reversi_probcut.rs`'s over 367 positions, depths 3 to 11;
/// deeper, no bias and the spread of depth 11. At 1.5 standard deviations
/// level 5 cut more and lost to the 2 of this margin (BENCHMARKS.md).
fn probcut_reckoning(depth: u32) -> (i32, i32) {
    const MEASURED: [(i32, i32); 9] = [
        (-17, 52),
        (16, 51),
        (2, 45),
        (9, 45),
        (-4, 62),
        (9, 59),
        (-8, 58),
        (1, 53),
        (-6, 70),
    ];
    let (bias, sigma) = MEASURED
        .get(depth.saturating_sub(PROBCUT_DEPTH) as usize)
        .copied()
        .unwrap_or((0, 70));
    (bias, sigma * 2)
}

/// The value of a finished game for the mover, as the generic search
/// scores it: a win or a loss `ply` plies from the root, or a draw.
fn final_value(me: u64, opp: u64, ply: usize) -> i32 {
    match me.count_ones().cmp(&opp.count_ones()) {
        std::cmp::Ordering::Greater => WIN - ply as i32,
        std::cmp::Ordering::Less => -(WIN - ply as i32),
        std::cmp::Ordering::Equal => 0,
    }
}

impl<'a> Midgame<'a> {
    /// A search within `limits`; with `probcut`, selective.
    pub fn new(deadline: Deadline<'a>, probcut: bool) -> Self {
        Midgame {
            deadline,
            weights: Weights::shipped(),
            table: vec![EMPTY_SLOT; 1 << TABLE_BITS],
            probcut,
            nodes: 0,
            aborted: false,
        }
    }

    fn evaluate(&self, me: u64, opp: u64, mine: u64, theirs: u64) -> i32 {
        pattern_value(self.weights, [me, opp], [mine, theirs]).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The value of the position `me`, `opp` for `me` (to move) searched
    /// `depth` plies deep, `ply` plies from the root; exact when strictly
    /// between alpha and beta, else a bound beyond. A pass is a ply.
    pub fn search(
        &mut self,
        me: u64,
        opp: u64,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.deadline.expired(self.nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let mine = legal_moves(me, opp, BOARD);
        let theirs = legal_moves(opp, me, BOARD);
        if mine == 0 && theirs == 0 {
            return final_value(me, opp, ply);
        }
        if depth == 0 {
            return self.evaluate(me, opp, mine, theirs);
        }
        if mine == 0 {
            return -self.search(opp, me, depth - 1, ply + 1, -beta, -alpha);
        }

        let index = slot_of(me, opp, TABLE_BITS);
        let slot = self.table[index];
        let mut hint = None;
        if slot.me == me && slot.opp == opp {
            hint = slot.best.checked_sub(1).map(usize::from);
            if u32::from(slot.depth) >= depth {
                let lower = from_table(slot.lower, ply);
                let upper = from_table(slot.upper, ply);
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
            }
        }

        if self.probcut
            && depth >= PROBCUT_DEPTH
            && beta - alpha == 1
            && let Some(cut) = self.probcut(me, opp, depth, ply, beta)
        {
            return cut;
        }

        let mut children = [(0i32, 0usize, 0u64, 0u64); 64];
        let n = self.ordered_children((me, opp), mine, depth, hint, &mut children);
        let children = &children[..n];

        let mut alpha = alpha;
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_at = children[0].1;
        for (i, &(_, at, next_me, next_opp)) in children.iter().enumerate() {
            let child = (next_me, next_opp);
            let score = self.child_value(child, depth - 1, ply + 1, (alpha, beta), i == 0);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_at = at;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }

        let stored = to_table(best, ply);
        let (lower, upper) = if best <= original_alpha {
            (-INFINITY, stored)
        } else if best >= beta {
            (stored, INFINITY)
        } else {
            (stored, stored)
        };
        self.table[index] = Slot {
            me,
            opp,
            lower,
            upper,
            depth: depth.min(255) as u8,
            best: best_at as u8 + 1,
        };
        best
    }

    /// The mover's moves `mine` as (ordering key, cell, discs after), best
    /// first: the table's move `hint`, then, from [`SORT_BY_VALUE`] plies
    /// to go, the patterns' value of each child, else fewest replies (a
    /// corner reply counting double). Returns how many of `children` it
    /// filled.
    #[inline(always)]
    fn ordered_children(
        &self,
        (me, opp): (u64, u64),
        mine: u64,
        depth: u32,
        hint: Option<usize>,
        children: &mut [(i32, usize, u64, u64); 64],
    ) -> usize {
        let mut n = 0;
        for at in mine.ones() {
            let (next_me, next_opp) = after(at, me, opp);
            let key = if hint == Some(at) {
                i32::MIN
            } else {
                let replies = legal_moves(next_me, next_opp, BOARD);
                let fewest = replies.count_ones() + (replies & CORNERS).count_ones();
                if depth >= SORT_BY_VALUE {
                    let mine_then = legal_moves(next_opp, next_me, BOARD);
                    self.evaluate(next_me, next_opp, replies, mine_then) + 8 * fewest as i32
                } else {
                    fewest as i32
                }
            };
            children[n] = (key, at, next_me, next_opp);
            n += 1;
        }
        children[..n].sort_unstable_by_key(|c| c.0);
        n
    }

    /// The value for the parent of its `child` (the discs of the child's
    /// mover, then the other's), searched `depth` plies deep within the
    /// parent's window: the first child with the whole window, the others
    /// with a null window first and again only if they beat alpha.
    fn child_value(
        &mut self,
        (me, opp): (u64, u64),
        depth: u32,
        ply: usize,
        (alpha, beta): (i32, i32),
        first: bool,
    ) -> i32 {
        if first {
            return -self.search(me, opp, depth, ply, -beta, -alpha);
        }
        let probe = -self.search(me, opp, depth, ply, -alpha - 1, -alpha);
        if probe > alpha && probe < beta && !self.aborted {
            -self.search(me, opp, depth, ply, -beta, -probe)
        } else {
            probe
        }
    }

    /// ProbCut at a null-window node with `beta`: `beta` when a shallow
    /// search says the deep one would very likely reach it, `beta - 1`
    /// when it would very likely stay below.
    fn probcut(&mut self, me: u64, opp: u64, depth: u32, ply: usize, beta: i32) -> Option<i32> {
        let alpha = beta - 1;
        if beta.abs() >= EVAL_LIMIT {
            return None;
        }
        let shallow = shallow_depth(depth);
        let (bias, margin) = probcut_reckoning(depth);
        let high = beta - bias + margin;
        if high < EVAL_LIMIT && self.search(me, opp, shallow, ply, high - 1, high) >= high {
            return Some(beta);
        }
        let low = alpha - bias - margin;
        if !self.aborted
            && low > -EVAL_LIMIT
            && self.search(me, opp, shallow, ply, low, low + 1) <= low
        {
            return Some(alpha);
        }
        None
    }

    /// Searches each of the root moves of `pos`, in their order, `depth`
    /// plies deep; the first exactly, the rest with a null window first.
    /// Leaves the moves best first with their values (bounds for all but
    /// the best). False if the search was cut short; the moves are then
    /// sorted as far as they were searched.
    pub fn root(&mut self, pos: &Reversi, depth: u32, moves: &mut [(ReversiMove, i32)]) -> bool {
        let (me, opp) = sides(pos);
        let mut alpha = -INFINITY;
        let mut completed = 0;
        for (i, entry) in moves.iter_mut().enumerate() {
            let (next_me, next_opp) = match entry.0 {
                ReversiMove::Place(cell) => after(cell.row() * 8 + cell.col(), me, opp),
                ReversiMove::Pass => (opp, me),
            };
            let child = (next_me, next_opp);
            let score = self.child_value(child, depth - 1, 1, (alpha, INFINITY), i == 0);
            if self.aborted {
                break;
            }
            entry.1 = score;
            alpha = alpha.max(score);
            completed = i + 1;
        }
        moves[..completed].sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        !self.aborted
    }
}

/// The value of `pos` for its player to move, searched `depth` plies deep
/// with no clock; with `probcut`, selectively. For tests and tools.
pub fn value(pos: &Reversi, depth: u32, probcut: bool) -> i32 {
    value_and_nodes(pos, depth, probcut).0
}

/// [`value`] and the nodes the search visited.
pub fn value_and_nodes(pos: &Reversi, depth: u32, probcut: bool) -> (i32, u64) {
    let never = std::sync::atomic::AtomicBool::new(false);
    let (me, opp) = sides(pos);
    let mut search = Midgame::new(Deadline::unlimited(&never), probcut);
    let value = search.search(me, opp, depth, 0, -INFINITY, INFINITY);
    (value, search.nodes)
}
