//! One peer's connection once it is let in: its messages go to the game's
//! owner as events, the owner's messages go out through a bounded outbox,
//! a flood or a broken line ends it with an error. Shared by the one-game
//! host and the lobby server, which differ only in how a peer gets in.

use std::time::Duration;

use futures_util::StreamExt;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout};

use crate::codec::Reader;
use crate::protocol::{MAX_NAME, Message, ProtocolError, sanitise, send};
use tabletop_engine::Player;

/// Messages a connection may send in [`RATE_WINDOW`]; a flood is cut off.
pub const RATE_LIMIT: u32 = 20;
pub const RATE_WINDOW: Duration = Duration::from_secs(1);

/// Messages waiting to be written to one connection; a peer that does
/// not read them is dropped rather than buffered without end.
pub const OUTBOX: usize = 256;

/// How much a refused peer may still send, and for how long, before the
/// connection is closed under it.
const DRAIN_BYTES: u64 = 16 * 1024 * 1024;
const DRAIN_TIME: Duration = Duration::from_secs(2);

/// What a game's owner hears from the connections.
pub enum Event {
    /// A connection let in: to the seat of `seat`, or watching if none.
    Arrived {
        id: u64,
        seat: Option<Player>,
        name: String,
        outbox: mpsc::Sender<Message>,
    },
    /// A message from a seated player's connection.
    Said(u64, Message),
    /// A connection ended, and why.
    Left(u64, String),
}

/// Counts a connection's messages, one window at a time.
pub struct Rate(Instant, u32);

impl Rate {
    pub fn new() -> Rate {
        Rate(Instant::now(), 0)
    }

    /// Counts one message; false once the window's allowance is spent.
    pub fn allows(&mut self) -> bool {
        if self.0.elapsed() > RATE_WINDOW {
            *self = Rate(Instant::now(), 0);
        }
        self.1 += 1;
        self.1 <= RATE_LIMIT
    }
}

impl Default for Rate {
    fn default() -> Self {
        Rate::new()
    }
}

/// Serves a peer let in at `seat` (a spectator with none) under the
/// name it gave, which is sanitised here ("anonymous" when nothing is
/// left of it): the host and the lobby server admit peers alike.
pub async fn admit(
    reader: Reader,
    write: OwnedWriteHalf,
    id: u64,
    seat: Option<Player>,
    name: &str,
    events: mpsc::Sender<Event>,
    rate: Rate,
) {
    let name = match sanitise(name, MAX_NAME) {
        name if name.is_empty() => "anonymous".to_string(),
        name => name,
    };
    let (outbox, inbox) = mpsc::channel(OUTBOX);
    let arrived = Event::Arrived {
        id,
        seat,
        name,
        outbox,
    };
    serve(reader, write, id, arrived, inbox, events, rate).await;
}

/// Serves a connection let in as `arrived` (whose outbox `inbox` reads)
/// until either side ends it. A spectator (`seat` none) may send nothing.
pub async fn serve(
    mut reader: Reader,
    mut write: OwnedWriteHalf,
    id: u64,
    arrived: Event,
    mut inbox: mpsc::Receiver<Message>,
    events: mpsc::Sender<Event>,
    mut rate: Rate,
) {
    let spectator = matches!(arrived, Event::Arrived { seat: None, .. });
    if events.send(arrived).await.is_err() {
        return farewell(reader, write, &refusal("the game is over")).await;
    }
    let why = loop {
        tokio::select! {
            outgoing = inbox.recv() => match outgoing {
                Some(message) => {
                    let last = matches!(message, Message::Error { .. } | Message::End { .. });
                    if send(&mut write, &message).await.is_err() {
                        break "the connection broke".to_string();
                    }
                    if last {
                        break "closed".to_string();
                    }
                }
                None => break "closed".to_string(),
            },
            incoming = next(&mut reader) => {
                let refused = match incoming {
                    Ok(None) => break "the connection closed".to_string(),
                    Err(error) => error.to_string(),
                    Ok(Some(_)) if spectator => "spectators cannot move or chat".to_string(),
                    Ok(Some(_)) if !rate.allows() => "too many messages".to_string(),
                    Ok(Some(message)) => {
                        if events.send(Event::Said(id, message)).await.is_err() {
                            break "the game is over".to_string();
                        }
                        continue;
                    }
                };
                let _ = events.send(Event::Left(id, refused.clone())).await;
                return farewell(reader, write, &refusal(&refused)).await;
            }
        }
    };
    let _ = events.send(Event::Left(id, why)).await;
}

/// The next message from a peer; `Ok(None)` when it closed the
/// connection between messages. Safe to cancel (`select!`).
pub async fn next(reader: &mut Reader) -> Result<Option<Message>, ProtocolError> {
    reader.next().await.transpose()
}

pub fn refusal(reason: &str) -> Message {
    Message::Error {
        reason: reason.to_string(),
    }
}

/// A message's name on the wire, for a refusal.
pub fn kind(message: &Message) -> &'static str {
    match message {
        Message::Hello { .. } => "hello",
        Message::Welcome { .. } => "welcome",
        Message::Move { .. } => "move",
        Message::Chat { .. } => "chat",
        Message::Resign { .. } => "resign",
        Message::End { .. } => "end",
        Message::Error { .. } => "error",
        Message::Notice { .. } => "notice",
        Message::Claim => "claim",
        Message::List => "list",
        Message::Games { .. } => "games",
        Message::Create { .. } => "create",
        Message::Created { .. } => "created",
        Message::Enter { .. } => "enter",
        Message::Offer { .. } => "offer",
        Message::Answer { .. } => "answer",
        Message::Clock { .. } => "clock",
        Message::OutOfTime { .. } => "out_of_time",
    }
}

/// Ends a connection with `message`, then reads and drops what the peer
/// still sends for a moment: closing with unread input would reset the
/// connection, and the peer might never read why.
pub async fn farewell(reader: Reader, mut write: OwnedWriteHalf, message: &Message) {
    let _ = send(&mut write, message).await;
    let _ = write.shutdown().await;
    let mut rest = reader.into_inner().take(DRAIN_BYTES);
    let _ = timeout(
        DRAIN_TIME,
        tokio::io::copy(&mut rest, &mut tokio::io::sink()),
    )
    .await;
}
