//! tabletop: abstract board games in the terminal.

pub mod app;
pub mod cli;
pub mod engine;
pub mod plain;
pub mod selfplay;
