//! The replay viewer's keys.

use crate::app::action::Action;
use crate::app::keys::Key::{
    Backspace, Char, Down, End, Enter, Esc, Home, Left, Number, Right, Up,
};
use crate::app::keys::shared::{HELP_AND_QUIT, LOOKS};
use crate::app::keys::{Binding, Footer, Input, Keymap};

const VIEWING: &[Binding] = &[
    Binding::each(
        &[
            (Left, Action::LEFT),
            (Right, Action::RIGHT),
            (Char('h'), Action::LEFT),
            (Char('l'), Action::RIGHT),
        ],
        "one move back, one move on",
    )
    .also(&[(Up, Action::LEFT), (Down, Action::RIGHT)]),
    Binding::each(
        &[(Home, Action::First), (End, Action::Last)],
        "the start, the end",
    ),
    Binding::new(
        &[Char(' ')],
        Action::Autoplay,
        "play the moves by themselves, or stop",
    ),
    Binding::each(
        &[(Char('+'), Action::Faster), (Char('-'), Action::Slower)],
        "faster, slower",
    )
    .also(&[(Char('='), Action::Faster), (Char('_'), Action::Slower)]),
    Binding::each(
        &[(Number, Action::Type('1')), (Enter, Action::Confirm)],
        "jump to after move 12",
    )
    .also(&[(Backspace, Action::Erase)]),
    Binding::new(
        &[Char('p')],
        Action::Continue,
        "play on from here as a new game",
    ),
    Binding::new(
        &[Char('m')],
        Action::NextMistake,
        "the next mistake or blunder (a reviewed game)",
    ),
    Binding::new(
        &[Char('r')],
        Action::Review,
        "review the game here (the graph fills in as it goes)",
    ),
    Binding::new(&[Char('e')], Action::Evaluate, "evaluation bar on or off"),
    Binding::new(
        &[Char('a')],
        Action::Analyse,
        "analyse from here: moves for both sides, branches, the computer's line",
    ),
    Binding::new(
        &[Esc],
        Action::Cancel,
        "back to where the game was opened from",
    ),
];

pub const REPLAY: Keymap = Keymap::new(&[VIEWING, LOOKS, HELP_AND_QUIT])
    .input(Input::Digits)
    .footer(&[
        Footer::new(Action::LEFT, "step").weight(6),
        Footer::new(Action::First, "ends").weight(2),
        Footer::new(Action::Autoplay, "play").weight(4),
        Footer::new(Action::NextMistake, "next mistake").weight(5),
        Footer::new(Action::Review, "review").weight(5),
        Footer::new(Action::Faster, "speed").weight(1),
        Footer::new(Action::Continue, "play on").weight(3),
        Footer::new(Action::Analyse, "analyse").weight(4),
        Footer::new(Action::Help, "help"),
        Footer::new(Action::Quit, "quit"),
    ]);
