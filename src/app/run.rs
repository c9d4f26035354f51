//! The app in a terminal: the loop that reads input, hands it to the
//! app, and draws; blocking on input while nothing moves, and ticking
//! (about 60 times a second) while something does. The loop ([`drive`])
//! is the same for the local terminal and for an SSH session: only where
//! its [`Events`] come from, where its frames go, and how often a frame
//! may be drawn differ (an SSH session's events already waiting are
//! handled before the next frame, and its frames are paced: see
//! [`Events::frame_gap`]).

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

    /// Whether an event is waiting already: if so, it is handled before
    /// the next frame is drawn (a burst of keys is one frame, the latest
    /// state). None by default: a frame after each event.
    fn pending(&mut self) -> bool {
        false
    }

    /// The least time from one frame to the next (none by default): the
    /// frame after a key that comes sooner waits for the rest of it, so
    /// frames are never more often than this, and a key that comes after
    /// a pause is drawn at once.
    fn frame_gap(&self) -> Duration {
        Duration::ZERO
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
    let mut drawn: Option<Instant> = None;
    while !app.should_quit() {
        // Idle means idle: block on input unless something is moving.
        let mut wait = app.is_animating().then_some(FRAME);
        if dirty && !events.pending() {
            let now = Instant::now();
            match too_soon(drawn, events.frame_gap(), now) {
                None => {
                    let _drawing = events.drawing();
                    terminal.draw(|frame: &mut Frame| frame.render_widget(&*app, frame.area()))?;
                    drawn = Some(now);
                    dirty = false;
                }
                Some(left) => wait = Some(wait.map_or(left, |wait| wait.min(left))),
            }
        }
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
            None => dirty |= app.tick(Instant::now()),
        }
    }
    Ok(())
}

/// How long until a frame may be drawn at `now`, the last drawn at
/// `drawn`, frames at least `gap` apart: `None` when it may be now.
fn too_soon(drawn: Option<Instant>, gap: Duration, now: Instant) -> Option<Duration> {
    let next = drawn? + gap;
    (next > now).then(|| next - now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_at_least_the_gap_apart_and_the_first_is_at_once() {
        let gap = Duration::from_millis(16);
        let start = Instant::now();
        assert_eq!(too_soon(None, gap, start), None);
        assert_eq!(too_soon(Some(start), gap, start), Some(gap));
        let later = start + Duration::from_millis(10);
        assert_eq!(
            too_soon(Some(start), gap, later),
            Some(Duration::from_millis(6))
        );
        assert_eq!(too_soon(Some(start), gap, start + gap), None);
        assert_eq!(too_soon(Some(start), gap, start + 2 * gap), None);
        // No gap (the local terminal): a frame after each event.
        assert_eq!(too_soon(Some(start), Duration::ZERO, start), None);
    }
}
