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
pub mod stone_game;
pub mod stones;
pub mod time_control;

// The rules of each game, a file or folder a game.
pub mod connect6;
pub mod gekitai;
pub mod gomoku;
pub mod hex;
pub mod reversi;

pub use best_play::{BestPlay, Ending};
pub use cell::{Cell, NotationError};
pub use game::{Described, Game, IllegalMove};
pub use player::{Outcome, Player};
pub use random::Rng;
pub use settings::{GameSettings, Setting, SettingError};
