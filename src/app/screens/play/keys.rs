//! The game screen's keys: on the board (a game at home, a network game),
//! while a line is typed at the bottom, and while looking back.

use crate::app::action::{Action, Replacement};
use crate::app::keys::Key::{
    Backspace, Cell, Char, Click, Ctrl, Down, End, Enter, Esc, Home, Left, Right, Up,
};
use crate::app::keys::shared::{CLEAR_LINE, CTRL_QUIT, HELP_AND_QUIT, HELP_F1, LOOKS};
use crate::app::keys::{Binding, Footer, Input, Keymap};

/// Placing a piece: the same on a puzzle's board.
pub const PLACING: &[Binding] = &[
    Binding::each(
        &[
            (Left, Action::LEFT),
            (Up, Action::UP),
            (Right, Action::RIGHT),
            (Down, Action::DOWN),
            (Char('j'), Action::DOWN),
            (Char('k'), Action::UP),
            (Char('l'), Action::RIGHT),
        ],
        "move the cursor",
    ),
    Binding::new(
        &[Enter, Char(' ')],
        Action::Confirm,
        "place a piece on the cursor cell",
    ),
    Binding::new(
        &[Cell],
        Action::OpenAddress,
        "type a cell (or a word move), Enter plays it",
    ),
    Binding::new(
        &[Click],
        Action::Click { column: 0, row: 0 },
        "place a piece on the clicked cell",
    ),
];

/// What a player may do besides placing.
const COMMANDS: &[Binding] = &[
    Binding::new(
        &[Char('h'), Ctrl('t')],
        Action::Hint,
        "hint: the move the computer would play",
    ),
    Binding::new(
        &[Char('u'), Ctrl('z')],
        Action::Undo,
        "undo (with the computer's reply)",
    ),
    Binding::new(&[Ctrl('r'), Ctrl('y')], Action::Redo, "redo"),
    Binding::new(
        &[Char('p'), Ctrl('p')],
        Action::Pause,
        "pause or go on (computer against computer)",
    ),
    Binding::new(
        &[Char('r')],
        Action::Review,
        "review the finished game: where it went wrong",
    ),
    Binding::new(
        &[Char('e'), Ctrl('e')],
        Action::Evaluate,
        "evaluation bar on or off (between people)",
    ),
    Binding::new(
        &[Char('[')],
        Action::Browse,
        "look back at the moves so far",
    ),
    Binding::new(&[Ctrl('x')], Action::Resign, "resign (asks first)"),
    Binding::new(
        &[Ctrl('a')],
        Action::Analyse,
        "analyse the game over: moves for both sides, the computer's line",
    ),
    Binding::new(
        &[Char('t'), Ctrl('g')],
        Action::Replace(Replacement::Person),
        "take the engine's seat: you play its side",
    ),
    Binding::new(
        &[Char('m'), Ctrl('b')],
        Action::Replace(Replacement::Computer),
        "give the engine's seat to tabletop's computer",
    ),
    Binding::new(
        &[Ctrl('f')],
        Action::Replace(Replacement::Forfeit),
        "end the game: the engine forfeits",
    ),
];

/// What only a network game has.
const TALKING: &[Binding] = &[
    Binding::new(
        &[Ctrl('o')],
        Action::Chat,
        "chat with the other player (network game)",
    ),
    Binding::new(
        &[Char('='), Ctrl('d')],
        Action::OfferDraw,
        "offer a draw (network game; undo asks for one)",
    ),
    Binding::new(
        &[Ctrl('a')],
        Action::Accept,
        "accept the draw or undo offered, or claim the win when the other player stays away (network game)",
    ),
    Binding::new(&[Ctrl('g')], Action::Decline, "decline it (network game)"),
];

/// Saving: what the help says of it at home (the SSH door says what it
/// does there: see `saving::Saving`).
pub const SAVE: Binding = Binding::new(
    &[Char('s'), Ctrl('s')],
    Action::Save,
    "save the game to a file",
);

/// Saving, leaving, the help and quitting.
const LEAVING: &[Binding] = &[
    SAVE,
    Binding::new(
        &[Char('n'), Ctrl('n')],
        Action::NewGame,
        "new game (press twice during a game)",
    ),
];

/// The footer of a game at home, until its last items (the word moves
/// open go after typing a cell).
const FOOTER: &[Footer] = &[
    Footer::new(Action::LEFT, "move").weight(6),
    Footer::new(Action::Confirm, "place").weight(7),
    Footer::new(Action::OpenAddress, "type").weight(3),
    Footer::new(Action::Review, "review").weight(7),
    Footer::new(Action::Hint, "hint").weight(5),
    Footer::new(Action::Pause, "pause").weight(8),
    Footer::new(Action::Undo, "undo").weight(6),
    Footer::new(Action::Browse, "look back").weight(1),
    Footer::new(Action::Analyse, "analyse").weight(5),
    Footer::new(Action::NewGame, "new").weight(4),
    Footer::new(Action::Resign, "resign").weight(1),
    Footer::new(Action::Save, "save").weight(2),
    Footer::new(Action::Help, "help"),
    Footer::new(Action::Quit, "quit"),
];

/// The footer of a network game.
const NETWORK_FOOTER: &[Footer] = &[
    Footer::new(Action::LEFT, "move").weight(6),
    Footer::new(Action::Confirm, "place").weight(7),
    Footer::new(Action::OpenAddress, "type").weight(3),
    Footer::new(Action::Review, "review").weight(7),
    Footer::new(Action::Undo, "undo").weight(6),
    Footer::new(Action::Browse, "look back").weight(1),
    Footer::new(Action::NewGame, "leave").weight(4),
    Footer::new(Action::Resign, "resign").weight(1),
    Footer::new(Action::Chat, "chat").weight(5),
    Footer::new(Action::OfferDraw, "draw").weight(3),
    Footer::new(Action::Accept, "accept").weight(9),
    Footer::new(Action::Decline, "decline").weight(9),
    Footer::new(Action::Save, "save").weight(2),
    Footer::new(Action::Help, "help"),
    Footer::new(Action::Quit, "quit"),
];

/// On the board of a game at home.
pub const BOARD: Keymap = Keymap::new(&[PLACING, COMMANDS, LOOKS, LEAVING, HELP_AND_QUIT])
    .input(Input::Board)
    .footer(FOOTER);

/// On the board of a network game (where `Ctrl-g` declines an offer).
pub const NETWORK_BOARD: Keymap =
    Keymap::new(&[PLACING, TALKING, COMMANDS, LOOKS, LEAVING, HELP_AND_QUIT])
        .input(Input::Board)
        .footer(NETWORK_FOOTER);

/// Typing a cell, a file name or a line of chat at the bottom: every
/// character types, and the keys that are not characters still work.
const LINE: &[Binding] = &[
    Binding::new(
        &[Enter],
        Action::Confirm,
        "play the cell typed, or save or send the line",
    ),
    Binding::new(&[Backspace], Action::Erase, "erase the last character"),
    CLEAR_LINE,
    Binding::new(&[Esc], Action::Cancel, "close the line"),
];

/// The footer while a line is typed (the line says what Enter does).
const LINE_FOOTER: &[Footer] = &[
    Footer::new(Action::Cancel, "cancel"),
    Footer::new(Action::Erase, "erase").weight(2),
    Footer::new(Action::Clear, "empty").weight(1),
    Footer::new(Action::Help, "help"),
    Footer::new(Action::Quit, "quit"),
];

/// The help and quitting where `?` and `q` type.
const TYPED_HELP_AND_QUIT: &[Binding] = &[HELP_F1, CTRL_QUIT];

/// While a line is typed at the bottom of a game at home.
pub const TYPING: Keymap =
    Keymap::new(&[LINE, PLACING, COMMANDS, LOOKS, LEAVING, TYPED_HELP_AND_QUIT])
        .input(Input::Text)
        .footer(LINE_FOOTER);

/// While a line is typed at the bottom of a network game.
pub const NETWORK_TYPING: Keymap = Keymap::new(&[
    LINE,
    PLACING,
    TALKING,
    COMMANDS,
    LOOKS,
    LEAVING,
    TYPED_HELP_AND_QUIT,
])
.input(Input::Text)
.footer(LINE_FOOTER);

/// Looking back through the game so far.
const LOOKING_BACK: &[Binding] = &[
    Binding::each(
        &[
            (Left, Action::LEFT),
            (Right, Action::RIGHT),
            (Char('h'), Action::LEFT),
            (Char('l'), Action::RIGHT),
            (Char('['), Action::LEFT),
            (Char(']'), Action::RIGHT),
        ],
        "one move back, one move on",
    ),
    Binding::each(
        &[(Home, Action::First), (End, Action::Last)],
        "the start, the position now",
    ),
    Binding::new(&[Esc, Enter], Action::Cancel, "back to the game"),
    Binding::new(
        &[Char('a'), Ctrl('a')],
        Action::Analyse,
        "analyse from here (a game at home)",
    ),
    Binding::each(
        &[(Ctrl('z'), Action::Undo), (Ctrl('r'), Action::Redo)],
        "undo, redo (back to the game)",
    ),
];

/// While looking back.
pub const BROWSING: Keymap = Keymap::new(&[LOOKING_BACK, LOOKS, HELP_AND_QUIT]).footer(&[
    Footer::new(Action::LEFT, "step").weight(3),
    Footer::new(Action::First, "ends").weight(1),
    Footer::new(Action::Cancel, "back to the game").weight(2),
    Footer::new(Action::Analyse, "analyse").weight(1),
    Footer::new(Action::Help, "help"),
    Footer::new(Action::Quit, "quit"),
]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::action::Direction;
    use crate::app::keys::{Key, Mode, Typing};

    fn board(columns: usize) -> Mode {
        Mode::on_board(&BOARD, Typing::of(columns, []))
    }

    #[test]
    fn presses_are_read_and_releases_ignored() {
        use crate::app::keys::action_for;
        use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
        let mut key = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        assert_eq!(
            action_for(&Event::Key(key), board(6)),
            Some(Action::Confirm)
        );
        key.kind = KeyEventKind::Release;
        assert_eq!(action_for(&Event::Key(key), board(6)), None);
        assert_eq!(
            action_for(&Event::Resize(30, 10), board(6)),
            Some(Action::Resize {
                width: 30,
                height: 10
            })
        );
    }

    #[test]
    fn column_letters_open_the_address_line_and_others_are_commands() {
        let small = board(6);
        assert_eq!(small.action(Char('c')), Some(Action::Type('c')));
        assert_eq!(small.action(Char('C')), Some(Action::Type('C')));
        assert_eq!(small.action(Char('h')), Some(Action::Hint));
        assert_eq!(
            small.action(Char('l')),
            Some(Action::Step(Direction::Right))
        );
        assert_eq!(small.action(Char('u')), Some(Action::Undo));
        assert_eq!(small.action(Char('s')), Some(Action::Save));
        assert_eq!(small.action(Char('q')), Some(Action::Quit));
        assert_eq!(small.action(Char(':')), Some(Action::OpenAddress));
        // On a 19-column board `h` is column H, and `q` is column Q.
        let wide = board(19);
        assert_eq!(wide.action(Char('h')), Some(Action::Type('h')));
        assert_eq!(wide.action(Char('q')), Some(Action::Type('q')));
        assert_eq!(wide.action(Char('u')), Some(Action::Undo));
        // The cursor's letters work as a set: on 11×11 `j` and `k` are
        // columns, so `l` types too, and the help names no lone `l`.
        let eleven = board(11);
        assert_eq!(eleven.action(Char('l')), Some(Action::Type('l')));
        let cursor = eleven.help(|_| true);
        let cursor = cursor.iter().find(|line| line.does == "move the cursor");
        assert_eq!(cursor.map(|line| line.keys.as_str()), Some("← ↑ → ↓"));
        assert_eq!(
            board(8).action(Char('l')),
            Some(Action::Step(Direction::Right))
        );
    }

    #[test]
    fn a_letter_or_digit_that_is_no_command_types_rather_than_vanish() {
        // On 11×11, `z` is no column and no command: typed, so that `z9`
        // and Enter is refused instead of placing at the cursor.
        let hex = board(11);
        assert_eq!(hex.action(Char('z')), Some(Action::Type('z')));
        assert_eq!(hex.action(Char('9')), Some(Action::Type('9')));
        assert_eq!(hex.action(Char('u')), Some(Action::Undo));
        assert_eq!(hex.action(Char('?')), Some(Action::Help));
        assert_eq!(hex.action(Char('-')), None);
        // Looking back, or once the game is over, nothing types.
        assert_eq!(Mode::of(&BROWSING).action(Char('z')), None);
        assert_eq!(Mode::on_board(&BOARD, Typing::NONE).action(Char('z')), None);
    }

    #[test]
    fn a_word_move_open_now_is_typed_not_a_command() {
        let swap_open = Mode::on_board(&BOARD, Typing::of(11, ["swap"]));
        assert_eq!(swap_open.action(Char('s')), Some(Action::Type('s')));
        assert_eq!(board(11).action(Char('s')), Some(Action::Save));
        assert_eq!(swap_open.key_for(Action::Save), "Ctrl-s");
        assert_eq!(board(11).key_for(Action::Save), "s");
    }

    #[test]
    fn control_keys_work_on_every_board_and_while_typing() {
        for mode in [
            board(6),
            board(26),
            Mode::of(&TYPING),
            Mode::of(&NETWORK_TYPING),
        ] {
            assert_eq!(mode.action(Ctrl('c')), Some(Action::Quit));
            assert_eq!(mode.action(Ctrl('z')), Some(Action::Undo));
            assert_eq!(mode.action(Ctrl('q')), Some(Action::Quit));
        }
        // In a network game Ctrl-g declines an offer; at home it hands an
        // outside engine's seat to the player.
        let online = Mode::on_board(&NETWORK_BOARD, Typing::of(6, []));
        assert_eq!(online.action(Ctrl('g')), Some(Action::Decline));
        assert_eq!(
            board(6).action(Ctrl('g')),
            Some(Action::Replace(Replacement::Person))
        );
    }

    #[test]
    fn the_keys_named_are_keys_that_work_on_the_board() {
        assert_eq!(board(6).key_for(Action::Quit), "q");
        assert_eq!(board(19).key_for(Action::Quit), "Ctrl-q");
        assert_eq!(board(19).key_for(Action::Undo), "u");
        assert_eq!(board(26).key_for(Action::Undo), "Ctrl-z");
        assert_eq!(board(8).key_for(Action::Hint), "Ctrl-t");
        for columns in [6, 11, 19, 26] {
            let mode = board(columns);
            let help = mode.help(|_| true);
            for line in &help {
                for name in line.keys.split_whitespace() {
                    let Some(key) = Key::named(name).filter(|&key| key != Key::Click) else {
                        continue;
                    };
                    let action = mode.action(key);
                    assert!(
                        action.is_some() && !matches!(action, Some(Action::Type(_))),
                        "{columns} columns: {name} ({}) does {action:?}",
                        line.does
                    );
                }
            }
            assert!(help.iter().any(|line| line.does.contains("hint")));
            assert!(help.iter().any(|line| line.does.contains("save")));
        }
    }

    #[test]
    fn typing_takes_every_character() {
        let typing = Mode::of(&TYPING);
        assert_eq!(typing.action(Char('q')), Some(Action::Type('q')));
        assert_eq!(typing.action(Char('3')), Some(Action::Type('3')));
        assert_eq!(typing.action(Char('?')), Some(Action::Type('?')));
        assert_eq!(typing.action(Enter), Some(Action::Confirm));
        assert_eq!(typing.action(Backspace), Some(Action::Erase));
        assert_eq!(typing.action(Esc), Some(Action::Cancel));
        // The help names no letter that types.
        let help = typing.help(|_| true);
        assert!(help.iter().all(|line| !line.keys.contains("  h ")));
        assert!(help.iter().any(|line| line.keys == "F1"));
    }
}
