//! How a program writes one game in SGF: which game number (or event)
//! names the game, how a cell is written, whether a turn's stones share a
//! node, and how the swap is written. Each game's file in this module
//! gives its dialect; [`super::from_sgf`] and [`super::to_sgf`] read and
//! write any of them.

use crate::gtp::notation::{from_vertex, to_vertex};
use tabletop_engine::cell::{Cell, LetterNumber};
use tabletop_engine::{Described, Player};

/// SGF as one program writes one game.
#[derive(Clone, Copy, Debug)]
pub struct Dialect {
    /// `GM[n]`, written and recognised; `None` when the program writes no
    /// game number and names the game in `EV` instead (Little Golem).
    pub game_number: Option<u32>,
    /// The first word of `EV` that names the game (`connect6` in Little
    /// Golem's `EV[connect6.ch.26.1.1]`): recognised in a file without a
    /// game number, and written in place of one.
    pub event: Option<&'static str>,
    /// How a cell is written.
    pub cells: Cells,
    /// A turn's stones are written in one value (`W[j9l11]`) rather than a
    /// node each. Either way is read.
    pub joins_turns: bool,
    /// The swap, for a game that has one.
    pub swap: Option<Swap>,
}

/// How a cell is written in a move's value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cells {
    /// The game's GTP vertex ([`crate::gtp::notation`]): for Hex, HexGui's
    /// `a1`, column letter and row from 1 on the board transposed. One
    /// cell a value.
    Vertices,
    /// Little Golem's: a lower-case column letter and the row from 1 at
    /// the top (`j10`), the stones of a turn run together (`j9l11`).
    LetterNumber,
    /// SGF's own: two lower-case letters, the column then the row from the
    /// top (`aa` is the top left corner, `hh` the centre of 15x15).
    Pairs,
}

/// The swap of the pie rule, as a dialect writes it.
///
/// A file may mean either of two things by it, and which one is read from
/// whose move comes next: in HexGui (and so in what tabletop writes) the
/// swapped stone stays where it is and the players exchange colours, so the
/// first player moves next as `W`, and every later cell, seen from
/// tabletop's board, is mirrored (row and column exchanged); where the
/// stone itself is mirrored and changes colour, `B` moves next and nothing
/// else changes. Both are tabletop's `swap`.
#[derive(Clone, Copy, Debug)]
pub struct Swap {
    /// The setting the swap needs (`swap`): a file with a swap has it on.
    pub setting: &'static str,
    /// How the swap is written.
    pub written: &'static str,
    /// Every way it is read (in any case).
    pub words: &'static [&'static str],
}

/// Little Golem's cells: `j10`, either case read, lower case written.
const LITTLE_GOLEM: LetterNumber = LetterNumber {
    lowercase: true,
    ..LetterNumber::ONE_BASED
};

/// One piece of a move's value: a cell, the swap or a resignation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<M> {
    Move(M),
    Swap,
    Resign,
}

/// The colour a player's moves are written with: `B` for the first.
pub fn colour(player: Player) -> &'static str {
    match player {
        Player::First => "B",
        Player::Second => "W",
    }
}

/// The cell mirrored across the board's long diagonal.
pub fn mirrored(cell: Cell) -> Cell {
    Cell::new(cell.col(), cell.row()).unwrap_or(cell)
}

/// `mv` with its cell mirrored (a move without one as it is).
pub fn mirror<G: Described>(mv: G::Move) -> G::Move {
    G::placed(&mv).map_or(mv, |cell| G::place(mirrored(cell)))
}

impl Dialect {
    /// How `mv`, a move placing a piece or the swap, is written.
    pub fn write<G: Described>(&self, mv: &G::Move) -> String {
        let Some(cell) = G::placed(mv) else {
            return match self.swap {
                Some(swap) => swap.written.to_string(),
                None => mv.to_string(),
            };
        };
        match self.cells {
            Cells::Vertices => to_vertex::<G>(mv),
            Cells::LetterNumber => LITTLE_GOLEM.format(cell),
            Cells::Pairs => [cell.col(), cell.row()]
                .map(|i| char::from(b'a' + i.min(25) as u8))
                .iter()
                .collect(),
        }
    }

    /// The pieces of a move's value, each with its text; `None` if the
    /// value is not a move of this dialect. Stones are read in either of
    /// the stone notations (`j10`, `jj`), run together or not.
    pub fn read<G: Described>(&self, value: &str) -> Option<Vec<(String, Token<G::Move>)>> {
        let value = value.trim();
        if value.eq_ignore_ascii_case("resign") {
            return Some(vec![(value.to_string(), Token::Resign)]);
        }
        if let Some(swap) = self.swap
            && swap.words.iter().any(|w| w.eq_ignore_ascii_case(value))
        {
            return Some(vec![(value.to_string(), Token::Swap)]);
        }
        let cells = match self.cells {
            Cells::Vertices => {
                let mv = from_vertex::<G>(value).filter(|mv| G::placed(mv).is_some())?;
                return Some(vec![(value.to_string(), Token::Move(mv))]);
            }
            Cells::LetterNumber | Cells::Pairs if value.bytes().any(|b| b.is_ascii_digit()) => {
                letter_numbers(value)?
            }
            Cells::LetterNumber | Cells::Pairs => pairs(value)?,
        };
        Some(
            cells
                .into_iter()
                .map(|(text, cell)| (text, Token::Move(G::place(cell))))
                .collect(),
        )
    }
}

/// `j9l11`: letter-number cells run together.
fn letter_numbers(value: &str) -> Option<Vec<(String, Cell)>> {
    let mut cells = Vec::new();
    let mut rest = value;
    while let Some(letter) = rest.chars().next() {
        if !letter.is_ascii_alphabetic() {
            return None;
        }
        // The letter is one byte.
        let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let (text, after) = rest.split_at(1 + digits);
        cells.push((text.to_string(), LITTLE_GOLEM.parse(text).ok()?));
        rest = after;
    }
    Some(cells)
}

/// `jjkk`: two-letter cells run together.
fn pairs(value: &str) -> Option<Vec<(String, Cell)>> {
    let bytes = value.as_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes
        .chunks(2)
        .map(|pair| {
            let [col, row] = [pair[0], pair[1]].map(|b| b.is_ascii_lowercase().then(|| b - b'a'));
            let cell = Cell::new(usize::from(row?), usize::from(col?))?;
            Some((String::from_utf8_lossy(pair).into_owned(), cell))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::connect6::{Connect6, Stone};
    use tabletop_engine::hex::{Hex, HexMove};

    const STONES: Dialect = Dialect {
        game_number: None,
        event: Some("connect6"),
        cells: Cells::LetterNumber,
        joins_turns: true,
        swap: None,
    };

    fn cell(row: usize, col: usize) -> Cell {
        Cell::new(row, col).expect("on the largest board")
    }

    #[test]
    fn stones_read_in_either_notation_run_together_or_not() {
        let moves = |value| {
            STONES.read::<Connect6>(value).map(|tokens| {
                tokens
                    .into_iter()
                    .map(|(_, token)| token)
                    .collect::<Vec<_>>()
            })
        };
        let j10 = Token::Move(Stone(cell(9, 9)));
        let l11 = Token::Move(Stone(cell(10, 11)));
        assert_eq!(moves("j10"), Some(vec![j10.clone()]));
        assert_eq!(moves("J10"), Some(vec![j10.clone()]));
        assert_eq!(moves("jj"), Some(vec![j10.clone()]));
        assert_eq!(moves("j10l11"), Some(vec![j10.clone(), l11.clone()]));
        assert_eq!(moves("jjlk"), Some(vec![j10, l11]));
        for bad in [
            "", "j", "jjk", "j0", "j01", "JJ", "10", "j10k", "é1", "j1é", "jé",
        ] {
            assert_eq!(moves(bad), None, "{bad:?}");
        }
        assert_eq!(STONES.write::<Connect6>(&Stone(cell(9, 9))), "j10");
        let pairs = Dialect {
            cells: Cells::Pairs,
            ..STONES
        };
        assert_eq!(pairs.write::<Connect6>(&Stone(cell(7, 2))), "ch");
    }

    #[test]
    fn hex_cells_are_gtp_vertices_and_the_swap_has_its_words() {
        // The dialect Hex is written in, as tabletop declares it.
        let Some(super::super::Form::Sgf(hexgui)) = <Hex as super::super::Interchange>::FORM else {
            panic!("Hex is written as SGF");
        };
        let c1 = HexMove::Place(cell(2, 0));
        assert_eq!(hexgui.write::<Hex>(&c1), "c1");
        assert_eq!(hexgui.write::<Hex>(&HexMove::Swap), "swap-pieces");
        let read = |value| hexgui.read::<Hex>(value).map(|t| t[0].1.clone());
        assert_eq!(read("c1"), Some(Token::Move(c1)));
        assert_eq!(read("Swap-Sides"), Some(Token::Swap));
        assert_eq!(read("resign"), Some(Token::Resign));
        assert_eq!(read("c1c2"), None);
        assert_eq!(mirror::<Hex>(c1), HexMove::Place(cell(0, 2)));
    }
}
