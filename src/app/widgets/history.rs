//! The numbered list of moves with what each did: newest at the bottom in
//! a game, or around the move shown in the replay viewer. A move the game
//! forced (Reversi's pass) is listed without a number of its own.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::theme::Theme;
use tabletop_engine::Player;

/// One move of the history, already written out.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The move's number, or `None` for a move the game forced.
    pub number: Option<usize>,
    pub player: Player,
    pub text: String,
}

pub struct History<'a> {
    pub entries: &'a [Entry],
    pub symbol: fn(Player) -> char,
    /// The entry to highlight, if any.
    pub current: Option<usize>,
    /// The entry to keep in view, in the middle where the list is long:
    /// the newest in a game, the current one in a replay.
    pub in_view: usize,
    pub theme: Theme,
}

impl History<'_> {
    /// The first entry shown in `rows` rows.
    fn first_shown(&self, rows: usize) -> usize {
        let count = self.entries.len();
        self.in_view
            .saturating_sub(rows / 2)
            .min(count.saturating_sub(rows))
    }
}

impl Widget for &History<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let rows = usize::from(area.height);
        let first = self.first_shown(rows);
        let lines: Vec<Line> = self
            .entries
            .iter()
            .enumerate()
            .skip(first)
            .take(rows)
            .map(|(i, entry)| {
                let number = match entry.number {
                    Some(number) => format!("{number:>3}. "),
                    None => "     ".to_string(),
                };
                let line = Line::from(vec![
                    Span::raw(number),
                    Span::styled(
                        (self.symbol)(entry.player).to_string(),
                        self.theme.piece(entry.player),
                    ),
                    Span::raw(format!(" {}", entry.text)),
                ]);
                if self.current == Some(i) {
                    line.style(self.theme.selected())
                } else {
                    line
                }
            })
            .collect();
        Paragraph::new(lines).render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::Gekitai;

    fn entries() -> Vec<Entry> {
        (0..5)
            .map(|i| Entry {
                number: (i != 3).then_some(i + 1),
                player: if i % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                },
                text: format!("move {i}"),
            })
            .collect()
    }

    fn draw(history: &History, area: Rect) -> Buffer {
        let mut buf = Buffer::empty(area);
        history.render(area, &mut buf);
        buf
    }

    #[test]
    fn shows_the_newest_moves_that_fit_and_forced_ones_unnumbered() {
        let entries = entries();
        let history = History {
            entries: &entries,
            symbol: Gekitai::symbol,
            current: None,
            in_view: entries.len() - 1,
            theme: Theme::PLAIN,
        };
        let buf = draw(&history, Rect::new(0, 0, 14, 2));
        let mut expected = Buffer::with_lines(["     O move 3 ", "  5. X move 4 "]);
        let bold = ratatui::style::Style::new().add_modifier(ratatui::style::Modifier::BOLD);
        expected.set_style(Rect::new(5, 0, 1, 1), bold);
        expected.set_style(Rect::new(5, 1, 1, 1), bold);
        assert_eq!(buf, expected);
    }

    #[test]
    fn the_current_move_is_kept_in_view() {
        let entries = entries();
        let history = History {
            entries: &entries,
            symbol: Gekitai::symbol,
            current: Some(0),
            in_view: 0,
            theme: Theme::PLAIN,
        };
        let buf = draw(&history, Rect::new(0, 0, 14, 2));
        let top: String = (0..14).map(|x| buf[(x, 0)].symbol()).collect();
        assert_eq!(top, "  1. X move 0 ");
        assert!(
            buf[(0, 0)]
                .modifier
                .contains(ratatui::style::Modifier::REVERSED)
        );
    }
}
