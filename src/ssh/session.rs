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
use super::output::{ENDED_BY_THE_SERVER, Screen};
use crate::app::App;
use crate::app::door::Door;
use crate::app::run::{Events, drive};
use crate::app::theme::Theme;

/// The least time between two of a session's frames: at most about 60
/// a second, however fast its keys or resizes come (a key after a pause
/// is drawn at once).
const FRAME_GAP: Duration = Duration::from_millis(16);

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
    let status = screen.status();
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
        status.set(ENDED_BY_THE_SERVER);
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

impl Session {
    /// `input` read: its events ready to be handed out.
    fn read(&mut self, input: Input) {
        match input {
            Input::Bytes(bytes) => {
                self.last_input = Instant::now();
                self.budget.give(bytes.len());
                self.ready.extend(self.decoder.decode(&bytes));
            }
            Input::Resize(columns, rows) => {
                self.window.set(columns, rows);
                self.ready.push_back(Event::Resize(columns, rows));
            }
        }
    }
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
                Ok(input) => self.read(input),
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

    /// Keys and resizes that came while the app was busy are handled
    /// before the next frame: a client sending faster than the app draws
    /// gets the latest state, not a frame per key.
    fn pending(&mut self) -> bool {
        if self.ready.is_empty()
            && let Ok(input) = self.input.try_recv()
        {
            self.read(input);
        }
        !self.ready.is_empty()
    }

    fn frame_gap(&self) -> Duration {
        FRAME_GAP
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

    /// The door's app (a guest's) driven by `inputs` until the client
    /// leaves: the frames it drew, and the last.
    fn drawn(inputs: Vec<Input>) -> (usize, ratatui::buffer::Buffer) {
        use crate::app::door::Door;
        use ratatui::backend::TestBackend;
        let (tell, input) = sync_channel(inputs.len());
        inputs
            .into_iter()
            .for_each(|input| tell.send(input).expect("sent"));
        drop(tell);
        let door = Door {
            lobby: "127.0.0.1:9".to_string(),
            name: "guest".to_string(),
            pass: None,
            history: None,
            progress: None,
            games: None,
            looks: None,
            greeting: None,
        };
        let mut app = App::door(door, Rect::new(0, 0, 80, 24), Theme::PLAIN);
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a terminal");
        let mut events = session(input, Budget::default());
        let ended = drive(&mut terminal, &mut app, &mut events);
        assert!(ended.is_err(), "the client left");
        let frames = terminal.get_frame().count();
        (frames, terminal.backend().buffer().clone())
    }

    /// A burst of keys and resizes already waiting is one frame, of the
    /// latest state, not a frame per event.
    #[test]
    fn a_burst_of_keys_and_resizes_is_drawn_once_in_its_latest_state() {
        let mut keys = Vec::new();
        for _ in 0..100 {
            // Down and up: the start screen's first line chosen again.
            keys.extend_from_slice(b"\x1b[B\x1b[A");
        }
        keys.extend_from_slice(b"\x1b[B");
        let mut burst = vec![Input::Bytes(keys)];
        burst.extend((60..90).map(|columns| Input::Resize(columns, 24)));
        let (frames, screen) = drawn(burst);
        // 231 events, one frame: drawn once they were all handled.
        assert_eq!(frames, 1);
        // The same as what the events come to: one key down, at 89x24.
        let net = vec![Input::Bytes(b"\x1b[B".to_vec()), Input::Resize(89, 24)];
        let (_, expected) = drawn(net);
        assert_eq!(screen, expected);
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
