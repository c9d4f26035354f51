//! The keymap lines that many screens share: the looks, the help and
//! quitting, said once.

use super::Binding;
use super::Key::{Char, Ctrl, F};
use crate::app::action::Action;

/// F2 and F3 change the look on every screen.
pub const LOOKS: &[Binding] = &[
    Binding::new(
        &[F(2)],
        Action::Theme,
        "the next colour theme, yours too (remembered)",
    ),
    Binding::new(
        &[F(3)],
        Action::Pieces,
        "pieces as letters, stones or ASCII only (remembered)",
    ),
];

/// `?` and F1 open the help.
pub const HELP: Binding = Binding::new(&[Char('?'), F(1)], Action::Help, "this help");

/// F1 opens the help where `?` is typed.
pub const HELP_F1: Binding = Binding::new(&[F(1)], Action::Help, "this help");

/// `q` quits, and `Ctrl-q` where `q` types.
pub const QUIT: Binding = Binding::new(
    &[Char('q'), Ctrl('q'), Ctrl('c')],
    Action::Quit,
    "quit at once",
);

/// Quitting where `q` means something else.
pub const CTRL_QUIT: Binding = Binding::new(&[Ctrl('q'), Ctrl('c')], Action::Quit, "quit");

/// `Ctrl-u` empties a line being typed, as in a shell.
pub const CLEAR_LINE: Binding = Binding::new(&[Ctrl('u')], Action::Clear, "empty the line");

/// The help and quitting, one after the other.
pub const HELP_AND_QUIT: &[Binding] = &[HELP, QUIT];
