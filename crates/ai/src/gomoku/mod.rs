//! Gomoku's computer opponent.
//!
//! Every level sees the position through a [`Board`], updated stone by
//! stone: for each empty cell, each side and each of the four lines it
//! keeps a code of the ten cells around it, from which a table built once
//! per rule reads what a stone there would make along that line (a five, an
//! open or a closed four, three or two; under the exact rule a row that
//! would grow to six is no five). For the evaluation it also counts the
//! stones in every window of five cells: windows held by one side only,
//! weighted by how full they are, plus bonuses for double threats.
//!
//! Levels 1 to 4 use the generic search ([`super::search`]) through
//! [`Searchable`]: candidate cells near the stones, best first, cut down to
//! the moves that answer a four or a three when the opponent has one.
//! Level 5 chooses by itself ([`Searchable::choose_own`]): a win by
//! continuous fours (VCF) or by threes and fours (VCT) when it has one,
//! else an alpha-beta search of its own on the board (make and unmake,
//! forced blocks searched without using up depth), keeping to moves that
//! leave the opponent no VCF.
//!
//! `shapes.rs` reads a line, `board.rs` keeps the board; `threats.rs`,
//! `search.rs` and `choose.rs` are level 5, `clock.rs` its budget.

mod board;
mod choose;
mod clock;
mod search;
mod shapes;
mod threats;

pub use choose::choose;

use crate::search::zobrist;
use crate::{Deadline, History, Level, OwnChoice, Searchable};
use board::{Board, Survey};
use std::cell::RefCell;
use tabletop_engine::gomoku::{Gomoku, GomokuRule, GomokuStone};
use tabletop_engine::{Cell, Game, Player};

// ---------------------------------------------------------------------
// Levels 1 to 4: the generic search.

/// How many moves each node of the generic search looks at.
const WIDTH: usize = 10;

thread_local! {
    /// The board last used on this thread, brought up to date with each
    /// position asked about: positions of one search differ by a few
    /// stones.
    static SYNCED: RefCell<Option<Board>> = const { RefCell::new(None) };
}

/// Calls `f` with a board holding the stones of `game`.
fn with_board<R>(game: &Gomoku, f: impl FnOnce(&mut Board) -> R) -> R {
    SYNCED.with(|slot| {
        let Ok(mut slot) = slot.try_borrow_mut() else {
            return f(&mut Board::from_game(game));
        };
        let (n, rule) = (game.side(), game.settings().rule());
        let board = match &mut *slot {
            Some(board) if board.n == n && board.rule == rule => board,
            other => other.insert(Board::new(n, rule)),
        };
        board.sync(game);
        f(board)
    })
}

/// The moves worth searching for the side to move (`me`), best first,
/// after `survey` of the board: a five if there is one; else the blocks of
/// the opponent's five; else, against an open three (cells where the
/// opponent would make an open four), the fours and the cells that may
/// stop it; else the `width` best cells.
fn pick_moves(board: &Board, me: usize, survey: &mut Survey, width: usize, moves: &mut Vec<u16>) {
    moves.clear();
    let opp = 1 - me;
    let best_first = |&(value, i): &(i32, u16)| (std::cmp::Reverse(value), i);
    if let Some(&five) = survey.threats[me].fives.first() {
        moves.push(five);
        return;
    }
    if !survey.threats[opp].fives.is_empty() {
        moves.extend_from_slice(&survey.threats[opp].fives);
        return;
    }
    if !survey.threats[opp].open_fours.is_empty() {
        let mut answers = Vec::new();
        board.defences(opp, &survey.threats[opp].open_fours, &mut answers);
        answers.extend_from_slice(&survey.threats[me].fours);
        answers.extend_from_slice(&survey.threats[me].open_fours);
        survey.scored.retain(|(_, i)| answers.contains(i));
        if !survey.scored.is_empty() {
            survey.scored.sort_unstable_by_key(best_first);
            moves.extend(survey.scored.iter().map(|&(_, i)| i));
            return;
        }
        board.survey(me, survey);
    }
    let scored = &mut survey.scored;
    if scored.len() > width && width > 0 {
        scored.select_nth_unstable_by_key(width - 1, best_first);
        scored.truncate(width);
    }
    scored.sort_unstable_by_key(best_first);
    moves.extend(scored.iter().map(|&(_, i)| i));
}

/// [`Board::survey`], then [`pick_moves`].
fn node_moves(board: &Board, me: usize, survey: &mut Survey, width: usize, moves: &mut Vec<u16>) {
    board.survey(me, survey);
    pick_moves(board, me, survey, width, moves);
}

impl Searchable for Gomoku {
    /// Measured by `examples/calibrate.rs` (BENCHMARKS.md).
    const SCORE_SCALE: f64 = 981.0;

    fn evaluate(&self) -> i32 {
        let me = self.to_move().index();
        with_board(self, |board| {
            let mut survey = Survey::default();
            board.survey(me, &mut survey);
            board.evaluate(me, &survey)
        })
    }

    fn position_hash(&self) -> u64 {
        let mut hash = zobrist(u64::MAX - 4 + self.to_move().index() as u64);
        for cell in Cell::all(self.side()) {
            if let Some(who) = self.piece_at(cell) {
                hash ^= zobrist(who.index() as u64 * 1024 + (cell.row() * 26 + cell.col()) as u64);
            }
        }
        hash
    }

    /// Under the exact rule a filled window can make an overline, which
    /// does not win, so nothing is claimed there.
    fn forced(&self) -> Option<crate::Forced> {
        match self.settings().rule() {
            GomokuRule::Freestyle => {
                super::cells::forced_in_rows(self, tabletop_engine::gomoku::FIVE, 1, 1)
            }
            GomokuRule::Exact => None,
        }
    }

    fn candidate_moves(&self, moves: &mut Vec<GomokuStone>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        let n = self.side();
        let me = self.to_move().index();
        with_board(self, |board| {
            if board.stones == 0 {
                moves.extend(Cell::new(n / 2, n / 2).map(GomokuStone));
                return;
            }
            let mut survey = Survey::default();
            let mut cells = Vec::new();
            node_moves(board, me, &mut survey, WIDTH, &mut cells);
            moves.extend(
                cells
                    .iter()
                    .map(|&i| GomokuStone(board.cell(usize::from(i)))),
            );
        });
    }

    /// Level 5 chooses by threats and its own search ([`choose`]).
    fn choose_own(
        &self,
        _history: &History,
        level: Level,
        deadline: Deadline,
        _seed: u64,
    ) -> OwnChoice<GomokuStone> {
        if level != Level::MAX {
            return OwnChoice::Search;
        }
        match choose(self, deadline) {
            Some(stone) => OwnChoice::Play(stone),
            None => OwnChoice::GameOver,
        }
    }

    /// Levels 1 and 2 look one and two stones ahead; level 3 four, so
    /// that level 4, with the same search and more time, stays above it.
    fn depth_cap(level: Level) -> u32 {
        match level.get() {
            1 => 1,
            2 => 2,
            3 => 4,
            _ => 64,
        }
    }

    fn move_slot(GomokuStone(cell): GomokuStone) -> usize {
        cell.row() * 26 + cell.col()
    }

    fn opponent_wins_next(&self, me: Player) -> bool {
        with_board(self, |board| {
            let mut survey = Survey::default();
            board.survey(me.index(), &mut survey);
            let threats = survey.threats[me.other().index()].fives.len();
            if self.to_move() == me {
                threats >= 2 && survey.threats[me.index()].fives.is_empty()
            } else {
                threats >= 1
            }
        })
    }
}

#[cfg(test)]
mod tests;
