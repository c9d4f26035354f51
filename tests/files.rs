//! What tabletop reads and writes on disk, and what it never touches:
//! only regular files are read as records (a FIFO would hang the reader, a
//! device would never end), and a save never writes over a link, a device,
//! a FIFO, a read-only file, a file that is not a game record, or into a
//! folder that does not exist outside tabletop's own; nothing is left
//! behind when a save is refused.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

mod common;
use common::scratch::Scratch;

/// What a run printed and how it ended.
struct Run {
    stdout: String,
    stderr: String,
    status: i32,
}

/// Runs the binary with `input`; fails the test if it has not finished
/// within a minute (a hang is the bug some of these tests look for).
fn run(args: &[&str], input: &str) -> Run {
    let data = Scratch::new("files-data");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .env("XDG_DATA_HOME", data.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().expect("waiting").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{args:?} hung");
        }
        thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().expect("finished");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code().unwrap_or(-1),
    }
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

/// The names in `folder`.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .expect("a folder")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn only_regular_files_are_read_as_records() {
    let here = Scratch::new("files");
    let fifo = here.join("pipe.toml");
    mkfifo(&fifo);
    for (path, kind) in [
        (fifo.clone(), "a FIFO"),
        (here.clone(), "a folder"),
        (PathBuf::from("/dev/null"), "a device"),
    ] {
        for command in ["load", "replay"] {
            let got = run(&[command, path.to_str().expect("UTF-8"), "--plain"], "");
            assert_eq!(got.status, 2, "{command} {kind}: {}", got.stderr);
            assert!(got.stdout.is_empty());
            assert!(got.stderr.contains(kind), "{command}: {}", got.stderr);
            assert_eq!(got.stderr.lines().count(), 1, "{}", got.stderr);
        }
    }
}

/// A finished game of Gekitai typed in the plain mode.
const GAME: &str = "A1\na6\nc3\nd4\nc3\n";

/// Plays [`GAME`] saving to `target`; what happened.
fn save_to(target: &Path) -> Run {
    run(
        &[
            "gekitai",
            "--plain",
            "--save",
            target.to_str().expect("UTF-8"),
        ],
        GAME,
    )
}

#[test]
fn a_save_never_writes_over_what_tabletop_did_not_make() {
    let here = Scratch::new("files");
    let text = here.join("notes.txt");
    fs::write(&text, "my notes\n").expect("writable");
    let fifo = here.join("pipe.toml");
    mkfifo(&fifo);
    let link = here.join("link.toml");
    std::os::unix::fs::symlink(&text, &link).expect("a link");
    let locked = here.join("locked.toml");
    fs::write(&locked, "game = \"gekitai\"\n").expect("writable");
    let mut read_only = fs::metadata(&locked).expect("there").permissions();
    read_only.set_readonly(true);
    fs::set_permissions(&locked, read_only).expect("chmod");
    let before = names(&here);
    for (target, why) in [
        (text.clone(), "not a game record, not written over"),
        (fifo.clone(), "not a regular file"),
        (link.clone(), "symbolic link"),
        (locked.clone(), "read-only"),
        (here.join("nowhere/game.toml"), "does not exist"),
        (PathBuf::from("/dev/full"), "not a regular file"),
    ] {
        let got = save_to(&target);
        assert_eq!(got.status, 1, "{}: {}", target.display(), got.stderr);
        assert!(
            got.stderr.contains(why),
            "{}: {}",
            target.display(),
            got.stderr
        );
        assert!(got.stdout.contains("Player X wins!"), "the game was played");
    }
    assert_eq!(fs::read_to_string(&text).expect("there"), "my notes\n");
    assert_eq!(
        fs::read_to_string(&locked).expect("there"),
        "game = \"gekitai\"\n"
    );
    assert_eq!(names(&here), before, "nothing added, nothing left behind");
}

#[test]
fn a_save_replaces_a_game_record_and_makes_a_new_one() {
    let here = Scratch::new("files");
    let game = here.join("game.toml");
    let first = save_to(&game);
    assert_eq!(first.status, 0, "{}", first.stderr);
    let again = save_to(&game);
    assert_eq!(
        again.status, 0,
        "a record may be replaced: {}",
        again.stderr
    );
    assert_eq!(names(&here), ["game.toml"]);
}

#[test]
fn match_records_are_never_written_over() {
    let here = Scratch::new("files");
    let existing = here.join("game-001.toml");
    fs::write(&existing, "game = \"gekitai\"\n").expect("writable");
    let got = run(
        &[
            "match",
            "gekitai",
            "--first",
            "random",
            "--second",
            "random",
            "--games",
            "2",
            "--records",
            here.to_str().expect("UTF-8"),
        ],
        "",
    );
    assert_eq!(got.status, 1, "{}", got.stderr);
    assert!(got.stderr.contains("game-001.toml"), "{}", got.stderr);
    assert!(got.stdout.contains("games 2"), "{}", got.stdout);
    assert_eq!(
        fs::read_to_string(&existing).expect("there"),
        "game = \"gekitai\"\n"
    );
    assert_eq!(names(&here), ["game-001.toml", "game-002.toml"]);
}

#[test]
fn saves_from_many_threads_at_once_each_land_whole() {
    let folder = Scratch::new("files");
    let record = |n: usize| {
        let mut record =
            tabletop_engine::record::Record::new(tabletop_engine::gekitai::Gekitai::default());
        record.date = Some(format!("2026-11-24 00:{n:02} UTC"));
        record.to_toml()
    };
    // Eight threads, each saving its own file and the shared one.
    thread::scope(|scope| {
        for n in 0..8 {
            let folder = &folder;
            scope.spawn(move || {
                for _ in 0..20 {
                    let own = folder.join(format!("game-{n}.toml"));
                    tabletop_core::files::save(&own, &record(n)).expect("its own file");
                    let shared = folder.join("shared.toml");
                    tabletop_core::files::save(&shared, &record(n)).expect("the shared file");
                }
            });
        }
    });
    for n in 0..8 {
        let text = fs::read_to_string(folder.join(format!("game-{n}.toml"))).expect("saved");
        assert_eq!(text, record(n));
    }
    let shared = fs::read_to_string(folder.join("shared.toml")).expect("saved");
    assert!((0..8).any(|n| shared == record(n)), "{shared}");
    // No temporary file is left behind.
    let names = names(&folder);
    assert_eq!(names.len(), 9, "{names:?}");
}

#[test]
fn a_save_into_a_file_where_a_folder_should_be_names_it() {
    let here = Scratch::new("files");
    let file = here.join("notes.txt");
    fs::write(&file, "my notes\n").expect("writable");
    let got = save_to(&file.join("game.toml"));
    assert_eq!(got.status, 1, "{}", got.stderr);
    assert!(
        got.stderr
            .contains(&format!("not a folder: {}", file.display())),
        "{}",
        got.stderr
    );
    assert_eq!(fs::read_to_string(&file).expect("there"), "my notes\n");
    assert_eq!(names(&here), ["notes.txt"]);
}

/// A file dated long ago, as a save's temporary file killed half way is.
fn stale(path: &Path) {
    let file = fs::File::create(path).expect("writable");
    let long_ago = std::time::SystemTime::UNIX_EPOCH + Duration::from_secs(86_400);
    file.set_modified(long_ago).expect("dated");
}

/// A save killed half way (`kill -9`, a power cut) leaves its temporary
/// file: the next save of that file removes it once it is plainly old,
/// and leaves alone one a save under way may still be writing, and every
/// file tabletop did not make.
#[test]
fn temporary_files_left_by_a_killed_save_are_removed_by_the_next() {
    let here = Scratch::new("files");
    stale(&here.join(".autosave.toml.4242.0.tmp"));
    // Another file's, outside tabletop's folders: maybe not tabletop's.
    stale(&here.join(".gekitai-2026-11-26-23-40.toml.4242.7.tmp"));
    // Not tabletop's.
    stale(&here.join(".notes.tmp"));
    stale(&here.join("notes.4242.0.tmp"));
    stale(&here.join(".autosave.toml.x.0.tmp"));
    // A save under way.
    fs::write(here.join(".autosave.toml.4243.0.tmp"), "half").expect("writable");
    let record = tabletop_engine::record::Record::new(tabletop_engine::gekitai::Gekitai::default());
    tabletop_core::files::save(&here.join("autosave.toml"), &record.to_toml()).expect("saved");
    assert_eq!(
        names(&here),
        [
            ".autosave.toml.4243.0.tmp",
            ".autosave.toml.x.0.tmp",
            ".gekitai-2026-11-26-23-40.toml.4242.7.tmp",
            ".notes.tmp",
            "autosave.toml",
            "notes.4242.0.tmp"
        ]
    );
}

/// In the saved games, a game kept under a new name is never saved
/// again: a later save there removes what its killed save left.
#[test]
fn a_killed_save_s_leftover_in_the_saved_games_is_removed_by_the_next_game_kept() {
    let data = Scratch::new("files-data");
    let games = data.join("tabletop").join("games");
    fs::create_dir_all(&games).expect("a folder");
    stale(&games.join(".gekitai-2026-11-26-23-40.toml.4242.7.tmp"));
    stale(&games.join(".notes.tmp"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["gekitai", "--plain"])
        .env("XDG_DATA_HOME", &data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(b"A1\nA6\nC3\nD4\nC3\n").expect("written");
    drop(stdin);
    let output = child.wait_with_output().expect("finished");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let names = names(&games);
    assert_eq!(names.len(), 2, "{names:?}");
    assert_eq!(names[0], ".notes.tmp");
    assert!(names[1].starts_with("gekitai-"), "{names:?}");
}

/// A temporary file's name may be taken already, by a killed save of a
/// process that had this one's number or by a save under way in another
/// (containers sharing a data folder): the save takes another name, and
/// the file there is left as it is.
#[test]
fn a_save_whose_temporary_name_is_taken_takes_another_and_leaves_that_file() {
    let here = Scratch::new("files");
    // More than this process ever saves before this test ends.
    let taken: Vec<PathBuf> = (0..1000)
        .map(|n| here.join(format!(".game.toml.{}.{n}.tmp", std::process::id())))
        .collect();
    for path in &taken {
        fs::write(path, "another save's").expect("writable");
    }
    let record = tabletop_engine::record::Record::new(tabletop_engine::gekitai::Gekitai::default());
    let game = here.join("game.toml");
    tabletop_core::files::save(&game, &record.to_toml()).expect("saved");
    assert_eq!(fs::read_to_string(&game).expect("saved"), record.to_toml());
    for path in &taken {
        assert_eq!(fs::read_to_string(path).expect("left"), "another save's");
    }
    assert_eq!(names(&here).len(), taken.len() + 1);
}
