//! Every finished game kept in the saved games without asking: in the
//! full-screen app (a new file once the game is over, brought up to date
//! when it is taken back and finished again, nothing for a game loaded
//! finished) and in the plain mode, unless the player's config says
//! `keep_finished = false`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use ratatui::crossterm::event::KeyCode;
use tabletop::app::{App, Options, Start};
use tabletop::games::Setup;
use tabletop_core::files;

mod common;
use common::scratch::Scratch;
use common::screen::{draw, open, options, play, press};

/// The records in `folder`, by name.
fn records_in(folder: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(folder)
        .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
        .unwrap_or_default();
    found.sort();
    found
}

fn app_keeping_in(folder: &Path, start: Start) -> App {
    // A folder outside tabletop's own is not made (the data folder's is).
    fs::create_dir_all(folder).expect("a folder");
    let chosen = Options {
        library: Some(folder.to_path_buf()),
        ..options(start)
    };
    open(chosen, (80, 24))
}

/// The text of the record at `path`, which loads.
fn text_of(path: &Path) -> String {
    files::load(path).expect("a record");
    fs::read_to_string(path).expect("read")
}

fn moves_of(text: &str) -> String {
    let line = text
        .lines()
        .find(|line| line.starts_with("moves"))
        .expect("moves");
    line.to_string()
}

#[test]
fn a_finished_game_is_kept_once_and_brought_up_to_date_after_an_undo() {
    let scratch = Scratch::new("kept-app");
    let folder = scratch.join("games");
    let mut app = app_keeping_in(&folder, Start::Game(Setup::default()));
    play(&mut app, "A1 A6 C3 D4");
    assert!(records_in(&folder).is_empty(), "kept before the end");
    play(&mut app, "C3");
    let kept = records_in(&folder);
    assert_eq!(kept.len(), 1, "{kept:?}");
    let record = text_of(&kept[0]);
    assert_eq!(
        moves_of(&record),
        r#"moves = ["A1", "A6", "C3", "D4", "C3"]"#
    );
    assert!(record.contains("result = \"X\""));
    let name = kept[0].file_name().expect("a name").to_string_lossy();
    assert!(name.starts_with("gekitai-20"), "{name}");
    let screen = draw(&app, (80, 24));
    assert!(screen.contains("Kept in the saved games"), "{screen}");
    // Taken back and finished otherwise: the same file, up to date.
    press(&mut app, KeyCode::Char('u'), false);
    play(&mut app, "C4");
    assert_eq!(records_in(&folder), kept);
    play(&mut app, "F6 C3");
    assert_eq!(records_in(&folder), kept);
    let again = text_of(&kept[0]);
    assert_eq!(
        moves_of(&again),
        r#"moves = ["A1", "A6", "C3", "D4", "C4", "F6", "C3"]"#
    );
}

#[test]
fn a_resignation_is_kept_and_a_game_loaded_finished_is_not_kept_again() {
    let scratch = Scratch::new("kept-resigned");
    let folder = scratch.join("games");
    let mut app = app_keeping_in(&folder, Start::Game(Setup::default()));
    play(&mut app, "A1");
    press(&mut app, KeyCode::Char('x'), true);
    press(&mut app, KeyCode::Char('x'), true);
    let kept = records_in(&folder);
    assert_eq!(kept.len(), 1, "{}", draw(&app, (80, 24)));
    assert!(
        fs::read_to_string(&kept[0])
            .expect("read")
            .contains("ended = \"resignation\"")
    );
    let record = files::load(&kept[0]).expect("a record");
    let mut loaded = app_keeping_in(&folder, Start::Continue(record));
    press(&mut loaded, KeyCode::Left, false);
    draw(&loaded, (80, 24));
    assert_eq!(records_in(&folder), kept);
}

/// Plays a whole Gekitai game in the plain mode against the computer,
/// with `config` as the player's config.toml; the saved games' folder.
fn plain_game(scratch: &Scratch, config: &str) -> PathBuf {
    let config_dir = scratch.join("config");
    fs::create_dir_all(config_dir.join("tabletop")).expect("a folder");
    fs::write(config_dir.join("tabletop/config.toml"), config).expect("written");
    // Every cell in turn, again and again: the taken ones are refused.
    let cells: String = (0..200)
        .flat_map(|_| (1..=6).flat_map(|row| "ABCDEF".chars().map(move |c| format!("{c}{row}\n"))))
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["gekitai", "--plain", "--o", "ai:1"])
        .env("XDG_DATA_HOME", scratch.join("data"))
        .env("XDG_CONFIG_HOME", &config_dir)
        .env("HOME", scratch.as_path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    let _ = std::io::Write::write_all(&mut stdin, cells.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().expect("it ends");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.trim_end().ends_with("wins!"), "{text}");
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    scratch.join("data/tabletop/games")
}

#[test]
fn the_plain_mode_keeps_a_finished_game_unless_the_config_says_not_to() {
    let scratch = Scratch::new("kept-plain");
    let folder = plain_game(&scratch, "");
    let kept = records_in(&folder);
    assert_eq!(kept.len(), 1, "{kept:?}");
    let record = text_of(&kept[0]);
    assert!(record.contains("second = \"ai:1\""));
    assert!(record.contains("result = "));

    let off = Scratch::new("kept-plain-off");
    let folder = plain_game(&off, "keep_finished = false\n");
    assert!(records_in(&folder).is_empty());
}
