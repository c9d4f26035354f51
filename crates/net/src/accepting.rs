//! Accepting connections, for the one-game host and the lobby server
//! alike. An accept can fail for a while (the process is out of file
//! descriptors, and the connection waiting stays in the queue): trying
//! again at once would spin on the same failure, so both wait a moment
//! first.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};

/// How long to wait after an accept that failed before trying again.
pub const RETRY_AFTER: Duration = Duration::from_millis(50);

/// The next connection `listener` accepts, waiting [`RETRY_AFTER`] after
/// each accept that fails. Safe to cancel (`select!`).
pub async fn accepted(listener: &TcpListener) -> (TcpStream, SocketAddr) {
    loop {
        match listener.accept().await {
            Ok(accepted) => return accepted,
            Err(_) => tokio::time::sleep(RETRY_AFTER).await,
        }
    }
}
