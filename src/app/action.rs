//! Everything a player can ask for, and the keys that ask for it.
//!
//! Keys are read as presses only and turned into an [`Action`] here; the app
//! applies actions in one `update`. The same table feeds the help overlay
//! and the footer, so what is shown is what works.
//!
//! One scheme for every board: a column letter of the board (either case),
//! any uppercase letter, or `:` opens the address line. Lowercase letters
//! that are not columns of the board are commands (`h` hint, `j k l`
//! cursor, `u n s p q`); every command also has a key that works on every
//! board (arrows, `Ctrl`+key).

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

/// A cursor step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Move the cursor (on the board) or the selection (in a menu).
    Step(Direction),
    /// Place a piece on the cursor cell; start the game on the start screen.
    Confirm,
    /// Add a character to the address line, opening it if needed.
    Type(char),
    /// Open an empty address line.
    OpenAddress,
    /// Delete the last character of the address line.
    Erase,
    /// Close the address line, an overlay, or leave the start screen.
    Cancel,
    /// A left click at a screen position.
    Click {
        column: u16,
        row: u16,
    },
    Undo,
    Redo,
    NewGame,
    /// Open the prompt that saves the game to a file.
    Save,
    /// Show the move the computer would play for the person to move.
    Hint,
    /// Hold or resume computer-against-computer play.
    Pause,
    /// Replay: jump to the first or the last position.
    First,
    Last,
    /// Replay: start or stop playing the moves by themselves.
    Autoplay,
    /// Replay: play the moves by themselves faster or slower.
    Faster,
    Slower,
    /// Replay: continue playing from the position shown, as a new game.
    Continue,
    Help,
    Quit,
    /// The terminal changed size.
    Resize {
        width: u16,
        height: u16,
    },
}

/// What the keys mean depends on where the player is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The start screen's menu.
    Menu,
    /// On the board; `columns` is the board's side.
    Board { columns: usize },
    /// Typing an address.
    Typing,
    /// The help overlay is open.
    Help,
    /// The replay viewer.
    Replay,
}

/// The action an input event asks for in `mode`, if any.
pub fn action_for(event: &Event, mode: Mode) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => key_action(key, mode),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            Some(Action::Click {
                column: mouse.column,
                row: mouse.row,
            })
        }
        Event::Resize(width, height) => Some(Action::Resize {
            width: *width,
            height: *height,
        }),
        _ => None,
    }
}

fn key_action(key: &KeyEvent, mode: Mode) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl {
        return match key.code {
            KeyCode::Char('c') | KeyCode::Char('q') => Some(Action::Quit),
            KeyCode::Char('z') => Some(Action::Undo),
            KeyCode::Char('r') | KeyCode::Char('y') => Some(Action::Redo),
            KeyCode::Char('n') => Some(Action::NewGame),
            KeyCode::Char('s') => Some(Action::Save),
            KeyCode::Char('t') => Some(Action::Hint),
            KeyCode::Char('p') => Some(Action::Pause),
            _ => None,
        };
    }
    let step = |direction| Some(Action::Step(direction));
    match (mode, key.code) {
        (_, KeyCode::Up) => step(Direction::Up),
        (_, KeyCode::Down) => step(Direction::Down),
        (_, KeyCode::Left) => step(Direction::Left),
        (_, KeyCode::Right) => step(Direction::Right),
        (_, KeyCode::F(1)) => Some(Action::Help),
        (_, KeyCode::Esc) => Some(Action::Cancel),
        (Mode::Help, KeyCode::Char('?' | 'q')) => Some(Action::Cancel),
        (Mode::Help, _) => None,
        (Mode::Replay, KeyCode::Home) => Some(Action::First),
        (Mode::Replay, KeyCode::End) => Some(Action::Last),
        (Mode::Replay, KeyCode::Char(' ')) => Some(Action::Autoplay),
        (Mode::Replay, KeyCode::Char('+' | '=')) => Some(Action::Faster),
        (Mode::Replay, KeyCode::Char('-' | '_')) => Some(Action::Slower),
        (Mode::Replay, KeyCode::Char('p')) => Some(Action::Continue),
        (Mode::Replay, KeyCode::Char('q')) => Some(Action::Quit),
        (Mode::Replay, KeyCode::Char('?')) => Some(Action::Help),
        (Mode::Replay, KeyCode::Char(c)) if c.is_ascii_digit() => Some(Action::Type(c)),
        (Mode::Replay, KeyCode::Backspace) => Some(Action::Erase),
        (Mode::Replay, KeyCode::Enter) => Some(Action::Confirm),
        (Mode::Replay, KeyCode::Char('h')) => Some(Action::Step(Direction::Left)),
        (Mode::Replay, KeyCode::Char('l')) => Some(Action::Step(Direction::Right)),
        (Mode::Replay, _) => None,
        (Mode::Typing, KeyCode::Enter) => Some(Action::Confirm),
        (Mode::Typing, KeyCode::Backspace) => Some(Action::Erase),
        (Mode::Typing, KeyCode::Char(c)) => Some(Action::Type(c)),
        (Mode::Typing, _) => None,
        (_, KeyCode::Enter | KeyCode::Char(' ')) => Some(Action::Confirm),
        (_, KeyCode::Char('?')) => Some(Action::Help),
        (Mode::Board { columns }, KeyCode::Char(c)) if is_address_start(c, columns) => {
            Some(Action::Type(c))
        }
        (Mode::Board { .. }, KeyCode::Char(':')) => Some(Action::OpenAddress),
        (_, KeyCode::Char(c)) => command(c),
        _ => None,
    }
}

/// Whether a letter typed on the board starts an address: any uppercase
/// letter, or a lowercase letter that names a column.
fn is_address_start(c: char, columns: usize) -> bool {
    c.is_ascii_uppercase() || (c.is_ascii_lowercase() && ((c as u8 - b'a') as usize) < columns)
}

/// How to show a command in the footer of a board with `columns` columns:
/// its letter where that is not a column, else its `Ctrl` key.
pub fn command_label(letter: &'static str, control: &'static str, columns: usize) -> &'static str {
    match letter.chars().next() {
        Some(c) if is_address_start(c, columns) => control,
        _ => letter,
    }
}

/// The lowercase command keys (used only where they are not columns).
fn command(c: char) -> Option<Action> {
    match c {
        'h' => Some(Action::Hint),
        'j' => Some(Action::Step(Direction::Down)),
        'k' => Some(Action::Step(Direction::Up)),
        'l' => Some(Action::Step(Direction::Right)),
        'u' => Some(Action::Undo),
        'n' => Some(Action::NewGame),
        's' => Some(Action::Save),
        'p' => Some(Action::Pause),
        'q' => Some(Action::Quit),
        _ => None,
    }
}

/// One line of the help overlay: the keys, and what they do.
pub struct KeyHelp {
    pub keys: &'static str,
    pub does: &'static str,
}

/// Every key of the game screen, for the help overlay.
pub const GAME_KEYS: &[KeyHelp] = &[
    KeyHelp {
        keys: "← ↑ → ↓  h j k l",
        does: "move the cursor (hjkl where they are not columns)",
    },
    KeyHelp {
        keys: "Enter  Space",
        does: "place a piece on the cursor cell",
    },
    KeyHelp {
        keys: "c3  C3  :c3",
        does: "type a cell, Enter plays it (Backspace, Esc)",
    },
    KeyHelp {
        keys: "mouse click",
        does: "place a piece on the clicked cell",
    },
    KeyHelp {
        keys: "u  Ctrl-z",
        does: "undo the last move",
    },
    KeyHelp {
        keys: "Ctrl-r  Ctrl-y",
        does: "redo",
    },
    KeyHelp {
        keys: "n  Ctrl-n",
        does: "new game (back to the start screen)",
    },
    KeyHelp {
        keys: "?  F1",
        does: "this help; Esc closes it",
    },
    KeyHelp {
        keys: "q  Ctrl-c  Ctrl-q",
        does: "quit at once",
    },
];

/// Every key of the replay viewer.
pub const REPLAY_KEYS: &[KeyHelp] = &[
    KeyHelp {
        keys: "← →  h l",
        does: "one move back, one move on",
    },
    KeyHelp {
        keys: "Home  End",
        does: "the start, the end",
    },
    KeyHelp {
        keys: "Space",
        does: "play the moves by themselves, or stop",
    },
    KeyHelp {
        keys: "+  -",
        does: "faster, slower",
    },
    KeyHelp {
        keys: "12 Enter",
        does: "jump to after move 12",
    },
    KeyHelp {
        keys: "p",
        does: "play on from here as a new game",
    },
    KeyHelp {
        keys: "?  F1",
        does: "this help; Esc closes it",
    },
    KeyHelp {
        keys: "q  Ctrl-c",
        does: "quit",
    },
];

/// Every key of the start screen.
pub const MENU_KEYS: &[KeyHelp] = &[
    KeyHelp {
        keys: "↑ ↓  k j",
        does: "choose a line",
    },
    KeyHelp {
        keys: "← →  h l",
        does: "change its value",
    },
    KeyHelp {
        keys: "Enter",
        does: "start the game",
    },
    KeyHelp {
        keys: "?  F1",
        does: "help",
    },
    KeyHelp {
        keys: "q  Esc  Ctrl-c",
        does: "quit",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    fn act(code: KeyCode, mode: Mode) -> Option<Action> {
        action_for(&press(code, KeyModifiers::NONE), mode)
    }

    #[test]
    fn column_letters_open_the_address_line_and_others_are_commands() {
        let board = Mode::Board { columns: 6 };
        assert_eq!(act(KeyCode::Char('c'), board), Some(Action::Type('c')));
        assert_eq!(act(KeyCode::Char('C'), board), Some(Action::Type('C')));
        assert_eq!(act(KeyCode::Char('h'), board), Some(Action::Hint));
        assert_eq!(
            act(KeyCode::Char('l'), board),
            Some(Action::Step(Direction::Right))
        );
        assert_eq!(act(KeyCode::Char('u'), board), Some(Action::Undo));
        assert_eq!(act(KeyCode::Char('q'), board), Some(Action::Quit));
        // On a 19-column board `h` is column H, and `q` is column Q.
        let wide = Mode::Board { columns: 19 };
        assert_eq!(act(KeyCode::Char('h'), wide), Some(Action::Type('h')));
        assert_eq!(act(KeyCode::Char('q'), wide), Some(Action::Type('q')));
        assert_eq!(act(KeyCode::Char('u'), wide), Some(Action::Undo));
    }

    #[test]
    fn control_keys_work_everywhere() {
        for mode in [
            Mode::Menu,
            Mode::Board { columns: 26 },
            Mode::Typing,
            Mode::Help,
        ] {
            let ctrl_c = press(KeyCode::Char('c'), KeyModifiers::CONTROL);
            assert_eq!(action_for(&ctrl_c, mode), Some(Action::Quit));
            let ctrl_z = press(KeyCode::Char('z'), KeyModifiers::CONTROL);
            assert_eq!(action_for(&ctrl_z, mode), Some(Action::Undo));
        }
    }

    #[test]
    fn the_footer_names_keys_that_work_on_the_board() {
        assert_eq!(command_label("q", "Ctrl-q", 6), "q");
        assert_eq!(command_label("q", "Ctrl-q", 19), "Ctrl-q");
        assert_eq!(command_label("u", "Ctrl-z", 19), "u");
        assert_eq!(command_label("u", "Ctrl-z", 26), "Ctrl-z");
    }

    #[test]
    fn releases_are_ignored() {
        let mut key = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        key.kind = KeyEventKind::Release;
        assert_eq!(
            action_for(&Event::Key(key), Mode::Board { columns: 6 }),
            None
        );
    }

    #[test]
    fn typing_takes_every_character() {
        assert_eq!(
            act(KeyCode::Char('q'), Mode::Typing),
            Some(Action::Type('q'))
        );
        assert_eq!(
            act(KeyCode::Char('3'), Mode::Typing),
            Some(Action::Type('3'))
        );
        assert_eq!(act(KeyCode::Enter, Mode::Typing), Some(Action::Confirm));
        assert_eq!(act(KeyCode::Backspace, Mode::Typing), Some(Action::Erase));
        assert_eq!(act(KeyCode::Esc, Mode::Typing), Some(Action::Cancel));
    }
}
