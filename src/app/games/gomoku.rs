//! Gomoku on the game screen: the compact grid (the boxed board when there
//! is room), the winning row highlighted.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::{BoardView, GameUi};
use crate::app::animation::Animation;
use crate::app::theme::Theme;
use crate::app::widgets::square::SquareBoard;
use tabletop_engine::gomoku::{Gomoku, GomokuEffect, GomokuRule, GomokuStone};
use tabletop_engine::{Cell, Game};

impl GameUi for Gomoku {
    fn title(&self) -> String {
        let wins = match self.settings().rule() {
            GomokuRule::Freestyle => "five or more in a row win",
            GomokuRule::Exact => "exactly five in a row win",
        };
        format!("Gomoku {0}x{0} · {wins}", self.side())
    }

    fn describe(mv: &GomokuStone, _effect: &GomokuEffect) -> String {
        mv.to_string()
    }

    fn winning_cells(effect: &GomokuEffect) -> &[Cell] {
        &effect.winning_line
    }

    fn panel(&self, _animation: Option<&Animation>, _theme: Theme) -> Vec<Line<'static>> {
        Vec::new()
    }

    fn board_size(&self) -> (u16, u16) {
        SquareBoard::<Gomoku>::size(self.side())
    }

    fn roomy_board_size(&self) -> (u16, u16) {
        SquareBoard::<Gomoku>::roomy_size(self.side())
    }

    fn cell_at(&self, area: Rect, column: u16, row: u16) -> Option<Cell> {
        SquareBoard::<Gomoku>::cell_at(self.side(), area, column, row)
    }

    fn render_board(&self, view: &BoardView, area: Rect, buf: &mut Buffer) {
        (&SquareBoard::of(self, view)).render(area, buf);
    }
}
