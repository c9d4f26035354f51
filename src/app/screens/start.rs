//! The start screen: which game, its settings, who plays each side.

use std::path::PathBuf;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::ai::Level;
use crate::app::action::Direction;
use crate::app::games::GameUi;
use crate::app::screens::play::{Play, PlayScreen};
use crate::app::theme::Theme;
use crate::engine::connect6::{Connect6, Connect6Settings};
use crate::engine::gekitai::{BothWin, Gekitai, GekitaiSettings};
use crate::engine::hex::{Hex, HexSettings};
use crate::engine::reversi::{Reversi, ReversiSettings};
use crate::engine::{Game, Player};
use crate::seat::Seat;

/// A game to start, with its validated settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Gekitai(GekitaiSettings),
    Connect6(Connect6Settings),
    Hex(HexSettings),
    Reversi(ReversiSettings),
}

impl Choice {
    /// The game screen for this choice, autosaving to `autosave`, with
    /// `seats` playing.
    pub fn start(
        self,
        animate: bool,
        autosave: Option<PathBuf>,
        seats: [Seat; 2],
    ) -> Box<dyn PlayScreen> {
        fn screen<G: GameUi>(
            game: G,
            animate: bool,
            autosave: Option<PathBuf>,
            seats: [Seat; 2],
        ) -> Box<dyn PlayScreen> {
            Box::new(
                Play::new(game, animate)
                    .autosave_to(autosave)
                    .with_seats(seats),
            )
        }
        match self {
            Choice::Gekitai(s) => screen(Gekitai::new(s), animate, autosave, seats),
            Choice::Connect6(s) => screen(Connect6::new(s), animate, autosave, seats),
            Choice::Hex(s) => screen(Hex::new(s), animate, autosave, seats),
            Choice::Reversi(s) => screen(Reversi::new(s), animate, autosave, seats),
        }
    }
}

impl Default for Choice {
    fn default() -> Self {
        Choice::Gekitai(GekitaiSettings::default())
    }
}

const GAMES: [&str; 4] = ["Gekitai", "Connect6", "Hex", "Reversi"];

/// The lines of the menu.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Row {
    /// Resume the unfinished autosaved game.
    Resume,
    Game,
    Size,
    Pieces,
    Line,
    BothWin,
    Swap,
    FirstPlayer,
    SecondPlayer,
    Start,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StartMenu {
    game: usize,
    selected: usize,
    /// Each game keeps its own settings while the player looks around.
    gekitai: GekitaiSettings,
    connect6: Connect6Settings,
    hex: HexSettings,
    reversi: ReversiSettings,
    /// How the unfinished game on offer is described, if there is one.
    resume: Option<String>,
    seats: [Seat; 2],
}

impl StartMenu {
    /// Width and height the menu needs.
    pub const NEEDS: (u16, u16) = (60, 18);

    /// The menu showing `choice` (the defaults, or the last game's).
    pub fn new(choice: Choice) -> StartMenu {
        let mut menu = StartMenu {
            game: 0,
            selected: 0,
            gekitai: GekitaiSettings::default(),
            connect6: Connect6Settings::default(),
            hex: HexSettings::default(),
            reversi: ReversiSettings::default(),
            resume: None,
            seats: [Seat::Human; 2],
        };
        match choice {
            Choice::Gekitai(s) => menu.gekitai = s,
            Choice::Connect6(s) => (menu.game, menu.connect6) = (1, s),
            Choice::Hex(s) => (menu.game, menu.hex) = (2, s),
            Choice::Reversi(s) => (menu.game, menu.reversi) = (3, s),
        }
        menu.selected = menu.rows().len() - 1;
        menu
    }

    /// Offers to resume an unfinished game (described by `resume`) first.
    pub fn with_resume(mut self, resume: Option<String>) -> StartMenu {
        if resume.is_some() {
            self.resume = resume;
            self.selected = 0;
        }
        self
    }

    /// Shows `seats` as who plays each side.
    pub fn with_seats(mut self, seats: [Seat; 2]) -> StartMenu {
        self.seats = seats;
        self
    }

    pub fn seats(&self) -> [Seat; 2] {
        self.seats
    }

    /// Whether Enter now resumes the unfinished game.
    pub fn resume_selected(&self) -> bool {
        self.rows().get(self.selected) == Some(&Row::Resume)
    }

    pub fn choice(&self) -> Choice {
        match self.game {
            1 => Choice::Connect6(self.connect6),
            2 => Choice::Hex(self.hex),
            3 => Choice::Reversi(self.reversi),
            _ => Choice::Gekitai(self.gekitai),
        }
    }

    fn rows(&self) -> Vec<Row> {
        let settings: &[Row] = match self.game {
            0 => &[Row::Size, Row::Pieces, Row::Line, Row::BothWin],
            1 => &[Row::Size, Row::Line],
            2 => &[Row::Size, Row::Swap],
            _ => &[Row::Size],
        };
        let mut rows = Vec::new();
        if self.resume.is_some() {
            rows.push(Row::Resume);
        }
        rows.push(Row::Game);
        rows.extend_from_slice(settings);
        rows.extend_from_slice(&[Row::FirstPlayer, Row::SecondPlayer, Row::Start]);
        rows
    }

    pub fn step(&mut self, direction: Direction) {
        let count = self.rows().len();
        match direction {
            Direction::Up => self.selected = (self.selected + count - 1) % count,
            Direction::Down => self.selected = (self.selected + 1) % count,
            Direction::Left => self.change(-1),
            Direction::Right => self.change(1),
        }
    }

    /// Moves the selected setting one step; settings are only ever valid,
    /// so a change that would break one is not made.
    fn change(&mut self, by: isize) {
        let row = self.rows()[self.selected];
        let nudge = |value: usize| value.saturating_add_signed(by);
        match (self.game, row) {
            (_, Row::Game) => {
                self.game = (self.game + GAMES.len()).saturating_add_signed(by) % GAMES.len();
                self.selected = usize::from(self.resume.is_some());
            }
            (0, _) => {
                let s = self.gekitai;
                let (mut size, mut pieces, mut line, mut both) =
                    (s.size(), s.pieces(), s.line(), s.both_win());
                match row {
                    Row::Size => size = nudge(size).clamp(4, 26),
                    Row::Pieces => pieces = nudge(pieces),
                    Row::Line => line = nudge(line),
                    Row::BothWin => {
                        both = match both {
                            BothWin::Mover => BothWin::Draw,
                            BothWin::Draw => BothWin::Mover,
                        }
                    }
                    _ => {}
                }
                pieces = pieces.clamp(3, size * size / 2);
                line = line.clamp(3, size.min(pieces));
                if let Ok(s) = GekitaiSettings::new(size, pieces, line, both) {
                    self.gekitai = s;
                }
            }
            (1, Row::Size | Row::Line) => {
                let s = self.connect6;
                let (mut size, mut line) = (s.size(), s.line());
                if row == Row::Size {
                    size = nudge(size).clamp(6, 26);
                } else {
                    line = nudge(line);
                }
                if let Ok(s) = Connect6Settings::new(size, line.clamp(3, size)) {
                    self.connect6 = s;
                }
            }
            (2, Row::Size) => {
                if let Ok(s) =
                    HexSettings::new(nudge(self.hex.size()).clamp(2, 26), self.hex.swap())
                {
                    self.hex = s;
                }
            }
            (2, Row::Swap) => {
                if let Ok(s) = HexSettings::new(self.hex.size(), !self.hex.swap()) {
                    self.hex = s;
                }
            }
            (_, Row::FirstPlayer | Row::SecondPlayer) => {
                let side = usize::from(row == Row::SecondPlayer);
                self.seats[side] = next_seat(self.seats[side], by);
            }
            (3, Row::Size) => {
                let size = self
                    .reversi
                    .size()
                    .saturating_add_signed(2 * by)
                    .clamp(4, 8);
                if let Ok(s) = ReversiSettings::new(size) {
                    self.reversi = s;
                }
            }
            _ => {}
        }
    }

    fn symbol(&self, player: Player) -> char {
        match self.game {
            1 => Connect6::symbol(player),
            2 => Hex::symbol(player),
            3 => Reversi::symbol(player),
            _ => Gekitai::symbol(player),
        }
    }

    fn value(&self, row: Row) -> String {
        let size = |n: usize| format!("{n}x{n}");
        match (self.game, row) {
            (_, Row::Game) => GAMES[self.game].to_string(),
            (0, Row::Size) => size(self.gekitai.size()),
            (1, Row::Size) => size(self.connect6.size()),
            (2, Row::Size) => size(self.hex.size()),
            (_, Row::Size) => size(self.reversi.size()),
            (_, Row::Pieces) => self.gekitai.pieces().to_string(),
            (1, Row::Line) => self.connect6.line().to_string(),
            (_, Row::Line) => self.gekitai.line().to_string(),
            (_, Row::BothWin) => match self.gekitai.both_win() {
                BothWin::Mover => "mover wins".to_string(),
                BothWin::Draw => "draw".to_string(),
            },
            (_, Row::Swap) => if self.hex.swap() { "on" } else { "off" }.to_string(),
            (_, Row::FirstPlayer) => seat_name(self.seats[0]),
            (_, Row::SecondPlayer) => seat_name(self.seats[1]),
            (_, Row::Start | Row::Resume) => String::new(),
        }
    }

    fn label(&self, row: Row) -> String {
        match row {
            Row::Game => "Game".to_string(),
            Row::Size => "Board".to_string(),
            Row::Pieces => "Pieces each".to_string(),
            Row::Line => "In a row to win".to_string(),
            Row::BothWin => "If both win".to_string(),
            Row::Swap => "Swap rule".to_string(),
            Row::FirstPlayer => format!("Player {}", self.symbol(Player::First)),
            Row::SecondPlayer => format!("Player {}", self.symbol(Player::Second)),
            Row::Start | Row::Resume => String::new(),
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

        let games: Vec<Span> = GAMES
            .iter()
            .enumerate()
            .flat_map(|(i, name)| {
                let style = if i == self.game {
                    theme.selected()
                } else {
                    theme.dim()
                };
                [Span::styled(format!(" {name} "), style), Span::raw(" ")]
            })
            .collect();
        let mut lines = vec![Line::raw(""), Line::from(games).centered(), Line::raw("")];
        let rows = self.rows();
        for (i, &row) in rows.iter().enumerate() {
            let style = if i == self.selected {
                theme.selected()
            } else {
                Default::default()
            };
            let line = match row {
                Row::Start => Line::styled("[ Start ]", style).centered(),
                Row::Resume => Line::styled(
                    format!(
                        "[ Resume the unfinished game: {} ]",
                        self.resume.as_deref().unwrap_or("")
                    ),
                    style,
                )
                .centered(),
                _ => Line::from(vec![
                    Span::raw(format!("  {:<16}", self.label(row))),
                    Span::styled(format!("‹ {} ›", self.value(row)), style),
                ]),
            };
            lines.push(line);
        }
        let used = lines.len() as u16;
        let spare = inner.height.saturating_sub(used + 1);
        lines.extend((0..spare).map(|_| Line::raw("")));
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

/// `Human`, `Computer 3`.
fn seat_name(seat: Seat) -> String {
    match seat {
        Seat::Human => "Human".to_string(),
        Seat::Computer(level) => format!("Computer {level}"),
    }
}

/// The next choice of player: Human, Computer 1 to 5, and round again.
fn next_seat(seat: Seat, by: isize) -> Seat {
    let position = match seat {
        Seat::Human => 0,
        Seat::Computer(level) => isize::from(level.get()),
    };
    match (position + by).rem_euclid(6) {
        0 => Seat::Human,
        n => Level::new(n as u8).map_or(Seat::Human, Seat::Computer),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn select(menu: &mut StartMenu, row: Row) {
        menu.selected = menu
            .rows()
            .iter()
            .position(|&r| r == row)
            .expect("row shown");
    }

    #[test]
    fn settings_stay_valid_whatever_is_changed() {
        let mut menu = StartMenu::new(Choice::default());
        select(&mut menu, Row::Size);
        for _ in 0..10 {
            menu.step(Direction::Left);
        }
        assert_eq!(menu.gekitai.size(), 4);
        assert_eq!(menu.gekitai.pieces(), 8);
        select(&mut menu, Row::Line);
        for _ in 0..10 {
            menu.step(Direction::Right);
        }
        assert_eq!(menu.gekitai.line(), 4);
        select(&mut menu, Row::Size);
        for _ in 0..40 {
            menu.step(Direction::Right);
        }
        assert_eq!(menu.gekitai.size(), 26);
    }

    #[test]
    fn every_game_can_be_chosen_with_its_own_settings() {
        let mut menu = StartMenu::new(Choice::default());
        select(&mut menu, Row::Game);
        menu.step(Direction::Right);
        assert!(matches!(menu.choice(), Choice::Connect6(_)));
        menu.step(Direction::Right);
        select(&mut menu, Row::Swap);
        menu.step(Direction::Right);
        assert!(matches!(menu.choice(), Choice::Hex(s) if s.swap()));
        select(&mut menu, Row::Game);
        menu.step(Direction::Right);
        select(&mut menu, Row::Size);
        menu.step(Direction::Left);
        assert!(matches!(menu.choice(), Choice::Reversi(s) if s.size() == 6));
        select(&mut menu, Row::Game);
        menu.step(Direction::Right);
        assert!(matches!(menu.choice(), Choice::Gekitai(_)));
    }
}
