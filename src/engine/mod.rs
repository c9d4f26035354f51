//! The rules of every game: positions, legal moves, notation and outcomes.
//!
//! Nothing here knows about terminals, files or clocks; every front end and
//! the search call into this module and never re-implement a rule.

pub mod best_play;
pub mod bits;
pub mod cell;
pub mod empties;
pub mod game;
pub mod line;
pub mod perft;
pub mod player;
pub mod quote;
pub mod random;
pub mod record;
pub mod settings;
pub mod stones;
pub mod time_control;

/// Declares each game's rules module (`gekitai`, `hex`, ...): one file or
/// folder per game of the list in [`crate::for_each_game`].
macro_rules! game_modules {
    ($($module:ident :: $game:ident),+ $(,)?) => {
        $(pub mod $module;)+
    };
}
crate::for_each_game!(game_modules);

pub use best_play::{BestPlay, Ending};
pub use cell::{Cell, NotationError};
pub use game::{Described, Game, IllegalMove};
pub use player::{Outcome, Player};
pub use random::Rng;
pub use settings::{GameSettings, Setting, SettingError};
