//! Reversi on the game screen: the boxed board with the legal moves marked,
//! disc counts, discs turning one after another, and passes announced.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::{BoardView, GameUi};
use crate::app::animation::{Animation, Flips};
use crate::app::fit::counted;
use crate::app::theme::Theme;
use crate::app::widgets::square::SquareBoard;
use tabletop_engine::reversi::{Reversi, ReversiEffect, ReversiMove};
use tabletop_engine::{Cell, Game, Player};

impl GameUi for Reversi {
    fn title(&self) -> String {
        format!(
            "Reversi {0}x{0} · outflank to turn · most discs wins",
            self.side()
        )
    }

    fn describe(mv: &ReversiMove, effect: &ReversiEffect) -> String {
        match mv {
            ReversiMove::Place(_) => format!("{mv} turns {}", effect.flipped.len()),
            ReversiMove::Pass => "passes".to_string(),
        }
    }

    fn winning_cells(_effect: &ReversiEffect) -> &[Cell] {
        &[]
    }

    fn animation(_mv: &ReversiMove, effect: &ReversiEffect, mover: Player) -> Option<Animation> {
        (!effect.flipped.is_empty())
            .then(|| Animation::Flips(Flips::new(effect.flipped.clone(), mover)))
    }

    fn panel(&self, _animation: Option<&Animation>, theme: Theme) -> Vec<Line<'static>> {
        let count = |player: Player, name: &str| {
            Line::from(vec![
                Span::styled(Reversi::symbol(player).to_string(), theme.piece(player)),
                Span::raw(format!(" {name}: {}", counted(self.discs(player), "disc"))),
            ])
        };
        vec![
            Line::raw(""),
            count(Player::First, "Black"),
            count(Player::Second, "White"),
        ]
    }

    fn forced_notice(_mv: &ReversiMove, mover: Player) -> String {
        let passer = Reversi::symbol(mover);
        format!("{passer} has no valid move, turn passes")
    }

    fn board_size(&self) -> (u16, u16) {
        SquareBoard::<Reversi>::size(self.side())
    }

    fn roomy_board_size(&self) -> (u16, u16) {
        SquareBoard::<Reversi>::roomy_size(self.side())
    }

    fn cell_at(&self, area: Rect, column: u16, row: u16) -> Option<Cell> {
        SquareBoard::<Reversi>::cell_at(self.side(), area, column, row)
    }

    fn render_board(&self, view: &BoardView, area: Rect, buf: &mut Buffer) {
        let side = self.side();
        let mut board = SquareBoard::of(self, view);
        if let Some(Animation::Flips(flips)) = view.animation {
            for cell in flips.unturned() {
                board.cells[cell.row() * side + cell.col()] = Some(flips.to.other());
            }
        }
        let mut moves = Vec::new();
        if view.animation.is_none() {
            self.legal_moves(&mut moves);
        }
        let marks: Vec<Cell> = moves.iter().filter_map(Reversi::placed).collect();
        board.marks = &marks;
        (&board).render(area, buf);
    }
}
