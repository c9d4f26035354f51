//! The exact Reversi endgame solver: alpha-beta (principal variation
//! search) on the final disc difference, on bare bitboards with no engine
//! position made or cloned (the moves and flips come from the engine's bit
//! kernels, the ones its rules use). Moves that leave the opponent fewest replies go
//! first (fastest first), the last few empty cells are played region by
//! region with odd regions first (parity), and a transposition table keeps
//! bounds of positions with many empty cells. A clock and a stop flag can
//! cut it short.

use super::cell;
use crate::Deadline;
use tabletop_engine::bits::Bits;
use tabletop_engine::reversi::{Reversi, ReversiMove, flips, legal_moves};
use tabletop_engine::{Game, Player};

/// From this many empty cells up, moves are sorted fastest first; below,
/// they are tried by parity region, which costs nothing.
const SORT_EMPTIES: u32 = 8;
/// From this many empty cells up, positions go into the table.
const TABLE_EMPTIES: u32 = 8;
/// The table has `2^TABLE_BITS` slots.
const TABLE_BITS: u32 = 18;
const CHECK_EVERY: u64 = 4096;

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The four quadrants of the layout: the parity regions.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

fn count(bits: u64) -> i32 {
    bits.count_ones() as i32
}

/// The discs after `me` places at `at` (a legal move), from the side of
/// the opponent, who moves next: theirs, then mine.
#[inline(always)]
pub(super) fn after(at: usize, me: u64, opp: u64) -> (u64, u64) {
    let turned = flips(at, me, opp);
    (opp ^ turned, me | turned | 1 << at)
}

/// Bounds on one position's exact value, from an earlier search.
#[derive(Clone, Copy, Default)]
struct Slot {
    me: u64,
    opp: u64,
    lower: i8,
    upper: i8,
    /// The best move found there plus one (0 for none).
    best: u8,
}

/// What the table says of a position for a search's window.
enum Probe {
    /// Nothing: the slot holds another position.
    Unknown,
    /// The value, without searching.
    Settled(i32),
    /// A narrower window, and the best move found there before.
    Narrowed(i32, i32, Option<usize>),
}

/// The mover's moves `mine` as (ordering key, cell, discs after), fastest
/// first: fewest replies (a corner reply counts double), the table's move
/// `hint` before all. Returns how many of `children` it filled.
#[inline(always)]
fn ordered_children(
    me: u64,
    opp: u64,
    empty: u64,
    mine: u64,
    hint: Option<usize>,
    children: &mut [(i32, usize, u64, u64); 64],
) -> usize {
    let mut n = 0;
    for at in mine.ones() {
        let (next_me, next_opp) = after(at, me, opp);
        let replies = legal_moves(next_me, next_opp, empty & !(1 << at));
        let key = if hint == Some(at) {
            -1
        } else {
            count(replies) + count(replies & CORNERS)
        };
        children[n] = (key, at, next_me, next_opp);
        n += 1;
    }
    children[..n].sort_unstable_by_key(|c| c.0);
    n
}

pub struct Solver<'a> {
    board: u64,
    deadline: Deadline<'a>,
    table: Vec<Slot>,
    pub nodes: u64,
    pub aborted: bool,
}

impl<'a> Solver<'a> {
    /// A solver for positions on the cells `board` of the layout.
    pub fn new(board: u64, deadline: Deadline<'a>) -> Self {
        Solver {
            board,
            deadline,
            table: vec![Slot::default(); 1 << TABLE_BITS],
            nodes: 0,
            aborted: false,
        }
    }

    fn slot(me: u64, opp: u64) -> usize {
        slot_of(me, opp, TABLE_BITS)
    }

    /// The final disc difference with best play for `me` (to move), exact
    /// when strictly between alpha and beta, else a bound beyond.
    pub fn solve(&mut self, me: u64, opp: u64, alpha: i32, beta: i32) -> i32 {
        self.search(me, opp, alpha, beta, false)
    }

    /// [`Solver::solve`]; `passed` when the opponent has just passed.
    fn search(&mut self, me: u64, opp: u64, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
        let empty = self.board & !(me | opp);
        let empties = empty.count_ones();
        if empties == 0 {
            return count(me) - count(opp);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.deadline.expired(self.nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if empties == 1 {
            return self.last_cell(me, opp, empty);
        }
        if empties < SORT_EMPTIES {
            return self.by_parity(me, opp, empty, alpha, beta, passed);
        }
        let mine = legal_moves(me, opp, empty);
        if mine == 0 {
            if passed {
                return count(me) - count(opp);
            }
            return -self.search(opp, me, -beta, -alpha, true);
        }

        let index = Self::slot(me, opp);
        let mut hint = None;
        if empties >= TABLE_EMPTIES {
            match self.probe(index, me, opp, alpha, beta) {
                Probe::Settled(score) => return score,
                Probe::Narrowed(lower, upper, best) => {
                    (alpha, beta, hint) = (lower, upper, best);
                }
                Probe::Unknown => {}
            }
        }
        let mut children = [(0i32, 0usize, 0u64, 0u64); 64];
        let n = ordered_children(me, opp, empty, mine, hint, &mut children);
        let children = &children[..n];

        let (low, high) = (alpha, beta);
        let mut best = -i32::MAX;
        let mut best_at = children[0].1;
        for (i, &(_, at, next_me, next_opp)) in children.iter().enumerate() {
            let score = if i == 0 {
                -self.search(next_me, next_opp, -beta, -alpha, false)
            } else {
                let probe = -self.search(next_me, next_opp, -alpha - 1, -alpha, false);
                if probe > alpha && probe < beta && !self.aborted {
                    -self.search(next_me, next_opp, -beta, -probe, false)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_at = at;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        if empties >= TABLE_EMPTIES {
            self.store(index, (me, opp), best, (low, high), best_at);
        }
        best
    }

    /// What the table knows of `me`, `opp` (at `index`) for a search
    /// between `alpha` and `beta`.
    #[inline(always)]
    fn probe(&self, index: usize, me: u64, opp: u64, alpha: i32, beta: i32) -> Probe {
        let slot = self.table[index];
        if slot.me != me || slot.opp != opp {
            return Probe::Unknown;
        }
        let (lower, upper) = (i32::from(slot.lower), i32::from(slot.upper));
        if lower >= beta {
            return Probe::Settled(lower);
        }
        if upper <= alpha {
            return Probe::Settled(upper);
        }
        let best = slot.best.checked_sub(1).map(usize::from);
        Probe::Narrowed(alpha.max(lower), beta.min(upper), best)
    }

    /// Keeps what a search of `sides` between `window` found: `best`,
    /// played at `best_at`.
    #[inline(always)]
    fn store(
        &mut self,
        index: usize,
        (me, opp): (u64, u64),
        best: i32,
        (low, high): (i32, i32),
        best_at: usize,
    ) {
        let slot = &mut self.table[index];
        if slot.me != me || slot.opp != opp {
            *slot = Slot {
                me,
                opp,
                lower: -64,
                upper: 64,
                best: 0,
            };
        }
        // Fail-soft: a score outside the window is a bound on that side.
        if best > low {
            slot.lower = slot.lower.max(best.min(64) as i8);
        }
        if best < high {
            slot.upper = slot.upper.min(best.max(-64) as i8);
        }
        slot.best = best_at as u8 + 1;
    }

    /// Few empty cells: plain alpha-beta, the cells of regions with an odd
    /// number of empty cells first (the last move in a region tends to be
    /// worth having). Each empty cell is tried directly (one that turns
    /// nothing is no move), which is cheaper than listing the moves first.
    fn by_parity(
        &mut self,
        me: u64,
        opp: u64,
        empty: u64,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        let mut odd = 0;
        for quadrant in QUADRANTS {
            if (empty & quadrant).count_ones() % 2 == 1 {
                odd |= quadrant;
            }
        }
        let mut best = -i32::MAX;
        for group in [empty & odd, empty & !odd] {
            for at in group.ones() {
                let turned = flips(at, me, opp);
                if turned == 0 {
                    continue;
                }
                let score = -self.search(opp ^ turned, me | turned | 1 << at, -beta, -alpha, false);
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if best == -i32::MAX {
            // No move: pass, or the game is over.
            if passed {
                return count(me) - count(opp);
            }
            return -self.search(opp, me, -beta, -alpha, true);
        }
        best
    }

    /// One empty cell left: whoever can place there does (me first).
    fn last_cell(&mut self, me: u64, opp: u64, empty: u64) -> i32 {
        let at = empty.trailing_zeros() as usize;
        let turned = flips(at, me, opp);
        if turned != 0 {
            return count(me | turned) + 1 - count(opp ^ turned);
        }
        let turned = flips(at, opp, me);
        if turned != 0 {
            return count(me ^ turned) - count(opp | turned) - 1;
        }
        count(me) - count(opp)
    }
}

impl Solver<'_> {
    /// The exact final disc difference of the position for `me` (to move,
    /// with at least one placement in `mine`) and a placement that reaches
    /// it; `None` if time ran out.
    fn best_placement(&mut self, me: u64, opp: u64, mine: u64) -> Option<(i32, usize)> {
        let empty = self.board & !(me | opp);
        let mut children: Vec<(i32, usize, u64, u64)> = mine
            .ones()
            .map(|at| {
                let (next_me, next_opp) = after(at, me, opp);
                let replies = count(legal_moves(next_me, next_opp, empty & !(1 << at)));
                (replies, at, next_me, next_opp)
            })
            .collect();
        children.sort_by_key(|c| c.0);
        // The first move with a full window, the others with a null window
        // first, searched again only when they beat the best so far.
        let mut best: Option<(i32, usize)> = None;
        for &(_, at, next_me, next_opp) in &children {
            let score = match best {
                None => -self.solve(next_me, next_opp, -65, 65),
                Some((alpha, _)) => {
                    let probe = -self.solve(next_me, next_opp, -alpha - 1, -alpha);
                    if probe > alpha && !self.aborted {
                        -self.solve(next_me, next_opp, -65, -alpha)
                    } else {
                        probe
                    }
                }
            };
            if self.aborted {
                return None;
            }
            if best.is_none_or(|(alpha, _)| score > alpha) {
                best = Some((score, at));
            }
        }
        best
    }
}

/// The exact final disc difference of `pos` with best play for the player
/// to move (as [`exact_value`]) and a line of best play on both sides, at
/// most `longest` moves, passes included: `None` if the game is over or
/// time runs out before the first move is known; the line stops short if
/// it runs out later. One solver (and its table) serves the whole line.
pub fn best_line(
    pos: &Reversi,
    longest: usize,
    deadline: Deadline,
) -> Option<(i32, Vec<ReversiMove>)> {
    let mut solver = Solver::new(pos.board_bits(), deadline);
    let mut value = None;
    let mut line = Vec::new();
    let mut here = pos.clone();
    while !here.is_over() && line.len() < longest {
        let (me, opp) = sides(&here);
        let mine = legal_moves(me, opp, pos.board_bits() & !(me | opp));
        let (score, mv) = if mine == 0 {
            let score = solver.solve(me, opp, -65, 65);
            (score, ReversiMove::Pass)
        } else {
            let Some((score, at)) = solver.best_placement(me, opp, mine) else {
                break;
            };
            (score, ReversiMove::Place(cell(at)))
        };
        if solver.aborted {
            break;
        }
        value.get_or_insert(score);
        here.play_unchecked(mv);
        line.push(mv);
    }
    Some((value?, line))
}

/// The mover's and the opponent's discs.
/// The slot of the position `me`, `opp` in a table of `2^bits` slots.
#[inline(always)]
pub(super) fn slot_of(me: u64, opp: u64, bits: u32) -> usize {
    let mixed = (me.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ opp.wrapping_mul(0xc2b2_ae3d_27d4_eb4f))
        .rotate_left(29)
        .wrapping_mul(0x1656_67b1_9e37_79f9);
    (mixed >> (64 - bits)) as usize
}

/// The mover's discs and the opponent's.
pub(super) fn sides(pos: &Reversi) -> (u64, u64) {
    let me = pos.to_move();
    (pos.disc_bits(me), pos.disc_bits(me.other()))
}

/// The exact final disc difference (the mover's discs minus the
/// opponent's, empty cells counting for nobody) with best play for the
/// player to move, or `None` if the solver ran out of time.
pub fn exact_value(pos: &Reversi, deadline: Deadline) -> Option<i32> {
    let (me, opp) = sides(pos);
    let mut solver = Solver::new(pos.board_bits(), deadline);
    let value = solver.solve(me, opp, -65, 65);
    (!solver.aborted).then_some(value)
}

/// How many cells of `pos` are empty.
pub fn empties(pos: &Reversi) -> u32 {
    (pos.board_bits() & !(pos.disc_bits(Player::First) | pos.disc_bits(Player::Second)))
        .count_ones()
}

/// A move with the best final disc difference (first the best result, win,
/// draw or loss, then the most discs while time allows), or `None` if even
/// the win/draw/loss answer took too long.
pub fn best_move(pos: &Reversi, deadline: Deadline) -> Option<ReversiMove> {
    if pos.is_over() {
        return None;
    }
    let (me, opp) = sides(pos);
    let empty = pos.board_bits() & !(me | opp);
    let mine = legal_moves(me, opp, empty);
    if mine == 0 {
        return Some(ReversiMove::Pass);
    }
    let mut solver = Solver::new(pos.board_bits(), deadline);
    let mut children: Vec<(usize, u64, u64, i32)> = Vec::new();
    for at in mine.ones() {
        let (next_me, next_opp) = after(at, me, opp);
        let replies = count(legal_moves(next_me, next_opp, empty & !(1 << at)));
        children.push((at, next_me, next_opp, replies));
    }
    children.sort_by_key(|c| c.3);
    // Win, draw or loss first: a window of (-1, 1) around zero.
    let mut best: Option<(usize, i32)> = None;
    for &(at, next_me, next_opp, _) in &children {
        let score = (-solver.solve(next_me, next_opp, -1, 1)).clamp(-1, 1);
        if solver.aborted {
            return None;
        }
        if best.is_none_or(|b| score > b.1) {
            best = Some((at, score));
        }
        if score == 1 {
            break;
        }
    }
    let (wld_at, wld) = best?;
    // Then the exact margin, with whatever time is left, the result's move
    // first; a move found so far replaces the first answer only if it is
    // as good a result.
    if let Some(i) = children.iter().position(|c| c.0 == wld_at) {
        children[..=i].rotate_right(1);
    }
    let mut alpha = -65;
    let mut exact_at = wld_at;
    for (i, &(at, next_me, next_opp, _)) in children.iter().enumerate() {
        let score = if i == 0 {
            -solver.solve(next_me, next_opp, -65, 65)
        } else {
            let probe = -solver.solve(next_me, next_opp, -alpha - 1, -alpha);
            if probe > alpha && !solver.aborted {
                -solver.solve(next_me, next_opp, -65, 1 - probe)
            } else {
                probe
            }
        };
        if solver.aborted {
            let at = if alpha.signum() >= wld {
                exact_at
            } else {
                wld_at
            };
            return Some(ReversiMove::Place(cell(at)));
        }
        if score > alpha {
            alpha = score;
            exact_at = at;
        }
    }
    Some(ReversiMove::Place(cell(exact_at)))
}
