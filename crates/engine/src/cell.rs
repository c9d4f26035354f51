//! Cells and the letter-number notation every game's addresses are built on.
//!
//! A [`Cell`] is a position on the largest board any game allows
//! ([`MAX_SIDE`]); whether it lies on a particular board is a question of
//! legality, answered by that game's `play`, not of notation.

use std::fmt;

/// The largest board side any game accepts: one letter per column.
pub const MAX_SIDE: usize = 26;

/// A position: row 0 is the top row, column 0 is column `A`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// The cell at `row`, `col`, if both are below [`MAX_SIDE`].
    pub const fn new(row: usize, col: usize) -> Option<Cell> {
        if row < MAX_SIDE && col < MAX_SIDE {
            Some(Cell {
                row: row as u8,
                col: col as u8,
            })
        } else {
            None
        }
    }

    pub const fn row(self) -> usize {
        self.row as usize
    }

    pub const fn col(self) -> usize {
        self.col as usize
    }

    /// Whether the cell lies on a board of the given side.
    pub const fn is_on(self, side: usize) -> bool {
        self.row() < side && self.col() < side
    }

    /// The column letter, uppercase.
    pub const fn letter(self) -> char {
        (b'A' + self.col) as char
    }

    /// Every cell of a board of the given side, row by row.
    pub fn all(side: usize) -> impl Iterator<Item = Cell> {
        let side = side.min(MAX_SIDE);
        (0..side).flat_map(move |row| {
            (0..side).map(move |col| Cell {
                row: row as u8,
                col: col as u8,
            })
        })
    }
}

/// Why a typed address is not an address at all (as opposed to an address
/// that names a cell the move may not use, which is an illegal move).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NotationError {
    Empty,
    /// The address does not start with a letter of the accepted case.
    BadColumn,
    /// What follows the letter is not a whole number without leading zeros.
    BadRow,
    /// The number is beyond the largest board.
    RowOutOfRange,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotationError::Empty => "no address given",
            NotationError::BadColumn => "an address starts with a column letter",
            NotationError::BadRow => "the column letter must be followed by a row number",
            NotationError::RowOutOfRange => "no board has that row",
        })
    }
}

impl std::error::Error for NotationError {}

/// Which letters a notation accepts for columns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LetterCase {
    /// `c3` and `C3` are the same address.
    Either,
    /// Only `C3`; `c3` is not an address.
    Upper,
}

/// A letter-number address: one column letter, then the row as a whole
/// number without leading zeros, counted from `first_row` (1 for `C3` on top
/// row `1`, 0 for `H0`). Spaces and tabs anywhere are ignored.
///
/// A game's own notation also names its board's rows and columns: every
/// view labels row `r` with `r + first_row` and column `c` with its letter.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LetterNumber {
    pub case: LetterCase,
    pub first_row: usize,
    /// Written with a lowercase letter (`d3`) rather than an uppercase one.
    pub lowercase: bool,
    /// The letter names the row and the number the column: HexGui's board
    /// is SPEC.md's transposed.
    pub transposed: bool,
}

impl LetterNumber {
    /// Gekitai's addresses: `C3`, either case, rows from 1.
    pub const ONE_BASED: LetterNumber = LetterNumber {
        case: LetterCase::Either,
        first_row: 1,
        lowercase: false,
        transposed: false,
    };
    /// Connect6's and Hex's addresses: `H14`, uppercase, rows from 0.
    pub const ZERO_BASED_UPPER: LetterNumber = LetterNumber {
        case: LetterCase::Upper,
        first_row: 0,
        lowercase: false,
        transposed: false,
    };

    /// The same notation, reading letters of either case.
    pub const fn either_case(self) -> LetterNumber {
        LetterNumber {
            case: LetterCase::Either,
            ..self
        }
    }

    pub fn parse(self, text: &str) -> Result<Cell, NotationError> {
        let mut chars = text.chars().filter(|c| !is_ignored(*c));
        let letter = chars.next().ok_or(NotationError::Empty)?;
        let col = if letter.is_ascii_uppercase() {
            letter as usize - 'A' as usize
        } else if self.case == LetterCase::Either && letter.is_ascii_lowercase() {
            letter as usize - 'a' as usize
        } else {
            return Err(NotationError::BadColumn);
        };
        let number = parse_number(chars)?;
        let row = number
            .checked_sub(self.first_row)
            .ok_or(NotationError::RowOutOfRange)?;
        let cell = if self.transposed {
            Cell::new(col, row)
        } else {
            Cell::new(row, col)
        };
        cell.ok_or(NotationError::RowOutOfRange)
    }

    /// The address of `cell`: its column's letter, then its row's number.
    pub fn format(self, cell: Cell) -> String {
        let (row, col) = if self.transposed {
            (cell.col(), cell.row())
        } else {
            (cell.row(), cell.col())
        };
        format!("{}{}", self.column_label(col), self.row_label(row))
    }

    /// How row `row` (0 at the top) is labelled: `1` for Gekitai's top row,
    /// `0` for Connect6's.
    pub fn row_label(self, row: usize) -> String {
        (row + self.first_row).to_string()
    }

    /// How column `col` (0 at the left) is labelled: its letter.
    pub fn column_label(self, col: usize) -> char {
        let letter = char::from(b'A' + col.min(MAX_SIDE - 1) as u8);
        if self.lowercase {
            letter.to_ascii_lowercase()
        } else {
            letter
        }
    }
}

/// Spaces and tabs carry no meaning in a typed address.
pub fn is_ignored(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// A whole number written in decimal without leading zeros (`0` itself is
/// fine). Numbers too large for any board are refused rather than overflowed.
fn parse_number(chars: impl Iterator<Item = char>) -> Result<usize, NotationError> {
    let mut value: usize = 0;
    let mut digits = 0;
    for c in chars {
        let digit = c.to_digit(10).ok_or(NotationError::BadRow)? as usize;
        if digits == 1 && value == 0 {
            return Err(NotationError::BadRow);
        }
        digits += 1;
        value = value.saturating_mul(10).saturating_add(digit);
    }
    match digits {
        0 => Err(NotationError::BadRow),
        _ if value > 1_000 => Err(NotationError::RowOutOfRange),
        _ => Ok(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(row: usize, col: usize) -> Cell {
        Cell::new(row, col).expect("test cells are on the largest board")
    }

    #[test]
    fn one_based_addresses_accept_either_case_and_spaces() {
        let n = LetterNumber::ONE_BASED;
        assert_eq!(n.parse("C3"), Ok(cell(2, 2)));
        assert_eq!(n.parse("c3"), Ok(cell(2, 2)));
        assert_eq!(n.parse(" b 5 "), Ok(cell(4, 1)));
        assert_eq!(n.parse("Z26"), Ok(cell(25, 25)));
    }

    #[test]
    fn one_based_addresses_refuse_everything_else() {
        let n = LetterNumber::ONE_BASED;
        for bad in [
            "",
            "   ",
            "AA1",
            "A01",
            "abc",
            "A3.14",
            "#a2",
            "A-1",
            "A+1",
            "1A",
            "A",
            "A0",
            "A27",
            "é1",
            "A١",
            "A99999999999999999999999999",
        ] {
            assert!(n.parse(bad).is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn zero_based_upper_addresses() {
        let n = LetterNumber::ZERO_BASED_UPPER;
        assert_eq!(n.parse("A0"), Ok(cell(0, 0)));
        assert_eq!(n.parse("H 14"), Ok(cell(14, 7)));
        assert_eq!(n.parse("h14"), Err(NotationError::BadColumn));
        assert_eq!(n.parse("A00"), Err(NotationError::BadRow));
        assert_eq!(n.parse("A01"), Err(NotationError::BadRow));
    }

    #[test]
    fn transposed_lowercase_addresses_swap_rows_and_columns() {
        let hexgui = LetterNumber {
            lowercase: true,
            transposed: true,
            ..LetterNumber::ONE_BASED
        };
        assert_eq!(hexgui.parse("c1"), Ok(cell(2, 0)));
        assert_eq!(hexgui.format(cell(2, 0)), "c1");
    }

    #[test]
    fn formatting_round_trips() {
        for notation in [LetterNumber::ONE_BASED, LetterNumber::ZERO_BASED_UPPER] {
            for c in Cell::all(MAX_SIDE) {
                assert_eq!(notation.parse(&notation.format(c)), Ok(c));
            }
        }
    }
}
