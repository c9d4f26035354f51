//! A room opened: for a game loaded back from the data folder, or for a
//! lobby's `create`, its codes made, its files written, its task started.

use std::io;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use super::files::{ROOM_FILE, RoomFile, room_json};
use super::lobby::{Access, Entry, Shared, listing, new_code};
use super::room_task::room_task;
use super::{MAX_SPECTATORS, ROOM_QUEUE};
use crate::clock::Clock;
use crate::connection::Event;
use crate::protocol::Message;
use crate::room::Room;
use tabletop_ai::Level;
use tabletop_core::files as writing;
use tabletop_core::games::{Playable, WithGame, WithRecord};
use tabletop_engine::Player;
use tabletop_engine::record::{Record, read_settings};
use tabletop_engine::time_control::TimeControl;

/// Opens a room for a record: its task, its entry and its codes.
pub(super) struct Open {
    pub(super) shared: Arc<Shared>,
    pub(super) id: u64,
    pub(super) file: RoomFile,
}

impl WithRecord for Open {
    type Output = io::Result<mpsc::Sender<Event>>;
    fn run<G: Playable>(self, record: Record<G>) -> Self::Output {
        let Open { shared, id, file } = self;
        let mut room = Room::new(&record, None, MAX_SPECTATORS).map_err(io::Error::other)?;
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
pub(super) struct Create {
    pub(super) shared: Arc<Shared>,
    pub(super) settings: toml::Table,
    pub(super) name: String,
    pub(super) side: Player,
    pub(super) computer: Option<Level>,
    pub(super) clock: Option<TimeControl>,
}

impl WithGame for Create {
    type Output = Result<(Message, mpsc::Sender<Event>), String>;
    fn run<G: Playable>(self) -> Self::Output {
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
