//! Reversi's bit kernels on the 8×8 layout (bit `row * 8 + col`): where a
//! player may place, and which discs a placement turns. The rules, perft and
//! the endgame solver all use these.

use super::STRIDE;
use crate::Cell;

pub(super) const fn bit(at: usize) -> u64 {
    1 << at
}

pub(super) fn index(cell: Cell) -> usize {
    cell.row() * STRIDE + cell.col()
}

pub(super) fn cell(at: usize) -> Cell {
    Cell::new(at / STRIDE, at % STRIDE).unwrap_or_else(|| unreachable!())
}

/// The empty cells of the board where `mover` outflanks some of `other`.
#[inline(always)]
pub fn legal_moves(mover: u64, other: u64, on_board: u64) -> u64 {
    // Runs along rows and diagonals must not wrap from column H to A, so the
    // opponent discs they pass through are taken from columns B to G only.
    let inner = other & 0x7e7e_7e7e_7e7e_7e7e;
    (outflanking(mover, inner, 1)
        | outflanking(mover, other, 8)
        | outflanking(mover, inner, 7)
        | outflanking(mover, inner, 9))
        & !(mover | other)
        & on_board
}

/// The cells just past a run of `other` discs that starts next to a `mover`
/// disc, `step` bits apart, in both directions: parallel prefix, doubling
/// the run length each round (runs are at most 6 long).
#[inline(always)]
fn outflanking(mover: u64, other: u64, step: u32) -> u64 {
    let mut up = other & (mover << step);
    let mut down = other & (mover >> step);
    up |= other & (up << step);
    down |= other & (down >> step);
    let other_up = other & (other << step);
    let other_down = other & (other >> step);
    up |= other_up & (up << (2 * step));
    down |= other_down & (down >> (2 * step));
    up |= other_up & (up << (2 * step));
    down |= other_down & (down >> (2 * step));
    (up << step) | (down >> step)
}

/// For each cell, the cells seen from it in each direction, nearest first in
/// walking order: the first four directions go up the bit order (east,
/// south-east, south, south-west), the last four down it.
pub static RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    let steps: [(i32, i32); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    let mut table = [[0; 8]; 64];
    let mut at = 0;
    while at < 64 {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = steps[d];
            let mut row = (at / 8) as i32 + dr;
            let mut col = (at % 8) as i32 + dc;
            while row >= 0 && row < 8 && col >= 0 && col < 8 {
                table[at][d] |= 1 << (row * 8 + col);
                row += dr;
                col += dc;
            }
            d += 1;
        }
        at += 1;
    }
    table
}

/// The `other` discs a `mover` disc placed at `at` would turn. Along each
/// ray the first cell that is not `other` must be the mover's; everything
/// before it is turned.
#[inline(always)]
pub fn flips(at: usize, mover: u64, other: u64) -> u64 {
    let rays = &RAYS[at];
    let mut flipped = 0;
    for &ray in &rays[..4] {
        let stops = !other & ray;
        let outflank = stops & stops.wrapping_neg() & mover;
        flipped |= outflank.wrapping_sub(u64::from(outflank != 0)) & ray;
    }
    for &ray in &rays[4..] {
        // Rays down the bit order never hold bit 63, and the extra bit 0 only
        // stops a ray that holds no other stop, where `& ray` drops it again.
        let stops = (!other & ray) | 1;
        let outflank = (1u64 << 63 >> stops.leading_zeros()) & mover & ray;
        flipped |= (outflank.wrapping_neg() << 1) & ray;
    }
    flipped
}
