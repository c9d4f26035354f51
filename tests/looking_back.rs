//! Looking back through a game under way: `[` steps back a turn at a time,
//! the board and the history show the position then, and leaving puts the
//! game back exactly as it was.

use ratatui::crossterm::event::KeyCode;

use tabletop::games::Setup;
use tabletop_core::seat::Seat;
use tabletop_engine::connect6::{Connect6, Connect6Settings};

mod common;
use common::screen::{draw, game, play, press};

const SIZE: (u16, u16) = (80, 24);

/// The text of the board row labelled `label` (`  3 |` or `  3 ·`).
fn board_row(screen: &str, label: &str) -> String {
    screen
        .lines()
        .map(|line| line.trim_start_matches('"').trim_start())
        .find(|line| {
            line.strip_prefix(label).is_some_and(|rest| {
                rest.starts_with(' ') && (rest.contains('|') || rest.contains('·'))
            })
        })
        .unwrap_or_default()
        .to_string()
}

#[test]
fn looking_back_shows_earlier_positions_and_changes_nothing() {
    let mut app = game(Setup::default(), [Seat::Human, Seat::Human], SIZE);
    play(&mut app, "c3 d4 e5");
    let now = draw(&app, SIZE);
    assert!(board_row(&now, "5").contains("| X |"), "{now}");

    press(&mut app, KeyCode::Char('['), false);
    let back = draw(&app, SIZE);
    assert!(back.contains("Looking back: move 2 of 3"), "{back}");
    assert!(
        !board_row(&back, "5").contains('X'),
        "E5 is not placed yet: {back}"
    );
    assert!(back.contains("3. X E5"), "the whole history stays: {back}");

    // Arrows step through the moves; Home goes to the start.
    press(&mut app, KeyCode::Left, false);
    assert!(draw(&app, SIZE).contains("Looking back: move 1 of 3"));
    press(&mut app, KeyCode::Home, false);
    let start = draw(&app, SIZE);
    assert!(start.contains("Looking back: move 0 of 3"), "{start}");
    assert!(
        !start.contains("| X |") && !start.contains("| O |"),
        "{start}"
    );
    // Letters do not type an address while looking back (`a` analyses).
    press(&mut app, KeyCode::Char('b'), false);
    assert!(!draw(&app, SIZE).contains("Cell:"));

    // Esc goes back to the game, as it was.
    press(&mut app, KeyCode::Esc, false);
    assert_eq!(draw(&app, SIZE), now);
    play(&mut app, "a1");
    assert!(draw(&app, SIZE).contains("4. O A1"));

    // Stepping on past the last move also goes back to the game.
    press(&mut app, KeyCode::Char('['), false);
    press(&mut app, KeyCode::Right, false);
    assert!(!draw(&app, SIZE).contains("Looking back"));
}

#[test]
fn connect6_looks_back_a_whole_turn_at_a_time() {
    let size = (120, 40);
    let setup = Setup::of::<Connect6>(&Connect6Settings::default());
    let mut app = game(setup, [Seat::Human, Seat::Human], size);
    play(&mut app, "J9 A0 A1 K9 L9");
    press(&mut app, KeyCode::Char('['), false);
    let screen = draw(&app, size);
    assert!(screen.contains("Looking back: move 2 of 3"), "{screen}");
    // Both of W's stones are there, neither of B's second turn.
    let row_9 = board_row(&screen, "9");
    assert!(row_9.contains('B') && !row_9.contains("B B"), "{screen}");
    let row_0 = board_row(&screen, "0");
    assert!(row_0.contains('W'), "{screen}");
}

#[test]
fn there_is_nothing_to_look_back_at_before_the_first_move() {
    let mut app = game(Setup::default(), [Seat::Human, Seat::Human], SIZE);
    press(&mut app, KeyCode::Char('['), false);
    let screen = draw(&app, SIZE);
    assert!(!screen.contains("Looking back"), "{screen}");
    assert!(screen.contains("No move to look back at yet"), "{screen}");
}
