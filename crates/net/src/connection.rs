//! One peer's connection once it is let in: its messages go to the game's
//! owner as events, the owner's messages go out through a bounded outbox,
//! a flood or a broken line ends it with an error. Shared by the one-game
//! host and the lobby server, which differ only in how a peer gets in.

use std::net::IpAddr;
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
    /// A connection let in from `address`: to the seat of `seat`, or
    /// watching if none; `rejoin` is the code a newly seated player comes
    /// back with, if the owner made one for it.
    Arrived {
        id: u64,
        address: IpAddr,
        seat: Option<Player>,
        name: String,
        rejoin: Option<String>,
        outbox: mpsc::Sender<Message>,
    },
    /// A message from a seated player's connection.
    Said(u64, Message),
    /// A connection ended, and why.
    Left(u64, String),
}

/// How a quiet peer is found out: one that sends nothing is asked
/// whether it is there, one that does not answer or does not read what
/// it is sent is dropped, so that a seat is never held by a connection
/// that went away.
#[derive(Clone, Copy, Debug)]
pub struct Keepalive {
    /// Silence from the peer after which it is sent a `ping`.
    pub ping_after: Duration,
    /// How long a peer sent a `ping` has to send anything back.
    pub answer_within: Duration,
    /// How long one message may take to be written to the peer.
    pub write_within: Duration,
}

impl Default for Keepalive {
    fn default() -> Keepalive {
        Keepalive {
            ping_after: Duration::from_secs(20),
            answer_within: Duration::from_secs(20),
            write_within: Duration::from_secs(10),
        }
    }
}

/// A connection let in, and how it is held to account.
pub struct Peer {
    pub reader: Reader,
    pub write: OwnedWriteHalf,
    pub rate: Rate,
    pub keepalive: Keepalive,
}

/// Who a connection let in is.
pub struct Admission {
    pub id: u64,
    /// Where it comes from.
    pub address: IpAddr,
    /// The seat it takes; none to watch.
    pub seat: Option<Player>,
    /// The name it gave, unchecked.
    pub name: String,
    /// The code it comes back with, if one was made for it now.
    pub rejoin: Option<String>,
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

/// Serves a peer let in as `admission` says, under the name it gave,
/// which is sanitised here ("anonymous" when nothing is left of it): the
/// host and the lobby server admit peers alike.
pub async fn admit(peer: Peer, admission: Admission, events: mpsc::Sender<Event>) {
    let name = match sanitise(&admission.name, MAX_NAME) {
        name if name.is_empty() => "anonymous".to_string(),
        name => name,
    };
    let (outbox, inbox) = mpsc::channel(OUTBOX);
    let spectator = admission.seat.is_none();
    let arrived = Event::Arrived {
        id: admission.id,
        address: admission.address,
        seat: admission.seat,
        name,
        rejoin: admission.rejoin,
        outbox,
    };
    if events.send(arrived).await.is_err() {
        return farewell(peer.reader, peer.write, &refusal("the game is over")).await;
    }
    serve(peer, admission.id, spectator, inbox, events).await;
}

/// What ended a connection: why, and the refusal it is sent, if any.
struct Ended(String, Option<String>);

/// Serves a connection let in (its outbox read from `inbox`) until either
/// side ends it. A spectator may send nothing but `pong`.
async fn serve(
    mut peer: Peer,
    id: u64,
    spectator: bool,
    mut inbox: mpsc::Receiver<Message>,
    events: mpsc::Sender<Event>,
) {
    let keepalive = peer.keepalive;
    let mut heard = Instant::now();
    let mut pinged: Option<Instant> = None;
    let Ended(why, refused) = loop {
        let wake = match pinged {
            Some(at) => at + keepalive.answer_within,
            None => heard + keepalive.ping_after,
        };
        tokio::select! {
            outgoing = inbox.recv() => {
                let Some(message) = outgoing else {
                    break Ended("closed".to_string(), None);
                };
                let last = matches!(message, Message::Error { .. } | Message::End { .. });
                if let Err(why) = write(&mut peer, &message).await {
                    break Ended(why, None);
                }
                if last {
                    break Ended("closed".to_string(), None);
                }
            }
            incoming = next(&mut peer.reader) => {
                heard = Instant::now();
                pinged = None;
                let message = match incoming {
                    Ok(None) => break Ended("the connection closed".to_string(), None),
                    Err(error) => break refusing(error.to_string()),
                    Ok(Some(_)) if !peer.rate.allows() => break refusing("too many messages".to_string()),
                    Ok(Some(message)) => message,
                };
                match message {
                    Message::Pong => {}
                    Message::Ping => {
                        if let Err(why) = write(&mut peer, &Message::Pong).await {
                            break Ended(why, None);
                        }
                    }
                    _ if spectator => break refusing("spectators cannot move or chat".to_string()),
                    message => {
                        if events.send(Event::Said(id, message)).await.is_err() {
                            break Ended("the game is over".to_string(), None);
                        }
                    }
                }
            }
            () = tokio::time::sleep_until(wake) => {
                if pinged.is_some() {
                    break Ended("no answer to a ping".to_string(), None);
                }
                if let Err(why) = write(&mut peer, &Message::Ping).await {
                    break Ended(why, None);
                }
                pinged = Some(Instant::now());
            }
        }
    };
    let _ = events.send(Event::Left(id, why.clone())).await;
    if let Some(refused) = refused {
        farewell(peer.reader, peer.write, &refusal(&refused)).await;
    }
}

/// A connection ended with a refusal.
fn refusing(why: String) -> Ended {
    Ended(why.clone(), Some(why))
}

/// Writes `message` to the peer within the keepalive's time; why not.
async fn write(peer: &mut Peer, message: &Message) -> Result<(), String> {
    send_within(&mut peer.write, message, peer.keepalive.write_within).await
}

/// Writes `message` to `write` within `within`; why not (a peer that
/// stopped reading is given up on, not waited for).
pub async fn send_within(
    write: &mut OwnedWriteHalf,
    message: &Message,
    within: Duration,
) -> Result<(), String> {
    match timeout(within, send(write, message)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) => Err("the connection broke".to_string()),
        Err(_) => Err("it stopped reading".to_string()),
    }
}

/// The next message from a peer; `Ok(None)` when it closed the
/// connection between messages. Safe to cancel (`select!`).
pub async fn next(reader: &mut Reader) -> Result<Option<Message>, ProtocolError> {
    reader.next().await.transpose()
}

/// The `error` that tells a peer why it is refused.
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
        Message::Ack { .. } => "ack",
        Message::Refused { .. } => "refused",
        Message::Abandoned { .. } => "abandoned",
        Message::Ping => "ping",
        Message::Pong => "pong",
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
    let _ = timeout(DRAIN_TIME, send(&mut write, message)).await;
    let _ = write.shutdown().await;
    let mut rest = reader.into_inner().take(DRAIN_BYTES);
    let _ = timeout(
        DRAIN_TIME,
        tokio::io::copy(&mut rest, &mut tokio::io::sink()),
    )
    .await;
}
