//! Gekitai's proved win in the full-screen app: a hint in a position the
//! book covers says who wins with best play.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyCode;

use tabletop::games::Setup;
use tabletop_core::seat::Seat;

mod common;
use common::screen::{draw, game, play, press};

const SIZE: (u16, u16) = (100, 30);

/// The screen once `done` holds of it, or after a generous wait.
fn screen_once(app: &mut tabletop::app::App, done: impl Fn(&str) -> bool) -> String {
    let give_up = Instant::now() + Duration::from_secs(60);
    loop {
        app.tick(Instant::now());
        let screen = draw(app, SIZE);
        if done(&screen) || Instant::now() > give_up {
            return screen;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_hint_on_the_book_says_x_wins_with_best_play() {
    let mut app = game(Setup::default(), [Seat::Human, Seat::Human], SIZE);
    press(&mut app, KeyCode::Char('h'), false);
    let screen = screen_once(&mut app, |s| s.contains("Hint:"));
    assert!(screen.contains("X wins with best play"), "{screen}");

    // O to move after X's book move: still X's win.
    let hint = screen
        .split("Hint: ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the hint names a cell")
        .to_string();
    play(&mut app, &hint);
    press(&mut app, KeyCode::Char('h'), false);
    let screen = screen_once(&mut app, |s| s.contains("Hint:"));
    assert!(screen.contains("X wins with best play"), "{screen}");
}
