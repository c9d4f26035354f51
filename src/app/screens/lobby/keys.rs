//! The lobby's keys: the list, a code typed, the new game's form, waiting
//! to be let in, and a lost connection.

use crate::app::action::Action;
use crate::app::keys::Key::{Backspace, Char, Click, Ctrl, Down, Enter, Esc, Up};
use crate::app::keys::shared::{CLEAR_LINE, HELP, HELP_AND_QUIT, HELP_F1, LOOKS};
use crate::app::keys::{Binding, Footer, Input, Keymap};
use crate::app::screens::start::keys::CHOOSING;

const QUITTING: &[Binding] = &[
    HELP,
    Binding::new(
        &[Char('q'), Esc, Ctrl('q'), Ctrl('c')],
        Action::Quit,
        "quit",
    ),
];

const LISTING: &[Binding] = &[
    Binding::each(
        &[
            (Up, Action::UP),
            (Down, Action::DOWN),
            (Char('k'), Action::UP),
            (Char('j'), Action::DOWN),
        ],
        "choose a game",
    ),
    Binding::new(
        &[Enter],
        Action::Confirm,
        "join the open game chosen, or watch the game in progress",
    ),
    Binding::new(&[Char('w')], Action::Watch, "watch the game chosen"),
    Binding::new(
        &[Char('n'), Ctrl('n')],
        Action::NewGame,
        "create a new game (its game, settings, side, opponent)",
    ),
    Binding::new(
        &[Char('c')],
        Action::OpenAddress,
        "type a code: a join, rejoin or watch code",
    ),
    Binding::new(
        &[Click],
        Action::Click { column: 0, row: 0 },
        "choose a game; a second click enters it",
    ),
];

/// The games on the server.
pub const LIST: Keymap = Keymap::new(&[LISTING, LOOKS, QUITTING]).footer(&[
    Footer::new(Action::UP, "choose").weight(5),
    Footer::new(Action::Confirm, "join/watch").weight(4),
    Footer::new(Action::NewGame, "new game").weight(3),
    Footer::new(Action::OpenAddress, "code").weight(2),
    Footer::new(Action::Watch, "watch").weight(1),
    Footer::new(Action::Help, "help"),
    Footer::new(Action::Quit, "quit"),
]);

/// Waiting for the server to let the player in.
pub const ENTERING: Keymap = Keymap::new(&[LOOKS, QUITTING]).footer(&[
    Footer::new(Action::Help, "help"),
    Footer::new(Action::Quit, "quit"),
]);

/// The connection to the server is lost.
pub const LOST: Keymap = Keymap::new(&[
    &[Binding::new(&[Enter], Action::Confirm, "connect again")],
    LOOKS,
    QUITTING,
])
.footer(&[
    Footer::new(Action::Confirm, "connect again"),
    Footer::new(Action::Quit, "quit"),
]);

/// A code typed.
pub const CODE: Keymap = Keymap::new(&[
    &[
        Binding::new(
            &[Enter],
            Action::Confirm,
            "enter the game of the code typed",
        ),
        Binding::new(&[Backspace], Action::Erase, "erase the last character"),
        CLEAR_LINE,
        Binding::new(&[Esc], Action::Cancel, "back to the list"),
    ],
    LOOKS,
    &[HELP_F1],
])
.input(Input::Text)
.footer(&[
    Footer::new(Action::Confirm, "enter the game"),
    Footer::new(Action::Cancel, "back"),
]);

/// The new game's form.
pub const NEW_GAME: Keymap = Keymap::new(&[
    CHOOSING,
    &[
        Binding::new(
            &[Enter],
            Action::Confirm,
            "create the game (and wait in it for a player)",
        ),
        Binding::new(&[Esc], Action::Cancel, "back to the list"),
        Binding::new(
            &[Click],
            Action::Click { column: 0, row: 0 },
            "choose a line",
        ),
    ],
    LOOKS,
    HELP_AND_QUIT,
])
.footer(&[
    Footer::new(Action::UP, "choose"),
    Footer::new(Action::LEFT, "change"),
    Footer::new(Action::Confirm, "create"),
    Footer::new(Action::Cancel, "back"),
    Footer::new(Action::Help, "help"),
]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::keys::Mode;

    #[test]
    fn the_lobby_has_its_letters_and_no_board_commands() {
        let lobby = Mode::of(&LIST);
        assert_eq!(lobby.action(Char('w')), Some(Action::Watch));
        assert_eq!(lobby.action(Char('n')), Some(Action::NewGame));
        assert_eq!(lobby.action(Char('c')), Some(Action::OpenAddress));
        assert_eq!(lobby.action(Char('j')), Some(Action::DOWN));
        assert_eq!(lobby.action(Char('q')), Some(Action::Quit));
        for nothing in ['h', 'u', 's', 'x', ' '] {
            assert_eq!(lobby.action(Char(nothing)), None, "{nothing}");
        }
        assert_eq!(lobby.action(Enter), Some(Action::Confirm));
        assert_eq!(lobby.action(Esc), Some(Action::Quit));
    }
}
