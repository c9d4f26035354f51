//! The full-screen app: input → [`Action`] → the screen's `update` → draw.
//!
//! The app only routes: each key press becomes an action by the keymap of
//! the screen shown ([`keys`]), the screen applies it and says where to go
//! next ([`screens::Transition`]), and the app switches screens, keeping
//! the ones to come back to. It also holds what every screen shares: the
//! look, the help overlay, the notice when the terminal is too small. The
//! loop ([`run`]) blocks on input while nothing moves, and the terminal is
//! restored on every way out ([`terminal`]).

pub mod action;
pub mod animation;
pub mod ascii;
pub mod door;
pub mod evaluation;
pub mod fit;
pub mod games;
pub mod keys;
pub mod looks;
mod options;
pub mod paths;
pub mod remembered;
pub mod run;
pub mod screens;
pub mod search_queue;
pub mod terminal;
pub mod theme;
pub mod themes;
pub mod widgets;

pub use options::{Options, Start};
pub use run::{run, run_game};
pub use screens::start::unfinished::unfinished_autosave;

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use action::Action;
use keys::Mode;
use looks::Look;
use screens::keeping::Keep;
use screens::lobby::Lobby;
use screens::puzzles::Puzzles;
use screens::start::{Folders, StartMenu};
use screens::{Context, Screen, Tick, Transition, help, play, replay, too_small};
use theme::Theme;

use crate::games::AnyRecord;

pub struct App {
    screen: Box<dyn Screen>,
    /// The screens to come back to, the nearest last; at the bottom the
    /// home (the start screen or a lobby), if one was shown.
    behind: Vec<Box<dyn Screen>>,
    /// The start screen for a home when none is behind (the app started
    /// on a game, say).
    home: StartMenu,
    /// How far down the help is scrolled, while it is open.
    help: Option<u16>,
    context: Context,
    look: Look,
    quit: bool,
}

impl App {
    pub fn new(options: Options, area: Rect, theme: Theme) -> App {
        let (engines, engine_notices) = tabletop_core::config::engines::engines(&options.config);
        let folders = Folders {
            library: match &options.start {
                Start::Library(folder) => Some(folder.clone()),
                _ => options.library.clone(),
            },
            saved_games: options.library.clone(),
            autosave: options.autosave.clone(),
            remember: options.remember.clone(),
        };
        let home = StartMenu::new(&options.menu)
            .with_seats(options.seats.clone())
            .with_clock(options.clock)
            .with_engines(engines)
            .with_folders(folders);
        let context = Context {
            area,
            animate: options.animate,
            autosave: options.autosave.clone(),
            keep: options
                .library
                .clone()
                .filter(|_| options.config.keeps_finished())
                .map_or(Keep::Nowhere, Keep::Folder),
            library: options.library.clone(),
            time: options.time.clone(),
            door: false,
        };
        let mut notices: Vec<String> = options.notice.iter().cloned().collect();
        // The start screen offers the autosaved game; what does not load
        // is said with the other notices.
        let unfinished = match (&options.start, &options.autosave) {
            (Start::Menu, Some(path)) => unfinished_autosave(path).unwrap_or_else(|why| {
                notices.insert(0, why);
                None
            }),
            _ => None,
        };
        notices.extend(engine_notices.iter().map(ToString::to_string));
        let look = Look::chosen(&options.config, options.looks.clone(), theme, &mut notices);
        let mut screen = first_screen(options, unfinished, &home, &context);
        screen.shown_in(&context);
        let mut app = App {
            screen,
            behind: Vec::new(),
            home,
            help: None,
            context,
            look,
            quit: false,
        };
        app.tell_notices(notices);
        app
    }

    /// Shows the first of `notices` (and how many more there are).
    fn tell_notices(&mut self, notices: Vec<String>) {
        let Some(first) = notices.first() else {
            return;
        };
        let more = match notices.len() - 1 {
            0 => String::new(),
            more => format!(" (and {more} more)"),
        };
        let mut notice = format!("{first}{more}");
        // A status line keeps the notice's start: the file and line.
        if !self.screen.is_home() {
            let width = usize::from(self.context.area.width);
            notice = fit::wrapped(&notice, width, 1).concat();
        }
        self.screen.tell(notice);
    }

    /// The player is gone without quitting (the SSH door's connection
    /// closed or idled): every screen open stops, as on quitting, so that
    /// what a screen keeps on leaving is kept.
    pub fn leave(&mut self) {
        if !self.quit {
            self.go(Transition::Quit);
        }
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// What keys mean right now.
    pub fn mode(&self) -> Mode {
        if self.too_small() {
            Mode::of(&too_small::TOO_SMALL)
        } else if self.help.is_some() {
            Mode::of(&help::KEYS)
        } else {
            self.screen.mode()
        }
    }

    /// Whether the loop must wake up without input (pieces are sliding).
    pub fn is_animating(&self) -> bool {
        self.screen.is_ticking()
    }

    /// Moves the screen on to `now`; whether it shows anything new (a
    /// game waiting on the network changes only when news comes or its
    /// clock's face turns).
    pub fn tick(&mut self, now: Instant) -> bool {
        match self.screen.tick(now, &self.context) {
            Tick::Same => false,
            Tick::Changed => true,
            Tick::Go(transition) => {
                self.go(transition);
                true
            }
        }
    }

    /// Applies one action: the only way the app's state changes.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Theme => {
                let said = self.look.next_theme();
                self.screen.tell(said);
            }
            Action::Pieces => {
                let said = self.look.next_pieces();
                self.screen.tell(said);
            }
            Action::Resize { width, height } => self.context.area = Rect::new(0, 0, width, height),
            Action::Quit => {
                if self.screen.may_quit() {
                    self.go(Transition::Quit);
                }
            }
            // Nothing reaches the screen behind the notice but a way out.
            _ if self.too_small() => {
                if action == Action::NewGame && !self.screen.is_home() {
                    self.go(Transition::Home);
                }
            }
            _ if self.help.is_some() => self.update_help(action),
            Action::Help => self.help = Some(0),
            _ => {
                let transition = self.screen.update(action, &self.context);
                self.go(transition);
            }
        }
    }

    /// The help is open: the arrows scroll it, and it closes.
    fn update_help(&mut self, action: Action) {
        let Some(scroll) = self.help else {
            return;
        };
        let most = help::max_scroll(&self.screen.help(), self.context.area);
        let page = help::page(self.context.area);
        self.help = match action {
            Action::UP => Some(scroll.saturating_sub(1)),
            Action::DOWN => Some((scroll + 1).min(most)),
            Action::PageUp => Some(scroll.saturating_sub(page)),
            Action::PageDown => Some((scroll + page).min(most)),
            Action::Cancel | Action::Help => None,
            _ => Some(scroll),
        };
    }

    /// Goes where a screen said.
    fn go(&mut self, transition: Transition) {
        match transition {
            Transition::Stay => {}
            Transition::Quit => {
                self.screen.stop();
                self.behind.drain(..).for_each(|mut screen| screen.stop());
                self.quit = true;
            }
            Transition::Back => match self.behind.pop() {
                Some(mut screen) => {
                    screen.back(&self.context);
                    self.show(screen);
                }
                None => self.go(Transition::Quit),
            },
            Transition::Home => {
                let mut behind = std::mem::take(&mut self.behind).into_iter();
                let home = match behind.next() {
                    Some(home) if home.is_home() => home,
                    _ => Box::new(self.home.clone()),
                };
                behind.for_each(|mut screen| screen.stop());
                let mut home = home;
                home.back(&self.context);
                self.show(home);
            }
            Transition::Open(mut screen) => {
                screen.shown_in(&self.context);
                let shown = std::mem::replace(&mut self.screen, screen);
                self.behind.push(shown);
                self.help = None;
            }
            Transition::Switch(mut screen) => {
                screen.shown_in(&self.context);
                // Whatever was switched to, there is a home to go to.
                if self.behind.is_empty() {
                    self.behind.push(Box::new(self.home.clone()));
                }
                self.show(screen);
            }
            Transition::Continue(record) => {
                let game = play::continued(*record, &self.context);
                self.go(Transition::Switch(game));
            }
        }
    }

    /// Shows `screen` in place of the one shown, which stops.
    fn show(&mut self, screen: Box<dyn Screen>) {
        let mut shown = std::mem::replace(&mut self.screen, screen);
        shown.stop();
        self.help = None;
    }

    /// Whether the terminal is too small for the screen shown.
    fn too_small(&self) -> bool {
        !self.screen.fits(self.context.area)
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.look.theme;
        if !self.screen.fits(area) {
            let fits = |area| self.screen.fits(area);
            let growth = too_small::Growth::of(fits, self.screen.needs(area), area);
            too_small::render(area, buf, growth, self.screen.is_home(), theme);
        } else {
            self.screen.render(area, buf, theme);
            if let Some(scroll) = self.help {
                help::render(&self.screen.help(), scroll, area, buf, theme);
            }
        }
        if theme.is_ascii() {
            ascii::asciify(buf, area);
        }
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        App::render(self, area, buf);
    }
}

/// The screen the app opens on.
fn first_screen(
    options: Options,
    unfinished: Option<AnyRecord>,
    home: &StartMenu,
    context: &Context,
) -> Box<dyn Screen> {
    match options.start {
        Start::Menu => Box::new(home.clone().with_resume(unfinished)),
        Start::Game(setup) => play::new_game(&setup, options.seats, options.clock, context),
        Start::Continue(record) => play::continued(record, context),
        Start::Replay(record, path) => replay::viewer(record, path, false, context),
        Start::Library(_) => Box::new(home.library()),
        Start::Puzzles(puzzles, notices, progress) => {
            Box::new(Puzzles::new(puzzles, progress, notices))
        }
        Start::Lobby { address, name } => Box::new(Lobby::new(address, name)),
    }
}
