//! A data folder of the server's earlier kind brought into the database:
//! each game's record `ID.toml` and room file `ID.room.json` (names, the
//! digests of its codes, the computer's side, the clock's time left)
//! become a game and its log, losing nothing: the same codes open the
//! same seats. Only regular files are read (a pipe or a device in the
//! folder is passed over), and nothing in the folder is changed.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::{Access, NewGame};
use crate::event::{ClockAfter, Happened, Logged, now_ms};
use crate::protocol::Side;
use crate::state::GameState;
use tabletop_core::files;
use tabletop_core::games::{Playable, WithRecord};
use tabletop_engine::Player;
use tabletop_engine::record::{Adjudged, Record, settings_table};

/// A room file, as the server wrote them.
#[derive(Deserialize, Clone, Default, Debug)]
pub struct RoomFile {
    pub names: [String; 2],
    /// The join code's digest, until the open seat was taken.
    pub join: Option<String>,
    pub watch: String,
    /// Each seated player's rejoin code digest.
    pub rejoin: [Option<String>; 2],
    /// The side the server played, and how well.
    pub computer: Option<(Side, u8)>,
    /// Each side's time left on the clock when last saved.
    #[serde(default)]
    pub left_ms: Option<[u64; 2]>,
}

/// One game of the folder, ready to be written, and the file it came
/// from.
pub struct Found {
    pub from: PathBuf,
    pub game: NewGame,
}

/// Every game in `folder`, read: the ones that can be brought in, and a
/// line for each file that cannot (left alone).
pub fn read_folder(folder: &Path) -> std::io::Result<(Vec<Found>, Vec<String>)> {
    let (mut found, mut skipped) = (Vec::new(), Vec::new());
    let mut paths: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    paths.sort();
    for record in paths {
        match read_game(&record) {
            Ok(game) => found.push(Found { from: record, game }),
            Err(why) => skipped.push(format!("{}: {why}; left alone", record.display())),
        }
    }
    Ok((found, skipped))
}

/// Whether `path` is a regular file (not a pipe, a device, a folder or a
/// link to one).
fn is_regular(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_file())
}

/// The game a record (with its room file beside it, if there is one)
/// holds.
fn read_game(record: &Path) -> Result<NewGame, String> {
    if !is_regular(record) {
        return Err("not a regular file".to_string());
    }
    let name = record
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let stem = name.strip_suffix(".toml").unwrap_or(name);
    let room_path = record.with_file_name(format!("{stem}.room.json"));
    let room = match is_regular(&room_path) {
        true => {
            let text = files::read_own(&room_path)?.unwrap_or_default();
            let room: RoomFile = serde_json::from_str(&text)
                .map_err(|error| format!("{}: {error}", room_path.display()))?;
            Some(room)
        }
        false => None,
    };
    let record = files::load(record).map_err(|error| error.to_string())?;
    record.with(Bring { room })
}

/// Brings a record of whichever game in.
struct Bring {
    room: Option<RoomFile>,
}

impl WithRecord for Bring {
    type Output = Result<NewGame, String>;
    fn run<G: Playable>(self, record: Record<G>) -> Self::Output {
        let settings: toml::Table = settings_table(&record.start.settings())
            .into_iter()
            .map(|(name, value)| (name.to_string(), value))
            .collect();
        let state = GameState::of_record(&record)?;
        let room = self.room.unwrap_or_default();
        let now = now_ms();
        let mut game = NewGame {
            game: G::NAME.to_string(),
            settings: toml::to_string(&settings).map_err(|error| error.to_string())?,
            clock: record
                .clock
                .map(|clock| (clock.base_ms, clock.increment_ms)),
            computer: room
                .computer
                .map(|(side, level)| (Player::from(side).index() as u8, level)),
            names: room.names.clone(),
            creator: "imported".to_string(),
            created_ms: now,
            moves: record.moves.len() as u64,
            idle_since_ms: Some(now),
            log: log(&record, &room, now),
            ..NewGame::default()
        };
        game.open_side = match (&room.join, &room.rejoin) {
            (Some(_), [None, _]) => Some(0),
            (Some(_), [_, None]) => Some(1),
            _ => None,
        };
        game.codes = codes(&room);
        if let Some(ending) = state.ending() {
            game.over = Some(ending);
        } else if room.watch.is_empty() {
            // A record without its room file: nobody can come back to it.
            game.over = Some(("abandoned".to_string(), None));
        }
        Ok(game)
    }
}

/// The codes a room file kept, by their digests.
fn codes(room: &RoomFile) -> Vec<(String, Access)> {
    let mut codes = Vec::new();
    if !room.watch.is_empty() {
        codes.push((room.watch.clone(), Access::Watch));
    }
    codes.extend(room.join.clone().map(|join| (join, Access::Join)));
    for side in Player::BOTH {
        if let Some(digest) = &room.rejoin[side.index()] {
            codes.push((digest.clone(), Access::Rejoin(side.index() as u8)));
        }
    }
    codes
}

/// The log of a game brought in: its seated players, then its moves and
/// how it ended, the clock as the room file last kept it.
fn log<G: Playable>(record: &Record<G>, room: &RoomFile, now: u64) -> Vec<Logged> {
    let mut happened = Vec::new();
    for side in Player::BOTH {
        if room.rejoin[side.index()].is_some()
            || room.computer.is_some_and(|c| Player::from(c.0) == side)
        {
            happened.push(Happened::Seated {
                side: side.into(),
                name: room.names[side.index()].clone(),
                server: String::new(),
                both_here: false,
            });
        }
    }
    let mut state = GameState::new(record.start.clone());
    for &mv in &record.moves {
        let side = state.to_move().into();
        happened.push(Happened::Moved {
            side,
            mv: mv.to_string(),
        });
        state.play(mv);
    }
    happened.extend(ending(record));
    let count = happened.len();
    happened
        .into_iter()
        .enumerate()
        .map(|(i, happened)| Logged {
            seq: i as u64 + 1,
            at_ms: now,
            happened,
            clock: (i + 1 == count)
                .then_some(room.left_ms)
                .flatten()
                .map(|left_ms| ClockAfter {
                    left_ms,
                    running: None,
                }),
        })
        .collect()
}

/// The entry that ended a recorded game otherwise than by its rules.
fn ending<G: Playable>(record: &Record<G>) -> Option<Happened> {
    if let Some(resigner) = record.resigned {
        return Some(Happened::Resigned {
            side: resigner.into(),
        });
    }
    Some(match record.adjudged? {
        Adjudged::OutOfTime(loser) => Happened::OutOfTime { side: loser.into() },
        Adjudged::DrawAgreed => Happened::Answered {
            side: Side::Second,
            what: crate::protocol::Proposal::Draw,
            accept: true,
        },
        Adjudged::Abandoned(loser) => Happened::Claimed {
            side: loser.other().into(),
        },
    })
}
