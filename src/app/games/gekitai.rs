//! Gekitai on the game screen: the boxed board, reserve lists, sliding pushes.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::{BoardView, GameUi};
use crate::app::animation::{Animation, Slides};
use crate::app::theme::Theme;
use crate::app::widgets::reserve::Reserves;
use crate::app::widgets::square::SquareBoard;
use tabletop_engine::GameSettings;
use tabletop_engine::gekitai::{Gekitai, GekitaiEffect, GekitaiSettings, Place};
use tabletop_engine::{Cell, Game, Player};

impl GameUi for Gekitai {
    fn title(&self) -> String {
        let s = self.settings();
        // As the start screen shows the setting.
        let both = GekitaiSettings::LIST
            .iter()
            .zip(s.values())
            .find(|(setting, _)| setting.name == "both_win")
            .map_or_else(String::new, |(setting, value)| setting.shown(value));
        format!(
            "Gekitai {0}x{0} · {1} pieces · {2} in a row · if both win: {both}",
            s.size(),
            s.pieces(),
            s.line()
        )
    }

    /// `C3`, then what it pushed: `D4→E5`, `B2→off`.
    fn describe(mv: &Place, effect: &GekitaiEffect) -> String {
        let mut text = mv.to_string();
        for push in &effect.pushes {
            let to = push
                .to
                .map_or_else(|| "off".to_string(), |cell| Place(cell).to_string());
            text += &format!(" {}→{}", Place(push.from), to);
        }
        text
    }

    fn winning_cells(effect: &GekitaiEffect) -> &[Cell] {
        &effect.winning_line
    }

    fn animation(mv: &Place, effect: &GekitaiEffect, _mover: Player) -> Option<Animation> {
        (!effect.pushes.is_empty())
            .then(|| Animation::Slides(Slides::new(mv.0, effect.pushes.clone())))
    }

    fn panel(&self, animation: Option<&Animation>, theme: Theme) -> Vec<Line<'static>> {
        let mut counts = Player::BOTH.map(|p| self.reserve(p));
        // Pieces falling off reach the reserve when they have slid out.
        if let Some(Animation::Slides(slides)) = animation {
            for player in Player::BOTH {
                counts[player.index()] -= slides.falling_off(player);
            }
        }
        let reserves = Reserves {
            counts,
            symbol: Gekitai::symbol,
            theme,
        };
        let mut lines = vec![Line::raw("")];
        lines.extend(Player::BOTH.map(|p| reserves.line(p)));
        lines
    }

    /// The compact grid, for big boards in small terminals.
    fn board_size(&self) -> (u16, u16) {
        SquareBoard::<Gekitai>::size(self.side())
    }

    /// The boxed board, where pushes slide.
    fn roomy_board_size(&self) -> (u16, u16) {
        SquareBoard::<Gekitai>::roomy_size(self.side())
    }

    fn cell_at(&self, area: Rect, column: u16, row: u16) -> Option<Cell> {
        SquareBoard::<Gekitai>::cell_at(self.side(), area, column, row)
    }

    fn render_board(&self, view: &BoardView, area: Rect, buf: &mut Buffer) {
        let side = self.side();
        let mut board = SquareBoard::of(self, view);
        let mut sliding = Vec::new();
        // Pieces slide on the boxed board; the compact one shows them land.
        if let Some(Animation::Slides(slides)) = view.animation
            && !SquareBoard::<Gekitai>::is_compact(side, area)
        {
            for cell in slides.landing() {
                board.cells[cell.row() * side + cell.col()] = None;
            }
            sliding = slides.sliding();
        }
        board.sliding = &sliding;
        (&board).render(area, buf);
    }
}
