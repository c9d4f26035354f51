//! The host: the one side that owns the game. It listens, lets in one
//! player with the join code and a bounded number of spectators with the
//! watch code, checks every move with the engine (the right side, in
//! turn, legal), and relays what happened to everyone. A peer that
//! breaks a rule gets an error and is disconnected; the game goes on,
//! and the seat waits for the player to join again.
//!
//! One task per connection reads and writes its socket; the game itself
//! lives in [`run`], which alone changes it, fed by events.

use std::io::{self, Write};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tokio::time::{Instant, timeout};

use super::code::Code;
use super::protocol::{
    FrameReader, MAX_LINE, MAX_NAME, Message, PROTOCOL_VERSION, Role, encode, sanitise, send,
};
use super::table::{Table, Typed};
use crate::engine::Player;
use crate::engine::record::{Record, settings_table};
use crate::games::Playable;
use crate::plain::{PlainGame, Style};

/// How long a new connection has to send its hello.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// Messages a connection may send in [`RATE_WINDOW`]; a flood is cut off.
const RATE_LIMIT: u32 = 20;
const RATE_WINDOW: Duration = Duration::from_secs(1);

/// Spectators watching at once, and connections open at once (those
/// still in their handshake included).
const MAX_SPECTATORS: usize = 32;
const MAX_CONNECTIONS: usize = 64;

/// Messages waiting to be written to one connection; a peer that does
/// not read them is dropped rather than buffered without end.
const OUTBOX: usize = 256;

/// How much a refused peer may still send, and for how long, before the
/// connection is closed under it.
const DRAIN_BYTES: u64 = 16 * 1024 * 1024;
const DRAIN_TIME: Duration = Duration::from_secs(2);

/// How the host plays.
pub struct HostOptions {
    pub bind: SocketAddr,
    /// The side played on the host's terminal.
    pub side: Player,
    pub name: String,
    pub style: Style,
}

/// What the game's owner hears from the connections.
enum Event {
    /// A connection that passed its hello.
    Arrived {
        id: u64,
        role: Role,
        name: String,
        outbox: mpsc::Sender<Message>,
    },
    /// A message from a seated player's connection.
    Said(u64, Message),
    /// A connection ended, and why.
    Left(u64, String),
}

/// The player in the seat.
struct Seated {
    id: u64,
    name: String,
    outbox: mpsc::Sender<Message>,
}

/// How a hosted game ended.
pub enum Hosted {
    Finished,
    /// The host's input ended before the game did.
    InputEnded,
}

/// Hosts `game` until it ends: prints how to join, plays the host's side
/// from `typed` lines, and returns the game's record.
pub async fn run<G: Playable>(
    game: G,
    options: HostOptions,
    mut typed: mpsc::Receiver<Option<String>>,
    out: &mut dyn Write,
) -> io::Result<(Hosted, Record<G>)> {
    let listener = TcpListener::bind(options.bind).await?;
    let address = listener.local_addr()?;
    let codes = Arc::new([
        Code::random().map_err(io::Error::other)?,
        Code::random().map_err(io::Error::other)?,
    ]);
    let [join, watch] = *codes;
    writeln!(out, "Hosting {} on {address}.", G::TITLE)?;
    writeln!(out, "Join code: {join}")?;
    writeln!(out, "Watch code: {watch}")?;
    writeln!(out, "To play: tabletop join HOST:{} {join}", address.port())?;
    writeln!(
        out,
        "To watch: tabletop watch HOST:{} {watch}",
        address.port()
    )?;
    writeln!(out, "Waiting for a player to join...")?;
    out.flush()?;

    let settings = settings_table(&game.settings()).into_iter();
    let settings: toml::Table = settings.map(|(k, v)| (k.to_string(), v)).collect();
    let mut table = Table::new(G::console(game, options.style), Some(options.side));
    let mut names = [
        "(not joined yet)".to_string(),
        "(not joined yet)".to_string(),
    ];
    names[options.side.index()] = options.name.clone();
    let their_side = options.side.other();

    let (events_in, mut events) = mpsc::channel::<Event>(64);
    let mut connections = JoinSet::new();
    let mut next_id = 0u64;
    let mut player: Option<Seated> = None;
    let mut spectators: Vec<(u64, mpsc::Sender<Message>)> = Vec::new();
    let mut started = false;
    let mut ending = Hosted::Finished;

    while table.outcome().is_none() {
        let my_turn = player.is_some() && table.local_turn();
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((stream, _)) = accepted else { continue };
                // Finished connections are reaped before counting.
                while connections.try_join_next().is_some() {}
                if connections.len() >= MAX_CONNECTIONS {
                    continue;
                }
                next_id += 1;
                connections.spawn(connection(stream, next_id, codes.clone(), events_in.clone()));
            }
            Some(event) = events.recv() => match event {
                Event::Arrived { id, role: Role::Player, name, outbox } => {
                    if player.is_some() {
                        let _ = outbox.try_send(refusal("the game already has its player"));
                        continue;
                    }
                    names[their_side.index()] = name.clone();
                    let welcome = welcome::<G>(&table, &settings, &names, Some(their_side));
                    if outbox.try_send(welcome).is_err() {
                        continue;
                    }
                    player = Some(Seated { id, name: name.clone(), outbox });
                    if started {
                        table.notice(&format!("{name} joined again."), out)?;
                    } else {
                        started = true;
                        let symbol = G::symbol(options.side);
                        writeln!(out, "{name} joined. You play {symbol}.")?;
                        table.show(out)?;
                    }
                }
                Event::Arrived { id, role: Role::Spectator, outbox, .. } => {
                    spectators.retain(|(_, outbox)| !outbox.is_closed());
                    if spectators.len() >= MAX_SPECTATORS {
                        let _ = outbox.try_send(refusal("the game has all the spectators it takes"));
                        continue;
                    }
                    let welcome = welcome::<G>(&table, &settings, &names, None);
                    if outbox.try_send(welcome).is_ok() {
                        spectators.push((id, outbox));
                    }
                }
                Event::Said(id, message) => {
                    let Some(seated) = player.as_ref().filter(|p| p.id == id) else { continue };
                    let name = seated.name.clone();
                    let refused = match message {
                        Message::Move { mv } => match table.play_received(their_side, &mv, out) {
                            Ok(mv) => {
                                tell(&mut spectators, Message::Move { mv: mv.to_string() });
                                None
                            }
                            Err(why) => Some(why),
                        },
                        Message::Chat { text, .. } => {
                            let text = sanitise(&text, super::protocol::MAX_CHAT);
                            table.chat(&name, &text, out)?;
                            tell(&mut spectators, Message::Chat { from: name.clone(), text });
                            None
                        }
                        Message::Resign { side } if Player::from(side) == their_side => {
                            table.resign(their_side, out)?;
                            tell(&mut spectators, Message::Resign { side });
                            None
                        }
                        other => Some(format!("a {} message from a player", kind(&other))),
                    };
                    if let Some(why) = refused {
                        let _ = seated.outbox.try_send(refusal(&format!("refused: {why}")));
                        table.notice(&format!("{name} was disconnected: {why}."), out)?;
                        player = None;
                    }
                }
                Event::Left(id, why) => {
                    if player.as_ref().is_some_and(|p| p.id == id) {
                        let name = player.take().map(|p| p.name).unwrap_or_default();
                        table.notice(&format!("{name} left ({why}); waiting for them to join again..."), out)?;
                    }
                    spectators.retain(|(other, _)| *other != id);
                }
            },
            line = typed.recv(), if my_turn => {
                let Some(Some(line)) = line else {
                    ending = Hosted::InputEnded;
                    break;
                };
                let message = match table.read_typed(&line) {
                    Typed::Move(mv) => {
                        table.play_typed(mv, out)?;
                        Message::Move { mv: mv.to_string() }
                    }
                    Typed::Chat(text) => Message::Chat { from: options.name.clone(), text },
                    Typed::Resign => {
                        table.resign(options.side, out)?;
                        Message::Resign { side: options.side.into() }
                    }
                    Typed::Refused(why) => {
                        table.refuse(why, out)?;
                        continue;
                    }
                };
                if let Some(seated) = &player
                    && seated.outbox.try_send(message.clone()).is_err()
                {
                    player = None;
                }
                tell(&mut spectators, message);
            }
        }
    }

    // Everyone hears how it ended, then has a moment to read it.
    let end = match (&ending, table.result()) {
        (Hosted::Finished, Some(result)) => Message::End {
            result,
            reason: "the game is over".to_string(),
        },
        _ => Message::End {
            result: "abandoned".to_string(),
            reason: "the host left".to_string(),
        },
    };
    if let Some(seated) = player.take() {
        let _ = seated.outbox.try_send(end.clone());
    }
    tell(&mut spectators, end);
    drop((spectators, events_in, events));
    let _ = timeout(Duration::from_secs(5), async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    connections.abort_all();
    out.flush()?;
    Ok((ending, table.record()))
}

/// The welcome for a newcomer: the game as it stands.
fn welcome<G: Playable>(
    table: &Table<<G as PlainGame>::Console>,
    settings: &toml::Table,
    names: &[String; 2],
    side: Option<Player>,
) -> Message {
    let message = Message::Welcome {
        version: PROTOCOL_VERSION,
        game: G::NAME.to_string(),
        settings: settings.clone(),
        side: side.map(Into::into),
        names: names.clone(),
        moves: table.moves_text(),
    };
    match encode(&message).len() <= MAX_LINE {
        true => message,
        false => refusal("the game is too long to send"),
    }
}

fn refusal(reason: &str) -> Message {
    Message::Error {
        reason: reason.to_string(),
    }
}

/// A message's name on the wire, for a refusal.
fn kind(message: &Message) -> &'static str {
    match message {
        Message::Hello { .. } => "hello",
        Message::Welcome { .. } => "welcome",
        Message::Move { .. } => "move",
        Message::Chat { .. } => "chat",
        Message::Resign { .. } => "resign",
        Message::End { .. } => "end",
        Message::Error { .. } => "error",
    }
}

/// Sends `message` to every spectator; one who is not keeping up is let go.
fn tell(spectators: &mut Vec<(u64, mpsc::Sender<Message>)>, message: Message) {
    spectators.retain(|(_, outbox)| outbox.try_send(message.clone()).is_ok());
}

/// One connection: its hello within [`HANDSHAKE_TIME`] and with a code,
/// then its messages to the game and the game's to it, until either side
/// ends it. What is refused here never reaches the game.
async fn connection(
    stream: TcpStream,
    id: u64,
    codes: Arc<[Code; 2]>,
    events: mpsc::Sender<Event>,
) {
    let (read, mut write) = stream.into_split();
    let mut reader = FrameReader::new(BufReader::new(read));
    let hello = match timeout(HANDSHAKE_TIME, reader.next()).await {
        Err(_) => Err("no hello in time".to_string()),
        Ok(Ok(Some(Message::Hello {
            name, code, role, ..
        }))) => {
            let [join, watch] = *codes;
            // Both codes are compared, whatever the role, in constant time.
            let (joins, watches) = (join.matches(&code), watch.matches(&code));
            match (role, joins, watches) {
                (Role::Player, true, _) | (Role::Spectator, _, true) => Ok((role, name)),
                _ => Err("wrong code".to_string()),
            }
        }
        Ok(Ok(Some(other))) => Err(format!("expected a hello, not a {} message", kind(&other))),
        Ok(Ok(None)) => return,
        Ok(Err(error)) => Err(error.to_string()),
    };
    let (role, name) = match hello {
        Ok(hello) => hello,
        Err(reason) => return farewell(reader, write, &refusal(&reason)).await,
    };
    let name = match sanitise(&name, MAX_NAME) {
        name if name.is_empty() => "anonymous".to_string(),
        name => name,
    };
    let (outbox, mut inbox) = mpsc::channel(OUTBOX);
    let arrived = Event::Arrived {
        id,
        role,
        name,
        outbox,
    };
    if events.send(arrived).await.is_err() {
        return;
    }
    let mut window = (Instant::now(), 0u32);
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
            incoming = reader.next() => {
                let refused = match incoming {
                    Ok(None) => break "the connection closed".to_string(),
                    Err(error) => error.to_string(),
                    Ok(Some(_)) if role == Role::Spectator => "spectators cannot move or chat".to_string(),
                    Ok(Some(message)) => {
                        if window.0.elapsed() > RATE_WINDOW {
                            window = (Instant::now(), 0);
                        }
                        window.1 += 1;
                        if window.1 > RATE_LIMIT {
                            "too many messages".to_string()
                        } else {
                            if events.send(Event::Said(id, message)).await.is_err() {
                                break "the game is over".to_string();
                            }
                            continue;
                        }
                    }
                };
                let _ = events.send(Event::Left(id, refused.clone())).await;
                return farewell(reader, write, &refusal(&refused)).await;
            }
        }
    };
    let _ = events.send(Event::Left(id, why)).await;
}

/// Ends a connection with `message`, then reads and drops what the peer
/// still sends for a moment: closing with unread input would reset the
/// connection, and the peer might never read why.
async fn farewell(
    reader: FrameReader<BufReader<OwnedReadHalf>>,
    mut write: OwnedWriteHalf,
    message: &Message,
) {
    let _ = send(&mut write, message).await;
    let _ = write.shutdown().await;
    let rest = reader.into_inner().take(DRAIN_BYTES);
    let mut rest = rest;
    let _ = timeout(
        DRAIN_TIME,
        tokio::io::copy(&mut rest, &mut tokio::io::sink()),
    )
    .await;
}
