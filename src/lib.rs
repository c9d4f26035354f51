//! tabletop: abstract board games in the terminal.

pub mod engine;
