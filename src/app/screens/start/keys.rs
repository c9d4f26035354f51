//! The start screen's keys.

use crate::app::action::Action;
use crate::app::keys::Key::{Char, Click, Ctrl, Down, Enter, Esc, Left, Right, Up};
use crate::app::keys::shared::{HELP, LOOKS};
use crate::app::keys::{Binding, Footer, Keymap};

/// Choosing a line and its value: the start screen's, and the lobby's
/// new game's.
pub const CHOOSING: &[Binding] = &[
    Binding::each(
        &[
            (Up, Action::UP),
            (Down, Action::DOWN),
            (Char('k'), Action::UP),
            (Char('j'), Action::DOWN),
        ],
        "choose a line",
    ),
    Binding::each(
        &[
            (Left, Action::LEFT),
            (Right, Action::RIGHT),
            (Char('h'), Action::LEFT),
            (Char('l'), Action::RIGHT),
        ],
        "change its value",
    ),
];

const STARTING: &[Binding] = &[
    Binding::new(
        &[Enter, Char(' ')],
        Action::Confirm,
        "start the game, resume it, open the saved games or the puzzles",
    ),
    Binding::new(
        &[Click],
        Action::Click { column: 0, row: 0 },
        "choose a game, a line or its value (‹ ›); a button does what Enter does",
    ),
    Binding::new(
        &[Char('a')],
        Action::Analyse,
        "an empty board of the game chosen, on the analysis board",
    ),
    HELP,
];

const QUITTING: &[Binding] = &[Binding::new(
    &[Char('q'), Esc, Ctrl('q'), Ctrl('c')],
    Action::Quit,
    "quit",
)];

pub const MENU: Keymap = Keymap::new(&[CHOOSING, STARTING, LOOKS, QUITTING]).footer(&[
    Footer::new(Action::UP, "choose").weight(2),
    Footer::new(Action::LEFT, "change").weight(1),
    Footer::new(Action::Confirm, "start"),
    Footer::new(Action::Quit, "quit"),
]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::keys::Mode;

    #[test]
    fn the_menu_reads_h_and_l_as_left_and_right() {
        let menu = Mode::of(&MENU);
        assert_eq!(menu.action(Char('h')), Some(Action::LEFT));
        assert_eq!(menu.action(Char('l')), Some(Action::RIGHT));
        assert_eq!(menu.action(Ctrl('z')), None);
        assert_eq!(menu.key_for(Action::Quit), "q");
    }
}
