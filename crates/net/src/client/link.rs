//! A client's connection to a host or a lobby server: opening it, asking
//! and being answered within a time, the welcome into a game, its
//! settings and clock checked before anything else sees them, and the
//! game's messages, a host gone quiet found out.

use std::time::Duration;

use tokio::net::TcpStream;
use tokio::net::tcp::OwnedWriteHalf;
use tokio::time::{Instant, sleep_until, timeout};

use crate::codec::{self, Reader};
use crate::connection::{Keepalive, next};
use crate::protocol::{MAX_NAME, Message, PROTOCOL_VERSION, Role, sanitise, send};
use tabletop_engine::Player;
use tabletop_engine::time_control::TimeControl;

/// How long the host has to answer: to accept the connection, and to
/// welcome.
const ANSWER_TIME: Duration = Duration::from_secs(15);

/// How a game's connection finds out a host that went away without
/// closing it (stopped, or cut off): after this long without a word from
/// it (a host or server asks a quiet client whether it is there every 20
/// s), it is sent a `ping`, and given as long again to say anything.
pub const CLIENT_KEEPALIVE: Keepalive = Keepalive {
    ping_after: Duration::from_secs(45),
    answer_within: Duration::from_secs(45),
    write_within: Duration::from_secs(10),
};

/// A connection to a host or lobby server.
pub struct Link {
    reader: Reader,
    writer: OwnedWriteHalf,
    /// What messages call the other end: `host`, or `server`.
    peer: &'static str,
    keepalive: Keepalive,
    /// When the other end last said anything.
    heard: Instant,
    /// When it was sent a `ping` it has not answered, if it was.
    pinged: Option<Instant>,
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
            keepalive: CLIENT_KEEPALIVE,
            heard: Instant::now(),
            pinged: None,
        })
    }

    /// The link, finding a quiet host out as `keepalive` says.
    pub fn keepalive(mut self, keepalive: Keepalive) -> Link {
        self.keepalive = keepalive;
        self
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

    /// The next message, however long the game makes it wait;
    /// `Ok(None)` when the host closed the connection between messages.
    /// A host that says nothing for a while is sent a `ping` (its `pong`
    /// is a message like any other), and one that then still says
    /// nothing is given up on, as gone. Safe to cancel.
    pub async fn next(&mut self) -> Result<Option<Message>, String> {
        loop {
            let wake = match self.pinged {
                Some(at) => at + self.keepalive.answer_within,
                None => self.heard + self.keepalive.ping_after,
            };
            tokio::select! {
                incoming = next(&mut self.reader) => {
                    self.heard = Instant::now();
                    self.pinged = None;
                    return incoming.map_err(|error| format!("the {} sent {error}", self.peer));
                }
                () = sleep_until(wake) => {
                    if self.pinged.is_some() {
                        return Err(format!("the {} stopped answering", self.peer));
                    }
                    // A host that does not even read is as gone.
                    let within = self.keepalive.write_within;
                    match timeout(within, self.send(&Message::Ping)).await {
                        Ok(sent) => sent?,
                        Err(_) => return Err(format!("the {} stopped answering", self.peer)),
                    }
                    self.pinged = Some(Instant::now());
                }
            }
        }
    }

    /// The next message, within [`ANSWER_TIME`]; a refusal is returned as
    /// the host's reason, sanitised.
    pub async fn answer(&mut self) -> Result<Message, String> {
        let answered = timeout(ANSWER_TIME, next(&mut self.reader)).await;
        if let Ok(Ok(_)) = answered {
            self.heard = Instant::now();
        }
        match answered {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Role, encode};
    use std::io::{BufRead, BufReader, Write};
    use std::net::TcpListener;
    use std::sync::mpsc;

    /// How long a test waits before it fails, rather than hang.
    const PATIENCE: Duration = Duration::from_secs(30);

    /// A host that welcomes one player to Gekitai, then hears its
    /// messages, each told on the channel; it answers the first
    /// `answered` pings with `pong`, after which it sends a move and
    /// falls silent without closing the connection.
    fn host(answered: usize) -> (String, mpsc::Receiver<String>) {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
        let address = listener.local_addr().expect("an address").to_string();
        let (heard, hearing) = mpsc::channel();
        std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().expect("a player");
            let mut reader = BufReader::new(stream.try_clone().expect("a clone"));
            let mut line = String::new();
            reader.read_line(&mut line).expect("a hello");
            let welcome = Message::Welcome {
                version: PROTOCOL_VERSION,
                game: "gekitai".into(),
                settings: toml::Table::new(),
                side: Some(crate::protocol::Side::Second),
                names: ["ada".into(), "bob".into()],
                moves: Vec::new(),
                rejoin: None,
                clock: None,
            };
            stream.write_all(encode(&welcome).as_bytes()).expect("sent");
            let mut pings = 0;
            loop {
                line.clear();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let _ = heard.send(line.trim().to_string());
                if line.contains("\"ping\"") {
                    pings += 1;
                    if pings <= answered {
                        stream
                            .write_all(encode(&Message::Pong).as_bytes())
                            .expect("sent");
                    }
                    if pings == answered {
                        let mv = Message::Move { mv: "A1".into() };
                        stream.write_all(encode(&mv).as_bytes()).expect("sent");
                    }
                }
            }
        });
        (address, hearing)
    }

    /// The link to `address`, welcomed, which pings after `quiet` and
    /// waits `answer` for a word.
    async fn joined(address: &str, quiet: Duration, answer: Duration) -> Link {
        let welcomed = connect(address, "0000-0000-0000-0000", "bob", Role::Player, false)
            .await
            .expect("welcomed");
        welcomed.link.keepalive(Keepalive {
            ping_after: quiet,
            answer_within: answer,
            write_within: Duration::from_secs(10),
        })
    }

    fn runtime() -> tokio::runtime::Runtime {
        crate::runtime().expect("a runtime")
    }

    #[test]
    fn a_host_that_falls_silent_is_asked_and_given_up_on() {
        let (address, heard) = host(0);
        let quick = Duration::from_millis(20);
        let ended = runtime().block_on(async {
            let mut link = joined(&address, quick, quick).await;
            timeout(PATIENCE, link.next()).await
        });
        let ended = ended.expect("the link gave up rather than wait for ever");
        assert_eq!(ended, Err("the host stopped answering".to_string()));
        let said = heard.recv_timeout(PATIENCE).expect("the host was asked");
        assert_eq!(said, r#"{"type":"ping"}"#);
    }

    #[test]
    fn a_host_that_answers_pings_is_kept() {
        let (address, heard) = host(3);
        let quick = Duration::from_millis(20);
        let moved = runtime().block_on(async {
            let mut link = joined(&address, quick, PATIENCE).await;
            loop {
                match timeout(PATIENCE, link.next()).await.expect("in time") {
                    Ok(Some(Message::Pong)) => continue,
                    other => return other,
                }
            }
        });
        assert_eq!(moved, Ok(Some(Message::Move { mv: "A1".into() })));
        assert!(heard.try_iter().count() >= 3, "three pings at least");
    }
}
