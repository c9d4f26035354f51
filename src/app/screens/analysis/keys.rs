//! The analysis board's keys: placing a piece for either side as on a
//! game's board, walking the tree of lines, and the computer's level.

use crate::app::action::Action;
use crate::app::keys::Key::{Backspace, Char, Ctrl, End, Enter, Esc, Home, PageDown, PageUp};
use crate::app::keys::shared::{CLEAR_LINE, CTRL_QUIT, HELP_AND_QUIT, HELP_F1, LOOKS};
use crate::app::keys::{Binding, Footer, Input, Keymap};
use crate::app::screens::play::keys::PLACING;

/// Walking the lines.
const WALKING: &[Binding] = &[
    Binding::each(
        &[(Char('['), Action::Previous), (Char(']'), Action::Next)],
        "one move back, one move on along the line",
    )
    .also(&[(Char(','), Action::Previous), (Char('.'), Action::Next)]),
    Binding::each(
        &[(Home, Action::First), (End, Action::Last)],
        "the start, the end of the line",
    ),
    Binding::each(
        &[
            (PageUp, Action::PreviousVariation),
            (PageDown, Action::NextVariation),
        ],
        "the variation before, after (at the same move)",
    )
    .also(&[
        (Char('{'), Action::PreviousVariation),
        (Char('}'), Action::NextVariation),
    ]),
    Binding::new(
        &[Char('\\'), Ctrl('o')],
        Action::MainLine,
        "back to where the line left the main line",
    ),
];

/// The computer, saving, playing on, leaving.
const COMMANDS: &[Binding] = &[
    Binding::new(
        &[Char('e'), Ctrl('e')],
        Action::Evaluate,
        "evaluation bar and best line on or off",
    ),
    Binding::each(
        &[(Char('+'), Action::Stronger), (Char('-'), Action::Weaker)],
        "the computer's level up, down",
    )
    .also(&[(Char('='), Action::Stronger), (Char('_'), Action::Weaker)]),
    Binding::new(
        &[Char('s'), Ctrl('s')],
        Action::Save,
        "save the line to here in the saved games",
    ),
    Binding::new(
        &[Char('p'), Ctrl('p')],
        Action::Continue,
        "play on from here against the computer at its level",
    ),
    Binding::new(&[Esc], Action::Cancel, "back to where the board was opened"),
];

/// On the analysis board.
pub const ANALYSIS: Keymap = Keymap::new(&[PLACING, WALKING, COMMANDS, LOOKS, HELP_AND_QUIT])
    .input(Input::Board)
    .footer(&[
        Footer::new(Action::Confirm, "place").weight(8),
        Footer::new(Action::Previous, "step").weight(9),
        Footer::new(Action::PreviousVariation, "variation").weight(6),
        Footer::new(Action::MainLine, "main").weight(3),
        Footer::new(Action::Stronger, "level").weight(4),
        Footer::new(Action::Save, "save line").weight(5),
        Footer::new(Action::Continue, "play on").weight(7),
        Footer::new(Action::Cancel, "back").weight(2),
        Footer::new(Action::Help, "help"),
        Footer::new(Action::Quit, "quit"),
    ]);

/// Typing a cell at the bottom.
const CELL_LINE: &[Binding] = &[
    Binding::new(&[Enter], Action::Confirm, "play the cell typed"),
    Binding::new(&[Backspace], Action::Erase, "erase the last character"),
    CLEAR_LINE,
    Binding::new(&[Esc], Action::Cancel, "close the line"),
];

/// While a cell is typed.
pub const TYPING: Keymap = Keymap::new(&[CELL_LINE, LOOKS, &[HELP_F1, CTRL_QUIT]])
    .input(Input::Text)
    .footer(&[
        Footer::new(Action::Cancel, "cancel"),
        Footer::new(Action::Erase, "erase").weight(2),
        Footer::new(Action::Help, "help"),
        Footer::new(Action::Quit, "quit"),
    ]);
