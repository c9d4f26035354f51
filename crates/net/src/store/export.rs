//! A game of the database as a normal record (`tabletop serve --export
//! ID`): its log replayed by the engine, the computer's side named as
//! records name it, the clock with it.

use super::{GameRow, Store};
use crate::event::Logged;
use crate::table::Table;
use tabletop_core::games::{GameKind, Playable, WithGame};
use tabletop_engine::record::{Record, read_settings};

/// The record of the game `id`, as TOML.
pub async fn record(store: &Store, id: u64) -> Result<String, String> {
    let row = store
        .game(id)
        .await?
        .ok_or_else(|| format!("there is no game {id}"))?;
    let log = store.log(id, 0).await?;
    let kind: GameKind = row
        .game
        .parse()
        .map_err(|_| format!("game {id} is of a game this tabletop does not know"))?;
    kind.with(Replay { row, log })
}

/// Replays a game's log into its record.
struct Replay {
    row: GameRow,
    log: Vec<Logged>,
}

impl WithGame for Replay {
    type Output = Result<String, String>;
    fn run<G: Playable>(self) -> Self::Output {
        let settings = read_settings::<G>(&self.row.settings).map_err(|e| e.reason)?;
        let mut record = Record::new(G::new(settings));
        record.clock = self.row.clock;
        let mut table = Table::new(&record, None)?;
        for logged in &self.log {
            table.apply(logged);
        }
        let mut record = table.record();
        if let Some((side, level)) = self.row.computer {
            record.players[side.index()] = format!("ai:{level}");
        }
        Ok(record.to_toml())
    }
}
