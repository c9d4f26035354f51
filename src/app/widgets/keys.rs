//! The footer line of key hints: each key bold, then what it does, as
//! many as fit (the least needed left out first).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::app::keys::footer::{Item, fitted};
use crate::app::theme::Theme;

/// `key does  key does  ...` as one line, every item.
pub fn key_hints(items: &[Item], theme: Theme) -> Line<'static> {
    let spans: Vec<Span<'static>> = items
        .iter()
        .flat_map(|item| {
            [
                Span::styled(item.keys.clone(), theme.key()),
                Span::styled(format!(" {}  ", item.says), theme.dim()),
            ]
        })
        .collect();
    Line::from(spans)
}

/// The same, centred, without the gap after the last item.
pub fn centred_key_hints(items: &[Item], theme: Theme) -> Line<'static> {
    let mut line = key_hints(items, theme);
    if let Some(last) = line.spans.last_mut() {
        last.content = last.content.trim_end().to_string().into();
    }
    line.centered()
}

/// A screen's footer: its items that fit in the line.
pub struct Footer {
    pub items: Vec<Item>,
    pub theme: Theme,
}

impl Widget for Footer {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let items = fitted(self.items, usize::from(area.width));
        key_hints(&items, self.theme).render(area, buf);
    }
}
