//! The numbered list of moves, newest at the bottom, with what each pushed.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::theme::Theme;
use crate::engine::Player;

/// One move of the history, already written out.
pub struct Entry {
    pub player: Player,
    pub text: String,
}

pub struct History<'a> {
    pub entries: &'a [Entry],
    pub symbol: fn(Player) -> char,
    pub theme: Theme,
}

impl Widget for &History<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let shown = self.entries.len().min(usize::from(area.height));
        let first = self.entries.len() - shown;
        let lines: Vec<Line> = self.entries[first..]
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                Line::from(vec![
                    Span::raw(format!("{:>3}. ", first + i + 1)),
                    Span::styled(
                        (self.symbol)(entry.player).to_string(),
                        self.theme.piece(entry.player),
                    ),
                    Span::raw(format!(" {}", entry.text)),
                ])
            })
            .collect();
        Paragraph::new(lines).render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::engine::gekitai::Gekitai;

    #[test]
    fn shows_the_newest_moves_that_fit() {
        let entries: Vec<Entry> = (0..5)
            .map(|i| Entry {
                player: if i % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                },
                text: format!("move {i}"),
            })
            .collect();
        let history = History {
            entries: &entries,
            symbol: Gekitai::symbol,
            theme: Theme { colour: false },
        };
        let area = Rect::new(0, 0, 14, 2);
        let mut buf = Buffer::empty(area);
        (&history).render(area, &mut buf);
        let mut expected = Buffer::with_lines(["  4. O move 3 ", "  5. X move 4 "]);
        let bold = ratatui::style::Style::new().add_modifier(ratatui::style::Modifier::BOLD);
        expected.set_style(Rect::new(5, 0, 1, 1), bold);
        expected.set_style(Rect::new(5, 1, 1, 1), bold);
        assert_eq!(buf, expected);
    }
}
