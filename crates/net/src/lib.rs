//! Network play for any front end: one tabletop hosts a game, another
//! joins it, anyone with the watch code follows it, and a lobby server
//! holds many games at once. The owner of a game (the host, a room of
//! the server) checks every move with the engine; a client checks the
//! owner's moves with its own. The protocol is written down in
//! `docs/protocol.md`. Rooms hold the game as the engine has it (its
//! line of moves, its record, its clock), never a terminal: a front end
//! shows a game through a [`seen::Witness`] and types into it through
//! [`intent::Intent`]s.

pub mod accepting;
pub mod chat;
pub mod client;
pub mod clock;
pub mod code;
pub mod codec;
pub mod connection;
pub mod event;
pub mod guard;
pub mod host;
pub mod intent;
pub mod lobby;
pub mod offer;
pub mod pass;
pub mod protocol;
pub mod refusal_log;
pub mod room;
pub mod sanitise;
pub mod seen;
pub mod server;
pub mod session;
pub mod state;
pub mod store;
pub mod table;
#[doc(hidden)]
pub mod test_postgres;

/// The port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7420;

/// A runtime on the calling thread alone: a game's traffic is small, and
/// the game's state then needs no lock.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
}
