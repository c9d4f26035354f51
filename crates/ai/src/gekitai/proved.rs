//! What the book and the proof-number search give the rest of tabletop:
//! level 5's move where a win for X is proved (X follows the book, then
//! the search's proved move; O, lost, makes X's proof as much work as it
//! can), the settled result for reviews and hints.
//!
//! Only the default board is in the book; the search works on every board
//! up to 6×6.

use std::collections::VecDeque;
use std::sync::Mutex;

use super::book::{Book, x_wins_at_once};
use super::dfpn::{Answer, Solver};
use super::longest;
use super::mate::Mates;
use super::symmetry::{self, Key};
use crate::analysis::Proof;
use crate::prover::Prover;
use crate::{Deadline, History, Searchable};
use tabletop_engine::gekitai::{GekitaiBoard, Place};
use tabletop_engine::{BestPlay, Game, Outcome, Player};

/// Plies the mate search looks ahead for the shortest win and the
/// longest defence, and the positions it may look at (about a tenth of
/// a second's work; measured by `examples/gekitai_shortest.rs`).
const MATE_PLIES: u32 = 9;
const MATE_NODES: u64 = 100_000;
/// The share (a divisor) of what is left of a move's time the mate
/// search may take at most.
const MATE_SHARE: u32 = 3;

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
        || PROVED
            .lock()
            .is_ok_and(|proved| proved.contains(&symmetry::canonical(board).0))
}

/// Level 5's move when a win for X is proved (by the book, or by the
/// search within a third of what is left of `deadline`): the first move
/// of the shortest win the mate search finds (for X), or a reply after
/// which X's shortest win is longest (for O, lost); where the mate search
/// does not reach, the book's move (X) or the reply that makes X's win
/// along the book longest (O), else the search's proved move (X) or
/// hardest reply (O), never back to a position of `history`. `None`
/// leaves the choice to the alpha-beta search.
pub fn choose(board: &GekitaiBoard<u64>, history: &History, deadline: Deadline) -> Option<Place> {
    choose_with(board, history, deadline, MATE_NODES)
}

/// [`choose`] with a mate search of at most `mate_nodes` positions.
pub fn choose_with(
    board: &GekitaiBoard<u64>,
    history: &History,
    deadline: Deadline,
    mate_nodes: u64,
) -> Option<Place> {
    let x_to_move = board.to_move() == Player::First;
    let share = |part: u32| deadline.part(0, 1.0 / f64::from(part));
    let mut solver = Solver::new(TABLE_BYTES);
    let book = Book::shipped().lookup(board);
    let in_book = book.is_some() || (!x_to_move && book_shows_x_wins(board));
    // X's proved move (none for O, lost).
    let proved = if in_book {
        book
    } else if x_to_move {
        // A proved move back to a position of the game could go round.
        let mv = solver.proving_move(board, share(SOLVER_SHARE), |child| {
            history.contains(child.position_hash())
        })?;
        Some(mv)
    } else if solver.prove(board, share(SOLVER_SHARE)) == Answer::Proved {
        None
    } else {
        return None;
    };
    if !in_book {
        remember(board);
    }
    let mut mates = Mates::new(share(MATE_SHARE), mate_nodes);
    if x_to_move {
        // A win within so many plies never goes round.
        return mates
            .shortest_win(board, MATE_PLIES)
            .map(|(mv, _)| mv)
            .or(proved);
    }
    let longest = mates.longest_defences(board, MATE_PLIES);
    let allowed = |mv: Place| longest.contains(&mv);
    let hardest = if in_book {
        longest::longest_reply(board, allowed)
    } else {
        solver.hardest_reply(board, share(SOLVER_SHARE), allowed)
    };
    hardest.or(longest.first().copied())
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

/// Plies within which a review's forced win is better told by its length
/// (`X had a forced win within 3 plies`) than proved here.
const SHORT_WIN: u32 = 3;

/// A proved win for X, for reviews: from the book when it shows one,
/// else from the search before `deadline`; `None` for a win within
/// [`SHORT_WIN`] plies. The line follows X's proved
/// moves and O's replies that make the most work (or, in the book, that
/// do not lose at once) as far as `most` moves.
pub fn prove(board: &GekitaiBoard<u64>, most: usize, deadline: Deadline) -> Option<Proof<Place>> {
    // A short win is left to the alpha-beta search, which says how short.
    if Prover::new().wins_within(board, Player::First, SHORT_WIN) {
        return None;
    }
    let line = if book_shows_x_wins(board) {
        book_line(board, most)
    } else {
        let mut solver = Solver::new(TABLE_BYTES);
        if solver.prove(board, deadline) != Answer::Proved {
            return None;
        }
        remember(board);
        solver.proof_line(board, most, deadline)
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    use super::*;
    use crate::analysis::{Verdict, analyse};
    use crate::{Level, choose};
    use tabletop_engine::gekitai::Gekitai;

    fn board(game: &Gekitai) -> &GekitaiBoard<u64> {
        match game {
            Gekitai::Small(board) => board,
            _ => unreachable!("6×6 is a u64 board"),
        }
    }

    /// Level 5 as X opens with the book's move and answers every O reply
    /// from it; a lower level is left to its own search.
    #[test]
    fn level_5_as_x_plays_the_book() {
        let stop = AtomicBool::new(false);
        let mut game = Gekitai::default();
        let book_move = Book::shipped()
            .lookup(board(&game))
            .expect("the first move");
        let level5 = |game: &Gekitai| {
            choose(
                game,
                &History::default(),
                Level::MAX,
                Level::MAX.budget(),
                1,
                &stop,
            )
        };
        assert_eq!(level5(&game), Some(book_move));
        game.play(book_move).expect("legal");
        let mut replies = Vec::new();
        game.legal_moves(&mut replies);
        for reply in replies.into_iter().step_by(7) {
            let mut after = game.clone();
            after.play(reply).expect("legal");
            let mv = level5(&after);
            // A win on the spot (left out of the book) may be one of several.
            if x_wins_at_once(board(&after)).is_none() {
                let expected = Book::shipped().lookup(board(&after));
                assert_eq!(mv, expected, "after {book_move} {reply}");
            }
        }
    }

    /// Reviews and hints know X's proved win: the empty board is a win for
    /// the mover, and after X's book move a loss for O, with a line that
    /// plays legally.
    #[test]
    fn the_book_settles_positions_for_reviews_and_hints() {
        let stop = AtomicBool::new(false);
        let mut game = Gekitai::default();
        assert_eq!(game.known_winner(), Some(Player::First));
        let proof = game
            .prove(Deadline::unlimited(&stop))
            .expect("proved by the book");
        assert_eq!(proof.result, BestPlay::Win(None));
        assert_eq!(Some(proof.best), Book::shipped().lookup(board(&game)));
        let mut replay = game.clone();
        for &mv in &proof.line {
            replay.play(mv).expect("the line is legal");
        }
        game.play(proof.best).expect("legal");
        assert_eq!(game.known_winner(), Some(Player::First));
        let lost = game
            .prove(Deadline::unlimited(&stop))
            .expect("proved by the book");
        assert_eq!(lost.result, BestPlay::Loss(None));
        let analysis = analyse(
            &game,
            &History::default(),
            Level::MAX,
            Duration::from_secs(5),
            1,
            &stop,
        );
        assert_eq!(analysis.verdict, Verdict::BestPlay(BestPlay::Loss(None)));
    }

    /// Off the book the search proves what it can: a 6×6 position under
    /// the `draw` rule for double wins (the book is for the default game
    /// only), which X wins but not within three plies, is proved for
    /// reviews and then known to hints; boards beyond 6×6 are never
    /// claimed.
    #[test]
    fn off_the_book_the_search_proves_and_remembers() {
        use tabletop_engine::gekitai::{BothWin, GekitaiSettings};
        let stop = AtomicBool::new(false);
        let draw = GekitaiSettings::new(6, 8, 3, BothWin::Draw).expect("valid");
        let mut game = Gekitai::new(draw);
        for mv in "C3 E5 E4 D4 D5 E3 D3 D4 A1".split_whitespace() {
            game.play(mv.parse().expect("cell")).expect("legal");
        }
        assert!(!crate::prover::Prover::new().wins_within(&game, Player::First, SHORT_WIN));
        assert_eq!(game.known_winner(), None);
        let proof = game
            .prove(Deadline::unlimited(&stop))
            .expect("proved by the search");
        assert_eq!(proof.result, BestPlay::Loss(None));
        assert_eq!(game.known_winner(), Some(Player::First));
        let big = Gekitai::new(GekitaiSettings::new(7, 8, 3, BothWin::Mover).expect("valid"));
        assert_eq!(big.prove(Deadline::unlimited(&stop)), None);
        assert_eq!(big.known_winner(), None);
    }

    /// Level 5 plays the shortest win and the longest defence, as chess
    /// engines play the shortest mate: from positions whose shortest win
    /// (for the player to move, as the plain prover finds it) is 3 or 5
    /// plies, level 5 on both sides ends the game in exactly that many.
    /// The first four come from the book's openings against random
    /// replies, where the book's own win is longer (before level 5 took
    /// the shortest win, they lasted 9, 5, 9 and 5 plies); the last two
    /// from random openings, where O's hardest reply let X win sooner.
    #[test]
    fn level_5_wins_soonest_and_defends_longest() {
        let stop = AtomicBool::new(false);
        for (opening, plies) in [
            ("C3 E3 D5 B6 D1 B3", 3),
            ("C3 E1 C5 E4 C4 F4", 3),
            ("C3 F1 B3 C1 E3 C4", 3),
            ("C3 D3 D4 A1 F3 D5", 3),
            ("B4 F5 C1 D3 D4 A2", 5),
            ("D2 F1 F3 A2 F4 B1", 5),
        ] {
            let mut game = Gekitai::default();
            let mut history = History::default();
            for mv in opening.split_whitespace() {
                history.record(&game);
                game.play(mv.parse().expect("cell")).expect("legal");
            }
            let winner = game.to_move();
            assert_eq!(
                Prover::new().shortest_win(&game, plies),
                Some(plies),
                "{opening}"
            );
            let mut played = Vec::new();
            while !game.is_over() && played.len() < 20 {
                history.record(&game);
                // A generous budget: the searches stop on their own.
                let mv = choose(
                    &game,
                    &history,
                    Level::MAX,
                    Duration::from_secs(600),
                    1,
                    &stop,
                )
                .expect("not over");
                game.play(mv).expect("legal");
                played.push(mv.to_string());
            }
            assert_eq!(
                game.outcome(),
                Some(Outcome::Win(winner)),
                "{opening}: {played:?}"
            );
            assert_eq!(played.len(), plies as usize, "{opening}: {played:?}");
        }
    }
}
