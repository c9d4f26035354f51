//! A key as a keymap names it: read from a terminal's key press, and
//! written the way the help and the footer show it.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A key, or what a keymap names as one (a typed cell, a click).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    /// A character typed without `Ctrl` (a letter works as a key only
    /// where it does not type: see [`super::Typing`]).
    Char(char),
    /// `Ctrl` and a letter, which works on every board.
    Ctrl(char),
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    Backspace,
    Home,
    End,
    PageUp,
    PageDown,
    F(u8),
    /// A cell typed on the board (`c3`, `C3`, `:c3`), read by the board's
    /// input rather than as one key.
    Cell,
    /// A number typed (`12`), read by the screen's input.
    Number,
    /// A left click of the mouse, read with where it was.
    Click,
}

/// What sort of key it is: the footer names a group of keys of one sort
/// together (`←↑→↓`, `Home End`, `+-`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sort {
    Arrow,
    Char,
    Ctrl,
    /// Enter, Esc, Home, F1, ...: keys with a name.
    Named,
    /// What a keymap names as a key without being one (a typed cell).
    Other,
}

impl Key {
    /// The key a press is, if a keymap can name it (`Ctrl` with a letter
    /// is read in lowercase; `Ctrl` with anything else is not a key here).
    pub fn of(press: &KeyEvent) -> Option<Key> {
        let ctrl = press.modifiers.contains(KeyModifiers::CONTROL);
        let key = match press.code {
            KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
            _ if ctrl => return None,
            KeyCode::Char(c) => Key::Char(c),
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Enter => Key::Enter,
            KeyCode::Esc => Key::Esc,
            KeyCode::Backspace => Key::Backspace,
            KeyCode::Home => Key::Home,
            KeyCode::End => Key::End,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::F(n) => Key::F(n),
            _ => return None,
        };
        Some(key)
    }

    pub fn sort(self) -> Sort {
        match self {
            Key::Up | Key::Down | Key::Left | Key::Right => Sort::Arrow,
            Key::Char(_) => Sort::Char,
            Key::Ctrl(_) => Sort::Ctrl,
            Key::Cell | Key::Number | Key::Click => Sort::Other,
            _ => Sort::Named,
        }
    }

    /// How the help names the key.
    pub fn name(self) -> String {
        match self {
            Key::Cell => "c3  C3  :c3".to_string(),
            Key::Click => "mouse click".to_string(),
            other => other.short(),
        }
    }

    /// The key the help or the footer names `name` (`Ctrl-z`, `Home`,
    /// `←`, `q`), if it is one key.
    pub fn named(name: &str) -> Option<Key> {
        const NAMED: [Key; 13] = [
            Key::Char(' '),
            Key::Up,
            Key::Down,
            Key::Left,
            Key::Right,
            Key::Enter,
            Key::Esc,
            Key::Backspace,
            Key::Home,
            Key::End,
            Key::PageUp,
            Key::PageDown,
            Key::Click,
        ];
        if let Some(key) = NAMED.into_iter().find(|key| key.short() == name) {
            return Some(key);
        }
        if let Some(letter) = name.strip_prefix("Ctrl-") {
            let mut letters = letter.chars();
            return match (letters.next(), letters.next()) {
                (Some(c), None) => Some(Key::Ctrl(c)),
                _ => None,
            };
        }
        if let Some(n) = name.strip_prefix('F').and_then(|n| n.parse().ok()) {
            return Some(Key::F(n));
        }
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Some(Key::Char(c)),
            _ => None,
        }
    }

    /// How the footer names the key (where room is short).
    pub fn short(self) -> String {
        let name = match self {
            Key::Char(' ') => "Space",
            Key::Char(c) => return c.to_string(),
            Key::Ctrl(c) => return format!("Ctrl-{c}"),
            Key::F(n) => return format!("F{n}"),
            Key::Up => "↑",
            Key::Down => "↓",
            Key::Left => "←",
            Key::Right => "→",
            Key::Enter => "Enter",
            Key::Esc => "Esc",
            Key::Backspace => "Backspace",
            Key::Home => "Home",
            Key::End => "End",
            Key::PageUp => "PgUp",
            Key::PageDown => "PgDn",
            Key::Cell => "c3",
            Key::Number => "12",
            Key::Click => "click",
        };
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presses_are_read_as_keys_and_named_back() {
        let press = |code, modifiers| Key::of(&KeyEvent::new(code, modifiers));
        assert_eq!(
            press(KeyCode::Char('Z'), KeyModifiers::CONTROL),
            Some(Key::Ctrl('z'))
        );
        assert_eq!(press(KeyCode::Up, KeyModifiers::CONTROL), None);
        assert_eq!(
            press(KeyCode::Char('C'), KeyModifiers::SHIFT),
            Some(Key::Char('C'))
        );
        assert_eq!(press(KeyCode::Tab, KeyModifiers::NONE), None);
        assert_eq!(Key::Char(' ').name(), "Space");
        assert_eq!(Key::Ctrl('r').name(), "Ctrl-r");
        assert_eq!(Key::F(1).name(), "F1");
        assert_eq!(Key::Cell.short(), "c3");
        for key in [
            Key::Char('q'),
            Key::Char(' '),
            Key::Ctrl('z'),
            Key::F(2),
            Key::Left,
            Key::Home,
            Key::PageDown,
        ] {
            assert_eq!(Key::named(&key.short()), Some(key));
        }
        assert_eq!(Key::named("c3"), None);
    }
}
