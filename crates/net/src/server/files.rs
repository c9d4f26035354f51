//! The server's data folder: each game as a normal record `ID.toml`
//! beside its room file `ID.room.json` (names, the digests of its codes,
//! the computer's side, the clock's time left), and every unfinished game
//! loaded back from there at start.

use std::io;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::lobby::Shared;
use super::opening::Open;
use crate::protocol::Side;
use tabletop_core::files::Kind;

/// A room's file beside its record: who plays and the digests of its
/// codes, never the codes themselves.
#[derive(Serialize, Deserialize, Clone, Default, Debug)]
pub(super) struct RoomFile {
    pub(super) names: [String; 2],
    /// The join code's digest, until the open seat is taken.
    pub(super) join: Option<String>,
    pub(super) watch: String,
    /// Each seated player's rejoin code digest.
    pub(super) rejoin: [Option<String>; 2],
    /// The side the server plays, and how well.
    pub(super) computer: Option<(Side, u8)>,
    /// Each side's time left on the clock when last saved, in
    /// milliseconds (the clock itself is in the record).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) left_ms: Option<[u64; 2]>,
}

/// A room file as the server writes it.
pub(super) fn room_json(file: &RoomFile) -> String {
    serde_json::to_string_pretty(file).unwrap_or_default()
}

pub(super) const ROOM_FILE: Kind = Kind {
    name: "a tabletop room file",
    is: |text| serde_json::from_str::<RoomFile>(text).is_ok(),
};

/// Loads every room file in the data folder whose game is unfinished.
pub(super) fn load(shared: &Arc<Shared>) -> io::Result<()> {
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
        record.with(Open {
            shared: shared.clone(),
            id,
            file: room,
        })?;
    }
    shared.lobby().next_room = highest + 1;
    Ok(())
}

/// The game number a file in the data folder is named by.
pub(super) fn room_id(path: &Path) -> Option<u64> {
    let name = path.file_name()?.to_str()?;
    let stem = name
        .strip_suffix(".room.json")
        .or(name.strip_suffix(".toml"))?;
    stem.parse().ok()
}
