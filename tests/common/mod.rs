//! Running the real binary from the integration tests.

// Each test file uses its own part of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of the binary printed and how it ended.
pub struct Run {
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub status: i32,
}

impl Run {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Runs `tabletop ARGS` with `input` on standard input.
pub fn run(args: &[&str], input: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The program may stop reading early (game over); ignore a broken pipe.
    let _ = stdin.write_all(input);
    drop(stdin);
    let output = child.wait_with_output().expect("the binary finishes");
    Run {
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code().unwrap_or(-1),
    }
}
