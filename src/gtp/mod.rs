//! The Go Text Protocol: tabletop as a GTP engine (`tabletop gtp`), and
//! other GTP engines as opponents for the match referee.

pub mod client;
pub mod notation;
pub mod opponent;
pub mod server;
pub mod time;
