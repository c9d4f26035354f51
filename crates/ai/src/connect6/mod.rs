//! Connect6 for the computer: levels 1 to 4 search stone by stone with
//! this evaluation (every window of the winning length held by one side
//! only, weighted by how full it is), over cells near the stones,
//! best-looking first; level 5 opens from a book (`book.rs`) and
//! chooses both stones of a turn together by threats (`threats.rs`), then
//! by an alpha-beta search over whole turns (`turns.rs`, its settings in
//! `knobs.rs`) scored, on rows of six, by weights fitted to game results
//! (`fitted.rs`, to what `features.rs` reads of a position).

mod board;
mod book;
#[cfg(test)]
mod chain_tests;
mod choose;
mod clock;
pub mod features;
pub mod fitted;
mod knobs;
mod memo;
mod threats;
mod turns;

pub use choose::{choose_in_nodes, choose_in_nodes_with, weighed_turns};
pub use knobs::{Eval, Knobs};
pub use threats::{refutations, shortest_chain};

use crate::cells::{self, grid};
use crate::search::zobrist;
use crate::{Deadline, History, Level, OwnChoice, Searchable};
use tabletop_engine::connect6::{Connect6, Stone};
use tabletop_engine::{Cell, Game, Player};

/// How many moves each node of the search looks at.
const WIDTH: usize = 12;
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

fn weight(count: usize) -> i32 {
    1 << (2 * count.min(10))
}

/// Calls `visit` with the counts of first- and second-player stones in
/// every window of `line` cells through (r, c) (or every window on the
/// board if `through` is None).
fn windows(
    grid: &[u8],
    n: usize,
    line: usize,
    through: Option<(usize, usize)>,
    mut visit: impl FnMut(usize, usize),
) {
    let n = n as isize;
    let line = line as isize;
    let mut window = |r: isize, c: isize, dr: isize, dc: isize| {
        let (er, ec) = (r + (line - 1) * dr, c + (line - 1) * dc);
        if r < 0 || c < 0 || r >= n || c >= n || er < 0 || ec < 0 || er >= n || ec >= n {
            return;
        }
        let (mut first, mut second) = (0, 0);
        for k in 0..line {
            match grid[((r + k * dr) * n + c + k * dc) as usize] {
                1 => first += 1,
                2 => second += 1,
                _ => {}
            }
        }
        visit(first, second);
    };
    for (dr, dc) in DIRECTIONS {
        match through {
            Some((r, c)) => {
                for k in 0..line {
                    window(r as isize - k * dr, c as isize - k * dc, dr, dc);
                }
            }
            None => {
                for r in 0..n {
                    for c in 0..n {
                        window(r, c, dr, dc);
                    }
                }
            }
        }
    }
}

/// Whether a stone of `player` at the empty (r, c) makes a winning line.
fn completes(grid: &[u8], n: usize, line: usize, r: usize, c: usize, player: Player) -> bool {
    let own = player.index() as u8 + 1;
    let run = |dr: isize, dc: isize| {
        let mut k = 0;
        let (mut rr, mut cc) = (r as isize + dr, c as isize + dc);
        while rr >= 0
            && cc >= 0
            && rr < n as isize
            && cc < n as isize
            && grid[rr as usize * n + cc as usize] == own
        {
            k += 1;
            rr += dr;
            cc += dc;
        }
        k
    };
    DIRECTIONS
        .iter()
        .any(|&(dr, dc)| 1 + run(dr, dc) + run(-dr, -dc) >= line)
}

/// The empty cells where `player` would win with one stone.
fn winning_cells(grid: &[u8], n: usize, line: usize, player: Player) -> usize {
    (0..n * n)
        .filter(|&i| grid[i] == 0 && completes(grid, n, line, i / n, i % n, player))
        .count()
}

impl Searchable for Connect6 {
    /// Measured by `examples/calibrate.rs` (BENCHMARKS.md).
    const SCORE_SCALE: f64 = 546.0;

    fn evaluate(&self) -> i32 {
        let n = self.side();
        let line = self.settings().line();
        let grid = grid(self);
        let me = self.to_move();
        let mut score = 0i64;
        windows(&grid, n, line, None, |first, second| {
            let (mine, theirs) = if me == Player::First {
                (first, second)
            } else {
                (second, first)
            };
            if theirs == 0 && mine > 0 {
                score += i64::from(weight(mine));
            } else if mine == 0 && theirs > 0 {
                score -= i64::from(weight(theirs)) * 3 / 2;
            }
        });
        (score / 4).clamp(-90_000, 90_000) as i32
    }

    fn position_hash(&self) -> u64 {
        let (stone, _) = self.stone_of_turn();
        zobrist(u64::MAX - 8 + 2 * self.to_move().index() as u64 + stone as u64)
            ^ cells::pieces_hash(self)
    }

    fn forced(&self) -> Option<crate::Forced> {
        let (stone, of) = self.stone_of_turn();
        cells::forced_in_rows(self, self.settings().line(), of + 1 - stone, 2)
    }

    fn candidate_moves(&self, moves: &mut Vec<Stone>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        let n = self.side();
        let line = self.settings().line();
        let grid = grid(self);
        if grid.iter().all(|&v| v == 0) {
            moves.extend(Cell::new(n / 2, n / 2).map(Stone));
            return;
        }
        let mut scored: Vec<(i64, Stone)> = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if grid[r * n + c] != 0 {
                    continue;
                }
                let near = (r.saturating_sub(2)..(r + 3).min(n)).any(|rr| {
                    (c.saturating_sub(2)..(c + 3).min(n)).any(|cc| grid[rr * n + cc] != 0)
                });
                if !near {
                    continue;
                }
                let mut value = 0i64;
                windows(&grid, n, line, Some((r, c)), |first, second| {
                    if first == 0 || second == 0 {
                        let k = first.max(second);
                        value += i64::from(weight(k + 1) - weight(k));
                        if k + 1 >= line {
                            value += 1 << 40;
                        }
                    }
                });
                if let Some(cell) = Cell::new(r, c) {
                    scored.push((value, Stone(cell)));
                }
            }
        }
        scored.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
        moves.extend(scored.into_iter().take(WIDTH).map(|(_, stone)| stone));
    }

    /// Level 5 chooses both stones of a turn together, by threats
    /// (`threats.rs`); the lower levels search stone by
    /// stone, deeper as they go up.
    fn choose_own(
        &self,
        _history: &History,
        level: Level,
        deadline: Deadline,
        seed: u64,
    ) -> OwnChoice<Stone> {
        if level != Level::MAX {
            return OwnChoice::Search;
        }
        choose::choose(self, deadline, seed).map_or(OwnChoice::GameOver, OwnChoice::Play)
    }

    /// Level 3 stops at 3 stones ahead, so that level 4, with the same
    /// search and more time, stays clearly above it.
    fn depth_cap(level: Level) -> u32 {
        match level.get() {
            3 => 3,
            _ => level.max_depth(),
        }
    }

    fn move_slot(Stone(cell): Stone) -> usize {
        cells::slot(cell)
    }

    fn opponent_wins_next(&self, me: Player) -> bool {
        let n = self.side();
        let line = self.settings().line();
        let grid = grid(self);
        let threats = winning_cells(&grid, n, line, me.other());
        if self.to_move() == me {
            // One more stone of mine: it can block one threat, or win.
            threats >= 2 && winning_cells(&grid, n, line, me) == 0
        } else {
            threats >= 1
        }
    }
}
