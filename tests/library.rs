//! The saved games screen on a scratch folder of records written by the
//! engine (a win, an unfinished game, a resignation) and two files that
//! are not records: what it lists, filtering, sorting, replaying,
//! continuing, moving a file to the trash (asked first), the start
//! screen's way in, every terminal size, and folders too big to read.

use std::fs::{self, File};
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use insta::assert_snapshot;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

use tabletop::app::{App, Options, Start};
use tabletop_core::files::library::{self, MAX_READ};
use tabletop_engine::connect6::Connect6;
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::hex::Hex;
use tabletop_engine::record::Record;
use tabletop_engine::{Described, Player};

mod common;
use common::scratch::Scratch;
use common::screen::{draw, open, options, press};

const SIZE: (u16, u16) = (80, 24);

/// A record of `start` and `moves`, as the engine writes it.
fn record<G: Described>(
    start: G,
    moves: &[&str],
    players: [&str; 2],
    date: &str,
    resigned: Option<Player>,
) -> String {
    let mut record = Record::new(start);
    record.moves = moves
        .iter()
        .map(|mv| {
            mv.parse()
                .unwrap_or_else(|_| panic!("{mv} is a move of {}", G::NAME))
        })
        .collect();
    record.players = players.map(String::from);
    record.date = Some(date.to_string());
    record.resigned = resigned;
    record.to_toml()
}

/// Sets a file's modification time (the date shown for a file that is not
/// a record), so that the screen is the same on every run.
fn touch(path: &Path, days: u64) {
    let time = UNIX_EPOCH + Duration::from_secs(1_767_225_600 + days * 86_400);
    File::options()
        .write(true)
        .open(path)
        .and_then(|file| file.set_modified(time))
        .expect("the time is set");
}

/// The scratch folder of the tests: three records and two bad files, and
/// a file that is not `*.toml` (not listed).
fn folder_of_games() -> Scratch {
    let folder = Scratch::new("library");
    let files = [
        (
            "gekitai-win.toml",
            record(
                Gekitai::default(),
                &["A1", "A6", "C3", "D4", "C3"],
                ["human", "ai:3"],
                "2026-11-21 13:20 UTC",
                None,
            ),
        ),
        (
            "connect6-open.toml",
            record(
                Connect6::default(),
                &["J9", "H7", "I6"],
                ["ai:3", "human"],
                "2026-11-22 10:00 UTC",
                None,
            ),
        ),
        (
            "hex-resigned.toml",
            record(
                Hex::default(),
                &["A0", "B1"],
                ["human", "human"],
                "2026-11-20 08:00 UTC",
                Some(Player::First),
            ),
        ),
        ("broken.toml", "moves = [[[ not a record".to_string()),
        ("chess.toml", "game = \"chess\"\n".to_string()),
        ("notes.txt", "not a game".to_string()),
    ];
    for (name, text) in files {
        fs::write(folder.join(name), text).expect("written");
    }
    touch(&folder.join("broken.toml"), 3);
    touch(&folder.join("chess.toml"), 4);
    folder
}

/// The app on the saved games of `folder`.
fn library_app(folder: &Path, size: (u16, u16)) -> App {
    app(Start::Library(folder.to_path_buf()), Some(folder), size)
}

fn app(start: Start, library: Option<&Path>, size: (u16, u16)) -> App {
    let chosen = Options {
        library: library.map(Path::to_path_buf),
        ..options(start)
    };
    open(chosen, size)
}

/// Chooses the file called `name` (the line under the list names it).
fn choose(app: &mut App, name: &str) {
    press(app, KeyCode::Home, false);
    for _ in 0..10 {
        if draw(app, SIZE).contains(&format!("\" {name}")) {
            return;
        }
        press(app, KeyCode::Down, false);
    }
    panic!("{name} is not listed: {}", draw(app, SIZE));
}

fn key(app: &mut App, c: char) {
    press(app, KeyCode::Char(c), false);
}

/// The line of the screen that holds `text`.
fn line_with<'a>(screen: &'a str, text: &str) -> &'a str {
    screen
        .lines()
        .find(|line| line.contains(text))
        .unwrap_or_else(|| panic!("no line has {text}: {screen}"))
}

/// The games listed, top to bottom, by the game column (`?` for a file
/// that is not a record).
fn games_listed(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter(|line| line.contains("20") && line.contains(" – ") || line.contains("unreadable"))
        .map(|line| {
            let words: Vec<&str> = line.trim_matches('"').split_whitespace().collect();
            let at = words
                .iter()
                .position(|w| w.contains(':'))
                .map_or(1, |i| i + 1);
            words.get(at).map_or(String::new(), |w| w.to_string())
        })
        .collect()
}

/// The screen with its title line (which shows the scratch folder's path)
/// made the same on every run, for snapshots.
fn without_folder(screen: &str) -> String {
    let mut lines: Vec<String> = screen.lines().map(String::from).collect();
    assert!(lines[0].contains("tabletop saved games"), "{screen}");
    lines[0] = "\"(the title, with the scratch folder)\"".to_string();
    lines.join("\n")
}

#[test]
fn the_list_shows_each_game_with_its_columns() {
    let folder = folder_of_games();
    let app = library_app(&folder, SIZE);
    let screen = draw(&app, SIZE);
    assert!(
        screen.contains("All games · newest first · 5 files"),
        "{screen}"
    );
    let header = line_with(&screen, "Date");
    for column in ["Game", "Players", "Result", "Moves", "Reviewed"] {
        assert!(header.contains(column), "{screen}");
    }
    let win = line_with(&screen, "Gekitai");
    for cell in [
        "2026-11-21 13:20",
        "human – computer 3",
        "X won",
        " 5 ",
        " no",
    ] {
        assert!(win.contains(cell), "{cell}: {win}");
    }
    let open = line_with(&screen, "Connect6");
    for cell in [
        "2026-11-22 10:00",
        "computer 3 – human",
        "unfinished",
        " 2 ",
    ] {
        assert!(open.contains(cell), "{cell}: {open}");
    }
    let resigned = line_with(&screen, "Hex");
    for cell in ["2026-11-20 08:00", "human – human", "O resigned", " 2 "] {
        assert!(resigned.contains(cell), "{cell}: {resigned}");
    }
    assert_eq!(screen.matches("unreadable").count(), 2, "{screen}");
    assert!(!screen.contains("notes"), "{screen}");
    // Newest first, the files that are not records last; the newest chosen.
    assert_eq!(
        games_listed(&screen),
        ["Connect6", "Gekitai", "Hex", "?", "?"]
    );
    assert!(line_with(&screen, "Connect6").contains("> "), "{screen}");
    assert!(screen.contains("connect6-open.toml"), "{screen}");
}

#[test]
fn a_file_that_is_not_a_record_says_why() {
    let folder = folder_of_games();
    let mut app = library_app(&folder, SIZE);
    press(&mut app, KeyCode::End, false);
    let screen = draw(&app, SIZE);
    assert!(
        screen.contains("chess.toml: unknown game \"chess\""),
        "{screen}"
    );
    press(&mut app, KeyCode::Up, false);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("broken.toml: line 1"), "{screen}");
    // Enter says it cannot be replayed, and stays.
    press(&mut app, KeyCode::Enter, false);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("is not a game record"), "{screen}");
    assert!(screen.contains("saved games"), "{screen}");
}

#[test]
fn f_and_the_arrows_show_one_game_at_a_time() {
    let folder = folder_of_games();
    let mut app = library_app(&folder, SIZE);
    key(&mut app, 'f');
    let screen = draw(&app, SIZE);
    assert!(
        screen.contains("Gekitai only · newest first · 1 of 5 files"),
        "{screen}"
    );
    assert_eq!(games_listed(&screen), ["Gekitai"]);
    press(&mut app, KeyCode::Right, false);
    assert_eq!(games_listed(&draw(&app, SIZE)), ["Connect6"]);
    press(&mut app, KeyCode::Right, false);
    assert_eq!(games_listed(&draw(&app, SIZE)), ["Hex"]);
    press(&mut app, KeyCode::Right, false);
    let screen = draw(&app, SIZE);
    assert!(games_listed(&screen).is_empty(), "{screen}");
    assert!(screen.contains("No Reversi games here"), "{screen}");
    press(&mut app, KeyCode::Left, false);
    assert_eq!(games_listed(&draw(&app, SIZE)), ["Hex"]);
    // Round the list of games, back to all of them.
    for _ in 0..3 {
        key(&mut app, 'f');
    }
    let screen = draw(&app, SIZE);
    assert!(screen.contains("All games"), "{screen}");
    assert_eq!(games_listed(&screen).len(), 5, "{screen}");
}

#[test]
fn s_sorts_by_date_game_result_and_moves() {
    let folder = folder_of_games();
    let mut app = library_app(&folder, SIZE);
    key(&mut app, 's');
    let screen = draw(&app, SIZE);
    assert!(screen.contains("by game"), "{screen}");
    assert_eq!(
        games_listed(&screen),
        ["Gekitai", "Connect6", "Hex", "?", "?"]
    );
    key(&mut app, 's');
    let screen = draw(&app, SIZE);
    assert!(screen.contains("by result"), "{screen}");
    // Unfinished first, then wins, then resignations.
    assert_eq!(
        games_listed(&screen),
        ["Connect6", "Gekitai", "Hex", "?", "?"]
    );
    key(&mut app, 's');
    let screen = draw(&app, SIZE);
    assert!(screen.contains("longest first"), "{screen}");
    assert_eq!(
        games_listed(&screen),
        ["Gekitai", "Connect6", "Hex", "?", "?"]
    );
    key(&mut app, 's');
    assert!(draw(&app, SIZE).contains("newest first"));
}

#[test]
fn enter_replays_the_game_and_esc_comes_back_to_the_list() {
    let folder = folder_of_games();
    let mut app = library_app(&folder, SIZE);
    press(&mut app, KeyCode::Down, false);
    press(&mut app, KeyCode::Enter, false);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("tabletop replay · Gekitai"), "{screen}");
    assert!(screen.contains("Move 0 of 5"), "{screen}");
    press(&mut app, KeyCode::End, false);
    assert!(draw(&app, SIZE).contains("Player X wins!"));
    press(&mut app, KeyCode::Esc, false);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("saved games"), "{screen}");
    assert!(line_with(&screen, "Gekitai").contains("> "), "{screen}");
    // q in the replay quits, as it does everywhere.
    press(&mut app, KeyCode::Enter, false);
    key(&mut app, 'q');
    assert!(app.should_quit());
}

#[test]
fn c_continues_an_unfinished_game_and_only_that() {
    let folder = folder_of_games();
    let mut app = library_app(&folder, SIZE);
    press(&mut app, KeyCode::Down, false);
    key(&mut app, 'c');
    let screen = draw(&app, SIZE);
    assert!(
        screen.contains("That game is over: Enter replays it"),
        "{screen}"
    );
    press(&mut app, KeyCode::Up, false);
    key(&mut app, 'c');
    let screen = draw(&app, SIZE);
    assert!(screen.contains("tabletop · Connect6"), "{screen}");
    assert!(screen.contains("Player B's turn"), "{screen}");
    // The computer plays Black, as the record says; the file is unchanged.
    let text = fs::read_to_string(folder.join("connect6-open.toml")).expect("read");
    assert!(text.contains("\"I6\"]"), "{text}");
}

#[test]
fn r_reviews_a_game_not_reviewed_yet_in_the_replay_viewer() {
    let folder = folder_of_games();
    let mut app = library_app(&folder, SIZE);
    key(&mut app, 'r');
    let screen = draw(&app, SIZE);
    assert!(screen.contains("tabletop replay"), "{screen}");
    assert!(screen.contains("Reviewing: "), "{screen}");
    // Leaving stops the review; the list is back.
    press(&mut app, KeyCode::Esc, false);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("saved games"), "{screen}");
}

#[test]
fn d_twice_moves_the_file_to_the_trash_whole() {
    let folder = folder_of_games();
    let path = folder.join("gekitai-win.toml");
    let before = fs::read(&path).expect("read");
    let mut app = library_app(&folder, SIZE);
    choose(&mut app, "gekitai-win.toml");
    key(&mut app, 'd');
    let screen = draw(&app, SIZE);
    assert!(
        screen.contains("Move gekitai-win.toml to trash/? d or y: yes"),
        "{screen}"
    );
    assert!(path.exists(), "asked first");
    key(&mut app, 'd');
    let screen = draw(&app, SIZE);
    assert!(
        screen.contains("Moved gekitai-win.toml to trash/gekitai-win.toml"),
        "{screen}"
    );
    assert!(!path.exists());
    let trashed = folder.join("trash").join("gekitai-win.toml");
    assert_eq!(fs::read(&trashed).expect("in the trash"), before);
    assert!(!screen.contains("Gekitai "), "{screen}");
    assert!(screen.contains("4 files"), "{screen}");

    // y says yes too; a second file of the same name gets a new name.
    fs::write(&path, "game = \"gekitai\"\n").expect("written");
    let mut app = library_app(&folder, SIZE);
    choose(&mut app, "gekitai-win.toml");
    key(&mut app, 'd');
    key(&mut app, 'y');
    assert!(!path.exists());
    let second = folder.join("trash").join("gekitai-win-2.toml");
    assert_eq!(
        fs::read_to_string(&second).expect("in the trash"),
        "game = \"gekitai\"\n"
    );
    assert_eq!(fs::read(&trashed).expect("still there"), before);
    assert!(
        draw(&app, SIZE).contains("to trash/gekitai-win-2.toml"),
        "{}",
        draw(&app, SIZE)
    );
}

#[test]
fn d_then_any_other_key_keeps_the_file() {
    let folder = folder_of_games();
    let path = folder.join("connect6-open.toml");
    for other in [
        KeyCode::Char('x'),
        KeyCode::Down,
        KeyCode::Esc,
        KeyCode::Enter,
    ] {
        let mut app = library_app(&folder, SIZE);
        key(&mut app, 'd');
        press(&mut app, other, false);
        let screen = draw(&app, SIZE);
        assert!(
            screen.contains("Kept connect6-open.toml"),
            "{other:?}: {screen}"
        );
        assert!(path.exists(), "{other:?}");
        // The key only answered the question: still on the same game, in
        // the list, and the next d asks again.
        assert!(line_with(&screen, "Connect6").contains("> "), "{screen}");
        key(&mut app, 'd');
        assert!(path.exists(), "{other:?}");
        assert!(draw(&app, SIZE).contains("Move connect6-open.toml to trash/?"));
    }
    assert!(!folder.join("trash").exists());
}

#[test]
fn the_start_screen_opens_the_saved_games_and_comes_back() {
    let folder = folder_of_games();
    let mut app = app(Start::Menu, Some(&folder), SIZE);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("[ Saved games ]"), "{screen}");
    press(&mut app, KeyCode::Down, false);
    press(&mut app, KeyCode::Enter, false);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("tabletop saved games"), "{screen}");
    assert!(screen.contains("5 files"), "{screen}");
    key(&mut app, 'q');
    assert!(!app.should_quit(), "q goes back");
    let screen = draw(&app, SIZE);
    assert!(screen.contains("[ Start ]"), "{screen}");
    // Back on the line that opens them again.
    press(&mut app, KeyCode::Enter, false);
    assert!(draw(&app, SIZE).contains("tabletop saved games"));
    press(&mut app, KeyCode::Esc, false);
    assert!(draw(&app, SIZE).contains("[ Start ]"));
}

#[test]
fn opened_from_the_command_line_q_and_esc_go_back_to_the_shell() {
    let folder = folder_of_games();
    for back in [KeyCode::Char('q'), KeyCode::Esc] {
        let mut app = library_app(&folder, SIZE);
        press(&mut app, back, false);
        assert!(app.should_quit(), "{back:?}:\n{}", draw(&app, SIZE));
    }
    // A game replayed from there comes back to the list first.
    let mut app = library_app(&folder, SIZE);
    press(&mut app, KeyCode::Enter, false);
    assert!(draw(&app, SIZE).contains("tabletop replay"));
    press(&mut app, KeyCode::Esc, false);
    assert!(draw(&app, SIZE).contains("tabletop saved games"));
    press(&mut app, KeyCode::Esc, false);
    assert!(app.should_quit());
}

#[test]
fn a_click_chooses_a_game_and_a_second_click_replays_it() {
    let folder = folder_of_games();
    let mut app = library_app(&folder, SIZE);
    let screen = draw(&app, SIZE);
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("Hex"))
        .expect("the Hex game listed");
    assert!(!line.starts_with("\">"), "{screen}");
    let click = |app: &mut App| {
        app.update(tabletop::app::action::Action::Click {
            column: 5,
            row: row as u16,
        })
    };
    click(&mut app);
    let screen = draw(&app, SIZE);
    // Each line is drawn quoted.
    let chosen = screen.lines().nth(row).unwrap_or_default();
    assert!(chosen.starts_with("\">"), "{screen}");
    click(&mut app);
    assert!(draw(&app, SIZE).contains("tabletop replay"));
}

#[test]
fn the_help_lists_the_library_s_keys() {
    let folder = folder_of_games();
    let mut app = library_app(&folder, SIZE);
    key(&mut app, '?');
    let screen = draw(&app, SIZE);
    for does in [
        "replay the game",
        "continue the game",
        "move the file to trash/",
    ] {
        assert!(screen.contains(does), "{does}: {screen}");
    }
    press(&mut app, KeyCode::Esc, false);
    assert!(!draw(&app, SIZE).contains("Esc closes this help"));
}

#[test]
fn an_empty_folder_says_how_to_save_a_game() {
    let folder = Scratch::new("library");
    let mut app = library_app(&folder, SIZE);
    let screen = draw(&app, SIZE);
    assert!(screen.contains("No saved games in"), "{screen}");
    assert!(screen.contains("s during a game"), "{screen}");
    // Nothing to open, continue or delete, and no panic for trying.
    for c in ['c', 'd', 'd', 'r', 's', 'f'] {
        key(&mut app, c);
    }
    press(&mut app, KeyCode::Enter, false);
    press(&mut app, KeyCode::Down, false);
    assert!(draw(&app, SIZE).contains("saved games"));
    // A folder that does not exist yet is empty too.
    let missing = folder.join("not-yet");
    let screen = draw(&library_app(&missing, SIZE), SIZE);
    assert!(screen.contains("No saved games in"), "{screen}");
}

#[test]
fn every_terminal_size_draws_without_a_panic() {
    let folder = folder_of_games();
    // Straight into a buffer: the test backend cannot show a width of 0.
    let render = |app: &App, area: Rect| app.render(area, &mut Buffer::empty(area));
    for width in (0..=100).step_by(3) {
        for height in 0..=26 {
            let area = Rect::new(0, 0, width, height);
            let mut app = library_app(&folder, (width, height));
            render(&app, area);
            press(&mut app, KeyCode::End, false);
            key(&mut app, 'd');
            render(&app, area);
            key(&mut app, 'f');
            render(&app, area);
        }
    }
    assert!(folder.join("chess.toml").exists(), "nothing was moved");
}

#[test]
fn narrow_terminals_drop_the_least_needed_columns() {
    let folder = folder_of_games();
    let screen = draw(&library_app(&folder, (60, 20)), (60, 20));
    let header = line_with(&screen, "Date");
    assert!(
        header.contains("Players") && !header.contains("Reviewed"),
        "{screen}"
    );
    let screen = draw(&library_app(&folder, (40, 12)), (40, 12));
    let header = line_with(&screen, "Date");
    assert!(!header.contains("Players"), "{screen}");
    assert!(
        header.contains("Game") && header.contains("Result"),
        "{screen}"
    );
    assert!(
        line_with(&screen, "Connect6").contains("unfinished"),
        "{screen}"
    );
}

#[test]
fn snapshot_at_80x24() {
    let folder = folder_of_games();
    let app = library_app(&folder, SIZE);
    assert_snapshot!(without_folder(&draw(&app, SIZE)));
}

#[test]
fn snapshot_at_40x12() {
    let folder = folder_of_games();
    let mut app = library_app(&folder, (40, 12));
    press(&mut app, KeyCode::End, false);
    key(&mut app, 'd');
    assert_snapshot!(without_folder(&draw(&app, (40, 12))));
}

#[test]
fn a_huge_folder_is_read_only_in_part_and_says_so() {
    let folder = Scratch::new("library");
    let text = record(
        Gekitai::default(),
        &["A1"],
        ["human", "human"],
        "2026-11-21 13:20 UTC",
        None,
    );
    for n in 0..MAX_READ + 10 {
        fs::write(folder.join(format!("game-{n:04}.toml")), &text).expect("written");
    }
    // Over the size any record has: listed, never read.
    let huge = File::create(folder.join("huge.toml")).expect("created");
    huge.set_len(64 << 20).expect("a sparse file");
    let started = SystemTime::now();
    let listing = library::list(&folder, &[]);
    let took = started.elapsed().unwrap_or_default();
    assert_eq!(listing.entries.len(), MAX_READ + 1);
    let too_big = listing
        .entries
        .iter()
        .find(|entry| entry.path.ends_with("huge.toml"))
        .expect("listed");
    let why = too_big.read.as_ref().expect_err("not read");
    assert!(why.contains("too big"), "{why}");
    let left_out = listing.left_out.as_deref().unwrap_or_default();
    assert!(
        left_out.contains("10 older files were not read"),
        "{left_out}"
    );
    assert!(took < Duration::from_secs(30), "{took:?}");
    // The screen says so too.
    let screen = draw(&library_app(&folder, SIZE), SIZE);
    assert!(screen.contains("10 older files were not read"), "{screen}");
}

#[test]
fn the_library_command_refuses_what_is_not_a_folder() {
    let folder = Scratch::new("library");
    let file = folder.join("game.toml");
    fs::write(&file, "game = \"hex\"\n").expect("written");
    for path in [file.clone(), folder.join("missing")] {
        let run = common::run(&["library", path.to_str().expect("UTF-8")], b"");
        assert_eq!(run.status, 2, "{}", run.stderr);
        assert!(run.stderr.contains("is not a folder"), "{}", run.stderr);
    }
}

#[test]
fn a_file_where_the_saved_games_folder_should_be_is_named() {
    let data = Scratch::new("library-not-a-folder");
    let games = data.join("tabletop").join("games");
    fs::create_dir_all(games.parent().expect("a folder")).expect("a data folder");
    fs::write(&games, "my notes\n").expect("written");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .arg("library")
        .env("XDG_DATA_HOME", &*data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("{} is not a folder", games.display())),
        "{stderr}"
    );
    assert_eq!(fs::read_to_string(&games).expect("there"), "my notes\n");
}
