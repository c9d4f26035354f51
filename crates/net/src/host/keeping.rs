//! The record of a hosted game on disk, written again whenever a move was
//! made since (the first time as a new file, never over another), so that
//! a host ended by a signal loses nothing.

use std::path::PathBuf;
use std::time::SystemTime;

use tabletop_core::files;
use tabletop_engine::Described;

use crate::room::Room;

/// Where the game is kept, and how far.
pub struct Keeping {
    path: Option<PathBuf>,
    kept_moves: Option<usize>,
}

impl Keeping {
    /// Keeping at `path`; none: kept only in memory.
    pub fn new(path: Option<PathBuf>) -> Keeping {
        Keeping {
            path,
            kept_moves: None,
        }
    }

    /// Writes the game if a move was made since it was last written.
    pub fn keep<G: Described>(&mut self, room: &Room<G>) {
        let Some(path) = &self.path else { return };
        let mut record = room.record();
        let moves = record.moves.len();
        if moves == 0 || self.kept_moves == Some(moves) {
            return;
        }
        record.date = Some(files::timestamp(SystemTime::now()));
        let text = record.to_toml();
        let written = match self.kept_moves {
            None => files::save_new(path, &text),
            Some(_) => files::save(path, &text),
        };
        match written {
            Ok(()) => self.kept_moves = Some(moves),
            // Kept at the end instead, as without a path.
            Err(_) => self.path = None,
        }
    }
}
