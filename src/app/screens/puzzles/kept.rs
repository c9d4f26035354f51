//! Where the puzzles' progress is kept: a file in the data folder,
//! elsewhere (the SSH door keeps a player's in the server's database,
//! through a [`KeptProgress`] it gives), or nowhere (a guest, tests, a
//! file that could not be read, which is then never written over).

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use tabletop_core::puzzles::progress::{self, Mark, Progress};

/// How the mark of one puzzle (its id, how it went) is kept somewhere
/// else than in a file.
pub type KeepMark = Arc<dyn Fn(&str, Mark) -> Result<(), String> + Send + Sync>;

/// A player's progress kept somewhere else than in a file: how it is
/// read (each time the puzzles open) and how a new mark is kept.
#[derive(Clone)]
pub struct KeptProgress {
    pub read: Arc<dyn Fn() -> Result<Progress, String> + Send + Sync>,
    pub keep: KeepMark,
}

impl fmt::Debug for KeptProgress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("KeptProgress")
    }
}

impl PartialEq for KeptProgress {
    fn eq(&self, other: &KeptProgress) -> bool {
        Arc::ptr_eq(&self.read, &other.read) && Arc::ptr_eq(&self.keep, &other.keep)
    }
}

/// Where the progress is remembered.
pub enum Keeper {
    File(PathBuf),
    Elsewhere(KeepMark),
    Nowhere,
}

impl Keeper {
    /// The progress kept at `path`, and where it is kept from now on:
    /// there, or nowhere when there is no file or it could not be read
    /// (a line in `notices` says so).
    pub fn file(path: Option<PathBuf>, notices: &mut Vec<String>) -> (Progress, Keeper) {
        match path.map(|path| (progress::load(&path), path)) {
            None => (Progress::default(), Keeper::Nowhere),
            Some((Ok(progress), path)) => (progress, Keeper::File(path)),
            Some((Err(why), _)) => (Keeper::unread(why, notices), Keeper::Nowhere),
        }
    }

    /// The progress `kept` reads, and where it is kept from now on: by
    /// `kept`, or nowhere when it could not be read.
    pub fn elsewhere(kept: &KeptProgress, notices: &mut Vec<String>) -> (Progress, Keeper) {
        match (kept.read)() {
            Ok(progress) => (progress, Keeper::Elsewhere(kept.keep.clone())),
            Err(why) => (Keeper::unread(why, notices), Keeper::Nowhere),
        }
    }

    fn unread(why: String, notices: &mut Vec<String>) -> Progress {
        notices.push(format!("{why}; progress will not be kept"));
        Progress::default()
    }

    /// Keeps `progress`, in which the puzzle `id` was just marked.
    pub fn keep(&self, progress: &Progress, id: &str) -> Result<(), String> {
        match self {
            Keeper::Nowhere => Ok(()),
            Keeper::File(path) => progress::save(path, progress).map_err(|e| e.to_string()),
            Keeper::Elsewhere(keep) => match progress.mark(id) {
                Some(mark) => keep(id, mark),
                None => Ok(()),
            },
        }
    }
}
