//! The help overlay: the keys of the screen behind it, from its keymap. A
//! description too long for its line goes on below, indented under itself,
//! and how to close the help is always shown, in the frame. In a terminal
//! too short for all of it, the arrows scroll it and the frame says so.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::app::action::Action;
use crate::app::fit;
use crate::app::keys::Key::{Char, Down, Esc, F, PageDown, PageUp, Up};
use crate::app::keys::help::KeyHelp;
use crate::app::keys::shared::LOOKS;
use crate::app::keys::{Binding, Keymap};
use crate::app::theme::Theme;

/// While the help is open: the arrows scroll it, and it closes.
pub const KEYS: Keymap = Keymap::new(&[
    &[
        Binding::each(&[(Up, Action::UP), (Down, Action::DOWN)], "scroll"),
        Binding::each(
            &[(PageUp, Action::PageUp), (PageDown, Action::PageDown)],
            "scroll a page",
        ),
        Binding::new(
            &[Esc, Char('?'), Char('q'), F(1)],
            Action::Cancel,
            "close the help",
        ),
    ],
    LOOKS,
]);

/// `text` broken into lines of at most `width` columns, at spaces where
/// it can.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let fits = fit::width(&line) + 1 + fit::width(word) <= width;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while fit::width(&line) > width {
            let first = fit::start_of(&line, width).to_string();
            // A character wider than the line goes on one of its own.
            let first = match first.is_empty() {
                true => line.chars().take(1).collect(),
                false => first,
            };
            line = line[first.len()..].to_string();
            lines.push(first);
        }
    }
    lines.push(line);
    lines
}

/// The help's lines for a box `inner_width` wide inside the frame.
fn lines(keys: &[KeyHelp], inner_width: usize, theme: Theme) -> Vec<Line<'static>> {
    // The keys' column: as wide as the widest keys, but never more than a
    // third of the box.
    let widest = keys.iter().map(|k| fit::width(&k.keys)).max().unwrap_or(0);
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
    lines
}

/// The width of the help's box in `area`.
fn box_width(area: Rect) -> u16 {
    area.width.min(76)
}

/// How many lines of the help `area` shows: a page.
pub fn page(area: Rect) -> u16 {
    area.height.saturating_sub(2).max(1)
}

/// How far the help can scroll in `area`: the lines that do not fit.
pub fn max_scroll(keys: &[KeyHelp], area: Rect) -> u16 {
    let inner_width = usize::from(box_width(area).saturating_sub(2));
    let count = lines(keys, inner_width, Theme::PLAIN).len();
    let shown = usize::from(area.height.saturating_sub(2));
    count.saturating_sub(shown) as u16
}

/// Draws the help, scrolled down by `scroll` lines (as far as it goes).
pub fn render(keys: &[KeyHelp], scroll: u16, area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = box_width(area);
    let lines = lines(keys, usize::from(width.saturating_sub(2)), theme);
    let height = (lines.len() as u16 + 2).min(area.height);
    let [area] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(area);
    let [area] = Layout::vertical([Constraint::Length(height)])
        .flex(Flex::Center)
        .areas(area);
    Clear.render(area, buf);
    let shown = usize::from(height.saturating_sub(2));
    let first = usize::from(scroll).min(lines.len().saturating_sub(shown));
    let more = match (first > 0, first + shown < lines.len()) {
        (false, false) => "",
        (true, false) => "↑ more · ",
        (false, true) => "↓ more · ",
        (true, true) => "↑↓ more · ",
    };
    let closing = format!(" {more}Esc closes this help ");
    let block = Block::bordered()
        .title(Line::styled(" Keys ", theme.title()).centered())
        .title_bottom(Line::styled(closing, theme.dim()).centered());
    let inner = block.inner(area);
    block.render(area, buf);
    let lines: Vec<Line> = lines.into_iter().skip(first).collect();
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
        render(&keys, 0, area, &mut buf, Theme::PLAIN);
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

    fn text_of(keys: &[KeyHelp], scroll: u16, area: Rect) -> String {
        let mut buf = Buffer::empty(area);
        render(keys, scroll, area, &mut buf, Theme::PLAIN);
        (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn help_too_long_for_the_terminal_scrolls() {
        let keys: Vec<KeyHelp> = (1..=12)
            .map(|i| KeyHelp {
                keys: format!("k{i}"),
                does: format!("does {i}"),
            })
            .collect();
        let area = Rect::new(0, 0, 40, 8);
        let top = text_of(&keys, 0, area);
        assert!(top.contains("does 1 ") && !top.contains("does 12"), "{top}");
        assert!(top.contains("↓ more · Esc closes"), "{top}");
        // Scrolled past the end, it stops at the last line.
        let bottom = text_of(&keys, 100, area);
        assert!(
            bottom.contains("does 12") && !bottom.contains("does 6 "),
            "{bottom}"
        );
        assert!(bottom.contains("↑ more · Esc closes"), "{bottom}");
        let all = text_of(&keys, 0, Rect::new(0, 0, 40, 20));
        assert!(!all.contains("more"), "{all}");
    }
}
