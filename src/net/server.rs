//! The lobby server (`tabletop serve`): many game rooms at once, each its
//! own task owning its [`Room`], a lobby to list, create, join and watch
//! them, and every game saved after every move as a normal record beside
//! a small room file (names and hashed codes), so that a restart loads
//! every unfinished game back with the same codes.
//!
//! The lobby (which rooms exist, which code opens what, who is connected
//! from where) lives behind one lock, held only between awaits.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::io::BufReader;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, mpsc};
use tokio::time::{Instant, sleep_until, timeout};

use super::clock::Clock;
use super::code::Code;
use super::connection::{self, Event, Rate, farewell, kind, refusal};
use super::host::HANDSHAKE_TIME;
use super::protocol::{
    FrameReader, Listing, MAX_NAME, Message, Role, Seats, Side, encode, sanitise, send,
};
use super::room::{Room, Said};
use crate::games;
use crate::games::{GameKind, Interactive, WithGame, WithRecord};
use crate::plain::Style;
use tabletop_ai::{self as ai, History, Level};
use tabletop_core::files::{self as writing, Kind};
use tabletop_engine::Player;
use tabletop_engine::record::{Record, read_settings};
use tabletop_engine::time_control::TimeControl;

/// How long a connection may sit in the lobby without a word.
const LOBBY_IDLE: Duration = Duration::from_secs(120);

/// Spectators of one game at once.
const MAX_SPECTATORS: usize = 32;

/// Games listed at most in each part of the lobby's list, so that the
/// list always fits in a line.
const LISTED: usize = 100;

/// Events waiting for one room.
const ROOM_QUEUE: usize = 256;

/// How the server runs; every limit can be set.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    pub bind: SocketAddr,
    /// Where games and room files are kept.
    pub data: PathBuf,
    /// How long a player who dropped is waited for before the opponent
    /// may claim the win.
    pub reconnect_timeout: Duration,
    pub max_connections: usize,
    pub per_address: usize,
    pub max_games: usize,
    /// Computer searches running at once; more wait their turn.
    pub searches: usize,
}

impl ServerOptions {
    pub fn new(bind: SocketAddr, data: PathBuf) -> ServerOptions {
        ServerOptions {
            bind,
            data,
            reconnect_timeout: Duration::from_secs(120),
            max_connections: 4096,
            per_address: 16,
            max_games: 10_000,
            searches: 2,
        }
    }
}

/// What a code opens.
#[derive(Clone, Copy)]
enum Access {
    Join,
    Watch,
    Rejoin(Player),
}

/// A room as the lobby knows it.
struct Entry {
    listing: Listing,
    /// The seat no one has taken yet, if any.
    open: Option<Player>,
    events: mpsc::Sender<Event>,
}

/// Everything shared between connections and rooms.
#[derive(Default)]
struct Lobby {
    rooms: BTreeMap<u64, Entry>,
    /// Codes by their digest: a lookup that says nothing of near misses.
    codes: HashMap<String, (u64, Access)>,
    next_room: u64,
    connections: usize,
    per_address: HashMap<IpAddr, usize>,
}

struct Shared {
    options: ServerOptions,
    lobby: Mutex<Lobby>,
    searches: Arc<Semaphore>,
    next_connection: AtomicU64,
}

impl Shared {
    fn lobby(&self) -> MutexGuard<'_, Lobby> {
        self.lobby.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A room's file beside its record: who plays and the digests of its
/// codes, never the codes themselves.
#[derive(Serialize, Deserialize, Clone, Default, Debug)]
struct RoomFile {
    names: [String; 2],
    /// The join code's digest, until the open seat is taken.
    join: Option<String>,
    watch: String,
    /// Each seated player's rejoin code digest.
    rejoin: [Option<String>; 2],
    /// The side the server plays, and how well.
    computer: Option<(Side, u8)>,
    /// Each side's time left on the clock when last saved, in
    /// milliseconds (the clock itself is in the record).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    left_ms: Option<[u64; 2]>,
}

const ROOM_FILE: Kind = Kind {
    name: "a tabletop room file",
    is: |text| serde_json::from_str::<RoomFile>(text).is_ok(),
};

/// The digest a code is kept and looked up by.
fn digest(code: &Code) -> String {
    Sha256::digest(code.to_string().as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new code and its digest.
fn new_code() -> io::Result<(String, String)> {
    let code = Code::random().map_err(io::Error::other)?;
    Ok((code.to_string(), digest(&code)))
}

/// A running lobby server.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
}

impl Server {
    /// Listens, and loads every unfinished game kept in the data folder.
    pub async fn bind(options: ServerOptions) -> io::Result<Server> {
        std::fs::create_dir_all(&options.data)?;
        let listener = TcpListener::bind(options.bind).await?;
        let shared = Arc::new(Shared {
            searches: Arc::new(Semaphore::new(options.searches.max(1))),
            options,
            lobby: Mutex::new(Lobby::default()),
            next_connection: AtomicU64::new(1),
        });
        load(&shared)?;
        Ok(Server { listener, shared })
    }

    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The unfinished games loaded or created, for a start-up message.
    pub fn games(&self) -> usize {
        self.shared.lobby().rooms.len()
    }

    /// Accepts connections until the task is dropped.
    pub async fn run(self) {
        loop {
            let Ok((stream, peer)) = self.listener.accept().await else {
                // Out of descriptors, for instance: wait rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            let ip = peer.ip();
            let refused = {
                let mut lobby = self.shared.lobby();
                let options = &self.shared.options;
                let from_here = lobby.per_address.get(&ip).copied().unwrap_or(0);
                if lobby.connections >= options.max_connections {
                    Some("the server is full")
                } else if from_here >= options.per_address {
                    Some("too many connections from your address")
                } else {
                    lobby.connections += 1;
                    *lobby.per_address.entry(ip).or_default() += 1;
                    None
                }
            };
            if let Some(why) = refused {
                let _ = stream.try_write(encode(&refusal(why)).as_bytes());
                continue;
            }
            let counted = Counted(self.shared.clone(), ip);
            tokio::spawn(async move {
                let shared = counted.0.clone();
                enter(shared, stream).await;
                drop(counted);
            });
        }
    }
}

/// A connection counted against its address until dropped.
struct Counted(Arc<Shared>, IpAddr);

impl Drop for Counted {
    fn drop(&mut self) {
        let mut lobby = self.0.lobby();
        lobby.connections = lobby.connections.saturating_sub(1);
        if let Some(count) = lobby.per_address.get_mut(&self.1) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                lobby.per_address.remove(&self.1);
            }
        }
    }
}

/// Loads every room file in the data folder whose game is unfinished.
fn load(shared: &Arc<Shared>) -> io::Result<()> {
    let data = shared.options.data.clone();
    let mut highest = 0;
    for entry in std::fs::read_dir(&data)? {
        let path = entry?.path();
        let Some(id) = room_id(&path) else { continue };
        highest = highest.max(id);
        let Some(file) = path
            .file_name()
            .and_then(|n| n.to_str())
            .filter(|n| n.ends_with(".room.json"))
        else {
            continue;
        };
        let room = std::fs::read_to_string(data.join(file))
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str::<RoomFile>(&text).map_err(|e| e.to_string()));
        let record = tabletop_core::files::load(&data.join(format!("{id}.toml")));
        let (room, record) = match (room, record) {
            (Ok(room), Ok(record)) => (room, record),
            (Err(why), _) => {
                eprintln!("{}: {why}; left alone", path.display());
                continue;
            }
            (_, Err(why)) => {
                eprintln!("{why}; left alone");
                continue;
            }
        };
        if record.is_over() {
            continue;
        }
        games::with_record(
            record,
            Open {
                shared: shared.clone(),
                id,
                file: room,
            },
        )?;
    }
    shared.lobby().next_room = highest + 1;
    Ok(())
}

/// The game number a file in the data folder is named by.
fn room_id(path: &Path) -> Option<u64> {
    let name = path.file_name()?.to_str()?;
    let stem = name
        .strip_suffix(".room.json")
        .or(name.strip_suffix(".toml"))?;
    stem.parse().ok()
}

/// Opens a room for a record: its task, its entry and its codes.
struct Open {
    shared: Arc<Shared>,
    id: u64,
    file: RoomFile,
}

impl WithRecord for Open {
    type Output = io::Result<mpsc::Sender<Event>>;
    fn run<G: Interactive>(self, record: Record<G>) -> Self::Output {
        let Open { shared, id, file } = self;
        let mut room =
            Room::new(&record, Style::default(), None, MAX_SPECTATORS).map_err(io::Error::other)?;
        room.names = file.names.clone();
        if let (Some(clock), Some(left)) = (&mut room.clock, file.left_ms) {
            *clock = Clock::resumed(clock.control, left.map(Duration::from_millis));
        }
        let (events_in, events) = mpsc::channel(ROOM_QUEUE);
        let open = match (&file.join, file.rejoin.clone()) {
            (Some(_), [None, _]) => Some(Player::First),
            (Some(_), [_, None]) => Some(Player::Second),
            _ => None,
        };
        {
            let mut lobby = shared.lobby();
            let mut codes = vec![(file.watch.clone(), Access::Watch)];
            codes.extend(file.join.clone().map(|join| (join, Access::Join)));
            for side in Player::BOTH {
                if let Some(code) = &file.rejoin[side.index()] {
                    codes.push((code.clone(), Access::Rejoin(side)));
                }
            }
            for (code, access) in codes {
                lobby.codes.insert(code, (id, access));
            }
            let listing = listing(id, &room, open);
            lobby.rooms.insert(
                id,
                Entry {
                    listing,
                    open,
                    events: events_in.clone(),
                },
            );
        }
        tokio::spawn(room_task(shared, id, room, file, events));
        Ok(events_in)
    }
}

/// Creates a game of `G` from a lobby's `create`.
struct Create {
    shared: Arc<Shared>,
    settings: toml::Table,
    name: String,
    side: Player,
    computer: Option<Level>,
    clock: Option<TimeControl>,
}

impl WithGame for Create {
    type Output = Result<(Message, mpsc::Sender<Event>), String>;
    fn run<G: Interactive>(self) -> Self::Output {
        let settings = read_settings::<G>(&self.settings).map_err(|e| e.reason)?;
        let mut record = Record::new(G::new(settings));
        record.clock = self.clock;
        let id = {
            let mut lobby = self.shared.lobby();
            if lobby.rooms.len() >= self.shared.options.max_games {
                return Err("the server has all the games it takes".to_string());
            }
            lobby.next_room += 1;
            lobby.next_room - 1
        };
        let fail = |e: io::Error| e.to_string();
        let (join, join_digest) = new_code().map_err(fail)?;
        let (watch, watch_digest) = new_code().map_err(fail)?;
        let (rejoin, rejoin_digest) = new_code().map_err(fail)?;
        let mut file = RoomFile {
            watch: watch_digest,
            ..RoomFile::default()
        };
        file.names[self.side.index()] = self.name;
        file.rejoin[self.side.index()] = Some(rejoin_digest);
        match self.computer {
            Some(level) => {
                file.names[self.side.other().index()] = format!("computer (level {})", level.get());
                file.computer = Some((self.side.other().into(), level.get()));
            }
            None => file.join = Some(join_digest),
        }
        let data = &self.shared.options.data;
        writing::save(&data.join(format!("{id}.toml")), &record.to_toml()).map_err(fail)?;
        writing::save_as(
            &data.join(format!("{id}.room.json")),
            &room_json(&file),
            &ROOM_FILE,
        )
        .map_err(fail)?;
        let against_computer = file.computer.is_some();
        let events = Open {
            shared: self.shared,
            id,
            file,
        }
        .run(record)
        .map_err(fail)?;
        let created = Message::Created {
            id,
            join: if against_computer {
                String::new()
            } else {
                join
            },
            watch,
            rejoin,
        };
        Ok((created, events))
    }
}

fn room_json(file: &RoomFile) -> String {
    serde_json::to_string_pretty(file).unwrap_or_default()
}

/// The lobby's line for a room.
fn listing<G: Interactive>(id: u64, room: &Room<G>, open: Option<Player>) -> Listing {
    let mut names = room.names.clone();
    if let Some(open) = open {
        names[open.index()] = String::new();
    }
    Listing {
        id,
        game: G::NAME.to_string(),
        settings: room.settings().clone(),
        names,
        moves: room.table.moves_text().len(),
        clock: room.clock.as_ref().map(|clock| clock.control),
    }
}

/// A connection in the lobby: lists, creates, enters games, until it
/// is let into one (then it is served as any player or spectator) or
/// goes quiet.
async fn enter(shared: Arc<Shared>, stream: TcpStream) {
    let id = shared.next_connection.fetch_add(1, Ordering::Relaxed);
    let (read, mut write) = stream.into_split();
    let mut reader = FrameReader::new(BufReader::new(read));
    let mut rate = Rate::new();
    let mut wait = HANDSHAKE_TIME;
    let (events, seat, name) = loop {
        let message = match timeout(wait, reader.next()).await {
            Err(_) => return farewell(reader, write, &refusal("nothing said in time")).await,
            Ok(Ok(None)) => return,
            Ok(Err(error)) => return farewell(reader, write, &refusal(&error.to_string())).await,
            Ok(Ok(Some(message))) => message,
        };
        if !rate.allows() {
            return farewell(reader, write, &refusal("too many messages")).await;
        }
        wait = LOBBY_IDLE;
        let entered = match message {
            Message::List => {
                if send(&mut write, &games(&shared)).await.is_err() {
                    return;
                }
                continue;
            }
            Message::Create {
                name,
                game,
                settings,
                side,
                against_computer,
                clock,
            } => create(
                &shared,
                &mut write,
                game,
                settings,
                (side, against_computer, clock),
                &name,
            )
            .await
            .map(|(events, seat)| (events, Some(seat), name)),
            Message::Enter { name, id, role } => {
                by_id(&shared, id, role).map(|(e, s)| (e, s, name))
            }
            Message::Hello {
                name, code, role, ..
            } => by_code(&shared, &code, role).map(|(e, s)| (e, s, name)),
            other => Err(format!("a {} message in the lobby", kind(&other))),
        };
        match entered {
            Ok(entered) => break entered,
            Err(why) => return farewell(reader, write, &refusal(&why)).await,
        }
    };
    connection::admit(reader, write, id, seat, &name, events, rate).await;
}

/// The lobby's list: open games, then games in progress, newest first.
fn games(shared: &Shared) -> Message {
    let lobby = shared.lobby();
    let (mut open, mut playing) = (Vec::new(), Vec::new());
    for entry in lobby.rooms.values().rev() {
        let list = match entry.open {
            Some(_) => &mut open,
            None => &mut playing,
        };
        if list.len() < LISTED {
            list.push(entry.listing.clone());
        }
    }
    Message::Games { open, playing }
}

async fn create(
    shared: &Arc<Shared>,
    write: &mut tokio::net::tcp::OwnedWriteHalf,
    game: String,
    settings: toml::Table,
    (side, computer, clock): (Side, Option<u8>, Option<TimeControl>),
    name: &str,
) -> Result<(mpsc::Sender<Event>, Player), String> {
    let clock = clock.map(TimeControl::checked).transpose()?;
    let kind: GameKind = game
        .parse()
        .map_err(|_| format!("no game called {:?} here", sanitise(&game, 20)))?;
    let computer = match computer {
        None => None,
        Some(level) => Some(Level::new(level).ok_or("a computer level is 1 to 5")?),
    };
    let name = match sanitise(name, MAX_NAME) {
        name if name.is_empty() => "anonymous".to_string(),
        name => name,
    };
    let (created, events) = games::with_game(
        kind,
        Create {
            shared: shared.clone(),
            settings,
            name,
            side: side.into(),
            computer,
            clock,
        },
    )?;
    send(write, &created)
        .await
        .map_err(|e| format!("the connection broke: {e}"))?;
    Ok((events, side.into()))
}

/// A listed game entered by its number: its open seat, or to watch.
fn by_id(
    shared: &Shared,
    id: u64,
    role: Role,
) -> Result<(mpsc::Sender<Event>, Option<Player>), String> {
    let mut lobby = shared.lobby();
    let entry = lobby.rooms.get_mut(&id).ok_or("no such game")?;
    let events = entry.events.clone();
    match role {
        Role::Spectator => Ok((events, None)),
        Role::Player => {
            let seat = entry.open.take().ok_or("the game has both its players")?;
            lobby
                .codes
                .retain(|_, (room, access)| !(*room == id && matches!(access, Access::Join)));
            Ok((events, Some(seat)))
        }
    }
}

/// A game entered by a code: its open seat (join code), a player's own
/// seat (rejoin code), or to watch (watch code).
fn by_code(
    shared: &Shared,
    code: &str,
    role: Role,
) -> Result<(mpsc::Sender<Event>, Option<Player>), String> {
    let wrong = || "wrong code".to_string();
    let code: Code = code.parse().map_err(|_| wrong())?;
    let (id, access) = *shared.lobby().codes.get(&digest(&code)).ok_or_else(wrong)?;
    match (access, role) {
        (Access::Join, Role::Player) => by_id(shared, id, Role::Player),
        (Access::Watch, Role::Spectator) => by_id(shared, id, Role::Spectator),
        (Access::Rejoin(side), Role::Player) => {
            let lobby = shared.lobby();
            let entry = lobby.rooms.get(&id).ok_or_else(wrong)?;
            Ok((entry.events.clone(), Some(side)))
        }
        _ => Err(wrong()),
    }
}

/// A room's own state around its game.
struct Around {
    shared: Arc<Shared>,
    id: u64,
    file: RoomFile,
    /// When each side's player left, while they are away.
    away: [Option<Instant>; 2],
    /// Whether the other side was told it may claim.
    told: [bool; 2],
    computer: Option<(Player, Level)>,
    searching: bool,
}

/// One room, to the end of its game: seats and spectators come and go,
/// every move is checked, relayed and saved, the computer plays its side.
async fn room_task<G: Interactive>(
    shared: Arc<Shared>,
    id: u64,
    mut room: Room<G>,
    file: RoomFile,
    mut events: mpsc::Receiver<Event>,
) {
    let computer = file
        .computer
        .and_then(|(side, level)| Some((Player::from(side), Level::new(level)?)));
    let mut around = Around {
        shared,
        id,
        file,
        away: [None, None],
        told: [false, false],
        computer,
        searching: false,
    };
    // A game loaded back has both its players away until they rejoin.
    for side in Player::BOTH {
        if around.file.rejoin[side.index()].is_some() && around.computer.map(|c| c.0) != Some(side)
        {
            around.away[side.index()] = Some(Instant::now());
        }
    }
    let (moves_in, mut moves) = mpsc::channel::<Option<String>>(1);
    let sink = &mut io::sink();
    while room.table.outcome().is_none() {
        if let Some((side, level)) = around.computer
            && room.table.to_move() == side
            && !around.searching
        {
            around.searching = true;
            search(
                &around.shared,
                room.table.game().clone(),
                level,
                moves_in.clone(),
            );
        }
        let claim_at = claim_time(&around, &room);
        let deadline = room.deadline();
        tokio::select! {
            () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                if let Ok(true) = room.flag(sink) {
                    around.keep(&room, around.record_text(&room)).await;
                }
            }
            event = events.recv() => match event {
                None => return,
                Some(Event::Arrived { id: conn, seat: Some(side), name, outbox }) => {
                    let rejoin = match around.file.rejoin[side.index()] {
                        Some(_) => None,
                        None => match new_code() {
                            Ok((code, digest)) => {
                                around.file.rejoin[side.index()] = Some(digest.clone());
                                around.file.join = None;
                                around.shared.lobby().codes.insert(digest, (around.id, Access::Rejoin(side)));
                                Some(code)
                            }
                            Err(_) => {
                                let _ = outbox.try_send(refusal("the server cannot make a code"));
                                continue;
                            }
                        },
                    };
                    let first = rejoin.is_some();
                    if room.seat(side, conn, name.clone(), outbox, rejoin).is_err() {
                        continue;
                    }
                    around.file.names = room.names.clone();
                    let back = around.away[side.index()].take().is_some();
                    around.told[side.other().index()] = false;
                    let text = match (first, back) {
                        (true, _) => format!("{name} joined."),
                        _ => format!("{name} is back."),
                    };
                    // The seats too, so the opponent's and the spectators'
                    // screens name who came.
                    let seats = Some(Seats { names: room.names.clone(), waiting: false });
                    room.relay(Some(side), Message::Notice { text, claimable: false, seats });
                    let opponent = around.computer.is_some() || around.file.rejoin[side.other().index()].is_some();
                    if opponent {
                        let _ = room.start_clock(sink);
                    }
                    around.keep_file();
                    around.list(&room);
                }
                Some(Event::Arrived { id: conn, seat: None, outbox, .. }) => room.watch(conn, outbox),
                Some(Event::Said(conn, message)) => match room.said(conn, message, sink) {
                    Ok(Said::Changed) => around.keep(&room, around.record_text(&room)).await,
                    Ok(Said::Claim(side)) => {
                        let other = side.other();
                        let claimable = around.away[other.index()]
                            .is_some_and(|away| away.elapsed() >= around.shared.options.reconnect_timeout);
                        if claimable && !room.is_seated(other) {
                            let _ = room.table.resign(other, sink);
                            room.relay(None, Message::Resign { side: other.into() });
                            around.keep(&room, around.record_text(&room)).await;
                        } else {
                            let text = "There is nothing to claim: your opponent is here or still may come back.".to_string();
                            room.tell(side, Message::Notice { text, claimable: false, seats: None });
                        }
                    }
                    Ok(Said::Refused(side, _)) => around.gone(&mut room, side),
                    Ok(Said::Nothing) | Err(_) => {}
                },
                Some(Event::Left(conn, _)) => {
                    if let Some(side) = room.left(conn) {
                        around.gone(&mut room, side);
                    }
                }
            },
            Some(found) = moves.recv() => {
                around.searching = false;
                if let Some((side, _)) = around.computer
                    && let Some(mv) = found
                    && room.play_own(side, &mv, sink).is_ok()
                {
                    around.keep(&room, around.record_text(&room)).await;
                }
            }
            () = sleep_until(claim_at.unwrap_or_else(Instant::now)), if claim_at.is_some() => {
                for side in Player::BOTH {
                    if around.away[side.other().index()].is_some() && !around.told[side.index()] {
                        around.told[side.index()] = true;
                        let name = &room.names[side.other().index()];
                        let text = format!("{name} has not come back: type claim to win, or keep waiting.");
                        room.tell(side, Message::Notice { text, claimable: true, seats: None });
                    }
                }
            }
        }
    }
    let end = Message::End {
        result: room.table.result().unwrap_or_default(),
        reason: room.end_reason(),
    };
    room.relay(None, end);
    // The record stays as a normal record; the room file goes.
    let _ = std::fs::remove_file(around.path("room.json"));
    let mut lobby = around.shared.lobby();
    lobby.rooms.remove(&id);
    lobby.codes.retain(|_, (room, _)| *room != id);
}

/// When the next claim becomes possible, if a player is away and their
/// opponent has not been told yet.
fn claim_time<G: Interactive>(around: &Around, room: &Room<G>) -> Option<Instant> {
    Player::BOTH
        .into_iter()
        .filter(|&side| !around.told[side.other().index()] && room.is_seated(side.other()))
        .filter_map(|side| around.away[side.index()])
        .map(|away| away + around.shared.options.reconnect_timeout)
        .min()
}

/// Finds the computer's move on a blocking thread, a few at once.
fn search<G: Interactive>(
    shared: &Shared,
    game: G,
    level: Level,
    found: mpsc::Sender<Option<String>>,
) {
    let searches = shared.searches.clone();
    tokio::spawn(async move {
        let Ok(_permit) = searches.acquire_owned().await else {
            return;
        };
        let seed = getrandom::u64().unwrap_or(7);
        let chosen = tokio::task::spawn_blocking(move || {
            let stop = AtomicBool::new(false);
            ai::choose(
                &game,
                &History::default(),
                level,
                level.budget(),
                seed,
                &stop,
            )
            .map(|mv| mv.to_string())
        })
        .await
        .ok()
        .flatten();
        let _ = found.send(chosen).await;
    });
}

impl Around {
    fn path(&self, extension: &str) -> PathBuf {
        self.shared
            .options
            .data
            .join(format!("{}.{extension}", self.id))
    }

    /// The player at `side` is away: the opponent hears it.
    fn gone<G: Interactive>(&mut self, room: &mut Room<G>, side: Player) {
        if self.file.rejoin[side.other().index()].is_none() {
            return;
        }
        self.away[side.index()] = Some(Instant::now());
        let name = &room.names[side.index()];
        let text = format!("Waiting for {name} to reconnect...");
        // Said where the panel says how the opponent stands; the game
        // goes on meanwhile, so the seat does not count as empty.
        let seats = Some(Seats {
            names: room.names.clone(),
            waiting: false,
        });
        room.relay(
            Some(side),
            Message::Notice {
                text,
                claimable: false,
                seats,
            },
        );
    }

    /// Updates the lobby's line for the room.
    fn list<G: Interactive>(&self, room: &Room<G>) {
        let mut lobby = self.shared.lobby();
        if let Some(entry) = lobby.rooms.get_mut(&self.id) {
            entry.listing = listing(self.id, room, entry.open);
        }
    }

    /// The game as a record; the computer's side as records name it, the
    /// players' names only in the room file.
    fn record_text<G: Interactive>(&self, room: &Room<G>) -> String {
        let mut record = room.record();
        if let Some((side, level)) = self.computer {
            record.players[side.index()] = format!("ai:{}", level.get());
        }
        record.to_toml()
    }

    fn keep_file(&self) {
        let _ = writing::save_as(&self.path("room.json"), &room_json(&self.file), &ROOM_FILE);
    }

    /// Saves the game after a change, off the room's thread.
    async fn keep<G: Interactive>(&mut self, room: &Room<G>, text: String) {
        self.list(room);
        // The time left goes with the game, so a restart loses none.
        if let Some(clock) = &room.clock {
            let left = clock.left(Instant::now());
            self.file.left_ms = Some(left.map(|left| left.as_millis() as u64));
            self.keep_file();
        }
        let path = self.path("toml");
        let saved = tokio::task::spawn_blocking(move || writing::save(&path, &text)).await;
        if let Ok(Err(error)) = saved {
            eprintln!("game {}: not saved: {error}", self.id);
        }
    }
}
