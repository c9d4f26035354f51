//! Joining or watching a hosted game: the hello, the welcome (the game,
//! checked setting by setting and move by move like a record), then the
//! game followed, each of the host's moves checked by the engine here too,
//! so a broken or hostile host cannot show an impossible game.

pub mod following;
pub mod link;

pub use following::Following;
pub use link::{Link, Welcomed, connect};
