//! The notice shown in place of a screen the terminal is too small for:
//! how much each way it must grow, and the keys that work meanwhile (no
//! key reaches the screen behind the notice).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::action::Action;
use crate::app::keys::Key::{Char, Ctrl, Esc};
use crate::app::keys::{Binding, Keymap, Mode};
use crate::app::theme::Theme;

/// Quitting, or going back to the start screen.
pub const TOO_SMALL: Keymap = Keymap::new(&[&[
    Binding::new(
        &[Char('q'), Esc, Ctrl('q'), Ctrl('c')],
        Action::Quit,
        "quit",
    ),
    Binding::new(
        &[Char('n'), Ctrl('n')],
        Action::NewGame,
        "back to the start screen",
    ),
]]);

/// Draws a centred notice that the terminal must be at least `need`, with
/// the keys that work on it: a way back to the start screen unless
/// `at_start`.
pub fn render(area: Rect, buf: &mut Buffer, need: (u16, u16), at_start: bool, theme: Theme) {
    let mode = Mode::of(&TOO_SMALL);
    let quit = TOO_SMALL
        .bindings()
        .find(|binding| binding.does(Action::Quit))
        .map(|binding| {
            let keys: Vec<String> = mode.working(binding).map(|(key, _)| key.short()).collect();
            keys[..keys.len().min(2)].join(" or ")
        })
        .unwrap_or_default();
    let mut lines = vec![
        Line::styled("Terminal too small", theme.message()),
        Line::raw(format!("tabletop needs {}x{}", need.0, need.1)),
        Line::raw(format!("this one is {}x{}", area.width, area.height)),
        Line::styled(format!("enlarge it, or press {quit} to quit"), theme.dim()),
    ];
    if !at_start {
        let back = mode.key_for(Action::NewGame);
        lines.push(Line::styled(
            format!("{back}: back to the start screen"),
            theme.dim(),
        ));
    }
    let [middle] = Layout::vertical([Constraint::Length(lines.len() as u16)])
        .flex(Flex::Center)
        .areas(area);
    Paragraph::new(lines)
        .centered()
        .wrap(Wrap { trim: true })
        .render(middle, buf);
}
