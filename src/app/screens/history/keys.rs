//! The keys of a player's games: choosing one, replaying it, and back.

use crate::app::action::Action;
use crate::app::keys::Key::{Char, Down, End, Enter, Esc, Home, PageDown, PageUp, Up};
use crate::app::keys::shared::{CTRL_QUIT, HELP, LOOKS};
use crate::app::keys::{Binding, Footer, Keymap};

const READING: &[Binding] = &[
    Binding::each(
        &[
            (Up, Action::UP),
            (Down, Action::DOWN),
            (Char('k'), Action::UP),
            (Char('j'), Action::DOWN),
        ],
        "choose a game",
    ),
    Binding::each(
        &[(PageUp, Action::PageUp), (PageDown, Action::PageDown)],
        "a page up, a page down",
    ),
    Binding::each(
        &[(Home, Action::First), (End, Action::Last)],
        "the first, the last",
    ),
    Binding::new(
        &[Enter],
        Action::Confirm,
        "replay the game chosen (a kept one)",
    ),
    HELP,
    Binding::new(
        &[Esc, Char('q')],
        Action::Cancel,
        "back to the start screen",
    ),
];

pub const HISTORY: Keymap = Keymap::new(&[READING, LOOKS, &[CTRL_QUIT]]).footer(&[
    Footer::new(Action::UP, "choose").weight(2),
    Footer::new(Action::Confirm, "replay").weight(3),
    Footer::new(Action::Cancel, "back"),
    Footer::new(Action::Help, "help"),
]);
