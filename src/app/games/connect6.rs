//! Connect6 on the game screen: a compact grid (the boxed one when there is
//! room), which stone of the pair is being placed, the last turn's stones.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::{BoardView, GameUi};
use crate::app::animation::Animation;
use crate::app::theme::Theme;
use crate::app::widgets::square::SquareBoard;
use tabletop_engine::connect6::{Connect6, Connect6Effect, Stone};
use tabletop_engine::{Cell, Game};

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
        Vec::new()
    }

    fn turn_detail(&self) -> Option<String> {
        let (stone, of) = self.stone_of_turn();
        Some(format!("stone {stone} of {of}"))
    }

    fn board_size(&self) -> (u16, u16) {
        SquareBoard::<Connect6>::size(self.side())
    }

    fn roomy_board_size(&self) -> (u16, u16) {
        SquareBoard::<Connect6>::roomy_size(self.side())
    }

    fn cell_at(&self, area: Rect, column: u16, row: u16) -> Option<Cell> {
        SquareBoard::<Connect6>::cell_at(self.side(), area, column, row)
    }

    fn render_board(&self, view: &BoardView, area: Rect, buf: &mut Buffer) {
        (&SquareBoard::of(self, view)).render(area, buf);
    }
}
