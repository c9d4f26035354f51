//! One visitor's app: the full-screen app on its own thread, reading the
//! session's input through a channel and drawing to the session's screen
//! (see [`super::output`]), with the terminal the client asked for.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::crossterm::{cursor, execute};
use ratatui::layout::Rect;

use super::backend::{SessionBackend, Window};
use super::budget::{self, Budget};
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
    /// The input waiting for the app, counted down as the app reads it.
    pub budget: Budget,
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
        budget: visit.budget,
    };
    let played = drive(&mut terminal, &mut app, &mut events);
    app.leave();
    // The client's terminal as it was, if it is still there to hear, and
    // why the session ends if the server ended it.
    let writer = terminal.backend_mut().writer();
    let _ = execute!(
        writer,
        DisableMouseCapture,
        cursor::Show,
        LeaveAlternateScreen
    );
    if events.budget.is_over() {
        let _ = write!(writer, "tabletop: {}\r\n", budget::OVER);
        let _ = writer.flush();
    }
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
    budget: Budget,
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
                    self.budget.give(bytes.len());
                    self.ready.extend(self.decoder.decode(&bytes));
                }
                Ok(Input::Resize(columns, rows)) => {
                    self.window.set(columns, rows);
                    return Ok(Some(Event::Resize(columns, rows)));
                }
                Err(RecvTimeoutError::Timeout) if wait.is_some() => return Ok(None),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) if self.budget.is_over() => {
                    return Err(io::Error::other(budget::OVER));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the client left"));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    fn session(input: Receiver<Input>, budget: Budget) -> Session {
        Session {
            input,
            decoder: Decoder::default(),
            ready: VecDeque::new(),
            idle: Duration::from_secs(3600),
            last_input: Instant::now(),
            window: Window::default(),
            budget,
        }
    }

    #[test]
    fn input_read_gives_its_budget_back_and_a_session_over_it_ends_saying_why() {
        let budget = Budget::default();
        let (tell, input) = sync_channel(4);
        let mut events = session(input, budget.clone());
        assert!(budget.take(budget::INPUT_BYTES));
        tell.send(Input::Bytes(vec![b'x'; budget::INPUT_BYTES]))
            .expect("sent");
        assert!(events.next(None).expect("a key").is_some());
        // Read: the whole budget is there again.
        assert!(budget.take(budget::INPUT_BYTES));
        // One byte more is over it: the connection closes the input, and
        // the app ends saying why.
        assert!(!budget.take(1));
        drop(tell);
        let ended = loop {
            match events.next(None) {
                Ok(_) => {}
                Err(why) => break why,
            }
        };
        assert_eq!(ended.to_string(), budget::OVER);
        // A client that simply left is not told it was over anything.
        let (tell, input) = sync_channel(4);
        drop(tell);
        let left = session(input, Budget::default()).next(None);
        assert_eq!(left.expect_err("ended").kind(), io::ErrorKind::BrokenPipe);
    }
}
