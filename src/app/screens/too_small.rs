//! The notice shown in place of a screen the terminal is too small for:
//! the least it must grow each way (taller, wider, or both), and the keys
//! that work meanwhile (no key reaches the screen behind the notice).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use crate::app::action::Action;
use crate::app::fit::wrapped;
use crate::app::keys::Key::{Char, Ctrl, Esc};
use crate::app::keys::{Binding, Keymap, Mode};
use crate::app::theme::Theme;
use tabletop_core::counted::counted;

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

/// The least a terminal must grow for a screen: taller alone, wider
/// alone, and (the least growth in all) both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Growth {
    pub taller: Option<(u16, u16)>,
    pub wider: Option<(u16, u16)>,
    pub both: (u16, u16),
}

impl Growth {
    /// How a terminal `area` must grow for a screen that `fits` some
    /// areas and `needs` this one the least.
    pub fn of(fits: impl Fn(Rect) -> bool, needs: (u16, u16), area: Rect) -> Growth {
        // No screen of tabletop needs more than this.
        const MOST: u16 = 1000;
        let taller = (area.height..=MOST)
            .find(|&height| fits(Rect::new(0, 0, area.width, height)))
            .map(|height| (area.width, height));
        let wider = (area.width..=MOST)
            .find(|&width| fits(Rect::new(0, 0, width, area.height)))
            .map(|width| (width, area.height));
        let both = (needs.0.max(area.width), needs.1.max(area.height));
        Growth {
            taller,
            wider,
            both,
        }
    }

    /// The ways to grow, as said to the player: `7 more rows (40x27)`.
    fn said(&self, area: Rect) -> Vec<String> {
        let rows = |height: u16| counted(usize::from(height - area.height), "more row");
        let columns = |width: u16| counted(usize::from(width - area.width), "more column");
        let mut ways = Vec::new();
        if let Some((width, height)) = self.taller {
            ways.push(format!("{} ({width}x{height})", rows(height)));
        }
        if let Some((width, height)) = self.wider {
            ways.push(format!("{} ({width}x{height})", columns(width)));
        }
        let (width, height) = self.both;
        if width > area.width && height > area.height || ways.is_empty() {
            ways.push(format!(
                "{} and {} ({width}x{height})",
                columns(width),
                rows(height)
            ));
        }
        ways
    }
}

/// Draws a centred notice that the terminal must grow as `growth` says,
/// with the keys that work on it: a way back to the start screen unless
/// `at_start`.
pub fn render(area: Rect, buf: &mut Buffer, growth: Growth, at_start: bool, theme: Theme) {
    let mode = Mode::of(&TOO_SMALL);
    let quit = TOO_SMALL
        .bindings()
        .find(|binding| binding.does(Action::Quit))
        .map(|binding| {
            let keys: Vec<String> = mode.working(binding).map(|(key, _)| key.short()).collect();
            keys[..keys.len().min(2)].join(" or ")
        })
        .unwrap_or_default();
    let mut said: Vec<(String, Style)> = vec![("Terminal too small".to_string(), theme.message())];
    for (i, way) in growth.said(area).into_iter().enumerate() {
        let text = match i {
            0 => format!("tabletop needs {way}"),
            _ => format!("or {way}"),
        };
        said.push((text, Style::default()));
    }
    said.push((
        format!("this one is {}x{}", area.width, area.height),
        Style::default(),
    ));
    said.push((format!("enlarge it, or press {quit} to quit"), theme.dim()));
    if !at_start {
        let back = mode.key_for(Action::NewGame);
        said.push((format!("{back}: back to the start screen"), theme.dim()));
    }
    // Each wrapped here, so that the lines counted are the lines drawn.
    let lines: Vec<Line> = said
        .into_iter()
        .flat_map(|(text, style)| {
            wrapped(&text, usize::from(area.width), usize::MAX)
                .into_iter()
                .map(move |line| Line::styled(line, style))
        })
        .collect();
    let [middle] = Layout::vertical([Constraint::Length(lines.len() as u16)])
        .flex(Flex::Center)
        .areas(area);
    Paragraph::new(lines).centered().render(middle, buf);
}
