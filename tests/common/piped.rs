//! The real binary with its input and output piped: typed lines in, the
//! output collected as it comes.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running tabletop whose output is collected as it comes.
pub struct Piped {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<String>>,
    /// How long a wait may last before the test fails (so that it never
    /// hangs).
    patience: Duration,
}

impl Piped {
    pub fn start(args: &[&str], data: &Path) -> Piped {
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
            std::thread::spawn(move || {
                let mut stream = stream;
                let mut buffer = [0; 4096];
                while let Ok(n @ 1..) = stream.read(&mut buffer) {
                    let text = String::from_utf8_lossy(&buffer[..n]).into_owned();
                    out.lock().expect("not poisoned").push_str(&text);
                }
            });
        }
        let stdin = child.stdin.take();
        Piped {
            child,
            stdin,
            out,
            patience: Duration::from_secs(60),
        }
    }

    /// The same process, waiting up to `patience`.
    pub fn patient(mut self, patience: Duration) -> Piped {
        self.patience = patience;
        self
    }

    pub fn text(&self) -> String {
        self.out.lock().expect("not poisoned").clone()
    }

    /// Waits until the output holds `wanted`.
    pub fn wait_for(&self, wanted: &str) -> String {
        let start = Instant::now();
        loop {
            let text = self.text();
            if text.contains(wanted) {
                return text;
            }
            assert!(
                start.elapsed() < self.patience,
                "never printed {wanted:?}:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn type_lines(&mut self, lines: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(lines.as_bytes()).expect("typing");
        stdin.flush().expect("typing");
    }

    /// Closes the input and waits for the exit status.
    pub fn finish(mut self) -> (i32, String) {
        drop(self.stdin.take());
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("waiting") {
                // Let the output threads drain.
                std::thread::sleep(Duration::from_millis(100));
                return (status.code().unwrap_or(-1), self.text());
            }
            if start.elapsed() > self.patience {
                let _ = self.child.kill();
                panic!("did not finish:\n{}", self.text());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A process a test leaves running is ended with it.
impl Drop for Piped {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
