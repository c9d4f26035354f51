//! The help overlay: every key, from the same table the keymap uses. A
//! description too long for its line goes on below, indented under itself,
//! and how to close the help is always shown, in the frame.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::app::action::KeyHelp;
use crate::app::theme::Theme;

/// `text` broken into lines of at most `width` characters, at spaces where
/// it can.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let rest: String = line.chars().skip(width).collect();
            lines.push(line.chars().take(width).collect());
            line = rest;
        }
    }
    lines.push(line);
    lines
}

pub fn render(keys: &[KeyHelp], area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = area.width.min(76);
    let inner_width = usize::from(width.saturating_sub(2));
    // The keys' column: as wide as the widest keys, but never more than a
    // third of the box.
    let widest = keys
        .iter()
        .map(|k| k.keys.chars().count())
        .max()
        .unwrap_or(0);
    let key_width = (widest + 2).min(inner_width / 3).max(1);
    let mut lines: Vec<Line> = Vec::new();
    for key in keys {
        let does = wrapped(&key.does, inner_width.saturating_sub(key_width + 1));
        let keys = wrapped(&key.keys, key_width.saturating_sub(1));
        for row in 0..does.len().max(keys.len()) {
            let keys = keys.get(row).map_or("", String::as_str);
            let does = does.get(row).map_or("", String::as_str);
            lines.push(Line::from(vec![
                Span::styled(format!(" {keys:<width$}", width = key_width), theme.key()),
                Span::raw(does.to_string()),
            ]));
        }
    }
    let height = (lines.len() as u16 + 2).min(area.height);
    let [area] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(area);
    let [area] = Layout::vertical([Constraint::Length(height)])
        .flex(Flex::Center)
        .areas(area);
    Clear.render(area, buf);
    let block = Block::bordered()
        .title(Line::styled(" Keys ", theme.title()).centered())
        .title_bottom(Line::styled(" Esc closes this help ", theme.dim()).centered());
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(lines).render(inner, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_descriptions_wrap_under_themselves() {
        assert_eq!(wrapped("one two three", 7), ["one two", "three"]);
        assert_eq!(wrapped("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        let keys = [KeyHelp {
            keys: "u  Ctrl-z".to_string(),
            does: "undo the last move, and the computer's reply with it".to_string(),
        }];
        let area = Rect::new(0, 0, 40, 12);
        let mut buf = Buffer::empty(area);
        render(&keys, area, &mut buf, Theme { colour: false });
        let rows: Vec<String> = (0..12)
            .map(|y| (0..40).map(|x| buf[(x, y)].symbol()).collect())
            .collect();
        let text = rows.join("\n");
        assert!(text.contains("Esc closes this help"), "{text}");
        let continued = rows
            .iter()
            .find(|row| row.contains("reply") || row.contains("computer"))
            .expect("the description goes on");
        // The keys' column stays empty on the line that goes on.
        assert!(!continued.contains("Ctrl-z"), "{text}");
        assert!(
            continued.chars().skip(1).take(5).all(|c| c == ' '),
            "{text}"
        );
    }
}
