//! A connection in the lobby: it lists, creates, enters games, until it
//! is let into one (then it is served as any player or spectator, by the
//! game's replica) or goes quiet. Codes are looked up by their digests;
//! an address that gives wrong codes is slowed down.

use std::net::IpAddr;
use std::sync::Arc;

use tokio::net::TcpStream;
use tokio::net::tcp::OwnedWriteHalf;
use tokio::sync::mpsc;
use tokio::time::timeout;

use super::LOBBY_IDLE;
use super::seeking;
use super::shared::{Input, Shared};
use crate::code::{Code, NOT_A_CODE};
use crate::codec;
use crate::connection::{
    self, Admission, Event, Peer, Rate, farewell, kind, next, refusal, send_within,
};
use crate::event::now_ms;
use crate::guard::Guard;
use crate::host::HANDSHAKE_TIME;
use crate::protocol::{MAX_NAME, Message, Role, Side, sanitise};
use crate::store::writer::Job;
use crate::store::{Access, NewGame};
use tabletop_ai::Level;
use tabletop_core::games::{GameKind, Playable, WithGame};
use tabletop_engine::Player;
use tabletop_engine::record::{read_settings, settings_table};
use tabletop_engine::time_control::TimeControl;

/// Where a connection is let in.
struct Entered {
    inputs: mpsc::Sender<Input>,
    seat: Option<Player>,
    name: String,
    rejoin: Option<String>,
}

/// Serves a connection from `address` in the lobby until it is in a
/// game or gone.
pub(super) async fn enter(shared: Arc<Shared>, stream: TcpStream, address: IpAddr) {
    let id = shared.connection_id();
    let (read, mut write) = stream.into_split();
    let mut reader = codec::reader(read);
    let mut rate = Rate::new();
    let mut wait = HANDSHAKE_TIME;
    let entered = loop {
        let message = match timeout(wait, next(&mut reader)).await {
            Err(_) => Err("nothing said in time".to_string()),
            Ok(Ok(None)) => return,
            Ok(Err(error)) => Err(error.to_string()),
            Ok(Ok(Some(_))) if !rate.allows() => Err("too many messages".to_string()),
            Ok(Ok(Some(message))) => Ok(message),
        };
        wait = LOBBY_IDLE;
        let asked = match message {
            Ok(Message::List) => {
                let list = shared.listings().await;
                let within = shared.options.keepalive.write_within;
                if let Err(why) = send_within(&mut write, &list, within).await {
                    tracing::info!(%address, reason = %why, "dropped in the lobby");
                    return;
                }
                continue;
            }
            Ok(message) => ask(&shared, &mut write, message, address).await,
            Err(why) => Err(why),
        };
        match asked {
            Ok(entered) => break entered,
            Err(why) => {
                if let Some(unlogged) = shared.guard.log_refusal(address) {
                    tracing::info!(%address, reason = %why, unlogged, "refused in the lobby");
                }
                return farewell(reader, write, &refusal(&why)).await;
            }
        }
    };
    let peer = Peer {
        reader,
        write,
        rate,
        keepalive: shared.options.keepalive,
    };
    let admission = Admission {
        id,
        address,
        seat: entered.seat,
        name: entered.name,
        rejoin: entered.rejoin,
    };
    let (events, mut heard) = mpsc::channel::<Event>(16);
    // The connection's news goes to the replica as its input.
    let inputs = entered.inputs;
    tokio::spawn(async move {
        while let Some(event) = heard.recv().await {
            if inputs.send(Input::Connection(event)).await.is_err() {
                return;
            }
        }
    });
    connection::admit(peer, admission, events).await;
}

/// What a lobby message other than `list` asks: the game it lets the
/// connection into, or why not.
async fn ask(
    shared: &Arc<Shared>,
    write: &mut OwnedWriteHalf,
    message: Message,
    address: IpAddr,
) -> Result<Entered, String> {
    match message {
        Message::Create {
            name,
            game,
            settings,
            side,
            against_computer,
            clock,
            pass,
            seek,
        } => {
            let asked = Asked {
                settings,
                side,
                computer: against_computer,
                clock,
                key: holder(shared, pass.as_deref()),
                seek,
            };
            create(shared, write, &game, asked, name, address).await
        }
        Message::Enter {
            name,
            id,
            role,
            pass,
        } => {
            let key = holder(shared, pass.as_deref());
            by_id(shared, id, role, name, key.as_deref()).await
        }
        Message::Hello {
            name, code, role, ..
        } => by_code(shared, &code, role, name, address).await,
        other => Err(format!("a {} message in the lobby", kind(&other))),
    }
}

/// The key a pass stands for, if it is good.
fn holder(shared: &Shared, pass: Option<&str>) -> Option<String> {
    pass.and_then(|pass| shared.passes.holder(pass))
}

/// What a `create` asks for, besides the game and the name.
struct Asked {
    settings: toml::Table,
    side: Side,
    computer: Option<u8>,
    clock: Option<TimeControl>,
    /// The creator's key, vouched for by a pass.
    key: Option<String>,
    /// A seek, within this many points of the creator's rating.
    seek: Option<u32>,
}

/// A lobby's `create`: the game made, its codes sent to the creator, who
/// is seated at the side it asked for.
async fn create(
    shared: &Arc<Shared>,
    write: &mut OwnedWriteHalf,
    game: &str,
    asked: Asked,
    name: String,
    address: IpAddr,
) -> Result<Entered, String> {
    let clock = asked.clock.map(TimeControl::checked).transpose()?;
    let kind: GameKind = game
        .parse()
        .map_err(|_| format!("no game called {:?} here", sanitise(game, 20)))?;
    let computer = match asked.computer {
        None => None,
        Some(level) => Some(Level::new(level).ok_or("a computer level is 1 to 5")?),
    };
    let name = match sanitise(&name, MAX_NAME) {
        name if name.is_empty() => "anonymous".to_string(),
        name => name,
    };
    let settings = kind.with(Settings(&asked.settings))?;
    let seeker = asked.seek.map(|range| seeking::Seeker {
        kind,
        settings: settings.clone(),
        clock,
        key: asked.key.clone(),
        computer: computer.is_some(),
        range,
    });
    let seek = match seeker {
        None => None,
        Some(seeker) => match seek_first(shared, write, seeker, &name, address).await? {
            Sought::Joined(entered) => return Ok(entered),
            Sought::Waits(seek) => Some(seek),
        },
    };
    let side = Player::from(asked.side);
    let codes = [Code::random(), Code::random(), Code::random()];
    let [join, watch, rejoin] = codes.map(|code| code.map_err(|error| error.to_string()));
    let (join, watch, rejoin) = (join?, watch?, rejoin?);
    let mut new = NewGame {
        game: kind.name().to_string(),
        settings,
        clock: clock.map(|clock| (clock.base_ms, clock.increment_ms)),
        // The games an address makes are counted by its network.
        creator: crate::guard::counted_as(address).to_string(),
        created_ms: now_ms(),
        codes: vec![
            (watch.digest(), Access::Watch),
            (rejoin.digest(), Access::Rejoin(side.index() as u8)),
        ],
        ..NewGame::default()
    };
    new.names[side.index()] = name.clone();
    let other = side.other();
    match computer {
        Some(level) => {
            new.names[other.index()] = format!("computer (level {})", level.get());
            new.computer = Some((other.index() as u8, level.get()));
        }
        None => {
            new.open_side = Some(other.index() as u8);
            new.codes.push((join.digest(), Access::Join));
        }
    }
    let made = shared
        .store
        .write(|answer| Job::Create(Box::new(new), answer))
        .await
        .map_err(|why| format!("the server could not make the game: {why}"))?;
    let id = made.map_err(str::to_string)?;
    if let Some(key) = &asked.key {
        shared.store.seat_key(id, side, key).await?;
    }
    if let Some(seek) = seek {
        shared.store.seek(id, &seek.as_seek()).await?;
    }
    shared.stale_listing();
    tracing::info!(game = id, kind = %kind, %address, "game made");
    let inputs = shared.replica(id).await?;
    let created = Message::Created {
        id,
        join: match computer {
            Some(_) => String::new(),
            None => join.to_string(),
        },
        watch: watch.to_string(),
        rejoin: rejoin.to_string(),
    };
    send_within(write, &created, shared.options.keepalive.write_within).await?;
    Ok(Entered {
        inputs,
        seat: Some(side),
        name,
        rejoin: None,
    })
}

/// What became of a seek asked for.
enum Sought {
    /// A seek waiting suited it, and the seeker took its seat.
    Joined(Entered),
    /// None did: the game made waits, as this seek.
    Waits(seeking::Waiting),
}

/// A seek joins the oldest seek waiting that suits it, if one does.
async fn seek_first(
    shared: &Arc<Shared>,
    write: &mut OwnedWriteHalf,
    seeker: seeking::Seeker,
    name: &str,
    address: IpAddr,
) -> Result<Sought, String> {
    let key = seeker.key.clone();
    let waiting = match seeking::look(shared, seeker).await? {
        seeking::Looked::Suits(id, waiting) => {
            let taken = by_id(shared, id, Role::Player, name.to_string(), key.as_deref()).await;
            if let Ok(entered) = taken {
                let within = shared.options.keepalive.write_within;
                send_within(write, &seeking::paired(id), within).await?;
                tracing::info!(game = id, %address, "a seek joined");
                return Ok(Sought::Joined(entered));
            }
            // Taken meanwhile: this seek waits in its turn.
            waiting
        }
        seeking::Looked::Waits(waiting) => waiting,
    };
    Ok(Sought::Waits(waiting))
}

/// A game's settings as a `create` gives them, checked by the game and
/// written as records write them.
struct Settings<'a>(&'a toml::Table);

impl WithGame for Settings<'_> {
    type Output = Result<String, String>;
    fn run<G: Playable>(self) -> Self::Output {
        let settings = read_settings::<G>(self.0).map_err(|e| e.reason)?;
        let table: toml::Table = settings_table(&settings)
            .into_iter()
            .map(|(name, value)| (name.to_string(), value))
            .collect();
        toml::to_string(&table).map_err(|error| error.to_string())
    }
}

/// A listed game entered by its number: its open seat (for the player
/// of `key`, if a pass vouched for one), or to watch.
async fn by_id(
    shared: &Arc<Shared>,
    id: u64,
    role: Role,
    name: String,
    key: Option<&str>,
) -> Result<Entered, String> {
    let row = shared
        .store
        .game(id)
        .await?
        .filter(|row| !row.over)
        .ok_or("no such game")?;
    match role {
        Role::Spectator => watch(shared, id, name).await,
        Role::Player => {
            let side = row.open_side.ok_or("the game has both its players")?;
            let entered = take_seat(shared, id, side, name).await?;
            if let Some(key) = key {
                shared.store.seat_key(id, side, key).await?;
                shared.stale_listing();
            }
            Ok(entered)
        }
    }
}

/// The open seat `side` of the game `id`, taken for `name` with a new
/// rejoin code.
async fn take_seat(
    shared: &Arc<Shared>,
    id: u64,
    side: Player,
    name: String,
) -> Result<Entered, String> {
    let rejoin = Code::random().map_err(|error| error.to_string())?;
    let digest = rejoin.digest();
    let side_number = side.index() as u8;
    let taken = shared
        .store
        .write(|answer| Job::TakeSeat {
            id,
            side: side_number,
            digest,
            answer,
        })
        .await?;
    if !taken {
        return Err("the game has both its players".to_string());
    }
    shared.stale_listing();
    Ok(Entered {
        inputs: shared.replica(id).await?,
        seat: Some(side),
        name,
        rejoin: Some(rejoin.to_string()),
    })
}

/// The game `id`, to watch.
async fn watch(shared: &Arc<Shared>, id: u64, name: String) -> Result<Entered, String> {
    Ok(Entered {
        inputs: shared.replica(id).await?,
        seat: None,
        name,
        rejoin: None,
    })
}

/// A game entered by a code: its open seat (join code), a player's own
/// seat (rejoin code), or to watch (watch code). An address that gave
/// too many wrong codes waits before any code of its is looked at; what
/// is not a code at all is no guess, and not counted.
async fn by_code(
    shared: &Arc<Shared>,
    code: &str,
    role: Role,
    name: String,
    address: IpAddr,
) -> Result<Entered, String> {
    if let Some(left) = shared.guard.waiting(address) {
        return Err(Guard::slowed(left));
    }
    let wrong = || {
        shared.guard.wrong_code(address);
        "wrong code".to_string()
    };
    let Ok(code) = code.parse::<Code>() else {
        if let Some(unlogged) = shared.guard.log_refusal(address) {
            tracing::info!(%address, unlogged, "refused: not a code");
        }
        return Err(NOT_A_CODE.to_string());
    };
    let Some((id, access)) = shared.store.code(&code.digest()).await? else {
        return Err(wrong());
    };
    match (access, role) {
        (Access::Join, Role::Player) => {
            let row = shared.store.game(id).await?.ok_or_else(wrong)?;
            let side = row.open_side.ok_or("the game has both its players")?;
            take_seat(shared, id, side, name).await
        }
        (Access::Watch, Role::Spectator) => watch(shared, id, name).await,
        (Access::Rejoin(side), Role::Player) => Ok(Entered {
            inputs: shared.replica(id).await?,
            seat: Some(Player::BOTH[usize::from(side).min(1)]),
            name,
            rejoin: None,
        }),
        _ => Err(wrong()),
    }
}
