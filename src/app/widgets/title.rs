//! The line at the top of a screen: `tabletop` and the screen's name in
//! the title style, then what it shows, fitted to the width left.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::app::fit::{leading, shorten, tail, width};
use crate::app::theme::Theme;

/// How what the title shows is cut when it is too long.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fit {
    /// Its leading parts (parts joined by ` · `): a game's title.
    Leading,
    /// Its end: a folder.
    Tail,
    /// Its first word and its end.
    Shorten,
}

pub struct TitleBar<'a> {
    /// `tabletop`, or `tabletop replay`, ...
    pub heading: &'a str,
    /// What the screen shows: the game and its settings, the folder, ...
    pub about: &'a str,
    pub fit: Fit,
    pub theme: Theme,
}

impl Widget for TitleBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let heading = format!(" {} ", self.heading);
        let room = usize::from(area.width).saturating_sub(width(&heading) + 2);
        let about = match self.fit {
            Fit::Leading => leading(self.about, room),
            Fit::Tail => tail(self.about, room),
            Fit::Shorten => shorten(self.about, room),
        };
        Line::from(vec![
            Span::styled(heading, self.theme.title()),
            Span::raw(format!("· {about}")),
        ])
        .render(area, buf);
    }
}
