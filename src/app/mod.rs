//! The full-screen app: input → [`Action`] → [`App::update`] → draw.
//!
//! The loop blocks on input while nothing moves, and ticks (about 60 times
//! a second) only while pieces slide. The terminal is restored on every way
//! out: quit, error, panic, and Ctrl-C (which raw mode delivers as a key).

pub mod action;
pub mod animation;
pub mod games;
pub mod screens;
pub mod session;
pub mod theme;
pub mod widgets;

use std::io;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::{cursor, execute};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use ratatui::{DefaultTerminal, Frame};

use action::{Action, GAME_KEYS, MENU_KEYS, Mode, action_for};
use screens::play::PlayScreen;
use screens::start::{Choice, StartMenu};
use theme::Theme;

/// How often the screen is redrawn while something moves.
const FRAME: Duration = Duration::from_millis(16);

/// How the app starts.
#[derive(Clone, Debug)]
pub struct Options {
    /// The game and settings the start screen shows first.
    pub menu: Choice,
    /// Start this game at once instead of showing the start screen.
    pub game: Option<Choice>,
    pub animate: bool,
}

enum Screen {
    Start(StartMenu),
    Play(Box<dyn PlayScreen>),
}

pub struct App {
    screen: Screen,
    help: bool,
    /// The terminal's size, for mapping clicks (kept up to date by resizes).
    area: Rect,
    theme: Theme,
    animate: bool,
    /// The last game chosen, offered again on the start screen.
    last_choice: Choice,
    quit: bool,
}

impl App {
    pub fn new(options: Options, area: Rect, theme: Theme) -> App {
        let screen = match options.game {
            Some(choice) => Screen::Play(choice.start(options.animate)),
            None => Screen::Start(StartMenu::new(options.menu)),
        };
        App {
            screen,
            help: false,
            area,
            theme,
            animate: options.animate,
            last_choice: options.game.unwrap_or(options.menu),
            quit: false,
        }
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// What keys mean right now.
    pub fn mode(&self) -> Mode {
        match &self.screen {
            _ if self.help => Mode::Help,
            Screen::Start(_) => Mode::Menu,
            Screen::Play(play) if play.is_typing() => Mode::Typing,
            Screen::Play(play) => Mode::Board {
                columns: play.columns(),
            },
        }
    }

    /// Whether the loop must wake up without input (pieces are sliding).
    pub fn is_animating(&self) -> bool {
        matches!(&self.screen, Screen::Play(play) if play.is_animating())
    }

    /// Moves animations on to `now`.
    pub fn tick(&mut self, now: Instant) {
        if let Screen::Play(play) = &mut self.screen {
            play.tick(now);
        }
    }

    /// Applies one action: the only place where the app's state changes.
    pub fn update(&mut self, action: Action) {
        if let Action::Resize { width, height } = action {
            self.area = Rect::new(0, 0, width, height);
            return;
        }
        if action == Action::Quit {
            self.quit = true;
            return;
        }
        if self.help {
            if matches!(action, Action::Cancel | Action::Help) {
                self.help = false;
            }
            return;
        }
        if action == Action::Help {
            self.help = true;
            return;
        }
        match &mut self.screen {
            Screen::Start(menu) => match action {
                Action::Step(direction) => menu.step(direction),
                Action::Confirm => {
                    self.last_choice = menu.choice();
                    self.screen = Screen::Play(self.last_choice.start(self.animate));
                }
                Action::Cancel => self.quit = true,
                _ => {}
            },
            Screen::Play(play) => {
                // A key during an animation ends it, then counts as usual.
                play.finish_animation();
                play.clear_message();
                if action != Action::NewGame {
                    play.stay();
                }
                match action {
                    Action::Step(direction) => play.step(direction),
                    Action::Confirm => play.confirm(),
                    Action::Type(c) => play.type_char(c),
                    Action::OpenAddress => play.open_address(),
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
                        self.screen = Screen::Start(StartMenu::new(self.last_choice));
                    }
                    Action::NewGame => {}
                    Action::Help | Action::Quit | Action::Resize { .. } => {}
                }
            }
        }
    }

    /// Width and height the current screen needs.
    fn needs(&self) -> (u16, u16) {
        match &self.screen {
            Screen::Start(_) => StartMenu::NEEDS,
            Screen::Play(play) => play.needs(),
        }
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        let need = self.needs();
        if area.width < need.0 || area.height < need.1 {
            screens::render_too_small(area, buf, need, self.theme);
            return;
        }
        match &self.screen {
            Screen::Start(menu) => menu.render(area, buf, self.theme),
            Screen::Play(play) => play.render(area, buf, self.theme),
        }
        if self.help {
            let keys = match self.screen {
                Screen::Start(_) => MENU_KEYS,
                Screen::Play(_) => GAME_KEYS,
            };
            screens::help::render(keys, area, buf, self.theme);
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
    let mut terminal = ratatui::init();
    // ratatui's hook restores raw mode and the screen; mouse reporting and
    // the cursor are ours to give back, before its hook prints the panic.
    let restore_screen = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture, cursor::Show);
        restore_screen(info);
    }));
    let result = execute!(io::stdout(), EnableMouseCapture)
        .map_err(anyhow::Error::from)
        .and_then(|()| event_loop(&mut terminal, options));
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    let _ = execute!(io::stdout(), cursor::Show);
    result
}

fn event_loop(terminal: &mut DefaultTerminal, options: Options) -> anyhow::Result<()> {
    let size = terminal.size()?;
    let mut app = App::new(
        options,
        Rect::new(0, 0, size.width, size.height),
        Theme::from_env(),
    );
    let mut dirty = true;
    while !app.should_quit() {
        if dirty {
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
            app.tick(Instant::now());
            dirty = true;
        }
    }
    Ok(())
}
