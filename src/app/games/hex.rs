//! Hex on the game screen: the rhombus with its coloured edges, the winning
//! chain, and the swap rule typed as `swap`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::{BoardView, GameUi};
use crate::app::animation::Animation;
use crate::app::theme::Theme;
use crate::app::widgets::grid::Grid;
use tabletop_engine::hex::{Hex, HexEffect, HexMove};
use tabletop_engine::{Cell, Described, Game, Player};

impl GameUi for Hex {
    fn title(&self) -> String {
        let swap = if self.settings().swap() {
            " · swap rule"
        } else {
            ""
        };
        format!("Hex {0}x{0}{swap}", self.side())
    }

    fn describe(mv: &HexMove, _effect: &HexEffect) -> String {
        mv.to_string()
    }

    fn winning_cells(effect: &HexEffect) -> &[Cell] {
        &effect.winning_chain
    }

    fn panel(&self, _animation: Option<&Animation>, theme: Theme) -> Vec<Line<'static>> {
        let joins = |player: Player, what: &str| {
            Line::from(vec![
                Span::styled(Hex::symbol(player).to_string(), theme.piece(player)),
                Span::raw(format!(" joins {what}")),
            ])
        };
        let mut lines = vec![
            Line::raw(""),
            joins(Player::First, "left and right  \\ \\"),
            joins(Player::Second, "top and bottom  ───"),
        ];
        if self.check(HexMove::Swap).is_ok() {
            lines.push(Line::styled("X may answer with swap", theme.key()));
        }
        lines
    }

    fn board_size(&self) -> (u16, u16) {
        Grid::size(self.side(), true)
    }

    fn cell_at(&self, area: Rect, column: u16, row: u16) -> Option<Cell> {
        Grid::cell_at(area, self.side(), true, column, row)
    }

    fn render_board(&self, view: &BoardView, area: Rect, buf: &mut Buffer) {
        let side = self.side();
        let grid = Grid {
            side,
            cells: Cell::all(side).map(|c| self.piece_at(c)).collect(),
            symbol: Hex::symbol,
            notation: Hex::NOTATION,
            shifted: true,
            marks: &[],
            view,
        };
        (&grid).render(area, buf);
    }
}
