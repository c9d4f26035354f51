//! What the network commands of both modes share (`network.rs`, the
//! plain mode, and `network_app.rs`, the full-screen app): the network's
//! runtime, the player's name as others see it, and a hosted game played
//! on a thread of its own and saved when it ends.

use std::path::PathBuf;
use std::time::SystemTime;

use super::args::NetArgs;
use super::{Failure, failed};
use crate::games::Interactive;
use crate::net::code::Code;
use crate::net::host::{HostOptions, Hosting, Screenless};
use crate::net::protocol::{MAX_NAME, sanitise};
use tabletop_core::files;

/// The network's runtime on this thread.
pub(super) fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    crate::net::runtime().map_err(Failure::from)
}

/// The name given, or the login name, made safe to show.
pub(super) fn name(args: &NetArgs) -> String {
    let given = args.name.clone().or_else(|| std::env::var("USER").ok());
    match sanitise(&given.unwrap_or_default(), MAX_NAME) {
        name if name.is_empty() => "anonymous".to_string(),
        name => name,
    }
}

/// Hosts on `listener` on a thread of its own (with its own runtime),
/// the host's side played by a connection with `private`, and saves the
/// game when it ends; the thread answers with where it was saved.
pub(super) fn host_in_background<G: Interactive>(
    game: G,
    listener: std::net::TcpListener,
    options: HostOptions,
    private: Code,
) -> std::thread::JoinHandle<Result<Option<PathBuf>, Failure>> {
    std::thread::spawn(move || {
        let keep = options.keep.clone();
        let hosted = runtime()?.block_on(async {
            let hosting = Hosting::new(listener, options.side, Some(private))?;
            hosting.run(game, options, Screenless).await
        });
        let (_, record) = hosted.map_err(|e| failed(format!("cannot host: {e}")))?;
        save_hosted(record, keep)
    })
}

/// Saves a hosted game that has begun in the games folder: over the
/// record kept during the game at `kept`, if it is there, else as a new
/// record; where, if it was saved.
pub(super) fn save_hosted<G: Interactive>(
    mut record: tabletop_engine::record::Record<G>,
    kept: Option<PathBuf>,
) -> Result<Option<PathBuf>, Failure> {
    if record.moves.is_empty() && record.resigned.is_none() {
        return Ok(None);
    }
    record.date = Some(files::timestamp(SystemTime::now()));
    let text = record.to_toml();
    let (path, saved) = match kept {
        Some(path) if path.exists() => {
            let saved = files::save(&path, &text);
            (path, saved)
        }
        _ => {
            let path = files::default_save_path(G::NAME);
            let saved = files::save_new(&path, &text);
            (path, saved)
        }
    };
    saved.map_err(|error| {
        failed(format!(
            "cannot save the game to {}: {error}",
            path.display()
        ))
    })?;
    Ok(Some(path))
}
