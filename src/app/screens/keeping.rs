//! Where a finished game is kept: in a folder of record files (the saved
//! games), elsewhere (the SSH door keeps a player's in the server's
//! database, through the [`KeptGames`] it gives), or nowhere (a guest,
//! tests, a player whose config says `keep_finished = false`).

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use crate::net::store::kept_games::KeptGame;

/// How a finished game is kept somewhere else than in a file.
pub type KeepGame = Arc<dyn Fn(&KeptGame) -> Result<(), String> + Send + Sync>;

/// A player's finished games kept somewhere else than in files: how one
/// more is kept, and how they are read, the newest first.
#[derive(Clone)]
pub struct KeptGames {
    pub keep: KeepGame,
    pub list: Arc<dyn Fn() -> Result<Vec<KeptGame>, String> + Send + Sync>,
}

impl fmt::Debug for KeptGames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("KeptGames")
    }
}

impl PartialEq for KeptGames {
    fn eq(&self, other: &KeptGames) -> bool {
        Arc::ptr_eq(&self.keep, &other.keep) && Arc::ptr_eq(&self.list, &other.list)
    }
}

/// Where every finished game is kept.
#[derive(Clone, Debug, Default)]
pub enum Keep {
    /// In a new file in this folder (or the file it was saved to there).
    Folder(PathBuf),
    Elsewhere(KeptGames),
    #[default]
    Nowhere,
}
