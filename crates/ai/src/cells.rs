//! Plain views of a board cell by cell, shared by the evaluations that do
//! not work on bitboards (Connect6, Hex) and by every game's history
//! heuristic: the board as a grid of bytes (and each player's byte), a
//! hash of its pieces, and a small number for each cell.

use super::search::{MOVE_SLOTS, zobrist};
use tabletop_engine::cell::MAX_SIDE;
use tabletop_engine::{Cell, Game, Player};

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

/// Where the player to move must play in a game won by `line` stones in a
/// row (or more), when they have `mine` stones left this turn and the
/// opponent's next turn has `theirs`: see [`super::Searchable::forced`].
///
/// A threat is a window of `line` cells holding none of the mover's
/// stones and at least `line - theirs` of the opponent's: left alone, the
/// opponent fills it. With one stone the mover must hit every threat, so
/// only the cells all of them share will do; with two, a first stone
/// outside every threat leaves the second to hit them all, which works
/// only when they share a cell (then nothing is forced).
pub fn forced_in_rows<G: Game>(
    game: &G,
    line: usize,
    mine: usize,
    theirs: usize,
) -> Option<super::Forced> {
    let n = game.side();
    if line > n || mine == 0 || mine > 2 {
        return None;
    }
    let me = game.to_move();
    let board = grid(game);
    let (my, their) = (colour(me), colour(me.other()));
    let mut threats: Vec<Vec<usize>> = Vec::new();
    for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
        for r in 0..n as isize {
            for c in 0..n as isize {
                let (er, ec) = (r + (line as isize - 1) * dr, c + (line as isize - 1) * dc);
                if er < 0 || ec < 0 || er >= n as isize || ec >= n as isize {
                    continue;
                }
                let cells: Vec<usize> = (0..line as isize)
                    .map(|k| ((r + k * dr) * n as isize + c + k * dc) as usize)
                    .collect();
                let count = |who: u8| cells.iter().filter(|&&i| board[i] == who).count();
                let (mine_here, theirs_here) = (count(my), count(their));
                if theirs_here == 0 && mine_here + mine >= line {
                    // The mover wins first: nothing is forced.
                    return None;
                }
                if mine_here == 0 && theirs_here + theirs >= line {
                    threats.push(cells.into_iter().filter(|&i| board[i] == 0).collect());
                }
            }
        }
    }
    let first = threats.first()?;
    let shared: Vec<usize> = first
        .iter()
        .copied()
        .filter(|i| threats.iter().all(|t| t.contains(i)))
        .collect();
    let cells: Vec<usize> = if mine == 1 {
        shared
    } else if shared.is_empty() {
        let mut all: Vec<usize> = threats.concat();
        all.sort_unstable();
        all.dedup();
        all
    } else {
        return None;
    };
    Some(super::Forced {
        cells: cells
            .into_iter()
            .filter_map(|i| Cell::new(i / n, i % n))
            .collect(),
        within: (mine + theirs) as u32,
    })
}
