//! One visitor's app: the full-screen app on its own thread, reading the
//! session's input through a channel and drawing to the session's screen
//! (see [`super::output`]), with the terminal the client asked for.

use std::collections::VecDeque;
use std::io;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::crossterm::{cursor, execute};
use ratatui::layout::Rect;

use super::backend::{SessionBackend, Window};
use super::input::Decoder;
use super::output::Screen;
use crate::app::App;
use crate::app::door::Door;
use crate::app::run::{Events, drive};
use crate::app::theme::Theme;

/// What reaches a visitor's app from the connection.
pub enum Input {
    Bytes(Vec<u8>),
    /// The client's window changed to these columns and rows.
    Resize(u16, u16),
}

/// What the app is started with.
pub struct Visit {
    pub door: Door,
    pub columns: u16,
    pub rows: u16,
    /// The client's variables the app reads (TERM, LANG, NO_COLOR).
    pub vars: Vec<(String, String)>,
    /// How long the app waits for a key before it ends the session.
    pub idle: Duration,
}

/// Runs the app for `visit` until the visitor quits, leaves or idles;
/// the screen is handed back (the session closes when it is dropped).
pub fn run(visit: Visit, input: Receiver<Input>, screen: Screen) -> anyhow::Result<()> {
    let area = Rect::new(0, 0, visit.columns, visit.rows);
    let window = Window::default();
    window.set(visit.columns, visit.rows);
    let mut backend = SessionBackend::new(screen, window.clone());
    execute!(
        backend.writer(),
        EnterAlternateScreen,
        EnableMouseCapture,
        cursor::Hide
    )?;
    let mut terminal = Terminal::new(backend)?;
    terminal.clear()?;
    let vars = visit.vars;
    let theme = Theme::from_vars(|name| {
        vars.iter()
            .find(|(var, _)| var == name)
            .map(|(_, value)| value.clone())
    });
    let mut app = App::door(visit.door, area, theme);
    let mut events = Session {
        input,
        decoder: Decoder::default(),
        ready: VecDeque::new(),
        idle: visit.idle,
        last_input: Instant::now(),
        window,
    };
    let played = drive(&mut terminal, &mut app, &mut events);
    // The client's terminal as it was, if it is still there to hear.
    let _ = execute!(
        terminal.backend_mut().writer(),
        DisableMouseCapture,
        cursor::Show,
        LeaveAlternateScreen
    );
    played
}

/// A session's input as the app's events.
struct Session {
    input: Receiver<Input>,
    decoder: Decoder,
    /// Events decoded and not yet handed out.
    ready: VecDeque<Event>,
    idle: Duration,
    last_input: Instant,
    /// The size the terminal draws at, changed on a resize.
    window: Window,
}

impl Events for Session {
    fn next(&mut self, wait: Option<Duration>) -> io::Result<Option<Event>> {
        loop {
            if let Some(event) = self.ready.pop_front() {
                return Ok(Some(event));
            }
            let idle_left = self.idle.saturating_sub(self.last_input.elapsed());
            if idle_left.is_zero() {
                return Err(io::Error::new(io::ErrorKind::TimedOut, "idle too long"));
            }
            let waited = wait.map_or(idle_left, |wait| wait.min(idle_left));
            match self.input.recv_timeout(waited) {
                Ok(Input::Bytes(bytes)) => {
                    self.last_input = Instant::now();
                    self.ready.extend(self.decoder.decode(&bytes));
                }
                Ok(Input::Resize(columns, rows)) => {
                    self.window.set(columns, rows);
                    return Ok(Some(Event::Resize(columns, rows)));
                }
                Err(RecvTimeoutError::Timeout) if wait.is_some() => return Ok(None),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the client left"));
                }
            }
        }
    }
}
