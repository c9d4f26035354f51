//! Gekitai evaluation: lines still open to one side, pieces on the board
//! against the reserve, and distance from the edge (edge pieces are pushed
//! off). Wins on the spot are left to the search, which plays every move
//! out: pushes make static threat detection unreliable.

use super::Searchable;
use super::search::zobrist;
use crate::engine::gekitai::{Gekitai, Place};
use crate::engine::{Cell, Game, Player};

/// Cells of the largest board.
const MAX_CELLS: usize = 26 * 26;

/// A window of the winning length holding `count` pieces of one side only.
fn window_weight(count: usize, line: usize) -> i32 {
    if count + 1 >= line {
        50
    } else {
        (count * count * 3) as i32
    }
}

impl Searchable for Gekitai {
    const CAN_REPEAT: bool = true;

    fn evaluate(&self) -> i32 {
        let settings = self.settings();
        let (n, line) = (settings.size(), settings.line());
        let me = self.to_move();
        let mut grid = [0u8; MAX_CELLS];
        let mut score = 10;
        for (who, code, sign) in [(me, 1, 1), (me.other(), 2, -1)] {
            self.for_each_piece(who, |cell| {
                grid[cell.row() * n + cell.col()] = code;
                let (r, c) = (cell.row(), cell.col());
                let from_edge = r.min(n - 1 - r).min(c).min(n - 1 - c).min(3);
                score += sign * 6 * from_edge as i32;
            });
        }
        for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
            for r in 0..n as isize {
                let end_r = r + dr * (line as isize - 1);
                if end_r >= n as isize {
                    break;
                }
                for c in 0..n as isize {
                    let end_c = c + dc * (line as isize - 1);
                    if end_c < 0 || end_c >= n as isize {
                        continue;
                    }
                    let (mut mine, mut theirs) = (0, 0);
                    for k in 0..line as isize {
                        match grid[((r + k * dr) as usize) * n + (c + k * dc) as usize] {
                            1 => mine += 1,
                            2 => theirs += 1,
                            _ => {}
                        }
                    }
                    if theirs == 0 && mine > 0 {
                        score += window_weight(mine, line);
                    } else if mine == 0 && theirs > 0 {
                        score -= window_weight(theirs, line);
                    }
                }
            }
        }
        let pieces = settings.pieces() as i32;
        let (my_reserve, their_reserve) =
            (self.reserve(me) as i32, self.reserve(me.other()) as i32);
        score += 12 * ((pieces - my_reserve) - (pieces - their_reserve));
        if their_reserve == 1 {
            score -= 120;
        }
        if my_reserve == 1 {
            score += 60;
        }
        score
    }

    fn position_hash(&self) -> u64 {
        let mut hash = if self.to_move() == Player::Second {
            zobrist(u64::MAX - 1)
        } else {
            0
        };
        for who in Player::BOTH {
            let base = who.index() as u64 * 1024;
            self.for_each_piece(who, |cell| {
                hash ^= zobrist(base + (cell.row() * 26 + cell.col()) as u64);
            });
        }
        hash
    }

    fn move_slot(Place(cell): Place) -> usize {
        slot(cell)
    }
}

pub(super) fn slot(cell: Cell) -> usize {
    cell.row() * 26 + cell.col()
}
