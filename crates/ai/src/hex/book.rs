//! The opening book for small Hex boards: the first player's proved
//! winning answers at the start of a game without swap, where the live
//! solver would need more than a move's time.
//!
//! The book is a text file written by `examples/hex_book.rs` (see there):
//! each line a game in move notation whose last move is the answer to the
//! position before it. Lines are replayed through the engine when first
//! needed; a line that is not a legal game is skipped, never trusted.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::bits::{Geometry, Stones};
use tabletop_engine::bits::Bits;
use tabletop_engine::hex::{Hex, HexMove, HexSettings};
use tabletop_engine::{Cell, Game, Player};

/// The books, by board side.
const BOOKS: [(usize, &str); 1] = [(7, include_str!("../../assets/hex_book_7.txt"))];

/// Positions (as stones) and the answer to each.
type Book = HashMap<Stones<u64>, Cell>;

/// The book's answer in `game`, if it has one: only without swap, on a
/// side that has a book.
pub fn answer(game: &Hex) -> Option<HexMove> {
    if game.settings().swap() || game.is_over() {
        return None;
    }
    static LOADED: OnceLock<Vec<(usize, Book)>> = OnceLock::new();
    let books = LOADED.get_or_init(|| {
        BOOKS
            .iter()
            .map(|&(side, text)| (side, parse(side, text)))
            .collect()
    });
    let (_, book) = books.iter().find(|(side, _)| *side == game.side())?;
    let (_, position) = Stones::from_hex(game)?;
    book.get(&position).copied().map(HexMove::Place)
}

/// The entries of a book for side `side`, each also turned half round
/// (which keeps every edge with its owner).
fn parse(side: usize, text: &str) -> Book {
    let mut book = Book::new();
    let (Some(g), Ok(settings)) = (Geometry::<u64>::new(side), HexSettings::new(side, false))
    else {
        return book;
    };
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves: Result<Vec<HexMove>, _> = line.split_whitespace().map(str::parse).collect();
        let Ok(moves) = moves else { continue };
        let Some((&HexMove::Place(answer), before)) = moves.split_last() else {
            continue;
        };
        let mut game = Hex::new(settings);
        if before.iter().any(|&mv| game.play(mv).is_err())
            || game.check(HexMove::Place(answer)).is_err()
            || game.to_move() != Player::First
        {
            continue;
        }
        let Some((_, position)) = Stones::from_hex(&game) else {
            continue;
        };
        let turned = Stones {
            first: g.rotate(position.first),
            second: g.rotate(position.second),
            to_move: position.to_move,
        };
        let turned_answer = g.cell(g.rotate(g.bit(answer)).lowest());
        book.insert(position, answer);
        book.insert(turned, turned_answer);
    }
    book
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str) -> Hex {
        let mut hex = Hex::new(HexSettings::new(7, false).expect("valid"));
        for mv in moves.split_whitespace() {
            hex.play(mv.parse().expect("well formed")).expect("legal");
        }
        hex
    }

    #[test]
    fn the_book_answers_every_reply_to_its_opening() {
        let opening = answer(&game("")).expect("the empty board is in the book");
        assert_eq!(opening, "D3".parse().expect("cell"));
        let mut hex = game("");
        hex.play(opening).expect("legal");
        for reply in Cell::all(7) {
            let mut next = hex.clone();
            if next.play(HexMove::Place(reply)).is_err() {
                continue;
            }
            let Some(mv) = answer(&next) else {
                panic!("no answer to D3 {}", HexMove::Place(reply));
            };
            assert_eq!(next.check(mv), Ok(()));
            assert_eq!(next.to_move(), Player::First);
        }
    }

    #[test]
    fn every_line_of_the_book_is_a_legal_game_for_the_first_player() {
        let (side, text) = BOOKS[0];
        let lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        // Each line and its half turn, except the empty board (its own).
        assert_eq!(parse(side, text).len(), 2 * lines - 1);
        assert!(lines > 100);
    }

    #[test]
    fn the_book_stays_out_of_other_games() {
        let mut swap = Hex::new(HexSettings::new(7, true).expect("valid"));
        assert_eq!(answer(&swap), None);
        swap.play("D3".parse().expect("cell")).expect("legal");
        assert_eq!(answer(&swap), None);
        assert_eq!(
            answer(&Hex::new(HexSettings::new(9, false).expect("ok"))),
            None
        );
        // The second player to move, or a position the book never reaches.
        assert_eq!(answer(&game("D3")), None);
        assert_eq!(answer(&game("A0 B0")), None);
    }

    #[test]
    fn bad_lines_are_skipped() {
        let text = "# comment\nD3\nD3 D3 A0\nD3 Q9 A1\nnonsense\nD3 A0\n\nD3 A0 E3\n";
        let book = parse(7, text);
        // The empty board, and D3 A0 with its half turn D3 G6; the answer
        // for the second player is not the book's business.
        assert_eq!(book.len(), 3);
        assert!(parse(30, text).is_empty());
    }
}
