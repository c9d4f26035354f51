//! The saved games' keys, and the question's before a file goes to the
//! trash.

use crate::app::action::Action;
use crate::app::keys::Key::{
    Char, Click, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Up,
};
use crate::app::keys::shared::{CTRL_QUIT, HELP, LOOKS};
use crate::app::keys::{Binding, Footer, Keymap};

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
    Binding::each(
        &[(PageUp, Action::PageUp), (PageDown, Action::PageDown)],
        "a page up, a page down",
    ),
    Binding::each(
        &[(Home, Action::First), (End, Action::Last)],
        "the first, the last",
    ),
    Binding::new(&[Enter], Action::Confirm, "replay the game"),
    Binding::new(
        &[Click],
        Action::Click { column: 0, row: 0 },
        "choose a game; a second click replays it",
    ),
    Binding::new(
        &[Char('c')],
        Action::Continue,
        "continue the game (an unfinished one)",
    ),
    Binding::new(
        &[Char('r')],
        Action::Review,
        "review the game (in the replay viewer)",
    ),
    Binding::new(
        &[Char('d')],
        Action::Delete,
        "move the file to trash/ (asks first)",
    ),
    Binding::new(
        &[Char('s')],
        Action::Sort,
        "sort by date, game, result or moves",
    ),
    Binding::each(
        &[
            (Char('f'), Action::Filter),
            (Left, Action::LEFT),
            (Right, Action::RIGHT),
        ],
        "show one game only, the next or the one before",
    ),
    HELP,
    Binding::new(
        &[Char('q'), Esc],
        Action::Cancel,
        "back to the start screen (or the shell)",
    ),
];

pub const LIBRARY: Keymap = Keymap::new(&[LISTING, LOOKS, &[CTRL_QUIT]]).footer(&[
    Footer::new(Action::Confirm, "replay").weight(6),
    Footer::new(Action::Continue, "continue").weight(5),
    Footer::new(Action::Delete, "delete").weight(4),
    Footer::new(Action::Sort, "sort").weight(3),
    Footer::new(Action::Filter, "filter").weight(2),
    Footer::new(Action::Review, "review").weight(1),
    Footer::new(Action::Help, "help"),
    Footer::new(Action::Cancel, "back"),
]);

/// Moving a file to the trash: `d` again (or `y`) says yes, any other key
/// no.
pub const ASKING: Keymap = Keymap::new(&[&[
    Binding::new(
        &[Char('d'), Char('y')],
        Action::Yes,
        "yes: move it to trash/",
    ),
    Binding::new(
        &[Esc],
        Action::Cancel,
        "no: keep it (so does any other key)",
    ),
]])
.otherwise(Action::Cancel)
.footer(&[
    Footer::new(Action::Yes, "yes"),
    Footer::new(Action::Cancel, "no"),
]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::keys::Key;
    use crate::app::keys::Mode;

    #[test]
    fn the_library_has_its_letters_and_a_question_takes_any_key() {
        let library = Mode::of(&LIBRARY);
        assert_eq!(library.action(Char('c')), Some(Action::Continue));
        assert_eq!(library.action(Char('s')), Some(Action::Sort));
        assert_eq!(library.action(Char('f')), Some(Action::Filter));
        assert_eq!(library.action(Char('d')), Some(Action::Delete));
        assert_eq!(library.action(Char('r')), Some(Action::Review));
        assert_eq!(library.action(Char('q')), Some(Action::Cancel));
        assert_eq!(library.action(Char('j')), Some(Action::DOWN));
        assert_eq!(library.action(Char('y')), None);
        assert_eq!(library.action(Enter), Some(Action::Confirm));
        let asking = Mode::of(&ASKING);
        for yes in ['d', 'y'] {
            assert_eq!(asking.action(Char(yes)), Some(Action::Yes));
        }
        for no in [Char('x'), Enter, Down, Key::F(1)] {
            assert_eq!(asking.action(no), Some(Action::Cancel), "{no:?}");
        }
        assert_eq!(asking.action(Key::Ctrl('c')), Some(Action::Quit));
    }
}
