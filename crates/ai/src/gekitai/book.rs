//! The opening book of the default game (6×6, 8 pieces, 3 in a row, the
//! mover wins when both do): for every position where X is to move in
//! X's proved win, the move that keeps it, in `assets/gekitai_book.bin`.
//!
//! The file is an 8-byte tag, then entries of 10 bytes sorted by key: the
//! position up to symmetry ([`Key`]) as X's and O's cells, 36 bits each
//! (row by row, `A1` the lowest bit), in 9 big-endian bytes; then the move
//! on that canonical board as a cell number (`row * 6 + column`).
//! `examples/gekitai_book.rs` writes it and `examples/check_gekitai_book.rs`
//! checks it.

use std::sync::OnceLock;

use super::symmetry::{self, Key, Symmetry};
use crate::search::winning_move;
use tabletop_engine::cell::Cell;
use tabletop_engine::gekitai::{GekitaiBoard, GekitaiSettings, Place};
use tabletop_engine::{Game, Player};

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

/// What the file starts with.
pub const TAG: &[u8; 8] = b"GKBOOK1\n";
/// Bytes of one entry.
const ENTRY: usize = 10;
/// The side of the board the book is for.
const SIDE: usize = 6;

/// The book shipped with tabletop.
static SHIPPED: &[u8] = include_bytes!("../../assets/gekitai_book.bin");

/// A book read from its bytes.
pub struct Book {
    bytes: Vec<u8>,
}

/// A file that is not a book.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotABook(pub String);

impl std::fmt::Display for NotABook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a Gekitai book: {}", self.0)
    }
}

impl std::error::Error for NotABook {}

impl Book {
    /// The shipped book (read once).
    pub fn shipped() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| {
            Book::from_bytes(SHIPPED.to_vec())
                .unwrap_or_else(|e| unreachable!("the shipped book is written by the tool: {e}"))
        })
    }

    /// A book from the bytes of a file, checked for shape and order.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Book, NotABook> {
        if bytes.len() < TAG.len() || &bytes[..TAG.len()] != TAG {
            return Err(NotABook("the tag is missing".into()));
        }
        if !(bytes.len() - TAG.len()).is_multiple_of(ENTRY) {
            return Err(NotABook("the entries are cut short".into()));
        }
        let book = Book { bytes };
        let sorted = (1..book.len()).all(|i| book.packed_key(i - 1) < book.packed_key(i));
        if !sorted {
            return Err(NotABook("the entries are out of order".into()));
        }
        if (0..book.len()).any(|i| usize::from(book.bytes[TAG.len() + i * ENTRY + 9]) >= 36) {
            return Err(NotABook("a move is off the board".into()));
        }
        Ok(book)
    }

    /// The bytes of a book of `entries` (canonical key, move on the
    /// canonical board as a layout bit), in any order.
    pub fn encode(entries: &[(Key, usize)]) -> Vec<u8> {
        let mut packed: Vec<(u128, u8)> = entries
            .iter()
            .map(|&(key, index)| (pack_key(key), cell_number(index)))
            .collect();
        packed.sort_unstable();
        packed.dedup_by_key(|e| e.0);
        let mut bytes = TAG.to_vec();
        for (key, mv) in packed {
            bytes.extend_from_slice(&key.to_be_bytes()[7..]);
            bytes.push(mv);
        }
        bytes
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        (self.bytes.len() - TAG.len()) / ENTRY
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn packed_key(&self, i: usize) -> u128 {
        let at = TAG.len() + i * ENTRY;
        let mut wide = [0u8; 16];
        wide[7..].copy_from_slice(&self.bytes[at..at + 9]);
        u128::from_be_bytes(wide)
    }

    /// X's move in `board` if the book has the position (X to move, the
    /// default game).
    pub fn lookup(&self, board: &GekitaiBoard<u64>) -> Option<Place> {
        if board.settings() != GekitaiSettings::default() || board.to_move() != Player::First {
            return None;
        }
        let (key, sym) = symmetry::canonical(board);
        let wanted = pack_key(key);
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = (low + high) / 2;
            match self.packed_key(mid).cmp(&wanted) {
                std::cmp::Ordering::Less => low = mid + 1,
                std::cmp::Ordering::Greater => high = mid,
                std::cmp::Ordering::Equal => {
                    let number = usize::from(self.bytes[TAG.len() + mid * ENTRY + 9]);
                    let canonical = (number / SIDE + 1) * 8 + number % SIDE + 1;
                    return Some(Place(board.cell(unmap(sym, canonical))));
                }
            }
        }
        None
    }
}

fn unmap(sym: Symmetry, index: usize) -> usize {
    symmetry::unmap_index(sym, index, SIDE)
}

/// A layout bit of the 6×6 board as `row * 6 + column`.
fn cell_number(index: usize) -> u8 {
    let cell = Cell::new(index / 8 - 1, index % 8 - 1).map_or(0, |c| c.row() * SIDE + c.col());
    cell as u8
}

/// The 36 cells of a layout, row by row.
fn pack_cells(bits: u64) -> u64 {
    (0..SIDE).fold(0, |packed, row| {
        packed | ((bits >> ((row + 1) * 8 + 1)) & 0x3f) << (row * SIDE)
    })
}

/// X's cells above O's, 72 bits (the turn is always X's).
fn pack_key(key: Key) -> u128 {
    u128::from(pack_cells(key.x)) << 36 | u128::from(pack_cells(key.o_and_turn & !1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gekitai::dfpn_tests::default_board;

    /// A book written and read back finds its positions in every
    /// orientation, with the move turned the same way.
    #[test]
    fn a_book_finds_its_moves_in_every_orientation() {
        let mut board = default_board();
        for mv in ["B2", "E5"] {
            board.play(mv.parse().expect("cell")).expect("legal");
        }
        let (key, sym) = symmetry::canonical(&board);
        let c4 = symmetry::layout_index("C4".parse::<Place>().expect("cell").0);
        let entries = [(key, symmetry::map_index(sym, c4, SIDE))];
        let book = Book::from_bytes(Book::encode(&entries)).expect("a book");
        assert_eq!(book.len(), 1);
        assert_eq!(book.lookup(&board), Some("C4".parse().expect("cell")));
        // The mirror image of the game: B5 and E2, so C4 becomes C3.
        let mut mirrored = default_board();
        for mv in ["B5", "E2"] {
            mirrored.play(mv.parse().expect("cell")).expect("legal");
        }
        assert_eq!(book.lookup(&mirrored), Some("C3".parse().expect("cell")));
        assert_eq!(book.lookup(&default_board()), None);
    }

    #[test]
    fn broken_books_are_refused() {
        assert!(Book::from_bytes(b"nonsense".to_vec()).is_err());
        let mut cut = TAG.to_vec();
        cut.extend_from_slice(&[0; 7]);
        assert!(Book::from_bytes(cut).is_err());
        let mut off = TAG.to_vec();
        off.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 40]);
        assert!(Book::from_bytes(off).is_err());
    }

    /// The shipped book opens, and has the empty board's move.
    #[test]
    fn the_shipped_book_has_the_first_move() {
        let book = Book::shipped();
        assert!(!book.is_empty());
        assert!(book.lookup(&default_board()).is_some());
    }
}
