//! Connect6 on the game screen: a compact grid (the boxed one when there is
//! room), which stone of the pair is being placed, the last turn's stones.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::{BoardView, GameUi};
use crate::app::animation::Animation;
use crate::app::theme::Theme;
use crate::app::widgets::board::BoxedBoard;
use crate::app::widgets::grid::Grid;
use crate::engine::connect6::{Connect6, Connect6Effect, Stone};
use crate::engine::{Cell, Described, Game, Player};

impl Connect6 {
    /// Whether the roomier boxed board fits in `area`.
    fn boxed_fits(&self, area: Rect) -> bool {
        let (w, h) = BoxedBoard::size(self.side());
        area.width >= w && area.height >= h
    }
}

impl GameUi for Connect6 {
    fn title(&self) -> String {
        let s = self.settings();
        format!("Connect6 {0}x{0} · {1} in a row wins", s.size(), s.line())
    }

    fn describe(mv: &Stone, _effect: &Connect6Effect) -> String {
        mv.to_string()
    }

    fn winning_cells(effect: &Connect6Effect) -> &[Cell] {
        &effect.winning_line
    }

    fn panel(&self, _animation: Option<&Animation>, _theme: Theme) -> Vec<Line<'static>> {
        if self.is_over() {
            return Vec::new();
        }
        let (stone, of) = self.stone_of_turn();
        vec![Line::raw(format!("stone {stone} of {of}"))]
    }

    fn board_size(&self) -> (u16, u16) {
        Grid::size(self.side(), false)
    }

    fn roomy_board_size(&self) -> (u16, u16) {
        BoxedBoard::size(self.side())
    }

    fn cell_at(&self, area: Rect, column: u16, row: u16) -> Option<Cell> {
        if self.boxed_fits(area) {
            BoxedBoard::cell_at(area, self.side(), column, row)
        } else {
            Grid::cell_at(area, self.side(), false, column, row)
        }
    }

    fn render_board(&self, view: &BoardView, area: Rect, buf: &mut Buffer) {
        let side = self.side();
        let cells: Vec<Option<Player>> = Cell::all(side).map(|c| self.piece_at(c)).collect();
        if self.boxed_fits(area) {
            let board = BoxedBoard {
                side,
                notation: Connect6::NOTATION,
                cells,
                symbol: Connect6::symbol,
                cursor: view.cursor,
                addressed: view.addressed,
                winning: view.winning,
                last: view.last,
                marks: &[],
                sliding: &[],
                theme: view.theme,
            };
            (&board).render(area, buf);
        } else {
            let grid = Grid {
                side,
                cells,
                symbol: Connect6::symbol,
                notation: Connect6::NOTATION,
                shifted: false,
                view,
            };
            (&grid).render(area, buf);
        }
    }
}
