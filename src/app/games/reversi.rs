//! Reversi on the game screen: the boxed board with the legal moves marked,
//! disc counts, discs turning one after another, and passes announced.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::{BoardView, GameUi};
use crate::app::animation::{Animation, Flips};
use crate::app::theme::Theme;
use crate::app::widgets::square::SquareBoard;
use tabletop_core::counted::counted;
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

    fn panel(&self, animation: Option<&Animation>, theme: Theme) -> Vec<Line<'static>> {
        // While discs turn, they are counted as they are drawn.
        let unturned = match animation {
            Some(Animation::Flips(flips)) => Some((flips.to, flips.unturned().len())),
            _ => None,
        };
        let count = |player: Player, name: &str| {
            let discs = match unturned {
                Some((to, n)) if to == player => self.discs(player) - n,
                Some((_, n)) => self.discs(player) + n,
                None => self.discs(player),
            };
            Line::from(vec![
                Span::styled(Reversi::symbol(player).to_string(), theme.piece(player)),
                Span::raw(format!(" {name}: {}", counted(discs, "disc"))),
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

    fn grown_board_sizes(&self) -> Vec<(u16, u16)> {
        SquareBoard::<Reversi>::grown_sizes(self.side())
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
        if view.animation.is_none() && !view.settled {
            self.legal_moves(&mut moves);
        }
        let marks: Vec<Cell> = moves.iter().filter_map(Reversi::placed).collect();
        board.marks = &marks;
        (&board).render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::reversi::ReversiSettings;

    fn text(lines: &[Line]) -> String {
        lines
            .iter()
            .map(|line| {
                line.spans
                    .iter()
                    .map(|s| s.content.as_ref())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_disc_counts_follow_the_discs_as_they_turn() {
        let mut game = Reversi::new(ReversiSettings::default());
        let mv: ReversiMove = "d3".parse().expect("a move");
        let effect = game.play(mv).expect("legal");
        let mut animation = Reversi::animation(&mv, &effect, Player::First).expect("flips");
        // The disc placed is counted at once, the one it turns once turned.
        let before = text(&game.panel(Some(&animation), Theme::PLAIN));
        assert!(before.contains("Black: 3 discs"), "{before}");
        assert!(before.contains("White: 2 discs"), "{before}");
        animation.advance(crate::app::animation::FLIP);
        let after = text(&game.panel(Some(&animation), Theme::PLAIN));
        assert!(after.contains("Black: 4 discs"), "{after}");
        assert!(after.contains("White: 1 disc"), "{after}");
        assert_eq!(after, text(&game.panel(None, Theme::PLAIN)));
    }
}
