//! Hex for the computer: levels 1 to 3 search with this evaluation (how
//! many more stones each side needs to join its edges: shortest path
//! through empty cells, own stones free, compared); level 4 plays by Monte
//! Carlo tree search (`mcts.rs`, one tree a core), which hands late
//! positions to the exact solver ([`solver`]). Level 5 searches one tree
//! with every core ([`uct`], on the lock-free arena of `tree.rs`), with
//! priors from learned local patterns ([`patterns`]), dead and captured
//! cells filled in and left out (`inferior.rs`), and at nodes visited
//! often, virtual connections (`knowledge.rs`, `vc.rs`) that prove wins
//! and losses and narrow the moves to the must-play region; on boards up
//! to 8×8 it first looks in the opening book (`book.rs`) and gives the
//! solver most of the move.

use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;

mod bits;
pub mod board;
mod book;
#[cfg(test)]
mod carrier_check;
mod hsearch;
mod inferior;
mod knowledge;
pub mod mcts;
pub mod patterns;
pub mod solver;
mod tree;
pub mod uct;
mod vc;

use crate::analysis::{LONGEST_LINE, Proof};
use crate::cells::{self, grid};
use crate::search::zobrist;
use crate::{Deadline, History, Level, OwnChoice, Searchable};
use tabletop_engine::hex::{Hex, HexMove};
use tabletop_engine::{BestPlay, Game, Player};

const UNREACHABLE: i32 = 1_000;

/// Level 5 tries the exact solver from the first move on boards up to this
/// side; on larger ones early positions are out of its reach, and only the
/// tree search calls it, late in the game.
const SOLVED_FROM_THE_START: usize = 8;
/// The part of a move's time the exact solver may take on a board of side
/// 7 or less before the tree search gets the rest; on side 8, where early
/// positions are out of the solver's reach, it takes less.
const SOLVER_SHARE: f64 = 0.7;
const SOLVER_SHARE_8X8: f64 = 0.35;

/// The fewest empty cells `player` must fill to join their edges.
fn distance(grid: &[u8], n: usize, player: Player) -> i32 {
    let own = player.index() as u8 + 1;
    let mut dist = vec![UNREACHABLE; n * n];
    let mut queue = VecDeque::new();
    // O joins the left and right edges, X the top and bottom.
    let row_col: fn(usize, usize) -> (usize, usize) = match player {
        Player::First => |edge, along| (along, edge),
        Player::Second => |edge, along| (edge, along),
    };
    let cost = |v: u8| -> Option<i32> {
        if v == 0 {
            Some(1)
        } else if v == own {
            Some(0)
        } else {
            None
        }
    };
    for j in 0..n {
        let (r, c) = row_col(0, j);
        if let Some(k) = cost(grid[r * n + c]) {
            dist[r * n + c] = k;
            if k == 0 {
                queue.push_front(r * n + c);
            } else {
                queue.push_back(r * n + c);
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        let (r, c) = ((i / n) as isize, (i % n) as isize);
        for (dr, dc) in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)] {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= n as isize || nc >= n as isize {
                continue;
            }
            let next = nr as usize * n + nc as usize;
            if let Some(k) = cost(grid[next]) {
                let d = dist[i] + k;
                if d < dist[next] {
                    dist[next] = d;
                    if k == 0 {
                        queue.push_front(next);
                    } else {
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    (0..n)
        .map(|j| {
            let (r, c) = row_col(n - 1, j);
            dist[r * n + c]
        })
        .min()
        .unwrap_or(UNREACHABLE)
}

impl Searchable for Hex {
    /// Measured by `examples/calibrate.rs` (BENCHMARKS.md).
    const SCORE_SCALE: f64 = 450.0;

    fn evaluate(&self) -> i32 {
        let n = self.side();
        let grid = grid(self);
        let me = self.to_move();
        let mine = distance(&grid, n, me);
        let theirs = distance(&grid, n, me.other());
        100 * (theirs - mine) + 30
    }

    fn position_hash(&self) -> u64 {
        zobrist(u64::MAX - 2 + self.to_move().index() as u64)
            ^ u64::from(self.plies() == 1)
            ^ cells::pieces_hash(self)
    }

    fn candidate_moves(&self, moves: &mut Vec<HexMove>) {
        self.legal_moves(moves);
        let centre = self.side() as isize - 1;
        moves.sort_by_key(|mv| match mv {
            HexMove::Place(cell) => {
                (2 * cell.row() as isize - centre).abs() + (2 * cell.col() as isize - centre).abs()
            }
            HexMove::Swap => 0,
        });
    }

    /// The exact solver on boards up to 8×8, where it settles most
    /// positions past the opening within a review's time; it proves who
    /// wins, not how soon, so the result has no ply count.
    fn prove(&self, deadline: Deadline) -> Option<Proof<HexMove>> {
        if self.side() > SOLVED_FROM_THE_START {
            return None;
        }
        let within = solver::within(&deadline, 1.0);
        let (verdict, line) = solver::proof_line(self, LONGEST_LINE, within)?;
        let result = if verdict.winner == self.to_move() {
            BestPlay::Win(None)
        } else {
            BestPlay::Loss(None)
        };
        let line: Vec<HexMove> = line.into_iter().map(HexMove::Place).collect();
        Some(Proof {
            result,
            best: *line.first()?,
            line,
        })
    }

    /// The exact solver on boards up to 8×8: a smaller proof set is a
    /// clearer win (fewer cells the winner still needs).
    fn exact_value(&self, stop: &AtomicBool) -> Option<i32> {
        use tabletop_engine::bits::Bits;
        if self.side() > SOLVED_FROM_THE_START {
            return None;
        }
        let verdict = solver::solve(self, Deadline::unlimited(stop))?;
        let clearness = 200 - verdict.proof.count() as i32;
        Some(if verdict.winner == self.to_move() {
            clearness
        } else {
            -clearness
        })
    }

    /// Levels 4 and 5 play by Monte Carlo tree search (`mcts.rs`).
    /// On boards of side 8 or less, level 5 first plays a proved win when
    /// it has one: from the opening book, or from the exact solver if that
    /// finishes within most of the move's time.
    fn choose_own(
        &self,
        _history: &History,
        level: Level,
        deadline: Deadline,
        seed: u64,
    ) -> OwnChoice<HexMove> {
        if level.get() < 4 {
            return OwnChoice::Search;
        }
        if level.get() >= 5 && self.side() <= SOLVED_FROM_THE_START {
            if let Some(mv) = book::answer(self) {
                return OwnChoice::Play(mv);
            }
            let share = if self.side() <= 7 {
                SOLVER_SHARE
            } else {
                SOLVER_SHARE_8X8
            };
            if let Some(verdict) = solver::solve(self, solver::within(&deadline, share))
                && let Some(cell) = verdict.winning_move
            {
                return OwnChoice::Play(HexMove::Place(cell));
            }
        }
        let chosen = if level.get() >= 5 {
            // A count of positions is a count of playouts, searched on
            // one thread so that the move depends on nothing else.
            let threads = if deadline.is_timed() { 0 } else { 1 };
            let settings = uct::Settings {
                threads,
                ..uct::Settings::level5()
            };
            uct::choose(self, deadline, seed, settings)
        } else {
            mcts::choose(self, deadline, seed, mcts::Knobs::PLAIN)
        };
        chosen.map_or(OwnChoice::GameOver, OwnChoice::Play)
    }

    fn move_slot(mv: HexMove) -> usize {
        match mv {
            HexMove::Place(cell) => cells::slot(cell),
            HexMove::Swap => 1000,
        }
    }
}
