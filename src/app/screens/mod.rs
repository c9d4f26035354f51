//! The app's screens, each owning what it shows and what its keys do
//! ([`Screen`]): the start screen, the game, the replay viewer, the saved
//! games, the puzzles and a server's lobby; the help overlay and the
//! notice shown when the terminal is too small for a screen; and the
//! layout the game screens share.

pub mod analysis;
pub mod help;
pub mod history;
pub mod keeping;
pub mod layout;
pub mod library;
pub mod lobby;
pub mod play;
pub mod puzzles;
pub mod replay;
mod screen;
pub mod start;
pub mod too_small;

pub use layout::board_and_panel;
pub use screen::{Context, Screen, Tick, Transition};
