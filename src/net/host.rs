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

use tokio::io::BufReader;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tokio::time::timeout;

use super::code::Code;
use super::connection::{self, Event, OUTBOX, Rate, farewell, kind, refusal};
use super::protocol::{FrameReader, MAX_NAME, Message, Role, sanitise};
use super::room::{Room, Said};
use super::table::Typed;
use crate::engine::Player;
use crate::engine::record::Record;
use crate::games::Playable;
use crate::plain::Style;

/// How long a new connection has to send its hello.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// Spectators watching at once, and connections open at once (those
/// still in their handshake included).
const MAX_SPECTATORS: usize = 32;
const MAX_CONNECTIONS: usize = 64;

/// How the host plays.
pub struct HostOptions {
    pub bind: SocketAddr,
    /// The side played on the host's terminal.
    pub side: Player,
    pub name: String,
    pub style: Style,
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

    let record = Record::new(game);
    let mut room = Room::new(&record, options.style, Some(options.side), MAX_SPECTATORS)
        .map_err(io::Error::other)?;
    room.names = [
        "(not joined yet)".to_string(),
        "(not joined yet)".to_string(),
    ];
    room.names[options.side.index()] = options.name.clone();
    let their_side = options.side.other();

    let (events_in, mut events) = mpsc::channel::<Event>(64);
    let mut connections = JoinSet::new();
    let mut next_id = 0u64;
    let mut started = false;
    let mut ending = Hosted::Finished;

    while room.table.outcome().is_none() {
        let my_turn = room.is_seated(their_side) && room.table.local_turn();
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
                Event::Arrived { id, seat: Some(_), name, outbox } => {
                    if room.seat(their_side, id, name.clone(), outbox, None).is_err() {
                        continue;
                    }
                    if started {
                        room.table.notice(&format!("{name} joined again."), out)?;
                    } else {
                        started = true;
                        let symbol = G::symbol(options.side);
                        writeln!(out, "{name} joined. You play {symbol}.")?;
                        room.table.show(out)?;
                    }
                }
                Event::Arrived { id, seat: None, outbox, .. } => room.watch(id, outbox),
                Event::Said(id, message) => {
                    let name = room.names[their_side.index()].clone();
                    match room.said(id, message, out)? {
                        Said::Nothing | Said::Changed => {}
                        Said::Claim(side) => {
                            room.tell(side, refusal("refused: there is nothing to claim in a hosted game"));
                            room.left(id);
                            room.table.notice(&format!("{name} was disconnected: a claim."), out)?;
                        }
                        Said::Refused(_, why) => {
                            room.table.notice(&format!("{name} was disconnected: {why}."), out)?;
                        }
                    }
                }
                Event::Left(id, why) => {
                    if room.left(id).is_some() {
                        let name = &room.names[their_side.index()];
                        room.table.notice(&format!("{name} left ({why}); waiting for them to join again..."), out)?;
                    }
                }
            },
            line = typed.recv(), if my_turn => {
                let Some(Some(line)) = line else {
                    ending = Hosted::InputEnded;
                    break;
                };
                let message = match room.table.read_typed(&line) {
                    Typed::Move(mv) => {
                        room.table.play_typed(mv, out)?;
                        Message::Move { mv: mv.to_string() }
                    }
                    Typed::Chat(text) => Message::Chat { from: options.name.clone(), text },
                    Typed::Resign => {
                        room.table.resign(options.side, out)?;
                        Message::Resign { side: options.side.into() }
                    }
                    Typed::Claim => {
                        room.table.refuse("There is nothing to claim: the host waits for the player to join again.", out)?;
                        continue;
                    }
                    Typed::Refused(why) => {
                        room.table.refuse(why, out)?;
                        continue;
                    }
                };
                room.relay(Some(options.side), message);
            }
        }
    }

    // Everyone hears how it ended, then has a moment to read it.
    let end = match (&ending, room.table.result()) {
        (Hosted::Finished, Some(result)) => Message::End {
            result,
            reason: "the game is over".to_string(),
        },
        _ => Message::End {
            result: "abandoned".to_string(),
            reason: "the host left".to_string(),
        },
    };
    room.relay(Some(options.side), end);
    let record = room.table.record();
    drop((room, events_in, events));
    let _ = timeout(Duration::from_secs(5), async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    connections.abort_all();
    out.flush()?;
    Ok((ending, record))
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
    let (read, write) = stream.into_split();
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
    let (outbox, inbox) = mpsc::channel(OUTBOX);
    let arrived = Event::Arrived {
        id,
        // The seat is the host's to choose; only whether one is asked for
        // matters here.
        seat: (role == Role::Player).then_some(Player::Second),
        name,
        outbox,
    };
    connection::serve(reader, write, id, arrived, inbox, events, Rate::new()).await;
}
