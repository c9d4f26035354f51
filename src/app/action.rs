//! Everything a player can ask for, and the keys that ask for it.
//!
//! Keys are read as presses only and turned into an [`Action`] here; the app
//! applies actions in one `update`. One table of the board's commands
//! ([`BOARD`]) maps the keys, and writes the help overlay and the footer for
//! the board in play, so what is shown is what works there.
//!
//! One scheme for every board: a column letter of the board (either case),
//! the first letter of a word move that may be played now (`swap`), any
//! uppercase letter, or `:` opens the address line. Other lowercase letters
//! are commands (`h` hint, `j k l` cursor, `u n s p q`); every command also
//! has a key that works on every board (arrows, `Ctrl`+key).

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

impl Direction {
    /// One step this way, in rows and columns.
    pub fn offset(self) -> (isize, isize) {
        match self {
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
        }
    }
}

/// Who takes over an outside engine's seat (when it is slow or has
/// failed, or whenever the player likes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Replacement {
    /// The player, at the board.
    Person,
    /// tabletop's own computer.
    Computer,
    /// Nobody: the game ends as the engine's forfeit.
    Forfeit,
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
    /// Give the game up (asks first).
    Resign,
    /// Hand the seat of the outside engine to move to someone else.
    Replace(Replacement),
    /// Open the chat line (a network game).
    Chat,
    /// Offer the other player a draw (a network game).
    OfferDraw,
    /// Accept the draw or the undo the other player offers (a network
    /// game).
    Accept,
    /// Decline it.
    Decline,
    /// Look back through the positions of the game so far, a turn at a
    /// time, without changing it.
    Browse,
    /// Replay: jump to the first or the last position.
    First,
    Last,
    /// Replay: start or stop playing the moves by themselves.
    Autoplay,
    /// Replay: play the moves by themselves faster or slower.
    Faster,
    Slower,
    /// Replay: continue playing from the position shown, as a new game;
    /// saved games: continue the unfinished game chosen.
    Continue,
    /// Replay: jump to the next move the review calls a mistake.
    NextMistake,
    /// Saved games: sort the list another way.
    Sort,
    /// Saved games: show the next game's records only (then all again).
    Filter,
    /// Saved games and replay: review the game (in the replay viewer, in
    /// the background); a finished game: review it; puzzles: try the
    /// puzzle again (the same key, `r`).
    Review,
    /// Replay, and a game between people: show or hide the evaluation bar.
    Evaluate,
    /// Saved games: move the file chosen to the trash (asks first).
    Delete,
    /// The lobby: watch the game chosen.
    Watch,
    /// Yes to the question asked (moving a saved game to the trash).
    Yes,
    /// The next colour theme.
    Theme,
    /// The next piece style (letters, stones).
    Pieces,
    Help,
    Quit,
    /// The terminal changed size.
    Resize {
        width: u16,
        height: u16,
    },
}

/// The lowercase letters that type on a board rather than command: its
/// column letters and the first letters of the word moves open now.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Typing(u32);

impl Typing {
    /// The letters of a board of `columns` columns, and the first letters
    /// of `words`.
    pub fn of<'a>(columns: usize, words: impl IntoIterator<Item = &'a str>) -> Typing {
        let mut letters = if columns >= 26 {
            u32::MAX
        } else {
            (1 << columns) - 1
        };
        for word in words {
            if let Some(first) = word.chars().next().map(|c| c.to_ascii_lowercase())
                && first.is_ascii_lowercase()
            {
                letters |= 1 << (first as u8 - b'a');
            }
        }
        Typing(letters)
    }

    /// Whether `c` typed on the board starts an address (or a word move):
    /// any uppercase letter, or one of these lowercase ones.
    pub fn types(self, c: char) -> bool {
        c.is_ascii_uppercase() || (c.is_ascii_lowercase() && self.0 & (1 << (c as u8 - b'a')) != 0)
    }
}

/// What the keys mean depends on where the player is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The start screen's menu.
    Menu,
    /// On the board, with the letters that type there.
    Board(Typing),
    /// Typing an address.
    Typing,
    /// The help overlay is open.
    Help,
    /// The terminal is too small for the screen: only quitting and going
    /// back to the start screen work, and no key reaches the screen behind.
    TooSmall,
    /// The replay viewer.
    Replay,
    /// Looking back through a game under way.
    Browse,
    /// The saved games.
    Library,
    /// A yes-or-no question is asked (move a saved game to the trash?):
    /// `d` or `y` says yes, any other key no.
    Asking,
    /// A server's lobby (`tabletop online`).
    Lobby,
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
            // Ctrl-c quits everywhere, as a terminal user expects.
            KeyCode::Char('c') => Some(Action::Quit),
            KeyCode::Char(c) => BOARD
                .iter()
                .find(|command| command.control.contains(&c))
                .map(|command| command.action),
            _ => None,
        };
    }
    let step = |direction| Some(Action::Step(direction));
    match (mode, key.code) {
        (Mode::TooSmall, KeyCode::Esc) => Some(Action::Cancel),
        (Mode::TooSmall, KeyCode::Char('q')) => Some(Action::Quit),
        (Mode::TooSmall, KeyCode::Char('n')) => Some(Action::NewGame),
        (Mode::TooSmall, _) => None,
        (Mode::Asking, KeyCode::Char('d' | 'y')) => Some(Action::Yes),
        (Mode::Asking, _) => Some(Action::Cancel),
        (Mode::Browse, KeyCode::Left | KeyCode::Char('h' | '[')) => step(Direction::Left),
        (Mode::Browse, KeyCode::Right | KeyCode::Char('l' | ']')) => step(Direction::Right),
        (Mode::Browse, KeyCode::Home) => Some(Action::First),
        (Mode::Browse, KeyCode::End) => Some(Action::Last),
        (Mode::Browse, KeyCode::Esc | KeyCode::Enter) => Some(Action::Cancel),
        (Mode::Browse, KeyCode::Char('q')) => Some(Action::Quit),
        (Mode::Browse, KeyCode::Char('?') | KeyCode::F(1)) => Some(Action::Help),
        (Mode::Browse, _) => None,
        (_, KeyCode::Up) => step(Direction::Up),
        (_, KeyCode::Down) => step(Direction::Down),
        (_, KeyCode::Left) => step(Direction::Left),
        (_, KeyCode::Right) => step(Direction::Right),
        (_, KeyCode::F(1)) => Some(Action::Help),
        (_, KeyCode::F(2)) => Some(Action::Theme),
        (_, KeyCode::F(3)) => Some(Action::Pieces),
        (_, KeyCode::Esc) => Some(Action::Cancel),
        (Mode::Help, KeyCode::Char('?' | 'q')) => Some(Action::Cancel),
        (Mode::Help, _) => None,
        (Mode::Replay, KeyCode::Home) => Some(Action::First),
        (Mode::Replay, KeyCode::End) => Some(Action::Last),
        (Mode::Replay, KeyCode::Char(' ')) => Some(Action::Autoplay),
        (Mode::Replay, KeyCode::Char('+' | '=')) => Some(Action::Faster),
        (Mode::Replay, KeyCode::Char('-' | '_')) => Some(Action::Slower),
        (Mode::Replay, KeyCode::Char('p')) => Some(Action::Continue),
        (Mode::Replay, KeyCode::Char('m')) => Some(Action::NextMistake),
        (Mode::Replay, KeyCode::Char('r')) => Some(Action::Review),
        (Mode::Replay, KeyCode::Char('e')) => Some(Action::Evaluate),
        (Mode::Replay, KeyCode::Char('q')) => Some(Action::Quit),
        (Mode::Replay, KeyCode::Char('?')) => Some(Action::Help),
        (Mode::Replay, KeyCode::Char(c)) if c.is_ascii_digit() => Some(Action::Type(c)),
        (Mode::Replay, KeyCode::Backspace) => Some(Action::Erase),
        (Mode::Replay, KeyCode::Enter) => Some(Action::Confirm),
        (Mode::Replay, KeyCode::Char('h')) => Some(Action::Step(Direction::Left)),
        (Mode::Replay, KeyCode::Char('l')) => Some(Action::Step(Direction::Right)),
        (Mode::Replay, _) => None,
        (Mode::Library, KeyCode::Enter) => Some(Action::Confirm),
        (Mode::Library, KeyCode::Home) => Some(Action::First),
        (Mode::Library, KeyCode::End) => Some(Action::Last),
        (Mode::Library, KeyCode::Char('k')) => step(Direction::Up),
        (Mode::Library, KeyCode::Char('j')) => step(Direction::Down),
        (Mode::Library, KeyCode::Char('c')) => Some(Action::Continue),
        (Mode::Library, KeyCode::Char('r')) => Some(Action::Review),
        (Mode::Library, KeyCode::Char('d')) => Some(Action::Delete),
        (Mode::Library, KeyCode::Char('s')) => Some(Action::Sort),
        (Mode::Library, KeyCode::Char('f')) => Some(Action::Filter),
        (Mode::Library, KeyCode::Char('q')) => Some(Action::Cancel),
        (Mode::Library, KeyCode::Char('?')) => Some(Action::Help),
        (Mode::Library, _) => None,
        (Mode::Lobby, KeyCode::Enter) => Some(Action::Confirm),
        (Mode::Lobby, KeyCode::Char('k')) => step(Direction::Up),
        (Mode::Lobby, KeyCode::Char('j')) => step(Direction::Down),
        (Mode::Lobby, KeyCode::Char('w')) => Some(Action::Watch),
        (Mode::Lobby, KeyCode::Char('n')) => Some(Action::NewGame),
        (Mode::Lobby, KeyCode::Char('c')) => Some(Action::OpenAddress),
        (Mode::Lobby, KeyCode::Char('q')) => Some(Action::Quit),
        (Mode::Lobby, KeyCode::Char('?')) => Some(Action::Help),
        (Mode::Lobby, _) => None,
        (Mode::Typing, KeyCode::Enter) => Some(Action::Confirm),
        (Mode::Typing, KeyCode::Backspace) => Some(Action::Erase),
        (Mode::Typing, KeyCode::Char(c)) => Some(Action::Type(c)),
        (Mode::Typing, _) => None,
        (_, KeyCode::Enter | KeyCode::Char(' ')) => Some(Action::Confirm),
        (_, KeyCode::Char('?')) => Some(Action::Help),
        (Mode::Menu, KeyCode::Char('h')) => step(Direction::Left),
        (Mode::Menu, KeyCode::Char('l')) => step(Direction::Right),
        (Mode::Board(typing), KeyCode::Char(c)) if typing.types(c) => Some(Action::Type(c)),
        (Mode::Board(_), KeyCode::Char(':')) => Some(Action::OpenAddress),
        (_, KeyCode::Char(c)) => BOARD
            .iter()
            .find(|command| command.letters.contains(c))
            .map(|command| command.action),
        _ => None,
    }
}

/// A command of the game screen, with every key that asks for it.
pub struct Command {
    pub action: Action,
    /// Its letters, which work where they do not type (see [`Typing`]).
    pub letters: &'static str,
    /// Its `Ctrl` keys, which work everywhere.
    pub control: &'static [char],
    /// Other keys, as the help shows them before the letters.
    pub keys: &'static str,
    /// Other keys, as the help shows them after the `Ctrl` keys.
    pub after: &'static str,
    /// What it does, for the help.
    pub does: &'static str,
}

/// Every command of the game screen, in the help's order. The arrows,
/// Enter, Space, Backspace and Esc are read directly.
pub const BOARD: &[Command] = &[
    Command {
        action: Action::Step(Direction::Down),
        letters: "j",
        control: &[],
        keys: "← ↑ → ↓",
        after: "",
        does: "move the cursor",
    },
    Command {
        action: Action::Step(Direction::Up),
        letters: "k",
        control: &[],
        keys: "",
        after: "",
        does: "",
    },
    Command {
        action: Action::Step(Direction::Right),
        letters: "l",
        control: &[],
        keys: "",
        after: "",
        does: "",
    },
    Command {
        action: Action::Confirm,
        letters: "",
        control: &[],
        keys: "Enter  Space",
        after: "",
        does: "place a piece on the cursor cell",
    },
    Command {
        action: Action::OpenAddress,
        letters: "",
        control: &[],
        keys: "c3  C3  :c3",
        after: "",
        does: "type a cell (or a word move), Enter plays it",
    },
    Command {
        action: Action::Click { column: 0, row: 0 },
        letters: "",
        control: &[],
        keys: "mouse click",
        after: "",
        does: "place a piece on the clicked cell",
    },
    Command {
        action: Action::Hint,
        letters: "h",
        control: &['t'],
        keys: "",
        after: "",
        does: "hint: the move the computer would play",
    },
    Command {
        action: Action::Undo,
        letters: "u",
        control: &['z'],
        keys: "",
        after: "",
        does: "undo (with the computer's reply)",
    },
    Command {
        action: Action::Redo,
        letters: "",
        control: &['r', 'y'],
        keys: "",
        after: "",
        does: "redo",
    },
    Command {
        action: Action::Pause,
        letters: "p",
        control: &['p'],
        keys: "",
        after: "",
        does: "pause or go on (computer against computer)",
    },
    Command {
        action: Action::Review,
        letters: "r",
        control: &[],
        keys: "",
        after: "",
        does: "review the finished game: where it went wrong",
    },
    Command {
        action: Action::Evaluate,
        letters: "e",
        control: &['e'],
        keys: "",
        after: "",
        does: "evaluation bar on or off (between people)",
    },
    Command {
        action: Action::Browse,
        letters: "[",
        control: &[],
        keys: "",
        after: "",
        does: "look back at the moves so far",
    },
    Command {
        action: Action::Resign,
        letters: "",
        control: &['x'],
        keys: "",
        after: "",
        does: "resign (asks first)",
    },
    Command {
        action: Action::Replace(Replacement::Person),
        letters: "t",
        control: &['g'],
        keys: "",
        after: "",
        does: "take the engine's seat: you play its side",
    },
    Command {
        action: Action::Replace(Replacement::Computer),
        letters: "m",
        control: &['b'],
        keys: "",
        after: "",
        does: "give the engine's seat to tabletop's computer",
    },
    Command {
        action: Action::Replace(Replacement::Forfeit),
        letters: "",
        control: &['f'],
        keys: "",
        after: "",
        does: "end the game: the engine forfeits",
    },
    Command {
        action: Action::Theme,
        letters: "",
        control: &[],
        keys: "F2",
        after: "",
        does: THEME_HELP,
    },
    Command {
        action: Action::Pieces,
        letters: "",
        control: &[],
        keys: "F3",
        after: "",
        does: PIECES_HELP,
    },
    Command {
        action: Action::Chat,
        letters: "",
        control: &['o'],
        keys: "",
        after: "",
        does: "chat with the other player (network game)",
    },
    Command {
        action: Action::OfferDraw,
        letters: "=",
        control: &['d'],
        keys: "",
        after: "",
        does: "offer a draw (network game; undo asks for one)",
    },
    Command {
        action: Action::Accept,
        letters: "",
        control: &['a'],
        keys: "",
        after: "",
        does: "accept the draw or undo offered, or claim the win when the other player stays away (network game)",
    },
    Command {
        action: Action::Decline,
        letters: "",
        control: &['g'],
        keys: "",
        after: "",
        does: "decline it (network game)",
    },
    Command {
        action: Action::Save,
        letters: "s",
        control: &['s'],
        keys: "",
        after: "",
        does: "save the game to a file",
    },
    Command {
        action: Action::NewGame,
        letters: "n",
        control: &['n'],
        keys: "",
        after: "",
        does: "new game (press twice during a game)",
    },
    Command {
        action: Action::Help,
        letters: "?",
        control: &[],
        keys: "",
        after: "F1",
        does: "this help",
    },
    Command {
        action: Action::Quit,
        letters: "q",
        control: &['q', 'c'],
        keys: "",
        after: "",
        does: "quit at once",
    },
];

/// The command that does `action` on the board.
fn command_for(action: Action) -> Option<&'static Command> {
    BOARD.iter().find(|command| command.action == action)
}

/// The key to name for `action` on a board where `typing` letters type:
/// its letter where that works, else its first `Ctrl` key.
pub fn key_for(action: Action, typing: Typing) -> String {
    let Some(command) = command_for(action) else {
        return String::new();
    };
    match command.letters.chars().find(|&c| !typing.types(c)) {
        Some(letter) => letter.to_string(),
        None => command
            .control
            .first()
            .map_or_else(String::new, |c| format!("Ctrl-{c}")),
    }
}

/// The help overlay's lines for a board where `typing` letters type: each
/// command the game `offers` now, with the keys that do it there.
pub fn board_help(typing: Typing, offers: impl Fn(Action) -> bool) -> Vec<KeyHelp> {
    let mut help: Vec<KeyHelp> = Vec::new();
    for command in BOARD.iter().filter(|command| offers(command.action)) {
        let mut keys: Vec<String> = Vec::new();
        if !command.keys.is_empty() {
            keys.push(command.keys.to_string());
        }
        keys.extend(
            command
                .letters
                .chars()
                .filter(|&c| !typing.types(c))
                .map(String::from),
        );
        keys.extend(command.control.iter().map(|c| format!("Ctrl-{c}")));
        if !command.after.is_empty() {
            keys.push(command.after.to_string());
        }
        match help.last_mut() {
            // The cursor's letters join the arrows' line.
            Some(last) if command.does.is_empty() => {
                if let Some(letter) = keys.first() {
                    last.keys = format!("{} {letter}", last.keys);
                }
            }
            _ => help.push(KeyHelp {
                keys: keys.join("  "),
                does: command.does.to_string(),
            }),
        }
    }
    help
}

/// One line of the help overlay: the keys, and what they do.
pub struct KeyHelp {
    pub keys: String,
    pub does: String,
}

/// The help overlay's lines from a fixed table.
pub fn help_of(table: &[(&str, &str)]) -> Vec<KeyHelp> {
    table
        .iter()
        .map(|(keys, does)| KeyHelp {
            keys: keys.to_string(),
            does: does.to_string(),
        })
        .collect()
}

/// What F2 and F3 do, on every screen.
const THEME_HELP: &str = "the next colour theme, yours too (remembered)";
const PIECES_HELP: &str = "pieces as letters, stones or ASCII only (remembered)";

/// Every key of the replay viewer.
pub const REPLAY_KEYS: &[(&str, &str)] = &[
    ("← →  h l", "one move back, one move on"),
    ("Home  End", "the start, the end"),
    ("Space", "play the moves by themselves, or stop"),
    ("+  -", "faster, slower"),
    ("12 Enter", "jump to after move 12"),
    ("p", "play on from here as a new game"),
    ("m", "the next mistake or blunder (a reviewed game)"),
    ("r", "review the game here (the graph fills in as it goes)"),
    ("e", "evaluation bar on or off"),
    ("F2", THEME_HELP),
    ("F3", PIECES_HELP),
    ("Esc", "back to the saved games (opened from there)"),
    ("?  F1", "this help; Esc closes it"),
    ("q  Ctrl-c", "quit"),
];

/// Every key while looking back through a game under way.
pub const BROWSE_KEYS: &[(&str, &str)] = &[
    ("← →  h l  [ ]", "one move back, one move on"),
    ("Home  End", "the start, the position now"),
    ("Esc  Enter", "back to the game"),
    ("Ctrl-z  Ctrl-r", "undo, redo (back to the game)"),
    ("?  F1", "this help; Esc closes it"),
    ("q  Ctrl-c", "quit"),
];

/// Every key of the saved games.
pub const LIBRARY_KEYS: &[(&str, &str)] = &[
    ("↑ ↓  k j", "choose a game"),
    ("Home  End", "the first, the last"),
    ("Enter", "replay the game"),
    ("c", "continue the game (an unfinished one)"),
    ("r", "review the game (in the replay viewer)"),
    ("d", "move the file to trash/ (d or y again to confirm)"),
    ("s", "sort by date, game, result or moves"),
    ("f  ← →", "show one game only, the next or the one before"),
    ("?  F1", "this help; Esc closes it"),
    ("q  Esc", "back to the start screen"),
    ("Ctrl-c", "quit"),
];

/// Every key of the start screen.
pub const MENU_KEYS: &[(&str, &str)] = &[
    ("↑ ↓  k j", "choose a line"),
    ("← →  h l", "change its value"),
    (
        "Enter",
        "start the game, resume it, open the saved games or the puzzles",
    ),
    ("?  F1", "help"),
    ("F2", THEME_HELP),
    ("F3", PIECES_HELP),
    ("q  Esc  Ctrl-c", "quit"),
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

    fn board(columns: usize) -> Mode {
        Mode::Board(Typing::of(columns, []))
    }

    #[test]
    fn column_letters_open_the_address_line_and_others_are_commands() {
        let small = board(6);
        assert_eq!(act(KeyCode::Char('c'), small), Some(Action::Type('c')));
        assert_eq!(act(KeyCode::Char('C'), small), Some(Action::Type('C')));
        assert_eq!(act(KeyCode::Char('h'), small), Some(Action::Hint));
        assert_eq!(
            act(KeyCode::Char('l'), small),
            Some(Action::Step(Direction::Right))
        );
        assert_eq!(act(KeyCode::Char('u'), small), Some(Action::Undo));
        assert_eq!(act(KeyCode::Char('s'), small), Some(Action::Save));
        assert_eq!(act(KeyCode::Char('q'), small), Some(Action::Quit));
        // On a 19-column board `h` is column H, and `q` is column Q.
        let wide = board(19);
        assert_eq!(act(KeyCode::Char('h'), wide), Some(Action::Type('h')));
        assert_eq!(act(KeyCode::Char('q'), wide), Some(Action::Type('q')));
        assert_eq!(act(KeyCode::Char('u'), wide), Some(Action::Undo));
    }

    #[test]
    fn a_word_move_open_now_is_typed_not_a_command() {
        let swap_open = Mode::Board(Typing::of(11, ["swap"]));
        assert_eq!(act(KeyCode::Char('s'), swap_open), Some(Action::Type('s')));
        assert_eq!(act(KeyCode::Char('s'), board(11)), Some(Action::Save));
        assert_eq!(key_for(Action::Save, Typing::of(11, ["swap"])), "Ctrl-s");
        assert_eq!(key_for(Action::Save, Typing::of(11, [])), "s");
    }

    #[test]
    fn control_keys_work_everywhere() {
        for mode in [Mode::Menu, board(26), Mode::Typing, Mode::Help] {
            let ctrl_c = press(KeyCode::Char('c'), KeyModifiers::CONTROL);
            assert_eq!(action_for(&ctrl_c, mode), Some(Action::Quit));
            let ctrl_z = press(KeyCode::Char('z'), KeyModifiers::CONTROL);
            assert_eq!(action_for(&ctrl_z, mode), Some(Action::Undo));
        }
    }

    #[test]
    fn the_keys_named_are_keys_that_work_on_the_board() {
        assert_eq!(key_for(Action::Quit, Typing::of(6, [])), "q");
        assert_eq!(key_for(Action::Quit, Typing::of(19, [])), "Ctrl-q");
        assert_eq!(key_for(Action::Undo, Typing::of(19, [])), "u");
        assert_eq!(key_for(Action::Undo, Typing::of(26, [])), "Ctrl-z");
        assert_eq!(key_for(Action::Hint, Typing::of(8, [])), "Ctrl-t");
        // Every key the help names for a board does what the help says.
        for columns in [6, 11, 19, 26] {
            let typing = Typing::of(columns, []);
            let help = board_help(typing, |_| true);
            for line in &help {
                for key in line.keys.split_whitespace() {
                    let event = match key.strip_prefix("Ctrl-") {
                        Some(c) => press(
                            KeyCode::Char(c.chars().next().unwrap_or(' ')),
                            KeyModifiers::CONTROL,
                        ),
                        None if key.len() == 1 => press(
                            KeyCode::Char(key.chars().next().unwrap_or(' ')),
                            KeyModifiers::NONE,
                        ),
                        None => continue,
                    };
                    let action = action_for(&event, Mode::Board(typing));
                    assert!(
                        action.is_some() && !matches!(action, Some(Action::Type(_))),
                        "{columns} columns: {key} ({}) does {action:?}",
                        line.does
                    );
                }
            }
            assert!(help.iter().any(|line| line.does.contains("hint")));
            assert!(help.iter().any(|line| line.does.contains("save")));
        }
    }

    #[test]
    fn the_menu_reads_h_and_l_as_left_and_right() {
        assert_eq!(
            act(KeyCode::Char('h'), Mode::Menu),
            Some(Action::Step(Direction::Left))
        );
        assert_eq!(
            act(KeyCode::Char('l'), Mode::Menu),
            Some(Action::Step(Direction::Right))
        );
    }

    #[test]
    fn the_library_has_its_letters_and_a_question_takes_any_key() {
        let library = |c| act(KeyCode::Char(c), Mode::Library);
        assert_eq!(library('c'), Some(Action::Continue));
        assert_eq!(library('s'), Some(Action::Sort));
        assert_eq!(library('f'), Some(Action::Filter));
        assert_eq!(library('d'), Some(Action::Delete));
        assert_eq!(library('r'), Some(Action::Review));
        assert_eq!(library('q'), Some(Action::Cancel));
        assert_eq!(library('j'), Some(Action::Step(Direction::Down)));
        assert_eq!(library('y'), None);
        assert_eq!(act(KeyCode::Enter, Mode::Library), Some(Action::Confirm));
        for yes in ['d', 'y'] {
            assert_eq!(act(KeyCode::Char(yes), Mode::Asking), Some(Action::Yes));
        }
        for no in [
            KeyCode::Char('x'),
            KeyCode::Enter,
            KeyCode::Down,
            KeyCode::F(1),
        ] {
            assert_eq!(act(no, Mode::Asking), Some(Action::Cancel), "{no:?}");
        }
        let ctrl_c = press(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action_for(&ctrl_c, Mode::Asking), Some(Action::Quit));
    }

    #[test]
    fn the_lobby_has_its_letters_and_no_board_commands() {
        let lobby = |c| act(KeyCode::Char(c), Mode::Lobby);
        assert_eq!(lobby('w'), Some(Action::Watch));
        assert_eq!(lobby('n'), Some(Action::NewGame));
        assert_eq!(lobby('c'), Some(Action::OpenAddress));
        assert_eq!(lobby('j'), Some(Action::Step(Direction::Down)));
        assert_eq!(lobby('q'), Some(Action::Quit));
        for nothing in ['h', 'u', 's', 'x', ' '] {
            assert_eq!(lobby(nothing), None, "{nothing}");
        }
        assert_eq!(act(KeyCode::Enter, Mode::Lobby), Some(Action::Confirm));
        assert_eq!(act(KeyCode::Esc, Mode::Lobby), Some(Action::Cancel));
    }

    #[test]
    fn releases_are_ignored() {
        let mut key = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        key.kind = KeyEventKind::Release;
        assert_eq!(action_for(&Event::Key(key), board(6)), None);
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
