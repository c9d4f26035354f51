//! How long X's win along the book can last: the most plies to X's win
//! when X follows the book (winning on the spot where it can) and O tries
//! every reply. Level 5 as O, lost to the book, plays the reply that keeps
//! this longest, so that X's proof has the most left to show.

use std::collections::HashMap;
use std::sync::Mutex;

use super::book::{Book, x_wins_at_once};
use super::symmetry::{self, Key};
use tabletop_engine::gekitai::{GekitaiBoard, Place};
use tabletop_engine::{Game, Outcome, Player};

/// Plies to X's win along the book of the positions worked out so far
/// (`None`: the book does not show a win), kept for the whole run: the
/// book never changes.
static KNOWN: Mutex<Option<HashMap<Key, Option<u32>>>> = Mutex::new(None);

/// The most plies X's win can still take from `board` along the book, if
/// the book shows X wins it.
pub fn plies_to_win(board: &GekitaiBoard<u64>) -> Option<u32> {
    let mut known = KNOWN.lock().ok()?;
    let memo = known.get_or_insert_with(HashMap::new);
    along_book(board, memo)
}

/// O's reply after which X's win along the book takes longest, among
/// those `allowed`, when the book shows X wins after every reply.
pub fn longest_reply(board: &GekitaiBoard<u64>, allowed: impl Fn(Place) -> bool) -> Option<Place> {
    if board.to_move() != Player::Second || board.outcome().is_some() {
        return None;
    }
    let mut known = KNOWN.lock().ok()?;
    let memo = known.get_or_insert_with(HashMap::new);
    let mut moves = Vec::new();
    board.legal_moves(&mut moves);
    let mut longest: Option<(u32, Place)> = None;
    for mv in moves {
        let mut child = board.clone();
        child.play_unchecked(mv);
        let plies = along_book(&child, memo)?;
        if allowed(mv) && longest.is_none_or(|(most, _)| plies > most) {
            longest = Some((plies, mv));
        }
    }
    longest.map(|(_, mv)| mv)
}

fn along_book(board: &GekitaiBoard<u64>, memo: &mut HashMap<Key, Option<u32>>) -> Option<u32> {
    match board.outcome() {
        Some(Outcome::Win(Player::First)) => return Some(0),
        Some(_) => return None,
        None => {}
    }
    let key = symmetry::canonical(board).0;
    if let Some(&plies) = memo.get(&key) {
        return plies;
    }
    let plies = if board.to_move() == Player::First {
        match x_wins_at_once(board) {
            Some(_) => Some(1),
            None => Book::shipped().lookup(board).and_then(|mv| {
                let mut child = board.clone();
                child.play_unchecked(mv);
                along_book(&child, memo).map(|p| p + 1)
            }),
        }
    } else {
        let mut moves = Vec::new();
        board.legal_moves(&mut moves);
        let mut most = Some(0);
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            most = match (most, along_book(&child, memo)) {
                (Some(m), Some(p)) => Some(m.max(p + 1)),
                _ => None,
            };
            if most.is_none() {
                break;
            }
        }
        most
    };
    memo.insert(key, plies);
    plies
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gekitai::dfpn_tests::default_board;

    /// From the empty board the book's win takes as long as the checker's
    /// longest line, and O's longest reply after X's first move keeps
    /// all but the plies already played.
    #[test]
    fn the_longest_reply_keeps_the_longest_line() {
        let mut board = default_board();
        let whole = plies_to_win(&board).expect("the book wins from the start");
        assert!((20..=60).contains(&whole), "{whole}");
        let first = Book::shipped().lookup(&board).expect("the first move");
        board.play_unchecked(first);
        assert_eq!(plies_to_win(&board), Some(whole - 1));
        let reply = longest_reply(&board, |_| true).expect("every reply loses");
        board.play_unchecked(reply);
        assert_eq!(plies_to_win(&board), Some(whole - 2));
        // Off the book nothing is claimed.
        let mut corner = default_board();
        corner.play_unchecked("A1".parse().expect("cell"));
        assert_eq!(longest_reply(&corner, |_| true), None);
    }
}
