//! tabletop: abstract board games in the terminal.

pub mod ai;
pub mod app;
pub mod cli;
pub mod engine;
pub mod files;
pub mod plain;
pub mod selfplay;
