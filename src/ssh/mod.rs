//! The SSH door of `tabletop serve --ssh PORT`: anyone with `ssh` plays,
//! nothing installed. Each connection runs the full-screen app in its own
//! terminal ([`session`]), on a thread of its own, reading the session's
//! bytes as keys and mouse ([`input`]) and drawing to its channel
//! ([`output`]); the lobby it offers is this server's own, so SSH players
//! and `tabletop online` players meet in one list. What a connection may
//! do is in [`handler`]; the limits on what it may take are set here.

mod addresses;
mod backend;
mod budget;
mod handler;
pub mod host_key;
mod identity;
mod input;
mod output;
mod session;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use russh::server::Config;
use russh::{MethodKind, MethodSet};
use tokio::net::TcpListener;

use crate::app::search_queue;
use crate::net::accepting;
use crate::net::pass::Passes;
use crate::net::store::Store;
use addresses::Addresses;
use handler::{Shared, Visitor};

/// What a client may send on its channel before the server takes it.
const WINDOW_BYTES: u32 = 32 * 1024;
/// The most a client may send in one packet.
const PACKET_BYTES: u32 = 16 * 1024;

/// How the door is run.
pub struct DoorOptions {
    pub bind: SocketAddr,
    /// Where the host key is kept.
    pub data: PathBuf,
    /// The address of this server's lobby, for the sessions to reach.
    pub lobby: String,
    /// Connections from one address at once.
    pub per_address: usize,
    /// Connections at once in all.
    pub most: usize,
    /// How long a session waits for a key before it ends.
    pub idle: Duration,
    /// Computer searches running at once for the whole server.
    pub searches: usize,
    /// Where the players are kept (the lobby server's database).
    pub store: Store,
    /// The lobby server's passes, issued here for the players' keys.
    pub passes: Passes,
}

/// The door, bound and ready: its host key made or read, its port taken.
pub struct Door {
    listener: TcpListener,
    config: Arc<Config>,
    shared: Arc<Shared>,
    addresses: Addresses,
    /// The host key's fingerprint.
    pub fingerprint: String,
    /// The host key was made on this start.
    pub new_key: bool,
}

impl Door {
    pub async fn bind(options: DoorOptions) -> anyhow::Result<Door> {
        let (key, new_key) = host_key::load_or_make(&options.data)?;
        let fingerprint = host_key::fingerprint(&key);
        search_queue::limit(options.searches);
        let methods: &[MethodKind] = &[MethodKind::PublicKey, MethodKind::KeyboardInteractive];
        let config = Config {
            keys: vec![key],
            methods: MethodSet::from(methods),
            // The client's first "none" is how it asks for the ways in.
            auth_rejection_time_initial: Some(Duration::ZERO),
            inactivity_timeout: Some(options.idle),
            keepalive_interval: Some(Duration::from_secs(30)),
            // What a client may send before the server reads it, and in
            // one packet: both well within a session's input budget.
            window_size: WINDOW_BYTES,
            maximum_packet_size: PACKET_BYTES,
            nodelay: true,
            ..Config::default()
        };
        let listener = TcpListener::bind(options.bind).await?;
        Ok(Door {
            listener,
            config: Arc::new(config),
            shared: Arc::new(Shared {
                lobby: options.lobby,
                idle: options.idle,
                store: options.store,
                passes: options.passes,
            }),
            addresses: Addresses::new(options.per_address, options.most),
            fingerprint,
            new_key,
        })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Takes connections for ever.
    pub async fn run(self) {
        loop {
            let (stream, peer) = accepting::accepted(&self.listener).await;
            let counted = match self.addresses.enter(peer.ip()) {
                Ok(counted) => counted,
                Err(crowded) => {
                    tracing::info!(%peer, "ssh refused: {crowded}");
                    continue;
                }
            };
            let _ = stream.set_nodelay(true);
            let visitor = Visitor::new(Arc::clone(&self.shared), Some(peer), counted);
            let config = Arc::clone(&self.config);
            tokio::spawn(async move {
                match russh::server::run_stream(config, stream, visitor).await {
                    Ok(running) => {
                        if let Err(why) = running.await {
                            tracing::debug!(%peer, "ssh connection: {why}");
                        }
                    }
                    Err(why) => tracing::debug!(%peer, "ssh handshake: {why}"),
                }
            });
        }
    }
}
