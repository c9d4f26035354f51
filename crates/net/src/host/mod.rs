//! The host: the one side that owns the game. It listens, lets in one
//! player with the join code and a bounded number of spectators with the
//! watch code, checks every move with the engine (the right side, in
//! turn, legal), and relays what happened to everyone. A peer that
//! breaks a rule gets an error and is disconnected; the game goes on,
//! and the seat waits for the player to join again.
//!
//! One task per connection reads and writes its socket; the game itself
//! lives in [`Hosting::run`], which alone changes it, fed by events. The
//! host's own side is played either at a [`Terminal`] (the plain mode's
//! typed lines) or by a connection with a private code (the full-screen
//! app's screen, over loopback).

pub mod admission;
pub mod keeping;

use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tokio::time::{Instant, sleep_until, timeout};

use crate::accepting;
use crate::code::Code;
use crate::connection::{Event, refusal};
use crate::event::Happened;
use crate::guard::{self, Guard};
use crate::intent::Intent;
use crate::protocol::encode;
use crate::protocol::{Message, Seats};
use crate::room::{MAX_SPECTATORS, Room, Said};
use crate::seen::{Seen, Unseen, Witness};
use crate::state::GameState;
use crate::table::Checked;
use admission::{Codes, Door, connection};
use keeping::Keeping;
use tabletop_engine::record::Record;
use tabletop_engine::time_control::TimeControl;
use tabletop_engine::{Described, Game, Player};

pub use admission::HANDSHAKE_TIME;

/// Connections open at once (those still in their handshake included).
const MAX_CONNECTIONS: usize = 64;

/// Connections open at once from one address.
const PER_ADDRESS: usize = 16;

/// How the host plays.
pub struct HostOptions {
    /// The side played by the host.
    pub side: Player,
    pub name: String,
    /// The game's clock, if it has one.
    pub clock: Option<TimeControl>,
    /// Where the game is kept after every move (a new record, written
    /// over as the game goes on), so that a host ended by a signal loses
    /// nothing; none: kept only in memory until the end.
    pub keep: Option<PathBuf>,
}

/// How a hosted game ended.
pub enum Hosted {
    Finished,
    /// The host's input ended (or its screen left) before the game did.
    InputEnded,
}

/// Where the host's own side is played: the game is shown there, and
/// what is typed there is done in turn.
pub trait Terminal<G: Game>: Witness<G> {
    /// Waits until something more is typed; never returns once nothing
    /// more will be. Safe to cancel.
    fn read(&mut self) -> impl Future<Output = ()>;

    /// The first thing typed and not done yet, if it can be done now: a
    /// move only when `my_turn`, anything else at once.
    fn next(&mut self, state: &GameState<G>, my_turn: bool) -> Option<Intent<G::Move>>;

    /// Everything typed was done, and nothing more will be.
    fn is_spent(&self) -> bool;
}

/// No terminal: the host's side is played by a connection with the
/// private code (the full-screen app's own screen).
pub struct Screenless;

impl<G: Game> Witness<G> for Screenless {
    fn see(&mut self, state: &GameState<G>, seen: Seen<G::Move>) -> io::Result<()> {
        Unseen.see(state, seen)
    }
}

impl<G: Game> Terminal<G> for Screenless {
    async fn read(&mut self) {
        std::future::pending().await
    }

    fn next(&mut self, _: &GameState<G>, _: bool) -> Option<Intent<G::Move>> {
        None
    }

    fn is_spent(&self) -> bool {
        false
    }
}

/// A game about to be hosted: listening, its codes made.
pub struct Hosting {
    listener: TcpListener,
    codes: Arc<Codes>,
}

impl Hosting {
    /// Hosts on `listener` (bound already) for a host playing `side`,
    /// whose own screen, if it has one, comes in with `private`. Within a
    /// runtime.
    pub fn new(
        listener: std::net::TcpListener,
        side: Player,
        private: Option<Code>,
    ) -> io::Result<Hosting> {
        listener.set_nonblocking(true)?;
        let codes = Codes::new(side, private).map_err(io::Error::other)?;
        Ok(Hosting {
            listener: TcpListener::from_std(listener)?,
            codes: Arc::new(codes),
        })
    }

    pub fn address(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The code that seats the player.
    pub fn join_code(&self) -> Code {
        self.codes.join
    }

    /// The code that lets anyone watch.
    pub fn watch_code(&self) -> Code {
        self.codes.watch
    }

    /// Hosts `game` until it ends, the host's side played at `terminal`
    /// (or, with a private code, by its connection); the game's record.
    pub async fn run<G: Described, T: Terminal<G>>(
        self,
        game: G,
        options: HostOptions,
        terminal: T,
    ) -> io::Result<(Hosted, Record<G>)> {
        let mut record = Record::new(game);
        record.clock = options.clock;
        let mut room =
            Room::new(&record, Some(options.side), MAX_SPECTATORS).map_err(io::Error::other)?;
        room.table.names = ["(not joined yet)", "(not joined yet)"].map(String::from);
        room.table.names[options.side.index()] = options.name.clone();
        let (events_in, events) = mpsc::channel::<Event>(64);
        let mut host = Host {
            waiting: self.waiting()?,
            keeping: Keeping::new(options.keep.clone()),
            listener: self.listener,
            codes: self.codes,
            room,
            options,
            terminal,
            events_in,
            events,
            connections: JoinSet::new(),
            guard: Guard::new(guard::Limits {
                connections: MAX_CONNECTIONS,
                per_address: PER_ADDRESS,
            }),
            next_id: 0,
            started: false,
        };
        let ending = host.play().await?;
        let finished = matches!(ending, Hosted::Finished);
        Ok((ending, host.finish(finished).await))
    }

    /// What the host's own screen is told while the other seat is empty.
    fn waiting(&self) -> io::Result<String> {
        let address = self.address()?;
        let (join, watch) = (self.codes.join, self.codes.watch);
        // Listening everywhere, the address to give is this computer's
        // own, which only the player knows.
        Ok(match address.ip().is_unspecified() {
            true => format!(
                "Waiting for a player to join: tabletop join HOST:{} {join} (HOST: this computer's name or address; watch code {watch})",
                address.port()
            ),
            false => format!(
                "Waiting for a player to join: tabletop join {address} {join} (watch code {watch})"
            ),
        })
    }
}

/// A game being hosted.
struct Host<G: Described, T> {
    listener: TcpListener,
    codes: Arc<Codes>,
    room: Room<G>,
    options: HostOptions,
    terminal: T,
    events_in: mpsc::Sender<Event>,
    events: mpsc::Receiver<Event>,
    connections: JoinSet<()>,
    guard: Guard,
    next_id: u64,
    /// The player has joined once.
    started: bool,
    keeping: Keeping,
    waiting: String,
}

impl<G: Described, T: Terminal<G>> Host<G, T> {
    fn their_side(&self) -> Player {
        self.options.side.other()
    }

    /// The game to its end, or until the host's side is gone.
    async fn play(&mut self) -> io::Result<Hosted> {
        while !self.room.table.state.is_over() {
            let typed = self.typed()?;
            // Kept before anything else runs: what was just done (here,
            // or by a connection last time round) reaches the other
            // screens only once this waits, so none sees what a host
            // ended by a signal would lose.
            self.keeping.keep(&self.room);
            if let Some(ending) = typed {
                return Ok(ending);
            }
            if self.room.table.state.is_over() {
                break;
            }
            let deadline = self.room.deadline();
            let ending = tokio::select! {
                () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    self.room.flag(&mut self.terminal)?;
                    None
                }
                (stream, peer) = accepting::accepted(&self.listener) => {
                    self.accept(stream, peer.ip());
                    None
                }
                Some(event) = self.events.recv() => self.event(event)?,
                () = self.terminal.read() => None,
            };
            if let Some(ending) = ending {
                return Ok(ending);
            }
        }
        Ok(Hosted::Finished)
    }

    /// What was typed here, in order, once the player is there: a move
    /// on the host's turn, the rest at once. `Some` when the input ended
    /// on the host's turn.
    fn typed(&mut self) -> io::Result<Option<Hosted>> {
        let side = self.options.side;
        while self.room.is_seated(self.their_side()) && !self.room.table.state.is_over() {
            let table = &self.room.table;
            let my_turn = !table.state.is_over()
                && table.state.to_move() == side
                && !table.is_waiting_on(side);
            if my_turn && self.terminal.is_spent() {
                return Ok(Some(Hosted::InputEnded));
            }
            let Some(intent) = self.terminal.next(&self.room.table.state, my_turn) else {
                break;
            };
            self.intent(intent)?;
        }
        Ok(None)
    }

    /// Does what the host typed, checked by the room as a peer's would
    /// be; what is refused is said on the terminal.
    fn intent(&mut self, intent: Intent<G::Move>) -> io::Result<()> {
        let side = self.options.side;
        let message = match intent {
            Intent::Move(mv) => Message::Move { mv: mv.to_string() },
            Intent::Chat(text) => Message::Chat {
                from: String::new(),
                text,
            },
            Intent::Resign => Message::Resign { side: side.into() },
            Intent::Claim => {
                let why = "There is nothing to claim: the host waits for the player to join again.";
                return self.refused(why.to_string());
            }
            Intent::Offer(what) => Message::Offer { what, side: None },
            Intent::Answer(accept) => match self.room.table.waiting_for(side).or_else(|| {
                // Declining one's own offer withdraws it.
                let own = self
                    .room
                    .table
                    .pending()
                    .filter(|(by, _)| *by == side && !accept);
                own.map(|(_, what)| what)
            }) {
                Some(what) => Message::Answer {
                    what,
                    accept,
                    side: None,
                },
                None => return self.refused("There is no offer to answer.".to_string()),
            },
            Intent::Unreadable(why) => return self.refused(why),
        };
        let offer = matches!(message, Message::Offer { .. });
        match self.room.table.check(side, message) {
            Checked::Happens(happened) => self.room.happen(happened, &mut self.terminal),
            Checked::Answered(text) => self.room.answer_alone(side, text, &mut self.terminal),
            Checked::Refused(_) if offer => {
                self.refused("You have no move to take back.".to_string())
            }
            Checked::Refused(why) => self.refused(why),
            Checked::Claim => Ok(()),
        }
    }

    /// Says on the terminal why what was typed cannot be done.
    fn refused(&mut self, why: String) -> io::Result<()> {
        self.terminal
            .see(&self.room.table.state, Seen::Refused(why))
    }

    /// A new connection, served on its own task if there is room.
    fn accept(&mut self, stream: tokio::net::TcpStream, address: IpAddr) {
        // Finished connections are reaped.
        while self.connections.try_join_next().is_some() {}
        let admitted = match self.guard.admit(address) {
            Ok(admitted) => admitted,
            Err(why) => {
                let _ = stream.try_write(encode(&refusal(why)).as_bytes());
                return;
            }
        };
        self.next_id += 1;
        let door = Door {
            id: self.next_id,
            address,
            codes: self.codes.clone(),
            guard: self.guard.clone(),
        };
        let events = self.events_in.clone();
        self.connections.spawn(async move {
            connection(stream, door, events).await;
            drop(admitted);
        });
    }

    /// The host's own screen is told how the other seat stands.
    fn tell_host(&mut self, text: String) {
        let seats = Seats {
            names: self.room.names().clone(),
            waiting: !self.room.is_seated(self.their_side()),
        };
        let notice = Message::Notice {
            text,
            claimable: false,
            seats: Some(seats),
        };
        self.room.tell(self.options.side, notice);
    }

    /// Shows a line of news on the terminal.
    fn notice(&mut self, text: String) -> io::Result<()> {
        self.terminal
            .see(&self.room.table.state, Seen::Notice(text))
    }

    /// What a connection did; `Some` when the host's own screen is gone.
    fn event(&mut self, event: Event) -> io::Result<Option<Hosted>> {
        match event {
            Event::Arrived {
                id,
                seat: Some(side),
                outbox,
                ..
            } if side == self.options.side => {
                let name = self.options.name.clone();
                if self.room.seat(side, id, name, outbox, None).is_ok() {
                    let text = match self.room.is_seated(self.their_side()) {
                        true => "connected".to_string(),
                        false => self.waiting.clone(),
                    };
                    self.tell_host(text);
                }
            }
            Event::Arrived {
                id,
                seat: Some(_),
                name,
                outbox,
                ..
            } => self.joined(id, name, outbox)?,
            Event::Arrived {
                id,
                address,
                seat: None,
                outbox,
                ..
            } => self.room.watch(id, address, outbox),
            Event::Said(id, message) => return self.said(id, message),
            Event::Left(id, why) => match self.room.left(id) {
                Some(side) if side == self.options.side => return Ok(Some(Hosted::InputEnded)),
                Some(_) => {
                    let name = self.room.names()[self.their_side().index()].clone();
                    self.notice(format!(
                        "{name} left ({why}); waiting for them to join again..."
                    ))?;
                    self.tell_host(format!("{name} left — waiting for {name} to rejoin"));
                }
                None => {}
            },
        }
        Ok(None)
    }

    /// The player takes the other seat: the game begins, or goes on.
    fn joined(&mut self, id: u64, name: String, outbox: mpsc::Sender<Message>) -> io::Result<()> {
        let their_side = self.their_side();
        if self
            .room
            .seat(their_side, id, name.clone(), outbox, None)
            .is_err()
        {
            return Ok(());
        }
        self.tell_host("connected".to_string());
        if self.started {
            return self.notice(format!("{name} joined again."));
        }
        self.started = true;
        let symbol = G::symbol(self.options.side);
        let heading = format!("{name} joined. You play {symbol}.");
        self.terminal
            .see(&self.room.table.state, Seen::Began(heading))?;
        let side = their_side.into();
        let both_here = true;
        let server = String::new();
        let seated = Happened::Seated {
            side,
            name,
            server,
            both_here,
        };
        self.room.happen(seated, &mut self.terminal)
    }

    /// A seated player's message, checked by the room.
    fn said(&mut self, id: u64, message: Message) -> io::Result<Option<Hosted>> {
        let name = self.room.names()[self.their_side().index()].clone();
        match self.room.said(id, message, &mut self.terminal)? {
            Said::Nothing | Said::Changed => {}
            Said::Claim(side) => {
                let refused = refusal("refused: there is nothing to claim in a hosted game");
                self.room.tell(side, refused);
                self.room.left(id);
                self.notice(format!("{name} was disconnected: a claim."))?;
            }
            // The host's own screen broke a rule: it is gone.
            Said::Refused(side, _) if side == self.options.side => {
                return Ok(Some(Hosted::InputEnded));
            }
            Said::Refused(_, why) => self.notice(format!("{name} was disconnected: {why}."))?,
        }
        Ok(None)
    }

    /// Everyone hears how it ended, then has a moment to read it; the
    /// game's record.
    async fn finish(mut self, finished: bool) -> Record<G> {
        self.keeping.keep(&self.room);
        let end = match (finished, self.room.table.state.result()) {
            (true, Some(result)) => Message::End {
                result,
                reason: self.room.end_reason(),
            },
            _ => Message::End {
                result: "abandoned".to_string(),
                reason: "the host left".to_string(),
            },
        };
        // The host's own screen, if any, hears it too.
        self.room.relay(None, end);
        let record = self.room.record();
        let mut connections = std::mem::take(&mut self.connections);
        drop(self);
        let _ = timeout(Duration::from_secs(5), async {
            while connections.join_next().await.is_some() {}
        })
        .await;
        connections.abort_all();
        record
    }
}
