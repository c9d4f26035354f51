//! Every colour and text style of the full-screen app, in one place.
//!
//! With `NO_COLOR` set the theme has no colours at all; everything that
//! matters (the cursor, the winning line, the last move) is still shown by
//! reverse video, bold or brackets, never by colour alone.

use ratatui::style::{Color, Modifier, Style};

use crate::engine::Player;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub colour: bool,
}

impl Theme {
    /// The theme the environment asks for (`NO_COLOR` turns colour off).
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { colour: !no_color }
    }

    fn paint(&self, style: Style, colour: Color) -> Style {
        if self.colour { style.fg(colour) } else { style }
    }

    /// A player's pieces.
    pub fn piece(&self, player: Player) -> Style {
        let colour = match player {
            Player::First => Color::LightRed,
            Player::Second => Color::LightCyan,
        };
        self.paint(Style::new().add_modifier(Modifier::BOLD), colour)
    }

    /// Grid lines of the board.
    pub fn grid(&self) -> Style {
        self.paint(Style::new(), Color::DarkGray)
    }

    /// Column letters and row numbers.
    pub fn label(&self) -> Style {
        self.paint(Style::new(), Color::Gray)
    }

    /// The cell under the cursor: reverse video, visible without colour.
    pub fn cursor(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// The cell an address being typed names.
    pub fn addressed(&self) -> Style {
        self.paint(
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            Color::Yellow,
        )
    }

    /// Cells of the winning line.
    pub fn winning(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
        if self.colour {
            style.bg(Color::Green).fg(Color::Black)
        } else {
            style.add_modifier(Modifier::REVERSED)
        }
    }

    /// The piece placed by the last move.
    /// The cell a hint suggests (marked `?` too, so that it never looks
    /// like the cursor, with or without colour).
    pub fn hint(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), Color::Magenta)
    }

    pub fn last_move(&self) -> Style {
        Style::new().add_modifier(Modifier::UNDERLINED)
    }

    pub fn title(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), Color::White)
    }

    /// Status messages: an invalid move, a result.
    pub fn message(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), Color::Yellow)
    }

    /// Key names in the footer and help.
    pub fn key(&self) -> Style {
        self.paint(
            Style::new().add_modifier(Modifier::BOLD),
            Color::LightYellow,
        )
    }

    /// Text that is there but not the point: disabled entries, hints.
    pub fn dim(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::DIM), Color::DarkGray)
    }

    /// The selected line of a menu.
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
}
