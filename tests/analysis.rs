//! The analysis board, driven as a player drives it: opened from the
//! replay viewer, a finished game, a look-back and a puzzle; moves for
//! both sides making variations, the keys walking the tree of lines, the
//! line saved in the saved games (a new file each time, never over
//! another), and played on against the computer at the level chosen.
//! The computer's line is tested with node budgets in the app's own
//! tests (`analysis::search`); here nothing waits for it.

use std::path::Path;
use std::time::{Duration, Instant};

use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;

use tabletop::app::action::Action;
use tabletop::app::{App, Options, Start};
use tabletop::games::{self, AnyRecord, GameKind};
use tabletop_core::files;
use tabletop_core::puzzles::builtin;

mod common;
use common::scratch::Scratch;
use common::screen::{draw, open, options, press};

const SIZE: (u16, u16) = (80, 24);

/// A game of Gekitai five moves long: X C3, O D4, X C4, O D3, X E5.
fn gekitai() -> AnyRecord {
    let text = r#"
game = "gekitai"
moves = ["C3", "D4", "C4", "D3", "E5"]

[players]
first = "human"
second = "ai:2"
"#;
    games::read_record(text).expect("a record")
}

fn app_with(options: Options) -> App {
    open(options, SIZE)
}

fn screen(app: &App) -> String {
    draw(app, SIZE)
}

/// Presses a character key.
fn key(app: &mut App, c: char) {
    press(app, KeyCode::Char(c), false);
}

/// Types a cell on the board and presses Enter.
fn place(app: &mut App, cell: &str) {
    for c in cell.chars() {
        key(app, c);
    }
    press(app, KeyCode::Enter, false);
}

/// The analysis board opened from the replay viewer of `gekitai()`,
/// three moves in.
fn board_at_move_three(options: Options) -> App {
    let mut app = app_with(options);
    press(&mut app, KeyCode::End, false);
    press(&mut app, KeyCode::Left, false);
    press(&mut app, KeyCode::Left, false);
    key(&mut app, 'a');
    app
}

fn replayed() -> Options {
    options(Start::Replay(gekitai(), None))
}

#[test]
fn the_replay_opens_the_board_where_it_was_and_esc_comes_back() {
    let mut app = board_at_move_three(replayed());
    let shown = screen(&app);
    assert!(shown.contains("tabletop analysis"), "{shown}");
    assert!(shown.contains("Move 3 of 5"), "{shown}");
    assert!(shown.contains("The main line"), "{shown}");
    assert!(shown.contains("[3.C4]"), "the move shown marked: {shown}");
    press(&mut app, KeyCode::Esc, false);
    let back = screen(&app);
    assert!(
        back.contains("tabletop replay") && back.contains("Move 3 of 5"),
        "{back}"
    );
}

#[test]
fn a_different_move_branches_and_the_keys_walk_the_tree() {
    let mut app = board_at_move_three(replayed());
    // O plays A1 instead of D3: a variation.
    place(&mut app, "a1");
    let branched = screen(&app);
    assert!(branched.contains("A variation (2 of 2 here)"), "{branched}");
    assert!(branched.contains("Move 4 of 4"), "{branched}");
    assert!(branched.contains("( [4.A1]"), "{branched}");
    // Back, then on again along the variation.
    key(&mut app, '[');
    assert!(screen(&app).contains("Move 3 of 4"), "{}", screen(&app));
    key(&mut app, ']');
    assert!(screen(&app).contains("[4.A1]"), "{}", screen(&app));
    // The variation before this one: the game's own move.
    press(&mut app, KeyCode::PageUp, false);
    let main = screen(&app);
    assert!(
        main.contains("The main line") && main.contains("[4.D3]"),
        "{main}"
    );
    assert!(main.contains("Move 4 of 5"), "{main}");
    press(&mut app, KeyCode::PageDown, false);
    assert!(screen(&app).contains("[4.A1]"), "{}", screen(&app));
    // A move on in the variation, then back to where it left the line.
    place(&mut app, "f6");
    assert!(screen(&app).contains("( 4.A1 [5.F6])"), "{}", screen(&app));
    key(&mut app, '\\');
    let left = screen(&app);
    assert!(
        left.contains("The main line") && left.contains("Move 3 of 5"),
        "{left}"
    );
    press(&mut app, KeyCode::End, false);
    assert!(screen(&app).contains("[5.E5]"), "{}", screen(&app));
    press(&mut app, KeyCode::Home, false);
    assert!(screen(&app).contains("Move 0 of 5"), "{}", screen(&app));
}

#[test]
fn playing_the_games_own_move_makes_no_variation_and_a_bad_move_is_refused() {
    let mut app = board_at_move_three(replayed());
    place(&mut app, "d3");
    let same = screen(&app);
    assert!(
        same.contains("The main line") && same.contains("Move 4 of 5"),
        "{same}"
    );
    // D3 is taken now.
    place(&mut app, "d3");
    let refused = screen(&app);
    assert!(refused.contains("Move 4 of 5"), "{refused}");
    assert!(refused.contains("D3:"), "says why: {refused}");
}

#[test]
fn the_line_is_saved_in_a_new_file_each_time_and_never_over_another() {
    let folder = Scratch::new("analysis-save");
    let library = folder.to_path_buf();
    let mut app = board_at_move_three(Options {
        library: Some(library.clone()),
        ..replayed()
    });
    place(&mut app, "a1");
    key(&mut app, 's');
    assert!(
        screen(&app).contains("The line (4 moves) saved"),
        "{}",
        screen(&app)
    );
    let mut saved: Vec<_> = std::fs::read_dir(&library)
        .expect("the folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let first = std::fs::read_to_string(&saved[0]).expect("the file");
    key(&mut app, 's');
    saved = std::fs::read_dir(&library)
        .expect("the folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(saved.len(), 2, "a second file: {saved:?}");
    for path in &saved {
        let record = files::load(path).expect("the saved line loads");
        assert_eq!(record.moves(), 4);
        let text = std::fs::read_to_string(path).expect("the file");
        assert!(
            text.contains(r#"moves = ["C3", "D4", "C4", "A1"]"#),
            "{text}"
        );
    }
    assert!(
        saved
            .iter()
            .any(|path| { std::fs::read_to_string(path).expect("the file") == first })
    );
}

#[test]
fn without_a_folder_of_saved_games_nothing_is_written_and_it_says_so() {
    let mut app = board_at_move_three(replayed());
    key(&mut app, 's');
    let said = screen(&app);
    assert!(
        said.contains("There is no folder of saved games here"),
        "{said}"
    );
}

#[test]
fn play_on_goes_on_against_the_computer_at_the_level_chosen() {
    let mut app = board_at_move_three(replayed());
    place(&mut app, "a1");
    key(&mut app, '+');
    assert!(screen(&app).contains("Level 4"), "{}", screen(&app));
    key(&mut app, 'p');
    let game = screen(&app);
    assert!(!game.contains("tabletop analysis"), "{game}");
    assert!(game.contains("computer 4"), "the computer plays O: {game}");
    assert!(game.contains("4. O A1"), "the line played on: {game}");
    assert!(game.contains("Player X's turn"), "{game}");
}

#[test]
fn the_level_stays_within_the_computers_levels() {
    let mut app = board_at_move_three(replayed());
    for _ in 0..9 {
        key(&mut app, '-');
    }
    assert!(screen(&app).contains("Level 1"), "{}", screen(&app));
    for _ in 0..9 {
        key(&mut app, '+');
    }
    assert!(screen(&app).contains("Level 5"), "{}", screen(&app));
}

#[test]
fn a_finished_game_opens_the_board_at_its_end_but_a_game_under_way_does_not() {
    let sample =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/records/gekitai-spec-example.toml");
    let finished = files::load(&sample).expect("a sample");
    let mut app = app_with(options(Start::Continue(finished)));
    press(&mut app, KeyCode::Char('a'), true);
    let shown = screen(&app);
    assert!(
        shown.contains("tabletop analysis") && shown.contains("Move 5 of 5"),
        "{shown}"
    );
    press(&mut app, KeyCode::Esc, false);
    assert!(
        !screen(&app).contains("tabletop analysis"),
        "{}",
        screen(&app)
    );
    // Under way: no analysis (and the key is not named).
    let mut playing = app_with(options(Start::Continue(gekitai())));
    assert!(
        !screen(&playing).contains("analyse"),
        "{}",
        screen(&playing)
    );
    press(&mut playing, KeyCode::Char('a'), true);
    assert!(
        !screen(&playing).contains("tabletop analysis"),
        "{}",
        screen(&playing)
    );
}

#[test]
fn looking_back_opens_the_board_at_the_move_looked_at() {
    let mut app = app_with(options(Start::Continue(gekitai())));
    app.update(Action::Browse);
    app.update(Action::LEFT);
    key(&mut app, 'a');
    let shown = screen(&app);
    assert!(
        shown.contains("tabletop analysis") && shown.contains("Move 3 of 5"),
        "{shown}"
    );
}

#[test]
fn a_puzzle_opens_the_board_once_missed_and_not_before() {
    let (puzzles, _) = builtin::all();
    // A Gomoku win in three: a move in the corner lets it slip.
    let puzzle = puzzles
        .into_iter()
        .find(|p| p.kind() == GameKind::Gomoku && p.plies == 3)
        .expect("a Gomoku win in three");
    let before = puzzle.record.moves();
    let mut app = app_with(options(Start::Puzzles(vec![puzzle], Vec::new(), None)));
    press(&mut app, KeyCode::Enter, false);
    press(&mut app, KeyCode::Char('a'), true);
    assert!(
        !screen(&app).contains("tabletop analysis"),
        "{}",
        screen(&app)
    );
    place(&mut app, "a1");
    let give_up = Instant::now() + Duration::from_secs(60);
    while !screen(&app).contains("slip") {
        assert!(Instant::now() < give_up, "never missed: {}", screen(&app));
        app.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(20));
    }
    press(&mut app, KeyCode::Char('a'), true);
    let shown = screen(&app);
    let at = format!("Move {} of {}", before + 1, before + 1);
    assert!(
        shown.contains("tabletop analysis") && shown.contains(&at),
        "{shown}"
    );
    assert!(
        shown.contains("A1]"),
        "the move tried is on the line: {shown}"
    );
}

/// The board of `record` at its move `shown`, drawn at `size`.
fn drawn(record: AnyRecord, back: usize, size: (u16, u16)) -> String {
    let mut app = open(options(Start::Replay(record, None)), size);
    press(&mut app, KeyCode::End, false);
    for _ in 0..back {
        press(&mut app, KeyCode::Left, false);
    }
    key(&mut app, 'a');
    draw(&app, size)
}

fn sample(name: &str) -> AnyRecord {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/records")
        .join(name);
    files::load(&path).expect("a sample record")
}

#[test]
fn the_board_of_every_game() {
    for (name, back) in [
        ("gekitai-spec-example.toml", 2),
        ("connect6-six-in-a-row.toml", 1),
        ("hex-5x5.toml", 1),
        ("reversi-4x4-with-a-pass.toml", 3),
        ("reversi-8x8.toml", 0),
    ] {
        let shown = drawn(sample(name), back, SIZE);
        assert!(shown.contains("tabletop analysis"), "{shown}");
        assert_snapshot!(name, shown);
    }
}

#[test]
fn the_board_in_small_and_large_terminals() {
    for size in [(60, 20), (40, 12), (120, 40)] {
        let shown = drawn(gekitai(), 1, size);
        assert_snapshot!(format!("gekitai_at_{}x{}", size.0, size.1), shown);
    }
}

#[test]
fn the_start_screen_opens_an_empty_board_of_the_game_chosen() {
    let mut app = app_with(options(Start::Menu));
    key(&mut app, 'a');
    let empty = screen(&app);
    assert!(empty.contains("tabletop analysis · Gekitai"), "{empty}");
    assert!(empty.contains("Move 0 of 0"), "{empty}");
    place(&mut app, "c3");
    place(&mut app, "d4");
    assert!(screen(&app).contains("1.C3 [2.D4]"), "{}", screen(&app));
    press(&mut app, KeyCode::Esc, false);
    assert!(screen(&app).contains("[ Start ]"), "{}", screen(&app));
}
