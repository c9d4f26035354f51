//! How the app starts: the first screen, and what the app is given to
//! keep (the folders, the player's config).

use std::path::PathBuf;

use crate::games::{AnyRecord, Setup};
use tabletop_core::config::Config;
use tabletop_core::seat::Seat;

/// How the app starts.
#[derive(Clone, Debug)]
pub struct Options {
    /// The game and settings the start screen shows first.
    pub menu: Setup,
    pub start: Start,
    pub animate: bool,
    /// Where every game is saved after each move (none in tests).
    pub autosave: Option<PathBuf>,
    /// The folder of saved games the start screen's "Saved games" opens
    /// (none in tests, or on a system without a data folder).
    pub library: Option<PathBuf>,
    /// Who plays each side of a new game.
    pub seats: [Seat; 2],
    /// Where the start screen is remembered between runs (none in tests).
    pub remember: Option<PathBuf>,
    /// Where the chosen look (the colour theme) is remembered (none in
    /// tests).
    pub looks: Option<PathBuf>,
    /// A line for the start screen to show (a remembered start screen that
    /// could not be read).
    pub notice: Option<String>,
    /// The player's config file, read: its colour themes join the
    /// built-in ones, and what was wrong with it is shown once (empty in
    /// tests).
    pub config: Config,
}

/// The first screen.
#[derive(Clone, Debug)]
pub enum Start {
    /// The start screen (offering to resume an unfinished autosaved game).
    Menu,
    /// A new game, at once.
    Game(Setup),
    /// A saved game, continued from its last position.
    Continue(AnyRecord),
    /// A saved game in the replay viewer, and the file it was read from
    /// (a review made in the viewer is kept there).
    Replay(AnyRecord, Option<PathBuf>),
    /// The saved games in a folder.
    Library(PathBuf),
    /// Puzzles to solve, with lines about files that gave none, and where
    /// progress is kept (none in tests).
    Puzzles(
        Vec<tabletop_core::puzzles::Puzzle>,
        Vec<String>,
        Option<PathBuf>,
    ),
    /// The lobby of the server at `address`, where the player is `name`.
    Lobby { address: String, name: String },
}
