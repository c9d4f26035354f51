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
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::BufReader;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tokio::time::{Instant, sleep_until, timeout};

use super::code::Code;
use super::connection::{self, Event, Rate, farewell, kind, refusal};
use super::keyboard::Keyboard;
use super::protocol::{FrameReader, Message, Role, Seats};
use super::room::{Room, Said};
use super::table::Typed;
use crate::games::Interactive;
use crate::plain::Style;
use tabletop_engine::Player;
use tabletop_engine::record::Record;
use tabletop_engine::time_control::TimeControl;

/// How long a new connection has to send its hello.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// Spectators watching at once, and connections open at once (those
/// still in their handshake included).
const MAX_SPECTATORS: usize = 32;
const MAX_CONNECTIONS: usize = 64;

/// How the host plays.
pub struct HostOptions {
    /// The side played by the host.
    pub side: Player,
    pub name: String,
    pub style: Style,
    /// The game's clock, if it has one.
    pub clock: Option<TimeControl>,
    /// Where the game is kept after every move (a new record, written
    /// over as the game goes on), so that a host ended by a signal loses
    /// nothing; none: kept only in memory until the end.
    pub keep: Option<PathBuf>,
}

/// Who plays the host's side.
pub enum Owner {
    /// Lines typed on this terminal (the plain mode), printed to `out`.
    Typed(Keyboard),
    /// A connection with this private code: the full-screen app's own
    /// screen, over loopback. It is told who sits opposite in notices
    /// with [`Seats`]; the game ends when it leaves.
    Seat(Code),
}

/// How a hosted game ended.
pub enum Hosted {
    Finished,
    /// The host's input ended (or its screen left) before the game did.
    InputEnded,
}

/// Hosts `game` on `listener` until it ends: prints how to join, plays
/// the host's side as `owner` says, and returns the game's record.
pub async fn run<G: Interactive>(
    game: G,
    listener: std::net::TcpListener,
    options: HostOptions,
    owner: Owner,
    out: &mut dyn Write,
) -> io::Result<(Hosted, Record<G>)> {
    listener.set_nonblocking(true)?;
    let listener = TcpListener::from_std(listener)?;
    let address = listener.local_addr()?;
    let (mut keyboard, private) = match owner {
        Owner::Typed(keyboard) => (keyboard, None),
        Owner::Seat(code) => (Keyboard::none(), Some(code)),
    };
    let codes = Arc::new(Codes {
        join: Code::random().map_err(io::Error::other)?,
        watch: Code::random().map_err(io::Error::other)?,
        private,
        host: options.side,
    });
    let (join, watch) = (codes.join, codes.watch);
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
    // Listening everywhere, the address to give is this computer's own,
    // which only the player knows.
    let waiting = if address.ip().is_unspecified() {
        format!(
            "Waiting for a player to join: tabletop join HOST:{} {join} (HOST: this computer's name or address; watch code {watch})",
            address.port()
        )
    } else {
        format!("Waiting for a player to join: tabletop join {address} {join} (watch code {watch})")
    };

    let mut record = Record::new(game);
    record.clock = options.clock;
    let mut room = Room::new(&record, options.style, Some(options.side), MAX_SPECTATORS)
        .map_err(io::Error::other)?;
    room.names = [
        "(not joined yet)".to_string(),
        "(not joined yet)".to_string(),
    ];
    room.names[options.side.index()] = options.name.clone();
    let their_side = options.side.other();
    // The host's own screen, told how the other seat stands.
    let tell_host = |room: &mut Room<G>, text: String| {
        let seats = Seats {
            names: room.names.clone(),
            waiting: !room.is_seated(their_side),
        };
        let seats = Some(seats);
        room.tell(
            options.side,
            Message::Notice {
                text,
                claimable: false,
                seats,
            },
        );
    };

    let (events_in, mut events) = mpsc::channel::<Event>(64);
    let mut connections = JoinSet::new();
    let mut next_id = 0u64;
    let mut started = false;
    let mut ending = Hosted::Finished;

    let mut keeping = Keeping::new(options.keep.clone());
    'game: while room.table.outcome().is_none() {
        keeping.keep(&room);
        // What was typed here, in order, once the player is there: a move
        // on the host's turn, the rest at once.
        while room.is_seated(their_side) {
            let my_turn = room.table.local_turn() && !room.is_waiting_on(options.side);
            if my_turn && keyboard.is_spent() {
                ending = Hosted::InputEnded;
                break 'game;
            }
            let table = &room.table;
            let Some(line) = keyboard.next(|line| my_turn || table.is_command(line)) else {
                break;
            };
            typed(&mut room, options.side, &options.name, &line, out)?;
            if room.table.outcome().is_some() {
                break 'game;
            }
        }
        let deadline = room.deadline();
        tokio::select! {
            () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                room.flag(out)?;
            }
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
                Event::Arrived { id, seat: Some(side), outbox, .. } if side == options.side => {
                    let name = options.name.clone();
                    if room.seat(side, id, name, outbox, None).is_ok() {
                        let text = match room.is_seated(their_side) {
                            true => "connected".to_string(),
                            false => waiting.clone(),
                        };
                        tell_host(&mut room, text);
                    }
                }
                Event::Arrived { id, seat: Some(_), name, outbox } => {
                    if room.seat(their_side, id, name.clone(), outbox, None).is_err() {
                        continue;
                    }
                    tell_host(&mut room, "connected".to_string());
                    if started {
                        room.table.notice(&format!("{name} joined again."), out)?;
                    } else {
                        started = true;
                        let symbol = G::symbol(options.side);
                        writeln!(out, "{name} joined. You play {symbol}.")?;
                        room.table.show(out)?;
                        room.start_clock(out)?;
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
                        // The host's own screen broke a rule: it is gone.
                        Said::Refused(side, _) if side == options.side => {
                            ending = Hosted::InputEnded;
                            break;
                        }
                        Said::Refused(_, why) => {
                            room.table.notice(&format!("{name} was disconnected: {why}."), out)?;
                        }
                    }
                }
                Event::Left(id, why) => match room.left(id) {
                    Some(side) if side == options.side => {
                        ending = Hosted::InputEnded;
                        break;
                    }
                    Some(_) => {
                        let name = room.names[their_side.index()].clone();
                        room.table.notice(&format!("{name} left ({why}); waiting for them to join again..."), out)?;
                        tell_host(&mut room, format!("{name} left — waiting for {name} to rejoin"));
                    }
                    None => {}
                },
            },
            () = keyboard.read() => {}
        }
    }

    keeping.keep(&room);
    // Everyone hears how it ended, then has a moment to read it.
    let end = match (&ending, room.table.result()) {
        (Hosted::Finished, Some(result)) => Message::End {
            result,
            reason: room.end_reason(),
        },
        _ => Message::End {
            result: "abandoned".to_string(),
            reason: "the host left".to_string(),
        },
    };
    // The host's own screen, if any, hears it too.
    room.relay(None, end);
    let record = room.record();
    drop((room, events_in, events));
    let _ = timeout(Duration::from_secs(5), async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    connections.abort_all();
    out.flush()?;
    Ok((ending, record))
}

/// Does what the host typed: a move (on its turn), a chat line, a
/// resignation, an offer or an answer, checked by the room as a peer's
/// would be; what is refused is said on the terminal.
fn typed<G: Interactive>(
    room: &mut Room<G>,
    side: Player,
    name: &str,
    line: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let refused = match room.table.read_typed(line) {
        Typed::Move(mv) => {
            room.table.play_typed(mv, out)?;
            room.relay(Some(side), Message::Move { mv: mv.to_string() });
            return room.moved(side, out);
        }
        Typed::Chat(text) => {
            let from = name.to_string();
            room.relay(Some(side), Message::Chat { from, text });
            return Ok(());
        }
        Typed::Resign => {
            room.table.resign(side, out)?;
            room.relay(Some(side), Message::Resign { side: side.into() });
            return Ok(());
        }
        Typed::Claim => {
            "There is nothing to claim: the host waits for the player to join again.".to_string()
        }
        Typed::Offer(what) => match room.offer(side, what, out)? {
            Ok(()) => return Ok(()),
            Err(_) => "You have no move to take back.".to_string(),
        },
        Typed::Answer(accept) => match room.waiting_for(side) {
            Some(what) => match room.answer(side, what, accept, out)? {
                Ok(()) => return Ok(()),
                Err(why) => why,
            },
            None => "There is no offer to answer.".to_string(),
        },
        Typed::Refused(why) => why.to_string(),
    };
    room.table.refuse(&refused, out)
}

/// The codes that let a connection in.
struct Codes {
    join: Code,
    watch: Code,
    /// The host's own screen's, never printed.
    private: Option<Code>,
    /// The side the private code seats.
    host: Player,
}

/// One connection: its hello within [`HANDSHAKE_TIME`] and with a code,
/// then its messages to the game and the game's to it, until either side
/// ends it. What is refused here never reaches the game.
async fn connection(stream: TcpStream, id: u64, codes: Arc<Codes>, events: mpsc::Sender<Event>) {
    let (read, write) = stream.into_split();
    let mut reader = FrameReader::new(BufReader::new(read));
    let hello = match timeout(HANDSHAKE_TIME, reader.next()).await {
        Err(_) => Err("no hello in time".to_string()),
        Ok(Ok(Some(Message::Hello {
            name, code, role, ..
        }))) => {
            // Every code is compared, whatever the role, in constant time.
            let joins = codes.join.matches(&code);
            let watches = codes.watch.matches(&code);
            let owns = codes.private.is_some_and(|private| private.matches(&code));
            match (role, joins, watches, owns) {
                (Role::Player, _, _, true) => Ok((Some(codes.host), name)),
                (Role::Player, true, _, _) => Ok((Some(codes.host.other()), name)),
                (Role::Spectator, _, true, _) => Ok((None, name)),
                _ => Err("wrong code".to_string()),
            }
        }
        Ok(Ok(Some(other))) => Err(format!("expected a hello, not a {} message", kind(&other))),
        Ok(Ok(None)) => return,
        Ok(Err(error)) => Err(error.to_string()),
    };
    let (seat, name) = match hello {
        Ok(hello) => hello,
        Err(reason) => return farewell(reader, write, &refusal(&reason)).await,
    };
    connection::admit(reader, write, id, seat, &name, events, Rate::new()).await;
}

/// The record of a hosted game on disk, written again whenever a move was
/// made since (the first time as a new file, never over another).
struct Keeping {
    path: Option<PathBuf>,
    kept_moves: Option<usize>,
}

impl Keeping {
    fn new(path: Option<PathBuf>) -> Keeping {
        Keeping {
            path,
            kept_moves: None,
        }
    }

    fn keep<G: Interactive>(&mut self, room: &Room<G>) {
        let Some(path) = &self.path else { return };
        let mut record = room.record();
        let moves = record.moves.len();
        if moves == 0 || self.kept_moves == Some(moves) {
            return;
        }
        record.date = Some(tabletop_core::files::timestamp(std::time::SystemTime::now()));
        let text = record.to_toml();
        let written = match self.kept_moves {
            None => tabletop_core::files::save_new(path, &text),
            Some(_) => tabletop_core::files::save(path, &text),
        };
        match written {
            Ok(()) => self.kept_moves = Some(moves),
            // Kept at the end instead, as without a path.
            Err(_) => self.path = None,
        }
    }
}
