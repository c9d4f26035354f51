//! tabletop: abstract board games in the terminal. This crate holds the
//! front ends (the full-screen app, the plain mode, GTP, network play and
//! the command line) over the workspace's core crates.

pub mod app;
pub mod cli;
pub mod games;
pub mod gtp;
pub mod net;
pub mod plain;
