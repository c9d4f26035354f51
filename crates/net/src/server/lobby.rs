//! What the whole server shares: the lobby's rooms and the codes that
//! open them (kept by their digests, never the codes), the connections
//! counted by address, and the lookups a connection makes in the lobby.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::net::IpAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard};

use sha2::{Digest, Sha256};
use tokio::sync::{Semaphore, mpsc};

use super::{LISTED, ServerOptions};
use crate::code::Code;
use crate::connection::Event;
use crate::protocol::{Listing, Message, Role};
use crate::room::Room;
use tabletop_engine::{Described, Player};

/// What a code opens.
#[derive(Clone, Copy)]
pub(super) enum Access {
    Join,
    Watch,
    Rejoin(Player),
}

/// A room as the lobby knows it.
pub(super) struct Entry {
    pub(super) listing: Listing,
    /// The seat no one has taken yet, if any.
    pub(super) open: Option<Player>,
    pub(super) events: mpsc::Sender<Event>,
}

/// Everything shared between connections and rooms.
#[derive(Default)]
pub(super) struct Lobby {
    pub(super) rooms: BTreeMap<u64, Entry>,
    /// Codes by their digest: a lookup that says nothing of near misses.
    pub(super) codes: HashMap<String, (u64, Access)>,
    pub(super) next_room: u64,
    pub(super) connections: usize,
    pub(super) per_address: HashMap<IpAddr, usize>,
}

pub(super) struct Shared {
    pub(super) options: ServerOptions,
    pub(super) lobby: Mutex<Lobby>,
    pub(super) searches: Arc<Semaphore>,
    pub(super) next_connection: AtomicU64,
}

impl Shared {
    pub(super) fn lobby(&self) -> MutexGuard<'_, Lobby> {
        self.lobby.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The digest a code is kept and looked up by.
pub(super) fn digest(code: &Code) -> String {
    Sha256::digest(code.to_string().as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new code and its digest.
pub(super) fn new_code() -> io::Result<(String, String)> {
    let code = Code::random().map_err(io::Error::other)?;
    Ok((code.to_string(), digest(&code)))
}

/// The lobby's line for a room.
pub(super) fn listing<G: Described>(id: u64, room: &Room<G>, open: Option<Player>) -> Listing {
    let mut names = room.names.clone();
    if let Some(open) = open {
        names[open.index()] = String::new();
    }
    Listing {
        id,
        game: G::NAME.to_string(),
        settings: room.settings().clone(),
        names,
        moves: room.state.move_count(),
        clock: room.clock.as_ref().map(|clock| clock.control),
    }
}

/// The lobby's list: open games, then games in progress, newest first.
pub(super) fn games(shared: &Shared) -> Message {
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

/// A listed game entered by its number: its open seat, or to watch.
pub(super) fn by_id(
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
pub(super) fn by_code(
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
