//! The puzzles' keys: the list, and a puzzle's board.

use crate::app::action::Action;
use crate::app::keys::Key::{
    Backspace, Char, Ctrl, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Up,
};
use crate::app::keys::shared::{CLEAR_LINE, CTRL_QUIT, HELP, HELP_AND_QUIT, HELP_F1, LOOKS};
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
        &[(PageUp, Action::PageUp), (PageDown, Action::PageDown)],
        "a page up, a page down",
    ),
    Binding::each(
        &[(Home, Action::First), (End, Action::Last)],
        "the first, the last",
    ),
    Binding::each(
        &[
            (Char('f'), Action::Filter),
            (Left, Action::LEFT),
            (Right, Action::RIGHT),
        ],
        "show one game's puzzles, the next or the one before",
    ),
    Binding::new(&[Enter], Action::Confirm, "solve it"),
    Binding::new(&[Esc, Char('q')], Action::Cancel, "back"),
    HELP,
];

/// The list of puzzles.
pub const LIST: Keymap = Keymap::new(&[PICKING, LOOKS, &[CTRL_QUIT]]).footer(&[
    Footer::new(Action::UP, "choose").weight(3),
    Footer::new(Action::Confirm, "solve"),
    Footer::new(Action::Filter, "game").weight(2),
    Footer::new(Action::PageDown, "page").weight(1),
    Footer::new(Action::Cancel, "back"),
    Footer::new(Action::Help, "help"),
]);

const SOLVING: &[Binding] = &[
    Binding::new(
        &[Char('r'), Char('u'), Ctrl('z')],
        Action::Undo,
        "try the puzzle again, from its position",
    ),
    Binding::new(&[Char('n'), Ctrl('n')], Action::NewGame, "the next puzzle"),
    Binding::new(
        &[Ctrl('a')],
        Action::Analyse,
        "analyse the puzzle, once solved or missed",
    ),
    Binding::new(&[Esc], Action::Cancel, "back to the list"),
];

/// A puzzle's board.
pub const BOARD: Keymap = Keymap::new(&[PLACING, SOLVING, LOOKS, HELP_AND_QUIT])
    .input(Input::Board)
    .footer(&[
        Footer::new(Action::LEFT, "move").weight(4),
        Footer::new(Action::Confirm, "place").weight(6),
        Footer::new(Action::OpenAddress, "type").weight(2),
        Footer::new(Action::Undo, "retry").weight(5),
        Footer::new(Action::NewGame, "next").weight(3),
        Footer::new(Action::Analyse, "analyse").weight(4),
        Footer::new(Action::Cancel, "puzzles").weight(1),
        Footer::new(Action::Help, "help"),
    ]);

const CELL_LINE: &[Binding] = &[
    Binding::new(&[Enter], Action::Confirm, "play the cell typed"),
    Binding::new(&[Backspace], Action::Erase, "erase the last character"),
    CLEAR_LINE,
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
