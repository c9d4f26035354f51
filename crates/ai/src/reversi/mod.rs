//! Reversi for the computer: the hand-made evaluation on bitboards
//! (mobility and potential mobility, corners and the squares next to empty
//! corners, stable discs, parity and, late on, the disc count), each
//! level's plan from level 3 up (`levels.rs`), near the end the exact
//! solver ([`endgame`]), and level 5's evaluation on 8×8: pattern weights
//! ([`patterns`], [`weights`]) fitted by `examples/reversi_train.rs`, used
//! by level 5's own midgame search with ProbCut ([`midgame`]) and, through
//! [`patterned`], by the generic one. [`fixed_effort`] runs level 5's
//! search to a fixed depth in each way ([`Scoring`]), for
//! `examples/reversi_ab.rs`.

use std::sync::atomic::AtomicBool;

#[cfg(test)]
mod colour_tests;
pub mod endgame;
#[cfg(test)]
mod endgame_tests;
mod levels;
pub mod midgame;
#[cfg(test)]
mod midgame_tests;
#[cfg(test)]
mod pattern_tests;
pub mod patterned;
pub mod patterns;
pub mod weights;

pub use levels::{Scoring, fixed_effort};

use crate::analysis::{LONGEST_LINE, Proof};
use crate::search::zobrist;
use crate::{Deadline, History, Level, OwnChoice, Searchable};
use tabletop_engine::reversi::{Reversi, ReversiMove};
use tabletop_engine::{BestPlay, Cell, Game, Player};

/// A review asks the exact solver about positions with at most this many
/// empty cells (level 5 plays by it from as many); within the time given,
/// and usually well within from 16 down.
const PROVED_EMPTIES: u32 = 20;

const COL_A: u64 = 0x0101_0101_0101_0101;
const COL_H: u64 = COL_A << 7;

/// For each of the eight directions, the cells whose neighbour that way is
/// in `set` (no wrapping from one edge of the layout to the other).
#[inline(always)]
fn neighbours_in(set: u64) -> [u64; 8] {
    [
        (set >> 1) & !COL_H, // east
        (set << 1) & !COL_A, // west
        set >> 8,            // south
        set << 8,            // north
        (set >> 9) & !COL_H, // south-east
        (set << 9) & !COL_A, // north-west
        (set >> 7) & !COL_A, // south-west
        (set << 7) & !COL_H, // north-east
    ]
}

/// Every cell next to one in `set`.
#[inline(always)]
fn around(set: u64) -> u64 {
    neighbours_in(set).into_iter().fold(0, |a, b| a | b)
}

/// The full lines of the 8×8 layout along each axis: rows, columns,
/// diagonals, anti-diagonals.
static LINES: [[u64; 15]; 4] = lines();

const fn lines() -> [[u64; 15]; 4] {
    let mut out = [[0u64; 15]; 4];
    let mut r = 0;
    while r < 8 {
        let mut c = 0;
        while c < 8 {
            let bit = 1u64 << (r * 8 + c);
            out[0][r] |= bit;
            out[1][c] |= bit;
            out[2][r + 7 - c] |= bit;
            out[3][r + c] |= bit;
            c += 1;
        }
        r += 1;
    }
    out
}

/// The discs of `mine` that can never be turned (a safe under-estimate):
/// along each axis a disc is either in a filled line or next to the board's
/// edge or to another stable disc of its colour, on one side.
fn stable(mine: u64, occupied: u64, board: u64) -> u64 {
    let empty = board & !occupied;
    let mut full = [0u64; 4];
    for (axis, lines) in LINES.iter().enumerate() {
        for &line in lines {
            if line != 0 && line & empty == 0 {
                full[axis] |= line;
            }
        }
    }
    let on = neighbours_in(board);
    let wall: [u64; 8] = on.map(|o| !o);
    let mut stable = 0u64;
    loop {
        let next = neighbours_in(stable);
        let ok: [u64; 8] = std::array::from_fn(|d| wall[d] | next[d]);
        let new = mine
            & (full[0] | ok[0] | ok[1])
            & (full[1] | ok[2] | ok[3])
            & (full[2] | ok[4] | ok[5])
            & (full[3] | ok[6] | ok[7]);
        if new == stable {
            return stable;
        }
        stable = new;
    }
}

/// The corners, X-squares and C-squares of a board of side `n`, each
/// X/C-square listed with its corner.
struct Squares {
    corners: u64,
    /// (corner, the X-square, the two C-squares)
    near: [(u64, u64, u64); 4],
}

fn squares(n: usize) -> Squares {
    let at = |r: usize, c: usize| 1u64 << (r * 8 + c);
    let last = n - 1;
    let mut near = [(0, 0, 0); 4];
    for (k, (r, c, dr, dc)) in [
        (0, 0, 1isize, 1isize),
        (0, last, 1, -1),
        (last, 0, -1, 1),
        (last, last, -1, -1),
    ]
    .into_iter()
    .enumerate()
    {
        let step = |x: usize, d: isize| x.wrapping_add_signed(d);
        near[k] = (
            at(r, c),
            at(step(r, dr), step(c, dc)),
            at(r, step(c, dc)) | at(step(r, dr), c),
        );
    }
    Squares {
        corners: near.iter().fold(0, |a, s| a | s.0),
        near,
    }
}

fn count(bits: u64) -> i32 {
    bits.count_ones() as i32
}

/// The evaluation from `me`'s side, on bare bitboards.
fn evaluate_bits(
    mine: u64,
    theirs: u64,
    board: u64,
    n: usize,
    my_moves: u64,
    their_moves: u64,
) -> i32 {
    let occupied = mine | theirs;
    let empty = board & !occupied;
    let empties = count(empty);
    let squares = squares(n);

    let (m, t) = (count(my_moves), count(their_moves));
    let mut score = 90 * (m - t) / (m + t + 2);

    // Potential mobility: empty cells next to the opponent's discs are
    // where my moves will come from.
    let around_empty = around(empty) & board;
    score += 3 * (count(around(theirs) & empty) - count(around(mine) & empty));
    // Frontier discs (next to an empty cell) are a liability.
    score -= 2 * (count(around_empty & mine) - count(around_empty & theirs));

    score += 60 * (count(squares.corners & mine) - count(squares.corners & theirs));
    for &(corner, x, c) in &squares.near {
        if corner & occupied == 0 {
            score -= 30 * (count(x & mine) - count(x & theirs));
            score -= 10 * (count(c & mine) - count(c & theirs));
        }
    }
    score += 12 * (count(stable(mine, occupied, board)) - count(stable(theirs, occupied, board)));

    if empties <= 16 {
        score += if empties % 2 == 1 { 6 } else { -6 };
    }
    if empties <= 12 {
        score += 3 * (count(mine) - count(theirs));
    }
    score
}

/// The most empty cells [`Searchable::exact_value`] solves: well under a
/// second at 14.
pub const EXACT_EMPTIES: u32 = 14;

impl Searchable for Reversi {
    /// Measured by `examples/calibrate.rs` (BENCHMARKS.md).
    const SCORE_SCALE: f64 = 161.0;

    const WIN_CHECK: bool = false;

    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let other = me.other();
        evaluate_bits(
            self.disc_bits(me),
            self.disc_bits(other),
            self.board_bits(),
            self.side(),
            self.placement_bits(me),
            self.placement_bits(other),
        )
    }

    fn position_hash(&self) -> u64 {
        let black = self.disc_bits(Player::First);
        let white = self.disc_bits(Player::Second);
        let turn = u64::from(self.to_move() == Player::Second);
        zobrist(black ^ zobrist(white ^ (turn << 63)))
    }

    fn candidate_moves(&self, moves: &mut Vec<ReversiMove>) {
        self.legal_moves(moves);
        let squares = squares(self.side());
        moves.sort_by_key(|&mv| order_class(&squares, mv));
    }

    fn move_slot(mv: ReversiMove) -> usize {
        match mv {
            ReversiMove::Place(cell) => cell.row() * 8 + cell.col(),
            ReversiMove::Pass => 64,
        }
    }

    /// The endgame solver's final disc difference, in the last
    /// [`EXACT_EMPTIES`] empty cells.
    fn exact_value(&self, stop: &AtomicBool) -> Option<i32> {
        if endgame::empties(self) > EXACT_EMPTIES {
            return None;
        }
        // No clock: `stop` ends it.
        endgame::exact_value(self, Deadline::unlimited(stop))
    }

    fn solve(&self, level: Level, deadline: Deadline) -> Option<ReversiMove> {
        levels::solve(self, level, deadline)
    }

    /// The exact endgame: the final disc difference with best play and
    /// a line of it.
    fn prove(&self, deadline: Deadline) -> Option<Proof<ReversiMove>> {
        if endgame::empties(self) > PROVED_EMPTIES {
            return None;
        }
        let (difference, line) = endgame::best_line(self, LONGEST_LINE, deadline)?;
        Some(Proof {
            result: BestPlay::by_difference(difference),
            best: *line.first()?,
            line,
        })
    }

    fn choose_own(
        &self,
        _history: &History,
        level: Level,
        deadline: Deadline,
        seed: u64,
    ) -> OwnChoice<ReversiMove> {
        levels::choose(self, level, deadline, seed)
    }
}

/// Where a move comes in a cheap good-first order: corners (and a pass)
/// first, then ordinary cells, then C-squares, then X-squares.
fn order_class(squares: &Squares, mv: ReversiMove) -> u8 {
    match mv {
        ReversiMove::Place(cell) => {
            let bit = 1u64 << (cell.row() * 8 + cell.col());
            if bit & squares.corners != 0 {
                0
            } else if squares.near.iter().any(|&(_, x, _)| x == bit) {
                3
            } else if squares.near.iter().any(|&(_, _, c)| c & bit != 0) {
                2
            } else {
                1
            }
        }
        ReversiMove::Pass => 0,
    }
}

/// The cell at bit `at` of the layout.
fn cell(at: usize) -> Cell {
    Cell::new(at / 8, at % 8).unwrap_or_else(|| unreachable!())
}
