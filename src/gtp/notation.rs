//! GTP vertices for each game: the game's own cell notation in either case,
//! plus `pass` (Reversi) and `swap` (Hex). Hex follows the HexGui/MoHex
//! convention (black moves first and joins top and bottom, `a1` is the top
//! left, rows from 1), which is SPEC.md's board transposed.

use crate::engine::Game;
use crate::engine::cell::{Cell, LetterCase, LetterNumber};
use crate::engine::connect6::{Connect6, Stone};
use crate::engine::gekitai::{Gekitai, Place};
use crate::engine::hex::{Hex, HexMove};
use crate::engine::reversi::{Reversi, ReversiMove};

const ONE_BASED: LetterNumber = LetterNumber {
    case: LetterCase::Either,
    first_row: 1,
};
const ZERO_BASED: LetterNumber = LetterNumber {
    case: LetterCase::Either,
    first_row: 0,
};

/// How a game's moves are written in GTP.
pub trait Vertex: Game {
    fn to_vertex(mv: &Self::Move) -> String;
    fn from_vertex(text: &str) -> Option<Self::Move>;
}

impl Vertex for Gekitai {
    fn to_vertex(mv: &Place) -> String {
        mv.to_string()
    }
    fn from_vertex(text: &str) -> Option<Place> {
        ONE_BASED.parse(text).ok().map(Place)
    }
}

impl Vertex for Connect6 {
    fn to_vertex(mv: &Stone) -> String {
        mv.to_string()
    }
    fn from_vertex(text: &str) -> Option<Stone> {
        ZERO_BASED.parse(text).ok().map(Stone)
    }
}

impl Vertex for Reversi {
    fn to_vertex(mv: &ReversiMove) -> String {
        match mv {
            ReversiMove::Place(cell) => ONE_BASED.format(*cell),
            ReversiMove::Pass => "pass".to_string(),
        }
    }
    fn from_vertex(text: &str) -> Option<ReversiMove> {
        if text.trim().eq_ignore_ascii_case("pass") {
            return Some(ReversiMove::Pass);
        }
        ONE_BASED.parse(text).ok().map(ReversiMove::Place)
    }
}

/// Swaps rows and columns: HexGui's board is SPEC.md's transposed.
fn transpose(cell: Cell) -> Cell {
    Cell::new(cell.col(), cell.row()).unwrap_or(cell)
}

impl Vertex for Hex {
    fn to_vertex(mv: &HexMove) -> String {
        match mv {
            HexMove::Place(cell) => ONE_BASED.format(transpose(*cell)).to_ascii_lowercase(),
            HexMove::Swap => "swap".to_string(),
        }
    }
    fn from_vertex(text: &str) -> Option<HexMove> {
        let word = text.trim().to_ascii_lowercase();
        if word == "swap" || word == "swap-pieces" {
            return Some(HexMove::Swap);
        }
        ONE_BASED
            .parse(text)
            .ok()
            .map(|cell| HexMove::Place(transpose(cell)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_vertices_are_transposed_to_the_spec_board() {
        // HexGui's c1 (column c, top row) is SPEC.md's A2: row 2, column A.
        let mv = Hex::from_vertex("c1").expect("a vertex");
        assert_eq!(mv, HexMove::Place(Cell::new(2, 0).expect("cell")));
        assert_eq!(Hex::to_vertex(&mv), "c1");
        assert_eq!(Hex::from_vertex("SWAP"), Some(HexMove::Swap));
    }

    #[test]
    fn every_game_round_trips_its_vertices() {
        for cell in Cell::all(19) {
            let place = Place(cell);
            assert_eq!(
                Gekitai::from_vertex(&Gekitai::to_vertex(&place)),
                Some(place)
            );
            let stone = Stone(cell);
            assert_eq!(
                Connect6::from_vertex(&Connect6::to_vertex(&stone)),
                Some(stone)
            );
            let hex = HexMove::Place(cell);
            assert_eq!(Hex::from_vertex(&Hex::to_vertex(&hex)), Some(hex));
            let disc = ReversiMove::Place(cell);
            assert_eq!(Reversi::from_vertex(&Reversi::to_vertex(&disc)), Some(disc));
        }
        assert_eq!(Reversi::from_vertex("PASS"), Some(ReversiMove::Pass));
        assert_eq!(Gekitai::from_vertex("c3"), Gekitai::from_vertex("C3"));
    }
}
