//! A real lobby server (`tabletop serve`) on 127.0.0.1, on a port of its
//! own choosing, with its games kept in a folder of the test's (or in the
//! PostgreSQL database `.ci/run` starts), its log kept for the test.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::client::PATIENCE;

/// A running `tabletop serve`, killed when dropped.
pub struct Served {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
    /// What it has written to standard error (its log).
    log: Arc<Mutex<String>>,
}

impl Served {
    pub fn start(data: &Path, extra: &[&str]) -> Served {
        Served::start_on(0, data, extra)
    }

    /// A server on `port` (0: any free one).
    pub fn start_on(port: u16, data: &Path, extra: &[&str]) -> Served {
        let (mut child, log) = spawn(port, data, extra);
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        let mut line = String::new();
        out.read_line(&mut line)
            .expect("the server says where it is");
        let address = line
            .strip_prefix("Serving on ")
            .and_then(|rest| rest.split(';').next())
            .unwrap_or_else(|| panic!("no address in {line:?}: {}", log.lock().expect("the log")))
            .to_string();
        Served {
            child,
            address,
            log,
        }
    }

    /// A server that must say where it serves within `within`.
    pub fn start_within(data: &Path, extra: &[&str], within: Duration) -> Result<Served, String> {
        let (mut child, log) = spawn(0, data, extra);
        let mut out = child.stdout.take().expect("piped");
        let (said, heard) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = Vec::new();
            let mut byte = [0];
            while out.read(&mut byte).is_ok_and(|n| n == 1) && byte[0] != b'\n' {
                line.push(byte[0]);
            }
            let _ = said.send(String::from_utf8_lossy(&line).into_owned());
        });
        let line = match heard.recv_timeout(within) {
            Ok(line) => line,
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("no word from the server in {within:?}"));
            }
        };
        let address = line
            .strip_prefix("Serving on ")
            .and_then(|rest| rest.split(';').next())
            .ok_or_else(|| format!("no address in {line:?}"))?
            .to_string();
        Ok(Served {
            child,
            address,
            log,
        })
    }

    pub fn port(&self) -> u16 {
        let port = self.address.rsplit(':').next().unwrap_or_default();
        port.parse().expect("a port")
    }

    /// What the server has logged so far.
    pub fn log(&self) -> String {
        self.log.lock().expect("the log").clone()
    }

    /// Waits until the server's log holds `text`.
    pub fn wait_for_log(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let log = self.log();
            if log.contains(text) {
                return log;
            }
            assert!(start.elapsed() < PATIENCE, "no {text:?} in the log:\n{log}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends `signal` (SIGTERM, SIGINT) and waits for the server to end.
    pub fn signal(&mut self, signal: i32) -> ExitStatus {
        let pid = self.child.id() as i32;
        // SAFETY: kill(2) on a child of this process, which is not reaped yet.
        unsafe { libc::kill(pid, signal) };
        self.wait()
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits for the server to end, failing the test if it does not.
    pub fn wait(&mut self) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the server's status") {
                return status;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the server did not stop:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// `tabletop serve` on `port` with the games in `data`, its standard
/// error kept as it comes.
fn spawn(port: u16, data: &Path, extra: &[&str]) -> (Child, Arc<Mutex<String>>) {
    let port = port.to_string();
    let mut args = vec!["serve", "--port", &port, "--bind", "127.0.0.1", "--data"];
    args.push(data.to_str().expect("a UTF-8 path"));
    args.extend_from_slice(extra);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(&args)
        .env("XDG_DATA_HOME", data)
        .env("HOME", data)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let log = Arc::new(Mutex::new(String::new()));
    let mut err = BufReader::new(child.stderr.take().expect("piped"));
    let kept = log.clone();
    std::thread::spawn(move || {
        let mut line = String::new();
        while err.read_line(&mut line).is_ok_and(|n| n > 0) {
            kept.lock().expect("the log").push_str(&line);
            line.clear();
        }
    });
    (child, log)
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Game `id` of the server keeping its games in `data`, as a record
/// (`tabletop serve --export`).
pub fn exported(data: &Path, id: u64) -> String {
    let id = id.to_string();
    let folder = data.to_str().expect("a UTF-8 path");
    let run = super::run(&["serve", "--data", folder, "--export", &id], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    run.text()
}

/// The one number `query` (a `SELECT COUNT(*)`) reads from the SQLite
/// database of the server keeping its games in `data`.
pub fn counted_in(data: &Path, query: &str) -> i64 {
    use sqlx::{Connection, Row};
    let url = format!("sqlite://{}", data.join("tabletop.db").display());
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(async {
            let mut connection = sqlx::SqliteConnection::connect(&url)
                .await
                .expect("the database opens");
            sqlx::query(query)
                .fetch_one(&mut connection)
                .await
                .unwrap_or_else(|error| panic!("{query}: {error}"))
                .get(0)
        })
}

/// The PostgreSQL server `.ci/run` starts for the tests, as the address
/// of a new, empty database of the test's own.
pub fn postgres_database(name: &str) -> String {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(tabletop::net::test_postgres::fresh_database(name))
}
