//! The app with a key under test: pressed or clicked as a player would,
//! and ticked until the screen shows what is awaited.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use tabletop::app::App;
use tabletop::app::keys::action_for;

use crate::common::piped::Piped;
use crate::screen::*;

/// The app, a key pressed on it, and what it shows.
pub(crate) struct Drive {
    pub(crate) app: App,
    /// The key under test, as named.
    pub(crate) key: String,
    /// The other players, kept while the app is looked at.
    pub(crate) _others: Vec<Piped>,
}

impl Drive {
    pub(crate) fn screen(&self) -> String {
        text(&buffer(&self.app))
    }

    /// Presses the key named `name` as a player would.
    pub(crate) fn press(&mut self, name: &str) {
        let event = |code, modifiers| Event::Key(KeyEvent::new(code, modifiers));
        let plain = |code| event(code, KeyModifiers::NONE);
        let events: Vec<Event> = match name {
            "mouse click" | "click" => vec![self.click_cursor()],
            "Space" => vec![plain(KeyCode::Char(' '))],
            "Enter" => vec![plain(KeyCode::Enter)],
            "Esc" => vec![plain(KeyCode::Esc)],
            "Backspace" => vec![plain(KeyCode::Backspace)],
            "Home" => vec![plain(KeyCode::Home)],
            "End" => vec![plain(KeyCode::End)],
            "PgUp" => vec![plain(KeyCode::PageUp)],
            "PgDn" => vec![plain(KeyCode::PageDown)],
            "←" => vec![plain(KeyCode::Left)],
            "→" => vec![plain(KeyCode::Right)],
            "↑" => vec![plain(KeyCode::Up)],
            "↓" => vec![plain(KeyCode::Down)],
            _ if name.starts_with("Ctrl-") => {
                let c = name.chars().nth(5).expect("a letter");
                vec![event(KeyCode::Char(c), KeyModifiers::CONTROL)]
            }
            _ if name.len() > 1 && name.starts_with('F') && name[1..].parse::<u8>().is_ok() => {
                vec![plain(KeyCode::F(name[1..].parse().expect("a number")))]
            }
            // One character, or several typed one after another (a cell,
            // a move number, a word move).
            _ => name.chars().map(|c| plain(KeyCode::Char(c))).collect(),
        };
        for event in events {
            if let Some(action) = action_for(&event, self.app.mode()) {
                self.app.update(action);
            }
        }
    }

    /// Presses the key under test.
    pub(crate) fn press_key(&mut self) {
        let key = self.key.clone();
        self.press(&key);
    }

    /// A click on the cursor's cell (a reversed cell of the board), or on
    /// the chosen line of a list.
    pub(crate) fn click_cursor(&self) -> Event {
        let buf = buffer(&self.app);
        let (column, row) = reversed(&buf).into_iter().next().unwrap_or((0, 0));
        click(column, row)
    }

    /// Clicks at `column`, `row`.
    pub(crate) fn click(&mut self, column: u16, row: u16) {
        if let Some(action) = action_for(&click(column, row), self.app.mode()) {
            self.app.update(action);
        }
    }

    /// Ticks the app until `done` or a generous while.
    pub(crate) fn tick_until(&mut self, done: impl Fn(&str) -> bool) -> bool {
        let give_up = Instant::now() + Duration::from_secs(20);
        while Instant::now() < give_up {
            self.app.tick(Instant::now());
            if done(&self.screen()) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }
}

/// A left click at `column`, `row`.
pub(crate) fn click(column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

/// Ticks `app` until its screen passes `done`, or fails.
pub(crate) fn tick_until(app: &mut App, what: &str, done: impl Fn(&str) -> bool) {
    let give_up = Instant::now() + Duration::from_secs(30);
    loop {
        app.tick(Instant::now());
        let screen = text(&buffer(app));
        if done(&screen) {
            return;
        }
        assert!(Instant::now() < give_up, "never {what}:\n{screen}");
        std::thread::sleep(Duration::from_millis(20));
    }
}
