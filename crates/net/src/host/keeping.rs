//! The record of a hosted game on disk, written again whenever it changed
//! (a move, a move taken back, its end; the first time as a new file,
//! never over another), so that a host ended by a signal loses nothing.

use std::path::PathBuf;
use std::time::SystemTime;

use tabletop_core::files;
use tabletop_engine::Described;

use crate::room::Room;

/// Where the game is kept, and what was kept there last.
pub struct Keeping {
    path: Option<PathBuf>,
    /// The record last written, undated.
    kept: Option<String>,
}

impl Keeping {
    /// Keeping at `path`; none: kept only in memory.
    pub fn new(path: Option<PathBuf>) -> Keeping {
        Keeping { path, kept: None }
    }

    /// Writes the game if it changed since it was last written (a game
    /// not begun is not kept): the same number of moves may be another
    /// game (a move taken back and another played) or one that ended (a
    /// resignation, an agreed draw, the clock).
    pub fn keep<G: Described>(&mut self, room: &Room<G>) {
        let Some(path) = &self.path else { return };
        let mut record = room.record();
        if record.moves.is_empty() && record.resigned.is_none() {
            return;
        }
        record.date = None;
        let undated = record.to_toml();
        if self.kept.as_ref() == Some(&undated) {
            return;
        }
        record.date = Some(files::timestamp(SystemTime::now()));
        let text = record.to_toml();
        let written = match self.kept {
            None => files::save_new(path, &text),
            Some(_) => files::save(path, &text),
        };
        match written {
            Ok(()) => self.kept = Some(undated),
            // Kept at the end instead, as without a path.
            Err(_) => self.path = None,
        }
    }
}
