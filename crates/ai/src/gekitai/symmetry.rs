//! The eight symmetries of the square on Gekitai's `u64` boards (sides 4
//! to 6), and the canonical key of a position under them.
//!
//! The engine lays a `u64` board out in rows of 8 bits with one row and
//! one column of padding before the first cell, so a chess programmer's
//! 8×8 flips apply: turning the bytes round flips the rows, reversing the
//! bits in each byte flips the columns, and the usual transpose swaps rows
//! and columns. A board smaller than 6×6 is shifted back into place after
//! a flip. Pushes, lines and reserves all look the same in every image.

use tabletop_engine::bits::Bits;
use tabletop_engine::cell::Cell;
use tabletop_engine::gekitai::GekitaiBoard;
use tabletop_engine::{Game, Player};

/// One of the eight symmetries: transpose (bit 0), then flip the rows
/// (bit 1), then flip the columns (bit 2). Number 0 is the identity.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Symmetry(u8);

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// The image of the bits of a board of side `side`.
    pub fn apply(self, bits: u64, side: usize) -> u64 {
        let mut b = bits;
        if self.0 & 1 != 0 {
            b = transpose(b);
        }
        if self.0 & 2 != 0 {
            b = flip_rows(b, side);
        }
        if self.0 & 4 != 0 {
            b = flip_columns(b, side);
        }
        b
    }

    /// The bits whose image is `bits`: each step is its own inverse, so
    /// the steps in the other order.
    pub fn undo(self, bits: u64, side: usize) -> u64 {
        let mut b = bits;
        if self.0 & 4 != 0 {
            b = flip_columns(b, side);
        }
        if self.0 & 2 != 0 {
            b = flip_rows(b, side);
        }
        if self.0 & 1 != 0 {
            b = transpose(b);
        }
        b
    }
}

/// Rows 1..=side the other way round.
fn flip_rows(b: u64, side: usize) -> u64 {
    b.swap_bytes() >> (8 * (6 - side))
}

/// Columns 1..=side the other way round.
fn flip_columns(b: u64, side: usize) -> u64 {
    // Reverse the bits of every byte.
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let mut x = ((b >> 1) & K1) | ((b & K1) << 1);
    x = ((x >> 2) & K2) | ((x & K2) << 2);
    x = ((x >> 4) & K4) | ((x & K4) << 4);
    x >> (6 - side)
}

/// Bit (r, c) to bit (c, r) of an 8×8 matrix.
fn transpose(b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut x = b;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// A position up to symmetry: X's pieces, O's pieces with the player to
/// move in bit 0 (padding, never a cell), in the image that orders
/// smallest. The pieces on the board fix the reserves, so the key holds
/// them too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Key {
    pub x: u64,
    pub o_and_turn: u64,
}

impl Key {
    /// Whether X is to move in the position.
    pub fn x_to_move(self) -> bool {
        self.o_and_turn & 1 == 0
    }

    /// A well-mixed 64-bit hash, for a table slot.
    pub fn mixed(self) -> u64 {
        crate::search::zobrist(self.x ^ self.o_and_turn.rotate_left(29))
    }
}

/// The canonical key of `board` and the symmetry that takes the board to
/// it.
pub fn canonical(board: &GekitaiBoard<u64>) -> (Key, Symmetry) {
    canonical_of(
        board.pieces_of(Player::First),
        board.pieces_of(Player::Second),
        board.to_move(),
        board.side(),
    )
}

/// [`canonical`] of bare bitboards.
pub fn canonical_of(x: u64, o: u64, to_move: Player, side: usize) -> (Key, Symmetry) {
    let turn = u64::from(to_move == Player::Second);
    let mut best = (
        Key {
            x,
            o_and_turn: o | turn,
        },
        Symmetry(0),
    );
    for sym in &Symmetry::ALL[1..] {
        let key = Key {
            x: sym.apply(x, side),
            o_and_turn: sym.apply(o, side) | turn,
        };
        if key < best.0 {
            best = (key, *sym);
        }
    }
    best
}

/// The layout bit of `cell` on a `u64` board (rows of 8 bits, one row and
/// one column of padding first).
pub fn layout_index(cell: Cell) -> usize {
    (cell.row() + 1) * 8 + cell.col() + 1
}

/// The layout bit of a board cell seen through `sym`.
pub fn map_index(sym: Symmetry, index: usize, side: usize) -> usize {
    sym.apply(u64::bit(index), side).lowest()
}

/// The layout bit that `sym` takes to `index`.
pub fn unmap_index(sym: Symmetry, index: usize, side: usize) -> usize {
    sym.undo(u64::bit(index), side).lowest()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::{BothWin, Gekitai, GekitaiSettings, Place};

    use layout_index as index;

    /// Every symmetry takes each cell to the cell a plain formula gives,
    /// on every `u64` side, and `undo` takes it back.
    #[test]
    fn symmetries_move_cells_as_the_square_turns() {
        for side in 4..=6 {
            let last = side - 1;
            for cell in Cell::all(side) {
                let (r, c) = (cell.row(), cell.col());
                let expected = [
                    (r, c),
                    (c, r),
                    (last - r, c),
                    (last - c, r),
                    (r, last - c),
                    (c, last - r),
                    (last - r, last - c),
                    (last - c, last - r),
                ];
                for (sym, (er, ec)) in Symmetry::ALL.into_iter().zip(expected) {
                    let image = map_index(sym, index(cell), side);
                    let want = index(Cell::new(er, ec).expect("on board"));
                    assert_eq!(image, want, "side {side} {sym:?} {cell:?}");
                    assert_eq!(unmap_index(sym, image, side), index(cell));
                }
            }
        }
    }

    /// A game and its image under each symmetry (every move mapped) go
    /// through positions with the same key: pushes, lines and reserves
    /// look the same in every image.
    #[test]
    fn a_game_and_its_images_share_keys() {
        for side in 4..=6 {
            let settings = GekitaiSettings::new(side, 5, 3, BothWin::Mover).expect("valid");
            let Gekitai::Small(start) = Gekitai::new(settings) else {
                panic!("a u64 board");
            };
            let mut rng = tabletop_engine::Rng::new(side as u64);
            let mut board = start.clone();
            let mut images = vec![start; 8];
            for _ in 0..14 {
                let Some(Place(cell)) = board.random_move(&mut rng) else {
                    break;
                };
                board.play_unchecked(Place(cell));
                for (sym, image) in Symmetry::ALL.into_iter().zip(images.iter_mut()) {
                    let at = image.cell(map_index(sym, index(cell), side));
                    image.play_unchecked(Place(at));
                    assert_eq!(canonical(image).0, canonical(&board).0, "{sym:?}");
                    assert_eq!(image.outcome(), board.outcome());
                }
            }
        }
    }
}
