//! The lobby server keeps what it was given (issue 30): a move is kept
//! before anyone sees it (the mover is told so), so a kill loses nothing
//! anyone saw; SIGTERM and SIGINT stop it cleanly; a save that fails
//! refuses the move and says so; the database numbers the games, so a
//! data folder of the earlier kind can neither overflow them nor have a
//! game written over, and nothing in it (a pipe) hangs the server.

use std::path::Path;

use serde_json::json;

mod common;
use common::client::{Client, PATIENCE, create, hello, play};
use common::scratch::Scratch;
use common::served::{Served, exported};

#[test]
fn a_move_anyone_saw_survives_a_kill_and_its_mover_was_told_it_was_kept() {
    let data = Scratch::new("durable-kill");
    let mut served = Served::start(&data, &[]);
    let (creator, created) = create(&served.address, "ada");
    let (joiner, welcome) = hello(&served.address, &created["join"], "player");
    let (mut spectator, _) = hello(&served.address, &created["watch"], "spectator");
    let mut players = [creator, joiner];
    // Each mover hears `ack` (play checks it) before the others see it.
    play(&mut players, 0, 3);
    for _ in 0..3 {
        spectator.expect("move");
    }
    served.kill();
    let served = Served::start(&data, &[]);
    let (_, back) = hello(&served.address, &welcome["rejoin"], "player");
    assert_eq!(back["moves"], json!(["A1", "A6", "C3"]));
}

#[test]
fn sigterm_and_sigint_stop_the_server_cleanly_and_keep_every_game() {
    for (signal, name) in [(libc::SIGTERM, "SIGTERM"), (libc::SIGINT, "SIGINT")] {
        let data = Scratch::new("durable-stop");
        let mut served = Served::start(&data, &[]);
        let (creator, created) = create(&served.address, "ada");
        let (joiner, welcome) = hello(&served.address, &created["join"], "player");
        let mut players = [creator, joiner];
        play(&mut players, 0, 2);
        let status = served.signal(signal);
        assert!(status.success(), "{name}: {status:?}\n{}", served.log());
        // Both players were told to come back.
        for player in &mut players {
            let told = player.expect("error");
            let reason = told["reason"].as_str().unwrap_or("");
            assert!(reason.contains("stopping"), "{name}: {told}");
        }
        let log = served.log();
        assert!(log.contains(name) && log.contains("stopped"), "{log}");
        let served = Served::start(&data, &[]);
        let (_, back) = hello(&served.address, &welcome["rejoin"], "player");
        assert_eq!(back["moves"], json!(["A1", "A6"]), "{name}");
    }
}

/// Holds the write lock of the SQLite database in `data` (as another
/// program would) until dropped.
struct Locked {
    release: std::sync::mpsc::Sender<()>,
    done: Option<std::thread::JoinHandle<()>>,
}

impl Locked {
    fn take(data: &Path) -> Locked {
        let url = format!("sqlite://{}", data.join("tabletop.db").display());
        let (release, released) = std::sync::mpsc::channel::<()>();
        let (taken, is_taken) = std::sync::mpsc::channel::<()>();
        let done = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async {
                use sqlx::Connection;
                let mut connection = sqlx::SqliteConnection::connect(&url)
                    .await
                    .expect("the database opens");
                sqlx::query("BEGIN EXCLUSIVE")
                    .execute(&mut connection)
                    .await
                    .expect("the lock is taken");
                let _ = taken.send(());
                let _ = tokio::task::spawn_blocking(move || released.recv()).await;
                let _ = sqlx::query("ROLLBACK").execute(&mut connection).await;
            });
        });
        is_taken.recv().expect("the lock is taken");
        Locked {
            release,
            done: Some(done),
        }
    }
}

impl Drop for Locked {
    fn drop(&mut self) {
        let _ = self.release.send(());
        if let Some(done) = self.done.take() {
            let _ = done.join();
        }
    }
}

#[test]
fn a_save_that_fails_refuses_the_move_and_both_players_hear_it() {
    let data = Scratch::new("durable-refused");
    let served = Served::start(&data, &[]);
    let (creator, created) = create(&served.address, "ada");
    let (joiner, welcome) = hello(&served.address, &created["join"], "player");
    let mut players = [creator, joiner];
    play(&mut players, 0, 2);
    let locked = Locked::take(&data);
    players[0].send(json!({"type":"move","move":"C3"}));
    let refused = players[0].expect("refused");
    assert_eq!(refused["move"], "C3", "{refused}");
    assert!(
        refused["reason"].as_str().unwrap_or("").contains("locked"),
        "{refused}"
    );
    players[1].notice("could not save ada's move C3");
    drop(locked);
    // Nothing was played: the same move is X's again, and is kept now.
    play(&mut players, 2, 3);
    drop(players);
    served.wait_for_log("not saved");
    drop(served);
    let served = Served::start(&data, &[]);
    let (_, back) = hello(&served.address, &welcome["rejoin"], "player");
    assert_eq!(back["moves"], json!(["A1", "A6", "C3"]));
}

#[test]
fn a_player_is_welcomed_only_once_their_seat_is_kept() {
    let data = Scratch::new("durable-seated");
    let mut served = Served::start(&data, &[]);
    let (mut creator, created) = create(&served.address, "ada");
    let (joiner, welcome) = hello(&served.address, &created["join"], "player");
    creator.notice("bob joined");
    drop(joiner);
    creator.notice("Waiting for bob");
    let back_as = |name: &str| {
        let mut back = Client::connect(&served.address);
        back.send(json!({"type":"hello","version":tabletop::net::protocol::PROTOCOL_VERSION,"name":name,"code":welcome["rejoin"],"role":"player"}));
        back
    };
    // bob comes back as robert while nothing can be saved: a welcome now
    // would name a seat that a kill would lose.
    let locked = Locked::take(&data);
    let answer = back_as("robert").next();
    assert_eq!(answer["type"], "error", "{answer}");
    assert!(
        answer["reason"]
            .as_str()
            .unwrap_or("")
            .contains("could not save"),
        "{answer}"
    );
    drop(locked);
    // Once it can be, the welcome comes after the seat is kept: killed
    // at once, the server still knows robert.
    let welcomed = back_as("robert").expect("welcome");
    assert_eq!(welcomed["names"], json!(["ada", "robert"]));
    served.kill();
    let served = Served::start(&data, &[]);
    let (_, watched) = hello(&served.address, &created["watch"], "spectator");
    assert_eq!(watched["names"], json!(["ada", "robert"]));
}

/// A record and a room file of the earlier kind, game `id`, its first
/// player's rejoin code `0000-0000-0000-000N`'s digest.
fn earlier_game(data: &Path, id: &str, moves: &str, digest: &str) {
    let record = format!(
        "game = \"gekitai\"\nmoves = [{moves}]\n\n[settings]\nsize = 6\npieces = 8\nline = 3\nboth_win = \"mover\"\n\n[players]\nfirst = \"human\"\nsecond = \"human\"\n"
    );
    std::fs::write(data.join(format!("{id}.toml")), record).expect("written");
    let room = format!(
        r#"{{"names":["ada","bob"],"join":null,"watch":"{}","rejoin":["{digest}","{}"],"computer":null}}"#,
        "0".repeat(64),
        "1".repeat(64)
    );
    std::fs::write(data.join(format!("{id}.room.json")), room).expect("written");
}

#[test]
fn the_database_numbers_the_games_and_no_game_is_written_over() {
    let data = Scratch::new("durable-numbers");
    std::fs::create_dir_all(&*data).expect("a folder");
    // The highest number there is, and an unfinished game 1.
    let first = "9a38527ca836df1c0f975cc50cf9831da4a13558a2d7926e2948b067ede18bc3";
    let last = "c2b86d8262ca704526f86a54cbc61d437f8469621d7f95e4549243fb7b3a59a3";
    earlier_game(&data, "18446744073709551615", r#""A1""#, last);
    earlier_game(&data, "1", r#""A1", "A6""#, first);
    let kept = std::fs::read(data.join("1.toml")).expect("the record");
    let served = Served::start(&data, &[]);
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (_, created) = create(&served.address, "carol");
        ids.push(created["id"].as_u64().expect("a number"));
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 3, "{ids:?}");
    // Both earlier games are whole, and their codes open them.
    let (_, back) = hello(&served.address, &json!("0000-0000-0000-0001"), "player");
    assert_eq!(back["moves"], json!(["A1", "A6"]));
    assert_eq!(back["side"], "first");
    let (_, back) = hello(&served.address, &json!("0000-0000-0000-0002"), "player");
    assert_eq!(back["moves"], json!(["A1"]));
    assert_eq!(
        std::fs::read(data.join("1.toml")).expect("the record"),
        kept
    );
    for id in ids {
        assert!(exported(&data, id).contains("moves = []"));
    }
}

#[test]
fn a_pipe_in_the_data_folder_does_not_hang_the_server() {
    let data = Scratch::new("durable-fifo");
    std::fs::create_dir_all(&*data).expect("a folder");
    for name in ["9.room.json", "9.toml"] {
        let path =
            std::ffi::CString::new(data.join(name).to_str().expect("UTF-8")).expect("a path");
        // SAFETY: mkfifo(3) on a path of the test's own folder.
        assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0, "mkfifo");
    }
    let served = Served::start_within(&data, &[], PATIENCE).expect("the server starts");
    let (_, created) = create(&served.address, "ada");
    assert!(created["id"].is_u64(), "{created}");
    // The pipe was passed over, and said so.
    served.wait_for_log("not a regular file");
}

#[test]
fn import_and_export_are_asked_one_at_a_time() {
    let data = Scratch::new("durable-one-job");
    let folder = data.to_str().expect("a UTF-8 path");
    let run = common::run(
        &[
            "serve",
            "--data",
            folder,
            "--import-folder",
            folder,
            "--export",
            "1",
        ],
        b"",
    );
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(run.stderr.contains("one at a time"), "{}", run.stderr);
}

/// Makes a pipe at `path`.
fn mkfifo(path: &Path) {
    let path = std::ffi::CString::new(path.to_str().expect("UTF-8")).expect("a path");
    // SAFETY: mkfifo(3) on a path of the test's own folder.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0, "mkfifo");
}

#[test]
fn a_pipe_in_place_of_the_database_or_its_log_is_refused_by_name() {
    for name in ["tabletop.db", "tabletop.db-wal"] {
        let data = Scratch::new("durable-fifo-db");
        std::fs::create_dir_all(&*data).expect("a folder");
        mkfifo(&data.join(name));
        let folder = data.to_str().expect("a UTF-8 path");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args([
                "serve",
                "--port",
                "0",
                "--bind",
                "127.0.0.1",
                "--data",
                folder,
            ])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("a status") {
                break status;
            }
            if started.elapsed() > PATIENCE {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the server waits for ever on the pipe {name}");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().expect("piped"), &mut stderr)
            .expect("its message");
        assert!(!status.success(), "{stderr}");
        assert!(
            stderr.contains(&format!("{name} is not a regular file")),
            "{stderr}"
        );
    }
}
