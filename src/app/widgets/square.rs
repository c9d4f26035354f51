//! A square board (every game but Hex): the boxed board when the area has
//! room for it, the compact grid (one character a cell) otherwise, so that
//! 19×19 fits in 80×24 and 26×26 in 80×30. Pieces slide only on the boxed
//! board; the compact one shows where they land.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::board::BoxedBoard;
use super::grid::Grid;
use crate::app::animation::Sliding;
use crate::app::games::BoardView;
use tabletop_engine::{Cell, Described, Player};

pub struct SquareBoard<'a, G: Described> {
    pub game: &'a G,
    /// The piece on each cell, row by row, as drawn now (an animation may
    /// hold some back).
    pub cells: Vec<Option<Player>>,
    pub view: &'a BoardView<'a>,
    /// Empty cells to mark `*` (Reversi's legal moves).
    pub marks: &'a [Cell],
    /// Pieces on their way (boxed board only).
    pub sliding: &'a [Sliding],
}

/// Whether the boxed board of `side` fits in `area`.
fn boxed_fits(side: usize, area: Rect) -> bool {
    let (w, h) = BoxedBoard::size(side);
    area.width >= w && area.height >= h
}

impl<'a, G: Described> SquareBoard<'a, G> {
    /// The board of `game` as it stands, without marks or slides.
    pub fn of(game: &'a G, view: &'a BoardView<'a>) -> SquareBoard<'a, G> {
        SquareBoard {
            game,
            cells: Cell::all(game.side()).map(|c| game.piece_at(c)).collect(),
            view,
            marks: &[],
            sliding: &[],
        }
    }

    /// The smallest area the board can be drawn in: the compact grid.
    pub fn size(side: usize) -> (u16, u16) {
        Grid::size(side, false)
    }

    /// The area it prefers when there is room: the boxed board.
    pub fn roomy_size(side: usize) -> (u16, u16) {
        BoxedBoard::size(side)
    }

    /// Whether the board drawn in `area` is the compact grid.
    pub fn is_compact(side: usize, area: Rect) -> bool {
        !boxed_fits(side, area)
    }

    /// The cell drawn at a screen position when a board of `side` is drawn
    /// in `area`.
    pub fn cell_at(side: usize, area: Rect, column: u16, row: u16) -> Option<Cell> {
        if boxed_fits(side, area) {
            BoxedBoard::cell_at(area, side, column, row)
        } else {
            Grid::cell_at(area, side, false, column, row)
        }
    }
}

impl<G: Described> Widget for &SquareBoard<'_, G> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let side = self.game.side();
        if boxed_fits(side, area) {
            let board = BoxedBoard {
                side,
                notation: G::NOTATION,
                cells: self.cells.clone(),
                symbol: G::symbol,
                view: self.view,
                marks: self.marks,
                sliding: self.sliding,
            };
            (&board).render(area, buf);
        } else {
            let grid = Grid {
                side,
                cells: self.cells.clone(),
                symbol: G::symbol,
                notation: G::NOTATION,
                shifted: false,
                marks: self.marks,
                view: self.view,
            };
            (&grid).render(area, buf);
        }
    }
}
