//! The line typed at the bottom of a board (a cell, a file name, a line
//! of chat): what it is for, the text so far (shown selected when typing
//! replaces it; a long one shows its end, where the cursor is), and the
//! keys that take it and cancel it, as the screen's keymap has them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::app::action::Action;
use crate::app::fit::{tail, width};
use crate::app::keys::Mode;
use crate::app::theme::Theme;

pub struct TypedLine<'a> {
    /// What the line is for: `Cell: `.
    pub label: &'a str,
    /// What Enter does with it: `plays`.
    pub does: &'a str,
    pub text: &'a str,
    /// Shown selected: typing replaces it.
    pub selected: bool,
    /// The keys of the screen the line is typed on.
    pub mode: Mode,
    pub theme: Theme,
}

impl Widget for &TypedLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let hint = format!(
            "   {} {}, {} cancels",
            self.mode.key_for(Action::Confirm),
            self.does,
            self.mode.key_for(Action::Cancel)
        );
        let room = usize::from(area.width).saturating_sub(width(self.label) + width(&hint) + 1);
        let shown = tail(self.text, room);
        let style = match self.selected {
            true => self.theme.selected(),
            false => Style::default(),
        };
        Line::from(vec![
            Span::styled(self.label, self.theme.key()),
            Span::styled(shown, style),
            Span::styled("▏", self.theme.key()),
            Span::styled(hint, self.theme.dim()),
        ])
        .render(area, buf);
    }
}
