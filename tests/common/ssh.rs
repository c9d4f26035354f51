//! The SSH door of a real `tabletop serve --ssh`, and the real OpenSSH
//! client (`ssh`) in a pseudo-terminal visiting it, its screen kept by
//! vt100: as a person with nothing installed plays.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, MasterPty, PtySize, native_pty_system};

use super::scratch::Scratch;

/// How long any wait may last before the test fails: generous, since the
/// computer thinks by the clock and the two cores may be crowded; it only
/// keeps a failure from hanging.
pub const PATIENCE: Duration = Duration::from_secs(90);

/// A running `tabletop serve --ssh 0`, killed when dropped.
pub struct Door {
    child: Child,
    /// The lobby's `127.0.0.1:PORT`.
    pub lobby: String,
    pub ssh_port: u16,
    /// `SHA256:…`, as printed.
    pub fingerprint: String,
    /// Where the server runs, with a home of its own: nothing may appear
    /// here but in `data`.
    pub home: Scratch,
    pub data: PathBuf,
    log: Arc<Mutex<String>>,
}

impl Door {
    pub fn start(extra: &[&str]) -> Door {
        let home = Scratch::new("ssh-home");
        let data = home.join("data");
        let mut args = vec!["serve", "--bind", "127.0.0.1", "--port", "0", "--ssh", "0"];
        args.extend(["--data", data.to_str().expect("a UTF-8 path")]);
        args.extend_from_slice(extra);
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(&args)
            .current_dir(&*home)
            .env("HOME", &*home)
            .env("XDG_DATA_HOME", home.join("xdg-data"))
            .env("XDG_CONFIG_HOME", home.join("xdg-config"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let log = Arc::new(Mutex::new(String::new()));
        let mut stderr = child.stderr.take().expect("piped");
        let keep = Arc::clone(&log);
        thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                let text = String::from_utf8_lossy(&chunk[..n]).into_owned();
                keep.lock().expect("the log").push_str(&text);
            }
        });
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        let (mut serving, mut door) = (String::new(), String::new());
        out.read_line(&mut serving)
            .expect("the server says where it is");
        out.read_line(&mut door)
            .expect("the server says where its door is");
        let lobby = serving
            .strip_prefix("Serving on ")
            .and_then(|rest| rest.split(';').next())
            .unwrap_or_else(|| panic!("no address in {serving:?}"))
            .to_string();
        let rest = door
            .strip_prefix("SSH door on ")
            .unwrap_or_else(|| panic!("no door in {door:?}: {}", log.lock().expect("the log")));
        let (address, key) = rest.split_once("; host key ").expect("a host key");
        let ssh_port = address
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("a port");
        let fingerprint = key
            .split_whitespace()
            .next()
            .expect("a fingerprint")
            .to_string();
        Door {
            child,
            lobby,
            ssh_port,
            fingerprint,
            home,
            data,
            log,
        }
    }

    pub fn log(&self) -> String {
        self.log.lock().expect("the log").clone()
    }

    /// Waits until the door's log, read on another thread, is `wanted`,
    /// and returns it.
    pub fn wait_for_log(&self, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let log = self.log();
            if wanted(&log) {
                return log;
            }
            assert!(Instant::now() < deadline, "the log never was:\n{log}");
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Runs `ssh` to the door without a terminal, with `options` before
    /// the destination and `command` after it, and returns its exit
    /// status and what it printed.
    pub fn ssh_plain(&self, client: &Path, options: &[&str], command: &[&str]) -> (i32, String) {
        let mut args = self.ssh_args(client, "guest", true);
        let destination = args.pop().expect("a destination");
        args.extend(options.iter().map(|o| o.to_string()));
        args.push(destination);
        let output = Command::new("ssh")
            .env("HOME", client)
            .args(args)
            .args(command)
            .stdin(Stdio::null())
            .output()
            .expect("ssh runs");
        let text = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        (output.status.code().unwrap_or(-1), text)
    }

    /// The options every visit uses: a throwaway home, no config, the
    /// host key taken without asking; a guest offers no key.
    pub fn ssh_args(&self, client: &Path, user: &str, guest: bool) -> Vec<String> {
        let mut args: Vec<String> = [
            "-F",
            "/dev/null",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "BatchMode=no",
            "-p",
        ]
        .map(String::from)
        .to_vec();
        args.push(self.ssh_port.to_string());
        if guest {
            args.extend(["-o", "PubkeyAuthentication=no"].map(String::from));
        } else {
            let key = client.join("id_ed25519");
            args.extend(["-o", "IdentitiesOnly=yes", "-i"].map(String::from));
            args.push(key.to_str().expect("a UTF-8 path").to_string());
        }
        args.push(format!("{user}@127.0.0.1"));
        args
    }
}

impl Drop for Door {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A throwaway client folder with a key made by `ssh-keygen`.
pub fn client_folder() -> Scratch {
    let folder = Scratch::new("ssh-client");
    let key = folder.join("id_ed25519");
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", "test", "-f"])
        .arg(&key)
        .status()
        .expect("ssh-keygen runs");
    assert!(made.success());
    folder
}

/// `ssh` in a pseudo-terminal, visiting the door.
pub struct Visit {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    master: Box<dyn MasterPty + Send>,
    pub child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Visit {
    /// Visits `door` as `user`: a guest, or a player with the client
    /// folder's key; `env` is sent (SendEnv) to the server.
    pub fn start(
        door: &Door,
        client: &Path,
        user: &str,
        guest: bool,
        env: &[(&str, &str)],
    ) -> Visit {
        let size = PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        };
        let pty = native_pty_system()
            .openpty(size)
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new("ssh");
        let mut args = door.ssh_args(client, user, guest);
        // The options go before the destination.
        let destination = args.pop().expect("a destination");
        command.env("HOME", client);
        command.env("TERM", "xterm-256color");
        command.env_remove("LANG");
        command.env_remove("NO_COLOR");
        for (name, value) in env {
            command.env(name, value);
            args.extend(["-o".to_string(), format!("SendEnv={name}")]);
        }
        args.push(destination);
        command.args(args);
        let child = pty.slave.spawn_command(command).expect("ssh starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a reader");
        let writer = pty.master.take_writer().expect("a writer");
        let parser = Arc::new(Mutex::new(vt100::Parser::new(nonzero(24), nonzero(80), 0)));
        let feed = Arc::clone(&parser);
        thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = reader.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                feed.lock().expect("parser lock").process(&chunk[..n]);
            }
        });
        Visit {
            parser,
            writer,
            master: pty.master,
            child,
        }
    }

    pub fn screen(&self) -> String {
        self.parser.lock().expect("parser lock").screen().contents()
    }

    /// Waits until the screen shows one of `texts`, and returns the screen.
    pub fn wait_for_any(&self, texts: &[&str]) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.screen();
            let shows = |screen: &str| texts.iter().any(|text| screen.contains(text));
            if shows(&screen) {
                return super::pty::settled(screen, || self.screen(), shows);
            }
            assert!(
                Instant::now() < deadline,
                "waited for {texts:?}; the screen shows:\n{screen}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn wait_for(&self, text: &str) -> String {
        self.wait_for_any(&[text])
    }

    pub fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).expect("keys sent");
        self.writer.flush().expect("keys sent");
    }

    /// The client's window becomes `cols` x `rows` (ssh tells the server).
    pub fn resize(&mut self, cols: u16, rows: u16) {
        self.claim_window(cols, rows, (cols, rows));
    }

    /// The client's window becomes `cols` x `rows` as ssh tells the
    /// server, while the screen kept here becomes `shown` (columns and
    /// rows): a window of 65535 by 65535 is not one to keep.
    pub fn claim_window(&mut self, cols: u16, rows: u16, shown: (u16, u16)) {
        self.parser
            .lock()
            .expect("parser lock")
            .set_size(nonzero(shown.1), nonzero(shown.0));
        let size = PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        };
        self.master.resize(size).expect("the window resized");
    }

    /// Whether ssh has exited.
    pub fn has_exited(&mut self) -> bool {
        self.child.try_wait().expect("ssh's status").is_some()
    }

    /// Waits for ssh to exit, and its status.
    pub fn exits(&mut self) -> u32 {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("ssh's status") {
                return status.exit_code();
            }
            assert!(
                Instant::now() < deadline,
                "ssh did not exit:\n{}",
                self.screen()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Visit {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a size is not zero")
}
