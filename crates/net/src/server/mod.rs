//! The lobby server (`tabletop serve`): many game rooms at once, each its
//! own task owning its [`Room`](crate::room::Room), a lobby to list,
//! create, join and watch them, and every game saved after every move as
//! a normal record beside a small room file (names and hashed codes), so
//! that a restart loads every unfinished game back with the same codes.
//!
//! The lobby (which rooms exist, which code opens what, who is connected
//! from where) lives behind one lock, held only between awaits.

mod entrance;
mod files;
mod lobby;
mod opening;
mod room_task;

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::connection::refusal;
use crate::protocol::encode;
use lobby::{Lobby, Shared};

/// How long a connection may sit in the lobby without a word.
const LOBBY_IDLE: Duration = Duration::from_secs(120);

/// Spectators of one game at once.
const MAX_SPECTATORS: usize = 32;

/// Games listed at most in each part of the lobby's list, so that the
/// list always fits in a line.
const LISTED: usize = 100;

/// Events waiting for one room.
const ROOM_QUEUE: usize = 256;

/// How the server runs; every limit can be set.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    pub bind: SocketAddr,
    /// Where games and room files are kept.
    pub data: PathBuf,
    /// How long a player who dropped is waited for before the opponent
    /// may claim the win.
    pub reconnect_timeout: Duration,
    pub max_connections: usize,
    pub per_address: usize,
    pub max_games: usize,
    /// Computer searches running at once; more wait their turn.
    pub searches: usize,
}

impl ServerOptions {
    pub fn new(bind: SocketAddr, data: PathBuf) -> ServerOptions {
        ServerOptions {
            bind,
            data,
            reconnect_timeout: Duration::from_secs(120),
            max_connections: 4096,
            per_address: 16,
            max_games: 10_000,
            searches: 2,
        }
    }
}

/// A running lobby server.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
}

impl Server {
    /// Listens, and loads every unfinished game kept in the data folder.
    pub async fn bind(options: ServerOptions) -> io::Result<Server> {
        std::fs::create_dir_all(&options.data)?;
        let listener = TcpListener::bind(options.bind).await?;
        let shared = Arc::new(Shared {
            searches: Arc::new(Semaphore::new(options.searches.max(1))),
            options,
            lobby: Mutex::new(Lobby::default()),
            next_connection: AtomicU64::new(1),
        });
        files::load(&shared)?;
        Ok(Server { listener, shared })
    }

    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The unfinished games loaded or created, for a start-up message.
    pub fn games(&self) -> usize {
        self.shared.lobby().rooms.len()
    }

    /// Accepts connections until the task is dropped.
    pub async fn run(self) {
        loop {
            let Ok((stream, peer)) = self.listener.accept().await else {
                // Out of descriptors, for instance: wait rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            let ip = peer.ip();
            let refused = {
                let mut lobby = self.shared.lobby();
                let options = &self.shared.options;
                let from_here = lobby.per_address.get(&ip).copied().unwrap_or(0);
                if lobby.connections >= options.max_connections {
                    Some("the server is full")
                } else if from_here >= options.per_address {
                    Some("too many connections from your address")
                } else {
                    lobby.connections += 1;
                    *lobby.per_address.entry(ip).or_default() += 1;
                    None
                }
            };
            if let Some(why) = refused {
                let _ = stream.try_write(encode(&refusal(why)).as_bytes());
                continue;
            }
            let counted = Counted(self.shared.clone(), ip);
            tokio::spawn(async move {
                let shared = counted.0.clone();
                entrance::enter(shared, stream).await;
                drop(counted);
            });
        }
    }
}

/// A connection counted against its address until dropped.
struct Counted(Arc<Shared>, IpAddr);

impl Drop for Counted {
    fn drop(&mut self) {
        let mut lobby = self.0.lobby();
        lobby.connections = lobby.connections.saturating_sub(1);
        if let Some(count) = lobby.per_address.get_mut(&self.1) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                lobby.per_address.remove(&self.1);
            }
        }
    }
}
