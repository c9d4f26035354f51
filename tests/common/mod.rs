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

/// Runs `tabletop ARGS` with `input` on standard input, with data and
/// config folders of its own (a finished game is kept in its data folder).
pub fn run(args: &[&str], input: &[u8]) -> Run {
    let folders = scratch::Scratch::new("run");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .env("XDG_DATA_HOME", folders.join("data"))
        .env("XDG_CONFIG_HOME", folders.join("config"))
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

/// Settings drawn at random from those the game's own description allows,
/// with boards no larger than `max_side` (so that tests stay quick).
pub fn random_settings<G: tabletop_engine::Described>(
    rng: &mut tabletop_engine::Rng,
    max_side: usize,
) -> G::Settings {
    use tabletop_engine::GameSettings;
    use tabletop_engine::settings::Kind;
    let mut values = Vec::new();
    for setting in <G::Settings as GameSettings>::LIST {
        let allowed = setting.allowed(&values);
        let max = match setting.kind {
            Kind::Side(_) => allowed.max.min(max_side).max(allowed.min),
            _ => allowed.max,
        };
        let choices = (max - allowed.min) / allowed.step + 1;
        values.push(allowed.min + allowed.step * rng.below(choices));
    }
    G::Settings::from_values(&values).expect("drawn from the allowed values")
}

pub mod client;
pub mod hosted;
pub mod piped;
pub mod pty;
pub mod scratch;
pub mod screen;
pub mod served;
pub mod ssh;
