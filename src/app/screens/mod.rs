//! The app's screens: the start menu, the game, and the help overlay; plus
//! the notice shown when the terminal is too small for any of them.

pub mod help;
pub mod play;
pub mod replay;
pub mod start;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::theme::Theme;

/// Splits the middle of a game screen into the board (`board_width` wide),
/// a gap, and the side panel.
pub fn board_and_panel(area: Rect, board_width: u16) -> (Rect, Rect) {
    let [board, _, panel] = Layout::horizontal([
        Constraint::Length(board_width),
        Constraint::Length(2),
        Constraint::Fill(1),
    ])
    .areas(area);
    (board, panel)
}

/// Draws a centred notice that the terminal must be at least `need`.
pub fn render_too_small(area: Rect, buf: &mut Buffer, need: (u16, u16), theme: Theme) {
    let lines = vec![
        Line::styled("Terminal too small", theme.message()),
        Line::raw(format!("tabletop needs {}x{}", need.0, need.1)),
        Line::raw(format!("this one is {}x{}", area.width, area.height)),
        Line::styled("enlarge it, or press q to quit", theme.dim()),
    ];
    let [middle] = Layout::vertical([Constraint::Length(lines.len() as u16)])
        .flex(ratatui::layout::Flex::Center)
        .areas(area);
    Paragraph::new(lines)
        .centered()
        .wrap(Wrap { trim: true })
        .render(middle, buf);
}
