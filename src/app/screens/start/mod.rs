//! The start screen: which game, its settings ([`game_choice`]), who plays
//! each side; and the way to an unfinished game, the saved games and the
//! puzzles, by its [`keys`].

mod clocks;
pub mod game_choice;
pub mod keys;
mod strength;
pub mod unfinished;
mod view;

use std::path::PathBuf;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::action::{Action, Direction};
use crate::app::keys::Mode;
use crate::app::keys::footer::Item;
use crate::app::remembered::{self, Remembered};
use crate::app::screens::history::{History, NEEDS_A_KEY, RatedHistory};
use crate::app::screens::keeping::KeptGames;
use crate::app::screens::library::Library;
use crate::app::screens::lobby::Lobby;
use crate::app::screens::puzzles::Puzzles;
use crate::app::screens::puzzles::kept::KeptProgress;
use crate::app::screens::{Context, Screen, Transition, analysis, play};
use crate::app::theme::Theme;
use crate::games::{AnyRecord, Setup};
use game_choice::{GameChoice, menu_step};
use tabletop_ai::Level;
use tabletop_core::config::engines::EngineSettings;
use tabletop_core::counted::counted;
use tabletop_core::puzzles::gather::{gather, saved_games};
use tabletop_core::puzzles::progress;
use tabletop_core::seat::{Outside, Seat};
use tabletop_engine::Player;
use tabletop_engine::time_control::TimeControl;
use view::Clicked;

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
    /// The clock the game is played on.
    Clock,
    Start,
    /// Open the saved games.
    Library,
    /// Open the puzzles.
    Puzzles,
    /// Open the lobby of the server the app runs on (the SSH door's).
    Lobby,
    /// Open the player's rated and finished games (the SSH door's).
    History,
}

/// The SSH door's part of the menu: this server's lobby, where the
/// player is `name` (their key vouched for by `pass`), the way to
/// their rated games, where their puzzles' progress and their finished
/// games are kept (none for a guest).
#[derive(Clone, Debug, PartialEq)]
pub struct DoorMenu {
    pub address: String,
    pub name: String,
    pub pass: Option<String>,
    pub history: Option<RatedHistory>,
    pub progress: Option<KeptProgress>,
    pub games: Option<KeptGames>,
}

/// Where the screens the start screen opens find their files (none in
/// tests).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Folders {
    /// The saved games the library lists: the data folder's, or one named
    /// on the command line.
    pub library: Option<PathBuf>,
    /// The data folder's saved games, where puzzles are found too.
    pub saved_games: Option<PathBuf>,
    /// The game saved after every move, listed with the data folder's.
    pub autosave: Option<PathBuf>,
    /// Where the start screen is remembered.
    pub remember: Option<PathBuf>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StartMenu {
    games: GameChoice,
    selected: usize,
    /// The unfinished game on offer, if there is one.
    resume: Option<AnyRecord>,
    /// A line to show at the bottom, until a key is pressed.
    notice: Option<String>,
    seats: [Seat; 2],
    /// The clock a game is played on, if any.
    clock: Option<TimeControl>,
    /// The outside engines configured, offered as players of their games.
    engines: Vec<EngineSettings>,
    folders: Folders,
    /// The lobby of the server this app runs on, over its SSH door, and
    /// the player's rated games: offered in place of the saved games.
    lobby: Option<DoorMenu>,
}

impl StartMenu {
    /// Width and height the menu's box needs.
    pub const NEEDS: (u16, u16) = (60, 18);
    /// The smallest terminal the menu works in, without its box: a few
    /// of its lines at a time, and the keys.
    pub const SMALLEST: (u16, u16) = (32, 6);

    /// The menu showing `setup` (the defaults, or the last game's).
    pub fn new(setup: &Setup) -> StartMenu {
        let mut menu = StartMenu {
            games: GameChoice::new(setup),
            selected: 0,
            resume: None,
            notice: None,
            seats: [Seat::Human, Seat::Human],
            clock: None,
            engines: Vec::new(),
            folders: Folders::default(),
            lobby: None,
        };
        menu.selected = menu.row_index(Row::Start);
        menu
    }

    /// The line showing `row` (the first line if none does).
    fn row_index(&self, row: Row) -> usize {
        self.rows().iter().position(|&r| r == row).unwrap_or(0)
    }

    /// Opens the saved games and the puzzles in `folders`.
    pub fn with_folders(mut self, folders: Folders) -> StartMenu {
        self.folders = folders;
        self
    }

    /// Offers to resume an unfinished game first.
    pub fn with_resume(mut self, resume: Option<AnyRecord>) -> StartMenu {
        if resume.is_some() {
            self.resume = resume;
            self.selected = 0;
        }
        self
    }

    /// The menu of the SSH door: its lobby and the player's rated games
    /// in place of the saved games, and no outside engines.
    pub fn with_lobby(mut self, door: DoorMenu) -> StartMenu {
        self.lobby = Some(door);
        self.engines.clear();
        self.selected = self.row_index(Row::Start);
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

    /// Shows `clock` as the clock a game is played on.
    pub fn with_clock(mut self, clock: Option<TimeControl>) -> StartMenu {
        self.clock = clock;
        self
    }

    pub fn clock(&self) -> Option<TimeControl> {
        self.clock
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
        (choosing && none && self.lobby.is_none())
            .then_some("Play a GTP engine: tabletop engines add NAME COMMAND")
    }

    /// How strong the computer is on the player's line chosen, if it is
    /// the computer there.
    fn level_said(&self) -> Option<String> {
        match self.rows().get(self.selected) {
            Some(Row::Seat(player)) => {
                strength::said(self.games.kind(), &self.seats[player.index()])
            }
            _ => None,
        }
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
        rows.push(Row::Clock);
        rows.push(Row::Start);
        match self.lobby {
            Some(_) => rows.extend([Row::Lobby, Row::History]),
            None => rows.push(Row::Library),
        }
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
                self.game_changed();
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
            Row::Clock => self.clock = clocks::step(self.clock, by),
            Row::Start | Row::Resume | Row::Library | Row::Puzzles | Row::Lobby | Row::History => {}
        }
    }

    /// The game chosen changed: its line stays chosen (the lines of the
    /// settings change), and an engine that does not play the new game
    /// leaves its seat.
    fn game_changed(&mut self) {
        self.selected = self.row_index(Row::Game);
        let choices = self.seat_choices();
        for seat in &mut self.seats {
            if matches!(seat, Seat::Engine(Outside::Named(_))) && !choices.contains(seat) {
                *seat = Seat::Human;
            }
        }
    }

    /// What the screen opens on Enter, on the line chosen.
    fn open(&mut self, context: &Context) -> Transition {
        let screen: Box<dyn Screen> = match self.rows().get(self.selected) {
            Some(Row::Library) => Box::new(self.library()),
            Some(Row::Puzzles) => Box::new(self.puzzles()),
            Some(Row::Lobby) => match &self.lobby {
                Some(door) => Box::new(
                    Lobby::new(door.address.clone(), door.name.clone())
                        .with_pass(door.pass.clone()),
                ),
                None => return Transition::Stay,
            },
            Some(Row::History) => match &self.lobby {
                Some(DoorMenu {
                    name,
                    history: Some(history),
                    games,
                    ..
                }) => Box::new(History::read(name, history, games.as_ref())),
                _ => {
                    self.notice = Some(NEEDS_A_KEY.to_string());
                    return Transition::Stay;
                }
            },
            Some(Row::Resume) => match self.resume.take() {
                Some(record) => play::continued(record, context),
                None => return Transition::Stay,
            },
            _ => self.start(context),
        };
        Transition::Open(screen)
    }

    /// A click at `column`, `row`: on a game's title, it is chosen; on a
    /// line, the line is, and its value changes on `‹` or `›`; a button
    /// (Start, Saved games, ...) does what Enter does.
    fn click(&mut self, column: u16, row: u16, context: &Context) -> Transition {
        match self.clicked(context.area, column, row) {
            Some(Clicked::Game(kind)) => {
                self.games.choose(kind);
                self.game_changed();
            }
            Some(Clicked::Row(at, step)) => {
                self.selected = at;
                match (step, self.rows()[at]) {
                    (Some(by), _) => self.change(by),
                    (
                        None,
                        Row::Start
                        | Row::Resume
                        | Row::Library
                        | Row::Puzzles
                        | Row::Lobby
                        | Row::History,
                    ) => {
                        return self.open(context);
                    }
                    (None, _) => {}
                }
            }
            None => {}
        }
        Transition::Stay
    }

    fn value(&self, row: Row) -> String {
        match row {
            Row::Game => self.games.kind().title().to_string(),
            Row::Setting(i) => self.games.shown(i),
            Row::Seat(player) => seat_name(&self.seats[player.index()]),
            Row::Clock => clocks::name(self.clock),
            Row::Start | Row::Resume | Row::Library | Row::Puzzles | Row::Lobby | Row::History => {
                String::new()
            }
        }
    }

    /// What the computer on a player's line plays like, said beside it.
    fn beside(&self, row: Row) -> Option<&'static str> {
        match row {
            Row::Seat(player) => strength::beside(self.games.kind(), &self.seats[player.index()]),
            _ => None,
        }
    }

    fn label(&self, row: Row) -> String {
        match row {
            Row::Game => "Game".to_string(),
            Row::Setting(i) => self.games.label(i).to_string(),
            Row::Seat(player) => format!("Player {}", self.games.kind().symbol(player)),
            Row::Clock => "Clock".to_string(),
            Row::Start | Row::Resume | Row::Library | Row::Puzzles | Row::Lobby | Row::History => {
                String::new()
            }
        }
    }

    /// The puzzles of the saved games (when the app has files) and the
    /// built-in ones, with the progress kept in the data folder or, for
    /// the SSH door's player with a key, on the server.
    fn puzzles(&self) -> Puzzles {
        let saved = &self.folders.saved_games;
        let games = saved.as_deref().map(saved_games);
        let gathered = gather(games.as_deref().unwrap_or_default(), false);
        let mut notices = gathered.notices.clone();
        notices.extend(gathered.not_reviewed_line());
        if let Some(DoorMenu {
            progress: Some(kept),
            ..
        }) = &self.lobby
        {
            return Puzzles::kept(gathered.puzzles, kept, notices);
        }
        let progress = saved.as_ref().and_then(|_| progress::path());
        Puzzles::new(gathered.puzzles, progress, notices)
    }

    /// The saved games, with the autosave when they are the data folder's.
    pub fn library(&self) -> Library {
        let Folders {
            library,
            saved_games,
            autosave,
            ..
        } = &self.folders;
        let also = match (library, saved_games) {
            (Some(folder), Some(saved)) if folder == saved => autosave.iter().cloned().collect(),
            _ => Vec::new(),
        };
        Library::open(library.clone(), also)
    }

    /// A new game of the choice made, remembered for the next run.
    fn start(&self, context: &Context) -> Box<dyn Screen> {
        let setup = self.choice();
        let mut play = play::new_game(&setup, self.seats(), self.clock, context);
        if let Some(path) = &self.folders.remember {
            let chosen = Remembered {
                setup,
                seats: self.seats(),
                clock: self.clock,
            };
            if let Err(error) = remembered::save(path, &chosen) {
                play.tell(format!("The start screen was not remembered: {error}"));
            }
        }
        play
    }
}

impl Screen for StartMenu {
    fn mode(&self) -> Mode {
        Mode::of(&keys::MENU)
    }

    /// ← → are named only on a line they change (not on a button).
    fn offers(&self, action: Action) -> bool {
        if action == Action::LEFT || action == Action::RIGHT {
            return matches!(
                self.rows().get(self.selected),
                Some(Row::Game | Row::Setting(_) | Row::Seat(_) | Row::Clock)
            );
        }
        true
    }

    /// The keymap's, with Enter named for what it does on the line
    /// chosen: a button opens a screen or resumes a game.
    fn footer(&self) -> Vec<Item> {
        let mut items = self.mode().footer(|action| self.in_footer(action));
        let says = match self.rows().get(self.selected) {
            Some(Row::Resume) => "resume",
            Some(Row::Library | Row::Puzzles | Row::Lobby | Row::History) => "open",
            _ => return items,
        };
        items
            .iter_mut()
            .filter(|item| item.action == Action::Confirm)
            .for_each(|item| item.says = says.to_string());
        items
    }

    fn update(&mut self, action: Action, context: &Context) -> Transition {
        match action {
            Action::Step(direction) => self.step(direction),
            Action::Confirm => return self.open(context),
            Action::Analyse => return Transition::Open(analysis::empty_board(&self.choice())),
            Action::Click { column, row } => return self.click(column, row, context),
            Action::Cancel | Action::Quit => return Transition::Quit,
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        self.render_menu(area, buf, theme);
    }

    fn needs(&self, _area: Rect) -> (u16, u16) {
        Self::SMALLEST
    }

    fn tell(&mut self, message: String) {
        self.notice = Some(message);
    }

    /// Shown again after a game: the unfinished game on offer is the
    /// autosave's now (the game just left, if it was not over), and Start
    /// is chosen, or the saved games coming back from them.
    fn back(&mut self, context: &Context) {
        let row = self.rows().get(self.selected).copied();
        self.resume = context
            .autosave
            .as_deref()
            .filter(|_| !context.door)
            .and_then(|path| unfinished::unfinished_autosave(path).ok().flatten());
        self.notice = None;
        self.selected = match row {
            Some(Row::Library) => self.row_index(Row::Library),
            _ => self.row_index(Row::Start),
        };
    }

    fn is_home(&self) -> bool {
        true
    }
}

/// `Gekitai, 12 moves`: how the start screen names an unfinished game.
fn describe(record: &AnyRecord) -> String {
    format!(
        "{}, {}",
        record.kind().title(),
        counted(record.turns(), "move")
    )
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

    /// On a button the footer and the help leave out ← →, which change
    /// nothing there; on a line with a value they name them.
    #[test]
    fn left_and_right_are_named_only_where_they_change_something() {
        let mut menu = StartMenu::new(&Setup::default());
        let names_change = |menu: &StartMenu| {
            let in_footer = menu.footer().iter().any(|item| item.action == Action::LEFT);
            let in_help = menu.help().iter().any(|line| line.keys.contains('←'));
            assert_eq!(in_footer, in_help);
            in_footer
        };
        select(&mut menu, Row::Start);
        assert!(!names_change(&menu));
        select(&mut menu, Row::Puzzles);
        assert!(!names_change(&menu));
        for row in [Row::Game, Row::Clock, Row::Seat(Player::First)] {
            select(&mut menu, row);
            assert!(names_change(&menu), "{row:?}");
        }
    }

    /// The footer names what Enter does on the line chosen: it starts
    /// the game from a line of its settings, and opens the saved games or
    /// the puzzles from their buttons.
    #[test]
    fn the_footer_says_what_enter_does_on_the_line_chosen() {
        let mut menu = StartMenu::new(&Setup::default());
        let enter_says = |menu: &StartMenu| {
            menu.footer()
                .into_iter()
                .find(|item| item.action == Action::Confirm)
                .map(|item| item.says)
                .expect("Enter in the footer")
        };
        for row in [Row::Start, Row::Game, Row::Clock] {
            select(&mut menu, row);
            assert_eq!(enter_says(&menu), "start", "{row:?}");
        }
        for row in [Row::Library, Row::Puzzles] {
            select(&mut menu, row);
            assert_eq!(enter_says(&menu), "open", "{row:?}");
        }
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
