//! The rules of every game: positions, legal moves, notation and outcomes.
//!
//! Nothing here knows about terminals, files or clocks; every front end and
//! the search call into this module and never re-implement a rule.

pub mod bits;
pub mod cell;
pub mod connect6;
pub mod empties;
pub mod game;
pub mod gekitai;
pub mod hex;
pub mod perft;
pub mod player;
pub mod random;
pub mod record;
pub mod reversi;
pub mod settings;

pub use cell::{Cell, NotationError};
pub use game::{Game, IllegalMove};
pub use player::{Outcome, Player};
pub use random::Rng;
pub use settings::{Setting, SettingError};
