//! Big terminals use their room: at 120x40 and 200x60 the boxed board of
//! every square game that has room is drawn with larger cells (pieces as blocks of their
//! symbol) instead of staying the size it has at 80x24, and clicks land
//! on the cells as drawn. Kept as snapshots at the large sizes.

use insta::assert_snapshot;
use tabletop::app::action::Action;
use tabletop::games::{GameKind, Setup};
use tabletop_core::seat::Seat;

mod common;
use common::screen::{draw, game, play};

/// A few moves of each game, in its own notation.
fn opening(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Gekitai => "C3 D4",
        GameKind::Connect6 => "J9 J10 K10",
        GameKind::Hex => "F5 E6",
        GameKind::Reversi => "d3 c3",
        GameKind::Gomoku => "H8 I9",
    }
}

/// The widest grid line drawn (`+---+---+`), in columns.
fn grid_width(screen: &str) -> usize {
    screen
        .lines()
        .filter_map(|line| {
            let start = line.find("+-")?;
            let run = line[start..]
                .chars()
                .take_while(|c| *c == '+' || *c == '-')
                .count();
            Some(run)
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn the_board_grows_with_the_terminal_for_every_square_game() {
    for &kind in GameKind::ALL {
        let mut shown = Vec::new();
        for size in [(80, 24), (120, 40), (200, 60)] {
            let mut app = game(Setup::default_of(kind), [Seat::Human, Seat::Human], size);
            play(&mut app, opening(kind));
            let screen = draw(&app, size);
            assert!(
                !screen.contains("Terminal too small"),
                "{kind} {size:?}\n{screen}"
            );
            assert!(
                screen.contains("2. "),
                "{kind} {size:?}: the moves\n{screen}"
            );
            if size != (80, 24) {
                let name = format!("{}_at_{}x{}", kind.name(), size.0, size.1);
                assert_snapshot!(name, screen);
            }
            shown.push(grid_width(&screen));
        }
        // A board never shrinks as the terminal grows; the small boards
        // (Gekitai's and Reversi's) grow at each size. Hex's rhombus, and
        // 15x15 and 19x19 boards, which fill 200x60 with one-character
        // cells already, keep their size.
        assert!(
            shown[0] <= shown[1] && shown[1] <= shown[2],
            "{kind}: {shown:?}"
        );
        if matches!(kind, GameKind::Gekitai | GameKind::Reversi) {
            assert!(
                shown[0] < shown[1] && shown[1] < shown[2],
                "{kind}: {shown:?}"
            );
        }
    }
}

#[test]
fn a_click_on_a_grown_cell_plays_it() {
    let size = (120, 40);
    let mut app = game(Setup::default(), [Seat::Human, Seat::Human], size);
    let screen = draw(&app, size);
    // The middle of C3's cell on the grown board: under the C, at row 3's
    // label.
    let lines: Vec<&str> = screen.lines().collect();
    let letters = lines
        .iter()
        .position(|l| l.contains(" A ") && l.contains(" F "))
        .expect("letters");
    // Each drawn line starts with a quote: a screen column is one less.
    let column = lines[letters].find(" C ").expect("C") + 1 - 1;
    let row = lines
        .iter()
        .position(|l| l.contains(" 3 |"))
        .expect("row 3");
    app.update(Action::Click {
        column: column as u16,
        row: row as u16,
    });
    let screen = draw(&app, size);
    assert!(screen.contains("1. X C3"), "{screen}");
}
