//! A real lobby server (`tabletop serve`) on 127.0.0.1, on a port of its
//! own choosing, with its games kept in a folder of the test's.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A running `tabletop serve`, killed when dropped.
pub struct Served {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Served {
    pub fn start(data: &Path, extra: &[&str]) -> Served {
        Served::start_on(0, data, extra)
    }

    /// A server on `port` (0: any free one).
    pub fn start_on(port: u16, data: &Path, extra: &[&str]) -> Served {
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
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        let mut line = String::new();
        out.read_line(&mut line)
            .expect("the server says where it is");
        let address = line
            .strip_prefix("Serving on ")
            .and_then(|rest| rest.split(';').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Served { child, address }
    }
}

impl Served {
    pub fn port(&self) -> u16 {
        let port = self.address.rsplit(':').next().unwrap_or_default();
        port.parse().expect("a port")
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
