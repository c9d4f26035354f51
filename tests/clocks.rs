//! Clocks at home: a game against a friend or the computer on a clock
//! (`--clock`, or the start screen's Clock line), shown in the panel, a
//! fallen flag losing the game, the clock stopped on quit and going on
//! from the autosave; and the plain mode's clock. Time is made up by the
//! test (a TimeSource moved on by hand), never read off the wall.

use std::fs;
use std::io::{self, Read};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyCode;
use tabletop::app::action::{Action, Direction};
use tabletop::app::{App, Options, Start};
use tabletop::games::Setup;
use tabletop::plain::{self, PlainClock, PlainGame, Style};
use tabletop_core::clock::{Clock, TimeSource};
use tabletop_core::files;
use tabletop_core::seat::Seat;
use tabletop_engine::gekitai::{Gekitai, GekitaiSettings};
use tabletop_engine::line::Line;
use tabletop_engine::time_control::TimeControl;

mod common;
use common::scratch::Scratch;
use common::screen::{draw, open, options, play, press};

const SIZE: (u16, u16) = (80, 24);

fn seconds(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn control(text: &str) -> TimeControl {
    text.parse().expect("a clock")
}

/// A game of Gekitai between two people on `clock`, in made-up `time`,
/// saved after every move to `autosave` if given.
fn clocked(clock: &str, time: &TimeSource, autosave: Option<std::path::PathBuf>) -> App {
    let chosen = Options {
        clock: Some(control(clock)),
        time: time.clone(),
        autosave,
        ..options(Start::Game(Setup::default()))
    };
    open(chosen, SIZE)
}

/// The panel's clock line, as drawn.
fn clock_line(app: &App) -> String {
    let screen = draw(app, SIZE);
    let line = screen
        .lines()
        .find(|line| line.contains("Clock X"))
        .unwrap_or_default();
    let at = line.find("Clock X").unwrap_or(0);
    line[at..]
        .trim_end()
        .trim_end_matches('"')
        .trim_end()
        .to_string()
}

#[test]
fn the_side_to_move_runs_down_gains_its_increment_and_loses_when_its_flag_falls() {
    let time = TimeSource::fake();
    let mut app = clocked("1+2", &time, None);
    assert_eq!(clock_line(&app), "Clock X 1:00 · O 1:00 (1+2)");
    time.advance(seconds(10));
    app.tick(Instant::now());
    assert_eq!(clock_line(&app), "Clock X 0:50 · O 1:00 (1+2)");
    play(&mut app, "A1");
    assert_eq!(clock_line(&app), "Clock X 0:52 · O 1:00 (1+2)");
    time.advance(seconds(30));
    play(&mut app, "A6");
    assert_eq!(clock_line(&app), "Clock X 0:52 · O 0:32 (1+2)");
    // X thinks too long: the flag falls, and X loses on time.
    time.advance(seconds(52));
    app.tick(Instant::now());
    let screen = draw(&app, SIZE);
    assert!(screen.contains("Player X ran out of time."), "{screen}");
    assert!(screen.contains("Player O wins!"), "{screen}");
    assert_eq!(clock_line(&app), "Clock X 0:00.0 · O 0:32 (1+2)");
    // Nothing more is played, and the clock stands still.
    play(&mut app, "C3");
    time.advance(seconds(100));
    app.tick(Instant::now());
    let screen = draw(&app, SIZE);
    assert!(!screen.contains("3. X C3"), "{screen}");
    assert_eq!(clock_line(&app), "Clock X 0:00.0 · O 0:32 (1+2)");
    // Nor is anything taken back: the time is gone, and the footer does
    // not offer it.
    assert!(!screen.contains("u undo"), "{screen}");
    press(&mut app, KeyCode::Esc, false);
    press(&mut app, KeyCode::Char('u'), false);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("2. O A6"), "{screen}");
    assert!(screen.contains("The game was lost on time"), "{screen}");
}

#[test]
fn reversi_lost_on_time_marks_no_legal_move_on_the_board() {
    let time = TimeSource::fake();
    let reversi = Setup::default_of(tabletop::games::GameKind::Reversi);
    let chosen = Options {
        clock: Some(control("1+0")),
        time: time.clone(),
        ..options(Start::Game(reversi))
    };
    let mut app = open(chosen, SIZE);
    // The cells marked `*` on the board (its rows are drawn with `|`).
    let marked = |app: &App| {
        draw(app, SIZE)
            .lines()
            .filter(|line| line.contains('|'))
            .map(|line| line.matches('*').count())
            .sum::<usize>()
    };
    assert_eq!(marked(&app), 4, "Black's four opening moves");
    time.advance(seconds(61));
    app.tick(Instant::now());
    let screen = draw(&app, SIZE);
    assert!(screen.contains("ran out of time"), "{screen}");
    assert_eq!(marked(&app), 0, "no move is open: {screen}");
}

#[test]
fn a_move_made_after_the_flag_fell_is_not_played_even_before_a_tick() {
    let time = TimeSource::fake();
    let mut app = clocked("1+0", &time, None);
    time.advance(seconds(61));
    play(&mut app, "A1");
    let screen = draw(&app, SIZE);
    assert!(screen.contains("Player X ran out of time."), "{screen}");
    assert!(!screen.contains("1. X A1"), "{screen}");
}

#[test]
fn an_undo_hands_the_time_back_to_the_side_to_move_without_an_increment() {
    let time = TimeSource::fake();
    let mut app = clocked("1+5", &time, None);
    time.advance(seconds(10));
    play(&mut app, "A1");
    time.advance(seconds(20));
    press(&mut app, KeyCode::Char('u'), false);
    // X's 10 s and 5 s increment, then O's 20 s: X to move again.
    assert_eq!(clock_line(&app), "Clock X 0:55 · O 0:40 (1+5)");
    time.advance(seconds(5));
    app.tick(Instant::now());
    assert_eq!(clock_line(&app), "Clock X 0:50 · O 0:40 (1+5)");
}

#[test]
fn quitting_stops_the_clock_and_the_autosave_goes_on_with_the_time_left() {
    let scratch = Scratch::new("clock-resume");
    let autosave = scratch.join("autosave.toml");
    let time = TimeSource::fake();
    let mut app = clocked("3+2", &time, Some(autosave.clone()));
    time.advance(seconds(20));
    play(&mut app, "A1");
    time.advance(seconds(7));
    app.update(Action::Quit);
    assert!(app.should_quit());
    let text = fs::read_to_string(&autosave).expect("the autosave");
    assert!(text.contains("clock = \"3+2\""), "{text}");
    assert!(text.contains("clock_left_ms = [162000, 173000]"), "{text}");
    // Hours later, the game goes on from where the clock stopped.
    time.advance(seconds(3 * 3600));
    let record = files::load(&autosave).expect("the autosave loads");
    let resumed = Options {
        time: time.clone(),
        ..options(Start::Continue(record))
    };
    let mut app = open(resumed, SIZE);
    assert_eq!(clock_line(&app), "Clock X 2:42 · O 2:53 (3+2)");
    time.advance(seconds(3));
    app.tick(Instant::now());
    assert_eq!(clock_line(&app), "Clock X 2:42 · O 2:50 (3+2)");
}

#[test]
fn the_start_screen_sets_the_clock_of_the_next_game() {
    let time = TimeSource::fake();
    let chosen = Options {
        time: time.clone(),
        ..options(Start::Menu)
    };
    let mut app = open(chosen, SIZE);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("Clock"), "{screen}");
    assert!(screen.contains("‹ Off ›"), "{screen}");
    // Start is chosen; the Clock line is just above it.
    app.update(Action::Step(Direction::Up));
    for _ in 0..3 {
        app.update(Action::Step(Direction::Right));
    }
    let screen = draw(&app, SIZE);
    assert!(screen.contains("5:00 + 3 s a move"), "{screen}");
    app.update(Action::Step(Direction::Down));
    app.update(Action::Confirm);
    assert_eq!(clock_line(&app), "Clock X 5:00 · O 5:00 (5+3)");
}

/// Standard input typed slowly: each line takes `pause` of made-up time.
struct SlowTypist {
    lines: Vec<String>,
    time: TimeSource,
    pause: Duration,
}

impl Read for SlowTypist {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.lines.is_empty() {
            return Ok(0);
        }
        let line = self.lines.remove(0);
        self.time.advance(self.pause);
        let bytes = line.as_bytes();
        buf[..bytes.len()].copy_from_slice(bytes);
        Ok(bytes.len())
    }
}

#[test]
fn the_plain_mode_shows_the_clock_and_a_move_after_the_flag_loses_on_time() {
    let time = TimeSource::fake();
    let mut clock = PlainClock {
        clock: Clock::new(control("1+0")),
        time: time.clone(),
    };
    let typist = SlowTypist {
        lines: ["A1\n", "A6\n", "C3\n", "D4\n"].map(String::from).to_vec(),
        time: time.clone(),
        pause: seconds(40),
    };
    let game = Gekitai::new(GekitaiSettings::default());
    let mut out = Vec::new();
    let (ending, line) = plain::run_on_clock(
        &mut Gekitai::console(game.clone(), Style::Boxed),
        Line::new(game),
        [Seat::Human, Seat::Human],
        Some(&mut clock),
        io::BufReader::new(typist),
        &mut out,
    )
    .expect("played");
    let text = String::from_utf8(out).expect("text");
    assert!(
        text.contains("\nClock: X 1:00 · O 1:00\nPlayer X's turn: "),
        "{text}"
    );
    assert!(text.contains("Clock: X 0:20 · O 1:00\n"), "{text}");
    assert!(text.contains("Clock: X 0:20 · O 0:20\n"), "{text}");
    // X's second move comes 80 s into X's minute.
    assert!(
        text.ends_with("\nPlayer X ran out of time.\nPlayer O wins!\n"),
        "{text}"
    );
    assert_eq!(
        ending,
        plain::Ending::OutOfTime(tabletop_engine::Player::First)
    );
    assert_eq!(line.played().len(), 2);
}

#[test]
fn clock_on_the_command_line_plays_a_plain_game_on_it_and_refuses_a_bad_one() {
    let scratch = Scratch::new("clock-plain");
    let cells: String = (0..200)
        .flat_map(|_| (1..=6).flat_map(|row| "ABCDEF".chars().map(move |c| format!("{c}{row}\n"))))
        .collect();
    let save = scratch.join("game.toml");
    let save_text = save.to_str().expect("a UTF-8 path");
    let run = common::run(
        &[
            "gekitai", "--plain", "--o", "ai:1", "--clock", "5+3", "--save", save_text,
        ],
        cells.as_bytes(),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let text = run.text();
    assert!(text.contains("\nClock: X "), "{text}");
    assert!(text.trim_end().ends_with("wins!"), "{text}");
    let record = fs::read_to_string(&save).expect("the record");
    assert!(record.contains("clock = \"5+3\""), "{record}");
    assert!(!record.contains("clock_left_ms"), "{record}");
    let refused = common::run(&["gekitai", "--plain", "--clock", "fast"], b"");
    assert_eq!(refused.status, 2, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("MINUTES+SECONDS, like 5+3"),
        "{}",
        refused.stderr
    );
}
