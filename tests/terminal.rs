//! The real binary in a pseudo-terminal: a game of Gekitai played to a win
//! with typed addresses and arrow keys, then quit, checking that the
//! terminal is given back (alternate screen left, cursor shown).

use std::path::PathBuf;
use std::thread;
use std::time::{Duration, Instant};

mod common;
use common::pty::Session;
use common::scratch::Scratch;

const UP: &str = "\x1b[A";
const DOWN: &str = "\x1b[B";
const RIGHT: &str = "\x1b[C";
const LEFT: &str = "\x1b[D";

#[test]
fn a_game_of_gekitai_to_a_win_and_the_terminal_given_back() {
    let mut session = Session::start(&["gekitai"]);
    session.wait_for("Player X's turn");
    assert!(
        session
            .parser
            .lock()
            .expect("lock")
            .screen()
            .alternate_screen()
    );

    session.send("a1\r");
    session.wait_for("1. X A1");
    session.send("A6\r");
    session.wait_for("2. O A6");
    // From A6: up three rows and right two columns is C3.
    session.send(&format!("{UP}{UP}{UP}{RIGHT}{RIGHT}"));
    session.send(" ");
    session.wait_for("3. X C3");
    session.send("d4\r");
    session.wait_for("4. O D4 C3→B2");
    // From D4, C3 is one left and one up; a push slides meanwhile.
    session.send(&format!("{LEFT}{UP}{DOWN}{UP}\r"));
    session.wait_for("Player X wins!");
    let screen = session.screen();
    assert!(screen.contains("5. X C3 D4→E5"), "{screen}");
    assert!(
        screen.contains("O: ['O', 'O', 'O', 'O', 'O', 'O']"),
        "{screen}"
    );

    session.send("q");
    session.exits_cleanly();
}

#[test]
fn ctrl_c_quits_at_once_and_gives_the_terminal_back() {
    let mut session = Session::start(&["--size", "7"]);
    session.wait_for("[ Start ]");
    session.send("\r");
    session.wait_for("Gekitai 7x7");
    session.send("\x03");
    session.exits_cleanly();
}

/// Types each address followed by Enter.
fn play_moves(session: &mut Session, moves: &str) {
    for address in moves.split_whitespace() {
        session.send(&format!("{address}\r"));
    }
}

#[test]
fn a_full_game_of_hex_to_its_result() {
    let mut session = Session::start(&["hex", "--size", "5"]);
    session.wait_for("Player O's turn");
    play_moves(&mut session, "A0 A2 B0 B2 C0 C2 D0 D2 E0");
    session.wait_for("Player O wins!");
    assert!(session.screen().contains("9. O E0"), "{}", session.screen());
    session.send("q");
    session.exits_cleanly();
}

#[test]
fn a_full_game_of_reversi_with_a_pass_to_its_result() {
    let mut session = Session::start(&["reversi", "--size", "4"]);
    session.wait_for("Player B's turn");
    play_moves(&mut session, "c4 b4 a4 d2 a1 a2 c1 d4 b1 a3");
    session.wait_for("B has no valid move, turn passes");
    play_moves(&mut session, "d1 d3");
    // As in the plain transcript of the same game. The pass is listed but
    // not numbered: the twelfth move is the twelfth of the record.
    session.wait_for("Black wins!");
    let screen = session.screen();
    assert!(screen.contains("12. B d3"), "{screen}");
    assert!(screen.contains("     B passes"), "{screen}");
    session.send("q");
    session.exits_cleanly();
}

#[test]
fn a_game_of_connect6_to_six_in_a_row() {
    let mut session = Session::start(&["connect6"]);
    session.wait_for("stone 1 of 1");
    play_moves(&mut session, "J9 A0 A1 K9 L9 A2 A3 M9 N9 A4 B5");
    session.wait_for("6. W A4 B5");
    // On 19 columns `q` is column Q: the footer offers Ctrl-q instead.
    assert!(
        session.screen().contains("Ctrl-q quit"),
        "{}",
        session.screen()
    );
    play_moves(&mut session, "O9");
    session.wait_for("Player B wins!");
    // Nothing is placed after the end, so letters are commands again.
    assert!(session.screen().contains(" q quit"), "{}", session.screen());
    session.send("q");
    session.exits_cleanly();
}

#[test]
fn a_game_killed_mid_way_is_resumed_with_every_move() {
    let mut session = Session::start(&["gekitai", "--no-animation"]);
    session.wait_for("Player X's turn");
    play_moves(&mut session, "a1 f6 c3 d4");
    session.wait_for("4. O D4 C3→B2");
    // SIGKILL: no chance to save anything on the way out.
    let pid = session.child.process_id().expect("a process id");
    let killed = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let _ = session.child.wait();
    let data = session.data.clone();
    let autosave = data.join("tabletop").join("autosave.toml");
    assert!(autosave.exists(), "no autosave in {}", data.display());

    let mut resumed = Session::start_with_data(&["--resume"], &data);
    resumed.wait_for("4. O D4 C3→B2");
    let screen = resumed.screen();
    assert!(screen.contains("1. X A1"), "{screen}");
    assert!(screen.contains("Player X's turn"), "{screen}");
    resumed.send("q");
    resumed.exits_cleanly();

    // The start screen offers the unfinished game too.
    let mut offered = Session::start_with_data(&[], &data);
    offered.wait_for("Resume the unfinished game: Gekitai, 4 moves");
    offered.send("\r");
    offered.wait_for("4. O D4 C3→B2");
    offered.send("q");
    offered.exits_cleanly();
}

#[test]
fn a_game_whose_every_move_was_undone_is_not_offered_to_resume() {
    let mut session = Session::start(&["gekitai", "--no-animation"]);
    session.wait_for("Player X's turn");
    play_moves(&mut session, "a1");
    session.wait_for("1. X A1");
    session.send("u");
    session.wait_for("Moves");
    session.send("q");
    session.exits_cleanly();
    let data = session.data.clone();
    assert!(data.join("tabletop").join("autosave.toml").exists());
    let mut start = Session::start_with_data(&[], &data);
    start.wait_for("[ Start ]");
    let screen = start.screen();
    assert!(!screen.contains("Resume"), "{screen}");
    // Nor is it resumed from the command line.
    start.send("q");
    start.exits_cleanly();
    let resumed = Session::start_with_data(&["--resume"], &data);
    resumed.wait_for("no unfinished game");
}

#[test]
fn computer_against_computer_plays_a_whole_game() {
    let mut session = Session::start(&["reversi", "--size", "6", "--b", "ai:1", "--w", "ai:1"]);
    session.wait_for("B computer 1 · W computer 1");
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let screen = session.screen();
        if ["Black wins!", "White wins!", "Draw game!"]
            .iter()
            .any(|r| screen.contains(r))
        {
            break;
        }
        assert!(Instant::now() < deadline, "no result in time:\n{screen}");
        thread::sleep(Duration::from_millis(100));
    }
    session.send("q");
    session.exits_cleanly();
}

#[test]
fn term_hup_and_int_give_the_terminal_back_and_keep_the_autosave_whole() {
    for (signal, number) in [("TERM", 15), ("HUP", 1), ("INT", 2)] {
        let mut session = Session::start(&["gekitai"]);
        session.wait_for("Player X's turn");
        session.send("c3\r");
        session.wait_for("1. X C3");
        session.killed_cleanly_by(signal, number);
        let autosave = session.data.join("tabletop").join("autosave.toml");
        let text = std::fs::read_to_string(&autosave).expect("the autosave is there");
        let record = tabletop::games::read_record(&text).expect("a whole record");
        assert_eq!(record.moves(), 1, "{signal}");
        let leftovers: Vec<_> = std::fs::read_dir(autosave.parent().expect("a folder"))
            .expect("the data folder")
            .filter_map(Result::ok)
            .filter(|entry| entry.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{signal}: {leftovers:?}");
    }
}

#[test]
fn without_a_terminal_it_says_to_use_plain_and_prints_nothing() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/records/hex-5x5.toml");
    let runs: [&[&str]; 5] = [
        &[],
        &["hex"],
        &["--size", "7"],
        &["load", record],
        &["replay", record],
    ];
    for args in runs {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?} wrote to stdout");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("--plain"), "{args:?}: {stderr}");
    }
}

#[test]
fn the_start_screen_remembers_the_last_game_its_settings_and_players() {
    let data = Scratch::new("app");
    let mut session = Session::start_with_data(&[], &data);
    session.wait_for("[ Start ]");
    // Past the saved games and the puzzles to the game line, then
    // Connect6 and on to Hex.
    session.send(DOWN);
    session.send(DOWN);
    session.send(DOWN);
    session.send(RIGHT);
    session.send(RIGHT);
    session.wait_for("‹ Hex ›");
    // Down to the swap rule, on; down to player O, the computer.
    session.send(&format!("{DOWN}{DOWN}{RIGHT}{DOWN}{RIGHT}"));
    session.wait_for("Computer 1");
    session.send("\r");
    session.wait_for("Hex 11x11");
    session.send("q");
    session.exits_cleanly();

    let mut again = Session::start_with_data(&[], &data);
    again.wait_for("[ Start ]");
    let screen = again.screen();
    assert!(screen.contains("‹ Hex ›"), "{screen}");
    assert!(screen.contains("‹ on ›"), "{screen}");
    assert!(screen.contains("Computer 1"), "{screen}");
    again.send("q");
    again.exits_cleanly();

    // A broken file is passed over with a line saying so.
    let file = data.join("config").join("tabletop").join("start.toml");
    std::fs::write(&file, "game = [[[").expect("writable");
    let mut broken = Session::start_with_data(&[], &data);
    broken.wait_for("was not read");
    assert!(
        broken.screen().contains("‹ Gekitai ›"),
        "{}",
        broken.screen()
    );
    broken.send("q");
    broken.exits_cleanly();
}

/// A copy of the sample record `name` in a fresh folder, and the folder.
fn sample_copy(name: &str) -> (PathBuf, Scratch) {
    let folder = Scratch::new("sample");
    let file = folder.join(name);
    let sample = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/records")
        .join(name);
    std::fs::copy(sample, &file).expect("the sample is copied");
    (file, folder)
}

#[test]
fn a_review_in_the_replay_viewer_runs_behind_steps_and_quits_at_once() {
    let (file, _folder) = sample_copy("reversi-8x8.toml");
    let before = std::fs::read(&file).expect("the record");
    let mut session = Session::start(&["replay", file.to_str().expect("a UTF-8 path")]);
    session.wait_for("Move 0 of 60");
    session.wait_for("r review");
    session.send("r");
    session.wait_for("Reviewing: ");
    // The viewer answers while the review runs.
    for _ in 0..3 {
        session.send(RIGHT);
    }
    session.wait_for("Move 3 of 60");
    session.send("e");
    session.send("e");
    session.send("q");
    session.exits_cleanly();
    // A review cut short is not kept.
    let after = std::fs::read(&file).expect("the record");
    assert_eq!(before, after, "the record was changed");
}

#[test]
fn a_review_finished_in_the_replay_viewer_is_kept_in_the_record() {
    let (file, _folder) = sample_copy("gekitai-spec-example.toml");
    let mut session = Session::start(&["replay", file.to_str().expect("a UTF-8 path")]);
    session.wait_for("r review");
    session.send("r");
    // Minutes at most, on the slowest machine.
    let deadline = Instant::now() + Duration::from_secs(300);
    while !session.screen().contains("Reviewed, and kept in") {
        assert!(Instant::now() < deadline, "{}", session.screen());
        thread::sleep(Duration::from_millis(100));
    }
    // `X 62%  ██…`, or `X 100% ██…` where the position is proved (the
    // empty board is X's win).
    let screen = session.screen();
    assert!(
        screen.contains("%  ") || screen.contains("100% █"),
        "no bar: {screen}"
    );
    session.send("q");
    session.exits_cleanly();
    let text = std::fs::read_to_string(&file).expect("the record");
    assert!(text.contains("[review]"), "{text}");
    let reread = tabletop_core::files::load(&file).expect("the record loads");
    assert!(reread.is_reviewed());
}

#[test]
fn the_evaluation_bar_follows_a_game_between_people() {
    // 7×7: no position is proved there, so the bar is never full.
    let mut session = Session::start(&["gekitai", "--size", "7", "--x", "human", "--o", "human"]);
    session.wait_for("Player X's turn");
    session.send("\x05"); // Ctrl-e
    session.wait_for("░ O");
    session.send("c3\r");
    session.wait_for("Player O's turn");
    // A new position: worked out again, and filled in.
    session.wait_for("░ O");
    session.send("\x05");
    assert!(!session.screen().contains("░ O"), "{}", session.screen());
    session.send("q");
    session.exits_cleanly();
}

#[test]
fn r_after_a_game_reviews_it_and_keeps_it_in_the_saved_games() {
    let mut session = Session::start(&["gekitai", "--x", "human", "--o", "human"]);
    session.wait_for("Player X's turn");
    play_moves(&mut session, "a1 a6 c3 d4 c3");
    session.wait_for("Player X wins!");
    session.wait_for("r review");
    session.send("r");
    session.wait_for("tabletop replay");
    let deadline = Instant::now() + Duration::from_secs(300);
    while !session.screen().contains("Reviewed, and kept in") {
        assert!(Instant::now() < deadline, "{}", session.screen());
        thread::sleep(Duration::from_millis(100));
    }
    // Esc goes back to the start screen for the next game.
    session.send("\x1b");
    session.wait_for("[ Start ]");
    session.send("q");
    session.exits_cleanly();
    let games = session.data.join("tabletop").join("games");
    let saved: Vec<_> = std::fs::read_dir(&games)
        .expect("the games folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let record = tabletop_core::files::load(&saved[0]).expect("the game loads");
    assert!(record.is_reviewed());
    assert_eq!(record.turns(), 5);
}

#[test]
fn the_save_prompt_takes_a_tilde_clears_with_ctrl_u_and_saves_again_in_the_same_file() {
    let home = Scratch::new("home");
    let home_text = home.to_str().expect("a UTF-8 path").to_string();
    let mut session =
        Session::start_with_env(&["gekitai", "--no-animation"], &[("HOME", &home_text)]);
    session.wait_for("Player X's turn");
    play_moves(&mut session, "a1");
    session.wait_for("1. X A1");
    session.send("s");
    session.wait_for("Save to: ");
    // Ctrl-u clears the path offered.
    session.send("\x15");
    session.wait_for("Save to: ▏");
    session.send("~/mine.toml\r");
    session.wait_for("Saved to ~/mine.toml");
    assert!(home.join("mine.toml").exists());
    play_moves(&mut session, "f6");
    session.wait_for("2. O F6");
    // Saved again: the same file is offered, and written over.
    session.send("s");
    session.wait_for("Save to: ~/mine.toml▏");
    session.send("\r");
    session.wait_for("Saved to ~/mine.toml");
    let saved = std::fs::read_to_string(home.join("mine.toml")).expect("the record");
    assert!(saved.contains("\"F6\""), "{saved}");
    let files: Vec<_> = std::fs::read_dir(&*home).expect("the folder").collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let games = session.data.join("tabletop").join("games");
    assert!(!games.exists() || std::fs::read_dir(&games).expect("games").next().is_none());
    session.send("q");
    session.exits_cleanly();
}
