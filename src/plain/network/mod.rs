//! Network games in the plain mode: the game printed as a local one is,
//! the lines typed read as they come, for the host's own side
//! (`tabletop host --plain`) and for a joiner or spectator (`join`,
//! `watch`, `online --plain`). The games themselves are the network
//! crate's.

pub mod escaping;
pub mod follow;
pub mod host;
pub mod keyboard;
pub mod table;
