//! The footer line of key hints: each key bold, then what it does.

use ratatui::text::{Line, Span};

use crate::app::theme::Theme;

/// `key does  key does  ...` as one line.
pub fn key_hints(keys: &[(&str, &str)], theme: Theme) -> Line<'static> {
    let spans: Vec<Span<'static>> = keys
        .iter()
        .flat_map(|(key, does)| {
            [
                Span::styled(key.to_string(), theme.key()),
                Span::styled(format!(" {does}  "), theme.dim()),
            ]
        })
        .collect();
    Line::from(spans)
}
