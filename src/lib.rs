//! tabletop: abstract board games in the terminal. This crate holds the
//! front ends (the full-screen app, the plain mode, GTP, network play and
//! the command line) over the workspace's core crates.

pub mod app;
pub mod cli;
pub mod games;
pub mod gtp;
pub mod plain;
pub mod ssh;

/// Network play, from the crate that holds it (`tabletop-net`): the
/// front ends here show its games and type into them.
pub use tabletop_net as net;
