//! The help overlay: every key, from the same table the keymap uses.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::action::KeyHelp;
use crate::app::theme::Theme;

pub fn render(keys: &[KeyHelp], area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = area.width.min(76);
    let height = (keys.len() as u16 + 5).min(area.height);
    let [area] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(area);
    let [area] = Layout::vertical([Constraint::Length(height)])
        .flex(Flex::Center)
        .areas(area);
    Clear.render(area, buf);
    let block = Block::bordered().title(Line::styled(" Keys ", theme.title()).centered());
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines: Vec<Line> = keys
        .iter()
        .map(|key| {
            Line::from(vec![
                Span::styled(format!(" {:<20}", key.keys), theme.key()),
                Span::raw(key.does),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled("Esc closes this help", theme.dim()).centered());
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
