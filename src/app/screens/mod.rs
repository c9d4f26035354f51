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

use crate::app::games::GameUi;
use crate::app::theme::Theme;

/// The narrowest side panel that still reads well.
const PANEL_MIN: u16 = 30;

/// Lines of a game screen above and below its board: the title, and the
/// status and footer lines (the game screen has an address line too).
const AROUND_BOARD: u16 = 4;

/// Width and height a screen showing `game` needs: its smallest board,
/// the side panel, and the lines around them.
pub fn needs<G: GameUi>(game: &G) -> (u16, u16) {
    let (board_w, board_h) = game.board_size();
    (board_w + 2 + PANEL_MIN, board_h.max(10) + AROUND_BOARD)
}

/// Splits the middle of a game screen into the board, a gap, and the side
/// panel: the game's roomy board (Connect6's boxed one) when there is room
/// for it and the panel, its smallest otherwise.
pub fn board_and_panel<G: GameUi>(game: &G, middle: Rect) -> (Rect, Rect) {
    let (roomy_w, roomy_h) = game.roomy_board_size();
    let fits = middle.width >= roomy_w + 2 + PANEL_MIN && middle.height >= roomy_h;
    let board_width = if fits { roomy_w } else { game.board_size().0 };
    let [board, _, panel] = Layout::horizontal([
        Constraint::Length(board_width),
        Constraint::Length(2),
        Constraint::Fill(1),
    ])
    .areas(middle);
    (board, panel)
}

/// Draws a centred notice that the terminal must be at least `need`, with
/// the keys that work on it (see [`crate::app::action::Mode::TooSmall`]):
/// a way back to the start screen unless `at_start`.
pub fn render_too_small(
    area: Rect,
    buf: &mut Buffer,
    need: (u16, u16),
    at_start: bool,
    theme: Theme,
) {
    let mut lines = vec![
        Line::styled("Terminal too small", theme.message()),
        Line::raw(format!("tabletop needs {}x{}", need.0, need.1)),
        Line::raw(format!("this one is {}x{}", area.width, area.height)),
        Line::styled("enlarge it, or press q or Esc to quit", theme.dim()),
    ];
    if !at_start {
        lines.push(Line::styled("n: back to the start screen", theme.dim()));
    }
    let [middle] = Layout::vertical([Constraint::Length(lines.len() as u16)])
        .flex(ratatui::layout::Flex::Center)
        .areas(area);
    Paragraph::new(lines)
        .centered()
        .wrap(Wrap { trim: true })
        .render(middle, buf);
}
