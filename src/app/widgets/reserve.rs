//! The reserve lists beside the board, written as in the Python assignment:
//! `X: ['X', 'X', 'X']`, wrapped when a list is longer than the panel.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::theme::Theme;
use tabletop_engine::Player;

pub struct Reserves {
    /// Pieces in reserve for the first and the second player.
    pub counts: [usize; 2],
    pub symbol: fn(Player) -> char,
    pub theme: Theme,
}

impl Reserves {
    /// One player's list: `X: ['X', 'X']`.
    pub fn line(&self, player: Player) -> Line<'static> {
        let symbol = (self.symbol)(player);
        let style = self.theme.piece(player);
        let mut spans = vec![Span::raw(format!("{symbol}: ["))];
        for i in 0..self.counts[player.index()] {
            if i > 0 {
                spans.push(Span::raw(", "));
            }
            let piece = self.theme.glyph(player, symbol);
            spans.push(Span::styled(format!("'{piece}'"), style));
        }
        spans.push(Span::raw("]"));
        Line::from(spans)
    }

    /// Lines the lists take in a panel `width` wide.
    pub fn height(&self, width: u16) -> u16 {
        let width = usize::from(width.max(1));
        Player::BOTH
            .iter()
            .map(|&p| self.line(p).width().div_ceil(width).max(1) as u16)
            .sum()
    }
}

impl Widget for &Reserves {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines: Vec<Line> = Player::BOTH.iter().map(|&p| self.line(p)).collect();
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Modifier, Style};
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::Gekitai;

    #[test]
    fn lists_are_written_as_python_lists() {
        let reserves = Reserves {
            counts: [3, 0],
            symbol: Gekitai::symbol,
            theme: Theme::PLAIN,
        };
        let area = Rect::new(0, 0, 20, 2);
        let mut buf = Buffer::empty(area);
        (&reserves).render(area, &mut buf);
        let mut expected = Buffer::with_lines(["X: ['X', 'X', 'X']  ", "O: []               "]);
        let bold = Style::new().add_modifier(Modifier::BOLD);
        for x in [4, 9, 14] {
            expected.set_style(Rect::new(x, 0, 3, 1), bold);
        }
        assert_eq!(buf, expected);
        assert_eq!(reserves.height(20), 2);
    }

    #[test]
    fn long_lists_wrap() {
        let reserves = Reserves {
            counts: [8, 8],
            symbol: Gekitai::symbol,
            theme: Theme::PLAIN,
        };
        assert_eq!(reserves.height(43), 2);
        assert_eq!(reserves.height(30), 4);
        let area = Rect::new(0, 0, 30, 4);
        let mut buf = Buffer::empty(area);
        (&reserves).render(area, &mut buf);
        assert_eq!(buf[(0, 2)].symbol(), "O");
    }
}
