//! The real binary in an 80x24 pseudo-terminal, its screen kept by
//! vt100, driven by keys as a person types them.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

use super::scratch::Scratch;

pub struct Session {
    /// The app's data folder (autosaves), private to this session.
    pub data: PathBuf,
    pub parser: Arc<Mutex<vt100::Parser>>,
    /// How long a wait may last before the test fails (so that it never
    /// hangs).
    patience: Duration,
    writer: Box<dyn Write + Send>,
    pub child: Box<dyn portable_pty::Child + Send + Sync>,
    /// The data folder when the session made its own.
    own_folder: Option<Scratch>,
}

impl Session {
    pub fn start(args: &[&str]) -> Session {
        Session::start_with_env(args, &[])
    }

    /// Starts the binary with `data` as its data folder.
    pub fn start_with_data(args: &[&str], data: &Path) -> Session {
        Session::launch(args, data, &[])
    }

    /// Starts the binary in a fresh data folder with `env` added to (or,
    /// for an empty value, taken out of) its environment.
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Session {
        let folder = Scratch::new("app");
        let mut session = Session::launch(args, &folder, env);
        session.own_folder = Some(folder);
        session
    }

    fn launch(args: &[&str], data: &Path, env: &[(&str, &str)]) -> Session {
        let data = data.to_path_buf();
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
        command.env("XDG_DATA_HOME", &data);
        command.env("XDG_CONFIG_HOME", data.join("config"));
        // A UTF-8 terminal, whatever the locale of the machine running the
        // tests (a locale that is not UTF-8 draws in ASCII).
        command.env("LANG", "C.UTF-8");
        command.env_remove("LC_ALL");
        command.env_remove("LC_CTYPE");
        for (name, value) in env {
            if value.is_empty() {
                command.env_remove(name);
            } else {
                command.env(name, value);
            }
        }
        let child = pty.slave.spawn_command(command).expect("the binary starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a reader");
        let writer = pty.master.take_writer().expect("a writer");
        let (rows, cols) = (NonZeroU16::new(24), NonZeroU16::new(80));
        let (Some(rows), Some(cols)) = (rows, cols) else {
            unreachable!("24 and 80 are not zero")
        };
        let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let feed = Arc::clone(&parser);
        thread::spawn(move || {
            let _master = pty.master;
            let mut chunk = [0u8; 4096];
            while let Ok(n) = reader.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                feed.lock().expect("parser lock").process(&chunk[..n]);
            }
        });
        Session {
            data,
            parser,
            patience: Duration::from_secs(10),
            writer,
            child,
            own_folder: None,
        }
    }

    /// The same session, waiting up to `patience` (for slower starts,
    /// such as two processes finding each other over the network).
    pub fn patient(mut self, patience: Duration) -> Session {
        self.patience = patience;
        self
    }

    pub fn screen(&self) -> String {
        self.parser.lock().expect("parser lock").screen().contents()
    }

    /// Waits until the screen shows `text`, on one line or wrapped over
    /// several (a notice naming a path wraps where the path's length says),
    /// and returns the screen (or fails after the session's patience).
    pub fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + self.patience;
        loop {
            let screen = self.screen();
            let shows = |screen: &str| screen.contains(text) || flowed(screen).contains(text);
            if shows(&screen) {
                return settled(screen, || self.screen(), shows);
            }
            assert!(
                Instant::now() < deadline,
                "waited for {text:?}; the screen shows:\n{screen}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the app to exit, then checks its status and that the
    /// terminal was given back: alternate screen left, cursor shown.
    pub fn exits_cleanly(&mut self) {
        let deadline = Instant::now() + self.patience;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waiting") {
                break status;
            }
            assert!(Instant::now() < deadline, "the app did not quit");
            thread::sleep(Duration::from_millis(20));
        };
        assert!(status.success(), "exit status {status:?}");
        // The last bytes the app wrote may still be on their way.
        thread::sleep(Duration::from_millis(100));
        let parser = self.parser.lock().expect("lock");
        assert!(
            !parser.screen().alternate_screen(),
            "still on the alternate screen"
        );
        assert!(!parser.screen().hide_cursor(), "the cursor is still hidden");
    }

    /// Sends `signal` to the app, waits for it to exit by it, and checks
    /// that the terminal was given back, mouse reporting included.
    pub fn killed_cleanly_by(&mut self, signal: &str, number: u32) {
        let pid = self.child.process_id().expect("the app runs");
        let sent = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waiting") {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "the app did not exit on {signal}"
            );
            thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(status.exit_code(), 128 + number, "{signal}");
        thread::sleep(Duration::from_millis(100));
        let parser = self.parser.lock().expect("lock");
        let screen = parser.screen();
        assert!(
            !screen.alternate_screen(),
            "{signal}: still on the alternate screen"
        );
        assert!(
            !screen.hide_cursor(),
            "{signal}: the cursor is still hidden"
        );
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "{signal}: mouse reporting is still on"
        );
    }

    pub fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).expect("typing");
        self.writer.flush().expect("typing");
        // Give the app a moment, as a person would.
        thread::sleep(Duration::from_millis(60));
    }
}

/// The screen's words as one line: each line without its box's sides,
/// joined by single spaces.
fn flowed(screen: &str) -> String {
    screen
        .lines()
        .map(|line| line.trim().trim_matches('│').trim())
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Drop for Session {
    /// A test that fails half-way leaves no app running behind it.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The screen once the frame that showed what was waited for has been
/// drawn to its end: a frame reaches the terminal in pieces, so the text
/// waited for can be on screen while the rest of its frame is not yet.
/// Waits (briefly) until two looks a moment apart agree, and returns that
/// screen if it still `shows` what was waited for, else the one that did.
pub fn settled(seen: String, look: impl Fn() -> String, shows: impl Fn(&str) -> bool) -> String {
    let until = Instant::now() + Duration::from_millis(500);
    let mut last = seen.clone();
    loop {
        thread::sleep(Duration::from_millis(30));
        let now = look();
        let still = now == last;
        last = now;
        if still || Instant::now() > until {
            break;
        }
    }
    match shows(&last) {
        true => last,
        false => seen,
    }
}
