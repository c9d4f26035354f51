//! Level 5's alpha-beta search on the board: make and unmake, forced
//! blocks searched without using up depth, a table of bounds.

use super::board::{Board, Survey};
use super::clock::Clock;
use super::pick_moves;
use crate::search::{Bound, WIN, from_table, to_table, zobrist};

/// The deepest the search may go, forced blocks included.
pub(super) const MAX_PLY: usize = 60;
/// Moves each node of the level 5 search looks at, by distance from the
/// root.
pub(super) fn width_at(ply: usize) -> usize {
    match ply {
        0 => 24,
        1 => 14,
        2..=3 => 10,
        _ => 7,
    }
}

#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) score: i32,
    pub(super) mv: u16,
    pub(super) depth: u8,
    pub(super) bound: Bound,
}

/// The level 5 alpha-beta search on a board.
pub(super) struct Searcher<'b, 'c> {
    pub(super) board: &'b mut Board,
    pub(super) clock: Clock<'c>,
    pub(super) table: Vec<Entry>,
    pub(super) surveys: Vec<Survey>,
    pub(super) buffers: Vec<Vec<u16>>,
    pub(super) killers: Vec<[u16; 2]>,
    pub(super) nodes: u64,
}

impl<'b, 'c> Searcher<'b, 'c> {
    pub(super) fn new(board: &'b mut Board, clock: Clock<'c>) -> Searcher<'b, 'c> {
        let empty = Entry {
            key: 0,
            score: 0,
            mv: 0,
            depth: 0,
            bound: Bound::Exact,
        };
        Searcher {
            board,
            clock,
            table: vec![empty; 1 << 18],
            surveys: (0..=MAX_PLY).map(|_| Survey::default()).collect(),
            buffers: vec![Vec::new(); MAX_PLY + 1],
            killers: vec![[0; 2]; MAX_PLY + 1],
            nodes: 0,
        }
    }

    /// Surveys the board at `ply`: the node's value when it is decided
    /// without search (a five for either side, an open four), else whether
    /// its one move is forced (a block of the opponent's five).
    pub(super) fn decide(&mut self, me: usize, ply: usize) -> Result<bool, i32> {
        let opp = 1 - me;
        let survey = &mut self.surveys[ply];
        self.board.survey(me, survey);
        let (mine, theirs) = (&survey.threats[me], &survey.threats[opp]);
        if !mine.fives.is_empty() {
            Err(WIN - (ply as i32 + 1))
        } else if theirs.fives.len() >= 2 {
            Err(-(WIN - (ply as i32 + 2)))
        } else if theirs.fives.len() == 1 {
            Ok(true)
        } else if !mine.open_fours.is_empty() {
            Err(WIN - (ply as i32 + 3))
        } else {
            Ok(false)
        }
    }

    pub(super) fn negamax(
        &mut self,
        me: usize,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.clock.tick() {
            return 0;
        }
        let forced = match self.decide(me, ply) {
            Ok(forced) => forced,
            Err(value) => return value,
        };
        if (depth == 0 && !forced) || ply >= MAX_PLY {
            return self.board.evaluate(me, &self.surveys[ply]);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pick_moves(
            self.board,
            me,
            &mut self.surveys[ply],
            width_at(ply),
            &mut moves,
        );
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return 0;
        }
        let key = self.board.hash ^ zobrist(u64::MAX - me as u64);
        let slot = key as usize & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut first = None;
        if entry.key == key {
            first = Some(entry.mv);
            if u32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                if entry.bound.settles(score, alpha, beta) {
                    self.buffers[ply] = moves;
                    return score;
                }
            }
        }
        self.order(&mut moves, first, ply);
        let child_depth = if forced { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best = -2 * WIN;
        let mut best_move = moves[0];
        for (k, &m) in moves.iter().enumerate() {
            let i = usize::from(m);
            self.board.place(i, me);
            let score = if k == 0 {
                -self.negamax(1 - me, child_depth, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(1 - me, child_depth, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.clock.expired {
                    -self.negamax(1 - me, child_depth, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            self.board.remove(i);
            if self.clock.expired {
                break;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let k = &mut self.killers[ply];
                        if k[0] != m {
                            (k[1], k[0]) = (k[0], m);
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if self.clock.expired {
            return 0;
        }
        self.table[slot] = Entry {
            key,
            score: to_table(best, ply),
            mv: best_move,
            depth: depth.min(255) as u8,
            bound: Bound::of(best, original_alpha, beta),
        };
        best
    }

    /// Puts the table's move `first`, then the killers at `ply`, ahead of
    /// the survey's order.
    fn order(&self, moves: &mut [u16], first: Option<u16>, ply: usize) {
        let killers = self.killers[ply];
        let mut front = 0;
        for wanted in [first, Some(killers[0]), Some(killers[1])]
            .into_iter()
            .flatten()
        {
            if let Some(at) = moves[front..].iter().position(|&m| m == wanted) {
                moves[front..=front + at].rotate_right(1);
                front += 1;
            }
        }
    }

    /// Searches `moves` (the root's) `depth` deep, leaving them best
    /// first; false if the clock ran out first (the order is then the
    /// old one, but for a move that beat the first).
    pub(super) fn root(&mut self, me: usize, depth: u32, moves: &mut [(u16, i32)]) -> bool {
        let mut alpha = -2 * WIN;
        let mut done = 0;
        for (k, entry) in moves.iter_mut().enumerate() {
            let i = usize::from(entry.0);
            self.board.place(i, me);
            let score = if k == 0 {
                -self.negamax(1 - me, depth - 1, 1, -2 * WIN, -alpha)
            } else {
                let probe = -self.negamax(1 - me, depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha && !self.clock.expired {
                    -self.negamax(1 - me, depth - 1, 1, -2 * WIN, -alpha)
                } else {
                    probe
                }
            };
            self.board.remove(i);
            if self.clock.expired {
                break;
            }
            entry.1 = score;
            alpha = alpha.max(score);
            done = k + 1;
        }
        moves[..done].sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        !self.clock.expired
    }
}
