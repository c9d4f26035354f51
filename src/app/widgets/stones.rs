//! A board of stones that never move (Connect6, Gomoku): the boxed board
//! when the area has room for it, the compact grid (one character a cell)
//! otherwise, so that 19×19 fits in 80×24.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::board::BoxedBoard;
use super::grid::Grid;
use crate::app::games::BoardView;
use crate::engine::{Cell, Described, Player};

pub struct Stones<'a, G: Described> {
    pub game: &'a G,
    pub view: &'a BoardView<'a>,
}

impl<G: Described> Stones<'_, G> {
    /// The smallest area the board can be drawn in: the compact grid.
    pub fn size(side: usize) -> (u16, u16) {
        Grid::size(side, false)
    }

    /// The area it prefers when there is room: the boxed board.
    pub fn roomy_size(side: usize) -> (u16, u16) {
        BoxedBoard::size(side)
    }

    /// Whether the boxed board fits in `area`.
    fn boxed_fits(side: usize, area: Rect) -> bool {
        let (w, h) = BoxedBoard::size(side);
        area.width >= w && area.height >= h
    }

    /// The cell drawn at a screen position when `game` is drawn in `area`.
    pub fn cell_at(game: &G, area: Rect, column: u16, row: u16) -> Option<Cell> {
        let side = game.side();
        if Self::boxed_fits(side, area) {
            BoxedBoard::cell_at(area, side, column, row)
        } else {
            Grid::cell_at(area, side, false, column, row)
        }
    }
}

impl<G: Described> Widget for &Stones<'_, G> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (game, view) = (self.game, self.view);
        let side = game.side();
        let cells: Vec<Option<Player>> = Cell::all(side).map(|c| game.piece_at(c)).collect();
        if Stones::<G>::boxed_fits(side, area) {
            let board = BoxedBoard {
                side,
                notation: G::NOTATION,
                cells,
                symbol: G::symbol,
                view,
                marks: &[],
                sliding: &[],
            };
            (&board).render(area, buf);
        } else {
            let grid = Grid {
                side,
                cells,
                symbol: G::symbol,
                notation: G::NOTATION,
                shifted: false,
                view,
            };
            (&grid).render(area, buf);
        }
    }
}
