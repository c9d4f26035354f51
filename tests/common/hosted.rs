//! A real `tabletop host` of Gekitai in the plain mode on 127.0.0.1, on a
//! port of its own choosing, with what it prints to join and to watch.

use std::path::Path;
use std::time::Duration;

use super::piped::Piped;

/// A host in the plain mode and how to reach its game.
pub struct Hosted {
    pub process: Piped,
    /// `127.0.0.1:PORT`.
    pub address: String,
    pub join: String,
    pub watch: String,
}

/// `tabletop host gekitai` as `hostie` with `extra` flags, data kept in
/// `data`, waiting as long as `patience`; once it waits for a player.
pub fn host_gekitai(extra: &[&str], data: &Path, patience: Duration) -> Hosted {
    let mut args = vec![
        "host",
        "gekitai",
        "--port",
        "0",
        "--bind",
        "127.0.0.1",
        "--name",
        "hostie",
    ];
    args.extend_from_slice(extra);
    let process = Piped::start(&args, data).patient(patience);
    let text = process.wait_for("Waiting for a player");
    let field = |label: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(label))
            .map(|rest| rest.trim().trim_end_matches('.').to_string())
            .unwrap_or_else(|| panic!("no {label:?} in:\n{text}"))
    };
    Hosted {
        address: field("Hosting Gekitai on "),
        join: field("Join code:"),
        watch: field("Watch code:"),
        process,
    }
}
