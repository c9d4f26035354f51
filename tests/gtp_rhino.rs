//! A real outside engine at the board: Debian's gtp-rhino (package grhino,
//! which `.ci/run` installs), a Reversi engine that keeps track of passes
//! itself and refuses to be told of one (`play b pass`: `? syntax error`).
//! Each game is loaded at a position where Black has just been forced to
//! pass, both seats played by gtp-rhino, so the engine to move must be told
//! of that pass; then the engines play it out in the plain mode, in the
//! full-screen app, and in a match.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use common::pty::Session;
use common::scratch::Scratch;

const BINARY: &str = env!("CARGO_BIN_EXE_tabletop");
const RHINO: &str = "/usr/games/gtp-rhino";

/// 56 moves of a Reversi game after which Black has no move: White moves
/// again, with seven empty cells left.
const BEFORE_A_PASS: &str = r#"game = "reversi"
moves = ["e6", "d6", "c5", "f6", "d7", "f4", "e3", "d2", "f2", "c8", "g5", "e2", "c2", "e1", "g6", "f5", "d3", "h5", "d8", "e8", "f3", "c1", "e7", "g1", "d1", "c3", "b1", "c6", "f1", "a1", "b2", "c7", "b7", "a2", "h4", "b8", "h6", "f8", "g4", "h3", "f7", "c4", "b5", "g3", "g2", "a4", "a5", "a8", "a7", "h1", "b4", "a6", "b3", "a3", "h2", "b6"]

[settings]
size = 8

[players]
first = "engine:rhino"
second = "engine:rhino"
"#;

/// A data folder whose config.toml names gtp-rhino `rhino`, and the record
/// of [`BEFORE_A_PASS`] in it.
fn rhino_at_a_pass() -> (Scratch, String) {
    let data = Scratch::new("rhino");
    let config = data.join("config/tabletop");
    fs::create_dir_all(&config).expect("the config folder");
    fs::write(
        config.join("config.toml"),
        format!("[[engine]]\nname = \"rhino\"\ncommand = \"{RHINO} -l 1\"\n"),
    )
    .expect("config.toml");
    let record = data.join("before-a-pass.toml");
    fs::write(&record, BEFORE_A_PASS).expect("the record");
    let path = record.display().to_string();
    (data, path)
}

#[test]
fn the_plain_mode_plays_gtp_rhino_through_a_pass_to_the_end() {
    let (data, record) = rhino_at_a_pass();
    let output = Command::new(BINARY)
        .args(["load", &record, "--plain"])
        .env("XDG_CONFIG_HOME", data.join("config"))
        .env("XDG_DATA_HOME", &*data)
        .output()
        .expect("the binary runs");
    let out = String::from_utf8_lossy(&output.stdout);
    let err = String::from_utf8_lossy(&output.stderr);
    // No engine was replaced by tabletop's computer.
    assert!(err.is_empty(), "{err}");
    assert!(output.status.success(), "{out}\n{err}");
    let last = out.lines().last().unwrap_or_default();
    assert!(
        ["Black wins!", "White wins!", "Draw game!"].contains(&last),
        "{out}"
    );
    // White moved first, as the pass left it to.
    assert!(
        out.contains("White Score : 41\nplayer W enter position"),
        "{out}"
    );
}

#[test]
fn the_full_screen_app_plays_gtp_rhino_through_a_pass_to_the_end() {
    let (data, record) = rhino_at_a_pass();
    let mut app = Session::start_with_data(&["load", &record], &data);
    app.wait_for("B rhino · W rhino");
    let deadline = Instant::now() + Duration::from_secs(60);
    let screen = loop {
        let screen = app.screen();
        if screen.contains("wins!") || screen.contains("Draw") || screen.contains("stopped") {
            break screen;
        }
        assert!(Instant::now() < deadline, "the game went on:\n{screen}");
        thread::sleep(Duration::from_millis(50));
    };
    assert!(!screen.contains("stopped"), "{screen}");
    app.send("q");
    app.exits_cleanly();
}

#[test]
fn a_match_against_gtp_rhino_is_played_out() {
    let records = Scratch::new("rhino");
    let first = format!("gtp:{RHINO} -l 1");
    let output = Command::new(BINARY)
        .args(["match", "reversi", "--first", &first, "--second", "ai:1"])
        .args(["--games", "2", "--records"])
        .arg(&*records)
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{err}");
    // Every game played to its end by the rules: a forfeit has no result.
    for number in 1..=2 {
        let record =
            fs::read_to_string(records.join(format!("game-00{number}.toml"))).expect("a record");
        assert!(record.contains("result = "), "{record}\n{err}");
    }
    assert!(!Path::new(&*records).join("game-003.toml").exists());
}
