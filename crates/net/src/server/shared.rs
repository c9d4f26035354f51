//! What the whole server shares: its options, the database, the guard at
//! the door, the replicas of the games its connections are at (started
//! when a first connection comes to a game), the lobby's list as lately
//! read, and which servers are alive.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::{LISTED, ServerOptions, replica};
use crate::connection::Event;
use crate::event::{Logged, now_ms};
use crate::guard::Guard;
use crate::pass::Passes;
use crate::protocol::{Listing, MAX_LINE, Message, encode};
use crate::store::Store;

/// How long the lobby's list is used before it is read again.
const LISTING_FRESH: Duration = Duration::from_millis(500);

/// How long a server may go without saying it is alive before its seats
/// count as empty.
pub(super) const ALIVE_FOR: Duration = Duration::from_secs(10);

/// What a replica hears.
pub(super) enum Input {
    /// Its connections' news.
    Connection(Event),
    /// An entry another server wrote to the game's log.
    Logged(Logged),
    /// Its game is an open game nobody came to: end it.
    Expire,
    /// Entries may have been missed: read the log again.
    CatchUp,
    /// The server stops: finish what is in hand.
    Stop,
}

/// A replica's inputs and its task.
struct Handle {
    inputs: mpsc::Sender<Input>,
    task: JoinHandle<()>,
}

pub(super) struct Shared {
    pub options: ServerOptions,
    pub store: Store,
    /// This server's name in the database.
    pub server_id: String,
    pub guard: Guard,
    /// The passes a front end beside the server issued for its players'
    /// keys.
    pub passes: Passes,
    pub searches: Arc<Semaphore>,
    next_connection: AtomicU64,
    replicas: tokio::sync::Mutex<HashMap<u64, Handle>>,
    listing: Mutex<Option<(Instant, Message)>>,
    /// When each server last said it was alive, as last read.
    alive: Mutex<HashMap<String, u64>>,
    stopping: AtomicBool,
}

impl Shared {
    pub fn new(options: ServerOptions, store: Store, server_id: String, guard: Guard) -> Shared {
        Shared {
            searches: Arc::new(Semaphore::new(options.searches.max(1))),
            options,
            store,
            server_id,
            guard,
            passes: Passes::default(),
            next_connection: AtomicU64::new(1),
            replicas: tokio::sync::Mutex::new(HashMap::new()),
            listing: Mutex::new(None),
            alive: Mutex::new(HashMap::new()),
            stopping: AtomicBool::new(false),
        }
    }

    /// A number for a new connection.
    pub fn connection_id(&self) -> u64 {
        self.next_connection.fetch_add(1, Ordering::Relaxed)
    }

    pub fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::Relaxed)
    }

    /// The inputs of the game `id`'s replica, started (from the database)
    /// if it is not running.
    pub async fn replica(self: &Arc<Self>, id: u64) -> Result<mpsc::Sender<Input>, String> {
        if self.is_stopping() {
            return Err("the server is stopping".to_string());
        }
        let mut replicas = self.replicas.lock().await;
        if let Some(handle) = replicas.get(&id)
            && !handle.inputs.is_closed()
        {
            return Ok(handle.inputs.clone());
        }
        let (inputs, task) = replica::start(self.clone(), id).await?;
        replicas.insert(
            id,
            Handle {
                inputs: inputs.clone(),
                task,
            },
        );
        Ok(inputs)
    }

    /// Forgets the game `id`'s replica once it takes no more inputs (its
    /// game is over, the server stops, or nobody came for a while), so
    /// that the games running here are only those that are. A replica
    /// started since in its place is kept.
    pub async fn forget(&self, id: u64) {
        let mut replicas = self.replicas.lock().await;
        if replicas
            .get(&id)
            .is_some_and(|handle| handle.inputs.is_closed())
        {
            replicas.remove(&id);
        }
    }

    /// The inputs of the game `id`'s replica, if it is running here.
    pub async fn running(&self, id: u64) -> Option<mpsc::Sender<Input>> {
        let replicas = self.replicas.lock().await;
        let handle = replicas.get(&id)?;
        (!handle.inputs.is_closed()).then(|| handle.inputs.clone())
    }

    /// The games with a replica here.
    pub async fn followed(&self) -> Vec<(u64, mpsc::Sender<Input>)> {
        let mut replicas = self.replicas.lock().await;
        replicas.retain(|_, handle| !handle.inputs.is_closed());
        replicas
            .iter()
            .map(|(&id, handle)| (id, handle.inputs.clone()))
            .collect()
    }

    /// The lobby's list, read again if it is not fresh.
    pub async fn listings(&self) -> Message {
        if let Some((at, list)) = self.lock_listing().as_ref()
            && at.elapsed() < LISTING_FRESH
        {
            return list.clone();
        }
        let list = match self.store.listings(LISTED).await {
            Ok((open, playing)) => fitted(open, playing),
            Err(why) => {
                tracing::error!(%why, "cannot read the lobby's list");
                Message::Games {
                    open: Vec::new(),
                    playing: Vec::new(),
                }
            }
        };
        *self.lock_listing() = Some((Instant::now(), list.clone()));
        list
    }

    /// The lobby's list is stale (a game was made or changed seats).
    pub fn stale_listing(&self) {
        *self.lock_listing() = None;
    }

    fn lock_listing(&self) -> std::sync::MutexGuard<'_, Option<(Instant, Message)>> {
        self.listing.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Keeps what the database says of the servers' lives.
    pub fn heard_alive(&self, alive: HashMap<String, u64>) {
        *self.alive.lock().unwrap_or_else(|p| p.into_inner()) = alive;
    }

    /// Since when the server `server` is gone, in milliseconds since the
    /// epoch: none while it is alive (this one always is).
    pub fn gone_since(&self, server: &str) -> Option<u64> {
        if server == self.server_id {
            return None;
        }
        let alive = self.alive.lock().unwrap_or_else(|p| p.into_inner());
        let last = alive.get(server).copied().unwrap_or(0);
        let deadline = last + ALIVE_FOR.as_millis() as u64;
        (now_ms() > deadline).then_some(last)
    }

    /// Stops every replica, each once it has finished what it holds.
    pub async fn stop(&self) {
        self.stopping.store(true, Ordering::Relaxed);
        let handles: Vec<Handle> = self.replicas.lock().await.drain().map(|(_, h)| h).collect();
        for handle in &handles {
            let _ = handle.inputs.send(Input::Stop).await;
        }
        for handle in handles {
            let _ = tokio::time::timeout(Duration::from_secs(20), handle.task).await;
        }
    }
}

/// The lobby's list as one line a client reads: at most [`MAX_LINE`]
/// bytes, the oldest games of the longer part left out until it fits
/// (a hundred games with long names in each part would not).
pub(super) fn fitted(mut open: Vec<Listing>, mut playing: Vec<Listing>) -> Message {
    /// A listing's length on the wire, with the comma before it.
    fn length(listing: &Listing) -> usize {
        serde_json::to_string(listing).map_or(MAX_LINE, |text| text.len() + 1)
    }
    let empty = Message::Games {
        open: Vec::new(),
        playing: Vec::new(),
    };
    // Each part's first listing has no comma before it: the line is at
    // most as long as counted.
    let mut total = encode(&empty).len();
    let [mut open_lengths, mut playing_lengths] =
        [&open, &playing].map(|part| part.iter().map(length).collect::<Vec<_>>());
    total += open_lengths.iter().chain(&playing_lengths).sum::<usize>();
    while total > MAX_LINE {
        let (part, lengths) = match open.len() >= playing.len() {
            true => (&mut open, &mut open_lengths),
            false => (&mut playing, &mut playing_lengths),
        };
        part.pop();
        match lengths.pop() {
            Some(length) => total -= length,
            None => break,
        }
    }
    let list = Message::Games { open, playing };
    match encode(&list).len() <= MAX_LINE {
        true => list,
        false => empty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::{Server, ServerOptions};
    use crate::store::Database;
    use serde_json::{Value, json};
    use std::net::SocketAddr;
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
    use tokio::net::TcpStream;
    use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};

    fn listing(id: u64, name: &str) -> Listing {
        Listing {
            id,
            game: "hex".to_string(),
            settings: toml::Table::new(),
            names: [name.to_string(), name.to_string()],
            moves: 0,
            clock: Some(tabletop_engine::time_control::TimeControl {
                base_ms: 3_600_000,
                increment_ms: 60_000,
            }),
            standings: Some([Some(crate::protocol::Standing::Rated { rating: 1500 }); 2]),
            seek: None,
        }
    }

    #[test]
    fn the_list_always_fits_in_a_line_and_keeps_the_newest_games() {
        let long = "\u{1d54f}".repeat(crate::protocol::MAX_NAME);
        let part = |from: u64| -> Vec<Listing> {
            (0..LISTED as u64)
                .map(|at| listing(from - at, &long))
                .collect()
        };
        let Message::Games { open, playing } = fitted(part(1000), part(500)) else {
            panic!("not a list");
        };
        let line = encode(&Message::Games {
            open: open.clone(),
            playing: playing.clone(),
        });
        assert!(line.len() <= MAX_LINE, "{} bytes", line.len());
        assert!(line.len() > MAX_LINE - 1000, "{} bytes", line.len());
        assert!(open.len() < LISTED && playing.len() < LISTED);
        assert_eq!(open[0].id, 1000);
        assert_eq!(playing[0].id, 500);
        // A short list is kept whole.
        let short = vec![listing(3, "ada"), listing(2, "bob")];
        assert_eq!(
            fitted(short.clone(), Vec::new()),
            Message::Games {
                open: short,
                playing: Vec::new()
            }
        );
    }

    /// A peer speaking the protocol over a real socket.
    struct Peer {
        lines: Lines<BufReader<OwnedReadHalf>>,
        write: OwnedWriteHalf,
    }

    impl Peer {
        async fn connect(address: SocketAddr) -> Peer {
            let stream = TcpStream::connect(address)
                .await
                .expect("the server accepts");
            let (read, write) = stream.into_split();
            Peer {
                lines: BufReader::new(read).lines(),
                write,
            }
        }

        async fn send(&mut self, message: Value) {
            let line = format!("{message}\n");
            self.write.write_all(line.as_bytes()).await.expect("sent");
        }

        /// The next message of `kind`, those before it passed over.
        async fn expect(&mut self, kind: &str) -> Value {
            loop {
                let line = self.lines.next_line().await.expect("read");
                let line = line.unwrap_or_else(|| panic!("closed before a {kind}"));
                let message: Value = serde_json::from_str(&line).expect("JSON");
                if message["type"] == kind {
                    return message;
                }
            }
        }
    }

    /// A game made, joined and resigned on a server keeping its games in
    /// `database`: once its players hear the end, the server no longer
    /// counts it among the games running here.
    async fn a_finished_game_is_forgotten(database: Database) {
        let bind = "127.0.0.1:0".parse().expect("an address");
        let server = Server::bind(ServerOptions::new(bind, database))
            .await
            .expect("the server starts");
        let address = server.local_addr().expect("an address");
        let shared = server.shared.clone();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = tokio::spawn(server.run(async {
            let _ = stopped.await;
        }));
        let mut ada = Peer::connect(address).await;
        ada.send(
            json!({"type":"create","name":"ada","game":"gekitai","settings":{},"side":"first"}),
        )
        .await;
        let created = ada.expect("created").await;
        ada.expect("welcome").await;
        let id = created["id"].as_u64().expect("a game number");
        let mut bob = Peer::connect(address).await;
        let version = crate::protocol::PROTOCOL_VERSION;
        bob.send(json!({"type":"hello","version":version,"name":"bob","code":created["join"],"role":"player"}))
            .await;
        bob.expect("welcome").await;
        assert!(shared.replicas.lock().await.contains_key(&id));
        bob.send(json!({"type":"resign","side":"second"})).await;
        ada.expect("end").await;
        bob.expect("end").await;
        assert!(
            !shared.replicas.lock().await.contains_key(&id),
            "the game is over, but still counted as running"
        );
        let _ = stop.send(());
        serving.await.expect("the server stops");
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    }

    #[test]
    fn a_finished_game_is_forgotten_on_sqlite() {
        let folder =
            std::env::temp_dir().join(format!("tabletop-forgotten-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).expect("a folder");
        runtime().block_on(a_finished_game_is_forgotten(Database::in_folder(&folder)));
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn a_finished_game_is_forgotten_on_postgresql() {
        runtime().block_on(async {
            let url = crate::test_postgres::fresh_database("forgotten").await;
            a_finished_game_is_forgotten(Database::Url(url)).await;
        });
    }
}
