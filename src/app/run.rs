//! The app in a terminal: the loop that reads input, hands it to the
//! app, and draws; blocking on input while nothing moves, and ticking
//! (about 60 times a second) while something does. The loop ([`drive`])
//! is the same for the local terminal and for an SSH session: only where
//! its [`Events`] come from and where its frames go differ.

use std::io;
use std::sync::MutexGuard;
use std::time::{Duration, Instant};

use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event};
use ratatui::layout::Rect;
use ratatui::{DefaultTerminal, Frame, Terminal};

use super::keys::action_for;
use super::screens::Screen;
use super::theme::Theme;
use super::{App, Options, terminal};

/// How often the screen is redrawn while something moves.
const FRAME: Duration = Duration::from_millis(16);

/// Where the loop's input comes from.
pub trait Events {
    /// The next event, waiting at most `wait` (for ever when `None`):
    /// `Ok(None)` when the time ran out, an error when the input is gone.
    fn next(&mut self, wait: Option<Duration>) -> io::Result<Option<Event>>;

    /// Held while a frame is drawn (the local terminal's signal handler
    /// waits for it).
    fn drawing(&self) -> Option<MutexGuard<'static, ()>> {
        None
    }
}

/// The local terminal's keys, mouse and resizes.
struct Keyboard;

impl Events for Keyboard {
    fn next(&mut self, wait: Option<Duration>) -> io::Result<Option<Event>> {
        if let Some(wait) = wait
            && !event::poll(wait)?
        {
            return Ok(None);
        }
        event::read().map(Some)
    }

    fn drawing(&self) -> Option<MutexGuard<'static, ()>> {
        Some(terminal::drawing())
    }
}

/// Runs the app in the terminal until the player quits.
pub fn run(options: Options) -> anyhow::Result<()> {
    run_on(options, None)
}

/// Runs the app on a game screen made before it (a network game), with
/// the start screen of `options` behind it.
pub fn run_game(options: Options, play: Box<dyn Screen>) -> anyhow::Result<()> {
    run_on(options, Some(play))
}

fn run_on(options: Options, play: Option<Box<dyn Screen>>) -> anyhow::Result<()> {
    let mut terminal = terminal::take_over()?;
    let result = local(&mut terminal, options, play);
    terminal::give_back();
    result
}

fn local(
    terminal: &mut DefaultTerminal,
    options: Options,
    play: Option<Box<dyn Screen>>,
) -> anyhow::Result<()> {
    let size = terminal.size()?;
    let area = Rect::new(0, 0, size.width, size.height);
    let mut app = App::new(options, area, Theme::from_env());
    if let Some(play) = play {
        app.screen = play;
    }
    drive(terminal, &mut app, &mut Keyboard)
}

/// Runs `app` on `terminal` with input from `events` until the player
/// quits or the input is gone.
pub fn drive<B>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &mut impl Events,
) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: Send + Sync + 'static,
{
    let mut dirty = true;
    while !app.should_quit() {
        if dirty {
            let _drawing = events.drawing();
            terminal.draw(|frame: &mut Frame| frame.render_widget(&*app, frame.area()))?;
            dirty = false;
        }
        // Idle means idle: block on input unless something is moving.
        let wait = app.is_animating().then_some(FRAME);
        match events.next(wait)? {
            Some(event) => {
                if let Event::Resize(width, height) = event {
                    terminal.resize(Rect::new(0, 0, width, height))?;
                }
                if let Some(action) = action_for(&event, app.mode()) {
                    app.update(action);
                    dirty = true;
                }
            }
            None => dirty = app.tick(Instant::now()),
        }
    }
    Ok(())
}
