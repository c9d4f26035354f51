//! The unfinished game the start screen offers to resume: the one saved
//! automatically, read when the app starts and again each time the start
//! screen is shown after a game (the game just left may be it).

use std::path::Path;

use crate::games::AnyRecord;
use tabletop_core::files;

/// The game autosaved at `path`, if it is there, loads, has a move to
/// resume from, and is not finished; why not in a line when something is
/// there that does not load (it is left as it is).
pub fn unfinished_autosave(path: &Path) -> Result<Option<AnyRecord>, String> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(None);
    }
    let record = files::load(path).map_err(|error| {
        format!("The game saved automatically was not read, and is left as it is: {error:#}")
    })?;
    Ok((record.moves() > 0 && !record.is_over()).then_some(record))
}
