//! The exact Reversi endgame solver: alpha-beta on the final disc
//! difference, trying first the moves that leave the opponent fewest
//! replies (fastest first), with a clock and a stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::reversi::cell;
use crate::engine::Game;
use crate::engine::reversi::{Reversi, ReversiMove};

/// Below this many empty cells, moves are tried in board order.
const SORT_EMPTIES: u32 = 6;
const CHECK_EVERY: u64 = 4096;

/// The final disc difference for the player to move.
fn final_difference(pos: &Reversi) -> i32 {
    let me = pos.to_move();
    pos.discs(me) as i32 - pos.discs(me.other()) as i32
}

fn empties(pos: &Reversi) -> u32 {
    let me = pos.to_move();
    (pos.board_bits() & !(pos.disc_bits(me) | pos.disc_bits(me.other()))).count_ones()
}

pub struct Solver<'a> {
    deadline: Instant,
    stop: &'a AtomicBool,
    pub nodes: u64,
    pub aborted: bool,
}

impl<'a> Solver<'a> {
    pub fn new(deadline: Instant, stop: &'a AtomicBool) -> Self {
        Solver {
            deadline,
            stop,
            nodes: 0,
            aborted: false,
        }
    }

    /// The final disc difference with best play for the player to move,
    /// exact when strictly between alpha and beta, else a bound beyond.
    pub fn solve(&mut self, pos: &Reversi, mut alpha: i32, beta: i32) -> i32 {
        if pos.is_over() {
            return final_difference(pos);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY)
            && (self.stop.load(Ordering::Relaxed) || Instant::now() >= self.deadline)
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let me = pos.to_move();
        let moves = pos.placement_bits(me);
        if moves == 0 {
            let mut child = pos.clone();
            child.play_unchecked(ReversiMove::Pass);
            return -self.solve(&child, -beta, -alpha);
        }
        let mut best = -i32::MAX;
        if empties(pos) > SORT_EMPTIES {
            let mut children: Vec<(u32, Reversi)> = Vec::with_capacity(16);
            let mut rest = moves;
            while rest != 0 {
                let at = rest.trailing_zeros();
                rest &= rest - 1;
                let mut child = pos.clone();
                child.play_unchecked(ReversiMove::Place(cell(at)));
                let replies = child.placement_bits(child.to_move()).count_ones();
                children.push((replies, child));
            }
            children.sort_by_key(|(replies, _)| *replies);
            for (i, (_, child)) in children.iter().enumerate() {
                let score = if i == 0 {
                    -self.solve(child, -beta, -alpha)
                } else {
                    let probe = -self.solve(child, -alpha - 1, -alpha);
                    if probe > alpha && probe < beta && !self.aborted {
                        -self.solve(child, -beta, -probe)
                    } else {
                        probe
                    }
                };
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            break;
                        }
                    }
                }
            }
        } else {
            let mut rest = moves;
            while rest != 0 {
                let at = rest.trailing_zeros();
                rest &= rest - 1;
                let mut child = pos.clone();
                child.play_unchecked(ReversiMove::Place(cell(at)));
                let score = -self.solve(&child, -beta, -alpha);
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            break;
                        }
                    }
                }
            }
        }
        best
    }
}

/// The exact final disc difference for the player to move, or `None` if
/// the solver ran out of time.
#[cfg(test)]
pub fn exact_value(pos: &Reversi, deadline: Instant, stop: &AtomicBool) -> Option<i32> {
    let mut solver = Solver::new(deadline, stop);
    let value = solver.solve(pos, -65, 65);
    (!solver.aborted).then_some(value)
}

/// A move with the best final disc difference (first the best result, win,
/// draw or loss, then the most discs while time allows), or `None` if even
/// the win/draw/loss answer took too long.
pub fn best_move(pos: &Reversi, deadline: Instant, stop: &AtomicBool) -> Option<ReversiMove> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut solver = Solver::new(deadline, stop);
    let mut children: Vec<(ReversiMove, Reversi, u32)> = moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let replies = child.placement_bits(child.to_move()).count_ones();
            (mv, child, replies)
        })
        .collect();
    children.sort_by_key(|c| c.2);
    // Win, draw or loss first: a window of (-1, 1) around zero.
    let mut best: Option<(ReversiMove, i32)> = None;
    for (mv, child, _) in &children {
        let score = (-solver.solve(child, -1, 1)).clamp(-1, 1);
        if solver.aborted {
            return None;
        }
        if best.is_none_or(|b| score > b.1) {
            best = Some((*mv, score));
        }
        if score == 1 {
            break;
        }
    }
    let (wld_move, wld) = best?;
    // Then the exact margin, with whatever time is left; a move found so
    // far replaces the first answer only if it is as good a result.
    let mut alpha = -65;
    let mut exact_move = wld_move;
    for (mv, child, _) in &children {
        let score = -solver.solve(child, -65, -alpha);
        if solver.aborted {
            return Some(if alpha.signum() >= wld {
                exact_move
            } else {
                wld_move
            });
        }
        if score > alpha {
            alpha = score;
            exact_move = *mv;
        }
    }
    Some(exact_move)
}
