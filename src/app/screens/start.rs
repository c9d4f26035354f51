//! The start screen: which game, its settings, who plays each side.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::app::action::Direction;
use crate::app::fit::wrapped;
use crate::app::screens::game_choice::{GameChoice, menu_step};
use crate::app::theme::Theme;
use crate::games::Setup;
use tabletop_ai::Level;
use tabletop_core::config::engines::EngineSettings;
use tabletop_core::seat::{Outside, Seat};
use tabletop_engine::Player;

/// The lines of the menu.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Row {
    /// Resume the unfinished autosaved game.
    Resume,
    Game,
    /// The game's setting at this index of its list.
    Setting(usize),
    /// Who plays this side.
    Seat(Player),
    Start,
    /// Open the saved games.
    Library,
    /// Open the puzzles.
    Puzzles,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StartMenu {
    games: GameChoice,
    selected: usize,
    /// How the unfinished game on offer is described, if there is one.
    resume: Option<String>,
    /// A line to show at the bottom, until a key is pressed.
    notice: Option<String>,
    seats: [Seat; 2],
    /// The outside engines configured, offered as players of their games.
    engines: Vec<EngineSettings>,
}

impl StartMenu {
    /// Width and height the menu needs.
    pub const NEEDS: (u16, u16) = (60, 18);

    /// The menu showing `setup` (the defaults, or the last game's).
    pub fn new(setup: &Setup) -> StartMenu {
        let mut menu = StartMenu {
            games: GameChoice::new(setup),
            selected: 0,
            resume: None,
            notice: None,
            seats: [Seat::Human, Seat::Human],
            engines: Vec::new(),
        };
        menu.selected = menu.row_index(Row::Start);
        menu
    }

    /// The line showing `row` (the first line if none does).
    fn row_index(&self, row: Row) -> usize {
        self.rows().iter().position(|&r| r == row).unwrap_or(0)
    }

    /// Chooses the line that opens the saved games (coming back from them).
    pub fn with_library_selected(mut self) -> StartMenu {
        self.selected = self.row_index(Row::Library);
        self
    }

    /// Offers to resume an unfinished game (described by `resume`) first.
    pub fn with_resume(mut self, resume: Option<String>) -> StartMenu {
        if resume.is_some() {
            self.resume = resume;
            self.selected = 0;
        }
        self
    }

    /// Shows `notice` at the bottom until the first key.
    pub fn with_notice(mut self, notice: Option<String>) -> StartMenu {
        self.notice = notice;
        self
    }

    /// Shows `seats` as who plays each side.
    pub fn with_seats(mut self, seats: [Seat; 2]) -> StartMenu {
        self.seats = seats;
        self
    }

    pub fn seats(&self) -> [Seat; 2] {
        self.seats.clone()
    }

    /// Offers `engines` (the configured ones) as players of their games.
    pub fn with_engines(mut self, engines: Vec<EngineSettings>) -> StartMenu {
        self.engines = engines;
        self
    }

    /// Who may play a side of the game chosen: a person, the computer at
    /// each level, and each engine configured for the game.
    fn seat_choices(&self) -> Vec<Seat> {
        let mut choices = vec![Seat::Human];
        choices.extend(
            (Level::MIN.get()..=Level::MAX.get()).filter_map(|n| Level::new(n).map(Seat::Computer)),
        );
        choices.extend(
            self.engines
                .iter()
                .filter(|engine| engine.plays(self.games.kind()))
                .map(|engine| Seat::Engine(Outside::Named(engine.name.clone()))),
        );
        choices
    }

    /// How to add an outside engine, while a player is being chosen and
    /// none is configured for the game.
    fn engine_hint(&self) -> Option<&'static str> {
        let choosing = matches!(self.rows().get(self.selected), Some(Row::Seat(_)));
        let offered = self.seat_choices();
        let none = !offered.iter().any(|seat| matches!(seat, Seat::Engine(_)));
        (choosing && none).then_some("Play a GTP engine: tabletop engines add NAME COMMAND")
    }

    /// Whether Enter now resumes the unfinished game.
    pub fn resume_selected(&self) -> bool {
        self.rows().get(self.selected) == Some(&Row::Resume)
    }

    /// Whether Enter now opens the saved games.
    pub fn library_selected(&self) -> bool {
        self.rows().get(self.selected) == Some(&Row::Library)
    }

    pub fn puzzles_selected(&self) -> bool {
        self.rows().get(self.selected) == Some(&Row::Puzzles)
    }

    #[cfg(test)]
    fn values(&self) -> &[usize] {
        self.games.values()
    }

    /// The game chosen, with its settings.
    pub fn choice(&self) -> Setup {
        self.games.setup()
    }

    fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        if self.resume.is_some() {
            rows.push(Row::Resume);
        }
        rows.push(Row::Game);
        rows.extend((0..self.games.count()).map(Row::Setting));
        rows.extend(Player::BOTH.map(Row::Seat));
        rows.push(Row::Start);
        rows.push(Row::Library);
        rows.push(Row::Puzzles);
        rows
    }

    pub fn step(&mut self, direction: Direction) {
        self.notice = None;
        let count = self.rows().len();
        if let Some(by) = menu_step(&mut self.selected, count, direction) {
            self.change(by);
        }
    }

    /// Moves the selected line one step; settings are only ever allowed,
    /// and a change that would take a later one out of range brings it in.
    fn change(&mut self, by: isize) {
        match self.rows()[self.selected] {
            Row::Game => {
                self.games.step_game(by);
                self.selected = self.row_index(Row::Game);
                // An engine that does not play the new game leaves its seat.
                let choices = self.seat_choices();
                for seat in &mut self.seats {
                    if matches!(seat, Seat::Engine(Outside::Named(_))) && !choices.contains(seat) {
                        *seat = Seat::Human;
                    }
                }
            }
            Row::Setting(setting) => self.games.step_setting(setting, by),
            Row::Seat(player) => {
                let side = player.index();
                let choices = self.seat_choices();
                // A seat not among the choices (an engine given by its
                // command) steps from the first.
                let at = choices
                    .iter()
                    .position(|seat| *seat == self.seats[side])
                    .unwrap_or(0);
                let next = (at + choices.len()).saturating_add_signed(by) % choices.len();
                self.seats[side] = choices[next].clone();
            }
            Row::Start | Row::Resume | Row::Library | Row::Puzzles => {}
        }
    }

    fn value(&self, row: Row) -> String {
        match row {
            Row::Game => self.games.kind().title().to_string(),
            Row::Setting(i) => self.games.shown(i),
            Row::Seat(player) => seat_name(&self.seats[player.index()]),
            Row::Start | Row::Resume | Row::Library | Row::Puzzles => String::new(),
        }
    }

    fn label(&self, row: Row) -> String {
        match row {
            Row::Game => "Game".to_string(),
            Row::Setting(i) => self.games.label(i).to_string(),
            Row::Seat(player) => format!("Player {}", self.games.kind().symbol(player)),
            Row::Start | Row::Resume | Row::Library | Row::Puzzles => String::new(),
        }
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let mut lines = vec![Line::raw(""), self.games.titles(theme), Line::raw("")];
        let rows = self.rows();
        for (i, &row) in rows.iter().enumerate() {
            let style = if i == self.selected {
                theme.selected()
            } else {
                Default::default()
            };
            let line = match row {
                Row::Start => Line::styled("[ Start ]", style).centered(),
                Row::Library => Line::styled("[ Saved games ]", style).centered(),
                Row::Puzzles => Line::styled("[ Puzzles ]", style).centered(),
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
        // A notice takes the lines left free, wrapped; the box grows for
        // a long one when the terminal has room.
        let room = usize::from(Self::NEEDS.0.saturating_sub(4));
        let wrap = |notice: &str, most: usize| wrapped(notice, room, most.max(1));
        let (notice, notice_style) = match (&self.notice, self.engine_hint()) {
            (Some(notice), _) => (Some(notice.as_str()), theme.message()),
            (None, Some(hint)) => (Some(hint), theme.dim()),
            (None, None) => (None, theme.message()),
        };
        let wants = notice.map_or(0, |n| wrap(n, 4).len());
        let free = usize::from(Self::NEEDS.1 - 2).saturating_sub(lines.len() + 1);
        let grow = u16::try_from(wants.saturating_sub(free)).unwrap_or(0);
        let [area] = Layout::horizontal([Constraint::Length(Self::NEEDS.0)])
            .flex(Flex::Center)
            .areas(area);
        let [area] = Layout::vertical([Constraint::Length(Self::NEEDS.1 + grow)])
            .flex(Flex::Center)
            .areas(area);
        let block = Block::bordered().title(Line::styled(" tabletop ", theme.title()).centered());
        let inner = block.inner(area);
        block.render(area, buf);
        let free = usize::from(inner.height).saturating_sub(lines.len() + 1);
        let notice: Vec<Line> = notice.map_or_else(Vec::new, |notice| {
            wrap(notice, free)
                .into_iter()
                .map(|line| Line::styled(line, notice_style).centered())
                .collect()
        });
        let spare = free.saturating_sub(notice.len());
        lines.extend((0..spare).map(|_| Line::raw("")));
        lines.extend(notice);
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

/// `Human`, `Computer 3`, `Engine mohex`.
fn seat_name(seat: &Seat) -> String {
    match seat {
        Seat::Engine(outside) => format!("Engine {}", outside.name()),
        _ => {
            let label = seat.label();
            let mut chars = label.chars();
            chars.next().map_or(label.clone(), |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    fn select(menu: &mut StartMenu, row: Row) {
        menu.selected = menu
            .rows()
            .iter()
            .position(|&r| r == row)
            .expect("row shown");
    }

    #[test]
    fn settings_stay_valid_whatever_is_changed() {
        let mut menu = StartMenu::new(&Setup::default());
        select(&mut menu, Row::Setting(0));
        for _ in 0..10 {
            menu.step(Direction::Left);
        }
        assert_eq!(menu.values()[0], 4);
        assert_eq!(menu.values()[1], 8);
        select(&mut menu, Row::Setting(2));
        for _ in 0..10 {
            menu.step(Direction::Right);
        }
        assert_eq!(menu.values()[2], 4);
        select(&mut menu, Row::Setting(0));
        for _ in 0..40 {
            menu.step(Direction::Right);
        }
        assert_eq!(menu.values()[0], 26);
    }

    #[test]
    fn every_game_can_be_chosen_with_its_own_settings() {
        let mut menu = StartMenu::new(&Setup::default());
        for &kind in GameKind::ALL.iter().skip(1).chain(GameKind::ALL.first()) {
            select(&mut menu, Row::Game);
            menu.step(Direction::Right);
            assert_eq!(menu.choice().kind(), kind);
        }
    }

    #[test]
    fn every_setting_of_every_game_reaches_each_end_of_its_range() {
        for &kind in GameKind::ALL {
            for (i, setting) in kind.settings().iter().enumerate() {
                let mut menu = StartMenu::new(&Setup::default_of(kind));
                select(&mut menu, Row::Setting(i));
                let mut seen = vec![menu.values()[i]];
                for direction in [Direction::Left, Direction::Right] {
                    for _ in 0..40 {
                        menu.step(direction);
                        seen.push(menu.values()[i]);
                        assert!(Setup::new(kind, menu.values().to_vec()).is_ok());
                    }
                }
                let allowed = setting.allowed(&menu.values()[..i]);
                assert!(seen.contains(&allowed.min), "{kind} {}", setting.name);
                assert!(seen.contains(&allowed.max), "{kind} {}", setting.name);
                assert_eq!(menu.choice().values(), menu.values());
            }
        }
    }

    #[test]
    fn both_seats_can_be_changed_for_every_game() {
        for &kind in GameKind::ALL {
            let mut menu = StartMenu::new(&Setup::default_of(kind));
            for player in Player::BOTH {
                select(&mut menu, Row::Seat(player));
                menu.step(Direction::Right);
                menu.step(Direction::Right);
            }
            let two = Seat::Computer(Level::new(2).expect("a level"));
            assert_eq!(menu.seats(), [two.clone(), two]);
            assert_eq!(menu.choice().kind(), kind);
        }
    }

    #[test]
    fn the_engines_configured_for_a_game_are_offered_after_the_computer() {
        let engine = |name: &str, games: Vec<GameKind>| EngineSettings {
            games,
            ..EngineSettings::of_command(name)
        };
        let mut menu = StartMenu::new(&Setup::default_of(GameKind::Hex)).with_engines(vec![
            engine("mohex", vec![GameKind::Hex]),
            engine("rhino", vec![GameKind::Reversi]),
            engine("any", Vec::new()),
        ]);
        select(&mut menu, Row::Seat(Player::Second));
        let mut shown = Vec::new();
        for _ in 0..8 {
            menu.step(Direction::Right);
            shown.push(menu.value(Row::Seat(Player::Second)));
        }
        assert_eq!(
            shown,
            [
                "Computer 1",
                "Computer 2",
                "Computer 3",
                "Computer 4",
                "Computer 5",
                "Engine mohex",
                "Engine any",
                "Human"
            ]
        );
        // An engine that does not play the next game leaves its seat.
        menu.step(Direction::Left);
        menu.step(Direction::Left);
        assert_eq!(menu.value(Row::Seat(Player::Second)), "Engine mohex");
        select(&mut menu, Row::Game);
        menu.step(Direction::Right);
        assert_eq!(menu.seats()[1], Seat::Human);
    }

    #[test]
    fn choosing_a_player_says_how_to_add_an_engine_until_one_plays_the_game() {
        let mut menu = StartMenu::new(&Setup::default_of(GameKind::Hex));
        select(&mut menu, Row::Game);
        assert_eq!(menu.engine_hint(), None);
        select(&mut menu, Row::Seat(Player::First));
        let hint = menu.engine_hint().expect("a hint");
        assert!(hint.contains("tabletop engines add"), "{hint}");
        let mohex = EngineSettings {
            games: vec![GameKind::Hex],
            ..EngineSettings::of_command("mohex")
        };
        let mut menu = menu.with_engines(vec![mohex]);
        select(&mut menu, Row::Seat(Player::First));
        assert_eq!(menu.engine_hint(), None);
    }
}
