//! The lobby server (`tabletop serve`): many games at once, kept in a
//! database ([`crate::store`]), a lobby to list, create, join and watch
//! them. Each game a connection of this server is at has a replica here
//! ([`replica`]), a task owning its room: what a player asks is checked,
//! committed to the database, and only then applied and relayed, so that
//! nothing a player saw is ever lost. Several servers can share one
//! PostgreSQL database: each follows the others' entries for the games
//! it has replicas of ([`follow`]), and the database decides the order of
//! every game.

mod computer;
mod entrance;
mod follow;
mod replica;
mod seeking;
mod shared;
mod upkeep;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::task::JoinHandle;

use crate::accepting;
use crate::connection::{Keepalive, refusal};
use crate::guard::{self, Guard};
use crate::protocol::encode;
use crate::store::schema::Backend;
use crate::store::writer::Limits;
use crate::store::{Database, Store};
use shared::Shared;

/// How long a connection may sit in the lobby without a word.
const LOBBY_IDLE: Duration = Duration::from_secs(120);

/// Games listed at most in each part of the lobby's list, so that the
/// list always fits in a line.
const LISTED: usize = 100;

/// How the server runs; every limit can be set.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    pub bind: SocketAddr,
    /// Where the games are kept.
    pub database: Database,
    /// How long a player who dropped is waited for before the opponent
    /// may claim the win.
    pub reconnect_timeout: Duration,
    pub max_connections: usize,
    pub per_address: usize,
    /// Games not over, in all.
    pub max_games: usize,
    /// Open games (a seat free) made from one address at once.
    pub open_per_address: usize,
    /// Games not over made from one address.
    pub games_per_address: usize,
    /// How long an open game nobody joined waits for its creator to come
    /// back before it is ended.
    pub open_game_expiry: Duration,
    /// Computer searches running at once; more wait their turn.
    pub searches: usize,
    /// How quiet connections are found out.
    pub keepalive: Keepalive,
}

impl ServerOptions {
    pub fn new(bind: SocketAddr, database: Database) -> ServerOptions {
        ServerOptions {
            bind,
            database,
            reconnect_timeout: Duration::from_secs(120),
            max_connections: 4096,
            per_address: 16,
            max_games: 10_000,
            open_per_address: 4,
            games_per_address: 64,
            open_game_expiry: Duration::from_secs(10 * 60),
            searches: 2,
            keepalive: Keepalive::default(),
        }
    }
}

/// A running lobby server.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
    tasks: Vec<JoinHandle<()>>,
    writer: JoinHandle<()>,
}

impl Server {
    /// Opens the database and listens.
    pub async fn bind(options: ServerOptions) -> Result<Server, String> {
        let server_id = format!("{:016x}", getrandom::u64().map_err(|e| e.to_string())?);
        let limits = Limits {
            games: options.max_games as u64,
            open_per_address: options.open_per_address as u64,
            games_per_address: options.games_per_address as u64,
        };
        let (store, writer) = Store::open(&options.database, &server_id, limits).await?;
        let listener = TcpListener::bind(options.bind)
            .await
            .map_err(|error| format!("cannot listen on {}: {error}", options.bind))?;
        let guard = Guard::new(guard::Limits {
            connections: options.max_connections,
            per_address: options.per_address,
        });
        let shared = Arc::new(Shared::new(options, store, server_id, guard));
        rate_unrated(&shared.store).await;
        // Which other servers are alive, known before the first player
        // comes (else every other server would count as gone until the
        // upkeep's first round: a claim offered, a clock stopped).
        match shared.store.servers().await {
            Ok(servers) => shared.heard_alive(servers),
            Err(why) => tracing::error!(%why, "cannot read which servers are alive"),
        }
        let mut tasks = vec![tokio::spawn(upkeep::run(shared.clone()))];
        if shared.store.backend == Backend::Postgres {
            tasks.push(tokio::spawn(follow::run(shared.clone())));
        }
        tracing::info!(
            address = %listener.local_addr().map_err(|e| e.to_string())?,
            database = %shared.options.database.shown(),
            server = %shared.server_id,
            "serving"
        );
        Ok(Server {
            listener,
            shared,
            tasks,
            writer,
        })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The server's database, for a front end beside it (the SSH door's
    /// players).
    pub fn store(&self) -> Store {
        self.shared.store.clone()
    }

    /// The passes that vouch for players' keys on this server's
    /// connections (issued by the SSH door, for its players).
    pub fn passes(&self) -> crate::pass::Passes {
        self.shared.passes.clone()
    }

    /// The games not over in the database, for a start-up message.
    pub async fn games(&self) -> usize {
        match self.shared.store.listings(usize::MAX >> 1).await {
            Ok((open, playing)) => open.len() + playing.len(),
            Err(_) => 0,
        }
    }

    /// Brings the games of a data folder of the earlier kind in (see
    /// [`Store::import`]).
    pub async fn import(&self, folder: &std::path::Path) -> Result<Vec<String>, String> {
        self.shared.store.import(folder).await
    }

    /// Accepts connections until `stop` ends, then stops cleanly: no new
    /// connection, every game's move in hand committed and relayed, the
    /// database closed.
    pub async fn run(self, stop: impl std::future::Future<Output = ()>) {
        tokio::pin!(stop);
        loop {
            tokio::select! {
                () = &mut stop => break,
                (stream, peer) = accepting::accepted(&self.listener) => self.accept(stream, peer),
            }
        }
        drop(self.listener);
        tracing::info!("stopping: finishing the moves under way");
        self.shared.stop().await;
        for task in self.tasks {
            task.abort();
        }
        self.shared.store.writer.finish().await;
        let _ = tokio::time::timeout(Duration::from_secs(30), self.writer).await;
        self.shared.store.close().await;
        tracing::info!("stopped");
    }

    /// A new connection, let in if its address may have one more.
    fn accept(&self, stream: tokio::net::TcpStream, peer: SocketAddr) {
        let admitted = match self.shared.guard.admit(peer.ip()) {
            Ok(admitted) => admitted,
            Err(why) => {
                if let Some(unlogged) = self.shared.guard.log_refusal(peer.ip()) {
                    tracing::warn!(address = %peer.ip(), reason = why, unlogged, "refused a connection");
                }
                let _ = stream.try_write(encode(&refusal(why)).as_bytes());
                return;
            }
        };
        let shared = self.shared.clone();
        tokio::spawn(async move {
            entrance::enter(shared, stream, peer.ip()).await;
            drop(admitted);
        });
    }
}

/// Rates the games that ended between two players with keys but were
/// not rated (a server stopped in between).
async fn rate_unrated(store: &crate::store::Store) {
    let ended = match store.unrated_ends().await {
        Ok(ended) => ended,
        Err(why) => return tracing::error!(%why, "cannot look for games to rate"),
    };
    for id in ended {
        if let Err(why) = store.rate_ended(id, crate::event::now_ms()).await {
            tracing::error!(game = id, %why, "cannot rate");
        }
    }
}
