//! The puzzles' keys: the list, and a puzzle's board.

use crate::app::action::Action;
use crate::app::keys::Key::{Backspace, Char, Ctrl, Down, End, Enter, Esc, Home, Up};
use crate::app::keys::shared::{CTRL_QUIT, HELP, HELP_AND_QUIT, HELP_F1, LOOKS};
use crate::app::keys::{Binding, Footer, Input, Keymap};
use crate::app::screens::play::keys::PLACING;

const PICKING: &[Binding] = &[
    Binding::each(
        &[
            (Up, Action::UP),
            (Down, Action::DOWN),
            (Char('k'), Action::UP),
            (Char('j'), Action::DOWN),
        ],
        "choose a puzzle",
    ),
    Binding::each(
        &[(Home, Action::First), (End, Action::Last)],
        "the first, the last",
    ),
    Binding::new(&[Enter], Action::Confirm, "solve it"),
    Binding::new(&[Esc, Char('q')], Action::Cancel, "back"),
    HELP,
];

/// The list of puzzles.
pub const LIST: Keymap = Keymap::new(&[PICKING, LOOKS, &[CTRL_QUIT]]).footer(&[
    Footer::new(Action::UP, "choose"),
    Footer::new(Action::Confirm, "solve"),
    Footer::new(Action::Cancel, "back"),
    Footer::new(Action::Help, "help"),
]);

const SOLVING: &[Binding] = &[
    Binding::new(
        &[Char('r'), Ctrl('r')],
        Action::Review,
        "try the puzzle again",
    ),
    Binding::new(&[Char('n'), Ctrl('n')], Action::NewGame, "the next puzzle"),
    Binding::new(&[Esc], Action::Cancel, "back to the list"),
];

/// A puzzle's board.
pub const BOARD: Keymap = Keymap::new(&[PLACING, SOLVING, LOOKS, HELP_AND_QUIT])
    .input(Input::Board)
    .footer(&[
        Footer::new(Action::LEFT, "move"),
        Footer::new(Action::Confirm, "place"),
        Footer::new(Action::OpenAddress, "type"),
        Footer::new(Action::Review, "retry"),
        Footer::new(Action::NewGame, "next"),
        Footer::new(Action::Cancel, "puzzles"),
        Footer::new(Action::Help, "help"),
    ]);

const CELL_LINE: &[Binding] = &[
    Binding::new(&[Enter], Action::Confirm, "play the cell typed"),
    Binding::new(&[Backspace], Action::Erase, "erase the last character"),
    Binding::new(&[Esc], Action::Cancel, "close the line"),
];

/// A cell typed on a puzzle's board.
pub const TYPING: Keymap =
    Keymap::new(&[CELL_LINE, PLACING, SOLVING, LOOKS, &[HELP_F1, CTRL_QUIT]])
        .input(Input::Text)
        .footer(&[
            Footer::new(Action::Cancel, "cancel"),
            Footer::new(Action::Erase, "erase").weight(2),
            Footer::new(Action::Help, "help"),
            Footer::new(Action::Quit, "quit"),
        ]);
