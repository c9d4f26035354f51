//! A client's connection to a host or a lobby server: opening it, asking
//! and being answered within a time, and the welcome into a game, its
//! settings and clock checked before anything else sees them.

use std::time::Duration;

use tokio::net::TcpStream;
use tokio::net::tcp::OwnedWriteHalf;
use tokio::time::timeout;

use crate::codec::{self, Reader};
use crate::connection::next;
use crate::protocol::{MAX_NAME, Message, PROTOCOL_VERSION, Role, sanitise, send};
use tabletop_engine::Player;
use tabletop_engine::time_control::TimeControl;

/// How long the host has to answer: to accept the connection, and to
/// welcome.
const ANSWER_TIME: Duration = Duration::from_secs(15);

/// A connection to a host or lobby server.
pub struct Link {
    reader: Reader,
    writer: OwnedWriteHalf,
    /// What messages call the other end: `host`, or `server`.
    peer: &'static str,
}

/// A connection the host has welcomed, and the game it welcomed to.
pub struct Welcomed {
    pub link: Link,
    /// The game's name as the host gave it (`gekitai`), unchecked.
    pub game: String,
    /// The game's settings as records write them, unchecked.
    pub settings: toml::Table,
    /// The side played here; none for a spectator.
    pub side: Option<Player>,
    /// The players' names, sanitised.
    pub names: [String; 2],
    /// The moves so far, unchecked: the engine that plays them checks.
    pub moves: Vec<String>,
    /// The code to rejoin with, from a lobby server, sanitised.
    pub rejoin: Option<String>,
    /// The game's clock, if it has one, within bounds.
    pub clock: Option<TimeControl>,
}

impl Link {
    /// Connects to `address`, within [`ANSWER_TIME`].
    pub async fn open(address: &str) -> Result<Link, String> {
        let stream = match timeout(ANSWER_TIME, TcpStream::connect(address)).await {
            Ok(Ok(stream)) => stream,
            Ok(Err(error)) => return Err(format!("cannot connect to {address}: {error}")),
            Err(_) => return Err(format!("{address} did not answer in time")),
        };
        let (read, writer) = stream.into_split();
        Ok(Link {
            reader: codec::reader(read),
            writer,
            peer: "host",
        })
    }

    /// The link to a lobby server: its messages name it so.
    pub fn to_server(mut self) -> Link {
        self.peer = "server";
        self
    }

    /// What messages call the other end: `host`, or `server`.
    pub fn peer(&self) -> &'static str {
        self.peer
    }

    /// Sends `message`.
    pub async fn send(&mut self, message: &Message) -> Result<(), String> {
        self.write(message)
            .await
            .map_err(|error| format!("cannot talk to the {}: {error}", self.peer))
    }

    /// Sends `message`; the connection's own error if it broke.
    pub async fn write(&mut self, message: &Message) -> std::io::Result<()> {
        send(&mut self.writer, message).await
    }

    /// The next message, however long it takes; `Ok(None)` when the host
    /// closed the connection between messages. Safe to cancel.
    pub async fn next(&mut self) -> Result<Option<Message>, String> {
        next(&mut self.reader)
            .await
            .map_err(|error| format!("the {} sent {error}", self.peer))
    }

    /// The next message, within [`ANSWER_TIME`]; a refusal is returned as
    /// the host's reason, sanitised.
    pub async fn answer(&mut self) -> Result<Message, String> {
        match timeout(ANSWER_TIME, next(&mut self.reader)).await {
            Err(_) => Err(format!("the {} did not answer in time", self.peer)),
            Ok(Err(error)) => Err(format!("the {} sent {error}", self.peer)),
            Ok(Ok(None)) => Err(format!("the {} closed the connection", self.peer)),
            Ok(Ok(Some(Message::Error { reason }))) => Err(format!(
                "the {} refused: {}",
                self.peer,
                sanitise(&reason, 200)
            )),
            Ok(Ok(Some(message))) => Ok(message),
        }
    }

    /// Waits for the welcome into a game.
    pub async fn welcomed(mut self) -> Result<Welcomed, String> {
        let peer = self.peer;
        match self.answer().await? {
            Message::Welcome {
                game,
                settings,
                side,
                names,
                moves,
                rejoin,
                clock,
                ..
            } => Ok(Welcomed {
                // Only a lobby server hands out rejoin codes: from here on
                // messages call it the server even if it was dialled as a
                // host (`tabletop join SERVER CODE`).
                link: match rejoin.is_some() {
                    true => self.to_server(),
                    false => self,
                },
                game,
                settings,
                side: side.map(Into::into),
                names: names.map(|name| sanitise(&name, MAX_NAME)),
                moves,
                rejoin: rejoin.map(|code| sanitise(&code, 40)),
                clock: clock
                    .map(TimeControl::checked)
                    .transpose()
                    .map_err(|why| format!("the {peer} sent {why}"))?,
            }),
            _ => Err(format!("the {peer} did not begin with a welcome")),
        }
    }
}

/// Connects to `address`, says hello with `code`, and waits for the
/// welcome; a refusal is returned as the host's reason, sanitised. A
/// lobby `server` is called so in messages, else the host.
pub async fn connect(
    address: &str,
    code: &str,
    name: &str,
    role: Role,
    server: bool,
) -> Result<Welcomed, String> {
    let mut link = Link::open(address).await?;
    if server {
        link = link.to_server();
    }
    link.send(&Message::Hello {
        version: PROTOCOL_VERSION,
        name: name.to_string(),
        code: code.to_string(),
        role,
    })
    .await?;
    link.welcomed().await
}
