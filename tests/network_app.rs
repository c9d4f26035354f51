//! Network play in the full-screen app: a joiner in a pseudo-terminal
//! against a real host process over 127.0.0.1, and against a hostile
//! host speaking raw TCP whose names and chat carry escape sequences.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const PATIENCE: Duration = Duration::from_secs(30);

/// The binary in an 80x24 pseudo-terminal, its screen kept by vt100.
struct Screen {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Screen {
    fn start(args: &[&str], data: &Path) -> Screen {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_tabletop"));
        command.args(args);
        command.env("TERM", "xterm-256color");
        command.env("XDG_DATA_HOME", data);
        command.env("XDG_CONFIG_HOME", data.join("config"));
        let child = pty.slave.spawn_command(command).expect("the binary starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a reader");
        let writer = pty.master.take_writer().expect("a writer");
        let (Some(rows), Some(cols)) = (NonZeroU16::new(24), NonZeroU16::new(80)) else {
            unreachable!("24 and 80 are not zero")
        };
        let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let feed = Arc::clone(&parser);
        thread::spawn(move || {
            let _master = pty.master;
            let mut chunk = [0u8; 4096];
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                feed.lock().expect("parser lock").process(&chunk[..n]);
            }
        });
        Screen {
            parser,
            writer,
            child,
        }
    }

    fn text(&self) -> String {
        self.parser.lock().expect("parser lock").screen().contents()
    }

    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.text();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "waited for {text:?}; the screen shows:\n{screen}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).expect("typing");
        self.writer.flush().expect("typing");
        thread::sleep(Duration::from_millis(60));
    }

    /// Waits for the exit, then checks the terminal was given back.
    fn exits_cleanly(&mut self) {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waiting") {
                break status;
            }
            assert!(Instant::now() < deadline, "the app did not quit");
            thread::sleep(Duration::from_millis(20));
        };
        assert!(status.success(), "exit status {status:?}");
        thread::sleep(Duration::from_millis(100));
        let parser = self.parser.lock().expect("lock");
        assert!(
            !parser.screen().alternate_screen(),
            "still on the alternate screen"
        );
        assert!(!parser.screen().hide_cursor(), "the cursor is still hidden");
    }
}

/// A plain-mode process, its output collected as it comes.
struct Plain {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<String>>,
}

impl Plain {
    fn start(args: &[&str], data: &Path) -> Plain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(args)
            .env("XDG_DATA_HOME", data)
            .env("HOME", data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let out = Arc::new(Mutex::new(String::new()));
        for stream in [
            Box::new(child.stdout.take().expect("piped")) as Box<dyn Read + Send>,
            Box::new(child.stderr.take().expect("piped")),
        ] {
            let out = out.clone();
            thread::spawn(move || {
                let mut stream = stream;
                let mut buffer = [0; 4096];
                while let Ok(n @ 1..) = stream.read(&mut buffer) {
                    let text = String::from_utf8_lossy(&buffer[..n]).into_owned();
                    out.lock().expect("not poisoned").push_str(&text);
                }
            });
        }
        let stdin = child.stdin.take();
        Plain { child, stdin, out }
    }

    fn wait_for(&self, wanted: &str) -> String {
        let start = Instant::now();
        loop {
            let text = self.out.lock().expect("not poisoned").clone();
            if text.contains(wanted) {
                return text;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "never printed {wanted:?}:\n{text}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn type_lines(&mut self, lines: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(lines.as_bytes()).expect("typing");
        stdin.flush().expect("typing");
    }
}

impl Drop for Plain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn temporary_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-netapp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

const UP: &str = "\x1b[A";
const DOWN: &str = "\x1b[B";
const RIGHT: &str = "\x1b[C";

#[test]
fn a_joiner_in_the_full_screen_app_plays_a_whole_game_against_a_host() {
    let data = temporary_folder("game");
    let args = [
        "host",
        "gekitai",
        "--port",
        "0",
        "--bind",
        "127.0.0.1",
        "--name",
        "hostie",
    ];
    let mut host = Plain::start(&args, &data);
    let text = host.wait_for("Waiting for a player");
    let field = |label: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(label))
            .map(|rest| rest.trim().trim_end_matches('.').to_string())
            .unwrap_or_else(|| panic!("no {label:?} in:\n{text}"))
    };
    let (address, code) = (field("Hosting Gekitai on "), field("Join code:"));
    // The host greets, then plays X: A1, C3, C3 (a line of three).
    host.type_lines("say hi joe\nA1\n");

    let mut joiner = Screen::start(&["join", &address, &code, "--name", "joe"], &data);
    joiner.wait_for("1. X A1");
    let screen = joiner.wait_for("hostie: hi joe");
    assert!(screen.contains("X hostie · O you"), "{screen}");
    assert!(screen.contains("connected"), "{screen}");
    // Not our turn yet? It is: O moves. Typed cells play.
    joiner.send("a6\r");
    joiner.wait_for("2. O A6");
    host.wait_for("A6");
    // Chat from the joiner reaches the host.
    joiner.send("\x0f");
    joiner.wait_for("Say:");
    joiner.send("good luck\r");
    host.wait_for("[joe] good luck");
    joiner.wait_for("you: good luck");
    // Our move while the host has the turn is refused, and says whose.
    host.type_lines("c3\n");
    let screen = joiner.wait_for("3. X C3");
    assert!(screen.contains("Player O's turn"), "{screen}");
    // The cursor stands on C3, the host's last move: D4 is right and down.
    joiner.send(&format!("{RIGHT}{DOWN}{UP}{DOWN}\r"));
    joiner.wait_for("4. O D4 C3→B2");
    joiner.wait_for("hostie is thinking");
    // The push has slid to its end.
    thread::sleep(Duration::from_millis(800));
    let screen = joiner.text();
    // The whole screen at 80x24: who plays whom, the connection, the chat.
    insta::assert_snapshot!("network_game_panel", screen);
    host.type_lines("c3\n");
    let screen = joiner.wait_for("Player X wins!");
    assert!(screen.contains("5. X C3 D4→E5"), "{screen}");
    host.wait_for("Player X wins!");
    // No undo in a network game.
    joiner.send("\x1a");
    joiner.wait_for("No undo in a network game");
    joiner.send("q");
    joiner.exits_cleanly();
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_hostile_hosts_names_and_chat_reach_the_screen_escaped() {
    let data = temporary_folder("hostile");
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("an address").to_string();
    let host = thread::spawn(move || {
        let (stream, _) = listener.accept().expect("the joiner connects");
        let mut reader = BufReader::new(stream.try_clone().expect("a clone"));
        let mut hello = String::new();
        reader.read_line(&mut hello).expect("a hello");
        let mut stream = stream;
        let welcome = r#"{"type":"welcome","version":VERSION,"game":"gekitai","settings":{},"side":"second","names":["\u001b[2J\u001b]0;pwned\u0007evil\u001b[31m","joe"],"moves":["A1"]}"#
            .replace(
                "VERSION",
                &tabletop::net::protocol::PROTOCOL_VERSION.to_string(),
            );
        let lines = [
            welcome.as_str(),
            r#"{"type":"chat","from":"\u001b[5mmal\u202elory","text":"hi\u001b[2J\u001b[H there\u001b]2;title\u0007\r\nfriend\u009b1A"}"#,
        ];
        for line in lines {
            stream.write_all(line.as_bytes()).expect("writes");
            stream.write_all(b"\n").expect("writes");
        }
        // Held open until the joiner quits.
        let mut rest = String::new();
        let _ = reader.read_to_string(&mut rest);
    });
    let mut joiner = Screen::start(
        &["join", &address, "0000-0000-0000-0000", "--name", "joe"],
        &data,
    );
    let screen = joiner.wait_for("mallory: hi there friend");
    assert!(screen.contains("X evil · O you"), "{screen}");
    assert!(
        screen.contains(" tabletop "),
        "the title was cleared:\n{screen}"
    );
    assert!(
        !screen.contains("pwned") && !screen.contains("title"),
        "{screen}"
    );
    // The cursor was not moved home: the title line is the first.
    assert!(screen.starts_with(" tabletop "), "{screen}");
    joiner.send("q");
    joiner.exits_cleanly();
    host.join().expect("the fake host ends");
    let _ = std::fs::remove_dir_all(&data);
}

/// The host's join code and port, as its screen shows them while it
/// waits: `tabletop join HOST:PORT XXXX-XXXX-XXXX-XXXX (HOST: …)`.
fn port_and_code(screen: &str) -> (String, String) {
    let words: Vec<&str> = screen
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .collect();
    let port = words
        .iter()
        .find_map(|word| word.strip_prefix("HOST:"))
        .unwrap_or_else(|| panic!("no address on the screen:\n{screen}"));
    let code = words
        .iter()
        .find(|word| {
            word.len() == 19
                && word.split('-').count() == 4
                && word.split('-').all(|group| {
                    group.len() == 4 && group.chars().all(|c| c.is_ascii_alphanumeric())
                })
        })
        .unwrap_or_else(|| panic!("no join code on the screen:\n{screen}"));
    (port.to_string(), code.to_string())
}

#[test]
fn a_host_and_a_joiner_both_full_screen_play_a_whole_game() {
    let host_data = temporary_folder("host-screen");
    let join_data = temporary_folder("join-screen");
    let mut host = Screen::start(
        &[
            "host", "gekitai", "--port", "0", "--side", "first", "--name", "hostie",
        ],
        &host_data,
    );
    let screen = host.wait_for("Waiting for a player to join");
    let (port, code) = port_and_code(&screen);
    // Nothing is played before the other player comes.
    host.send("a1\r");
    host.wait_for("Waiting for the other player");
    host.send("\x1b");

    let address = format!("127.0.0.1:{port}");
    let mut joiner = Screen::start(&["join", &address, &code, "--name", "joe"], &join_data);
    let screen = joiner.wait_for("X hostie · O you");
    assert!(screen.contains("connected"), "{screen}");
    let screen = host.wait_for("X you · O joe");
    assert!(screen.contains("connected"), "{screen}");
    assert!(
        !screen.contains(&code),
        "the code is gone once joined:\n{screen}"
    );

    host.send("a1\r");
    host.wait_for("1. X A1");
    joiner.wait_for("1. X A1");
    joiner.send("a6\r");
    host.wait_for("2. O A6");
    // Chat both ways.
    host.send("\x0f");
    host.wait_for("Say:");
    host.send("hi joe\r");
    joiner.wait_for("hostie: hi joe");
    host.send("c3\r");
    joiner.wait_for("3. X C3");
    joiner.send("d4\r");
    host.wait_for("4. O D4 C3→B2");
    thread::sleep(Duration::from_millis(800));
    host.send("c3\r");
    let screen = host.wait_for("Player X wins!");
    assert!(screen.contains("5. X C3 D4→E5"), "{screen}");
    joiner.wait_for("Player X wins!");
    // Neither side is told the host closed the game: it ended.
    host.wait_for("the game is over");
    joiner.wait_for("the game is over");

    joiner.send("q");
    joiner.exits_cleanly();
    host.send("q");
    host.exits_cleanly();
    // The host kept the game, in its own data folder.
    let games: Vec<PathBuf> = std::fs::read_dir(host_data.join("tabletop").join("games"))
        .expect("the host's games folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(games.len(), 1, "{games:?}");
    let record = std::fs::read_to_string(&games[0]).expect("the record");
    assert!(record.contains("A1") && record.contains("D4"), "{record}");
    let _ = std::fs::remove_dir_all(&host_data);
    let _ = std::fs::remove_dir_all(&join_data);
}

#[test]
fn quitting_the_hosts_screen_ends_the_game_for_the_joiner_and_keeps_it() {
    let host_data = temporary_folder("host-quits");
    let join_data = temporary_folder("join-quits");
    let mut host = Screen::start(
        &["host", "gekitai", "--port", "0", "--side", "first"],
        &host_data,
    );
    let (port, code) = port_and_code(&host.wait_for("Waiting for a player to join"));
    let address = format!("127.0.0.1:{port}");
    let mut joiner = Screen::start(&["join", &address, &code, "--name", "joe"], &join_data);
    host.wait_for("O joe");
    host.send("a1\r");
    joiner.wait_for("1. X A1");
    host.send("q");
    host.exits_cleanly();
    joiner.wait_for("the host left");
    joiner.send("q");
    joiner.exits_cleanly();
    let games = std::fs::read_dir(host_data.join("tabletop").join("games"))
        .expect("the host's games folder")
        .count();
    assert_eq!(games, 1, "the abandoned game is kept");
    let _ = std::fs::remove_dir_all(&host_data);
    let _ = std::fs::remove_dir_all(&join_data);
}
