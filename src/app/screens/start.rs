//! The start screen: which game, its settings, who plays each side.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::app::action::Direction;
use crate::app::theme::Theme;
use crate::engine::gekitai::{BothWin, GekitaiSettings};

/// The games offered, and whether the full-screen app plays them yet.
const GAMES: [(&str, bool); 4] = [
    ("Gekitai", true),
    ("Connect6", false),
    ("Hex", false),
    ("Reversi", false),
];

/// The lines of the menu, top to bottom.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Row {
    Game,
    Size,
    Pieces,
    Line,
    BothWin,
    FirstPlayer,
    SecondPlayer,
    Start,
}

const ROWS: [Row; 8] = [
    Row::Game,
    Row::Size,
    Row::Pieces,
    Row::Line,
    Row::BothWin,
    Row::FirstPlayer,
    Row::SecondPlayer,
    Row::Start,
];

#[derive(Clone, Debug, PartialEq)]
pub struct StartMenu {
    selected: usize,
    size: usize,
    pieces: usize,
    line: usize,
    both_win: BothWin,
}

impl StartMenu {
    /// The menu showing `settings` (the defaults, or the last game's).
    pub fn new(settings: GekitaiSettings) -> StartMenu {
        StartMenu {
            selected: ROWS.len() - 1,
            size: settings.size(),
            pieces: settings.pieces(),
            line: settings.line(),
            both_win: settings.both_win(),
        }
    }

    /// Width and height the menu needs.
    pub const NEEDS: (u16, u16) = (46, 16);

    /// The settings chosen; the menu only ever holds valid ones.
    pub fn settings(&self) -> GekitaiSettings {
        GekitaiSettings::new(self.size, self.pieces, self.line, self.both_win).unwrap_or_default()
    }

    pub fn step(&mut self, direction: Direction) {
        let count = ROWS.len();
        match direction {
            Direction::Up => self.selected = (self.selected + count - 1) % count,
            Direction::Down => self.selected = (self.selected + 1) % count,
            Direction::Left => self.change(-1),
            Direction::Right => self.change(1),
        }
    }

    /// Moves the selected setting one step, keeping every setting valid.
    fn change(&mut self, by: isize) {
        let nudge =
            |value: usize, min: usize, max: usize| value.saturating_add_signed(by).clamp(min, max);
        match ROWS[self.selected] {
            Row::Size => self.size = nudge(self.size, 4, 26),
            Row::Pieces => self.pieces = nudge(self.pieces, 3, self.size * self.size / 2),
            Row::Line => self.line = nudge(self.line, 3, self.size.min(self.pieces)),
            Row::BothWin => {
                self.both_win = match self.both_win {
                    BothWin::Mover => BothWin::Draw,
                    BothWin::Draw => BothWin::Mover,
                }
            }
            Row::Game | Row::FirstPlayer | Row::SecondPlayer | Row::Start => {}
        }
        self.pieces = self.pieces.clamp(3, self.size * self.size / 2);
        self.line = self.line.clamp(3, self.size.min(self.pieces));
    }

    fn value(&self, row: Row) -> String {
        match row {
            Row::Game => "Gekitai".to_string(),
            Row::Size => format!("{0}x{0}", self.size),
            Row::Pieces => self.pieces.to_string(),
            Row::Line => self.line.to_string(),
            Row::BothWin => match self.both_win {
                BothWin::Mover => "mover wins".to_string(),
                BothWin::Draw => "draw".to_string(),
            },
            Row::FirstPlayer | Row::SecondPlayer => "Human".to_string(),
            Row::Start => String::new(),
        }
    }

    fn label(row: Row) -> &'static str {
        match row {
            Row::Game => "Game",
            Row::Size => "Board",
            Row::Pieces => "Pieces each",
            Row::Line => "In a row to win",
            Row::BothWin => "If both win",
            Row::FirstPlayer => "Player X",
            Row::SecondPlayer => "Player O",
            Row::Start => "",
        }
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let [area] = Layout::horizontal([Constraint::Length(Self::NEEDS.0)])
            .flex(Flex::Center)
            .areas(area);
        let [area] = Layout::vertical([Constraint::Length(Self::NEEDS.1)])
            .flex(Flex::Center)
            .areas(area);
        let block = Block::bordered().title(Line::styled(" tabletop ", theme.title()).centered());
        let inner = block.inner(area);
        block.render(area, buf);

        let mut lines = vec![Line::raw("")];
        let games: Vec<Span> = GAMES
            .iter()
            .flat_map(|&(name, playable)| {
                let style = if playable {
                    theme.selected()
                } else {
                    theme.dim()
                };
                [Span::styled(name, style), Span::raw("  ")]
            })
            .collect();
        lines.push(Line::from(games).centered());
        lines.push(Line::styled("(the others come soon)", theme.dim()).centered());
        lines.push(Line::raw(""));
        for (i, &row) in ROWS.iter().enumerate() {
            let selected = i == self.selected;
            let style = if selected {
                theme.selected()
            } else {
                Default::default()
            };
            let line = match row {
                Row::Start => Line::styled("[ Start ]", style).centered(),
                Row::Game | Row::FirstPlayer | Row::SecondPlayer => Line::from(vec![
                    Span::raw(format!("  {:<16}", Self::label(row))),
                    Span::styled(format!("  {}  ", self.value(row)), style),
                ]),
                _ => Line::from(vec![
                    Span::raw(format!("  {:<16}", Self::label(row))),
                    Span::styled(format!("‹ {} ›", self.value(row)), style),
                ]),
            };
            lines.push(line);
        }
        lines.push(Line::raw(""));
        lines.push(
            Line::from(vec![
                Span::styled("↑↓", theme.key()),
                Span::raw(" choose  "),
                Span::styled("←→", theme.key()),
                Span::raw(" change  "),
                Span::styled("Enter", theme.key()),
                Span::raw(" start  "),
                Span::styled("q", theme.key()),
                Span::raw(" quit"),
            ])
            .centered(),
        );
        Paragraph::new(lines).render(inner, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_stay_valid_whatever_is_changed() {
        let mut menu = StartMenu::new(GekitaiSettings::default());
        menu.selected = 1; // board size
        for _ in 0..10 {
            menu.step(Direction::Left);
        }
        assert_eq!(menu.size, 4);
        assert_eq!(menu.pieces, 8);
        menu.selected = 3; // line
        for _ in 0..10 {
            menu.step(Direction::Right);
        }
        assert_eq!(menu.line, 4);
        menu.selected = 1;
        for _ in 0..40 {
            menu.step(Direction::Right);
        }
        assert_eq!(menu.size, 26);
        assert!(GekitaiSettings::new(menu.size, menu.pieces, menu.line, menu.both_win).is_ok());
    }
}
