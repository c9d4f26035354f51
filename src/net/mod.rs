//! Network play: one tabletop hosts a game, another joins it, and anyone
//! with the watch code follows it. The host's engine checks every move; no
//! peer's text reaches the terminal unsanitised. The protocol is written
//! down in `docs/protocol.md`. The engine knows nothing of this.

pub mod client;
pub mod clock;
pub mod code;
pub mod connection;
pub mod host;
pub mod keyboard;
pub mod lobby;
pub mod offer;
pub mod protocol;
pub mod room;
pub mod server;
pub mod session;
pub mod table;

/// The port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7420;

/// A runtime on the calling thread alone: a game's traffic is small, and
/// the game's state then needs no lock.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
}
