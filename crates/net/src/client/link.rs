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
        })
    }

    /// Sends `message`.
    pub async fn send(&mut self, message: &Message) -> Result<(), String> {
        self.write(message)
            .await
            .map_err(|error| format!("cannot talk to the host: {error}"))
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
            .map_err(|error| format!("the host sent {error}"))
    }

    /// The next message, within [`ANSWER_TIME`]; a refusal is returned as
    /// the host's reason, sanitised.
    pub async fn answer(&mut self) -> Result<Message, String> {
        match timeout(ANSWER_TIME, next(&mut self.reader)).await {
            Err(_) => Err("the host did not answer in time".to_string()),
            Ok(Err(error)) => Err(format!("the host sent {error}")),
            Ok(Ok(None)) => Err("the host closed the connection".to_string()),
            Ok(Ok(Some(Message::Error { reason }))) => {
                Err(format!("the host refused: {}", sanitise(&reason, 200)))
            }
            Ok(Ok(Some(message))) => Ok(message),
        }
    }

    /// Waits for the welcome into a game.
    pub async fn welcomed(mut self) -> Result<Welcomed, String> {
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
                link: self,
                game,
                settings,
                side: side.map(Into::into),
                names: names.map(|name| sanitise(&name, MAX_NAME)),
                moves,
                rejoin: rejoin.map(|code| sanitise(&code, 40)),
                clock: clock
                    .map(TimeControl::checked)
                    .transpose()
                    .map_err(|why| format!("the host sent {why}"))?,
            }),
            _ => Err("the host did not begin with a welcome".to_string()),
        }
    }
}

/// Connects to `address`, says hello with `code`, and waits for the
/// welcome; a refusal is returned as the host's reason, sanitised.
pub async fn connect(
    address: &str,
    code: &str,
    name: &str,
    role: Role,
) -> Result<Welcomed, String> {
    let mut link = Link::open(address).await?;
    link.send(&Message::Hello {
        version: PROTOCOL_VERSION,
        name: name.to_string(),
        code: code.to_string(),
        role,
    })
    .await?;
    link.welcomed().await
}
