//! The full-screen app: input → [`Action`] → [`App::update`] → draw.
//!
//! The loop blocks on input while nothing moves, and ticks (about 60 times
//! a second) only while pieces slide. The terminal is restored on every way
//! out: quit, error, panic, Ctrl-C (which raw mode delivers as a key) and
//! the signals of [`terminal`].

pub mod action;
pub mod animation;
pub mod ascii;
pub mod evaluation;
pub mod fit;
pub mod games;
pub mod looks;
pub mod remembered;
pub mod screens;
pub mod terminal;
pub mod theme;
pub mod themes;
pub mod widgets;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use ratatui::{DefaultTerminal, Frame};

use action::{
    Action, BROWSE_KEYS, Direction, KeyHelp, LIBRARY_KEYS, MENU_KEYS, Mode, REPLAY_KEYS,
    action_for, board_help, help_of,
};
use remembered::Remembered;
use screens::library::Library;
use screens::lobby::{self as lobby, Lobby};
use screens::play::{Browse, Play, PlayScreen};
use screens::puzzles::{Leave, PUZZLE_KEYS, Puzzles};
use screens::replay::{Replay, ReplayScreen};
use screens::start::StartMenu;
use tabletop_core::puzzles::gather::{gather, saved_games};
use tabletop_core::puzzles::progress;
use theme::{BUILT_IN, Palette, Pieces, Theme};

use tabletop_core::config::Config;
use tabletop_core::config::engines::EngineSettings;

use crate::games::{AnyRecord, Interactive, Setup, WithRecord, WithSetup};
use tabletop_core::files;
use tabletop_core::seat::Seat;
use tabletop_engine::record::Record;

/// How often the screen is redrawn while something moves.
const FRAME: Duration = Duration::from_millis(16);

/// How the app starts.
#[derive(Clone, Debug)]
pub struct Options {
    /// The game and settings the start screen shows first.
    pub menu: Setup,
    pub start: Start,
    pub animate: bool,
    /// Where every game is saved after each move (none in tests).
    pub autosave: Option<PathBuf>,
    /// The folder of saved games the start screen's "Saved games" opens
    /// (none in tests, or on a system without a data folder).
    pub library: Option<PathBuf>,
    /// Who plays each side of a new game.
    pub seats: [Seat; 2],
    /// Where the start screen is remembered between runs (none in tests).
    pub remember: Option<PathBuf>,
    /// Where the chosen look (the colour theme) is remembered (none in
    /// tests).
    pub looks: Option<PathBuf>,
    /// A line for the start screen to show (a remembered start screen that
    /// could not be read).
    pub notice: Option<String>,
    /// The player's config file, read: its colour themes join the
    /// built-in ones, and what was wrong with it is shown once (empty in
    /// tests).
    pub config: Config,
}

/// The first screen.
#[derive(Clone, Debug)]
pub enum Start {
    /// The start screen (offering to resume an unfinished autosaved game).
    Menu,
    /// A new game, at once.
    Game(Setup),
    /// A saved game, continued from its last position.
    Continue(AnyRecord),
    /// A saved game in the replay viewer, and the file it was read from
    /// (a review made in the viewer is kept there).
    Replay(AnyRecord, Option<PathBuf>),
    /// The saved games in a folder.
    Library(PathBuf),
    /// Puzzles to solve, with lines about files that gave none, and where
    /// progress is kept (none in tests).
    Puzzles(
        Vec<tabletop_core::puzzles::Puzzle>,
        Vec<String>,
        Option<PathBuf>,
    ),
    /// The lobby of the server at `address`, where the player is `name`.
    Lobby { address: String, name: String },
}

enum Screen {
    Start(StartMenu),
    Play(Box<dyn PlayScreen>),
    Replay(Box<dyn ReplayScreen>),
    Library(Library),
    Puzzles(Box<Puzzles>),
    Lobby(Box<Lobby>),
}

/// The look the app starts with: `theme` with the colour theme and piece style chosen last time, as
/// far as they are still there (`remembered`, the file); the themes F2 goes
/// through (the built-in ones, then those of `config`); and which of them
/// it is. Whatever was wrong with either is added to `notices`.
fn chosen_look(
    config: &Config,
    remembered: Option<&std::path::Path>,
    mut theme: Theme,
    notices: &mut Vec<String>,
) -> (Theme, Vec<(String, Palette)>, usize) {
    let (user_themes, theme_notices) = crate::app::themes::themes(config);
    let themes: Vec<(String, Palette)> = BUILT_IN
        .iter()
        .map(|(name, palette)| (name.to_string(), *palette))
        .chain(user_themes)
        .collect();
    notices.extend(config.notices.iter().map(ToString::to_string));
    notices.extend(theme_notices.iter().map(ToString::to_string));
    let mut at = themes
        .iter()
        .position(|(_, palette)| *palette == theme.palette)
        .unwrap_or(0);
    match remembered.map(looks::load) {
        Some(Ok(Some(chosen))) => {
            match themes.iter().position(|(name, _)| *name == chosen.theme) {
                Some(found) => at = found,
                None => notices.push(format!(
                    "The theme {:?} chosen last time is not there any more: {} instead",
                    chosen.theme, themes[0].0
                )),
            }
            if let Some(pieces) = chosen.pieces.as_deref().and_then(Pieces::named) {
                theme.pieces = pieces;
            }
        }
        Some(Err(why)) => notices.push(why),
        Some(Ok(None)) | None => {}
    }
    theme.palette = themes[at].1;
    (theme, themes, at)
}

/// The autosaved game, if it is there, loads, and is not finished.
pub fn unfinished_autosave() -> Option<AnyRecord> {
    let path = files::autosave_path()?;
    if !path.exists() {
        return None;
    }
    let record = files::load(&path).ok()?;
    (!record.is_over()).then_some(record)
}

/// The game screen for a new game.
struct NewGame {
    animate: bool,
    autosave: Option<PathBuf>,
    seats: [Seat; 2],
}

impl WithSetup for NewGame {
    type Output = Box<dyn PlayScreen>;
    fn run<G: Interactive>(self, settings: G::Settings) -> Box<dyn PlayScreen> {
        let play = Play::new(G::new(settings), self.animate);
        Box::new(play.autosave_to(self.autosave).with_seats(self.seats))
    }
}

/// The game screen for a record, continued from its last position.
struct Continue {
    animate: bool,
    autosave: Option<PathBuf>,
}

impl WithRecord for Continue {
    type Output = Box<dyn PlayScreen>;
    fn run<G: Interactive>(self, record: Record<G>) -> Box<dyn PlayScreen> {
        Box::new(Play::resume(&record, self.animate, self.autosave))
    }
}

/// The replay viewer for a record.
struct Watch {
    /// The file the record was read from, where a review is kept.
    path: Option<PathBuf>,
    animate: bool,
}

impl WithRecord for Watch {
    type Output = Box<dyn ReplayScreen>;
    fn run<G: Interactive>(self, record: Record<G>) -> Box<dyn ReplayScreen> {
        Box::new(Replay::new(record, self.path, self.animate))
    }
}

/// `Gekitai, 12 moves`: how the start screen names an unfinished game.
fn describe_record(record: &AnyRecord) -> String {
    format!(
        "{}, {}",
        record.kind().title(),
        fit::counted(record.turns(), "move")
    )
}

pub struct App {
    screen: Screen,
    help: bool,
    /// How far down the help is scrolled.
    help_scroll: u16,
    /// The terminal's size, for mapping clicks (kept up to date by resizes).
    area: Rect,
    theme: Theme,
    /// The colour themes F2 goes through: the built-in ones, then the
    /// player's, by name.
    themes: Vec<(String, Palette)>,
    /// Which of them is shown.
    theme_at: usize,
    animate: bool,
    /// The last game chosen, offered again on the start screen.
    last_choice: Setup,
    autosave: Option<PathBuf>,
    /// Who played the last game, offered again on the start screen.
    seats: [Seat; 2],
    /// The outside engines in the player's config.toml (read in a real
    /// run only, like the remembered start screen), offered as players.
    engines: Vec<EngineSettings>,
    /// An unfinished autosaved game the start screen offers to resume.
    unfinished: Option<AnyRecord>,
    /// Where the start screen is remembered.
    remember: Option<PathBuf>,
    /// Where the colour theme chosen is remembered.
    looks: Option<PathBuf>,
    /// The folder of saved games (the data folder's).
    saved_games: Option<PathBuf>,
    /// The folder the saved games screen shows: the data folder's, or the
    /// one named on the command line.
    library_folder: Option<PathBuf>,
    /// Where Esc in the replay viewer or the puzzles goes back to.
    behind: Behind,
    quit: bool,
}

/// The screen the replay viewer or the puzzles were opened from, which
/// Esc goes back to.
enum Behind {
    /// None: the viewer was the first screen, so Esc quits.
    Nothing,
    Library(Library),
    /// The start screen: a finished game reviewed, or the puzzles.
    Start,
    /// The lobby a network game was entered from.
    Lobby(Box<Lobby>),
}

impl App {
    pub fn new(options: Options, area: Rect, theme: Theme) -> App {
        let (animate, autosave, seats) = (options.animate, options.autosave.clone(), options.seats);
        let mut unfinished = None;
        let mut library_folder = options.library.clone();
        let (engines, engine_notices) = tabletop_core::config::engines::engines(&options.config);
        let screen = match options.start {
            Start::Menu => {
                unfinished = autosave.as_ref().and_then(|_| unfinished_autosave());
                let resume = unfinished.as_ref().map(describe_record);
                let menu = StartMenu::new(&options.menu)
                    .with_seats(seats.clone())
                    .with_engines(engines.clone());
                Screen::Start(menu.with_resume(resume))
            }
            Start::Game(setup) => Screen::Play(crate::games::with_setup(
                &setup,
                NewGame {
                    animate,
                    autosave: autosave.clone(),
                    seats: seats.clone(),
                },
            )),
            Start::Continue(record) => Screen::Play(crate::games::with_record(
                record,
                Continue {
                    animate,
                    autosave: autosave.clone(),
                },
            )),
            Start::Replay(record, path) => {
                Screen::Replay(crate::games::with_record(record, Watch { path, animate }))
            }
            Start::Library(folder) => {
                // Opened below, once the app knows its folders.
                library_folder = Some(folder);
                Screen::Library(Library::open(None, Vec::new()))
            }
            Start::Puzzles(puzzles, notices, progress) => {
                Screen::Puzzles(Box::new(Puzzles::new(puzzles, progress, notices)))
            }
            Start::Lobby { address, name } => Screen::Lobby(Box::new(Lobby::new(address, name))),
        };
        let opens_library = matches!(screen, Screen::Library(_));
        let mut notices: Vec<String> = options.notice.iter().cloned().collect();
        notices.extend(engine_notices.iter().map(ToString::to_string));
        let (theme, themes, theme_at) = chosen_look(
            &options.config,
            options.looks.as_deref(),
            theme,
            &mut notices,
        );
        let mut app = App {
            screen,
            help: false,
            help_scroll: 0,
            area,
            theme,
            themes,
            theme_at,
            animate,
            last_choice: options.menu.clone(),
            autosave,
            seats,
            engines,
            unfinished,
            remember: options.remember,
            looks: options.looks.clone(),
            saved_games: options.library,
            library_folder,
            behind: Behind::Nothing,
            quit: false,
        };
        if opens_library {
            app.screen = Screen::Library(app.open_library());
        }
        if let Some(first) = notices.first() {
            let more = match notices.len() - 1 {
                0 => String::new(),
                more => format!(" (and {more} more)"),
            };
            let mut notice = format!("{first}{more}");
            // A status line keeps the notice's start: the file and line.
            if !matches!(app.screen, Screen::Start(_)) {
                let width = usize::from(area.width);
                notice = fit::wrapped(&notice, width, 1).concat();
            }
            app.tell(notice);
        }
        app
    }

    /// The saved games screen on the folder it shows.
    /// Changes to the next colour theme, remembers it and says which.
    fn next_theme(&mut self) {
        self.theme_at = (self.theme_at + 1) % self.themes.len();
        let (name, palette) = &self.themes[self.theme_at];
        self.theme = self.theme.with_palette(*palette);
        let said = if self.theme.colour {
            format!("Theme: {name}")
        } else {
            format!("Theme: {name} (NO_COLOR is set, so no colours)")
        };
        self.remember_looks(said);
    }

    /// Changes to the next piece style, remembers it and says which.
    fn next_pieces(&mut self) {
        let at = Pieces::ALL
            .iter()
            .position(|(_, pieces)| *pieces == self.theme.pieces)
            .map_or(0, |i| (i + 1) % Pieces::ALL.len());
        self.theme.pieces = Pieces::ALL[at].1;
        self.remember_looks(format!("Pieces: {}", Pieces::ALL[at].0));
    }

    /// Keeps the theme and piece style chosen, and tells the player
    /// `said` (and whether keeping it failed).
    fn remember_looks(&mut self, mut said: String) {
        if let Some(path) = &self.looks {
            let chosen = looks::Looks {
                theme: self.themes[self.theme_at].0.clone(),
                pieces: Some(self.theme.pieces.name().to_string()),
            };
            if let Err(error) = looks::save(path, &chosen) {
                said = format!("{said}; not remembered: {error}");
            }
        }
        self.tell(said);
    }

    /// Shows `said` on the screen's status or notice line.
    fn tell(&mut self, said: String) {
        match &mut self.screen {
            Screen::Play(play) => play.tell(said),
            Screen::Replay(replay) => replay.tell(said),
            Screen::Library(library) => library.tell(said),
            Screen::Start(menu) => *menu = menu.clone().with_notice(Some(said)),
            Screen::Lobby(lobby) => lobby.tell(said),
            Screen::Puzzles(_) => {}
        }
    }

    /// The puzzles of the saved games (when the app has files) and the
    /// built-in ones.
    fn open_puzzles(&self) -> Puzzles {
        let games = self.saved_games.as_deref().map(saved_games);
        let gathered = gather(games.as_deref().unwrap_or_default(), false);
        let mut notices = gathered.notices.clone();
        notices.extend(gathered.not_reviewed_line());
        let progress = self.saved_games.as_ref().and_then(|_| progress::path());
        Puzzles::new(gathered.puzzles, progress, notices)
    }

    fn open_library(&self) -> Library {
        let folder = self.library_folder.clone();
        let also = match (&folder, &self.saved_games) {
            (Some(folder), Some(saved)) if folder == saved => {
                self.autosave.iter().cloned().collect()
            }
            _ => Vec::new(),
        };
        Library::open(folder, also)
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// What keys mean right now.
    pub fn mode(&self) -> Mode {
        match &self.screen {
            _ if self.too_small() => Mode::TooSmall,
            _ if self.help => Mode::Help,
            Screen::Start(_) => Mode::Menu,
            Screen::Play(play) if play.is_browsing() => Mode::Browse,
            Screen::Play(play) if play.is_typing() => Mode::Typing,
            Screen::Play(play) => Mode::Board(play.typing()),
            Screen::Replay(_) => Mode::Replay,
            Screen::Library(library) if library.is_asking() => Mode::Asking,
            Screen::Library(_) => Mode::Library,
            Screen::Puzzles(puzzles) => puzzles.mode(),
            Screen::Lobby(lobby) => lobby.mode(),
        }
    }

    /// Whether the loop must wake up without input (pieces are sliding).
    pub fn is_animating(&self) -> bool {
        match &self.screen {
            Screen::Play(play) => play.is_animating(),
            Screen::Replay(replay) => replay.is_ticking(),
            Screen::Puzzles(puzzles) => puzzles.is_ticking(),
            Screen::Lobby(lobby) => lobby.is_ticking(),
            Screen::Start(_) | Screen::Library(_) => false,
        }
    }

    /// Moves animations on to `now`; whether the screen shows anything
    /// new (a game waiting on the network changes only when news comes
    /// or its clock's face turns).
    pub fn tick(&mut self, now: Instant) -> bool {
        match &mut self.screen {
            Screen::Play(play) => play.tick(now),
            Screen::Replay(replay) => {
                replay.tick(now);
                true
            }
            Screen::Puzzles(puzzles) => {
                puzzles.tick(now);
                true
            }
            Screen::Lobby(lobby) => {
                if let Some(entered) = lobby.tick() {
                    self.enter_from_lobby(entered);
                }
                true
            }
            Screen::Start(_) | Screen::Library(_) => false,
        }
    }

    /// The game entered from the lobby on the game screen, the lobby
    /// behind it to come back to; or, if the game cannot be shown, why.
    fn enter_from_lobby(&mut self, entered: crate::net::lobby::Entered) {
        let Screen::Lobby(lobby) = &mut self.screen else {
            return;
        };
        let notes = lobby.codes_lines();
        match lobby::game::network_game(entered.start, entered.session, notes, self.animate) {
            Ok(play) => {
                if let Screen::Lobby(lobby) =
                    std::mem::replace(&mut self.screen, Screen::Play(play))
                {
                    self.behind = Behind::Lobby(lobby);
                }
            }
            Err(why) => {
                lobby.back();
                lobby.tell(why);
            }
        }
    }

    /// Applies one action: the only place where the app's state changes.
    pub fn update(&mut self, action: Action) {
        self.apply(action);
        // The evaluation bar follows the position shown, however it changed.
        if let Screen::Play(play) = &mut self.screen {
            play.evaluate_shown();
        }
    }

    fn apply(&mut self, action: Action) {
        if action == Action::Theme {
            self.next_theme();
            return;
        }
        if action == Action::Pieces {
            self.next_pieces();
            return;
        }
        if let Action::Resize { width, height } = action {
            self.area = Rect::new(0, 0, width, height);
            return;
        }
        if action == Action::Quit {
            if let Screen::Play(play) = &mut self.screen {
                play.stop();
            }
            if let Screen::Puzzles(puzzles) = &mut self.screen {
                puzzles.stop();
            }
            self.quit = true;
            return;
        }
        if self.too_small() {
            // Nothing reaches the screen behind the notice but a way out.
            match action {
                Action::Cancel => self.quit = true,
                Action::NewGame => self.back_to_start(),
                _ => {}
            }
            return;
        }
        if self.help {
            match action {
                Action::Cancel | Action::Help => self.help = false,
                Action::Step(Direction::Up) => {
                    self.help_scroll = self.help_scroll.saturating_sub(1)
                }
                Action::Step(Direction::Down) => {
                    let most = screens::help::max_scroll(&self.help_keys(), self.area);
                    self.help_scroll = (self.help_scroll + 1).min(most);
                }
                _ => {}
            }
            return;
        }
        if action == Action::Help {
            self.help = true;
            self.help_scroll = 0;
            return;
        }
        match &mut self.screen {
            Screen::Lobby(lobby) => {
                if lobby.update(action, self.area) == lobby::Leave::Quit {
                    self.quit = true;
                }
            }
            Screen::Puzzles(puzzles) => {
                if puzzles.update(action, self.area) == Leave::Back {
                    match std::mem::replace(&mut self.behind, Behind::Nothing) {
                        Behind::Start => self.back_to_start(),
                        _ => self.quit = true,
                    }
                }
            }
            Screen::Start(menu) => match action {
                Action::Step(direction) => menu.step(direction),
                Action::Confirm if menu.library_selected() => {
                    self.screen = Screen::Library(self.open_library());
                }
                Action::Confirm if menu.puzzles_selected() => {
                    self.screen = Screen::Puzzles(Box::new(self.open_puzzles()));
                    self.behind = Behind::Start;
                }
                Action::Confirm if menu.resume_selected() => {
                    if let Some(record) = self.unfinished.take() {
                        self.screen = Screen::Play(crate::games::with_record(
                            record,
                            Continue {
                                animate: self.animate,
                                autosave: self.autosave.clone(),
                            },
                        ));
                    }
                }
                Action::Confirm => {
                    self.last_choice = menu.choice();
                    self.seats = menu.seats();
                    let mut play = crate::games::with_setup(
                        &self.last_choice,
                        NewGame {
                            animate: self.animate,
                            autosave: self.autosave.clone(),
                            seats: self.seats.clone(),
                        },
                    );
                    if let Some(path) = &self.remember {
                        let chosen = Remembered {
                            setup: self.last_choice.clone(),
                            seats: self.seats.clone(),
                        };
                        if let Err(error) = remembered::save(path, &chosen) {
                            play.tell(format!("The start screen was not remembered: {error}"));
                        }
                    }
                    self.screen = Screen::Play(play);
                }
                Action::Cancel => self.quit = true,
                _ => {}
            },
            Screen::Play(play) => {
                // A key during an animation ends it, then counts as usual.
                play.finish_animation();
                play.clear_message();
                play.stay(action);
                if play.is_browsing() {
                    let step = match action {
                        Action::Step(Direction::Left) => Some(Browse::Back),
                        Action::Step(Direction::Right) => Some(Browse::Forward),
                        Action::First => Some(Browse::First),
                        Action::Last => Some(Browse::Last),
                        Action::Cancel | Action::Confirm => Some(Browse::Leave),
                        _ => None,
                    };
                    if let Some(step) = step {
                        play.browse(step);
                        return;
                    }
                }
                match action {
                    Action::Step(direction) => play.step(direction),
                    Action::Confirm => play.confirm(),
                    Action::Type(c) => play.type_char(c),
                    Action::OpenAddress => play.open_address(),
                    Action::Save => play.open_save(),
                    Action::Chat => play.open_chat(),
                    Action::OfferDraw => play.offer_draw(),
                    Action::Accept => play.answer(true),
                    Action::Decline => play.answer(false),
                    Action::Hint => play.hint(),
                    Action::Pause => play.toggle_pause(),
                    Action::Evaluate => play.toggle_evaluation(),
                    Action::Review if play.offers(Action::Review) => {
                        self.screen = Screen::Replay(play.review());
                        // A game from the lobby goes back there.
                        if !matches!(self.behind, Behind::Lobby(_)) {
                            self.behind = Behind::Start;
                        }
                    }
                    Action::Resign => play.resign(),
                    Action::Replace(by) => play.replace_engine(by),
                    Action::Browse => play.browse(Browse::Back),
                    Action::Erase => play.erase(),
                    Action::Cancel => {
                        play.cancel();
                    }
                    Action::Click { column, row } => play.click(self.area, column, row),
                    Action::Undo => play.undo(),
                    Action::Redo => play.redo(),
                    // Leaving a game under way takes a second press, so one
                    // stray key never throws a game away.
                    Action::NewGame if play.is_over() || play.confirm_leaving() => {
                        self.back_to_start();
                    }
                    Action::NewGame => {}
                    _ => {}
                }
            }
            Screen::Replay(replay) => {
                replay.finish_animation();
                match action {
                    Action::Step(direction) => {
                        replay.step(matches!(direction, Direction::Right | Direction::Down));
                    }
                    Action::First => replay.first(),
                    Action::Last => replay.last(),
                    Action::Autoplay => replay.toggle_autoplay(),
                    Action::Faster => replay.faster(),
                    Action::Slower => replay.slower(),
                    Action::Type(c) => replay.type_digit(c),
                    Action::Erase => replay.erase(),
                    Action::Confirm => replay.confirm(),
                    Action::Cancel if !replay.cancel() => {
                        match std::mem::replace(&mut self.behind, Behind::Nothing) {
                            Behind::Library(mut library) => {
                                // The game may have been reviewed meanwhile.
                                library.reload();
                                self.screen = Screen::Library(library);
                            }
                            Behind::Start => self.back_to_start(),
                            Behind::Lobby(lobby) => self.back_to_lobby(lobby),
                            Behind::Nothing => self.quit = true,
                        }
                    }
                    Action::NextMistake => replay.next_mistake(),
                    Action::Review => replay.review(),
                    Action::Evaluate => replay.toggle_bar(),
                    Action::Continue => {
                        let play = replay.continue_play(self.animate, self.autosave.clone());
                        self.screen = Screen::Play(play);
                    }
                    _ => {}
                }
            }
            Screen::Library(library) => {
                if library.is_asking() {
                    // The answer to "move it to the trash?": any key but
                    // yes keeps the file, and does nothing else.
                    match action {
                        Action::Yes => library.delete(),
                        _ => library.keep(),
                    }
                    return;
                }
                library.clear_message();
                match action {
                    Action::Step(direction) => library.step(direction),
                    Action::First => library.first(),
                    Action::Last => library.last(),
                    Action::Sort => library.sort(),
                    Action::Filter => library.filter(true),
                    Action::Delete => library.delete(),
                    Action::Review | Action::Confirm => match library.record() {
                        Ok(record) => {
                            let mut replay = crate::games::with_record(
                                record,
                                Watch {
                                    path: library.chosen().map(|entry| entry.path.clone()),
                                    animate: self.animate,
                                },
                            );
                            // `r` on a game not reviewed yet reviews it there.
                            if action == Action::Review {
                                replay.review();
                            }
                            let replay = Screen::Replay(replay);
                            if let Screen::Library(library) =
                                std::mem::replace(&mut self.screen, replay)
                            {
                                self.behind = Behind::Library(library);
                            }
                        }
                        Err(why) => library.tell(why),
                    },
                    Action::Continue => match library.unfinished() {
                        Ok(record) => {
                            self.screen = Screen::Play(crate::games::with_record(
                                record,
                                Continue {
                                    animate: self.animate,
                                    autosave: self.autosave.clone(),
                                },
                            ));
                        }
                        Err(why) => library.tell(why),
                    },
                    Action::Cancel => self.back_to_start(),
                    _ => {}
                }
            }
        }
    }

    /// Back to the start screen, showing the last game chosen (and the
    /// line that opens the saved games, coming back from them).
    fn back_to_start(&mut self) {
        if let Screen::Start(_) | Screen::Lobby(_) = self.screen {
            return;
        }
        if let Screen::Play(play) = &mut self.screen {
            play.stop();
        }
        self.help = false;
        // A game entered from the lobby goes back there.
        if let Behind::Lobby(lobby) = std::mem::replace(&mut self.behind, Behind::Nothing) {
            self.back_to_lobby(lobby);
            return;
        }
        let mut menu = StartMenu::new(&self.last_choice)
            .with_seats(self.seats.clone())
            .with_engines(self.engines.clone());
        if let Screen::Library(_) = self.screen {
            menu = menu.with_library_selected();
        }
        self.screen = Screen::Start(menu);
    }

    /// Back to the lobby (leaving a game entered from it), listing again.
    fn back_to_lobby(&mut self, mut lobby: Box<Lobby>) {
        if let Screen::Play(play) = &mut self.screen {
            play.stop();
        }
        self.help = false;
        lobby.back();
        self.screen = Screen::Lobby(lobby);
    }

    /// Whether the terminal is too small for the current screen.
    fn too_small(&self) -> bool {
        !self.fits(self.area)
    }

    fn fits(&self, area: Rect) -> bool {
        match &self.screen {
            Screen::Start(_) => {
                area.width >= StartMenu::NEEDS.0 && area.height >= StartMenu::NEEDS.1
            }
            Screen::Play(play) => play.fits(area),
            Screen::Replay(replay) => replay.fits(area),
            Screen::Library(_) => area.width >= Library::NEEDS.0 && area.height >= Library::NEEDS.1,
            Screen::Puzzles(puzzles) => puzzles.fits(area),
            Screen::Lobby(_) => area.width >= Lobby::NEEDS.0 && area.height >= Lobby::NEEDS.1,
        }
    }

    /// Width and height the current screen needs, in the way closest to
    /// the terminal's `area`.
    fn needs(&self, area: Rect) -> (u16, u16) {
        match &self.screen {
            Screen::Start(_) => StartMenu::NEEDS,
            Screen::Play(play) => play.needs(area),
            Screen::Replay(replay) => replay.needs(area),
            Screen::Library(_) => Library::NEEDS,
            Screen::Puzzles(puzzles) => puzzles.needs(area),
            Screen::Lobby(_) => Lobby::NEEDS,
        }
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        self.render_screen(area, buf);
        if self.theme.is_ascii() {
            ascii::asciify(buf, area);
        }
    }

    fn render_screen(&self, area: Rect, buf: &mut Buffer) {
        if !self.fits(area) {
            let need = self.needs(area);
            let at_start = matches!(self.screen, Screen::Start(_) | Screen::Lobby(_));
            screens::render_too_small(area, buf, need, at_start, self.theme);
            return;
        }
        match &self.screen {
            Screen::Start(menu) => menu.render(area, buf, self.theme),
            Screen::Play(play) => play.render(area, buf, self.theme),
            Screen::Replay(replay) => replay.render(area, buf, self.theme),
            Screen::Library(library) => library.render(area, buf, self.theme),
            Screen::Puzzles(puzzles) => puzzles.render(area, buf, self.theme),
            Screen::Lobby(lobby) => lobby.render(area, buf, self.theme),
        }
        if self.help {
            screens::help::render(&self.help_keys(), self.help_scroll, area, buf, self.theme);
        }
    }

    /// The keys the help lists for the screen and mode the player is in.
    fn help_keys(&self) -> Vec<KeyHelp> {
        match &self.screen {
            Screen::Start(_) => help_of(MENU_KEYS),
            Screen::Play(play) if play.is_browsing() => help_of(BROWSE_KEYS),
            Screen::Play(play) => board_help(play.typing(), |action| play.offers(action)),
            Screen::Replay(_) => help_of(REPLAY_KEYS),
            Screen::Library(_) => help_of(LIBRARY_KEYS),
            Screen::Puzzles(_) => help_of(PUZZLE_KEYS),
            Screen::Lobby(lobby) => lobby.help(),
        }
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        App::render(self, area, buf);
    }
}

/// Runs the app in the terminal until the player quits.
pub fn run(options: Options) -> anyhow::Result<()> {
    run_on(options, None)
}

/// Runs the app on a game screen made before it (a network game), with
/// the start screen of `options` behind it.
pub fn run_game(options: Options, play: Box<dyn PlayScreen>) -> anyhow::Result<()> {
    run_on(options, Some(play))
}

fn run_on(options: Options, play: Option<Box<dyn PlayScreen>>) -> anyhow::Result<()> {
    let mut terminal = terminal::take_over()?;
    let result = event_loop(&mut terminal, options, play);
    terminal::give_back();
    result
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    options: Options,
    play: Option<Box<dyn PlayScreen>>,
) -> anyhow::Result<()> {
    let size = terminal.size()?;
    let mut app = App::new(
        options,
        Rect::new(0, 0, size.width, size.height),
        Theme::from_env(),
    );
    if let Some(play) = play {
        app.screen = Screen::Play(play);
    }
    let mut dirty = true;
    while !app.should_quit() {
        if dirty {
            let _drawing = terminal::drawing();
            terminal.draw(|frame: &mut Frame| frame.render_widget(&app, frame.area()))?;
            dirty = false;
        }
        // Idle means idle: block on input unless something is moving.
        let ready = if app.is_animating() {
            event::poll(FRAME)?
        } else {
            true
        };
        if ready {
            let event = event::read()?;
            if let Some(action) = action_for(&event, app.mode()) {
                app.update(action);
                dirty = true;
            }
        } else {
            dirty = app.tick(Instant::now());
        }
    }
    Ok(())
}
