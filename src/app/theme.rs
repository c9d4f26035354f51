//! Every colour and text style of the full-screen app, in one place: the
//! styles here, the colours in a [`Palette`] (a few built in, more from
//! the config file).
//!
//! With `NO_COLOR` set the theme has no colours at all, whatever the
//! palette; everything that matters (the cursor, the winning line, the
//! last move) is still shown by reverse video, bold or brackets, never by
//! colour alone.

use ratatui::style::{Color, Modifier, Style};

use tabletop_engine::Player;

/// The colours of a theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The first and the second player's pieces.
    pub pieces: [Color; 2],
    pub board: Color,
    pub labels: Color,
    /// The cell an address being typed names.
    pub cursor: Color,
    /// The underline under the last move's pieces (`Reset`: the pieces'
    /// own colour).
    pub last_move: Color,
    pub hint: Color,
    /// The winning line's background.
    pub winning: Color,
    /// Titles, messages, key names and what is dimmed.
    pub title: Color,
    pub message: Color,
    pub key: Color,
    pub dim: Color,
}

/// Where a palette keeps one of its colours.
type Slot = fn(&mut Palette) -> &mut Color;

impl Palette {
    /// Every colour of a palette under the name a theme in the config
    /// file gives it: the one list of them (README.md says what each
    /// colours).
    pub const COLOURS: [(&'static str, Slot); 12] = [
        ("first", |p| &mut p.pieces[0]),
        ("second", |p| &mut p.pieces[1]),
        ("board", |p| &mut p.board),
        ("labels", |p| &mut p.labels),
        ("cursor", |p| &mut p.cursor),
        ("last-move", |p| &mut p.last_move),
        ("hint", |p| &mut p.hint),
        ("winning", |p| &mut p.winning),
        ("title", |p| &mut p.title),
        ("message", |p| &mut p.message),
        ("key", |p| &mut p.key),
        ("dim", |p| &mut p.dim),
    ];

    /// The built-in palette called `name`.
    pub fn built_in(name: &str) -> Option<Palette> {
        BUILT_IN
            .iter()
            .find(|(built_in, _)| *built_in == name)
            .map(|(_, palette)| *palette)
    }
}

/// The built-in palettes, by name, the default first.
pub const BUILT_IN: [(&str, Palette); 3] = [
    ("classic", CLASSIC),
    ("light", LIGHT),
    ("colour-blind", COLOUR_BLIND),
];

/// Bright colours for a dark terminal.
const CLASSIC: Palette = Palette {
    pieces: [Color::LightRed, Color::LightCyan],
    board: Color::DarkGray,
    labels: Color::Gray,
    cursor: Color::Yellow,
    last_move: Color::Reset,
    hint: Color::LightMagenta,
    winning: Color::Green,
    title: Color::White,
    message: Color::Yellow,
    key: Color::LightYellow,
    dim: Color::DarkGray,
};

/// Dark colours that read on a light terminal (greys of the 256-colour
/// palette dark enough for white: 4.5 to 1 and more for text, as WCAG AA
/// asks, 3 to 1 for the grid).
const LIGHT: Palette = Palette {
    pieces: [Color::Red, Color::Blue],
    board: Color::Indexed(244),
    labels: Color::Indexed(240),
    cursor: Color::Magenta,
    last_move: Color::Reset,
    hint: Color::Magenta,
    winning: Color::Green,
    title: Color::Black,
    message: Color::Red,
    key: Color::Blue,
    dim: Color::Indexed(241),
};

/// Okabe and Ito's colours, told apart with any colour vision: orange
/// against sky blue, never red against green.
const COLOUR_BLIND: Palette = Palette {
    pieces: [Color::Indexed(214), Color::Indexed(39)],
    board: Color::DarkGray,
    labels: Color::Gray,
    cursor: Color::Indexed(227),
    last_move: Color::Reset,
    hint: Color::Indexed(175),
    winning: Color::Indexed(36),
    title: Color::White,
    message: Color::Indexed(227),
    key: Color::Indexed(227),
    dim: Color::DarkGray,
};

/// How pieces are drawn on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Pieces {
    /// The players' letters (`X` and `O`, `B` and `W`): what the cells
    /// are typed and the moves written with.
    #[default]
    Letters,
    /// Stones: `●` for the first player, `○` for the second.
    Stones,
    /// Letters, and every other character on the screen ASCII too (the
    /// board drawn with `+ - |`), for terminals and fonts without box
    /// drawing: see [`crate::app::ascii`].
    Ascii,
}

impl Pieces {
    /// Every style, the default first, with its name.
    pub const ALL: [(&'static str, Pieces); 3] = [
        ("letters", Pieces::Letters),
        ("stones", Pieces::Stones),
        ("ascii", Pieces::Ascii),
    ];

    pub fn name(self) -> &'static str {
        Pieces::ALL
            .iter()
            .find(|(_, pieces)| *pieces == self)
            .map_or("letters", |(name, _)| name)
    }

    /// The style called `name`.
    pub fn named(name: &str) -> Option<Pieces> {
        Pieces::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, p)| *p)
    }
}

/// Whether a locale's name (`en_GB.UTF-8`, `C.utf8`, macOS's bare
/// `UTF-8`, but not `C`) says its characters are UTF-8; no locale at all is
/// taken as UTF-8, as nearly every terminal today is.
fn is_utf8_locale(name: &str) -> bool {
    let charset = name.split_once('.').map_or(name, |(_, rest)| rest);
    let charset = charset.split('@').next().unwrap_or_default();
    charset.eq_ignore_ascii_case("utf-8") || charset.eq_ignore_ascii_case("utf8")
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub colour: bool,
    pub palette: Palette,
    pub pieces: Pieces,
}

impl Theme {
    /// No colour at all (what `NO_COLOR` asks for, and what tests draw).
    pub const PLAIN: Theme = Theme {
        colour: false,
        palette: CLASSIC,
        pieces: Pieces::Letters,
    };

    /// The default palette, in colour.
    pub const CLASSIC: Theme = Theme {
        colour: true,
        palette: CLASSIC,
        pieces: Pieces::Letters,
    };

    /// The theme the environment asks for: `NO_COLOR` turns colour off,
    /// and a locale that is not UTF-8 (`LANG=C`, say) draws in ASCII, as
    /// such a terminal would show box drawing as junk.
    pub fn from_env() -> Theme {
        Theme::from_vars(|name| std::env::var(name).ok())
    }

    /// The theme asked for by the variables `var` gives (an SSH client's
    /// own, on the server), read as [`Theme::from_env`] reads the
    /// process's.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Theme {
        let set = |name| var(name).filter(|v| !v.is_empty());
        let no_color = set("NO_COLOR").is_some();
        let locale = set("LC_ALL")
            .or_else(|| set("LC_CTYPE"))
            .or_else(|| set("LANG"));
        Theme {
            colour: !no_color,
            pieces: if locale.as_deref().is_none_or(is_utf8_locale) {
                Pieces::Letters
            } else {
                Pieces::Ascii
            },
            ..Theme::CLASSIC
        }
    }

    /// How `player`'s piece is drawn, `letter` being the player's letter.
    pub fn glyph(&self, player: Player, letter: char) -> char {
        match (self.pieces, player) {
            (Pieces::Letters | Pieces::Ascii, _) => letter,
            (Pieces::Stones, Player::First) => '●',
            (Pieces::Stones, Player::Second) => '○',
        }
    }

    /// Whether everything is drawn in ASCII.
    pub fn is_ascii(&self) -> bool {
        self.pieces == Pieces::Ascii
    }

    /// The same, with `palette`'s colours.
    pub fn with_palette(self, palette: Palette) -> Theme {
        Theme { palette, ..self }
    }

    fn paint(&self, style: Style, colour: Color) -> Style {
        if self.colour { style.fg(colour) } else { style }
    }

    /// A player's pieces.
    pub fn piece(&self, player: Player) -> Style {
        let colour = self.palette.pieces[player.index()];
        self.paint(Style::new().add_modifier(Modifier::BOLD), colour)
    }

    /// Grid lines of the board.
    pub fn grid(&self) -> Style {
        self.paint(Style::new(), self.palette.board)
    }

    /// Column letters and row numbers.
    pub fn label(&self) -> Style {
        self.paint(Style::new(), self.palette.labels)
    }

    /// The cell under the cursor: reverse video, visible without colour.
    pub fn cursor(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// The cell an address being typed names.
    pub fn addressed(&self) -> Style {
        self.paint(
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            self.palette.cursor,
        )
    }

    /// Cells of the winning line.
    pub fn winning(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
        if self.colour {
            style.bg(self.palette.winning).fg(Color::Black)
        } else {
            style.add_modifier(Modifier::REVERSED)
        }
    }

    /// The cell a hint suggests (marked `?` too, so that it never looks
    /// like the cursor, with or without colour).
    pub fn hint(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), self.palette.hint)
    }

    /// The pieces placed by the last move: underlined, in the palette's
    /// colour when it has one (the pieces keep their own).
    pub fn last_move(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::UNDERLINED);
        match self.palette.last_move {
            Color::Reset => style,
            colour if self.colour => style.underline_color(colour),
            _ => style,
        }
    }

    pub fn title(&self) -> Style {
        self.paint(
            Style::new().add_modifier(Modifier::BOLD),
            self.palette.title,
        )
    }

    /// Status messages: an invalid move, a result.
    pub fn message(&self) -> Style {
        self.paint(
            Style::new().add_modifier(Modifier::BOLD),
            self.palette.message,
        )
    }

    /// Key names in the footer and help.
    pub fn key(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::BOLD), self.palette.key)
    }

    /// Text that is there but not the point: disabled entries, hints.
    pub fn dim(&self) -> Style {
        self.paint(Style::new().add_modifier(Modifier::DIM), self.palette.dim)
    }

    /// The selected line of a menu.
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_utf8_locale_is_taken_as_utf8() {
        for utf8 in [
            "C.UTF-8",
            "en_GB.UTF-8",
            "de_DE.utf8",
            "sr_RS.UTF-8@latin",
            "UTF-8",
        ] {
            assert!(is_utf8_locale(utf8), "{utf8}");
        }
        for other in ["C", "POSIX", "en_US", "en_US.ISO-8859-1", "ja_JP.eucJP"] {
            assert!(!is_utf8_locale(other), "{other}");
        }
    }

    /// A colour as xterm shows it by default, in red, green and blue.
    fn rgb(colour: Color) -> (u8, u8, u8) {
        const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];
        match colour {
            Color::Black => (0, 0, 0),
            Color::Red => (205, 0, 0),
            Color::Green => (0, 205, 0),
            Color::Yellow => (205, 205, 0),
            Color::Blue => (0, 0, 238),
            Color::Magenta => (205, 0, 205),
            Color::Cyan => (0, 205, 205),
            Color::Gray => (229, 229, 229),
            Color::DarkGray => (127, 127, 127),
            Color::LightRed => (255, 0, 0),
            Color::LightGreen => (0, 255, 0),
            Color::LightYellow => (255, 255, 0),
            Color::LightBlue => (92, 92, 255),
            Color::LightMagenta => (255, 0, 255),
            Color::LightCyan => (0, 255, 255),
            Color::White => (255, 255, 255),
            Color::Rgb(r, g, b) => (r, g, b),
            Color::Indexed(n @ 16..=231) => {
                let n = usize::from(n - 16);
                (CUBE[n / 36], CUBE[n / 6 % 6], CUBE[n % 6])
            }
            Color::Indexed(n @ 232..) => {
                let grey = 8 + 10 * (n - 232);
                (grey, grey, grey)
            }
            Color::Indexed(n) => panic!("the 16 colours are named, not {n}"),
            Color::Reset => panic!("the terminal's own colour has no contrast to check"),
        }
    }

    /// WCAG's relative luminance.
    fn luminance(colour: Color) -> f64 {
        let (r, g, b) = rgb(colour);
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG's contrast ratio, from 1 to 21.
    fn contrast(a: Color, b: Color) -> f64 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    #[test]
    fn every_built_in_theme_reads_well_by_wcag_aa() {
        let mut failures = Vec::new();
        for (name, palette) in BUILT_IN {
            // The light theme is for a white terminal, the others for a
            // black one.
            let ground = match name {
                "light" => Color::White,
                _ => Color::Black,
            };
            let text = [
                ("first", palette.pieces[0]),
                ("second", palette.pieces[1]),
                ("labels", palette.labels),
                ("cursor", palette.cursor),
                ("hint", palette.hint),
                ("title", palette.title),
                ("message", palette.message),
                ("key", palette.key),
                ("dim", palette.dim),
            ];
            let mut low = Vec::new();
            for (what, colour) in text {
                let ratio = contrast(colour, ground);
                if ratio < 4.5 {
                    low.push(format!("{what} {colour:?} {ratio:.2}:1"));
                }
            }
            // The grid is not text: 3 to 1 is enough (WCAG's non-text
            // contrast). The winning line is black on its colour.
            let grid = contrast(palette.board, ground);
            if grid < 3.0 {
                low.push(format!("board {:?} {grid:.2}:1", palette.board));
            }
            let winning = contrast(palette.winning, Color::Black);
            if winning < 4.5 {
                low.push(format!("winning {:?} {winning:.2}:1", palette.winning));
            }
            if !low.is_empty() {
                failures.push(format!("{name}: {}", low.join(", ")));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
