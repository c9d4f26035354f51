//! The app in a terminal: the loop that reads input, hands it to the
//! app, and draws; blocking on input while nothing moves, and ticking
//! (about 60 times a second) while something does.

use std::time::{Duration, Instant};

use ratatui::crossterm::event;
use ratatui::layout::Rect;
use ratatui::{DefaultTerminal, Frame};

use super::keys::action_for;
use super::screens::Screen;
use super::theme::Theme;
use super::{App, Options, terminal};

/// How often the screen is redrawn while something moves.
const FRAME: Duration = Duration::from_millis(16);

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
    let result = event_loop(&mut terminal, options, play);
    terminal::give_back();
    result
}

fn event_loop(
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
