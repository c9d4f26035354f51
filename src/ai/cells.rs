//! Plain views of a board cell by cell, shared by the evaluations that do
//! not work on bitboards (Connect6, Hex) and by every game's history
//! heuristic: the board as a grid of bytes (and each player's byte), a
//! hash of its pieces, and a small number for each cell.

use super::search::{MOVE_SLOTS, zobrist};
use crate::engine::cell::MAX_SIDE;
use crate::engine::{Cell, Game, Player};

/// A player's pieces in a grid of bytes: 1 for the first player, 2 for
/// the second (0 is an empty cell).
pub const fn colour(player: Player) -> u8 {
    player.index() as u8 + 1
}

/// The board as 0 (empty), 1 (first player), 2 (second), row by row.
pub fn grid<G: Game>(game: &G) -> Vec<u8> {
    Cell::all(game.side())
        .map(|cell| game.piece_at(cell).map_or(0, colour))
        .collect()
}

/// A hash of which player owns which cell (who is to move is left to the
/// game).
pub fn pieces_hash<G: Game>(game: &G) -> u64 {
    let mut hash = 0;
    for cell in Cell::all(game.side()) {
        if let Some(who) = game.piece_at(cell) {
            hash ^= zobrist(who.index() as u64 * 1024 + slot(cell) as u64);
        }
    }
    hash
}

/// A number for each cell of any board, below [`MOVE_SLOTS`].
pub fn slot(cell: Cell) -> usize {
    const { assert!(MAX_SIDE * MAX_SIDE <= MOVE_SLOTS) };
    cell.row() * MAX_SIDE + cell.col()
}
