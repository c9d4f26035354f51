//! The game screen's game on disk: saved after every move (the autosave
//! the start screen offers to resume) and on request to a file of the
//! player's choosing. A failure is reported on the status line, never fatal.

use std::path::PathBuf;
use std::time::SystemTime;

use super::Play;
use crate::app::games::GameUi;
use crate::app::paths;
use tabletop_core::files;
use tabletop_engine::record::Record;

/// A new file in the data folder for a game of `G`.
pub fn new_save_path<G: GameUi>() -> PathBuf {
    files::default_save_path(G::NAME)
}

impl<G: GameUi> Play<G> {
    /// The game so far as a record.
    pub(super) fn record(&self) -> Record<G> {
        let mut record = Record::of_line(&self.line);
        record.date = Some(files::timestamp(SystemTime::now()));
        record.players = self.seats.clone().map(|seat| seat.to_string());
        record.resigned = self.resigned;
        record.adjudged = self.adjudged;
        record.clock = self.peer.as_ref().and_then(|peer| peer.control);
        record
    }

    /// Writes the autosave file, if there is one.
    pub(super) fn autosave(&mut self) {
        if let Some(path) = &self.autosave
            && let Err(error) = files::save(path, &self.record().to_toml())
        {
            self.message = Some(format!("Autosave failed: {error}"));
        }
    }

    /// Saves the game to `path`, saying how it went.
    pub(super) fn save_to(&mut self, path: PathBuf) {
        self.message = Some(match files::save(&path, &self.record().to_toml()) {
            Ok(()) => {
                let told = format!("Saved to {}", paths::shown(&path));
                self.saved_to = Some(path);
                told
            }
            Err(error) => format!("Not saved: {}: {error}", paths::shown(&path)),
        });
    }
}
