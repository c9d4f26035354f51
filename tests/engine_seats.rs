//! Outside GTP engines at the board: a game played to the end against one
//! in the full-screen app and in the plain mode, each way an engine can
//! misbehave reported and recovered from, undo, `tabletop engines`, and
//! config.toml's refusals. The engine is `tests/fake_gtp.sh`: tabletop's
//! own GTP engine, misbehaving on demand.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use common::pty::Session;
use common::scratch::Scratch;

const BINARY: &str = env!("CARGO_BIN_EXE_tabletop");

/// The shell command that starts the fake engine for `gtp_args` (`hex
/// --level 1`), misbehaving as `modes` says, logging the commands it gets
/// and its process id into `folder`.
fn fake(gtp_args: &str, modes: &str, folder: &Path) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_gtp.sh");
    format!(
        "FAKE_GTP='{modes}' FAKE_GTP_TABLETOP='{BINARY}' FAKE_GTP_LOG='{}' FAKE_GTP_PID='{}' bash '{}' {gtp_args}",
        folder.join("log").display(),
        folder.join("pid").display(),
        script.display()
    )
}

/// A full-screen Gekitai game against the fake engine as O (`tabletop
/// gtp GTP_ARGS` misbehaving as `modes`), once it shows; with the folder
/// of the engine's log.
fn against_fake(gtp_args: &str, modes: &str) -> (Scratch, Session) {
    let folder = Scratch::new("engines");
    let engine = format!("gtp:{}", fake(gtp_args, modes, &folder));
    let app = Session::start(&["gekitai", "--o", &engine]);
    app.wait_for("X human · O fake_gtp.sh");
    (folder, app)
}

/// What the fake engine was told, so far.
fn log(folder: &Path) -> String {
    fs::read_to_string(folder.join("log")).unwrap_or_default()
}

/// Writes `text` as the config.toml of a session with data folder `data`.
fn configure(data: &Path, text: &str) {
    let folder = data.join("config/tabletop");
    fs::create_dir_all(&folder).expect("the config folder");
    fs::write(folder.join("config.toml"), text).expect("config.toml");
}

/// Waits (generously) until the screen passes `done`.
fn wait_until(session: &Session, what: &str, done: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let screen = session.screen();
        if done(&screen) {
            return screen;
        }
        assert!(Instant::now() < deadline, "waited for {what}:\n{screen}");
        thread::sleep(Duration::from_millis(50));
    }
}

/// Waits until every engine process the fake started is gone (ended and
/// waited for: not even a zombie is left).
fn engines_gone(folder: &Path) {
    engines_end(folder, false);
}

/// Waits until every engine process the fake started has ended; a zombie
/// counts when `orphans` (the app is gone, and whoever adopted the
/// engine waits for it, not the app).
fn engines_end(folder: &Path, orphans: bool) {
    let pids = fs::read_to_string(folder.join("pid")).unwrap_or_default();
    assert!(!pids.trim().is_empty(), "the engine never started");
    let deadline = Instant::now() + Duration::from_secs(30);
    for pid in pids.split_whitespace() {
        let proc = PathBuf::from(format!("/proc/{pid}"));
        let zombie = || {
            fs::read_to_string(proc.join("stat")).is_ok_and(|stat| {
                stat.rsplit(')')
                    .next()
                    .is_some_and(|rest| rest.trim_start().starts_with('Z'))
            })
        };
        while proc.exists() && !(orphans && zombie()) {
            assert!(
                Instant::now() < deadline,
                "engine {pid} is still there: {:?}",
                fs::read_to_string(proc.join("stat"))
            );
            thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Hex 3x3 cells, in SPEC.md's notation (rows from 0).
const HEX_CELLS: [&str; 9] = ["A0", "B0", "C0", "A1", "B1", "C1", "A2", "B2", "C2"];

#[test]
fn a_hex_game_against_an_engine_is_played_to_the_end_with_arrows_and_typed_cells() {
    let folder = Scratch::new("engines");
    let engine = format!("gtp:{}", fake("hex --level 1", "", &folder));
    let mut app = Session::start(&["hex", "--size", "3", "--x", &engine]);
    app.wait_for("O human · X fake_gtp.sh");
    // The cursor starts in the middle, B1: one step left, and place.
    app.send("\x1b[D");
    app.send("\r");
    app.wait_for("1. O A1");
    // The engine is told the cell the HexGui way: column and row swapped.
    let screen = wait_until(&app, "the engine's reply", |s| s.contains("2. X"));
    assert!(log(&folder).contains("play b b1"), "{}", log(&folder));
    assert!(!screen.contains("wins"), "{screen}");
    // Hints are tabletop's own, on the player's turn.
    app.send("h");
    app.wait_for("Hint: ");
    for cell in HEX_CELLS {
        let screen = wait_until(&app, "O's turn or the end", |s| {
            s.contains("Player O's turn") || s.contains("wins!")
        });
        if screen.contains("wins!") {
            break;
        }
        app.send("\x1b");
        app.send(cell);
        app.send("\r");
    }
    let screen = wait_until(&app, "the end", |s| s.contains("wins!"));
    assert!(screen.contains("Player O wins!") || screen.contains("Player X wins!"));
    // The game is over: the engine is ended while the app goes on.
    engines_gone(&folder);
    app.send("q");
    app.exits_cleanly();
}

#[test]
fn a_slow_engine_is_reported_and_the_player_takes_its_seat() {
    let folder = Scratch::new("engines");
    let data = Scratch::new("engines");
    configure(
        &data,
        &format!(
            "[[engine]]\nname = \"slowpoke\"\ncommand = \"{}\"\npatience = 1\n",
            fake("gekitai", "slow", &folder).replace('"', "\\\"")
        ),
    );
    let mut app = Session::start_with_data(&["gekitai", "--o", "engine:slowpoke"], &data);
    app.wait_for("X human · O slowpoke");
    app.send("c3\r");
    app.wait_for("slowpoke (O) is thinking");
    app.wait_for("slowpoke is slow");
    app.wait_for("t you play · m computer · Ctrl-f end");
    app.send("t");
    app.wait_for("You play Player O in place of slowpoke");
    engines_gone(&folder);
    app.send("d4\r");
    app.wait_for("2. O D4");
    app.wait_for("Player X's turn");
    app.send("q");
    app.exits_cleanly();
}

#[test]
fn an_engine_that_crashes_mid_game_is_replaced_by_tabletops_computer() {
    let (folder, mut app) = against_fake("gekitai --level 1", "crash:2");
    app.send("a1\r");
    wait_until(&app, "the engine's first move", |s| s.contains("2. O"));
    app.send("f6\r");
    let screen = app.wait_for("fake_gtp.sh has stopped");
    assert!(screen.contains("exited"), "{screen}");
    app.send("m");
    app.wait_for("X human · O computer 3");
    wait_until(&app, "the computer's move", |s| s.contains("4. O"));
    engines_gone(&folder);
    app.send("q");
    app.exits_cleanly();
}

#[test]
fn junk_from_an_engine_is_shown_escaped_and_the_game_can_be_ended() {
    let (folder, mut app) = against_fake("gekitai", "junk");
    app.send("c3\r");
    let screen = app.wait_for("has stopped");
    // The engine's escape sequences are shown as text, never obeyed: the
    // screen was not cleared.
    assert!(screen.contains("u{1b}[2J"), "{screen}");
    assert!(screen.contains("1. X C3"), "{screen}");
    app.send("\x06");
    app.wait_for("fake_gtp.sh forfeits the game");
    app.wait_for("Player O resigned.");
    engines_gone(&folder);
    app.send("q");
    app.exits_cleanly();
}

#[test]
fn a_chatty_engine_and_one_that_writes_without_end_are_reported() {
    for (mode, says) in [("chatty", "answered"), ("huge", "too long")] {
        let (folder, mut app) = against_fake("gekitai", mode);
        app.send("c3\r");
        let screen = app.wait_for("has stopped");
        assert!(screen.contains(says), "{mode}: {screen}");
        assert!(!screen.contains("\u{1b}"), "{mode}: {screen}");
        app.send("t");
        app.wait_for("You play Player O");
        engines_gone(&folder);
        app.send("q");
        app.exits_cleanly();
    }
}

#[test]
fn undo_against_an_engine_takes_its_move_back_with_gtp_undo_or_a_fresh_engine() {
    for (mode, starts) in [("", 1), ("noundo", 2)] {
        let (folder, mut app) = against_fake("gekitai --level 1", mode);
        app.send("a1\r");
        wait_until(&app, "the engine's move", |s| s.contains("2. O"));
        app.send("u");
        wait_until(&app, "both moves undone", |s| {
            !s.contains("1. X A1") && s.contains("Player X's turn")
        });
        app.send("f6\r");
        wait_until(&app, "the engine's move", |s| s.contains("2. O"));
        let told = log(&folder);
        assert_eq!(told.matches("boardsize").count(), starts, "{mode}:\n{told}");
        assert!(told.contains("undo"), "{mode}:\n{told}");
        // Whichever way, the engine's last question was the game as it is.
        let last_game: Vec<&str> = told
            .lines()
            .rev()
            .take_while(|line| !line.starts_with("boardsize") && *line != "undo")
            .collect();
        assert!(last_game.contains(&"play b F6"), "{mode}:\n{told}");
        assert!(!last_game.contains(&"play b A1"), "{mode}:\n{told}");
        app.send("q");
        app.exits_cleanly();
        engines_gone(&folder);
    }
}

#[test]
fn a_signal_while_an_engine_thinks_ends_it_too() {
    let (folder, mut app) = against_fake("gekitai", "slow");
    app.send("c3\r");
    app.wait_for("is thinking");
    app.killed_cleanly_by("TERM", 15);
    engines_end(&folder, true);
}

#[test]
fn quitting_while_an_engine_thinks_ends_it() {
    let (folder, mut app) = against_fake("gekitai", "slow");
    app.send("c3\r");
    app.wait_for("is thinking");
    app.send("\x03");
    app.exits_cleanly();
    engines_gone(&folder);
}

/// Runs the binary with `args` and `input`, its config folder `config`.
fn run(args: &[&str], input: &str, config: &Path) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(BINARY)
        .args(args)
        .env("XDG_CONFIG_HOME", config)
        .env("XDG_DATA_HOME", config.join("data"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().expect("it finishes");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_plain_mode_plays_an_engine_to_the_end() {
    let folder = Scratch::new("engines");
    let engine = format!("gtp:{}", fake("hex --level 1", "", &folder));
    let typed: String = HEX_CELLS.iter().map(|cell| format!("{cell}\n")).collect();
    let (status, out, err) = run(
        &["hex", "--plain", "--size", "3", "--x", &engine],
        &typed,
        &folder,
    );
    assert_eq!(status, 0, "{out}\n{err}");
    assert!(out.trim_end().ends_with("wins!"), "{out}");
    assert!(out.contains("Player X, make your move: "), "{out}");
    assert!(log(&folder).contains("genmove w"), "{}", log(&folder));
    engines_gone(&folder);
}

#[test]
fn the_plain_mode_hands_a_failed_engine_to_tabletops_computer() {
    let folder = Scratch::new("engines");
    let engine = format!("gtp:{}", fake("gekitai --level 1", "crash:1", &folder));
    let typed = "a1\nf6\nc3\nd4\nb5\ne2\na6\nf1\nc1\nd6\n".repeat(3);
    let (_, out, err) = run(&["gekitai", "--plain", "--o", &engine], &typed, &folder);
    assert!(
        err.contains("fake_gtp.sh exited")
            && err.contains("tabletop's computer (level 3) plays Player O from here"),
        "{err}"
    );
    // The computer answered in its place.
    assert!(out.contains("Player O's turn: "), "{out}");
    engines_gone(&folder);
}

#[test]
fn engines_are_added_listed_and_checked() {
    let config = Scratch::new("engines");
    let folder = Scratch::new("engines");
    let (status, out, _) = run(&["engines"], "", &config);
    assert_eq!(status, 0);
    assert!(out.contains("No engines"), "{out}");
    let command = fake("hex", "noundo", &folder);
    let (status, out, err) = run(
        &[
            "engines",
            "add",
            "fakehex",
            &command,
            "--games",
            "hex",
            "--patience",
            "5",
        ],
        "",
        &config,
    );
    assert_eq!(status, 0, "{err}");
    assert!(out.starts_with("Added fakehex"), "{out}");
    let (status, _, err) = run(&["engines", "add", "fakehex", "x"], "", &config);
    assert_eq!(status, 2);
    assert!(err.contains("configured already"), "{err}");
    let (status, out, _) = run(
        &["engines", "add", "missing", "no-such-engine-here"],
        "",
        &config,
    );
    assert_eq!(status, 0, "{out}");
    let (_, out, _) = run(&["engines"], "", &config);
    assert!(out.contains("fakehex  (hex, patience 5 s)"), "{out}");
    let (status, out, _) = run(&["engines", "check"], "", &config);
    assert_eq!(status, 1, "the missing engine fails: {out}");
    assert!(out.contains("fakehex: tabletop"), "{out}");
    assert!(
        out.contains("knows boardsize, clear_board, play, genmove"),
        "{out}"
    );
    assert!(out.contains("no undo"), "{out}");
    assert!(
        out.contains("missing: missing exited") && out.contains("not found"),
        "{out}"
    );
    let (status, out, _) = run(&["engines", "check", "fakehex"], "", &config);
    assert_eq!(status, 0, "{out}");
    let name = log(&folder);
    assert!(name.contains("name\nversion\nlist_commands"), "{name}");
}

#[test]
fn adding_never_changes_what_the_player_wrote_nor_touches_a_broken_file() {
    let config = Scratch::new("engines");
    let file = config.join("tabletop/config.toml");
    fs::create_dir_all(file.parent().expect("a folder")).expect("folder");
    let mine = "# mine\n[theme.dusk]\nboard = \"dark-gray\"";
    fs::write(&file, mine).expect("written");
    let (status, _, err) = run(&["engines", "add", "e", "engine --x"], "", &config);
    assert_eq!(status, 0, "{err}");
    let now = fs::read_to_string(&file).expect("read");
    assert!(now.starts_with(mine), "{now}");
    assert!(
        now.ends_with("[[engine]]\nname = \"e\"\ncommand = \"engine --x\"\n"),
        "{now}"
    );
    let broken = "[[engine]]\nname = \n";
    fs::write(&file, broken).expect("written");
    let (status, _, err) = run(&["engines", "add", "f", "x"], "", &config);
    assert_eq!(status, 2);
    assert!(
        err.contains("line 2") && err.contains("nothing was added"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&file).expect("read"), broken);
}

#[test]
fn config_refusals_are_said_with_their_lines_and_the_rest_is_used() {
    let config = Scratch::new("engines");
    let file = config.join("tabletop/config.toml");
    fs::create_dir_all(file.parent().expect("a folder")).expect("folder");
    fs::write(
        &file,
        "[[engine]]\nname = \"ok\"\ncommand = \"x\"\n\n[[engine]]\nname = \"bad\"\ncommand = \"x\"\ngames = [\"go\"]\n",
    )
    .expect("written");
    let (status, out, err) = run(&["engines"], "", &config);
    assert_eq!(status, 0);
    assert!(out.contains("ok  (every game"), "{out}");
    assert!(
        err.contains("config.toml line 5: \"go\" is not a game"),
        "{err}"
    );
    // A seat naming an engine the file does not have is refused.
    let (status, _, err) = run(&["hex", "--plain", "--x", "engine:bad"], "", &config);
    assert_eq!(status, 2);
    assert!(err.contains("no engine called \"bad\""), "{err}");
}

#[test]
fn a_record_never_runs_the_command_it_names() {
    let folder = Scratch::new("engines");
    let marker = folder.join("ran");
    let record = folder.join("game.toml");
    fs::write(
        &record,
        format!(
            "game = \"gekitai\"\nmoves = [\"A1\"]\n\n[players]\nfirst = \"human\"\nsecond = \"gtp:touch '{}'\"\n",
            marker.display()
        ),
    )
    .expect("a record");
    let path = record.display().to_string();
    let (_, out, _) = run(&["load", &path, "--plain"], "f6\nc3\n", &folder);
    // The second player is a person now: it is asked for its move.
    assert!(out.contains("Player O's turn: "), "{out}");
    assert!(!marker.exists(), "the record's command was run");
}

#[test]
fn a_game_loaded_against_an_engine_is_told_to_it_from_its_start() {
    let folder = Scratch::new("engines");
    configure(
        &folder.join("data"),
        &format!(
            "[[engine]]\nname = \"fake\"\ncommand = \"{}\"\n",
            fake("gekitai --level 1", "", &folder).replace('"', "\\\"")
        ),
    );
    let record = folder.join("game.toml");
    fs::write(
        &record,
        "game = \"gekitai\"\nmoves = [\"C3\", \"D4\", \"A1\"]\n\n[players]\nfirst = \"human\"\nsecond = \"engine:fake\"\n",
    )
    .expect("a record");
    let path = record.display().to_string();
    let (_, out, err) = run(&["load", &path, "--plain"], "", &folder.join("data/config"));
    assert!(out.contains("Player O's turn: "), "{out}\n{err}");
    assert!(!err.contains("from here"), "the engine failed: {err}");
    // The game so far, then the question.
    let told = log(&folder);
    assert!(
        told.contains("clear_board\nplay b C3\nplay w D4\nplay b A1\ngenmove w\n"),
        "{told}"
    );
    engines_gone(&folder);
}
