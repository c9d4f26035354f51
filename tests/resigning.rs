//! Resigning in the full-screen app: asked for twice, told on the board,
//! in the history and the saved record, and shown again by the replay
//! viewer and the plain replay; so are a network game's clock running
//! out and an agreed draw.

use std::fs;

use ratatui::crossterm::event::KeyCode;

use tabletop::app::{App, Options, Start};
use tabletop::games::{AnyRecord, Setup};
use tabletop_core::files;
use tabletop_core::seat::Seat;
use tabletop_engine::Player;
use tabletop_engine::gekitai::Gekitai;

mod common;
use common::scratch::Scratch;
use common::screen::{draw, game, open, options, play, press};

const SIZE: (u16, u16) = (80, 24);

fn ctrl_x(app: &mut App) {
    press(app, KeyCode::Char('x'), true);
}

#[test]
fn resigning_asks_first_and_any_other_key_cancels() {
    let mut app = game(Setup::default(), [Seat::Human, Seat::Human], SIZE);
    play(&mut app, "c3 d4");
    ctrl_x(&mut app);
    let screen = draw(&app, SIZE);
    assert!(
        screen.contains("Resign as Player X? Press Ctrl-x again"),
        "{screen}"
    );
    press(&mut app, KeyCode::Left, false);
    ctrl_x(&mut app);
    assert!(
        !draw(&app, SIZE).contains("resigned"),
        "a key in between cancels the first request"
    );
    ctrl_x(&mut app);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("Player X resigned."), "{screen}");
    assert!(screen.contains("Player O wins!"), "{screen}");
    assert!(
        screen.contains("X resigns"),
        "the history ends with it: {screen}"
    );
    // The game is over: no more moves.
    play(&mut app, "a1");
    assert!(!draw(&app, SIZE).contains("3. X A1"));
    press(&mut app, KeyCode::Esc, false);
    // Undo takes the resignation back, and play goes on.
    press(&mut app, KeyCode::Char('z'), true);
    play(&mut app, "a1");
    let screen = draw(&app, SIZE);
    assert!(screen.contains("3. X A1"), "{screen}");
    assert!(!screen.contains("resign"), "{screen}");
}

#[test]
fn against_the_computer_the_person_resigns_whoever_is_to_move() {
    let seats = [Seat::Computer(tabletop_ai::Level::MIN), Seat::Human];
    let mut app = game(Setup::default(), seats, SIZE);
    // The computer (X) is to move; the person is O.
    ctrl_x(&mut app);
    ctrl_x(&mut app);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("Player O resigned."), "{screen}");
    assert!(screen.contains("Player X wins!"), "{screen}");
    // The computer plays both sides: nobody at the board to resign.
    let computers = [const { Seat::Computer(tabletop_ai::Level::MIN) }; 2];
    let mut watching = game(Setup::default(), computers, SIZE);
    ctrl_x(&mut watching);
    ctrl_x(&mut watching);
    let screen = draw(&watching, SIZE);
    assert!(!screen.contains("resigned"), "{screen}");
}

#[test]
fn the_record_keeps_the_resignation_and_the_replays_show_it() {
    let folder = Scratch::new("resign");
    let path = folder.join("autosave.toml");
    let saving = Options {
        autosave: Some(path.clone()),
        ..options(Start::Game(Setup::default()))
    };
    let mut app = open(saving, SIZE);
    play(&mut app, "c3 d4 e5");
    ctrl_x(&mut app);
    ctrl_x(&mut app);
    let text = fs::read_to_string(&path).expect("the game was saved");
    assert!(text.contains("result = \"X\""), "{text}");
    assert!(text.contains("ended = \"resignation\""), "{text}");
    let AnyRecord::Gekitai(record) = files::load(&path).expect("the record loads") else {
        panic!("a Gekitai record");
    };
    assert_eq!(record.resigned, Some(Player::Second));
    assert!(record.end() != Gekitai::default());

    // The viewer: at the end, the resignation and its result.
    let mut replay = open(
        options(Start::Replay(AnyRecord::Gekitai(record), None)),
        SIZE,
    );
    let screen = draw(&replay, SIZE);
    assert!(!screen.contains("Player O resigned."), "not yet: {screen}");
    press(&mut replay, KeyCode::End, false);
    let screen = draw(&replay, SIZE);
    assert!(screen.contains("Move 3 of 3"), "{screen}");
    assert!(screen.contains("Player O resigned."), "{screen}");
    assert!(screen.contains("Player X wins!"), "{screen}");

    // The plain replay ends the same way.
    let file = path.to_str().expect("a UTF-8 path");
    let plain = common::run(&["replay", file, "--plain"], b"");
    assert_eq!(plain.status, 0, "{}", plain.stderr);
    assert!(
        plain
            .text()
            .ends_with("Player O's turn: \nPlayer O resigned.\nPlayer X wins!\n"),
        "{}",
        plain.text()
    );
}

#[test]
fn the_replays_show_a_game_ended_by_the_clock_or_an_agreed_draw() {
    let folder = Scratch::new("adjudged");
    let endings = [
        (
            "ended = \"time\"\nresult = \"X\"",
            "Player O ran out of time.",
            "Player X wins!",
        ),
        (
            "ended = \"agreement\"\nresult = \"draw\"",
            "The players agreed a draw.",
            "Draw",
        ),
    ];
    for (n, (ended, told, result)) in endings.into_iter().enumerate() {
        let path = folder.join(format!("ended-{n}.toml"));
        let text =
            format!("game = \"gekitai\"\n{ended}\nclock = \"5+3\"\nmoves = [\"C3\", \"D4\"]\n");
        fs::write(&path, text).expect("the record is written");
        let record = files::load(&path).expect("the record loads");
        let mut replay = open(options(Start::Replay(record, None)), SIZE);
        press(&mut replay, KeyCode::End, false);
        let screen = draw(&replay, SIZE);
        assert!(screen.contains(told), "{screen}");
        assert!(screen.contains(result), "{screen}");
        // Before the last move the game was still going.
        press(&mut replay, KeyCode::Left, false);
        let screen = draw(&replay, SIZE);
        assert!(!screen.contains(told), "{screen}");

        let file = path.to_str().expect("a UTF-8 path");
        let plain = common::run(&["replay", file, "--plain"], b"");
        assert_eq!(plain.status, 0, "{}", plain.stderr);
        assert!(
            plain.text().contains(&format!("\n{told}\n")),
            "{}",
            plain.text()
        );
    }
}

/// The cells of the Reversi board marked as legal moves (`*`).
fn marked(screen: &str) -> usize {
    screen
        .lines()
        .filter(|line| line.contains('|'))
        .map(|line| line.matches('*').count())
        .sum()
}

#[test]
fn a_resigned_reversi_game_marks_no_legal_move_on_the_board_or_in_the_replay() {
    let reversi = Setup::default_of(tabletop::games::GameKind::Reversi);
    let mut app = game(reversi, [Seat::Human, Seat::Human], SIZE);
    play(&mut app, "d3");
    assert!(marked(&draw(&app, SIZE)) > 0, "{}", draw(&app, SIZE));
    ctrl_x(&mut app);
    ctrl_x(&mut app);
    let resigned = draw(&app, SIZE);
    assert!(resigned.contains("resigned"), "{resigned}");
    assert_eq!(marked(&resigned), 0, "no move is open: {resigned}");
    // The replay of the record at its end, the resignation shown.
    let folder = Scratch::new("resigned-reversi");
    let path = folder.join("reversi.toml");
    press(&mut app, KeyCode::Char('s'), false);
    press(&mut app, KeyCode::Char('u'), true);
    for c in path.display().to_string().chars() {
        press(&mut app, KeyCode::Char(c), false);
    }
    press(&mut app, KeyCode::Enter, false);
    let record = files::load(&path).expect("the saved game");
    let mut replay = open(options(Start::Replay(record, Some(path))), SIZE);
    press(&mut replay, KeyCode::End, false);
    let end = draw(&replay, SIZE);
    assert!(end.contains("resign"), "{end}");
    assert_eq!(marked(&end), 0, "no move is open at the end: {end}");
    press(&mut replay, KeyCode::Home, false);
    assert!(
        marked(&draw(&replay, SIZE)) > 0,
        "the start's moves are open"
    );
}

#[test]
fn a_letter_typed_after_the_game_is_over_opens_no_cell_line() {
    let mut app = game(Setup::default(), [Seat::Human, Seat::Human], SIZE);
    play(&mut app, "c3 d4");
    ctrl_x(&mut app);
    ctrl_x(&mut app);
    for c in ['C', 'a', ':'] {
        press(&mut app, KeyCode::Char(c), false);
        let screen = draw(&app, SIZE);
        assert!(
            !screen.contains("Cell:"),
            "{c} opened the cell line: {screen}"
        );
    }
}
