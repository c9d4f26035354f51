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
    let (folder, stderr) = plain_game_with(scratch, config, &[]);
    assert!(stderr.is_empty(), "{stderr}");
    folder
}

/// [`plain_game`] with `more` arguments; the saved games' folder and what
/// was said on standard error.
fn plain_game_with(scratch: &Scratch, config: &str, more: &[&str]) -> (PathBuf, String) {
    let config_dir = scratch.join("config");
    fs::create_dir_all(config_dir.join("tabletop")).expect("a folder");
    fs::write(config_dir.join("tabletop/config.toml"), config).expect("written");
    // Every cell in turn, again and again: the taken ones are refused.
    let cells: String = (0..200)
        .flat_map(|_| (1..=6).flat_map(|row| "ABCDEF".chars().map(move |c| format!("{c}{row}\n"))))
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["gekitai", "--plain", "--o", "ai:1"])
        .args(more)
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
    (
        scratch.join("data/tabletop/games"),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
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

/// A `--save` that fails (its folder is missing) is said, and the
/// finished game is still kept in the saved games.
#[test]
fn the_plain_mode_keeps_a_finished_game_whose_save_failed() {
    let scratch = Scratch::new("kept-plain-unsaved");
    let missing = scratch.join("no such folder/game.toml");
    let missing = missing.to_str().expect("a UTF-8 path");
    let (folder, stderr) = plain_game_with(&scratch, "", &["--save", missing]);
    assert!(stderr.contains("cannot save the game to"), "{stderr}");
    let kept = records_in(&folder);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(text_of(&kept[0]).contains("result = "));
}

/// The app on `start`, saving the game after every move to `autosave` and
/// keeping games in `folder`.
fn app_autosaving(folder: &Path, autosave: &Path, start: Start) -> App {
    fs::create_dir_all(folder).expect("a folder");
    let chosen = Options {
        library: Some(folder.to_path_buf()),
        autosave: Some(autosave.to_path_buf()),
        ..options(start)
    };
    open(chosen, (80, 24))
}

#[test]
fn an_unfinished_autosaved_game_is_kept_before_another_game_is_saved_over_it() {
    let scratch = Scratch::new("kept-unfinished");
    let folder = scratch.join("games");
    let autosave = scratch.join("autosave.toml");
    // A game left unfinished: the app quit or was killed.
    let mut first = app_autosaving(&folder, &autosave, Start::Game(Setup::default()));
    play(&mut first, "A1 A6 C3");
    let unfinished = fs::read_to_string(&autosave).expect("autosaved");
    assert!(records_in(&folder).is_empty());
    // Another game is started (`tabletop gekitai`, or Start on the start
    // screen): the unfinished one goes to the saved games, byte for byte.
    let mut next = app_autosaving(&folder, &autosave, Start::Game(Setup::default()));
    play(&mut next, "B2");
    let kept = records_in(&folder);
    assert_eq!(kept.len(), 1, "{}", draw(&next, (80, 24)));
    assert_eq!(fs::read_to_string(&kept[0]).expect("read"), unfinished);
    let screen = draw(&next, (80, 24));
    assert!(
        screen.contains("The unfinished Gekitai game (3 moves) is kept in the saved games"),
        "{screen}"
    );
    assert_eq!(moves_of(&text_of(&autosave)), r#"moves = ["B2"]"#);
    // The game's own autosave is written over from then on.
    play(&mut next, "F6");
    assert_eq!(records_in(&folder), kept);
    // Resumed, a game writes over its own autosave, kept nowhere else.
    let record = files::load(&autosave).expect("a record");
    let mut resumed = app_autosaving(&folder, &autosave, Start::Continue(record));
    play(&mut resumed, "D4");
    assert_eq!(records_in(&folder), kept);
    assert_eq!(
        moves_of(&text_of(&autosave)),
        r#"moves = ["B2", "F6", "D4"]"#
    );
}

/// Two tabletops at once (two terminals, one data folder) both autosave
/// to the same file: neither game is ever written over by the other's,
/// and each is in one file, whatever the order of their moves.
#[test]
fn two_apps_at_once_never_write_over_each_other_s_game() {
    let scratch = Scratch::new("kept-two-apps");
    let folder = scratch.join("games");
    let autosave = scratch.join("autosave.toml");
    let mut first = app_autosaving(&folder, &autosave, Start::Game(Setup::default()));
    play(&mut first, "A1");
    // The second keeps the first's game in the saved games, as it would
    // an unfinished game left there.
    let mut second = app_autosaving(&folder, &autosave, Start::Game(Setup::default()));
    play(&mut second, "B2");
    assert_eq!(records_in(&folder).len(), 1);
    // The first finds another game in the autosave: it goes on in the
    // copy the second kept, and leaves the autosave to the second.
    play(&mut first, "A6");
    let screen = draw(&first, (80, 24));
    assert!(screen.contains("saved after every move in"), "{screen}");
    play(&mut second, "F6");
    play(&mut first, "C3");
    play(&mut second, "E5");
    assert_eq!(
        moves_of(&text_of(&autosave)),
        r#"moves = ["B2", "F6", "E5"]"#
    );
    let kept = records_in(&folder);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        moves_of(&text_of(&kept[0])),
        r#"moves = ["A1", "A6", "C3"]"#
    );
    // Finished, the first's game is kept in that same file.
    play(&mut first, "D4 C3");
    assert_eq!(records_in(&folder), kept);
    assert!(text_of(&kept[0]).contains("result = \"X\""));
    assert_eq!(
        moves_of(&text_of(&autosave)),
        r#"moves = ["B2", "F6", "E5"]"#
    );
}

/// The unfinished game resumed in two terminals at once: each goes its
/// own way, and both are kept.
#[test]
fn one_game_resumed_twice_at_once_keeps_both_lines() {
    let scratch = Scratch::new("kept-resumed-twice");
    let folder = scratch.join("games");
    let autosave = scratch.join("autosave.toml");
    let mut left = app_autosaving(&folder, &autosave, Start::Game(Setup::default()));
    play(&mut left, "A1 A6");
    let record = || files::load(&autosave).expect("a record");
    let mut first = app_autosaving(&folder, &autosave, Start::Continue(record()));
    let mut second = app_autosaving(&folder, &autosave, Start::Continue(record()));
    play(&mut first, "C3");
    play(&mut second, "F1");
    play(&mut first, "D4");
    play(&mut second, "F6");
    assert_eq!(
        moves_of(&text_of(&autosave)),
        r#"moves = ["A1", "A6", "C3", "D4"]"#
    );
    let kept = records_in(&folder);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        moves_of(&text_of(&kept[0])),
        r#"moves = ["A1", "A6", "F1", "F6"]"#
    );
}

/// A game left for a new one (`n` twice) is the autosave's: the start
/// screen shown after it offers to resume it, as it would on the next
/// start.
#[test]
fn the_start_screen_after_a_game_left_unfinished_offers_it_again() {
    let scratch = Scratch::new("kept-left-for-new");
    let folder = scratch.join("games");
    let autosave = scratch.join("autosave.toml");
    let mut app = app_autosaving(&folder, &autosave, Start::Menu);
    assert!(!draw(&app, (80, 24)).contains("Resume"));
    press(&mut app, KeyCode::Enter, false);
    play(&mut app, "A1 C3");
    press(&mut app, KeyCode::Char('n'), false);
    press(&mut app, KeyCode::Char('n'), false);
    let screen = draw(&app, (80, 24));
    assert!(screen.contains("Resume"), "{screen}");
    assert!(screen.contains("Gekitai, 2 moves"), "{screen}");
    // Resumed, it goes on from where it was left.
    press(&mut app, KeyCode::Up, false);
    let mut resumed = false;
    for _ in 0..12 {
        if draw(&app, (80, 24)).contains("Enter resume") {
            press(&mut app, KeyCode::Enter, false);
            resumed = true;
            break;
        }
        press(&mut app, KeyCode::Up, false);
    }
    assert!(resumed, "{}", draw(&app, (80, 24)));
    play(&mut app, "F6");
    assert_eq!(
        moves_of(&text_of(&autosave)),
        r#"moves = ["A1", "C3", "F6"]"#
    );
}

#[test]
fn an_autosave_that_does_not_load_is_said_and_never_lost() {
    let scratch = Scratch::new("kept-broken-autosave");
    let folder = scratch.join("games");
    let autosave = scratch.join("autosave.toml");
    // A record whose second move is illegal: the save would write over
    // it, so it is kept first.
    let broken = "game = \"gekitai\"\nmoves = [\"A1\", \"A1\"]\n";
    fs::write(&autosave, broken).expect("written");
    let menu = app_autosaving(&folder, &autosave, Start::Menu);
    let screen = draw(&menu, (80, 24));
    assert!(
        screen.contains("The game saved automatically was not read"),
        "{screen}"
    );
    let mut app = app_autosaving(&folder, &autosave, Start::Game(Setup::default()));
    play(&mut app, "C3");
    let kept = records_in(&folder);
    assert_eq!(kept.len(), 1, "{}", draw(&app, (80, 24)));
    assert_eq!(fs::read_to_string(&kept[0]).expect("read"), broken);
    assert_eq!(moves_of(&text_of(&autosave)), r#"moves = ["C3"]"#);

    // Not a record at all: left as it is, and --resume says why.
    let data = scratch.join("data");
    let own = data.join("tabletop").join("autosave.toml");
    fs::create_dir_all(own.parent().expect("a folder")).expect("a folder");
    fs::write(&own, "moves = [\"A1\"\n").expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .arg("--resume")
        .env("XDG_DATA_HOME", &data)
        .env("XDG_CONFIG_HOME", scratch.join("config"))
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("was not read"), "{stderr}");
    assert!(stderr.contains("autosave.toml: line"), "{stderr}");
    assert_eq!(
        fs::read_to_string(&own).expect("there"),
        "moves = [\"A1\"\n"
    );
}

/// Saves the game with `s`, typing `path` in place of the one offered.
fn save_as(app: &mut App, path: &Path) {
    press(app, KeyCode::Char('s'), false);
    press(app, KeyCode::Char('u'), true);
    for c in path.to_str().expect("a UTF-8 path").chars() {
        press(app, KeyCode::Char(c), false);
    }
    press(app, KeyCode::Enter, false);
}

#[test]
fn saving_never_writes_over_another_game_only_over_this_one_s_file() {
    let scratch = Scratch::new("save-over");
    let other = scratch.join("other.toml");
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/records/hex-5x5.toml");
    let hex = fs::read_to_string(sample).expect("a sample record");
    fs::write(&other, &hex).expect("written");
    let game = || open(options(Start::Game(Setup::default())), (80, 24));
    let mut app = game();
    play(&mut app, "C3");
    save_as(&mut app, &other);
    assert_eq!(fs::read_to_string(&other).expect("there"), hex);
    let screen = draw(&app, (80, 24));
    assert!(screen.contains("Not saved"), "{screen}");
    // A new file, brought up to date by the next save.
    let mine = scratch.join("mine.toml");
    save_as(&mut app, &mine);
    play(&mut app, "D4");
    save_as(&mut app, &mine);
    assert_eq!(moves_of(&text_of(&mine)), r#"moves = ["C3", "D4"]"#);
    // The game loaded from its file and played on may be saved over it.
    let record = files::load(&mine).expect("a record");
    let mut loaded = open(options(Start::Continue(record)), (80, 24));
    play(&mut loaded, "A1");
    save_as(&mut loaded, &mine);
    assert_eq!(moves_of(&text_of(&mine)), r#"moves = ["C3", "D4", "A1"]"#);
    // Another game may not.
    let mut another = game();
    play(&mut another, "F6");
    save_as(&mut another, &mine);
    assert_eq!(moves_of(&text_of(&mine)), r#"moves = ["C3", "D4", "A1"]"#);
}

#[test]
fn why_a_save_failed_is_read_on_a_narrow_screen_where_the_path_is_cut() {
    let scratch = Scratch::new("kept-narrow");
    let folder = scratch.join("games");
    // Where the game would be saved automatically, a file of the player's.
    let autosave = scratch.join("autosave.toml");
    fs::write(&autosave, "my notes\n").expect("written");
    let chosen = Options {
        library: Some(folder.clone()),
        autosave: Some(autosave.clone()),
        ..options(Start::Game(Setup::default()))
    };
    let mut app = open(chosen, (60, 20));
    play(&mut app, "C3");
    assert_eq!(fs::read_to_string(&autosave).expect("read"), "my notes\n");
    let screen = draw(&app, (60, 20));
    assert!(
        screen.contains("Autosave failed: not a game record, not written over"),
        "{screen}"
    );
    let narrower = draw(&app, (40, 12));
    assert!(
        narrower.contains("Autosave failed: not a game record"),
        "{narrower}"
    );
    // Saving over another game says why, and the name to give, first.
    save_as(&mut app, &autosave);
    let screen = draw(&app, (60, 20));
    assert!(
        screen.contains("Not saved, give another name: another game"),
        "{screen}"
    );
}
