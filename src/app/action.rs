//! Everything a player can ask for. An input event is read here: a key
//! press (never a release) becomes the [`Action`] the keymap of the screen
//! shown says ([`crate::app::keys`]), a left click and a new terminal size
//! are actions of their own. The screen shown applies it in its `update`.

use ratatui::crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};

use crate::app::keys::{Key, Mode};

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

/// Something the player asks for, whatever key asked for it.
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

impl Action {
    /// A step each way.
    pub const UP: Action = Action::Step(Direction::Up);
    pub const DOWN: Action = Action::Step(Direction::Down);
    pub const LEFT: Action = Action::Step(Direction::Left);
    pub const RIGHT: Action = Action::Step(Direction::Right);
}

/// The action an input event asks for in `mode`, if any.
pub fn action_for(event: &Event, mode: Mode) -> Option<Action> {
    match event {
        Event::Key(press) if press.kind == KeyEventKind::Press => mode.action(Key::of(press)?),
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

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;
    use crate::app::screens::play::keys::BOARD;

    #[test]
    fn presses_are_read_and_releases_ignored() {
        let board = Mode::on_board(&BOARD, crate::app::keys::Typing::of(6, []));
        let mut key = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        assert_eq!(action_for(&Event::Key(key), board), Some(Action::Confirm));
        key.kind = KeyEventKind::Release;
        assert_eq!(action_for(&Event::Key(key), board), None);
        assert_eq!(
            action_for(&Event::Resize(30, 10), board),
            Some(Action::Resize {
                width: 30,
                height: 10
            })
        );
    }
}
