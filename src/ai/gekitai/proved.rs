//! What the book and the proof-number search give the rest of tabletop:
//! level 5's move where a win for X is proved (X follows the book, then
//! the search's proved move; O, lost, makes X's proof as much work as it
//! can), the settled result for reviews and hints.
//!
//! Only the default board is in the book; the search works on every board
//! up to 6×6.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::book::Book;
use super::dfpn::{Answer, Solver};
use super::symmetry::{self, Key};
use crate::ai::{History, Limits, Searchable};
use crate::ai::analysis::Proof;
use crate::ai::search::winning_move;
use crate::engine::gekitai::{GekitaiBoard, Place};
use crate::engine::{BestPlay, Game, Outcome, Player};

/// The search's table while playing or reviewing: small enough to fill
/// quickly in a move's time.
const TABLE_BYTES: usize = 32 << 20;

/// The share (a divisor) of a level-5 move's time the proof-number
/// search may take before the alpha-beta search has the rest.
const SOLVER_SHARE: u32 = 3;

/// Positions the search proved won for X in this run, remembered so that
/// a hint can say so ([`known_x_win`]); the oldest go first.
static PROVED: Mutex<VecDeque<Key>> = Mutex::new(VecDeque::new());
/// How many proved positions are remembered.
const REMEMBERED: usize = 4096;

fn remember(board: &GekitaiBoard<u64>) {
    if let Ok(mut proved) = PROVED.lock() {
        if proved.len() == REMEMBERED {
            proved.pop_front();
        }
        proved.push_back(symmetry::canonical(board).0);
    }
}

/// Whether X is known to win `board` with best play without searching:
/// the book shows it, or the search proved it earlier in this run.
pub fn known_x_win(board: &GekitaiBoard<u64>) -> bool {
    book_shows_x_wins(board)
        || PROVED.lock().is_ok_and(|proved| proved.contains(&symmetry::canonical(board).0))
}

/// Level 5's move when a win for X is proved: the book's move, or the
/// search's proved move (for X) or hardest reply (for O) found within a
/// third of the time to `deadline`, never back to a position of
/// `history`. `None` leaves the choice to the
/// alpha-beta search.
pub fn choose(
    board: &GekitaiBoard<u64>,
    history: &History,
    deadline: Instant,
    stop: &AtomicBool,
) -> Option<Place> {
    if let Some(mv) = Book::shipped().lookup(board) {
        return Some(mv);
    }
    let now = Instant::now();
    let limits = Limits {
        deadline: now + deadline.saturating_duration_since(now) / SOLVER_SHARE,
        stop,
    };
    let mut solver = Solver::new(TABLE_BYTES);
    let mv = if board.to_move() == Player::First {
        // A proved move back to a position of the game could go round.
        solver.proving_move(board, limits, |child| {
            history.contains(child.position_hash())
        })
    } else {
        solver.hardest_reply(board, limits)
    };
    if mv.is_some() {
        remember(board);
    }
    mv
}

/// X's move that wins on the spot, if X is to move and has one: the book
/// leaves these positions out, as every level plays such a move.
pub fn x_wins_at_once(board: &GekitaiBoard<u64>) -> Option<Place> {
    if board.to_move() != Player::First || board.outcome().is_some() {
        return None;
    }
    let mut moves = Vec::new();
    board.legal_moves(&mut moves);
    winning_move(board, &moves)
}

/// Whether the book shows X wins `board` with best play: X to move in a
/// position of the book (or winning on the spot), or O to move with every
/// reply reaching one or ending the game in X's win. Cheap: for hints.
pub fn book_shows_x_wins(board: &GekitaiBoard<u64>) -> bool {
    let x_wins = |at: &GekitaiBoard<u64>| match at.outcome() {
        Some(outcome) => outcome == Outcome::Win(Player::First),
        None => x_wins_at_once(at).is_some() || Book::shipped().lookup(at).is_some(),
    };
    if board.to_move() == Player::First || board.outcome().is_some() {
        return x_wins(board);
    }
    let mut moves = Vec::new();
    board.legal_moves(&mut moves);
    moves.into_iter().all(|mv| {
        let mut child = board.clone();
        child.play_unchecked(mv);
        x_wins(&child)
    })
}

/// A proved win for X, for reviews: from the book when it shows one,
/// else from the search before `deadline`. The line follows X's proved
/// moves and O's replies that make the most work (or, in the book, that
/// do not lose at once) as far as `most` moves.
pub fn prove(
    board: &GekitaiBoard<u64>,
    most: usize,
    deadline: Instant,
    stop: &AtomicBool,
) -> Option<Proof<Place>> {
    let limits = Limits { deadline, stop };
    let line = if book_shows_x_wins(board) {
        book_line(board, most)
    } else {
        let mut solver = Solver::new(TABLE_BYTES);
        if solver.prove(board, limits) != Answer::Proved {
            return None;
        }
        remember(board);
        solver.proof_line(board, most, limits)
    };
    let result = if board.to_move() == Player::First {
        BestPlay::Win(None)
    } else {
        BestPlay::Loss(None)
    };
    Some(Proof {
        result,
        best: *line.first()?,
        line,
    })
}

/// X's book moves (and wins on the spot) and O's first reply that does not lose at once, while
/// the book has the position.
fn book_line(board: &GekitaiBoard<u64>, most: usize) -> Vec<Place> {
    let book = Book::shipped();
    let mut line = Vec::new();
    let mut at = board.clone();
    while line.len() < most && at.outcome().is_none() {
        let next = if at.to_move() == Player::First {
            x_wins_at_once(&at).or_else(|| book.lookup(&at))
        } else {
            let mut moves = Vec::new();
            at.legal_moves(&mut moves);
            moves
                .iter()
                .copied()
                .find(|&mv| {
                    let mut child = at.clone();
                    child.play_unchecked(mv);
                    child.outcome().is_none()
                })
                .or(moves.first().copied())
        };
        let Some(mv) = next else {
            break;
        };
        at.play_unchecked(mv);
        line.push(mv);
    }
    line
}
